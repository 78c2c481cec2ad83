"""Damaged rows: one bit flipped, or one byte changed, in one stored row (issue 26, problem 7).

The subject is a data folder of a venue (:func:`venue`): the head referee's device, with a tournament, its own table
with a hanchan of rulings (riichi, a ron, a draw, an incident and its void, a tsumo, another incident) and a tablet's
table (riichi, wins, draws, a void) merged through a shared folder, trusts and device keys, a backup taken half-way
and rulings of both devices after it; or (one trial in three) the tablet's, which holds the head's table merged and
no backup. One trial damages one stored value (:func:`damage`), in one of four ways:

* ``column``: a bit flipped or a byte changed in one column of one row of ``events``, through SQL (any column:
  payload, ruling, answers, hash, prev_hash, after, device_seq, type, seat, at, note, seq...);
* ``projection``: the same in one row of a table verify rebuilds from the events (tournaments, tables, players,
  hanchans, rule-set contents, device keys, trusts) or of the signatures (heads, digest);
* ``file``: a bit flipped inside the bytes of one event's record in the database file's pages (its header, its
  values, its rowid), found by walking the table's b-tree: what a bad sector or a stray write leaves, SQLite's
  integrity check mostly none the wiser;
* ``page``: a bit flipped anywhere in a page of the events table or of one of its indexes (headers, cell pointers,
  cells, free space), kept when the database still opens: a flip in unused bytes must change nothing (verify ok,
  the app writes on), any other must be named and recovered like the rest;
* ``cache``: a bit or a byte changed in the table state a device keeps to start its next merge from
  (:func:`cache_trial`): what the next sync merges must still be what the table's replay derives.

Then :func:`judge` checks what a user is promised: ``refapp verify`` exits 1 and names the event (its uuid or its
device and place in the device's chain) and its table (number), never exit 70 nor a traceback; the app's writable
open refuses to write (nothing in the folder changed); ``refapp recover`` gives back every event, after which verify
says ok, or exits non-zero naming exactly the events it could not give back (and verify says ok on what is left).
"""

from __future__ import annotations

import contextlib
import io
import random
import shutil
import sqlite3
import struct
import uuid
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from refapp.cli import main as cli
from refapp.store.backup import backup as take_backup
from refapp.store.db import DB_NAME, StoreError
from refapp.store.opening import open_store
from refapp.store.tablebook import TableBook
from tests.logs import draw, ev, hand, rulesets, start, tsumo, void
from tests.store.util import files_of

# the tables verify rebuilds from the events, or checks against the signatures, and the columns it compares
PROJECTIONS = {
    "tournaments": "id name created_at device_id",
    "game_tables": "id tournament_id number created_at device_id",
    "players": "id tournament_id name first_timer created_at device_id federation_id",
    "hanchans": "id table_id number ruleset_id ruleset_version created_at device_id",
    "ruleset_contents": "hash ruleset_id version content",
    "device_keys": "device_id key fingerprint event",
    "trusts": "event device_id fingerprint key name role at",
    "heads": "device_id key events newest signature",
    "digest": "seq digest key signature",
}
KINDS = ("column", "projection", "file", "page", "cache")


@dataclass
class Venue:
    """The subject's data folder (``head``), and what it held before any damage."""

    root: Path
    head: Path
    shared: Path
    events: dict[tuple[str, int], dict]  # (device, device_seq) -> uuid, hash, table number (None: no table), type
    own: str  # the subject's device id
    table_id: str  # the table the subject's board shows (its own)


