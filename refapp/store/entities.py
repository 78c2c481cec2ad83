"""Tournaments, tables, players, rule sets and the device as events of the device's chain.

Each is an *entity event*: a row of ``events`` whose payload says what was created or changed (``table_id`` is
``''``: it belongs to no table's order). The tables ``tournaments``, ``game_tables``, ``players``, ``hanchans`` and
``ruleset_contents`` are projections of the events, written in the same transaction and checked by verify
(:func:`expected_projections`). Payload types:

* ``device``: ``{"device": id}``, the first event of a device's chain (the venue's device keys will join it);
* ``tournament``: ``{"tournament": id, "name", "created_at"}``;
* ``table``: ``{"table": id, "tournament": id, "number", "created_at"}``;
* ``player``: ``{"player": id, "tournament": id, "name", "first_timer", "federation_id", "created_at"}`` (a later
  change of the same player is another ``player`` event: the newest one counts; the first one gives the creation);
* ``ruleset``: ``{"hash", "content"}``, the validated rule set a hanchan started with, by hash;
* ``adopt``: ``{"tables": {table_id: {"events", "digest"}}}``: rows stored before schema 4 (hash version 1, whose
  order was not hashed), covered by a digest of their hashes in table order; appended once by the device that
  upgraded or imported them;
* ``signoff``: ``{"incident": uuid, "tournament": id, "pin"}``: the head referee (``by``, a name) signed the
  incident's report off, with the device's referee PIN when ``pin`` is true (a device without a PIN: false);
* ``statement``: ``{"incident": uuid, "tournament": id, "player", "text"}``: a player's statement on an incident, as
  recorded by ``by`` (see :mod:`refapp.store.reports`);
* ``session_clock``, ``extra_time``, ``ending_rule``: the session clock's (:mod:`refapp.store.clock_entities`).
* ``call``: ``{"tournament": id, "table": id, "after"}``: the players called the referee to the table (``by``:
  ``"table"``, or the referee's name on an unlocked tablet); ``after`` is the table's newest event the calling device
  knew (``null``: none);
* ``call_answered``: ``{"tournament": id, "table": id, "call": uuid}``: the referee ``by`` answered that call (see
  :mod:`refapp.store.calls`);
* ``result_confirmation`` (a tournament's setting: results wait for an opponent) and ``confirm`` (a hand result
  confirmed by a seat, or by a referee): :mod:`refapp.store.confirmations`, :mod:`refapp.store.confirm_entities`;
* ``seating``: one session's tables of the seating plan (:mod:`refapp.store.seating_entities`).

Every entity payload also has ``id``, ``at`` and ``by`` like ledger events.

Layer: bottom (the entity events' models and their projections): imports no feature of the store.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator

from ..domain.events import LogError, check_incoming
from .branches import on_table_event
from .chain import canonical
from .clock_entities import CLOCK_TYPES
from .clock_entities import MODELS as CLOCK_MODELS
from .confirm_entities import CONFIRM_TYPES
from .confirm_entities import MODELS as CONFIRM_MODELS
from .derive import entity_columns
from .entity_base import BaseEntity
from .holding import forget, on_row
from .seating_entities import MODELS as SEATING_MODELS
from .seating_entities import SEATING_TYPES
from .venue_entities import MODELS as VENUE_MODELS
from .venue_entities import VENUE_TYPES, project_venue

_Id = Annotated[str, Field(min_length=1, max_length=100)]
_Text = Annotated[str, Field(max_length=200)]
STATEMENT_MAX = 2000  # characters of a player's statement


def _no_controls(value: str, newlines: bool = False) -> str:
    """Refuse control characters (a newline and a tab only in a statement's text): they reach printed reports."""
    allowed = "\n\t" if newlines else ""
    bad = next((c for c in value if (ord(c) < 32 or 0x7F <= ord(c) < 0xA0) and c not in allowed), None)
    if bad is not None:
        raise ValueError(f"control character {bad!r} not allowed")
    return value


class DeviceEntity(BaseEntity):
    type: Literal["device"]
    device: _Id


class TournamentEntity(BaseEntity):
    type: Literal["tournament"]
    tournament: _Id
    name: Annotated[str, Field(min_length=1, max_length=200)]
    created_at: Annotated[str, Field(max_length=64)]
    created_by: _Id | None = None  # adopted rows: the device that created it, when not this one


class TableEntity(BaseEntity):
    type: Literal["table"]
    table: _Id
    tournament: _Id
    number: int = Field(ge=0, le=100_000)
    created_at: Annotated[str, Field(max_length=64)]
    created_by: _Id | None = None  # adopted rows: the device that created it, when not this one


class PlayerEntity(BaseEntity):
    type: Literal["player"]
    player: _Id
    tournament: _Id
    name: Annotated[str, Field(min_length=1, max_length=200)]
    first_timer: bool = False
    federation_id: Annotated[str, Field(max_length=64)] = ""
    created_at: Annotated[str, Field(max_length=64)]
    created_by: _Id | None = None  # adopted rows: the device that created it, when not this one


class RulesetEntity(BaseEntity):
    type: Literal["ruleset"]
    hash: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
    content: dict[str, Any]

    @model_validator(mode="after")
    def _hash_matches(self) -> RulesetEntity:
        if hashlib.sha256(canonical(self.content).encode("utf-8")).hexdigest() != self.hash:
            raise ValueError("the hash does not match the content")
        return self


class SignoffEntity(BaseEntity):
    type: Literal["signoff"]
    by: Annotated[str, Field(min_length=1, max_length=200)]  # the head referee's name
    incident: _Id
    tournament: _Id
    pin: bool = False  # signed with the device's referee PIN

    @model_validator(mode="after")
    def _plain(self) -> SignoffEntity:
        _no_controls(self.by)
        if not self.by.strip():
            raise ValueError("by: the head referee's name is empty")
        return self


class StatementEntity(BaseEntity):
    type: Literal["statement"]
    incident: _Id
    tournament: _Id
    player: Annotated[str, Field(min_length=1, max_length=200)]
    text: Annotated[str, Field(min_length=1, max_length=STATEMENT_MAX)]

    @model_validator(mode="after")
    def _plain(self) -> StatementEntity:
        _no_controls(self.by)
        _no_controls(self.player)
        _no_controls(self.text, newlines=True)
        if not self.text.strip():
            raise ValueError("text: the statement is empty")
        return self


class CallEntity(BaseEntity):
    type: Literal["call"]
    tournament: _Id
    table: _Id
    after: _Id | None = None  # the table's newest event the calling device knew

    @model_validator(mode="after")
    def _plain(self) -> CallEntity:
        try:
            _no_controls(self.by)
        except ValueError as exc:
            raise ValueError(f"by: {exc}") from None
        return self


class CallAnsweredEntity(BaseEntity):
    type: Literal["call_answered"]
    by: Annotated[str, Field(min_length=1, max_length=200)]  # the referee who answered
    tournament: _Id
    table: _Id
    call: _Id

    @model_validator(mode="after")
    def _plain(self) -> CallAnsweredEntity:
        try:
            _no_controls(self.by)
        except ValueError as exc:
            raise ValueError(f"by: {exc}") from None
        if not self.by.strip():
            raise ValueError("by: the referee's name is empty")
        return self


class TableOrder(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    events: int = Field(ge=0, le=10**9)
    digest: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]


class AdoptEntity(BaseEntity):
    type: Literal["adopt"]
    tables: dict[str, TableOrder]


if TYPE_CHECKING:
    Entity = Any  # the union below, with the venue's models added at run time (which the checker cannot read)
else:
    Entity = Annotated[
        Union[
            (
                DeviceEntity,
                TournamentEntity,
                TableEntity,
                PlayerEntity,
                RulesetEntity,
                AdoptEntity,
                SignoffEntity,
                StatementEntity,
                CallEntity,
                CallAnsweredEntity,
                *CONFIRM_MODELS,
                *VENUE_MODELS,
                *CLOCK_MODELS,
                *SEATING_MODELS,
            )
        ],
        Field(discriminator="type"),
    ]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(Entity)


def parse_entity(payload: Any, index: int | None = None) -> Any:
    """Validate an entity payload; raise :class:`LogError` naming the field."""
    try:
        return _ADAPTER.validate_python(payload)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = [str(p) for p in err["loc"]]
        if loc and loc[0] == payload.get("type"):
            loc = loc[1:]
        raise LogError(index, ".".join(loc), err["msg"].removeprefix("Value error, ")) from None


# The entity events that belong to a tournament (and need it stored first): their tournament_id column is it.
TOURNAMENT_ENTITIES: tuple[str, ...] = (
    "table",
    "player",
    "signoff",
    "statement",
    "call",
    "call_answered",
    *CLOCK_TYPES,
)
TOURNAMENT_ENTITIES += CONFIRM_TYPES  # results confirmed by an opponent
TOURNAMENT_ENTITIES += SEATING_TYPES  # the seating plan


def tournament_of(payload: dict[str, Any]) -> str:
    """The ``tournament_id`` column of an entity event."""
    if payload["type"] == "tournament":
        return str(payload["tournament"])
    if payload["type"] in TOURNAMENT_ENTITIES:
        return str(payload["tournament"])
    return ""


def entity_row(device_id: str, payload: dict[str, Any], check: bool = True) -> dict[str, Any]:
    """The stored row of an entity event this device writes (its place in the chain is added by the writer,
    :meth:`refapp.store.db.Writer.add`). Its names, texts and times are checked as anything entered is
    (:func:`~refapp.domain.events.check_incoming`: a :class:`LogError` naming the field); ``check=False`` only for the
    events adopting rows already stored (a database written by an older refapp keeps opening)."""
    if check:
        check_incoming(payload)
    row = entity_columns(payload)
    row |= {"uuid": payload["id"], "device_id": device_id, "tournament_id": tournament_of(payload), "table_id": ""}
    row |= {"after": None, "payload": canonical(payload)}
    return row


# -- projections ---------------------------------------------------------------------------------------------------

_TOURNAMENT = ("id", "name", "created_at", "device_id")
_TABLE = ("id", "tournament_id", "number", "created_at", "device_id")
_PLAYER = ("id", "tournament_id", "name", "first_timer", "created_at", "device_id", "federation_id")
_HANCHAN = ("id", "table_id", "number", "ruleset_id", "ruleset_version", "created_at", "device_id")
PROJECTION_COLUMNS = {
    "tournaments": _TOURNAMENT,
    "game_tables": _TABLE,
    "players": _PLAYER,
    "hanchans": _HANCHAN,
    "ruleset_contents": ("hash", "ruleset_id", "version", "content"),
}


def _upsert(conn: sqlite3.Connection, table: str, row: dict[str, Any], keep: tuple[str, ...]) -> None:
    """Insert the row, or update every column but ``keep`` (what the first event gave) of the existing one."""
    cols = PROJECTION_COLUMNS[table]
    sets = ", ".join(f"{c} = excluded.{c}" for c in cols if c not in keep and c != "id")
    conn.execute(
        f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))}) "
        f"ON CONFLICT(id) DO UPDATE SET {sets}",
        [row[c] for c in cols],
    )


