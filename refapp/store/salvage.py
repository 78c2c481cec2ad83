"""What a recovery puts back on top of its base: every event some copy still holds as it was signed.

The copies: this device's journal, the rows the damaged database still reads (column by column when a record does
not decode whole), and the rows of every backup (the good ones and those a recovery skips). Each device's chain is
walked on from where the base ends. The event at each place is a copy whose hash is right and links onto the event
before it: as stored, or with its device, its place or its link put back to what the chain says they are (a changed
``device_id``, ``device_seq``, ``prev_hash`` or ``hash_v``), kept only if its hash then matches its stored hash or the
link the next event names (so a changed ``hash`` is put right too). A copy whose content was changed matches neither:
another copy is needed.

Another device's events are taken only as far as one of its signed heads covers them (found in any copy: its device,
count or newest hash put back as the chain says, its signature checked with the key the chain announced), this
device's as far as its journal or its own signed head: a chain rewritten and hashed again is never taken for the real
one. Every other column is derived again (:func:`refapp.store.recovery.derive_rows`), and the events are inserted in
their stored order (each after the events it needs). What no copy holds as it was is left out, with what follows it
in its device's chain, and named.

Layer: feature (recovery: what the copies still hold).
"""

from __future__ import annotations

import heapq
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .chain import GENESIS, hash_of, row_of
from .codec_journal import line_of as journal_line_of
from .db import Store
from .derive import ENTITY_TYPES
from .errors import DamagedDatabase
from .keys import SignatureError, verify
from .recovery import describe_rows
from .rowchecks import content_hash
from .rowread import HASH, SEL, UNREADABLE, identified, index_identity, lenient, loads, read_rows, short, unlisted
from .signing import Head

Place = tuple[Any, Any]  # (device id, place in its chain)
_COLS = ", ".join('"after"' if c == "after" else c for c in SEL)


@dataclass
class Copy:
    """One event as a copy holds it (every column; ``payload`` as its stored text), where it came from, and its
    place in the stored order (``seq``; None for a journal line)."""

    row: dict[str, Any]
    source: str  # "journal", "database" or a backup's file name
    seq: int | None = None


@dataclass
class Salvage:
    """What :func:`salvage` puts back (lines in insertion order, with ``_source``) and what it cannot."""

    lines: list[dict[str, Any]] = field(default_factory=list)
    from_journal: int = 0
    from_copies: int = 0
    dropped: list[str] = field(default_factory=list)  # each event named, with why
    cut: set[str] = field(default_factory=set)  # devices whose chain here ends before what a copy holds
    heads: list[tuple[str, str, int, str, str]] = field(default_factory=list)  # (device, key, events, newest, sig)


def _copy(values: tuple[Any, ...], source: str) -> Copy:
    row = dict(zip(SEL, values))
    return Copy(row, source, row["seq"] if isinstance(row["seq"], int) else None)


