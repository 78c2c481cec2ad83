"""The worked examples of docs/worked-examples.md, replayed with `refapp replay` from table-log files kept in
tests/data/logs.

Seat letters in the examples are the winds of the hand: in East-2 seat 1 is East, in East-3 seat 2 is East.
"""

import json
from pathlib import Path

import pytest

from refapp.cli import main

LOGS = Path(__file__).parent.parent / "data" / "logs"


def replay(name: str, capsys) -> dict:
    assert main(["replay", str(LOGS / f"{name}.json")]) == 0
    return json.loads(capsys.readouterr().out)


def table(out) -> tuple:
    return (out["round_wind"], out["hand"], out["dealer"], out["counters"], out["riichi_sticks"])


def col(out, key):
    return [s[key] for s in out["seats"]]


def test_ex01_ema2016_chombo_leaves_the_table_untouched(capsys):
    out = replay("ex01-ema2016-chombo", capsys)
    assert col(out, "score") == [30000, 30000, 30000, 30000]  # S's stick returned
    assert table(out) == ("E", 1, 0, 0, 0)  # East-1 replayed, 0 counters, E still dealer
    assert col(out, "chombos") == [0, 0, 1, 0]
    assert col(out, "riichi") == [False] * 4


def test_ex01_ema2016_chombo_is_taken_after_uma(capsys):
    out = replay("ex01-ema2016-chombo-end", capsys)
    assert col(out, "score") == [41000, 33000, 27000, 19000]
    assert [r["rank"] for r in out["results"]] == [1, 2, 3, 4]  # the chombo does not change W's placement
    assert [r["final"] for r in out["results"]] == [26000, 8000, -28000, -26000]
    assert [r["penalty"] for r in out["results"]] == [0, 0, 20000, 0]
    assert col(out, "overall") == [26000, 8000, -28000, -26000]


@pytest.mark.parametrize("ruleset", ["ema-2012", "ema-2008-mt", "japanese-modern"])
def test_ex02_mangan_chombo_non_dealer(ruleset, capsys):
    out = replay(f"ex02-{ruleset}-chombo", capsys)
    assert col(out, "score") == [29000, 17000, 27000, 27000]
    assert sum(col(out, "score")) == 100000
    assert table(out) == ("E", 1, 0, 0, 0)
    assert col(out, "chombos") == [0, 1, 0, 0]


@pytest.mark.parametrize("ruleset", ["ema-2008-mt", "ema-2012", "japanese-modern"])
def test_ex03_dealer_noten_riichi_at_the_draw(ruleset, capsys):
    out = replay(f"ex03-{ruleset}-noten-riichi", capsys)
    # no noten payments, stick back to the dealer, the dealer pays 4,000 to each
    assert col(out, "score") == [29000, 13000, 29000, 29000]
    assert table(out) == ("E", 2, 1, 1, 0)  # East-2 replayed with 1 counter (none added); the dealer keeps the deal


def test_ex04_sg_chombo_is_4000_to_each_plus_league_points(capsys):
    out = replay("ex04-sg-chombo-north", capsys)
    assert col(out, "score") == [29000, 29000, 29000, 13000]
    assert col(out, "extra") == [{}, {}, {}, {"league": -2}]
    assert table(out) == ("E", 1, 0, 0, 0)
    out = replay("ex04-sg-chombo-east", capsys)
    assert col(out, "score") == [13000, 29000, 29000, 29000]  # the same amounts for the dealer


def test_ex04_sg_first_timer_gets_a_dead_hand_only(capsys):
    out = replay("ex04-sg-first-timer", capsys)
    assert col(out, "score") == [25000] * 4
    assert col(out, "dead_hand") == [False, False, False, True]
    assert col(out, "chombos") == [0, 0, 0, 0]
    assert table(out) == ("E", 1, 0, 0, 0)


def test_ex06_wrc2015_chonbo_costs_20_overall_points(capsys):
    out = replay("ex06-wrc2015-chonbo", capsys)
    assert out["hanchan"] == 2
    assert col(out, "player") == ["Dan", "Bob", "Xia", "Cyd"]
    assert col(out, "overall")[2] == 5000  # 25 -> 5 overall points
    assert col(out, "score") == [31000, 30000, 30000, 30000]  # stick back; no mangan payment
    assert table(out) == ("E", 2, 1, 1, 0)


