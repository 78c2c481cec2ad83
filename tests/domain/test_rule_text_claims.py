"""Cells that said more than their rule book (issue 29, problem 14), each checked against the sentence it rules.

EMA 2012 §5.3 says of a riichi on an open hand only "Attempting to declare riichi on a open hand results in a dead
hand"; the same section returns the bet of a riichi not said or not rotated. The SG league's "Game Fouls" gives a
dead hand for "Knocked and revealed the 1st replacement tile from the dead wall", keeps exposed only "tiles that are
officially exposed (Invalid Ron, wrong melds, overridden melds)", and gives rating points only for "Did whatever that
made the game impossible to continue". What the texts leave open is ruled as a reading, marked as such
(docs/rulings.md).

Every test states the starting table, the tap (events and answers) and every number after it, worked out by hand.
Seats are 0-3 in the order of the players; seat 0 is East (the dealer) at the start.
"""

from __future__ import annotations

import pytest

from refapp.domain.events import LogError
from refapp.domain.rulings import decide, questions_for
from tests.logs import draw, fold, hand, incident, riichi, ron, rulesets, scores, start


def where(st) -> tuple:
    """(round wind, hand, dealer, counters, riichi sticks)."""
    return ("ESWN"[st.round_wind], st.hand, st.dealer, st.counters, st.riichi_sticks)


# -- EMA 2012 §5.3: riichi on an open hand ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "ruleset, s, status",
    [
        ("ema-2012", 0, "inferred"),  # no starting points; the dead hand is §5.3's, the returned bet our reading
        ("ema-2016", 30000, "unverified"),  # the 2012 ruling, the 2016 text not seen
        ("ema-2025", 30000, "unverified"),  # the 2016 ruling, the 2025 penalties not read
    ],
)
def test_riichi_on_an_open_hand_is_a_dead_hand_and_the_bet_goes_back(ruleset, s, status):
    """East 1, no counters, no sticks, every player at the start points ``s``; Ann (seat 0) deals.

    Cyd (seat 2) declares riichi with an open hand: Cyd s − 1,000, 1 stick on the table. The referee rules riichi on
    an open hand: a dead hand, and the riichi is void: its bet goes back (Cyd s, 0 sticks), Cyd is no longer in
    riichi, so no noten riichi can be ruled on her later.

    Exhaustive draw, Ann and Bob tenpai, Cyd (dead hand) and Dan noten: the 3,000 noten payment, 1,500 from each noten
    player to each tenpai player: Ann s + 1,500, Bob s + 1,500, Cyd s − 1,500, Dan s − 1,500. No stick on the table;
    a counter; Ann tenpai keeps the deal.

    Next hand, East 1 with 1 counter: Bob wins 2,000 on Dan's discard: Bob + 2,300, Dan − 2,300 (300 a counter), no
    stick to collect: Ann s + 1,500, Bob s + 3,800, Cyd s − 1,500, Dan s − 3,800; East 2, Bob deals.

    Were the stick left on the table, Cyd would stay at s − 1,000 in riichi (s − 2,500 after the draw) and Bob would
    collect 1,000 more with his win."""
    rs = rulesets()[ruleset]
    base = [start(ruleset), riichi(2)]
    st = fold(base)
    assert scores(st) == [s, s, s - 1000, s]
    assert where(st) == ("E", 1, 0, 0, 1)

    r = decide(rs, st, 2, "riichi_open_hand", {})
    assert (r.kind, r.return_riichi, r.status) == ("dead_hand", True, status)
    assert "stays" not in r.explain and "the bet goes back" in r.explain

    log = [*base, incident(2, "riichi_open_hand")]
    st = fold(log)
    assert scores(st) == [s, s, s, s]
    assert where(st) == ("E", 1, 0, 0, 0)
    assert (st.seats[2].riichi, st.seats[2].dead_hand) == (False, True)
    with pytest.raises(LogError, match="has not declared riichi"):
        fold([*log, incident(2, "noten_riichi")])

    log.append(draw(0, 1))
    st = fold(log)
    assert scores(st) == [s + 1500, s + 1500, s - 1500, s - 1500]
    assert where(st) == ("E", 1, 0, 1, 0)

    st = fold([*log, ron(3, hand(1, points=2000))])
    assert scores(st) == [s + 1500, s + 3800, s - 1500, s - 3800]
    assert where(st) == ("E", 2, 1, 0, 0)


def test_ema2012_open_hand_riichi_cites_the_dead_hand_and_says_the_bet_is_a_reading():
    """The dead hand is read in §5.3 (cited); what becomes of the bet is not, and the note says so."""
    off = rulesets()["ema-2012"].offences["riichi_open_hand"]
    assert off.citation == "§5.3"
    assert "says only" in off.note and "a reading" in off.note
    assert [(r.ruling, r.return_riichi, r.status) for r in off.rules] == [("dead_hand", True, "inferred")]


# -- the SG league: exposed tiles -------------------------------------------------------------------------------------


