"""What the board shows of a table state, as plain data (no Qt, no pydantic).

:func:`board_facts` is what the board renders. The app keeps the facts of the last state it showed
(:mod:`refapp.store.snapshot`), so that the next start paints the board before the domain and the store are loaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from .numbers import AmountKind, shown

if TYPE_CHECKING:
    from .table import TableState


class SeatJson(TypedDict):
    """One seat as plain data (:func:`refapp.domain.ledger_json.seat_to_json`): its player, wind, table score,
    overall score (in the rule set's unit), flags and counts, and its extra columns."""

    player: str
    wind: str
    score: int
    overall: int | float
    riichi: bool
    dead_hand: bool
    warnings: int
    chombos: int
    disqualified: bool
    extra: dict[str, int | float]


class SeatFacts(SeatJson):
    """One seat as the board shows it: the ledger's seat (:class:`~refapp.domain.ledger_json.SeatJson`), whether a
    substitute plays it, and its point penalties of the hanchan (not in the facts kept by an older version)."""

    substitute: bool
    penalties: NotRequired[int]
    penalty_table: NotRequired[int]
    penalty_overall: NotRequired[int | float]


class BoardFacts(TypedDict):
    """What the board shows of a state (:func:`board_facts`), as the snapshot keeps it for the next start."""

    hanchan: int
    round_wind: int
    hand: int
    dealer: int
    counters: int
    riichi_sticks: int
    game_over: bool
    ruleset: str
    overall_unit: NotRequired[int]  # (not in the facts kept by an older version: 1)
    seats: list[SeatFacts]
    extra_round: NotRequired[bool]
    target: NotRequired[int]


def board_facts(st: TableState | None) -> BoardFacts | None:
    """What the board shows of a state, as plain JSON-able data (None: no hanchan started). Each seat is the
    ledger's own serialisation (:func:`refapp.domain.ledger_json.seat_to_json`, overall in the rule set's unit) with
    whether a substitute plays it and its point penalties of the hanchan (``penalties``: how many; ``penalty_table``
    in table points and ``penalty_overall`` in the rule set's unit: what they took off the table score and off the
    overall score); ``overall_unit`` says that unit (table points per point: WRC 1,000). In an extra
    round (a wind beyond the rule set's rounds, played until someone reaches the target) ``extra_round`` and
    ``target`` are added."""
    if st is None or not st.started:
        return None
    from .ledger_json import seat_to_json  # (only with a state: the first frame never loads the domain)

    rs = st.ruleset
    unit = rs.results.overall_unit if rs else 1
    facts: BoardFacts = {
        "hanchan": st.hanchan,
        "round_wind": st.round_wind,
        "hand": st.hand,
        "dealer": st.dealer,
        "counters": st.counters,
        "riichi_sticks": st.riichi_sticks,
        "game_over": st.game_over,
        "ruleset": rs.name if rs else "",
        "overall_unit": unit,
        "seats": [
            {
                **seat_to_json(st, i, unit),
                "substitute": seat.substitute,
                "penalties": seat.penalties,
                "penalty_table": seat.penalty_table,
                "penalty_overall": shown(seat.penalty_overall, AmountKind.OVERALL, unit).number,
            }
            for i, seat in enumerate(st.seats)
        ],
    }
    if rs is not None and rs.game.extra_rounds is not None and st.round_wind >= rs.game.rounds:
        facts["extra_round"] = True
        facts["target"] = rs.game.extra_rounds.target
    return facts
