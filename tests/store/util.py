"""Helpers of the store tests: a small real table, the files a killed process leaves behind, and the plans of the
queries a read runs."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

from refapp.store.checks import DAMAGE_MARK
from refapp.store.db import DB_NAME, Store
from refapp.store.opening import open_store
from refapp.store.tablebook import TableBook
from tests.logs import ev, rulesets, start


def filled(folder: Path, n_riichi: int = 3, ruleset: str = "wrc-2015") -> tuple[Store, TableBook]:
    """A store with one table of tournament "Paris Open" (table 7): a hanchan started and ``n_riichi`` riichi."""
    store = open_store(folder)
    table = store.setup_table("Paris Open", 7, [{"name": n} for n in ("Ann", "Bob", "Cyd", "Dan")])
    book = TableBook(store, table, rulesets())
    book.commit(start(ruleset))
    for seat in range(n_riichi):
        book.commit(ev("riichi", seat=seat))
    return store, book


def dispose(qobject: object) -> None:
    """Delete a Qt object now, in the GUI thread. A Controller left to the garbage collector may be deleted in a
    background thread (whichever thread the collector runs in) with its timer still registered: a later test of the
    same run then crashes in Qt's event loop."""
    from PySide6.QtCore import QCoreApplication, QEvent, QObject

    assert isinstance(qobject, QObject)
    qobject.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def files_of(folder: Path) -> dict[str, str]:
    """Every file of the data folder (relative name -> sha256): to show that nothing was written. The lock file, the
    WAL index (``-shm``, shared memory that any reader may rebuild), an empty WAL (which a reader creates), the log
    and the note that the background check found damage (``damage-found.txt``: it makes the next open check fully)
    hold no data and are left out."""
    out = {}
    for p in sorted(folder.rglob("*")):
        if not p.is_file() or p.name in ("refapp.lock", "refapp.log", DAMAGE_MARK) or p.name.endswith("-shm"):
            continue
        if p.name.endswith("-wal") and p.stat().st_size == 0:
            continue
        out[str(p.relative_to(folder))] = sha(p)
    return out


def hold_in_wal(store: Store) -> None:
    """From now on, commits stay in the WAL (no automatic checkpoint), as between two checkpoints of a long day."""
    store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.conn.execute("PRAGMA wal_autocheckpoint=0")


def killed_copy(folder: Path, dest: Path) -> Path:
    """The data folder as a SIGKILL would leave it now: the database, its WAL and shared memory, the journal, the
    settings and backups, copied while the store is still open (nothing checkpointed, nothing closed)."""
    shutil.copytree(folder, dest, ignore=shutil.ignore_patterns("refapp.lock"))
    return dest


def db(folder: Path) -> Path:
    return folder / DB_NAME


def wal(folder: Path) -> Path:
    return folder / (DB_NAME + "-wal")


def query_plans(conn: sqlite3.Connection, read: Callable[[], object]) -> list[tuple[str, str]]:
    """(each SQL statement ``read`` ran, a step of its plan) for every step."""
    seen: list[str] = []
    conn.set_trace_callback(seen.append)
    try:
        read()
    finally:
        conn.set_trace_callback(None)
    out = []
    for sql in seen:
        if sql.lstrip().upper().startswith("SELECT"):  # (run with NULL for each parameter: the plan is the same)
            out += [(sql, str(row[3])) for row in conn.execute("EXPLAIN QUERY PLAN " + sql.replace("?", "NULL"))]
    return out
