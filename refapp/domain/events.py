"""The table log: an ordered list of events. The table state is a pure fold of these (see ``ledger``).

Every event carries a stable ``id``, a timestamp ``at`` supplied by the caller (replay never reads the clock) and
``by``, who entered it. Nothing is ever deleted: a mistake is cancelled with a ``void`` event.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator, model_validator
from pydantic.dataclasses import dataclass

from .catalogue import Params, english
from .gcpause import gc_paused
from .inputs import char_label, is_time, refused_in_name, refused_in_text, time_shown

Seat = Annotated[
    int, Field(ge=0, le=3, strict=True, description="seat index; seat 0 is East at the start of the hanchan")
]
WIND_LETTERS = ("E", "S", "W", "N")
# Every number an event carries is bounded: stored in 64-bit columns and folded into scores, it must never overflow.
Answer = Annotated[int, Field(ge=-10_000_000, le=10_000_000)]
LIMITS = {"mangan": 5, "haneman": 6, "baiman": 8, "sanbaiman": 11, "yakuman": 13}
# Sane ranges for the numbers of a log (a forged or damaged log must not carry a number SQLite cannot store, or one
# the ledger cannot do exact arithmetic on): far beyond any real table, far below any overflow.
MAX_POINTS = 10_000_000  # a table score; a hand's points
MAX_OVERALL = 1e9  # an overall score carried over from paper
MAX_COUNTERS = 100
MAX_STICKS = 200  # every point of a 4 × 50,000 table on the table
MAX_HANCHAN = 10_000
Points = Annotated[int, Field(ge=-MAX_POINTS, le=MAX_POINTS)]
Overall = Annotated[float, Field(ge=-MAX_OVERALL, le=MAX_OVERALL, allow_inf_nan=False)]


_STRICT = ConfigDict(extra="forbid")  # events are frozen dataclasses with slots: built and read quicker than models


@dataclass(frozen=True, slots=True, kw_only=True, config=_STRICT)
class _Event:
    id: str = Field(min_length=1, description="stable, unique id (a UUID in the store)")
    at: str = Field(min_length=1, description="ISO 8601 time with its offset (2026-11-22T10:00:00+01:00), as entered")
    by: str = Field(default="", description="who entered it (referee or table)")


@dataclass(frozen=True, slots=True, kw_only=True, config=_STRICT)
class Resume:
    """A table kept on paper until now, continued on the tablet at the start of a hand."""

    scores: tuple[Points, Points, Points, Points]
    round_wind: Literal["E", "S", "W", "N"] = "E"
    hand: int = Field(default=1, ge=1, le=4)
    dealer: Seat | None = None
    counters: int = Field(default=0, ge=0, le=MAX_COUNTERS)
    riichi_sticks: int = Field(default=0, ge=0, le=MAX_STICKS)
    overall: tuple[Overall, Overall, Overall, Overall] | None = None

    @model_validator(mode="after")
    def _dealer_matches_hand(self) -> Resume:
        if self.dealer is not None and self.dealer != self.hand - 1:
            raise ValueError(
                f"dealer {self.dealer} does not match hand {self.hand}: seat 0 was East at the start, "
                f"so in hand {self.hand} the dealer is seat {self.hand - 1}"
            )
        return self


@dataclass(frozen=True, slots=True, kw_only=True, config=_STRICT)
class HanchanStart(_Event):
    type: Literal["hanchan_start"]
    players: tuple[str, str, str, str] = Field(description="names in seat order; seat 0 is East at the start")
    ruleset: str
    ruleset_hash: str | None = Field(
        default=None, pattern=r"^[0-9a-f]{64}$", description="its rule set's content (SHA-256, as stored)"
    )
    hanchan: int | None = Field(
        default=None, ge=1, le=MAX_HANCHAN, description="hanchan number in the tournament; default: previous + 1"
    )
    first_timers: tuple[str, ...] = ()
    resume: Resume | None = None
    session: int | None = Field(
        default=None, ge=1, le=10_000, description="the session (warnings may count by it); default: the day of 'at'"
    )

    @model_validator(mode="after")
    def _distinct_players(self) -> HanchanStart:
        names = [p.strip() for p in self.players]
        if any(not n for n in names):
            raise ValueError("every player needs a name")
        if len(set(names)) != 4:
            raise ValueError(f"players must be four different names, got {list(self.players)}")
        return self


@dataclass(frozen=True, slots=True, kw_only=True, config=_STRICT)
class Riichi(_Event):
    type: Literal["riichi"]
    seat: Seat


@dataclass(frozen=True, slots=True, kw_only=True, config=_STRICT)
class HandValue:
    """A winning hand's value: han + fu, a limit, or plain points (ron: what the discarder pays; tsumo: what each
    non-dealer pays and, for a non-dealer winner, what the dealer pays)."""

    han: int | None = Field(default=None, ge=1, le=130)
    fu: int | None = Field(default=None, ge=20, le=110)
    limit: Literal["mangan", "haneman", "baiman", "sanbaiman", "yakuman"] | None = None
    yakuman: int = Field(default=1, ge=1, le=6, description="yakuman multiple when limit = 'yakuman'")
    points: int | None = Field(default=None, gt=0, le=MAX_POINTS)
    dealer_points: int | None = Field(default=None, gt=0, le=MAX_POINTS)

    @model_validator(mode="after")
    def _one_form(self) -> HandValue:
        # written for speed (it runs for every winner of a 100,000-event replay): the common case takes few tests
        han, fu, points = self.han, self.fu, self.points
        if (han is not None) + (self.limit is not None) + (points is not None) != 1:
            raise ValueError("give exactly one of: han (+ fu), limit, points")
        if fu is not None:
            if fu != 25 and fu % 10:
                raise ValueError(f"fu must be 25 or a multiple of 10, got {fu}")
            if han == 1 and fu <= 25:
                raise ValueError(f"1 han {fu} fu does not exist (pinfu tsumo and seven pairs are at least 2 han)")
        elif han is not None and han < 5:
            raise ValueError(f"{han} han needs fu")
        if points is not None and points % 100:
            raise ValueError(f"points must be a multiple of 100, got {points}")
        if self.dealer_points is not None and (points is None or self.dealer_points % 100):
            raise ValueError("dealer_points goes with points and must be a multiple of 100")
        if self.yakuman != 1 and self.limit != "yakuman":
            raise ValueError("a yakuman multiple needs limit = 'yakuman'")
        return self


@dataclass(frozen=True, slots=True, kw_only=True, config=_STRICT)
class Winner(HandValue):
    seat: Seat
    liable: Seat | None = Field(default=None, description="seat liable (pao) for this hand")
    liable_hand: str | None = Field(
        default=None, max_length=40, description="liability hand (big_three_dragons, big_four_winds, four_kongs, ...)"
    )


@dataclass(frozen=True, slots=True, kw_only=True, config=_STRICT)
class Win(_Event):
    type: Literal["win"]
    kind: Literal["ron", "tsumo"]
    discarder: Seat | None = None
    winners: list[Winner] = Field(min_length=1, max_length=3)
    bumped: list[Seat] = Field(
        default_factory=list,
        max_length=2,
        description="a head bump: the other seats that called ron on the same discard, after the winner from the "
        "discarder's right (they receive nothing; no hand value is recorded for them)",
    )

    @model_validator(mode="after")
    def _shape(self) -> Win:
        winners = self.winners
        seats = [w.seat for w in winners]
        if len(winners) > 1 and len(set(seats)) != len(seats):
            raise ValueError(f"a seat is listed twice among the winners: {seats}")
        if self.kind == "tsumo":
            if len(winners) != 1:
                raise ValueError("a tsumo has exactly one winner")
            if self.discarder is not None:
                raise ValueError("a tsumo has no discarder")
            if self.bumped:
                raise ValueError("a tsumo bumps nobody (bumped is for a head bump on a ron)")
        else:
            if self.discarder is None:
                raise ValueError("a ron needs the discarder")
            if self.discarder in seats:
                raise ValueError(f"seat {self.discarder} cannot win on its own discard")
        if self.bumped:
            if len(winners) != 1:
                raise ValueError("a head bump has one winner: list the other seats that called ron in bumped")
            callers = seats + list(self.bumped)
            if len(set(callers)) != len(callers):
                raise ValueError(f"a seat is listed twice among the winner and the bumped seats: {callers}")
            if self.discarder in self.bumped:
                raise ValueError(f"seat {self.discarder} cannot call ron on its own discard")
        for w in winners:
            if w.liable is not None and w.liable == w.seat:
                raise ValueError(f"seat {w.seat} cannot be liable for its own hand")
            if w.dealer_points is not None and self.kind == "ron":
                raise ValueError("dealer_points is for a tsumo (what the dealer pays); on a ron give points only")
        return self


@dataclass(frozen=True, slots=True, kw_only=True, config=_STRICT)
class Draw(_Event):
    type: Literal["draw"]
    kind: Literal["exhaustive", "abortive"] = "exhaustive"
    tenpai: list[Seat] = Field(default_factory=list, max_length=4, description="tenpai seats (exhaustive draw)")
    nagashi: list[Seat] = Field(
        default_factory=list, max_length=4, description="seats that made nagashi mangan (exhaustive draw)"
    )
    reason: str = Field(default="", description="abortive draw: why (four winds, nine terminals, ...)")

    @field_validator("nagashi")
    @classmethod
    def _distinct_nagashi(cls, seats: list[int]) -> list[int]:
        if len(seats) > 1 and len(set(seats)) != len(seats):
            raise ValueError(f"a seat is listed twice for nagashi mangan: {seats}")
        return seats

    @model_validator(mode="after")
    def _shape(self) -> Draw:
        if len(self.tenpai) > 1 and len(set(self.tenpai)) != len(self.tenpai):
            raise ValueError(f"a seat is listed twice as tenpai: {self.tenpai}")
        if self.kind == "abortive" and self.tenpai:
            raise ValueError("an abortive draw has no tenpai seats")
        if self.kind == "abortive" and self.nagashi:
            raise ValueError("an abortive draw has no nagashi mangan")
        return self


@dataclass(frozen=True, slots=True, kw_only=True, config=_STRICT)
class HanchanEnd(_Event):
    """The referee ends the hanchan before its natural end (time limit)."""

    type: Literal["hanchan_end"]
    reason: str = "time limit"


LadderName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=40)]
Count = Annotated[int, Field(ge=0, le=1000, strict=True)]


@dataclass(frozen=True, slots=True, kw_only=True, config=_STRICT)
class Elsewhere:
    """The player's standing warnings and warning-ladder steps at the tournament's *other* tables, in the rule set's
    warning scope (the session, or the whole tournament), as the device that entered the incident knew them then.
    Recorded in the incident so that a table's replay never depends on another table's log (docs/rulings.md,
    "Warnings across tables"): the fold adds them to the table's own counts."""

    warnings: Count = 0
    ladders: dict[LadderName, Count] = Field(default_factory=dict, max_length=20)


