"""Opening a data folder: the lock, the checks that run before anything is written, and what they refuse.

A writable open (the app, ``refapp import``, ``refapp recover``; the checks themselves are in
:mod:`refapp.store.checks`):

1. takes the folder's lock (:mod:`refapp.store.lock`): a second writer gets :class:`FolderInUse`;
2. looks at the database through a read-only connection (``mode=ro``: it never checkpoints, never deletes or
   rewrites the WAL): the file's header, its schema version against its tables, every index's entry count against
   its table's (an index that lost or gained entries), and the journal's newest line against this device's newest
   event (:mod:`refapp.store.witness`). A missing or empty database is a fresh install only when nothing in the
   folder (journal, settings, backups) says there was one. These checks take a few tens of milliseconds on a 100 MB
   database (``benchmarks/store.py``);
3. removes the ``*.part`` files of backups cut short, opens the database for writing and migrates it;
4. starts the full check in background threads (SQLite's ``integrity_check`` and a UTF-8 check of every stored text;
   every stored row against this device's signed digest, the signed heads, the projections, each damaged row named:
   :func:`refapp.store.fullcheck.rows_problem`); every write waits for it, so damage is found before anything is
   written, without delaying the board;
5. catches the journal up (the rows copied checked first), adopts what no event covers yet, and signs the chain
   and the digest if they carry no signature: each of these writes waits for the full check too.

A read-only open (verify, history, export) takes no lock and writes nothing; what it finds is kept in
``open_problems`` for verify. A read-only folder whose WAL was left pending is read as it is on disk, and the store's
``warnings`` say that the state shown may be stale.

Layer: feature (the open: above every check it runs and the signing it installs).
"""

from __future__ import annotations

import sqlite3
import uuid
from datetime import UTC, datetime
from pathlib import Path

from ..domain.messages import Message
from .backup import remove_parts
from .chain import GENESIS
from .checks import (
    DAMAGE,
    DAMAGE_MARK,
    backup_problems,
    connect_ro,
    deep_problem,
    evidence,
    fast_problem,
    full_disk,
    header_problem,
    is_full,
    no_tables,
    witness_problem,
    writable,
)
from .codec_journal import line_of
from .db import Store
from .devices import announce_key
from .digest import keep_up
from .entities import adoption_payloads, entity_row
from .errors import DamagedDatabase, FolderInUse, MissingEvents, StoreError
from .fullcheck import FullCheck, rows_problem, worth_apart
from .keys import load_or_create
from .lock import FolderLock, LockHeld
from .paths import DB_NAME
from .rowread import UNREADABLE
from .schema import SCHEMA_VERSION, NewerSchema, build_deferred, migrate, user_version
from .signing import Sealer, sign_chain
from .witness import Journal, JournalError, check_chain, tail

# -- opening ---------------------------------------------------------------------------------------------------------


def open_store(data_dir: Path, read_only: bool = False, *, check_apart: bool = False) -> Store:
    """Open (create, migrate) the database in ``data_dir`` for writing, holding the folder's lock; with
    ``read_only``, open it for reading only (no lock, nothing written, any schema version). A damaged or incomplete
    database raises :class:`DamagedDatabase` and is never written to; a read-only folder opens read-only (reading
    works, writes are refused). ``check_apart``: the full check of a big database runs in a helper process (the app:
    :mod:`refapp.store.fullcheck`)."""
    folder = Path(data_dir)
    path = folder / DB_NAME
    if read_only:
        return _open_read(folder, path, strict=False)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        if not folder.is_dir():
            raise StoreError(key="cannot_open_folder", folder=folder, reason=exc) from None
    lock = FolderLock(folder)
    try:
        lock.acquire()
    except LockHeld as exc:
        raise FolderInUse(folder, exc.pid) from None
    except OSError as exc:
        if is_full(folder, exc):
            raise full_disk(folder) from None
        if path.exists() and path.stat().st_size:  # a read-only folder: nothing can be written there anyway
            return _open_read(folder, path, strict=True)
        raise StoreError(key="cannot_open_folder", folder=folder, reason=exc) from None
    try:
        if not writable(folder):
            if is_full(folder):
                raise full_disk(folder)
            lock.release()
            if path.exists() and path.stat().st_size:
                return _open_read(folder, path, strict=True)
            raise StoreError(key="read_only_empty", folder=folder)
        return _open_write(folder, path, lock, check_apart)
    except BaseException:
        lock.release()
        raise


