"""Backups: SQLite's online backup API into ``backups/refapp-<time>.sqlite3``, written as ``*.part`` and renamed when
complete (a ``*.part`` left by a kill is removed by the next writable open). Only backups of this database's own
history are rotated away: a backup of another device, or of a chain that is not a prefix of the current one (kept
from before a restore, copied from elsewhere), is never deleted by new backups.

Putting a database back together from a backup and the journal is :mod:`refapp.store.restoring`.

Layer: feature (backups).
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from .db import Store
from .errors import StoreError

_log = logging.getLogger("refapp.store")

BACKUP_DIR = "backups"
KEEP_BACKUPS = 10


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


def backup(store: Store, keep: int | None = None) -> Path:
    """A copy of the store's database in ``backups/`` (:func:`make_backup`; ``keep``: :data:`KEEP_BACKUPS`)."""
    return make_backup(store.path, store.device_id, KEEP_BACKUPS if keep is None else keep)


def maybe_backup(
    store: Store, every: int = 20, failed: Callable[[BaseException], None] | None = None
) -> threading.Thread | None:
    """A backup after every ``every`` appends to ``store``, taken in a background thread so the board never waits for
    it (called once a ruling has been acknowledged; closing the store waits for it). A failed backup never blocks
    play; the next one retries. A failure is logged and given to ``failed`` (called in the backup's thread)."""
    if store.read_only or store.appends_since_backup < every:
        return None
    if store.backup_thread is not None and store.backup_thread.is_alive():
        return None
    store.appends_since_backup = 0

    def run() -> None:
        try:
            backup(store)
        except (OSError, sqlite3.Error, StoreError) as exc:
            _log.warning("backup failed: %s", exc, exc_info=True)
            if failed is not None:
                failed(exc)

    store.backup_thread = threading.Thread(target=run, name="refapp-backup", daemon=True)
    store.backup_thread.start()
    return store.backup_thread
