"""The deep checks of every stored event, each damaged row named: ``refapp verify`` runs them when the signed digest
of every row differs (or always, with ``--deep``), and so do the open's full check and a recovery's check of what it
starts from.

1. every device's hash chain: contiguous, every link and every hash right;
2. every table's order: each event of hash version 2 follows the table's previous event (``after``; two events
   following the same one are a fork), and the rows stored before schema 4 are in the order this device adopted;
3. every derived column: those read from the payload, and those given by replaying the table (hanchan, hand,
   counters, player, rule set, the ruling as applied) for rows of hash version 2.

Rows are read whatever they hold: a text that is not UTF-8 any more is read with its bad bytes kept (as surrogates),
and a row whose record SQLite cannot decode is read column by column, so that every damaged row is named, never an
error. A damaged row is named by its event: its uuid, its device and place in the device's chain, and its table's
number (when its own table id is damaged, the table its neighbours or its hanchan say; an entity event names its
kind). What follows a damaged row in its table is not judged against it (its true content is not known): only the
rows that were changed are named.

Layer: feature (verify: the deep checks).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping
from typing import Any, TypedDict

from ..domain.events import LogError, parse_events
from ..domain.gcpause import gc_paused
from ..domain.rules import RuleSet
from .chain import GENESIS, canonical, hash_of, hash_v2
from .db import Store
from .derive import ENTITY_TYPES, REPLAYED, TableReplay, replayed
from .entities import adopted_order, legacy_order
from .errors import DamagedDatabase, StoreError
from .rowread import (
    AFTER,
    DEVICE,
    DSEQ,
    HASH,
    HASH_V,
    IDENTITY,
    PAYLOAD,
    PREV,
    SEL,
    SEQ,
    TABLE,
    TOURNAMENT,
    UNREADABLE,
    UUID,
    Copies,
    Names,
    identified,
    index_identity,
    loads,
    loads_all,
    read_rows,
    unlisted,
)
from .rowread import short as _short
from .rulesets import load_catalog
from .schema import user_version

_REPLAYED_AT = tuple(SEL.index(c) for c in REPLAYED[:-1])
RULING = SEL.index("ruling")
_ENTITY_DERIVED = {"seat": None, "offence": None, "answers": "{}", "note": "", "target": None, "hanchan_no": 0,
                   "round_wind": "", "hand_no": 0, "counters": 0, "player": None, "ruleset_id": "",
                   "ruleset_version": "", "ruling": "{}"}  # fmt: skip
_DIRECT_AT = tuple(SEL.index(c) for c in ("type", "at", "referee", "seat", "offence", "note", "target", "answers"))
_ENTITY_AT = tuple(SEL.index(c) for c in _ENTITY_DERIVED)
_ENTITY_VALUES = tuple(_ENTITY_DERIVED.values())


# -- the checks ----------------------------------------------------------------------------------------------------


class BadRow(TypedDict):
    """The first damaged row a deep check found: its place (as read: any column of a damaged row may be unreadable),
    the label a person reads ("table 7, event 12") and what is wrong with it."""

    seq: object
    uuid: object
    device_id: object
    device_seq: object
    label: str
    reason: str


class Found:
    """The damaged rows found so far: one reason per row (the first found), named once :attr:`names` is known (the
    tables' numbers are read from the events found sound)."""

    def __init__(self) -> None:
        self.names: Names | None = None
        self.rows: dict[int, tuple[tuple[Any, ...], str]] = {}  # id(row) -> (row, reason)
        self.uuids: set[Any] = set()

    def bad(self, row: tuple[Any, ...], reason: str) -> None:
        if id(row) not in self.rows:
            self.rows[id(row)] = (row, reason)
            self.uuids.add(row[UUID])

    def is_bad(self, row: tuple[Any, ...]) -> bool:
        return id(row) in self.rows

    def label(self, row: tuple[Any, ...]) -> str:
        assert self.names is not None
        return self.names.label(row)

    def problems(self) -> list[str]:
        return [f"{self.label(row)}: {reason}" for row, reason in self.rows.values()]

    def first(self) -> BadRow | None:
        """The first damaged row in stored order."""
        if not self.rows:
            return None
        row, reason = min(self.rows.values(), key=lambda x: x[0][SEQ] if isinstance(x[0][SEQ], int) else 0)
        return BadRow(seq=row[SEQ], uuid=row[UUID], device_id=row[DEVICE], device_seq=row[DSEQ],
                      label=self.label(row), reason=reason)  # fmt: skip


def check_rows(
    store: Store, rulesets: Mapping[str, RuleSet] | None
) -> tuple[list[tuple[Any, ...]], BadRow | None, int, list[str]]:
    """(the rows, the first bad one, how many devices, every problem) of the checks in the module's docstring."""
    conn = store.conn
    rows, broken = read_rows(store)
    ident = index_identity(conn)
    missing = unlisted(rows, ident)
    if missing:
        rows = sorted(rows + missing, key=lambda r: r[SEQ] if isinstance(r[SEQ], int) else 0)
        broken += [(r, "its record cannot be read from the table (its indexes still list it)") for r in missing]
    if any(ident.get(r[SEQ]) != [r[i] for i in IDENTITY] for r in rows):  # a damaged record header, or an index
        damaged = {id(r): why for r, why in broken}
        fixed = identified(rows, ident, lambda r: r[HASH] is not None and content_hash(r) == r[HASH])
        broken = [(f, damaged[id(r)]) for r, f in zip(rows, fixed) if id(r) in damaged]
        why = "its stored record does not read as it was written (its uuid, device, place or table are not those its "
        why += "indexes hold)"
        broken += [(f, why) for r, f in zip(rows, fixed) if f is not r and id(r) not in damaged]
        rows = fixed
    payloads = loads_all([r[PAYLOAD] for r in rows]) if all(isinstance(r[PAYLOAD], str) for r in rows) else None
    if payloads is None:
        payloads = [loads(r[PAYLOAD]) for r in rows]
    found = Found()
    for row, why in broken:
        found.bad(row, why)
    by_device = _chains(rows, found)
    with gc_paused():
        for row, p in zip(rows, payloads):
            if not found.is_bad(row):
                reason = _direct(row, p)
                if reason:
                    found.bad(row, reason)
    _beyond_sequence(conn, rows, found)
    at = {entry[0]: seq for seq, entry in ident.items() if isinstance(entry[0], str)}  # uuid -> its index's rowid
    for row in rows:
        if at.get(row[UUID], row[SEQ]) != row[SEQ]:
            found.bad(row, f"its stored order (seq {row[SEQ]}) was changed: its indexes hold it at seq {at[row[UUID]]}")
    unproven = {i for i, (_, why) in found.rows.items() if "content" in why or "record" in why}
    found.names = Names(conn, rows, payloads, set(found.rows), Copies(store), unproven)
    problems: list[str] = []
    if user_version(conn) >= 4:
        problems += _order(conn, store, rows, found)
        problems += _derived(conn, store, rows, payloads, rulesets, found)
    return rows, found.first(), len(by_device), found.problems() + problems


def _chains(rows: list[tuple[Any, ...]], found: Found) -> dict[Any, list[tuple[Any, ...]]]:
    """1. Every device's chain, in the order of its places; a row whose device or place was changed is found by its
    link (the previous event's hash, which it names)."""
    by_device: dict[Any, list[tuple[Any, ...]]] = {}
    by_prev: dict[Any, list[tuple[Any, ...]]] = {}
    for row in rows:
        by_device.setdefault(row[DEVICE], []).append(row)
        by_prev.setdefault(row[PREV], []).append(row)
    with gc_paused():
        for device, chain in by_device.items():
            chain.sort(key=lambda r: (not isinstance(r[DSEQ], int), r[DSEQ] if isinstance(r[DSEQ], int) else 0))
            prev: Any = GENESIS
            expected = 1
            for i, row in enumerate(chain):
                if row[DSEQ] != expected:
                    moved = _moved(by_prev.get(prev, []) if prev is not None else [], device, expected)
                    if moved is not None:  # the event #expected is here, stored as another device or place
                        found.bad(*moved)
                        prev, expected = moved[0][HASH], expected + 1
                        if moved[0] is row:
                            continue
                    if row[DSEQ] != expected:
                        found.bad(row, f"expected #{expected} of this device: an event is missing or was reordered")
                        prev = row[HASH]
                        expected = row[DSEQ] + 1 if isinstance(row[DSEQ], int) else expected + 1
                        continue
                expected += 1
                if _stored_before(chain, i):
                    found.bad(row if _seq_too_small(chain, i) else chain[i - 1],
                              "it is stored out of its place (its stored order, seq, was changed)")  # fmt: skip
                reason = None
                if prev is not None and row[PREV] != prev:
                    reason = "its link to the previous event was changed"
                else:
                    computed = content_hash(row)
                    if computed != row[HASH]:
                        nxt = chain[i + 1][PREV] if i + 1 < len(chain) else None
                        reason = (
                            "its stored hash was changed (its content is as its next event's link says)"
                            if computed is not None and nxt == computed
                            else "its content was changed after it was stored"
                        )
                if reason:
                    found.bad(row, reason)
                    prev = None  # resynchronise on the next event's own link
                else:
                    prev = row[HASH]
    return by_device


def _beyond_sequence(conn: sqlite3.Connection, rows: list[tuple[Any, ...]], found: Found) -> None:
    """A row stored under a ``seq`` that SQLite never gave (below 1, or higher than ``AUTOINCREMENT``'s highest,
    kept in ``sqlite_sequence``): its stored order was changed (the chains cannot see it when it stays in order)."""
    try:
        top = conn.execute("SELECT seq FROM sqlite_sequence WHERE name = 'events'").fetchone()
    except sqlite3.Error:
        return
    if top is None or not isinstance(top[0], int):
        return
    for row in rows:
        if isinstance(row[SEQ], int) and not 1 <= row[SEQ] <= top[0]:
            found.bad(row, f"its stored order (seq {row[SEQ]}) is not one SQLite ever gave (1 to {top[0]}): it was "
                           "changed")  # fmt: skip


def content_hash(row: tuple[Any, ...]) -> str | None:
    """The hash a stored row's content gives (None when it does not read)."""
    try:
        if row[HASH_V] == 2:
            head = [row[UUID], row[DEVICE], row[DSEQ], row[TOURNAMENT], row[TABLE], row[AFTER]]
            return hash_v2(row[PREV], head, row[PAYLOAD])
        if row[HASH_V] == 1:
            return hash_of(dict(zip(SEL, row)) | {"hash_v": 1})
    except UNREADABLE:
        pass
    return None


def _moved(linked: list[tuple[Any, ...]], device: Any, place: int) -> tuple[tuple[Any, ...], str] | None:
    """The stored row that is ``device``'s event #``place`` by its link and hash, stored under another device or
    place (its ``device_id`` or ``device_seq`` was changed)."""
    for row in linked:
        if row[DEVICE] == device and row[DSEQ] == place:
            continue
        fixed = list(row)
        fixed[DEVICE], fixed[DSEQ] = device, place
        if content_hash(tuple(fixed)) == row[HASH]:
            what = "device" if row[DEVICE] != device else "place in its device's chain"
            return row, f"its {what} was changed: its hash says it is device {device} #{place}"
    return None


def _stored_before(chain: list[tuple[Any, ...]], i: int) -> bool:
    a, b = chain[i - 1][SEQ] if i else None, chain[i][SEQ]
    return i > 0 and isinstance(a, int) and isinstance(b, int) and b < a


def _seq_too_small(chain: list[tuple[Any, ...]], i: int) -> bool:
    """Of two events of a device stored in the wrong order, whether the later one's seq is the changed one (else the
    earlier one's is: it is after the event that follows both)."""
    if i + 1 < len(chain) and isinstance(chain[i + 1][SEQ], int):
        return chain[i - 1][SEQ] < chain[i + 1][SEQ]
    return i < 2 or chain[i][SEQ] < chain[i - 2][SEQ]


def _direct(row: tuple[Any, ...], p: Any) -> str | None:
    """Why a row's columns read from the payload are not what its payload says (None if they are)."""
    if not isinstance(p, dict):
        return "its payload is not a JSON object" if p is not None else "its payload is not JSON"
    try:
        kind = p.get("type")
        if kind in ENTITY_TYPES:
            want = (kind, p.get("at"), p.get("by", ""), None, None, "", None, "{}")
            if tuple(row[k] for k in _ENTITY_AT) != _ENTITY_VALUES:
                col = next(c for c, k in zip(_ENTITY_DERIVED, _ENTITY_AT) if row[k] != _ENTITY_DERIVED[c])
                shown = _short(row[SEL.index(col)])
                return f"column {col!r} is {shown} but its payload says {_short(_ENTITY_DERIVED[col])}"
        else:
            answers = canonical(p["answers"]) if p.get("answers") else "{}"
            note = p.get("note", "") or p.get("reason", "")
            want = (kind, p.get("at"), p.get("by", ""), p.get("seat"), p.get("offence"), note, p.get("target"), answers)
    except UNREADABLE as exc:
        return f"its payload does not read ({exc})"
    have = tuple(row[k] for k in _DIRECT_AT)
    if have == want:
        return None
    names = ("type", "at", "referee", "seat", "offence", "note", "target", "answers")
    col, a, b = next((c, a, b) for c, a, b in zip(names, have, want) if a != b)
    return f"column {col!r} is {_short(a)} but its payload says {_short(b)}"


def _order(conn: sqlite3.Connection, store: Store, rows: list[tuple[Any, ...]], found: Found) -> list[str]:
    """2. Each table's events in stored order: the ``after`` of every version-2 row names the previous one (not
    judged right after a damaged row: what it was is not known)."""
    problems = []
    assert found.names is not None
    numbers = found.names.numbers
    try:
        tournaments = dict(conn.execute("SELECT id, tournament_id FROM game_tables").fetchall())
    except sqlite3.Error:
        tournaments = {}
    previous: dict[Any, tuple[Any, ...] | None] = {}
    forked = forked_tables(rows)
    seen: set[Any] = set()
    for row in rows:
        table = row[TABLE]
        if table == "" or found.is_bad(row):
            previous[table] = row
            seen.add(row[UUID])
            continue
        label = found.label(row)
        before = previous.get(table)
        unknown = (before is not None and found.is_bad(before)) or row[AFTER] in found.uuids
        if table not in numbers:
            found.bad(row, f"its table id {_short(table)} is not a stored table's")
        elif table in tournaments and tournaments[table] != row[TOURNAMENT]:
            found.bad(row, "its tournament is not its table's")
        elif unknown:
            pass
        elif row[HASH_V] == 2 and table in forked:  # two devices wrote it: each event follows an earlier one of it
            if row[AFTER] is not None and row[AFTER] not in seen:
                problems.append(
                    f"table {numbers.get(table, table)}: {label} follows {row[AFTER]}, which is not an earlier event "
                    "of the table: the order of its events was changed"
                )
        elif row[HASH_V] == 2:
            want = before[UUID] if before is not None else None
            if row[AFTER] != want:
                problems.append(
                    f"table {numbers.get(table, table)}: the order of its events was changed: {label} follows "
                    f"{want or 'the start'}, but its 'after' says {row[AFTER] or 'the start'}"
                )
        previous[table] = row
        seen.add(row[UUID])
    if store.get_meta("adopt_pending") is None:
        try:
            adopted = adopted_order(conn, store.device_id)
            for table, order in legacy_order(conn).items():
                if adopted.get(table) != order:
                    problems.append(
                        f"table {numbers.get(table, table)}: the order of its events stored before schema 4 is not "
                        "the order this device adopted"
                    )
        except (*UNREADABLE, sqlite3.Error) as exc:
            problems.append(f"the order of the rows stored before schema 4 cannot be checked ({exc})")
    return problems


def _derived(
    conn: sqlite3.Connection,
    store: Store,
    rows: list[tuple[Any, ...]],
    payloads: list[Any],
    rulesets: Mapping[str, RuleSet] | None,
    found: Found,
) -> list[str]:
    """3. Replay every table and compare the replayed columns of version-2 rows (the ruling as parsed JSON)."""
    if rulesets is None:
        rulesets = load_catalog(store.path.parent / "rulesets").rulesets
    problems: list[str] = []
    try:
        rs: Mapping[str, RuleSet] = store.rulesets(rulesets)
    except DamagedDatabase as exc:  # a stored rule set that does not read: the catalog's replay what they can
        problems.append(exc.detail)
        rs = rulesets
    assert found.names is not None
    numbers = found.names.numbers
    tables: dict[Any, list[int]] = {}
    for i, row in enumerate(rows):
        if row[TABLE] != "" and row[TABLE] in numbers and isinstance(payloads[i], dict):
            tables.setdefault(row[TABLE], []).append(i)
    forked = forked_tables(rows)
    checked: set[int] = set()
    with gc_paused():
        for table, all_index in tables.items():
            for index in lines_of(rows, all_index) if table in forked else [all_index]:
                label = f"table {numbers.get(table, table)}"
                problems += _replay_line(rows, payloads, index, label, rs, checked, found)
    return problems


def forked_tables(rows: list[tuple[Any, ...]]) -> set[Any]:
    """Tables where two events of hash version 2 follow the same one (two devices wrote them: a conflict)."""
    followed: set[tuple[Any, Any]] = set()
    out = set()
    for row in rows:
        if row[TABLE] != "" and row[HASH_V] == 2:
            key = (row[TABLE], row[AFTER])
            if key in followed:
                out.add(row[TABLE])
            followed.add(key)
    return out


def lines_of(rows: list[tuple[Any, ...]], index: list[int]) -> list[list[int]]:
    """Every path from the table's first event to one of its last ones (a forked table's branches)."""
    parent: dict[int, int | None] = {}
    by_uuid: dict[Any, int] = {}
    legacy: int | None = None
    has_kids: set[int] = set()
    for i in index:
        row = rows[i]
        if row[HASH_V] == 2:
            p = by_uuid.get(row[AFTER]) if row[AFTER] is not None else None
        else:
            p, legacy = legacy, i
        parent[i] = p
        if p is not None:
            has_kids.add(p)
        by_uuid[row[UUID]] = i
    out = []
    for leaf in (i for i in index if i not in has_kids):
        path: list[int] = []
        node: int | None = leaf
        while node is not None:
            path.append(node)
            node = parent[node]
        out.append(path[::-1])
    return out


def _replay_line(
    rows: list[tuple[Any, ...]],
    payloads: list[Any],
    index: list[int],
    label: str,
    rs: Mapping[str, RuleSet],
    checked: set[int],
    found: Found,
) -> list[str]:
    """Replay one line of a table, comparing the replayed columns of the rows not checked yet; the replay stops at a
    damaged row (what follows it is not known), and at a gap in the line (an event whose ``after`` is not the one
    before it)."""
    problems: list[str] = []
    upto = len(index)
    for n, i in enumerate(index):
        row = rows[i]
        before = rows[index[n - 1]][UUID] if n else None
        if found.is_bad(row) or row[AFTER] in found.uuids or (row[HASH_V] == 2 and n and row[AFTER] != before):
            upto = n
            break
    index = index[:upto]
    log = [payloads[i] for i in index]
    try:
        models = parse_events(log)
    except LogError as exc:
        return [f"{label}: its log is not valid: {exc}"]
    except UNREADABLE as exc:
        return [f"{label}: its log does not read ({exc})"]
    stored = loads_all([rows[i][RULING] for i in index]) or [loads(rows[i][RULING]) for i in index]
    replay = TableReplay(rs, targets={p.get("target") for p in log if p.get("type") == "void"})
    for i, p, m, ruling in zip(index, log, models, stored):
        row = rows[i]
        try:
            ctx, ruled = replay.step(p, m)
        except LogError as exc:
            problems.append(f"{label}: its log does not replay at {found.label(row)}: {exc}")
            break
        except UNREADABLE as exc:
            problems.append(f"{label}: its log does not replay at {found.label(row)} ({exc})")
            break
        if row[HASH_V] != 2 or i in checked:
            continue
        checked.add(i)
        values = replayed(ctx)
        have = tuple(row[k] for k in _REPLAYED_AT)
        if values == have and ruled == ruling:
            continue
        col = next((c for c, a, b in zip(REPLAYED, have, values) if a != b), "ruling")
        shown = (have[REPLAYED.index(col)], values[REPLAYED.index(col)]) if col != "ruling" else (row[RULING], ruled)
        found.bad(row, f"column {col!r} is {_short(shown[0])} but its payload and the table's replay say "
                       f"{_short(shown[1])}")  # fmt: skip
    return problems


def guarded(what: str, check: Callable[[], Any]) -> list[str]:
    """A check's problems; a stored value it cannot read is a problem too (never a traceback)."""
    try:
        return list(check())
    except UnicodeDecodeError as exc:
        return [f"{what}: a stored text is not valid UTF-8 ({exc})"]
    except sqlite3.Error as exc:
        text = str(exc)
        return [f"{what}: a stored text is not valid UTF-8 ({text})" if "decode" in text.lower() else f"{what}: {text}"]
    except DamagedDatabase as exc:
        return [f"{what}: {exc.detail}"]
    except StoreError as exc:  # (a signature check refusing a damaged key or head)
        return [f"{what}: {exc}"]
    except UNREADABLE as exc:
        return [f"{what}: a stored value does not read ({type(exc).__name__}: {exc})"]


__all__ = ["UNREADABLE", "check_rows", "content_hash", "forked_tables", "guarded", "lines_of"]
