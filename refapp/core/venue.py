"""The venue, from this device: its fingerprint and shared folder, the sync, the devices it knows and trusts, the
tables of the tournament at a glance, who writes each, the conflicts and what the head referee settles.

Qt-free: when to sync (after an entry, when the folder changes, every 30 seconds) is the face's, and a sync runs where
the face runs it (the app: in a worker, with its own connection to the store: :func:`sync_folder`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from ..domain.events import LogError
from ..domain.rules import RuleSet
from ..store import calls as store_calls
from ..store import confirmations as store_confirm
from ..store import devices as device_store
from ..store.branches import in_conflict
from ..store.db import Store, StoreError
from ..store.devices import TrustEntry
from ..store.keys import FingerprintError, parse_fingerprint
from ..store.sync import SyncError, SyncProgress, SyncReport, merge_held, sync
from ..store.syncfolder import watched_paths
from ..store.venue_reads import (
    ConflictView,
    DeviceRow,
    HeldDevice,
    KeyConflictView,
    UnheldView,
    conflict_views,
    held_summary,
    key_conflict_views,
    unheld_views,
)
from ..store.venue_reads import devices as device_rows
from .changes import Change
from .errors import RefereeOnlyTable, Refused
from .modes import Mode

if TYPE_CHECKING:
    from .session import Session


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
    conflict: bool  # two devices wrote it after the same event (or one without holding it), not settled yet
    is_open: bool  # the table shown on the board
    called_at: str = ""  # when the players called the referee, no referee having answered yet ("" for no open call)
    last_read: str = ""  # when this device last read the journal of the device that writes it ("" for never, or for
    # a table this device writes)
    unconfirmed_at: str = ""  # when its newest hand result was entered, waiting for an opponent's confirmation
    # (refapp.core.confirm; "" for none)


@dataclass(frozen=True, slots=True)
class SyncOutcome:
    """What one sync did: its report, or the problem that stopped it, and when."""

    report: SyncReport | None
    problem: str
    at: datetime
    reopen: bool  # the open table got new events: read it again


def sync_once(store: Store, folder: Path, rulesets: Mapping[str, RuleSet],
              progress: Callable[[SyncProgress], None] | None = None) -> SyncReport:  # fmt: skip
    """One sync of ``store`` with the shared ``folder``: this device's new events written there, every trusted
    device's new events read and merged (the others held). Raises SyncError (a folder that cannot be used) or
    StoreError."""
    return sync(store, folder, rulesets, progress)


def sync_folder(
    store: Store,
    folder: Path,
    rulesets: Mapping[str, RuleSet],
    open_table: str | None,
    now: datetime,
    progress: Callable[[SyncProgress], None] | None = None,
) -> SyncOutcome:
    """One sync of ``store`` with ``folder`` (on whatever connection ``store`` holds: the app's worker opens its own).
    Never raises for a folder that cannot be used: the outcome says why."""
    before = store.last_event_id(open_table) if open_table else None
    try:
        report = sync_once(store, folder, rulesets, progress)
    except (SyncError, StoreError, OSError) as exc:
        return SyncOutcome(None, str(exc), now, False)
    after = store.last_event_id(open_table) if open_table else None
    return SyncOutcome(report, "", now, after != before)


# -- this device and the others, for any face: the app's Tables page (through Venue) and `refapp devices/conflicts` --


@dataclass(frozen=True, slots=True)
class OwnKey:
    """This device's id, its public key (hex) and the key's fingerprint (what another device's referee types)."""

    device: str
    key: str
    fingerprint: str


@dataclass(frozen=True, slots=True)
class Trusted:
    """A trust entry recorded, and how many events held until then were merged by it."""

    entry: TrustEntry
    merged: int


def own_key(store: Store) -> OwnKey | None:
    """This device's key as its chain announced it (None: not announced yet, or a database of an earlier schema,
    which a writable open upgrades)."""
    try:
        row = store.conn.execute(
            "SELECT key, fingerprint FROM device_keys WHERE device_id = ?", (store.device_id,)
        ).fetchone()
    except Exception:  # noqa: BLE001 - a database of an earlier schema: upgraded by the writable open
        row = None
    return OwnKey(store.device_id, row[0], row[1]) if row else None


def devices(store: Store) -> list[DeviceRow]:
    """Every device this one knows: this device, the trusted ones, and those whose events are held."""
    return device_rows(store)


def trust(store: Store, rulesets: Callable[[], Mapping[str, RuleSet]], fingerprint: str, name: str, role: str,
          by: str = "") -> Trusted:  # fmt: skip
    """Trust the device of ``fingerprint`` (role "table" or "head") and merge what it had held (with the rule sets
    ``rulesets`` gives, asked for only then), or stop trusting it ("revoked": what was merged stays). Raises
    ValueError (a mistyped fingerprint, this device's own, a name refused) or StoreError."""
    entry = device_store.add_trust(store, fingerprint, name, role, by=by)
    merged = merge_held(store, rulesets()) if role != "revoked" else 0
    return Trusted(entry, merged)


def resolve(store: Store, table_id: str, after: str, keep: str, reason: str, by: str = "") -> None:
    """Settle a table's fork after event ``after``: the branch whose first event is ``keep`` stands, the others are
    set aside with ``reason`` (kept, shown, never counted). Raises ValueError (no reason...) or StoreError."""
    device_store.resolve(store, table_id, after, keep, reason, by)


def rule_unheld(store: Store, table_id: str, first: str, decision: str, reason: str, by: str = "") -> None:
    """Let the entries written at a table by a device that did not hold it stand ("accept") or set them aside
    ("set_aside"), from event ``first`` on. Raises ValueError or StoreError."""
    device_store.rule_unheld(store, table_id, first, decision, reason, by)


def keep_key(store: Store, rulesets: Callable[[], Mapping[str, RuleSet]], fingerprint: str, device: str, reason: str,
             by: str = "") -> int:  # fmt: skip
    """A key seen under several device ids speaks for ``device`` only; what it had held merges (with the rule sets
    ``rulesets`` gives, asked for only then; returned: how many events). Raises ValueError or StoreError."""
    device_store.keep_key(store, fingerprint, device, reason, by)
    return merge_held(store, rulesets())


class Venue:
    def __init__(self, session: Session):
        self.s = session
        self.last: SyncOutcome | None = None
        self._several = self._count_tables()
        session.notices.listen(self._told, core=True)

    def _told(self, change: Change) -> None:
        if change & (Change.TABLE | Change.VENUE):
            self._several = self._count_tables()

    def _count_tables(self) -> bool:
        return bool(self.s.store.conn.execute("SELECT count(*) > 1 FROM game_tables").fetchone()[0])

    # -- this device and its folder -----------------------------------------------------------------------------------

    @property
    def fingerprint(self) -> str:
        key = self.s.store.key
        return key.fingerprint if key is not None else ""

    @property
    def folder(self) -> str:
        return self.s.settings.sync_folder

    @property
    def auto(self) -> bool:
        return self.s.settings.sync_auto

    def set_folder(self, folder: str) -> None:
        self.s.settings.sync_folder = folder
        self.s.save_settings()
        self.s.notices.tell(Change.SETTINGS | Change.VENUE)

    def set_auto(self, on: bool) -> None:
        self.s.settings.sync_auto = on
        self.s.save_settings()
        self.s.notices.tell(Change.SETTINGS | Change.VENUE)

    def watched(self) -> list[str]:
        """The paths to watch for another device's news (never through a link: :func:`watched_paths`)."""
        return watched_paths(Path(self.folder), self.s.store.device_id) if self.folder else []

    def several_tables(self) -> bool:
        """Whether this device knows several tables (counted again when the tables may have changed)."""
        return self._several

    def wanted(self) -> bool:
        """Whether the app offers the Tables page: a shared folder is set, or this device knows several tables
        (single-device use keeps its top bar as it was)."""
        return bool(self.folder) or self.several_tables()

    # -- sync -------------------------------------------------------------------------------------------------------

    def sync_job(self) -> Callable[[Store, Callable[[SyncProgress], None] | None], SyncOutcome] | None:
        """The sync to run now, on a store connection of the runner's, telling its progress (None: no folder)."""
        if not self.folder:
            return None
        folder, rulesets = Path(self.folder), self.s.rulesets
        table = self.s.table.table_id if self.s.table is not None else None
        now = self.s.clock()
        return lambda store, progress: sync_folder(store, folder, rulesets, table, now, progress)

    def synced(self, outcome: SyncOutcome) -> None:
        """A sync ran (here or in a worker): keep what it said, read the open table again if it got new events, and
        tell the screens."""
        self.last = outcome
        if outcome.reopen:
            try:
                self.s.reload_table()
            except (StoreError, LogError):
                pass  # (the board says what is wrong with its log)
        self.s.notices.tell(Change.VENUE | Change.TABLE if outcome.reopen else Change.VENUE)

    def sync_now(self) -> SyncOutcome | None:
        """Sync here and now (the command line; the app runs :meth:`sync_job` in a worker)."""
        job = self.sync_job()
        if job is None:
            return None
        outcome = job(self.s.store, None)
        self.synced(outcome)
        return outcome

    # -- devices ----------------------------------------------------------------------------------------------------

    def devices(self) -> list[DeviceRow]:
        return devices(self.s.store)

    def trust(self, fingerprint: str, name: str, role: str) -> None:
        """Trust a device (role "table" or "head"), or stop trusting it ("revoked"); merges what it had held.
        Raises :class:`Refused` (a mistyped fingerprint, a name refused, the store's refusal)."""
        try:
            trust(self.s.store, lambda: self.s.rulesets, fingerprint, name, role, by=self.s.settings.referee)
        except (ValueError, StoreError) as exc:
            raise Refused(exc) from None
        self._changed()

    def held(self) -> list[HeldDevice]:
        return held_summary(self.s.store)

    def suggested_name(self, device_id: str | None) -> str:
        """A name for a device not trusted yet: the tables its held events concern ("7"), else ""."""
        if device_id is None:
            return ""
        for h in self.held():
            if h.device == device_id and h.numbers:
                return ", ".join(str(n) for n in h.numbers)
        return ""

    # -- tables -----------------------------------------------------------------------------------------------------

    def tournament_id(self) -> str | None:
        """The tournament the Tables page shows: the open table's (else the newest one); None before any."""
        tournament = self.s.settings.tournament_id
        if tournament:
            return tournament
        tournaments = self.s.store.tournaments()
        return str(tournaments[-1]["id"]) if tournaments else None

    def tables(self) -> list[TableCard]:
        """The tables of the open table's tournament (else the newest tournament), by number: each from its newest
        entry, its open call and when this device last read the journal of the device that writes it, so the
        switcher paints at once whatever the history's size."""
        store = self.s.store
        tournament = self.tournament_id()
        if tournament is None:
            return []
        conn = store.conn
        try:
            open_calls = store_calls.calls(store, tournament)
        except StoreError:
            open_calls = {}
        try:
            unconfirmed = store_confirm.waiting(store, tournament)
        except StoreError:
            unconfirmed = {}
        read = dict(conn.execute("SELECT device_id, max(last_read) FROM peers GROUP BY device_id").fetchall())
        names: dict[str, str] = {}
        rows = conn.execute(
            "SELECT t.id, t.number, (SELECT max(e.seq) FROM events e WHERE e.table_id = t.id) FROM game_tables t "
            "WHERE t.tournament_id = ? ORDER BY t.number",
            (tournament,),
        ).fetchall()
        open_id = self.s.table.table_id if self.s.table is not None else None
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
                                 "" if here else str(read.get(holder) or ""),
                                 unconfirmed[table_id].at if table_id in unconfirmed else ""))  # fmt: skip
        return out

    def open_table(self, table_id: str) -> None:
        """Show this table on the board (the switcher). Changing the table a tablet shows is a referee action: in
        table mode another table is refused (:class:`RefereeOnlyTable`: the face asks the PIN first); the open table
        itself is only shown again. Raises StoreError or LogError when it cannot be read."""
        if self.s.table is not None and self.s.table.table_id == table_id:
            return
        if self.s.lock.mode is Mode.TABLE:
            raise RefereeOnlyTable()
        self.s.open_table(self.s.store.table(table_id))
        self.s.notices.tell(Change.VENUE)

    def holder_of_open(self) -> tuple[bool, str]:
        """(this device writes the open table, who does), (True, "") without a table."""
        book = self.s.book
        if book is None or book.held_here():
            return True, ""
        return False, book.holder_name

    def open_in_conflict(self) -> bool:
        return self.s.book is not None and self.s.book.in_conflict

    def take_over(self) -> None:
        """This device writes the open table from now on (a handover entry; the face asked for the PIN). Raises
        :class:`Refused`."""
        table = self.s.table
        if table is None:
            return
        try:
            device_store.handover(self.s.store, table, self.s.settings.referee)
        except StoreError as exc:
            raise Refused(exc) from None
        self._changed(entry=True)

    # -- conflicts --------------------------------------------------------------------------------------------------

    def conflicts(self, include_resolved: bool = False) -> list[ConflictView]:
        return conflict_views(self.s.store, include_resolved=include_resolved)

    def resolve(self, view: ConflictView, keep: str, reason: str) -> None:
        """Keep the branch whose first event is ``keep``; the others are set aside with ``reason`` (the face asked
        for the PIN). Raises :class:`Refused` (no reason given...)."""
        try:
            resolve(self.s.store, view.table_id, view.after, keep, reason, self.s.settings.referee)
        except (ValueError, StoreError) as exc:
            raise Refused(exc) from None
        self._changed(entry=True)

    def unheld(self, include_resolved: bool = True) -> list[UnheldView]:
        """Entries written at a table by a device that did not hold it, waiting for the head referee."""
        return unheld_views(self.s.store, include_resolved=include_resolved)

    def key_conflicts(self, include_resolved: bool = True) -> list[KeyConflictView]:
        """Keys seen under several device ids (copied keys), and device ids with two histories."""
        return key_conflict_views(self.s.store, include_resolved=include_resolved)

    def rule_unheld(self, view: UnheldView, decision: str, reason: str) -> None:
        """Let the entries stand ("accept") or set them aside ("set_aside") (the face asked for the PIN). Raises
        :class:`Refused`."""
        try:
            rule_unheld(self.s.store, view.table_id, view.first, decision, reason, self.s.settings.referee)
        except (ValueError, StoreError) as exc:
            raise Refused(exc) from None
        self._changed(entry=True)

    def keep_key(self, view: KeyConflictView, device: str, reason: str) -> None:
        """The key speaks for ``device`` only (the face asked for the PIN); what it had held merges. Raises
        :class:`Refused`."""
        try:
            keep_key(self.s.store, lambda: self.s.rulesets, view.fingerprint, device, reason, self.s.settings.referee)
        except (ValueError, StoreError) as exc:
            raise Refused(exc) from None
        self._changed(entry=True)

    def _changed(self, entry: bool = False) -> None:
        """Something of the venue changed here: the open table is read again (its line or its writer may have), and
        the screens are told."""
        if self.s.book is not None:
            try:
                self.s.reload_table()
            except (StoreError, LogError):
                pass  # (the board says what is wrong with its log)
        self.s.notices.tell(Change.VENUE | (Change.ENTRY if entry else Change.NOTHING))


__all__ = [
    "FingerprintError",
    "OwnKey",
    "SyncError",
    "SyncOutcome",
    "SyncProgress",
    "SyncReport",
    "TableCard",
    "Trusted",
    "Venue",
    "conflict_views",
    "devices",
    "keep_key",
    "key_conflict_views",
    "own_key",
    "parse_fingerprint",
    "resolve",
    "rule_unheld",
    "sync_folder",
    "sync_once",
    "trust",
    "unheld_views",
]