def _open_read(folder: Path, path: Path, strict: bool) -> Store:
    state = empty_state(path)
    if state is not None:
        kept = evidence(folder)
        if kept:
            raise DamagedDatabase(path, _not_fresh(state, kept))
        raise StoreError(f"No refapp database in {folder} (nothing recorded there yet; see --data-dir).")
    problem = header_problem(path)
    if problem:
        raise DamagedDatabase(path, problem)
    try:
        conn, warning = connect_ro(path)
        problem = fast_problem(conn)
        if problem:
            conn.close()
            raise DamagedDatabase(path, problem)
        if user_version(conn) > SCHEMA_VERSION:
            conn.close()
            raise StoreError(key="newer_schema", path=path)
        found = witness_problem(conn, folder, path) or _behind_backups(conn, folder)
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
        raise _classified(folder, path, exc) from None
    except JournalError as exc:
        found = str(exc)
    store = Store(conn, path, read_only=True)
    if warning:
        store.warnings.append(warning)
    if found is not None:
        err = found if isinstance(found, MissingEvents) else DamagedDatabase(path, found)
        text = Message(str(err), err.key, **err.params)
        store.open_problems.append(text)
        store.warnings.append(text)
    if strict and user_version(conn) != SCHEMA_VERSION:
        raise StoreError(key="read_only_upgrade", path=path)
    return store


def open_damaged(folder: Path, damage: DamagedDatabase) -> Store | None:
    """The database a read-only open refused as damaged, opened all the same for ``refapp verify`` to name what is
    damaged in it (its ``open_damage`` says why the open refused it); None when SQLite cannot read it at all."""
    path = folder / DB_NAME
    if header_problem(path):
        return None
    try:
        conn, _ = connect_ro(path)
    except (sqlite3.DatabaseError, UnicodeDecodeError, OSError):
        return None
    store = Store(conn, path, read_only=True)
    store.open_damage = damage.detail
    return store


def _classified(folder: Path, path: Path, exc: BaseException) -> StoreError:
    if is_full(folder, exc):
        return full_disk(folder)
    if isinstance(exc, UnicodeDecodeError):
        return DamagedDatabase(path, f"it holds text that is not UTF-8 where SQLite keeps its own ({exc})")
    if "could not decode" in str(exc).lower():
        return DamagedDatabase(path, f"a stored text is not valid UTF-8: {exc}")
    if isinstance(exc, sqlite3.DatabaseError) and (
        getattr(exc, "sqlite_errorname", "") in DAMAGE or "malformed" in str(exc) or "not a database" in str(exc)
    ):
        return DamagedDatabase(path, str(exc))
    return StoreError(key="cannot_open_database", path=path, reason=exc)


def empty_state(path: Path) -> str | None:
    """ "missing", "empty" (0 bytes, or a header without any table) or None (a database with tables)."""
    if not path.exists():
        return "missing"
    if path.stat().st_size == 0 or no_tables(path):
        return "empty"
    return None


def _not_fresh(state: str, found: list[str]) -> str:
    return (
        f"the database is {state}, but {'; '.join(found)}: this is not a fresh start, and nothing was created. "
        "Restore it from the journal or a backup (refapp recover)"
    )


def _open_write(folder: Path, path: Path, lock: FolderLock, check_apart: bool = False) -> Store:
    state = empty_state(path)
    fresh = state is not None
    if fresh:
        found = evidence(folder)
        if found:
            raise DamagedDatabase(path, _not_fresh(state or "empty", found))
    else:
        _check_before_writing(folder, path)
    remove_parts(folder)
    conn = None
    try:
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        upgrade = user_version(conn) < SCHEMA_VERSION
        if upgrade and not fresh:
            problem = deep_problem(path)  # a migration writes: the full check runs first
            if problem:
                raise DamagedDatabase(path, problem)
        migrate(conn)
        build_deferred(conn)  # indexes a long sync cut short left out (refapp.store.schema.DEFERRABLE)
        store = Store(conn, path)
        store.lock = lock
        if not store.device_id:
            store.device_id = str(uuid.uuid4())
            conn.execute("INSERT INTO meta (key, value) VALUES ('device_id', ?)", (store.device_id,))
        store.journal = Journal(folder, store.device_id)
        if not upgrade:  # started before anything else is written: what the open writes waits for it
            store.start_check(FullCheck(path, apart=check_apart and worth_apart(path)))
        _catch_up(store)
        _adopt(store)
        _sign(store, folder)
        return store
    except NewerSchema:
        _close(conn)
        raise StoreError(key="newer_schema", path=path) from None
    except sqlite3.Error as exc:
        _close(conn)
        raise _classified(folder, path, exc) from None
    except OSError as exc:
        _close(conn)
        if is_full(folder, exc):
            raise full_disk(folder) from None
        raise StoreError(key="cannot_open_folder", folder=folder, reason=exc) from None
    except BaseException:
        _close(conn)
        raise


