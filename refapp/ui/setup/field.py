"""A field's question and its error, shown at the field itself (never in a banner far from it). Tapping a field's
question puts the cursor in its field, as a label does in a web form."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QLabel, QWidget

from ...domain.inputs import char_label

# the marked field's border: visible on the light and on the dark theme
_MARK = "border: 3px solid #e0453a;"


class Question(QLabel):
    """A field's label: bold, wrapping onto more lines rather than widening the page. Once :meth:`set_field` names
    its field, a tap on the label gives that field the focus (a text field's cursor, a button's focus mark)."""

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setProperty("role", "question")
        self.setWordWrap(True)
        self._field: Callable[[], QWidget | None] | None = None

    def set_field(self, field: QWidget | Callable[[], QWidget | None]) -> None:
        """The field a tap on the label focuses: a widget, or a function that says which one now."""
        self._field = (lambda: field) if isinstance(field, QWidget) else field
        target = self._field()
        if target is not None:
            self.setBuddy(target)

    def field(self) -> QWidget | None:
        return self._field() if self._field is not None else None

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if self._field is None:
            super().mousePressEvent(event)
            return
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        target = self.field()
        if target is None:
            super().mouseReleaseEvent(event)
            return
        if target.isVisible() and target.isEnabled():
            target.setFocus(Qt.FocusReason.MouseFocusReason)
        event.accept()


def question(parent: QWidget, name: str = "", field: QWidget | None = None) -> Question:
    """A field's label (:class:`Question`); ``field``: the field a tap on it focuses."""
    lab = Question(parent)
    if name:
        lab.setObjectName(name)
    if field is not None:
        lab.set_field(field)
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
