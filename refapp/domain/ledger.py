# size: the one event fold: the Ledger's handlers share the table state and are read with the rulings they apply
"""The table ledger: ``state = fold(rulesets, events)``.

The fold validates each event against the state it meets and raises :class:`LogError` (event index + field) when
it cannot apply. Amounts are integers in table points; hanchan results and overall scores are exact fractions (a
three-way tie splits uma exactly), rounded only for display.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal, NamedTuple, overload

from .events import WIND_LETTERS, Draw, HanchanEnd, HanchanStart, Incident, LogError, Riichi, Win, gc_paused
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
from .numbers import printed
from .offences import PAO_HANDS, PAO_YAKUMAN
from .results import STICK, ResultRow, compute_results, exact, result_to_json
from .rules import RuleSet
from .rulings import Ruling, RulingError, decide
from .scoring import hand_payment

__all__ = ["STICK", "ResultRow", "compute_results", "exact"]  # re-exported: they lived here before


@dataclass(slots=True)
class SeatState:
    player: str
    score: int
    overall: Fraction | int
    riichi: bool = False
    dead_hand: bool = False
    warnings: int = 0
    chombos: int = 0
    disqualified: bool = False
    first_timer: bool = False
    after_uma: int = 0
    substitute: bool = False
    substitute_last: bool = False
    substitute_name: str = ""
    late_penalty: int = 0  # lateness penalties on the overall score in this hanchan
    ladders: dict[str, int] = field(default_factory=dict)  # call offences counted on each warning ladder
    elsewhere_warnings: int = 0  # the warnings at other tables the player's latest incident here recorded
    extra: dict[str, Fraction | int] = field(default_factory=dict)


def _clone_seat(seat: SeatState) -> SeatState:
    new = copy.copy(seat)
    new.extra = dict(seat.extra)
    new.ladders = dict(seat.ladders)
    return new


@dataclass(slots=True)
class TableState:
    """The whole table after a fold. Mutated only by :class:`Ledger`."""

    ruleset: RuleSet | None = None
    hanchan: int = 0
    round_wind: int = 0
    hand: int = 1
    dealer: int = 0
    counters: int = 0
    riichi_sticks: int = 0
    riichi_bets: list[int] = field(default_factory=list)
    seats: list[SeatState] = field(default_factory=list)
    started: bool = False
    game_over: bool = False
    end_reason: str = ""
    results: list[ResultRow] | None = None
    start_total: int = 0
    off_table: Fraction | int = 0  # a leftover stick split three ways leaves a fraction of a point
    leftover_awarded: Fraction | int = 0
    overall_by_player: dict[str, Fraction | int] = field(default_factory=dict)
    stats_by_player: dict[str, dict[str, int]] = field(default_factory=dict)
    hands_played: int = 0
    history: list[tuple[int, int, int, tuple[int, ...]]] = field(default_factory=list)  # (wind, hand, counters, scores)
    session: tuple[str, Any] | None = None  # ("number", n) or ("day", "YYYY-MM-DD"): see session_of

    def clone(self) -> TableState:
        """A copy to try an event on: nothing a fold mutates is shared with this state (the rule set is)."""
        new = copy.copy(self)
        new.riichi_bets = list(self.riichi_bets)
        new.seats = [_clone_seat(s) for s in self.seats]
        new.results = list(self.results) if self.results is not None else None
        new.overall_by_player = dict(self.overall_by_player)
        new.stats_by_player = {k: dict(v) for k, v in self.stats_by_player.items()}
        new.history = list(self.history)
        return new

    def wind_of(self, seat: int) -> str:
        return WIND_LETTERS[(seat - self.dealer) % 4]

    def table_total(self) -> Fraction | int:
        """Scores + sticks on the table + what left the table: equals ``start_total`` at all times."""
        return sum(s.score for s in self.seats) + STICK * self.riichi_sticks + self.off_table + self.leftover_awarded


@dataclass(slots=True)
class Effect:
    """What one event did to the table, for previews and the history."""

    event_id: str
    kind: str
    transfers: list[int]
    overall: list[Fraction | int]
    sticks_before: int
    sticks_after: int
    sticks_returned: list[int]
    counters_before: int
    counters_after: int
    dealer_before: int
    dealer_after: int
    hand_before: tuple[int, int]
    hand_after: tuple[int, int]
    redeal: bool
    game_over: bool
    lines: list[tuple[str, dict[str, Any]]]
    off_table: Fraction | int = 0
    ruling: Ruling | None = None
    extra: list[dict[str, Fraction | int]] = field(default_factory=list)


class Ledger:
    """Applies events one by one. ``replay`` folds a whole log; ``apply`` is the incremental step."""

    def __init__(self, rulesets: Mapping[str, RuleSet]):
        self.rulesets = rulesets
        self.state = TableState()
        self.count = 0
        self._lines: list[tuple[str, dict[str, Any]]] = []
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
    def apply(self, event: Any, index: int | None = None, *, explain: Literal[True], lines: bool = True) -> Effect: ...

    @overload
    def apply(
        self, event: Any, index: int | None = None, explain: bool = False, lines: bool = True
    ) -> Effect | None: ...

    def apply(self, event: Any, index: int | None = None, explain: bool = False, lines: bool = True) -> Effect | None:
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
        before = _snapshot(self.state)
        self._lines, self._returned, self._redealt = [], [], False
        handler(event, idx)
        self.count += 1
        eff = _effect(event, before, self.state, self._lines, self._returned, self._redealt)
        eff.ruling = self.last_ruling
        return eff

    def trial(self) -> Ledger:
        """A ledger on a copy of this one's state: apply an event to it without changing this one."""
        trial = Ledger(self.rulesets)
        trial.state = self.state.clone()
        trial.count = self.count
        return trial

    def preview(self, event: Any) -> Effect:
        """What ``event`` would do, without changing this ledger (raises :class:`LogError` if it cannot apply)."""
        eff = self.trial().apply(event, explain=True)
        assert eff is not None
        return eff

    # -- helpers ------------------------------------------------------------------------------------------------

    def _require_play(self, index: int, what: str) -> TableState:
        st = self.state
        if not st.started:
            raise LogError(
                index,
                "type",
                f"{what}: no hanchan has been started (the log must begin with hanchan_start)",
                "not_started",
            )
        if st.game_over:
            raise LogError(
                index,
                "type",
                f"{what}: hanchan {st.hanchan} is over; start a new hanchan first",
                "hanchan_over",
                {"hanchan": st.hanchan},
            )
        return st

    def _say(self, key: str, **kw: Any) -> None:
        """One line of the explanation of a preview. (The per-hand calls of a replay test ``self._explain`` first:
        even an ignored call builds its arguments, and a replay makes ~200,000 of them.)"""
        if self._explain:
            self._lines.append((key, kw))

    def _pay(self, payer: int, payee: int, amount: int) -> None:
        if amount:
            self.state.seats[payer].score -= amount
            self.state.seats[payee].score += amount

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

    def _check_bankruptcy(self) -> None:
        st = self.state
        assert st.ruleset is not None
        if st.ruleset.game.bankruptcy and not st.game_over:
            broke = [i for i, s in enumerate(st.seats) if s.score < 0]
            if broke:
                self._say("bankruptcy", seats=broke)
                self._finish("bankruptcy")

    def _finish(self, reason: str) -> None:
        st = self.state
        rs = st.ruleset
        assert rs is not None
        st.game_over, st.end_reason = True, reason
        st.results = compute_results(st, rs)
        leftover = st.riichi_sticks * STICK
        if leftover:
            if rs.game.leftover_riichi == "winner":
                # what the winners' rows received; a remainder of a split rounded down, or the share of a substitute
                # with a fixed result, leaves the table
                given = sum(row.leftover for row in st.results if not row.absent)
                st.leftover_awarded += given
                st.off_table += leftover - given
                self._say("leftover_to_winner", sticks=st.riichi_sticks)
            else:
                st.off_table += leftover
                self._say("leftover_lost", sticks=st.riichi_sticks)
            st.riichi_sticks = 0
        for row in st.results:
            seat = st.seats[row.seat]
            if row.absent or not row.ranked or seat.substitute:
                continue  # the absent player got the missed-hanchan penalty instead; substitutes are not ranked
            seat.overall = exact(seat.overall + row.final)
            st.overall_by_player[seat.player] = seat.overall
        st.riichi_bets = []
        for s in st.seats:
            s.riichi = False

    # -- handlers -----------------------------------------------------------------------------------------------

    def _start(self, ev: HanchanStart, index: int) -> None:
        old = self.state
        if old.started and not old.game_over:
            raise LogError(
                index,
                "type",
                f"hanchan {old.hanchan} is not over; end it first (hanchan_end)",
                "hanchan_not_over",
                {"hanchan": old.hanchan},
            )
        rs = self.rulesets.get(ev.ruleset_hash) if ev.ruleset_hash else None  # the content it started with
        if rs is None or rs.id != ev.ruleset:
            rs = self.rulesets.get(ev.ruleset)
        if rs is None:
            known = ", ".join(sorted(self.rulesets))
            raise LogError(
                index,
                "ruleset",
                f"unknown rule set {ev.ruleset!r} (known: {known})",
                "unknown_ruleset",
                {"ruleset": ev.ruleset},
            )
        for name in ev.first_timers:
            if name not in ev.players:
                raise LogError(
                    index, "first_timers", f"{name!r} is not one of the players", "not_a_player", {"player": name}
                )
        for name in ev.players:
            if old.stats_by_player.get(name, {}).get("disqualified"):
                raise LogError(
                    index,
                    "players",
                    f"{name} was disqualified and cannot be seated",
                    "disqualified_seated",
                    {"player": name},
                )
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
                    f"{rs.name} plays {rs.game.rounds} round(s) and at most {extra.winds} extra wind(s)",
                    "extra_winds_only",
                    {"ruleset": rs.name, "rounds": rs.game.rounds, "winds": extra.winds},
                )
            if st.round_wind >= rs.game.rounds and extra is None:
                raise LogError(
                    index,
                    "resume.round_wind",
                    f"{rs.name} plays {rs.game.rounds} round(s) only",
                    "rounds_only",
                    {"ruleset": rs.name, "rounds": rs.game.rounds},
                )
            st.hand = res.hand
            st.dealer = res.hand - 1
            st.counters = res.counters
            st.riichi_sticks = res.riichi_sticks
        st.start_total = sum(scores) + STICK * st.riichi_sticks
        self.state = st

    def _riichi(self, ev: Riichi, index: int) -> None:
        st = self._require_play(index, "riichi")
        seat = st.seats[ev.seat]
        if seat.riichi:
            raise LogError(
                index,
                "seat",
                f"seat {ev.seat} ({seat.player}) has already declared riichi this hand",
                "riichi_twice",
                {"player": seat.player},
            )
        if seat.dead_hand:
            raise LogError(
                index,
                "seat",
                f"seat {ev.seat} ({seat.player}) has a dead hand and cannot declare riichi",
                "riichi_dead_hand",
                {"player": seat.player},
            )
        seat.score -= STICK
        seat.riichi = True
        st.riichi_sticks += 1
        st.riichi_bets.append(ev.seat)
        if self._explain:
            self._say("riichi", seat=ev.seat)

    def _win(self, ev: Win, index: int) -> None:
        st = self._require_play(index, "win")
        rs = st.ruleset
        assert rs is not None
        for k, w in enumerate(ev.winners):
            if w.dealer_points is not None and w.seat == st.dealer:
                raise LogError(
                    index,
                    f"winners.{k}.dealer_points",
                    "the winner is the dealer: give points (each) only",
                    "dealer_points_of_dealer",
                )
            if w.liable_hand is not None:
                _check_liability(rs, w, index, k)
            if st.seats[w.seat].dead_hand:
                raise LogError(
                    index,
                    f"winners.{k}.seat",
                    f"seat {w.seat} ({st.seats[w.seat].player}) has a dead hand and cannot win",
                    "win_dead_hand",
                    {"player": st.seats[w.seat].player},
                )
        winners = ev.winners
        scoring = rs.scoring
        ron = ev.kind == "ron"
        d = ev.discarder
        if len(winners) > 1:
            assert d is not None
            winners = sorted(winners, key=lambda w: (w.seat - d) % 4)
            if scoring.multiple_ron == "head_bump":
                self._say("head_bump", seat=winners[0].seat, skipped=[w.seat for w in winners[1:]])
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

    def _draw(self, ev: Draw, index: int) -> None:
        st = self._require_play(index, "draw")
        rs = st.ruleset
        assert rs is not None
        if ev.kind == "abortive":
            if not rs.scoring.abortive_draws:
                raise LogError(
                    index, "kind", f"{rs.name} has no abortive draws", "no_abortive_draws", {"ruleset": rs.name}
                )
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
            raise LogError(
                index, "nagashi", f"{rs.name} has no nagashi mangan", "no_nagashi_mangan", {"ruleset": rs.name}
            )
        for k, seat in enumerate(ev.nagashi):
            if st.seats[seat].dead_hand:
                raise LogError(
                    index,
                    f"nagashi.{k}",
                    f"seat {seat} ({st.seats[seat].player}) has a dead hand and cannot make nagashi mangan",
                    "nagashi_dead_hand",
                    {"player": st.seats[seat].player},
                )

    def _incident(self, ev: Incident, index: int) -> None:
        st = self.state
        if not st.started:
            raise LogError(index, "type", "incident: no hanchan has been started", "not_started")
        rs = st.ruleset
        assert rs is not None
        try:
            ruling = decide(rs, st, ev.seat, ev.offence, dict(ev.answers), ev.elsewhere)
        except RulingError as exc:
            field_, _, msg = str(exc).partition(": ")
            raise LogError(index, field_, msg) from None
        self._check_timing(ruling, index)
        name = ev.substitute.strip()
        if name:
            if ruling.kind not in ("substitute", "disqualification") or st.game_over:
                raise LogError(
                    index,
                    "substitute",
                    "a substitute is named only when the ruling seats one",
                    "substitute_not_seated",
                )
            if name in [s.player for s in st.seats]:
                raise LogError(
                    index, "substitute", f"{name!r} already plays at this table", "already_plays", {"player": name}
                )
        self.last_ruling = ruling
        self.apply_ruling(ruling, substitute_name=name)
        self._note_elsewhere(ev)

    def _note_elsewhere(self, ev: Incident) -> None:
        """Keep what the incident recorded of the player's warnings at other tables (the board shows the player's
        warnings with them); an incident without it recorded none (docs/rulings.md, "Warnings across tables")."""
        seat = self.state.seats[ev.seat]
        stats = self.state.stats_by_player.setdefault(seat.player, {})
        away = ev.elsewhere.warnings if ev.elsewhere is not None else 0
        if away:
            stats["elsewhere.warnings"] = away
        elif "elsewhere.warnings" in stats:
            del stats["elsewhere.warnings"]
        seat.elsewhere_warnings = away

    def _check_timing(self, r: Ruling, index: int) -> None:
        st = self.state
        seat = st.seats[r.seat]
        hand_bound = r.kind in ("dead_hand", "chombo", "redeal") or r.return_riichi
        if hand_bound and st.game_over:
            raise LogError(
                index,
                "offence",
                f"hanchan {st.hanchan} is over: a {r.kind.replace('_', ' ')} needs a hand in play",
                "needs_hand_in_play",
                {"hanchan": st.hanchan, "ruling": r.kind},
            )
        if r.requires_riichi and not seat.riichi:
            raise LogError(
                index,
                "seat",
                f"seat {r.seat} ({seat.player}) has not declared riichi in this hand",
                "not_in_riichi",
                {"player": seat.player},
            )
        if r.kind in ("substitute", "disqualification") and seat.substitute:
            raise LogError(
                index,
                "seat",
                f"seat {r.seat} is already played by a substitute for {seat.player}",
                "already_substituted",
                {"player": seat.player},
            )

    def apply_ruling(self, r: Ruling, substitute_name: str = "") -> None:
        """Apply a ruling's consequences to the table (docs/rulings.md)."""
        st = self.state
        rs = st.ruleset
        assert rs is not None
        seat = st.seats[r.seat]
        stats = st.stats_by_player.setdefault(seat.player, {})
        self._say("ruling", offence=r.offence, seat=r.seat, kind=r.kind)
        if r.voided_by_win:
            self._say("chombo_voided_by_win", seat=r.seat, word=rs.chombo_word)
        if r.return_riichi and seat.riichi:
            self._return_bet(r.seat)
            self._say("riichi_voided", seat=r.seat)
        kind = r.kind
        scope = rs.penalties.warning_scope
        if r.ladder_step and r.elsewhere_steps:
            self._say("ladder_elsewhere", seat=r.seat, step=r.ladder_step, elsewhere=r.elsewhere_steps, scope=scope)
        if r.warning_number:
            own = r.warning_number - r.elsewhere_warnings  # the table's own count; the others are recorded each time
            seat.warnings = own
            stats["warnings"] = own
            away = {"elsewhere": r.elsewhere_warnings, "scope": scope} if r.elsewhere_warnings else {}
            self._say("warning_number", seat=r.seat, number=r.warning_number, **away)
        if r.ladder_step:
            own = r.ladder_step - r.elsewhere_steps
            seat.ladders[r.ladder] = own
            stats[f"ladder.{r.ladder}"] = own
            if kind == "dead_hand":
                self._say("ladder_dead_hand", seat=r.seat, step=r.ladder_step)
        if kind == "dead_hand":
            if seat.dead_hand:
                self._say("already_dead", seat=r.seat)
            seat.dead_hand = True
            stats["dead_hands"] = stats.get("dead_hands", 0) + 1
            if seat.riichi:
                self._say("stick_stays", seat=r.seat)
        elif kind == "chombo":
            self._chombo(r)
            stats["chombos"] = seat.chombos
        elif kind == "redeal":
            self._redeal()
        elif kind == "point_penalty":
            self._penalty(r.seat, r.amount, r.scope)
            if r.per_minute and r.scope == "overall" and not st.game_over:
                seat.late_penalty += r.amount
            stats["penalties"] = stats.get("penalties", 0) + 1
        elif kind == "rating_penalty":
            seat.extra["rating"] = seat.extra.get("rating", 0) - r.amount
            self._say("rating_penalty", seat=r.seat, points=r.amount)
        elif kind == "substitute":
            self._substitute(r, substitute_name)
        elif kind == "disqualification":
            seat.disqualified = True
            stats["disqualified"] = 1
            self._say("disqualified", seat=r.seat)
            if not st.game_over:  # a substitute plays the seat for the rest of the hanchan
                if rs.penalties.disqualified_result == "missed_hanchan":
                    # a substitution after play began (EMA 2012 §5.7): the absent player's result, the last uma
                    p = rs.penalties
                    self._substitute(r, substitute_name, p.missed_hanchan_penalty, p.substitute_mid_session_last)
                else:
                    seat.substitute = True
                    seat.substitute_name = substitute_name
                    seat.substitute_last = rs.penalties.substitute_mid_session_last
                    self._say("substitute", seat=r.seat, overall=0, last=seat.substitute_last)
        self._check_bankruptcy()

    def _substitute(self, r: Ruling, name: str, amount: int | None = None, last: bool | None = None) -> None:
        """The seat's player is absent for the rest of the hanchan: he gets the missed-hanchan penalty and fixed uma
        now; what he was charged after uma so far stays his; where the rule set says so, the missed-hanchan penalty
        replaces his lateness penalty of this hanchan ("not cumulative"). ``amount`` and ``last``: the missed-hanchan
        penalty and whether the substitute takes the last uma (the ruling's, unless given: a disqualification's
        ruling carries neither)."""
        st = self.state
        rs = st.ruleset
        assert rs is not None
        p = rs.penalties
        seat = st.seats[r.seat]
        absent = -(r.amount if amount is None else amount) + p.missed_hanchan_uma - seat.after_uma
        seat.after_uma = 0
        if p.missed_hanchan_replaces_late and seat.late_penalty:
            absent += seat.late_penalty
            self._say("late_penalty_replaced", seat=r.seat, amount=seat.late_penalty, unit=rs.results.overall_unit)
            seat.late_penalty = 0
        seat.substitute = True
        seat.substitute_name = name
        seat.substitute_last = r.substitute_last if last is None else last
        seat.overall = exact(seat.overall + absent)
        st.overall_by_player[seat.player] = seat.overall
        self._say("substitute", seat=r.seat, overall=absent, last=seat.substitute_last, name=name)

    def _return_bet(self, seat: int) -> None:
        st = self.state
        if seat in st.riichi_bets:
            st.riichi_bets.remove(seat)
            st.riichi_sticks -= 1
            st.seats[seat].score += STICK
            self._returned.append(seat)
        st.seats[seat].riichi = False

    def _redeal(self) -> None:
        """The same hand is replayed: this hand's riichi bets go back, no counter, the dealer stays."""
        st = self.state
        for seat in list(st.riichi_bets):
            self._return_bet(seat)
        if self._returned:
            self._say("sticks_returned", seats=list(self._returned))
        for s in st.seats:
            s.riichi = False
            s.dead_hand = False
        self._redealt = True
        self._say("redeal")

    def _chombo(self, r: Ruling) -> None:
        st = self.state
        assert st.ruleset is not None
        offender = st.seats[r.seat]
        offender.chombos += 1
        mode = r.chombo_mode
        if mode == "mangan_table":
            to_dealer, to_other = st.ruleset.chombo.mangan
            for other in range(4):
                if other == r.seat:
                    continue
                self._pay(r.seat, other, to_dealer if (r.seat == st.dealer or other == st.dealer) else to_other)
            self._say("chombo_mangan", seat=r.seat, dealer=r.seat == st.dealer, to_dealer=to_dealer, to_other=to_other)
        elif mode == "flat_each_table":
            for other in range(4):
                if other != r.seat:
                    self._pay(r.seat, other, r.amount)
            self._say("chombo_each", seat=r.seat, amount=r.amount)
        elif mode == "overall_points":
            offender.overall = exact(offender.overall - r.amount)
            st.overall_by_player[offender.player] = offender.overall
            self._say("chombo_overall", seat=r.seat, amount=r.amount, unit=st.ruleset.results.overall_unit)
        elif mode == "after_uma":
            offender.after_uma += r.amount
            self._say("chombo_after_uma", seat=r.seat, amount=r.amount)
        if r.league_points:
            offender.extra["league"] = offender.extra.get("league", 0) - r.league_points
            self._say("league_points", seat=r.seat, points=r.league_points)
        self._redeal()

    def _penalty(self, seat_no: int, amount: int, scope: str) -> None:
        st = self.state
        seat = st.seats[seat_no]
        if scope == "table" and not st.game_over:
            seat.score -= amount
            st.off_table += amount
            self._say("penalty_table", seat=seat_no, amount=amount)
        else:
            seat.overall = exact(seat.overall - amount)
            st.overall_by_player[seat.player] = seat.overall
            assert st.ruleset is not None
            self._say("penalty_overall", seat=seat_no, amount=amount, unit=st.ruleset.results.overall_unit)

    def _end(self, ev: HanchanEnd, index: int) -> None:
        self._require_play(index, "hanchan_end")
        self._say("hanchan_end", reason=ev.reason)
        self._finish(ev.reason)


