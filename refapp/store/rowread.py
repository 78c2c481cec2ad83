"""Stored events read whatever they hold, and named: what the deep checks (:mod:`refapp.store.rowchecks`) and a
recovery say about a damaged row.

A text that is not UTF-8 any more is read with its bad bytes kept (as surrogates), and a row whose record SQLite
cannot decode is read column by column: a damaged row reads, and differs from what it should be. It is named by its
event: its uuid, its device and place in the device's chain, and its table's number (when its own table id is
damaged, the table its neighbours or its hanchan say; an entity event names its kind).

Layer: feature (verify: reading damaged rows).
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from ..domain.events import EVENT_TYPES
from ..domain.gcpause import gc_paused
from .backup import backups
from .db import Store
from .derive import ENTITY_TYPES
from .errors import DamagedDatabase
from .schema import user_version
from .witness import JournalError, journal_path, read_lines

SEL = (
    "seq uuid device_id device_seq tournament_id table_id after payload prev_hash hash hash_v at referee type seat "
    "offence answers note target hanchan_no round_wind hand_no counters player ruleset_id ruleset_version ruling"
).split()
(SEQ, UUID, DEVICE, DSEQ, TOURNAMENT, TABLE, AFTER, PAYLOAD, PREV, HASH, HASH_V, AT, REFEREE, TYPE, SEAT, OFFENCE,
 ANSWERS, NOTE, TARGET) = range(19)  # fmt: skip
# what a stored value that does not read raises (a damaged row), wherever it is read
UNREADABLE = (ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError, UnicodeError)


def lenient(data: bytes) -> str:
    """SQLite's text as Python text, bytes that are not UTF-8 kept (as surrogates): a damaged text reads, and differs
    from what it should be."""
    return data.decode("utf-8", "surrogateescape")


# -- reading -------------------------------------------------------------------------------------------------------


def read_rows(store: Store) -> tuple[list[tuple[Any, ...]], list[tuple[tuple[Any, ...], str]]]:
    """Every event row in stored order, and the rows SQLite could not decode whole (with why), read column by column
    (a column that does not read is None)."""
    conn = store.conn
    names = [f'"{c}"' if c == "after" else c for c in SEL]
    if user_version(conn) < 4:
        names = [("NULL" if c == '"after"' else "1" if c == "hash_v" else c) for c in names]
    old = conn.text_factory
    conn.text_factory = lenient
    try:
        with gc_paused():
            try:
                return conn.execute(f"SELECT {', '.join(names)} FROM events ORDER BY seq").fetchall(), []
            except sqlite3.DatabaseError:
                pass
            try:
                seqs = [r[0] for r in conn.execute("SELECT seq FROM events ORDER BY seq")]
            except sqlite3.DatabaseError as exc:  # the table's b-tree does not read whole: its indexes say its rows
                seqs = sorted(set(index_identity(conn)) | set(range(1, _top(conn) + 1)))
                if not seqs:
                    raise DamagedDatabase(store.path, f"the stored events cannot be read ({exc})") from None
            rows, broken = [], []
            for seq in seqs:
                try:
                    found = conn.execute(f"SELECT {', '.join(names)} FROM events WHERE seq = ?", (seq,)).fetchone()
                    if found is not None:
                        rows.append(found)
                    continue
                except sqlite3.DatabaseError as exc:
                    why = str(exc)
                values: list[Any] = []
                for name in names:
                    try:
                        values.append(conn.execute(f"SELECT {name} FROM events WHERE seq = ?", (seq,)).fetchone()[0])
                    except sqlite3.DatabaseError:
                        values.append(None)
                values[SEQ] = seq
                rows.append(tuple(values))
                broken.append((rows[-1], f"its stored record cannot be read whole ({why})"))
            return rows, broken
    finally:
        conn.text_factory = old


def index_identity(conn: sqlite3.Connection) -> dict[Any, list[Any]]:
    """What the indexes of ``events`` say each row is (rowid -> [uuid, device_id, device_seq, table_id]), read from
    the indexes alone: a record whose header was damaged reads as garbage, its index entries as they were written."""
    out: dict[Any, list[Any]] = {}
    scans = (
        ("SELECT seq, uuid FROM events INDEXED BY sqlite_autoindex_events_1", (0,)),
        ("SELECT seq, device_id, device_seq FROM events INDEXED BY sqlite_autoindex_events_2", (1, 2)),
        ("SELECT seq, table_id FROM events INDEXED BY events_table", (3,)),
    )
    old = conn.text_factory
    conn.text_factory = lenient
    try:
        for sql, at in scans:
            try:
                for seq, *values in conn.execute(sql):
                    entry = out.setdefault(seq, [None, None, None, None])
                    for i, value in zip(at, values):
                        entry[i] = value
            except sqlite3.Error:
                continue
    finally:
        conn.text_factory = old
    return out


IDENTITY = (UUID, DEVICE, DSEQ, TABLE)


def unlisted(rows: list[tuple[Any, ...]], ident: dict[Any, list[Any]]) -> list[tuple[Any, ...]]:
    """The rows the indexes of ``events`` list that the table itself did not give (its b-tree damaged there): each
    with what its indexes hold (uuid, device, place, table), every other column None."""
    have = {r[SEQ] for r in rows}
    uuids = {r[UUID] for r in rows}  # (a row read under another seq is there: its seq was changed)
    out = []
    for seq, entry in sorted(ident.items(), key=lambda x: x[0] if isinstance(x[0], int) else 0):
        if seq in have or entry[0] is None or entry[0] in uuids:
            continue
        values: list[Any] = [None] * len(SEL)
        values[SEQ] = seq
        for i, value in zip(IDENTITY, entry):
            values[i] = value
        out.append(tuple(values))
    return out


def identified(rows: list[tuple[Any, ...]], ident: dict[Any, list[Any]], sound: Any) -> list[tuple[Any, ...]]:
    """The rows, each that is not ``sound`` (its hash does not match) and whose uuid, device, place or table differ
    from what the indexes say taking the indexes' (a damaged record header shifts every column after it)."""
    out = []
    for row in rows:
        entry = ident.get(row[SEQ])
        if entry is not None and None not in entry and [row[i] for i in IDENTITY] != entry and not sound(row):
            fixed = list(row)
            for i, value in zip(IDENTITY, entry):
                fixed[i] = value
            row = tuple(fixed)
        out.append(row)
    return out


