"""One table's ledger backed by the store: preview, commit (stored first, then applied), undo, rebuild.

Nothing reaches the table state that was not committed to the database first: :meth:`TableBook.commit` appends
the event (with the ruling as applied) and only then applies it. If the store refuses (disk full, read-only, the
table changed since it was loaded: :class:`~refapp.store.errors.TableChanged`), the state stays the last stored one and
the caller gets a :class:`~refapp.store.errors.StoreError`.

A new hanchan keeps the rule set it starts with: its content is stored by hash with the ``hanchan_start``
(``ruleset_hash``), so a rule-set file changed later applies to new hanchans only (:meth:`ruleset_notice` says so).

Layer: feature (the table book: a table's entries recorded and replayed).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..domain.event_json import EventJson
from ..domain.events import LogError, check_incoming, parse_event, parse_events, resolve_voids
from ..domain.gcpause import gc_paused
from ..domain.ledger import Ledger, replay
from ..domain.ledger_json import effect_to_json
from ..domain.messages import Message
from ..domain.rules import RuleSet
from ..domain.table import Effect, TableState
from .branches import in_conflict
from .db import Store
from .derive import Rulesets, context, ruleset_content, void_effect
from .devices import NotHolder, device_name, holder
from .errors import StoreError
from .refs import TableRef


class TableBook:
    def __init__(self, store: Store, table: TableRef, rulesets: Mapping[str, RuleSet]):
        self.store = store
        self.table = table
        self.rulesets = store.rulesets(rulesets)
        self.events: list[EventJson] = []
        self.last_id: str | None = None  # the table's newest stored event this book was built from
        self.ledger = Ledger(self.rulesets)
        self.rebuild()

    @property
    def state(self) -> TableState:
        return self.ledger.state

    def rebuild(self) -> TableState:
        """Replay the table's stored events (on start, after an undo, an import, or a change elsewhere)."""
        events = self.store.table_events(self.table.table_id)
        ledger = Ledger(self.rulesets)
        try:
            parsed = parse_events(events)
            with gc_paused():
                for index, ev in resolve_voids(parsed):
                    ledger.apply(ev, index)
        except LogError:
            self.store.wait_for_check()  # a stored log that does not replay: damage, if the full check finds it
            raise
        ledger.count = len(parsed)
        self.events, self.ledger = events, ledger
        self.last_id = events[-1]["id"] if events else None
        self._voided = {e.get("target") for e in events if e.get("type") == "void"}
        conn, table_id, own = self.store.conn, self.table.table_id, self.store.device_id
        self.holder = holder(conn, table_id, own)
        self.holder_name = device_name(conn, self.holder, own) if self.holder not in (None, own) else ""
        self.in_conflict = in_conflict(conn, table_id)  # two devices wrote it after the same event, not settled
        return ledger.state

    def held_here(self) -> bool:
        """Whether this device writes the table (else another device does, until a handover)."""
        return self.holder in (None, self.store.device_id)

    def require_holder(self) -> None:
        """Raise :class:`~refapp.store.devices.NotHolder` when another device writes this table (until a handover)."""
        if not self.held_here():
            assert self.holder is not None
            raise NotHolder(self.table, self.holder, device_name(self.store.conn, self.holder, self.store.device_id))

    def context(self, event: EventJson) -> dict[str, Any]:
        return context(self.state, event, self.rulesets)

    def preview(self, event: EventJson) -> Effect:
        """What ``event`` would do. Raises :class:`LogError` if it cannot apply (or holds a name, a text or a time
        that nothing entered may hold: :func:`~refapp.domain.events.check_incoming`)."""
        check_incoming(event, len(self.events))
        if event.get("type") == "void":
            return self._void_effect(event)
        return self.ledger.preview(parse_event(event, len(self.events)))

    def commit(self, event: EventJson) -> Effect:
        """Store ``event`` (and the ruling as applied), then apply it. Raises LogError or StoreError; on either,
        nothing changed. (Whether this device may write the table at all is the caller's question: the app asks
        :meth:`require_holder` first.) Names, texts and times are checked as they come in
        (:func:`~refapp.domain.events.check_incoming`)."""
        check_incoming(event, len(self.events))
        if event.get("type") == "void":
            effect = self._void_effect(event)
            self.store.append(self.table, event, self.context(event), effect_to_json(effect), after=self.last_id)
            self.rebuild()  # also records the voided id
            return effect
        ruleset = None
        if event.get("type") == "hanchan_start":
            event, ruleset = self._pin(event)
        model = parse_event(event, len(self.events))
        trial = self.ledger.trial()
        try:
            effect = trial.apply(model, explain=True)
        except LogError:
            self.store.wait_for_check()  # refused by a table read from a damaged file? then say that instead
            raise
        assert effect is not None
        self.store.append(
            self.table, event, self.context(event), effect_to_json(effect), after=self.last_id, ruleset=ruleset
        )
        self.events.append(event)
        self.last_id = event["id"]
        self.ledger = trial
        return effect

    def commit_all(self, events: list[EventJson]) -> list[Effect]:
        """Store several entries in one transaction (all or none: a re-seat's voids and replacements), then read the
        table again. Each is checked, and its effect worked out, on the table as the ones before it leave it. Raises
        LogError or StoreError; on either, nothing changed."""
        effects: list[Effect] = []
        rows: list[tuple[EventJson, dict[str, Any], dict[str, Any]]] = []
        done = list(self.events)
        ledger = Ledger(self.rulesets)
        for index, ev in resolve_voids(parse_events(done)):
            ledger.apply(ev, index)
        for event in events:
            check_incoming(event, len(done))
            context_ = context(ledger.state, event, self.rulesets)
            if event.get("type") == "void":
                after = replay(parse_events(done + [event]), self.rulesets)
                effect = void_effect(ledger.state, after, event)
                ledger = Ledger(self.rulesets)
                ledger.state, ledger.count = after, len(done) + 1
            else:
                effect = ledger.apply(parse_event(event, len(done)), len(done), explain=True)
            rows.append((event, context_, effect_to_json(effect)))
            effects.append(effect)
            done.append(event)
        self.store.append_all(self.table, rows, after=self.last_id)
        self.rebuild()
        return effects

    def _pin(self, event: EventJson) -> tuple[EventJson, RuleSet | None]:
        """The event naming the content of the rule set it starts with (the file's, now), and that rule set."""
        rs = self.rulesets.catalog.get(event.get("ruleset", "")) if isinstance(self.rulesets, Rulesets) else None
        if rs is None or event.get("ruleset_hash"):
            return event, None
        h, _ = ruleset_content(rs)
        self.rulesets.pinned[h] = rs
        return {**event, "ruleset_hash": h}, rs

    def _void_effect(self, event: EventJson) -> Effect:
        # raises LogError if the log no longer makes sense without the voided event
        after = replay(parse_events(self.events + [event]), self.rulesets)
        return void_effect(self.state, after, event)

    def last_undoable(self) -> EventJson | None:
        """The most recent event that stands (not a void, not voided): what Undo cancels."""
        for e in reversed(self.events):
            if e.get("type") != "void" and e["id"] not in self._voided:
                return e
        return None

    def ruleset_notice(self) -> Message:
        """A message when the current hanchan's rule set differs from its file now (the file was changed or
        removed after the hanchan started: the hanchan keeps the rules it started with), else ``""``."""
        st = self.state
        if not st.started or st.ruleset is None or not isinstance(self.rulesets, Rulesets):
            return Message("")
        current = self.rulesets.catalog.get(st.ruleset.id)
        if current is None:
            return Message(key="ruleset_removed", ruleset=st.ruleset.name)
        if current is st.ruleset or ruleset_content(current)[0] == ruleset_content(st.ruleset)[0]:
            return Message("")
        return Message(key="ruleset_changed", ruleset=st.ruleset.name)


__all__ = ["TableBook", "StoreError", "LogError"]
