"""Rulings that disagreed with the rule books' own words (issue 13), each checked against the sentence it rules.

Every test states the starting table, the tap (events and answers) and every number after it, computed by hand
from the quoted text. Seats are 0-3 in the order of the players; seat 0 is East (the dealer) at the start.
"""

from __future__ import annotations

import pytest

from refapp.domain.events import LogError
from refapp.domain.rules import RuleSetError
from refapp.domain.rulings import RulingError, decide
from tests.logs import (
    club_rulesets,
    end,
    ev,
    fold,
    fold_with,
    hand,
    incident,
    riichi,
    ron,
    rulesets,
    scores,
    start,
    tsumo,
)


def where(st) -> tuple:
    """(round wind, hand, dealer, counters, riichi sticks)."""
    return ("ESWN"[st.round_wind], st.hand, st.dealer, st.counters, st.riichi_sticks)


def overall(st) -> list:
    return [s.overall for s in st.seats]


# -- item 2: the SG "Calls Penalty" ladder is for calls only ---------------------------------------------------------


def test_sg_conduct_warnings_do_not_climb_the_calls_ladder():
    """SG league "Game Fouls", "Calls Penalty": "Silent Calls 1st time – Warning 2nd time – Warning 3rd time and subsequent – Dead
    Hand / Empty Calls / Wrong word used win/calls". The ladder is written for calls; other warnings are recorded but
    do not climb it.

    SG league, 25,000 each, East 1, no counters, no sticks. Ann (seat 0) gets two conduct warnings, then makes a
    silent call: a warning (her 1st on the calls ladder), not a dead hand. A second silent call: a warning. Then an
    empty call (the same ladder): the 3rd call offence, a dead hand; she has been given 4 warnings, the 5th offence
    is counted as a dead hand, not a warning."""
    log = [start("sg-league"), incident(0, "warning"), incident(0, "warning")]
    st = fold(log)
    assert (st.seats[0].warnings, st.seats[0].dead_hand) == (2, False)
    log.append(incident(0, "silent_call"))
    st = fold(log)
    assert (st.seats[0].warnings, st.seats[0].dead_hand) == (3, False)
    log.append(incident(0, "silent_call"))
    st = fold(log)
    assert (st.seats[0].warnings, st.seats[0].dead_hand) == (4, False)
    log.append(incident(0, "empty_meld_call"))
    st = fold(log)
    assert (st.seats[0].warnings, st.seats[0].dead_hand) == (4, True)
    assert st.stats_by_player["Ann"]["dead_hands"] == 1
    assert scores(st) == [25000] * 4
    assert where(st) == ("E", 1, 0, 0, 0)
    assert [s.dead_hand for s in st.seats] == [True, False, False, False]


def test_sg_ladder_ruling_says_which_step_it_is():
    """The 3rd call offence is ruled a dead hand as the ladder's 3rd step; the warnings given stay at 2."""
    rs = rulesets()["sg-league"]
    st = fold([start("sg-league"), incident(1, "silent_call"), incident(1, "wrong_win_word")])
    r = decide(rs, st, 1, "changed_call", {})
    assert (r.kind, r.rule_kind, r.ladder, r.ladder_step, r.warning_number) == ("dead_hand", "warning", "calls", 3, 0)
    r = decide(rs, st, 1, "passing_information", {"decision": "warning"})
    assert (r.kind, r.ladder, r.warning_number) == ("warning", "", 3)


# -- item 11: the warning scope ---------------------------------------------------------------------------------------


def test_sg_session_warnings_reset_at_the_next_session_only():
    """SG league "Game Fouls": "First timer attending the session"; the ladder counts per session (warning_scope = "session").

    Session 1, hanchan 1: Ann makes two silent calls (2 warnings). Hanchan 2 of the same session: a third silent
    call is a dead hand. Session 2, hanchan 3: a silent call is a warning again (the 1st of the session)."""
    log = [
        start("sg-league", session=1),
        incident(0, "silent_call"),
        incident(0, "silent_call"),
        end(),
        start("sg-league", session=1),
        incident(0, "silent_call"),
    ]
    st = fold(log)
    assert (st.hanchan, st.seats[0].warnings, st.seats[0].dead_hand) == (2, 2, True)
    log += [end(), start("sg-league", session=2), incident(0, "silent_call")]
    st = fold(log)
    assert (st.hanchan, st.seats[0].warnings, st.seats[0].dead_hand) == (3, 1, False)
    assert scores(st) == [25000] * 4 and where(st) == ("E", 1, 0, 0, 0)