def session_of(ev: HanchanStart) -> tuple[str, Any]:
    """The session a hanchan belongs to: its ``session`` number, else the day of its timestamp (as recorded)."""
    return session_key(ev.session, ev.at)


def session_key(session: int | None, at: str) -> tuple[str, Any]:
    """:func:`session_of` from a ``hanchan_start``'s ``session`` and ``at`` (read from a stored payload)."""
    if session is not None:
        return ("number", session)
    day = at[:10]
    return ("day", day if len(day) == 10 and day[4] == "-" and day[7] == "-" else at)


def _check_liability(rs: RuleSet, w: Any, index: int, k: int) -> None:
    """A liable seat is named with the hand it is liable for, one of the rule set's liability hands."""
    hand = w.liable_hand
    names = ", ".join(PAO_HANDS[h] for h in rs.scoring.pao_hands) or "none"
    if hand not in rs.scoring.pao_hands:
        what = PAO_HANDS.get(hand, repr(hand))
        raise LogError(
            index,
            f"winners.{k}.liable_hand",
            f"{what} is not a liability hand under {rs.name} ({names})",
            "not_liability_hand",
            {"hand": hand, "ruleset": rs.name},
        )
    if w.liable is None:
        raise LogError(
            index, f"winners.{k}.liable", f"name the seat liable for {PAO_HANDS[hand]}", "name_liable", {"hand": hand}
        )
    if hand in PAO_YAKUMAN and w.limit != "yakuman" and w.points is None and (w.han or 0) < 13:
        raise LogError(
            index,
            f"winners.{k}",
            f"{PAO_HANDS[hand]} is a yakuman: give limit = 'yakuman'",
            "liability_yakuman",
            {"hand": hand},
        )