class Sources:
    """The copies: the journal's lines and the damaged database's rows (those the base does not hold) in memory; the
    backups looked up place by place (they hold the base's events again and again)."""

    def __init__(self, journal: list[dict[str, Any]], damaged: Path | None, backups: list[Path], base: set[Place]):
        self.copies: list[Copy] = [c for c in map(_journal_copy, journal) if c is not None]
        self.heads: list[tuple[Any, ...]] = []
        self.numbers: dict[Any, Any] = {}  # the tables' numbers as the copies' projections say (to name events)
        self._conns: list[tuple[str, sqlite3.Connection]] = []
        self._damaged: sqlite3.Connection | None = None
        if damaged is not None:
            conn = _connect(damaged)
            if conn is not None:
                self._damaged = conn
                self.copies += [c for c in _rows(conn, damaged, "database") if _place(c) not in base]
                self.heads += _heads(conn)
                self.numbers |= _numbers(conn)
        for path in backups:
            conn = _connect(path)
            if conn is not None:
                self._conns.append((path.name, conn))
                self.heads += _heads(conn)
                self.numbers = _numbers(conn) | self.numbers
        self.at: dict[Place, list[Copy]] = {}
        for c in self.copies:
            self.at.setdefault(_place(c), []).append(c)
        self._looked: set[Place] = set()

    def close(self) -> None:
        for _, conn in self._conns:
            conn.close()
        if self._damaged is not None:
            self._damaged.close()

    def at_place(self, place: Place) -> list[Copy]:
        """The copies of an event, the backups' looked up the first time."""
        if place not in self._looked:
            self._looked.add(place)
            for name, conn in self._conns:
                found = _query(conn, name, "device_id = ? AND device_seq = ?", place)
                self.at.setdefault(place, []).extend(found)
                self.copies += found
        return self.at.get(place, [])

    def linked(self, prev: str) -> list[Copy]:
        """The copies that name ``prev`` as the event before them (an event stored under another place or device):
        looked up only where a place has no copy that fits."""
        out = []
        for name, conn in ([("database", self._damaged)] if self._damaged is not None else []) + self._conns:
            out += _query(conn, name, "prev_hash = ?", (prev,))
        return out

    def beyond(self, device: str, top: int) -> list[Copy]:
        """Every backup's events of ``device`` after place ``top`` (to name what is not put back)."""
        out = []
        for name, conn in self._conns:
            out += _query(conn, name, "device_id = ? AND device_seq > ?", (device, top))
        return out


def _connect(path: Path) -> sqlite3.Connection | None:
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
        conn.execute("SELECT count(*) FROM events").fetchone()
    except (sqlite3.Error, *UNREADABLE):
        return None
    conn.text_factory = lenient
    return conn


def _rows(conn: sqlite3.Connection, path: Path, source: str) -> list[Copy]:
    """Every row the damaged database reads (a row whose record's header was damaged under the uuid, device,
    place and table its indexes hold)."""
    try:
        rows, _ = read_rows(Store(conn, path, read_only=True))
        ident = index_identity(conn)
        rows = identified(rows, ident, lambda r: r[HASH] is not None and content_hash(r) == r[HASH])
        rows += unlisted(rows, ident)  # (what the table's damaged b-tree no longer gives: named if not put back)
    except (DamagedDatabase, sqlite3.Error, *UNREADABLE):
        return []
    return [_copy(r, source) for r in rows]


def _query(conn: sqlite3.Connection, source: str, where: str, params: tuple[Any, ...]) -> list[Copy]:
    try:
        return [_copy(r, source) for r in conn.execute(f"SELECT {_COLS} FROM events WHERE {where}", params)]
    except (sqlite3.Error, *UNREADABLE):
        return []


def _heads(conn: sqlite3.Connection) -> list[tuple[Any, ...]]:
    try:
        return conn.execute("SELECT device_id, key, events, newest, signature FROM heads").fetchall()
    except (sqlite3.Error, *UNREADABLE):
        return []


def _text(value: Any) -> bool:
    """Whether ``value`` is text SQLite can be given (not a damaged text read with its bad bytes kept)."""
    try:
        return isinstance(value, str) and bool(value.encode("utf-8"))
    except UnicodeEncodeError:
        return False


def _numbers(conn: sqlite3.Connection) -> dict[Any, Any]:
    try:
        return dict(conn.execute("SELECT id, number FROM game_tables").fetchall())
    except (sqlite3.Error, *UNREADABLE):
        return {}


def _place(c: Copy) -> Place:
    return (c.row.get("device_id"), c.row.get("device_seq"))


def _journal_copy(line: dict[str, Any]) -> Copy | None:
    try:
        row = row_of(line)
    except (*UNREADABLE, TypeError):
        return None
    return Copy(row, "journal")


def line_of(row: dict[str, Any]) -> dict[str, Any] | None:
    """The line of a row whose hash was checked (the form :func:`refapp.store.recovery.derive_rows` takes)."""
    try:
        line = journal_line_of(row)
    except (*UNREADABLE, TypeError, KeyError):
        return None
    if not isinstance(line["payload"], dict):
        return None
    line["_payload_text"] = row["payload"]
    return line


