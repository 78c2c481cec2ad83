"""The session clock's Qt side: the signal the board's clock and the clock page listen to. What the clock says, what
is recorded and the end of a hanchan by the time limit are the core's (:mod:`refapp.core.clock`)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from ...core.changes import Change
from ...core.clock import ClockDesk
from ...domain.clock import ClockStatus
from ...domain.rules import TimeLimit

if TYPE_CHECKING:
    from ...core.types import ClockEntries, TableClock
    from ..shell.controller import Controller


class SessionClockModel(QObject):
    changed = Signal()  # something recorded changed (not each second: the board's clock ticks by itself)

    def __init__(self, controller: Controller):
        super().__init__(controller)
        self.c = controller
        self.core: ClockDesk = controller.session.clock_desk
        controller.changed.connect(
            lambda change: self.changed.emit() if change & (Change.TABLE | Change.CLOCK) else None
        )

    def refresh(self) -> None:
        """Read the open table's clock again (the table or the entries changed)."""
        self.core.forget()
        self.changed.emit()

    def table_clock(self) -> TableClock | None:
        """The open table's clock (read again when stale)."""
        return self.core.read()

    def entries(self) -> ClockEntries:
        return self.core.entries()

    def now(self) -> datetime:
        return self.c.clock()

    def status(self) -> ClockStatus | None:
        """The open table's clock now; None when no clock runs for its current hanchan."""
        return self.core.status()

    # -- recording (referee actions: the pages ask for the PIN first); each raises refapp.core.errors.Refused ----------

    def set_session(self, session: int, start: datetime, minutes: int) -> None:
        self.core.set_session(session, start, minutes)

    def give_extra_time(self, session: int, minutes: int, reason: str) -> None:
        self.core.give_extra_time(session, minutes, reason)

    def set_ending_rule(self, rule: TimeLimit | None, reason: str) -> None:
        self.core.set_ending_rule(rule, reason)


__all__ = ["SessionClockModel"]
