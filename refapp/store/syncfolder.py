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

Layer: feature (the sync folder's format).
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from .chain import GENESIS, HASHED, LINE_KEYS, canonical, hash_v2, row_hash
from .folderio import Folder, FolderError, open_path
from .keys import fingerprint
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


def watched_paths(folder: Path, own_device: str) -> list[str]:
    """What to watch for another device's news: the venue's folder, each other device's folder and journal (never
    a link, nor anything that is not a folder or a regular file); the shared folder itself before it has one."""
    base = venue_dir(folder)
    try:
        venue = open_path(Path(folder), VENUE_DIR)
    except (OSError, FolderError):
        return []
    if venue is None:
        return [str(folder)] if Path(folder).is_dir() else []
    out = [str(base)]
    with venue:
        for name, kind in venue.entries():
            if kind != "folder" or name == own_device:
                continue
            out.append(str(base / name))
            try:
                d = venue.sub(name)
                if d is None:
                    continue
                with d:
                    found = d.lstat(JOURNAL_FILE)
            except (OSError, FolderError):
                continue
            if found is not None and stat.S_ISREG(found.st_mode):
                out.append(str(base / name / JOURNAL_FILE))
    return out


# -- device.json -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeviceFile:
    device_id: str
    key: str  # 64 hex digits
    fingerprint: str


def read_device(folder: Folder) -> DeviceFile:
    """``device.json`` of a device's folder, checked (FolderError naming the file otherwise)."""
    path = folder.path / DEVICE_FILE
    try:
        raw = folder.read(DEVICE_FILE, DEVICE_BYTES + 1)
    except OSError as exc:
        raise FolderError(f"{path}: cannot be read ({exc})") from None
    if raw is None:
        raise FolderError(f"{path}: no such file (every device's folder has one)")
    try:
        data = safe_loads(raw, str(path), max_bytes=DEVICE_BYTES)
    except JsonInputError as exc:
        raise FolderError(str(exc)) from None
    if not isinstance(data, dict) or data.get("format") != DEVICE_FORMAT or data.get("version") != 1:
        raise FolderError(f"{path}: not a refapp device file")
    device, key = data.get("device"), data.get("key")
    if not isinstance(device, str) or not _DEVICE_ID.fullmatch(device):
        raise FolderError(f"{path}: field 'device' is not a device id (1 to 128 letters, digits or . _ : -)")
    if not isinstance(key, str) or not _KEY_HEX.fullmatch(key):
        raise FolderError(f"{path}: field 'key' is not 64 lowercase hexadecimal digits")
    fp = fingerprint(bytes.fromhex(key))
    if folder.path.name != device:
        raise FolderError(f"{path}: it names device {device}, but its folder is {folder.path.name}")
    return DeviceFile(device, key, fp)


def own_folder(root: Folder, device_id: str, key_hex: str, fp: str) -> Folder:
    """This device's folder in the shared folder, open (made, with its ``device.json`` and the folder's README, the
    first time); refuse a folder where another key already speaks for this device id (a copied data folder), and a
    link or anything but a folder or a regular file on the way."""
    venue = root.sub(VENUE_DIR, create=True)
    assert venue is not None
    with venue:
        if venue.lstat("README.txt") is None:
            venue.write_atomic("README.txt", _README.encode())
        own = venue.sub(device_id, create=True)
    assert own is not None
    try:
        if own.lstat(DEVICE_FILE) is not None:
            found = read_device(own)
            if found.key != key_hex:
                raise FolderError(
                    f"{own.path / DEVICE_FILE}: another device writes in this folder as this device (its key is "
                    f"{found.fingerprint}, this device's is {fp}): was a data folder copied to a second tablet? "
                    "Nothing was written."
                )
        else:
            body = {"format": DEVICE_FORMAT, "version": 1, "device": device_id, "key": key_hex, "fingerprint": fp}
            own.write_atomic(DEVICE_FILE, (canonical(body) + "\n").encode())
    except BaseException:
        own.close()
        raise
    return own


# -- this device's journal in the folder -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Written:
    """What this device's journal in the folder holds: the events its last head signs, where that head ends."""

    events: int
    newest: str
    end: int  # the byte just after the last head line (what to keep); 0 for none
    signed: dict[str, Any] | None = None  # that head, as written


def own_tail(fh: BinaryIO) -> Written:
    """Find the last head line of this device's journal in the folder (reading from its end)."""
    size = fh.seek(0, os.SEEK_END)
    step = 1 << 16
    while True:
        start = max(0, size - step)
        fh.seek(start)
        chunk = fh.read(size - start)
        parts = chunk.split(b"\n")
        end = start + len(chunk) - len(parts[-1])  # just after the last complete line
        for raw in reversed(parts[1 if start > 0 else 0 : -1]):  # the first part may begin before the chunk
            head = _own_head(raw) if raw.startswith(b'{"head":') else None
            if head is not None:
                return Written(head["events"], head["newest"], end, head)
            end -= len(raw) + 1
        if start == 0:
            return Written(0, GENESIS, 0)
        step *= 4


def _own_head(raw: bytes) -> dict[str, Any] | None:
    """The head of a head line of this device's journal, or None for a line that is no head (the writer cuts it
    off: it keeps only what its last readable head covers)."""
    try:
        head = read_line(raw, "a head line")["head"]
        events, newest = head["events"], head["newest"]
    except (FolderError, KeyError, TypeError):
        return None
    if type(events) is not int or not 0 <= events < 2**63 or not isinstance(newest, str):
        return None
    return dict(head)


def append_own(fh: BinaryIO, keep: int, text: str) -> None:
    """Cut this device's journal back to ``keep`` bytes (what a sync cut short left after its last head) and append
    ``text``, flushed to the disk (a USB stick may be pulled out right after)."""
    if fh.seek(0, os.SEEK_END) != keep:
        fh.truncate(keep)
    fh.seek(keep)
    fh.write(text.encode("utf-8"))
    fh.flush()
    os.fsync(fh.fileno())


# -- reading another device's journal ----------------------------------------------------------------------------------


def new_lines(fh: BinaryIO, offset: int) -> Iterator[tuple[int, bytes]]:
    """The complete lines of an open journal from byte ``offset``, with the offset just after each. A torn last line
    is left out (read again once complete); a line longer than ``MAX_LINE`` is given cut there, ended or not (never
    read whole: the reader refuses it)."""
    fh.seek(offset)
    pos, readline, limit = offset, fh.readline, MAX_LINE + 1
    while True:
        raw = readline(limit)
        if len(raw) < limit and raw[-1:] != b"\n":
            return
        pos += len(raw)
        yield pos, raw


def last_head_after(fh: BinaryIO, offset: int, size: int) -> tuple[int, bytes] | None:
    """(where it starts, its bytes) of the last complete head line after byte ``offset`` (the start of a line), or
    None when none follows it. Read backwards a mebibyte at a time: no line before it is parsed."""
    end, tail, first = size, b"", True
    while end > offset:
        start = max(offset, end - (1 << 20))
        fh.seek(start)
        data = fh.read(end - start)
        lines = (data + tail).split(b"\n")
        if first:
            lines.pop()  # what follows the last line feed: a torn line, or nothing
            first = False
        cut = start > offset  # the first piece began before this chunk: it is completed by the next one
        starts, pos = [], start
        for raw in lines:
            starts.append(pos)
            pos += len(raw) + 1
        for k in range(len(lines) - 1, 0 if cut else -1, -1):
            raw = lines[k]
            if raw.startswith(b'{"head":') and len(raw) <= MAX_LINE:
                return starts[k], raw
        tail = lines[0] if cut and lines else b""
        if len(tail) > MAX_LINE:  # no head is this long: what it ends is skipped
            tail = b"\x00"
        end = start
    return None
