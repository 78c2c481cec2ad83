"""The rules matrix: every offence under the eight shipped rule sets, each cell checked against an independent oracle.

Rows are offence situations, numbered in this file (1 to 37; "G" for the generic rulings). WRC 2025 and EMA 2025
are the newer editions: WRC 2025 from the summary of its §12 penalties, EMA 2025 carrying the EMA 2016 rulings (its
penalty chapter was not read; docs/rulings.md, "The newer editions").

Every cell starts from the same table, whatever the rule set: East 2, seat 1 deals, 1 counter, one
riichi stick carried over from an earlier hand, then seat 2 declares riichi in this hand::

    scores [31000, 30000, 26000, 31000], 2 sticks on the table (seat 2's bet of this hand + the carried one)

The referee then records one incident. What the table must look like afterwards is computed here by a small oracle
written from the rule books (the sections docs/rulings.md names: what a chombo costs under each, where a point
penalty goes, what a dead hand leaves on the table), *not* from the rule-set files under ``resources/rulesets``:
this test is an independent check of those files.

A cell's expectation is one of:

* a profile: a tuple of effect atoms (below), e.g. ``CH`` (the rule set's chombo), ``DH``, ``PP(7000)``;
* ``NS()``: the rule book is silent. The product lets the referee decide, so only "referee's choice or not
  penalized" is asserted, and one choice is played through;
* ``Choice(...)``: the rule book leaves it to the referee's discretion and names the options that must be offered.

A cell marked ``X(expectation, reason)`` is a disagreement between the code and the rule book (strict xfail).

Not rows of their own: row 5 is a rule (tested through the ``simultaneous_win`` answer), row 26 is the treatment of
exposed tiles (no ledger effect), row 28 (furiten ron) is rows 1/2, row 29 (pao) is entered with a win.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pytest

from refapp.domain.events import LogError
from refapp.domain.ledger_json import state_to_json
from refapp.domain.offences import OFFENCES
from refapp.domain.rulings import RulingError, decide, questions_for
from tests.logs import draw, end, ev, fold, riichi, rulesets, start

E16, W15, E12, JM, SG, MT = "ema-2016", "wrc-2015", "ema-2012", "japanese-modern", "sg-league", "ema-2008-mt"
W25, E25 = "wrc-2025", "ema-2025"
ALL = (E16, W15, E12, JM, SG, MT, W25, E25)

# -- the standard table --------------------------------------------------------------------------------------------

PLAYERS = ("Ann", "Bob", "Cyd", "Dan")
RESUME = {"scores": [31000, 30000, 27000, 31000], "round_wind": "E", "hand": 2, "counters": 1, "riichi_sticks": 1}
DEALER = 1  # hand 2 of the East round: seat 1 deals
TABLE_TOTAL = 31000 + 30000 + 27000 + 31000 + 1000

# -- what the rule books say about the rule sets as a whole ---------------------------------------------------------

# What a chombo costs (docs/rulings.md, "The chombo"): a mangan payment at the table (EMA 2008/2012 §3.4.6, MT,
# JM), 4,000 to each and league points (SG), -20 overall points and no table payment (WRC 2015 §7.1), -20,000 after
# uma (EMA 2016); WRC 2025 §12.2 -30 overall points (no reverse mangan), EMA 2025 -20,000 after uma.
CHOMBO = {
    E16: ("after_uma", 20000),
    W15: ("overall", 20000),
    E12: ("mangan", 0),
    JM: ("mangan", 0),
    SG: ("each_4000", 0),
    MT: ("mangan", 0),
    W25: ("overall", 30000),
    E25: ("after_uma", 20000),
}
SG_LEAGUE_POINTS = 2  # the SG league: "announced 2 or 3 LP"; 2 unless the league announces 3
# Where other point penalties go (docs/rulings.md, "Point penalties"): WRC 2015 §7.1 the overall score, EMA 2012 §5.5
# the table score; EMA 2016 follows EMA 2012. JM, SG and MT say nothing: either scope is accepted for the generic
# point penalty.
PENALTY_SCOPE = {W15: "overall", E12: "table", E16: "table", W25: "overall", E25: "table"}
# The SG league's "Calls Penalty" (rows 2/12/17): "warning, warning, dead hand (3rd+)"; only the call offences climb
# it, and the dead hand of the 3rd and later step is not counted as a warning (docs/rulings.md, "Warnings and the SG
# calls ladder").
SG_LADDER = 3
# A player disqualified during a hanchan (docs/rulings.md, "Disqualified players"): EMA 2012 §5.7 counts "in case a
# player is disqualified" among the substitutions "after the playing has begun", and "A player who was substituted
# will receive 0 points and an uma of -30,000 points for each session missed": -30,000 off his overall score at
# once (EMA 2016 and 2025 carry it: -15,000 and -15,000 uma). WRC 2015 §7.1: "He will not be listed in the ranking":
# nothing more. JM, SG and MT have no substitutes' results: nothing.
DQ_RESULT = {E12: 30000, E16: 30000, E25: 30000, W15: 0, W25: 0, JM: 0, SG: 0, MT: 0}
# EMA 2016: 30,000 start/return, uma +15/+5/-5/-15 (thousands), ties split, leftover sticks to the winner.
E16_RETURN, E16_UMA = 30000, (15000, 5000, -5000, -15000)

# -- effect atoms: what an incident can do to the table -----------------------------------------------------------

L0: tuple = ()  # L0: not penalized, nothing moves
WARN = ("WARN",)  # a recorded warning
LADDER = ("LADDER",)  # SG calls ladder: the 1st and 2nd call offence a warning, the 3rd and later a dead hand
DH = ("DH",)  # dead hand, nothing else moves (a riichi stick stays on the table)
CH = ("CH",)  # the rule set's chombo: a mangan payment, 4,000 to each, overall points or after uma (CHOMBO)
VOIDED = ("VOIDED",)  # row 5: a chombo voided by a simultaneous win: nothing changes
VOID_RIICHI = ("VOID_RIICHI",)  # the riichi is void: the offender's bet of this hand goes back
REDEAL = ("REDEAL",)  # the hand is dealt again, nothing else moves
DQ = ("DQ",)  # disqualification


def PP(amount: int, scope: str | None = None) -> tuple:  # noqa: N802 - effect names in capitals, as the atoms
    """A point penalty off the table or the overall score; ``scope`` None: the rule set's (PENALTY_SCOPE), "any": the
    rule book does not say."""
    return (("PP", amount, scope),)


def SUB(penalty: int) -> tuple:  # noqa: N802
    """A substitute plays the seat; the absent player's overall score loses ``penalty``."""
    return (("SUB", penalty),)