def test_ex08_wrc2015_riichi_then_dead_hand_exception(capsys):
    out = replay("ex08-wrc2015-exception", capsys)
    # seats: 0 = W, 1 = N (riichi, dead hand), 2 = E (dealer), 3 = S
    assert col(out, "score") == [28500, 27500, 33500, 29500]
    assert table(out) == ("E", 3, 2, 1, 1)  # N's stick stays on the table; E tenpai keeps the deal
    assert col(out, "chombos") == [0, 0, 0, 0]


def test_ex08_wrc2015_refusing_to_show_is_a_noten_riichi_chonbo(capsys):
    out = replay("ex08-wrc2015-refuses-to-show", capsys)
    assert col(out, "score") == [30000, 30000, 32000, 28000]  # stick back to N, no noten payments
    assert col(out, "overall") == [0, -20000, 0, 0]
    assert table(out) == ("E", 3, 2, 0, 0)


def test_ex10_wrc2015_lateness_is_overall_points(capsys):
    out = replay("ex10-wrc2015-late", capsys)
    assert col(out, "score") == [42000, 35000, 35000, 8000]  # the table is untouched by the penalty
    assert [r["final"] for r in out["results"]] == [27000, 5000, 5000, -37000]  # B and C tie and split uma
    assert col(out, "overall") == [27000, 5000, -2000, -37000]
    assert col(replay("ex10-wrc2015-late-10", capsys), "overall") == [0, 0, -10000, 0]
    assert col(replay("ex10-wrc2015-late-11", capsys), "overall") == [0, 0, -30000, 0]  # not -40


def test_ex10_ema2012_lateness_comes_off_the_table(capsys):
    out = replay("ex10-ema2012-late", capsys)
    assert col(out, "score") == [12000, 5000, -2000, -22000]  # table total -7,000
    assert [r["rank"] for r in out["results"]] == [1, 2, 3, 4]  # B and C no longer tie
    assert [r["final"] for r in out["results"]] == [42000, 15000, -12000, -52000]


# -- the newer editions: worked examples of our own, computed by hand from what is known of each book ---------------
# WRC 2025: its penalties document (§12.x), known from a summary; EMA 2025: its chombo rule (§3.4.6) and game
# parameters from secondary sources, every other ruling carried from EMA 2016. Seats: Ann (East), Bob, Cyd, Dan.


def results(out) -> list[tuple]:
    return [(r["player"], r["rank"], r["uma"], r["final"], r.get("ranked", True)) for r in out["results"]]


def test_wrc2025_chonbo_is_30_points_and_a_redeal(capsys):
    """§12.2: "30P point penalty and the hand is re-dealt as if it never happened"; "riichi deposits are returned";
    §12.3: an empty win declaration is a chonbo. 30,000 each, East 1. Bob declares riichi (29,000, 1 stick); Dan
    declares an empty win: Dan -30 overall; Bob's stick back; 30,000 each; East 1 again, no counter, Ann deals."""
    out = replay("ex-wrc2025-chonbo", capsys)
    assert col(out, "score") == [30000] * 4
    assert col(out, "overall") == [0, 0, 0, -30000]
    assert col(out, "chombos") == [0, 0, 0, 1]
    assert table(out) == ("E", 1, 0, 0, 0)


def test_wrc2025_empty_call_is_a_dead_hand_and_noten_at_the_draw(capsys):
    """§12.3: "empty calls for groups" give a dead hand; §12.2: a dead hand is noten. 30,000 each, East 1. Cyd makes
    an empty pon call (dead hand). Exhaustive draw, Ann and Cyd say tenpai: Cyd is noten, Ann alone tenpai takes
    1,000 from each: 33,000 · 29,000 · 29,000 · 29,000; a counter; Ann keeps the deal."""
    out = replay("ex-wrc2025-dead-hand", capsys)
    assert col(out, "score") == [33000, 29000, 29000, 29000]
    assert col(out, "dead_hand") == [False] * 4  # a new hand
    assert table(out) == ("E", 1, 0, 1, 0)


def test_wrc2025_lateness_is_a_point_a_minute_then_a_forfeit(capsys):
    """§12.3.9: 1 point per minute late; after 10 minutes the hanchan is forfeited: "no points and a 30P point
    penalty". Cyd is 7 minutes late (-7); Dan 12 minutes (forfeit, a substitute plays: -30). The table is untouched."""
    out = replay("ex-wrc2025-late", capsys)
    assert col(out, "overall") == [0, 0, -7000, -30000]
    assert col(out, "score") == [30000] * 4


