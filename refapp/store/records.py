"""Each player's record across a tournament, and what a new incident records of the player's other tables.

* :func:`records`: for every player of a tournament, every incident at every table and session (warnings, dead
  hands, chombos, penalties, warning-ladder steps), the counts by kind (voided and set-aside incidents listed but
  not counted), and where the player stands in the rule set's warning scope: the number the next warning would get,
  and on each warning ladder the step the next offence of that ladder would be (and whether it is a dead hand).
  ``refapp records`` prints it; the head referee's dashboard shows it.
* :func:`elsewhere`: when the referee enters an incident, the player's standing warnings and ladder steps at the
  tournament's *other* tables in the scope (the session, or the whole tournament). The controller records them in
  the incident (its ``elsewhere`` field), so that the table's replay adds them to its own counts without ever
  reading another table's log (docs/rulings.md, "Warnings across tables").

Everything comes from the history read model (:func:`refapp.store.history.query`: each incident's stored ruling)
and the tables' ``hanchan_start`` events (each incident's session, and the rule set its hanchan started with). Which
warning ladder an incident climbed is read from that rule set (the offence's rules that give a warning); only where
two of them name different ladders is the table replayed up to it (:class:`refapp.store.derive.TableReplay`).

Layer: feature (read models: the players' records).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any

from ..domain.event_json import ElsewhereJson
from ..domain.gcpause import gc_paused
from ..domain.jsontypes import JsonObject
from ..domain.numbers import Shown, ruling_amount
from ..domain.rules import RuleSet
from ..domain.stored import RulingKind, StoredRuling
from ..domain.table import SessionKey, session_key
from . import history
from .db import Store, reading
from .derive import replay_to, resolve
from .history import IncidentRow

Session = SessionKey  # ("number", 2) or ("day", "2026-11-22"): refapp.domain.table.session_of


@dataclass(frozen=True, slots=True)
class RecordCounts:
    """A player's incidents that count (neither voided nor set aside by a conflict's resolution), by kind."""

    warnings: int = 0
    dead_hands: int = 0
    chombos: int = 0
    penalties: int = 0  # point and rating penalties
    ladder_steps: int = 0  # offences that climbed a warning ladder (a warning, or the dead hand of a later step)
    incidents: int = 0  # every incident that counts, whatever its ruling (a "not penalized" one included)


@dataclass(frozen=True, slots=True)
class RecordIncident:
    """One incident of a player, as its table stored it."""

    uuid: str
    table: int  # the table's number
    table_id: str
    session: Session | None  # None: its hanchan's start is not here
    hanchan: int
    round_wind: str  # "E", "S", "W", "N"
    hand: int
    offence: str
    ruling: str  # the ruling applied, as stored ("warning", "dead_hand", ...; "" for none)
    amount: int  # a point penalty's or a chombo's amount (table points; 0 for none)
    scope: str  # a point penalty's score: "table" or "overall"
    warning_number: int  # the number its table gave the warning (0: not a warning)
    ladder: str  # the warning ladder it climbed ("" for none)
    elsewhere_warnings: int  # warnings at other tables the incident recorded, counted in warning_number
    elsewhere_steps: int  # ladder steps at other tables the incident recorded
    at: str  # when it was entered, as recorded
    referee: str
    device_id: str
    voided: bool
    set_aside: bool  # on a branch of a conflict the head referee did not keep
    ladder_step: int = 0  # its step on ``ladder`` counted across the tournament's tables in the rule set's scope (0:
    # no ladder, or not counted)
    chombo_mode: str = ""  # its hanchan's rule set's chombo mode ("" when not known here)
    chombo_word: str = "chombo"  # and its spelling of chombo (WRC: "chonbo")
    overall_unit: int = 1  # its hanchan's rule set's overall unit: the amount is shown in it where it applies

    @property
    def said_amount(self) -> Shown | None:
        """What its ruling took from the player, in its unit (:func:`refapp.domain.numbers.ruling_amount`)."""
        return ruling_amount(self.ruling, self.amount, self.scope, self.chombo_mode, self.overall_unit)

    @property
    def counted(self) -> bool:
        return not (self.voided or self.set_aside)


@dataclass(frozen=True, slots=True)
class LadderPosition:
    """Where a player stands on one warning ladder, in the rule set's scope now."""

    ladder: str
    citation: str
    dead_hand_from: int  # the step from which the offence is a dead hand, not a warning
    steps: int  # offences counted on it in the scope
    next_step: int  # the step the player's next offence of that ladder would be
    next_dead_hand: bool  # that step is a dead hand


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    player: str
    counts: RecordCounts  # over the whole tournament
    incidents: tuple[RecordIncident, ...]  # oldest first, voided and set-aside ones included
    warnings_in_scope: int  # warnings counted in the rule set's scope now (the session, the tournament)
    next_warning: int  # the number the player's next warning would get
    ladders: tuple[LadderPosition, ...]  # one per ladder of the rule set

    @property
    def has_incidents(self) -> bool:
        """Whether an incident of the player counts. One voided or set aside is listed, not counted: a player with
        only those has no incident (the Players tab's count and each row say the same)."""
        return self.counts.incidents > 0


