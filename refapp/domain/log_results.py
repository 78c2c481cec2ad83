"""Hanchan results of a table log: what each hanchan adds to each player's overall score.

The ledger keeps only the current hanchan's results, so the log is walked hanchan by hanchan (voids resolved). A
hanchan's lines are read when the next one starts (or at the end of the log), so penalties ruled after its end still
count. The results CSV export (:mod:`refapp.store.exports`) and the tournament standings
(:mod:`refapp.domain.tournament`) read these. (Its own module: :mod:`.results` is imported by the ledger, and this
walk needs the ledger.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple

from .event_json import EventJson
from .events import HanchanStart, parse_event, parse_events, resolve_voids
from .gcpause import gc_paused
from .ledger import Ledger
from .results import exact, export_rows
from .rules import RuleSet
from .standings import LineKind
from .table import TableState

Amount = Fraction | int


class HanchanLine(NamedTuple):
    """One line of a hanchan's results: a player (ranked), a substitute (never ranked), an absent player, or a
    player disqualified during the hanchan: the absent player's result where the rule set gives him one
    (``penalties.disqualified_result``, EMA 2012 §5.7), else only what was charged to his overall score.

    As in the results export: ``points`` is the table score − return points (penalties taken off the table score
    are already out of it: ``table_penalties`` says how much), ``penalties`` what was deducted beyond that (a chombo
    after uma, overall-score penalties, a missed hanchan), and ``result = points + uma + oka + leftover − penalties``
    is what the hanchan adds to the player's overall score (a substitute's own result on a substitute's line).
    (A named tuple: a start reads tens of thousands of them from the standings' cache.)"""

    table: int
    hanchan: int
    seat: int
    kind: LineKind
    player: str  # the substitute's own name on a substitute's line ("" if not given)
    substitute_for: str
    score: int | None  # the table score (None on an absent or disqualified player's line)
    rank: int | None  # the place at the table (None on an absent or disqualified player's line)
    points: Amount
    uma: Amount
    oka: Amount
    leftover: Amount
    penalties: Amount
    table_penalties: Amount  # taken off the table score (already out of ``score`` and ``points``)
    result: Amount
    in_play: bool  # the hanchan is not over: the line is what it would be if it ended now

    @property
    def ranked(self) -> bool:
        return self.kind is not LineKind.SUBSTITUTE


@dataclass(frozen=True, slots=True)
class HanchanRecord:
    """One hanchan of one table: its lines, the players disqualified during it (or after its end, before the next
    one), and the overall scores its start carried over from paper (``resume.overall``, by player)."""

    table: int
    hanchan: int
    ruleset: RuleSet
    in_play: bool
    lines: tuple[HanchanLine, ...]
    disqualified: tuple[str, ...]
    resumed: tuple[tuple[str, Amount], ...]
    started_at: str = ""  # its ``hanchan_start``'s time (the tournament ranks under its first hanchan's rule set)


def finished_hanchans(events: Sequence[EventJson], rulesets: Mapping[str, RuleSet]) -> list[dict[str, Any]]:
    """The results of every finished hanchan of one table log, in order, as :func:`.results.export_rows` rows:
    substitutes under their own name, absent players in a row of their own; ``result`` is what the hanchan adds to
    the player's overall score and ``penalties`` what was deducted beyond points + uma + oka + leftover (a chombo
    after uma, overall-score penalties, a missed hanchan)."""
    out: list[dict[str, Any]] = []

    def close(state: TableState, start: list[Amount], _walk: _Walk) -> None:
        if state.started and state.game_over and state.results:
            rows = export_rows(state, start)
            out.append({"hanchan": state.hanchan, "ruleset": state.ruleset.id if state.ruleset else "", "rows": rows})

    _walk_log(events, rulesets, close, provisional=False)
    return out


def hanchan_records(
    events: Sequence[EventJson], rulesets: Mapping[str, RuleSet], table: int = 0
) -> list[HanchanRecord]:
    """Every hanchan of one table log, in order: the finished ones, and the one in play (``in_play``: its lines are
    what they would be if it ended now, at the time limit). Raises :class:`~refapp.domain.events.LogError` for a
    log that does not replay."""
    out: list[HanchanRecord] = []

    def close(state: TableState, start: list[Amount], walk: _Walk) -> None:
        if state.started and state.results is not None:
            out.append(_record(state, start, walk, table))

    _walk_log(events, rulesets, close, provisional=True)
    return out


class _Walk:
    """What the walk keeps about the hanchan being played beyond the ledger's state."""

    __slots__ = ("table_penalties", "sub_penalties", "resumed", "in_play", "started_at")

    def __init__(self, started_at: str = "") -> None:
        self.table_penalties = [0, 0, 0, 0]  # taken off each seat's table score while its player played it
        self.sub_penalties = [0, 0, 0, 0]  # the same, while a substitute played it
        self.resumed: list[tuple[str, Amount]] = []
        self.in_play = False
        self.started_at = started_at


def _walk_log(events: Sequence[EventJson], rulesets: Mapping[str, RuleSet], close: Any, provisional: bool) -> None:
    parsed = parse_events(events)
    ledger = Ledger(rulesets)
    start: list[Amount] = []
    walk = _Walk()
    with gc_paused():
        for index, ev in resolve_voids(parsed):
            kind = ev.type
            if kind == "hanchan_start":
                close(ledger.state, start, walk)
                ledger.apply(ev, index)
                st = ledger.state
                start = [s.overall for s in st.seats]
                walk = _Walk(ev.at)
                if isinstance(ev, HanchanStart) and ev.resume is not None and ev.resume.overall is not None:
                    walk.resumed = [(s.player, s.overall) for s in st.seats]
            elif kind == "incident":
                st = ledger.state
                was_over = st.game_over
                ledger.apply(ev, index)
                r = ledger.last_ruling
                if r is not None and r.kind == "point_penalty" and r.scope == "table" and not was_over:
                    seat = ledger.state.seats[r.seat]
                    (walk.sub_penalties if seat.substitute else walk.table_penalties)[r.seat] += r.amount
            else:
                ledger.apply(ev, index)
    st = ledger.state
    if provisional and st.started and not st.game_over:
        trial = ledger.trial()  # as if the hanchan ended now, at the time limit
        trial.apply(parse_event({"type": "hanchan_end", "id": "-", "at": "-", "reason": "time limit"}, len(parsed)))
        walk.in_play = True
        st = trial.state
    close(st, start, walk)


def _record(st: TableState, start: list[Amount], walk: _Walk, table: int) -> HanchanRecord:
    rs = st.ruleset
    assert rs is not None
    scored_substitutes = rs.penalties.substitute_result == "scored"
    lines = []
    for row in export_rows(st, start):
        seat = row["seat"]
        if row["absent"]:
            kind, taken = (LineKind.DISQUALIFIED if row["disqualified"] else LineKind.ABSENT), 0
        elif not row["ranked"]:
            kind = LineKind.SUBSTITUTE
            # a substitute's table result is the seat's score, which holds what was taken off it before he came in
            taken = walk.table_penalties[seat] + walk.sub_penalties[seat] if scored_substitutes else 0
        else:
            kind, taken = LineKind.PLAYER, walk.table_penalties[seat]
        lines.append(
            HanchanLine(
                table, st.hanchan, seat, kind, row["player"], row["substitute_for"],
                None if row["absent"] else row["score"], None if row["absent"] else row["rank"],
                row["points"], row["uma"], row["oka"], row["leftover"], row["penalties"], taken, row["result"],
                walk.in_play,
            )
        )  # fmt: skip
    disqualified = []
    has_line = {line.seat for line in lines if line.kind is LineKind.DISQUALIFIED}
    for i, s in enumerate(st.seats):
        if not s.disqualified:
            continue
        disqualified.append(s.player)
        if s.substitute and i not in has_line:
            # disqualified during play, where the rule set gives him no result: only what his overall score was
            # charged
            delta = exact(s.overall - start[i])
            lines.append(
                HanchanLine(
                    table, st.hanchan, i, LineKind.DISQUALIFIED, s.player, "", None, None, 0, 0, 0, 0,
                    exact(-delta), 0, delta, walk.in_play,
                )
            )  # fmt: skip
    order = {LineKind.PLAYER: 0, LineKind.SUBSTITUTE: 0, LineKind.ABSENT: 1, LineKind.DISQUALIFIED: 1}
    lines.sort(key=lambda line: (order[line.kind], line.seat))
    return HanchanRecord(table, st.hanchan, rs, walk.in_play, tuple(lines), tuple(disqualified), tuple(walk.resumed),
                         walk.started_at)  # fmt: skip