def project(
    conn: sqlite3.Connection,
    row: dict[str, Any],
    payload: dict[str, Any],
    line_seen: bool = False,
    memo: dict[str, Any] | None = None,
) -> None:
    """Write what one stored event changes in the projections (inside the event's transaction). ``line_seen``: its
    place in its table's line was seen already (:func:`refapp.store.branches.on_table_events`); ``memo``: shared by
    the rows stored together (:func:`refapp.store.holding.on_row`)."""
    kind, device = payload["type"], payload.get("created_by") or row["device_id"]
    keep = ("created_at", "device_id")
    if row["table_id"]:
        if not line_seen:
            on_table_event(conn, row)
        on_row(conn, row, memo)
    if kind in VENUE_TYPES:
        project_venue(conn, row, payload)
        if kind in ("handover", "unheld_resolve") and memo is not None:
            forget(memo, payload["table"])
        return
    if kind == "tournament":
        r = {"id": payload["tournament"], "name": payload["name"], "created_at": payload["created_at"]}
        _upsert(conn, "tournaments", r | {"device_id": device}, keep)
    elif kind == "table":
        r = {"id": payload["table"], "tournament_id": payload["tournament"], "number": payload["number"]}
        _upsert(conn, "game_tables", r | {"created_at": payload["created_at"], "device_id": device}, keep)
    elif kind == "player":
        r = {"id": payload["player"], "tournament_id": payload["tournament"], "name": payload["name"]}
        r |= {"first_timer": int(bool(payload.get("first_timer"))), "federation_id": payload.get("federation_id", "")}
        _upsert(conn, "players", r | {"created_at": payload["created_at"], "device_id": device}, keep)
    elif kind == "ruleset":
        content = payload["content"]
        conn.execute(
            "INSERT OR IGNORE INTO ruleset_contents (hash, ruleset_id, version, content) VALUES (?, ?, ?, ?)",
            (payload["hash"], str(content.get("id", "")), str(content.get("version", "")), canonical(content)),
        )
    elif kind == "hanchan_start":
        conn.execute(
            "INSERT INTO hanchans (id, table_id, number, ruleset_id, ruleset_version, created_at, device_id) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                row["uuid"],
                row["table_id"],
                row["hanchan_no"],
                row["ruleset_id"],
                row["ruleset_version"],
                row["at"],
                device,
            ),
        )


