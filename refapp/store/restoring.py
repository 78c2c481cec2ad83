"""Putting a data folder's database back together from a backup and the journal (``refapp recover``, the app's offer
when its database is damaged or lacks confirmed rulings).

Recovery (:func:`recover`, :func:`restore`): the damaged files are first copied aside (``damaged-<time>/``), then a
base is chosen (the current database when it is sound and only behind the journal, else the newest backup that
passes every check: SQLite's integrity check, every hash chain, and its chain being a prefix of the journal), the
journal's newer lines are inserted on it (their chain checked, linking onto the base's newest event, every column
derived), and what no copy holds is named in the report (:mod:`refapp.store.salvage`).

The result is built in a new file next to the database (``refapp.sqlite3.recovering``), checked, and only then put
in the database's place; the damaged files were copied aside first and the old WAL is moved with them (it must not
be applied to the new file).

Layer: feature (recovery: its top).
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..domain.rules import RuleSet
from .backup import BACKUP_DIR, backups
from .chain import COLUMNS, GENESIS, hash_of
from .checks import DAMAGE_MARK, deep_problem, fast_problem, header_problem
from .digest import keep_up
from .errors import FolderInUse, StoreError
from .fullcheck import rows_problem
from .keys import KeyFileError, load_or_create
from .lock import FolderLock, LockHeld
from .paths import DB_NAME
from .recovery import LineError, derive_rows, describe, insert_rows
from .rulesets import load_catalog
from .salvage import salvage, sources
from .schema import SCHEMA_VERSION, migrate, user_version
from .signing import sign_chain, store_head
from .witness import JournalError, journals, read_lines

DAMAGED_PREFIX = "damaged-"


# -- restore and recover ----------------------------------------------------------------------------------------------


@dataclass
class RecoveryReport:
    """What a recovery did: the backup it started from (None: the current database, or, when ``rebuilt``, the events
    of the damaged database that are as they were signed), how many events it put back from the journal
    (``recovered``) and from the damaged database and the other backups (``salvaged``), the events no copy holds as
    they were (each named, with why), the backups it skipped (and why), the devices whose events a sync of the
    venue's shared folder brings back (``cut``), and where the damaged files were kept."""

    backup: Path | None = None
    recovered: int = 0
    dropped: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    kept_aside: Path | None = None
    rebuilt: bool = False
    salvaged: int = 0
    cut: set[str] = field(default_factory=set)
    problem: str | None = None  # why a result was not sound (a recovery that failed says it)

    def message(self) -> str:
        journal = f"{self.recovered} event(s) recovered from the journal"
        copies = f", {self.salvaged} from the damaged database and the other backups" if self.salvaged else ""
        if self.backup:
            parts = [f"Restored from the backup {self.backup.name}; {journal}{copies}."]
        elif self.rebuilt:
            parts = [f"Rebuilt from the events of the damaged database that are as they were signed "
                     f"({self.salvaged}) and from the journal ({self.recovered})."]  # fmt: skip
        else:
            parts = [f"Restored from the database as it was; {journal}."]
        if self.skipped:
            shown = "; ".join(self.skipped[:5]) + ("; ..." if len(self.skipped) > 5 else "")
            parts.append(f"{len(self.skipped)} backup(s) skipped: {shown}.")
        if self.dropped:
            shown = "; ".join(self.dropped[:10]) + ("; ..." if len(self.dropped) > 10 else "")
            parts.append(f"{len(self.dropped)} event(s) could not be recovered: {shown}.")
            if self.cut:
                parts.append("Another device's events come back with the next sync of the venue's shared folder.")
        if self.kept_aside:
            parts.append(f"The damaged files are kept in {self.kept_aside}.")
        return " ".join(parts)


def restore(data_dir: Path, rulesets: Mapping[str, RuleSet] | None = None) -> RecoveryReport:
    """Put back the newest backup that passes every check, then the journal's newer events on it."""
    return recover_folder(Path(data_dir), rulesets, use_current=False)


def recover(data_dir: Path, rulesets: Mapping[str, RuleSet] | None = None) -> RecoveryReport:
    """Re-insert from the journal what the database lacks (starting from the database when it is sound, else from
    the newest good backup)."""
    return recover_folder(Path(data_dir), rulesets, use_current=True)


