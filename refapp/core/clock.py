"""The open table's session clock: what it says now, what is recorded (a session's start and length, extra time for
this table, the tournament's ending rule), and the end of the hanchan by the time limit.

**The end by the time limit.** When a table records the end of a hand (a win, a draw, or a chombo the rule does not
re-deal) and the clock says the last hand allowed has now been played, :meth:`ClockDesk.entry_recorded` records the
end of the hanchan (``hanchan_end``, reason "time limit") at once, by whoever recorded that hand: an entry like any
other, said on the board ("Recorded: …") and undone with Undo (a referee's action). Nothing is recorded when time runs
out by itself: the hand in play is always finished first. To let a table play on after time-up, a referee gives it
extra time (docs/rulings.md, "The session clock").
"""

from __future__ import annotations

import time
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..domain.clock import ClockStatus, HanchanHands, ends_by_time, hanchan_hands
from ..domain.events import LogError
from ..domain.rules import TimeLimit
from ..store import clock
from ..store.clock import ClockEntries, ClockError, ExtraEntry, RuleEntry, SessionEntry, TableClock
from ..store.db import Store, StoreError
from ..store.refs import TableRef
from .changes import Change
from .errors import NoTable, Refused

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ..domain.rules import RuleSet
    from .session import Session

REREAD_SECONDS = 5.0  # entries recorded elsewhere (a sync, an import) show within this


# -- the clock's entries, for any face: the app's clock page (through ClockDesk) and `refapp clock` -----------------


def set_session(store: Store, tournament_id: str, session: int, start: datetime, minutes: int, by: str,
                at: str | None = None) -> SessionEntry:  # fmt: skip
    """The organiser sets a session's start (an aware time) and length. Raises :class:`ClockError` naming the field,
    or StoreError."""
    return clock.set_session(store, tournament_id, session, start, minutes, by, at=at)


def give_extra_time(store: Store, table: TableRef, session: int, minutes: int, reason: str, by: str,
                    at: str | None = None) -> ExtraEntry:  # fmt: skip
    """A referee gives one table extra time in a session (negative: takes back time given by mistake). Raises
    :class:`ClockError` naming the field, or StoreError."""
    return clock.give_extra_time(store, table, session, minutes, reason, by, at=at)


def set_ending_rule(store: Store, tournament_id: str, rule: TimeLimit | None, reason: str, by: str,
                    at: str | None = None) -> RuleEntry:  # fmt: skip
    """The organiser's ending rule at time-up for the tournament (None: each hanchan's rule set again)."""
    return clock.set_ending_rule(store, tournament_id, rule, reason, by, at=at)


def clock_entries(store: Store, tournament_id: str) -> ClockEntries:
    """The tournament's clock entries: each session's clock, the extra time given, the ending rule."""
    return clock.clock_entries(store, tournament_id)


def read_table_clock(store: Store, table: TableRef, rulesets: Mapping[str, RuleSet]) -> TableClock:
    """One table's clock (its log replayed). Raises StoreError naming the table when its log does not replay."""
    return clock.read_table_clock(store, table, rulesets)


def table_numbered(store: Store, tournament_id: str, number: int) -> TableRef | None:
    """The tournament's table of that number (None: no such table)."""
    return next((t for t in store.tables(tournament_id) if t.number == number), None)


