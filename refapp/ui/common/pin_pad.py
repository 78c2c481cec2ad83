"""The referee PIN pad: big keys, and a keyboard on a laptop (digits, Enter submits, Backspace erases, Esc is
Back). The PIN is checked by the controller (hashed, with a lockout); during a lockout the keys are off and the pad
says how long, without changing its size."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QLayout, QVBoxLayout, QWidget

from .dialog_base import TouchDialog
from .widgets import BigButton

KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0", "OK"]
KEY_W, KEY_H = 112, 80
MAX_DIGITS = 12


class PinChecker(Protocol):
    def unlock(self, pin: str) -> str: ...

    def locked_seconds(self) -> int: ...


class PinDialog(TouchDialog):
    """A big numeric keypad. ``accept()`` once the controller took the PIN. ``prompt``: what the pad asks for,
    when it is not the referee PIN to unlock the tablet (a sign-off), in the current language."""

    def __init__(self, controller: PinChecker, parent: QWidget | None = None, prompt: Callable[[], str] | None = None):
        super().__init__(parent)
        self.controller = controller
        self._prompt = prompt
        self.setObjectName("pin_pad")
        lay = QVBoxLayout(self)
        lay.setSizeConstraint(QLayout.SizeConstraint.SetFixedSize)  # the pad never squeezes its keys
        self.prompt = QLabel(self)
        self.prompt.setProperty("role", "title")
        self.prompt.setWordWrap(True)
        self.prompt.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(self.prompt)
        self.display = QLabel("", self)
        self.display.setProperty("role", "pin")
        self.display.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(self.display)
        grid = QGridLayout()
        grid.setSpacing(8)
        self.keys: dict[str, BigButton] = {}
        for n, key in enumerate(KEYS):
            b = BigButton(key, self, role="key")
            b.setFixedSize(KEY_W, KEY_H)
            b.setAutoDefault(False)  # Enter is the pad's, never a key's (it typed "1")
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            b.clicked.connect(lambda _=False, k=key: self.press(k))
            self.keys[key] = b
            grid.addWidget(b, n // 3, n % 3)
        lay.addLayout(grid)
        self.cancel_button = BigButton("", self, role="cancel")
        self.cancel_button.setAutoDefault(False)
        self.cancel_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.cancel_button.clicked.connect(self.reject)
        lay.addWidget(self.cancel_button)
        width = 3 * KEY_W + 2 * grid.spacing()
        for label in (self.prompt, self.display):
            label.setFixedWidth(width)
        self.pin = ""
        self._wrong = False
        self.retranslate()
        self._update_lock()
        self.timer = QTimer(self)  # the lockout ends by itself: re-check every second
        self.timer.timeout.connect(self._update_lock)
        self.timer.start(1000)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Referee PIN"))
        self.keys["OK"].setText(self.tr("OK"))
        self.keys["⌫"].setAccessibleName(self.tr("Erase"))
        self.cancel_button.setText(self.tr("Cancel"))
        # room for the longest prompt (the lockout) from the start: the pad keeps its size when it appears
        longest = self.tr("Too many wrong PINs: locked for %n seconds.", "", 3600)
        self.prompt.ensurePolished()
        fm = self.prompt.fontMetrics()
        flags = int(Qt.TextFlag.TextWordWrap)
        width = self.prompt.width()
        needed = max(fm.boundingRect(0, 0, width, 1000, flags, t).height() for t in (longest, self._prompt_text()))
        self.prompt.setFixedHeight(needed + 8)
        self._update_lock()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _prompt_text(self) -> str:
        if self._wrong:
            return self.tr("Wrong PIN. Try again.")
        return self._prompt() if self._prompt is not None else self.tr("Enter the referee PIN")

    def press(self, key: str) -> None:
        if not self.keys["0"].isEnabled():
            return  # locked out
        if key == "⌫":
            self.pin = self.pin[:-1]
        elif key == "OK":
            self.submit()
            return
        elif len(self.pin) < MAX_DIGITS:
            self.pin += key
        self.display.setText("●" * len(self.pin))

    def submit(self) -> None:
        result = self.controller.unlock(self.pin)
        self.pin = ""
        self.display.setText("")
        if result == "ok":
            self.accept()
            return
        self._wrong = result == "wrong"
        self._update_lock()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        key = event.key()
        text = event.text()
        if text.isdigit() and len(text) == 1 and text.isascii():
            self.press(text)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.press("OK")
        elif key in (Qt.Key.Key_Backspace, Qt.Key.Key_Delete):
            self.press("⌫")
        else:
            super().keyPressEvent(event)  # Esc: Back (reject)

    def _update_lock(self) -> None:
        seconds = self.controller.locked_seconds()
        for b in self.keys.values():
            b.setEnabled(not seconds)
        if seconds:
            self.prompt.setText(self.tr("Too many wrong PINs: locked for %n seconds.", "", seconds))
        else:
            self.prompt.setText(self._prompt_text())


__all__ = ["PinDialog"]
