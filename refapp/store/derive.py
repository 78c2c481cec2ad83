"""The derived columns of a stored event: what :meth:`TableBook.commit` stores besides the payload, recomputed.

A ledger event's row holds, besides what its hash covers, columns read from the payload (type, time, referee, seat,
offence, answers, note, voided event) and columns that depend on the table before the event (hanchan, round, hand,
counters, the seated player, the rule set) or on what the event did (the ruling as applied). :class:`TableReplay`
replays a table and derives them event after event; verify, import and recovery compare or fill the columns with
it, and the table book stores exactly what it derives (one code path: :func:`context`, :func:`void_effect`).

Rule sets: a hanchan keeps the rule set it started with. Its ``hanchan_start`` names the rule set's content by hash
(``ruleset_hash``); the contents are stored in the database (``ruleset_contents``). :class:`Rulesets` resolves a hash
first, then an id (hanchans started before hashes existed, table logs from files).

Layer: bottom (the columns a stored row derives from its payload): imports no feature of the store.
"""

from __future__ import annotations

import bisect
import hashlib
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ..domain.events import LogError, parse_event
from ..domain.ledger import Ledger
from ..domain.ledger_json import effect_to_json
from ..domain.rules import RuleSet
from ..domain.table import Effect, TableState
from .chain import canonical
from .codec_effect import NOTHING, text_of

ENTITY_TYPES: tuple[str, ...] = ("device", "tournament", "table", "player", "ruleset", "adopt")
ENTITY_TYPES += (
    "device_key",
    "trust",
    "handover",
    "resolve",
    "key_resolve",
    "unheld_resolve",
)  # the venue's (refapp.store.venue_entities)
ENTITY_TYPES += ("signoff", "statement")  # an incident report's (refapp.store.reports)
ENTITY_TYPES += ("session_clock", "extra_time", "ending_rule")  # the session clock's (refapp.store.clock)
ENTITY_TYPES += ("call", "call_answered")  # the referee called to a table (refapp.store.calls)
ENTITY_TYPES += ("result_confirmation", "confirm")  # results confirmed by an opponent (refapp.store.confirmations)
ENTITY_TYPES += ("seating",)  # the seating plan's (refapp.store.seating)
ENTITY_KINDS = frozenset(ENTITY_TYPES)  # (to look one up)
# The derived columns of a row, in this order.
DERIVED = (
    "at referee hanchan_no round_wind hand_no counters type seat player offence answers ruling ruleset_id "
    "ruleset_version note target"
).split()
# Of those, the ones a replay gives (the others are read from the payload).
REPLAYED = ("hanchan_no", "round_wind", "hand_no", "counters", "player", "ruleset_id", "ruleset_version", "ruling")


def ruleset_content(rs: RuleSet) -> tuple[str, str]:
    """(hash, canonical JSON) of a validated rule set: what a hanchan that starts with it keeps."""
    content = canonical(rs.model_dump(mode="json"))
    return hashlib.sha256(content.encode("utf-8")).hexdigest(), content


class Rulesets(Mapping[str, RuleSet]):
    """The rule sets known here by id (the catalog) plus stored contents by hash. Lists only the ids."""

    def __init__(self, catalog: Mapping[str, RuleSet], pinned: Mapping[str, RuleSet] | None = None):
        self.catalog: Mapping[str, RuleSet] = catalog.catalog if isinstance(catalog, Rulesets) else catalog
        self.pinned: dict[str, RuleSet] = dict(catalog.pinned) if isinstance(catalog, Rulesets) else {}
        self.pinned.update(pinned or {})

    def __getitem__(self, key: str) -> RuleSet:
        found = self.pinned.get(key)
        return found if found is not None else self.catalog[key]

    def __contains__(self, key: object) -> bool:
        return key in self.pinned or key in self.catalog

    def __iter__(self) -> Iterator[str]:
        return iter(self.catalog)

    def __len__(self) -> int:
        return len(self.catalog)