def expected_projections(conn: sqlite3.Connection) -> dict[str, dict[str, tuple[Any, ...]]]:
    """The projection rows that the stored events imply, by table and id (what verify compares with). The first
    event of an entity gives its creation time and device; the newest one everything else."""
    out: dict[str, dict[str, tuple[Any, ...]]] = {t: {} for t in PROJECTION_COLUMNS}
    first: dict[tuple[str, str], tuple[str, str]] = {}
    rows = conn.execute(
        "SELECT device_id, type, payload FROM events WHERE table_id = '' AND type IN "
        "('tournament', 'table', 'player', 'ruleset') ORDER BY seq"
    )
    for device, kind, text in rows:
        try:
            _expect(out, first, device, kind, json.loads(text))
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
            continue  # a damaged event: verify names it (refapp.store.rowchecks), and its row is unexplained
    for r in conn.execute(
        "SELECT uuid, table_id, hanchan_no, ruleset_id, ruleset_version, at, device_id FROM events "
        "WHERE type = 'hanchan_start' ORDER BY seq"
    ):
        out["hanchans"][r[0]] = tuple(r)
    return out


def _expect(
    out: dict[str, dict[str, tuple[Any, ...]]],
    first: dict[tuple[str, str], tuple[str, str]],
    device: str,
    kind: str,
    p: dict[str, Any],
) -> None:
    """The projection row one entity event implies (the first event of an entity gives its creation)."""
    if kind == "ruleset":
        c = p.get("content", {})
        out["ruleset_contents"][p["hash"]] = (
            p["hash"],
            str(c.get("id", "")),
            str(c.get("version", "")),
            canonical(c),
        )
        return
    key = p[kind]
    created, creator = first.setdefault((kind, key), (p["created_at"], p.get("created_by") or device))
    if kind == "tournament":
        out["tournaments"][key] = (key, p["name"], created, creator)
    elif kind == "table":
        out["game_tables"][key] = (key, p["tournament"], p["number"], created, creator)
    else:
        first_timer, fed = int(bool(p.get("first_timer"))), p.get("federation_id", "")
        out["players"][key] = (key, p["tournament"], p["name"], first_timer, created, creator, fed)


