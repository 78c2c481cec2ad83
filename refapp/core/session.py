"""The open table and what a referee or the players do at it, Qt-free.

A :class:`Session` holds this device's store, the rule sets, the settings and the data folder, and the open table's
book (:class:`~refapp.store.tablebook.TableBook`). Nothing reaches the table's state that was not stored first:
:meth:`Session.record` stores an entry (it returns once SQLite's commit returned) and only then applies it. A refusal
is an exception with a message id and its parameters (:mod:`refapp.domain.messages`): the face says it in its
language; the state stays the last stored one. Once something changed, every listener hears one
:class:`~refapp.core.changes.Change`.

The pages of the app and the commands reach the rest through the session: :attr:`setup`, :attr:`history`,
:attr:`clock`, :attr:`results`, :attr:`seating`, :attr:`venue` (made when first used).
"""

from __future__ import annotations

import functools
import logging
import uuid
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ..domain.board import board_facts
from ..domain.event_json import EventJson
from ..domain.events import LogError
from ..domain.messages import Message
from ..domain.numbers import Shown, ruling_amount
from ..domain.rules import RuleSet
from ..domain.rulings import Ruling
from ..domain.table import Effect, TableState
from ..store import calls, records
from ..store.backup import maybe_backup
from ..store.db import Store, StoreError, TableChanged, TableRef
from ..store.records import ElsewhereCounts
from ..store.settings import Settings, save_settings
from ..store.snapshot import save_snapshot
from ..store.tablebook import TableBook
from . import search
from .changes import Change, Notices
from .clock import ClockDesk
from .confirm import ConfirmDesk
from .errors import NoTable, NothingToUndo, RefereeOnly
from .history import HistoryDesk
from .lock import Lock
from .reseat import ReseatDesk
from .results import ResultsDesk
from .seating import SeatingDesk
from .setup import SetupDesk
from .venue import Venue

if TYPE_CHECKING:
    from ..store.calls import OpenCall

_log = logging.getLogger("refapp.core")


def utc_now() -> datetime:
    return datetime.now(UTC)