def _build(root: Path) -> None:
    from tests.sync.venue import Device

    shared = root / "shared"
    shared.mkdir(parents=True)
    head, tablet = Device(root / "head", "Head"), Device(root / "tablet", "T1")
    rng = random.Random(26)
    try:
        head.store.create_tournament("Venue Open")
        tablet.trust(head, "head")
        head.trust(tablet)
        head.sync(shared)
        tablet.sync(shared)
        tablet.set_up(1)
        for _ in range(5):
            tablet.record(rng)
        book = tablet.book()
        e = ev("draw", tenpai=[0, 2]) if not book.state.game_over else start("ema-2016")
        book.commit(e)
        book.commit(void(e))
        tablet.sync(shared)
        head.sync(shared)
        head.set_up(2)
        b = head.book()
        b.commit(start("ema-2016", players=[f"Head-{k}" for k in range(4)]))
        b.commit(ev("riichi", seat=1))
        b.commit(ev("win", kind="ron", discarder=0, winners=[hand(1, limit="mangan")]))
        b.commit(draw(0, 2))
        warning = ev("incident", seat=2, offence="warning", note="phone", at="2026-11-22T10:40:00+01:00")
        b.commit(warning)
        b.commit(void(warning, reason="wrong seat"))
        take_backup(head.store)
        b.commit(tsumo(hand(3, han=3, fu=30)))
        b.commit(ev("incident", seat=1, offence="warning", note="late", at="2026-11-22T11:05:00+01:00"))
        for _ in range(4):
            tablet.record(rng)
        tablet.sync(shared)
        head.sync(shared)
        tablet.sync(shared)
    finally:
        head.close()
        tablet.close()


@cache
def _built() -> Path:
    """The venue, built once per process; its ids drawn from a fixed seed (its keys, signatures and times are new
    each run: a trial's seed says what is damaged, in the same place of the same row every run)."""
    import atexit
    import tempfile
    from unittest import mock

    root = Path(tempfile.mkdtemp(prefix="refapp-flips-"))
    atexit.register(shutil.rmtree, root, ignore_errors=True)
    ids = random.Random(2026)
    with mock.patch("uuid.uuid4", lambda: uuid.UUID(int=ids.getrandbits(128), version=4)):
        _build(root)
    return root


def venue(dest: Path, subject: str = "head") -> Venue:
    """A fresh copy of the venue (built once per process) under ``dest``; the data folder damaged is the head
    referee's device's (with a backup) or the tablet's (``subject``: no backup; the head's table merged)."""
    src = _built()
    shutil.copytree(src, dest, ignore=shutil.ignore_patterns("refapp.lock"))
    conn = sqlite3.connect(f"file:{dest / subject / DB_NAME}?mode=ro", uri=True)
    try:
        numbers = dict(conn.execute("SELECT id, number FROM game_tables").fetchall())
        events = {
            (d, k): {"uuid": u, "hash": h, "table": numbers.get(t) if t else None, "type": ty, "seq": s}
            for s, d, k, u, h, t, ty in conn.execute(
                "SELECT seq, device_id, device_seq, uuid, hash, table_id, type FROM events"
            )
        }
        own = conn.execute("SELECT value FROM meta WHERE key = 'device_id'").fetchone()[0]
        (table_id,) = conn.execute(
            "SELECT table_id FROM events WHERE device_id = ? AND table_id <> '' ORDER BY seq DESC", (own,)
        ).fetchone()
    finally:
        conn.close()
    return Venue(dest, dest / subject, dest / "shared", events, own, table_id)


# -- damage --------------------------------------------------------------------------------------------------------


@dataclass
class Damage:
    kind: str
    table: str  # the SQLite table
    rowid: int
    column: str  # '' for a flip in the file whose column is not known
    how: str
    event: tuple[str, int] | None = None  # (device, device_seq) of the damaged event, when it is one
    notes: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        where = f"{self.table} rowid {self.rowid}" + (f" column {self.column}" if self.column else "")
        return f"{self.kind}: {where}: {self.how}"