@dataclass(frozen=True, slots=True)
class Records:
    """Every player's record in a tournament. ``ruleset`` (its id) and ``scope`` are those of the tournament's latest
    hanchan (the highest number), which the positions follow; ``session`` is that hanchan's."""

    tournament: str
    tournament_id: str
    ruleset: str  # "" when no hanchan was started
    scope: str  # "hanchan", "session" or "tournament" ("" when no hanchan was started)
    session: Session | None
    players: tuple[PlayerRecord, ...]  # every player of the tournament, by name

    def player(self, name: str) -> PlayerRecord | None:
        return next((p for p in self.players if p.player == name), None)


# -- the tables' hanchans -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Start:
    table_id: str
    hanchan: int
    seq: int
    session: Session | None
    ruleset: RuleSet | None
    players: tuple[str, ...]  # seated at its start


def _starts(
    store: Store, rulesets: Mapping[str, RuleSet], tournament_id: str, tables: Collection[str] | None = None
) -> dict[tuple[str, int], _Start]:
    """The standing ``hanchan_start`` of each (table, hanchan number) of the tournament (of ``tables`` only, if
    given): its session and rule set, read from the stored payload without parsing it whole."""
    pinned = store.rulesets(rulesets)
    params: list[Any] = [tournament_id]
    where = ""
    if tables is not None:
        if not tables:
            return {}
        where = f" AND h.table_id IN ({', '.join('?' * len(tables))})"
        params += list(tables)
    with reading(store.path):
        rows = store.conn.execute(
            "SELECT h.table_id, h.number, e.seq, json_extract(e.payload, '$.session'), "
            "json_extract(e.payload, '$.at'), json_extract(e.payload, '$.ruleset'), "
            "json_extract(e.payload, '$.ruleset_hash'), "
            "json_extract(e.payload, '$.players') FROM hanchans h CROSS JOIN events e ON e.uuid = h.id "
            f"JOIN game_tables g ON g.id = h.table_id WHERE g.tournament_id = ?{where} "
            f"AND {history.standing_sql(store)}",  # the hanchans first (CROSS JOIN), no ORDER BY: else SQLite
            params,
        ).fetchall()
    rows.sort(key=lambda r: r[2])  # walks every event. In the order stored: the newest start of a hanchan counts
    resolved: dict[tuple[Any, Any], RuleSet | None] = {}
    seatings: dict[str, tuple[str, ...]] = {}  # a table's hanchans seat the same players, in turns
    out: dict[tuple[str, int], _Start] = {}
    for table_id, number, seq, session, at, ruleset, ruleset_hash, players in rows:
        key = (ruleset_hash, ruleset)
        if key not in resolved:
            resolved[key] = resolve(pinned, {"ruleset": ruleset, "ruleset_hash": ruleset_hash})
        seated = seatings.get(players or "")
        if seated is None:
            try:
                seated = seatings[players or ""] = tuple(str(n) for n in json.loads(players)) if players else ()
            except ValueError:
                seated = ()
        out[(str(table_id), int(number))] = _Start(
            str(table_id), int(number), int(seq), session_key(session if isinstance(session, int) else None, str(at)),
            resolved[key], seated)  # fmt: skip
    return out


