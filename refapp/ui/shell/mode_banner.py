"""The mode banner: a large strip under the top bar that always says which mode the tablet is in (see
:mod:`refapp.ui.shell.lock`): table mode, referee mode (with the referee's name), or no PIN at all."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from ...core.modes import Mode
from ..common.widgets import set_role


class ModeBanner(QLabel):
    """Shows :class:`~.lock.Mode`; its ``mode`` property (table, referee, no_pin, unanswered) colours it."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("mode_banner")
        self.setProperty("role", "mode")
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.mode: Mode | None = None
        self.referee = ""

    def show_mode(self, mode: Mode, referee: str = "") -> None:
        self.mode, self.referee = mode, referee
        set_role(self, "mode", mode.value)
        if mode is Mode.TABLE:
            text = self.tr("Table mode — players enter riichi and hand results")
        elif mode is Mode.REFEREE:
            text = self.tr("Referee mode — %1").replace("%1", referee) if referee else self.tr("Referee mode")
        elif mode is Mode.NO_PIN:
            text = self.tr("Unlocked — no referee PIN (club night)")
        else:
            text = self.tr("Unlocked — no referee PIN yet: choose one in Setup")
        self.setText(text)

    def retranslate(self) -> None:
        if self.mode is not None:
            self.show_mode(self.mode, self.referee)


__all__ = ["ModeBanner"]