def RATING(points: int) -> tuple:  # noqa: N802
    """SG: an offline rating-point penalty (not table, not league points)."""
    return (("RATING", points),)


@dataclass(frozen=True)
class NS:
    """The rule book is silent: the referee decides. ``then``: what the product adds to any choice (e.g. a void riichi)."""

    then: tuple = ()


@dataclass(frozen=True)
class Choice:
    """At the referee's discretion (the rule book says so), offering at least ``must`` (never ``never``); ``pick`` is played."""

    must: frozenset[str]
    pick: str
    then: tuple
    amount: int | None = None
    never: frozenset[str] = frozenset()


@dataclass(frozen=True)
class X:
    """A disagreement with the rule book: the expectation stays what it says; the cell is a strict xfail."""

    expect: Any
    reason: str


# For n/s cells: the choice played through, the mildest the rule set offers, and what it does.
NS_PREFERENCE = ("not_penalized", "warning", "dead_hand", "disqualification")
NS_EFFECT = {"not_penalized": L0, "warning": WARN, "dead_hand": DH, "disqualification": DQ}


# -- the oracle ------------------------------------------------------------------------------------------------------


class Oracle:
    """The table as the rule books say it must be, for the standard starting table."""

    def __init__(self, ruleset: str):
        self.rs = ruleset
        self.score = list(RESUME["scores"])
        self.overall = [0] * 4
        self.riichi = [False] * 4
        self.dead = [False] * 4
        self.warnings = [0] * 4
        self.ladder = [0] * 4  # SG: call offences on the ladder
        self.chombos = [0] * 4
        self.disqualified = [False] * 4
        self.extra: list[dict[str, int]] = [{} for _ in range(4)]
        self.after_uma = [0] * 4
        self.substitute = [False] * 4
        self.sticks = RESUME["riichi_sticks"]
        self.bets: list[int] = []  # seats whose riichi bet of THIS hand is on the table
        self.off_table = 0

    def declare_riichi(self, seat: int) -> None:
        self.score[seat] -= 1000
        self.sticks += 1
        self.riichi[seat] = True
        self.bets.append(seat)

    def _return_bet(self, seat: int) -> None:
        if seat in self.bets:
            self.bets.remove(seat)
            self.score[seat] += 1000
            self.sticks -= 1
        self.riichi[seat] = False

    def _redeal(self) -> None:
        """The same hand is dealt again: this hand's bets go back (the carried stick stays), no counter, same dealer;
        riichi and dead hands belong to the old deal."""
        for seat in list(self.bets):
            self._return_bet(seat)
        self.riichi = [False] * 4
        self.dead = [False] * 4

    def _pay(self, payer: int, payee: int, amount: int) -> None:
        self.score[payer] -= amount
        self.score[payee] += amount

    def _chombo(self, seat: int) -> None:
        self.chombos[seat] += 1
        self._redeal()
        mode, amount = CHOMBO[self.rs]
        if mode == "mangan":  # a mangan payment at the table
            for other in range(4):
                if other != seat:
                    self._pay(seat, other, 4000 if DEALER in (seat, other) else 2000)
        elif mode == "each_4000":  # 4,000 to each (the SG league)
            for other in range(4):
                if other != seat:
                    self._pay(seat, other, 4000)
            self.extra[seat]["league"] = self.extra[seat].get("league", 0) - SG_LEAGUE_POINTS
        elif mode == "overall":  # WRC 2015: 20 overall points; WRC 2025: 30 points
            self.overall[seat] -= amount
        elif mode == "after_uma":  # EMA 2016 and 2025: 20,000 after uma
            self.after_uma[seat] += amount

    def apply(self, profile: tuple, seat: int, given_scope: str = "") -> str:
        """Apply ``profile`` to ``seat``; return the ruling kind it amounts to."""
        kind = "not_penalized"
        for atom in profile:
            name, *args = atom if isinstance(atom, tuple) else (atom,)
            if name == "VOID_RIICHI":
                self._return_bet(seat)
            elif name == "VOIDED":
                pass
            elif name == "DH":
                self.dead[seat] = True
                kind = "dead_hand"
            elif name == "WARN":
                self.warnings[seat] += 1
                kind = "warning"
            elif name == "LADDER":
                assert self.rs == SG, "only sg-league has a warning ladder"
                self.ladder[seat] += 1
                if self.ladder[seat] >= SG_LADDER:
                    self.dead[seat] = True
                    kind = "dead_hand"
                else:
                    self.warnings[seat] += 1
                    kind = "warning"
            elif name == "CH":
                self._chombo(seat)
                kind = "chombo"
            elif name == "PP":
                amount, scope = args
                scope = scope or PENALTY_SCOPE[self.rs]
                if scope == "any":  # the rule book is silent: check the effect matches the scope the product chose
                    assert given_scope in ("table", "overall"), given_scope
                    scope = given_scope
                if scope == "table":
                    self.score[seat] -= amount
                    self.off_table += amount
                else:
                    self.overall[seat] -= amount
                kind = "point_penalty"
            elif name == "SUB":
                self.overall[seat] -= args[0]
                self.substitute[seat] = True
                kind = "substitute"
            elif name == "RATING":
                self.extra[seat]["rating"] = self.extra[seat].get("rating", 0) - args[0]
                kind = "rating_penalty"
            elif name == "DQ":
                # disqualified: the player is out; during a hanchan a substitute plays the seat (EMA 2012 §5.7) and
                # the player gets the result of a missed session where the rule book gives one (DQ_RESULT)
                self.disqualified[seat] = True
                self.substitute[seat] = True
                self.overall[seat] -= DQ_RESULT[self.rs]
                kind = "disqualification"
            elif name == "REDEAL":
                self._redeal()
                kind = "redeal"
            else:  # pragma: no cover
                raise AssertionError(f"unknown atom {name}")
        return kind

    def view(self) -> dict[str, Any]:
        return {
            "json": {
                "ruleset": self.rs,
                "hanchan": 1,
                "round_wind": "E",
                "hand": 2,
                "dealer": DEALER,
                "counters": 1,
                "riichi_sticks": self.sticks,
                "game_over": False,
                "seats": [
                    {
                        "player": PLAYERS[i],
                        "wind": "ESWN"[(i - DEALER) % 4],
                        "score": self.score[i],
                        "overall": self.overall[i],
                        "riichi": self.riichi[i],
                        "dead_hand": self.dead[i],
                        "warnings": self.warnings[i],
                        "chombos": self.chombos[i],
                        "disqualified": self.disqualified[i],
                        "extra": self.extra[i],
                    }
                    for i in range(4)
                ],
            },
            "off_table": self.off_table,
            "after_uma": self.after_uma,
            "substitute": self.substitute,
        }

    def ema16_results(self) -> list[tuple[int, Fraction]]:
        """(penalty, final) per seat after a hanchan_end now: (table - 30,000) + uma + leftover - after uma.
        EMA 2025: tied winners split the leftover sticks rounded down (to 100)."""
        groups: list[list[int]] = []
        for i in sorted(range(4), key=lambda i: -self.score[i]):
            if groups and self.score[groups[-1][0]] == self.score[i]:
                groups[-1].append(i)
            else:
                groups.append([i])
        final: dict[int, Fraction] = {}
        place = 0
        for g in groups:
            uma = Fraction(sum(E16_UMA[place : place + len(g)]), len(g))
            left = Fraction(1000 * self.sticks, len(g)) if place == 0 else Fraction(0)
            if self.rs == E25 and len(g) > 1:
                left = Fraction(int(left) // 100 * 100)
            for i in g:
                final[i] = self.score[i] - E16_RETURN + uma + left - self.after_uma[i]
            place += len(g)
        return [(self.after_uma[i], final[i]) for i in range(4)]


def actual_view(state) -> dict[str, Any]:
    return {
        "json": state_to_json(state),
        "off_table": state.off_table,
        "after_uma": [s.after_uma for s in state.seats],
        "substitute": [s.substitute for s in state.seats],
    }


# -- the cells -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    row: int | str
    rs: str
    offence: str
    seat: int
    answers: dict[str, Any]
    expect: Any
    riichi: bool = False  # the offender declares riichi first (seat 2 already has)
    dead: bool = False  # the offender's dead hand is recorded first (formally declared)
    first_timer: str | None = None
    pre: tuple = ()  # earlier incidents: (seat, offence, answers, profile)
    xfail: str = ""
    extra_id: str = field(default="", compare=False)


def exposed(source: str, count: int, phase: str = "play", no_fault: bool = False, cannot_continue: bool = False):
    return {"phase": phase, "source": source, "count": count, "no_fault": no_fault, "cannot_continue": cannot_continue}


def row(n, offence: str, answers: dict[str, Any], seat: int, by_ruleset: dict[str, Any], **kw) -> list[Cell]:
    """Cells of one matrix row; a chombo is checked for a non-dealer (``seat``) and for the dealer.
    EMA 2025 carries the EMA 2016 ruling unless the row says otherwise."""
    assert seat != DEALER
    if E16 in by_ruleset and E25 not in by_ruleset:
        by_ruleset = {**by_ruleset, E25: by_ruleset[E16]}
    cells = []
    for rs, expect in by_ruleset.items():
        reason = ""
        if isinstance(expect, X):
            expect, reason = expect.expect, expect.reason
        seats = [seat, DEALER] if isinstance(expect, tuple) and "CH" in expect else [seat]
        cells += [Cell(n, rs, offence, s, answers, expect, xfail=reason, **kw) for s in seats]
    return cells


def everywhere(expect) -> dict[str, Any]:
    return dict.fromkeys(ALL, expect)


def inc(seat: int, offence: str, profile: tuple, answers: dict[str, Any] | None = None) -> tuple:
    return (seat, offence, answers or {}, profile)


TENPAI_BEFORE = {"tenpai_before_dead_hand": True}
CELLS: list[Cell] = [
    # ---- 4A winning declarations ----
    *row(1, "invalid_win_revealed", {}, 0, everywhere(CH)),
    Cell(1, SG, "invalid_win_revealed", 2, {}, DH, first_timer="Cyd"),  # first timer: dead hand only, stick stays
    Cell(1, SG, "invalid_win_revealed", 0, {}, CH, first_timer="Cyd"),  # the others at the table still pay
    *row(2, "empty_win_call", {}, 3, {E16: DH, W15: DH, E12: DH, JM: CH, SG: LADDER, MT: CH, W25: CH}),
    Cell(2, SG, "empty_win_call", 2, {}, LADDER, first_timer="Cyd"),
    *row(
        3,
        "wrong_win_word",
        {"revealed": True},
        0,
        {E16: CH, W15: L0, E12: CH, JM: NS(), SG: LADDER, MT: NS(), W25: WARN},
    ),
    *row(3, "wrong_win_word", {"revealed": True, "corrected_at_once": True}, 0, {E16: L0, E12: L0}),
    *row(3, "wrong_win_word", {}, 0, {E16: L0, W15: L0, E12: L0}),  # ron/tsumo confused: valid hand, a reminder
    *row(
        4,
        "changed_call",
        {"first_call_win": False, "tiles_shown": "two"},
        3,
        {E16: L0, W15: L0, E12: L0, JM: NS(), SG: LADDER, MT: NS(), W25: WARN},
    ),
    *row(4, "changed_call", {"corrected_at_once": True}, 3, {W15: L0}),  # "chii, no! pon"
    *row(4, "changed_call", {"first_call_win": True, "tiles_shown": "none"}, 3, {E16: DH, W15: DH, E12: DH}),
    *row(4, "changed_call", {"first_call_win": True, "tiles_shown": "two"}, 3, {E16: DH, E12: DH}),
    *row(
        4,
        "changed_call",
        {"first_call_win": True, "tiles_shown": "all", "revealed": True},
        0,
        {E16: CH, W15: CH, E12: CH},
    ),
    # row 5: a chombo at the same moment as another player's win is voided (EMA, MT, WRC15); JM and SG are n/s
    *row(
        5,
        "invalid_win_revealed",
        {"simultaneous_win": True},
        0,
        {E16: VOIDED, W15: VOIDED, E12: VOIDED, MT: VOIDED, JM: NS(), SG: NS(), W25: VOIDED},
    ),
    *row(
        5,
        "invalid_win_revealed",
        {"simultaneous_win": True},
        2,
        {E16: VOIDED, W15: VOIDED, E12: VOIDED, MT: VOIDED, W25: VOIDED},
    ),
    # ---- 4B riichi ----
    *row(6, "noten_riichi", {}, 2, everywhere(CH), riichi=True),
    # WRC15 ※: noten only because of a dead hand recorded after the riichi, tenpai before it shown: no chonbo
    Cell(6, W15, "noten_riichi", 2, TENPAI_BEFORE, L0, dead=True),
    Cell(6, W15, "noten_riichi", DEALER, TENPAI_BEFORE, L0, riichi=True, dead=True),
    Cell(6, W15, "noten_riichi", 2, {}, CH, dead=True),  # not shown: chonbo
    Cell(6, W15, "noten_riichi", 2, TENPAI_BEFORE, CH),  # no recorded dead hand: chonbo
    Cell(6, E12, "noten_riichi", 2, TENPAI_BEFORE, CH, dead=True),  # the exception is WRC's only
    Cell(
        6, SG, "noten_riichi", 2, {}, CH, first_timer="Cyd"
    ),  # the SG league's first-timer exemption is for an invalid win only (row 1)
    *row(7, "invalid_kan_after_riichi", {}, 2, everywhere(CH), riichi=True),
    *row(8, "riichi_bet_missing", {}, 2, {E16: L0, W15: L0, E12: L0, JM: NS(), SG: NS(), MT: NS(), W25: WARN}),
    *row(
        9,
        "riichi_not_announced",
        {},
        2,
        {E16: VOID_RIICHI + DH, W15: L0, E12: VOID_RIICHI + DH, JM: NS(), SG: LADDER, MT: NS(), W25: WARN},
    ),
    *row(
        10,
        "riichi_open_hand",
        {},
        2,
        {
            # EMA 2012 §5.3 says only "results in a dead hand"; the bet of an invalid riichi goes back there (a riichi
            # not said or not rotated): the product reads an open-hand riichi so, marked as a reading (EMA 2016 and
            # 2025 carry the 2012 ruling)
            E16: VOID_RIICHI + DH,
            W15: VOID_RIICHI,
            E12: VOID_RIICHI + DH,
            # n/s: the product voids a riichi on an open hand (as WRC15 does) whatever the referee decides
            JM: NS(VOID_RIICHI),
            SG: NS(VOID_RIICHI),
            MT: NS(VOID_RIICHI),
            W25: VOID_RIICHI + DH,  # §12.3: riichi on an open hand is a dead hand, no deposit paid
        },
    ),
    *row(11, "empty_riichi", {}, 0, {E16: NS(), W15: L0, E12: NS(), JM: NS(), SG: LADDER, MT: NS(), W25: DH}),
    # ---- 4C calls and melds ----
    *row(12, "empty_meld_call", {}, 0, {E16: L0, W15: L0, E12: L0, JM: DH, SG: LADDER, MT: NS(), W25: DH}),
    *row(12, "empty_meld_call", {"corrected_at_once": True}, 0, {JM: L0}),
    *row(13, "invalid_group", {"before_discard": True}, 3, {E16: L0, W15: L0, E12: L0, JM: L0, SG: L0, W25: L0}),
    *row(13, "invalid_group", {}, 3, everywhere(DH)),
    *row(13, "invalid_group", {"is_kan": True}, 3, {W25: CH}),  # §12.3: an invalid quad found after discarding
    *row(14, "swap_calling", {}, 0, {E16: DH, W15: DH, E12: L0, JM: NS(), SG: NS(), MT: L0, W25: DH}),
    *row(15, "claimed_tile_not_taken", {}, 3, everywhere(DH) | {W25: CH}),
    *row(
        16,
        "call_with_dead_hand",
        {},
        0,
        {E16: CH, W15: PP(20000), E12: CH, JM: CH, SG: DH, MT: CH, W25: WARN},  # W25: unknowingly, a warning
        dead=True,
    ),
    # the dead hand was not declared: EMA 2012 and MT void the call (docs/rulings.md, "Dead hands and calls");
    # WRC 2015 "not formally declared"
    *row(16, "call_with_dead_hand", {}, 0, {E16: L0, W15: L0, E12: L0, MT: L0}),
    *row(16, "call_with_dead_hand", {"knowingly": True}, 0, {W25: PP(30000)}, dead=True),
    *row(16, "call_with_dead_hand", {"win_call": True}, 0, {W25: CH}, dead=True),
    *row(17, "silent_call", {}, 3, {E16: L0, W15: NS(), E12: L0, JM: NS(), SG: LADDER, MT: NS(), W25: NS()}),
    *row(18, "chi_overridden_by_pon", {}, 0, {E16: L0, W15: L0, E12: L0, JM: NS(), SG: L0, MT: NS(), W25: L0}),
    # ---- 4D tile count, exposed and wrongly picked tiles ----
    *row(19, "wrong_tile_count", {}, 2, everywhere(DH) | {W25: CH}),
    *row(
        20, "tiles_exposed", exposed("wall", 2), 0, {E16: L0, W15: L0, E12: L0, JM: NS(), SG: NS(), MT: L0, W25: WARN}
    ),
    # row 21: thresholds. EMA12 (and EMA16 by fallback) >= 6 incl. the dead wall; MT >= 6, dead wall not counted;
    # JM >= 5, dead wall not counted; WRC15: the referee judges whether the game can fairly continue; SG: -20 rating
    *row(21, "tiles_exposed", exposed("wall", 6), 0, {E16: CH, E12: CH, JM: CH, MT: CH, W25: DH}),
    *row(21, "tiles_exposed", exposed("wall", 5), 0, {E16: L0, E12: L0, JM: CH, MT: L0}),
    # WRC 2025 §12.3: knocking over 7+ tiles chonbo, 3-6 dead hand, 1-2 a warning (5 points if repeated)
    *row(21, "tiles_exposed", exposed("wall", 7), 0, {W25: CH}),
    *row(21, "tiles_exposed", exposed("own_hand", 3), 0, {W25: DH}),
    *row(21, "tiles_exposed", {**exposed("wall", 1), "serious": True}, 0, {W25: PP(5000)}),
    *row(21, "tiles_exposed", exposed("wall", 4), 0, {JM: NS()}),
    *row(21, "tiles_exposed", exposed("dead_wall", 6), 0, {E16: CH, E12: CH, JM: DH, MT: DH}),
    *row(21, "tiles_exposed", exposed("own_hand", 6), 0, {E16: CH, E12: CH, JM: CH, MT: CH}),
    *row(21, "tiles_exposed", exposed("opponent_hand", 6), 0, {E16: CH, E12: CH, JM: CH, MT: CH}),
    *row(21, "tiles_exposed", exposed("opponent_hand", 5), 0, {JM: CH}),
    *row(21, "tiles_exposed", exposed("wall", 6, no_fault=True), 0, {E16: REDEAL, E12: REDEAL, JM: REDEAL, MT: REDEAL}),
    *row(21, "tiles_exposed", exposed("wall", 10, cannot_continue=True), 0, {W15: CH, SG: RATING(20), W25: CH}),
    *row(21, "tiles_exposed", exposed("wall", 10), 0, {W15: L0, SG: NS()}),
    *row(21, "tiles_exposed", exposed("wall", 10, cannot_continue=True, no_fault=True), 0, {W15: REDEAL}),
    *row(21, "tiles_exposed", exposed("wall", 10, phase="dealing", cannot_continue=True), 0, {W15: REDEAL}),
    *row(21, "tiles_exposed", exposed("wall", 10, phase="wall_building", cannot_continue=True), 0, {W15: L0}),
    *row(
        22,
        "tiles_exposed",
        exposed("opponent_hand", 2),
        0,
        {E16: DH, W15: L0, E12: DH, JM: DH, SG: NS(), MT: DH, W25: WARN},
    ),
    # SG: "Knocked and revealed the 1st replacement tile from the dead wall" is a dead hand; other dead-wall tiles: n/s
    *row(23, "tiles_exposed", exposed("dead_wall", 1), 0, everywhere(DH) | {W15: L0, SG: NS(), W25: WARN}),
    *row(23, "tiles_exposed", {**exposed("dead_wall", 1), "first_replacement_tile": True}, 0, {SG: DH}),
    *row(
        23,
        "wrong_wall_draw",
        {"dead_wall_tile": True},
        0,
        {
            E16: DH,
            W15: L0,
            E12: DH,
            JM: DH,
            SG: DH,
            MT: DH,
            W25: L0,
        },
    ),
    *row(23, "wrong_wall_draw", {"dead_wall_tile": True, "tile_revealed": True}, 0, {JM: DH}),
    *row(
        24,
        "tiles_exposed",
        exposed("own_hand", 2),
        0,
        {E16: L0, W15: L0, E12: L0, JM: NS(), SG: NS(), MT: NS(), W25: WARN},
    ),
    *row(25, "wrong_wall_draw", {}, 3, {E16: L0, W15: L0, E12: L0, JM: L0, SG: DH, MT: NS(), W25: L0}),
    *row(25, "wrong_wall_draw", {"tile_revealed": True}, 3, {JM: DH}),
    # WRC 2015 §7.2 "Wrongly revealing or picking tiles ... If the game cannot fairly continue: Chonbo"
    *row(25, "wrong_wall_draw", {"cannot_continue": True}, 3, {W15: CH}),
    # WRC 2025 §12.3: a wrongly drawn tile mixed into the hand chonbo; a tile drawn after the wall ran out dead hand
    *row(25, "wrong_wall_draw", {"tile_mixed_in": True}, 3, {W25: CH}),
    *row(25, "wrong_wall_draw", {"tile_mixed_in": True, "after_wall_end": True}, 3, {W25: DH}),
    # ---- 4E exhaustive draw ----
    *row(27, "false_tenpai_declaration", {}, 3, {E16: L0, W15: L0, E12: L0, JM: NS(), SG: NS(), MT: NS(), W25: WARN}),
    *row(27, "false_tenpai_declaration", {"serious": True}, 3, {W25: PP(5000)}),  # 5 points if repeated
    # ---- 4F conduct ----
    *row(
        30,
        "passing_information",
        {},
        0,
        {
            W15: Choice(frozenset({"not_penalized"}), "point_penalty", PP(2000), amount=2000),
            E12: Choice(frozenset({"warning", "dead_hand", "point_penalty"}), "dead_hand", DH),
            E16: Choice(frozenset({"warning", "dead_hand", "point_penalty"}), "point_penalty", PP(3000), amount=3000),
            JM: NS(),
            SG: NS(),
            MT: NS(),
            W25: NS(),
        },
    ),
    *row(31, "cheating", {}, 3, {E16: DQ, W15: DQ, E12: DQ, JM: NS(), SG: NS(), MT: NS(), W25: DQ}),
    # SG: no cheating or obstruction rule; "Did whatever that made the game impossible to continue": -20 rating points
    *row(31, "cheating", {"cannot_continue": True}, 3, {SG: RATING(20)}),
    *row(
        32,
        "obstruction",
        {},
        0,
        {
            W15: Choice(frozenset({"disqualification"}), "point_penalty", PP(5000), amount=5000),
            # "8,000 or 12,000 (chombo level)" off the table score, to nobody; never a chombo payment (EMA 2012 §5.5)
            E12: Choice(
                frozenset({"point_penalty", "disqualification"}), "point_penalty", PP(8000), 8000, frozenset({"chombo"})
            ),
            E16: Choice(
                frozenset({"point_penalty", "disqualification"}),
                "point_penalty",
                PP(12000),
                12000,
                frozenset({"chombo"}),
            ),
            JM: NS(),
            SG: NS(),
            MT: NS(),
            W25: Choice(frozenset({"point_penalty"}), "point_penalty", PP(5000), amount=5000),
        },
    ),
    # EMA 2012 §5.5: "in serious or repeated cases with point penalties between 12,000 and 48,000"
    *row(
        32,
        "obstruction",
        {"serious": True},
        2,
        {
            E12: Choice(frozenset({"point_penalty"}), "point_penalty", PP(48000), 48000),
            E16: Choice(frozenset({"point_penalty"}), "point_penalty", PP(30000), 30000),
            W25: DQ,  # §12.3: repeated or serious obstruction, disqualification
        },
    ),
    *row(
        32,
        "obstruction",
        {},
        2,
        {
            E12: Choice(frozenset({"point_penalty"}), "disqualification", DQ),
            W15: Choice(frozenset({"disqualification"}), "disqualification", DQ),
        },
    ),
    *row(32, "obstruction", {"cannot_continue": True}, 0, {SG: RATING(20)}),
    Cell(32, E12, "obstruction", DEALER, {}, Choice(frozenset({"point_penalty"}), "point_penalty", PP(12000), 12000)),
    *row(
        33,
        "phone_or_device",
        {},
        0,
        {
            W15: Choice(frozenset({"point_penalty"}), "point_penalty", PP(1000), amount=1000),
            E16: NS(),
            E12: NS(),
            JM: NS(),
            SG: NS(),
            MT: NS(),
            W25: NS(),
        },
    ),
    *row(
        34,
        "fault_caused_by_other",
        {},
        3,
        {W15: Choice(frozenset(), "dead_hand", DH)} | dict.fromkeys((E16, E12, JM, SG, MT, W25), NS()),
    ),
    # ---- 4G attendance ("–" for JM, SG, MT: no attendance rules) ----
    *row(
        35,
        "late_arrival",
        {"minutes": 7},
        0,
        {W15: PP(7000), E12: PP(7000), E16: PP(7000), JM: NS(), SG: NS(), MT: NS(), W25: PP(7000)},
    ),
    *row(35, "late_arrival", {"minutes": 10}, 0, {W15: PP(10000), E12: PP(10000), W25: PP(10000)}),
    *row(
        36,
        "late_arrival",
        {"minutes": 11},
        0,
        {W15: SUB(30000), E12: SUB(30000), E16: SUB(30000), JM: NS(), SG: NS(), MT: NS(), W25: SUB(30000)},
    ),
    # no attendance rules: a substitute plays the seat and the absent player gets no penalty
    *row(
        37,
        "missed_hanchan",
        {},
        0,
        {W15: SUB(30000), E12: SUB(30000), E16: SUB(30000), JM: SUB(0), SG: SUB(0), MT: SUB(0), W25: SUB(30000)},
    ),
    # ---- generic rulings ----
    *row("G", "warning", {}, 0, everywhere(WARN)),  # a generic warning does not climb the SG calls ladder
    *row(
        "G",
        "point_penalty",
        {"amount": 3000, "reason": "conduct"},
        0,
        {
            W15: PP(3000),
            E12: PP(3000),
            E16: PP(3000),
            JM: PP(3000, "any"),
            SG: PP(3000, "any"),
            MT: PP(3000, "any"),
            W25: PP(3000),
        },
    ),
    *row("G", "dead_hand", {}, 2, everywhere(DH)),
    *row("G", "no_fault_redeal", {}, 0, everywhere(REDEAL)),
    *row("G", "disqualification", {}, 3, everywhere(DQ)),
    *row("G", "game_disruption", {}, 0, {SG: RATING(20)} | dict.fromkeys((E16, W15, E12, JM, MT, W25), NS())),
    # ---- the SG calls ladder: one count per player; the 3rd and later call offences are dead hands ----
    Cell(
        "ladder",
        SG,
        "empty_meld_call",
        0,
        {},
        LADDER,
        pre=(inc(0, "silent_call", LADDER), inc(0, "wrong_win_word", LADDER)),
    ),
    Cell("ladder", SG, "warning", 0, {}, WARN, pre=(inc(0, "silent_call", LADDER),) * 3),
    # two conduct warnings do not make the first silent call a dead hand
    Cell("ladder", SG, "silent_call", 0, {}, LADDER, pre=(inc(0, "warning", WARN),) * 2),
    Cell(
        "ladder",
        SG,
        "silent_call",
        0,
        {},
        LADDER,
        pre=(inc(3, "silent_call", LADDER), inc(3, "empty_riichi", LADDER), inc(0, "changed_call", LADDER)),
    ),
    Cell("ladder", W15, "warning", 0, {}, WARN, pre=(inc(0, "warning", WARN),) * 2),  # no ladder outside SG
]


def _cell_id(cell: Cell) -> str:
    bits = [str(cell.row), cell.rs, cell.offence, f"s{cell.seat}"]
    bits += [f"{k}={v}" for k, v in cell.answers.items() if v not in (False, "play")]
    bits += ["riichi"] * cell.riichi + ["dead"] * cell.dead + ["first-timer"] * bool(cell.first_timer)
    bits += [f"after-{len(cell.pre)}"] * bool(cell.pre)
    return "-".join(bits)


def _params():
    seen: dict[str, int] = {}
    out = []
    for cell in CELLS:
        cid = _cell_id(cell)
        seen[cid] = seen.get(cid, 0) + 1
        if seen[cid] > 1:
            cid += f"-{seen[cid]}"
        marks = [pytest.mark.xfail(strict=True, reason=cell.xfail)] if cell.xfail else []
        out.append(pytest.param(cell, id=cid, marks=marks))
    return out


# -- running a cell --------------------------------------------------------------------------------------------------


def table(cell: Cell) -> tuple[list[dict[str, Any]], Oracle]:
    """The log up to (not including) the cell's incident, and the oracle's table at that point."""
    kw = {"first_timers": [cell.first_timer]} if cell.first_timer else {}
    log = [start(cell.rs, resume=RESUME, **kw), riichi(2)]
    oracle = Oracle(cell.rs)
    oracle.declare_riichi(2)
    if cell.riichi and cell.seat != 2:
        log.append(riichi(cell.seat))
        oracle.declare_riichi(cell.seat)
    pre = list(cell.pre) + ([inc(cell.seat, "dead_hand", DH)] if cell.dead else [])
    for seat, offence, answers, profile in pre:
        log.append(ev("incident", seat=seat, offence=offence, answers=answers))
        oracle.apply(profile, seat)
    return log, oracle


def referee_choices(rs, offence: str) -> list[str]:
    return [c for r in rs.offences[offence].rules if r.ruling == "referee_choice" for c in r.choices]


@pytest.mark.parametrize("cell", _params())
def test_matrix(cell: Cell):
    rs = rulesets()[cell.rs]
    log, oracle = table(cell)
    before = fold(log)
    asked = questions_for(rs, cell.offence)
    # the incident's facts; a rule set that does not ask a question does not depend on it
    answers = {k: v for k, v in cell.answers.items() if k in asked}
    choices = referee_choices(rs, cell.offence)
    expect = cell.expect

    if isinstance(expect, Choice):
        assert expect.must <= set(choices), f"the referee must be offered {sorted(expect.must)}, offered {choices}"
        assert not expect.never & set(choices), f"never {sorted(expect.never)}, offered {choices}"
        answers["decision"] = expect.pick
        if expect.amount is not None and "amount" in asked:
            answers["amount"] = expect.amount
    elif isinstance(expect, NS) and "decision" in asked:
        picks = [k for k in NS_PREFERENCE if k in choices]
        assert picks, f"n/s: no choice among {NS_PREFERENCE} in {choices}"
        answers["decision"] = picks[0]

    try:
        ruling = decide(rs, before, cell.seat, cell.offence, answers)
    except RulingError as exc:
        pytest.fail(f"{cell.rs} cannot rule {cell.offence} with {answers}: {exc}")

    if isinstance(expect, NS):
        assert ruling.rule_kind == "referee_choice" or ruling.kind == "not_penalized", (
            f"the rule book is silent: expected the referee's choice or not penalized, got {ruling.kind}"
        )
        profile = NS_EFFECT[ruling.kind] + expect.then
    elif isinstance(expect, Choice):
        assert ruling.rule_kind == "referee_choice"
        profile = expect.then
    else:
        profile = expect
    if "VOIDED" in profile:
        assert (ruling.rule_kind, ruling.voided_by_win) == ("chombo", True)

    kind = oracle.apply(profile, cell.seat, ruling.scope)
    assert ruling.kind == kind

    incident = ev("incident", seat=cell.seat, offence=cell.offence, answers=answers)
    state = fold([*log, incident])
    assert actual_view(state) == oracle.view()
    assert state.table_total() == TABLE_TOTAL  # what a penalty took off the table is accounted for

    if cell.rs == E16 and "CH" in profile:
        # EMA 2016: the deduction shows in the result after uma; the table placement is unchanged
        done = fold([*log, incident, end()])
        rows = state_to_json(done)["results"]
        assert [(r["penalty"], r["final"]) for r in rows] == oracle.ema16_results()
        assert rows[cell.seat]["penalty"] == 20000


def test_matrix_covers_every_cell():
    """Every row (but 26, 28, 29) and every generic ruling, for all eight rule sets; every offence id."""
    matrix_rows = [*range(1, 26), 27, *range(30, 38), "G"]
    covered = {(c.row, c.rs) for c in CELLS}
    assert {(r, rs) for r in matrix_rows for rs in ALL} <= covered
    assert {(c.rs, c.offence) for c in CELLS} == {(rs, o) for rs in ALL for o in OFFENCES}


# -- more than one incident ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("offence", ["noten_riichi", "invalid_kan_after_riichi"])
@pytest.mark.parametrize("ruleset", ALL)
def test_riichi_offences_need_a_riichi_this_hand(ruleset, offence):
    with pytest.raises(LogError, match="has not declared riichi"):
        fold([start(ruleset, resume=RESUME), riichi(2), ev("incident", seat=0, offence=offence, answers={})])
    # a riichi of an earlier hand does not count either
    with pytest.raises(LogError, match="has not declared riichi"):
        fold([start(ruleset, resume=RESUME), riichi(2), draw(2), ev("incident", seat=2, offence=offence, answers={})])


@pytest.mark.parametrize("ruleset", ALL)
def test_point_penalty_needs_a_reason_and_an_amount(ruleset):
    head = [start(ruleset, resume=RESUME), riichi(2)]
    with pytest.raises(LogError, match="reason"):
        fold([*head, ev("incident", seat=0, offence="point_penalty", answers={"amount": 3000})])
    with pytest.raises(LogError, match="amount"):
        fold([*head, ev("incident", seat=0, offence="point_penalty", answers={"reason": "conduct"})])


def test_ex08_wrc_exception_then_the_draw():
    """WRC 2015 §7.2 ※ (docs/worked-examples.md, EX-08): the exception is no chonbo, but the player is noten at the draw and the stick stays."""
    # East 3, 0 counters: seat 2 is East. E 32,000 · S 28,000 · W 30,000 · N 30,000, then N declares riichi.
    head = [start(W15, resume={"scores": [30000, 30000, 32000, 28000], "round_wind": "E", "hand": 3}), riichi(1)]
    log = [
        *head,
        ev("incident", seat=1, offence="wrong_tile_count", answers={}),
        ev("incident", seat=1, offence="noten_riichi", answers=TENPAI_BEFORE),
        draw(2, 3, 1),  # N claims tenpai, but a dead hand is noten
    ]
    st = fold(log)
    assert [s.score for s in st.seats] == [28500, 27500, 33500, 29500]
    assert (st.riichi_sticks, st.counters, st.dealer, st.hand) == (1, 1, 2, 3)  # E tenpai keeps the deal
    assert [float(s.overall) for s in st.seats] == [0, 0, 0, 0]
    # If the player had been East, the deal would rotate.
    log = [
        start(W15, resume={"scores": [30000, 30000, 32000, 28000], "round_wind": "E", "hand": 3}),
        riichi(2),
        ev("incident", seat=2, offence="wrong_tile_count", answers={}),
        ev("incident", seat=2, offence="noten_riichi", answers=TENPAI_BEFORE),
        draw(2, 3),
    ]
    st = fold(log)
    assert [s.score for s in st.seats] == [29000, 29000, 30000, 31000]
    assert (st.riichi_sticks, st.counters, st.dealer, st.hand) == (1, 1, 3, 4)


def test_ema2012_mid_session_substitute_takes_last_uma():
    """EMA 2012 §5.7 (row 37): substituted after play began ⇒ the substitute always gets -30,000 uma, the other
    three 30,000/10,000/-10,000; the absent player gets 0 points and -30,000 uma."""
    log = [
        start(E12, resume=RESUME),
        riichi(2),
        ev("incident", seat=0, offence="missed_hanchan", answers={"during_play": True}),
        end(),
    ]
    st = fold(log)
    uma = {r.seat: r.uma for r in st.results}
    # scores 31,000 (seat 0, the substitute), 30,000, 26,000, 31,000: seat 3 first, seat 1 second, seat 2 third
    assert uma == {0: -30000, 3: 30000, 1: 10000, 2: -10000}
    assert st.overall_by_player["Ann"] == -30000