def _latest(starts: Mapping[tuple[str, int], _Start]) -> _Start | None:
    """The tournament's latest hanchan: the highest number, then the newest stored."""
    return max(starts.values(), key=lambda s: (s.hanchan, s.seq), default=None)


# -- which ladder an incident climbed ---------------------------------------------------------------------------


def _ladder_from_rules(rs: RuleSet | None, row: IncidentRow, ruling: StoredRuling | None) -> str | None:
    """The warning ladder an incident climbed, read from its hanchan's rule set: ``""`` for none, None when the
    offence's rules that give a warning name different ladders (then only a replay tells)."""
    if ruling is None or ruling.kind not in (RulingKind.WARNING, RulingKind.DEAD_HAND):
        return ""
    if ruling.elsewhere_ladder:
        return ruling.elsewhere_ladder
    rule_kind = ruling.rule_kind
    chosen = row.decision if rule_kind is RulingKind.REFEREE_CHOICE else rule_kind
    if chosen != RulingKind.WARNING:
        return ""  # a dead hand by its rule, or a choice other than a warning: no ladder
    off = rs.offences.get(str(row.offence or "")) if rs is not None else None
    if off is None:
        return ""
    ladders = {
        r.ladder for r in off.rules if r.ruling == rule_kind and (r.ruling == "warning" or "warning" in r.choices)
    }
    if len(ladders) == 1:
        return ladders.pop() or ""
    return None if ladders else ""


def _replayed_ladders(store: Store, rulesets: Mapping[str, RuleSet], table_id: str, wanted: set[str]) -> dict[str, str]:
    """The ladder each wanted incident of the table climbed, from a replay up to it (a log that does not replay: the
    incidents it does not reach are left out)."""
    out: dict[str, str] = {}
    for eid, replay in replay_to(store.table_events(table_id), store.rulesets(rulesets), wanted):
        ruling = replay.effect.ruling if replay.effect is not None else None
        out[eid] = ruling.ladder if ruling is not None and ruling.ladder_step else ""
    return out


def _ruling_reader() -> Callable[[str | None], StoredRuling | None]:
    """Read stored rulings, each distinct text once (a tournament's thousands of incidents have a few hundred)."""
    seen: dict[str | None, StoredRuling | None] = {}

    def read(text: str | None) -> StoredRuling | None:
        try:
            return seen[text]
        except KeyError:
            ruling = seen[text] = StoredRuling.from_json(json.loads(text) if text else {})
            return ruling

    return read


@dataclass(frozen=True, slots=True)
class _Hanchan:
    """What the incidents of one hanchan take from its start."""

    session: Session | None
    chombo_mode: str
    chombo_word: str
    overall_unit: int


_UNKNOWN_HANCHAN = _Hanchan(None, "", "chombo", 1)


def _hanchan_of(start: _Start | None) -> _Hanchan:
    if start is None:
        return _UNKNOWN_HANCHAN
    rs = start.ruleset
    if rs is None:
        return _Hanchan(start.session, "", "chombo", 1)
    return _Hanchan(start.session, rs.chombo.mode, rs.chombo_word, rs.results.overall_unit)


