"""Reading version-1 bundles (refapp before schema 4): every column of every row of five tables.

Their event rows become lines of hash version 1 (their hash covers every column); their tournaments, tables and
players become projection rows that the importing device adopts with entity events. Nothing in them is trusted: the
importer derives every event column and compares (:mod:`refapp.store.importing`).

Layer: feature (bundles of version 1).
"""

from __future__ import annotations

import json
from typing import Any

from .codec_journal import line_of

TABLES = ("tournaments", "game_tables", "players", "hanchans", "events")
_S, _I, _SN, _IN = (str,), (int,), (str, type(None)), (int, type(None))
COLUMNS: dict[str, dict[str, tuple[type, ...]]] = {
    "tournaments": {"id": _S, "name": _S, "created_at": _S, "device_id": _S},
    "game_tables": {"id": _S, "tournament_id": _S, "number": _I, "created_at": _S, "device_id": _S},
    "players": {
        "id": _S, "tournament_id": _S, "name": _S, "first_timer": _I, "created_at": _S, "device_id": _S,
        "federation_id": _S,
    },
    "hanchans": {
        "id": _S, "table_id": _S, "number": _I, "ruleset_id": _S, "ruleset_version": _S, "created_at": _S,
        "device_id": _S,
    },
    "events": {
        "seq": _I, "uuid": _S, "device_id": _S, "device_seq": _I, "at": _S, "referee": _S, "tournament_id": _S,
        "table_id": _S, "hanchan_no": _I, "round_wind": _S, "hand_no": _I, "counters": _I, "type": _S, "seat": _IN,
        "player": _SN, "offence": _SN, "answers": _S, "ruling": _S, "ruleset_id": _S, "ruleset_version": _S,
        "note": _S, "payload": _S, "prev_hash": _S, "hash": _S, "target": _SN,
    },
}  # fmt: skip
_KEY = {"tournaments": "id", "game_tables": "id", "players": "id", "hanchans": "id", "events": "uuid"}
_NAMES = {str: "text", int: "a whole number", type(None): "null"}


def _where(table: str, index: int, row: Any) -> str:
    key = row.get(_KEY[table]) if isinstance(row, dict) else None
    return f"{table}[{index}]" + (f" ({_KEY[table]} {key})" if isinstance(key, str) else "")


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
        value = row[key]
        if isinstance(value, bool) or not isinstance(value, kinds):
            expected = " or ".join(_NAMES[k] for k in kinds)
            return f"{where}: field {key!r} should be {expected}, got {value!r}"
        if isinstance(value, int) and not -(2**63) <= value < 2**63:
            return f"{where}: field {key!r} is out of range"
    if table == "players" and row["first_timer"] not in (0, 1):
        return f"{where}: field 'first_timer' should be 0 or 1, got {row['first_timer']!r}"
    if table == "events":
        for key in ("answers", "ruling", "payload"):
            try:
                value = json.loads(row[key])
            except (ValueError, RecursionError) as exc:
                return f"{where}: field {key!r} is not valid JSON ({getattr(exc, 'msg', exc)})"
            if not isinstance(value, dict):
                return f"{where}: field {key!r} should hold a JSON object"
    return None


def lines_of_v1(data: dict[str, Any]) -> tuple[list[str], list[dict[str, Any]], dict[str, list[dict[str, Any]]]]:
    problems: list[str] = []
    for key in data:
        if key not in ("format", "version", "device_id", "exported_at", "tournament", *TABLES):
            problems.append(f"unknown field {key!r}")
    for key in TABLES:
        if key not in data:
            problems.append(f"field {key!r} is missing (a list of rows, possibly empty)")
        elif not isinstance(data[key], list):
            problems.append(f"field {key!r} should be a list of rows, got {type(data[key]).__name__}")
    if problems:
        return problems, [], {}
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
        return problems, [], {}
    lines = []
    for i, row in enumerate(data["events"]):
        payload = json.loads(row["payload"])
        target = payload.get("target") if row["type"] == "void" else None
        if row["target"] != target:
            problems.append(
                f"{_where('events', i, row)}: field 'target' is {row['target']!r} but its payload says {target!r}"
            )
        lines.append(line_of(row | {"hash_v": 1, "after": None}))
    extra = {t: data[t] for t in ("tournaments", "game_tables", "players", "hanchans")}
    return problems, lines, extra
