"""The second step of a riichi: a bar over the seat that was tapped, naming the player and the cost, with Cancel and
Confirm. A single stray tap on a seat's Riichi button records nothing; the bar ignores a tap that comes within
:data:`ARM_SECONDS` of its opening (the second half of a double tap), and closes by itself after
:data:`TIMEOUT_MS` without an answer."""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QResizeEvent
from PySide6.QtWidgets import QApplication, QBoxLayout, QFrame, QLabel, QVBoxLayout, QWidget

from ..common.focus_ring import move_focus
from ..common.widgets import BigButton

ARM_SECONDS = 0.4
TIMEOUT_MS = 15_000


class RiichiConfirm(QFrame):
    """Covers its seat while shown; ``confirmed`` or ``cancelled`` is emitted once, and the bar closes."""

    confirmed = Signal()
    cancelled = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("riichi_confirm")
        self.setProperty("role", "riichi-confirm")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(10, 8, 10, 8)
        self.message = QLabel(self)
        self.message.setProperty("role", "riichi-confirm-text")
        self.message.setWordWrap(True)
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(self.message, 1)
        self.buttons = QBoxLayout(QBoxLayout.Direction.LeftToRight)  # Confirm above Cancel on a narrow seat
        self.cancel_button = BigButton("", self, role="cancel")
        self.confirm_button = BigButton("", self, role="primary")
        self.cancel_button.setObjectName("riichi_cancel")
        self.confirm_button.setObjectName("riichi_confirm_button")
        self.buttons.addWidget(self.cancel_button)
        self.buttons.addWidget(self.confirm_button)
        lay.addLayout(self.buttons)
        self.cancel_button.clicked.connect(self.cancel)
        self.confirm_button.clicked.connect(self._confirm_tapped)
        self.opened_at = 0.0
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(TIMEOUT_MS)
        self.timer.timeout.connect(self.cancel)
        self.hide()
        self.retranslate()
        if parent is not None:
            parent.installEventFilter(self)  # the bar follows its seat's size

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        parent = self.parentWidget()
        if event.type() == QEvent.Type.Resize and obj is parent and parent is not None and self.isVisible():
            self.setGeometry(parent.rect())
        return False

    def retranslate(self) -> None:
        self.cancel_button.setText(self.tr("Cancel"))
        self.confirm_button.setText(self.tr("Confirm"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def open(self, text: str, can_confirm: bool = True) -> None:
        """Show the bar over the whole seat with ``text`` ("Riichi for Bob: −1,000 and a stick")."""
        self.message.setText(text)
        self.confirm_button.setEnabled(can_confirm)
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())
        self.opened_at = time.monotonic()
        self.show()
        self.raise_()
        self.timer.start()
        move_focus(self.confirm_button if can_confirm else self.cancel_button)  # (the keyboard answers here)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        fm = self.confirm_button.fontMetrics()
        need = max(fm.horizontalAdvance(b.text()) for b in (self.cancel_button, self.confirm_button)) + 40
        narrow = self.width() - 20 < 2 * need + 8
        self.buttons.setDirection(QBoxLayout.Direction.BottomToTop if narrow else QBoxLayout.Direction.LeftToRight)
        super().resizeEvent(event)

    def is_open(self) -> bool:
        return self.isVisible()

    def _confirm_tapped(self) -> None:
        if time.monotonic() - self.opened_at < ARM_SECONDS:
            return  # the second tap of a double tap on Riichi: not a decision
        self.close_bar()
        self.confirmed.emit()

    def cancel(self) -> None:
        if self.isVisible():
            self.close_bar()
            self.cancelled.emit()

    def close_bar(self) -> None:
        self.timer.stop()
        focus = QApplication.focusWidget()
        had_focus = focus is not None and self.isAncestorOf(focus)
        self.hide()
        if had_focus:  # the keyboard goes on from the seat
            move_focus(self.parentWidget())

    # a tap on the bar is the bar's, never the seat's (which would open the offence palette)
    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if event.key() == Qt.Key.Key_Escape:
            self.cancel()
            return
        super().keyPressEvent(event)


__all__ = ["ARM_SECONDS", "TIMEOUT_MS", "RiichiConfirm"]
