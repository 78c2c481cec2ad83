"""What each ruling does to the table: a chombo's payments, a penalty, a dead hand, a warning and its ladder, a
redeal, a substitute, a disqualification (docs/rulings.md), with the primitives the fold shares (pay, say a line of
the explanation, end the hanchan).

:class:`RulingEffects` is the base of the fold (:class:`refapp.domain.ledger.Ledger`): the fold decides which event
applies and checks it against the state, this module says what a ruling changes. Its own module so that each ruling
kind is read in one place, apart from the hands (wins, draws) the fold plays.
"""

from __future__ import annotations

from .events import Incident, LogError
from .results import STICK, compute_results, exact
from .rulings import Ruling, RulingError, decide
from .table import LineValue, TableState


class RulingEffects:
    """The table's state and the changes a ruling makes to it. The fold (:class:`~refapp.domain.ledger.Ledger`)
    sets these attributes and adds the handlers of the other events."""

    state: TableState
    count: int
    last_ruling: Ruling | None
    _lines: list[tuple[str, dict[str, LineValue]]]
    _returned: list[int]
    _redealt: bool
    _explain: bool

    def _say(self, key: str, **kw: LineValue) -> None:
        """One line of the explanation of a preview. (The per-hand calls of a replay test ``self._explain`` first:
        even an ignored call builds its arguments, and a replay makes ~200,000 of them.)"""
        if self._explain:
            self._lines.append((key, kw))

    def _pay(self, payer: int, payee: int, amount: int) -> None:
        if amount:
            self.state.seats[payer].score -= amount
            self.state.seats[payee].score += amount

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

    def _incident(self, ev: Incident, index: int) -> None:
        st = self.state
        if not st.started:
            raise LogError(index, "type", key="not_started")
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
                raise LogError(index, "substitute", key="substitute_not_seated")
            if name in [s.player for s in st.seats]:
                raise LogError(index, "substitute", key="already_plays", params={"player": name})
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
            raise LogError(index, "offence", key="needs_hand_in_play", params={"hanchan": st.hanchan, "ruling": r.kind})
        if r.requires_riichi and not seat.riichi:
            raise LogError(index, "seat", key="not_in_riichi", params={"player": seat.player})
        if r.kind in ("substitute", "disqualification") and seat.substitute:
            raise LogError(index, "seat", key="already_substituted", params={"player": seat.player})

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
            else:
                self._say_dead_hand(r.seat)
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

    def _say_dead_hand(self, seat_no: int) -> None:
        """What a dead hand means for the rest of the hand, as the ledger applies it: no call, riichi or win (nor a
        nagashi mangan where the rule set has it); noten at an exhaustive draw (paying the noten payments where the
        rule set has them), and a dealer's deal then passes."""
        st = self.state
        rs = st.ruleset
        assert rs is not None
        self._say(
            "dead_hand_rest",
            seat=seat_no,
            nagashi=rs.scoring.nagashi_mangan,
            noten_payment=rs.scoring.noten_payment > 0,
            dealer=seat_no == st.dealer,
        )

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
            self._say("chombo_after_uma", seat=r.seat, amount=r.amount, unit=st.ruleset.results.overall_unit)
        if r.league_points:
            offender.extra["league"] = offender.extra.get("league", 0) - r.league_points
            self._say("league_points", seat=r.seat, points=r.league_points)
        self._redeal()

    def _penalty(self, seat_no: int, amount: int, scope: str) -> None:
        st = self.state
        seat = st.seats[seat_no]
        seat.penalties += 1
        if scope == "table" and not st.game_over:
            seat.score -= amount
            seat.penalty_table += amount
            st.off_table += amount
            self._say("penalty_table", seat=seat_no, amount=amount)
        else:
            seat.penalty_overall += amount
            seat.overall = exact(seat.overall - amount)
            st.overall_by_player[seat.player] = seat.overall
            assert st.ruleset is not None
            self._say("penalty_overall", seat=seat_no, amount=amount, unit=st.ruleset.results.overall_unit)
