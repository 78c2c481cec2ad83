"""The app's adapter over the core: intents in, Qt signals out.

Widgets never touch the store or the ledger; the core (:class:`refapp.core.session.Session`) does what they ask.
This adapter turns the core's refusals into the ``error`` signal (said in the screen's language), its "what changed"
notice into ``changed`` (and the older, narrower signals the pages listen to), and runs long work off the GUI thread
(:mod:`.worker`). ``commit`` returns only once SQLite's commit returned; ``state_changed`` follows with the new
state. If the store refuses, ``error`` is emitted and the state on screen stays the last stored one.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal

from ...core import reports
from ...core.changes import Change, weakly
from ...core.confirm import Pending
from ...core.errors import Refused
from ...core.session import Session, utc_now
from ...core.types import OutputError, ReportError, StoreError
from ...domain.events import LogError
from ...domain.messages import Message
from ...domain.reseat import Plan, Seating
from ...domain.rules import RuleSet
from ...domain.table import Effect, TableState
from ...logs import log_path
from .. import report as pdf
from ..clock.model import SessionClockModel
from ..common.describe import describe
from ..common.messages import said
from ..common.texts import amount
from ..venue.desk import VenueDesk
from .lock import LockModel
from .worker import run

if TYPE_CHECKING:
    from ...core.history import HistoryDesk
    from ...core.results import ResultsDesk
    from ...core.seating import SeatingDesk
    from ...core.setup import SetupDesk
    from ...core.types import ElsewhereCounts, EventJson, OpenCall, Settings, Store, TableRef

_log = logging.getLogger("refapp.ui")


class Controller(QObject):
    state_changed = Signal(object)  # TableState | None
    error = Signal(str)
    mode_changed = Signal(bool)  # True = referee mode (unlocked, or no PIN)
    committed = Signal(dict, object)  # an entry just stored and applied, and its Effect (after state_changed)
    screen_changed = Signal(str)  # the full-screen setting: "auto", "on" or "off" (refapp.ui.shell.screen)
    backup_failed = Signal(str)  # emitted by the backup's thread: shown in the window's (queued)
    calls_changed = Signal()  # the referee was called to the open table, or a call was answered
    changed = Signal(object)  # the core's notice: a refapp.core.changes.Change

    def __init__(
        self,
        store: Store,
        rulesets: Mapping[str, RuleSet],
        settings: Settings,
        data_dir: Path,
        clock: Callable[[], datetime] = utc_now,
    ):
        super().__init__()
        self.session = Session(store, rulesets, settings, data_dir, clock)
        s = self.session
        self.last_error = ""
        self.error.connect(self._remember_error)
        self.backup_failed.connect(self._say_backup_failed)
        # the core holds the controller's methods weakly: it never keeps the controller alive (refapp.core.changes)
        s.backup_failed = weakly(self._backup_failed_in_thread)
        s.settings_failed = weakly(self._settings_failed)
        self.modes = LockModel(s.lock, self)  # goes with the controller
        s.notices.listen(self._told)
        s.recorded.append(weakly(self._recorded))
        try:
            notice = s.open_saved_table()
        except (LogError, StoreError) as exc:
            self.error.emit(said(exc))
        else:
            if notice:
                self.error.emit(said(notice))
        self._check_timer = QTimer(self)  # the open's full check runs in the background: say its damage at once
        self._check_timer.setInterval(250)
        self._check_timer.timeout.connect(self._check_done)
        self._check_timer.start()

    # -- the core's notice --------------------------------------------------------------------------------------------

    def _recorded(self, event: EventJson, effect: Effect) -> None:
        self.committed.emit(event, effect)

    def _backup_failed_in_thread(self, exc: BaseException) -> None:
        self.backup_failed.emit(str(exc))  # (queued to the window's thread)

    def _settings_failed(self, exc: OSError) -> None:
        self.error.emit(self.tr("Settings not saved: %1").replace("%1", str(exc)))

    def _told(self, change: Change) -> None:
        if change & Change.MODE:
            self.modes.changed.emit()
            self.mode_changed.emit(self.modes.referee_mode)
        if change & Change.TABLE:
            self.state_changed.emit(self.state)
        if change & Change.CALLS:
            self.calls_changed.emit()
        if change & Change.SETTINGS and self.settings.fullscreen != getattr(self, "_screen", None):
            self._screen = self.settings.fullscreen
        self.changed.emit(change)

    def _check_done(self) -> None:
        if not self.session.check_running():
            self._check_timer.stop()
        before = self.session.damage
        problem = self.session.check_damage()
        if problem and not before:
            self.error.emit(
                self.tr(
                    "The database is damaged (%1). Nothing more can be recorded on this tablet. Quit refapp and "
                    "start it again: it will offer to restore the newest good backup and the rulings recorded after "
                    "it (the damaged file is kept aside)."
                ).replace("%1", problem)
            )

    @property
    def damage(self) -> str:
        return self.session.damage

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

    def refused(self, exc: BaseException) -> None:
        """Say a refusal of the core (a :class:`~refapp.core.errors.Refused`, or a domain or store error)."""
        self.error.emit(said(exc.reason if isinstance(exc, Refused) else exc))

    # -- what the session holds -----------------------------------------------------------------------------------

    @property
    def rulesets(self) -> Mapping[str, RuleSet]:
        return self.session.rulesets

    @property
    def settings(self) -> Settings:
        return self.session.settings

    @property
    def data_dir(self) -> Path:
        return self.session.data_dir

    @property
    def clock(self) -> Callable[[], datetime]:
        return self.session.clock

    @clock.setter
    def clock(self, clock: Callable[[], datetime]) -> None:
        self.session.clock = clock

    @property
    def state(self) -> TableState | None:
        return self.session.state

    @property
    def open_state(self) -> TableState:
        """The state of the open table, for the pages that open only on an open table (the shell checks)."""
        st = self.session.state
        if st is None:
            raise RuntimeError("no table is open: the shell opens this page only on an open table")
        return st

    @property
    def table(self) -> TableRef | None:
        return self.session.table

    # -- the table ----------------------------------------------------------------------------------------------------

    def open_table(self, table: TableRef) -> None:
        notice = self.session.open_table(table)
        if notice:
            self.error.emit(said(notice))

    def reload_table(self) -> None:
        """Read the open table again (a sync merged events, a handover or a resolution changed who writes it or its
        line) and show it."""
        try:
            self.session.reload_table()
        except (LogError, StoreError) as exc:
            self.error.emit(said(exc))

    @property
    def ruleset_notice(self) -> Message:
        return self.session.ruleset_notice

    def new_event(self, type_: str, **fields: Any) -> EventJson:
        return self.session.new_event(type_, **fields)

    def elsewhere(self, seat: object) -> ElsewhereCounts:
        return self.session.elsewhere(seat)

    def preview(self, event: EventJson) -> Effect:
        """What the event would do; raises LogError (with a message for the referee) if it cannot apply."""
        return self.session.preview(event)

    def commit(self, event: EventJson) -> Effect | None:
        """Store, then apply. On refusal, emits ``error`` and returns None: the screen keeps the stored state."""
        try:
            effect = self.session.record(event)
        except (LogError, StoreError) as exc:
            self.error.emit(said(exc))
            self.state_changed.emit(self.state)
            return None
        return effect

    def undo_target(self) -> EventJson | None:
        return self.session.undo_target()

    def undo(self, reason: str) -> Effect | None:
        """Void the last entry: in referee mode, or, in table mode, the table's own last one (:meth:`can_take_back`)."""
        try:
            _event, effect = self.session.undo(reason)
        except (LogError, StoreError) as exc:
            self.error.emit(said(exc))
            return None
        return effect

    def can_take_back(self) -> bool:
        return self.session.can_take_back()

    # -- re-seat the table (refapp.core.reseat) ---------------------------------------------------------------------

    def reseat_preview(self, seating: Seating) -> tuple[Plan | None, str]:
        """What re-seating the open table as ``seating`` would change; (None, what is wrong) when it cannot be."""
        try:
            return self.session.reseat.preview(seating), ""
        except (LogError, StoreError) as exc:
            return None, said(exc)

    def reseat(self, seating: Seating) -> bool:
        """Re-seat the open table and replay its hands (referee mode). False, with ``error`` emitted, when refused:
        nothing stored."""
        try:
            self.session.reseat.apply(seating)
        except (LogError, StoreError) as exc:
            self.error.emit(said(exc))
            return False
        return True

    # -- hand results confirmed by an opponent (refapp.core.confirm) -------------------------------------------------

    def pending_confirmation(self) -> Pending | None:
        """The open table's hand result waiting for an opponent's confirmation, or None."""
        try:
            return self.session.confirmations.pending()
        except (LogError, StoreError) as exc:
            _log.warning("the confirmations could not be read: %s", exc)
            return None

    def confirm_result(self, seat: int) -> bool:
        """The player in ``seat`` confirms the waiting result. False, with ``error`` emitted, when refused."""
        return self._done(lambda: self.session.confirmations.confirm(seat))

    def confirm_as_referee(self) -> bool:
        """A referee confirms the waiting result on the players' behalf (the shell asked the PIN)."""
        return self._done(self.session.confirmations.confirm_as_referee)

    def confirm_rule(self) -> bool:
        """Whether the open table's tournament asks for an opponent's confirmation of each hand result."""
        try:
            return self.session.confirmations.rule().on
        except StoreError:
            return False

    def set_confirm_rule(self, on: bool) -> bool:
        """Turn the open table's tournament setting on or off (referee mode)."""
        return self._done(lambda: self.session.confirmations.set_rule(on))

    # -- the referee called to the table ----------------------------------------------------------------------------

    def open_call(self) -> OpenCall | None:
        return self.session.open_call()

    def call_referee(self) -> bool:
        """The players call the referee to the open table (no PIN). False, with ``error`` emitted, when refused."""
        return self._done(self.session.call_referee)

    def answer_call(self) -> bool:
        """The referee answers the open table's call (the shell asks the PIN first in table mode)."""
        return self._done(self.session.answer_call)

    def _done(self, act: Callable[[], None]) -> bool:
        try:
            act()
        except (LogError, Refused, StoreError) as exc:
            self.refused(exc)
            return False
        return True

    def player_counts(self, player: str) -> dict[str, int]:
        return self.session.player_counts(player)

    # -- the pages' desks ---------------------------------------------------------------------------------------------

    @property
    def setup(self) -> SetupDesk:
        return self.session.setup

    @property
    def history(self) -> HistoryDesk:
        return self.session.history

    @property
    def results(self) -> ResultsDesk:
        return self.session.results

    @property
    def seating(self) -> SeatingDesk:
        return self.session.seating

    def write_report(self, language: str, incident: str | None, done: Callable[[Path | None, object], None]) -> None:
        """Write the report of one incident (its id) or, without one, of the open table's tournament, in
        ``language``, into the data folder's ``reports/``: its words here, its pages painted and its file written in
        a worker. ``done(path, None)`` when written, ``done(None, what went wrong)`` otherwise."""
        try:
            report, name = reports.compose(self.session, language, incident)
            prepared = pdf.prepare(report, self.rulesets, language, printed=self.clock())
        except (ReportError, StoreError) as exc:
            done(None, exc)
            return
        data_dir = self.data_dir

        def work(_progress: Callable[[object], None]) -> Path:
            return reports.save(data_dir, name, pdf.paint(prepared).data)

        def ended(path: Path | None, exc: BaseException | None) -> None:
            if exc is not None and not isinstance(exc, (OutputError, OSError)):
                raise exc
            done(path, exc)

        run(self, work, ended, name="refapp-report")

    @functools.cached_property
    def venue(self) -> VenueDesk:
        return VenueDesk(self)

    @functools.cached_property
    def session_clock(self) -> SessionClockModel:
        """The open table's session clock (refapp.ui.clock.model)."""
        return SessionClockModel(self)

    # -- referee mode -------------------------------------------------------------------------------------------------

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
        if self.session.set_screen(setting):
            self.screen_changed.emit(setting)

    def save_settings(self) -> None:
        self.session.save_settings()

    # -- the table's own entries, in words (refapp.ui.common.describe) ------------------------------------------------

    def describe_entry(self, event: EventJson, effect: Effect | None = None) -> str:
        """One line in words for a stored entry of the open table (the undo dialog, the "Recorded" message)."""
        s = self.session
        st = s.state
        names = [seat.player for seat in st.seats] if st is not None else []
        if event.get("type") == "hanchan_start":
            names = list(event.get("players") or [])
            if event.get("hanchan") is None and st is not None and st.started and s.is_last(event):
                event = {**event, "hanchan": st.hanchan}  # the number the ledger gave it
        chombo_word = st.ruleset.chombo_word if st is not None and st.ruleset is not None else "chombo"
        ruling = s.ruling_of(event, effect)
        target_id = str(event.get("target"))
        target = s.entry(target_id) if event.get("type") == "void" else None
        target_ruling = s.ruling_kinds.get(target_id, "")
        said, said_target = s.ruling_amounts.get(str(event.get("id"))), s.ruling_amounts.get(target_id)
        head_bump = st is not None and st.ruleset is not None and st.ruleset.scoring.multiple_ron == "head_bump"
        return describe(
            event, names, ruling, chombo_word, target, target_ruling,
            amount=amount(said) if said is not None else "",
            target_amount=amount(said_target) if said_target is not None else "",
            head_bump=head_bump,
        )  # fmt: skip


__all__ = ["Controller"]
