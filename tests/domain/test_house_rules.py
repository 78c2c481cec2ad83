"""Japanese-style house rules, worked out by hand: nagashi mangan, extra rounds until someone reaches the target, and
what keeps the deal with the dealer (docs/rulings.md, "Japanese-style house rules").

The club files below extend Japanese Modern: 25,000 each at the start, return 30,000, uma 10,000 / 5,000, oka 20,000,
300 a counter (100 from each on a tsumo), 3,000 of noten payments. Seat 0 (Ann) deals first. A mangan tsumo is
4,000 from the dealer and 2,000 from each other player for a non-dealer, 4,000 from each for the dealer. Each
expected number is computed in the comment above it, never read back from the ledger.
"""

from __future__ import annotations

import pytest

from refapp.domain.events import LogError, parse_event
from tests.logs import club_rulesets, draw, ev, fold_with, hand, riichi, ron, scores, start, tsumo

HEAD = 'extends = "japanese-modern"\nname = "{name}"\nversion = "1"\nid = "{id}"\n'
CLUBS = {
    # nagashi mangan, the rest as Japanese Modern (East and South)
    "nagashi": "[scoring]\nnagashi_mangan = true\n",
    # East only, then South until someone has 30,000, sudden death
    "east-sd": "[game]\nrounds = 1\nextra_rounds = { target = 30000, winds = 1, sudden_death = true }\n",
    # East and South, then West until someone has 30,000, sudden death
    "south-sd": "[game]\nextra_rounds = { target = 30000, winds = 1, sudden_death = true }\n",
    # the same without sudden death: the extra wind is played to its end
    "south-wind": "[game]\nextra_rounds = { target = 30000, winds = 1, sudden_death = false }\n",
    # the online ranked end: the all-last dealer stop with the extra rounds
    "south-stop": "[game]\ndealer_leading_stop = true\nextra_rounds = { target = 30000, winds = 1 }\n",
    "repeat-none": '[game]\ndealer_repeat = "none"\n',
    "repeat-win": '[game]\ndealer_repeat = "win"\n',
    "repeat-tenpai": '[game]\ndealer_repeat = "tenpai"\n',
}


@pytest.fixture(scope="module")
def clubs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("clubs")
    files = {rid: HEAD.format(name=rid, id=rid) + body for rid, body in CLUBS.items()}
    return club_rulesets(folder, **files)


def table(clubs, *events):
    return fold_with(clubs, list(events))


def where(st) -> tuple:
    """(round wind, hand, dealer, counters, riichi sticks)."""
    return ("ESWN"[st.round_wind], st.hand, st.dealer, st.counters, st.riichi_sticks)


def nagashi_draw(tenpai=(), nagashi=()):
    return ev("draw", tenpai=list(tenpai), nagashi=list(nagashi))


# -- nagashi mangan ------------------------------------------------------------------------------------------------


def test_nagashi_mangan_by_a_non_dealer_alongside_a_tenpai_player(clubs):
    """East 1 with one counter from paper. Cyd declares riichi (24,000, one stick) and is tenpai at the draw; Bob made
    nagashi mangan. Bob is paid as a mangan tsumo by a non-dealer: 4,000 from Ann (the dealer), 2,000 from Cyd and
    2,000 from Dan = 8,000. No noten payments (Cyd gets nothing for tenpai), no counter money, the stick stays on the
    table. Ann 25,000 − 4,000 = 21,000; Bob 25,000 + 8,000 = 33,000; Cyd 24,000 − 2,000 = 22,000; Dan 25,000 − 2,000
    = 23,000 (99,000 + the stick = 100,000). A draw: a counter is added (1 → 2); Ann is noten, the deal passes."""
    st = table(
        clubs,
        start("nagashi", resume={"scores": [25000] * 4, "counters": 1}),
        riichi(2),
        nagashi_draw(tenpai=[2], nagashi=[1]),
    )
    assert scores(st) == [21000, 33000, 22000, 23000]
    assert where(st) == ("E", 2, 1, 2, 1)
    assert st.table_total() == st.start_total
    # the same draw without the nagashi: Cyd alone tenpai takes 1,000 from each noten player
    plain = table(clubs, start("nagashi", resume={"scores": [25000] * 4, "counters": 1}), riichi(2), draw(2))
    assert scores(plain) == [24000, 24000, 27000, 24000]