def _sg_exposed(**answers):
    base = {"source": "wall", "count": 2, "cannot_continue": False, "first_replacement_tile": False}
    return {**base, **answers}


@pytest.mark.parametrize("source", ["wall", "own_hand", "opponent_hand", "dead_wall"])
def test_sg_tiles_knocked_over_are_not_said_to_stay_exposed(source):
    """SG league, 25,000 each, East 1. Cyd (seat 2) declares riichi (24,000, 1 stick). Bob (seat 1) knocks over and
    shows two tiles (of the wall, his own hand, an opponent's hand, or a dead-wall tile that is not the first
    replacement tile). The source's "Exposed tiles" stay exposed only when officially exposed (an invalid ron, wrong
    melds, overridden melds) and its dead hand is for the first replacement tile: not penalized, as a reading
    (marked), the tiles put back; nothing moves: 25,000, 25,000, 24,000, 25,000, 1 stick."""
    rs = rulesets()["sg-league"]
    base = [start("sg-league"), riichi(2)]
    answers = _sg_exposed(source=source)
    r = decide(rs, fold(base), 1, "tiles_exposed", answers)
    assert (r.kind, r.status) == ("not_penalized", "inferred")
    assert "stay exposed" not in r.explain and "go back where they came from" in r.explain
    assert "Exposed tiles" not in r.citation.split(";")[0]
    st = fold([*base, incident(1, "tiles_exposed", **answers)])
    assert scores(st) == [25000, 25000, 24000, 25000]
    assert where(st) == ("E", 1, 0, 0, 1)
    assert [x.dead_hand for x in st.seats] == [False] * 4


def test_sg_the_first_replacement_tile_of_the_dead_wall_is_a_dead_hand():
    """SG league "Dead Hand": "Knocked and revealed the 1st replacement tile from the dead wall". The referee is asked
    whether it was the first replacement tile; yes: Bob's dead hand, read in the source (no badge), nothing else moves
    (25,000 each, Cyd's stick stays: 24,000, 1 stick). Then an exhaustive draw with Ann and Cyd tenpai: Bob and Dan
    pay 1,500 each: Ann 26,500, Bob 23,500, Cyd 25,500, Dan 23,500; the stick stays for the next winner, a counter,
    Ann keeps the deal."""
    rs = rulesets()["sg-league"]
    assert "first_replacement_tile" in questions_for(rs, "tiles_exposed")
    base = [start("sg-league"), riichi(2)]
    answers = _sg_exposed(source="dead_wall", count=1, first_replacement_tile=True)
    r = decide(rs, fold(base), 1, "tiles_exposed", answers)
    assert (r.kind, r.status) == ("dead_hand", "verified")
    assert r.citation.startswith("Dead Hand: knocked and revealed the 1st replacement tile")
    log = [*base, incident(1, "tiles_exposed", **answers)]
    st = fold(log)
    assert scores(st) == [25000, 25000, 24000, 25000]
    assert [x.dead_hand for x in st.seats] == [False, True, False, False]
    st = fold([*log, draw(0, 2)])
    assert scores(st) == [26500, 23500, 25500, 23500]
    assert where(st) == ("E", 1, 0, 1, 1)


# -- the SG league: cheating and obstruction ---------------------------------------------------------------------------


@pytest.mark.parametrize("offence", ["cheating", "obstruction"])
def test_sg_rating_points_only_when_the_game_could_not_continue(offence):
    """SG league, 25,000 each, East 1. The source has no cheating or obstruction rule; its only rating penalty is
    "Did whatever that made the game impossible to continue: Offline penalty of minus 20 rating points".

    The referee is asked whether the game can no longer continue. No: the referee decides between a warning and a
    disqualification, never rating points. Yes: 20 rating points off Dan (seat 3), cited; the table is untouched
    (25,000 each), no league points."""
    rs = rulesets()["sg-league"]
    assert "cannot_continue" in questions_for(rs, offence)
    base = [start("sg-league")]
    st = fold(base)
    r = decide(rs, st, 3, offence, {"cannot_continue": False, "decision": "warning"})
    assert (r.rule_kind, r.kind) == ("referee_choice", "warning")
    (choice,) = [rule for rule in rs.offences[offence].rules if rule.ruling == "referee_choice"]
    assert "rating_penalty" not in choice.choices and choice.amount is None
    r = decide(rs, st, 3, offence, {"cannot_continue": True})
    assert (r.kind, r.amount, r.status) == ("rating_penalty", 20, "verified")
    assert r.citation == "Did whatever that made the game impossible to continue"
    st = fold([*base, incident(3, offence, cannot_continue=True)])
    assert scores(st) == [25000] * 4
    assert [x.extra for x in st.seats] == [{}, {}, {}, {"rating": -20}]
    st = fold([*base, incident(3, offence, cannot_continue=False, decision="warning")])
    assert [x.extra for x in st.seats] == [{}, {}, {}, {}]
    assert [x.warnings for x in st.seats] == [0, 0, 0, 1]