def _behind_backups(conn: sqlite3.Connection, folder: Path) -> str | None:
    """Whether the newest backup of this history holds events the database lacks (a database replaced by an older
    copy, or one that lost its newest commits with its journal)."""
    if user_version(conn) < 4:
        return None
    row = conn.execute("SELECT value FROM meta WHERE key = 'device_id'").fetchone()
    found = backup_problems(conn, folder, row[0]) if row else []
    return "; ".join(found) if found else None


def _close(conn: sqlite3.Connection | None) -> None:
    if conn is not None:
        conn.close()


def _check_before_writing(folder: Path, path: Path) -> None:
    problem = header_problem(path)
    if problem:
        raise DamagedDatabase(path, problem)
    mark = folder / DAMAGE_MARK
    if mark.is_file():  # the last session's full check found damage: check fully again now, before opening
        problem = "; ".join(dict.fromkeys(p for p in (rows_problem(path), deep_problem(path)) if p))
        if problem:
            raise DamagedDatabase(path, problem)
        mark.unlink(missing_ok=True)  # repaired meanwhile (restored by hand)
    try:
        conn, _ = connect_ro(path)
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
        raise _classified(folder, path, exc) from None
    try:
        problem = fast_problem(conn)
        if problem:
            raise DamagedDatabase(path, problem)
        if user_version(conn) > SCHEMA_VERSION:
            raise StoreError(key="newer_schema", path=path)
        found = witness_problem(conn, folder, path)
        if isinstance(found, MissingEvents):
            raise found
        if found:
            raise DamagedDatabase(path, found)
        behind = _behind_backups(conn, folder)
        if behind:
            raise DamagedDatabase(path, f"{behind}. Recover it (refapp recover) before anything else is written")
    except JournalError as exc:
        raise DamagedDatabase(path, f"its journal cannot be read: {exc}") from None
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
        raise _classified(folder, path, exc) from None
    finally:
        conn.close()


def _catch_up(store: Store) -> None:
    """Bring the journal up to the database: the lines of a commit whose append was cut short (a kill, a power
    cut), or every line when the journal is missing. The rows copied are checked first (their chain, from the
    journal's newest line): a damaged row never reaches the journal, the copy a recovery starts from."""
    journal = store.journal
    assert journal is not None
    journal.cut_torn_end()
    t = tail(journal.path)
    have = t.device_seq if t else 0
    rows = list(store.iter_rows_ordered("WHERE device_id = ? AND device_seq > ?", (store.device_id, have),
                                        "device_seq"))  # fmt: skip
    if rows:
        try:
            lines = [line_of(r) for r in rows]
            check_chain(lines, have, t.hash if t else GENESIS, f"the database's events of device {store.device_id}")
        except (JournalError, *UNREADABLE) as exc:
            store.wait_for_check()  # names the damaged rows
            raise DamagedDatabase(store.path, f"{exc}: not copied into the journal") from None
        journal.append(lines)


def _sign(store: Store, folder: Path) -> None:
    """Load (or, the first time, make) this device's key, announce it in the chain once, and sign the chain if it
    carries no signature yet (a database from before signatures, or rebuilt by a recovery). From here on, every write
    transaction signs what it stored (:class:`refapp.store.signing.Sealer`)."""
    store.key = key = load_or_create(folder)
    store.seal = Sealer(store.device_id, key)
    announce_key(store)  # commits (and signs) when the key is not in the chain yet
    signed = store.conn.execute("SELECT 1 FROM heads WHERE device_id = ?", (store.device_id,)).fetchone()
    digest = store.conn.execute("SELECT 1 FROM digest").fetchone()
    if signed is None or digest is None:
        with store.writing():
            sign_chain(store.conn, store.device_id, key)
            keep_up(store.conn, store.device_id, key)


def _adopt(store: Store) -> None:
    """Cover what no event covers yet (this device's id, rows stored before schema 4) with entity events, once."""
    if (
        store.get_meta("adopt_pending") is None
        and store.conn.execute(
            "SELECT 1 FROM events WHERE device_id = ? AND type = 'device' AND table_id = '' LIMIT 1", (store.device_id,)
        ).fetchone()
    ):
        return
    adopt(store)


def adopt(store: Store) -> int:
    """Append the entity events of :func:`refapp.store.entities.adoption_payloads` in one transaction."""
    at = datetime.now(UTC).isoformat(timespec="seconds")
    with store.writing() as w:
        payloads = adoption_payloads(store.conn, store.device_id, at, lambda: str(uuid.uuid4()))
        for p in payloads:
            w.add(entity_row(store.device_id, p, check=False))
        store.conn.execute("DELETE FROM meta WHERE key = 'adopt_pending'")
    return len(payloads)
