"""The session clock's entries and their read model: a session's start and length (set by the organiser), extra time
for one table (given by a referee), and the organiser's ending rule for a tournament.

Each is an entity event of the device's chain (:mod:`refapp.store.clock_entities`): hash-chained, checked by
``refapp verify`` like any entity event, carried by bundles and the venue's sync. They carry their tournament, so one
query over ``events`` by tournament finds them all (:func:`clock_entries`); nothing else is stored. What a table's
clock says at a given time is the domain's (:mod:`refapp.domain.clock`); :func:`table_clock` puts the two together
for one table (the command line and the app).

Layer: feature (the session clock).
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from ..domain.catalogue import Param, english
from ..domain.clock import (
    MAX_EXTRA_MINUTES,
    MAX_SESSION_MINUTES,
    ClockStatus,
    HanchanHands,
    SessionClock,
    clock_status,
    hanchan_hands,
    read_time,
    rule_of,
)
from ..domain.events import LogError, check_incoming
from ..domain.rules import RuleSet, TimeLimit
from .db import Store, reading
from .derive import Rulesets
from .entities import entity_row, parse_entity
from .errors import StoreError
from .refs import TableRef


class ClockError(ValueError):
    """A session clock, extra time or ending rule that cannot be recorded; ``field`` names what is wrong and the
    message says why in one line (English). What the app can meet is raised with a message id and its parameters only:
    the message is then the id's sentence in the catalogue (:mod:`refapp.domain.catalogue`)."""

    def __init__(self, field: str, message: str = "", key: str = "", **params: Param):
        message = message or (english(key, params) if key else "")
        super().__init__(message)
        self.field, self.message = field, message
        self.key, self.params = key, params


@dataclass(frozen=True, slots=True)
class SessionEntry:
    """Session ``session`` starts at ``start`` and lasts ``minutes`` (set by ``by`` at ``at``)."""

    id: str
    session: int
    start: datetime
    minutes: int
    by: str
    at: str
    seq: int

    @property
    def clock(self) -> SessionClock:
        return SessionClock(self.session, self.start, self.minutes)


@dataclass(frozen=True, slots=True)
class ExtraEntry:
    """A table (its id) given ``minutes`` more in a session, why, by whom and when."""

    id: str
    table: str
    session: int
    minutes: int
    reason: str
    by: str
    at: str
    seq: int


@dataclass(frozen=True, slots=True)
class RuleEntry:
    """The organiser's ending rule for the tournament (``rule`` None: the rule sets' own again)."""

    id: str
    rule: TimeLimit | None
    reason: str
    by: str
    at: str
    seq: int


@dataclass(frozen=True, slots=True)
class ClockEntries:
    """A tournament's clock entries: the newest clock of each session, every extra time, the newest ending rule."""

    sessions: Mapping[int, SessionEntry] = field(default_factory=dict)
    extras: tuple[ExtraEntry, ...] = ()
    rule: RuleEntry | None = None

    def extra_for(self, table_id: str, session: int) -> tuple[ExtraEntry, ...]:
        return tuple(e for e in self.extras if e.table == table_id and e.session == session)

    def extra_minutes(self, table_id: str, session: int) -> int:
        """The table's extra time in that session (never below zero)."""
        return max(0, sum(e.minutes for e in self.extra_for(table_id, session)))

    @property
    def override(self) -> TimeLimit | None:
        return self.rule.rule if self.rule is not None else None


def clock_entries(store: Store, tournament_id: str) -> ClockEntries:
    """Every clock entry of a tournament, in one query (the tournament's entity events have no player: the
    ``(tournament_id, player, type)`` index finds them at once)."""
    with reading(store.path):
        rows = store.conn.execute(
            "SELECT seq, uuid, type, payload FROM events WHERE tournament_id = ? AND player IS NULL "
            "AND type IN ('session_clock', 'extra_time', 'ending_rule') AND +table_id = '' ORDER BY +seq",
            (tournament_id,),
        ).fetchall()
    sessions: dict[int, SessionEntry] = {}
    extras: list[ExtraEntry] = []
    rule: RuleEntry | None = None
    for seq, uid, kind, text in rows:
        p = json.loads(text)
        by, at = str(p.get("by") or ""), str(p.get("at") or "")
        if kind == "session_clock":
            start = read_time(p.get("start"))
            if start is not None:  # (checked when stored)
                n = int(p["session"])
                sessions[n] = SessionEntry(uid, n, start, int(p["minutes"]), by, at, seq)
        elif kind == "extra_time":
            extras.append(
                ExtraEntry(uid, str(p["table"]), int(p["session"]), int(p["minutes"]), str(p["reason"]), by, at, seq)
            )
        else:
            model = parse_entity(p)
            rule = RuleEntry(uid, model.rule(), str(p.get("reason") or ""), by, at, seq)
    return ClockEntries(sessions, tuple(extras), rule)


# -- recording ------------------------------------------------------------------------------------------------


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _tournament(store: Store, tournament_id: str) -> None:
    if store.conn.execute("SELECT 1 FROM tournaments WHERE id = ?", (tournament_id,)).fetchone() is None:
        raise ClockError("tournament", f"no tournament with id {tournament_id!r}")


def _record(store: Store, payload: dict[str, Any], default_field: str) -> int:
    try:
        parse_entity(payload)
        check_incoming(payload)  # a name without control or invisible formatting characters (refapp.domain.inputs)
    except LogError as exc:
        said = re.match(r"([a-z_]+): ", exc.message)  # a model's own check names its field in its message
        name = exc.field.split(".")[0] if exc.field else said.group(1) if said else default_field
        raise ClockError(name, exc.message.removeprefix(f"{name}: "), exc.key, **exc.params) from None
    with store.writing() as w:
        return w.add(entity_row(store.device_id, payload))


