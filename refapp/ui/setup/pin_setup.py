"""Setup's referee PIN question (a widget Setup places in its form): a PIN, or an explicit "No PIN (club night)",
and how soon the tablet returns to table mode after a referee action (:mod:`refapp.ui.shell.lock`). No hanchan starts
until the question is answered: :meth:`PinSetup.apply` says what is missing, at the field."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QLabel, QLineEdit, QScrollArea, QVBoxLayout, QWidget

from ...core.modes import Mode
from ..common.widgets import Segmented, set_role
from ..shell.lock import RELOCK_CHOICES

if TYPE_CHECKING:
    from ..shell.controller import Controller


class PinSetup(QWidget):
    """The PIN choice, the new PIN, the return to table mode; :meth:`apply` saves them (or says what is wrong)."""

    def __init__(self, controller: Controller, parent: QWidget | None = None):
        super().__init__(parent)
        self.controller = controller
        self.setObjectName("pin_setup")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel(self)
        self.title.setProperty("role", "question")
        lay.addWidget(self.title)
        self.status = QLabel(self)
        self.status.setObjectName("pin_status")
        self.status.setWordWrap(True)
        lay.addWidget(self.status)
        self.choice = Segmented([("pin", ""), ("none", "")], 2, self)
        self.choice.setObjectName("pin_choice")
        self.choice.changed.connect(self._chosen)
        lay.addWidget(self.choice)
        self.pin = QLineEdit(self)
        self.pin.setObjectName("pin")
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin.setMinimumHeight(48)
        self.pin.setValidator(QRegularExpressionValidator(QRegularExpression(r"[0-9]{0,12}"), self.pin))
        lay.addWidget(self.pin)
        self.error = QLabel(self)
        self.error.setObjectName("pin_error")
        self.error.setProperty("role", "field-error")
        self.error.setWordWrap(True)
        self.error.hide()
        lay.addWidget(self.error)
        self.relock_title = QLabel(self)
        self.relock_title.setProperty("role", "question")
        self.relock_title.setWordWrap(True)
        lay.addWidget(self.relock_title)
        self.relock = Segmented([(str(s), "") for s in RELOCK_CHOICES], 3, self)
        self.relock.setObjectName("relock")
        lay.addWidget(self.relock)
        self._error = ""  # what is wrong at the field: "missing", "digits", "locked" (said in the current language)
        self.retranslate()
        self.refresh()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.title.setText(self.tr("Referee PIN"))
        self.choice.buttons["pin"].setText(self.tr("Referee PIN"))
        self.choice.buttons["none"].setText(self.tr("No PIN (club night)"))
        self.relock_title.setText(self.tr("After a ruling, an undo or Setup, back to table mode"))
        texts = {0: self.tr("At once"), 60: self.tr("After 1 minute"), 300: self.tr("After 5 minutes")}
        for seconds, button in zip(RELOCK_CHOICES, self.relock.buttons.values(), strict=True):
            button.setText(texts[seconds])
        self._texts()
        self._show_error(self._error)

    def _texts(self) -> None:
        settings = self.controller.settings
        if self.controller.modes.has_pin:
            status = self.tr("A referee PIN is set: penalties, undo and Setup ask for it.")
            hint = self.tr("New PIN, 4 to 12 digits (empty: keep the PIN)")
        elif settings.no_pin:
            status = self.tr("No PIN: the tablet is never locked (club night).")
            hint = self.tr("4 to 12 digits")
        else:
            status = self.tr("Choose a referee PIN, or No PIN (club night), before the first hanchan.")
            hint = self.tr("4 to 12 digits")
        self.status.setText(status)
        self.pin.setPlaceholderText(hint)

    def refresh(self) -> None:
        """Show the settings as they are (and no error)."""
        settings = self.controller.settings
        if self.controller.modes.has_pin:
            self.choice.set_value("pin")
        elif settings.no_pin:
            self.choice.set_value("none")
        else:
            self.choice.clear()
        self.relock.set_value(str(settings.relock_after if settings.relock_after in RELOCK_CHOICES else 0))
        self.pin.clear()
        self._show_error("")
        self._chosen(self.choice.value() or "")

    def _chosen(self, key: str) -> None:
        self.pin.setVisible(key == "pin")
        self.relock.setEnabled(key != "none")
        self._show_error("")

    def _show_error(self, kind: str) -> None:
        self._error = kind
        text = {
            "missing": self.tr("Choose a referee PIN (4 to 12 digits), or No PIN (club night)."),
            "digits": self.tr("The PIN must be 4 to 12 digits."),
            "locked": self.tr("Unlock with the referee PIN to change it."),
        }.get(kind, "")
        self.error.setText(text)
        self.error.setVisible(bool(text))
        set_role(self.pin, "invalid", bool(text) and self.pin.isVisible())
        if text:  # where the finger must go: scrolled into view
            parent = self.parentWidget()
            while parent is not None and not isinstance(parent, QScrollArea):
                parent = parent.parentWidget()
            if isinstance(parent, QScrollArea):
                parent.ensureWidgetVisible(self.error, 8, 40)

    def answered(self) -> bool:
        """Whether the question is answered as the page shows it (a PIN kept or typed, or no PIN)."""
        key = self.choice.value()
        if key == "none":
            return True
        return key == "pin" and (bool(self.pin.text()) or self.controller.modes.has_pin)

    def apply(self) -> bool:
        """Save the choice; False (and the reason shown at the field) when the question is not answered or the PIN
        is not 4 to 12 digits."""
        c = self.controller
        key = self.choice.value()
        typed = self.pin.text().strip()
        if key is None or (key == "pin" and not typed and not c.modes.has_pin):
            self._show_error("missing")
            return False
        if key == "pin" and typed and not (4 <= len(typed) <= 12 and typed.isdigit()):
            self._show_error("digits")
            return False
        try:
            if key == "pin" and typed:
                c.modes.choose_pin(typed)
            elif key == "none" and c.modes.mode is not Mode.NO_PIN:
                c.modes.choose_pin(None)
            relock = int(self.relock.value() or 0)
            if relock != c.settings.relock_after:
                c.modes.set_relock_after(relock)
        except PermissionError:
            self._show_error("locked")
            return False
        self.pin.clear()
        self._show_error("")
        self._texts()
        return True


__all__ = ["PinSetup"]