def _changed(value: object, rng: random.Random) -> tuple[object, str]:
    """``value`` with one bit flipped, or one byte changed (texts as their UTF-8 bytes, which may stop being
    UTF-8)."""
    if isinstance(value, int):
        bit = rng.randrange(max(8, value.bit_length() + 1))
        return value ^ (1 << bit), f"bit {bit} of {value} flipped"
    data = bytearray(value.encode("utf-8", "surrogateescape") if isinstance(value, str) else value)
    i = rng.randrange(len(data))
    old = data[i]
    if rng.random() < 0.7:
        data[i] ^= 1 << rng.randrange(8)
    else:
        data[i] = rng.choice([b for b in range(256) if b != old])
    return bytes(data), f"byte {i} of {len(data)} changed from {old:#04x} to {data[i]:#04x}"


def _sql_change(conn: sqlite3.Connection, table: str, column: str, rowid: int, rng: random.Random) -> str | None:
    (value,) = conn.execute(f'SELECT "{column}" FROM {table} WHERE rowid = ?', (rowid,)).fetchone()
    if value is None or value == "" or value == b"":
        return None
    new, how = _changed(value, rng)
    for trigger in (f"{table}_no_update",):
        conn.execute(f"DROP TRIGGER IF EXISTS {trigger}")
    try:
        if isinstance(new, bytes):
            conn.execute(f'UPDATE {table} SET "{column}" = CAST(? AS TEXT) WHERE rowid = ?', (new, rowid))
        else:
            conn.execute(f'UPDATE {table} SET "{column}" = ? WHERE rowid = ?', (new, rowid))
    except sqlite3.IntegrityError:
        return None  # (a seq or a device's place that another row holds: a flip SQLite itself would refuse)
    return how


def _column(folder: Path, rng: random.Random) -> Damage | None:
    conn = sqlite3.connect(folder / DB_NAME, isolation_level=None)
    try:
        cols = [r[1] for r in conn.execute("PRAGMA table_info(events)")]
        rows = conn.execute("SELECT seq, device_id, device_seq FROM events").fetchall()
        seq, device, dseq = rng.choice(rows)
        column = rng.choice(cols)
        how = _sql_change(conn, "events", column, seq, rng)
    finally:
        conn.close()
    return Damage("column", "events", seq, column, how, (device, dseq)) if how else None


def _projection(folder: Path, rng: random.Random) -> Damage | None:
    conn = sqlite3.connect(folder / DB_NAME, isolation_level=None)
    try:
        table = rng.choice(list(PROJECTIONS))
        rowids = [r[0] for r in conn.execute(f"SELECT rowid FROM {table}")]
        if not rowids:
            return None
        rowid = rng.choice(rowids)
        column = rng.choice(PROJECTIONS[table].split())
        how = _sql_change(conn, table, column, rowid, rng)
    finally:
        conn.close()
    return Damage("projection", table, rowid, column, how) if how else None


def _varint(data: bytes, i: int) -> tuple[int, int]:
    """SQLite's variable-length integer at ``i``: (value, the offset after it)."""
    value = 0
    for k in range(9):
        b = data[i + k]
        if k == 8:
            return (value << 8) | b, i + 9
        value = (value << 7) | (b & 0x7F)
        if b < 0x80:
            return value, i + k + 1
    raise AssertionError("unreachable")