def test_a_session_defaults_to_the_day_of_the_hanchan():
    """Without a session number, a hanchan started on another day begins a new session."""
    day1 = dict(at="2026-11-21T20:00:00+08:00")
    day2 = dict(at="2026-11-28T20:00:00+08:00")
    log = [
        {**start("sg-league"), **day1},
        incident(0, "silent_call"),
        incident(0, "silent_call"),
        end(),
        {**start("sg-league"), **day1},
        incident(0, "silent_call"),
    ]
    assert fold(log).seats[0].dead_hand is True  # same day: same session
    log = log[:4] + [{**start("sg-league"), **day2}, incident(0, "silent_call")]
    st = fold(log)
    assert (st.seats[0].warnings, st.seats[0].dead_hand) == (1, False)


@pytest.mark.parametrize(
    "scope, third_is_dead, new_session_is_dead", [("tournament", True, True), ("hanchan", False, False)]
)
def test_tournament_and_hanchan_scopes(tmp_path, scope, third_is_dead, new_session_is_dead):
    """A club that counts the ladder over the whole tournament, or per hanchan."""
    rs = club_rulesets(
        tmp_path,
        club=f'extends = "sg-league"\nid = "club-sg"\nname = "Club"\nversion = "1"\n'
        f'[penalties]\nwarning_scope = "{scope}"\n',
    )
    log = [
        start("club-sg", session=1),
        incident(0, "silent_call"),
        incident(0, "silent_call"),
        end(),
        start("club-sg", session=1),
        incident(0, "silent_call"),
    ]
    assert fold_with(rs, log).seats[0].dead_hand is third_is_dead
    log += [end(), start("club-sg", session=2), incident(0, "empty_riichi")]
    assert fold_with(rs, log).seats[0].dead_hand is new_session_is_dead


# -- item 3: calling with a dead hand, EMA 2012 and MahjongTime --------------------------------------------------------


@pytest.mark.parametrize(
    "ruleset, start_points, after_chombo",
    [("ema-2012", 0, [4000, 2000, -8000, 2000]), ("ema-2008-mt", 25000, [4000, 2000, -8000, 2000])],
)
def test_calling_with_a_dead_hand_is_a_chombo_only_if_declared(ruleset, start_points, after_chombo):
    """EMA 2012 §3.4.6 (and EMA 2008 as published by MahjongTime, §3.4.6): chombo for "claiming a tile after the hand has been declared a dead
    hand". A dead hand nobody declared makes the call void, nothing more.

    East 1, no counters. Cyd (seat 2, not the dealer) claims a tile. (a) No dead hand was declared: not penalized,
    the call is void, every score unchanged. (b) Her dead hand had been declared (wrong tile count): chombo, a mangan
    payment: 4,000 to East, 2,000 to each other player; the hand is re-dealt, East 1, no counter, East keeps the deal.
    """
    base = [start(ruleset)]
    st = fold([*base, incident(2, "call_with_dead_hand")])
    assert scores(st) == [start_points] * 4
    assert [s.chombos for s in st.seats] == [0, 0, 0, 0]
    r = decide(rulesets()[ruleset], fold(base), 2, "call_with_dead_hand", {})
    assert (r.kind, r.void_call) == ("not_penalized", True)
    st = fold([*base, incident(2, "wrong_tile_count"), incident(2, "call_with_dead_hand")])
    assert scores(st) == [start_points + d for d in after_chombo]
    assert [s.chombos for s in st.seats] == [0, 0, 1, 0]
    assert where(st) == ("E", 1, 0, 0, 0)
    assert [s.dead_hand for s in st.seats] == [False] * 4  # a new deal


# -- item 4: every parameter works ------------------------------------------------------------------------------------


def test_first_timer_exemption_off_makes_a_first_timer_pay_the_chombo(tmp_path):
    """SG league "Game Fouls": "* First timer attending the session will only be penalised dead hand in an event of invalid agari."
    A league that does not exempt first timers sets first_timer_exemption = false: the flag then changes nothing.

    25,000 each, East 1. Dan (seat 3) carries a first-timer flag and reveals an invalid win: chombo, 4,000 to each
    (Dan 13,000, the others 29,000), 2 league points off Dan, re-deal of East 1, no counter, East keeps the deal."""
    rs = club_rulesets(
        tmp_path,
        club='extends = "sg-league"\nid = "club-sg"\nname = "Club"\nversion = "1"\n'
        "[penalties]\nfirst_timer_exemption = false\n",
    )
    st = fold_with(rs, [start("club-sg", first_timers=["Dan"]), incident(3, "invalid_win_revealed")])
    assert scores(st) == [29000, 29000, 29000, 13000]
    assert st.seats[3].extra == {"league": -2}
    assert (st.seats[3].dead_hand, st.seats[3].chombos) == (False, 1)
    assert where(st) == ("E", 1, 0, 0, 0)
    # the built-in league keeps the exemption: a dead hand only, nothing paid
    st = fold([start("sg-league", first_timers=["Dan"]), incident(3, "invalid_win_revealed")])
    assert scores(st) == [25000] * 4 and st.seats[3].dead_hand is True


