# size: the one event fold: each event kind's checks and its effect on the table are read together, in log order
"""The table ledger, the one event fold: ``state = fold(rulesets, events)``.

The fold validates each event against the state it meets and raises :class:`LogError` (event index + field) when
it cannot apply. It plays the hands here (a hanchan's start, riichi, wins, draws, the end); what a ruling does is in
:mod:`.effects` (the base of :class:`Ledger`), the state it changes in :mod:`.table`, the output in
:mod:`.ledger_json`. Amounts are integers in table points; hanchan results and overall scores are exact fractions (a
three-way tie splits uma exactly), rounded only for display.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any, Literal, overload

from .effects import RulingEffects
from .events import (
    WIND_LETTERS,
    Draw,
    HanchanEnd,
    HanchanStart,
    LogError,
    Riichi,
    TableEvent,
    Win,
    gc_paused,
    resolve_voids,
)
from .house_rules import (
    DEALER_LEADING,
    EXTRA_ROUNDS_OVER,
    TARGET_REACHED,
    at_target,
    game_end,
    in_extra_round,
    keeps_deal,
    last_wind,
    nagashi_payments,
)
from .offences import PAO_YAKUMAN
from .results import STICK, exact
from .rules import RuleSet
from .rulings import Ruling
from .scoring import hand_payment
from .table import Effect, LineValue, SeatState, TableState, effect_of, session_of, snapshot


class Ledger(RulingEffects):
    """Applies events one by one. ``replay`` folds a whole log; ``apply`` is the incremental step."""

    def __init__(self, rulesets: Mapping[str, RuleSet]):
        self.rulesets = rulesets
        self.state = TableState()
        self.count = 0
        self._lines: list[tuple[str, dict[str, LineValue]]] = []
        self._returned: list[int] = []
        self._redealt = False
        self._explain = False
        self._handlers: dict[str, Callable[[Any, int], None]] = {
            "hanchan_start": self._start,
            "riichi": self._riichi,
            "win": self._win,
            "draw": self._draw,
            "hanchan_end": self._end,
            "incident": self._incident,
        }
        self.last_ruling: Ruling | None = None

    # -- public -------------------------------------------------------------------------------------------------

    @overload
    def apply(
        self, event: TableEvent, index: int | None = None, *, explain: Literal[True], lines: bool = True
    ) -> Effect: ...

    @overload
    def apply(
        self, event: TableEvent, index: int | None = None, explain: bool = False, lines: bool = True
    ) -> Effect | None: ...

    def apply(
        self, event: TableEvent, index: int | None = None, explain: bool = False, lines: bool = True
    ) -> Effect | None:
        """Apply one (non-void) event; raise :class:`LogError` if it cannot apply to the current state. ``explain``:
        return what it did (an :class:`Effect`); ``lines=False``: without the sentences of a preview (what a stored
        row keeps needs none of them)."""
        idx = self.count if index is None else index
        handler = self._handlers.get(event.type)
        if handler is None:
            if event.type == "void":
                raise LogError(idx, "type", "a void is resolved by replay(), not applied step by step")
            raise LogError(idx, "type", f"unknown event type {event.type!r}")
        self._explain = explain and lines
        self.last_ruling = None
        if not explain:  # the replay path: only the state changes
            handler(event, idx)
            self.count += 1
            if self._returned:
                self._returned = []
            return None
        before = snapshot(self.state)
        self._lines, self._returned, self._redealt = [], [], False
        handler(event, idx)
        self.count += 1
        eff = effect_of(event, before, self.state, self._lines, self._returned, self._redealt)
        eff.ruling = self.last_ruling
        return eff

    def trial(self) -> Ledger:
        """A ledger on a copy of this one's state: apply an event to it without changing this one."""
        trial = Ledger(self.rulesets)
        trial.state = self.state.clone()
        trial.count = self.count
        return trial

    def preview(self, event: TableEvent) -> Effect:
        """What ``event`` would do, without changing this ledger (raises :class:`LogError` if it cannot apply)."""
        eff = self.trial().apply(event, explain=True)
        assert eff is not None
        return eff

    # -- helpers ------------------------------------------------------------------------------------------------

    def _require_play(self, index: int) -> TableState:
        st = self.state
        if not st.started:
            raise LogError(index, "type", key="not_started")
        if st.game_over:
            raise LogError(index, "type", key="hanchan_over", params={"hanchan": st.hanchan})
        return st

    def _new_hand(self, dealer_keeps: bool, add_counter: bool) -> None:
        """End the hand: clear the hand's flags, then either stop the game (it keeps showing the hand just played)
        or move the counters, dealer and round on to the next hand."""
        st = self.state
        rs = st.ruleset
        assert rs is not None
        seats = st.seats
        game = rs.game
        st.history.append((st.round_wind, st.hand, st.counters, tuple([s.score for s in seats])))
        st.hands_played += 1
        if st.riichi_bets:
            st.riichi_bets = []
        for s in seats:
            s.riichi = False
            s.dead_hand = False
        if game.bankruptcy and any([s.score < 0 for s in seats]):
            self._say("bankruptcy", seats=[i for i, s in enumerate(st.seats) if s.score < 0])
            self._finish("bankruptcy")
            return
        if st.hand == 4 or game.extra_rounds is not None:  # (the common hand cannot end the game: no call)
            scores = [s.score for s in seats]
            reason = game_end(game, st.round_wind, st.hand, st.dealer, scores, dealer_keeps)
            if reason is not None:
                target = game.extra_rounds.target if game.extra_rounds is not None else 0
                if reason == DEALER_LEADING:
                    self._say("dealer_leading_stop", seat=st.dealer)
                elif reason == TARGET_REACHED:
                    self._say("target_reached", seats=at_target(game, scores), target=target)
                elif reason == EXTRA_ROUNDS_OVER:
                    self._say("extra_rounds_over", target=target)
                self._finish(reason)
                return
        st.counters = st.counters + 1 if add_counter else 0
        if not dealer_keeps:
            st.dealer = (st.dealer + 1) % 4
            st.hand += 1
            if st.hand > 4:
                st.hand = 1
                st.round_wind += 1
                if game.extra_rounds is not None and in_extra_round(game, st.round_wind):
                    self._say("extra_round", wind=st.round_wind, target=game.extra_rounds.target)

    def _start(self, ev: HanchanStart, index: int) -> None:
        old = self.state
        if old.started and not old.game_over:
            raise LogError(index, "type", key="hanchan_not_over", params={"hanchan": old.hanchan})
        rs = self.rulesets.get(ev.ruleset_hash) if ev.ruleset_hash else None  # the content it started with
        if rs is None or rs.id != ev.ruleset:
            rs = self.rulesets.get(ev.ruleset)
        if rs is None:
            known = ", ".join(sorted(self.rulesets))
            raise LogError(index, "ruleset", key="unknown_ruleset", params={"ruleset": ev.ruleset, "known": known})
        for name in ev.first_timers:
            if name not in ev.players:
                raise LogError(index, "first_timers", key="not_a_player", params={"player": name})
        for name in ev.players:
            if old.stats_by_player.get(name, {}).get("disqualified"):
                raise LogError(index, "players", key="disqualified_seated", params={"player": name})
        st = TableState(
            ruleset=rs,
            overall_by_player=old.overall_by_player,
            stats_by_player=old.stats_by_player,
        )
        st.hanchan = ev.hanchan if ev.hanchan is not None else old.hanchan + 1
        st.started = True
        st.session = session_of(ev)
        scope = rs.penalties.warning_scope
        if scope == "hanchan" or (scope == "session" and st.session != old.session):
            for stats in st.stats_by_player.values():  # warnings and warning ladders start again
                stats["warnings"] = 0
                for key in [k for k in stats if k.startswith(("ladder.", "elsewhere."))]:
                    del stats[key]
        res = ev.resume
        scores = list(res.scores) if res else [rs.start_points] * 4
        for i, name in enumerate(ev.players):
            if res and res.overall is not None:
                overall = exact(Fraction(str(res.overall[i])))
                st.overall_by_player[name] = overall
            else:
                overall = st.overall_by_player.get(name, 0)
            stats = st.stats_by_player.setdefault(name, {})
            st.seats.append(
                SeatState(
                    player=name,
                    score=scores[i],
                    overall=overall,
                    first_timer=name in ev.first_timers,
                    warnings=stats.get("warnings", 0),
                    chombos=stats.get("chombos", 0),
                    disqualified=bool(stats.get("disqualified", 0)),
                    ladders={k[7:]: int(v) for k, v in stats.items() if k.startswith("ladder.")},
                    elsewhere_warnings=stats.get("elsewhere.warnings", 0),
                )
            )
        if res:
            st.round_wind = WIND_LETTERS.index(res.round_wind)
            extra = rs.game.extra_rounds
            if st.round_wind > last_wind(rs.game) and extra is not None:
                raise LogError(
                    index,
                    "resume.round_wind",
                    key="extra_winds_only",
                    params={"ruleset": rs.name, "rounds": rs.game.rounds, "winds": extra.winds},
                )
            if st.round_wind >= rs.game.rounds and extra is None:
                raise LogError(
                    index, "resume.round_wind", key="rounds_only", params={"ruleset": rs.name, "rounds": rs.game.rounds}
                )
            st.hand = res.hand
            st.dealer = res.hand - 1
            st.counters = res.counters
            st.riichi_sticks = res.riichi_sticks
        st.start_total = sum(scores) + STICK * st.riichi_sticks
        self.state = st

    def _riichi(self, ev: Riichi, index: int) -> None:
        st = self._require_play(index)
        seat = st.seats[ev.seat]
        if seat.riichi:
            raise LogError(index, "seat", key="riichi_twice", params={"player": seat.player})
        if seat.dead_hand:
            raise LogError(index, "seat", key="riichi_dead_hand", params={"player": seat.player})
        seat.score -= STICK
        seat.riichi = True
        st.riichi_sticks += 1
        st.riichi_bets.append(ev.seat)
        if self._explain:
            self._say("riichi", seat=ev.seat)

    def _win(self, ev: Win, index: int) -> None:
        st = self._require_play(index)
        rs = st.ruleset
        assert rs is not None
        for k, w in enumerate(ev.winners):
            if w.dealer_points is not None and w.seat == st.dealer:
                raise LogError(index, f"winners.{k}.dealer_points", key="dealer_points_of_dealer")
            if w.liable_hand is not None:
                _check_liability(rs, w, index, k)
            if st.seats[w.seat].dead_hand:
                raise LogError(
                    index, f"winners.{k}.seat", key="win_dead_hand", params={"player": st.seats[w.seat].player}
                )
        winners = ev.winners
        scoring = rs.scoring
        ron = ev.kind == "ron"
        d = ev.discarder
        if ev.bumped:
            assert d is not None
            self._check_bumped(ev, index)
            bumped = sorted(ev.bumped, key=lambda s: (s - d) % 4)
            self._say("head_bump", seat=winners[0].seat, skipped=bumped, discarder=d)
        elif len(winners) > 1:
            assert d is not None
            winners = sorted(winners, key=lambda w: (w.seat - d) % 4)
            if scoring.multiple_ron == "head_bump":  # (a log that gave every caller's value: the first wins)
                self._say("head_bump", seat=winners[0].seat, skipped=[w.seat for w in winners[1:]], discarder=d)
                winners = winners[:1]
        counter_money = st.counters * scoring.counter_value
        explain = self._explain
        each_gets_counters = scoring.multiple_ron_counters == "each"
        for n, w in enumerate(winners):
            pay = hand_payment(w, w.seat == st.dealer, scoring)
            first = n == 0
            counters_here = first or each_gets_counters
            if explain and w.liable_hand is not None:
                self._say("pao_hand", seat=w.seat, hand=w.liable_hand)
            if ron:
                assert d is not None
                liable = w.liable
                if liable is None or liable == d:
                    self._pay(d, w.seat, pay.ron)
                elif scoring.pao == "full_liable":
                    self._pay(liable, w.seat, pay.ron)
                    self._say("pao_full", liable=liable, seat=w.seat)
                else:
                    half = -(-pay.ron // 200) * 100
                    self._pay(liable, w.seat, half)
                    self._pay(d, w.seat, pay.ron - half)
                    self._say("pao_split", liable=liable, discarder=d, seat=w.seat)
                if counters_here and counter_money:
                    payer = liable if (liable is not None and scoring.pao == "full_liable") else d
                    self._pay(payer, w.seat, counter_money)
                if explain:
                    self._say("ron", seat=w.seat, discarder=d, amount=pay.ron, level=pay.level)
            else:
                if w.liable is not None:
                    self._pay(w.liable, w.seat, pay.tsumo_total() + counter_money)
                    self._say("pao_tsumo", liable=w.liable, seat=w.seat)
                else:
                    each_counter = counter_money // 3
                    for other in range(4):
                        if other == w.seat:
                            continue
                        base = pay.dealer if other == st.dealer else pay.non_dealer
                        self._pay(other, w.seat, base + each_counter)
                if explain:
                    self._say("tsumo", seat=w.seat, dealer=pay.dealer, non_dealer=pay.non_dealer, level=pay.level)
            if first and st.riichi_sticks:
                st.seats[w.seat].score += STICK * st.riichi_sticks
                if explain:
                    self._say("sticks_to_winner", seat=w.seat, sticks=st.riichi_sticks)
                st.riichi_sticks = 0
        dealer_won = any(w.seat == st.dealer for w in winners)
        keeps = dealer_won and keeps_deal(rs.game, won=True)
        if dealer_won and not keeps:
            self._say("dealer_no_repeat", seat=st.dealer)
        self._new_hand(dealer_keeps=keeps, add_counter=keeps)  # a win clears the counters unless the dealer repeats

    def _check_bumped(self, ev: Win, index: int) -> None:
        """A head bump only where the rule set has one, and the winner is the first caller from the discarder's
        right: a bumped seat nearer that right would have won instead."""
        st = self.state
        rs = st.ruleset
        assert rs is not None and ev.discarder is not None
        if rs.scoring.multiple_ron != "head_bump":
            raise LogError(index, "bumped", key="no_head_bump", params={"ruleset": rs.name})
        d, winner = ev.discarder, ev.winners[0].seat
        for k, seat in enumerate(ev.bumped):
            player = st.seats[seat].player
            if st.seats[seat].dead_hand:
                raise LogError(index, f"bumped.{k}", key="win_dead_hand", params={"player": player})
            if (seat - d) % 4 < (winner - d) % 4:
                won = st.seats[winner].player
                raise LogError(index, f"bumped.{k}", key="head_bump_order", params={"player": player, "winner": won})

    def _draw(self, ev: Draw, index: int) -> None:
        st = self._require_play(index)
        rs = st.ruleset
        assert rs is not None
        if ev.kind == "abortive":
            if not rs.scoring.abortive_draws:
                raise LogError(index, "kind", key="no_abortive_draws", params={"ruleset": rs.name})
            self._say("abortive_draw", reason=ev.reason)
            self._new_hand(dealer_keeps=True, add_counter=True)
            return
        if ev.nagashi:
            self._check_nagashi(ev, index)
        tenpai = []
        for seat in ev.tenpai:
            if st.seats[seat].dead_hand:
                self._say("dead_hand_noten", seat=seat)
            else:
                tenpai.append(seat)
        noten = [s for s in range(4) if s not in tenpai]
        if ev.nagashi:  # paid as a mangan tsumo each, instead of the noten payments (docs/rulings.md)
            payments = nagashi_payments(sorted(ev.nagashi), st.dealer, rs.scoring)
            for payer, payee, amount in payments:
                self._pay(payer, payee, amount)
            if self._explain:
                for seat in sorted(ev.nagashi):
                    paid = {payer: amount for payer, payee, amount in payments if payee == seat}
                    self._say("nagashi_mangan", seat=seat, dealer=st.dealer, paid=paid)
                self._say("nagashi_no_noten_payments", tenpai=sorted(tenpai))
        elif tenpai and noten:
            total = rs.scoring.noten_payment
            for s in noten:
                for t in tenpai:
                    self._pay(s, t, total // len(noten) // len(tenpai))
            if self._explain:
                self._say("noten_payments", tenpai=sorted(tenpai), noten=noten)
        elif self._explain:
            self._say("no_noten_payments", tenpai=sorted(tenpai))
        dealer_tenpai = st.dealer in tenpai
        keeps = dealer_tenpai and keeps_deal(rs.game, tenpai=True)
        if dealer_tenpai and not keeps:
            self._say("dealer_no_repeat", seat=st.dealer)
        self._new_hand(dealer_keeps=keeps, add_counter=True)

    def _check_nagashi(self, ev: Draw, index: int) -> None:
        """Nagashi mangan only where the rule set pays it, and never for a dead hand."""
        st = self.state
        rs = st.ruleset
        assert rs is not None
        if not rs.scoring.nagashi_mangan:
            raise LogError(index, "nagashi", key="no_nagashi_mangan", params={"ruleset": rs.name})
        for k, seat in enumerate(ev.nagashi):
            if st.seats[seat].dead_hand:
                raise LogError(index, f"nagashi.{k}", key="nagashi_dead_hand", params={"player": st.seats[seat].player})

    def _end(self, ev: HanchanEnd, index: int) -> None:
        self._require_play(index)
        self._say("hanchan_end", reason=ev.reason)
        self._finish(ev.reason)


def _check_liability(rs: RuleSet, w: Any, index: int, k: int) -> None:
    """A liable seat is named with the hand it is liable for, one of the rule set's liability hands."""
    hand = w.liable_hand
    if hand not in rs.scoring.pao_hands:
        raise LogError(
            index,
            f"winners.{k}.liable_hand",
            key="not_liability_hand",
            params={"hand": hand, "ruleset": rs.name, "hands": list(rs.scoring.pao_hands)},
        )
    if w.liable is None:
        raise LogError(index, f"winners.{k}.liable", key="name_liable", params={"hand": hand})
    if hand in PAO_YAKUMAN and w.limit != "yakuman" and w.points is None and (w.han or 0) < 13:
        raise LogError(index, f"winners.{k}", key="liability_yakuman", params={"hand": hand})


def replay(events: Iterable[TableEvent], rulesets: Mapping[str, RuleSet]) -> TableState:
    """Fold a whole log (voids resolved) into the table state."""
    ledger = Ledger(rulesets)
    with gc_paused():
        for index, ev in resolve_voids(list(events)):
            ledger.apply(ev, index)
    return ledger.state
