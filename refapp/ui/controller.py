"""The thin controller between the widgets and the store: intents in, new state out.

Widgets never touch the store or the ledger. They ask the controller to ``preview`` an event (nothing changes),
then to ``commit`` it: the controller stores it (the commit returns only once SQLite's commit returned) and only then
emits ``state_changed`` with the new state. If the store refuses, ``error`` is emitted and the state on screen stays
the last stored one.
"""

from __future__ import annotations

import functools
import logging
import uuid
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal

from ..domain.events import LogError
from ..domain.messages import Message
from ..domain.numbers import Shown, ruling_amount
from ..domain.rules import RuleSet
from ..domain.rulings import Ruling
from ..domain.table import Effect, TableState
from ..logs import log_path
from ..store import calls, history, records
from ..store.db import Store, StoreError, TableChanged, TableRef
from ..store.settings import Settings, save_settings
from ..store.snapshot import save_snapshot
from ..store.tablebook import TableBook
from .describe import describe
from .facts import board_facts
from .lock import LockModel
from .messages import said
from .texts import amount

if TYPE_CHECKING:
    from ..store.calls import OpenCall
    from .clock_model import SessionClockModel
    from .desk import Desk
    from .venue_desk import VenueDesk

_log = logging.getLogger("refapp.ui")


def _utc_now() -> datetime:
    return datetime.now(UTC)


