# size: one sync in its three steps (write, read, merge) and the held events, read top to bottom as the docstring says
"""``refapp sync FOLDER``: keep this device in step with a venue's other devices through a shared folder.

One sync, in this order (the folder's format: :mod:`refapp.store.syncfolder`):

1. **write**: this device's events not yet in the folder are appended to its own journal there, with its signed
   head, flushed to the disk;
2. **read**: of every other device's journal, only the bytes not read before (per folder and device, in ``peers``).
   Each event line's hash is computed again from its content, the chain must continue what was read before, and
   lines count only once a signed head covers them: the head must be signed with the device's key and name the
   chain just computed. A line that breaks this stops the reading of that device (the report names it and why);
3. **merge**: the events of trusted devices (:mod:`refapp.store.devices`) are imported as a bundle would be
   (:mod:`refapp.store.importing`: every column derived here, nothing trusted but the signed payload), a few thousand
   per transaction; two devices that wrote one table after the same event are kept both and the table is in conflict
   (:mod:`refapp.store.branches`). Events of devices not trusted, and events that follow one not here yet, are
   **held** (``held``), shown, and merged by a later sync once their device is trusted or what they follow arrives.

Importing is idempotent: syncing twice, or through two folders, adds nothing the second time.

Layer: feature (the sync folder).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Mapping
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..domain.jsontypes import JsonObject
from ..domain.rules import RuleSet
from . import ahead as derive_ahead
from . import identity
from .branches import conflicts
from .chain import GENESIS
from .codec_journal import decode as decode_line
from .codec_journal import encode as encode_line
from .codec_syncline import MAX_LINE, HeadLine, SyncLine, decode, encode, from_row, to_journal
from .coverage import keep_head
from .db import Store
from .devices import Trust, name_trusted_devices, trust_state
from .entities import TOURNAMENT_ENTITIES
from .errors import BundleError, StoreError
from .folderio import Folder, FolderError
from .importing import Deriver, apply
from .keys import SignatureError, fingerprint
from .recovery import pinned_of
from .safejson import one_line
from .schema import build_deferred, drop_deferred
from .signing import HeadError, SignedHead, sign_head, verify_head
from .syncfolder import (
    DEVICE_FILE,
    JOURNAL_FILE,
    VENUE_DIR,
    Written,
    append_own,
    last_head_after,
    new_lines,
    own_folder,
    own_tail,
    read_device,
    venue_dir,
)
from .witness import JournalError, check_chain

CHUNK = 4000  # events per import transaction (bounded memory; a crash loses nothing: each chunk is whole)
HEAD_EVERY = 1000  # this device signs its journal at least every this many events (a reader takes it a part at a time)
PENDING_BYTES = 16 << 20  # lines read and waiting for the head that covers them (past it: not read further)
UNTRUSTED_LINES = 100_000  # lines one sync reads of devices not trusted here, all together
HELD_MAX = 50_000  # events held of one device not trusted here (past it: read once the device is trusted)
BYTES_PER_EVENT = 250  # about, in a device's journal in the folder
UNSIGNED_NOTE = 1 << 20  # lines past a journal's last head this long are said in the report (not read)
OWN_UNSIGNED = 4 << 20  # this device's journal with no head yet (a first sync cut short) is checked up to this size


class SyncError(StoreError):
    """A sync that could not run at all (the folder is missing, not writable...): one line saying why."""


@dataclass
class DeviceSync:
    device_id: str
    fingerprint: str
    name: str  # as trusted here ('' when not trusted)
    status: str  # "trusted", "head", "untrusted", "revoked", "conflict" (its key speaks for another device id)
    read: int = 0  # event lines newly read from the folder (covered by a signed head)
    merged: int = 0  # events of this device merged into the history by this sync
    held: int = 0  # events of this device held back after this sync
    problem: str = ""


@dataclass
class SyncReport:
    folder: str
    at: str
    written: int = 0  # this device's events written to the folder
    devices: list[DeviceSync] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)  # tables that are in conflict after this sync
    new_conflicts: int = 0

    def as_json(self) -> JsonObject:
        return {
            "folder": self.folder,
            "at": self.at,
            "written": self.written,
            "devices": [d.__dict__ for d in self.devices],
            "held": sum(d.held for d in self.devices),
            "conflicts": self.conflicts,
            "new_conflicts": self.new_conflicts,
        }


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class SyncProgress:
    """How far a sync is: the other devices' journals read so far (of how many), and the events merged so far."""

    devices_read: int
    devices: int
    merged: int


