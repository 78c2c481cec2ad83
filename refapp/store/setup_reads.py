"""Read-only look-ups for the Setup page: the tournaments kept, a tournament's known players, and what the next
hanchan of a table will be numbered (hanchan and session).

Layer: feature (read models: the setup page's reads).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .db import Store


@dataclass(frozen=True, slots=True)
class KnownPlayer:
    name: str
    first_timer: bool
    federation_id: str


@dataclass(frozen=True, slots=True)
class NextHanchan:
    """The defaults of a table's next hanchan: its number (the table's last + 1, or 1) and its session (the
    session of the table's last hanchan, else of the tournament's latest hanchan, else 1)."""

    hanchan: int
    session: int


def tournament_names(store: Store) -> list[str]:
    """The names of the tournaments kept, each once (in the order they were created)."""
    seen: dict[str, None] = {}
    for t in store.tournaments():
        seen.setdefault(str(t["name"]), None)
    return list(seen)


def _tournament_id(store: Store, name: str) -> str | None:
    row = store.conn.execute(
        "SELECT id FROM tournaments WHERE name = ? ORDER BY created_at, id LIMIT 1", (name,)
    ).fetchone()
    return str(row[0]) if row else None


def known_players(store: Store, tournament: str) -> list[KnownPlayer]:
    """The players kept for the tournament named ``tournament`` (none for a new tournament)."""
    tid = _tournament_id(store, tournament)
    if tid is None:
        return []
    return [KnownPlayer(p["name"], bool(p["first_timer"]), str(p["federation_id"] or "")) for p in store.players(tid)]


_LAST_START = (
    "SELECT h.number, e.payload FROM hanchans h JOIN game_tables g ON g.id = h.table_id "
    "JOIN events e ON e.uuid = h.id WHERE {where} "
    "AND NOT EXISTS (SELECT 1 FROM events v WHERE v.target = h.id) ORDER BY e.seq DESC LIMIT 1"
)


def _session(payload: str) -> int | None:
    value = json.loads(payload).get("session")
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def next_hanchan(store: Store, tournament: str, table_number: int) -> NextHanchan:
    """The defaults for the next hanchan at table ``table_number`` of the tournament named ``tournament``."""
    tid = _tournament_id(store, tournament)
    if tid is None:
        return NextHanchan(1, 1)
    here = store.conn.execute(
        _LAST_START.format(where="g.tournament_id = ? AND g.number = ?"), (tid, table_number)
    ).fetchone()
    if here is not None:
        return NextHanchan(int(here[0]) + 1, _session(here[1]) or 1)
    latest = store.conn.execute(_LAST_START.format(where="g.tournament_id = ?"), (tid,)).fetchone()
    return NextHanchan(1, (_session(latest[1]) if latest else None) or 1)