class Controller(QObject):
    state_changed = Signal(object)  # TableState | None
    error = Signal(str)
    mode_changed = Signal(bool)  # True = referee mode (unlocked, or no PIN)
    committed = Signal(dict, object)  # an event just stored and applied, and its Effect (after state_changed)
    screen_changed = Signal(str)  # the full-screen setting: "auto", "on" or "off" (refapp.ui.screen)
    backup_failed = Signal(str)  # emitted by the backup's thread: shown in the window's (queued)
    calls_changed = Signal()  # the referee was called to the open table, or a call was answered

    def __init__(
        self,
        store: Store,
        rulesets: Mapping[str, RuleSet],
        settings: Settings,
        data_dir: Path,
        clock: Callable[[], datetime] = _utc_now,
    ):
        super().__init__()
        self.store = store
        self.rulesets = rulesets
        self.settings = settings
        self.data_dir = data_dir
        self.clock = clock
        self.book: TableBook | None = None
        self.last_error = ""
        self.error.connect(self._remember_error)
        self.backup_failed.connect(self._say_backup_failed)
        self.modes = LockModel(settings, lambda: self.clock(), self.save_settings, self)  # goes with the controller
        self._ruling_kinds: dict[str, str] = {}  # event id → the applied ruling's kind (to say an undone ruling)
        self._ruling_amounts: dict[str, Shown] = {}  # event id → what the ruling took from the offender, if anything
        self._previewed: tuple[Any, Effect | LogError] | None = None  # the last preview asked for: preview()
        self._elsewhere: tuple[Any, dict[str, Any]] = (None, {})  # (what it was read for, the counts): elsewhere()
        self.modes.changed.connect(lambda: self.mode_changed.emit(self.modes.referee_mode))
        if settings.table_id:
            try:
                self.open_table(store.table(settings.table_id))
            except (StoreError, LogError) as exc:
                self.error.emit(said(exc))
        self._check_timer = QTimer(self)  # the open's full check runs in the background: say its damage at once
        self._check_timer.setInterval(250)
        self._check_timer.timeout.connect(self._check_done)
        self._check_timer.start()
        self.damage = ""  # set when the background check found damage (nothing more can be recorded)

    def _check_done(self) -> None:
        check = getattr(self.store, "_check", None)
        if check is None or check.done():
            self._check_timer.stop()
        problem = self.store.check_problem()
        if problem and not self.damage:
            self.damage = problem
            self.error.emit(
                self.tr(
                    "The database is damaged (%1). Nothing more can be recorded on this tablet. Quit refapp and "
                    "start it again: it will offer to restore the newest good backup and the rulings recorded after "
                    "it (the damaged file is kept aside)."
                ).replace("%1", problem)
            )

    def _remember_error(self, message: str) -> None:
        self.last_error = message
        _log.warning("shown: %s", message)

    def _say_backup_failed(self, reason: str) -> None:
        """A backup failed in the background (logged by the store): one line in the window; play goes on."""
        path = log_path()
        text = self.tr("The automatic backup failed (%1); play goes on and the next backup will be tried.").replace(
            "%1", reason
        )
        if path is not None:
            text += " " + self.tr("See the log: %1").replace("%1", str(path))
        self.error.emit(text)

    # -- table ------------------------------------------------------------------------------------------------

    @property
    def state(self) -> TableState | None:
        return self.book.state if self.book else None

    @property
    def open_state(self) -> TableState:
        """The state of the open table, for the pages that open only on an open table (the shell checks)."""
        if self.book is None:
            raise RuntimeError("no table is open: the shell opens this page only on an open table")
        return self.book.state

    @property
    def table(self) -> TableRef | None:
        return self.book.table if self.book else None

    def open_table(self, table: TableRef) -> None:
        self.book = TableBook(self.store, table, self.rulesets)
        self.settings.tournament_id, self.settings.table_id = table.tournament_id, table.table_id
        self.save_settings()
        self._keep_board()
        self.state_changed.emit(self.state)
        notice = self.ruleset_notice
        if notice:
            self.error.emit(said(notice))

    def reload_table(self) -> None:
        """Read the open table again (a sync merged events, a handover or a resolution changed who writes it or its
        line) and show it."""
        if self.book is None:
            return
        try:
            self.book.rebuild()
        except (StoreError, LogError) as exc:
            self.error.emit(said(exc))
        self._keep_board()
        self.state_changed.emit(self.state)

    @property
    def ruleset_notice(self) -> Message:
        """Set when the current hanchan's rule-set file changed after it started (it keeps the rules it started
        with; the file applies from the next hanchan), else ``""``."""
        return self.book.ruleset_notice() if self.book else Message("")

    def _keep_board(self) -> None:
        """Keep the board of the stored state for the next start's first frame (refapp.store.snapshot)."""
        book = self.book
        if book is not None:
            last = str(book.events[-1]["id"]) if book.events else None
            facts = board_facts(book.state)
            save_snapshot(self.data_dir, book.table.table_id, len(book.events), last, book.table.number, facts)

    def new_event(self, type_: str, **fields: Any) -> dict[str, Any]:
        """An event dict with a fresh id, the time now and the referee (or "table" in table mode). An incident also
        records the player's warnings and ladder steps at the tournament's other tables (:meth:`elsewhere`)."""
        who = (self.settings.referee or "referee") if self.referee_mode else "table"
        event = {
            "type": type_,
            "id": str(uuid.uuid4()),
            "at": self.clock().isoformat(timespec="seconds"),
            "by": who,
            **fields,
        }
        if type_ == "incident" and "elsewhere" not in fields:
            away = self.elsewhere(fields.get("seat"))
            if away:
                event["elsewhere"] = away
        return event

    def elsewhere(self, seat: Any) -> dict[str, Any]:
        """The standing warnings and warning-ladder steps of the player in ``seat`` at the tournament's other tables,
        in the rule set's warning scope, as this device knows them now (:func:`refapp.store.records.elsewhere`):
        what an incident records so that its table's replay never reads another table (docs/rulings.md)."""
        st, book = self.state, self.book
        if book is None or st is None or st.ruleset is None or not isinstance(seat, int):
            return {}
        if not 0 <= seat < len(st.seats):
            return {}
        try:
            key = (
                book.table.table_id,
                st.seats[seat].player,
                st.session,
                st.ruleset.id,
                records.stored_up_to(self.store),
            )
            if self._elsewhere[0] != key:  # read once per player while nothing new is stored (a preview per answer)
                away = records.elsewhere(self.store, self.rulesets, tournament_id=book.table.tournament_id,
                                         table_id=book.table.table_id, player=st.seats[seat].player,
                                         ruleset=st.ruleset, session=st.session)  # fmt: skip
                self._elsewhere = (key, away)
            return {k: dict(v) if isinstance(v, dict) else v for k, v in self._elsewhere[1].items()}
        except StoreError as exc:  # a damaged database: the entry itself will say so when it is stored
            _log.warning("the other tables' counts could not be read: %s", exc)
            return {}

    def preview(self, event: dict[str, Any]) -> Effect:
        """What the event would do; raises LogError (with a message for the referee) if it cannot apply. The
        ledger's answer is kept for the same event (its id and time aside) on the same stored table: a ruling's last
        answer checks it and Preview shows it, worked out once."""
        book = self.book
        if book is None:
            raise LogError(None, "", "no table is open: set up the table first")
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

    def commit(self, event: dict[str, Any]) -> Effect | None:
        """Store, then apply. On refusal, emits ``error`` and returns None: the screen keeps the stored state."""
        if self.book is None:
            self.error.emit(self.tr("No table is open: set up the table first."))
            return None
        try:
            self.book.require_holder()  # another device writes this table: never a fork (docs/venue.md)
            effect = self.book.commit(event)
        except TableChanged as exc:
            # another writer (an import, another view) stored an event on this table: show the table as stored and
            # let the referee look at the preview again before confirming; never store a ruling built on an old state
            try:
                self.book.rebuild()
            except (StoreError, LogError) as err:
                self.error.emit(said(err))
            self.error.emit(said(exc))
            self.state_changed.emit(self.state)
            self._keep_board()
            return None
        except (StoreError, LogError) as exc:
            self.error.emit(said(exc))
            self.state_changed.emit(self.state)
            return None
        self.state_changed.emit(self.state)
        self._keep_board()
        self.store.maybe_backup(self.settings.backup_every, failed=lambda exc: self.backup_failed.emit(str(exc)))
        if effect.ruling is not None:
            self._keep_ruling(str(event.get("id")), effect.ruling)
        self.committed.emit(event, effect)
        if event.get("type") in ("win", "draw", "incident"):  # the end of a hand: the time limit may end the hanchan
            self.session_clock.entry_recorded()
        return effect

    def undo_target(self) -> dict[str, Any] | None:
        return self.book.last_undoable() if self.book else None

    def undo(self, reason: str) -> Effect | None:
        """Void the last entry: in referee mode, or, in table mode, the table's own last one (:meth:`can_take_back`)."""
        target = self.undo_target()
        if target is None:
            self.error.emit(self.tr("Nothing to undo."))
            return None
        if not self.referee_mode and not self.can_take_back():
            self.error.emit(self.tr("Only the referee can undo this entry (with the PIN)."))
            return None
        return self.commit(self.new_event("void", target=target["id"], reason=reason))

    # -- the referee called to the table (refapp.store.calls) -----------------------------------------------

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

    def call_referee(self) -> bool:
        """The players call the referee to the open table (no PIN). False, with ``error`` emitted, when refused."""
        table = self.table
        if table is None:
            return False
        by = (self.settings.referee or "referee") if self.referee_mode else "table"
        try:
            calls.call_referee(
                self.store, table.tournament_id, table.table_id, by, self.clock().isoformat(timespec="seconds")
            )
        except (StoreError, LogError) as exc:
            self.error.emit(said(exc))
            return False
        self.calls_changed.emit()
        return True

    def answer_call(self) -> bool:
        """The referee answers the open table's call (the shell asks the PIN first in table mode)."""
        table = self.table
        if table is None:
            return False
        try:
            calls.answer_calls(self.store, table.tournament_id, table.table_id, self.settings.referee or "referee",
                               self.clock().isoformat(timespec="seconds"))  # fmt: skip
        except (StoreError, LogError) as exc:
            self.error.emit(said(exc))
            return False
        self.calls_changed.emit()
        return True

    # -- history ----------------------------------------------------------------------------------------------

    def player_counts(self, player: str) -> dict[str, int]:
        if self.table is None:
            return {}
        return history.player_counts(self.store, self.table.tournament_id, player)

    # -- the desk pages: setup, history, results (their calls live in refapp.ui.desk) -----------------------

    @functools.cached_property
    def venue(self) -> VenueDesk:
        from .venue_desk import VenueDesk

        return VenueDesk(self)

    @functools.cached_property
    def desk(self) -> Desk:
        from .desk import Desk

        return Desk(self)

    @functools.cached_property
    def session_clock(self) -> SessionClockModel:
        """The open table's session clock (refapp.ui.clock_model)."""
        from .clock_model import SessionClockModel

        return SessionClockModel(self)

    # -- referee mode (refapp.ui.lock) ------------------------------------------------------------------------

    @property
    def referee_mode(self) -> bool:
        """Referee actions allowed without the PIN: unlocked with the PIN, or no PIN at all."""
        return self.modes.referee_mode

    def unlock(self, pin: str) -> str:
        """'ok', 'wrong' or 'locked'; the failure count and lockout are saved."""
        return self.modes.unlock(pin)

    def locked_seconds(self) -> int:
        return self.modes.locked_seconds()

    def lock(self) -> None:
        self.modes.lock()

    def referee_action_done(self) -> None:
        """A ruling confirmed or cancelled, an undo, Setup left: back to table mode (now or after the set time)."""
        self.modes.referee_action_done()

    def set_screen(self, setting: str) -> None:
        """Full screen "auto" (small or portrait screens), "on" or "off": saved, and applied by the window."""
        if setting in ("auto", "on", "off") and setting != self.settings.fullscreen:
            self.settings.fullscreen = setting  # type: ignore[assignment]  # checked just above
            self.save_settings()
            self.screen_changed.emit(setting)

    def save_settings(self) -> None:
        try:
            save_settings(self.data_dir, self.settings, self.store)  # the PIN record is also kept in the database
        except OSError as exc:
            self.error.emit(self.tr("Settings not saved: %1").replace("%1", str(exc)))

    # -- the table's own entries, in words (refapp.ui.describe) -----------------------------------------------

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

    def _is_last(self, event: dict[str, Any]) -> bool:
        """Whether ``event`` is the last entry standing (the one the ledger applied last)."""
        last = self.undo_target()
        return last is not None and last.get("id") == event.get("id")

    def describe_entry(self, event: dict[str, Any], effect: Effect | None = None) -> str:
        """One line in words for a stored entry of the open table (the undo dialog, the "Recorded" message)."""
        st = self.state
        names = [s.player for s in st.seats] if st is not None else []
        if event.get("type") == "hanchan_start":
            names = list(event.get("players") or [])
            if event.get("hanchan") is None and st is not None and st.started and self._is_last(event):
                event = {**event, "hanchan": st.hanchan}  # the number the ledger gave it
        chombo_word = st.ruleset.chombo_word if st is not None and st.ruleset is not None else "chombo"
        eid = str(event.get("id"))
        applied = effect.ruling if effect is not None else None
        if applied is None and event.get("type") == "incident" and self.book is not None and self._is_last(event):
            applied = self.book.ledger.last_ruling  # the last event applied is the last one standing
        if applied is not None:
            self._keep_ruling(eid, applied)
        ruling = self._ruling_kinds.get(eid, "")
        target = None
        if event.get("type") == "void" and self.book is not None:
            target = next((e for e in self.book.events if e.get("id") == event.get("target")), None)
        target_id = str(event.get("target"))
        target_ruling = self._ruling_kinds.get(target_id, "")
        said, said_target = self._ruling_amounts.get(eid), self._ruling_amounts.get(target_id)
        return describe(
            event, names, ruling, chombo_word, target, target_ruling,
            amount=amount(said) if said is not None else "",
            target_amount=amount(said_target) if said_target is not None else "",
        )  # fmt: skip

    def _keep_ruling(self, event_id: str, ruling: Ruling) -> None:
        """What a ruling applied, to say it again (the "Recorded" message, the undo dialog): its kind, and what it
        took from the offender in its unit (a chombo's mode and the overall unit are the open table's rule set's)."""
        self._ruling_kinds[event_id] = ruling.kind
        rs = self.state.ruleset if self.state is not None else None
        said = ruling_amount(
            ruling.kind, ruling.amount, ruling.scope, ruling.chombo_mode, rs.results.overall_unit if rs else 1
        )
        if said is not None:
            self._ruling_amounts[event_id] = said
