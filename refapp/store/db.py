"""The event store: one SQLite database, append-only, hash-chained per device.

Durability: WAL journal and ``synchronous=FULL``; :meth:`Store.append` returns only after its commit returned, so a
ruling shown as applied is on disk. Nothing is updated or deleted (triggers refuse it); a correction is a void plus a
new event. Each device chains its own events: every row hashes its content and the previous row's hash of the same
device, so ``verify`` finds the first altered, missing or reordered event.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import threading
import uuid
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .paths import DB_NAME
from .schema import SCHEMA_VERSION, NewerSchema, migrate, user_version

BACKUP_DIR = "backups"
KEEP_BACKUPS = 10
GENESIS = "0" * 64
_MAGIC = b"SQLite format 3\x00"

# Columns covered by the hash, in this order (the row's content). Fixed forever: a column added by a later schema
# version is derived from these (e.g. ``target`` from the payload) so old rows keep their hashes.
HASHED = (
    "uuid device_id device_seq at referee tournament_id table_id hanchan_no round_wind hand_no counters type seat "
    "player offence answers ruling ruleset_id ruleset_version note payload"
).split()


class StoreError(Exception):
    """A store problem the user must be told about (the message says what happened and what to do)."""


class DamagedDatabase(StoreError):
    """The database file cannot be trusted. It is left untouched; a backup can be restored."""

    def __init__(self, path: Path, detail: str):
        self.path, self.detail = path, detail
        super().__init__(f"The database {path} is damaged ({detail}). It has not been changed.")


@dataclass(frozen=True)
class TableRef:
    tournament_id: str
    table_id: str
    number: int
    tournament: str


@dataclass(frozen=True)
class VerifyReport:
    ok: bool
    events: int
    devices: int
    integrity: str
    first_bad: dict[str, Any] | None

    def message(self) -> str:
        if self.ok:
            return (
                f"ok: {self.events} events from {self.devices} device(s), hash chains intact, "
                f"integrity {self.integrity}"
            )
        if self.first_bad is None:
            return f"damaged: SQLite integrity check says {self.integrity}"
        b = self.first_bad
        return (
            f"first bad event: seq {b['seq']} uuid {b['uuid']} "
            f"(device {b['device_id']} #{b['device_seq']}): {b['reason']}"
        )


def canonical(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def row_hash(prev_hash: str, row: dict[str, Any]) -> str:
    content = canonical([row[k] for k in HASHED])
    return hashlib.sha256((prev_hash + content).encode("utf-8")).hexdigest()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _classify(exc: sqlite3.Error) -> str:
    text = str(exc).lower()
    if (
        "disk is full" in text
        or "database or disk is full" in text
        or getattr(exc, "sqlite_errorname", "") == "SQLITE_FULL"
    ):
        return "The ruling was NOT saved: the disk is full. Free some space and confirm again."
    if "readonly" in text or "read-only" in text or "unable to open" in text:
        return (
            "The ruling was NOT saved: the data folder is read-only. Choose a writable data folder and confirm again."
        )
    return f"The ruling was NOT saved: the database refused it ({exc})."


def _immutable(folder: Path) -> bool:
    """Whether files can NOT be created in ``folder`` (root ignores permission bits, so try it)."""
    probe = folder / f".refapp-probe-{os.getpid()}"
    try:
        probe.touch()
        probe.unlink()
        return False
    except OSError:
        return True


def check_file(path: Path) -> str | None:
    """Why ``path`` is not a usable SQLite database, or None if it looks fine (header and quick check)."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        return f"cannot be read: {exc}"
    if size == 0:
        return None
    try:
        with path.open("rb") as fh:
            head = fh.read(100)
    except OSError as exc:
        return f"cannot be read: {exc}"
    if len(head) < 100 or not head.startswith(_MAGIC):
        return "not a SQLite database (truncated or overwritten header)"
    writable = not _immutable(path.parent)
    # In a read-only folder SQLite cannot create the WAL index: read the file as it is (immutable).
    uri = f"file:{path}?mode=ro" if writable else f"file:{path}?mode=ro&immutable=1"
    try:
        conn = sqlite3.connect(uri, uri=True)
        try:
            result = conn.execute("PRAGMA quick_check").fetchall()
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        return str(exc)
    if result != [("ok",)]:
        return "; ".join(r[0] for r in result[:3])
    return None