def sync(
    store: Store,
    folder: Path,
    rulesets: Mapping[str, RuleSet],
    progress: Callable[[SyncProgress], None] | None = None,
    group_seconds: float | None = 0.25,
    ahead: bool | None = None,
) -> SyncReport:
    """One sync of ``store`` with ``folder`` (see the module's docstring). Raises :class:`SyncError` when the folder
    cannot be used at all; a problem with one device is reported in its :class:`DeviceSync` and stops only that
    device. ``progress`` is told after each device's journal. The merge's writes share a transaction committed every
    ``group_seconds`` (:meth:`refapp.store.db.Store.grouped`; None: each write commits alone, the plain path the
    tests compare it with). ``ahead``: whether a second process derives the rows ahead of the merge
    (:mod:`refapp.store.ahead`; None: when there is much to read)."""
    folder = Path(folder)
    if store.read_only or store.key is None:
        raise SyncError("The data folder is read-only: nothing was synced.")
    try:
        root = Folder.open_root(folder)
    except OSError:
        raise SyncError(f"{folder}: no such folder (the shared folder must exist: a USB stick, a share, a Syncthing "
                        "folder)") from None  # fmt: skip
    with root:
        return _sync(store, folder, root, rulesets, progress or (lambda p: None), group_seconds, ahead)


def _sync(
    store: Store,
    folder: Path,
    root: Folder,
    rulesets: Mapping[str, RuleSet],
    progress: Callable[[SyncProgress], None],
    group_seconds: float | None,
    ahead: bool | None = None,
) -> SyncReport:
    report = SyncReport(str(folder), _now())
    before = {c.table_id for c in _open_conflicts(store)}
    try:
        report.written = write_own(store, root)
    except (OSError, FolderError) as exc:
        raise SyncError(f"Cannot write this device's journal in {folder}: {exc}") from None
    by_device: dict[str, DeviceSync] = {}
    try:
        venue = root.sub(VENUE_DIR)
        entries = venue.entries() if venue is not None else []
    except (OSError, FolderError) as exc:
        raise SyncError(f"Cannot read {venue_dir(folder)}: {exc}") from None
    with store.grouped(group_seconds) if group_seconds is not None else nullcontext():  # (refapp.store.txgroup)
        with venue or root:
            dirs: dict[str, Folder] = {}
            for name, kind in entries:
                if name == store.device_id or name.startswith("."):
                    continue
                if kind == "link":  # a device's folder replaced by a link: never followed
                    by_device[name] = DeviceSync(
                        one_line(name),
                        "",
                        "",
                        "untrusted",
                        problem=f"{venue_dir(folder) / name} is a link, not a folder: refused",
                    )
                elif kind == "folder":
                    try:
                        sub = venue.sub(name) if venue is not None else None
                    except (OSError, FolderError) as exc:
                        by_device[name] = DeviceSync(one_line(name), "", "", "untrusted", problem=str(exc))
                        continue
                    if sub is not None:
                        dirs[name] = sub
            deriving: derive_ahead.Ahead | None = None
            deferred = False
            try:
                trust = trust_state(store.conn, store.device_id)
                budget = Budget()
                merged = 0
                presented = _keys_presented(dirs)  # one key in two device folders: neither read as that key's device
                order = sorted(dirs, key=lambda n: (_rank(trust, dirs[n]), n))
                deriving, new_bytes = _ahead(store, folder, dirs, order, rulesets, ahead)
                deferred = deriving is not None and _defer_indexes(store, new_bytes)
                for done, name in enumerate(order, 1):
                    by_device[name] = _read_device(
                        store, folder, dirs[name], rulesets, trust, budget, presented, deriving
                    )
                    merged += by_device[name].merged
                    progress(SyncProgress(done, len(dirs), merged))
                    if by_device[name].merged and by_device[name].status == "head":  # it may bring trust in more
                        trust = trust_state(store.conn, store.device_id)
            finally:
                if deriving is not None:
                    deriving.close()
                if deferred:
                    _build_indexes(store)
                for d in dirs.values():
                    d.close()
        merge_held(store, rulesets, by_device)
    if name_trusted_devices(store):  # this device's trust entries now name the devices merged: published at once
        try:
            report.written += write_own(store, root)
        except (OSError, FolderError) as exc:
            raise SyncError(f"Cannot write this device's journal in {folder}: {exc}") from None
    trust = trust_state(store.conn, store.device_id)
    own_key = store.key.public_hex if store.key is not None else None
    for dev in by_device.values():  # as it stands after the merge (a head referee's list may have come with it)
        if dev.fingerprint:
            key = store.conn.execute("SELECT key FROM peers WHERE device_id = ? LIMIT 1", (dev.device_id,)).fetchone()
            if key is not None:
                dev.status, dev.name = _status(trust, key[0])
                found = identity.owner(store.conn, key[0], store.device_id, own_key)
                rivals = presented.get(key[0], set()) - {dev.device_id}
                if (found is not None and found != dev.device_id) or (found is None and rivals):
                    dev.status, dev.name = "conflict", ""
    _set_meta(store, folder, report.at)
    after = _open_conflicts(store)
    report.conflicts = sorted({_table_label(store, c.table_id) for c in after})
    report.new_conflicts = len({c.table_id for c in after} - before)
    held = dict(store.conn.execute("SELECT device_id, count(*) FROM held GROUP BY device_id").fetchall())
    for dev in by_device.values():
        dev.held = int(held.get(dev.device_id, 0))
        dev.problem = one_line(dev.problem)  # one line, whatever a file's name or content holds
    report.devices = sorted(by_device.values(), key=lambda x: (x.name or "~", x.device_id))
    return report


