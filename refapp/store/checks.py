"""The checks of a database file that tell a sound database from a damaged one, read-only, without a store (see
:mod:`refapp.store.opening`).

* :func:`header_problem`, :func:`fast_problem`: at once, before anything is written (a few tens of milliseconds on a
  100 MB database): the header, the schema version against the tables, every index's entries against its table;
* :func:`deep_problem`: SQLite's ``integrity_check`` and every stored text being UTF-8 (a second or two on 100 MB: run
  in the background by :class:`refapp.store.fullcheck.FullCheck`, which the first write waits for);
* :func:`evidence`: what says that a database existed in a folder; :func:`witness_problem`: the journal against the
  database; :func:`backup_problems`: the newest backup against it.

Every stored row as this device signed it is checked by :func:`refapp.store.fullcheck.rows_problem` (it needs the
store's deep checks).

Layer: feature (the checks of a database file).
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import sqlite3
from pathlib import Path

from ..domain.messages import Message
from .backup import BACKUP_DIR, backups
from .errors import DiskFull, MissingEvents
from .paths import SETTINGS_FILE, open_regular, read_regular
from .recovery import describe
from .schema import schema_problem, user_version
from .witness import JournalError, journal_path, journals, read_lines, tail

_MAGIC = b"SQLite format 3\x00"
DAMAGE = ("SQLITE_CORRUPT", "SQLITE_NOTADB")  # SQLite's names for a damaged file
_TEXT_COLUMNS = {
    "events": "uuid device_id at referee tournament_id table_id round_wind type player offence answers ruling "
    "ruleset_id ruleset_version note payload prev_hash hash target after",
    "tournaments": "id name created_at device_id",
    "game_tables": "id tournament_id created_at device_id",
    "players": "id tournament_id name created_at device_id federation_id",
    "hanchans": "id table_id ruleset_id ruleset_version created_at device_id",
    "ruleset_contents": "hash ruleset_id version content",
    "meta": "key value",
    "device_keys": "device_id key fingerprint event",
    "trusts": "event device_id fingerprint key name role at",
    "handovers": "event table_id to_device after device_id at",
    "resolutions": "event table_id after stands reason device_id referee at",
    "table_forks": "table_id after",
    "set_aside": "uuid resolution",
    "heads": "device_id key newest signature",
    "digest": "digest key signature",
}


# -- small checks ---------------------------------------------------------------------------------------------------


def header_problem(path: Path) -> str | None:
    """Why ``path`` is not a SQLite database at all (truncated or overwritten header), or None."""
    try:
        with open_regular(path) as fh:
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


def full_disk(folder: Path) -> DiskFull:
    return DiskFull(folder=folder)


def connect_ro(path: Path) -> tuple[sqlite3.Connection, str | None]:
    """A read-only connection that never checkpoints, and a warning when it had to ignore a pending WAL (a
    read-only folder where SQLite cannot open the WAL: the file is read as it is, possibly without the newest
    commits)."""
    conn = None
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None, check_same_thread=False)
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return conn, None
    except UnicodeDecodeError as exc:  # SQLite's message quoted a damaged schema: Python could not decode it
        if conn is not None:
            conn.close()
        detail = f"database disk image is malformed (its schema holds text that is not UTF-8: {exc})"
        raise sqlite3.DatabaseError(detail) from None
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
        warning = Message(key="read_only_stale", folder=path.parent)
    return conn, warning


def no_tables(path: Path) -> bool:
    """Whether a database file holds no table at all: what is left of a first session whose write-ahead log was lost
    before SQLite's first checkpoint (the file is a bare header; every ruling was in the ``-wal`` file)."""
    try:
        if header_problem(path):
            return False
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
        finally:
            conn.close()
    except (sqlite3.Error, OSError, UnicodeDecodeError):  # (SQLite's message may quote a damaged schema)
        return False  # not a bare header: the open's checks say what is wrong


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


