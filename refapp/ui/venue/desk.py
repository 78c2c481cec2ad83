"""The venue's Qt side: when to sync, and the signals the Tables page listens to. What the venue is, and what a sync
does, is the core's (:mod:`refapp.core.venue`).

The :class:`~refapp.ui.shell.controller.Controller` owns one (``controller.venue``). It syncs with the shared folder
(``docs/venue.md``) when asked, and, with **Sync automatically** on, after each entry (a second and a half later, so
a burst of entries is one sync), whenever the folder changes (a file watcher) and every 30 seconds (network shares do
not always say when a file changed). A sync runs in a worker thread with its own connection to the store
(:mod:`refapp.ui.shell.worker`): the board goes on answering taps while it runs.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QEventLoop, QFileSystemWatcher, QObject, QTimer, Signal

from ...core.changes import Change
from ...core.errors import Refused
from ...core.types import StoreError
from ...core.venue import SyncOutcome, SyncProgress, TableCard, Venue
from ...domain.events import LogError
from ..shell.worker import Job, run

if TYPE_CHECKING:
    from ...core.types import ConflictView, DeviceRow, HeldDevice, KeyConflictView, SyncReport, UnheldView
    from ..shell.controller import Controller


class VenueDesk(QObject):
    synced = Signal()  # a sync ran (its report, or its problem, is in last_report / last_problem)
    changed = Signal()  # the tables, devices or conflicts may have changed (a sync, a trust, a resolution)
    progressed = Signal()  # a running sync read another device's journal (``progress``)

    def __init__(self, controller: Controller):
        super().__init__(controller)
        self.c = controller
        self.core: Venue = controller.session.venue
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
        controller.changed.connect(self._told)
        self._job: Job | None = None
        self._again = False  # a sync was asked for while one ran
        self.progress: SyncProgress | None = None  # how far the running sync is
        self._apply_auto()

    def _told(self, change: Change) -> None:
        if change & Change.ENTRY:
            self._entry_recorded()
        if change & (Change.VENUE | Change.TABLE):
            self.changed.emit()

    # -- this device and the folder -----------------------------------------------------------------------------------

    @property
    def fingerprint(self) -> str:
        return self.core.fingerprint

    @property
    def folder(self) -> str:
        return self.core.folder

    @property
    def auto(self) -> bool:
        return self.core.auto

    def set_folder(self, folder: str) -> None:
        self.core.set_folder(folder)
        self._apply_auto()

    def set_auto(self, on: bool) -> None:
        self.core.set_auto(on)
        self._apply_auto()

    def wanted(self) -> bool:
        return self.core.wanted()

    # -- sync ---------------------------------------------------------------------------------------------------------

    @property
    def last_report(self) -> SyncReport | None:
        return self.core.last.report if self.core.last is not None else None

    @property
    def last_problem(self) -> str:
        return self.core.last.problem if self.core.last is not None else ""

    @property
    def last_at(self) -> datetime | None:
        last = self.core.last
        return last.at if last is not None and last.report is not None else None

    def _apply_auto(self) -> None:
        for path in self._watcher.directories() + self._watcher.files():
            self._watcher.removePath(path)
        if self.auto and self.folder:
            self._poll.start()
            self._watch()
        else:
            self._poll.stop()

    def _watch(self) -> None:
        have = set(self._watcher.directories() + self._watcher.files())
        new = [p for p in self.core.watched() if p not in have]
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

    @property
    def syncing(self) -> bool:
        """A sync runs now (in a worker)."""
        return self._job is not None

    def sync_now(self, wait: bool = False) -> None:
        """Start a sync with the shared folder now, in a worker thread with its own connection to the store; the
        open table is read again when it got new events. A sync asked for while one runs starts once it ends.
        ``wait``: return only once it ended (its events handled meanwhile: the command line's way, and tests')."""
        job = self.core.sync_job()
        if job is None:
            return
        if self._job is not None:
            self._again = True
        else:
            session = self.c.session

            def work(progress: Callable[[object], None]) -> SyncOutcome:
                store = session.worker_store()
                try:
                    return job(store, progress)
                finally:
                    store.close()

            self.progress = None
            self._job = run(self, work, self._ended, self._progressed, name="refapp-sync")
        if wait:
            loop = QEventLoop()
            self.synced.connect(loop.quit)
            while self._job is not None or self._again:
                loop.exec()
            self.synced.disconnect(loop.quit)

    def _progressed(self, progress: object) -> None:
        self.progress = progress if isinstance(progress, SyncProgress) else None
        self.progressed.emit()

    def _ended(self, outcome: SyncOutcome | None, exc: BaseException | None) -> None:
        self._job = None
        self.progress = None
        if exc is not None:
            outcome = SyncOutcome(None, str(exc), self.c.clock(), False)
        assert outcome is not None
        self.core.synced(outcome)
        if outcome.report is not None and self.auto:
            self._watch()
        again, self._again = self._again, False
        self.synced.emit()
        if again:
            self.sync_now()

    # -- devices ------------------------------------------------------------------------------------------------------

    def devices(self) -> list[DeviceRow]:
        return self.core.devices()

    def trust(self, fingerprint: str, name: str, role: str) -> None:
        """Trust a device (role "table" or "head"), or stop trusting it ("revoked"); merges what it had held.
        Raises Refused (a mistyped fingerprint...)."""
        self.core.trust(fingerprint, name, role)

    def held(self) -> list[HeldDevice]:
        return self.core.held()

    def suggested_name(self, device_id: str | None) -> str:
        return self.core.suggested_name(device_id)

    # -- tables -------------------------------------------------------------------------------------------------------

    def tournament_id(self) -> str | None:
        return self.core.tournament_id()

    def tables(self) -> list[TableCard]:
        return self.core.tables()

    def open_table(self, table_id: str) -> None:
        """Show this table on the board (the switcher; the shell asked for the PIN for another table). A refusal, or a
        table that cannot be read, is said in the window's banner, and the open table stays."""
        try:
            self.core.open_table(table_id)
        except (Refused, StoreError, LogError) as exc:
            self.c.refused(exc)

    def holder_of_open(self) -> tuple[bool, str]:
        return self.core.holder_of_open()

    def open_in_conflict(self) -> bool:
        return self.core.open_in_conflict()

    def take_over(self) -> None:
        """This device writes the open table from now on (a handover entry; the shell asked for the PIN)."""
        try:
            self.core.take_over()
        except Refused as exc:
            self.c.refused(exc)

    # -- conflicts ----------------------------------------------------------------------------------------------------

    def conflicts(self, include_resolved: bool = False) -> list[ConflictView]:
        return self.core.conflicts(include_resolved)

    def resolve(self, view: ConflictView, keep: str, reason: str) -> None:
        """Raises Refused with one line (no reason given...)."""
        self.core.resolve(view, keep, reason)

    def unheld(self, include_resolved: bool = True) -> list[UnheldView]:
        return self.core.unheld(include_resolved)

    def key_conflicts(self, include_resolved: bool = True) -> list[KeyConflictView]:
        return self.core.key_conflicts(include_resolved)

    def rule_unheld(self, view: UnheldView, decision: str, reason: str) -> None:
        """Raises Refused with one line."""
        self.core.rule_unheld(view, decision, reason)

    def keep_key(self, view: KeyConflictView, device: str, reason: str) -> None:
        """Raises Refused with one line."""
        self.core.keep_key(view, device, reason)


__all__ = ["TableCard", "VenueDesk"]
