"""Property tests for the ledger fold over random *valid* table logs, for every shipped rule set.

The strategy :func:`table_logs` simulates a table: it steps a :class:`Ledger` along and only emits events that are
valid in the state they meet (riichi for a seat that has not declared this hand, a win / draw to end each hand,
abortive draws only where the rule set has them, hanchan_end and a second hanchan with the players reseated,
and now and then a void of the last standing event, as a referee correcting an entry would).
"""

from __future__ import annotations

import copy
import itertools
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from refapp.domain.events import LogError, Void, parse_event, resolve_voids
from refapp.domain.ledger import Ledger, replay
from refapp.domain.ledger_json import state_to_json
from refapp.domain.offences import QUESTIONS
from refapp.domain.results import STICK
from refapp.domain.rulings import question_choices, questions_for
from refapp.domain.table import TableState
from refapp.store.rulesets import load_catalog

RULESETS = load_catalog().rulesets
RULESET_IDS = sorted(RULESETS)
AT = "2026-11-22T10:00:00+01:00"
NAMES = ("Ann", "Bob", "Cyd", "Dan", "Eve", "Fay", "Gus", "Hal")
LIMIT_NAMES = ("mangan", "haneman", "baiman", "sanbaiman", "yakuman")
MAX_HANCHANS = 3

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- strategies -----------------------------------------------------------------------------------------------------


@st.composite
def hand_values(draw: st.DrawFn, gentle: bool = False) -> dict[str, Any]:
    """A winning hand's value: han 1-4 + fu, a limit, or plain points (``gentle``: small han + fu only)."""
    if gentle:
        return {"han": draw(st.integers(1, 2)), "fu": draw(st.sampled_from((30, 40)))}
    form = draw(st.sampled_from(("han", "han", "limit", "points")))
    if form == "han":
        han = draw(st.integers(1, 4))
        fu = draw(st.sampled_from((30, 40, 50, 25) if han >= 2 else (30, 40, 50)))
        return {"han": han, "fu": fu}
    if form == "limit":
        limit = draw(st.sampled_from(LIMIT_NAMES))
        value: dict[str, Any] = {"limit": limit}
        if limit == "yakuman" and draw(st.booleans()):
            value["yakuman"] = draw(st.integers(1, 3))
        return value
    value = {"points": draw(st.integers(1, 120)) * 100}
    if draw(st.integers(0, 3)) == 0:
        value["dealer_points"] = draw(st.integers(1, 240)) * 100
    return value


@st.composite
def winner(draw: st.DrawFn, seat: int, gentle: bool = False) -> dict[str, Any]:
    w = {"seat": seat, **draw(hand_values(gentle))}
    if w.get("limit") == "yakuman" and draw(st.booleans()):
        w["liable"] = draw(st.sampled_from([s for s in range(4) if s != seat]))
    return w


class _Table:
    """The events emitted so far (as dicts and parsed) and a ledger stepped along them."""

    def __init__(self) -> None:
        self.dicts: list[dict[str, Any]] = []
        self.parsed: list[Any] = []
        self.ledger = Ledger(RULESETS)
        self._ids = itertools.count()

    @property
    def state(self) -> TableState:
        return self.ledger.state

    def push(self, data: dict[str, Any]) -> None:
        data = {"id": f"ev{next(self._ids)}", "at": AT, **data}
        index = len(self.dicts)
        event = parse_event(data, index)
        if isinstance(event, Void):
            self.dicts.append(data)
            self.parsed.append(event)
            self.ledger = Ledger(RULESETS)
            for i, ev in resolve_voids(self.parsed):
                self.ledger.apply(ev, i)
            return
        self.ledger.apply(event, index)  # a LogError here is a bug in the generator (or the ledger)
        self.dicts.append(data)
        self.parsed.append(event)

    def try_push(self, data: dict[str, Any]) -> bool:
        """Push an event the ledger may refuse (an incident whose ruling does not apply now)."""
        trial = Ledger(RULESETS)
        trial.state = copy.deepcopy(self.ledger.state, {id(self.ledger.state.ruleset): self.ledger.state.ruleset})
        try:
            trial.apply(parse_event({"id": "probe", "at": AT, **data}, len(self.dicts)))
        except LogError:
            return False
        self.push(data)
        return True

    def last_standing(self) -> Any | None:
        standing = resolve_voids(self.parsed)
        return standing[-1][1] if len(standing) > 1 else None


