"""Moving data between devices and into spreadsheets: the JSON bundle, the incidents CSV and the results CSV.

A bundle is lossless: every column of every row, hashes included, so the importing store can check each device's
hash chain and keep it. Import is all or nothing: the bundle is checked first (format, keys, types, every event
payload, every chain), then checked against what is stored, and only then merged in one transaction. Importing the
same bundle twice adds nothing the second time; a row whose id is already stored with a different content rejects the
whole bundle.

Bundle format (version 1)::

    {"format": "refapp-bundle", "version": 1, "device_id": "<exporting device>", "exported_at": "<ISO time>",
     "tournament": "<id>" | null,
     "tournaments": [...], "game_tables": [...], "players": [...], "hanchans": [...], "events": [...]}

Each row holds every column of its table (see ``COLUMNS``). ``events[].seq`` is the row's order on the exporting
device: the importing device numbers rows itself and only uses the list order, which keeps each device's events in
chain order.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path
from typing import IO, Any

from ..domain.events import LogError, parse_events
from ..domain.ledger import Ledger, TableState, replay, resolve_voids
from ..domain.results import export_rows
from ..domain.rules import RuleSet
from . import history
from .csvsafe import safe_row
from .db import GENESIS, HASHED, Store, StoreError, row_hash

FORMAT = "refapp-bundle"
VERSION = 1
TABLES = ("tournaments", "game_tables", "players", "hanchans", "events")
_OPTIONAL_TOP = ("device_id", "exported_at", "tournament")

# Column -> accepted JSON types, per table (the schema's columns, in the schema's order).
_S, _I, _SN, _IN = (str,), (int,), (str, type(None)), (int, type(None))
COLUMNS: dict[str, dict[str, tuple[type, ...]]] = {
    "tournaments": {"id": _S, "name": _S, "created_at": _S, "device_id": _S},
    "game_tables": {"id": _S, "tournament_id": _S, "number": _I, "created_at": _S, "device_id": _S},
    "players": {
        "id": _S,
        "tournament_id": _S,
        "name": _S,
        "first_timer": _I,
        "created_at": _S,
        "device_id": _S,
        "federation_id": _S,
    },
    "hanchans": {
        "id": _S,
        "table_id": _S,
        "number": _I,
        "ruleset_id": _S,
        "ruleset_version": _S,
        "created_at": _S,
        "device_id": _S,
    },
    "events": {
        "seq": _I,
        "uuid": _S,
        "device_id": _S,
        "device_seq": _I,
        "at": _S,
        "referee": _S,
        "tournament_id": _S,
        "table_id": _S,
        "hanchan_no": _I,
        "round_wind": _S,
        "hand_no": _I,
        "counters": _I,
        "type": _S,
        "seat": _IN,
        "player": _SN,
        "offence": _SN,
        "answers": _S,
        "ruling": _S,
        "ruleset_id": _S,
        "ruleset_version": _S,
        "note": _S,
        "payload": _S,
        "prev_hash": _S,
        "hash": _S,
        "target": _SN,
    },
}
assert list(COLUMNS["events"]) == ["seq", *HASHED, "prev_hash", "hash", "target"], "bundle out of step with the store"
_KEY = {"tournaments": "id", "game_tables": "id", "players": "id", "hanchans": "id", "events": "uuid"}
_TYPE_NAMES = {str: "text", int: "a whole number", type(None): "null"}


class BundleError(StoreError):
    """A bundle that cannot be imported. ``problems`` lists everything found; the message names the first."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        more = f" (and {len(problems) - 1} more problem(s))" if len(problems) > 1 else ""
        super().__init__(f"bundle rejected, nothing was imported: {problems[0]}{more}")


# -- export ----------------------------------------------------------------------------------------------------


def _select(store: Store, table: str, where: str = "", params: tuple[Any, ...] = ()) -> list[dict[str, Any]]:
    cols = list(COLUMNS[table])
    order = "seq" if table == "events" else "rowid"
    cur = store.conn.execute(f"SELECT {', '.join(cols)} FROM {table} {where} ORDER BY {order}", params)
    return [dict(zip(cols, r)) for r in cur]