def restore_newest_good_backup(data_dir: Path) -> Path:
    """:func:`restore`, returning the backup used (raises :class:`StoreError` if no backup is good)."""
    report = restore(data_dir)
    if report.backup is None:
        raise StoreError(key="no_good_backup", folder=Path(data_dir) / BACKUP_DIR)
    return report.backup


def keep_aside(data_dir: Path) -> Path | None:
    """Copy the database, its WAL and shared memory into ``damaged-<time>/`` (before any repair)."""
    db = Path(data_dir) / DB_NAME
    present = [Path(f"{db}{s}") for s in ("", "-wal", "-shm") if Path(f"{db}{s}").exists()]
    if not present:
        return None
    dest = Path(data_dir) / f"{DAMAGED_PREFIX}{datetime.now(UTC).strftime('%Y%m%dT%H%M%S%fZ')}"
    dest.mkdir()
    for p in present:
        shutil.copy2(p, dest / p.name)
    return dest


def _journal(folder: Path) -> tuple[str | None, list[dict[str, Any]]]:
    """The device id and lines of the folder's journal (the one with the most lines when several)."""
    best: tuple[str | None, list[dict[str, Any]]] = (None, [])
    for path in journals(folder):
        try:
            lines = list(read_lines(path))
        except JournalError:
            continue
        if len(lines) > len(best[1]):
            best = (path.stem, lines)
    return best


def chain_problem(conn: sqlite3.Connection) -> str | None:
    """The first broken link or hash of any device's chain, or None."""
    cols = ["seq", *COLUMNS]
    names = ", ".join(f'"{c}"' if c == "after" else c for c in cols)
    has_v = {r[1] for r in conn.execute("PRAGMA table_info(events)")} >= {"hash_v", "after"}
    if not has_v:
        names = names.replace(', hash_v, "after"', ", 1, NULL")
    last: dict[str, tuple[int, str]] = {}
    for r in conn.execute(f"SELECT {names} FROM events ORDER BY device_id, device_seq"):
        row = dict(zip(cols, r))
        seq, h = last.get(row["device_id"], (0, GENESIS))
        if row["device_seq"] != seq + 1 or row["prev_hash"] != h or hash_of(row) != row["hash"]:
            return f"device {row['device_id']} #{row['device_seq']} (seq {row['seq']}): its chain is broken"
        last[row["device_id"]] = (row["device_seq"], row["hash"])
    return None


def _candidate_problem(
    path: Path, device_id: str | None, lines: list[dict[str, Any]], signatures: bool = True
) -> str | None:
    """Why ``path`` cannot be the base of a recovery (integrity, chains, every row and projection, not a prefix of the
    journal), or None. ``signatures=False`` (the database itself, which may only be behind the journal): its rows and
    projections, not its signed digest nor heads (checked on the result)."""
    problem = header_problem(path)
    if problem:
        return problem
    backup = path.name != DB_NAME
    problem = deep_problem(path, immutable=backup)
    if problem:
        return problem
    conn = sqlite3.connect(f"file:{path}?mode=ro" + ("&immutable=1" if backup else ""), uri=True)
    try:
        problem = fast_problem(conn) or chain_problem(conn)
        if problem:
            return problem
        owner = conn.execute("SELECT value FROM meta WHERE key = 'device_id'").fetchone()
        if device_id and owner and owner[0] != device_id:
            return f"it is the database of device {owner[0]}, not of this folder's journal ({device_id})"
        if device_id and lines:
            row = conn.execute(
                "SELECT device_seq, hash FROM events WHERE device_id = ? ORDER BY device_seq DESC LIMIT 1",
                (device_id,),
            ).fetchone()
            if row:
                at = next((x for x in lines if x["device_seq"] == row[0]), None)
                if at is None or at["hash"] != row[1]:
                    return "its history is not the journal's (another device, or a history that went another way)"
    except (sqlite3.Error, UnicodeDecodeError) as exc:
        return str(exc)
    finally:
        conn.close()
    return rows_problem(path, immutable=backup, signatures=signatures)


