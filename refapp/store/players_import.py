"""A tournament's players from a roster (:mod:`refapp.store.roster`), in one transaction: the tournament is found by
id or name (created when there is none yet), each roster name is matched to a player of the tournament by name
(case-insensitive); a new name is a new ``player`` event, a known name whose federation id or first-timer flag
changed is a later ``player`` event of the same player (the newest counts), the others are left as they are.

Layer: feature (the tournament's players).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ..domain.events import LogError
from .db import Store
from .entities import entity_row
from .errors import StoreError
from .roster import RosterEntry


@dataclass(frozen=True, slots=True)
class PlayersImported:
    """What an import did: the tournament (its id and name, and whether it was created now) and the names added,
    changed and already known as they are."""

    tournament_id: str
    tournament: str
    created: bool
    added: tuple[str, ...]
    changed: tuple[str, ...]
    unchanged: tuple[str, ...]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def find_tournaments(store: Store, ref: str) -> list[tuple[str, str]]:
    """(id, name) of the tournaments whose id or name (case-insensitive) is ``ref``."""
    rows = store.conn.execute(
        "SELECT id, name FROM tournaments WHERE id = ? OR name = ? COLLATE NOCASE ORDER BY created_at, id", (ref, ref)
    ).fetchall()
    return [(str(r[0]), str(r[1])) for r in rows]


def import_players(store: Store, tournament: str, entries: Sequence[RosterEntry], by: str = "") -> PlayersImported:
    """Add the roster's players to the tournament named (or of id) ``tournament``, creating it when it does not
    exist. Raises :class:`StoreError` (nothing stored) when several tournaments have that name or a name is
    refused."""
    name = tournament.strip()
    if not name:
        raise StoreError("--tournament: the tournament's name is empty")
    at = _now()
    added: list[str] = []
    changed: list[str] = []
    unchanged: list[str] = []

    def entity(kind: str, **fields: Any) -> dict[str, Any]:
        payload = {"type": kind, "id": str(uuid.uuid4()), "at": at, "by": by, **fields}
        try:
            return entity_row(store.device_id, payload)
        except LogError as exc:
            what = f"Nothing was stored: the {kind}'s {exc.field}: {exc.message}"
            raise StoreError(what, exc.key, **exc.params) from None

    with store.writing() as w:
        found = find_tournaments(store, name)
        if len(found) > 1:
            ids = ", ".join(i for i, _n in found)
            raise StoreError(f"--tournament: {len(found)} tournaments are named {name!r}: give the id instead ({ids})")
        created = not found
        if found:
            tid, shown = found[0]
        else:
            tid, shown = str(uuid.uuid4()), name
            w.add(entity("tournament", tournament=tid, name=name, created_at=at))
        known = {
            str(r[1]).casefold(): r
            for r in store.conn.execute(
                "SELECT id, name, first_timer, federation_id, created_at FROM players WHERE tournament_id = ?", (tid,)
            )
        }
        for e in entries:
            row = known.get(e.name.casefold())
            if row is None:
                w.add(entity("player", player=str(uuid.uuid4()), tournament=tid, name=e.name,
                             first_timer=e.first_timer, federation_id=e.federation_id, created_at=at))  # fmt: skip
                added.append(e.name)
                continue
            pid, old_name, first, fed, created_at = row
            if bool(first) == e.first_timer and (fed or "") == e.federation_id:
                unchanged.append(old_name)
                continue
            w.add(entity("player", player=pid, tournament=tid, name=old_name, first_timer=e.first_timer,
                         federation_id=e.federation_id, created_at=created_at))  # fmt: skip
            changed.append(old_name)
    return PlayersImported(tid, shown, created, tuple(added), tuple(changed), tuple(unchanged))