def export_bundle(store: Store, tournament_id: str | None = None) -> dict[str, Any]:
    """Every stored row (or those of one tournament) as a bundle dict, ready for ``json.dump``.

    With ``tournament_id``, each device's events are exported from its first event up to its last event of that
    tournament: a hash chain can only be checked from its start, so events of another tournament recorded in between
    on the same device come along (with their tournament, tables and players), untouched.
    """
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "device_id": store.device_id,
        "exported_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "tournament": tournament_id,
    }
    if tournament_id is None:
        for table in TABLES:
            data[table] = _select(store, table)
        return data
    if store.conn.execute("SELECT 1 FROM tournaments WHERE id = ?", (tournament_id,)).fetchone() is None:
        raise StoreError(f"No tournament with id {tournament_id}")
    ends = store.conn.execute(
        "SELECT device_id, max(device_seq) FROM events WHERE tournament_id = ? GROUP BY device_id", (tournament_id,)
    ).fetchall()
    events: list[dict[str, Any]] = []
    if ends:
        cond = " OR ".join("(device_id = ? AND device_seq <= ?)" for _ in ends)
        events = _select(store, "events", f"WHERE {cond}", tuple(v for pair in ends for v in pair))
    tids = sorted({tournament_id} | {e["tournament_id"] for e in events})
    marks = ", ".join("?" * len(tids))
    tables = _select(store, "game_tables", f"WHERE tournament_id IN ({marks})", tuple(tids))
    uuids = {e["uuid"] for e in events}
    table_ids = tuple(t["id"] for t in tables)
    hanchans = [
        h
        for h in (_select(store, "hanchans", f"WHERE table_id IN ({', '.join('?' * len(table_ids))})", table_ids))
        if h["id"] in uuids
    ]
    data["tournaments"] = _select(store, "tournaments", f"WHERE id IN ({marks})", tuple(tids))
    data["game_tables"] = tables
    data["players"] = _select(store, "players", f"WHERE tournament_id IN ({marks})", tuple(tids))
    data["hanchans"] = hanchans
    data["events"] = events
    return data


# -- validation ------------------------------------------------------------------------------------------------


def _where(table: str, index: int, row: Any) -> str:
    key = row.get(_KEY[table]) if isinstance(row, dict) else None
    return f"{table}[{index}]" + (f" ({_KEY[table]} {key})" if isinstance(key, str) else "")


def _type_ok(value: Any, kinds: tuple[type, ...]) -> bool:
    if isinstance(value, bool):
        return False
    return isinstance(value, kinds)


def _check_row(table: str, index: int, row: Any) -> str | None:
    where = _where(table, index, row)
    if not isinstance(row, dict):
        return f"{where}: a row is a JSON object, got {type(row).__name__}"
    spec = COLUMNS[table]
    for key in row:
        if key not in spec:
            return f"{where}: unknown field {key!r}"
    for key, kinds in spec.items():
        if key not in row:
            if table == "events" and key == "seq":
                continue
            return f"{where}: field {key!r} is missing"
        if not _type_ok(row[key], kinds):
            expected = " or ".join(_TYPE_NAMES[k] for k in kinds)
            return f"{where}: field {key!r} should be {expected}, got {row[key]!r}"
    if table == "players" and row["first_timer"] not in (0, 1):
        return f"{where}: field 'first_timer' should be 0 or 1, got {row['first_timer']!r}"
    if table == "events":
        return _check_event(where, row)
    return None


def _check_event(where: str, row: dict[str, Any]) -> str | None:
    for key in ("answers", "ruling"):
        try:
            value = json.loads(row[key])
        except json.JSONDecodeError as exc:
            return f"{where}: field {key!r} is not valid JSON ({exc.msg})"
        if not isinstance(value, dict):
            return f"{where}: field {key!r} should hold a JSON object"
    try:
        payload = json.loads(row["payload"])
    except json.JSONDecodeError as exc:
        return f"{where}: field 'payload' is not valid JSON ({exc.msg})"
    if not isinstance(payload, dict):
        return f"{where}: field 'payload' should hold a JSON object (the event)"
    return None


