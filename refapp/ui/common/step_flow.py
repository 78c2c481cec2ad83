"""A referee's flow of steps on one stack (the ruling, the hand result): Esc steps back, the keyboard starts on what
each step starts with."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QWidget

from .focus_ring import focus_page
from .widgets import Pages


class StepFlow(Pages):
    """The steps of one referee action; a flow says what :meth:`back` does from each."""

    def back(self) -> None:
        raise NotImplementedError

    def go_back(self) -> bool:
        """Esc, wherever the focus is: one step back (:meth:`back`)."""
        self.back()
        return True

    def first_focus(self) -> QWidget | None:
        """Where the keyboard starts in the step shown."""
        step = self.currentWidget()
        first = getattr(step, "first_focus", None)
        return first() if callable(first) else None

    def _step(self, step: QWidget) -> None:
        """Show a step; on screen, the focus goes to what a new step starts with (the keyboard goes on there)."""
        if self.currentWidget() is step:
            return
        self.setCurrentWidget(step)
        if self.isVisible():
            focus_page(step)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if event.key() == Qt.Key.Key_Escape:
            self.back()
            return
        super().keyPressEvent(event)


__all__ = ["StepFlow"]
