"""The "Recorded: …" message shown after every confirm (riichi, ruling, hand result, undo): the entry in words and
the way to take it back. It floats over an empty corner of the board, blocks nothing, and goes away by itself after
long enough to read it (:func:`reading_ms`), or when tapped."""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QRect, Qt, QTimer, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from ..common.widgets import WrapButton

if TYPE_CHECKING:
    from ...core.types import EventJson
    from ...domain.table import Effect
    from .main_window import MainWindow

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


class RecordedMessage(QObject):
    """What the window's message says after a confirm, its Undo button, and where it floats: over the board's empty
    bottom-right corner (nothing of the table is hidden), else at the bottom right of the page. It goes with the flow
    that recorded the entry to the page shown next; the referee or a player moving on to another page puts it away.
    """

    def __init__(self, window: MainWindow, notice: RecordedNotice):
        super().__init__(window)
        self._window = weakref.ref(window)  # (no cycle: the window goes when Qt deletes it)
        self.notice = notice
        self.last_entry: tuple[EventJson, Effect | None] | None = None
        self.fresh = False  # shown in this turn of the event loop (the flow that recorded it is closing)

    def show_entry(self, event: EventJson, effect: Effect | None) -> None:
        """After every confirm: "Recorded: Ron: Dana from Bruno, 3 han 40 fu", with the way to undo it."""
        self.last_entry = (event, effect)
        w = self._window()
        c = w.controller if w is not None else None
        if c is None:
            return
        what = c.describe_entry(event, effect)
        if event.get("type") == "void":
            text = QCoreApplication.translate("MainWindow", "Recorded: %1. To restore it, enter it again.").replace(
                "%1", what
            )
        else:
            text = QCoreApplication.translate("MainWindow", "Recorded: %1").replace("%1", what)
        self.notice.show_message(text, self.undo_text())
        self.fresh = True
        QTimer.singleShot(0, self, self._settled)  # (cancelled if the window goes first)
        self.place()

    def _settled(self) -> None:
        self.fresh = False

    def page_shown(self) -> None:
        """Another page is shown: the message follows a closing flow, else it goes away."""
        if self.fresh:
            self.place()
        else:
            self.notice.hide()

    def undo_text(self) -> str:
        """The Undo button's words for the last entry ("" when it cannot be undone from here)."""
        w = self._window()
        c = w.controller if w is not None else None
        if c is None or self.last_entry is None or self.last_entry[0].get("type") == "void":
            return ""
        last = c.undo_target()
        if last is None or last.get("id") != self.last_entry[0].get("id"):
            return ""  # something else was recorded since
        if c.referee_mode:
            return QCoreApplication.translate("MainWindow", "Undo")
        if c.can_take_back():
            return QCoreApplication.translate("MainWindow", "Take it back")
        return QCoreApplication.translate("MainWindow", "Undo (referee PIN)")

    def update_undo(self) -> None:
        """The mode changed: the Undo button says who may undo now."""
        if self.notice.isVisible() and self.last_entry is not None:
            text = self.undo_text()
            self.notice.undo_button.setText(text)
            self.notice.undo_button.setVisible(bool(text))
            self.place()

    def place(self) -> None:
        w = self._window()
        if w is None or not self.notice.isVisible():
            return
        central = w.centralWidget()
        if central is None:
            return
        if w.pages.currentWidget() is w.board and w.board.facts is not None:
            east, south = w.board.seats[1].geometry(), w.board.seats[0].geometry()
            corner = QRect(east.left(), south.top(), east.width(), south.height())
            corner.moveTopLeft(w.board.mapTo(central, corner.topLeft()))
        else:
            area = w.pages.geometry()
            width = min(460, area.width() - 16)
            corner = QRect(area.right() - width - 8, area.bottom() - 220, width, 212)
        width = corner.width()
        height = min(max(self.notice.heightForWidth(width), self.notice.sizeHint().height()), central.height())
        self.notice.setGeometry(corner.left(), corner.bottom() - height + 1, width, height)
        self.notice.raise_()


__all__ = ["RecordedMessage", "RecordedNotice", "reading_ms"]