def _ahead(
    store: Store,
    folder: Path,
    dirs: Mapping[str, Folder],
    order: list[str],
    rulesets: Mapping[str, RuleSet],
    wanted: bool | None,
) -> tuple[derive_ahead.Ahead | None, int]:
    """The process deriving rows ahead of the merge (:mod:`refapp.store.ahead`), when there is much to read (or
    ``wanted``; None otherwise, or when it cannot start), and how many new bytes the journals hold."""
    if wanted is False or not dirs:
        return None, 0
    read = dict(store.conn.execute("SELECT device_id, read_offset FROM peers WHERE folder = ?", (str(folder),)))
    jobs, new = [], 0
    for name in order:  # (a device's folder is named by its id)
        offset = read.get(name, 0)
        try:
            found = dirs[name].lstat(JOURNAL_FILE)
        except OSError:
            continue
        if found is not None and found.st_size > offset:
            new += found.st_size - offset
            jobs.append(derive_ahead.Job(name, offset))
    if not jobs or (wanted is None and new < derive_ahead.WORTH):
        return None, new
    try:
        return derive_ahead.Ahead(folder, VENUE_DIR, jobs, rulesets, pinned_of(store.conn, [])), new
    except (OSError, RuntimeError, ValueError):  # (a process that cannot start: the rows are derived here)
        return None, new


def _defer_indexes(store: Store, new_bytes: int) -> bool:
    """Drop the indexes no step of the sync reads (:data:`refapp.store.schema.DEFERRABLE`) when the sync brings at
    least as many events as are stored (a first sync): they are built once at its end (:func:`_build_indexes`; a sync
    cut short leaves them to the next open). Whether they were dropped."""
    stored = store.conn.execute("SELECT max(seq) FROM events").fetchone()[0] or 0
    if new_bytes < stored * BYTES_PER_EVENT:
        return False
    try:
        with store.writing():
            return bool(drop_deferred(store.conn))
    except (StoreError, sqlite3.Error):
        return False


def _build_indexes(store: Store) -> None:
    """Build the indexes :func:`_defer_indexes` dropped (sorting with a helper thread); on failure (a full disk) the
    next open builds them."""
    try:
        store.conn.execute(f"PRAGMA threads = {min(4, os.cpu_count() or 1)}")
        with store.writing():
            build_deferred(store.conn)
    except (StoreError, sqlite3.Error):
        pass


def _set_meta(store: Store, folder: Path, at: str) -> None:
    try:
        with store.writing():
            for key, value in (("last_sync_at", at), ("last_sync_folder", str(folder))):
                store.conn.execute(
                    "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                    (key, value),
                )
    except StoreError:
        pass


def _open_conflicts(store: Store) -> list[Any]:
    return [c for c in conflicts(store.conn) if c.state != "resolved"]


def _table_label(store: Store, table_id: str) -> str:
    row = store.conn.execute(
        "SELECT t.number, u.name FROM game_tables t JOIN tournaments u ON u.id = t.tournament_id WHERE t.id = ?",
        (table_id,),
    ).fetchone()
    return f"table {row[0]} ({row[1]})" if row else f"table {table_id}"


# -- 1. write ---------------------------------------------------------------------------------------------------------


def write_journal(store: Store, folder: Path) -> int:
    """Write this device's new events to ``folder``'s journal only (no reading: a device that only publishes)."""
    with Folder.open_root(Path(folder)) as root:
        return write_own(store, root)


def write_own(store: Store, root: Folder) -> int:
    """Append this device's events the folder does not hold yet, and its signed heads; return how many. Only a
    journal this device wrote is written to: a link, a hard link or anything but a regular file in its place, or a
    file that does not hold this device's signed journal, is refused (FolderError naming it), never written."""
    key = store.key
    assert key is not None
    with own_folder(root, store.device_id, key.public_hex, key.fingerprint) as own:
        fh = own.open_file(JOURNAL_FILE, write=True, create=True)
        assert fh is not None
        with fh:
            path = own.path / JOURNAL_FILE
            written = _own_written(store, fh, path)
            rows = store.iter_rows_ordered("WHERE device_id = ? AND device_seq > ?",
                                           (store.device_id, written.events), "device_seq")  # fmt: skip
            parts: list[str] = []
            count = 0
            for row in rows:
                parts.append(encode(from_row(row)))
                count += 1
                if count % HEAD_EVERY == 0:  # a reader checks and merges a first sync a part at a time
                    parts.append(
                        encode(HeadLine(sign_head(key, store.device_id, row["device_seq"], row["hash"]).to_json()))
                    )
                last = row
            if not count:
                return 0
            if count % HEAD_EVERY:
                parts.append(
                    encode(HeadLine(sign_head(key, store.device_id, last["device_seq"], last["hash"]).to_json()))
                )
            append_own(fh, written.end, "".join(parts))
            return count