def validate_bundle(data: Any, store: Store | None = None) -> list[str]:
    """Everything wrong with ``data`` as a bundle (an empty list if it can be imported).

    Without ``store``: the format, every row's keys and types, every event payload, and every device's chain within
    the bundle. With ``store``: also how the bundle fits what is stored (see :func:`import_bundle`).
    """
    if not isinstance(data, dict):
        return [f"a bundle is a JSON object, got {type(data).__name__}"]
    if data.get("format") != FORMAT:
        return [f"field 'format': expected {FORMAT!r}, got {data.get('format')!r} (not a refapp bundle)"]
    if data.get("version") != VERSION:
        return [f"field 'version': this refapp reads version {VERSION}, got {data.get('version')!r}"]
    problems: list[str] = []
    for key in data:
        if key not in ("format", "version", *_OPTIONAL_TOP, *TABLES):
            problems.append(f"unknown field {key!r}")
    for key in TABLES:
        if key not in data:
            problems.append(f"field {key!r} is missing (a list of rows, possibly empty)")
        elif not isinstance(data[key], list):
            problems.append(f"field {key!r} should be a list of rows, got {type(data[key]).__name__}")
    if problems:
        return problems
    for table in TABLES:
        seen: dict[str, int] = {}
        for i, row in enumerate(data[table]):
            problem = _check_row(table, i, row)
            if problem:
                problems.append(problem)
                continue
            key = row[_KEY[table]]
            if key in seen:
                problems.append(f"{_where(table, i, row)}: the same {_KEY[table]} as {table}[{seen[key]}]")
            seen[key] = i
    if problems:
        return problems
    problems += _check_payloads(data["events"])
    if problems:
        return problems
    problems += _check_chains(data["events"])
    if not problems and store is not None:
        problems += _plan(store, data)[0]
    return problems


def _check_payloads(events: list[dict[str, Any]]) -> list[str]:
    """Every payload must be a valid event (checked in bulk; the first bad one is named) that agrees with the row's
    columns (``target`` is not hashed: only this check protects it)."""
    payloads = [json.loads(row["payload"]) for row in events]
    try:
        parse_events(payloads)
    except LogError as exc:
        i = exc.index if exc.index is not None else 0
        detail = f"{exc.field}: {exc.message}" if exc.field else exc.message
        return [f"{_where('events', i, events[i])}: field 'payload' is not a valid event: {detail}"]
    problems = []
    for i, (row, payload) in enumerate(zip(events, payloads)):
        for column, key in _SAME.items():
            if payload.get(key) != row[column]:
                problems.append(
                    f"{_where('events', i, row)}: field {column!r} is {row[column]!r} but its payload says "
                    f"{payload.get(key)!r}"
                )
                break
    return problems


_SAME = {"uuid": "id", "type": "type", "at": "at", "seat": "seat", "offence": "offence", "target": "target"}


def _check_chains(events: list[dict[str, Any]]) -> list[str]:
    """Each device's events in the bundle: contiguous, in list order, every hash right, every link right."""
    problems: list[str] = []
    last: dict[str, tuple[int, dict[str, Any]]] = {}
    broken: set[str] = set()  # one problem per device: what follows a break says nothing more
    for i, row in enumerate(events):
        where = _where("events", i, row)
        device = row["device_id"]
        if device in broken:
            continue
        count = len(problems)
        if row["hash"] != row_hash(row["prev_hash"], row):
            problems.append(f"{where}: field 'hash' does not match the row's content (changed after it was stored)")
            broken.add(device)
            continue
        if device not in last:
            if row["device_seq"] < 1:
                problems.append(f"{where}: field 'device_seq' should be 1 or more, got {row['device_seq']}")
            elif row["device_seq"] == 1 and row["prev_hash"] != GENESIS:
                problems.append(f"{where}: field 'prev_hash': the first event of device {device} links to nothing")
        else:
            j, prev = last[device]
            if row["device_seq"] != prev["device_seq"] + 1:
                problems.append(
                    f"{where}: field 'device_seq': device {device} #{row['device_seq']} follows "
                    f"#{prev['device_seq']} (events[{j}]): events are missing or out of order"
                )
            elif row["prev_hash"] != prev["hash"]:
                problems.append(
                    f"{where}: field 'prev_hash' does not link to the previous event of device {device} (events[{j}])"
                )
        if len(problems) > count:
            broken.add(device)
        last[device] = (i, row)
    return problems


def _stored(store: Store, table: str, key: str) -> dict[str, Any] | None:
    cols = list(COLUMNS[table])
    row = store.conn.execute(f"SELECT {', '.join(cols)} FROM {table} WHERE {_KEY[table]} = ?", (key,)).fetchone()
    return dict(zip(cols, row)) if row else None


def _exists(store: Store, table: str, key: str) -> bool:
    return store.conn.execute(f"SELECT 1 FROM {table} WHERE id = ?", (key,)).fetchone() is not None


