"""Backups, and putting a database back together from a backup and the journal.

Backups: SQLite's online backup API into ``backups/refapp-<time>.sqlite3``, written as ``*.part`` and renamed when
complete (a ``*.part`` left by a kill is removed by the next writable open). Only backups of this database's own
history are rotated away: a backup of another device, or of a chain that is not a prefix of the current one (kept
from before a restore, copied from elsewhere), is never deleted by new backups.

Recovery (:func:`recover`, :func:`restore`): the damaged files are first copied aside (``damaged-<time>/``), then a
base is chosen (the current database when it is sound and only behind the journal, else the newest backup that
passes every check: SQLite's integrity check, every hash chain, and its chain being a prefix of the journal), the
journal's newer lines are inserted on it (their chain checked, linking onto the base's newest event, every column
derived), and what no copy holds is named in the report.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .paths import DB_NAME

BACKUP_DIR = "backups"
KEEP_BACKUPS = 10
DAMAGED_PREFIX = "damaged-"


def backups(data_dir: Path) -> list[Path]:
    """Backups, newest first."""
    found = (Path(data_dir) / BACKUP_DIR).glob("refapp-*.sqlite3")
    return sorted((p for p in found if p.is_file()), reverse=True)  # a FIFO or a folder there is no backup


def remove_parts(data_dir: Path) -> None:
    """Remove the ``*.part`` files of backups cut short (only the lock's holder calls this: none is being written)."""
    for part in (Path(data_dir) / BACKUP_DIR).glob("*.part"):
        try:
            part.unlink()
        except OSError:
            pass


def _tail(path: Path, device_id: str) -> tuple[str | None, int, str | None]:
    """(the backup's device id, its newest event of ``device_id``: seq and hash)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'device_id'").fetchone()
        own = row[0] if row else None
        last = conn.execute(
            "SELECT device_seq, hash FROM events WHERE device_id = ? ORDER BY device_seq DESC LIMIT 1", (device_id,)
        ).fetchone()
        return own, (last[0] if last else 0), (last[1] if last else None)
    finally:
        conn.close()


def same_history(backup: Path, db: Path, device_id: str) -> bool:
    """Whether ``backup`` holds a prefix of this database's own chain (then a newer backup supersedes it)."""
    try:
        own, seq, h = _tail(backup, device_id)
    except (sqlite3.Error, UnicodeDecodeError):
        return False  # unreadable: kept (it is not ours to judge); a restore checks it
    if own != device_id:
        return False
    if seq == 0:
        return True
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        row = conn.execute(
            "SELECT hash FROM events WHERE device_id = ? AND device_seq = ?", (device_id, seq)
        ).fetchone()
    finally:
        conn.close()
    return row is not None and row[0] == h


def make_backup(db: Path, device_id: str, keep: int = KEEP_BACKUPS) -> Path:
    """Copy the database with SQLite's online backup API into ``backups/``; keep the ``keep`` newest backups of
    this history (see the module's docstring).

    Reads through its own connection (so it may run in another thread while rulings are stored: WAL lets a reader
    copy while the writer commits) and writes ``*.part`` first, renamed when complete, so a backup cut short never
    looks like a good one. The copy is not flushed to disk by SQLite (``synchronous=OFF``): flushing 100 MB at once
    would stall the rulings committed meanwhile, and the operating system writes it out within seconds anyway; a
    copy torn by a power cut is caught by the checks a restore runs on every backup."""
    folder = db.parent / BACKUP_DIR
    folder.mkdir(exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    dest = folder / f"refapp-{stamp}.sqlite3"
    part = dest.with_name(dest.name + ".part")
    source = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    target = sqlite3.connect(part)
    try:
        target.execute("PRAGMA synchronous=OFF")
        source.backup(target)
    finally:
        target.close()
        source.close()
    os.replace(part, dest)
    ours = [p for p in sorted(folder.glob("refapp-*.sqlite3")) if p == dest or same_history(p, db, device_id)]
    for old in ours[:-keep]:
        old.unlink()
    return dest


# -- restore and recovery --------------------------------------------------------------------------------------------


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


def restore(data_dir: Path, rulesets: Mapping[str, Any] | None = None) -> RecoveryReport:
    """Put back the newest backup that passes every check, then the journal's newer events on it."""
    from .restoring import recover_folder

    return recover_folder(Path(data_dir), rulesets, use_current=False)


def recover(data_dir: Path, rulesets: Mapping[str, Any] | None = None) -> RecoveryReport:
    """Re-insert from the journal what the database lacks (starting from the database when it is sound, else from
    the newest good backup)."""
    from .restoring import recover_folder

    return recover_folder(Path(data_dir), rulesets, use_current=True)


def restore_newest_good_backup(data_dir: Path) -> Path:
    """:func:`restore`, returning the backup used (raises :class:`StoreError` if no backup is good)."""
    from .db import StoreError

    report = restore(data_dir)
    if report.backup is None:
        raise StoreError(
            f"No good backup in {Path(data_dir) / BACKUP_DIR}: the damaged database was left as it is.",
            "no_good_backup",
            folder=Path(data_dir) / BACKUP_DIR,
        )
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