def resolve(rulesets: Mapping[str, RuleSet], event: Mapping[str, Any]) -> RuleSet | None:
    """The rule set a ``hanchan_start`` starts with: its stored content by hash, else the rule set of that id."""
    pinned = rulesets.get(event.get("ruleset_hash") or "")
    if pinned is not None and pinned.id == event.get("ruleset"):
        return pinned
    return rulesets.get(event.get("ruleset", ""))


def context(state: TableState, event: Mapping[str, Any], rulesets: Mapping[str, RuleSet]) -> dict[str, Any]:
    """Where the table is before ``event``: hanchan, round, hand, counters, rule set, the seated player."""
    st = state
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
        rs = resolve(rulesets, event)
        ctx.update(hanchan=(event.get("hanchan") or st.hanchan + 1), round_wind="E", hand=1, counters=0)
        if rs is not None:
            ctx.update(ruleset_id=rs.id, ruleset_version=rs.version)
    if seat is not None and isinstance(seat, int) and 0 <= seat < len(st.seats):
        ctx["player"] = st.seats[seat].player
    return ctx


def void_effect(before: TableState, after: TableState, event: Mapping[str, Any]) -> Effect:
    """What a void did: the table without the voided event against the table before the void."""
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


def replayed(ctx: dict[str, Any]) -> tuple[Any, ...]:
    """The columns a replay gives, from an event's context, in ``REPLAYED`` order (the ruling aside)."""
    return (
        int(ctx.get("hanchan", 0)),
        ctx.get("round_wind", "E"),
        int(ctx.get("hand", 1)),
        int(ctx.get("counters", 0)),
        ctx.get("player"),
        ctx.get("ruleset_id", ""),
        ctx.get("ruleset_version", ""),
    )


def columns(event: Mapping[str, Any], ctx: dict[str, Any], ruling: dict[str, Any]) -> dict[str, Any]:
    """The derived columns of a ledger event's row (``DERIVED``)."""
    hanchan, wind, hand, counters, player, ruleset_id, ruleset_version = replayed(ctx)
    return {
        "at": event["at"],
        "referee": event.get("by", ""),
        "hanchan_no": hanchan,
        "round_wind": wind,
        "hand_no": hand,
        "counters": counters,
        "type": event["type"],
        "seat": event.get("seat"),
        "player": player,
        "offence": event.get("offence"),
        "answers": canonical(answers) if (answers := event.get("answers")) else "{}",
        "ruling": text_of(ruling),
        "ruleset_id": ruleset_id,
        "ruleset_version": ruleset_version,
        "note": event.get("note", "") or event.get("reason", ""),
        "target": event.get("target"),
    }


def entity_columns(payload: dict[str, Any]) -> dict[str, Any]:
    """The derived columns of an entity event (tournament, table, player, rule set, device, adoption)."""
    return {
        "at": payload["at"],
        "referee": payload.get("by", ""),
        "hanchan_no": 0,
        "round_wind": "",
        "hand_no": 0,
        "counters": 0,
        "type": payload["type"],
        "seat": None,
        "player": None,
        "offence": None,
        "answers": "{}",
        "ruling": NOTHING,
        "ruleset_id": "",
        "ruleset_version": "",
        "note": "",
        "target": None,
    }


