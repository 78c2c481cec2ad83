"""Events kept outside the database (journal lines, bundle lines) made into rows again, and described to a person.

:func:`derive_rows` turns lines into complete rows: the hashed columns from the line, every other column derived
from the payload and the table's replay (never taken from the line); :func:`insert_rows` stores them with their
projections. :func:`describe` names events for a person: table, hand, what, seat and player, time.

Layer: feature (recovery: lines made rows again).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

from ..domain.events import LogError, parse_events
from ..domain.rules import RuleSet
from . import tablecache
from .branches import line_head, on_table_events, path_texts, plain
from .chain import COLUMNS, canonical, payload_text
from .derive import DERIVED, ENTITY_KINDS, Rulesets, TableReplay, entity_columns
from .entities import parse_entity, project
from .errors import MissingEntry
from .rulesets import load_catalog

_WINDS = {"E": "East", "S": "South", "W": "West", "N": "North"}


class LineError(ValueError):
    """A line that cannot become a row (index in the list given, and why)."""

    def __init__(self, index: int, message: str):
        self.index = index
        super().__init__(message)


def pinned_of(conn: sqlite3.Connection, lines: list[dict[str, Any]]) -> dict[str, RuleSet]:
    """Rule-set contents by hash: stored ones and those the lines bring."""
    out: dict[str, RuleSet] = {}
    try:
        rows = conn.execute("SELECT hash, content FROM ruleset_contents").fetchall()
    except sqlite3.OperationalError:
        rows = []
    for h, content in rows:
        out[h] = RuleSet.model_validate(json.loads(content))
    for line in lines:
        p = line.get("payload")
        if isinstance(p, dict) and p.get("type") == "ruleset" and p.get("hash") not in out:
            try:
                out[p["hash"]] = RuleSet.model_validate(p["content"])
            except (ValueError, KeyError, TypeError):
                pass  # reported by the line's own check
    return out


def stored_log(conn: sqlite3.Connection, table_id: str) -> list[dict[str, Any]]:
    rows = conn.execute("SELECT payload FROM events WHERE table_id = ? ORDER BY seq", (table_id,)).fetchall()
    return json.loads("[" + ",".join(r[0] for r in rows) + "]")


class TableSource(Protocol):
    """What :func:`derive_from` reads of what the lines follow (:class:`StoredTables`: this database)."""

    def rulesets(self, catalog: Mapping[str, RuleSet], lines: list[dict[str, Any]]) -> Rulesets: ...

    def kept(self, table: str, after: str | None, rs: Mapping[str, RuleSet]) -> tuple[Any, int] | None: ...

    def log_before(
        self, table: str, after: str | None, hash_v: int, batch: dict[str, tuple[str, str | None, dict[str, Any]]]
    ) -> list[dict[str, Any]] | None: ...


class StoredTables:
    """What :func:`derive_rows` reads of what the lines follow, from this database: the rule-set contents (those the
    lines ``pins_from`` bring too: all of a chunk's when only some of its lines are derived here), the states kept
    after the last merge (:mod:`refapp.store.tablecache`) and the tables' stored logs."""

    def __init__(self, conn: sqlite3.Connection, pins_from: list[dict[str, Any]] | None = None):
        self.conn = conn
        self.pins_from = pins_from

    def rulesets(self, catalog: Mapping[str, RuleSet], lines: list[dict[str, Any]]) -> Rulesets:
        """The catalog's rule sets, and the contents stored or brought by the lines (by their hash)."""
        return Rulesets(catalog, pinned_of(self.conn, self.pins_from if self.pins_from is not None else lines))

    def kept(self, table: str, after: str | None, rs: Mapping[str, RuleSet]) -> tuple[Any, int] | None:
        return tablecache.load(self.conn, table, after, rs)

    def log_before(
        self, table: str, after: str | None, hash_v: int, batch: dict[str, tuple[str, str | None, dict[str, Any]]]
    ) -> list[dict[str, Any]] | None:
        return _log_before(self.conn, table, after, hash_v, batch)


def derive_rows(
    conn: sqlite3.Connection,
    lines: list[dict[str, Any]],
    rulesets: Mapping[str, RuleSet],
    states: dict[str, tuple[str, int, Any]] | None = None,
) -> list[dict[str, Any]]:
    """Complete rows for ``lines`` (in order; each table's lines after its stored events). Raises
    :class:`LineError` for a payload that is not a valid event or a table that would not replay. ``states``, when
    given, gets each table's state after its last line (for :mod:`refapp.store.tablecache`), and a table's replay
    starts from the state kept there when it is the one its first line follows."""
    return derive_from(StoredTables(conn), lines, rulesets, states)


def derive_from(
    source: TableSource,
    lines: list[dict[str, Any]],
    rulesets: Mapping[str, RuleSet],
    states: dict[str, tuple[str, int, Any]] | None = None,
    base: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """:func:`derive_rows` reading what the lines follow from ``source`` (this database's, or what a process deriving
    ahead of the merge holds: :mod:`refapp.store.ahead`). ``base``: what a row starts from (:func:`base_row`; the
    process deriving ahead needs only the derived columns)."""
    base = base or base_row
    rs = source.rulesets(rulesets, lines)
    models = _models(lines)  # the ledger events validated in one call (several times quicker than one by one)
    replays: dict[str, tuple[TableReplay, str | None]] = {}  # table -> (its replay, the uuid it stands after)
    batch: dict[str, tuple[str, str | None, dict[str, Any]]] = {}  # uuid -> (table, after, payload) of the lines
    rows = []
    for i, line in enumerate(lines):
        row = base(line)
        payload = row["_p"]
        kind = payload.get("type") if isinstance(payload, dict) else None
        if line["hash_v"] == 1:
            row |= line["row"]
            row["target"] = payload.get("target") if kind == "void" else None
        if kind in ENTITY_KINDS:
            try:
                parse_entity(payload, i)
            except LogError as exc:
                raise LineError(i, f"its payload is not a valid {kind} event: {exc.field}: {exc.message}") from None
            if line["hash_v"] == 2:
                row |= entity_columns(payload)
            else:  # a version-1 row brings its own columns: they must be those its payload implies
                row["_derived"] = entity_columns(payload)
            rows.append(row)
            continue
        table_id = row["table_id"]
        after = line.get("after") if line["hash_v"] == 2 else replays.get(table_id, (None, None))[1]
        partial = False
        if table_id not in replays or (line["hash_v"] == 2 and replays[table_id][1] != after):
            kept = source.kept(table_id, after, rs) if states is not None and after not in batch else None
            if kept is not None:  # the state the last merge reached: no need to replay the table from its start
                replay = TableReplay(rs, targets=_void_targets(lines, table_id))
                replay.resume(*kept)
                partial = True
            else:
                replay = _replay_before(source, table_id, after, line["hash_v"], batch, lines, rs, i)
            replays[table_id] = (replay, after)
        replay = replays[table_id][0]
        try:
            derived = _push(replay, payload, i, models.get(i))
        except LineError:
            if not partial:
                raise
            # e.g. a void of an event before the kept state: replay the table from its start, then try again
            replay = _replay_before(source, table_id, after, line["hash_v"], batch, lines, rs, i)
            derived = _push(replay, payload, i, models.get(i))
        replays[table_id] = (replay, row["uuid"])
        batch[row["uuid"]] = (table_id, after, payload)
        if line["hash_v"] == 2:
            row |= derived
        else:
            row["_derived"] = derived  # the importer compares a version-1 row's columns with these
        rows.append(row)
    if states is not None:
        for table_id, (replay, head) in replays.items():
            if head is not None:
                states[table_id] = (head, replay.count, replay.state)
    return rows


def base_row(line: dict[str, Any]) -> dict[str, Any]:
    """The columns of a line's row that the line itself gives (its place, hashes and payload text), and its payload
    (``_p``, not a column)."""
    get = line.get
    return {
        "uuid": get("uuid"),
        "device_id": get("device_id"),
        "device_seq": get("device_seq"),
        "tournament_id": get("tournament_id"),
        "table_id": get("table_id"),
        "after": get("after"),
        "prev_hash": line["prev_hash"],
        "hash": line["hash"],
        "hash_v": line["hash_v"],
        "payload": payload_text(line),
        "_p": line["payload"],
    }


def _models(lines: list[dict[str, Any]]) -> dict[int, Any]:
    """The parsed ledger events of the lines by index, validated in one call; empty when one of them is not valid
    (each is then parsed alone, so that the error names its line)."""
    index = [i for i, ln in enumerate(lines) if ln.get("table_id") and isinstance(ln.get("payload"), dict)]
    try:
        parsed = parse_events([lines[i]["payload"] for i in index])
    except LogError:
        return {}
    return dict(zip(index, parsed))


def _push(replay: TableReplay, payload: dict[str, Any], i: int, model: Any = None) -> dict[str, Any]:
    try:
        return replay.push(payload, model)
    except LogError as exc:
        detail = f"{exc.field}: {exc.message}" if exc.field else exc.message
        raise LineError(i, f"it does not apply to its table: {detail}") from None


def _replay_before(
    source: TableSource,
    table: str,
    after: str | None,
    hash_v: int,
    batch: dict[str, tuple[str, str | None, dict[str, Any]]],
    lines: list[dict[str, Any]],
    rs: Mapping[str, RuleSet],
    i: int,
) -> TableReplay:
    """A replay of the table up to the event line ``i`` follows (LineError if it is nowhere, or does not replay)."""
    log = source.log_before(table, after, hash_v, batch)
    if log is None:
        raise LineError(i, f"it follows event {after}, which its table {table} does not hold")
    targets = {t for t in {e.get("target") for e in log} if isinstance(t, str)} | _void_targets(lines, table)
    replay = TableReplay(rs, targets=targets)
    try:
        for p, m in zip(log, parse_events(log)):
            replay.push(p, m)
    except LogError as exc:
        raise LineError(i, f"the stored log of its table {table} does not replay: {exc}") from None
    return replay


def _void_targets(lines: list[dict[str, Any]], table: str) -> set[str]:
    """The events that the table's voids among ``lines`` cancel (the replay keeps the table before each)."""
    found = {ln["payload"].get("target") for ln in lines if ln.get("table_id") == table}
    return {t for t in found if isinstance(t, str)}


def _log_before(
    conn: sqlite3.Connection,
    table: str,
    after: str | None,
    hash_v: int,
    batch: dict[str, tuple[str, str | None, dict[str, Any]]],
) -> list[dict[str, Any]] | None:
    """The payloads a new event of ``table`` following ``after`` applies on: the stored table's line when it ends
    there (or for a version-1 line, which follows the stored ones), else the path to ``after`` through the lines
    already derived and the stored events (a branch of a fork). None when ``after`` is nowhere."""
    if hash_v != 2 or (plain(conn, table) and after == line_head(conn, table, "")):
        return stored_log(conn, table)
    segment, node = path_in_batch(batch, after)
    texts = path_texts(conn, table, node)
    if texts is None:
        return None
    return [json.loads(t) for t in texts] + segment


def path_in_batch(
    batch: dict[str, tuple[str, str | None, dict[str, Any]]], after: str | None
) -> tuple[list[dict[str, Any]], str | None]:
    """The payloads of the lines already derived that lead to ``after`` (in order), and the event the first of them
    follows (None: the table's start)."""
    segment: list[dict[str, Any]] = []
    node = after
    while node is not None and node in batch:
        _, before, payload = batch[node]
        segment.append(payload)
        node = before
    return segment[::-1], node


def insert_rows(conn: sqlite3.Connection, rows: list[dict[str, Any]]) -> None:
    """Insert complete rows (inside the caller's transaction) and write their projections, in order."""
    names = ", ".join(f'"{c}"' if c == "after" else c for c in COLUMNS)
    sql = f"INSERT INTO events ({names}) VALUES ({', '.join('?' * len(COLUMNS))})"
    conn.executemany(sql, [tuple(map(row.get, COLUMNS)) for row in rows])
    resolving = any(row.get("type") == "resolve" for row in rows)  # it may set aside what the rows after it extend
    one_by_one = {id(r) for r in (rows if resolving else on_table_events(conn, rows))}
    memo: dict[str, Any] = {}  # what the rows stored together know of each other (refapp.store.holding)
    for row in rows:
        payload = row.get("_p")
        payload = payload if isinstance(payload, dict) else json.loads(row["payload"])
        project(conn, row, payload, line_seen=id(row) not in one_by_one, memo=memo)


def describe(conn: sqlite3.Connection, folder: Path | None, lines: list[dict[str, Any]]) -> list[MissingEntry]:
    """Each line for a person: ``{"uuid", "device_seq", "text"}`` with the text "table 7, East 2, incident
    warning, seat 2 (Cyd), 10:40". The hand is derived by replaying the table (empty if it cannot be)."""
    catalog = load_catalog(folder / "rulesets" if folder else None).rulesets
    numbers = {}
    try:
        numbers = dict(conn.execute("SELECT id, number FROM game_tables").fetchall())
    except sqlite3.Error:
        pass
    for line in lines:
        p = line.get("payload") or {}
        if p.get("type") == "table":
            numbers[p.get("table")] = p.get("number")
    try:
        rows = derive_rows(conn, lines, catalog)
        derived: list[dict[str, Any] | None] = [r.get("_derived", r) for r in rows]
    except (LineError, sqlite3.Error, KeyError, TypeError, ValueError):
        derived = [None] * len(lines)
    return [
        MissingEntry(uuid=line.get("uuid"), device_seq=line.get("device_seq"), text=_text(line, d, numbers))
        for line, d in zip(lines, derived)
    ]


def describe_rows(rows: list[dict[str, Any]], numbers: dict[str, Any]) -> list[MissingEntry]:
    """Stored rows (with their derived columns) for a person, as :func:`describe`."""
    out = []
    for r in rows:  # rows read from a damaged file: any column may be unreadable
        try:
            payload = json.loads(r["payload"])
            text = _text({"payload": payload, "table_id": r["table_id"]}, r, numbers)
        except (TypeError, ValueError, KeyError, AttributeError, RecursionError):
            text = f"event {r.get('uuid')} (its stored text is unreadable)"
        out.append(MissingEntry(uuid=r.get("uuid"), device_seq=r.get("device_seq"), text=text))
    return out


def _text(line: dict[str, Any], derived: dict[str, Any] | None, numbers: dict[str, Any]) -> str:
    p = line.get("payload") or {}
    kind = str(p.get("type", "?"))
    at = str(p.get("at", ""))
    when = at[11:16] if len(at) >= 16 else at
    if kind in ENTITY_KINDS:
        what = {"tournament": p.get("name"), "table": f"table {p.get('number')}", "player": p.get("name")}
        return f"{kind} {what.get(kind) or ''}".strip() + (f", {when}" if when else "")
    parts = [f"table {numbers.get(str(line.get('table_id')), '?')}"]
    if derived and derived.get("round_wind"):
        parts.append(f"{_WINDS.get(derived['round_wind'], derived['round_wind'])} {derived.get('hand_no')}")
    parts.append(kind + (f" {p['offence']}" if p.get("offence") else ""))
    if p.get("seat") is not None:
        player = derived.get("player") if derived else None
        parts.append(f"seat {p['seat']}" + (f" ({player})" if player else ""))
    if when:
        parts.append(when)
    return ", ".join(parts)


__all__ = ["DERIVED", "LineError", "canonical", "derive_rows", "describe", "insert_rows"]
