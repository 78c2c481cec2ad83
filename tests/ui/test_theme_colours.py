"""The page colour of each theme where a referee sees it: behind the board, behind a scrolled preview, and behind the
pages' titles. Only windows, scrolling areas and scroll bars paint it (refapp/resources themes); a widget that fills
itself with the palette (Qt's scrolled page) must get the same colour, in both themes."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QWidget

from refapp.ui.common.theme import apply_theme, page_colour


def colour_at(window: QWidget, widget: QWidget, point: QPoint) -> str:
    QApplication.processEvents()
    image = window.grab().toImage()
    at = widget.mapTo(window, point)
    return QColor(image.pixel(at.x(), at.y())).name()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_page_shows_the_theme_page_colour(referee, theme):
    w = referee.window
    referee.setup_table("ema-2016")
    apply_theme(theme)
    try:
        page = page_colour(theme)
        assert page == {"light": "#f4f4f2", "dark": "#000000"}[theme]
        board = w.board
        gap = board.seats[0].geometry().topRight() + QPoint(3, 3)  # between two seat cards
        assert colour_at(w, board, gap) == page

        referee.ruling(1, "point_penalty", {"reason": "conduct", "amount": 1000})
        panel = w.ruling.preview_panel
        assert w.ruling.currentWidget() is panel
        inner = panel.ruling.parentWidget()  # the scrolled content, filled by Qt with the palette
        assert colour_at(w, inner, QPoint(2, 2)) == page
        assert colour_at(w, panel, panel.title.geometry().bottomLeft() + QPoint(0, 2)) == page
    finally:
        apply_theme("light")