def _own_written(store: Store, fh: Any, path: Path) -> Written:
    """Where this device's journal in the folder ends as this device signed it; FolderError when the file is not
    this device's journal (its last head is not this device's, or it holds what this device never wrote)."""
    conn = store.conn
    key = store.key
    assert key is not None
    written = own_tail(fh)
    if written.signed is not None:
        try:
            verify_head(SignedHead.from_json(written.signed), key.public_hex, device_id=store.device_id)
        except (HeadError, SignatureError) as exc:
            raise FolderError(f"{path}: its last head is not this device's ({exc}): nothing was written; move it "
                              "away (see docs/venue.md)") from None  # fmt: skip
        row = conn.execute(
            "SELECT hash FROM events WHERE device_id = ? AND device_seq = ?", (store.device_id, written.events)
        ).fetchone()
        if row is None or row[0] != written.newest:
            top = conn.execute("SELECT max(device_seq) FROM events WHERE device_id = ?", (store.device_id,)).fetchone()
            raise FolderError(
                f"{path} holds {written.events} events of this device that are not this device's history (it has "
                f"{top[0] or 0}): was this device's database restored from an older copy, or its data folder copied "
                "to another tablet? Nothing was written; see docs/venue.md"
            )
        return written
    size = fh.seek(0, 2)
    if size:  # no head: a first sync cut short writes a prefix of what it writes again; anything else is not ours
        fh.seek(0)
        have = fh.read(min(size, OWN_UNSIGNED + 1))
        want = bytearray()
        for row in store.iter_rows_ordered("WHERE device_id = ?", (store.device_id,), "device_seq"):
            want += encode(from_row(row)).encode("utf-8")
            if len(want) >= len(have):
                break
        if len(have) > OWN_UNSIGNED or not bytes(want).startswith(have):
            raise FolderError(
                f"{path} is not this device's journal (no head of this device, and not what this device "
                "writes): nothing was written; move it away (see docs/venue.md)"
            )
    return written


# -- 2. read ----------------------------------------------------------------------------------------------------------


def _status(trust: Trust, key: str) -> tuple[str, str]:
    entry = trust.entries.get(fingerprint(bytes.fromhex(key)))
    if entry is None:
        return "untrusted", ""
    if entry.role == "revoked":
        return "revoked", entry.name
    if entry.key is not None and entry.key != key:
        return "untrusted", ""
    return ("head" if entry.role == "head" else "trusted"), entry.name


def _rank(trust: Trust, d: Folder) -> int:
    """0 for a device trusted as the head referee's, 1 for another trusted one, 2 for the rest."""
    try:
        key = read_device(d).key
    except (FolderError, OSError):
        return 2
    return {"head": 0, "trusted": 1}.get(_status(trust, key)[0], 2)


@dataclass
class Budget:
    """What one sync may still read of devices not trusted here (their events are only held: an untrusted journal
    costs a bounded time per sync, whatever its size)."""

    untrusted_lines: int = field(default_factory=lambda: UNTRUSTED_LINES)


class _Stop(Exception):
    """The reading of a device stops here for now (the message says why); what verified heads cover stands."""

    def __init__(self, message: str, judged: bool = True):
        super().__init__(message)
        self.judged = judged  # the journal need not be read again until it changes


def _keys_presented(dirs: Mapping[str, Folder]) -> dict[str, set[str]]:
    """Each key the folder's devices show, and the device ids that prove they hold it: a device file anyone could write
    counts only once its journal's last head is signed with that key for that device id (checked only for a key that
    two device files show)."""
    shown: dict[str, list[tuple[Folder, Any]]] = {}
    for d in dirs.values():
        try:
            dev = read_device(d)
        except (FolderError, OSError):
            continue
        shown.setdefault(dev.key, []).append((d, dev))
    out: dict[str, set[str]] = {}
    for key, devs in shown.items():
        out[key] = {dev.device_id for d, dev in devs if len(devs) == 1 or _holds_key(d, dev)}
    return out


def _holds_key(d: Folder, dev: Any) -> bool:
    """Whether the journal's last head is signed with the device's key for its id (whatever the chain under it)."""
    try:
        fh = d.open_file(JOURNAL_FILE)
        if fh is None:
            return False
        with fh:
            last = last_head_after(fh, 0, os.fstat(fh.fileno()).st_size)
        if last is None:
            return False
        head = decode(last[1], f"{d.path / JOURNAL_FILE}")
        if not isinstance(head, HeadLine):
            return False
        verify_head(SignedHead.from_json(head.head), dev.key, device_id=dev.device_id)
    except (FolderError, OSError, ValueError, KeyError, TypeError, SignatureError):
        return False
    return True