def _variants(c: Copy, device: str, place: int, prev: str) -> Iterator[dict[str, Any]]:
    """The copy with its device, place and link as the chain says (under either hash version when its own is not
    one)."""
    base = dict(c.row) | {"device_id": device, "device_seq": place, "prev_hash": prev}
    for v in dict.fromkeys([c.row.get("hash_v"), 2, 1]):
        if v in (1, 2):
            yield base | {"hash_v": v}


def _hash(row: dict[str, Any]) -> str | None:
    try:
        return hash_of(row)
    except (*UNREADABLE, TypeError):
        return None


def _walk(src: Sources, device: str, place: int, prev: str) -> tuple[list[tuple[dict[str, Any], Copy]], int]:
    """The device's events after (``place``, ``prev``) as far as each has a copy its hash proves, and the first place
    none proves."""
    out: list[tuple[dict[str, Any], Copy]] = []
    while True:
        place += 1
        nexts = {c.row.get("prev_hash") for c in src.at_place((device, place + 1))}
        found = _proven(src.at_place((device, place)), device, place, prev, nexts)
        if found is None:
            found = _proven(src.linked(prev), device, place, prev, nexts)
        if found is None:
            return out, place
        out.append(found)
        prev = found[0]["hash"]


def _proven(
    copies: list[Copy], device: str, place: int, prev: str, nexts: set[Any]
) -> tuple[dict[str, Any], Copy] | None:
    for c in copies:
        for v in _variants(c, device, place, prev):
            h = _hash(v)
            if h is not None and (h == c.row.get("hash") or h in nexts):
                row = v | {"hash": h}
                if line_of(row) is not None:
                    return row, c
    return None


def _confirmed(heads: list[tuple[Any, ...]], device: str, key: str, chain: list[dict[str, Any]], start: int) -> int:
    """How far the device's signed heads (in any copy; their count and newest hash put back as the chain says, their
    signature checked with the device's key) cover the chain of events after ``start``."""
    best = start
    for _, _, events, _, signature in heads:
        try:
            sig = bytes.fromhex(signature)
        except (*UNREADABLE, TypeError):
            continue
        for n in {events, start + len(chain)}:
            if not isinstance(n, int) or not best < n <= start + len(chain):
                continue
            try:
                verify(key, Head(device, key, n, chain[n - start - 1]["hash"]).to_bytes(), sig)
            except (SignatureError, *UNREADABLE):
                continue
            best = n
    return best