class _Before(NamedTuple):
    """What an effect is measured against: the table before the event."""

    extra: list[dict[str, Fraction | int]]
    off_table: Fraction | int
    scores: list[int]
    overall: list[Fraction | int]
    sticks: int
    bets: list[int]
    counters: int
    dealer: int
    hand: tuple[int, int]
    played: int


def _snapshot(st: TableState) -> _Before:
    return _Before(
        [dict(s.extra) for s in st.seats],
        st.off_table,
        [s.score for s in st.seats],
        [s.overall for s in st.seats],
        st.riichi_sticks,
        list(st.riichi_bets),
        st.counters,
        st.dealer,
        (st.round_wind, st.hand),
        st.hands_played,
    )


def _effect(
    ev: Any,
    before: _Before,
    st: TableState,
    lines: list[tuple[str, dict[str, Any]]],
    returned: list[int],
    redeal: bool,
) -> Effect:
    extra, off_table, scores, overall, sticks, _bets, counters, dealer, hand, _played = before
    n = len(st.seats)
    if ev.type == "hanchan_start":  # a new table: nothing moved, compare with itself
        scores, overall = [s.score for s in st.seats], [s.overall for s in st.seats]
        sticks, counters, dealer, hand = st.riichi_sticks, st.counters, st.dealer, (st.round_wind, st.hand)
        extra, off_table = [dict(s.extra) for s in st.seats], st.off_table
    return Effect(
        event_id=ev.id,
        kind=ev.type,
        transfers=[st.seats[i].score - scores[i] for i in range(n)],
        overall=[st.seats[i].overall - overall[i] for i in range(n)],
        sticks_before=sticks,
        sticks_after=st.riichi_sticks,
        sticks_returned=list(returned),
        counters_before=counters,
        counters_after=st.counters,
        dealer_before=dealer,
        dealer_after=st.dealer,
        hand_before=hand,
        hand_after=(st.round_wind, st.hand),
        redeal=redeal,
        game_over=st.game_over,
        lines=list(lines),
        off_table=st.off_table - off_table,
        extra=[
            {k: v - extra[i].get(k, 0) for k, v in st.seats[i].extra.items() if v != extra[i].get(k, 0)}
            for i in range(n)
        ],
    )