def deep_problem(path: Path, immutable: bool = False, skip: tuple[str, ...] = ()) -> str | None:
    """SQLite's full integrity check, then every stored text checked to be UTF-8 (what quick checks miss).
    ``immutable``: a file nothing writes (a backup): read as it is, no WAL index created next to it. ``skip``: tables
    whose texts the caller reads anyway (verify's digest reads every event)."""
    try:
        if immutable:
            conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
        else:
            conn, _ = connect_ro(path)
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
        return str(exc)
    try:
        result = [r[0] for r in conn.execute("PRAGMA integrity_check(5)").fetchall()]
        if result != ["ok"]:
            return "; ".join(result[:3])
        return utf8_problem(conn, skip=skip)
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
        return str(exc)
    finally:
        conn.close()


def utf8_problem(conn: sqlite3.Connection, chunk: int = 1000, skip: tuple[str, ...] = ()) -> str | None:
    """The first stored text that is not valid UTF-8 (table, row, column), or None. Every text column of a slice of
    rows is concatenated by SQLite (one pass over the table, at C speed) and decoded at once; only a slice that fails
    is looked at row by row."""
    present = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    for table, wanted in _TEXT_COLUMNS.items():
        if table not in present or table in skip:
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


DAMAGE_MARK = "damage-found.txt"  # written when the background check finds damage the quick checks could not see


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
            data = json.loads(read_regular(folder / name, 1 << 20))
        except (OSError, ValueError, RecursionError):
            continue
        if isinstance(data, dict) and isinstance(data.get("table_id"), str):
            found.append(f"the settings ({name}) open a table")
            break
    n = len(backups(folder))
    if n:
        found.append(f"{n} backup(s) are in {BACKUP_DIR}/")
    return found


def backup_problems(conn: sqlite3.Connection, folder: Path, device_id: str) -> list[str]:
    """The newest readable backup's newest event of every device must be stored here, with the same hash."""
    for path in backups(folder):
        try:
            b = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
            try:
                device = (b.execute("SELECT value FROM meta WHERE key = 'device_id'").fetchone() or [None])[0]
                tails = b.execute("SELECT device_id, max(device_seq) FROM events GROUP BY device_id").fetchall()
                tails = [(d, s, b.execute("SELECT hash FROM events WHERE device_id = ? AND device_seq = ?",
                                          (d, s)).fetchone()[0]) for d, s in tails]  # fmt: skip
            finally:
                b.close()
        except (sqlite3.Error, UnicodeDecodeError):
            continue  # a torn backup says nothing; the next older one is tried
        if device != device_id:
            return []  # another history's backup (kept, never compared)
        problems = []
        for dev, seq, h in tails:
            mine = conn.execute("SELECT max(device_seq) FROM events WHERE device_id = ?", (dev,)).fetchone()[0] or 0
            if mine < seq:
                problems.append(
                    f"{seq - mine} event(s) of device {dev} that the backup {path.name} holds are missing "
                    f"(newest stored #{mine}, the backup has #{seq})"
                )
                continue
            same = conn.execute("SELECT hash FROM events WHERE device_id = ? AND device_seq = ?", (dev, seq)).fetchone()
            if same is None or same[0] != h:
                problems.append(f"device {dev} #{seq} differs from the backup {path.name}: its history was rewritten")
        return problems
    return []


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
        return (
            f"its event #{t.device_seq} is not the one the journal recorded: the stored row was changed, or the "
            "database was replaced"
        )
    lines = list(read_lines(own, after_seq=seq - 1 if seq else 0))
    if seq and (not lines or lines[0]["device_seq"] != seq or lines[0]["hash"] != h):
        return (
            f"its newest event #{seq} is not the one the journal recorded: the stored row was changed, or the "
            "database was replaced"
        )
    missing = [x for x in lines if x["device_seq"] > seq]
    return MissingEvents(path, describe(conn, folder, missing), "the journal")