@dataclass(frozen=True, slots=True, kw_only=True, config=_STRICT)
class Incident(_Event):
    """An offence ruled by the referee: the seat, the offence id and the answers to its questions."""

    type: Literal["incident"]
    seat: Seat
    offence: str = Field(min_length=1)
    answers: dict[str, bool | Answer | str] = Field(default_factory=dict)
    note: str = ""
    hand_tiles: str = Field(default="", description="a hand attached by the hand checker, in tile notation")
    substitute: str = Field(
        default="", max_length=100, description="the substitute who takes the seat (missed hanchan)"
    )
    elsewhere: Elsewhere | None = Field(
        default=None, description="the player's warnings and ladder steps at the tournament's other tables, if entered"
    )


@dataclass(frozen=True, slots=True, kw_only=True, config=_STRICT)
class Void(_Event):
    type: Literal["void"]
    target: str = Field(min_length=1, description="id of the event cancelled")
    reason: str = Field(min_length=1)


# An event of a table's log, validated (what :func:`parse_event` gives); ``Event`` is its pydantic schema.
TableEvent = HanchanStart | Riichi | Win | Draw | HanchanEnd | Incident | Void
Event = Annotated[
    Union[HanchanStart, Riichi, Win, Draw, HanchanEnd, Incident, Void],
    Field(discriminator="type"),
]