def salvage(conn: sqlite3.Connection, own: str | None, journal: list[dict[str, Any]], src: Sources) -> Salvage:
    """The events the base (``conn``) lacks that a copy proves, in insertion order, and what is left out."""
    out = Salvage()
    keys = dict(conn.execute("SELECT device_id, key FROM device_keys").fetchall())
    tops: dict[Any, tuple[int, str]] = {}
    for d, s in conn.execute("SELECT device_id, max(device_seq) FROM events GROUP BY device_id").fetchall():
        h = conn.execute("SELECT hash FROM events WHERE device_id = ? AND device_seq = ?", (d, s)).fetchone()[0]
        tops[d] = (s, h)
    in_journal = {(x.get("device_seq"), x.get("hash")) for x in journal}
    devices = {d for d, _ in src.at if _text(d)} | set(tops)  # (a device id that is not text is a damaged one)
    taken: list[tuple[dict[str, Any], Copy]] = []
    why: dict[Place, str] = {}
    for device in sorted(devices):
        start, prev = tops.get(device, (0, GENESIS))
        found, stop = _walk(src, device, start, prev)
        chain = [r for r, _ in found]
        key = keys.get(device) or _announced(device, chain)
        upto = start + len(found)
        if key is not None:
            upto = _confirmed(src.heads, device, key, chain, start)
            if device == own:
                upto = max([upto, *(r["device_seq"] for r in chain if (r["device_seq"], r["hash"]) in in_journal)])
        taken += found[: upto - start]
        why[(device, stop)] = "no copy holds it as it was signed"
        for place in range(upto + 1, start + len(found) + 1):
            why[(device, place)] = "no signed head of its device covers it"
        held = [c for c in [*src.copies, *src.beyond(device, upto)] if c.row.get("device_id") == device]
        if any(isinstance(c.row.get("device_seq"), int) and c.row["device_seq"] > upto for c in held):
            out.cut.add(device)
        if upto > start:
            out.heads += [h for h in _head_at(src.heads, device, key, chain[upto - start - 1], upto) if key]
    ordered, left = _ordered(taken, src)
    why |= left
    stored = conn.execute("SELECT device_id, device_seq, uuid, hash FROM events").fetchall()
    present = {(r["device_id"], r["device_seq"]) for r, _ in ordered} | {(d, k) for d, k, _, _ in stored}
    have = {r["uuid"] for r, _ in ordered} | {r["hash"] for r, _ in ordered} | {u for *_, u, _ in stored}
    have |= {h for *_, h in stored}
    copies = [c for c in src.copies if c.row.get("uuid") not in have and c.row.get("hash") not in have]
    for device in out.cut:  # (a copy stored under a changed device or place is no missing event: it is back)
        copies += src.beyond(device, max((k for d, k in present if d == device), default=0))
    out.dropped = describe_missing(conn, copies, present, why, src.numbers)
    for r, c in ordered:
        line = line_of(r)
        assert line is not None  # (checked when it was proven)
        out.lines.append(line | {"_source": c.source})
    out.from_journal = sum(1 for x in out.lines if x["_source"] == "journal")
    out.from_copies = len(out.lines) - out.from_journal
    return out


def _head_at(
    heads: list[tuple[Any, ...]], device: str, key: str | None, row: dict[str, Any], n: int
) -> list[tuple[str, str, int, str, str]]:
    """The signed head, from any copy, that covers the device's chain up to ``row`` (its ``n``-th event)."""
    if key is None:
        return []
    statement = Head(device, key, n, row["hash"]).to_bytes()
    for *_, signature in heads:
        try:
            sig = bytes.fromhex(signature)
            verify(key, statement, sig)
        except (SignatureError, *UNREADABLE, TypeError):
            continue
        return [(device, key, n, row["hash"], sig.hex())]  # (as it is written: a copy in capitals is put right)
    return []


def _announced(device: str, chain: list[dict[str, Any]]) -> str | None:
    """The key the device's chain announces (its ``device_key`` event)."""
    for row in chain:
        line = line_of(row)
        p = line["payload"] if line else {}
        if p.get("type") == "device_key" and p.get("device") == device and isinstance(p.get("key"), str):
            return str(p["key"])
    return None


def _ordered(
    taken: list[tuple[dict[str, Any], Copy]], src: Sources
) -> tuple[list[tuple[dict[str, Any], Copy]], dict[Place, str]]:
    """The events in their stored order, each after the events it needs (the one before it in its device's chain,
    the one it follows at its table, its table's own event); what can never come is left out."""
    seq_of: dict[Place, int] = {}
    for place, cs in src.at.items():
        for c in cs:
            if c.seq is not None:
                seq_of.setdefault(place, c.seq)
    rows = [r for r, _ in taken]
    by_uuid = {r["uuid"]: i for i, r in enumerate(rows)}
    by_place = {(r["device_id"], r["device_seq"]): i for i, r in enumerate(rows)}
    tables = {}
    for i, r in enumerate(rows):
        line = line_of(r)
        p = line["payload"] if line else {}
        if p.get("type") == "table" and isinstance(p.get("table"), str):
            tables[p["table"]] = i
    users: dict[int, list[int]] = {}
    waiting = []
    for i, r in enumerate(rows):
        wanted = (
            by_place.get((r["device_id"], r["device_seq"] - 1)),
            by_uuid.get(r["after"]),
            tables.get(r["table_id"]),
        )
        need = {j for j in wanted if j is not None and j != i}
        waiting.append(len(need))
        for j in need:
            users.setdefault(j, []).append(i)

    def order_key(i: int) -> tuple[int, int, int]:
        s = seq_of.get((rows[i]["device_id"], rows[i]["device_seq"]))
        return (0, s, 0) if s is not None else (1, 0, int(rows[i]["device_seq"]))

    ready = [(order_key(i), i) for i in range(len(rows)) if not waiting[i]]
    heapq.heapify(ready)
    order: list[int] = []
    while ready:
        _, i = heapq.heappop(ready)
        order.append(i)
        for u in users.get(i, []):
            waiting[u] -= 1
            if not waiting[u]:
                heapq.heappush(ready, (order_key(u), u))
    done = set(order)
    left = {(r["device_id"], r["device_seq"]): "what it follows cannot be put back" for i, r in enumerate(rows)
            if i not in done}  # fmt: skip
    return [taken[i] for i in order], left