def set_session(
    store: Store, tournament_id: str, session: int, start: datetime, minutes: int, by: str, at: str | None = None
) -> SessionEntry:
    """Record that session ``session`` of the tournament starts at ``start`` (an aware time) and lasts ``minutes``."""
    if start.tzinfo is None or start.utcoffset() is None:
        raise ClockError("start", "the start needs its time zone")
    if not 1 <= minutes <= MAX_SESSION_MINUTES:
        raise ClockError("minutes", key="clock_minutes", most=MAX_SESSION_MINUTES)
    _tournament(store, tournament_id)
    payload: dict[str, Any] = {"type": "session_clock", "id": str(uuid.uuid4()), "at": at or _now(), "by": by.strip()}
    payload |= {"tournament": tournament_id, "session": session, "minutes": minutes}
    payload["start"] = start.isoformat(timespec="seconds")
    seq = _record(store, payload, "session")
    return SessionEntry(payload["id"], session, start, minutes, payload["by"], payload["at"], seq)


def give_extra_time(
    store: Store, table: TableRef, session: int, minutes: int, reason: str, by: str, at: str | None = None
) -> ExtraEntry:
    """Record extra time for one table in a session (a negative number takes back time given by mistake: the
    table's total never goes below zero)."""
    said = reason.strip()
    if not said:
        raise ClockError("reason", key="extra_no_reason")
    if minutes == 0 or abs(minutes) > MAX_EXTRA_MINUTES:
        raise ClockError("minutes", key="extra_minutes", most=MAX_EXTRA_MINUTES)
    given = clock_entries(store, table.tournament_id).extra_minutes(table.table_id, session)
    if given + minutes < 0:
        raise ClockError("minutes", key="extra_below_zero", table=table.number, given=given, session=session)
    payload: dict[str, Any] = {"type": "extra_time", "id": str(uuid.uuid4()), "at": at or _now(), "by": by.strip()}
    payload |= {"tournament": table.tournament_id, "table": table.table_id, "session": session}
    payload |= {"minutes": minutes, "reason": said}
    seq = _record(store, payload, "reason")
    return ExtraEntry(payload["id"], table.table_id, session, minutes, said, payload["by"], payload["at"], seq)


def set_ending_rule(
    store: Store, tournament_id: str, rule: TimeLimit | None, reason: str, by: str, at: str | None = None
) -> RuleEntry:
    """Record the tournament's ending rule at time-up (None: each hanchan's rule set says it again)."""
    _tournament(store, tournament_id)
    payload: dict[str, Any] = {"type": "ending_rule", "id": str(uuid.uuid4()), "at": at or _now(), "by": by.strip()}
    payload |= {"tournament": tournament_id, "reason": reason.strip()}
    if rule is None:
        payload["after_time"] = None
    else:
        payload |= {"after_time": rule.after_time, "extra_hands": rule.extra_hands}
        payload["last_hand_chombo"] = rule.last_hand_chombo
    seq = _record(store, payload, "after_time")
    return RuleEntry(payload["id"], rule, payload["reason"], payload["by"], payload["at"], seq)


# -- one table's clock ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableClock:
    """What the clock of one table says: its current hanchan, the session's clock (None: no clock set for that
    session, or sessions by day), the extra time given, the ending rule that applies and where it comes from."""

    table: TableRef
    hands: HanchanHands | None
    session: SessionEntry | None
    extras: tuple[ExtraEntry, ...]
    rule: TimeLimit
    rule_by_organiser: RuleEntry | None  # the organiser's, or None: the hanchan's rule set's
    ruleset: RuleSet | None

    @property
    def extra_minutes(self) -> int:
        return max(0, sum(e.minutes for e in self.extras))

    def status(self, now: datetime) -> ClockStatus | None:
        """The clock at ``now``; None when no clock runs for the table's current hanchan."""
        if self.session is None or self.hands is None:
            return None
        return clock_status(self.session.clock, self.extra_minutes, self.rule, self.hands, now)


def ruleset_now(rulesets: Mapping[str, RuleSet], rid: str) -> RuleSet | None:
    """The rule set of that id known now (the catalog's, not a content a hanchan was pinned to)."""
    catalog = rulesets.catalog if isinstance(rulesets, Rulesets) else rulesets
    return catalog.get(rid)


def table_clock(
    table: TableRef,
    hands: HanchanHands | None,
    entries: ClockEntries,
    rulesets: Mapping[str, RuleSet],
) -> TableClock:
    """One table's clock from its current hanchan (:func:`refapp.domain.clock.hanchan_hands`) and its tournament's
    clock entries."""
    session = hands.session if hands is not None else None
    clock = entries.sessions.get(session) if session is not None else None
    extras = entries.extra_for(table.table_id, session) if session is not None else ()
    ruleset = hands.ruleset if hands is not None else None
    override = entries.override
    if override is not None:
        rule, by = override, entries.rule
    elif ruleset is not None:
        rule, by = rule_of(ruleset, ruleset_now(rulesets, ruleset.id)), None
    else:
        rule, by = TimeLimit(), None
    return TableClock(table, hands, clock, extras, rule, by, ruleset)


def read_table_clock(store: Store, table: TableRef, rulesets: Mapping[str, RuleSet]) -> TableClock:
    """One table's clock read from the store (its log replayed). Raises :class:`StoreError` naming the table when
    its log does not replay."""
    pinned = store.rulesets(rulesets)
    try:
        hands = hanchan_hands(store.table_events(table.table_id), pinned)
    except LogError as exc:
        raise StoreError(f"table {table.number}: its log does not replay: {exc}") from None
    return table_clock(table, hands, clock_entries(store, table.tournament_id), pinned)