def _read_device(
    store: Store,
    folder: Path,
    d: Folder,
    rulesets: Mapping[str, RuleSet],
    trust: Trust,
    budget: Budget,
    presented: Mapping[str, set[str]] | None = None,
    derive: Deriver | None = None,
) -> DeviceSync:
    """Read one device's new lines; keep those covered by its signed head in ``held`` (merged right after).

    Bounded, whatever the folder holds: a journal already judged (same size, time and file as when last read) is not
    read again; no line after the journal's last head line is parsed (nothing could vouch for it); at most
    ``PENDING_BYTES`` of lines wait in memory for the head that covers them; a device not trusted here is read up to
    ``Budget.untrusted_lines`` lines per sync and ``HELD_MAX`` held events in all."""
    conn = store.conn
    try:
        dev = read_device(d)
    except (FolderError, OSError) as exc:  # (the folder's name may hold anything, a line feed too: shown escaped)
        return DeviceSync(one_line(d.path.name), "", "", "untrusted", problem=str(exc))
    status, name = _status(trust, dev.key)
    out = DeviceSync(dev.device_id, dev.fingerprint, name, status)
    own_key = store.key.public_hex if store.key is not None else None
    owner = identity.owner(conn, dev.key, store.device_id, own_key)
    rivals = (presented or {}).get(dev.key, set()) - {dev.device_id}
    conflict = (owner is not None and owner != dev.device_id) or (owner is None and bool(rivals))
    if conflict:  # a copied key: the device id it was known under speaks for it, this one waits for the head referee
        out.status, out.name = "conflict", ""
        who = "this device" if owner == store.device_id else f"device {owner}" if owner else "another device id too"
        out.problem = (
            f"{d.path / DEVICE_FILE}: device {dev.device_id} presents the key {dev.fingerprint}, which speaks for "
            f"{who} here (a copied key?): nothing of it is merged until the head referee keeps one (refapp conflicts)"
        )
    known = conn.execute("SELECT key FROM device_keys WHERE device_id = ?", (dev.device_id,)).fetchone()
    if known is not None and known[0] != dev.key:
        out.problem = (f"{d.path / DEVICE_FILE}: device {dev.device_id} signs with the key {dev.fingerprint}, but its "
                       "history here was signed with another key: nothing of it is read")  # fmt: skip
        return out
    peer = conn.execute(
        "SELECT read_offset, read_seq, read_hash, judged, problem FROM peers WHERE folder = ? AND device_id = ?",
        (str(folder), dev.device_id),
    ).fetchone()
    offset, seq, prev, judged, last_problem = peer if peer else (0, 0, GENESIS, "", "")
    path = d.path / JOURNAL_FILE
    try:
        fh = d.open_file(JOURNAL_FILE)
    except FolderError as exc:
        out.problem = str(exc)
        _touch_peer(store, folder, dev, out.problem)
        return out
    except OSError as exc:
        out.problem = f"{path}: cannot be read ({exc})"
        _touch_peer(store, folder, dev, out.problem)
        return out
    if fh is None:
        _touch_peer(store, folder, dev, "")
        return out
    with fh:
        st = os.fstat(fh.fileno())
        trusted = status in ("trusted", "head") and not conflict
        seen = f"{st.st_size}:{st.st_mtime_ns}:{st.st_ino}:{int(trusted)}"  # (read again once trusted)
        if seen == judged:  # read before, nothing changed since: not read again
            out.problem = last_problem
            return out
        if st.st_size < offset:  # the file was replaced (or cut): read it again from its start; stored is compared
            offset, seq, prev = 0, 0, GENESIS
        try:
            good, mark = _read_lines(store, folder, dev, fh, path, (offset, seq, prev), st.st_size, trusted, budget,
                                     rulesets, out, derive)  # fmt: skip
        except BundleError as exc:
            out.problem, mark = _not_merged(path, dev.device_id, exc), False
    if conflict and not out.problem.endswith("(refapp conflicts)"):
        out.problem = "; ".join(filter(None, [out.problem, f"{d.path / DEVICE_FILE}: a copied key (refapp conflicts)"]))
    _touch_peer(store, folder, dev, out.problem, seen if mark else "")
    return out