def describe_missing(
    conn: sqlite3.Connection,
    copies: list[Copy],
    present: set[Place],
    why: dict[Place, str],
    known: dict[Any, Any] | None = None,
) -> list[str]:
    """Every event a copy holds that the result does not, named: its uuid, its device and place, what it was
    (table, hand, type, seat, time, as far as a copy tells), and why it is left out. ``known``: tables' numbers the
    copies' projections say (a table whose own event is left out too)."""
    numbers: dict[Any, Any] = dict(known or {})
    for c in copies:
        p = loads(c.row.get("payload"))
        if isinstance(p, dict) and p.get("type") == "table" and isinstance(p.get("table"), str):
            numbers.setdefault(p["table"], p.get("number"))
    try:
        numbers |= dict(conn.execute("SELECT id, number FROM game_tables").fetchall())
    except sqlite3.Error:
        pass
    followed_in = {c.row.get("after"): c.row.get("table_id") for c in copies if c.row.get("table_id") in numbers}
    first: dict[Place, Copy] = {}
    for c in copies:
        place = _place(c)
        if place not in present and isinstance(place[0], str) and isinstance(place[1], int):
            if place not in first or first[place].source == "database" and c.source == "journal":
                first[place] = c
    out = []
    stops: dict[Any, int] = {}
    for (d, k), reason in why.items():
        if reason == "no copy holds it as it was signed":
            stops[d] = k
    for place in sorted(first, key=lambda p: (p[0], p[1])):
        row = dict(first[place].row)
        if row.get("table_id") not in numbers and row.get("table_id") != "":
            row["table_id"] = followed_in.get(row.get("uuid"), row.get("table_id"))
        payload = loads(row.get("payload"))
        kind = payload.get("type") if isinstance(payload, dict) else row.get("type")
        try:
            text = describe_rows([row], numbers)[0]["text"] if isinstance(payload, dict) else ""
        except (*UNREADABLE, TypeError):
            text = ""
        if kind in ENTITY_TYPES or row.get("table_id") == "":
            what = f"a {kind} event" if isinstance(kind, str) else "an event whose kind no copy says, of no table"
            text = what + (f" ({text})" if text else "")
        elif not text:
            where = numbers.get(row.get("table_id"))
            text = f"table {where}, {kind}" if where is not None else "its stored text is unreadable"
        device, k = place
        reason = why.get(place) or (
            f"it follows #{stops[device]}, which cannot be put back" if device in stops and k > stops[device] else
            "no copy holds it as it was signed"
        )  # fmt: skip
        uuid = row.get("uuid")
        shown = uuid if isinstance(uuid, str) and uuid.isprintable() else short(uuid)
        out.append(f"event {shown} (device {device} #{k}): {text} ({reason})")
    return out


@contextmanager
def sources(
    journal: list[dict[str, Any]], damaged: Path | None, backups: list[Path], base: set[Place]
) -> Iterator[Sources]:
    src = Sources(journal, damaged, backups, base)
    try:
        yield src
    finally:
        src.close()


__all__ = ["Copy", "Salvage", "Sources", "describe_missing", "line_of", "salvage", "sources"]