class TableReplay:
    """Replays one table's events in order and derives each one's columns as the table book stored them.

    ``targets``: ids of the events that a later void cancels (when known, as for a whole stored log): the state
    before each is kept, so a void is replayed from there instead of from the table's first event."""

    def __init__(self, rulesets: Mapping[str, RuleSet], targets: set[str] | None = None):
        self.rulesets = rulesets
        self.ledger = Ledger(rulesets)
        self.targets = targets or set()
        self.count = 0
        self._payloads: list[Mapping[str, Any]] = []
        self._models: list[Any] = []
        self._index: dict[str, int] = {}
        self._standing: list[int] = []  # indices of the events that stand (not voids, not voided)
        self._voided: dict[str, int] = {}
        self._before: dict[int, TableState] = {}
        self._base = 0  # the events before the state the replay started from (:meth:`resume`): not held here
        self._base_state: TableState | None = None
        self.effect: Effect | None = None  # what the last event stepped did (with its ruling, for an incident)

    def resume(self, state: TableState, count: int) -> None:
        """Start from the table's state after its first ``count`` events (kept by the last merge) instead of its
        first event. A void of one of those events cannot be replayed from here (LogError ``void_no_target``: the
        caller replays the table from its start); a void of a later one is replayed from that state."""
        self.ledger.state = state
        self.count = self.ledger.count = self._base = count
        self._base_state = state.clone()

    @property
    def state(self) -> TableState:
        return self.ledger.state

    def push(self, payload: dict[str, Any], model: Any = None) -> dict[str, Any]:
        """Apply the next event; return its derived columns. Raises :class:`LogError` if it cannot apply."""
        ctx, ruling = self.step(payload, model)
        return columns(payload, ctx, ruling)

    def step(self, payload: Mapping[str, Any], model: Any = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """Apply the next event; return its context (the table before it) and the ruling as applied (a dict)."""
        i = self.count
        eid = payload.get("id")
        if eid in self._index:
            raise LogError(i, "id", key="duplicate_id")
        if model is None:
            model = parse_event(payload, i)
        ctx = context(self.ledger.state, payload, self.rulesets)
        if payload["type"] == "void":
            effect = self._void(i, payload)
        else:
            if eid in self.targets:
                self._before[i] = self.ledger.state.clone()
            effect = self.ledger.apply(model, i, explain=True, lines=False)
            self._standing.append(i)
        self.effect = effect
        self._payloads.append(payload)
        self._models.append(model)
        self._index[model.id] = i  # (the id parse_event checked)
        self.count += 1
        self.ledger.count = self.count
        return ctx, effect_to_json(effect)

    def _void(self, i: int, payload: Mapping[str, Any]) -> Effect:
        target: str = payload["target"]  # a void's target, checked by parse_event
        t = self._index.get(target)
        if t is None:
            raise LogError(i, "target", key="void_no_target")
        if self._payloads[t - self._base]["type"] == "void":
            raise LogError(i, "target", key="void_of_void")
        if target in self._voided:
            raise LogError(i, "target", key="voided_twice")
        before = self.ledger.state
        ledger = Ledger(self.rulesets)
        start = self._before.get(t)
        pos = bisect.bisect_left(self._standing, t)  # ``_standing`` is in increasing order
        if start is not None:  # from the table before the voided event: only what follows it is applied again
            ledger.state = start.clone()
            rest = self._standing[pos + 1 :]
        else:  # from the table's start, or the state the replay resumed from (what it holds begins there)
            if self._base_state is not None:
                ledger.state = self._base_state.clone()
            rest = self._standing[:pos] + self._standing[pos + 1 :]
        for k in rest:
            if self._payloads[k - self._base]["id"] in self.targets:
                self._before[k] = ledger.state.clone()
            ledger.apply(self._models[k - self._base], k)
        del self._standing[pos]
        self._voided[target] = i
        self.ledger = ledger
        return void_effect(before, ledger.state, payload)


def replay_to(
    events: Sequence[Mapping[str, Any]], rulesets: Mapping[str, RuleSet], wanted: set[str]
) -> Iterator[tuple[str, TableReplay]]:
    """Replay a table's log (its events as stored) and yield (id, the replay just after that event) for each wanted
    event it reaches, in the log's order; it stops after the last wanted one, or where the log does not replay."""
    targets = {str(e["target"]) for e in events if e.get("type") == "void" and e.get("target") is not None}
    replay = TableReplay(rulesets, targets=targets)
    left = set(wanted)
    for payload in events:
        if not left:
            return
        try:
            replay.step(payload)
        except LogError:
            return
        eid = payload.get("id")
        if eid in left:
            left.discard(eid)
            yield str(eid), replay