def _read_lines(
    store: Store,
    folder: Path,
    dev: Any,
    fh: Any,
    path: Path,
    start: tuple[int, int, str],
    size: int,
    trusted: bool,
    budget: Budget,
    rulesets: Mapping[str, RuleSet],
    out: DeviceSync,
    derive: Deriver | None = None,
) -> tuple[Any, bool]:
    """Read, check and take the lines of one journal from ``start`` (offset, seq, hash). Returns (the last verified
    head's place, or None; whether the journal may be left unread until it changes)."""
    conn = store.conn
    offset, seq, prev = start
    last = last_head_after(fh, offset, size) if size > offset else None
    if last is None:  # no head line after what was read: nothing there can be vouched for (a sync cut short...)
        if size - offset > UNSIGNED_NOTE:  # (a small one is a sync cut short: it is covered at the next)
            out.problem = (
                f"{path} at byte {offset}: {size - offset} bytes with no signed head after them: not read (they are "
                "read once a signed head covers them)"
            )
        return None, True
    stop_at = last[0] + len(last[1]) + 1  # just after the last head line: what follows it is not parsed
    limit = 0
    if not trusted:  # at most the sync's budget, and HELD_MAX held in all (give or take the lines of one head)
        held = conn.execute("SELECT count(*) FROM held WHERE device_id = ?", (dev.device_id,)).fetchone()[0]
        limit = min(budget.untrusted_lines, HELD_MAX - held)
        if limit <= 0:
            why = f"{held} of its events are held already" if held >= HELD_MAX else "this sync read enough of them"
            out.problem = (
                f"{path}: not read now: the device is not trusted here and {why}; trust it (or remove its folder) "
                "to read the rest"
            )
            return None, False
    stored_top = conn.execute("SELECT max(device_seq) FROM events WHERE device_id = ?", (dev.device_id,)).fetchone()
    stored_top = stored_top[0] or 0
    pending: list[tuple[bytes, str, dict[str, Any] | None]] = []  # (line, hash before it, the line parsed or None)
    pending_bytes = 0
    batch: list[dict[str, Any]] = []
    good: tuple[int, int, str, dict[str, Any]] | None = None  # after the last verified head: offset, seq, hash, head
    read_here = 0
    judged = True
    try:
        for pos, raw in new_lines(fh, offset):
            if pos > stop_at:
                break
            where = f"{path} at byte {pos - len(raw)}"
            if len(raw) > MAX_LINE:
                raise FolderError(f"{where}: a line longer than {MAX_LINE} bytes")
            obj = decode(raw, where)
            if isinstance(obj, HeadLine):
                try:
                    signed = SignedHead.from_json(obj.head)
                    verify_head(signed, dev.key, device_id=dev.device_id, events=seq, newest_hash=prev)
                except SignatureError as exc:  # a HeadError, or a key in device.json that is no key
                    raise FolderError(f"{where}: {exc}") from None
                for raw_line, before, line in pending:
                    if line is None:
                        event = decode(raw_line, where)
                        assert isinstance(event, SyncLine)  # read as one before
                        line = to_journal(dev.device_id, event, before)
                        if derive is not None:
                            line[derive_ahead.KEY] = derive_ahead.key(raw_line)
                    if line["device_seq"] > stored_top:
                        batch.append(line)
                    else:
                        _same_as_stored(conn, line, path)
                    if len(batch) >= CHUNK:  # bounded memory on a first sync of a long journal
                        out.merged += _take(store, folder, dev, good, batch, trusted, rulesets, True, derive)
                        batch = []
                out.read += len(pending)
                read_here += len(pending)
                pending, pending_bytes = [], 0
                good = (pos, seq, prev, signed.to_json())
                if len(batch) >= CHUNK:
                    out.merged += _take(store, folder, dev, good, batch, trusted, rulesets, derive=derive)
                    batch = []
                if not trusted and read_here >= limit:
                    judged = False
                    out.problem = (f"{path}: {read_here} events read and held (the device is not trusted here); the "
                                   "rest is read at a later sync")  # fmt: skip
                    break
                continue
            try:
                line = to_journal(dev.device_id, obj, prev)
            except FolderError as exc:
                raise FolderError(f"{where}: {exc}") from None
            if derive is not None:  # (the rows derived ahead are taken by the bytes read: refapp.store.ahead.key)
                line[derive_ahead.KEY] = derive_ahead.key(raw)
            if line["device_seq"] != seq + 1:
                raise FolderError(f"{where}: event #{line['device_seq']} follows #{seq}: events are missing")
            pending_bytes += len(raw)
            if not trusted and read_here + len(pending) >= limit:  # more than may be held now
                if read_here:  # what the heads covered so far is held; the rest at a later sync
                    judged = False
                    out.problem = (f"{path}: {read_here} events read and held (the device is not trusted here); the "
                                   "rest is read at a later sync")  # fmt: skip
                    break
                raise FolderError(f"{where}: more lines without a signed head covering them than a device not trusted "
                                  "here may bring in one sync: not read further")  # fmt: skip
            if pending_bytes > PENDING_BYTES:
                raise FolderError(f"{where}: more than {PENDING_BYTES >> 20} MiB of lines without a signed head "
                                  "covering them: not read further")  # fmt: skip
            pending.append((raw, prev, line if len(pending) < CHUNK else None))
            seq, prev = seq + 1, line["hash"]
    except FolderError as exc:
        out.problem = str(exc)
    except OSError as exc:  # a read that fails
        out.problem, judged = f"{path}: cannot be read ({exc})", False
    except BundleError:
        raise
    except StoreError as exc:
        out.problem, judged = f"{path}: {exc}", False
    finally:
        if not trusted:
            budget.untrusted_lines -= read_here
    if good is not None:  # what the verified heads cover (before any damage) stands
        try:
            out.merged += _take(store, folder, dev, good, batch, trusted, rulesets, derive=derive)
        except BundleError as exc:
            out.problem = "; ".join(filter(None, [out.problem, _not_merged(path, dev.device_id, exc)]))
            judged = False
    return good, judged


