"""The data folder opened by a face that has no session (the command line): its database, its rule sets, its
settings and referee PIN, and the tournaments it holds.

The app opens the same folder with the same functions (:mod:`refapp.app` through :func:`open_folder` and
:func:`load_catalog`), then keeps a :class:`~refapp.core.session.Session` over it; a command opens it, does one thing
through the core and closes it. The referee PIN is checked by the app's own :class:`~refapp.core.lock.Lock` (the same
failure count and lockout, saved to the settings file and the database).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from ..store import opening
from ..store import rulesets as store_rulesets
from ..store.db import Store
from ..store.errors import DamagedDatabase
from ..store.history import tournament_ids as find_ids
from ..store.rulesets import Catalog
from ..store.settings import Settings, load_settings, restore_pin, save_settings
from ..store.standings_reads import find_tournament as find_one
from .lock import Lock


def open_folder(folder: Path, *, read_only: bool = False, window: bool = False) -> Store:
    """The folder's database: for writing (created or migrated, the folder's lock held), or with ``read_only`` for
    reading only (no lock, nothing written, any schema version). ``window``: for the app, whose window must stay
    lively (a big database's full check runs in a helper process). Raises StoreError (DamagedDatabase,
    FolderInUse...)."""
    if read_only:
        return opening.open_store(folder, read_only=True)
    return opening.open_store(folder, check_apart=window)


def open_damaged(folder: Path, damage: DamagedDatabase) -> Store | None:
    """The database a read-only open refused as damaged, opened all the same to name what is damaged in it; None
    when it cannot be read at all."""
    return opening.open_damaged(folder, damage)


def load_catalog(folder: Path) -> Catalog:
    """The rule sets: the built-in ones, then the folder's own (``rulesets/*.toml``; a file that cannot be loaded is
    in ``errors``, the others still load)."""
    return store_rulesets.load_catalog(folder / "rulesets")


def settings(folder: Path) -> Settings:
    """The folder's settings (a damaged file: every valid setting kept)."""
    return load_settings(folder)[0]


def referee(folder: Path) -> str:
    """Who the entries of this device are by when no one is named: its referee, else "referee"."""
    return settings(folder).referee or "referee"


def referee_lock(folder: Path, store: Store, clock: Callable[[], datetime]) -> Lock:
    """The device's lock with its referee PIN as the app keeps it (the copy in the database wins over a lost or
    replaced settings file): :meth:`Lock.check` counts a wrong PIN and locks out as the app does, saved at once."""
    kept = settings(folder)
    restore_pin(kept, store)
    return Lock(kept, clock, lambda: save_settings(folder, kept, store))


def tournament_ids(store: Store, ref: str) -> list[str]:
    """The ids of the tournaments whose id is ``ref`` or whose name is ``ref`` (case-insensitive), oldest first."""
    return find_ids(store, ref)


def find_tournament(store: Store, ref: str | None) -> tuple[str, str]:
    """(id, name) of the tournament whose id or name is ``ref``; without ``ref``, the only one, else the latest.
    Raises LookupError with one line saying what is wrong."""
    return find_one(store, ref)


def tournament_names(store: Store) -> list[tuple[str, str]]:
    """(id, name) of every tournament, oldest first."""
    return [(str(t["id"]), str(t["name"])) for t in store.tournaments()]


def tournament_name(store: Store, tournament_id: str) -> str:
    """The tournament's name (its id when it has none here)."""
    return next((name for tid, name in tournament_names(store) if tid == tournament_id), tournament_id)


__all__ = [
    "Catalog",
    "find_tournament",
    "load_catalog",
    "open_damaged",
    "open_folder",
    "referee",
    "referee_lock",
    "settings",
    "tournament_ids",
    "tournament_name",
    "tournament_names",
]
