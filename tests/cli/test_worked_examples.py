"""RULES.md §8 worked examples, replayed with `refapp replay` from table-log files kept in tests/data/logs.

Seat letters in RULES.md are the winds of the hand: in East-2 seat 1 is East, in East-3 seat 2 is East.
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
