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
from .chain import COLUMNS, GENESIS, hash_of
from .db import DamagedDatabase, Store
from .derive import ENTITY_TYPES, REPLAYED, TableReplay, columns, entity_columns
from .entities import adopted_order, legacy_order, projection_problems
from .schema import user_version

_DIRECT = ("at", "referee", "type", "seat", "offence", "answers", "note", "target")


@dataclass(frozen=True)
class VerifyReport:
    ok: bool
    events: int
    devices: int
    integrity: str
    first_bad: dict[str, Any] | None
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def message(self) -> str:
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


def verify(store: Store, rulesets: Mapping[str, RuleSet] | None = None, *, against_backups: bool = True) -> VerifyReport:
    from .opening import deep_problem

    conn = store.conn
    result: dict[str, str | None] = {}
    thread = threading.Thread(target=lambda: result.update(deep=_safe(deep_problem, store)), daemon=True)
    thread.start()
    problems = list(store.open_problems)
    notes = list(w for w in store.warnings if w not in problems)
    try:
        rows, first_bad, devices, more = _check(store, rulesets)
        problems += more
    except DamagedDatabase as exc:
        rows, first_bad, devices = [], None, 0
        problems.append(exc.detail)
    thread.join()
    deep = result.get("deep")
    integrity = "ok" if deep is None else deep
    if deep is not None and deep not in problems:
        problems.insert(0, deep)
    if against_backups and not store.open_problems:
        problems += _backup_problems(store)
    total = len(rows) if rows else _count(conn)
    ok = not problems and first_bad is None
    return VerifyReport(ok, total, devices, integrity, first_bad, problems, notes)


def _safe(fn: Any, store: Store) -> str | None:
    try:
        return fn(store.path)
    except (sqlite3.Error, OSError) as exc:
        return str(exc)


def _count(conn: sqlite3.Connection) -> int:
    try:
        return int(conn.execute("SELECT count(*) FROM events").fetchone()[0])
    except sqlite3.Error:
        return 0


def _rows(store: Store) -> list[dict[str, Any]]:
    conn = store.conn
    v4 = user_version(conn) >= 4
    cols = ["seq", *COLUMNS]
    names = ", ".join(f'"{c}"' if c == "after" else c for c in cols)
    if not v4:
        names = names.replace(', hash_v, "after"', ", 1, NULL")
    try:
        with gc_paused():
            return [dict(zip(cols, r)) for r in conn.execute(f"SELECT {names} FROM events ORDER BY seq")]
    except sqlite3.OperationalError as exc:
        raise DamagedDatabase(store.path, f"a stored text is not valid UTF-8 ({exc})") from None


def _check(store: Store, rulesets: Mapping[str, RuleSet] | None) -> tuple[list, dict | None, int, list[str]]:
    conn = store.conn
    rows = _rows(store)
    problems: list[str] = []
    first_bad: dict[str, Any] | None = None

    def bad(row: dict[str, Any], reason: str) -> None:
        nonlocal first_bad
        problems.append(f"seq {row['seq']} uuid {row['uuid']}: {reason}")
        if first_bad is None or row["seq"] < first_bad["seq"]:
            first_bad = {k: row[k] for k in ("seq", "uuid", "device_id", "device_seq")} | {"reason": reason}

    # 2. chains
    by_device: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_device.setdefault(row["device_id"], []).append(row)
    for chain in by_device.values():
        chain.sort(key=lambda r: r["device_seq"])
        prev, expected, last_seq = GENESIS, 1, 0
        for row in chain:
            if row["seq"] < last_seq:
                bad(row, "it is stored before an earlier event of its device: the stored order was changed")
                break
            last_seq = row["seq"]
            if row["device_seq"] != expected:
                bad(row, f"expected #{expected} of this device: an event is missing or was reordered")
                break
            if row["prev_hash"] != prev:
                bad(row, "its link to the previous event was changed")
                break
            if hash_of(row) != row["hash"]:
                bad(row, "its content was changed after it was stored")
                break
            prev, expected = row["hash"], expected + 1
    # 4a. columns read from the payload
    payloads: dict[int, dict[str, Any]] = {}
    with gc_paused():
        for row in rows:
            try:
                p = json.loads(row["payload"])
            except ValueError:
                bad(row, "its payload is not JSON")
                continue
            payloads[row["seq"]] = p
            kind = p.get("type") if isinstance(p, dict) else None
            want = entity_columns(p) if kind in ENTITY_TYPES else columns(p, {}, {}) if isinstance(p, dict) else {}
            for col in _DIRECT:
                if col in want and want[col] != row[col]:
                    bad(row, f"column {col!r} is {_short(row[col])} but its payload says {_short(want[col])}")
                    break
    v4 = user_version(conn) >= 4
    if v4:
        problems += _order(conn, store, rows)
        problems += _derived(conn, store, rows, payloads, rulesets)
        pending = store._meta("adopt_pending") is not None
        problems += projection_problems(conn, legacy_pending=pending)
        if not pending and store.device_id not in {
            r["device_id"] for r in rows if r["type"] == "device" and payloads.get(r["seq"], {}).get("device") ==
            r["device_id"]
        }:
            problems.append(f"this database's device id {store.device_id} has no device event in its chain")
    return rows, first_bad, len(by_device), problems


