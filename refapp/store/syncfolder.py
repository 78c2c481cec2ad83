"""The venue's shared folder: each device's journal as files, read and written by :mod:`refapp.store.sync`.

A shared folder (a USB stick, a network share, a folder Syncthing keeps in step) holds one sub-folder per device
under ``refapp-venue/``; each device writes its own and only reads the others' (``docs/venue.md`` gives the format
byte for byte)::

    refapp-venue/<device id>/device.json     {"format": "refapp-device", "version": 1, "device", "key", "fingerprint"}
    refapp-venue/<device id>/journal.jsonl   the device's events, then its signed head, appended after each sync

Each line of ``journal.jsonl`` is an event or a signed head, in the format of :mod:`refapp.store.codec_syncline`
(which writes and reads them).

The file only grows. Lines after the last signed head (a sync cut short) are not read until a head covers them, and a
torn last line is ignored; the writer cuts them before it appends again.

Layer: feature (the sync folder's format).
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from .canonjson import canonical
from .chain import GENESIS
from .codec_syncline import MAX_LINE, read_value
from .folderio import Folder, FolderError, open_path
from .keys import fingerprint
from .safejson import JsonInputError
from .safejson import loads as safe_loads

VENUE_DIR = "refapp-venue"
DEVICE_FILE = "device.json"
JOURNAL_FILE = "journal.jsonl"
DEVICE_FORMAT = "refapp-device"
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
        head = read_value(raw, "a head line")["head"]
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
