"""``refapp verify``: everything that can be checked about a stored history, without writing anything.

1. SQLite's integrity check and every stored text being UTF-8 (in a background thread, while the rest runs);
2. every device's hash chain: contiguous, every link and every hash right;
3. every table's order: each event of hash version 2 follows the table's previous event (``after``; two events
   following the same one are a fork), and the rows stored before schema 4 are in the order this device adopted;
4. every derived column: those read from the payload, and those given by replaying the table (hanchan, hand,
   counters, player, rule set, the ruling as applied) for rows of hash version 2;
5. the projections (tournaments, tables, players, hanchans, rule-set contents) against their events, and this
   device's id against its chain;
6. the witnesses: the journal's newest line, and the newest backup's newest events of every device.

Rows of hash version 1 (stored before schema 4) are covered by their own hash, whose content includes their derived
columns (those are not recomputed: an earlier refapp derived them).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..domain.events import LogError, gc_paused, parse_events
from ..domain.rules import RuleSet
from .chain import GENESIS, canonical, hash_of, hash_v2
from .db import DamagedDatabase, Store
from .derive import ENTITY_TYPES, REPLAYED, TableReplay, replayed
from .entities import adopted_order, legacy_order, projection_problems
from .schema import user_version


@dataclass(frozen=True)
class VerifyReport:
    ok: bool
    events: int
    devices: int
    integrity: str
    first_bad: dict[str, Any] | None
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    deep: bool = True  # False: every row checked against this device's signed digest (refapp.store.digest)

    def message(self) -> str:
        if self.ok and not self.deep:
            text = (
                f"ok: {self.events} events from {self.devices} device(s), every stored row as this device signed it "
                f"(chains, table order and derived columns unchanged since they were stored and checked), "
                f"signatures and projections checked, integrity {self.integrity}"
            )
            return "\n".join([text, *self.notes])
        if self.ok:
            text = (
                f"ok: {self.events} events from {self.devices} device(s), hash chains intact, table order, "
                f"derived columns and projections checked, integrity {self.integrity}"
            )
            return "\n".join([text, *self.notes])
        lines = [f"damaged: {len(self.problems)} problem(s)"]
        if self.first_bad is not None:
            b = self.first_bad
            lines.append(
                f"first bad event: seq {b['seq']} uuid {b['uuid']} (device {b['device_id']} #{b['device_seq']}): "
                f"{b['reason']}"
            )
        lines += [p for p in self.problems if not (self.first_bad and p == self.first_bad["reason"])]
        return "\n".join([*lines, *self.notes])


def verify(
    store: Store, rulesets: Mapping[str, RuleSet] | None = None, *, against_backups: bool = True, deep: bool = True
) -> VerifyReport:
    """Every check. ``deep=False``: when this device has signed a digest of every stored row, fold the rows once and
    compare (with the signatures, projections, witnesses and integrity); only if something is wrong are the deep
    checks run, to name it. ``deep=True``: every chain recomputed and every derived column replayed as well."""
    from .checks import deep_problem

    conn = store.conn
    result: dict[str, str | None] = {}
    if not deep:  # the digest reads every event's texts: the thread checks the file and the other tables' texts
        quick_check = threading.Thread(target=lambda: result.update(quick=_safe(deep_problem, store, ("events",))))
        quick_check.start()
        quick = _quick(store, against_backups)
        quick_check.join()
        if quick is not None and result.get("quick") is None:
            return VerifyReport(True, quick[0], quick[1], "ok", None, [], quick[2], deep=False)
    thread = threading.Thread(target=lambda: result.update(deep=_safe(deep_problem, store)), daemon=True)
    thread.start()
    problems = _witness(store)
    notes = [w for w in store.warnings if w not in store.open_problems]
    try:
        notes += _unsigned_notes(store) if user_version(conn) >= 5 else []
    except (sqlite3.Error, UnicodeDecodeError):
        pass
    try:
        rows, first_bad, devices, more = _check(store, rulesets)
        problems += more
    except DamagedDatabase as exc:
        rows, first_bad, devices = [], None, 0
        problems.append(exc.detail)
    thread.join()
    damage = result.get("deep")  # what the deep check found, or None
    integrity = "ok" if damage is None else damage
    if damage is not None and damage not in problems:
        problems.insert(0, damage)
    if against_backups:
        problems += [p for p in _backup_problems(store) if p not in problems]
    if user_version(conn) >= 5 and not problems and first_bad is None:
        problems += _digest_problems(store)  # what the deep checks cannot see (rows of different tables reordered)
    total = len(rows) if rows else _count(conn)
    ok = not problems and first_bad is None
    return VerifyReport(ok, total, devices, integrity, first_bad, problems, notes)


def _quick(store: Store, against_backups: bool) -> tuple[int, int, list[str]] | None:
    """(events, devices, notes) when every quick check passes: the signed digest of every row, the other devices'
    signatures, the projections, the journal and the backups. None: something is wrong (or there is no signed digest
    to check), and the deep checks run."""
    from .devices import head_problems
    from .entities import projection_problems
    from .venue_entities import venue_problems

    conn = store.conn
    try:
        if user_version(conn) < 5:
            return None
        if _digest_problems(store) or head_problems(store) or _witness(store):
            return None
        pending = store._meta("adopt_pending") is not None
        if projection_problems(conn, legacy_pending=pending) or venue_problems(conn):
            return None
        if against_backups and _backup_problems(store):
            return None
        events = _count(conn)
        devices = int(conn.execute("SELECT count(DISTINCT device_id) FROM events").fetchone()[0])
        notes = [w for w in store.warnings if w not in store.open_problems] + _unsigned_notes(store)
    except (sqlite3.Error, UnicodeDecodeError, ValueError, KeyError, TypeError):
        return None  # the deep checks say what it is
    return events, devices, notes


def _digest_problems(store: Store) -> list[str]:
    from .digest import check

    try:
        key = store.conn.execute("SELECT key FROM device_keys WHERE device_id = ?", (store.device_id,)).fetchone()
        found = check(store.conn, store.device_id, key[0] if key else None)
    except (sqlite3.Error, UnicodeDecodeError) as exc:
        return [f"the stored rows cannot all be read ({exc})"]
    if not found.signed:
        return ["this device has signed no digest of its stored rows"] if key else []
    return [] if found.ok else [found.problem]


def _unsigned_notes(store: Store) -> list[str]:
    """Devices whose events carry no signature, and devices seen whose signed events are not all merged here."""
    from .devices import device_notes

    return device_notes(store)


def _guarded(check: Any) -> list[str]:
    """A check's problems; a stored text it cannot read is a problem too (never a traceback)."""
    try:
        return list(check())
    except UnicodeDecodeError as exc:
        return [f"a stored text is not valid UTF-8 ({exc})"]
    except sqlite3.Error as exc:
        text = str(exc)
        return [f"a stored text is not valid UTF-8 ({text})" if "decode" in text.lower() else text]