def _order(conn: sqlite3.Connection, store: Store, rows: list[dict[str, Any]]) -> list[str]:
    """Each table's events in stored order: the ``after`` of every version-2 row names the previous one."""
    problems = []
    numbers = dict(conn.execute("SELECT id, number FROM game_tables").fetchall())
    tournaments = dict(conn.execute("SELECT id, tournament_id FROM game_tables").fetchall())
    previous: dict[str, str | None] = {}
    followed: dict[tuple[str, str | None], str] = {}
    for row in rows:
        table = row["table_id"]
        if table == "":
            continue
        label = f"table {numbers.get(table, table)}"
        if table not in numbers:
            problems.append(f"seq {row['seq']} uuid {row['uuid']}: its table {table} is not a stored table")
        elif tournaments[table] != row["tournament_id"]:
            problems.append(f"seq {row['seq']} uuid {row['uuid']}: its tournament is not its table's")
        if row["hash_v"] == 2:
            key = (table, row["after"])
            if key in followed:
                problems.append(
                    f"{label}: events {followed[key]} and {row['uuid']} both follow {row['after'] or 'the start'} "
                    "(a fork): the table's order is broken"
                )
            followed[key] = row["uuid"]
            if row["after"] != previous.get(table):
                problems.append(
                    f"{label}: the order of its events was changed: seq {row['seq']} uuid {row['uuid']} follows "
                    f"{previous.get(table) or 'the start'}, but its 'after' says {row['after'] or 'the start'}"
                )
        previous[table] = row["uuid"]
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
    rows: list[dict[str, Any]],
    payloads: dict[int, dict[str, Any]],
    rulesets: Mapping[str, RuleSet] | None,
) -> list[str]:
    """Replay every table and compare the replayed columns of version-2 rows."""
    from .rulesets import load_catalog

    if rulesets is None:
        rulesets = load_catalog(store.path.parent / "rulesets").rulesets
    rs = store.rulesets(rulesets)
    numbers = dict(conn.execute("SELECT id, number FROM game_tables").fetchall())
    tables: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        if row["table_id"] != "" and row["seq"] in payloads:
            tables.setdefault(row["table_id"], []).append(row)
    problems = []
    with gc_paused():
        for table, trows in tables.items():
            log = [payloads[r["seq"]] for r in trows]
            label = f"table {numbers.get(table, table)}"
            try:
                models = parse_events(log)
            except LogError as exc:
                problems.append(f"{label}: its log is not valid: {exc}")
                continue
            replay = TableReplay(rs, targets={p.get("target") for p in log if p.get("type") == "void"})
            for row, p, m in zip(trows, log, models):
                try:
                    derived = replay.push(p, m)
                except LogError as exc:
                    problems.append(f"{label}: its log does not replay at seq {row['seq']} uuid {row['uuid']}: {exc}")
                    break
                if row["hash_v"] != 2:
                    continue
                for col in REPLAYED:
                    if derived[col] != row[col]:
                        problems.append(
                            f"seq {row['seq']} uuid {row['uuid']} ({label}): column {col!r} is {_short(row[col])} but "
                            f"its payload and the table's replay say {_short(derived[col])}"
                        )
                        break
    return problems


def _backup_problems(store: Store) -> list[str]:
    """The newest readable backup's newest event of every device must be stored here, with the same hash."""
    from .backup import backups

    for path in backups(store.path.parent):
        try:
            b = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
            try:
                device = (b.execute("SELECT value FROM meta WHERE key = 'device_id'").fetchone() or [None])[0]
                tails = b.execute("SELECT device_id, max(device_seq) FROM events GROUP BY device_id").fetchall()
                tails = [(d, s, b.execute("SELECT hash FROM events WHERE device_id = ? AND device_seq = ?",
                                          (d, s)).fetchone()[0]) for d, s in tails]  # fmt: skip
            finally:
                b.close()
        except sqlite3.Error:
            continue  # a torn backup says nothing; the next older one is tried
        if device != store.device_id:
            return []  # another history's backup (kept, never compared)
        problems = []
        for dev, seq, h in tails:
            mine = store.conn.execute(
                "SELECT max(device_seq) FROM events WHERE device_id = ?", (dev,)
            ).fetchone()[0] or 0
            if mine < seq:
                problems.append(
                    f"{seq - mine} event(s) of device {dev} that the backup {path.name} holds are missing "
                    f"(newest stored #{mine}, the backup has #{seq})"
                )
                continue
            same = store.conn.execute(
                "SELECT hash FROM events WHERE device_id = ? AND device_seq = ?", (dev, seq)
            ).fetchone()
            if same is None or same[0] != h:
                problems.append(f"device {dev} #{seq} differs from the backup {path.name}: its history was rewritten")
        return problems
    return []


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