def effect_to_json(eff: Effect) -> dict[str, Any]:
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
        if r.elsewhere_warnings or r.elsewhere_steps:  # only with an incident that recorded them (never before)
            away: dict[str, Any] = {"warnings": r.elsewhere_warnings}
            if r.elsewhere_steps:
                away |= {"ladder": r.ladder, "steps": r.elsewhere_steps, "step": r.ladder_step}
            out["ruling"]["elsewhere"] = away
    return out


def resolve_voids(events: list[Any]) -> list[tuple[int, Any]]:
    """Check ids and voids; return (index, event) for the events that stand (not voids, not voided)."""
    if len({ev.id for ev in events}) == len(events) and not any([ev.type == "void" for ev in events]):
        return list(enumerate(events))  # the common case, checked in two quick passes
    seen: dict[str, int] = {}
    voided: dict[str, int] = {}
    for i, ev in enumerate(events):
        eid = ev.id
        if eid in seen:
            raise LogError(i, "id", f"duplicate id {eid!r} (also event {seen[eid]})", "duplicate_id")
        seen[eid] = i
        if ev.type == "void":
            target = seen.get(ev.target)
            if target is None or target == i:
                raise LogError(i, "target", f"no earlier event has id {ev.target!r}", "void_no_target")
            if events[target].type == "void":
                raise LogError(
                    i, "target", f"event {target} is itself a void; enter the event again instead", "void_of_void"
                )
            if ev.target in voided:
                raise LogError(
                    i, "target", f"event {target} was already voided by event {voided[ev.target]}", "voided_twice"
                )
            voided[ev.target] = i
    if not voided:
        return list(enumerate(events))
    return [(i, ev) for i, ev in enumerate(events) if ev.type != "void" and ev.id not in voided]


def replay(events: Iterable[Any], rulesets: Mapping[str, RuleSet]) -> TableState:
    """Fold a whole log (voids resolved) into the table state."""
    ledger = Ledger(rulesets)
    with gc_paused():
        for index, ev in resolve_voids(list(events)):
            ledger.apply(ev, index)
    return ledger.state


def seat_to_json(st: TableState, i: int, overall_unit: int = 1) -> dict[str, Any]:
    """One seat as plain data: the one serialisation of a seat, for the command line (:func:`state_to_json`) and
    the board (``refapp.domain.board``). ``overall_unit``: the overall score in the rule set's unit (WRC: 1,000)."""
    s = st.seats[i]
    overall = s.overall if overall_unit == 1 else Fraction(s.overall) / overall_unit
    return {
        "player": s.player,
        "wind": st.wind_of(i),
        "score": s.score,
        "overall": printed(overall),
        "riichi": s.riichi,
        "dead_hand": s.dead_hand,
        "warnings": s.warnings + s.elsewhere_warnings,
        "chombos": s.chombos,
        "disqualified": s.disqualified,
        "extra": {k: printed(v) for k, v in s.extra.items()},
    }


def state_to_json(st: TableState) -> dict[str, Any]:
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