def cells(path: Path, table: str = "events") -> list[tuple[int, int, int, int]]:
    """Every row of ``table`` in the file: (rowid, the cell's offset in the file, where its record starts, where its
    local part ends), read from the leaf pages of the table's b-tree."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        (page_size,) = conn.execute("PRAGMA page_size").fetchone()
        leaves = [r[0] for r in conn.execute("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf'",
                                             (table,))]  # fmt: skip
    finally:
        conn.close()
    data = path.read_bytes()
    usable = page_size - data[20]
    out = []
    for page in leaves:
        base = (page - 1) * page_size
        head = base + (100 if page == 1 else 0)
        if data[head] != 0x0D:
            continue
        (n,) = struct.unpack(">H", data[head + 3 : head + 5])
        for c in range(n):
            (ptr,) = struct.unpack(">H", data[head + 8 + 2 * c : head + 10 + 2 * c])
            at = base + ptr
            size, i = _varint(data, at)
            rowid, record = _varint(data, i)
            local = size
            if size > usable - 35:
                m = ((usable - 12) * 32 // 255) - 23
                k = m + (size - m) % (usable - 4)
                local = k if k <= usable - 35 else m
            out.append((rowid, at, record, record + local))
    return out


def _file(folder: Path, rng: random.Random) -> Damage | None:
    path = folder / DB_NAME
    rowid, at, record, end = rng.choice(cells(path))
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        device, dseq = conn.execute("SELECT device_id, device_seq FROM events WHERE seq = ?", (rowid,)).fetchone()
    finally:
        conn.close()
    offset = rng.randrange(at, end)
    data = bytearray(path.read_bytes())
    bit = rng.randrange(8)
    data[offset] ^= 1 << bit
    path.write_bytes(bytes(data))
    part = "its rowid" if offset < record else "its record header" if offset < record + data[record] else "a value"
    return Damage("file", "events", rowid, "", f"bit {bit} of byte {offset - at} of its cell ({part})", (device, dseq))


def _page(folder: Path, rng: random.Random) -> Damage | None:
    """A bit flipped anywhere in a page of the events table or of one of its indexes (page header, cell pointers,
    cells, free space), kept when the database still opens and counts its events."""
    path = folder / DB_NAME
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        (page_size,) = conn.execute("PRAGMA page_size").fetchone()
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE tbl_name = 'events' AND rootpage")]
        pages = [
            r
            for r in conn.execute(
                f"SELECT name, pageno, pagetype FROM dbstat WHERE name IN ({','.join('?' * len(names))})", names
            )
        ]
    finally:
        conn.close()
    name, page, pagetype = rng.choice(pages)
    offset = (page - 1) * page_size + rng.randrange(100 if page == 1 else 0, page_size)
    data = bytearray(path.read_bytes())
    original = bytes(data)
    bit = rng.randrange(8)
    data[offset] ^= 1 << bit
    path.write_bytes(bytes(data))
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            conn.execute("SELECT count(*) FROM events").fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        path.write_bytes(original)  # (not a readable database any more: another flip)
        return None
    return Damage("page", name, page, "", f"bit {bit} of byte {offset % page_size} of {pagetype} page {page}")


def damage(folder: Path, kind: str, rng: random.Random) -> Damage:
    """Damage one stored row of the data folder ``folder`` (closed), as ``kind`` says."""
    make = {"column": _column, "projection": _projection, "file": _file, "page": _page}[kind]
    for _ in range(50):
        found = make(folder, rng)
        if found is not None:
            return found
    raise AssertionError(f"nothing to damage ({kind})")


# -- what the user sees --------------------------------------------------------------------------------------------


def run(*args: str) -> tuple[object, str]:
    """``refapp ARGS`` in this process: (exit status, or the exception that escaped; what it printed)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            code: object = cli(list(args))
        except SystemExit as exc:
            code = exc.code
        except Exception as exc:  # a traceback: what a user must never see
            code = f"{type(exc).__name__}: {exc}"
    return code, out.getvalue()


def named(text: str, v: Venue, event: tuple[str, int]) -> bool:
    """Whether ``text`` names the event (its uuid, or its device and place) and its table (number), or, for an entity
    event (a tournament, a player, a device key...), its kind."""
    e = v.events[event]
    device, k = event
    who = e["uuid"] in text or f"{device} #{k}" in text
    where = f"table {e['table']}" in text if e["table"] is not None else f"{e['type']} event" in text
    if e["table"] is None and not where:  # a record no copy can say the kind of: its identity, and no table
        where = "no table" in text or "no copy holds it" in text
    return who and where


@dataclass
class Verdict:
    held: bool
    why: list[str]


