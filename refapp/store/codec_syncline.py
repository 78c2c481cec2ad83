"""The sync-folder line: one line of a device's ``journal.jsonl`` in the venue's shared folder, typed.

Each line is one canonical JSON object (:func:`refapp.store.canonjson.canonical`) ending with a line feed
(``docs/venue.md`` gives the format byte for byte):

* an event (:class:`SyncLine`): ``{"s": device_seq, "o": tournament_id, "t": table_id, "a": after, "p": payload}``;
  an event stored before schema 4 also has ``"v": 1`` and ``"r"``: the other columns its hash covers. No hash is
  written: every reader computes the chain again from the payloads (:func:`to_journal`);
* a signed head (:class:`HeadLine`): ``{"head": {...}}`` (:mod:`refapp.store.signing`).

:func:`encode` writes one, :func:`decode` reads one back or refuses it with a one-line :class:`FolderError` naming
the place and the field.

Layer: bottom (the sync folder's line format): imports no feature of the store.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .canonjson import canonical, loads_line
from .chain import HASHED, LINE_KEYS, hash_v2, row_hash
from .folderio import FolderError
from .safejson import JsonInputError

MAX_LINE = 1 << 20  # no event line is this long (payloads are bounded); a longer one is not a refapp line
_FIELDS = frozenset(("s", "o", "t", "a", "p", "v", "r"))


@dataclass(frozen=True, slots=True)
class SyncLine:
    """One event as the shared folder holds it: what its hash covers, nothing derived."""

    device_seq: int
    tournament_id: str
    table_id: str
    after: str | None
    payload: dict[str, Any]  # the event as entered (a JSON object with its "id")
    v1_columns: dict[str, Any] | None = None  # "r": the version-1 columns its hash covers (None: version 2)
    payload_text: str | None = field(default=None, compare=False)  # the payload's text as read (spares encoding it)

    @property
    def uuid(self) -> str:
        return str(self.payload["id"])


@dataclass(frozen=True, slots=True)
class HeadLine:
    """A signed head line: the device's key vouches for its chain up to there (checked by the reader)."""

    head: dict[str, Any]


def from_row(row: dict[str, Any]) -> SyncLine:
    """The folder line of a stored event row."""
    v1 = None
    if row.get("hash_v", 1) == 1:
        v1 = {k: row[k] for k in HASHED if k not in LINE_KEYS} | {"payload": row["payload"]}
    return SyncLine(
        row["device_seq"], row["tournament_id"], row["table_id"], row.get("after"), json.loads(row["payload"]), v1
    )


def encode(line: SyncLine | HeadLine) -> str:
    """The line's text, with its line feed."""
    if isinstance(line, HeadLine):
        return canonical({"head": line.head}) + "\n"
    out: dict[str, Any] = {"s": line.device_seq, "o": line.tournament_id, "t": line.table_id, "a": line.after}
    out["p"] = line.payload
    if line.v1_columns is not None:
        out["v"], out["r"] = 1, line.v1_columns
    return canonical(out) + "\n"


def read_value(raw: bytes, where: str) -> Any:
    """The JSON value of one line; FolderError naming ``where`` and what is wrong otherwise: bytes that are not
    UTF-8, nesting deeper than 64 levels, a number of more than 4,300 digits, NaN or an infinite number, a lone
    surrogate escape (the limits of every refapp reader, :mod:`refapp.store.safejson`)."""
    try:
        return loads_line(raw, where, max_bytes=MAX_LINE)
    except JsonInputError as exc:
        raise FolderError(str(exc)) from None


def decode(raw: bytes, where: str) -> SyncLine | HeadLine:
    """One line read back (without its checks against the chain: :func:`to_journal`, and the signature of a head:
    :mod:`refapp.store.signing`); FolderError ``WHERE: what is wrong`` for anything else."""
    value = read_value(raw, where)
    if not isinstance(value, dict):
        raise FolderError(f"{where}: not a journal line")
    if "head" in value:
        return HeadLine(value["head"])
    try:
        return event_of(value, raw)
    except FolderError as exc:
        raise FolderError(f"{where}: {exc}") from None


