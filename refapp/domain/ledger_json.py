"""The ledger as plain data: what one event did (:func:`effect_to_json`, stored with the event and shown in the
history) and the table (:func:`state_to_json`, printed by the command line; :func:`seat_to_json`, also the board's).

Its own module, apart from the fold (:mod:`.ledger`) and the ruling effects (:mod:`.effects`): the output is read by
the store, the command line and the screens, none of which applies events. (Not to be confused with
:mod:`.state_json`, the exact round trip of a whole state kept by the store's cache.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .events import WIND_LETTERS
from .house_rules import in_extra_round
from .jsontypes import JsonObject
from .numbers import AmountKind, printed, shown
from .results import result_to_json
from .table import Effect, TableState

if TYPE_CHECKING:
    from .board import SeatJson


def effect_to_json(eff: Effect) -> JsonObject:
    """The ruling as applied, as stored with the event and shown in the history."""
    out: dict[str, Any] = {
        "transfers": eff.transfers,
        "overall": [printed(x) for x in eff.overall],
        "off_table": printed(eff.off_table),  # a three-way split of a leftover stick is a fraction
        "sticks": [eff.sticks_before, eff.sticks_after],
        "sticks_returned": eff.sticks_returned,
        "counters": [eff.counters_before, eff.counters_after],
        "dealer": [eff.dealer_before, eff.dealer_after],
        "hand": [list(eff.hand_before), list(eff.hand_after)],
        "redeal": eff.redeal,
        "game_over": eff.game_over,
        "extra": [{k: printed(v) for k, v in e.items()} for e in eff.extra],
    }
    r = eff.ruling
    if r is not None:
        out["ruling"] = {
            "kind": r.kind,
            "rule_kind": r.rule_kind,
            "amount": r.amount,
            "scope": r.scope,
            "citation": r.citation,
            "warning_number": r.warning_number,
            "voided_by_win": r.voided_by_win,
        }
        if r.club_rule:  # a club's ruling, no rule book's (only then: what was stored before stays as it was)
            out["ruling"]["club_rule"] = r.club_rule
        if r.elsewhere_warnings or r.elsewhere_steps:  # only with an incident that recorded them (never before)
            away: dict[str, Any] = {"warnings": r.elsewhere_warnings}
            if r.elsewhere_steps:
                away |= {"ladder": r.ladder, "steps": r.elsewhere_steps, "step": r.ladder_step}
            out["ruling"]["elsewhere"] = away
    return out


def seat_to_json(st: TableState, i: int, overall_unit: int = 1) -> SeatJson:
    """One seat as plain data: the one serialisation of a seat, for the command line (:func:`state_to_json`) and
    the board (``refapp.domain.board``). ``overall_unit``: the overall score in the rule set's unit (WRC: 1,000)."""
    s = st.seats[i]
    return {
        "player": s.player,
        "wind": st.wind_of(i),
        "score": s.score,
        "overall": shown(s.overall, AmountKind.OVERALL, overall_unit).number,
        "riichi": s.riichi,
        "dead_hand": s.dead_hand,
        "warnings": s.warnings + s.elsewhere_warnings,
        "chombos": s.chombos,
        "disqualified": s.disqualified,
        "extra": {k: printed(v) for k, v in s.extra.items()},
    }


def state_to_json(st: TableState) -> JsonObject:
    """The state as the command line prints it (the keys are listed in docs/table-log.md)."""
    rs = st.ruleset
    out: dict[str, Any] = {
        "ruleset": rs.id if rs else None,
        "hanchan": st.hanchan,
        "round_wind": WIND_LETTERS[min(st.round_wind, 3)],
        "hand": st.hand,
        "dealer": st.dealer,
        "counters": st.counters,
        "riichi_sticks": st.riichi_sticks,
        "game_over": st.game_over,
        "seats": [seat_to_json(st, i) for i in range(len(st.seats))],
    }
    if rs is not None and rs.game.extra_rounds is not None and in_extra_round(rs.game, st.round_wind):
        out["extra_round"] = True  # (only then: the output of every other replay is as it was)
    if st.game_over:
        out["end_reason"] = st.end_reason
    if st.results is not None:
        out["results"] = [result_to_json(r) for r in st.results]
    return out
