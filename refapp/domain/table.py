"""The state of one table and what one event did to it: the data the fold (:mod:`.ledger`), the ruling effects
(:mod:`.effects`) and the JSON view (:mod:`.ledger_json`) share.

Its own module so that those three read the same classes without importing each other in a circle: the fold builds on
the ruling effects, and both change a :class:`TableState`. Amounts are integers in table points; hanchan results and
overall scores are exact fractions (a three-way tie splits uma exactly), rounded only for display.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple, TypeAlias

from .events import WIND_LETTERS, HanchanStart
from .results import STICK, ResultRow
from .rules import RuleSet
from .rulings import Ruling

# The session a hanchan belongs to: ("number", 2) from its ``session``, else ("day", "2026-11-22") from its timestamp.
SessionKey = tuple[str, int | str]


# a value of an explanation line (a seat, a count, an amount, names, a nagashi mangan's payments by seat)
LineValue: TypeAlias = "int | float | Fraction | str | bool | None | Sequence[int] | Sequence[str] | Mapping[int, int]"


@dataclass(slots=True)
class SeatState:
    player: str
    score: int
    overall: Fraction | int
    riichi: bool = False
    dead_hand: bool = False
    warnings: int = 0
    chombos: int = 0
    disqualified: bool = False
    first_timer: bool = False
    after_uma: int = 0
    substitute: bool = False
    substitute_last: bool = False
    substitute_name: str = ""
    late_penalty: int = 0  # lateness penalties on the overall score in this hanchan
    penalties: int = 0  # point penalties given in this hanchan (the board's badge)
    penalty_table: int = 0  # of them, the table points taken off the table score
    penalty_overall: int = 0  # of them, the table points taken off the overall score
    ladders: dict[str, int] = field(default_factory=dict)  # call offences counted on each warning ladder
    elsewhere_warnings: int = 0  # the warnings at other tables the player's latest incident here recorded
    extra: dict[str, Fraction | int] = field(default_factory=dict)


def _clone_seat(seat: SeatState) -> SeatState:
    new = copy.copy(seat)
    new.extra = dict(seat.extra)
    new.ladders = dict(seat.ladders)
    return new


@dataclass(slots=True)
class TableState:
    """The whole table after a fold. Mutated only by :class:`Ledger`."""

    ruleset: RuleSet | None = None
    hanchan: int = 0
    round_wind: int = 0
    hand: int = 1
    dealer: int = 0
    counters: int = 0
    riichi_sticks: int = 0
    riichi_bets: list[int] = field(default_factory=list)
    seats: list[SeatState] = field(default_factory=list)
    started: bool = False
    game_over: bool = False
    end_reason: str = ""
    results: list[ResultRow] | None = None
    start_total: int = 0
    off_table: Fraction | int = 0  # a leftover stick split three ways leaves a fraction of a point
    leftover_awarded: Fraction | int = 0
    overall_by_player: dict[str, Fraction | int] = field(default_factory=dict)
    stats_by_player: dict[str, dict[str, int]] = field(default_factory=dict)
    hands_played: int = 0
    history: list[tuple[int, int, int, tuple[int, ...]]] = field(default_factory=list)  # (wind, hand, counters, scores)
    session: SessionKey | None = None  # ("number", n) or ("day", "YYYY-MM-DD"): see session_of

    def clone(self) -> TableState:
        """A copy to try an event on: nothing a fold mutates is shared with this state (the rule set is)."""
        new = copy.copy(self)
        new.riichi_bets = list(self.riichi_bets)
        new.seats = [_clone_seat(s) for s in self.seats]
        new.results = list(self.results) if self.results is not None else None
        new.overall_by_player = dict(self.overall_by_player)
        new.stats_by_player = {k: dict(v) for k, v in self.stats_by_player.items()}
        new.history = list(self.history)
        return new

    def wind_of(self, seat: int) -> str:
        return WIND_LETTERS[(seat - self.dealer) % 4]

    def table_total(self) -> Fraction | int:
        """Scores + sticks on the table + what left the table: equals ``start_total`` at all times."""
        return sum(s.score for s in self.seats) + STICK * self.riichi_sticks + self.off_table + self.leftover_awarded


@dataclass(slots=True)
class Effect:
    """What one event did to the table, for previews and the history."""

    event_id: str
    kind: str
    transfers: list[int]
    overall: list[Fraction | int]
    sticks_before: int
    sticks_after: int
    sticks_returned: list[int]
    counters_before: int
    counters_after: int
    dealer_before: int
    dealer_after: int
    hand_before: tuple[int, int]
    hand_after: tuple[int, int]
    redeal: bool
    game_over: bool
    lines: list[tuple[str, dict[str, LineValue]]]
    off_table: Fraction | int = 0
    ruling: Ruling | None = None
    extra: list[dict[str, Fraction | int]] = field(default_factory=list)


def session_of(ev: HanchanStart) -> SessionKey:
    """The session a hanchan belongs to: its ``session`` number, else the day of its timestamp (as recorded)."""
    return session_key(ev.session, ev.at)


def session_key(session: int | None, at: str) -> SessionKey:
    """:func:`session_of` from a ``hanchan_start``'s ``session`` and ``at`` (read from a stored payload)."""
    if session is not None:
        return ("number", session)
    day = at[:10]
    return ("day", day if len(day) == 10 and day[4] == "-" and day[7] == "-" else at)


class Before(NamedTuple):
    """What an effect is measured against: the table before the event."""

    extra: list[dict[str, Fraction | int]]
    off_table: Fraction | int
    scores: list[int]
    overall: list[Fraction | int]
    sticks: int
    bets: list[int]
    counters: int
    dealer: int
    hand: tuple[int, int]
    played: int


def snapshot(st: TableState) -> Before:
    return Before(
        [dict(s.extra) for s in st.seats],
        st.off_table,
        [s.score for s in st.seats],
        [s.overall for s in st.seats],
        st.riichi_sticks,
        list(st.riichi_bets),
        st.counters,
        st.dealer,
        (st.round_wind, st.hand),
        st.hands_played,
    )


def effect_of(
    ev: Any,
    before: Before,
    st: TableState,
    lines: list[tuple[str, dict[str, LineValue]]],
    returned: list[int],
    redeal: bool,
) -> Effect:
    extra, off_table, scores, overall, sticks, _bets, counters, dealer, hand, _played = before
    n = len(st.seats)
    if ev.type == "hanchan_start":  # a new table: nothing moved, compare with itself
        scores, overall = [s.score for s in st.seats], [s.overall for s in st.seats]
        sticks, counters, dealer, hand = st.riichi_sticks, st.counters, st.dealer, (st.round_wind, st.hand)
        extra, off_table = [dict(s.extra) for s in st.seats], st.off_table
    return Effect(
        event_id=ev.id,
        kind=ev.type,
        transfers=[st.seats[i].score - scores[i] for i in range(n)],
        overall=[st.seats[i].overall - overall[i] for i in range(n)],
        sticks_before=sticks,
        sticks_after=st.riichi_sticks,
        sticks_returned=list(returned),
        counters_before=counters,
        counters_after=st.counters,
        dealer_before=dealer,
        dealer_after=st.dealer,
        hand_before=hand,
        hand_after=(st.round_wind, st.hand),
        redeal=redeal,
        game_over=st.game_over,
        lines=list(lines),
        off_table=st.off_table - off_table,
        extra=[
            {k: v - extra[i].get(k, 0) for k, v in st.seats[i].extra.items() if v != extra[i].get(k, 0)}
            for i in range(n)
        ],
    )
