"""The errors of the store: what a user is told when something stored, or to be stored, goes wrong.

Each says what happened and what to do. What can reach the screen is raised with a message id, ``key``, and its
``params`` only: its English text (what the command line prints) is the id's sentence in the catalogue
(:mod:`refapp.domain.catalogue`), and the user interface says the same id in the screen's language.

Layer: bottom (the errors every layer raises): imports no feature of the store.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypedDict

from ..domain.catalogue import Param, english
from .refs import TableRef


class StoreError(Exception):
    """A store problem the user must be told about (see the module's docstring)."""

    key = ""

    def __init__(self, message: str = "", key: str = "", **params: Param):
        key = key or self.key
        super().__init__(message or (english(key, params) if key else ""))
        self.key = key
        self.params: dict[str, Param] = params


class DamagedDatabase(StoreError):
    """The database file cannot be trusted. It is left untouched; a backup or the journal can restore it."""

    key = "damaged"

    def __init__(self, path: Path, detail: str):
        self.path, self.detail = path, detail
        super().__init__(path=path, detail=detail)


class MissingEntry(TypedDict):
    """An event the database lacks, for a person: its id and place in its device's line as read (from a journal
    line or a damaged row: either may be missing or unreadable), and a line of words ("table 7, East 2, ...")."""

    uuid: object
    device_seq: object
    text: str


class MissingEvents(DamagedDatabase):
    """The database lacks events that this device acknowledged (its journal or a backup holds them)."""

    def __init__(self, path: Path, missing: list[MissingEntry], source: str):
        self.missing, self.source = missing, source
        shown = "; ".join(m["text"] for m in missing[:10]) + ("; ..." if len(missing) > 10 else "")
        self.path, self.detail = path, shown
        StoreError.__init__(self, key="missing_events", path=path, count=len(missing), shown=shown)


class FolderInUse(StoreError):
    """Another refapp writes this data folder (``pid``: its process, when known)."""

    def __init__(self, folder: Path, pid: int | None):
        self.folder, self.pid = folder, pid
        if pid:
            super().__init__(key="folder_in_use_by", folder=folder, pid=pid)
        else:
            super().__init__(key="folder_in_use", folder=folder)


class TableChanged(StoreError):
    """The table gained events since the state a ruling was built from (another view, an import)."""

    def __init__(self, table: TableRef, expected: str | None, found: str | None):
        self.table, self.expected, self.found = table, expected, found
        super().__init__(key="table_changed", table=table.number)


class DiskFull(StoreError):
    """The disk holding the data folder is full."""

    key = "disk_full"


def refused(exc: sqlite3.Error) -> StoreError:
    """The error for a write the database refused (the disk is full, the folder is read-only, another reason)."""
    text = str(exc).lower()
    if "disk is full" in text or getattr(exc, "sqlite_errorname", "") == "SQLITE_FULL":
        return StoreError(key="not_saved_full")
    if "readonly" in text or "read-only" in text or "unable to open" in text:
        return StoreError(key="not_saved_read_only")
    return StoreError(key="not_saved", reason=str(exc))


class BundleError(StoreError):
    """Lines that cannot be imported (a bundle, or what a sync read): ``problems`` lists everything found; the message
    names the first (:mod:`refapp.store.importing`)."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        more = f" (and {len(problems) - 1} more problem(s))" if len(problems) > 1 else ""
        super().__init__(f"bundle rejected, nothing was imported: {problems[0]}{more}")


@contextmanager
def reading(path: Path) -> Iterator[None]:
    """Reads that meet text that is not UTF-8 (a damaged page, a stray write) raise :class:`DamagedDatabase`."""
    try:
        yield
    except UnicodeDecodeError as exc:
        raise DamagedDatabase(path, f"a stored text is not valid UTF-8: {exc}") from None
    except sqlite3.OperationalError as exc:
        if "decode" in str(exc).lower() or "utf-8" in str(exc).lower():
            raise DamagedDatabase(path, f"a stored text is not valid UTF-8: {exc}") from None
        raise
    except sqlite3.DatabaseError as exc:
        if getattr(exc, "sqlite_errorname", "") in ("SQLITE_CORRUPT", "SQLITE_NOTADB"):
            raise DamagedDatabase(path, str(exc)) from None
        raise