def recover_folder(folder: Path, rulesets: Mapping[str, RuleSet] | None, use_current: bool) -> RecoveryReport:
    db = folder / DB_NAME
    lock = FolderLock(folder)
    try:
        lock.acquire()
    except LockHeld as exc:
        raise FolderInUse(folder, exc.pid) from None
    try:
        device_id, lines = _journal(folder)
        readable = db.exists() and db.stat().st_size > 0
        report = RecoveryReport()
        if use_current and readable and _candidate_problem(db, device_id, lines, signatures=False) is None:
            work = _attempt(folder, report, db, None, [], device_id, lines, rulesets)
            if work is not None:
                return _finish(folder, report, work, [])
            report = RecoveryReport()  # its signatures or projections are not sound after all: rebuilt
        skipped: list[Path] = []
        base: Path | None = None
        for candidate in backups(folder):
            problem = _candidate_problem(candidate, device_id, lines)
            if problem is None:
                base = report.backup = candidate
                break
            report.skipped.append(f"{candidate.name}: {problem}")
            skipped.append(candidate)
        own = device_id or (_owner(db) if readable else None) or (_owner(base) if base else None)
        damaged = db if readable and _owner(db) in (own, None) else None  # (never another device's database)
        others = [b for b in backups(folder) if b != base and (own is None or _owner(b) in (own, None))]
        if base is None and not lines and not _holds_events(damaged, others):
            raise StoreError(key="nothing_to_recover", folder=folder / "backups")
        report.rebuilt = damaged is not None
        work = _attempt(folder, report, base, damaged, others, device_id, lines, rulesets)
        if work is None:
            raise StoreError(key="recovery_failed", reason=report.problem)
        return _finish(folder, report, work, skipped)
    finally:
        lock.release()