def test_nagashi_mangan_by_the_dealer(clubs):
    """Ann deals and made nagashi mangan: 4,000 from each of the three others (12,000): Ann 37,000, the others
    21,000. Ann is also tenpai: she keeps the deal, a counter is added (East 1, 1 counter)."""
    st = table(clubs, start("nagashi"), nagashi_draw(tenpai=[0], nagashi=[0]))
    assert scores(st) == [37000, 21000, 21000, 21000]
    assert where(st) == ("E", 1, 0, 1, 0)
    # noten, she is paid the same and the deal passes: a nagashi mangan is not a win
    st = table(clubs, start("nagashi"), nagashi_draw(nagashi=[0]))
    assert scores(st) == [37000, 21000, 21000, 21000]
    assert where(st) == ("E", 2, 1, 1, 0)


def test_two_nagashi_mangan_at_once_are_each_paid(clubs):
    """Bob and Dan (non-dealers) both made nagashi mangan. Bob: 4,000 from Ann, 2,000 from Cyd, 2,000 from Dan; Dan:
    4,000 from Ann, 2,000 from Bob, 2,000 from Cyd. Ann −8,000 = 17,000; Bob +8,000 − 2,000 = 31,000; Cyd −4,000 =
    21,000; Dan +8,000 − 2,000 = 31,000."""
    st = table(clubs, start("nagashi"), nagashi_draw(nagashi=[3, 1]))
    assert scores(st) == [17000, 31000, 21000, 31000]
    assert where(st) == ("E", 2, 1, 1, 0)
    # the dealer and a non-dealer: Ann takes 4,000 from each of Bob, Cyd, Dan; Cyd takes 4,000 from Ann and 2,000
    # from Bob and Dan. Ann +12,000 − 4,000 = 33,000; Bob −4,000 − 2,000 = 19,000; Cyd +8,000 − 4,000 = 29,000;
    # Dan −6,000 = 19,000
    st = table(clubs, start("nagashi"), nagashi_draw(nagashi=[0, 2]))
    assert scores(st) == [33000, 19000, 29000, 19000]


def test_nagashi_mangan_needs_a_rule_set_that_pays_it_and_a_live_hand(clubs):
    with pytest.raises(LogError, match=r"event 1: nagashi: Japanese Modern \(house\) has no nagashi mangan\."):
        table(clubs, start("japanese-modern"), nagashi_draw(nagashi=[1]))
    dead = ev("incident", seat=1, offence="dead_hand", answers={})
    with pytest.raises(LogError, match=r"event 2: nagashi.0: Bob has a dead hand and cannot make nagashi"):
        table(clubs, start("nagashi"), dead, nagashi_draw(nagashi=[1]))
    with pytest.raises(LogError, match=r"nagashi: a seat is listed twice for nagashi mangan: \[1, 1\]"):
        parse_event(nagashi_draw(nagashi=[1, 1]), 3)
    with pytest.raises(LogError, match="an abortive draw has no nagashi mangan"):
        parse_event(ev("draw", kind="abortive", reason="four winds", nagashi=[2]), 3)


# -- extra rounds --------------------------------------------------------------------------------------------------