class TableLog(BaseModel):
    """A table log file: ``{"format": "refapp-table-log", "version": 1, "events": [...]}``."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["refapp-table-log"] = "refapp-table-log"
    version: Literal[1] = 1
    events: list[Event]


def _one_line(text: str) -> str:
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in str(text))


class LogError(ValueError):
    """Bad input in a table log, naming the event index and the field.

    ``message`` is English (the command line prints it). A refusal that can reach the screen is raised with a message
    id, ``key``, and its ``params`` only: ``message`` is then its sentence from the catalogue
    (:mod:`refapp.domain.catalogue`), and the user interface says the same id in the screen's language."""

    def __init__(
        self,
        index: int | None,
        field: str,
        message: str = "",
        key: str = "",
        params: Params | None = None,
    ):
        message = message or (english(key, params) if key else "")
        field, message = _one_line(field), _one_line(message)  # input may carry newlines: the message stays one line
        self.index, self.field, self.message = index, field, message
        self.key, self.params = key, dict(params or {})
        where = f"event {index}" if index is not None else "log"
        super().__init__(f"{where}: {field}: {message}" if field else f"{where}: {message}")


_EVENT_ADAPTER: TypeAdapter[TableEvent] = TypeAdapter(Event)
EVENT_TYPES = ("hanchan_start", "riichi", "win", "draw", "hanchan_end", "incident", "void")