def event_of(raw: dict[str, Any], text: bytes = b"") -> SyncLine:
    """An event line from its JSON object (``text``, the line as read, keeps the payload's text); FolderError saying
    what is wrong (without the place)."""
    try:
        seq, tournament, table, after, payload = raw["s"], raw["o"], raw["t"], raw["a"], raw["p"]
        uuid = payload["id"]
    except (KeyError, TypeError):
        raise FolderError(_wrong_field(raw)) from None
    if type(seq) is not int or not isinstance(tournament, str) or not isinstance(table, str):
        raise FolderError(_wrong_field(raw))
    if not isinstance(uuid, str) or not (after is None or isinstance(after, str)) or not isinstance(payload, dict):
        raise FolderError(_wrong_field(raw))
    if not _FIELDS.issuperset(raw):
        raise FolderError(f"unknown field {sorted(set(raw) - _FIELDS)[0]!r}")
    if raw.get("v") == 1:
        row = raw.get("r")
        if not isinstance(row, dict) or not isinstance(row.get("payload"), str):
            raise FolderError("a version-1 event line without its columns")
        return SyncLine(seq, tournament, table, None, payload, row)
    if "v" in raw or "r" in raw:
        raise FolderError("field 'v' must be 1 when given")
    return SyncLine(seq, tournament, table, after, payload, None, _payload_text(text) if text else None)


def to_journal(device_id: str, line: SyncLine, prev_hash: str) -> dict[str, Any]:
    """A folder line as a journal line (:mod:`refapp.store.codec_journal`), its hash computed from its content.
    Raises FolderError for a version-1 line that lacks a column its hash covers."""
    seq, tournament, table, after, uuid = line.device_seq, line.tournament_id, line.table_id, line.after, line.uuid
    out = {"hash_v": 2, "device_id": device_id, "device_seq": seq, "uuid": uuid, "tournament_id": tournament}
    out |= {"table_id": table, "after": after, "payload": line.payload, "prev_hash": prev_hash}
    if line.v1_columns is not None:
        out["hash_v"], out["row"] = 1, line.v1_columns
        full = {"uuid": uuid, "device_id": device_id, "device_seq": seq, "tournament_id": tournament}
        full |= {"table_id": table} | line.v1_columns
        try:
            out["hash"] = row_hash(prev_hash, full)
        except KeyError as exc:
            raise FolderError(f"a version-1 event line without its column {exc}") from None
    else:
        text = line.payload_text if line.payload_text is not None else canonical(line.payload)
        out["_payload_text"] = text
        out["hash"] = hash_v2(prev_hash, [uuid, device_id, seq, tournament, table, after], text)
    return out


_FIELD_TYPES = (("s", "a whole number"), ("o", "a string"), ("t", "a string"), ("a", "a string or null"))


def _wrong_field(raw: dict[str, Any]) -> str:
    """What makes ``raw`` not an event line: the first field missing or of the wrong type (only called then)."""
    for name in ("s", "o", "t", "a", "p"):
        if name not in raw:
            return f"not an event line: field {name!r} is missing"
    checks = {"s": type(raw["s"]) is int, "o": isinstance(raw["o"], str), "t": isinstance(raw["t"], str)}
    checks |= {"a": raw["a"] is None or isinstance(raw["a"], str), "p": isinstance(raw["p"], dict)}
    for name, kind in (*_FIELD_TYPES, ("p", "an object")):
        if not checks[name]:
            return f"not an event line: field {name!r} must be {kind}, not {_short(raw[name])}"
    if "id" not in raw["p"]:
        return "not an event line: field 'p.id' is missing"
    return f"not an event line: field 'p.id' must be a string, not {_short(raw['p']['id'])}"


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=True)
    return text if len(text) <= 40 else text[:40] + "…"


def _payload_text(text: bytes) -> str | None:
    """The payload's text inside a line as written (keys sorted: ``a``, ``o``, ``p``, ``s``, ``t``; a quote inside a
    string is escaped, so these markers cannot occur in the ids). The hash is computed over it: a line that is not
    canonical JSON fails the signed head's check."""
    start = text.find(b',"p":')
    end = text.rfind(b',"s":')
    if start < 0 or end < start:
        return None
    return text[start + 5 : end].decode("utf-8")


__all__ = ["MAX_LINE", "HeadLine", "SyncLine", "decode", "encode", "event_of", "from_row", "read_value", "to_journal"]