def test_wrc2025_substitute_is_scored_normally_and_not_ranked(capsys):
    """§12.3.9: substitutes are "scored normally and then not included in the ranking". Dan forfeits; Zoe plays his
    seat and wins a mangan (8,000) on Ann's discard; time. Zoe 38,000: 8 + 15 = 23, not ranked; Bob and Cyd tie at
    30,000 (uma (5 - 5) / 2 = 0); Ann 22,000: -8 - 15 = -23. Dan: no points and -30."""
    out = replay("ex-wrc2025-substitute", capsys)
    assert col(out, "score") == [22000, 30000, 30000, 38000]
    assert results(out) == [
        ("Ann", 4, -15000, -23000, True),
        ("Bob", 2, 0, 0, True),
        ("Cyd", 2, 0, 0, True),
        ("Zoe", 1, 15000, 23000, False),
        ("Dan", 0, 0, -30000, True),
    ]
    assert col(out, "overall") == [-23000, 0, 0, -30000]


def test_ema2025_chombo_is_20000_after_uma_and_ties_split_sticks_rounded_down(capsys):
    """§3.4.6: re-deal, no dealer rotation, the hand's riichi bets returned, no counter; -20,000 after uma. Leftover
    sticks go to the winner, "split on a tie, rounded down". 30,000 each, East 1. Cyd declares riichi; Bob reveals
    an invalid win: chombo, Cyd's stick back, 30,000 each, East 1 again. Dan declares riichi (29,000, 1 stick); time.
    Ann, Bob, Cyd tie first at 30,000: uma (15,000 + 5,000 - 5,000) / 3 = 5,000 each and the stick 1,000 / 3 rounded
    down to 300 each (100 is lost). Ann 5,300, Bob 5,300 - 20,000 = -14,700, Cyd 5,300, Dan -1,000 - 15,000 =
    -16,000."""
    out = replay("ex-ema2025-chombo", capsys)
    assert col(out, "score") == [30000, 30000, 30000, 29000]
    assert results(out) == [
        ("Ann", 1, 5000, 5300, True),
        ("Bob", 1, 5000, -14700, True),
        ("Cyd", 1, 5000, 5300, True),
        ("Dan", 4, -15000, -16000, True),
    ]
    assert [r["leftover"] for r in out["results"]] == [300, 300, 300, 0]
    assert col(out, "overall") == [5300, -14700, 5300, -16000]


def test_ema2025_dead_hand_keeps_the_riichi_stick_on_the_table(capsys):
    """EMA 2016 ruling carried: too many or too few tiles is a dead hand; a dead hand "can never be considered
    tenpai"; a posted riichi stick stays. 30,000 each. Dan declares riichi (29,000), then has a wrong tile count.
    Draw, Ann and Dan say tenpai: Ann alone tenpai, 1,000 from each: 33,000 · 29,000 · 29,000 · 28,000; Dan's stick
    stays on the table; a counter; Ann keeps the deal."""
    out = replay("ex-ema2025-dead-hand", capsys)
    assert col(out, "score") == [33000, 29000, 29000, 28000]
    assert table(out) == ("E", 1, 0, 1, 1)


def test_ema2025_lateness_comes_off_the_table_score(capsys):
    """EMA 2016 ruling carried (from EMA 2012 §5.6): "1000 points per minute ... deducted from the offending
    player's score immediately ... not added to the other players's scores". Cyd is 4 minutes late: 26,000; time.
    Ann, Bob, Dan tie first at 30,000: uma 5,000 each; Cyd -4,000 - 15,000 = -19,000."""
    out = replay("ex-ema2025-late", capsys)
    assert col(out, "score") == [30000, 30000, 26000, 30000]
    assert [r["final"] for r in out["results"]] == [5000, 5000, -19000, 5000]


def test_ema2025_substitute_after_play_began_takes_the_last_uma(capsys):
    """EMA 2016 values carried: a replaced player -15,000 and -15,000 uma; a substitute after play began takes the
    last uma (EMA 2012 §5.7). Ann (dealer) wins 12,000 on Dan's discard (42,000 / 18,000), then falls ill; Zoe takes
    her seat; time. Bob and Cyd tie first among the others: (15,000 + 5,000) / 2 = 10,000 each; Dan -12,000 - 5,000
    = -17,000; Zoe and Ann: -15,000 - 15,000 = -30,000 each, Zoe not ranked."""
    out = replay("ex-ema2025-substitute", capsys)
    assert col(out, "score") == [42000, 30000, 30000, 18000]
    assert results(out) == [
        ("Zoe", 4, -15000, -30000, False),
        ("Bob", 1, 10000, 10000, True),
        ("Cyd", 1, 10000, 10000, True),
        ("Dan", 3, -5000, -17000, True),
        ("Ann", 0, -15000, -30000, True),
    ]
    assert col(out, "overall") == [-30000, 10000, 10000, -17000]