def _first_error(exc: ValidationError) -> tuple[tuple[Any, ...], str]:
    err = exc.errors()[0]
    msg = err["msg"].removeprefix("Value error, ")
    if err["type"] == "unexpected_keyword_argument":  # (a dataclass's word for it: said as of any other object)
        msg = "Extra inputs are not permitted"
    value = err.get("input")
    if err["type"] != "missing" and not isinstance(value, (dict, list)) and not err["type"].startswith("value_error"):
        msg += f" (got {value!r})"
    return tuple(err["loc"]), msg


def parse_event(data: object, index: int | None = None) -> TableEvent:
    """Validate one event (a dict); raise :class:`LogError` naming the index and field."""
    if not isinstance(data, dict):
        raise LogError(index, "", f"an event is a JSON object, got {type(data).__name__}")
    kind = data.get("type")
    if kind not in EVENT_TYPES:
        if kind is None:
            raise LogError(index, "type", "missing (every event has a type)")
        raise LogError(index, "type", f"unknown event type {kind!r} (expected one of: {', '.join(EVENT_TYPES)})")
    try:
        return _EVENT_ADAPTER.validate_python(data)
    except ValidationError as exc:
        loc, msg = _first_error(exc)
        # drop the discriminator tag pydantic puts first ("win", "riichi", ...)
        if loc and isinstance(data, dict) and loc[0] == data.get("type"):
            loc = loc[1:]
        raise LogError(index, ".".join(str(p) for p in loc), msg) from None


def parse_log(data: object) -> TableLog:
    """Validate a whole log (already decoded from JSON)."""
    if not isinstance(data, dict):
        raise LogError(None, "", "a table log is a JSON object with an 'events' list")
    for key in data:
        if key not in ("format", "version", "events"):
            raise LogError(None, key, "unknown key (expected format, version, events)")
    if data.get("format", "refapp-table-log") != "refapp-table-log":
        raise LogError(None, "format", f"expected 'refapp-table-log', got {data.get('format')!r}")
    if data.get("version", 1) != 1:
        raise LogError(None, "version", f"unsupported version {data.get('version')!r} (this refapp reads 1)")
    events = data.get("events")
    if not isinstance(events, list):
        raise LogError(None, "events", "expected a list of events")
    parsed = parse_events(events)
    check_all_incoming(events)
    return TableLog.model_construct(events=parsed)


_EVENTS_ADAPTER: TypeAdapter[list[TableEvent]] = TypeAdapter(list[Event])


def parse_events(events: Sequence[object]) -> list[TableEvent]:
    """Validate a list of events at once; on bad input, find the first bad event and name it."""
    with gc_paused():
        try:
            return _EVENTS_ADAPTER.validate_python(events)
        except ValidationError:
            pass
    for i, e in enumerate(events):
        parse_event(e, i)  # raises the LogError naming the event
    raise LogError(None, "events", "invalid")  # unreachable: one event failed above


# -- what comes in: names, free texts and times (refapp.domain.inputs) ------------------------------------------------

