"""Opening a data folder: the lock, the checks that run before anything is written, and what they refuse.

A writable open (the app, ``refapp import``, ``refapp recover``):

1. takes the folder's lock (:mod:`refapp.store.lock`): a second writer gets :class:`FolderInUse`;
2. looks at the database through a read-only connection (``mode=ro``: it never checkpoints, never deletes or
   rewrites the WAL): the file's header, its schema version against its tables, every index's entry count against
   its table's (an index that lost or gained entries), and the journal's newest line against this device's newest
   event (:mod:`refapp.store.witness`). A missing or empty database is a fresh install only when nothing in the
   folder (journal, settings, backups) says there was one. These checks take a few tens of milliseconds on a 100 MB
   database (``benchmarks/store.py``);
3. removes the ``*.part`` files of backups cut short, opens the database for writing, migrates it, adopts what no
   event covers yet, and catches the journal up;
4. starts the full check (SQLite's ``integrity_check`` and a UTF-8 check of every stored text) in a background
   thread; the first write waits for it, so damage is found before anything is written, without delaying the board.

A read-only open (verify, history, export) takes no lock and writes nothing; what it finds is kept in
``open_problems`` for verify. A read-only folder whose WAL was left pending is read as it is on disk, and the store's
``warnings`` say that the state shown may be stale.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import sqlite3
import threading
from pathlib import Path

from .backup import BACKUP_DIR, backups, remove_parts
from .db import DamagedDatabase, DiskFull, FolderInUse, MissingEvents, Store, StoreError
from .lock import FolderLock, LockHeld
from .paths import DB_NAME, SETTINGS_FILE
from .schema import SCHEMA_VERSION, NewerSchema, migrate, schema_problem, user_version
from .witness import Journal, JournalError, journal_path, journals, read_lines, tail

_MAGIC = b"SQLite format 3\x00"
_DAMAGE = ("SQLITE_CORRUPT", "SQLITE_NOTADB")
_TEXT_COLUMNS = {
    "events": "uuid device_id at referee tournament_id table_id round_wind type player offence answers ruling "
    "ruleset_id ruleset_version note payload prev_hash hash target after",
    "tournaments": "id name created_at device_id",
    "game_tables": "id tournament_id created_at device_id",
    "players": "id tournament_id name created_at device_id federation_id",
    "hanchans": "id table_id ruleset_id ruleset_version created_at device_id",
    "ruleset_contents": "hash ruleset_id version content",
    "meta": "key value",
}


# -- small checks ---------------------------------------------------------------------------------------------------


def header_problem(path: Path) -> str | None:
    """Why ``path`` is not a SQLite database at all (truncated or overwritten header), or None."""
    try:
        with path.open("rb") as fh:
            head = fh.read(100)
    except OSError as exc:
        return f"cannot be read: {exc}"
    if len(head) < 100 or not head.startswith(_MAGIC):
        return "not a SQLite database (truncated or overwritten header)"
    return None


def writable(folder: Path) -> bool:
    """Whether files can be created in ``folder`` (root ignores permission bits, so try it)."""
    probe = folder / f".refapp-probe-{os.getpid()}"
    try:
        probe.touch()
        probe.unlink()
        return True
    except OSError:
        return False


def is_full(folder: Path, exc: BaseException | None = None) -> bool:
    if isinstance(exc, OSError) and exc.errno == errno.ENOSPC:
        return True
    if isinstance(exc, sqlite3.Error) and getattr(exc, "sqlite_errorname", "") == "SQLITE_FULL":
        return True
    if exc is not None and "disk is full" in str(exc).lower():
        return True
    try:
        return shutil.disk_usage(folder).free < 64 * 1024
    except OSError:
        return False


def _full(folder: Path) -> DiskFull:
    return DiskFull(
        f"The disk is full: refapp cannot open its database in {folder}. The database itself is not damaged and "
        "was not changed. Free some space and start again."
    )


def connect_ro(path: Path) -> tuple[sqlite3.Connection, str | None]:
    """A read-only connection that never checkpoints, and a warning when it had to ignore a pending WAL (a
    read-only folder where SQLite cannot open the WAL: the file is read as it is, possibly without the newest
    commits)."""
    conn = None
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None, check_same_thread=False)
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return conn, None
    except sqlite3.Error as exc:
        if conn is not None:
            conn.close()
        if not isinstance(exc, sqlite3.OperationalError):
            raise
        name = getattr(exc, "sqlite_errorname", "")
        if name not in ("SQLITE_CANTOPEN", "SQLITE_READONLY", "SQLITE_READONLY_CANTINIT") and writable(path.parent):
            raise
    conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True, isolation_level=None, check_same_thread=False)
    wal = Path(f"{path}-wal")
    warning = None
    if wal.exists() and wal.stat().st_size > 0:
        warning = (
            f"The data folder {path.parent} is read-only and its database has changes that were never written into "
            "it (a pending WAL): what is shown may be stale (the newest rulings may be missing)."
        )
    return conn, warning


def fast_problem(conn: sqlite3.Connection) -> str | None:
    """Damage that can be seen at once: the schema version against the tables, and every index's number of entries
    against its table's (an index that lost entries passes SQLite's quick_check)."""
    problem = schema_problem(conn)
    if problem:
        return problem
    tables: dict[str, list[str]] = {}
    for name, table in conn.execute(
        "SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND (sql IS NULL OR sql NOT LIKE '% WHERE %')"
    ):
        tables.setdefault(table, []).append(name)
    for table, indexes in tables.items():
        (rows,) = conn.execute(f'SELECT count(*) FROM "{table}" NOT INDEXED').fetchone()
        for index in indexes:
            (entries,) = conn.execute(f'SELECT count(*) FROM "{table}" INDEXED BY "{index}"').fetchone()
            if entries != rows:
                return f"index {index} has {entries} entries for {rows} rows of {table}"
    return None


def deep_problem(path: Path, immutable: bool = False) -> str | None:
    """SQLite's full integrity check, then every stored text checked to be UTF-8 (what quick checks miss).
    ``immutable``: a file nothing writes (a backup): read as it is, no WAL index created next to it."""
    try:
        if immutable:
            conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
        else:
            conn, _ = connect_ro(path)
    except sqlite3.DatabaseError as exc:
        return str(exc)
    try:
        result = [r[0] for r in conn.execute("PRAGMA integrity_check(5)").fetchall()]
        if result != ["ok"]:
            return "; ".join(result[:3])
        return utf8_problem(conn)
    except sqlite3.DatabaseError as exc:
        return str(exc)
    finally:
        conn.close()


def utf8_problem(conn: sqlite3.Connection, chunk: int = 20000) -> str | None:
    """The first stored text that is not valid UTF-8 (table, row, column), or None. Every text column of a slice of
    rows is concatenated by SQLite (one pass over the table, at C speed) and decoded at once; only a slice that fails
    is looked at row by row."""
    present = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    for table, wanted in _TEXT_COLUMNS.items():
        if table not in present:
            continue
        have = {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}
        cols = [c for c in wanted.split() if c in have]
        key = "seq" if table == "events" else "rowid"
        joined = " || x'0a' || ".join(f"coalesce(CAST(\"{c}\" AS TEXT), '')" for c in cols)
        (low, top) = conn.execute(f"SELECT coalesce(min({key}), 0), coalesce(max({key}), 0) FROM {table}").fetchone()
        for start in range(low, top + 1, chunk):
            (blob,) = conn.execute(
                f"SELECT CAST(group_concat({joined}, x'0a') AS BLOB) FROM {table} WHERE {key} >= ? AND {key} < ?",
                (start, start + chunk),
            ).fetchone()
            try:
                (blob or b"").decode("utf-8")
                continue
            except UnicodeDecodeError:
                pass
            names = ", ".join(f'CAST("{c}" AS BLOB)' for c in cols)
            for row in conn.execute(
                f"SELECT {key}, {names} FROM {table} WHERE {key} >= ? AND {key} < ?", (start, start + chunk)
            ):
                for col, value in zip(cols, row[1:]):
                    try:
                        (value or b"").decode("utf-8")
                    except UnicodeDecodeError:
                        return f"a stored text is not valid UTF-8: {table} row {key} {row[0]}, column {col!r}"
    return None


class FullCheck:
    """The full check of an open, run in a background thread; ``wait()`` raises :class:`DamagedDatabase`."""

    def __init__(self, path: Path):
        self.path = path
        self.problem: str | None = None
        self._thread = threading.Thread(target=self._run, name="refapp-check", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self.problem = deep_problem(self.path)
        except (sqlite3.Error, OSError) as exc:
            self.problem = None if is_full(self.path.parent, exc) else str(exc)

    def join(self) -> None:
        self._thread.join()

    def wait(self) -> None:
        self._thread.join()
        if self.problem:
            raise DamagedDatabase(self.path, self.problem)


# -- evidence of a database ------------------------------------------------------------------------------------------


def evidence(folder: Path) -> list[str]:
    """What in the folder says that a database existed here (then an empty or missing one is damage)."""
    found = []
    for path in journals(folder):
        try:
            t = tail(path)
        except JournalError:
            t = None
        if t is not None:
            found.append(f"the journal {path.name} records {t.device_seq} event(s)")
    for name in (SETTINGS_FILE, SETTINGS_FILE + ".bad"):
        try:
            data = json.loads((folder / name).read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):
            continue
        if isinstance(data, dict) and isinstance(data.get("table_id"), str):
            found.append(f"the settings ({name}) open a table")
            break
    n = len(backups(folder))
    if n:
        found.append(f"{n} backup(s) are in {BACKUP_DIR}/")
    return found


# -- the witness -----------------------------------------------------------------------------------------------------


def witness_problem(conn: sqlite3.Connection, folder: Path, path: Path) -> MissingEvents | str | None:
    """The journal against the database: None if they agree (or the journal is only behind), the missing events if
    the database is behind, or why they disagree."""
    if user_version(conn) < 4:
        return None  # written by an earlier refapp: no journal yet
    device = conn.execute("SELECT value FROM meta WHERE key = 'device_id'").fetchone()
    if device is None:
        return "it has no device id"
    device_id = device[0]
    own = journal_path(folder, device_id)
    newest = conn.execute(
        "SELECT device_seq, hash FROM events WHERE device_id = ? ORDER BY device_seq DESC LIMIT 1", (device_id,)
    ).fetchone()
    seq, h = newest if newest else (0, None)
    try:
        t = tail(own)
    except JournalError as exc:
        return str(exc)
    if t is None:
        others = [p for p in journals(folder) if p != own and tail(p) is not None]
        if others:
            return (
                f"it is the database of device {device_id}, but this folder's journal {others[0].name} is another "
                "device's: the database was replaced"
            )
        return None
    if t.device_seq <= seq:
        stored = conn.execute(
            "SELECT hash FROM events WHERE device_id = ? AND device_seq = ?", (device_id, t.device_seq)
        ).fetchone()
        if stored and stored[0] == t.hash:
            return None
        return f"its event #{t.device_seq} is not the one the journal recorded: the database was replaced"
    lines = list(read_lines(own, after_seq=seq - 1 if seq else 0))
    if seq and (not lines or lines[0]["device_seq"] != seq or lines[0]["hash"] != h):
        return f"its newest event #{seq} is not the one the journal recorded: the database was replaced"
    missing = [x for x in lines if x["device_seq"] > seq]
    from .recovery import describe

    return MissingEvents(path, describe(conn, folder, missing), "the journal")


# -- opening ---------------------------------------------------------------------------------------------------------


def open_store(cls: type[Store], folder: Path, read_only: bool = False) -> Store:
    path = folder / DB_NAME
    if read_only:
        return _open_read(cls, folder, path, strict=False)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        if not folder.is_dir():
            raise StoreError(f"Cannot open the data folder {folder}: {exc}") from None
    lock = FolderLock(folder)
    try:
        lock.acquire()
    except LockHeld as exc:
        raise FolderInUse(folder, exc.pid) from None
    except OSError as exc:
        if is_full(folder, exc):
            raise _full(folder) from None
        if path.exists() and path.stat().st_size:  # a read-only folder: nothing can be written there anyway
            return _open_read(cls, folder, path, strict=True)
        raise StoreError(f"Cannot open the data folder {folder}: {exc}") from None
    try:
        if not writable(folder):
            if is_full(folder):
                raise _full(folder)
            lock.release()
            if path.exists() and path.stat().st_size:
                return _open_read(cls, folder, path, strict=True)
            raise StoreError(f"Cannot open the data folder {folder}: it is read-only and holds no database")
        return _open_write(cls, folder, path, lock)
    except BaseException:
        lock.release()
        raise


def _open_read(cls: type[Store], folder: Path, path: Path, strict: bool) -> Store:
    if not path.exists() or path.stat().st_size == 0:
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
            raise StoreError(f"Cannot open {path}: it was written by a newer refapp (schema version "
                             f"{user_version(conn)}): update refapp.")  # fmt: skip
        found = witness_problem(conn, folder, path)
    except sqlite3.DatabaseError as exc:
        raise _classified(folder, path, exc) from None
    except JournalError as exc:
        found = str(exc)
    store = cls(conn, path, read_only=True)
    if warning:
        store.warnings.append(warning)
    if found is not None:
        text = str(found) if isinstance(found, MissingEvents) else str(DamagedDatabase(path, found))
        store.open_problems.append(text)
        store.warnings.append(text)
    if strict and user_version(conn) != SCHEMA_VERSION:
        raise StoreError(f"The data folder of {path} is read-only and its database needs an upgrade.")
    return store


def _classified(folder: Path, path: Path, exc: BaseException) -> StoreError:
    if is_full(folder, exc):
        return _full(folder)
    if isinstance(exc, sqlite3.DatabaseError) and (
        getattr(exc, "sqlite_errorname", "") in _DAMAGE or "malformed" in str(exc) or "not a database" in str(exc)
    ):
        return DamagedDatabase(path, str(exc))
    return StoreError(f"Cannot open the database {path}: {exc}")


def _open_write(cls: type[Store], folder: Path, path: Path, lock: FolderLock) -> Store:
    fresh = not path.exists() or path.stat().st_size == 0
    if fresh:
        found = evidence(folder)
        if found:
            state = "empty" if path.exists() else "missing"
            raise DamagedDatabase(
                path,
                f"the database is {state}, but {'; '.join(found)}: this is not a fresh start, and nothing was created."
                " Restore it from the journal or a backup (refapp recover)",
            )
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
        store = cls(conn, path)
        store.lock = lock
        if not store.device_id:
            import uuid

            store.device_id = str(uuid.uuid4())
            conn.execute("INSERT INTO meta (key, value) VALUES ('device_id', ?)", (store.device_id,))
        store.journal = Journal(folder, store.device_id)
        _catch_up(store)
        _adopt(store)
        if not upgrade:
            store._check = FullCheck(path)
        return store
    except NewerSchema as exc:
        _close(conn)
        raise StoreError(f"Cannot open {path}: {exc}.") from None
    except sqlite3.Error as exc:
        _close(conn)
        raise _classified(folder, path, exc) from None
    except OSError as exc:
        _close(conn)
        if is_full(folder, exc):
            raise _full(folder) from None
        raise StoreError(f"Cannot open the data folder {folder}: {exc}") from None
    except BaseException:
        _close(conn)
        raise


def _close(conn: sqlite3.Connection | None) -> None:
    if conn is not None:
        conn.close()


def _check_before_writing(folder: Path, path: Path) -> None:
    problem = header_problem(path)
    if problem:
        raise DamagedDatabase(path, problem)
    try:
        conn, _ = connect_ro(path)
    except sqlite3.DatabaseError as exc:
        raise _classified(folder, path, exc) from None
    try:
        problem = fast_problem(conn)
        if problem:
            raise DamagedDatabase(path, problem)
        if user_version(conn) > SCHEMA_VERSION:
            raise StoreError(
                f"Cannot open {path}: the database has schema version {user_version(conn)}, newer than this refapp "
                f"({SCHEMA_VERSION}): update refapp."
            )
        found = witness_problem(conn, folder, path)
        if isinstance(found, MissingEvents):
            raise found
        if found:
            raise DamagedDatabase(path, found)
    except JournalError as exc:
        raise DamagedDatabase(path, f"its journal cannot be read: {exc}") from None
    except sqlite3.DatabaseError as exc:
        raise _classified(folder, path, exc) from None
    finally:
        conn.close()


def _catch_up(store: Store) -> None:
    """Bring the journal up to the database: the lines of a commit whose append was cut short (a kill, a power
    cut), or every line when the journal is missing. The database's chain was checked against it by the open."""
    journal = store.journal
    assert journal is not None
    journal.cut_torn_end()
    t = tail(journal.path)
    have = t.device_seq if t else 0
    rows = list(store.iter_rows_ordered("WHERE device_id = ? AND device_seq > ?", (store.device_id, have),
                                        "device_seq"))  # fmt: skip
    if rows:
        from .chain import line_of

        journal.append(line_of(r) for r in rows)


def _adopt(store: Store) -> None:
    """Cover what no event covers yet (this device's id, rows stored before schema 4) with entity events, once."""
    if (
        store._meta("adopt_pending") is None
        and store.conn.execute(
            "SELECT 1 FROM events WHERE device_id = ? AND type = 'device' AND table_id = '' LIMIT 1", (store.device_id,)
        ).fetchone()
    ):
        return
    adopt(store)


def adopt(store: Store) -> int:
    """Append the entity events of :func:`refapp.store.entities.adoption_payloads` in one transaction."""
    import uuid
    from datetime import UTC, datetime

    from .db import _entity_row
    from .entities import adoption_payloads

    at = datetime.now(UTC).isoformat(timespec="seconds")
    with store.writing() as w:
        payloads = adoption_payloads(store.conn, store.device_id, at, lambda: str(uuid.uuid4()))
        for p in payloads:
            w.add(_entity_row(store.device_id, p))
        store.conn.execute("DELETE FROM meta WHERE key = 'adopt_pending'")
    return len(payloads)