def test_an_east_only_game_goes_into_south_and_ends_on_sudden_death(clubs):
    """East only, target 30,000, sudden death. East 1 to 4 end in draws with nobody tenpai: no payments, a counter
    each, the deal passes. After East 4 nobody has 30,000 (all 25,000): South 1 is played, 4 counters.

    South 1 (Ann deals): Cyd alone tenpai takes 1,000 from each: Cyd 28,000, the others 24,000; still nobody at
    30,000, Ann noten: South 2, 5 counters. South 2 (Bob deals): Cyd tsumo 1 han 30 fu: 300 from each non-dealer and
    500 from the dealer, plus 5 counters × 100 from each: Bob 1,000, Ann and Dan 800: Cyd 28,000 + 2,600 = 30,600. The
    hand ends with Cyd at 30,000 or more: the game ends there (sudden death).

    Results: (score − 30,000) + uma (10,000 / 5,000 / −5,000 / −10,000) + oka 20,000 to first. Cyd 600 + 10,000 +
    20,000 = 30,600; Ann and Dan tie at 23,200 for second and third: −6,800 + (5,000 − 5,000) / 2 = −6,800 each; Bob
    23,000: −7,000 − 10,000 = −17,000 (sum 0)."""
    log = [start("east-sd"), draw(), draw(), draw()]
    st = table(clubs, *log)
    assert where(st) == ("E", 4, 3, 3, 0)
    log.append(draw())
    st = table(clubs, *log)
    assert not st.game_over
    assert where(st) == ("S", 1, 0, 4, 0)
    assert scores(st) == [25000] * 4
    log.append(draw(2))
    st = table(clubs, *log)
    assert scores(st) == [24000, 24000, 28000, 24000]
    assert where(st) == ("S", 2, 1, 5, 0) and not st.game_over
    log.append(tsumo(hand(2, han=1, fu=30)))
    st = table(clubs, *log)
    assert scores(st) == [23200, 23000, 30600, 23200]
    assert st.game_over and st.end_reason == "target reached"
    finals = {r.player: r.final for r in st.results}
    assert finals == {"Cyd": 30600, "Ann": -6800, "Dan": -6800, "Bob": -17000}
    assert [s.overall for s in st.seats] == [-6800, -17000, 30600, -6800]


def test_an_east_only_game_with_someone_at_the_target_ends_after_east_4(clubs):
    """East 1: Bob ron on Dan, mangan 8,000: Bob 33,000, Dan 17,000. Three draws with nobody tenpai take the game to
    the end of East 4: Bob has 30,000 or more, so no extra round is played."""
    st = table(clubs, start("east-sd"), ron(3, hand(1, limit="mangan")), draw(), draw(), draw())
    assert st.game_over and st.end_reason == "last hand played"
    assert scores(st) == [25000, 33000, 25000, 17000]


def test_a_south_game_goes_into_west_and_ends_when_the_extra_rounds_run_out(clubs):
    """From paper at South 4 (Dan deals): Ann 27,000, Bob 26,000, Cyd 24,000, Dan 23,000. A draw with nobody tenpai:
    nobody has 30,000, West 1 is played (1 counter).

    West 1 (Ann deals, 1 counter): Ann ron on Bob, 2 han 30 fu, dealer: 2,900 + 300 = 3,200: Ann 30,200, Bob 22,800:
    with sudden death the game would end here; this club has none, the West wind is played to its end. Ann keeps the
    deal, 2 counters. West 1 again: Bob ron on Ann, 3 han 30 fu, non-dealer: 3,900 + 600 = 4,500: Ann 25,700, Bob
    27,300; West 2, no counter. West 2 to West 4: draws with nobody tenpai. At the end of West 4 nobody has 30,000 and
    there is no wind left: the game ends.

    Results: Bob 27,300 first: −2,700 + 10,000 + 20,000 = 27,300; Ann 25,700: −4,300 + 5,000 = 700; Cyd 24,000:
    −6,000 − 5,000 = −11,000; Dan 23,000: −7,000 − 10,000 = −17,000 (sum 0)."""
    paper = {"scores": [27000, 26000, 24000, 23000], "round_wind": "S", "hand": 4}
    log = [start("south-wind", resume=paper), draw()]
    st = table(clubs, *log)
    assert where(st) == ("W", 1, 0, 1, 0) and not st.game_over
    log.append(ron(1, hand(0, han=2, fu=30)))
    st = table(clubs, *log)
    assert scores(st) == [30200, 22800, 24000, 23000]
    assert where(st) == ("W", 1, 0, 2, 0) and not st.game_over
    log.append(ron(0, hand(1, han=3, fu=30)))
    st = table(clubs, *log)
    assert scores(st) == [25700, 27300, 24000, 23000]
    assert where(st) == ("W", 2, 1, 0, 0)
    log += [draw(), draw()]
    st = table(clubs, *log)
    assert where(st) == ("W", 4, 3, 2, 0) and not st.game_over
    log.append(draw())
    st = table(clubs, *log)
    assert st.game_over and st.end_reason == "extra rounds played"
    assert scores(st) == [25700, 27300, 24000, 23000]
    finals = {r.player: r.final for r in st.results}
    assert finals == {"Bob": 27300, "Ann": 700, "Cyd": -11000, "Dan": -17000}


