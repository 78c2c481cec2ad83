"""What the board shows of a table state, as plain data (no Qt, no pydantic).

:func:`board_facts` is what the board renders. The app keeps the facts of the last state it showed
(:mod:`refapp.store.snapshot`), so that the next start paints the board before the domain and the store are loaded.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..domain.ledger import TableState


def overall_in_units(value, unit: int):
    """An overall score in the rule set's unit (WRC: 1 overall point = 1,000 table points), exact when possible."""
    if unit == 1:
        return value
    scaled = Fraction(value) / unit
    return int(scaled) if scaled.denominator == 1 else round(float(scaled), 2)


def _shown(value: Any) -> int | float:
    """A number as the board shows it: whole numbers exact, others to the hundredth (what the labels print)."""
    if isinstance(value, int):
        return value
    value = Fraction(value)
    return int(value) if value.denominator == 1 else round(float(value), 2)


def board_facts(st: TableState | None) -> dict[str, Any] | None:
    """What the board shows of a state, as plain JSON-able data (None: no hanchan started)."""
    if st is None or not st.started:
        return None
    rs = st.ruleset
    unit = rs.results.overall_unit if rs else 1
    return {
        "hanchan": st.hanchan,
        "round_wind": st.round_wind,
        "hand": st.hand,
        "dealer": st.dealer,
        "counters": st.counters,
        "riichi_sticks": st.riichi_sticks,
        "game_over": st.game_over,
        "ruleset": rs.name if rs else "",
        "seats": [
            {
                "player": s.player,
                "wind": st.wind_of(i),
                "score": s.score,
                "overall": _shown(overall_in_units(s.overall, unit)),
                "riichi": s.riichi,
                "dead_hand": s.dead_hand,
                "warnings": s.warnings,
                "chombos": s.chombos,
                "disqualified": s.disqualified,
                "substitute": s.substitute,
                "extra": {k: _shown(v) for k, v in s.extra.items()},
            }
            for i, s in enumerate(st.seats)
        ],
    }
