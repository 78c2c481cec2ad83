"""Hand results confirmed by an opponent: the tournament's setting, the confirmations, the tables waiting for one.

The **setting** (``result_confirmation``, off until a referee turns it on) and each **confirmation** (``confirm``)
are entity events of the writing device's chain (:mod:`refapp.store.entities`), hash-chained, checked by
``refapp verify``, exported in bundles and carried by the venue's sync like the referee calls
(:mod:`refapp.store.calls`): the head referee's device knows which tables wait for a confirmation.

A hand result (a win or a draw) **waits** when the setting was on when it was entered, it was entered at the table in
table mode (``by``: ``"table"``), it is the table's newest hand result standing (not voided, no hanchan started
after it), and no confirmation names it. A result entered by a referee needs none: a referee entered it.

Layer: feature (results confirmed by an opponent).
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ..domain.event_json import EventJson
from .db import Store, reading
from .entities import entity_row, parse_entity
from .errors import StoreError

HAND_RESULTS = ("win", "draw")
BY_TABLE = "table"  # the ``by`` of an entry made in table mode


@dataclass(frozen=True, slots=True)
class Rule:
    """The tournament's setting: on or off, since when (as recorded; "" when never set: off)."""

    on: bool
    since: str


@dataclass(frozen=True, slots=True)
class Confirmation:
    event: str  # the hand result confirmed
    seat: int | None  # the player's seat; None: a referee confirmed on the players' behalf
    by: str
    at: str


@dataclass(frozen=True, slots=True)
class Waiting:
    """A table's hand result waiting for an opponent's confirmation."""

    table_id: str
    event: str
    kind: str  # "win" or "draw"
    at: str  # when it was entered (as recorded)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _time(text: str) -> datetime | None:
    try:
        t = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return None
    return t if t.tzinfo is not None else None


def entered_since(at: str, since: str) -> bool:
    """Whether an entry recorded at ``at`` was entered after the setting was turned on at ``since``."""
    a, s = _time(at), _time(since)
    return a is None or s is None or a >= s


def rule(store: Store, tournament_id: str) -> Rule:
    """The tournament's setting (off when never set)."""
    with reading(store.path):
        row = store.conn.execute(
            "SELECT payload FROM events WHERE tournament_id = ? AND player IS NULL AND type = 'result_confirmation' "
            "AND +table_id = '' ORDER BY +seq DESC LIMIT 1",
            (tournament_id,),
        ).fetchone()
    if row is None:
        return Rule(False, "")
    p = json.loads(row[0])
    return Rule(bool(p.get("on")), str(p.get("at") or ""))


def confirmations(store: Store, tournament_id: str) -> dict[str, Confirmation]:
    """The tournament's confirmations by the hand result they confirm (the first one of each)."""
    with reading(store.path):
        rows = store.conn.execute(
            "SELECT payload FROM events WHERE tournament_id = ? AND player IS NULL AND type = 'confirm' "
            "AND +table_id = '' ORDER BY +seq",
            (tournament_id,),
        ).fetchall()
    out: dict[str, Confirmation] = {}
    for (text,) in rows:
        p = json.loads(text)
        event = str(p.get("event") or "")
        seat = p.get("seat")
        if event not in out:
            out[event] = Confirmation(event, seat if isinstance(seat, int) else None, str(p.get("by") or ""),
                                      str(p.get("at") or ""))  # fmt: skip
    return out


def needs_confirmation(event: EventJson, setting: Rule) -> bool:
    """Whether a stored hand result needs an opponent's confirmation under the tournament's setting."""
    return (
        setting.on
        and event.get("type") in HAND_RESULTS
        and event.get("by") == BY_TABLE
        and entered_since(str(event.get("at") or ""), setting.since)
    )


def waiting(store: Store, tournament_id: str) -> dict[str, Waiting]:
    """The tournament's tables whose newest hand result waits for a confirmation, by table id (none when the
    setting is off)."""
    setting = rule(store, tournament_id)
    if not setting.on:
        return {}
    done = confirmations(store, tournament_id)
    out: dict[str, Waiting] = {}
    with reading(store.path):
        tables = [r[0] for r in store.conn.execute("SELECT id FROM game_tables WHERE tournament_id = ?",
                                                   (tournament_id,))]  # fmt: skip
        for table_id in tables:
            voided = {r[0] for r in store.conn.execute(
                "SELECT target FROM events WHERE table_id = ? AND type = 'void'", (table_id,))}  # fmt: skip
            rows = store.conn.execute(
                "SELECT uuid, type, payload FROM events WHERE table_id = ? AND type IN ('win', 'draw', "
                "'hanchan_start') ORDER BY seq DESC",
                (table_id,),
            )
            for uid, kind, text in rows:
                if uid in voided:
                    continue
                if kind in HAND_RESULTS:
                    p = json.loads(text)
                    if needs_confirmation(p, setting) and uid not in done:
                        out[table_id] = Waiting(table_id, str(uid), str(kind), str(p.get("at") or ""))
                break  # the newest standing result (or start) decides
    return out


def _payload(kind: str, by: str, at: str | None, **fields: Any) -> dict[str, Any]:
    payload = {"type": kind, "id": str(uuid.uuid4()), "at": at or _now(), "by": by, **fields}
    parse_entity(payload)  # raises LogError naming the field
    return payload


def set_rule(store: Store, tournament_id: str, on: bool, by: str, at: str | None = None) -> None:
    """Turn the tournament's setting on or off (a referee's entry). Raises StoreError or LogError."""
    name = by.strip() or "referee"
    with store.writing() as w:
        if store.conn.execute("SELECT 1 FROM tournaments WHERE id = ?", (tournament_id,)).fetchone() is None:
            raise StoreError(f"No tournament with id {tournament_id}")
        w.add(entity_row(store.device_id, _payload("result_confirmation", name, at, tournament=tournament_id, on=on)))


def confirm(
    store: Store, tournament_id: str, table_id: str, event: str, seat: int | None, by: str, at: str | None = None
) -> None:
    """Record that the hand result ``event`` was confirmed (by the player in ``seat``, or, ``seat`` None, by the
    referee ``by``). Raises StoreError or LogError."""
    with store.writing() as w:
        if (
            store.conn.execute("SELECT 1 FROM events WHERE uuid = ? AND table_id = ?", (event, table_id)).fetchone()
            is None
        ):
            raise StoreError(f"No hand result {event} at this table")
        p = _payload("confirm", by, at, tournament=tournament_id, table=table_id, event=event, seat=seat)
        w.add(entity_row(store.device_id, p))


__all__ = [
    "BY_TABLE",
    "HAND_RESULTS",
    "Confirmation",
    "Rule",
    "Waiting",
    "confirm",
    "confirmations",
    "entered_since",
    "needs_confirmation",
    "rule",
    "set_rule",
    "waiting",
]