def _incidents(
    store: Store, rulesets: Mapping[str, RuleSet], rows: list[IncidentRow], starts: Mapping[tuple[str, int], _Start]
) -> list[tuple[str, RecordIncident]]:
    """The incidents of rows (:func:`refapp.store.history.incident_rows`), each with its player, oldest first."""
    read = _ruling_reader()
    rulings = [read(r.ruling) for r in rows]
    keys = [(str(r.table_id), int(r.hanchan)) for r in rows]
    ladders: dict[str, str] = {}
    unknown: dict[str, set[str]] = {}
    for r, ruling, key in zip(rows, rulings, keys):
        start = starts.get(key)
        found = _ladder_from_rules(start.ruleset if start is not None else None, r, ruling)
        if found is None:
            unknown.setdefault(key[0], set()).add(str(r.uuid))
        else:
            ladders[str(r.uuid)] = found
    for table_id, ids in unknown.items():
        ladders.update(_replayed_ladders(store, rulesets, table_id, ids))
    hanchans: dict[tuple[str, int], _Hanchan] = {}
    out = []
    for r, ruling, key in zip(rows, rulings, keys):
        h = hanchans.get(key)
        if h is None:
            h = hanchans[key] = _hanchan_of(starts.get(key))
        incident = RecordIncident(
            uuid=str(r.uuid),
            table=int(r.table),
            table_id=key[0],
            session=h.session,
            hanchan=key[1],
            round_wind=str(r.round_wind or "E"),
            hand=int(r.hand or 1),
            offence=str(r.offence or ""),
            ruling=ruling.kind_text if ruling is not None else "",
            amount=ruling.amount if ruling is not None else 0,
            scope=ruling.scope if ruling is not None else "",
            warning_number=ruling.warning_number if ruling is not None else 0,
            ladder=ladders.get(str(r.uuid), ""),
            elsewhere_warnings=ruling.elsewhere_warnings if ruling is not None else 0,
            elsewhere_steps=ruling.elsewhere_steps if ruling is not None else 0,
            at=str(r.at),
            referee=str(r.referee or ""),
            device_id=str(r.device_id or ""),
            voided=bool(r.voided),
            set_aside=r.set_aside is not None,
            chombo_mode=h.chombo_mode,
            chombo_word=h.chombo_word,
            overall_unit=h.overall_unit,
        )
        out.append((str(r.player or ""), incident))
    out.sort(key=lambda p: p[1].at)  # oldest first by the time recorded (stable: the stored order between equal times)
    return out


_KINDS = {k.value: k for k in RulingKind}  # RulingKind.parse without the enum call, for thousands of incidents


def _counts(incidents: list[RecordIncident]) -> RecordCounts:
    counted = [i for i in incidents if i.counted]
    kinds = [_KINDS.get(i.ruling) for i in counted]
    return RecordCounts(
        warnings=kinds.count(RulingKind.WARNING),
        dead_hands=kinds.count(RulingKind.DEAD_HAND),
        chombos=kinds.count(RulingKind.CHOMBO),
        penalties=sum(1 for k in kinds if k is not None and k.is_penalty),
        ladder_steps=sum(1 for i in counted if i.ladder),
        incidents=len(counted),
    )


# -- the read models --------------------------------------------------------------------------------------------


def _in_scope(scope: str, session: Session | None, latest: tuple[str, int] | None, inc: RecordIncident) -> bool:
    if scope == "tournament":
        return True
    if scope == "session":
        return session is not None and inc.session == session
    return latest is not None and (inc.table_id, inc.hanchan) == latest  # "hanchan": the player's latest hanchan


def _steps(scope: str, incidents: list[RecordIncident]) -> list[RecordIncident]:
    """The incidents with the step each counted one climbed on its ladder: its place, oldest first, among the
    player's counted offences of that ladder in the same scope (the session, the tournament, the hanchan), whatever
    the table: the rule set's escalation applied across tables."""
    seen: dict[SessionKey, int] = {}
    out = []
    for i in incidents:
        if i.ladder and i.counted:
            where: Any = i.session if scope == "session" else (i.table_id, i.hanchan) if scope == "hanchan" else ""
            seen[(i.ladder, where)] = step = seen.get((i.ladder, where), 0) + 1
            i = replace(i, ladder_step=step)
        out.append(i)
    return out


def records(store: Store, rulesets: Mapping[str, RuleSet], tournament_id: str, player: str | None = None) -> Records:
    """Every player's record in the tournament (only ``player``'s, if given: a name as seated; none when nobody of
    that name is on the roster, was seated or is named by an incident). The cyclic garbage collector is paused
    meanwhile: the records of 100,000 events are some 100,000 objects and no cycle, and its passes over the app's
    heap while they are built would double the time."""
    with gc_paused():
        return _records(store, rulesets, tournament_id, player)


