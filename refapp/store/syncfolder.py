"""The venue's shared folder: each device's journal as files, read and written by :mod:`refapp.store.sync`.

A shared folder (a USB stick, a network share, a folder Syncthing keeps in step) holds one sub-folder per device
under ``refapp-venue/``; each device writes its own and only reads the others' (``docs/venue.md`` gives the format
byte for byte)::

    refapp-venue/<device id>/device.json     {"format": "refapp-device", "version": 1, "device", "key", "fingerprint"}
    refapp-venue/<device id>/journal.jsonl   the device's events, then its signed head, appended after each sync

Each line of ``journal.jsonl`` is one JSON object, compact, keys sorted, UTF-8, ending with a line feed:

* an event: ``{"s": device_seq, "o": tournament_id, "t": table_id, "a": after, "p": payload}`` (an event stored
  before schema 4 also has ``"v": 1`` and ``"r"``: the other columns its hash covers, as in the journal). No hash is
  written: every reader computes the chain again from the payloads;
* a signed head: ``{"head": {...}}`` (:mod:`refapp.store.signing`): the device's key vouches for its chain up to there.

The file only grows. Lines after the last signed head (a sync cut short) are not read until a head covers them, and a
torn last line is ignored; the writer cuts them before it appends again.
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .chain import GENESIS, canonical, hash_v2, row_hash
from .paths import open_regular, read_regular
from .safejson import MAX_DEPTH, JsonInputError
from .safejson import loads as safe_loads

VENUE_DIR = "refapp-venue"
DEVICE_FILE = "device.json"
JOURNAL_FILE = "journal.jsonl"
DEVICE_FORMAT = "refapp-device"
MAX_LINE = 1 << 20  # no event line is this long (payloads are bounded); a longer one is not a refapp line
_KEY_HEX = re.compile(r"[0-9a-f]{64}")  # as every device writes it (and as a signed head must name it)
_DEVICE_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")  # as a signed head must name it (refapp.store.signing)
DEVICE_BYTES = 4096  # device.json is about 250 bytes
_README = """This folder keeps a venue's refapp devices in step. Each sub-folder of refapp-venue/ belongs to one device
and is written by that device only: do not edit, rename or delete anything here. See docs/venue.md in refapp.
"""


class FolderError(ValueError):
    """Something in the shared folder that cannot be used (the message names the file and what is wrong)."""


def venue_dir(folder: Path) -> Path:
    return Path(folder) / VENUE_DIR


def device_dir(folder: Path, device_id: str) -> Path:
    return venue_dir(folder) / device_id


# -- lines -------------------------------------------------------------------------------------------------------------


def encode(row: dict[str, Any]) -> str:
    """The folder line of a stored row (with its line feed)."""
    line: dict[str, Any] = {"s": row["device_seq"], "o": row["tournament_id"], "t": row["table_id"]}
    line["a"] = row.get("after")
    line["p"] = json.loads(row["payload"])
    if row.get("hash_v", 1) == 1:
        from .chain import HASHED, LINE_KEYS

        line["v"] = 1
        line["r"] = {k: row[k] for k in HASHED if k not in LINE_KEYS} | {"payload": row["payload"]}
    return canonical(line) + "\n"


def encode_head(head: dict[str, Any]) -> str:
    return canonical({"head": head}) + "\n"


def journal_line(device_id: str, raw: dict[str, Any], prev_hash: str, text: bytes = b"") -> dict[str, Any]:
    """A folder line as a journal line (:mod:`refapp.store.chain`), its hash computed from its content (``text``,
    the line as read, spares encoding the payload again). Raises FolderError for a line that is not an event line."""
    try:
        seq, tournament, table, after, payload = raw["s"], raw["o"], raw["t"], raw["a"], raw["p"]
        uuid = payload["id"]
    except (KeyError, TypeError):
        raise FolderError(_wrong_field(raw)) from None
    if type(seq) is not int or not isinstance(tournament, str) or not isinstance(table, str):
        raise FolderError(_wrong_field(raw))
    if not isinstance(uuid, str) or not (after is None or isinstance(after, str)) or not isinstance(payload, dict):
        raise FolderError(_wrong_field(raw))
    unknown = set(raw) - {"s", "o", "t", "a", "p", "v", "r"}
    if unknown:
        raise FolderError(f"unknown field {sorted(unknown)[0]!r}")
    line = {"hash_v": 2, "device_id": device_id, "device_seq": seq, "uuid": uuid, "tournament_id": tournament}
    line |= {"table_id": table, "after": after, "payload": payload, "prev_hash": prev_hash}
    if raw.get("v") == 1:
        row = raw.get("r")
        if not isinstance(row, dict) or not isinstance(row.get("payload"), str):
            raise FolderError("a version-1 event line without its columns")
        line["hash_v"], line["row"], line["after"] = 1, row, None
        full = {"uuid": uuid, "device_id": device_id, "device_seq": seq, "tournament_id": tournament}
        full |= {"table_id": table} | row
        try:
            line["hash"] = row_hash(prev_hash, full)
        except KeyError as exc:
            raise FolderError(f"a version-1 event line without its column {exc}") from None
    elif "v" in raw or "r" in raw:
        raise FolderError("field 'v' must be 1 when given")
    else:
        payload_text = _payload_text(text) if text else None
        if payload_text is None:
            payload_text = canonical(payload)
        line["_payload_text"] = payload_text
        line["hash"] = hash_v2(prev_hash, [uuid, device_id, seq, tournament, table, after], payload_text)
    return line


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


def read_line(raw: bytes, where: str) -> Any:
    """The JSON value of one journal line; FolderError naming ``where`` and what is wrong otherwise: bytes that are
    not UTF-8, nesting deeper than 64 levels, a number of more than 4,300 digits, NaN or an infinite number, a lone
    surrogate escape (the limits of every refapp reader, :mod:`refapp.store.safejson`)."""
    if raw.count(b"[") + raw.count(b"{") <= MAX_DEPTH and b"\\" not in raw:  # every event line refapp writes
        try:  # (no escape, so no surrogate; too few brackets to nest deeper than the limit)
            return _decode(raw.decode("utf-8"))
        except (ValueError, RecursionError):
            pass  # said precisely below
    try:
        return safe_loads(raw, where, max_bytes=MAX_LINE)
    except JsonInputError as exc:
        raise FolderError(str(exc)) from None


def _not_finite(literal: str) -> Any:
    raise ValueError(literal)


def _finite(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value):
        raise ValueError(literal)
    return value


_decode = json.JSONDecoder(parse_constant=_not_finite, parse_float=_finite).decode


def _payload_text(text: bytes) -> str | None:
    """The payload's text inside a line as written (keys sorted: ``a``, ``o``, ``p``, ``s``, ``t``; a quote inside a
    string is escaped, so these markers cannot occur in the ids). The hash is computed over it: a line that is not
    canonical JSON fails the signed head's check."""
    start = text.find(b',"p":')
    end = text.rfind(b',"s":')
    if start < 0 or end < start:
        return None
    return text[start + 5 : end].decode("utf-8")


