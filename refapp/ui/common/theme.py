"""Light and dark high-contrast themes (Qt stylesheets in resources/themes).

Every theme also makes every label plain text (:data:`PLAIN_TEXT`): a QLabel otherwise guesses "rich text" from
anything that looks like a tag, so a player named ``<b>X</b>`` would be shown in bold and ``<img src=x>`` as an
image. No screen of refapp uses rich text; names, notes and messages are shown exactly as typed. Tooltips are not
labels of the window: set them with :func:`plain_tooltip`.
"""

from __future__ import annotations

import re
from importlib import resources

from PySide6.QtGui import Qt
from PySide6.QtWidgets import QApplication

PLAIN_TEXT = "\nQLabel { qproperty-textFormat: PlainText; }\n"


def stylesheet(theme: str) -> str:
    name = "dark.qss" if theme == "dark" else "light.qss"
    return resources.files("refapp.resources").joinpath("themes", name).read_text(encoding="utf-8") + PLAIN_TEXT


def plain_tooltip(text: str) -> str:
    """A tooltip showing ``text`` as typed (Qt guesses rich text for tooltips as for labels)."""
    return Qt.convertFromPlainText(text) if Qt.mightBeRichText(text) else text


def page_colour(theme: str) -> str:
    """The theme's page colour: the background its style sheet gives windows and scrolling areas."""
    return _page_colour_in(stylesheet(theme))


def _page_colour_in(sheet: str) -> str:
    found = re.search(r"^QMainWindow\b[^{]*\{[^}]*background:\s*(#[0-9a-fA-F]{6})", sheet, re.M)
    return found.group(1) if found else "#ffffff"


def apply_theme(theme: str) -> None:
    app = QApplication.instance()
    if isinstance(app, QApplication):
        sheet = stylesheet(theme)
        if app.styleSheet() != sheet:  # the same sheet again would only re-style every widget
            from PySide6.QtGui import QColor, QPalette

            palette = app.palette()  # what a widget that fills itself (a scrolled page) fills with
            palette.setColor(QPalette.ColorRole.Window, QColor(_page_colour_in(sheet)))
            app.setPalette(palette)
            app.setStyleSheet(sheet)
