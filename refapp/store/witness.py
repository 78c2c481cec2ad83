"""The journal: a durable witness of every event this device stored, outside the database.

``journal/<device_id>.jsonl`` in the data folder holds one line per event of this device's chain (the line format
of :mod:`refapp.store.chain`, described in ``docs/store.md``), appended right after each commit. It is not flushed
to disk by refapp: the database commit (``synchronous=FULL``) is the durable step that acknowledges a ruling. The
journal only has to outlive what can go wrong with the database file itself (a lost or damaged WAL, deleted rows, a
replaced or emptied file), and those leave the operating system's copy of the journal intact. A power cut may lose
the journal's newest lines: then the journal is *behind* the database, which is caught up from the database at the
next open (the database's chain is checked on the way). A journal *ahead* of the database means the database lost
acknowledged events: the open refuses to write and names them, and recovery re-inserts them from the journal.

Layer: bottom (the journal: the chain's lines outside the database): imports no feature of the store.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .chain import GENESIS, hash_of, row_of
from .codec_journal import JournalLine, LineError, decode, encode
from .paths import open_regular

JOURNAL_DIR = "journal"
_TAIL = 1 << 16


def journal_path(folder: Path, device_id: str) -> Path:
    return Path(folder) / JOURNAL_DIR / f"{device_id}.jsonl"


def journals(folder: Path) -> list[Path]:
    d = Path(folder) / JOURNAL_DIR
    return sorted(d.glob("*.jsonl")) if d.is_dir() else []


class JournalError(ValueError):
    """A journal line that cannot be read or does not chain (the message names the file and line)."""


@dataclass(frozen=True)
class Tail:
    device_seq: int
    hash: str
    complete: bool  # False: the file ends with a torn line (cut by a kill or a power loss)


def tail(path: Path) -> Tail | None:
    """The newest complete line's place in the chain, or None if the journal is missing or holds no line."""
    try:
        with open_regular(path) as fh:
            size = fh.seek(0, os.SEEK_END)
            if size == 0:
                return None
            step = _TAIL
            while True:
                start = max(0, size - step)
                fh.seek(start)
                chunk = fh.read(size - start)
                lines = chunk.split(b"\n")
                complete = chunk.endswith(b"\n")
                body = lines[:-1]  # the last piece is "" (complete) or a torn line
                if start > 0:
                    body = body[1:]  # the first piece may be cut
                for raw in reversed(body):
                    if raw.strip():
                        line = decode(raw, f"{path}: its newest line cannot be read")
                        return Tail(line.device_seq, line.hash, complete)
                if start == 0:
                    return None
                step *= 4
    except FileNotFoundError:
        return None
    except LineError as exc:
        raise JournalError(str(exc)) from None
    except OSError as exc:
        raise JournalError(f"{path}: its newest line cannot be read ({exc})") from None


def read_lines(path: Path, after_seq: int = 0) -> Iterator[dict[str, Any]]:
    """The complete lines with ``device_seq > after_seq``, in order (a torn last line is skipped)."""
    with open_regular(path) as fh:
        for n, raw in enumerate(fh, 1):
            if not raw.endswith(b"\n"):
                return  # torn by a kill: never acknowledged as written
            try:
                line = decode(raw, f"{path}: line {n} cannot be read")
            except LineError as exc:
                raise JournalError(str(exc)) from None
            if line.device_seq > after_seq:
                yield line.as_dict()


def check_chain(lines: Iterable[dict[str, Any]], prev_seq: int, prev_hash: str, source: str) -> list[dict[str, Any]]:
    """The lines, checked to continue a chain whose newest event is (``prev_seq``, ``prev_hash``): contiguous,
    every hash recomputed, every link right. Raises :class:`JournalError` naming the first bad line."""
    out = []
    for line in lines:
        seq = line.get("device_seq")
        if seq != prev_seq + 1:
            raise JournalError(f"{source}: #{seq} follows #{prev_seq}: lines are missing or out of order")
        row = row_of(line)
        if row["prev_hash"] != prev_hash:
            raise JournalError(f"{source}: #{seq} does not link onto #{prev_seq}")
        if hash_of(row) != row["hash"]:
            raise JournalError(f"{source}: #{seq}: its hash does not match its content")
        out.append(line)
        prev_seq, prev_hash = seq, row["hash"]
    return out


class Journal:
    """This device's journal, open for appending."""

    def __init__(self, folder: Path, device_id: str):
        self.path = journal_path(folder, device_id)
        self._fh: Any = None
        self._lock = threading.Lock()  # a worker's connection appends too (refapp.store.db.Store.sibling)

    def append(self, lines: Iterable[JournalLine | dict[str, Any]]) -> None:
        """Append lines after a commit. A failure (full disk) is left to the next open, which catches up."""
        text = "".join(encode(line) + "\n" for line in lines)
        if not text:
            return
        with self._lock:
            self._write(text)

    def _write(self, text: str) -> None:
        try:
            if self._fh is None:
                self.path.parent.mkdir(exist_ok=True)
                self._fh = self.path.open("a", encoding="utf-8")
            self._fh.write(text)
            self._fh.flush()  # to the operating system; not to the disk (see the module's docstring)
        except OSError:
            self.close()

    def cut_torn_end(self) -> None:
        """Remove a torn last line (left by a kill in the middle of an append)."""
        try:
            with self.path.open("rb+") as fh:
                size = fh.seek(0, os.SEEK_END)
                if size == 0:
                    return
                fh.seek(max(0, size - _TAIL))
                chunk = fh.read()
                if chunk.endswith(b"\n"):
                    return
                cut = chunk.rfind(b"\n")
                fh.truncate(size - len(chunk) + cut + 1 if cut >= 0 else 0)
        except FileNotFoundError:
            pass

    def close(self) -> None:
        if self._fh is not None:
            try:
                self._fh.close()
            except OSError:
                pass
            self._fh = None


__all__ = ["GENESIS", "JOURNAL_DIR", "Journal", "JournalError", "Tail", "check_chain", "journal_path", "tail"]