# -- device.json -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeviceFile:
    device_id: str
    key: str  # 64 hex digits
    fingerprint: str


def read_device(path: Path) -> DeviceFile:
    """``device.json`` of a device's folder, checked (FolderError naming the file otherwise)."""
    from .keys import fingerprint

    try:
        data = safe_loads(read_regular(path, DEVICE_BYTES + 1), str(path), max_bytes=DEVICE_BYTES)
    except JsonInputError as exc:
        raise FolderError(str(exc)) from None
    except OSError as exc:
        raise FolderError(f"{path}: cannot be read ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != DEVICE_FORMAT or data.get("version") != 1:
        raise FolderError(f"{path}: not a refapp device file")
    device, key = data.get("device"), data.get("key")
    if not isinstance(device, str) or not _DEVICE_ID.fullmatch(device):
        raise FolderError(f"{path}: field 'device' is not a device id (1 to 128 letters, digits or . _ : -)")
    if not isinstance(key, str) or not _KEY_HEX.fullmatch(key):
        raise FolderError(f"{path}: field 'key' is not 64 lowercase hexadecimal digits")
    fp = fingerprint(bytes.fromhex(key))
    if path.parent.name != device:
        raise FolderError(f"{path}: it names device {device}, but its folder is {path.parent.name}")
    return DeviceFile(device, key, fp)


def write_device(folder: Path, device_id: str, key_hex: str, fp: str) -> None:
    """Write this device's ``device.json`` once (and the folder's README); refuse a folder where another key already
    speaks for this device id (a copied data folder)."""
    d = device_dir(folder, device_id)
    path = d / DEVICE_FILE
    if path.exists():
        found = read_device(path)
        if found.key != key_hex:
            raise FolderError(
                f"{path}: another device writes in this folder as this device (its key is {found.fingerprint}, this "
                f"device's is {fp}): was a data folder copied to a second tablet? Nothing was written."
            )
        return
    d.mkdir(parents=True, exist_ok=True)
    readme = venue_dir(folder) / "README.txt"
    if not readme.exists():
        _write_atomic(readme, _README.encode())
    body = {"format": DEVICE_FORMAT, "version": 1, "device": device_id, "key": key_hex, "fingerprint": fp}
    _write_atomic(path, (canonical(body) + "\n").encode())


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    with tmp.open("wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


# -- this device's journal in the folder -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Written:
    """What this device's journal in the folder holds: the events its last head signs, where that head ends."""

    events: int
    newest: str
    end: int  # the byte just after the last head line (what to keep); 0 for none


def own_tail(path: Path) -> Written:
    """Find the last signed head of this device's journal in the folder (reading from its end)."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return Written(0, GENESIS, 0)
    step = 1 << 16
    with open_regular(path) as fh:
        while True:
            start = max(0, size - step)
            fh.seek(start)
            chunk = fh.read(size - start)
            parts = chunk.split(b"\n")
            end = start + len(chunk) - len(parts[-1])  # just after the last complete line
            for raw in reversed(parts[1 if start > 0 else 0 : -1]):  # the first part may begin before the chunk
                head = _own_head(raw) if raw.startswith(b'{"head":') else None
                if head is not None:
                    return Written(*head, end)
                end -= len(raw) + 1
            if start == 0:
                return Written(0, GENESIS, 0)
            step *= 4


def _own_head(raw: bytes) -> tuple[int, str] | None:
    """(events, newest hash) of a head line of this device's journal, or None for a line that is no head (the writer
    cuts it off: it keeps only what its last readable head covers)."""
    try:
        head = read_line(raw, "a head line")["head"]
        events, newest = head["events"], head["newest"]
    except (FolderError, KeyError, TypeError):
        return None
    if type(events) is not int or not 0 <= events < 2**63 or not isinstance(newest, str):
        return None
    return events, newest


def append_own(path: Path, keep: int, text: str) -> None:
    """Cut this device's journal back to ``keep`` bytes (what a sync cut short left after its last head) and append
    ``text``, flushed to the disk (a USB stick may be pulled out right after)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and not path.is_file():
        raise FolderError(f"{path} is not a regular file: nothing was written (remove it)")
    with open(path, "ab") as fh:
        if fh.tell() != keep:
            fh.truncate(keep)
        fh.write(text.encode("utf-8"))
        fh.flush()
        os.fsync(fh.fileno())


# -- reading another device's journal ----------------------------------------------------------------------------------


def new_lines(path: Path, offset: int) -> tuple[int, Iterator[tuple[int, bytes]]]:
    """(the file's size, the complete lines from byte ``offset`` with the offset just after each). A torn last line
    is left out (read again once complete); a line longer than ``MAX_LINE`` is given cut there, ended or not (never
    read whole: the reader refuses it). The lines raise OSError when the file cannot be opened or read."""
    size = path.stat().st_size

    def lines() -> Iterator[tuple[int, bytes]]:
        with open_regular(path) as fh:
            fh.seek(offset)
            pos, readline, limit = offset, fh.readline, MAX_LINE + 1
            while True:
                raw = readline(limit)
                if len(raw) < limit and raw[-1:] != b"\n":
                    return
                pos += len(raw)
                yield pos, raw

    return size, lines()