def _records(store: Store, rulesets: Mapping[str, RuleSet], tournament_id: str, player: str | None) -> Records:
    found = store.conn.execute("SELECT name FROM tournaments WHERE id = ?", (tournament_id,)).fetchone()
    name = str(found[0]) if found is not None else tournament_id
    starts = _starts(store, rulesets, tournament_id)
    latest = _latest(starts)
    rs = latest.ruleset if latest is not None else None
    scope = rs.penalties.warning_scope if rs is not None else ""
    session = latest.session if latest is not None else None
    by_player: dict[str, list[RecordIncident]] = {}
    for who, incident in _incidents(store, rulesets, history.incident_rows(store, tournament_id, player), starts):
        by_player.setdefault(who, []).append(incident)
    names = [p["name"] for p in store.players(tournament_id)]  # the roster, those seated, those an incident names
    seated = {n for s in starts.values() for n in s.players} | set(by_player)
    names += sorted(n for n in seated if n and n not in names)
    if player is not None:
        names = [player] if player in names else []
    out = []
    for who in names:
        incidents = _steps(scope, by_player.get(who, []))
        last = max(incidents, key=lambda i: i.hanchan, default=None)  # "hanchan" scope: the player's latest hanchan
        own_latest = (last.table_id, last.hanchan) if last is not None else None
        scoped = [i for i in incidents if i.counted and _in_scope(scope, session, own_latest, i)]
        warnings = sum(1 for i in scoped if i.ruling == RulingKind.WARNING)
        positions = []
        for lname, ladder in rs.ladders.items() if rs is not None else ():
            steps = sum(1 for i in scoped if i.ladder == lname)
            nxt = steps + 1
            positions.append(LadderPosition(lname, ladder.citation, ladder.dead_hand_from, steps, nxt,
                                            nxt >= ladder.dead_hand_from))  # fmt: skip
        out.append(PlayerRecord(who, _counts(incidents), tuple(incidents), warnings, warnings + 1, tuple(positions)))
    return Records(name, tournament_id, rs.id if rs is not None else "", scope, session, tuple(out))


# An incident's counts at the tournament's other tables (the ``elsewhere`` its event carries), zeros left out.
ElsewhereCounts = ElsewhereJson


def elsewhere(
    store: Store,
    rulesets: Mapping[str, RuleSet],
    *,
    tournament_id: str,
    table_id: str,
    player: str,
    ruleset: RuleSet,
    session: Session | None,
) -> ElsewhereCounts:
    """What an incident of ``player`` entered now at ``table_id`` records of the player's other tables: the
    standing warnings and ladder steps (of ``ruleset``'s ladders) at the tournament's other tables in the rule set's
    warning scope (the session ``session``, or the whole tournament), as ``{"warnings": n, "ladders": {name: n}}``
    with the zeros left out; ``{}`` when there is nothing (or the scope is one hanchan, which is one table)."""
    scope = ruleset.penalties.warning_scope
    if scope == "hanchan":
        return {}
    rows = [r for r in history.incident_rows(store, tournament_id, player, tables=[table_id])
            if not (r.voided or r.set_aside)]  # fmt: skip
    if not rows:
        return {}
    starts = _starts(store, rulesets, tournament_id, {str(r.table_id) for r in rows})
    incidents = [i for _, i in _incidents(store, rulesets, rows, starts) if _in_scope(scope, session, None, i)]
    warnings = sum(1 for i in incidents if i.ruling == RulingKind.WARNING)
    ladders = {name: n for name in ruleset.ladders if (n := sum(1 for i in incidents if i.ladder == name))}
    out: ElsewhereCounts = {}
    if warnings:
        out["warnings"] = warnings
    if ladders:
        out["ladders"] = ladders
    return out


def stored_up_to(store: Store) -> int:
    """The newest stored row's ``seq``: what :func:`elsewhere` and :func:`records` read changes only when it does
    (rows are only ever added), so a caller may keep their answers until then."""
    with reading(store.path):
        return int(store.conn.execute("SELECT max(seq) FROM events").fetchone()[0] or 0)


def records_to_json(rec: Records) -> JsonObject:
    """The records as plain data (``refapp records --json``)."""

    def session(s: Session | None) -> Any:
        return list(s) if s is not None else None

    players = []
    for p in rec.players:
        d = asdict(p)
        d["incidents"] = [asdict(i) | {"session": session(i.session), "counted": i.counted} for i in p.incidents]
        players.append(d)
    return {
        "tournament": rec.tournament,
        "tournament_id": rec.tournament_id,
        "ruleset": rec.ruleset,
        "scope": rec.scope,
        "session": session(rec.session),
        "players": players,
    }
