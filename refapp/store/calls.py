"""The referee called to a table: the players' call, the referee's answer, and the tables whose call is open.

A **call** and its **answer** are entity events of the writing device's chain (:mod:`refapp.store.entities`:
``call`` and ``call_answered``), hash-chained, checked by ``refapp verify``, exported in bundles and merged by the
venue's sync like every event, so that the head referee's device knows which tables called. They have no table of
their own: they carry their tournament, and one query by tournament finds them (the ``events_tournament`` index).

A call is made on the table's tablet by the players (no PIN). It names the table and the table's newest event the
calling device knew (``after``). It is **answered** when

* a referee answers it (``call_answered``: "Answered" on the tablet, with the referee PIN in table mode), or
* a referee enters an incident at that table after it: an incident stored at the table after the event the call
  followed (whatever its ruling, and even if it is voided later: the referee came to the table).

The table order, not the clocks, says what came after the call: the devices' clocks may differ by minutes. An
incident that follows an event not stored here yet cannot be here either, so a call whose ``after`` is missing stays
open until that part of the table arrives (or a referee answers it).

Layer: feature (the referee calls).
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from .db import Store, reading
from .devices import device_name
from .entities import entity_row, parse_entity
from .errors import StoreError


@dataclass(frozen=True, slots=True)
class RefereeCall:
    """One call, as stored."""

    id: str
    tournament_id: str
    table_id: str
    at: str  # when the players called, as recorded by the calling device
    by: str  # "table" (the players), or the referee's name on an unlocked tablet
    device_id: str  # the device the call was made on
    after: str | None  # the table's newest event that device knew
    seq: int


@dataclass(frozen=True, slots=True)
class OpenCall:
    """A table whose call is not answered yet."""

    table_id: str
    table: int | None  # the table's number (None: the table's own event is not here yet)
    since: str  # when the first open call of the table was made (as recorded, ISO 8601)
    device_id: str  # the device it was made on
    device: str  # that device as this one knows it (its trusted name and fingerprint, else its id)
    here: bool  # made on this device
    calls: tuple[str, ...]  # the open calls' ids, oldest first (players may call again before anyone answers)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _stored(store: Store, tournament_id: str) -> tuple[list[RefereeCall], set[str]]:
    """The tournament's calls, oldest first, and the ids of the calls a referee answered."""
    with reading(store.path):
        # the (tournament, player, type) index finds them at once (an entity event has no player), however many
        # events the tournament holds
        rows = store.conn.execute(
            "SELECT seq, device_id, type, payload FROM events WHERE tournament_id = ? AND player IS NULL "
            "AND type IN ('call', 'call_answered') AND +table_id = '' ORDER BY +seq",
            (tournament_id,),
        ).fetchall()
    found: list[RefereeCall] = []
    answered: set[str] = set()
    for seq, device, kind, text in rows:
        p = json.loads(text)
        if kind == "call_answered":
            answered.add(str(p.get("call") or ""))
            continue
        after = p.get("after")
        found.append(
            RefereeCall(
                str(p.get("id")),
                tournament_id,
                str(p.get("table") or ""),
                str(p.get("at") or ""),
                str(p.get("by") or ""),
                str(device),
                str(after) if after else None,
                int(seq),
            )  # fmt: skip
        )
    return found, answered


def _ruled_after(store: Store, call: RefereeCall) -> bool:
    """Whether an incident is stored at the call's table after the event the call followed."""
    with reading(store.path):
        if call.after is None:
            since = 0
        else:
            row = store.conn.execute("SELECT seq FROM events WHERE uuid = ?", (call.after,)).fetchone()
            if row is None:
                return False  # what the call followed is not here yet: nothing that follows it is either
            since = int(row[0])
        found = store.conn.execute(
            "SELECT 1 FROM events WHERE table_id = ? AND seq > ? AND type = 'incident' LIMIT 1",
            (call.table_id, since),
        ).fetchone()
    return found is not None


def calls(store: Store, tournament_id: str) -> dict[str, OpenCall]:
    """The tournament's open calls by table id: since when, made on which device."""
    found, answered = _stored(store, tournament_id)
    open_by_table: dict[str, list[RefereeCall]] = {}
    for c in found:
        if c.id not in answered and not _ruled_after(store, c):
            open_by_table.setdefault(c.table_id, []).append(c)
    if not open_by_table:
        return {}
    with reading(store.path):
        numbers = dict(
            store.conn.execute("SELECT id, number FROM game_tables WHERE tournament_id = ?", (tournament_id,))
        )
    out = {}
    for table_id, cs in open_by_table.items():
        first = cs[0]
        out[table_id] = OpenCall(
            table_id=table_id,
            table=numbers.get(table_id),
            since=first.at,
            device_id=first.device_id,
            device=device_name(store.conn, first.device_id, store.device_id),
            here=first.device_id == store.device_id,
            calls=tuple(c.id for c in cs),
        )
    return out


def open_call(store: Store, tournament_id: str, table_id: str) -> OpenCall | None:
    """The table's open call, or None."""
    return calls(store, tournament_id).get(table_id)


def _payload(kind: str, by: str, at: str | None, **fields: Any) -> dict[str, Any]:
    payload = {"type": kind, "id": str(uuid.uuid4()), "at": at or _now(), "by": by, **fields}
    parse_entity(payload)  # raises LogError naming the field
    return payload


def call_referee(store: Store, tournament_id: str, table_id: str, by: str = "table", at: str | None = None) -> str:
    """Record the players' call at the table; returns its id. Raises :class:`StoreError` when refused."""
    with store.writing() as w:
        if store.conn.execute("SELECT 1 FROM game_tables WHERE id = ?", (table_id,)).fetchone() is None:
            raise StoreError(f"No table with id {table_id}")
        p = _payload("call", by, at, tournament=tournament_id, table=table_id, after=store.last_event_id(table_id))
        w.add(entity_row(store.device_id, p))
    return str(p["id"])


def answer_calls(store: Store, tournament_id: str, table_id: str, by: str, at: str | None = None) -> int:
    """The referee ``by`` answers every open call of the table (one ``call_answered`` each, one transaction);
    returns how many (0: none was open)."""
    name = by.strip() or "referee"
    with store.writing() as w:
        found = open_call(store, tournament_id, table_id)
        for call_id in found.calls if found is not None else ():
            p = _payload("call_answered", name, at, tournament=tournament_id, table=table_id, call=call_id)
            w.add(entity_row(store.device_id, p))
    return len(found.calls) if found is not None else 0