class Store:
    """The database of one device. Open with :meth:`open`; every write commits before returning."""

    def __init__(self, conn: sqlite3.Connection, path: Path, read_only: bool = False):
        self.conn = conn
        self.path = path
        self.read_only = read_only
        self.device_id = self._meta("device_id") or ""
        self.appends_since_backup = 0
        self._backup_thread: threading.Thread | None = None

    # -- opening ------------------------------------------------------------------------------------------------

    @classmethod
    def open(cls, data_dir: Path) -> Store:
        """Open (create, migrate) the database in ``data_dir``. A damaged file raises :class:`DamagedDatabase`
        and is never written to. A read-only folder opens read-only: reading works, appends are refused."""
        path = Path(data_dir) / DB_NAME
        if path.exists():
            problem = check_file(path)
            if problem:
                raise DamagedDatabase(path, problem)
        try:
            Path(data_dir).mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            migrate(conn)
            store = cls(conn, path)
            if not store.device_id:
                store._set_device_id()
            return store
        except NewerSchema as exc:
            raise StoreError(f"Cannot open {path}: {exc}.") from None
        except sqlite3.OperationalError as exc:
            if path.exists() and ("readonly" in str(exc) or "unable to open" in str(exc)):
                return cls._open_read_only(path)
            raise StoreError(f"Cannot open the database {path}: {exc}") from None
        except sqlite3.DatabaseError as exc:
            raise DamagedDatabase(path, str(exc)) from None
        except OSError as exc:
            raise StoreError(f"Cannot open the data folder {data_dir}: {exc}") from None

    @classmethod
    def _open_read_only(cls, path: Path) -> Store:
        conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True, isolation_level=None)
        if user_version(conn) != SCHEMA_VERSION:
            raise StoreError(f"The data folder of {path} is read-only and its database needs an upgrade.")
        return cls(conn, path, read_only=True)

    def close(self) -> None:
        self.wait_for_backup()
        self.conn.close()

    def _meta(self, key: str) -> str | None:
        row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def _set_device_id(self) -> None:
        self.device_id = str(uuid.uuid4())
        self.conn.execute("INSERT INTO meta (key, value) VALUES ('device_id', ?)", (self.device_id,))

    # -- writing ------------------------------------------------------------------------------------------------

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """One write transaction: committed when the block ends, rolled back if it raises."""
        if self.read_only:
            raise StoreError(_classify(sqlite3.OperationalError("attempt to write a readonly database")))
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield
            self.conn.execute("COMMIT")
        except BaseException:
            if self.conn.in_transaction:  # SQLite may already have rolled back (e.g. SQLITE_FULL)
                self.conn.execute("ROLLBACK")
            raise

    def _write(self, sql: str, params: Iterable[Any]) -> None:
        try:
            with self._transaction():
                self.conn.execute(sql, tuple(params))
        except sqlite3.Error as exc:
            raise StoreError(_classify(exc)) from None

    def create_tournament(self, name: str, at: str | None = None) -> str:
        tid = str(uuid.uuid4())
        self._write(
            "INSERT INTO tournaments (id, name, created_at, device_id) VALUES (?, ?, ?, ?)",
            (tid, name, at or _now(), self.device_id),
        )
        return tid

    def create_table(self, tournament_id: str, number: int, at: str | None = None) -> TableRef:
        table_id = str(uuid.uuid4())
        self._write(
            "INSERT INTO game_tables (id, tournament_id, number, created_at, device_id) VALUES (?, ?, ?, ?, ?)",
            (table_id, tournament_id, number, at or _now(), self.device_id),
        )
        return self.table(table_id)

    def add_player(
        self, tournament_id: str, name: str, first_timer: bool = False, federation_id: str = "", at: str | None = None
    ) -> str:
        pid = str(uuid.uuid4())
        self._write(
            "INSERT INTO players (id, tournament_id, name, first_timer, created_at, device_id, federation_id) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (pid, tournament_id, name, int(first_timer), at or _now(), self.device_id, federation_id),
        )
        return pid

    def row_for(
        self, table: TableRef, event: dict[str, Any], context: dict[str, Any], ruling: dict[str, Any]
    ) -> dict[str, Any]:
        """The stored row of an event (its place in the device's chain is added by :meth:`append`)."""
        return {
            "uuid": event["id"],
            "device_id": self.device_id,
            "at": event["at"],
            "referee": event.get("by", ""),
            "tournament_id": table.tournament_id,
            "table_id": table.table_id,
            "hanchan_no": int(context.get("hanchan", 0)),
            "round_wind": context.get("round_wind", "E"),
            "hand_no": int(context.get("hand", 1)),
            "counters": int(context.get("counters", 0)),
            "type": event["type"],
            "seat": event.get("seat"),
            "player": context.get("player"),
            "offence": event.get("offence"),
            "answers": canonical(event.get("answers", {})),
            "ruling": canonical(ruling),
            "ruleset_id": context.get("ruleset_id", ""),
            "ruleset_version": context.get("ruleset_version", ""),
            "note": event.get("note", "") or event.get("reason", ""),
            "payload": canonical(event),
            "target": event.get("target"),
        }

    def append(self, table: TableRef, event: dict[str, Any], context: dict[str, Any], ruling: dict[str, Any]) -> int:
        """Store one ledger event with its context (hanchan, hand, seat, player, rule set before the event) and the
        ruling as applied. Returns the row's ``seq`` once committed; raises :class:`StoreError` if not stored."""
        row = self.row_for(table, event, context, ruling)
        try:
            with self._transaction():
                last = self.conn.execute(
                    "SELECT device_seq, hash FROM events WHERE device_id = ? ORDER BY device_seq DESC LIMIT 1",
                    (self.device_id,),
                ).fetchone()
                row["device_seq"] = (last[0] + 1) if last else 1
                row["prev_hash"] = last[1] if last else GENESIS
                row["hash"] = row_hash(row["prev_hash"], row)
                cols = HASHED + ["prev_hash", "hash", "target"]
                cur = self.conn.execute(
                    f"INSERT INTO events ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
                    [row[c] for c in cols],
                )
                seq = int(cur.lastrowid or 0)
                if event["type"] == "hanchan_start":
                    self.conn.execute(
                        "INSERT INTO hanchans (id, table_id, number, ruleset_id, ruleset_version, created_at, "
                        "device_id) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (
                            event["id"],
                            table.table_id,
                            int(context.get("hanchan", 0)),
                            context.get("ruleset_id", ""),
                            context.get("ruleset_version", ""),
                            event["at"],
                            self.device_id,
                        ),
                    )
        except sqlite3.IntegrityError as exc:
            raise StoreError(f"The event was NOT saved: {exc} (event {event.get('id')})") from None
        except sqlite3.Error as exc:
            raise StoreError(_classify(exc)) from None
        self.appends_since_backup += 1
        return seq

    # -- reading ------------------------------------------------------------------------------------------------

    def tournaments(self) -> list[dict[str, Any]]:
        rows = self.conn.execute("SELECT id, name, created_at FROM tournaments ORDER BY created_at, id").fetchall()
        return [{"id": r[0], "name": r[1], "created_at": r[2]} for r in rows]

    def tables(self, tournament_id: str) -> list[TableRef]:
        rows = self.conn.execute(
            "SELECT t.id FROM game_tables t WHERE t.tournament_id = ? ORDER BY t.number", (tournament_id,)
        ).fetchall()
        return [self.table(r[0]) for r in rows]

    def table(self, table_id: str) -> TableRef:
        row = self.conn.execute(
            "SELECT t.id, t.tournament_id, t.number, u.name FROM game_tables t JOIN tournaments u "
            "ON u.id = t.tournament_id WHERE t.id = ?",
            (table_id,),
        ).fetchone()
        if row is None:
            raise StoreError(f"No table with id {table_id}")
        return TableRef(tournament_id=row[1], table_id=row[0], number=row[2], tournament=row[3])

    def players(self, tournament_id: str) -> list[dict[str, Any]]:
        rows = self.conn.execute(
            "SELECT id, name, first_timer, federation_id FROM players WHERE tournament_id = ? ORDER BY name",
            (tournament_id,),
        ).fetchall()
        return [{"id": r[0], "name": r[1], "first_timer": bool(r[2]), "federation_id": r[3]} for r in rows]

    def table_events(self, table_id: str) -> list[dict[str, Any]]:
        """The table's log, in order: the payloads to replay."""
        rows = self.conn.execute("SELECT payload FROM events WHERE table_id = ? ORDER BY seq", (table_id,)).fetchall()
        return json.loads("[" + ",".join(r[0] for r in rows) + "]")  # one parse for the whole log

    def count_events(self) -> int:
        return int(self.conn.execute("SELECT count(*) FROM events").fetchone()[0])

    def iter_rows(self, where: str = "", params: Iterable[Any] = ()) -> Iterator[dict[str, Any]]:
        cols = ["seq"] + HASHED + ["prev_hash", "hash", "target"]
        cur = self.conn.execute(f"SELECT {', '.join(cols)} FROM events {where} ORDER BY seq", tuple(params))
        for r in cur:
            yield dict(zip(cols, r))

    # -- integrity ----------------------------------------------------------------------------------------------

    def verify(self) -> VerifyReport:
        """SQLite's integrity check plus every device's hash chain; reports the first bad event."""
        integrity = "; ".join(r[0] for r in self.conn.execute("PRAGMA integrity_check").fetchall()[:3])
        total = self.count_events()
        devices = [r[0] for r in self.conn.execute("SELECT DISTINCT device_id FROM events ORDER BY device_id")]
        first_bad = None
        for device in devices:
            prev, expected = GENESIS, 1
            for row in self.iter_rows_by_device(device):
                reason = None
                if row["device_seq"] != expected:
                    reason = f"expected #{expected} of this device: an event is missing or was reordered"
                elif row["prev_hash"] != prev:
                    reason = "its link to the previous event was changed"
                elif row_hash(prev, row) != row["hash"]:
                    reason = "its content was changed after it was stored"
                elif row["target"] != (json.loads(row["payload"]).get("target") if row["type"] == "void" else None):
                    reason = "the event it voids (column target) does not match its stored content"
                if reason:
                    bad = {k: row[k] for k in ("seq", "uuid", "device_id", "device_seq")} | {"reason": reason}
                    if first_bad is None or bad["seq"] < first_bad["seq"]:
                        first_bad = bad
                    break
                prev, expected = row["hash"], expected + 1
        ok = integrity == "ok" and first_bad is None
        return VerifyReport(ok=ok, events=total, devices=len(devices), integrity=integrity, first_bad=first_bad)

    def iter_rows_by_device(self, device_id: str) -> Iterator[dict[str, Any]]:
        cols = ["seq"] + HASHED + ["prev_hash", "hash", "target"]
        cur = self.conn.execute(
            f"SELECT {', '.join(cols)} FROM events WHERE device_id = ? ORDER BY device_seq", (device_id,)
        )
        for r in cur:
            yield dict(zip(cols, r))

    # -- backups ------------------------------------------------------------------------------------------------

    def backup(self, keep: int = KEEP_BACKUPS) -> Path:
        """Copy the database with SQLite's online backup API into ``backups/``; keep the ``keep`` newest.

        Reads through its own connection (so it may run in another thread while rulings are stored: WAL lets a
        reader copy while the writer commits) and writes ``*.part`` first, renamed when complete, so a backup cut
        short never looks like a good one.

        The copy is not flushed to disk by SQLite (``synchronous=OFF`` on the copy): flushing 100 MB at once would
        stall the rulings committed meanwhile (each waits for its own flush), and the operating system writes the copy
        out within seconds anyway. A copy torn by a power cut is caught by the checks a restore runs on every backup
        (:func:`restore_newest_good_backup` takes the newest one that passes), and the older backups are on disk."""
        folder = self.path.parent / BACKUP_DIR
        folder.mkdir(exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
        dest = folder / f"refapp-{stamp}.sqlite3"
        part = dest.with_name(dest.name + ".part")
        source = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
        target = sqlite3.connect(part)
        try:
            target.execute("PRAGMA synchronous=OFF")
            source.backup(target)
        finally:
            target.close()
            source.close()
        os.replace(part, dest)
        for old in sorted(folder.glob("refapp-*.sqlite3"))[:-keep]:
            old.unlink()
        return dest

    def maybe_backup(self, every: int = 20) -> threading.Thread | None:
        """A backup after every ``every`` appends, taken in a background thread so the board never waits for it
        (called once a ruling has been acknowledged). A failed backup never blocks play; the next one retries."""
        if self.read_only or self.appends_since_backup < every:
            return None
        if self._backup_thread is not None and self._backup_thread.is_alive():
            return None
        self.appends_since_backup = 0

        def run() -> None:
            try:
                self.backup()
            except (OSError, sqlite3.Error):
                pass

        self._backup_thread = threading.Thread(target=run, name="refapp-backup", daemon=True)
        self._backup_thread.start()
        return self._backup_thread

    def wait_for_backup(self, timeout: float | None = None) -> None:
        if self._backup_thread is not None:
            self._backup_thread.join(timeout)


def backups(data_dir: Path) -> list[Path]:
    """Backups, newest first."""
    return sorted((Path(data_dir) / BACKUP_DIR).glob("refapp-*.sqlite3"), reverse=True)


def restore_newest_good_backup(data_dir: Path) -> Path:
    """Move the damaged database aside (renamed, never overwritten or deleted) and put the newest backup that passes
    the checks in its place. Returns the backup used; raises :class:`StoreError` if none is good."""
    data_dir = Path(data_dir)
    for candidate in backups(data_dir):
        if check_file(candidate) is None:
            break
    else:
        raise StoreError(f"No good backup in {data_dir / BACKUP_DIR}: the damaged database was left as it is.")
    db = data_dir / DB_NAME
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    for suffix in ("", "-wal", "-shm"):
        f = Path(str(db) + suffix)
        if f.exists():
            os.replace(f, Path(f"{db}.damaged-{stamp}{suffix}"))
    shutil.copy2(candidate, db)
    return candidate


# -- small values kept in the database's meta table (the referee PIN's copy: refapp.store.settings) -----------------
# Defined at the end of the module so that they merge cleanly with changes to the class; they are Store methods.


def _get_meta(self: Store, key: str) -> str | None:
    """The value stored under ``key`` in the ``meta`` table, or None."""
    row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return row[0] if row else None


def _set_meta(self: Store, key: str, value: str) -> None:
    """Store ``value`` under ``key`` in the ``meta`` table (replacing it); raises :class:`StoreError` when refused
    (a read-only folder, a full disk)."""
    self._write(
        "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        (key, value),
    )


Store.get_meta = _get_meta  # type: ignore[attr-defined]
Store.set_meta = _set_meta  # type: ignore[attr-defined]