def _witness(store: Store) -> list[str]:
    """The journal against the database (what every open checks; read again, so a store opened for writing is
    checked as it is now)."""
    from .checks import witness_problem
    from .witness import JournalError

    try:
        found = witness_problem(store.conn, store.path.parent, store.path)
    except (JournalError, sqlite3.Error, UnicodeDecodeError) as exc:
        return [f"the journal cannot be compared with the database: {exc}"]
    if found is None:
        return []
    return [str(found) if isinstance(found, DamagedDatabase) else str(DamagedDatabase(store.path, found))]


def _safe(fn: Any, store: Store, skip: tuple[str, ...] = ()) -> str | None:
    try:
        return fn(store.path, skip=skip)
    except (sqlite3.Error, OSError) as exc:
        return str(exc)


def _count(conn: sqlite3.Connection) -> int:
    try:
        return int(conn.execute("SELECT count(*) FROM events").fetchone()[0])
    except (sqlite3.Error, UnicodeDecodeError):
        return 0


_SEL = (
    "seq uuid device_id device_seq tournament_id table_id after payload prev_hash hash hash_v at referee type seat "
    "offence answers note target hanchan_no round_wind hand_no counters player ruleset_id ruleset_version ruling"
).split()
(SEQ, UUID, DEVICE, DSEQ, TOURNAMENT, TABLE, AFTER, PAYLOAD, PREV, HASH, HASH_V, AT, REFEREE, TYPE, SEAT, OFFENCE,
 ANSWERS, NOTE, TARGET) = range(19)  # fmt: skip