def _top(conn: sqlite3.Connection) -> int:
    """The highest ``seq`` SQLite ever gave (``sqlite_sequence``), or 0."""
    try:
        row = conn.execute("SELECT seq FROM sqlite_sequence WHERE name = 'events'").fetchone()
    except sqlite3.Error:
        return 0
    return row[0] if row and isinstance(row[0], int) else 0


def loads(text: Any) -> Any:
    try:
        return json.loads(text)
    except (*UNREADABLE, json.JSONDecodeError):
        return None


def loads_all(texts: list[Any]) -> list[Any] | None:
    """Many JSON texts parsed in one call (at C speed); None if one of them is not JSON."""
    try:
        return json.loads("[" + ",".join(texts) + "]")
    except UNREADABLE:
        return None


# -- naming a row --------------------------------------------------------------------------------------------------


class Copies:
    """Another copy of an event whose own row does not say what it was (its payload does not read): this device's
    journal line, or the newest readable backup's row; (payload, table id) or None."""

    def __init__(self, store: Store):
        self.store = store
        self._journal: dict[Any, Any] | None = None

    def of(self, row: tuple[Any, ...]) -> tuple[Any, Any] | None:
        store = self.store
        if self._journal is None:
            self._journal = {}
            try:
                for x in read_lines(journal_path(store.path.parent, store.device_id)):
                    self._journal[x.get("uuid")] = self._journal[(x.get("device_id"), x.get("device_seq"))] = x
            except (OSError, JournalError, *UNREADABLE):
                pass
        line = self._journal.get((row[DEVICE], row[DSEQ])) or self._journal.get(row[UUID])
        if isinstance(line, dict) and isinstance(line.get("payload"), dict):
            return line["payload"], line.get("table_id")
        for path in backups(store.path.parent):
            try:
                conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
                try:
                    found = conn.execute(
                        "SELECT payload, table_id FROM events WHERE uuid = ? OR (device_id = ? AND device_seq = ?)",
                        tuple(v if isinstance(v, (str, int)) and _sendable(v) else None
                              for v in (row[UUID], row[DEVICE], row[DSEQ])),
                    ).fetchone()  # fmt: skip
                finally:
                    conn.close()
            except (sqlite3.Error, *UNREADABLE):
                continue
            if found is not None:
                p = loads(found[0])
                return (p, found[1]) if isinstance(p, dict) else None
            return None  # the newest readable backup does not hold it
        return None


