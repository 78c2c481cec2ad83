"""The thin controller between the widgets and the store: intents in, new state out.

Widgets never touch the store or the ledger. They ask the controller to ``preview`` an event (nothing changes),
then to ``commit`` it: the controller stores it (the commit returns only once SQLite's commit returned) and only then
emits ``state_changed`` with the new state. If the store refuses, ``error`` is emitted and the state on screen stays
the last stored one.
"""

from __future__ import annotations

import functools
import uuid
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from ..domain.events import LogError
from ..domain.ledger import Effect, TableState
from ..domain.rules import RuleSet
from ..store import history
from ..store.db import Store, StoreError, TableChanged, TableRef
from ..store.settings import Settings, check_pin, has_pin, locked_for, save_settings
from ..store.snapshot import save_snapshot
from ..store.tablebook import TableBook
from .facts import board_facts

if TYPE_CHECKING:
    from .desk import Desk


def _utc_now() -> datetime:
    return datetime.now(UTC)


class Controller(QObject):
    state_changed = Signal(object)  # TableState | None
    error = Signal(str)
    mode_changed = Signal(bool)  # True = referee mode (unlocked)

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
        self.referee_mode = not has_pin(settings)
        if settings.table_id:
            try:
                self.open_table(store.table(settings.table_id))
            except (StoreError, LogError) as exc:
                self.error.emit(str(exc))

    def _remember_error(self, message: str) -> None:
        self.last_error = message

    # -- table ------------------------------------------------------------------------------------------------

    @property
    def state(self) -> TableState | None:
        return self.book.state if self.book else None

    @property
    def table(self) -> TableRef | None:
        return self.book.table if self.book else None

    def open_table(self, table: TableRef) -> None:
        self.book = TableBook(self.store, table, self.rulesets)
        self.settings.tournament_id, self.settings.table_id = table.tournament_id, table.table_id
        self.save_settings()
        self._keep_board()
        self.state_changed.emit(self.state)
        if self.ruleset_notice:
            self.error.emit(self.ruleset_notice)

    @property
    def ruleset_notice(self) -> str:
        """Set when the current hanchan's rule-set file changed after it started (it keeps the rules it started
        with; the file applies from the next hanchan), else ``""``."""
        return self.book.ruleset_notice() if self.book else ""

    def _keep_board(self) -> None:
        """Keep the board of the stored state for the next start's first frame (refapp.store.snapshot)."""
        book = self.book
        if book is not None:
            last = book.events[-1]["id"] if book.events else None
            facts = board_facts(book.state)
            save_snapshot(self.data_dir, book.table.table_id, len(book.events), last, book.table.number, facts)

    def new_event(self, type_: str, **fields: Any) -> dict[str, Any]:
        """An event dict with a fresh id, the time now and the referee (or "table" in table mode)."""
        who = (self.settings.referee or "referee") if self.referee_mode else "table"
        return {
            "type": type_,
            "id": str(uuid.uuid4()),
            "at": self.clock().isoformat(timespec="seconds"),
            "by": who,
            **fields,
        }

    def preview(self, event: dict[str, Any]) -> Effect:
        """What the event would do; raises LogError (with a message for the referee) if it cannot apply."""
        if self.book is None:
            raise LogError(None, "", "no table is open: set up the table first")
        return self.book.preview(event)

    def commit(self, event: dict[str, Any]) -> Effect | None:
        """Store, then apply. On refusal, emits ``error`` and returns None: the screen keeps the stored state."""
        if self.book is None:
            self.error.emit(self.tr("No table is open: set up the table first."))
            return None
        try:
            effect = self.book.commit(event)
        except TableChanged as exc:
            # another writer (an import, another view) stored an event on this table: show the table as stored and
            # let the referee look at the preview again before confirming; never store a ruling built on an old state
            try:
                self.book.rebuild()
            except (StoreError, LogError) as err:
                self.error.emit(str(err))
            self.error.emit(str(exc))
            self.state_changed.emit(self.state)
            self._keep_board()
            return None
        except (StoreError, LogError) as exc:
            self.error.emit(str(exc))
            self.state_changed.emit(self.state)
            return None
        self.state_changed.emit(self.state)
        self._keep_board()
        self.store.maybe_backup(self.settings.backup_every)
        return effect

    def undo_target(self) -> dict[str, Any] | None:
        return self.book.last_undoable() if self.book else None

    def undo(self, reason: str) -> Effect | None:
        target = self.undo_target()
        if target is None:
            self.error.emit(self.tr("Nothing to undo."))
            return None
        return self.commit(self.new_event("void", target=target["id"], reason=reason))

    # -- history ----------------------------------------------------------------------------------------------

    def player_counts(self, player: str) -> dict[str, int]:
        if self.table is None:
            return {}
        return history.player_counts(self.store, self.table.tournament_id, player)

    # -- the desk pages: setup, history, results (their calls live in refapp.ui.desk) -----------------------

    @functools.cached_property
    def desk(self) -> Desk:
        from .desk import Desk

        return Desk(self)

    # -- referee mode -----------------------------------------------------------------------------------------

    def unlock(self, pin: str) -> str:
        """'ok', 'wrong' or 'locked'; the failure count and lockout are saved."""
        result = check_pin(self.settings, pin, self.clock())
        self.save_settings()
        if result == "ok":
            self.referee_mode = True
            self.mode_changed.emit(True)
        return result

    def locked_seconds(self) -> int:
        return locked_for(self.settings, self.clock())

    def lock(self) -> None:
        if has_pin(self.settings):
            self.referee_mode = False
            self.mode_changed.emit(False)

    def save_settings(self) -> None:
        try:
            save_settings(self.data_dir, self.settings, self.store)  # the PIN record is also kept in the database
        except OSError as exc:
            self.error.emit(self.tr("Settings not saved: %1").replace("%1", str(exc)))