class ClockDesk:
    def __init__(self, session: Session):
        self.s = session
        self._hands: tuple[tuple[str, int, str | None], Any] | None = None  # the open table's hands, by its log
        self._clock: TableClock | None = None
        self._read_at: float | None = None
        session.notices.listen(self._told, core=True)

    def _told(self, change: Change) -> None:
        if change & (Change.TABLE | Change.CLOCK):
            self.forget()

    # -- reading ----------------------------------------------------------------------------------------------------

    def forget(self) -> None:
        """Read the open table's clock again at the next look (the table or the entries changed)."""
        self._read_at = None

    def read(self) -> TableClock | None:
        """The open table's clock, read again when stale (:data:`REREAD_SECONDS`)."""
        now = time.monotonic()
        if self._read_at is None or now - self._read_at > REREAD_SECONDS:
            self._clock = self.table_clock() if self.s.table is not None else None
            self._read_at = now
        return self._clock

    def status(self) -> ClockStatus | None:
        """The open table's clock now; None when no clock runs for its current hanchan."""
        tc = self.read()
        return tc.status(self.s.clock()) if tc is not None else None

    def table_clock(self) -> TableClock | None:
        """The open table's clock (its current hanchan, its session's clock, its extra time, the ending rule); None
        with no table open. The hands played only matter once time is up: only then is the table's log replayed
        for their ends (and again only when it changed)."""
        s = self.s
        book, table, st = s.book, s.table, s.state
        if book is None or table is None or st is None:
            return None
        entries = clock_entries(s.store, table.tournament_id)
        session = int(st.session[1]) if st.started and st.session is not None and st.session[0] == "number" else None
        kept = entries.sessions.get(session) if session is not None else None
        hands: HanchanHands | None = None
        if kept is not None and s.clock() >= kept.clock.ends_at(entries.extra_minutes(table.table_id, session or 0)):
            key = (table.table_id, len(book.events), book.last_id)
            if self._hands is None or self._hands[0] != key:
                try:
                    self._hands = (key, hanchan_hands(book.events, book.rulesets))
                except LogError:
                    self._hands = (key, None)  # (the open table replayed when it was opened: not met)
            hands = self._hands[1]
        elif st.started and st.ruleset is not None:
            hands = HanchanHands(st.hanchan, session, st.ruleset, (), st.game_over, st.end_reason)
        return clock.table_clock(table, hands, entries, book.rulesets)

    def entries(self) -> ClockEntries:
        """The open table's tournament's clock entries (none without a table)."""
        table = self.s.table
        return clock_entries(self.s.store, table.tournament_id) if table is not None else ClockEntries()

    # -- recording (referee actions: the faces ask for the PIN first) -----------------------------------------------

    def set_session(self, session: int, start: datetime, minutes: int) -> None:
        """The organiser sets a session's start and length for the open table's tournament. Raises :class:`Refused`."""
        table = self._table()
        self._done(lambda: set_session(self.s.store, table.tournament_id, session, start, minutes, self._by(),
                                       at=self.s.now()))  # fmt: skip

    def give_extra_time(self, session: int, minutes: int, reason: str) -> None:
        """A referee gives the open table extra time in a session. Raises :class:`Refused`."""
        table = self._table()
        self._done(lambda: give_extra_time(self.s.store, table, session, minutes, reason, self._by(),
                                           at=self.s.now()))  # fmt: skip

    def set_ending_rule(self, rule: TimeLimit | None, reason: str) -> None:
        """The organiser's ending rule for the open table's tournament (None: the rule sets' again)."""
        table = self._table()
        self._done(lambda: set_ending_rule(self.s.store, table.tournament_id, rule, reason, self._by(),
                                           at=self.s.now()))  # fmt: skip

    def _table(self) -> Any:
        if self.s.table is None:
            raise Refused(NoTable())
        return self.s.table

    def _done(self, write: Any) -> None:
        try:
            write()
        except (ClockError, StoreError) as exc:
            raise Refused(exc) from None
        self.forget()
        self.s.notices.tell(Change.CLOCK)

    def _by(self) -> str:
        return self.s.settings.referee or "referee"

    # -- the end by the time limit ----------------------------------------------------------------------------------

    def entry_recorded(self) -> bool:
        """A hand's end may have been recorded: if the last hand allowed has now been played, record the end of the
        hanchan (time limit). True when it was recorded."""
        self.forget()
        st = self.s.state
        if st is None or not st.started or st.game_over:
            return False
        if not ends_by_time(self.status()):
            return False
        try:
            self.s.record(self.s.new_event("hanchan_end", reason="time limit"))
        except (StoreError, LogError):
            return False
        return True


__all__ = [
    "REREAD_SECONDS",
    "ClockDesk",
    "ClockEntries",
    "ClockError",
    "TableClock",
    "clock_entries",
    "give_extra_time",
    "read_table_clock",
    "set_ending_rule",
    "set_session",
    "table_numbered",
]
