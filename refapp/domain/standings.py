"""What the Results page shows, worked out from the table state: the standings while a hanchan is played, the
result lines once it is over (substitutes under their own name and not ranked, absent players in a line of their
own), and the score chart's points. The page only formats these; it never reads events or seats itself."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING

from . import house_rules
from .table import TableState

if TYPE_CHECKING:
    from .event_json import EventJson


class LineKind(StrEnum):
    PLAYER = "player"  # a ranked player
    SUBSTITUTE = "substitute"  # a substitute's line: under the substitute's own name, not ranked
    ABSENT = "absent"  # the absent player's own line (no points; the missed-hanchan penalty)
    # disqualified during play: the absent player's line where the rule set gives him one (EMA 2012), else no
    # result, only what his overall score was charged
    DISQUALIFIED = "disqualified"


class PointKind(StrEnum):
    START = "start"  # the scores the hanchan started with
    HAND = "hand"  # after a hand (round wind, hand number, counters)
    NOW = "now"  # the current scores of a hanchan in play
    FINAL = "final"  # the final scores (when they differ from the last hand's)


class EndReason(StrEnum):
    TIME_LIMIT = "time limit"
    LAST_HAND = house_rules.LAST_HAND
    BANKRUPTCY = "bankruptcy"
    DEALER_LEADING = house_rules.DEALER_LEADING
    TARGET_REACHED = house_rules.TARGET_REACHED  # in an extra round, someone reached the target
    EXTRA_ROUNDS_OVER = house_rules.EXTRA_ROUNDS_OVER  # the extra winds ran out, nobody at the target


@dataclass(frozen=True, slots=True)
class SeatName:
    """Who plays a seat: the seated player, and the substitute's name if one took the seat (``""`` otherwise;
    ``substituted`` is also true for a substitute whose name was not given)."""

    player: str
    substitute: str = ""
    substituted: bool = False


@dataclass(frozen=True, slots=True)
class StandingRow:
    rank: int  # 1 + the number of seats with a higher score (ties share a rank)
    seat: int
    name: SeatName
    wind: int  # 0-3: East, South, West, North this hand
    dealer: bool
    score: int
    overall: Fraction | int | None  # None for a seat a substitute plays: the result goes into no overall score


@dataclass(frozen=True, slots=True)
class ResultLine:
    kind: LineKind
    seat: int
    name: str  # the player's own name (a substitute's line: the substitute's, "" if not given)
    substitute_for: str  # a substitute's line: whose seat it was
    rank: int | None  # None on an absent (or disqualified) player's line
    score: int | None  # table score; None on an absent (or disqualified) player's line
    uma: Fraction | int
    oka: Fraction | int
    leftover: Fraction | int
    penalty: int  # deducted after uma
    final: Fraction | int
    overall: Fraction | int | None  # the overall score after the hanchan; None when the line goes into none


@dataclass(frozen=True, slots=True)
class ChartPoint:
    kind: PointKind
    round_wind: int
    hand: int
    counters: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HanchanReport:
    hanchan: int
    ruleset_name: str
    over: bool
    end_reason: EndReason | None  # None for a hanchan in play, or a reason given in the referee's own words
    end_text: str  # the end reason as recorded
    round_wind: int
    hand: int
    counters: int
    riichi_sticks: int
    seats: tuple[SeatName, ...]
    standings: tuple[StandingRow, ...]  # by score, highest first
    results: tuple[ResultLine, ...]  # once over: by rank, absent players last
    chart: tuple[ChartPoint, ...]
    start_points: int | None  # the rule set's starting score: the chart's reference line
    extra_round_target: int | None = None  # in an extra round (a wind beyond the rule set's rounds): the target
    overall_unit: int = 1  # the rule set's: overall scores and results are shown in it (refapp.domain.numbers)


def _name(state: TableState, seat: int) -> SeatName:
    s = state.seats[seat]
    return SeatName(s.player, s.substitute_name if s.substitute else "", s.substitute)


def _standings(st: TableState) -> tuple[StandingRow, ...]:
    order = sorted(range(len(st.seats)), key=lambda i: (-st.seats[i].score, i))
    rows = []
    for i in order:
        s = st.seats[i]
        rank = 1 + sum(1 for o in st.seats if o.score > s.score)
        wind = (i - st.dealer) % len(st.seats)
        overall = None if s.substitute else s.overall
        rows.append(StandingRow(rank, i, _name(st, i), wind, i == st.dealer, s.score, overall))
    return tuple(rows)


def _results(st: TableState) -> tuple[ResultLine, ...]:
    lines = []
    for r in sorted(st.results or [], key=lambda r: (r.absent, r.rank, r.seat)):
        seat = st.seats[r.seat]
        if r.absent:
            kind, rank, score = (LineKind.DISQUALIFIED if r.disqualified else LineKind.ABSENT), None, None
        else:
            kind = LineKind.SUBSTITUTE if r.substitute_for else LineKind.PLAYER
            rank, score = r.rank, r.score
        overall = seat.overall if r.ranked else None  # the absent player's line: his overall score
        lines.append(
            ResultLine(
                kind, r.seat, r.player, r.substitute_for, rank, score, r.uma, r.oka, r.leftover, r.penalty, r.final,
                overall,
            )
        )  # fmt: skip
    return tuple(lines)


def _chart(st: TableState, start_scores: Sequence[int] | None) -> tuple[ChartPoint, ...]:
    points: list[ChartPoint] = []
    if start_scores is not None:
        points.append(ChartPoint(PointKind.START, 0, 1, 0, tuple(int(x) for x in start_scores)))
    for round_wind, hand, counters, scores in st.history:
        points.append(ChartPoint(PointKind.HAND, round_wind, hand, counters, tuple(scores)))
    current = tuple(s.score for s in st.seats)
    if not st.game_over:
        points.append(ChartPoint(PointKind.NOW, st.round_wind, st.hand, st.counters, current))
    elif not points or points[-1].scores != current:
        points.append(ChartPoint(PointKind.FINAL, st.round_wind, st.hand, st.counters, current))
    return tuple(points)


def start_scores(events: Sequence[EventJson], state: TableState) -> list[int] | None:
    """The scores the current hanchan started with: its start event's resume scores (a table continued from paper),
    else the rule set's starting score. ``events``: the table's log, voids included."""
    if not state.started:
        return None
    voided = {e.get("target") for e in events if e.get("type") == "void"}
    for e in reversed(events):
        if e.get("type") == "hanchan_start" and e.get("id") not in voided:
            resume = e.get("resume")
            if isinstance(resume, Mapping) and resume.get("scores"):
                return [int(x) for x in resume["scores"]]
            break
    if state.ruleset is None:
        return None
    return [state.ruleset.start_points] * len(state.seats)


def hanchan_report(state: TableState | None, start: Sequence[int] | None = None) -> HanchanReport | None:
    """The Results page's facts for the table's current hanchan (None before a hanchan was started)."""
    st = state
    if st is None or not st.started or not st.seats:
        return None
    over = st.game_over and st.results is not None
    try:
        reason: EndReason | None = EndReason(st.end_reason) if over else None
    except ValueError:
        reason = None
    return HanchanReport(
        hanchan=st.hanchan,
        ruleset_name=st.ruleset.name if st.ruleset else "",
        over=over,
        end_reason=reason,
        end_text=st.end_reason if over else "",
        round_wind=st.round_wind,
        hand=st.hand,
        counters=st.counters,
        riichi_sticks=st.riichi_sticks,
        seats=tuple(_name(st, i) for i in range(len(st.seats))),
        standings=_standings(st),
        results=_results(st) if over else (),
        chart=_chart(st, start),
        start_points=st.ruleset.start_points if st.ruleset else None,
        extra_round_target=_extra_target(st),
        overall_unit=st.ruleset.results.overall_unit if st.ruleset else 1,
    )


def _extra_target(st: TableState) -> int | None:
    """The target of the extra round being played (None outside one)."""
    rs = st.ruleset
    if rs is None or rs.game.extra_rounds is None or not house_rules.in_extra_round(rs.game, st.round_wind):
        return None
    return rs.game.extra_rounds.target
