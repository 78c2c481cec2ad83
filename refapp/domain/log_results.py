"""Hanchan results of a table log: what each finished hanchan adds to each player's overall score.

The ledger keeps only the current hanchan's results, so the log is walked hanchan by hanchan (voids resolved); the
results CSV export (:mod:`refapp.store.exports`) writes these rows. (Its own module: :mod:`.results` is imported by
the ledger, and this walk needs the ledger.)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from .events import parse_events
from .ledger import Ledger, TableState, resolve_voids
from .results import export_rows
from .rules import RuleSet


def finished_hanchans(events: list[dict[str, Any]], rulesets: Mapping[str, RuleSet]) -> list[dict[str, Any]]:
    """The results of every finished hanchan of one table log, in order.

    A hanchan's rows are read when the next one starts (or at the end of the log), so penalties ruled after its end
    still count. The rows are :func:`.results.export_rows`: substitutes under their own name, absent players in a row
    of their own; ``result`` is what the hanchan adds to the player's overall score and ``penalties`` what was
    deducted beyond points + uma + oka + leftover (a chombo after uma, overall-score penalties, a missed hanchan).
    """
    parsed = parse_events(events)
    ledger = Ledger(rulesets)
    out: list[dict[str, Any]] = []
    start: list[Fraction | int] = []

    def close(state: TableState) -> None:
        if not (state.started and state.game_over and state.results):
            return
        rows = export_rows(state, start)
        out.append({"hanchan": state.hanchan, "ruleset": state.ruleset.id if state.ruleset else "", "rows": rows})

    for index, ev in resolve_voids(parsed):
        if ev.type == "hanchan_start":
            close(ledger.state)
        ledger.apply(ev, index)
        if ev.type == "hanchan_start":
            start = [s.overall for s in ledger.state.seats]
    close(ledger.state)
    return out