_REPLAYED_AT = tuple(_SEL.index(c) for c in REPLAYED[:-1])
RULING = _SEL.index("ruling")
_ENTITY_DERIVED = {"seat": None, "offence": None, "answers": "{}", "note": "", "target": None, "hanchan_no": 0,
                   "round_wind": "", "hand_no": 0, "counters": 0, "player": None, "ruleset_id": "",
                   "ruleset_version": "", "ruling": "{}"}  # fmt: skip


def _rows(store: Store) -> list[tuple[Any, ...]]:
    conn = store.conn
    names = ", ".join(f'"{c}"' if c == "after" else c for c in _SEL)
    if user_version(conn) < 4:
        names = names.replace('"after"', "NULL").replace("hash_v", "1")
    try:
        with gc_paused():
            return conn.execute(f"SELECT {names} FROM events ORDER BY seq").fetchall()
    except (sqlite3.OperationalError, UnicodeDecodeError) as exc:
        raise DamagedDatabase(store.path, f"a stored text is not valid UTF-8 ({exc})") from None
    except sqlite3.DatabaseError as exc:
        raise DamagedDatabase(store.path, str(exc)) from None


def _loads_all(texts: list[str]) -> list[Any] | None:
    """Many JSON texts parsed in one call (at C speed); None if one of them is not JSON."""
    try:
        return json.loads("[" + ",".join(texts) + "]")
    except ValueError:
        return None


def _check(store: Store, rulesets: Mapping[str, RuleSet] | None) -> tuple[list, dict | None, int, list[str]]:
    conn = store.conn
    rows = _rows(store)
    problems: list[str] = []
    first_bad: dict[str, Any] | None = None

    def bad(row: tuple[Any, ...], reason: str) -> None:
        nonlocal first_bad
        problems.append(f"seq {row[SEQ]} uuid {row[UUID]}: {reason}")
        if first_bad is None or row[SEQ] < first_bad["seq"]:
            first_bad = {"seq": row[SEQ], "uuid": row[UUID], "device_id": row[DEVICE], "device_seq": row[DSEQ]}
            first_bad["reason"] = reason

    # 2. chains
    by_device: dict[str, list[tuple[Any, ...]]] = {}
    for row in rows:
        by_device.setdefault(row[DEVICE], []).append(row)
    with gc_paused():
        for chain in by_device.values():
            chain.sort(key=lambda r: r[DSEQ])
            prev, expected, last_seq = GENESIS, 1, 0
            for row in chain:
                reason = None
                if row[SEQ] < last_seq:
                    reason = "it is stored before an earlier event of its device: the stored order was changed"
                elif row[DSEQ] != expected:
                    reason = f"expected #{expected} of this device: an event is missing or was reordered"
                elif row[PREV] != prev:
                    reason = "its link to the previous event was changed"
                elif row[HASH_V] == 2:
                    head = [row[UUID], row[DEVICE], row[DSEQ], row[TOURNAMENT], row[TABLE], row[AFTER]]
                    if hash_v2(prev, head, row[PAYLOAD]) != row[HASH]:
                        reason = "its content was changed after it was stored"
                elif hash_of(dict(zip(_SEL, row)) | {"hash_v": 1}) != row[HASH]:
                    reason = "its content was changed after it was stored"
                if reason:
                    bad(row, reason)
                    break
                prev, expected, last_seq = row[HASH], expected + 1, row[SEQ]
    # 4a. columns read from the payload
    payloads = _loads_all([r[PAYLOAD] for r in rows])
    if payloads is None:
        payloads = []
        for row in rows:
            try:
                payloads.append(json.loads(row[PAYLOAD]))
            except ValueError:
                bad(row, "its payload is not JSON")
                payloads.append({})
    with gc_paused():
        for row, p in zip(rows, payloads):
            reason = _direct(row, p)
            if reason:
                bad(row, reason)
    if user_version(conn) >= 4:
        problems += _order(conn, store, rows)
        problems += _derived(conn, store, rows, payloads, rulesets)
        pending = store._meta("adopt_pending") is not None
        problems += _guarded(lambda: projection_problems(conn, legacy_pending=pending))
        if user_version(conn) >= 5:
            from .devices import head_problems
            from .venue_entities import venue_problems

            problems += _guarded(lambda: venue_problems(conn))
            problems += _guarded(lambda: head_problems(store))
        devices = {r[DEVICE] for r, p in zip(rows, payloads) if r[TYPE] == "device" and p.get("device") == r[DEVICE]}
        if not pending and store.device_id not in devices:
            problems.append(f"this database's device id {store.device_id} has no device event in its chain")
    return rows, first_bad, len(by_device), problems