def _plan(store: Store, data: dict[str, Any]) -> tuple[list[str], dict[str, list[dict[str, Any]]]]:
    """Problems against the store, and the rows that are new (in bundle order)."""
    problems: list[str] = []
    new: dict[str, list[dict[str, Any]]] = {t: [] for t in TABLES}
    is_new: dict[str, set[int]] = {t: set() for t in TABLES}
    for table in TABLES:
        for i, row in enumerate(data[table]):
            stored = _stored(store, table, row[_KEY[table]])
            if stored is None:
                new[table].append(row)
                is_new[table].add(i)
                continue
            for col in COLUMNS[table]:
                if col != "seq" and stored[col] != row[col]:
                    problems.append(
                        f"{_where(table, i, row)}: already stored with a different {col!r} "
                        f"(stored {_short(stored[col])}, bundle {_short(row[col])})"
                    )
                    break
    ids = {t: {r[_KEY[t]] for r in data[t]} for t in TABLES}

    def known(table: str, key: str) -> bool:
        return key in ids[table] or _exists(store, table, key)

    refs = (("game_tables", "tournament_id", "tournaments"), ("players", "tournament_id", "tournaments"))
    refs += (("hanchans", "table_id", "game_tables"), ("events", "tournament_id", "tournaments"))
    refs += (("events", "table_id", "game_tables"),)
    for table, col, parent in refs:
        for i, row in enumerate(data[table]):
            if i in is_new[table] and not known(parent, row[col]):
                problems.append(f"{_where(table, i, row)}: field {col!r}: no {parent} row with id {row[col]}")
    table_of: dict[str, str | None] = {r["id"]: r["tournament_id"] for r in data["game_tables"]}
    for i in sorted(is_new["events"]):
        row = data["events"][i]
        if row["table_id"] not in table_of:
            found = store.conn.execute("SELECT tournament_id FROM game_tables WHERE id = ?", (row["table_id"],))
            table_of[row["table_id"]] = (found.fetchone() or [None])[0]
        owner = table_of[row["table_id"]]
        if owner is not None and owner != row["tournament_id"]:
            problems.append(
                f"{_where('events', i, row)}: field 'tournament_id' is not the tournament of its table "
                f"{row['table_id']}"
            )
    problems += _check_links(store, data["events"])
    return problems, new


def _check_links(store: Store, events: list[dict[str, Any]]) -> list[str]:
    """Each device's chain in the bundle must start at #1 or link onto the events already stored for that device, and
    must not fork from them (another event stored at the same place)."""
    problems: list[str] = []
    first: dict[str, int] = {}
    for i, row in enumerate(events):
        first.setdefault(row["device_id"], i)
        clash = store.conn.execute(
            "SELECT uuid FROM events WHERE device_id = ? AND device_seq = ?", (row["device_id"], row["device_seq"])
        ).fetchone()
        if clash and clash[0] != row["uuid"]:
            problems.append(
                f"{_where('events', i, row)}: device {row['device_id']} #{row['device_seq']} is already stored as "
                f"another event ({clash[0]}): the two copies of this device's history disagree"
            )
    for device, i in first.items():
        row = events[i]
        seq = row["device_seq"]
        if seq == 1:
            continue
        stored_last = store.conn.execute(
            "SELECT max(device_seq) FROM events WHERE device_id = ?", (device,)
        ).fetchone()[0]
        before = store.conn.execute(
            "SELECT hash FROM events WHERE device_id = ? AND device_seq = ?", (device, seq - 1)
        ).fetchone()
        if before is None:
            have = f"only up to #{stored_last}" if stored_last else "none of them"
            problems.append(
                f"{_where('events', i, row)}: the bundle starts device {device} at #{seq} but this store has "
                f"{have}: import an earlier bundle of that device first (or export the whole history)"
            )
        elif before[0] != row["prev_hash"]:
            problems.append(
                f"{_where('events', i, row)}: field 'prev_hash' does not link onto the stored event "
                f"#{seq - 1} of device {device}"
            )
    return problems


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _check_replay(
    store: Store, new_events: list[dict[str, Any]], tables: list[dict[str, Any]], rulesets: Mapping[str, RuleSet]
) -> list[str]:
    """Every table that gets events must still replay from its whole log (stored first, then the new events)."""
    problems: list[str] = []
    by_table: dict[str, list[dict[str, Any]]] = {}
    for row in new_events:
        by_table.setdefault(row["table_id"], []).append(row)
    numbers = {t["id"]: t["number"] for t in tables}
    for table_id, rows in by_table.items():
        number = numbers.get(table_id)
        if number is None:
            found = store.conn.execute("SELECT number FROM game_tables WHERE id = ?", (table_id,)).fetchone()
            number = found[0] if found else "?"
        log = store.table_events(table_id) + [json.loads(r["payload"]) for r in rows]
        try:
            replay(parse_events(log), rulesets)
        except LogError as exc:
            uuid = log[exc.index]["id"] if exc.index is not None and exc.index < len(log) else "?"
            problems.append(f"table {number} ({table_id}): its log would not replay: event {uuid}: {exc}")
    return problems


