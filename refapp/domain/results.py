"""Hanchan results of a table log: what each finished hanchan adds to each player's overall score.

The ledger keeps only the current hanchan's results, so the log is walked hanchan by hanchan (voids resolved); the
results CSV export (:mod:`refapp.store.exports`) writes these rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from .events import parse_events
from .ledger import Ledger, TableState, resolve_voids
from .rules import RuleSet


def finished_hanchans(events: list[dict[str, Any]], rulesets: Mapping[str, RuleSet]) -> list[dict[str, Any]]:
    """The results of every finished hanchan of one table log, in order.

    The ledger only keeps the current hanchan's results, so the log is walked hanchan by hanchan: a hanchan's rows
    are read when the next one starts (or at the end of the log), so penalties ruled after its end still count.
    Each row: seat, player, score, rank, uma, oka, leftover, penalties, result, where ``result`` is what the hanchan
    adds to the player's overall score and ``penalties`` what was deducted beyond the table score (a chombo after uma,
    penalties on the overall score): result = score − return points + uma + oka + leftover − penalties.
    """
    parsed = parse_events(events)
    ledger = Ledger(rulesets)
    out: list[dict[str, Any]] = []
    start: list[Fraction] = []

    def close(state: TableState) -> None:
        if not (state.started and state.game_over and state.results):
            return
        rows = []
        for r in state.results:
            seat = state.seats[r.seat]
            result = seat.overall - start[r.seat]
            before_penalties = r.final + r.penalty
            rows.append(
                {
                    "seat": r.seat,
                    "player": r.player,
                    "score": r.score,
                    "rank": r.rank,
                    "uma": r.uma,
                    "oka": r.oka,
                    "leftover": r.leftover,
                    "penalties": before_penalties - result,
                    "result": result,
                }
            )
        out.append({"hanchan": state.hanchan, "ruleset": state.ruleset.id if state.ruleset else "", "rows": rows})

    for index, ev in resolve_voids(parsed):
        if ev.type == "hanchan_start":
            close(ledger.state)
        ledger.apply(ev, index)
        if ev.type == "hanchan_start":
            start = [s.overall for s in ledger.state.seats]
    close(ledger.state)
    return out
