"""The Tables page's calls into the store: this device, the devices it knows, the shared folder's sync, the
tables of the tournament, the conflicts, handovers.

The :class:`~refapp.ui.controller.Controller` owns one (``controller.venue``). It syncs with the shared folder
(``docs/venue.md``) when asked, and, with **Sync automatically** on, after each entry (a second and a half later, so
a burst of entries is one sync), whenever the folder changes (a file watcher) and every 30 seconds (network shares do
not always say when a file changed). A sync runs on the main thread between two taps: a sync that brings a few new
events takes a few tens of milliseconds; the first one into an empty device takes seconds, and says so.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

from ..store import devices as device_store
from ..store.branches import in_conflict
from ..store.calls import calls
from ..store.db import StoreError
from ..store.sync import SyncError, SyncReport, sync
from ..store.syncfolder import watched_paths
from ..store.venue_reads import (
    ConflictView,
    DeviceRow,
    KeyConflictView,
    UnheldView,
    conflict_views,
    held_summary,
    key_conflict_views,
    unheld_views,
)
from ..store.venue_reads import devices as device_rows

if TYPE_CHECKING:
    from .controller import Controller


@dataclass(frozen=True, slots=True)
class TableCard:
    """One table of the tournament as the switcher and the dashboard show it (read from its newest entry, no replay)."""

    table_id: str
    number: int
    hanchan: int  # 0: nothing recorded yet
    round_wind: int  # 0-3: East..North, after the newest entry
    hand: int
    last_type: str  # the newest entry's type ("" when none)
    last_at: str  # its time
    finished: bool  # the hanchan in play is over
    held_here: bool  # this device writes the table
    holder: str  # who writes it, as a person knows the device
    conflict: bool  # two devices wrote it after the same event, not resolved yet
    is_open: bool  # the table shown on the board
    called_at: str = ""  # when the players called the referee, no referee having answered yet ("" for no open call)
    last_read: str = ""  # when this device last read the journal of the device that writes it ("" for never, or for
    # a table this device writes)


class VenueDesk(QObject):
    synced = Signal()  # a sync ran (its report, or its problem, is in last_report / last_problem)
    changed = Signal()  # the tables, devices or conflicts may have changed (a sync, a trust, a resolution)

    def __init__(self, controller: Controller):
        super().__init__(controller)
        self.c = controller
        self.last_report: SyncReport | None = None
        self.last_problem = ""
        self.last_at: datetime | None = None
        self._after_entry = QTimer(self)
        self._after_entry.setSingleShot(True)
        self._after_entry.setInterval(1500)
        self._after_entry.timeout.connect(self.sync_now)
        self._poll = QTimer(self)
        self._poll.setInterval(30_000)
        self._poll.timeout.connect(self._auto)
        self._watcher = QFileSystemWatcher(self)
        self._watcher.directoryChanged.connect(self._folder_changed)
        self._watcher.fileChanged.connect(self._folder_changed)
        controller.committed.connect(lambda *_: self._entry_recorded())
        self._several = False  # this device knows several tables (read again when they may have changed)
        self.changed.connect(self._count_tables)
        controller.state_changed.connect(lambda _: self._count_tables())
        self._count_tables()
        self._apply_auto()

    # -- this device ------------------------------------------------------------------------------------------------

    @property
    def fingerprint(self) -> str:
        key = self.c.store.key
        return key.fingerprint if key is not None else ""

    # -- sync -------------------------------------------------------------------------------------------------------

    @property
    def folder(self) -> str:
        return self.c.settings.sync_folder

    @property
    def auto(self) -> bool:
        return self.c.settings.sync_auto

    def set_folder(self, folder: str) -> None:
        self.c.settings.sync_folder = folder
        self.c.save_settings()
        self._apply_auto()
        self.changed.emit()

    def set_auto(self, on: bool) -> None:
        self.c.settings.sync_auto = on
        self.c.save_settings()
        self._apply_auto()
        self.changed.emit()

    def _count_tables(self) -> None:
        self._several = self.c.store.conn.execute("SELECT count(*) FROM game_tables").fetchone()[0] > 1

    def _apply_auto(self) -> None:
        for path in self._watcher.directories() + self._watcher.files():
            self._watcher.removePath(path)
        if self.auto and self.folder:
            self._poll.start()
            self._watch()
        else:
            self._poll.stop()

    def _watch(self) -> None:
        paths = watched_paths(Path(self.folder), self.c.store.device_id)
        have = set(self._watcher.directories() + self._watcher.files())
        new = [p for p in paths if p not in have]
        if new:
            self._watcher.addPaths(new)

    def _entry_recorded(self) -> None:
        if self.auto and self.folder:
            self._after_entry.start()

    def _folder_changed(self, _path: str) -> None:
        if self.auto and self.folder and not self._after_entry.isActive():
            self._after_entry.start()

    def _auto(self) -> None:
        if self.auto and self.folder:
            self.sync_now()

    def sync_now(self) -> SyncReport | None:
        """Sync with the shared folder now; the open table is read again when it got new events."""
        if not self.folder:
            return None
        before = self._open_head()
        try:
            report = sync(self.c.store, Path(self.folder), self.c.rulesets)
        except (SyncError, StoreError, OSError) as exc:
            self.last_problem = str(exc)
            self.synced.emit()
            return None
        self.last_report, self.last_problem, self.last_at = report, "", self.c.clock()
        if self._open_head() != before:
            self.c.reload_table()
        if self.auto:
            self._watch()
        self.synced.emit()
        self.changed.emit()
        return report

    def _open_head(self) -> str | None:
        table = self.c.table
        return self.c.store.last_event_id(table.table_id) if table is not None else None

    # -- devices ----------------------------------------------------------------------------------------------------

    def devices(self) -> list[DeviceRow]:
        return device_rows(self.c.store)

    def trust(self, fingerprint: str, name: str, role: str) -> None:
        """Trust a device (role "table" or "head"), or stop trusting it ("revoked"); merges what it had held.
        Raises ValueError (a mistyped fingerprint) or StoreError."""
        from ..store.sync import merge_held

        device_store.add_trust(self.c.store, fingerprint, name, role, by=self.c.settings.referee)
        if role != "revoked":
            merge_held(self.c.store, self.c.rulesets)
        self.c.reload_table()
        self.changed.emit()

    def held(self) -> list[dict[str, Any]]:
        return held_summary(self.c.store)

    def suggested_name(self, device_id: str | None) -> str:
        """A name for a device not trusted yet: the tables its held events concern ("Table 7"), else ""."""
        if device_id is None:
            return ""
        for h in self.held():
            if h["device"] == device_id and h["numbers"]:
                return ", ".join(str(n) for n in h["numbers"])
        return ""

    def wanted(self) -> bool:
        """Whether the top bar offers the Tables page: a shared folder is set, or this device knows several tables
        (single-device use keeps its top bar as it was)."""
        return bool(self.folder) or self._several

    # -- tables -----------------------------------------------------------------------------------------------------

    def tournament_id(self) -> str | None:
        """The tournament the Tables page shows: the open table's (else the newest one); None before any."""
        tournament = self.c.settings.tournament_id
        if tournament:
            return tournament
        tournaments = self.c.store.tournaments()
        return str(tournaments[-1]["id"]) if tournaments else None

    def tables(self) -> list[TableCard]:
        """The tables of the open table's tournament (else the newest tournament), by number: each from its newest
        entry, its open call and when this device last read the journal of the device that writes it, so the
        switcher paints at once whatever the history's size."""
        store = self.c.store
        tournament = self.tournament_id()
        if tournament is None:
            return []
        conn = store.conn
        try:
            open_calls = calls(store, tournament)
        except StoreError:
            open_calls = {}
        read = dict(conn.execute("SELECT device_id, max(last_read) FROM peers GROUP BY device_id").fetchall())
        names: dict[str, str] = {}
        rows = conn.execute(
            "SELECT t.id, t.number, (SELECT max(e.seq) FROM events e WHERE e.table_id = t.id) FROM game_tables t "
            "WHERE t.tournament_id = ? ORDER BY t.number",
            (tournament,),
        ).fetchall()
        open_id = self.c.table.table_id if self.c.table is not None else None
        forked = {r[0] for r in conn.execute("SELECT DISTINCT table_id FROM table_forks")}
        forked |= {r[0] for r in conn.execute("SELECT DISTINCT table_id FROM unheld")}  # (written without holding)
        out = []
        for table_id, number, seq in rows:
            last = None
            if table_id in forked:
                head = store.last_event_id(table_id)
                seq = conn.execute("SELECT seq FROM events WHERE uuid = ?", (head,)).fetchone()[0] if head else None
            if seq is not None:
                last = conn.execute("SELECT type, at, hanchan_no, ruling FROM events WHERE seq = ?", (seq,)).fetchone()
            holder = device_store.holder(conn, table_id, store.device_id) or store.device_id
            hanchan, wind, hand, finished = 0, 0, 1, False
            if last is not None:
                effect = json.loads(last[3]) if last[3] else {}
                after = (effect.get("hand") or [[0, 1], [0, 1]])[-1]
                wind, hand = int(after[0]), int(after[1])
                hanchan = int(last[2] or 0)
                finished = bool(effect.get("game_over")) or last[0] == "hanchan_end"
            conflict = table_id in forked and in_conflict(conn, table_id)
            here = holder == store.device_id
            if holder not in names:
                names[holder] = device_store.device_name(conn, holder, store.device_id)
            call = open_calls.get(table_id)
            out.append(TableCard(table_id, int(number), hanchan, wind, hand, last[0] if last else "",
                                 last[1] if last else "", finished, here, names[holder], conflict,
                                 table_id == open_id, call.since if call is not None else "",
                                 "" if here else str(read.get(holder) or "")))  # fmt: skip
        return out

    def open_table(self, table_id: str) -> None:
        """Show this table on the board (the switcher)."""
        self.c.open_table(self.c.store.table(table_id))
        self.changed.emit()

    def holder_of_open(self) -> tuple[bool, str]:
        """(this device writes the open table, who does), (True, "") without a table."""
        book = self.c.book
        if book is None or book.held_here():
            return True, ""
        return False, book.holder_name

    def open_in_conflict(self) -> bool:
        return self.c.book is not None and self.c.book.in_conflict

    def take_over(self) -> None:
        """This device writes the open table from now on (a handover entry; the shell asked for the PIN)."""
        from .messages import said

        table = self.c.table
        if table is None:
            return
        try:
            device_store.handover(self.c.store, table, self.c.settings.referee)
        except StoreError as exc:
            self.c.error.emit(said(exc))
            return
        self.c.reload_table()
        self._entry_recorded()
        self.changed.emit()

    # -- conflicts --------------------------------------------------------------------------------------------------

    def conflicts(self, include_resolved: bool = False) -> list[ConflictView]:
        return conflict_views(self.c.store, include_resolved=include_resolved)

    def resolve(self, view: ConflictView, keep: str, reason: str) -> None:
        """Keep the branch whose first event is ``keep``; the others are set aside with ``reason`` (the shell asked
        for the PIN). Raises ValueError with one line (no reason given...)."""
        device_store.resolve(self.c.store, view.table_id, view.after, keep, reason, self.c.settings.referee)
        self.c.reload_table()
        self._entry_recorded()
        self.changed.emit()

    def unheld(self, include_resolved: bool = True) -> list[UnheldView]:
        """Entries written at a table by a device that did not hold it, waiting for the head referee."""
        return unheld_views(self.c.store, include_resolved=include_resolved)

    def key_conflicts(self, include_resolved: bool = True) -> list[KeyConflictView]:
        """Keys seen under several device ids (copied keys), and device ids with two histories."""
        return key_conflict_views(self.c.store, include_resolved=include_resolved)

    def rule_unheld(self, view: UnheldView, decision: str, reason: str) -> None:
        """Let the entries stand ("accept") or set them aside ("set_aside") (the shell asked for the PIN). Raises
        ValueError with one line."""
        device_store.rule_unheld(self.c.store, view.table_id, view.first, decision, reason, self.c.settings.referee)
        self.c.reload_table()
        self._entry_recorded()
        self.changed.emit()

    def keep_key(self, view: KeyConflictView, device: str, reason: str) -> None:
        """The key speaks for ``device`` only (the shell asked for the PIN); what it had held merges. Raises
        ValueError with one line."""
        from ..store.sync import merge_held

        device_store.keep_key(self.c.store, view.fingerprint, device, reason, self.c.settings.referee)
        merge_held(self.c.store, self.c.rulesets)
        self.c.reload_table()
        self._entry_recorded()
        self.changed.emit()


__all__ = ["TableCard", "VenueDesk"]
