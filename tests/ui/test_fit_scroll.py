"""The scrolling area of the entry pages and its wrapped labels (refapp.ui.common.flow_widgets.FitScroll, widgets.WrapLabel).

Both exist for speed (a referee's tap lays these pages out again); these tests hold them to what a referee sees:
long content scrolls down and never sideways, no line of text is cut, content that grows or shrinks after the page is
shown is laid out again, and a label that changes its text or its style is measured again.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget

from refapp.ui.common.flow_widgets import FitScroll, wrapped_label
from refapp.ui.common.widgets import WrapLabel, set_role

LONG = (
    "A dead hand for the player who called a win on a tile that does not complete the hand, when the hand was not "
    "shown to the other players and the rule set treats it as a dead hand rather than as a chombo. "
)


def page(qtbot, lines: int, width: int = 420, height: int = 300) -> tuple[QWidget, FitScroll, list[QLabel]]:
    top = QWidget()
    top.setStyleSheet('QLabel { font-size: 17px; } QLabel[role="big"] { font-size: 34px; padding: 10px; }')
    qtbot.addWidget(top)
    inner = QWidget()
    lay = QVBoxLayout(inner)
    labels = []
    for n in range(lines):
        lab = wrapped_label(inner, "", f"line_{n}")
        lab.setText(f"{n + 1}. {LONG}")
        lay.addWidget(lab)
        labels.append(lab)
    lay.addStretch(1)
    area = FitScroll(inner, top)
    outer = QVBoxLayout(top)
    outer.setContentsMargins(0, 0, 0, 0)
    outer.addWidget(area)
    top.resize(width, height)
    top.show()
    qtbot.waitExposed(top)
    QApplication.processEvents()
    return top, area, labels


def cut_labels(labels: list[QLabel]) -> list[str]:
    """The labels shorter than their text needs at their width (a line would be cut off)."""
    return [lab.objectName() for lab in labels if lab.isVisible() and lab.height() < lab.heightForWidth(lab.width())]


def test_long_content_scrolls_down_never_sideways_and_no_line_is_cut(qtbot):
    top, area, labels = page(qtbot, lines=12)
    inner, view = area.widget(), area.viewport()
    assert area.verticalScrollBar().isVisible() and area.verticalScrollBar().maximum() > 0
    assert area.horizontalScrollBar().maximum() == 0
    assert inner.width() == view.width()  # the text is wrapped at the width the bar leaves
    assert cut_labels(labels) == []
    area.verticalScrollBar().setValue(area.verticalScrollBar().maximum())
    QApplication.processEvents()
    last = labels[-1]
    bottom = last.mapTo(view, last.rect().bottomLeft()).y()
    assert 0 < bottom <= view.height()  # the last line can be scrolled into view


def test_short_content_fills_the_area_without_a_bar(qtbot):
    top, area, labels = page(qtbot, lines=1)
    assert not area.verticalScrollBar().isVisible()
    assert area.widget().size() == area.viewport().size()
    assert cut_labels(labels) == []


def test_content_that_grows_or_shrinks_after_showing_is_laid_out_again(qtbot):
    top, area, labels = page(qtbot, lines=2)
    assert not area.verticalScrollBar().isVisible()
    for lab in labels:
        lab.setText(LONG * 4)
    QApplication.processEvents()
    assert area.verticalScrollBar().isVisible() and area.verticalScrollBar().maximum() > 0
    assert area.widget().width() == area.viewport().width()
    assert cut_labels(labels) == []
    for lab in labels:
        lab.setText("Short.")
    QApplication.processEvents()
    assert not area.verticalScrollBar().isVisible()
    assert area.widget().size() == area.viewport().size()


@pytest.mark.parametrize("width", [300, 800])
def test_a_resized_area_wraps_its_text_again(qtbot, width):
    top, area, labels = page(qtbot, lines=6, width=560)
    top.resize(width, 300)
    QApplication.processEvents()
    assert area.horizontalScrollBar().maximum() == 0
    assert area.widget().width() == area.viewport().width()
    assert cut_labels(labels) == []


def test_a_wrapped_label_is_measured_again_after_a_new_text_or_style(qtbot):
    top, area, labels = page(qtbot, lines=1)
    lab = labels[0]
    assert isinstance(lab, WrapLabel)

    def qt_height(width: int) -> int:  # Qt's own measure of the label as it is now, never remembered
        return QLabel.heightForWidth(lab, width)

    width = lab.width()
    short = lab.heightForWidth(width)
    assert short == qt_height(width)
    lab.setText(LONG * 3)
    taller = lab.heightForWidth(width)
    assert taller == qt_height(width) > short
    set_role(lab, "role", "big")  # a bigger font and padding from the style sheet
    bigger = lab.heightForWidth(width)
    assert bigger == qt_height(width) > taller
    QApplication.processEvents()
    assert cut_labels(labels) == []