def _not_merged(path: Path, device_id: str, exc: BundleError) -> str:
    """Signed events of a device that do not apply here (a seat of 10**20, a ruling its table refuses): the batch
    that holds one is not merged (read again at the next sync)."""
    return f"{path}: events of device {device_id} not merged: {exc.problems[0]}"


def _take(
    store: Store,
    folder: Path,
    dev: Any,
    good: tuple[int, int, str, dict[str, Any]] | None,
    lines: list[dict[str, Any]],
    trusted: bool,
    rulesets: Mapping[str, RuleSet],
    partial: bool = False,
    derive: Deriver | None = None,
) -> int:
    """Merge what can be merged now of a device's verified lines (a trusted device's), hold the rest; then remember
    where the reading stopped (``partial``: lines of a head not yet all taken, the place is left as it was). Returns
    how many were merged."""
    merged = 0
    if trusted:
        merged, lines = _merge_lines(store, lines, rulesets, derive)
    held = [(ln["device_seq"], encode_line(ln)) for ln in lines]
    _save_peer(store, folder, dev, None if partial else good, held)
    return merged


def _same_as_stored(conn: sqlite3.Connection, line: dict[str, Any], path: Path) -> None:
    row = conn.execute(
        "SELECT hash FROM events WHERE device_id = ? AND device_seq = ?", (line["device_id"], line["device_seq"])
    ).fetchone()
    if row is not None and row[0] != line["hash"]:
        raise FolderError(
            f"{path}: device {line['device_id']} #{line['device_seq']} is not the event stored here under that "
            "number: two different histories under one device id (a copied data folder?); nothing more of it is read"
        )


def _save_peer(
    store: Store,
    folder: Path,
    dev: Any,
    good: tuple[int, int, str, dict[str, Any]] | None,
    batch: list[tuple[int, str]],
) -> None:
    """Keep the lines a verified head covers (held until merged; a line read from the device's own signed journal
    replaces whatever was held at its place) and where reading stopped, in one transaction."""
    now = _now()
    with store.writing():
        store.conn.executemany(
            "INSERT OR REPLACE INTO held (device_id, device_seq, line) VALUES (?, ?, ?)",
            [(dev.device_id, s, text) for s, text in batch],
        )
        if good is None:
            return
        offset, seq, prev, head = good
        store.conn.execute(
            "INSERT INTO peers (folder, device_id, key, fingerprint, first_seen, last_read, read_offset, read_seq, "
            "read_hash, problem) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '') ON CONFLICT(folder, device_id) DO UPDATE SET "
            "last_read = excluded.last_read, read_offset = excluded.read_offset, read_seq = excluded.read_seq, "
            "read_hash = excluded.read_hash, problem = ''",
            (str(folder), dev.device_id, dev.key, dev.fingerprint, now, now, offset, seq, prev),
        )
        keep_head(store.conn, head)


def _touch_peer(store: Store, folder: Path, dev: Any, problem: str, judged: str = "") -> None:
    now = _now()
    with store.writing():
        store.conn.execute(
            "INSERT INTO peers (folder, device_id, key, fingerprint, first_seen, last_read, read_offset, read_seq, "
            "read_hash, problem, judged) VALUES (?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?) ON CONFLICT(folder, device_id) DO "
            "UPDATE SET last_read = excluded.last_read, problem = excluded.problem, judged = excluded.judged",
            (str(folder), dev.device_id, dev.key, dev.fingerprint, now, now, GENESIS, problem, judged),
        )


# -- 3. merge ---------------------------------------------------------------------------------------------------------


def merge_held(store: Store, rulesets: Mapping[str, RuleSet], report: dict[str, DeviceSync] | None = None) -> int:
    """Merge the held events of trusted devices that can be merged now (in rounds: a merged head referee's device
    may bring trust in more devices, and one device's events may follow another's); return how many."""
    conn = store.conn
    with store.writing():  # what is stored now replaces what was held at its place (merged, or a forgery)
        conn.execute("DELETE FROM held WHERE device_seq <= (SELECT max(e.device_seq) FROM events e WHERE e.device_id "
                     "= held.device_id)")  # fmt: skip
    total = 0
    while True:
        trust = trust_state(conn, store.device_id)
        keys = dict(conn.execute("SELECT DISTINCT device_id, key FROM peers").fetchall())
        keys |= dict(conn.execute("SELECT device_id, key FROM device_keys").fetchall())
        progress = 0
        own_key = store.key.public_hex if store.key is not None else None
        for (device,) in conn.execute("SELECT DISTINCT device_id FROM held ORDER BY device_id").fetchall():
            key = keys.get(device)
            if key is None or not trust.trusts(key) or not identity.speaks_for(conn, device, key, store.device_id,
                                                                               own_key):  # fmt: skip
                continue
            while True:
                top = conn.execute("SELECT max(device_seq) FROM events WHERE device_id = ?", (device,)).fetchone()
                top = top[0] or 0
                query = "SELECT events FROM signed_heads WHERE device_id = ? AND events > ? ORDER BY events"
                ends = [r[0] for r in conn.execute(query, (device, top))]
                if not ends:
                    break  # no signed head of the device vouches for what is held: it waits
                end = max((e for e in ends if e <= top + CHUNK), default=ends[0])  # up to a head, a chunk at most
                rows = conn.execute(
                    "SELECT line FROM held WHERE device_id = ? AND device_seq > ? AND device_seq <= ? ORDER BY "
                    "device_seq",
                    (device, top, end),
                ).fetchall()
                lines = [decode_line(r[0], f"held events of device {device}").as_dict() for r in rows]
                try:
                    _check_held(store, lines, top, end)
                    merged, _ = _merge_lines(store, lines, rulesets)
                except BundleError as exc:
                    if report is not None and device in report:
                        report[device].problem = f"device {device}: {exc.problems[0]}"
                    break
                with store.writing():
                    conn.execute("DELETE FROM held WHERE device_id = ? AND device_seq <= (SELECT max(device_seq) "
                                 "FROM events WHERE device_id = ?)", (device, device))  # fmt: skip
                if not merged:
                    break
                progress += merged
                if report is not None and device in report:
                    report[device].merged += merged
        total += progress
        if not progress:
            return total