class Session:
    def __init__(
        self,
        store: Store,
        rulesets: Mapping[str, RuleSet],
        settings: Settings,
        data_dir: Path,
        clock: Callable[[], datetime] = utc_now,
    ):
        self.store = store
        self.rulesets = rulesets
        self.settings = settings
        self.data_dir = data_dir
        self.clock = clock
        self.book: TableBook | None = None
        self.notices = Notices()
        self.recorded: list[Callable[[EventJson, Effect], None]] = []  # told each entry stored, in order
        self.lock = Lock(settings, lambda: self.clock(), self.save_settings)
        self.lock.changed = lambda: self.notices.tell(Change.MODE)
        self.settings_failed: Callable[[OSError], None] = lambda exc: None  # the face says it
        self.backup_failed: Callable[[BaseException], None] = lambda exc: None  # called in the backup's thread
        self.ruling_kinds: dict[str, str] = {}  # event id → the applied ruling's kind (to say an undone ruling)
        self.ruling_amounts: dict[str, Shown] = {}  # event id → what the ruling took from the offender, if anything
        self._previewed: tuple[Any, Effect | LogError] | None = None  # the last preview asked for: preview()
        self._elsewhere: tuple[Any, ElsewhereCounts] = (None, {})  # (what it was read for, the counts): elsewhere()
        self.damage = ""  # what the open's full check found (nothing more can be recorded), once it has

    # -- the open table -------------------------------------------------------------------------------------------

    @property
    def state(self) -> TableState | None:
        return self.book.state if self.book else None

    @property
    def table(self) -> TableRef | None:
        return self.book.table if self.book else None

    def open_table(self, table: TableRef) -> Message:
        """Open ``table`` (remembered in the settings); returns the notice of a rule-set file changed since its
        hanchan started (``""`` when none). Raises StoreError or LogError when its log cannot be read."""
        self.book = TableBook(self.store, table, self.rulesets)
        self.settings.tournament_id, self.settings.table_id = table.tournament_id, table.table_id
        self.save_settings()
        self.keep_board()
        self.notices.tell(Change.TABLE)
        return self.ruleset_notice

    def open_saved_table(self) -> Message:
        """Open the table the settings remember (nothing when none)."""
        if not self.settings.table_id:
            return Message("")
        return self.open_table(self.store.table(self.settings.table_id))

    def reload_table(self) -> None:
        """Read the open table again (a sync merged events, a handover or a resolution changed who writes it or its
        line). Raises StoreError or LogError when it cannot be read (the notice is told all the same)."""
        if self.book is None:
            return
        try:
            self.book.rebuild()
        finally:
            self.keep_board()
            self.notices.tell(Change.TABLE)

    @property
    def ruleset_notice(self) -> Message:
        """Set when the current hanchan's rule-set file changed after it started (it keeps the rules it started
        with; the file applies from the next hanchan), else ``""``."""
        return self.book.ruleset_notice() if self.book else Message("")

    def worker_store(self) -> Store:
        """A connection to this device's database for a worker thread (made in, and closed by, that thread)."""
        return self.store.sibling()

    def check_damage(self) -> str:
        """What the open's full check (run in the background) found: its problem once found, else ``""``."""
        if not self.damage:
            self.damage = self.store.check_problem() or ""
        return self.damage

    def check_running(self) -> bool:
        return self.store.check_running()

    def keep_board(self) -> None:
        """Keep the board of the stored state for the next start's first frame (refapp.store.snapshot)."""
        book = self.book
        if book is not None:
            last = str(book.events[-1]["id"]) if book.events else None
            facts = board_facts(book.state)
            save_snapshot(self.data_dir, book.table.table_id, len(book.events), last, book.table.number, facts)

    # -- entries --------------------------------------------------------------------------------------------------

    def who(self) -> str:
        """Who enters: the referee's name in referee mode, "table" in table mode."""
        return (self.settings.referee or "referee") if self.lock.referee_mode else "table"

    def now(self) -> str:
        return self.clock().isoformat(timespec="seconds")

    def new_event(self, type_: str, **fields: Any) -> EventJson:
        """An event with a fresh id, the time now and the referee (or "table" in table mode). An incident also
        records the player's warnings and ladder steps at the tournament's other tables (:meth:`elsewhere`). The
        fields are the page's: the store checks them as they come in (:meth:`preview`, :meth:`record`)."""
        event = cast(EventJson, {"type": type_, "id": str(uuid.uuid4()), "at": self.now(), "by": self.who(), **fields})
        if type_ == "incident" and "elsewhere" not in fields:
            away = self.elsewhere(fields.get("seat"))
            if away:
                event["elsewhere"] = away
        return event

    def elsewhere(self, seat: object) -> ElsewhereCounts:
        """The standing warnings and warning-ladder steps of the player in ``seat`` at the tournament's other tables,
        in the rule set's warning scope, as this device knows them now (:func:`refapp.store.records.elsewhere`):
        what an incident records so that its table's replay never reads another table (docs/rulings.md)."""
        st, book = self.state, self.book
        if book is None or st is None or st.ruleset is None or not isinstance(seat, int):
            return {}
        if not 0 <= seat < len(st.seats):
            return {}
        try:
            key = (book.table.table_id, st.seats[seat].player, st.session, st.ruleset.id,
                   records.stored_up_to(self.store))  # fmt: skip
            if self._elsewhere[0] != key:  # read once per player while nothing new is stored (a preview per answer)
                away = records.elsewhere(self.store, self.rulesets, tournament_id=book.table.tournament_id,
                                         table_id=book.table.table_id, player=st.seats[seat].player,
                                         ruleset=st.ruleset, session=st.session)  # fmt: skip
                self._elsewhere = (key, away)
            kept, away = self._elsewhere[1], ElsewhereCounts()
            if "warnings" in kept:
                away["warnings"] = kept["warnings"]
            if "ladders" in kept:
                away["ladders"] = dict(kept["ladders"])  # a copy: the caller's event may change it
            return away
        except StoreError as exc:  # a damaged database: the entry itself will say so when it is stored
            _log.warning("the other tables' counts could not be read: %s", exc)
            return {}

    def preview(self, event: EventJson) -> Effect:
        """What the event would do; raises LogError (with a message for the referee) if it cannot apply. The
        ledger's answer is kept for the same event (its id and time aside) on the same stored table: a ruling's last
        answer checks it and Preview shows it, worked out once."""
        book = self.book
        if book is None:
            raise LogError(None, "", key="no_table")
        key = (id(book), len(book.events), book.last_id, {k: v for k, v in event.items() if k not in ("id", "at")})
        if self._previewed is None or self._previewed[0] != key:
            try:
                self._previewed = (key, book.preview(event))
            except LogError as exc:
                self._previewed = (key, exc)
        answer = self._previewed[1]
        if isinstance(answer, LogError):
            raise answer
        return answer

    def record(self, event: EventJson) -> Effect:
        """Store, then apply. Raises StoreError or LogError (nothing stored: the state stays the last stored one).
        A table changed under the entry (another writer stored an event meanwhile) is read again before the
        refusal (:class:`~refapp.store.errors.TableChanged`): never a ruling built on an old state."""
        book = self.book
        if book is None:
            raise NoTable()
        try:
            book.require_holder()  # another device writes this table: never a fork (docs/venue.md)
            self.confirmations.check_entry(event)  # the last hand result waits for an opponent (refapp.core.confirm)
            effect = book.commit(event)
        except TableChanged:
            try:
                book.rebuild()
            finally:
                self.keep_board()
                self.notices.tell(Change.TABLE)
            raise
        self.keep_board()
        maybe_backup(self.store, self.settings.backup_every, failed=lambda exc: self.backup_failed(exc))
        if effect.ruling is not None:
            self.keep_ruling(str(event.get("id")), effect.ruling)
        self.notices.tell(Change.ENTRY | Change.TABLE)
        for listener in list(self.recorded):
            listener(event, effect)
        if event.get("type") in ("win", "draw", "incident"):  # the end of a hand: the time limit may end the hanchan
            self.clock_desk.entry_recorded()
        return effect

    def undo_target(self) -> EventJson | None:
        return self.book.last_undoable() if self.book else None

    def undo(self, reason: str) -> tuple[EventJson, Effect]:
        """Void the last entry: in referee mode, or, in table mode, the table's own last one (:meth:`can_take_back`);
        returns the void and what it did. Raises StoreError (nothing to undo, a referee's entry in table mode, the
        store's refusal) or LogError."""
        target = self.undo_target()
        if target is None:
            raise NothingToUndo()
        if not self.lock.referee_mode and not self.can_take_back():
            raise RefereeOnly()
        event = self.new_event("void", target=target["id"], reason=reason)
        return event, self.record(event)

    def can_take_back(self) -> bool:
        """In table mode, the players may void their own last entry without the PIN: the newest stored event of
        the table, made in table mode (``by: "table"``), with nothing recorded after it (not even a void)."""
        book = self.book
        if book is None or not book.events:
            return False
        last = book.events[-1]
        return (
            last.get("by") == "table" and last.get("type") in ("riichi", "win", "draw") and (last is self.undo_target())
        )

    def events(self) -> list[EventJson]:
        """The open table's stored entries, in its line's order (none without a table)."""
        return self.book.events if self.book else []

    def entry(self, uuid: str) -> EventJson | None:
        """The open table's stored entry with this id, or None."""
        return next((e for e in self.events() if e.get("id") == uuid), None)

    def ruling_of(self, event: EventJson, effect: Effect | None = None) -> str:
        """The kind of ruling an entry applied ("" for none): from its effect, the ledger's last ruling when it is
        the last entry standing, or what was kept when it was recorded or shown (:attr:`ruling_amounts` gets what
        it took from the offender)."""
        eid = str(event.get("id"))
        applied = effect.ruling if effect is not None else None
        if applied is None and event.get("type") == "incident" and self.book is not None and self.is_last(event):
            applied = self.book.ledger.last_ruling  # the last event applied is the last one standing
        if applied is not None:
            self.keep_ruling(eid, applied)
        return self.ruling_kinds.get(eid, "")

    def keep_ruling(self, event_id: str, ruling: Ruling) -> None:
        """What a ruling applied, to say it again (the "Recorded" message, the undo dialog): its kind, and what it
        took from the offender in its unit (a chombo's mode and the overall unit are the open table's rule set's)."""
        self.ruling_kinds[event_id] = ruling.kind
        st = self.state
        rs = st.ruleset if st is not None else None
        said = ruling_amount(
            ruling.kind, ruling.amount, ruling.scope, ruling.chombo_mode, rs.results.overall_unit if rs else 1
        )
        if said is not None:
            self.ruling_amounts[event_id] = said

    def is_last(self, event: EventJson) -> bool:
        """Whether ``event`` is the last entry standing (the one the ledger applied last)."""
        last = self.undo_target()
        return last is not None and last.get("id") == event.get("id")

    # -- the referee called to the table (refapp.store.calls) -----------------------------------------------------

    def open_call(self) -> OpenCall | None:
        """The open table's call that no referee answered yet, or None."""
        table = self.table
        if table is None:
            return None
        try:
            return calls.open_call(self.store, table.tournament_id, table.table_id)
        except StoreError as exc:
            _log.warning("the table's calls could not be read: %s", exc)
            return None

    def call_referee(self) -> None:
        """The players call the referee to the open table (no PIN). Raises StoreError or LogError when refused."""
        table = self.table
        if table is None:
            raise NoTable()
        calls.call_referee(self.store, table.tournament_id, table.table_id, self.who(), self.now())
        self.notices.tell(Change.CALLS)

    def answer_call(self) -> None:
        """The referee answers the open table's call (the face asks the PIN first in table mode)."""
        table = self.table
        if table is None:
            raise NoTable()
        calls.answer_calls(self.store, table.tournament_id, table.table_id, self.settings.referee or "referee",
                           self.now())  # fmt: skip
        self.notices.tell(Change.CALLS)

    def player_counts(self, player: str) -> dict[str, int]:
        if self.table is None:
            return {}
        return search.player_counts(self.store, self.table.tournament_id, player)

    # -- settings ---------------------------------------------------------------------------------------------------

    def save_settings(self) -> None:
        try:
            save_settings(self.data_dir, self.settings, self.store)  # the PIN record is also kept in the database
        except OSError as exc:
            self.settings_failed(exc)

    def set_screen(self, setting: str) -> bool:
        """Full screen "auto" (small or portrait screens), "on" or "off": saved. True when it changed."""
        if setting not in ("auto", "on", "off") or setting == self.settings.fullscreen:
            return False
        self.settings.fullscreen = setting  # type: ignore[assignment]  # checked just above
        self.save_settings()
        self.notices.tell(Change.SETTINGS)
        return True

    # -- the pages' desks -------------------------------------------------------------------------------------------

    @functools.cached_property
    def setup(self) -> SetupDesk:
        return SetupDesk(self)

    @functools.cached_property
    def history(self) -> HistoryDesk:
        return HistoryDesk(self)

    @functools.cached_property
    def clock_desk(self) -> ClockDesk:
        return ClockDesk(self)

    @functools.cached_property
    def results(self) -> ResultsDesk:
        return ResultsDesk(self)

    @functools.cached_property
    def confirmations(self) -> ConfirmDesk:
        return ConfirmDesk(self)

    @functools.cached_property
    def reseat(self) -> ReseatDesk:
        return ReseatDesk(self)

    @functools.cached_property
    def seating(self) -> SeatingDesk:
        return SeatingDesk(self)

    @functools.cached_property
    def venue(self) -> Venue:
        return Venue(self)


__all__ = ["Session", "utc_now"]