@st.composite
def incident(draw: st.DrawFn, rs: Any) -> dict[str, Any]:
    """A random incident with answers of the right type for its questions (the ruling may still refuse it)."""
    offence = draw(st.sampled_from(sorted(rs.offences)))
    answers: dict[str, Any] = {}
    for q in questions_for(rs, offence):
        question = QUESTIONS[q]
        if q == "decision":
            choices = sorted({c for rule in rs.offences[offence].rules for c in rule.choices})
            answers[q] = draw(st.sampled_from(choices))
        elif q == "amount":
            p = rs.penalties
            top = p.max if p.max is not None else 100_000  # no cap (WRC): any amount the referee enters
            answers[q] = draw(st.integers(-(-p.min // p.step), top // p.step)) * p.step
        elif question.kind == "bool":
            answers[q] = draw(st.booleans())
        elif question.kind == "int":
            answers[q] = draw(st.integers(question.minimum, min(question.maximum, 15)))
        else:
            answers[q] = draw(st.sampled_from(question_choices(rs, q)))  # (a dead hand's offence: the rule set's)
    return {"type": "incident", "seat": draw(st.integers(0, 3)), "offence": offence, "answers": answers}


@st.composite
def table_logs(draw: st.DrawFn, ruleset_id: str, incidents: bool = False) -> list[dict[str, Any]]:
    """A valid table log (list of event dicts) under ``ruleset_id``.

    One log in four is "gentle": small hands and a long log, so that hanchans reach their natural end (last hand,
    dealer leading in the last hand) rather than a bankruptcy or a time limit.
    """
    rs = RULESETS[ruleset_id]
    table = _Table()
    players = draw(st.lists(st.sampled_from(NAMES), min_size=4, max_size=4, unique=True))
    table.push({"type": "hanchan_start", "players": players, "ruleset": ruleset_id})
    gentle = draw(st.integers(0, 3)) == 3
    max_len = draw(st.integers(60, 140) if gentle else st.integers(2, 110))
    hanchans = 1
    while len(table.dicts) < max_len:
        state = table.state
        if state.game_over:
            if hanchans >= MAX_HANCHANS or not draw(st.booleans()) or any(x.disqualified for x in state.seats):
                break
            order = draw(st.permutations(players))
            if order == players:
                order = order[1:] + order[:1]
            table.push({"type": "hanchan_start", "players": order, "ruleset": ruleset_id})
            hanchans += 1
            continue
        action = draw(st.integers(0, 47 if incidents else 39))
        can_riichi = [s for s in range(4) if not state.seats[s].riichi and not state.seats[s].dead_hand]
        alive = [s for s in range(4) if not state.seats[s].dead_hand]
        if action >= 40:  # an incident; offences that do not apply now (e.g. noten riichi without riichi) are skipped
            table.try_push(draw(incident(rs)))
        elif action < 10 and alive:  # ron, 1-3 winners
            seats = draw(st.lists(st.sampled_from(alive), min_size=1, max_size=min(3, len(alive)), unique=True))
            discarder = draw(st.sampled_from([s for s in range(4) if s not in seats]))
            winners = [draw(winner(s, gentle)) for s in seats]
            for w in winners:  # dealer_points only describes a tsumo
                w.pop("dealer_points", None)
            table.push({"type": "win", "kind": "ron", "discarder": discarder, "winners": winners})
        elif action < 17 and alive:  # tsumo
            seat = draw(st.sampled_from(alive))
            w = draw(winner(seat, gentle))
            if seat == state.dealer:  # a dealer's tsumo is paid the same by everyone
                w.pop("dealer_points", None)
            table.push({"type": "win", "kind": "tsumo", "winners": [w]})
        elif action < 23:  # exhaustive draw
            tenpai = draw(st.lists(st.integers(0, 3), max_size=4, unique=True))
            table.push({"type": "draw", "kind": "exhaustive", "tenpai": tenpai})
        elif action < 25 and rs.scoring.abortive_draws:
            table.push({"type": "draw", "kind": "abortive", "reason": "four winds"})
        elif action < 26 and hanchans < MAX_HANCHANS and not gentle:
            table.push({"type": "hanchan_end", "reason": "time limit"})
        elif action < 28:
            target = table.last_standing()
            if target is not None:
                table.push({"type": "void", "target": target.id, "reason": "entered by mistake"})
        elif can_riichi:
            table.push({"type": "riichi", "seat": draw(st.sampled_from(can_riichi))})
    return table.dicts


def parse(dicts: list[dict[str, Any]]) -> list[Any]:
    return [parse_event(d, i) for i, d in enumerate(dicts)]


def _void(target_id: str) -> dict[str, Any]:
    return {"type": "void", "id": f"void-{target_id}", "at": AT, "target": target_id, "reason": "test"}


def _outcome(dicts: list[dict[str, Any]]) -> dict[str, Any] | LogError:
    """``state_to_json`` of the replay, or the LogError it raised."""
    try:
        return state_to_json(replay(parse(dicts), RULESETS))
    except LogError as exc:
        return exc


# -- invariants -----------------------------------------------------------------------------------------------------


def check_zero_sum(state: TableState) -> None:
    rs = state.ruleset
    assert rs is not None
    assert state.table_total() == state.start_total
    assert state.start_total == 4 * rs.start_points
    if not state.game_over:
        # no stick has left the table yet: the scores, the sticks on the table and the table penalties (which a
        # rule set takes off the table) account for everything
        assert state.leftover_awarded == 0
        assert sum(s.score for s in state.seats) + STICK * state.riichi_sticks + state.off_table == state.start_total
        # this hand's bets are on the table, plus any carried over from drawn hands
        assert state.riichi_sticks >= len(state.riichi_bets)
    else:
        assert state.riichi_sticks == 0
        if rs.game.leftover_riichi == "lost":
            assert state.leftover_awarded == 0


def check_results(state: TableState) -> None:
    rs = state.ruleset
    assert rs is not None and state.results is not None
    r = rs.results
    rows = [row for row in state.results if not row.absent]
    absent = [row for row in state.results if row.absent]
    assert [row.seat for row in rows] == [0, 1, 2, 3]
    # a substitute's row carries the substitute's name, is not ranked, and names whose seat it was; the absent
    # player has a row of his own with the fixed missed-hanchan result, and so has a player disqualified during the
    # hanchan where the rule set says so (marked)
    assert [row.substitute_for or row.player for row in rows] == [s.player for s in state.seats]
    for row, s in zip(rows, state.seats, strict=True):
        assert (row.ranked, row.player) == ((False, s.substitute_name) if s.substitute else (True, s.player))
    p = rs.penalties
    assert [(a.seat, a.player, a.final, a.disqualified) for a in absent] == [
        (i, s.player, p.missed_hanchan_uma - p.missed_hanchan_penalty, s.disqualified)
        for i, s in enumerate(state.seats)
        if s.substitute and (not s.disqualified or p.disqualified_result == "missed_hanchan")
    ]
    assert [row.score for row in rows] == [s.score for s in state.seats]
    assert all(type(row.final) in (int, Fraction) for row in rows)  # exact, never a float
    if p.substitute_result == "fixed" and any(s.substitute for s in state.seats):
        # EMA 2012 §5.7: "0 points and -30,000 uma" whatever the substitute scored; the others as usual below
        for row, s in zip(rows, state.seats, strict=True):
            if s.substitute:
                assert row.final == p.missed_hanchan_uma - p.missed_hanchan_penalty
        return
    expected = sum(Fraction(row.score - r.return_points) for row in rows) + sum(r.uma) + r.oka + state.leftover_awarded
    expected -= sum(s.after_uma for s in state.seats)  # chombo deductions after uma (EMA 2016)
    assert sum(row.final for row in rows) == expected
    assert sum(row.uma for row in rows) == sum(r.uma)
    assert sum(row.oka for row in rows) == r.oka
    assert sum(row.leftover for row in rows) == state.leftover_awarded
    ranks = [row.rank for row in rows]
    assert all(1 <= k <= 4 for k in ranks) and min(ranks) == 1
    if any(s.substitute_last for s in state.seats):
        return  # EMA 2012 §5.7: a mid-session substitute takes the last place whatever the score
    for a in rows:
        for b in rows:
            if a.score > b.score:
                assert a.rank < b.rank, f"{a.player} ({a.score}) ranked {a.rank}, {b.player} ({b.score}) {b.rank}"
            if a.score == b.score and r.ties == "split":
                assert a.rank == b.rank
        # a rank is 1 + the number of seats strictly ahead (split ties) or ahead in seat order
        ahead = sum(1 for b in rows if b.score > a.score)
        if r.ties == "split":
            assert a.rank == ahead + 1


# -- properties -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
@SETTINGS
@given(data=st.data())
def test_zero_sum_and_results(ruleset_id: str, data: st.DataObject) -> None:
    """(a) the table total never changes; (d) a finished hanchan's results add up exactly; overall carries by name."""
    dicts = data.draw(table_logs(ruleset_id, incidents=data.draw(st.booleans())))
    events = parse(dicts)
    ledger = Ledger(RULESETS)
    overall: dict[str, Fraction] = {}
    standing = resolve_voids(events)
    for n, (index, event) in enumerate(standing):
        fresh = event.type == "hanchan_start"
        before = ledger.state
        left_before = before.off_table + before.leftover_awarded
        scores_before = [s.score for s in before.seats]
        overall_before = [s.overall for s in before.seats]
        effect = ledger.apply(event, index, explain=True)
        state = ledger.state
        check_zero_sum(state)
        assert effect is not None and effect.game_over == state.game_over
        if fresh:
            # a new table: nothing moved (the previous hanchan's scores and overall are not "transfers")
            assert effect.transfers == [0, 0, 0, 0]
            assert effect.overall == [0, 0, 0, 0]
            assert effect.sticks_before == effect.sticks_after == state.riichi_sticks
        else:
            # the effect shown in previews and the history matches what the event did, and balances
            assert effect.transfers == [s.score - b for s, b in zip(state.seats, scores_before, strict=True)]
            left = state.off_table + state.leftover_awarded - left_before
            assert sum(effect.transfers) + STICK * (effect.sticks_after - effect.sticks_before) + left == 0
            assert effect.overall == [s.overall - b for s, b in zip(state.seats, overall_before, strict=True)]
            if event.type != "incident" and state.game_over:  # a result is carried, except a substitute's
                rows = [row for row in state.results if not row.absent]
                finals = [0 if s.substitute else row.final for s, row in zip(state.seats, rows, strict=True)]
                assert effect.overall == finals
            elif event.type != "incident":
                assert effect.overall == [0, 0, 0, 0]
        if fresh:
            for seat in state.seats:
                assert seat.overall == overall.get(seat.player, Fraction(0))
        finished_now = state.game_over and (n + 1 == len(standing) or standing[n + 1][1].type == "hanchan_start")
        if event.type == "incident":  # penalties on the overall score (and absent players' fixed results)
            for s, b in zip(state.seats, overall_before, strict=True):
                overall[s.player] = overall.get(s.player, Fraction(0)) + (s.overall - b)
        if finished_now:
            check_results(state)
            for row, s in zip([row for row in state.results or [] if not row.absent], state.seats, strict=True):
                # a substitute's result is not carried to the absent player; an incident that ends the game (a chombo
                # payment into bankruptcy) already carried the results in its overall change above
                if not s.substitute and event.type != "incident":
                    overall[row.player] = overall.get(row.player, Fraction(0)) + row.final
            assert {k: v for k, v in state.overall_by_player.items() if v} == {k: v for k, v in overall.items() if v}
            assert [s.overall for s in state.seats] == [overall[s.player] for s in state.seats]
    # the step-by-step ledger and the whole-log replay agree
    assert state_to_json(ledger.state) == state_to_json(replay(events, RULESETS))


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
@SETTINGS
@given(data=st.data())
def test_replay_is_deterministic(ruleset_id: str, data: st.DataObject) -> None:
    """(b) replaying the same list twice (and re-parsing it) gives the same state."""
    dicts = data.draw(table_logs(ruleset_id, incidents=data.draw(st.booleans())))
    events = parse(dicts)
    first = state_to_json(replay(events, RULESETS))
    second = state_to_json(replay(events, RULESETS))
    third = state_to_json(replay(parse(dicts), RULESETS))
    assert first == second == third


def _everything(state: TableState) -> str:
    """The whole state as text, inner bookkeeping included (what a preview must leave untouched)."""
    return repr((state_to_json(state), state.riichi_bets, state.history, state.stats_by_player,
                 state.overall_by_player, [(s.substitute, s.after_uma, s.first_timer) for s in state.seats]))  # fmt: skip


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
@SETTINGS
@given(data=st.data())
def test_preview_changes_nothing_and_shows_what_the_event_does(ruleset_id: str, data: st.DataObject) -> None:
    """The preview the referee confirms works on a copy of the table: before each event of a random session
    (incidents included), previewing it leaves the state exactly as it was, and its effect is the one applying
    the event then reports."""
    dicts = data.draw(table_logs(ruleset_id, incidents=True))
    ledger = Ledger(RULESETS)
    for index, event in resolve_voids(parse(dicts)):
        before = _everything(ledger.state)
        preview = ledger.preview(event)
        assert _everything(ledger.state) == before
        applied = ledger.apply(event, index, explain=True)
        assert applied is not None
        assert (preview.transfers, preview.overall, preview.lines, preview.game_over) == (
            applied.transfers, applied.overall, applied.lines, applied.game_over)  # fmt: skip


def test_a_cloned_state_shares_nothing_a_fold_changes() -> None:
    """Every list and dict of a clone is its own (a new mutable field left shared would leak previews)."""
    ledger = Ledger(RULESETS)
    for i, e in enumerate([{"type": "hanchan_start", "players": list(NAMES[:4]), "ruleset": "ema-2016"},
                           {"type": "riichi", "seat": 1}, {"type": "draw", "tenpai": [1]}]):  # fmt: skip
        ledger.apply(parse_event({"id": f"e{i}", "at": AT, **e}, i), i)
    state = ledger.state
    copy_ = state.clone()
    for name in TableState.__slots__:
        value = getattr(state, name)
        if isinstance(value, (list, dict)):
            assert getattr(copy_, name) is not value, name
    assert copy_.ruleset is state.ruleset
    for a, b in zip(state.seats, copy_.seats, strict=True):
        assert a is not b and a.extra is not b.extra
    for player, stats in state.stats_by_player.items():
        assert copy_.stats_by_player[player] is not stats


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
@SETTINGS
@given(data=st.data())
def test_void_of_last_event_equals_removal(ruleset_id: str, data: st.DataObject) -> None:
    """(c) voiding the last standing event gives the state of the log without it."""
    dicts = data.draw(table_logs(ruleset_id, incidents=data.draw(st.booleans())))
    standing = [i for i, _ in resolve_voids(parse(dicts)) if i > 0]
    if not standing:
        return
    last = standing[-1]
    removed = dicts[:last] + dicts[last + 1 :]
    assert _outcome(dicts + [_void(dicts[last]["id"])]) == _outcome(removed)
    # the last non-void event may itself be voided already: then voiding it again is an error, as is removing it
    # (the earlier void would target nothing)
    last_non_void = max(i for i, d in enumerate(dicts) if d["type"] != "void")
    if last_non_void != last:
        removed = dicts[:last_non_void] + dicts[last_non_void + 1 :]
        assert isinstance(_outcome(dicts + [_void(dicts[last_non_void]["id"])]), LogError)
        assert isinstance(_outcome(removed), LogError)


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
@SETTINGS
@given(data=st.data())
def test_void_of_any_event_equals_removal(ruleset_id: str, data: st.DataObject) -> None:
    """(c) voiding any earlier event behaves as if it had never been entered (including failing when that fails)."""
    dicts = data.draw(table_logs(ruleset_id, incidents=data.draw(st.booleans())))
    candidates = [i for i, d in enumerate(dicts) if d["type"] != "void"]
    pick = data.draw(st.sampled_from(candidates))
    removed = dicts[:pick] + dicts[pick + 1 :]
    voided = _outcome(dicts + [_void(dicts[pick]["id"])])
    without = _outcome(removed)
    if isinstance(without, LogError):
        assert isinstance(voided, LogError), f"removal fails ({without}) but the void applies"
    else:
        assert not isinstance(voided, LogError), f"removal applies but the void fails ({voided})"
        assert voided == without