# The names and free texts of every payload type that has some (ledger events and the store's entity events), by
# field; every payload's "by" is a name and its "at" a time.
NAME_FIELDS: dict[str, tuple[str, ...]] = {
    "hanchan_start": ("players", "first_timers"),
    "incident": ("substitute",),
    "tournament": ("name",),
    "player": ("name", "federation_id"),
    "trust": ("name",),
    "statement": ("player",),
}
TEXT_FIELDS: dict[str, tuple[str, ...]] = {
    "incident": ("note", "answers", "hand_tiles"),
    "draw": ("reason",),
    "hanchan_end": ("reason",),
    "void": ("reason",),
    "statement": ("text",),
    "resolve": ("reason",),
    "extra_time": ("reason",),
    "ending_rule": ("reason",),
}
TIME_FIELDS: dict[str, tuple[str, ...]] = {
    "tournament": ("created_at",),
    "table": ("created_at",),
    "player": ("created_at",),
}


def _texts(value: Any, field: str) -> Iterator[tuple[str, str]]:
    """The strings of a field (a list's items, a dict's values), each with its place (``players.2``)."""
    if isinstance(value, str):
        yield field, value
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            if isinstance(v, str):
                yield f"{field}.{i}", v
    elif isinstance(value, dict):
        for k, v in value.items():
            if isinstance(v, str):
                yield f"{field}.{k}", v


def check_incoming(payload: object, index: int | None = None) -> None:
    """Refuse an event (or an entity event) coming in from outside whose names hold a control or invisible
    formatting character, whose free texts hold a control character, or whose times are not ISO 8601 with their
    offset: a :class:`LogError` naming the event and the field (``event 3: players.2: U+202E RIGHT-TO-LEFT
    OVERRIDE is not allowed in a name ...``). Other fields are the parser's to check; what is stored already is never
    judged by this."""
    if not isinstance(payload, dict):
        return
    kind = str(payload.get("type"))
    at = payload.get("at")
    if not is_time(at):
        raise LogError(index, "at", key="time_refused", params={"value": time_shown(at)})
    for name in TIME_FIELDS.get(kind, ()):
        value = payload.get(name)
        if value is not None and not is_time(value):
            raise LogError(index, name, key="time_refused", params={"value": time_shown(value)})
    for name in ("by", *NAME_FIELDS.get(kind, ())):
        for field, text in _texts(payload.get(name), name):
            bad = refused_in_name(text)
            if bad is not None:
                raise LogError(index, field, key="name_refused", params={"char": char_label(bad)})
    for name in TEXT_FIELDS.get(kind, ()):
        for field, text in _texts(payload.get(name), name):
            bad = refused_in_text(text)
            if bad is not None:
                raise LogError(index, field, key="text_refused", params={"char": char_label(bad)})


def check_all_incoming(events: list[Any]) -> None:
    """:func:`check_incoming` for each event of a log that validated (:func:`parse_events`), the same refusals; each
    referee's name is judged once (100,000 events have a few), and an event whose other names and texts are all
    empty (a riichi, a win, most draws) needs nothing more."""
    good: set[str] = set()  # names found good
    for i, payload in enumerate(events):
        by, kind = payload.get("by", ""), payload.get("type")
        if (
            kind not in TIME_FIELDS
            and is_time(payload.get("at"))
            and not any(payload.get(name) for name in NAME_FIELDS.get(kind, ()))
            and not any(payload.get(name) for name in TEXT_FIELDS.get(kind, ()))
            and (by in good or refused_in_name(by) is None)
        ):
            good.add(by)
        else:
            check_incoming(payload, i)  # (it raises what is refused)


def resolve_voids(events: Sequence[TableEvent]) -> list[tuple[int, TableEvent]]:
    """Check ids and voids; return (index, event) for the events that stand (not voids, not voided)."""
    if len({ev.id for ev in events}) == len(events) and not any([ev.type == "void" for ev in events]):
        return list(enumerate(events))  # the common case, checked in two quick passes
    seen: dict[str, int] = {}
    voided: dict[str, int] = {}
    for i, ev in enumerate(events):
        eid = ev.id
        if eid in seen:
            raise LogError(i, "id", key="duplicate_id")
        seen[eid] = i
        if ev.type == "void":
            target = seen.get(ev.target)
            if target is None or target == i:
                raise LogError(i, "target", key="void_no_target")
            if events[target].type == "void":
                raise LogError(i, "target", key="void_of_void")
            if ev.target in voided:
                raise LogError(i, "target", key="voided_twice")
            voided[ev.target] = i
    if not voided:
        return list(enumerate(events))
    return [(i, ev) for i, ev in enumerate(events) if ev.type != "void" and ev.id not in voided]
