"""Read-only look-ups the history page needs besides :func:`refapp.store.history.query`: which offences occur in
a tournament, the players of a hanchan, the void that cancelled an event, the hand attached to an incident, and the
choices of the table and player filters. Each is one indexed query.

Layer: feature (read models: an entry's detail).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass

from .db import Store, reading
from .rows import HistoryRow


@dataclass(frozen=True, slots=True)
class VoidInfo:
    """The void that cancelled an event: when, by whom (the referee's name, ``referee`` or ``table``), why."""

    at: str
    by: str
    reason: str
    set_aside: bool = False  # set aside by the resolution of a conflict (two devices wrote the table), not a void


@dataclass(frozen=True, slots=True)
class IncidentExtra:
    """What the detail page shows beyond the history row: the hanchan's players in seat order, the void (if the
    event was voided) and the hand attached by the hand checker (tile notation, ``""`` if none)."""

    names: tuple[str, ...]
    void: VoidInfo | None
    hand_tiles: str


def offences_present(store: Store, tournament_id: str, offences: Iterable[str]) -> list[str]:
    """The offence ids among ``offences`` with at least one incident in the tournament (voided ones included),
    in the order given. One probe of the offence's index each (``+tournament_id``: not the tournament's incidents,
    which SQLite would otherwise walk for an offence that has none there: 200 ms at 100,000 events)."""
    found = []
    with reading(store.path):
        for oid in offences:
            hit = store.conn.execute(
                "SELECT 1 FROM events WHERE offence = ? AND +tournament_id = ? AND type = 'incident' LIMIT 1",
                (oid, tournament_id),
            ).fetchone()
            if hit:
                found.append(oid)
    return found


def seat_names(store: Store, table_id: str, hanchan: int) -> tuple[str, ...]:
    """The players of a table's hanchan, in seat order (from its start event that stands), or () if unknown."""
    row = store.conn.execute(
        "SELECT e.payload FROM hanchans h JOIN events e ON e.uuid = h.id WHERE h.table_id = ? AND h.number = ? "
        "AND NOT EXISTS (SELECT 1 FROM events v WHERE v.target = h.id) ORDER BY e.seq DESC LIMIT 1",
        (table_id, hanchan),
    ).fetchone()
    if row is None:
        return ()
    return tuple(str(p) for p in json.loads(row[0]).get("players", []))


def void_of(store: Store, event_id: str) -> VoidInfo | None:
    """The void that cancelled an event, or None."""
    row = store.conn.execute(
        "SELECT at, referee, payload FROM events WHERE target = ? ORDER BY seq LIMIT 1", (event_id,)
    ).fetchone()
    if row is None:
        return None
    return VoidInfo(at=row[0], by=row[1] or "", reason=str(json.loads(row[2]).get("reason") or ""))


def resolution_of(store: Store, resolution: str) -> VoidInfo | None:
    """The resolution that set an event aside: when, by whom, why."""
    row = store.conn.execute("SELECT at, referee, reason FROM resolutions WHERE event = ?", (resolution,)).fetchone()
    return None if row is None else VoidInfo(at=row[0], by=row[1] or "", reason=row[2], set_aside=True)


def hand_of(store: Store, event_id: str) -> str:
    """The hand attached to an incident by the hand checker (tile notation), or ``""``."""
    row = store.conn.execute("SELECT payload FROM events WHERE uuid = ?", (event_id,)).fetchone()
    return str(json.loads(row[0]).get("hand_tiles") or "") if row is not None else ""


def incident_extra(store: Store, row: HistoryRow) -> IncidentExtra:
    """The detail of one history row (see :class:`IncidentExtra`)."""
    names = seat_names(store, str(row["table_id"]), int(row.get("hanchan") or 0))
    void = void_of(store, str(row["uuid"])) if row.get("voided") else None
    if void is None and row.get("set_aside"):
        void = resolution_of(store, str(row["set_aside"]))
    hand = str(row.get("hand_tiles") or "") or (hand_of(store, str(row["uuid"])) if row.get("offence") else "")
    return IncidentExtra(names=names, void=void, hand_tiles=hand)


def table_numbers(store: Store, tournament_id: str) -> list[tuple[str, int]]:
    """The tournament's tables as ``(table id, number)``, by number."""
    rows = store.conn.execute(
        "SELECT id, number FROM game_tables WHERE tournament_id = ? ORDER BY number", (tournament_id,)
    ).fetchall()
    return [(str(r[0]), int(r[1])) for r in rows]


def player_names(store: Store, tournament_id: str) -> set[str]:
    """Every name known in the tournament: its players, and everyone seated at one of its hanchans (a player
    seated from another device, or a substitute, may have no player entry)."""
    names = {
        str(r[0]) for r in store.conn.execute("SELECT name FROM players WHERE tournament_id = ?", (tournament_id,))
    }
    seated = store.conn.execute(
        "SELECT DISTINCT player FROM events WHERE tournament_id = ? AND player IS NOT NULL AND player <> ''",
        (tournament_id,),
    )
    names.update(str(r[0]) for r in seated)
    return names