def projection_problems(conn: sqlite3.Connection, legacy_pending: bool = False) -> list[str]:
    """Rows of the projections that the events do not imply (changed, added outside refapp) or that are missing."""
    expected = expected_projections(conn)
    problems: list[str] = []
    for table, cols in PROJECTION_COLUMNS.items():
        key = cols[0]
        actual = {r[0]: tuple(r) for r in conn.execute(f"SELECT {', '.join(cols)} FROM {table}")}
        want = expected[table]
        for k, row in actual.items():
            if k not in want:
                if not legacy_pending:
                    problems.append(f"{table} row {key} {k} is covered by no event (added outside refapp)")
            elif want[k] != row:
                col = next(c for c, a, b in zip(cols, row, want[k]) if a != b)
                problems.append(
                    f"{table} row {key} {k}: column {col!r} is {_short(row[cols.index(col)])} but its events say "
                    f"{_short(want[k][cols.index(col)])}"
                )
        for k in want:
            if k not in actual:
                problems.append(f"{table} row {key} {k} is missing (its event is stored)")
    return problems


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


# -- legacy rows ---------------------------------------------------------------------------------------------------


def legacy_order(conn: sqlite3.Connection) -> dict[str, dict[str, Any]]:
    """For each table holding rows of hash version 1: how many, and a digest of their hashes in table order."""
    out: dict[str, Any] = {}
    rows = conn.execute("SELECT table_id, hash FROM events WHERE hash_v = 1 AND table_id <> '' ORDER BY seq")
    hashes: dict[str, list[str]] = {}
    for table_id, h in rows:
        hashes.setdefault(table_id, []).append(h)
    for table_id, hs in hashes.items():
        out[table_id] = {"events": len(hs), "digest": hashlib.sha256("\n".join(hs).encode()).hexdigest()}
    return out


