"""Setup: the referee PIN, typed (4 to 12 digits; empty keeps the current one).

This field sits in the page's PIN slot (``SetupView.pin_section``); the PIN section of the lock model (a PIN, or
"no PIN (club night)") takes its place there."""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit, QVBoxLayout, QWidget

from ..widgets import TOUCH
from .field import FieldError, mark, question


class PinField(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.label = question(self)
        self.pin = QLineEdit(self)
        self.pin.setObjectName("pin")
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin.setMinimumHeight(TOUCH - 8)
        self.error = FieldError(self, "pin_error")
        lay.addWidget(self.label)
        lay.addWidget(self.pin)
        lay.addWidget(self.error)

    def retranslate(self) -> None:
        self.label.setText(self.tr("Referee PIN (4 to 12 digits; leave empty to keep the current one)"))
        if self.error.isVisible():
            self.refuse()

    def refuse(self) -> None:
        mark(self.pin, self.error, self.tr("The PIN must be 4 to 12 digits."))

    def clear_error(self) -> None:
        mark(self.pin, self.error, "")