# -- import ----------------------------------------------------------------------------------------------------


def import_bundle(store: Store, data: Any, *, rulesets: Mapping[str, RuleSet] | None = None) -> dict[str, int]:
    """Merge a bundle into ``store`` in one transaction; return how many rows each table gained.

    Checked first, nothing stored on any problem (:class:`BundleError` lists them): the bundle itself (see
    :func:`validate_bundle`); rows already stored under the same id must be identical; every referenced tournament
    and table must exist (in the bundle or the store); each device's chain must start at #1 or link onto its stored
    events; and, with ``rulesets``, every table that gets events must still replay. Imported events keep their
    device, number and hashes, so :meth:`Store.verify` checks them like local ones.
    """
    problems = validate_bundle(data)
    if problems:
        raise BundleError(problems)
    if store.read_only:
        raise StoreError("The data folder is read-only: nothing was imported.")
    conn = store.conn
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            problems, new = _plan(store, data)
            if not problems and rulesets is not None:
                problems = _check_replay(store, new["events"], data["game_tables"], rulesets)
            if problems:
                raise BundleError(problems)
            for table in TABLES:
                cols = [c for c in COLUMNS[table] if c != "seq"]
                sql = f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})"
                conn.executemany(sql, [[row[c] for c in cols] for row in new[table]])
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    except BundleError:
        raise
    except Exception as exc:  # sqlite3.Error and friends: nothing was stored (rolled back)
        raise StoreError(f"The bundle was NOT imported: the database refused it ({exc}).") from None
    return {table: len(new[table]) for table in TABLES}


# -- CSV -------------------------------------------------------------------------------------------------------


@contextlib.contextmanager
def _output(path_or_file: str | os.PathLike[str] | IO[str]) -> Iterator[IO[str]]:
    if hasattr(path_or_file, "write"):
        yield path_or_file  # type: ignore[misc]
        return
    # utf-8 with a byte-order mark: spreadsheet programs then read accented names right
    with open(Path(path_or_file), "w", encoding="utf-8-sig", newline="") as fh:  # type: ignore[arg-type]
        yield fh


INCIDENT_COLUMNS = [
    "time",
    "tournament",
    "table",
    "hanchan",
    "hand",
    "seat",
    "player",
    "offence",
    "answers",
    "ruling",
    "amount",
    "citation",
    "rule set",
    "referee",
    "note",
    "voided",
    "id",
]