def adopted_order(conn: sqlite3.Connection, device_id: str) -> dict[str, dict[str, Any]]:
    """What this device's ``adopt`` events say of each table's legacy rows (the newest mention counts)."""
    out: dict[str, Any] = {}
    for (text,) in conn.execute(
        "SELECT payload FROM events WHERE table_id = '' AND type = 'adopt' AND device_id = ? ORDER BY seq",
        (device_id,),
    ):
        out.update(json.loads(text).get("tables", {}))
    return out


def adoption_payloads(conn: sqlite3.Connection, device_id: str, at: str, new_id: Any) -> list[dict[str, Any]]:
    """The entity events that cover what no event covers yet: this device, projection rows stored before schema 4
    (or by a version-1 bundle), and the order of rows of hash version 1. Empty when everything is covered."""
    out: list[dict[str, Any]] = []

    def base(kind: str) -> dict[str, Any]:
        return {"type": kind, "id": new_id(), "at": at, "by": "refapp"}

    have = conn.execute(
        "SELECT 1 FROM events WHERE device_id = ? AND type = 'device' AND table_id = '' LIMIT 1", (device_id,)
    ).fetchone()
    if have is None:
        out.append(base("device") | {"device": device_id})
    covered: dict[str, set[str]] = {k: set() for k in ("tournament", "table", "player")}
    for kind, text in conn.execute(
        "SELECT type, payload FROM events WHERE table_id = '' AND type IN ('tournament', 'table', 'player')"
    ):
        covered[kind].add(json.loads(text)[kind])

    def by(creator: str) -> dict[str, Any]:
        return {} if creator == device_id else {"created_by": creator}

    for i, name, created, dev in conn.execute("SELECT id, name, created_at, device_id FROM tournaments ORDER BY rowid"):
        if i not in covered["tournament"]:
            out.append(base("tournament") | {"tournament": i, "name": name, "created_at": created} | by(dev))
    for i, tid, number, created, dev in conn.execute(
        "SELECT id, tournament_id, number, created_at, device_id FROM game_tables ORDER BY rowid"
    ):
        if i not in covered["table"]:
            out.append(
                base("table") | {"table": i, "tournament": tid, "number": number, "created_at": created} | by(dev)
            )
    for i, tid, name, first, created, fed, dev in conn.execute(
        "SELECT id, tournament_id, name, first_timer, created_at, federation_id, device_id FROM players ORDER BY rowid"
    ):
        if i not in covered["player"]:
            out.append(
                base("player")
                | {"player": i, "tournament": tid, "name": name, "first_timer": bool(first), "federation_id": fed}
                | {"created_at": created}
                | by(dev)
            )
    order, adopted = legacy_order(conn), adopted_order(conn, device_id)
    changed = {t: o for t, o in order.items() if adopted.get(t) != o}
    if changed:
        out.append(base("adopt") | {"tables": changed})
    return out