def test_west_with_sudden_death_ends_at_the_first_hand_at_the_target(clubs):
    """The same West 1 ron (Ann 30,200) under sudden death ends the game at once, although Ann keeps the deal."""
    paper = {"scores": [27000, 26000, 24000, 23000], "round_wind": "S", "hand": 4}
    st = table(clubs, start("south-sd", resume=paper), draw(), ron(1, hand(0, han=2, fu=30)))
    assert st.game_over and st.end_reason == "target reached"
    assert scores(st) == [30200, 22800, 24000, 23000]


def test_without_sudden_death_the_extra_wind_ends_with_someone_at_the_target(clubs):
    """West 1: Ann ron on Bob (Ann 30,200, see above), Ann deals again; then draws with nobody tenpai in West 1, 2
    and 3 (a counter each: 5). At the end of West 4 Ann still has 30,000 or more: the game ends, target reached."""
    paper = {"scores": [27000, 26000, 24000, 23000], "round_wind": "S", "hand": 4}
    log = [start("south-wind", resume=paper), draw(), ron(1, hand(0, han=2, fu=30)), draw(), draw(), draw()]
    st = table(clubs, *log)
    assert where(st) == ("W", 4, 3, 5, 0) and not st.game_over
    st = table(clubs, *log, draw())
    assert st.game_over and st.end_reason == "target reached"


def test_the_all_last_dealer_stop_waits_for_the_target(clubs):
    """South 4 from paper, Dan deals with 29,000, the others 24,000, 23,000, 24,000. Dan alone tenpai: 1,000 from each,
    Dan 32,000 leads alone and has 30,000 or more: the game stops. The same with Dan at 26,000 (29,000 after the
    draw): first but below 30,000, the game goes on (South 4 again, 1 counter)."""
    paper = {"scores": [24000, 23000, 24000, 29000], "round_wind": "S", "hand": 4}
    st = table(clubs, start("south-stop", resume=paper), draw(3))
    assert scores(st) == [23000, 22000, 23000, 32000]
    assert st.game_over and st.end_reason == "dealer leading in the last hand"
    paper = {"scores": [25000, 25000, 24000, 26000], "round_wind": "S", "hand": 4}
    st = table(clubs, start("south-stop", resume=paper), draw(3))
    assert scores(st) == [24000, 24000, 23000, 29000]
    assert not st.game_over and where(st) == ("S", 4, 3, 1, 0)