def _owner(path: Path) -> str | None:
    """The device whose database (or backup) ``path`` is, as its ``meta`` says (None when it does not read)."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
        try:
            row = conn.execute("SELECT value FROM meta WHERE key = 'device_id'").fetchone()
        finally:
            conn.close()
    except (sqlite3.Error, UnicodeDecodeError):
        return None
    return row[0] if row and isinstance(row[0], str) else None


def _holds_events(damaged: Path | None, others: list[Path]) -> bool:
    """Whether the damaged database or a backup still reads (something may be taken from it)."""
    for path in [*([damaged] if damaged else []), *others]:
        try:
            conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
            try:
                if conn.execute("SELECT 1 FROM events LIMIT 1").fetchone():
                    return True
            finally:
                conn.close()
        except (sqlite3.Error, UnicodeDecodeError):
            continue
    return False


def _attempt(
    folder: Path,
    report: RecoveryReport,
    base: Path | None,
    damaged: Path | None,
    others: list[Path],
    device_id: str | None,
    lines: list[dict[str, Any]],
    rulesets: Mapping[str, RuleSet] | None,
) -> Path | None:
    """Build the recovered database in ``refapp.sqlite3.recovering`` from ``base`` (the database itself, a backup,
    or nothing) and what the copies hold (:mod:`refapp.store.salvage`), and check it as an open would; None (and
    ``report.problem``) when it is not sound."""
    work = folder / (DB_NAME + ".recovering")
    _remove(work)
    conn = sqlite3.connect(work, isolation_level=None)
    try:
        if base is not None:
            source = sqlite3.connect(f"file:{base}?mode=ro" + ("&immutable=1" if base != folder / DB_NAME else ""),
                                     uri=True)  # fmt: skip
            try:
                source.backup(conn)
            finally:
                source.close()
        conn.execute("PRAGMA journal_mode=WAL")
        if user_version(conn) < SCHEMA_VERSION:
            migrate(conn)
        if device_id:
            conn.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('device_id', ?)", (device_id,))
        stored = conn.execute("SELECT value FROM meta WHERE key = 'device_id'").fetchone()
        own = stored[0] if stored else device_id
        _restore(conn, folder, report, own, lines if own == device_id else [], damaged, others, rulesets)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()
    report.problem = deep_problem(work) or rows_problem(work)
    if report.problem:
        _remove(work)
        return None
    return work


def _restore(
    conn: sqlite3.Connection,
    folder: Path,
    report: RecoveryReport,
    own: str | None,
    lines: list[dict[str, Any]],
    damaged: Path | None,
    others: list[Path],
    rulesets: Mapping[str, RuleSet] | None,
) -> None:
    """Insert what the copies hold beyond the base, every column derived again; sign what this device vouches for."""
    base = set(conn.execute("SELECT device_id, device_seq FROM events").fetchall())
    with sources(lines, damaged, others, base) as src:
        found = salvage(conn, own, lines, src)
    report.dropped = found.dropped
    report.cut = found.cut - {own}
    if not found.lines and not found.cut:
        return
    if rulesets is None:
        rulesets = load_catalog(folder / "rulesets").rulesets
    conn.execute("BEGIN IMMEDIATE")
    try:
        todo = found.lines
        while True:
            try:
                insert_rows(conn, derive_rows(conn, todo, rulesets))
                break
            except LineError as exc:  # it does not apply to its table: left out, with what needs it
                gone = _without(todo, exc.index)
                report.dropped += [f"event {x['uuid']} (device {x['device_id']} #{x['device_seq']}): {exc}"
                                   for x in gone]  # fmt: skip
                todo = [x for x in todo if x not in gone]
        report.recovered = sum(1 for x in todo if x["_source"] == "journal")
        report.salvaged = len(todo) - report.recovered
        for device, key, events, newest, signature in found.heads:
            have = conn.execute("SELECT events FROM heads WHERE device_id = ?", (device,)).fetchone()
            if device != own and (have is None or have[0] < events):
                store_head(conn, {"device": device, "key": key, "events": events, "newest": newest,
                                  "signature": signature})  # fmt: skip
        for device in found.cut - {own}:  # the next sync reads its journal from its start: what is missing comes back
            conn.execute("DELETE FROM peers WHERE device_id = ?", (device,))
        conn.execute("DELETE FROM meta WHERE key = 'adopt_pending'")
        if own:
            _sign(conn, folder, own)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _without(lines: list[dict[str, Any]], index: int) -> list[dict[str, Any]]:
    """The line at ``index``, the later lines of its device and every line that follows one of those at a table."""
    first = lines[index]
    gone_uuids = set()
    out = []
    for x in lines[index:]:
        same = x["device_id"] == first["device_id"] and x["device_seq"] >= first["device_seq"]
        if x is first or same or x.get("after") in gone_uuids:
            out.append(x)
            gone_uuids.add(x["uuid"])
    return out


def _finish(folder: Path, report: RecoveryReport, work: Path, skipped: list[Path]) -> RecoveryReport:
    """Keep the damaged files aside, move the backups that failed the checks with them, and put the result in the
    database's place."""
    db = folder / DB_NAME
    report.kept_aside = keep_aside(folder)
    if skipped:  # backups that failed the checks: kept with the damaged files, never used again
        aside = report.kept_aside or _aside_dir(folder)
        report.kept_aside = aside
        for path in skipped:
            os.replace(path, aside / path.name)
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)  # copied aside; never to be applied to the new file
    os.replace(work, db)
    for suffix in ("-wal", "-shm"):
        Path(f"{work}{suffix}").unlink(missing_ok=True)

    (folder / DAMAGE_MARK).unlink(missing_ok=True)  # the damaged file is aside: the new one is checked at open
    return report


def _remove(work: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(f"{work}{suffix}").unlink(missing_ok=True)


def _aside_dir(folder: Path) -> Path:
    dest = folder / f"{DAMAGED_PREFIX}{datetime.now(UTC).strftime('%Y%m%dT%H%M%S%fZ')}"
    dest.mkdir()
    return dest


def _sign(conn: sqlite3.Connection, folder: Path, device_id: str) -> None:
    """Sign the recovered chain with this device's key (its events were signed before they were lost). Without a
    usable key nothing is signed here: the next open says what is wrong with the key."""
    if (folder / "device.key").exists():
        try:
            key = load_or_create(folder)
        except KeyFileError:
            return
        sign_chain(conn, device_id, key)
        conn.execute("DELETE FROM digest")  # the rows were put back: fold every one again, and sign
        keep_up(conn, device_id, key)


__all__ = ["RecoveryReport", "chain_problem", "describe", "json", "recover", "recover_folder", "restore"]