_DIRECT_AT = tuple(_SEL.index(c) for c in ("type", "at", "referee", "seat", "offence", "note", "target", "answers"))
_ENTITY_AT = tuple(_SEL.index(c) for c in _ENTITY_DERIVED)
_ENTITY_VALUES = tuple(_ENTITY_DERIVED.values())


def _direct(row: tuple[Any, ...], p: Any) -> str | None:
    """Why a row's columns read from the payload are not what its payload says (None if they are)."""
    if not isinstance(p, dict):
        return "its payload is not a JSON object"
    kind = p.get("type")
    if kind in ENTITY_TYPES:
        want = (kind, p.get("at"), p.get("by", ""), None, None, "", None, "{}")
        if tuple(row[k] for k in _ENTITY_AT) != _ENTITY_VALUES:
            col = next(c for c, k in zip(_ENTITY_DERIVED, _ENTITY_AT) if row[k] != _ENTITY_DERIVED[c])
            return (
                f"column {col!r} is {_short(row[_SEL.index(col)])} but its payload says {_short(_ENTITY_DERIVED[col])}"
            )
    else:
        answers = canonical(p["answers"]) if p.get("answers") else "{}"
        note = p.get("note", "") or p.get("reason", "")
        want = (kind, p.get("at"), p.get("by", ""), p.get("seat"), p.get("offence"), note, p.get("target"), answers)
    have = tuple(row[k] for k in _DIRECT_AT)
    if have == want:
        return None
    names = ("type", "at", "referee", "seat", "offence", "note", "target", "answers")
    col, a, b = next((c, a, b) for c, a, b in zip(names, have, want) if a != b)
    return f"column {col!r} is {_short(a)} but its payload says {_short(b)}"


def _order(conn: sqlite3.Connection, store: Store, rows: list[tuple[Any, ...]]) -> list[str]:
    """Each table's events in stored order: the ``after`` of every version-2 row names the previous one."""
    problems = []
    numbers = dict(conn.execute("SELECT id, number FROM game_tables").fetchall())
    tournaments = dict(conn.execute("SELECT id, tournament_id FROM game_tables").fetchall())
    previous: dict[str, str | None] = {}
    forked = forked_tables(rows)
    seen: set[str] = set()
    for row in rows:
        table = row[TABLE]
        if table == "":
            continue
        if table not in numbers:
            problems.append(f"seq {row[SEQ]} uuid {row[UUID]}: its table {table} is not a stored table")
        elif tournaments[table] != row[TOURNAMENT]:
            problems.append(f"seq {row[SEQ]} uuid {row[UUID]}: its tournament is not its table's")
        if row[HASH_V] == 2 and table in forked:  # two devices wrote it: each event follows an earlier one of it
            if row[AFTER] is not None and row[AFTER] not in seen:
                problems.append(
                    f"table {numbers.get(table, table)}: seq {row[SEQ]} uuid {row[UUID]} follows {row[AFTER]}, which "
                    "is not an earlier event of the table: the order of its events was changed"
                )
        elif row[HASH_V] == 2:
            label = f"table {numbers.get(table, table)}"
            if row[AFTER] != previous.get(table):
                problems.append(
                    f"{label}: the order of its events was changed: seq {row[SEQ]} uuid {row[UUID]} follows "
                    f"{previous.get(table) or 'the start'}, but its 'after' says {row[AFTER] or 'the start'}"
                )
        previous[table] = row[UUID]
        seen.add(row[UUID])
    if store._meta("adopt_pending") is None:
        adopted = adopted_order(conn, store.device_id)
        for table, order in legacy_order(conn).items():
            if adopted.get(table) != order:
                problems.append(
                    f"table {numbers.get(table, table)}: the order of its events stored before schema 4 is not the "
                    "order this device adopted"
                )
    return problems


