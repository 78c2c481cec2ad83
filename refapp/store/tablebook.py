"""One table's ledger backed by the store: preview, commit (stored first, then applied), undo, rebuild.

Nothing reaches the table state that was not committed to the database first: :meth:`TableBook.commit` appends
the event (with the ruling as applied) and only then applies it. If the store refuses (disk full, read-only), the
state stays the last stored one and the caller gets a :class:`~refapp.store.db.StoreError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..domain.events import LogError, gc_paused, parse_event, parse_events
from ..domain.ledger import Effect, Ledger, TableState, effect_to_json, replay, resolve_voids
from ..domain.rules import RuleSet
from .db import Store, StoreError, TableRef


class TableBook:
    def __init__(self, store: Store, table: TableRef, rulesets: Mapping[str, RuleSet]):
        self.store = store
        self.table = table
        self.rulesets = rulesets
        self.events: list[dict[str, Any]] = []
        self.ledger = Ledger(rulesets)
        self.rebuild()

    @property
    def state(self) -> TableState:
        return self.ledger.state

    def rebuild(self) -> TableState:
        """Replay the table's stored events (on start, after an undo or an import)."""
        events = self.store.table_events(self.table.table_id)
        parsed = parse_events(events)
        ledger = Ledger(self.rulesets)
        with gc_paused():
            for index, ev in resolve_voids(parsed):
                ledger.apply(ev, index)
        ledger.count = len(parsed)
        self.events, self.ledger = events, ledger
        self._voided = {e.get("target") for e in events if e.get("type") == "void"}
        return ledger.state

    def context(self, event: dict[str, Any]) -> dict[str, Any]:
        st = self.state
        seat = event.get("seat")
        ctx: dict[str, Any] = {
            "hanchan": st.hanchan,
            "round_wind": "ESWN"[min(st.round_wind, 3)],
            "hand": st.hand,
            "counters": st.counters,
            "ruleset_id": st.ruleset.id if st.ruleset else "",
            "ruleset_version": st.ruleset.version if st.ruleset else "",
        }
        if event.get("type") == "hanchan_start":
            rs = self.rulesets.get(event.get("ruleset", ""))
            ctx.update(hanchan=(event.get("hanchan") or st.hanchan + 1), round_wind="E", hand=1, counters=0)
            if rs is not None:
                ctx.update(ruleset_id=rs.id, ruleset_version=rs.version)
        if seat is not None and 0 <= seat < len(st.seats):
            ctx["player"] = st.seats[seat].player
        return ctx

    def preview(self, event: dict[str, Any]) -> Effect:
        """What ``event`` would do. Raises :class:`LogError` if it cannot apply."""
        if event.get("type") == "void":
            return self._void_effect(event)
        return self.ledger.preview(parse_event(event, len(self.events)))

    def commit(self, event: dict[str, Any]) -> Effect:
        """Store ``event`` (and the ruling as applied), then apply it. Raises LogError or StoreError; on either,
        nothing changed."""
        if event.get("type") == "void":
            effect = self._void_effect(event)
            self.store.append(self.table, event, self.context(event), effect_to_json(effect))
            self.rebuild()  # also records the voided id
            return effect
        model = parse_event(event, len(self.events))
        trial = self.ledger.trial()
        effect = trial.apply(model, explain=True)
        assert effect is not None
        self.store.append(self.table, event, self.context(event), effect_to_json(effect))
        self.events.append(event)
        self.ledger = trial
        return effect

    def _void_effect(self, event: dict[str, Any]) -> Effect:
        # raises LogError if the log no longer makes sense without the voided event
        after = replay(parse_events(self.events + [event]), self.rulesets)
        before = self.state
        eff = Effect(
            event_id=event["id"],
            kind="void",
            transfers=[a.score - b.score for a, b in zip(after.seats, before.seats)],
            overall=[a.overall - b.overall for a, b in zip(after.seats, before.seats)],
            sticks_before=before.riichi_sticks,
            sticks_after=after.riichi_sticks,
            sticks_returned=[],
            counters_before=before.counters,
            counters_after=after.counters,
            dealer_before=before.dealer,
            dealer_after=after.dealer,
            hand_before=(before.round_wind, before.hand),
            hand_after=(after.round_wind, after.hand),
            redeal=False,
            game_over=after.game_over,
            lines=[("void", {"target": event.get("target")})],
            off_table=after.off_table - before.off_table,
        )
        eff.extra = [{} for _ in after.seats]
        return eff

    def last_undoable(self) -> dict[str, Any] | None:
        """The most recent event that stands (not a void, not voided): what Undo cancels."""
        for e in reversed(self.events):
            if e.get("type") != "void" and e["id"] not in self._voided:
                return e
        return None


__all__ = ["TableBook", "StoreError", "LogError"]
