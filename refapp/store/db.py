"""The connection to a device's database and its transactions: the :class:`Store` (one SQLite database per data
folder, append-only, hash-chained per device, one writer at a time) and its :class:`Writer`.

Durability: WAL journal and ``synchronous=FULL``; a write returns only after its commit returned, so a ruling shown
as applied is on disk, and the journal (:mod:`refapp.store.witness`) witnesses it outside the database. Nothing in
``events`` is updated or deleted (triggers refuse it); a correction is a void plus a new event. Each device chains
its own events (:mod:`refapp.store.chain`); tournaments, tables, players, rule sets and the device id are events of
that chain too (:mod:`refapp.store.entities`), and the tables that list them are projections checked by verify.

Opening (:mod:`refapp.store.opening`) takes the folder's lock, checks the database read-only before anything is
written, refuses a damaged or incomplete database with a :class:`~refapp.store.errors.DamagedDatabase` that says
what is wrong, and installs what signs each write (:attr:`Store.seal`: :class:`refapp.store.signing.Sealer`).

Layer: bottom (the connection and its transactions; the open, the signing, verify and the backups are features that
take a store): imports no feature of the store.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..domain.event_json import EventJson
from ..domain.events import LogError
from ..domain.gcpause import gc_paused
from ..domain.rules import RuleSet
from .branches import line_head, line_texts
from .canonjson import loads_stored
from .chain import COLUMNS, CURRENT_HASH, GENESIS, HASHED, canonical, row_hash, row_hash_v2
from .codec_journal import from_row
from .derive import Rulesets, columns, ruleset_content
from .entities import entity_row, project
from .errors import DamagedDatabase, DiskFull, FolderInUse, MissingEvents, StoreError, TableChanged, reading, refused
from .paths import DB_NAME
from .refs import TableRef
from .rows import NewPlayer, PlayerRow, TournamentRow
from .txgroup import Group, begin, commit, refusals, release, undo

if TYPE_CHECKING:
    from .fullcheck import FullCheck
    from .keys import DeviceKey
    from .witness import Journal

# (the errors and TableRef every caller of the Store meets; they live in refapp.store.errors and refapp.store.refs)
__all__ = ["DB_NAME", "GENESIS", "HASHED", "DamagedDatabase", "DiskFull", "FolderInUse", "MissingEvents", "Store",
           "StoreError", "TableChanged", "TableRef", "Writer", "canonical", "reading", "row_hash"]  # fmt: skip

Seal = Callable[[sqlite3.Connection, bool], None]  # (the connection, whether the transaction added rows)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Store:
    """The database of one device. Open it with :func:`refapp.store.opening.open_store`; every write commits before
    returning."""

    def __init__(self, conn: sqlite3.Connection, path: Path, read_only: bool = False):
        self.conn = conn
        self.path = path
        self.read_only = read_only
        self.device_id = self._meta("device_id") or ""
        self.appends_since_backup = 0  # (refapp.store.backup.maybe_backup)
        self.warnings: list[str] = []  # what the user should know (a possibly stale read-only view, ...)
        self.open_problems: list[str] = []  # damage found at a read-only open (reported by verify)
        self.open_damage: str | None = None  # why a read-only open refused it (refapp.store.opening.open_damaged)
        self.lock: Any = None
        self.key: DeviceKey | None = None  # this device's signing key (writable opens; refapp.store.keys)
        self.seal: Seal | None = None  # the last step of every write transaction (refapp.store.signing.Sealer)
        self.journal: Journal | None = None
        self._check: FullCheck | None = None  # the background full check that the first write waits for
        self.backup_thread: threading.Thread | None = None  # a backup taken in the background: close waits for it
        self._pinned: dict[str, Any] | None = None
        self._parent: Store | None = None  # the store this one is a sibling of (another thread's connection)
        self._group: Group | None = None  # writes sharing a transaction (:meth:`grouped`)

    # -- connections ----------------------------------------------------------------------------------------------

    def start_check(self, check: FullCheck) -> None:
        """The open's full check (:class:`refapp.store.fullcheck.FullCheck`, running): every write waits for it."""
        self._check = check

    def sibling(self) -> Store:
        """Another connection to this device's database, for a worker thread (call it in that thread, and
        :meth:`close` it there): the same device, key and journal; this store keeps the data folder's lock (one writer
        process), and SQLite takes the two connections' writes one at a time."""
        conn = sqlite3.connect(self.path, isolation_level=None, timeout=60)
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        other = type(self)(conn, self.path, self.read_only)
        other.key, other.seal, other.journal, other._check = self.key, self.seal, self.journal, self._check
        other._parent = self
        return other

    def close(self) -> None:
        if self._parent is not None:  # a sibling: only its connection is its own
            self.conn.close()
            return
        self.wait_for_backup()
        if self._check is not None:
            self._check.join()
        if self.journal is not None:
            self.journal.close()
        self.conn.close()
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def _meta(self, key: str) -> str | None:
        try:
            row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        except (sqlite3.OperationalError, UnicodeDecodeError):
            return None
        return row[0] if row else None

    def get_meta(self, key: str) -> str | None:
        """A small value kept in the database's ``meta`` table (the referee PIN's copy: refapp.store.settings)."""
        return self._meta(key)

    def set_meta(self, key: str, value: str) -> None:
        """Keep ``value`` under ``key`` in the ``meta`` table; raises :class:`StoreError` when refused (a read-only
        folder, a full disk)."""
        with self.writing():
            self.conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    def check_problem(self) -> str | None:
        """The open's full check: its problem once it has finished and found damage, else None (still running, or
        nothing found)."""
        check = self._check
        if check is None or not check.done():
            return None
        return check.problem

    def check_running(self) -> bool:
        """Whether the open's full check still runs in the background."""
        return self._check is not None and not self._check.done()

    def wait_for_check(self) -> None:
        """Wait for the open's full check; raise :class:`DamagedDatabase` if it found damage."""
        if self._check is not None:
            self._check.wait()

    # -- writing ------------------------------------------------------------------------------------------------

    @contextmanager
    def writing(self) -> Iterator[Writer]:
        """One write: committed when the block ends (a savepoint of the open transaction inside :meth:`grouped`),
        rolled back if it raises; the rows it added are then journaled. Waits for the open's full check (damage
        refuses every write). :attr:`seal` (the chain and the digest signed) runs before each commit."""
        if self.read_only:
            raise refused(sqlite3.OperationalError("attempt to write a readonly database"))
        if self._check is not None:
            self._check.wait()
        group = self._group
        w = Writer(self)
        with refusals():
            if group is not None:
                begin(self.conn, group)
                try:
                    yield w
                    release(self.conn)
                except BaseException as exc:
                    undo(self.conn, group, exc)
                    raise
            else:
                self.conn.execute("BEGIN IMMEDIATE")
                try:
                    yield w
                    if self.seal is not None:
                        self.seal(self.conn, bool(w.rows))
                    self.conn.execute("COMMIT")
                except BaseException:
                    if self.conn.in_transaction:  # SQLite may already have rolled back (e.g. SQLITE_FULL)
                        self.conn.execute("ROLLBACK")
                    raise
        if w.ruleset_added:
            self._pinned = None
        if group is not None:
            if group.took(w.rows):
                self._commit_group(group)
        elif self.journal is not None:
            self.journal.append(from_row(r) for r in w.rows)

    @contextmanager
    def grouped(self, seconds: float = 0.25) -> Iterator[None]:
        """The block's writes share transactions, committed every ``seconds`` and when it ends, even by an exception
        (:mod:`refapp.store.txgroup`: a sync's hundreds of writes cost a few commits)."""
        if self._group is not None or self.read_only:
            yield
            return
        group = self._group = Group(seconds)
        try:
            yield
        finally:
            self._group = None
            self._commit_group(group)
        group.raise_lost()

    def _commit_group(self, group: Group) -> None:
        rows = commit(self.conn, group, self.seal)
        if self.journal is not None and rows:
            self.journal.append(from_row(r) for r in rows)

    def _entity(self, w: Writer, kind: str, at: str | None, **fields: Any) -> dict[str, Any]:
        payload = {"type": kind, "id": str(uuid.uuid4()), "at": at or _now(), "by": "", **fields}
        try:
            row = entity_row(self.device_id, payload)
        except LogError as exc:  # a name typed or imported with a control character, a time without its offset
            what = f"Nothing was stored: the {kind}'s {exc.field}: {exc.message}"
            raise StoreError(what, exc.key, **exc.params) from None
        w.add(row)
        return payload

    def create_tournament(self, name: str, at: str | None = None) -> str:
        tid = str(uuid.uuid4())
        with self.writing() as w:
            self._entity(w, "tournament", at, tournament=tid, name=name, created_at=at or _now())
        return tid

    def create_table(self, tournament_id: str, number: int, at: str | None = None) -> TableRef:
        table_id = str(uuid.uuid4())
        with self.writing() as w:
            self._require_tournament(tournament_id)
            self._entity(
                w, "table", at, table=table_id, tournament=tournament_id, number=number, created_at=at or _now()
            )
        return self.table(table_id)

    def add_player(
        self, tournament_id: str, name: str, first_timer: bool = False, federation_id: str = "", at: str | None = None
    ) -> str:
        pid = str(uuid.uuid4())
        with self.writing() as w:
            self._require_tournament(tournament_id)
            self._player(w, pid, tournament_id, name, first_timer, federation_id, at or _now(), at)
        return pid

    def _player(
        self, w: Writer, pid: str, tid: str, name: str, first: bool, fed: str, created: str, at: str | None
    ) -> None:
        self._entity(w, "player", at, player=pid, tournament=tid, name=name, first_timer=bool(first),
                     federation_id=fed, created_at=created)  # fmt: skip

    def _require_tournament(self, tournament_id: str) -> None:
        if self.conn.execute("SELECT 1 FROM tournaments WHERE id = ?", (tournament_id,)).fetchone() is None:
            raise StoreError(f"No tournament with id {tournament_id}")

    def update_player(self, player_id: str, *, first_timer: bool | None = None, federation_id: str | None = None,
                      name: str | None = None) -> None:  # fmt: skip
        """Change a player (first-timer flag, federation id, name): a new ``player`` event; the row follows."""
        row = self.conn.execute(
            "SELECT tournament_id, name, first_timer, federation_id, created_at FROM players WHERE id = ?", (player_id,)
        ).fetchone()
        if row is None:
            raise StoreError(f"No player with id {player_id}")
        tid, old_name, old_first, old_fed, created = row
        with self.writing() as w:
            self._player(w, player_id, tid, old_name if name is None else name,
                         bool(old_first) if first_timer is None else first_timer,
                         old_fed if federation_id is None else federation_id, created, None)  # fmt: skip

    def setup_table(self, tournament: str, number: int, players: Sequence[NewPlayer] = ()) -> TableRef:
        """The table ``number`` of the tournament named ``tournament``, with its players, in ONE transaction: the
        tournament (found by name or created), the players not yet known by name, the table (found by number or
        created)."""
        with self.writing() as w:
            found = self.conn.execute(
                "SELECT id FROM tournaments WHERE name = ? ORDER BY created_at, id LIMIT 1", (tournament,)
            ).fetchone()
            if found:
                tid = found[0]
            else:
                tid = str(uuid.uuid4())
                self._entity(w, "tournament", None, tournament=tid, name=tournament, created_at=_now())
            known = {r[0] for r in self.conn.execute("SELECT name FROM players WHERE tournament_id = ?", (tid,))}
            for p in players:
                if p["name"] not in known:
                    known.add(p["name"])
                    self._player(w, str(uuid.uuid4()), tid, p["name"], bool(p.get("first_timer", False)),
                                 str(p.get("federation_id", "")), _now(), None)  # fmt: skip
            row = self.conn.execute(
                "SELECT id FROM game_tables WHERE tournament_id = ? AND number = ?", (tid, number)
            ).fetchone()
            if row:
                table_id = row[0]
            else:
                table_id = str(uuid.uuid4())
                self._entity(w, "table", None, table=table_id, tournament=tid, number=number, created_at=_now())
        return self.table(table_id)

    def row_for(
        self, table: TableRef, event: Mapping[str, Any], context: dict[str, Any], ruling: dict[str, Any]
    ) -> dict[str, Any]:
        """The stored row of a ledger event (its place in the chain and in the table is added by :meth:`append`)."""
        row = columns(event, context, ruling)
        row |= {"uuid": event["id"], "device_id": self.device_id, "tournament_id": table.tournament_id}
        row |= {"table_id": table.table_id, "payload": canonical(event)}
        return row

    def append(
        self,
        table: TableRef,
        event: Mapping[str, Any],
        context: dict[str, Any],
        ruling: dict[str, Any],
        *,
        after: str | None,
        ruleset: RuleSet | None = None,
    ) -> int:
        """Store one ledger event with its context (hanchan, hand, seat, player, rule set before the event) and the
        ruling as applied. ``after``: the table's newest event the caller's state was built from (None: the table
        had none); if the table has changed since, :class:`TableChanged` is raised and nothing is stored (never a
        fork). ``ruleset``: for a ``hanchan_start`` naming its rule set's content by hash, that rule set (its
        content is stored with it if new). Returns the row's ``seq`` once committed."""
        row = self.row_for(table, event, context, ruling)
        with self.writing() as w:
            newest = self.last_event_id(table.table_id)
            if newest != after:
                raise TableChanged(table, after, newest)
            if ruleset is not None and event.get("ruleset_hash"):
                h, content = ruleset_content(ruleset)
                if h != event["ruleset_hash"]:
                    raise StoreError(f"The event was NOT saved: its rule set is not the one named ({event['id']})")
                if self.conn.execute("SELECT 1 FROM ruleset_contents WHERE hash = ?", (h,)).fetchone() is None:
                    self._entity(w, "ruleset", event.get("at"), hash=h, content=json.loads(content))
            row["after"] = after
            seq = w.add(row)
        self.appends_since_backup += 1
        return seq

    def append_all(
        self,
        table: TableRef,
        rows: Sequence[tuple[Mapping[str, Any], dict[str, Any], dict[str, Any]]],
        *,
        after: str | None,
    ) -> None:
        """Store several ledger events (each with its context and the ruling as applied, as :meth:`append`) in one
        transaction: all of them or none (a re-seat: its voids and replacements). ``after`` as :meth:`append`."""
        made = [self.row_for(table, event, context, ruling) for event, context, ruling in rows]
        with self.writing() as w:
            newest = self.last_event_id(table.table_id)
            if newest != after:
                raise TableChanged(table, after, newest)
            for row, (event, _context, _ruling) in zip(made, rows, strict=True):
                row["after"] = after
                w.add(row)
                after = event["id"]
        self.appends_since_backup += len(made)

    # -- reading ------------------------------------------------------------------------------------------------

    def tournaments(self) -> list[TournamentRow]:
        with reading(self.path):
            rows = self.conn.execute(
                "SELECT id, name, created_at FROM tournaments ORDER BY created_at, rowid"
            ).fetchall()
        return [TournamentRow(id=r[0], name=r[1], created_at=r[2]) for r in rows]

    def tables(self, tournament_id: str) -> list[TableRef]:
        rows = self.conn.execute(
            "SELECT t.id FROM game_tables t WHERE t.tournament_id = ? ORDER BY t.number", (tournament_id,)
        ).fetchall()
        return [self.table(r[0]) for r in rows]

    def table(self, table_id: str) -> TableRef:
        with reading(self.path):
            row = self.conn.execute(
                "SELECT t.id, t.tournament_id, t.number, u.name FROM game_tables t JOIN tournaments u "
                "ON u.id = t.tournament_id WHERE t.id = ?",
                (table_id,),
            ).fetchone()
        if row is None:
            raise StoreError(f"No table with id {table_id}")
        return TableRef(tournament_id=row[1], table_id=row[0], number=row[2], tournament=row[3])

    def players(self, tournament_id: str) -> list[PlayerRow]:
        with reading(self.path):
            rows = self.conn.execute(
                "SELECT id, name, first_timer, federation_id FROM players WHERE tournament_id = ? ORDER BY name",
                (tournament_id,),
            ).fetchall()
        return [PlayerRow(id=r[0], name=r[1], first_timer=bool(r[2]), federation_id=r[3]) for r in rows]

    def table_events(self, table_id: str) -> list[EventJson]:
        """The table's log, in order: the payloads to replay (its line: :mod:`refapp.store.branches`)."""
        with reading(self.path), gc_paused():  # (thousands of objects, no cycle: no collection while they are made)
            texts = line_texts(self.conn, table_id, self.device_id)
            try:
                return loads_stored("[" + ",".join(texts) + "]")  # one parse for the whole log
            except (ValueError, TypeError) as exc:  # a stored payload not JSON (or no text) any more: damage
                self.wait_for_check()  # (the full check names it)
                raise DamagedDatabase(self.path, f"an event of table {table_id} is not JSON any more ({exc})") from None

    def last_event_id(self, table_id: str) -> str | None:
        """The uuid of the newest event of the table's line (what the next one follows)."""
        return line_head(self.conn, table_id, self.device_id)

    def pinned_rulesets(self) -> dict[str, Any]:
        """The stored rule-set contents by hash (validated models), for :class:`refapp.store.derive.Rulesets`."""
        if self._pinned is None:
            with reading(self.path):
                rows = (
                    self.conn.execute("SELECT hash, content FROM ruleset_contents").fetchall() if self._has_v4() else []
                )
            try:
                self._pinned = {h: RuleSet.model_validate(json.loads(c)) for h, c in rows}
            except ValueError as exc:  # JSON or validation: the stored content was changed
                raise DamagedDatabase(
                    self.path, f"a stored rule set cannot be read ({str(exc).splitlines()[0]})"
                ) from None
        return self._pinned

    def forget_pinned(self) -> None:
        """Rule-set contents were stored other than through a :class:`Writer` (an import): read them again."""
        self._pinned = None

    def rulesets(self, catalog: Mapping[str, RuleSet]) -> Rulesets:
        """``catalog`` plus the rule sets hanchans started with (by hash): what replays this store's tables."""
        return Rulesets(catalog, self.pinned_rulesets())

    def _has_v4(self) -> bool:
        return bool(self.conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'ruleset_contents'").fetchone())

    def count_events(self) -> int:
        return int(self.conn.execute("SELECT count(*) FROM events").fetchone()[0])

    def iter_rows(self, where: str = "", params: Iterable[Any] = ()) -> Iterator[dict[str, Any]]:
        cols = ["seq", *COLUMNS]
        with reading(self.path):
            cur = self.conn.execute(f"SELECT {_cols(cols)} FROM events {where} ORDER BY seq", tuple(params))
            for r in cur:
                yield dict(zip(cols, r))

    def iter_rows_by_device(self, device_id: str) -> Iterator[dict[str, Any]]:
        return self.iter_rows_ordered("WHERE device_id = ?", (device_id,), "device_seq")

    def iter_rows_ordered(self, where: str, params: Iterable[Any], order: str) -> Iterator[dict[str, Any]]:
        cols = ["seq", *COLUMNS]
        with reading(self.path):
            for r in self.conn.execute(f"SELECT {_cols(cols)} FROM events {where} ORDER BY {order}", tuple(params)):
                yield dict(zip(cols, r))

    # -- backups --------------------------------------------------------------------------------------------------

    def wait_for_backup(self, timeout: float | None = None) -> None:
        """Wait for the backup running in the background, if any (:func:`refapp.store.backup.maybe_backup`)."""
        if self.backup_thread is not None:
            self.backup_thread.join(timeout)


class Writer:
    """Adds rows inside one transaction: each gets its place in this device's chain, and its projections."""

    def __init__(self, store: Store):
        self.store = store
        self.rows: list[dict[str, Any]] = []
        self.ruleset_added = False
        self.refresh()

    def refresh(self) -> None:
        """Read this device's newest stored event again (after rows were inserted by other means)."""
        last = self.store.conn.execute(
            "SELECT device_seq, hash FROM events WHERE device_id = ? ORDER BY device_seq DESC LIMIT 1",
            (self.store.device_id,),
        ).fetchone()
        self._seq: int = last[0] if last else 0
        self._hash: str = last[1] if last else GENESIS

    def add(self, row: dict[str, Any]) -> int:
        row = dict(row)
        row["device_id"] = self.store.device_id
        row["device_seq"] = self._seq + 1
        row["prev_hash"] = self._hash
        row["hash_v"] = CURRENT_HASH
        row["hash"] = row_hash_v2(row["prev_hash"], row)
        cur = self.store.conn.execute(
            f"INSERT INTO events ({_cols(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))})", [row[c] for c in COLUMNS]
        )
        payload = json.loads(row["payload"])
        project(self.store.conn, row, payload)
        self.ruleset_added |= payload["type"] == "ruleset"
        self._seq, self._hash = row["device_seq"], row["hash"]
        self.rows.append(row)
        return int(cur.lastrowid or 0)


def _cols(cols: Iterable[str]) -> str:
    return ", ".join(f'"{c}"' if c == "after" else c for c in cols)
