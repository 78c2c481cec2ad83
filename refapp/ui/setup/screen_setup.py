"""Setup's screen choice (a widget Setup places in its form): full screen by itself on a small or portrait screen,
always, or never (:mod:`refapp.ui.shell.screen`). F11 switches at any time; the choice is saved."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ..common.widgets import Segmented

if TYPE_CHECKING:
    from ..shell.controller import Controller


class ScreenSetup(QWidget):
    def __init__(self, controller: Controller, parent: QWidget | None = None):
        super().__init__(parent)
        self.controller = controller
        self.setObjectName("screen_setup")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel(self)
        self.title.setProperty("role", "question")
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        self.choice = Segmented([("auto", ""), ("on", ""), ("off", "")], 3, self)
        self.choice.setObjectName("screen_choice")
        self.choice.changed.connect(controller.set_screen)
        lay.addWidget(self.choice)
        self.retranslate()
        self.refresh()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.title.setText(self.tr("Screen (F11 switches)"))
        self.choice.buttons["auto"].setText(self.tr("Automatic"))
        self.choice.buttons["on"].setText(self.tr("Full screen"))
        self.choice.buttons["off"].setText(self.tr("Window"))

    def refresh(self) -> None:
        self.choice.set_value(self.controller.settings.fullscreen)


__all__ = ["ScreenSetup"]
