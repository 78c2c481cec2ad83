"""The "Recorded: …" message shown after every confirm (riichi, ruling, hand result, undo): the entry in words and
the way to take it back. It floats over an empty corner of the board, blocks nothing, and goes away by itself after
long enough to read it (:func:`reading_ms`), or when tapped."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from .widgets import WrapButton

SHORTEST_MS = 5000
LONGEST_MS = 15000


def reading_ms(text: str) -> int:
    """How long a message stays: 5 s, plus 60 ms a character (a slow reader's pace), 15 s at most."""
    return max(SHORTEST_MS, min(LONGEST_MS, 2500 + 60 * len(text)))


class RecordedNotice(QFrame):
    """A short message with an Undo button; ``undo_requested`` when that is tapped."""

    undo_requested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("recorded_notice")
        self.setProperty("role", "notice")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(14, 10, 14, 10)
        lay.setSpacing(8)
        self.message = QLabel(self)
        self.message.setProperty("role", "notice-text")
        self.message.setWordWrap(True)
        lay.addWidget(self.message)
        self.undo_button = WrapButton("", self)
        self.undo_button.setObjectName("notice_undo")
        self.undo_button.clicked.connect(self._undo)
        lay.addWidget(self.undo_button)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.hide)
        self.hide()

    def show_message(self, text: str, undo_text: str) -> None:
        """Show ``text`` with an Undo button labelled ``undo_text`` (hidden when empty: nothing to undo)."""
        self.message.setText(text)
        self.undo_button.setText(undo_text)
        self.undo_button.setVisible(bool(undo_text))
        self.show()
        self.raise_()
        self.timer.start(reading_ms(text))

    def _undo(self) -> None:
        self.hide()
        self.undo_requested.emit()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        self.hide()  # a tap on the message puts it away
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        event.accept()


__all__ = ["RecordedNotice", "reading_ms"]