def test_kuikae_allowed_makes_swap_calling_no_offence(tmp_path):
    """WRC 2015 §7.2: "Swap-calling is determined when the player discards, and results in a dead hand." A club
    playing WRC with swap-calling allowed (scoring.kuikae = "allowed") rules it not penalized.

    30,000 each, East 1: Bob (seat 1) swap-calls: nothing changes, no dead hand."""
    rs = club_rulesets(
        tmp_path,
        club='extends = "wrc-2015"\nid = "club-wrc"\nname = "Club"\nversion = "1"\n[scoring]\nkuikae = "allowed"\n',
    )
    st = fold_with(rs, [start("club-wrc"), incident(1, "swap_calling")])
    assert scores(st) == [30000] * 4
    assert [s.dead_hand for s in st.seats] == [False] * 4
    st = fold([start("wrc-2015"), incident(1, "swap_calling")])
    assert [s.dead_hand for s in st.seats] == [False, True, False, False]


def test_the_unused_reading_parameter_is_refused_with_why(tmp_path):
    f = tmp_path / "club.toml"
    f.write_text(
        'extends = "ema-2012"\nid = "c"\nname = "C"\nversion = "1"\n[scoring]\nwinner_chooses_reading = true\n'
    )
    from refapp.store.rulesets import check_file

    with pytest.raises(RuleSetError, match=r"key 'scoring.winner_chooses_reading': removed: "):
        check_file(f)


# -- item 6: counters on a multiple ron -------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["ema-2012", "ema-2008-mt", "japanese-modern", "ema-2016", "ema-2025"])
def test_every_winner_of_a_multiple_ron_is_paid_the_counters(ruleset):
    """MahjongTime (EMA 2008) §3.4.10: "Each counter on the table increases the value of a winning hand by 300 points." Read per
    winning hand: on a multiple ron, each winner's hand is worth 300 more per counter. §3.4.9: the discarder "pays the
    full value of each hand to the winner". The riichi stick goes to the first winner from the discarder's right.

    25,000 each, East 1 with 2 counters and 1 riichi stick on the table. West (seat 2) discards; South (seat 1) wins
    2,000 and North (seat 3) 3,900. West pays South 2,000 + 600 and North 3,900 + 600; North (first from West's
    right) takes the stick: E 25,000, S 27,600, W 17,900, N 30,500. East did not win: the counters go, East 2."""
    resume = {"scores": [25000] * 4, "counters": 2, "riichi_sticks": 1}
    st = fold([start(ruleset, resume=resume), ron(2, hand(1, points=2000), hand(3, points=3900))])
    assert scores(st) == [25000, 27600, 17900, 30500]
    assert where(st) == ("E", 2, 1, 0, 0)


def test_a_club_can_pay_the_counters_to_the_first_winner_only(tmp_path):
    rs = club_rulesets(
        tmp_path,
        club='extends = "ema-2012"\nid = "club"\nname = "C"\nversion = "1"\n'
        '[scoring]\nmultiple_ron_counters = "first"\n',
    )
    resume = {"scores": [25000] * 4, "counters": 2, "riichi_sticks": 1}
    st = fold_with(rs, [start("club", resume=resume), ron(2, hand(1, points=2000), hand(3, points=3900))])
    assert scores(st) == [25000, 27000, 18500, 30500]


# -- item 7: WRC 2015 --------------------------------------------------------------------------------------------------


def test_wrc_late_ten_minutes_then_substituted_is_30_points_in_all():
    """WRC 2015 §7.2: "This penalty is not cumulative with the 10 points penalty for being late ten minutes. A player
    who is late by ten minutes and is substituted will only have a 30 points penalty for missing the hanchan."

    30,000 each, overall 0. Cyd (seat 2) is 10 minutes late: -10 overall. She is then substituted: -30 in all,
    not -40. The table is untouched (30,000 each)."""
    log = [start("wrc-2015"), incident(2, "late_arrival", minutes=10)]
    assert overall(fold(log)) == [0, 0, -10000, 0]
    st = fold([*log, incident(2, "missed_hanchan")])
    assert overall(st) == [0, 0, -30000, 0]
    assert scores(st) == [30000] * 4 and where(st) == ("E", 1, 0, 0, 0)


