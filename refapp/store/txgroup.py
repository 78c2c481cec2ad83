"""Writes that share one transaction: a sync's many small writes committed a few times a second, not one by one.

A first sync of 100,000 events makes some 250 writes (each device's chunks of events, where its journal was read,
what is held); each commit waits for the disk (``synchronous=FULL``) and signs the chain and the digest again, about
a second and a half in all. Inside :meth:`refapp.store.db.Store.grouped` each write is a savepoint of a transaction
that is committed once it has been open :attr:`Group.seconds` and when the block ends: a write that fails still rolls
back only itself, what each write did stays whole, and a crash loses at most the writes of the open transaction,
which the next sync makes again (where a journal was read is stored with what was merged from it).

Layer: bottom (no feature of the store).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from .errors import StoreError, refused

SAVEPOINT = "refapp_write"


@dataclass
class Group:
    """The open transaction of a :meth:`~refapp.store.db.Store.grouped` block."""

    seconds: float  # a transaction is committed once it has been open this long (at the end of a write)
    started: float | None = None  # when the open transaction began (time.monotonic), None: none is open
    added: bool = False  # whether it added rows to this device's chain (the seal signs the chain again)
    rows: list[dict[str, Any]] = field(default_factory=list)  # this device's rows, journaled after the commit
    lost: sqlite3.Error | None = None  # SQLite rolled the whole transaction back: raised again when the block ends

    def took(self, rows: list[dict[str, Any]]) -> bool:
        """Count one write that went well (``rows``: this device's rows it added); whether to commit now."""
        self.added |= bool(rows)
        self.rows += rows
        return self.started is not None and time.monotonic() - self.started >= self.seconds

    def raise_lost(self) -> None:
        """At the block's end: the refusal that rolled a shared transaction back, if one did."""
        if self.lost is not None:
            raise refused(self.lost)


def begin(conn: sqlite3.Connection, group: Group) -> None:
    """Start one write of the group: the group's transaction if none is open, then the write's savepoint."""
    if group.started is None:
        conn.execute("BEGIN IMMEDIATE")
        group.started = time.monotonic()
    conn.execute(f"SAVEPOINT {SAVEPOINT}")


def release(conn: sqlite3.Connection) -> None:
    """End one write that went well. Foreign keys a write deferred (an import's rows, out of order) are checked now,
    as its own commit would have: the group's commit must not fail for one write's rows."""
    if conn.execute("PRAGMA defer_foreign_keys").fetchone()[0]:
        bad = conn.execute("PRAGMA foreign_key_check").fetchone()
        conn.execute("PRAGMA defer_foreign_keys = OFF")
        if bad is not None:
            raise sqlite3.IntegrityError("FOREIGN KEY constraint failed")
    conn.execute(f"RELEASE {SAVEPOINT}")


def undo(conn: sqlite3.Connection, group: Group, exc: BaseException) -> None:
    """Roll back one write that failed (only it), or note that SQLite rolled back the whole transaction."""
    if conn.in_transaction:
        conn.execute(f"ROLLBACK TO {SAVEPOINT}")
        conn.execute(f"RELEASE {SAVEPOINT}")
        conn.execute("PRAGMA defer_foreign_keys = OFF")
    else:  # (a full disk, an I/O error): the group's earlier writes are gone too
        group.started, group.added, group.rows = None, False, []
        group.lost = exc if isinstance(exc, sqlite3.Error) else sqlite3.OperationalError(str(exc))


def commit(
    conn: sqlite3.Connection, group: Group, seal: Callable[[sqlite3.Connection, bool], None] | None
) -> list[dict[str, Any]]:
    """Seal and commit the group's transaction; return this device's rows it added (to journal). Raises the
    database's refusal as one write would."""
    if group.started is None:
        return []
    rows, added, group.rows, group.added, group.started = group.rows, group.added, [], False, None
    with refusals():
        try:
            if seal is not None:
                seal(conn, added)
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    return rows


@contextmanager
def refusals() -> Iterator[None]:
    """The database's refusal of a write, said as the store says it (:func:`refapp.store.errors.refused`)."""
    try:
        yield
    except sqlite3.IntegrityError as exc:
        raise StoreError(key="not_saved", reason=str(exc)) from None
    except sqlite3.Error as exc:
        raise refused(exc) from None