def test_resume_accepts_the_extra_winds_only(clubs):
    st = table(clubs, start("south-sd", resume={"scores": [25000] * 4, "round_wind": "W", "hand": 2}))
    assert where(st) == ("W", 2, 1, 0, 0)
    with pytest.raises(LogError, match=r"resume.round_wind: south-sd plays 2 round\(s\) and at most 1 extra wind"):
        table(clubs, start("south-sd", resume={"scores": [25000] * 4, "round_wind": "N"}))
    with pytest.raises(LogError, match=r"resume.round_wind: Japanese Modern \(house\) plays 2 round\(s\) only"):
        table(clubs, start("japanese-modern", resume={"scores": [25000] * 4, "round_wind": "W"}))


# -- dealer repeats ------------------------------------------------------------------------------------------------


def test_without_dealer_repeats_the_deal_passes_after_every_hand(clubs):
    """No dealer repeats. East 1: Ann (dealer) ron on Bob, mangan 12,000: Ann 37,000, Bob 13,000; the deal passes to
    Bob and the counters go back to 0 (a win that does not keep the deal). East 2: Bob (dealer) alone tenpai takes
    1,000 from each: Bob 16,000, the others 36,000, 24,000, 24,000; the deal passes to Cyd, 1 counter (a draw adds
    one). East 3: Cyd (dealer) tsumo 2 han 30 fu, 1,000 from each + 100 (1 counter) = 1,100 each: Cyd 27,300; East 4,
    no counter."""
    log = [start("repeat-none"), ron(1, hand(0, limit="mangan"))]
    st = table(clubs, *log)
    assert scores(st) == [37000, 13000, 25000, 25000]
    assert where(st) == ("E", 2, 1, 0, 0)
    log.append(draw(1))
    st = table(clubs, *log)
    assert scores(st) == [24000 + 12000, 16000, 24000, 24000]
    assert where(st) == ("E", 3, 2, 1, 0)
    log.append(tsumo(hand(2, han=2, fu=30)))
    st = table(clubs, *log)
    assert scores(st) == [34900, 14900, 27300, 22900]
    assert where(st) == ("E", 4, 3, 0, 0)


def test_without_dealer_repeats_a_dealer_win_in_the_last_hand_ends_the_game(clubs):
    """South 4 from paper, Dan deals: Dan tsumo mangan, 4,000 from each: Dan 37,000. The deal cannot stay: the game
    ends (under Japanese Modern Dan would deal South 4 again)."""
    paper = {"scores": [25000] * 4, "round_wind": "S", "hand": 4}
    st = table(clubs, start("repeat-none", resume=paper), tsumo(hand(3, limit="mangan")))
    assert scores(st) == [21000, 21000, 21000, 37000]
    assert st.game_over and st.end_reason == "last hand played"
    st = table(clubs, start("japanese-modern", resume=paper), tsumo(hand(3, limit="mangan")))
    assert not st.game_over and where(st) == ("S", 4, 3, 1, 0)


def test_dealer_repeats_on_a_win_only_or_on_tenpai_only(clubs):
    """``win``: Ann (dealer) alone tenpai at the draw: +3,000 (28,000), the deal passes all the same (East 2, 1
    counter); a dealer's win keeps it (East 1 again, 1 counter). ``tenpai``: the other way round: after the draw Ann
    keeps the deal (East 1, 1 counter); after her ron (1 han 30 fu, dealer: 1,500) the deal passes and the counters
    go back to 0."""
    st = table(clubs, start("repeat-win"), draw(0))
    assert scores(st) == [28000, 24000, 24000, 24000]
    assert where(st) == ("E", 2, 1, 1, 0)
    st = table(clubs, start("repeat-win"), ron(1, hand(0, han=1, fu=30)))
    assert scores(st) == [26500, 23500, 25000, 25000]
    assert where(st) == ("E", 1, 0, 1, 0)
    st = table(clubs, start("repeat-tenpai"), draw(0))
    assert where(st) == ("E", 1, 0, 1, 0)
    st = table(clubs, start("repeat-tenpai"), ron(1, hand(0, han=1, fu=30)))
    assert scores(st) == [26500, 23500, 25000, 25000]
    assert where(st) == ("E", 2, 1, 0, 0)