def _check_held(store: Store, lines: list[dict[str, Any]], top: int, end: int) -> None:
    """Held lines are checked again before they are merged (they waited in the database, outside the chains): every
    event from the device's stored top to ``end``, chained onto it, and every signed head kept here in that stretch
    naming it (so nothing merges that the device did not sign, whatever was held)."""
    if not lines:
        return
    first = lines[0]
    device = first["device_id"]
    where = f"held events of device {device}"
    if first["device_seq"] != top + 1 or len(lines) != end - top:
        raise BundleError([f"{where}: events #{top + 1} to #{end} are not all here yet"])
    prev = store.conn.execute(
        "SELECT hash FROM events WHERE device_id = ? AND device_seq = ?", (device, top)
    ).fetchone()
    for line in lines:
        line.pop("_payload_text", None)
    try:
        check_chain(lines, top, prev[0] if prev else GENESIS, where)
    except JournalError as exc:
        raise BundleError([str(exc)]) from None
    hashes = {line["device_seq"]: line["hash"] for line in lines}
    for events, newest in store.conn.execute(
        "SELECT events, newest FROM signed_heads WHERE device_id = ? AND events > ? AND events <= ?", (device, top, end)
    ):
        if hashes.get(events) != newest:
            raise BundleError([f"{where}: #{events} is not the event the device signed: not merged"])


def _merge_lines(
    store: Store, lines: list[dict[str, Any]], rulesets: Mapping[str, RuleSet], derive: Deriver | None = None
) -> tuple[int, list[dict[str, Any]]]:
    """Import the longest run of one device's lines (in chain order) that follows what is stored, ``CHUNK`` per
    transaction; return (how many, the lines left: what they follow is not here yet)."""
    done = 0
    while lines:
        run = _importable(store, lines[:CHUNK])
        if not run:
            break
        apply(store, run, {}, rulesets, accept_devices=None, keep_forks=True, count=False, derive=derive)
        done += len(run)
        lines = lines[len(run) :]
    return done, lines


def _importable(store: Store, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The longest run of the lines that follows what is stored: its chain continues the device's stored one, every
    table and tournament it names exists, every event it follows is here."""
    if not lines:
        return []
    conn = store.conn
    device = lines[0]["device_id"]
    top = conn.execute("SELECT max(device_seq) FROM events WHERE device_id = ?", (device,)).fetchone()[0] or 0
    tables = {r[0] for r in conn.execute("SELECT id FROM game_tables")}
    tournaments = {r[0] for r in conn.execute("SELECT id FROM tournaments")}
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    expected = top + 1
    for line in lines:
        if line["device_seq"] != expected:
            break
        p, table = line["payload"], line["table_id"]
        kind = p.get("type")
        if kind == "tournament":
            tournaments.add(p.get("tournament"))
        elif kind == "table":
            if p.get("tournament") not in tournaments:
                break
            tables.add(p.get("table"))
        elif kind in TOURNAMENT_ENTITIES and p.get("tournament") not in tournaments:  # (a table: above)
            break
        if table:
            if table not in tables:
                break
            after = line.get("after")
            if after is not None and after not in seen and not _stored(conn, after):
                break
        seen.add(line["uuid"])
        out.append(line)
        expected += 1
    return out


def _stored(conn: sqlite3.Connection, uuid: str) -> bool:
    return conn.execute("SELECT 1 FROM events WHERE uuid = ?", (uuid,)).fetchone() is not None


def last_sync(store: Store) -> tuple[str | None, str | None]:
    """(when, which folder) of this device's last sync, or (None, None)."""
    return store.get_meta("last_sync_at"), store.get_meta("last_sync_folder")
