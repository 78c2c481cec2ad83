"""The journal line: one event as the journal (``journal/<device>.jsonl``), the bundles and the held events hold it.

A line is one canonical JSON object (:func:`refapp.store.canonjson.canonical`; ``docs/store.md``): enough to
re-insert the row and check its chain, nothing derived::

    {"after": ..., "device_id": ..., "device_seq": ..., "hash": ..., "hash_v": 2, "payload": {...},
     "prev_hash": ..., "table_id": ..., "tournament_id": ..., "uuid": ...}

A version-1 line (a row stored before schema 4) has ``"hash_v": 1`` and ``"row"``: the version-1 columns its hash
covers. :class:`JournalLine` is the typed line; :func:`from_row` builds it from a stored row, :func:`encode` writes
it, :func:`decode` reads it back or refuses it with a one-line :class:`LineError` naming the place and the field
(:func:`problem` says the same for a line already decoded as JSON, as a bundle holds it).

Layer: bottom (the journal line's format): imports no feature of the store.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..domain.jsontypes import JsonObject
from .canonjson import canonical, loads_line
from .chain import HASHED, LINE_KEYS
from .safejson import MAX_BYTES, JsonInputError

MAX_SEQ = 2**62
_S, _I, _SN, _IN = (str,), (int,), (str, type(None)), (int, type(None))
_LINE_TYPES: dict[str, tuple[type, ...]] = {
    "hash_v": _I,
    "device_id": _S,
    "device_seq": _I,
    "uuid": _S,
    "tournament_id": _S,
    "table_id": _S,
    "after": _SN,
    "payload": (dict,),
    "prev_hash": _S,
    "hash": _S,
}
_V1_TYPES: dict[str, tuple[type, ...]] = {
    "at": _S, "referee": _S, "hanchan_no": _I, "round_wind": _S, "hand_no": _I, "counters": _I, "type": _S,
    "seat": _IN, "player": _SN, "offence": _SN, "answers": _S, "ruling": _S, "ruleset_id": _S,
    "ruleset_version": _S, "note": _S, "payload": _S,
}  # fmt: skip
_NAMES = {str: "text", int: "a whole number", type(None): "null", dict: "a JSON object"}


class LineError(ValueError):
    """A journal line that cannot be used; the message is one line: ``WHERE: what is wrong``."""


@dataclass(frozen=True, slots=True)
class JournalLine:
    """One event's line: what its hash covers (``v1_columns``: the other columns of a version-1 row)."""

    hash_v: int
    device_id: str
    device_seq: int
    uuid: str
    tournament_id: str
    table_id: str
    after: str | None
    payload: JsonObject  # the event as entered
    prev_hash: str
    hash: str
    v1_columns: JsonObject | None = None

    def as_dict(self) -> dict[str, Any]:
        """The line as its JSON object (what the chain checks and the import take)."""
        out = {k: getattr(self, k) for k in LINE_KEYS if k != "payload"}  # in this order: a bundle keeps it
        out["payload"] = self.payload
        if self.v1_columns is not None:
            out["row"] = self.v1_columns
        return out


def from_row(row: dict[str, Any]) -> JournalLine:
    """The line of a stored row."""
    hash_v = row.get("hash_v", 1)
    v1 = {k: row[k] for k in HASHED if k not in LINE_KEYS} | {"payload": row["payload"]} if hash_v == 1 else None
    return JournalLine(
        hash_v, row["device_id"], row["device_seq"], row["uuid"], row["tournament_id"], row["table_id"],
        row.get("after"), json.loads(row["payload"]), row["prev_hash"], row["hash"], v1,
    )  # fmt: skip


def line_of(row: dict[str, Any]) -> dict[str, Any]:
    """The line of a stored row, as its JSON object (:func:`from_row`, then :meth:`JournalLine.as_dict`)."""
    return from_row(row).as_dict()


def encode(line: JournalLine | dict[str, Any]) -> str:
    """The line's text (one canonical JSON object, no line feed). A dict is a line's JSON object; a key a reader
    added (named with a leading ``_``: ``_payload_text``, the payload's text as read) is left out."""
    data = line.as_dict() if isinstance(line, JournalLine) else line
    if any(k.startswith("_") for k in data):
        data = {k: v for k, v in data.items() if not k.startswith("_")}
    return canonical(data)


def decode(text: bytes | str, where: str) -> JournalLine:
    """A line read back, checked field by field; :class:`LineError` ``WHERE: what is wrong`` otherwise."""
    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    try:
        data = loads_line(raw, where, max_bytes=MAX_BYTES)
    except JsonInputError as exc:
        raise LineError(str(exc)) from None
    return of_dict(data, where)


def of_dict(data: Any, where: str) -> JournalLine:
    """A line's JSON object as a :class:`JournalLine`; :class:`LineError` naming the field otherwise."""
    wrong = problem(data, where)
    if wrong is not None:
        raise LineError(wrong)
    fields = {k: data[k] for k in LINE_KEYS}
    return JournalLine(**fields, v1_columns=data["row"] if data["hash_v"] == 1 else None)


def problem(line: Any, where: str) -> str | None:
    """What makes ``line`` (a decoded JSON value) not a journal line, in one line starting with ``where``; None if
    it is one (its chain and payload are checked elsewhere)."""
    if not isinstance(line, dict):
        return f"{where}: an event is a JSON object, got {type(line).__name__}"
    allowed = set(LINE_KEYS) | ({"row"} if line.get("hash_v") == 1 else set())
    for key in line:
        if key not in allowed:
            return f"{where}: unknown field {key!r}"
    for key, kinds in _LINE_TYPES.items():
        if key not in line:
            return f"{where}: field {key!r} is missing"
        if not _type_ok(line[key], kinds):
            return _bad_type(where, key, line[key], kinds)
    if line["hash_v"] not in (1, 2):
        return f"{where}: field 'hash_v' should be 1 or 2, got {line['hash_v']}"
    if not 1 <= line["device_seq"] <= MAX_SEQ:
        return f"{where}: field 'device_seq' should be from 1 to {MAX_SEQ}, got {line['device_seq']}"
    if line["hash_v"] == 1:
        row = line.get("row")
        if not isinstance(row, dict):
            return f"{where}: field 'row' (the columns of a version-1 row) is missing"
        for key, kinds in _V1_TYPES.items():
            if key not in row:
                return f"{where}: field 'row.{key}' is missing"
            if not _type_ok(row[key], kinds):
                return _bad_type(where, f"row.{key}", row[key], kinds)
            if isinstance(row[key], int) and not -(2**63) <= row[key] < 2**63:
                return f"{where}: field 'row.{key}' is out of range"
    return None


def _type_ok(value: Any, kinds: tuple[type, ...]) -> bool:
    return not isinstance(value, bool) and isinstance(value, kinds)


def _bad_type(where: str, key: str, value: Any, kinds: tuple[type, ...]) -> str:
    shown = repr(value) if len(repr(value)) <= 60 else repr(value)[:57] + "..."
    return f"{where}: field {key!r} should be {' or '.join(_NAMES[k] for k in kinds)}, got {shown}"


__all__ = ["MAX_SEQ", "JournalLine", "LineError", "decode", "encode", "from_row", "line_of", "of_dict", "problem"]
