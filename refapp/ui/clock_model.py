"""The open table's session clock, for the board's clock and the clock page: what it says now, what is recorded (a
session's start and length, extra time for this table, the tournament's ending rule), and the end of the hanchan by
the time limit.

The controller owns one (``controller.session_clock``). The time comes from the controller's clock (the wall clock,
or a test's); the domain says what it means (:mod:`refapp.domain.clock`). The entries are read through the desk
(:meth:`refapp.ui.desk.Desk.table_clock`): again when the table changes, after this tablet records one, and at most
every few seconds otherwise (an entry may come from another tablet by the venue's sync or an import).

**The end by the time limit.** When a table records the end of a hand (a win, a draw, or a chombo the rule does not
re-deal) and the clock says the last hand allowed has now been played, the controller asks :meth:`entry_recorded`,
which records the end of the hanchan (``hanchan_end``, reason "time limit") at once, by whoever recorded that hand:
an entry like any other, said on the board ("Recorded: …") and undone with Undo (a referee's action). Nothing is
recorded when time runs out by itself: the hand in play is always finished first. To let a table play on after
time-up, a referee gives it extra time (docs/rulings.md, "The session clock").
"""

from __future__ import annotations

import time
from datetime import datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from ..domain.clock import ClockStatus, ends_by_time
from ..domain.rules import TimeLimit

if TYPE_CHECKING:
    from ..store.clock import TableClock
    from .controller import Controller

REREAD_SECONDS = 5.0  # entries recorded elsewhere (a sync, an import) show within this


class SessionClockModel(QObject):
    changed = Signal()  # something recorded changed (not each second: the board's clock ticks by itself)

    def __init__(self, controller: Controller):
        super().__init__(controller)
        self.c = controller
        self._clock: TableClock | None = None
        self._read_at: float | None = None
        controller.state_changed.connect(lambda _state: self.refresh())

    # -- reading ----------------------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the open table's clock again (the table or the entries changed)."""
        self._read_at = None
        self.changed.emit()

    def table_clock(self) -> TableClock | None:
        """The open table's clock (read again when stale)."""
        now = time.monotonic()
        if self._read_at is None or now - self._read_at > REREAD_SECONDS:
            self._clock = self.c.desk.table_clock() if self.c.table is not None else None
            self._read_at = now
        return self._clock

    def now(self) -> datetime:
        return self.c.clock()

    def status(self) -> ClockStatus | None:
        """The open table's clock now; None when no clock runs for its current hanchan."""
        tc = self.table_clock()
        return tc.status(self.now()) if tc is not None else None

    # -- recording (referee actions: the pages ask for the PIN first) -------------------------------------------

    def set_session(self, session: int, start: datetime, minutes: int) -> None:
        """Raises :class:`refapp.ui.desk.DeskRefused` (its message in the screen's language)."""
        self.c.desk.set_session_clock(session, start, minutes)
        self.refresh()

    def give_extra_time(self, session: int, minutes: int, reason: str) -> None:
        self.c.desk.give_extra_time(session, minutes, reason)
        self.refresh()

    def set_ending_rule(self, rule: TimeLimit | None, reason: str) -> None:
        self.c.desk.set_ending_rule(rule, reason)
        self.refresh()

    # -- the end by the time limit ------------------------------------------------------------------------------

    def entry_recorded(self) -> bool:
        """A hand's end may have been recorded: if the last hand allowed has now been played, record the end of the
        hanchan (time limit). True when it was recorded."""
        self._read_at = None
        st = self.c.state
        if st is None or not st.started or st.game_over:
            return False
        if not ends_by_time(self.status()):
            return False
        event = self.c.new_event("hanchan_end", reason="time limit")
        return self.c.commit(event) is not None


__all__ = ["SessionClockModel"]