def test_wrc_referee_penalties_have_no_cap():
    """WRC 2015 §7.2 "Passing information: Penalty at the referee discretion", "Phone ringing: Point penalty at the
    referee's discretion": no upper bound. 30,000 each; Bob (seat 1) gets 35 points, then 100 points: overall -135,
    the table untouched."""
    log = [start("wrc-2015"), incident(1, "point_penalty", amount=35000, reason="conduct")]
    assert overall(fold(log)) == [0, -35000, 0, 0]
    st = fold([*log, incident(1, "phone_or_device", decision="point_penalty", amount=100000)])
    assert overall(st) == [0, -135000, 0, 0] and scores(st) == [30000] * 4


def test_wrc_wrongly_picking_tiles_is_a_chonbo_if_the_game_cannot_fairly_continue():
    """WRC 2015 §7.2 "Wrongly revealing or picking tiles: • Few tiles: Not penalized • If the game cannot fairly
    continue: Chonbo".

    30,000 each, East 1; Bob (seat 1) declares riichi (29,000, 1 stick). Dan (seat 3) draws from the wrong part of the
    wall and the game cannot fairly continue: chonbo, Dan -20 overall, Bob's stick back (30,000 each, 0 sticks),
    re-deal of East 1, no counter, East keeps the deal. With a few tiles only: not penalized."""
    log = [start("wrc-2015"), riichi(1)]
    st = fold([*log, incident(3, "wrong_wall_draw", cannot_continue=True)])
    assert scores(st) == [30000] * 4 and overall(st) == [0, 0, 0, -20000]
    assert where(st) == ("E", 1, 0, 0, 0) and [s.chombos for s in st.seats] == [0, 0, 0, 1]
    st = fold([*log, incident(3, "wrong_wall_draw")])
    assert scores(st) == [30000, 29000, 30000, 30000] and overall(st) == [0] * 4
    assert where(st) == ("E", 1, 0, 0, 1)


# -- item 8: EMA 2012 obstruction bands -------------------------------------------------------------------------------


def test_ema2012_obstruction_amounts_are_the_rule_books_bands():
    """EMA 2012 §5.5: "Deliberate obstructive behaviour is penalized at the referee's discretion with point
    penalties of 8000 or 12,000 points (chombo level), or in serious or repeated cases with point penalties between
    12,000 and 48,000. These point penalties are deducted from the offending player's score immediately".

    EMA 2012, 0 each. Bob (seat 1): 10,000 is refused; 8,000 comes off his table score (-8,000, to nobody). Serious:
    50,000 and 8,000 are refused, 30,000 comes off (-38,000 in all)."""
    rs = rulesets()["ema-2012"]
    base = [start("ema-2012")]
    with pytest.raises(RulingError, match="8,000 or 12,000"):
        decide(rs, fold(base), 1, "obstruction", {"decision": "point_penalty", "amount": 10000})
    log = [*base, incident(1, "obstruction", decision="point_penalty", amount=8000)]
    st = fold(log)
    assert scores(st) == [0, -8000, 0, 0] and st.off_table == 8000
    for bad in (50000, 8000):
        with pytest.raises(RulingError, match="12,000 to 48,000"):
            decide(rs, st, 1, "obstruction", {"decision": "point_penalty", "amount": bad, "serious": True})
    st = fold([*log, incident(1, "obstruction", decision="point_penalty", amount=30000, serious=True)])
    assert scores(st) == [0, -38000, 0, 0] and st.off_table == 38000
    assert where(st) == ("E", 1, 0, 0, 0)


# -- item 9: Japanese Modern liability hands ---------------------------------------------------------------------------


def test_japanese_modern_liability_for_four_kongs_pays_everything():
    """Japanese Modern penalties page, "Insurance Penalties": "If a Player A discards a tile, which completes the fourth pung/kong or the last
    pung/kong needed for Player B's certain hands shown below, he pays the full value for all players should Player B
    win. This is regardless if the winning tile is off another player's discard or if it was self-drawn." ... "Four
    Kongs — When a Player A discards a tile, which IMMEDIATELY completes the fourth kong".

    25,000 each, East 1. Dan (seat 3) fed Bob's fourth kong; Bob (seat 1) wins a yakuman (32,000) on Cyd's (seat 2)
    discard: Dan pays all 32,000: 25,000 · 57,000 · 25,000 · -7,000; East did not win: East 2, no counter."""
    st = fold([start("japanese-modern"), ron(2, hand(1, limit="yakuman", liable=3, liable_hand="four_kongs"))])
    assert scores(st) == [25000, 57000, 25000, -7000]
    assert where(st) == ("E", 2, 1, 0, 0)
    # self-drawn: the liable player pays the whole hand too
    st = fold([start("japanese-modern"), tsumo(hand(1, limit="yakuman", liable=3, liable_hand="big_four_winds"))])
    assert scores(st) == [25000, 57000, 25000, -7000]


