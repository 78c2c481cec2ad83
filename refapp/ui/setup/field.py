"""A field's question and its error, shown at the field itself (never in a banner far from it)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel, QWidget

from ...domain.inputs import char_label

# the marked field's border: visible on the light and on the dark theme
_MARK = "border: 3px solid #e0453a;"


def question(parent: QWidget, name: str = "") -> QLabel:
    """A field's label: bold, wrapping onto more lines rather than widening the page."""
    lab = QLabel(parent)
    lab.setProperty("role", "question")
    lab.setWordWrap(True)
    if name:
        lab.setObjectName(name)
    return lab


class FieldError(QLabel):
    """The error under a field: hidden while the field is fine; names what is wrong with this field."""

    def __init__(self, parent: QWidget, name: str = ""):
        super().__init__(parent)
        self.setProperty("role", "error")
        self.setWordWrap(True)
        if name:
            self.setObjectName(name)
        self.hide()


def mark(field: QWidget, error: FieldError, text: str) -> None:
    """Mark ``field`` (a red border) and say ``text`` under it; ``text=""`` clears both."""
    wrong = bool(text)
    if bool(field.property("error")) != wrong:
        field.setProperty("error", wrong)
        field.setStyleSheet(_MARK if wrong else "")
    field.setAccessibleDescription(text)
    error.setText(text)
    error.setVisible(wrong)


def invisible_char(bad: str) -> str:
    """The reason shown under a name field holding ``bad``, a control or invisible formatting character
    (:mod:`refapp.domain.inputs`), which the referee cannot see: it is named, and the name typed again."""
    text = QCoreApplication.translate(
        "SetupField", "This name holds %1, a control or invisible formatting character: type the name again."
    )
    return text.replace("%1", char_label(bad))