# -- Japanese-style house rules: the example club file docs/online-ranked.toml (25,000 start, return 30,000, uma
# 20,000 / 10,000, oka 20,000, nagashi mangan, West when nobody has 30,000 after South 4, sudden death) -----------------

CLUB_FILE = Path(__file__).parent.parent.parent / "docs" / "online-ranked.toml"


@pytest.fixture
def club_dir(tmp_path) -> Path:
    (tmp_path / "rulesets").mkdir()
    (tmp_path / "rulesets" / "online-ranked.toml").write_text(CLUB_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    return tmp_path


def replay_club(name: str, data: Path, capsys) -> dict:
    assert main(["--data-dir", str(data), "replay", str(LOGS / f"{name}.json")]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_example_club_file_checks_and_says_the_online_ranked_rules(club_dir, capsys):
    assert main(["--data-dir", str(club_dir / "empty"), "rulesets", "--check", str(CLUB_FILE)]) == 0
    assert capsys.readouterr().out == f"{CLUB_FILE}: ok: online-ranked (Online ranked (club), version 2026.1)\n"
    assert main(["--data-dir", str(club_dir), "rulesets", "show", "online-ranked", "--json"]) == 0
    params = {p["key"]: p["value"] for p in json.loads(capsys.readouterr().out)["parameters"]}
    assert params["game.extra_rounds"] == {"target": 30000, "winds": 1, "sudden_death": True}
    assert (params["scoring.nagashi_mangan"], params["scoring.multiple_ron_counters"]) == (True, "first")
    assert (params["scoring.pao"], params["game.dealer_leading_stop"], params["game.bankruptcy"]) == (
        "split_on_ron",
        True,
        True,
    )
    assert params["results.uma"] == [20000, 10000, -10000, -20000]
    assert (params["results.oka"], params["results.start_points"], params["results.return_points"]) == (
        20000,
        25000,
        30000,
    )


def test_online_ranked_nagashi_mangan_beside_two_tenpai_players(club_dir, capsys):
    """East 2 from paper (Bob deals), 1 counter and 1 stick on the table: Ann 26,000, Bob 24,000, Cyd 25,000, Dan
    24,000. Dan declares riichi (23,000, 2 sticks). At the draw Bob and Dan are tenpai and Ann made nagashi mangan:
    paid as a mangan tsumo by a non-dealer, 4,000 from Bob (the dealer) and 2,000 from Cyd and Dan: Ann 34,000, Bob
    20,000, Cyd 23,000, Dan 21,000. No noten payments, no counter money; the 2 sticks stay; a counter is added (2);
    Bob is tenpai and keeps the deal (East 2)."""
    out = replay_club("ex-online-nagashi", club_dir, capsys)
    assert col(out, "score") == [34000, 20000, 23000, 21000]
    assert table(out) == ("E", 2, 1, 2, 2)
    assert "extra_round" not in out


def test_online_ranked_west_round_ends_on_sudden_death(club_dir, capsys):
    """South 4 from paper (Dan deals): Ann 29,000, Bob 27,500, Cyd 22,000, Dan 21,500. Cyd ron on Dan, 2 han 30 fu:
    2,000 (Cyd 24,000, Dan 19,500). The deal passes at the end of South and nobody has 30,000: West 1, an extra
    round, Ann deals. Ann declares riichi (28,000) and wins by tsumo, 2 han 30 fu, dealer: 1,000 from each + her
    stick: 32,000. She has 30,000 or more: the game ends (sudden death). Bob 26,500, Cyd 23,000, Dan 18,500.
    Results: Ann 2,000 + 20,000 + 20,000 (oka) = 42,000; Bob −3,500 + 10,000 = 6,500; Cyd −7,000 − 10,000 =
    −17,000; Dan −11,500 − 20,000 = −31,500."""
    out = replay_club("ex-online-west", club_dir, capsys)
    assert col(out, "score") == [32000, 26500, 23000, 18500]
    assert (out["round_wind"], out["hand"], out["extra_round"]) == ("W", 1, True)
    assert out["game_over"] and out["end_reason"] == "target reached"
    assert [(r["player"], r["rank"], r["final"]) for r in out["results"]] == [
        ("Ann", 1, 42000),
        ("Bob", 2, 6500),
        ("Cyd", 3, -17000),
        ("Dan", 4, -31500),
    ]
    assert col(out, "overall") == [42000, 6500, -17000, -31500]