def _derived(
    conn: sqlite3.Connection,
    store: Store,
    rows: list[tuple[Any, ...]],
    payloads: list[Any],
    rulesets: Mapping[str, RuleSet] | None,
) -> list[str]:
    """Replay every table and compare the replayed columns of version-2 rows (the ruling as parsed JSON)."""
    from .rulesets import load_catalog

    if rulesets is None:
        rulesets = load_catalog(store.path.parent / "rulesets").rulesets
    rs = store.rulesets(rulesets)
    numbers = dict(conn.execute("SELECT id, number FROM game_tables").fetchall())
    tables: dict[str, list[int]] = {}
    for i, row in enumerate(rows):
        if row[TABLE] != "" and isinstance(payloads[i], dict):
            tables.setdefault(row[TABLE], []).append(i)
    problems = []
    forked = forked_tables(rows)
    checked: set[int] = set()
    with gc_paused():
        for table, all_index in tables.items():
            for index in _lines_of(rows, all_index) if table in forked else [all_index]:
                problems += _replay_line(rows, payloads, index, numbers.get(table, table), rs, checked)
    return problems


def forked_tables(rows: list[tuple[Any, ...]]) -> set[str]:
    """Tables where two events of hash version 2 follow the same one (two devices wrote them: a conflict)."""
    followed: set[tuple[str, str | None]] = set()
    out = set()
    for row in rows:
        if row[TABLE] != "" and row[HASH_V] == 2:
            key = (row[TABLE], row[AFTER])
            if key in followed:
                out.add(row[TABLE])
            followed.add(key)
    return out


def _lines_of(rows: list[tuple[Any, ...]], index: list[int]) -> list[list[int]]:
    """Every path from the table's first event to one of its last ones (a forked table's branches)."""
    parent: dict[int, int | None] = {}
    by_uuid: dict[str, int] = {}
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
    number: Any,
    rs: Mapping[str, RuleSet],
    checked: set[int],
) -> list[str]:
    """Replay one line of a table, comparing the replayed columns of the rows not checked yet."""
    problems: list[str] = []
    log = [payloads[i] for i in index]
    label = f"table {number}"
    try:
        models = parse_events(log)
    except LogError as exc:
        return [f"{label}: its log is not valid: {exc}"]
    stored = _loads_all([rows[i][RULING] for i in index]) or [None] * len(index)
    replay = TableReplay(rs, targets={p.get("target") for p in log if p.get("type") == "void"})
    for i, p, m, ruling in zip(index, log, models, stored):
        row = rows[i]
        try:
            ctx, derived = replay.step(p, m)
        except LogError as exc:
            problems.append(f"{label}: its log does not replay at seq {row[SEQ]} uuid {row[UUID]}: {exc}")
            break
        if row[HASH_V] != 2 or i in checked:
            continue
        checked.add(i)
        values = replayed(ctx)
        have = tuple(row[k] for k in _REPLAYED_AT)
        if values == have and derived == ruling:
            continue
        col = next((c for c, a, b in zip(REPLAYED, have, values) if a != b), "ruling")
        shown = (have[REPLAYED.index(col)], values[REPLAYED.index(col)]) if col != "ruling" else (ruling, derived)
        problems.append(
            f"seq {row[SEQ]} uuid {row[UUID]} ({label}): column {col!r} is {_short(shown[0])} but its payload "
            f"and the table's replay say {_short(shown[1])}"
        )
    return problems


def _backup_problems(store: Store) -> list[str]:
    from .checks import backup_problems

    return backup_problems(store.conn, store.path.parent, store.device_id)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