@pytest.mark.parametrize(
    "ruleset, liable_hand, value, message",
    [
        ("japanese-modern", "all_green", {"limit": "yakuman"}, "Big Three Dragons, Big Four Winds, Four Kongs"),
        ("ema-2012", "four_kongs", {"limit": "yakuman"}, "Big Three Dragons, Big Four Winds"),
        ("japanese-modern", "big_three_dragons", {"han": 3, "fu": 30}, "is a yakuman"),
    ],
)
def test_liability_applies_only_to_the_rule_sets_hands(ruleset, liable_hand, value, message):
    """Japanese Modern penalties page: All Honours, All Terminals, All Green and Out With Replacement Tile are "Optionally applied": not in
    the house set unless a club adds them. Liability is only for the listed hands, which are yakuman."""
    with pytest.raises(LogError, match=message):
        fold([start(ruleset), ron(2, hand(1, liable=3, liable_hand=liable_hand, **value))])


def test_a_club_may_add_the_optional_liability_hands(tmp_path):
    rs = club_rulesets(
        tmp_path,
        club='extends = "japanese-modern"\nid = "jm-all"\nname = "C"\nversion = "1"\n[scoring]\npao_hands = '
        '["big_three_dragons", "big_four_winds", "four_kongs", "all_honours", "all_terminals", "all_green", '
        '"rinshan_after_kong"]\n',
    )
    st = fold_with(rs, [start("jm-all"), tsumo(hand(1, han=3, fu=40, liable=0, liable_hand="rinshan_after_kong"))])
    # 3 han 40 fu tsumo by a non-dealer: 1,300 / 2,600 = 5,200 in all, paid by the liable dealer
    assert scores(st) == [19800, 30200, 25000, 25000]


# -- item 10: MahjongTime one-round games ------------------------------------------------------------------------------


def test_mahjongtime_one_round_games_start_at_20000(tmp_path):
    """MahjongTime (EMA 2008) §3.7: "At the start of games with 1 or 2 Rounds - each player is given a starting number of points of
    20,000 and 25,000 respectively." A club playing East only (game.rounds = 1) starts at 20,000; the built-in
    (two rounds) at 25,000."""
    rs = club_rulesets(
        tmp_path, club='extends = "ema-2008-mt"\nid = "mt-east"\nname = "C"\nversion = "1"\n[game]\nrounds = 1\n'
    )
    st = fold_with(rs, [start("mt-east")])
    assert scores(st) == [20000] * 4 and where(st) == ("E", 1, 0, 0, 0)
    assert scores(fold([start("ema-2008-mt")])) == [25000] * 4


def test_chombo_noten_amounts_and_riichi_only_offences_come_from_the_rule_set(tmp_path):
    """A club with a double mangan chombo (6,000 to or from the dealer, 3,000 between others), a 6,000 noten payment,
    and a 'riichi bet not placed' that only a riichi player can commit.

    0 each, East 1. Bob (seat 1) chombo: 6,000 to Ann (dealer), 3,000 to Cyd and Dan: 6,000 · -12,000 · 3,000 ·
    3,000; re-deal. Exhaustive draw with Ann alone tenpai: 2,000 from each of the three others: 12,000 · -14,000 ·
    1,000 · 1,000; East keeps the deal, 1 counter. Cyd has not declared riichi: 'riichi bet not placed' is refused."""
    rs = club_rulesets(
        tmp_path,
        club='extends = "ema-2012"\nid = "club"\nname = "C"\nversion = "1"\n[scoring]\nnoten_payment = 6000\n'
        "[chombo]\nmangan = [6000, 3000]\n[offences.riichi_bet_missing]\nrequires_riichi = true\n",
    )
    log = [start("club"), incident(1, "invalid_win_revealed")]
    st = fold_with(rs, log)
    assert scores(st) == [6000, -12000, 3000, 3000] and where(st) == ("E", 1, 0, 0, 0)
    log.append(ev("draw", tenpai=[0]))
    st = fold_with(rs, log)
    assert scores(st) == [12000, -14000, 1000, 1000] and where(st) == ("E", 1, 0, 1, 0)
    with pytest.raises(LogError, match="has not declared riichi in this hand"):
        fold_with(rs, [*log, incident(2, "riichi_bet_missing")])