def _sendable(value: Any) -> bool:
    """Whether SQLite can be given ``value`` (a text read with bad bytes kept cannot)."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
    return True


class Names:
    """How a damaged row is named: its event (uuid, device and place in the device's chain) and its table."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        rows: list[tuple[Any, ...]],
        payloads: list[Any],
        bad: set[int],
        copies: Copies | None = None,
        unproven: set[int] | None = None,
    ):
        self.copies = copies
        self.unproven = unproven or set()  # rows whose hash does not match their content
        self.numbers: dict[Any, Any] = {}
        try:
            self.numbers = dict(conn.execute("SELECT id, number FROM game_tables").fetchall())
        except sqlite3.Error:
            pass
        for row, p in zip(rows, payloads):  # the tables' numbers as their sound events say (not a damaged projection)
            if id(row) not in bad and row[TYPE] == "table" and isinstance(p, dict) and isinstance(p.get("table"), str):
                self.numbers[p["table"]] = p.get("number")
        self.payload = {id(r): p for r, p in zip(rows, payloads)}
        self.table_of = {r[UUID]: r[TABLE] for r in rows if r[TABLE] in self.numbers}
        self.followed_in: dict[Any, Any] = {}  # uuid -> the table of the event that follows it
        for r in rows:
            if r[TABLE] in self.numbers and r[AFTER] is not None:
                self.followed_in.setdefault(r[AFTER], r[TABLE])
        self.hanchans: dict[Any, Any] = {}
        try:
            self.hanchans = dict(conn.execute("SELECT id, table_id FROM hanchans").fetchall())
        except sqlite3.Error:
            pass

    def _other(self, row: tuple[Any, ...], always: bool = False) -> tuple[Any, Any] | None:
        """What another copy says the event is, when its own payload does not read (or ``always``)."""
        if self.copies is None or (isinstance(self.payload.get(id(row)), dict) and not always):
            return None
        return self.copies.of(row)

    def kind(self, row: tuple[Any, ...]) -> Any:
        """The event's type: as its payload says, unless its payload is not as it was signed (then as another copy
        says, or its own ``type`` column when that is a type refapp knows)."""
        p = self.payload.get(id(row))
        if not isinstance(p, dict) or id(row) in self.unproven:
            other = self.copies.of(row) if self.copies is not None else None
            if other is not None and isinstance(other[0].get("type"), str):
                return other[0]["type"]
            if row[TYPE] in ENTITY_TYPES or row[TYPE] in EVENT_TYPES:
                return row[TYPE]
        p = p if isinstance(p, dict) else {}
        return p.get("type") if isinstance(p.get("type"), str) else row[TYPE]

    def table(self, row: tuple[Any, ...]) -> str | None:
        """'table N', or None for an entity event (it belongs to no table)."""
        kind = self.kind(row)
        other = self._other(row)
        if kind in ENTITY_TYPES and (row[TABLE] == "" or kind == row[TYPE] or other is not None):
            return None
        for t in (row[TABLE], self.followed_in.get(row[UUID]), self.table_of.get(row[AFTER]),
                  self.hanchans.get(row[UUID]), other[1] if other else None):  # fmt: skip
            if t in self.numbers:
                return f"table {self.numbers[t]}"
        if row[TABLE] == "":
            return None
        other = self._other(row, always=True)  # (its own table id is damaged, and no neighbour says it)
        if other is not None and other[1] in self.numbers:
            return f"table {self.numbers[other[1]]}"
        return f"an unknown table (its table id {short(row[TABLE])} is no stored table's)"

    def label(self, row: tuple[Any, ...]) -> str:
        where = self.table(row)
        if where is None:
            p = self.payload.get(id(row))
            of = p.get("table") if isinstance(p, dict) else None
            kind = self.kind(row)
            what = f"a {kind} event" if isinstance(kind, str) else "an event whose kind no copy says"
            where = what + (f" of table {self.numbers[of]}" if of in self.numbers else ": no table")
        return f"seq {row[SEQ]} uuid {row[UUID]} (device {row[DEVICE]} #{row[DSEQ]}, {where})"


def short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