def _answer(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def incident_csv_row(row: dict[str, Any]) -> list[Any]:
    """One history row as the incidents CSV writes it (``INCIDENT_COLUMNS``)."""
    inner = row["ruling"].get("ruling") or {}
    amount = inner.get("amount") or ""
    return [
        row["at"],
        row["tournament"],
        row["table"],
        row["hanchan"],
        f"{row['round_wind']}{row['hand']}",
        "" if row["seat"] is None else row["seat"],
        row["player"] or "",
        row["offence"] or "",
        "; ".join(f"{k}={_answer(v)}" for k, v in sorted(row["answers"].items())),
        inner.get("kind", ""),
        amount,
        inner.get("citation", ""),
        row["ruleset_id"],
        row["referee"],
        row["note"],
        "yes" if row["voided"] else "no",
        row["uuid"],
    ]


def export_incidents_csv(store: Store, path_or_file: str | os.PathLike[str] | IO[str], **filters: Any) -> int:
    """Write one CSV row per incident (oldest first), with the history filters of :func:`history.query`.

    Voided incidents are included (column ``voided``) unless ``include_voided=False``. Returns the number of rows.
    """
    filters.setdefault("include_voided", True)
    filters["limit"] = None
    filters.pop("offset", None)
    rows = history.query(store, **filters)
    rows.reverse()
    with _output(path_or_file) as fh:
        writer = csv.writer(fh)
        writer.writerow(INCIDENT_COLUMNS)
        for row in rows:
            writer.writerow(safe_row(incident_csv_row(row)))
    return len(rows)


RESULT_COLUMNS = [
    "tournament",
    "hanchan",
    "table",
    "player",
    "federation id",
    "seat",
    "table score",
    "rank",
    "uma",
    "oka",
    "leftover",
    "penalties",
    "result",
    "substitute for",  # a substitute's row (not ranked): whose seat it was
]


def _fmt(x: Fraction | int) -> int | str:
    x = Fraction(x)
    return int(x) if x.denominator == 1 else f"{float(x):.2f}"


def finished_hanchans(events: list[dict[str, Any]], rulesets: Mapping[str, RuleSet]) -> list[dict[str, Any]]:
    """The results of every finished hanchan of one table log, in order.

    The ledger only keeps the current hanchan's results, so the log is walked hanchan by hanchan: a hanchan's rows
    are read when the next one starts (or at the end of the log), so penalties ruled after its end still count.
    Each row: seat, player, score, rank, uma, oka, leftover, penalties, result, where ``result`` is what the hanchan
    adds to the player's overall score and ``penalties`` what was deducted beyond the table score (a chombo after uma,
    penalties on the overall score): result = score − return points + uma + oka + leftover − penalties.
    """
    parsed = parse_events(events)
    ledger = Ledger(rulesets)
    out: list[dict[str, Any]] = []
    start: list[Fraction] = []

    def close(state: TableState) -> None:
        if not (state.started and state.game_over and state.results):
            return
        # the rows (substitutes under their own name, absent players' own rows) are the domain's: results.export_rows
        rows = export_rows(state, start)
        out.append({"hanchan": state.hanchan, "ruleset": state.ruleset.id if state.ruleset else "", "rows": rows})

    for index, ev in resolve_voids(parsed):
        if ev.type == "hanchan_start":
            close(ledger.state)
        ledger.apply(ev, index)
        if ev.type == "hanchan_start":
            start = [s.overall for s in ledger.state.seats]
    close(ledger.state)
    return out


def export_results_csv(
    store: Store,
    tournament_id: str,
    path_or_file: str | os.PathLike[str] | IO[str],
    *,
    rulesets: Mapping[str, RuleSet] | None = None,
) -> int:
    """Write an EMA-style results CSV: one row per player per finished hanchan of the tournament (id or name).

    Each table's stored log is replayed (voids resolved). ``rulesets`` defaults to the built-in rule sets plus the
    data folder's ``rulesets/``. Returns the number of rows; raises :class:`StoreError` for an unknown tournament or
    a log that does not replay.
    """
    if rulesets is None:
        from .rulesets import load_catalog

        rulesets = load_catalog(store.path.parent / "rulesets").rulesets
    ids = history.tournament_ids(store, tournament_id)
    if len(ids) != 1:
        problem = "No tournament" if not ids else "More than one tournament"
        raise StoreError(f"{problem} with id or name {tournament_id!r}")
    tid = ids[0]
    name = store.conn.execute("SELECT name FROM tournaments WHERE id = ?", (tid,)).fetchone()[0]
    federation = {p["name"]: p["federation_id"] for p in store.players(tid)}
    lines: list[tuple[Any, ...]] = []
    for table in store.tables(tid):
        try:
            hanchans = finished_hanchans(store.table_events(table.table_id), rulesets)
        except LogError as exc:
            raise StoreError(f"table {table.number} of {name}: its log does not replay: {exc}") from None
        for h in hanchans:
            for r in h["rows"]:
                lines.append(
                    (
                        h["hanchan"],
                        table.number,
                        r["seat"],
                        [
                            name,
                            h["hanchan"],
                            table.number,
                            r["player"] or f"substitute for {r['substitute_for']}",
                            "" if r["substitute_for"] else federation.get(r["player"], ""),
                            r["seat"],
                            "" if r["absent"] else r["score"],
                            "" if r["absent"] else r["rank"],
                            _fmt(r["uma"]),
                            _fmt(r["oka"]),
                            _fmt(r["leftover"]),
                            _fmt(r["penalties"]),
                            _fmt(r["result"]),
                            r["substitute_for"],
                        ],
                    )
                )
    lines.sort(key=lambda t: t[:3])
    with _output(path_or_file) as fh:
        writer = csv.writer(fh)
        writer.writerow(RESULT_COLUMNS)
        for *_, line in lines:
            writer.writerow(safe_row(line))
    return len(lines)


def dumps(data: dict[str, Any]) -> str:
    """A bundle as compact JSON text (UTF-8 names kept readable)."""
    buf = io.StringIO()
    json.dump(data, buf, ensure_ascii=False, separators=(",", ":"))
    return buf.getvalue()