def snapshot(path: Path) -> tuple[dict[str, list[tuple[object, ...]]], list[str]] | None:
    """Every stored row of every table (by rowid, as stored bytes) and SQLite's integrity check; None when the file
    does not read whole."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
        conn.text_factory = bytes
        try:
            tables = [r[0].decode() for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
            rows = {}
            for t in tables:  # every value with its type (an empty text and an empty blob read alike)
                cols = [r[1].decode() for r in conn.execute(f'PRAGMA table_info("{t}")')]
                shown = ", ".join(f'"{c}", typeof("{c}")' for c in cols)
                rows[t.encode()] = conn.execute(f'SELECT rowid, {shown} FROM "{t}" ORDER BY rowid').fetchall()
            integrity = [r[0] for r in conn.execute("PRAGMA integrity_check")]
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    return rows, integrity  # type: ignore[return-value]


def changed_events(v: Venue, before: object, after: object) -> list[tuple[str, int]]:
    """The events whose stored row differs (or no longer reads) between two snapshots."""
    if after is None:
        return []
    old = {r[0]: r for r in before[0][b"events"]}  # type: ignore[index]
    new = {r[0]: r for r in after[0].get(b"events", [])}  # type: ignore[attr-defined]
    by_seq = {e["seq"]: key for key, e in v.events.items()}
    return [by_seq[seq] for seq, row in old.items() if new.get(seq) != row]


def judge(v: Venue, d: Damage, harmless: bool = False, changed: list[tuple[str, int]] | None = None) -> Verdict:
    """``harmless``: no stored value changed and SQLite's check finds nothing (a flip in unused bytes): verify must
    say ok and the app work on. ``changed``: the events whose rows changed (else the damaged one)."""
    why: list[str] = []
    folder = v.head
    code, out = run("--data-dir", str(folder), "verify")
    if harmless:
        if code != 0:
            why.append(f"nothing stored changed, but verify exited {code!r}: {out.strip()[:300]}")
        try:
            _write(folder, v)
        except Exception as exc:  # noqa: BLE001 - whatever stops the app on a sound database is a break
            why.append(f"nothing stored changed, but the app could not write: {type(exc).__name__}: {exc}")
        return Verdict(not why, why)
    # 1. refapp verify names it
    events = changed if changed is not None else [d.event] if d.event is not None else []
    if code != 1:
        why.append(f"verify exited {code!r}: {out.strip()[:300]}")
    elif "Traceback" in out or "unexpected error" in out:
        why.append(f"verify: {out.strip()[:300]}")
    for event in events:
        if not named(out, v, event):
            why.append(f"verify did not name {event} ({v.events[event]}): {out.strip()[:400]}")
    # 2. the app's writable open (and its first ruling) writes nothing onto it
    before = files_of(folder)
    try:
        _write(folder, v)
        why.append("a ruling was written onto the damaged database")
    except StoreError as exc:
        if "damaged" not in str(exc) and "missing" not in str(exc):
            why.append(f"the open refused, but not as damage: {exc}")
    except Exception as exc:  # a traceback in the app
        why.append(f"the app's open: {type(exc).__name__}: {exc}")
    if files_of(folder) != before:
        why.append("the open or the refused ruling changed the data folder")
    # 3. refapp recover gives back every event, or names what it could not
    code, out = run("--data-dir", str(folder), "recover")
    after_code, after = run("--data-dir", str(folder), "verify")
    if after_code != 0:
        why.append(f"verify after recover exited {after_code!r}: {after.strip()[:300]} (recover said: {out[:300]})")
        return Verdict(not why, why)
    conn = sqlite3.connect(f"file:{folder / DB_NAME}?mode=ro", uri=True)
    try:
        now = {(dv, k): h for dv, k, h in conn.execute("SELECT device_id, device_seq, hash FROM events")}
    finally:
        conn.close()
    extra = [key for key in now if key not in v.events or now[key] != v.events[key]["hash"]]
    extra = [key for key in extra if key[0] != v.own or key[1] <= max(k for dv, k in v.events if dv == v.own)]
    if extra:
        why.append(f"after recover, events that were never stored: {extra}")
    missing = [key for key in v.events if key not in now]
    if missing:
        if code == 0:
            why.append(f"recover exited 0 but lost {len(missing)} event(s): {missing[:3]} ({out[:300]})")
        unnamed = [key for key in missing if not named(out, v, key)]
        if unnamed:
            why.append(f"recover did not name {unnamed[:3]}: {out[:400]}")
    elif code != 0:
        why.append(f"recover exited {code!r} although every event is back: {out[:300]}")
    return Verdict(not why, why)


def _write(folder: Path, v: Venue) -> None:
    """What the app does first: open the data folder and record a ruling at its table (or, when the damaged
    projections hide the table, anything at all)."""
    store = open_store(folder)
    try:
        try:
            book = TableBook(store, store.table(v.table_id), rulesets())
        except StoreError as exc:
            if "damaged" in str(exc):
                raise
            store.create_tournament("Probe")  # (the table is not found through its damaged projection)
            return
        book.commit(ev("incident", seat=0, offence="warning", id=str(uuid.uuid4())))
    finally:
        store.close()


def cache_trial(tmp: Path, rng: random.Random) -> Verdict:
    """A bit flipped or a byte changed in the state the head referee's device keeps of the tablet's table (a cache
    a merge starts from: ``table_states``), then the tablet records and the head syncs: held when what was merged is
    what the table's replay derives (``refapp verify --deep`` ok)."""
    from tests.sync.venue import Device

    v = venue(tmp / "venue")
    conn = sqlite3.connect(v.head / DB_NAME, isolation_level=None)
    try:
        table, state = conn.execute("SELECT table_id, state FROM table_states").fetchone()
        column = rng.choice(["state", "state", "state", "events", "head"])
        digits = [i for i, c in enumerate(state) if c.isdigit()]
        if column == "state" and rng.random() < 0.5:  # one digit changed for another: the state still reads back
            i = rng.choice(digits)
            new = state[:i] + rng.choice([d for d in "0123456789" if d != state[i]]) + state[i + 1 :]
            conn.execute("UPDATE table_states SET state = ? WHERE table_id = ?", (new, table))
            how = f"character {i} of the state, a digit, changed from {state[i]} to {new[i]}"
        else:
            how = _sql_change(conn, "table_states", column, 1, rng)
    finally:
        conn.close()
    tablet = Device(v.root / "tablet", "T1")
    try:
        tablet.table = tablet.store.table(table)
        for _ in range(rng.randint(1, 4)):
            tablet.record(rng)
        tablet.sync(v.shared)
    finally:
        tablet.close()
    head = Device(v.head, "Head")
    try:
        head.sync(v.shared)
    finally:
        head.close()
    code, out = run("--data-dir", str(v.head), "verify", "--deep")
    if code == 0:
        return Verdict(True, [])
    return Verdict(
        False, [f"table_states {column}: {how}", f"verify --deep after the sync exited {code!r}: {out[:400]}"]
    )


def trial(tmp: Path, kind: str, rng: random.Random) -> Verdict:
    if kind == "cache":
        return cache_trial(tmp, rng)
    v = venue(tmp / "venue", rng.choice(["head", "head", "tablet"]))
    if kind != "page":
        d = damage(v.head, kind, rng)
        verdict = judge(v, d)
    else:
        before = snapshot(v.head / DB_NAME)
        d = damage(v.head, kind, rng)
        after = snapshot(v.head / DB_NAME)
        harmless = after is not None and after[0] == before[0] and after[1] == [b"ok"]  # type: ignore[index]
        verdict = judge(v, d, harmless, changed_events(v, before, after))
    verdict.why = [str(d), *verdict.why] if not verdict.held else verdict.why
    return verdict
