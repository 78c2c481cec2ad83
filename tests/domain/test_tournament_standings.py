"""Tournament standings computed by hand under three rule sets, each with a substitute, a disqualified player and a
tie in the final ranking: every table's hanchans are written out as table logs, every number of the standings is
asserted, with the hand computation beside it.

Eight players, two tables, two hanchans. In hanchan 2 Hal (a winner of hanchan 1) is disqualified during play at
table 1 and Sam plays his seat to the end. The table logs, hand by hand, are in ``tests/standings_data.py``
(``wrc_tables``, ``ema_tables``, ``sg_tables``); the command line and the Standings page are tested on the same.
"""

from __future__ import annotations

from fractions import Fraction

from refapp.domain.log_results import hanchan_records
from refapp.domain.standings import LineKind
from refapp.domain.tournament import standings_to_json, tournament_standings
from tests.logs import club_rulesets, end, ev, hand, ron, rulesets, start
from tests.standings_data import ema_tables, sg_tables, wrc_tables


def standings(*tables: list[dict]):
    records = []
    for number, log in enumerate(tables, start=1):
        records += hanchan_records(log, rulesets(), table=number)
    return tournament_standings(records, rulesets())


def row(p) -> tuple:
    """A player's line of the ranking: place, name, played, missed, points, uma, oka and leftover sticks, penalties,
    total."""
    return (p.rank, p.name, p.played, p.missed, p.points, p.uma, p.bonus, p.penalties, p.total)


# -- WRC 2015 -------------------------------------------------------------------------------------------------------
# Start and return 30,000; uma +15 / +5 / -5 / -15 points (1 point = 1,000 table points); ties split the uma of their
# places; penalties off the overall score. §7.1: a disqualified player "will not be listed in the ranking"; §7.2:
# "Substitute players are scored normally and then not included in the ranking".


def test_wrc_2015_disqualified_not_listed_substitute_apart_tie_shared():
    st = standings(*wrc_tables())
    assert st.ruleset.id == "wrc-2015" and st.unit == 1000 and st.hanchans == (1, 2) and st.in_play == ()
    # Hanchan 1, table 1: Ann 42,000, Cyd 30,000, Dan 30,000, Bob 18,000. Cyd and Dan tie for 2nd-3rd and split
    #   +5 and -5: 0 each. Ann 12 + 15 = 27; Cyd 0; Dan 0; Bob -12 - 15 = -27.
    # Hanchan 1, table 2: Hal 42,000, Eve 30,000, Fay 30,000, Gus 18,000: Hal 27; Eve 0; Fay 0; Gus -27.
    # Hanchan 2, table 1: Cyd 33,900, seat of Hal (Sam) 31,000, Ann 29,000, Gus 26,100. Scored normally (WRC 2015
    #   §7.2), Sam takes the 2nd place: Cyd 3.9 + 15 = 18.9; Sam 1 + 5 = 6 (not ranked); Ann -1 - 5 = -6;
    #   Gus -3.9 - 15 = -18.9. Hal, disqualified during play, gets no result for it: 0.
    # Hanchan 2, table 2: Fay 36,000, Bob 30,000, Eve 30,000, Dan 24,000. Bob and Eve split +5 / -5: Fay 6 + 15 = 21;
    #   Bob 0 - 3 (penalty) = -3; Eve 0; Dan -6 - 15 = -21.
    # Totals: Ann 27 - 6 = 21; Fay 0 + 21 = 21; Cyd 0 + 18.9 = 18.9; Eve 0 + 0 = 0; Dan 0 - 21 = -21;
    #   Bob -27 - 3 = -30; Gus -27 - 18.9 = -45.9. Ann and Fay tie at 21: they share the 1st place (listed by name),
    #   the next is 3rd.
    assert [row(p) for p in st.ranking] == [
        (1, "Ann", 2, 0, 11000, 10000, 0, 0, 21000),  # points 12 - 1, uma 15 - 5
        (1, "Fay", 2, 0, 6000, 15000, 0, 0, 21000),  # points 0 + 6, uma 0 + 15
        (3, "Cyd", 2, 0, 3900, 15000, 0, 0, 18900),
        (4, "Eve", 2, 0, 0, 0, 0, 0, 0),
        (5, "Dan", 2, 0, -6000, -15000, 0, 0, -21000),
        (6, "Bob", 2, 0, -12000, -15000, 0, 3000, -30000),  # -12 - 15 - 3
        (7, "Gus", 2, 0, -15900, -30000, 0, 0, -45900),
    ]
    assert [p.shared for p in st.ranking] == [True, True, False, False, False, False, False]
    # "He will not be listed in the ranking" (WRC 2015 §7.1): Hal's 27 would have placed him 1st
    assert [row(p) for p in st.not_listed] == [(None, "Hal", 1, 0, 12000, 15000, 0, 0, 27000)]
    assert st.not_listed[0].disqualified
    # the substitute, apart and never ranked: his result never goes to Hal
    (sam,) = st.substitutes
    assert (sam.name, sam.substitute_for, sam.hanchans) == ("Sam", ("Hal",), 1)
    assert (sam.points, sam.uma, sam.total) == (1000, 5000, 6000)
    # the chart: each player's total after hanchan 1 and after hanchan 2
    progress = {p.name: p.progress for p in st.ranking + st.not_listed}
    assert progress["Ann"] == (27000, 21000) and progress["Fay"] == (0, 21000) and progress["Hal"] == (27000, 27000)
    # shown in WRC points
    data = standings_to_json(st, "Open")
    assert data["ranking"][2]["total"] == 18.9 and data["ranking"][6]["points"] == -15.9
    assert data["not_listed"][0]["player"] == "Hal" and data["disqualified"] == "not_listed"


# -- EMA 2012 -------------------------------------------------------------------------------------------------------
# No starting points, no return points; uma +30,000 / +10,000 / -10,000 / -30,000; penalties off the table score at
# once. §5.7: "A disqualified player will be ranked at the bottom of the result list and the result will count for
# the EMA ranking list"; "Substitute players' session results will always be entered in the tournament score keeping
# as 0 points and -30,000 uma"; a substitute who came in after play began "will always receive the -30,000 uma".


def test_ema_2012_disqualified_at_the_bottom_substitute_fixed_tie_shared():
    st = standings(*ema_tables())
    assert st.ruleset.id == "ema-2012" and st.unit == 1
    # Hanchan 1, table 1: Ann 12,000, Dan 0, Cyd -3,000 (late), Bob -12,000: Ann 42,000; Dan 10,000;
    #   Cyd -3,000 - 10,000 = -13,000; Bob -42,000. Cyd's points before the penalty: 0, penalty 3,000.
    # Hanchan 1, table 2: Hal 3,900, Eve 0, Fay 0, Gus -3,900. Eve and Fay split +10,000 / -10,000: 0 each.
    #   Hal 33,900; Gus -33,900.
    # Hanchan 2, table 1: Cyd 8,000, Sam's seat 1,000, Ann -1,000, Gus -8,000. Sam came in after play began: he
    #   takes the last uma and his session is entered as 0 points and -30,000 uma (§5.7); the others are placed
    #   among themselves: Cyd 8,000 + 30,000 = 38,000; Ann -1,000 + 10,000 = 9,000; Gus -8,000 - 10,000 = -18,000.
    #   Hal, disqualified during play, was substituted after play began (§5.7: "in case a player is disqualified"):
    #   "A player who was substituted will receive 0 points and an uma of -30,000 points for each session missed":
    #   0 points, -30,000 uma, -30,000.
    # Hanchan 2, table 2: Eve 12,000, Dan 5,000, Fay -5,000, Bob -12,000: Eve 42,000; Dan 15,000; Fay -15,000;
    #   Bob -42,000.
    # Totals: Ann 51,000; Eve 42,000; Cyd -13,000 + 38,000 = 25,000; Dan 10,000 + 15,000 = 25,000 (a tie: both 3rd);
    #   Fay -15,000; Gus -51,900; Bob -84,000; Hal 33,900 - 30,000 = 3,900 (uma 30,000 - 30,000 = 0), disqualified:
    #   at the bottom all the same, below Bob's -84,000.
    assert [row(p) for p in st.ranking] == [
        (1, "Ann", 2, 0, 11000, 40000, 0, 0, 51000),
        (2, "Eve", 2, 0, 12000, 30000, 0, 0, 42000),
        (3, "Cyd", 2, 0, 8000, 20000, 0, 3000, 25000),  # points 0 + 8,000; uma -10,000 + 30,000; the late penalty
        (3, "Dan", 2, 0, 5000, 20000, 0, 0, 25000),
        (5, "Fay", 2, 0, -5000, -10000, 0, 0, -15000),
        (6, "Gus", 2, 0, -11900, -40000, 0, 0, -51900),
        (7, "Bob", 2, 0, -24000, -60000, 0, 0, -84000),
        (8, "Hal", 1, 0, 3900, 0, 0, 0, 3900),  # "ranked at the bottom of the result list"
    ]
    assert [p.shared for p in st.ranking] == [False, False, True, True, False, False, False, False]
    assert st.ranking[-1].disqualified and st.not_listed == ()
    assert st.ranking[2].table_penalties == 3000
    (sam,) = st.substitutes
    assert (sam.name, sam.substitute_for) == ("Sam", ("Hal",))
    assert (sam.points, sam.uma, sam.penalties, sam.total) == (0, -30000, 0, -30000)
    # Cyd's line of hanchan 1, as the results export writes it: the 3,000 are already out of his table score
    cyd = next(line for line in st.lines() if line.player == "Cyd" and line.hanchan == 1)
    assert (cyd.score, cyd.rank, cyd.points, cyd.uma, cyd.penalties, cyd.result) == (-3000, 3, -3000, -10000, 0, -13000)
    assert cyd.table_penalties == 3000
    # Hal's line of hanchan 2: the absent player's (no score, no rank, 0 points, -30,000 uma), marked disqualified
    hal = next(line for line in st.lines() if line.player == "Hal" and line.hanchan == 2)
    assert hal.kind is LineKind.DISQUALIFIED
    assert (hal.score, hal.rank, hal.points, hal.uma, hal.penalties, hal.result) == (None, None, 0, -30000, 0, -30000)
    assert [line.player for line in st.lines() if line.hanchan == 2 and line.table == 1] == [
        "Sam", "Ann", "Gus", "Cyd", "Hal"
    ]  # fmt: skip


# -- SG league ------------------------------------------------------------------------------------------------------
# Start 25,000, return 30,000; uma +15,000 / +5,000 / -5,000 / -15,000 and 20,000 oka to 1st; ties split; penalties
# off the overall score. The league's rules say nothing on a tournament ranking; refapp's decisions (docs/rulings.md):
# a disqualified player stays where his total places him, marked; equal totals are ranked by the table points (the
# larger first), then shared; substitutes are listed apart.


def test_sg_league_disqualified_by_total_tie_broken_by_table_points():
    st = standings(*sg_tables())
    assert st.ruleset.id == "sg-league"
    # Hanchan 1, table 1: Bob 33,000, Ann 25,000, Dan 25,000, Cyd 17,000. Ann and Dan split +5,000 / -5,000.
    #   Bob 3,000 + 15,000 + 20,000 (oka) = 38,000; Ann -5,000; Dan -5,000; Cyd -13,000 - 15,000 = -28,000.
    # Hanchan 1, table 2: the same with Hal, Eve, Fay, Gus: Hal 38,000; Eve -5,000; Fay -5,000; Gus -28,000.
    # Hanchan 2, table 1: Ann 33,000, Fay 30,200, Sam's seat 25,000, Gus 11,800. Sam is scored normally:
    #   Ann 3,000 + 35,000 = 38,000; Fay 200 + 5,000 - 2,000 (penalty) = 3,200; Sam -5,000 - 5,000 = -10,000 (not
    #   ranked); Gus -18,200 - 15,000 = -33,200. Hal: no result for it.
    # Hanchan 2, table 2: Bob 28,900, Eve 28,200, Sue 25,000, Cyd 17,900: Bob -1,100 + 35,000 = 33,900;
    #   Eve -1,800 + 5,000 = 3,200; Sue -10,000 (not ranked); Cyd -12,100 - 15,000 = -27,100. Dan, absent: 0 (the
    #   league sets no missed-hanchan penalty).
    # Totals: Bob 71,900; Hal 38,000 (disqualified, placed by his total); Ann 33,000; Fay -1,800 and Eve -1,800:
    #   equal, broken by table points: Fay -5,000 + 200 = -4,800, Eve -5,000 - 1,800 = -6,800, so Fay 4th, Eve 5th;
    #   Dan -5,000; Cyd -55,100; Gus -61,200.
    assert [row(p) for p in st.ranking] == [
        (1, "Bob", 2, 0, 1900, 30000, 40000, 0, 71900),  # uma 15,000 twice, oka 20,000 twice
        (2, "Hal", 1, 0, 3000, 15000, 20000, 0, 38000),
        (3, "Ann", 2, 0, -2000, 15000, 20000, 0, 33000),  # uma 0 + 15,000, oka 20,000 in hanchan 2
        (4, "Fay", 2, 0, -4800, 5000, 0, 2000, -1800),
        (5, "Eve", 2, 0, -6800, 5000, 0, 0, -1800),
        (6, "Dan", 1, 1, -5000, 0, 0, 0, -5000),
        (7, "Cyd", 2, 0, -25100, -30000, 0, 0, -55100),
        (8, "Gus", 2, 0, -31200, -30000, 0, 0, -61200),  # points -13,000 - 18,200
    ]
    assert not any(p.shared for p in st.ranking)
    assert [p.name for p in st.ranking if p.disqualified] == ["Hal"] and st.not_listed == ()
    assert [(s.name, s.substitute_for, s.points, s.uma, s.total) for s in st.substitutes] == [
        ("Sam", ("Hal",), -5000, -5000, -10000),
        ("Sue", ("Dan",), -5000, -5000, -10000),
    ]
    dan = next(line for line in st.lines() if line.player == "Dan" and line.hanchan == 2)
    assert dan.kind is LineKind.ABSENT and (dan.score, dan.rank, dan.result) == (None, None, 0)


def test_the_same_tie_shared_when_the_rule_set_says_so(tmp_path):
    """The SG league's tie-break is data: a club copy with ``ties = "shared"`` puts Fay and Eve both 4th."""

    club = club_rulesets(
        tmp_path,
        club='extends = "sg-league"\nid = "club"\nname = "Club"\nversion = "1"\n[standings]\nties = "shared"\n',
    )
    t1, t2 = sg_tables()
    t1[0]["ruleset"] = t1[3]["ruleset"] = t2[0]["ruleset"] = t2[3]["ruleset"] = "club"
    records = hanchan_records(t1, club, 1) + hanchan_records(t2, club, 2)
    st = tournament_standings(records, club)
    assert [(p.rank, p.name, p.total) for p in st.ranking[3:5]] == [(4, "Eve", -1800), (4, "Fay", -1800)]


# -- in play, carried over, rule set of the latest hanchan ----------------------------------------------------------


def test_a_hanchan_in_play_counts_as_if_it_ended_now_and_is_marked():
    # WRC 2015: Ann (dealer) ron mangan from Bob (12,000), then Cyd declares riichi, and the hanchan goes on. As if it
    # ended now: Ann 42,000, Dan 30,000, Cyd 29,000 (his stick on the table is lost: WRC 2015 awards no leftover
    # sticks), Bob 18,000: Ann 12 + 15 = 27; Dan 0 + 5 = 5; Cyd -1 - 5 = -6; Bob -12 - 15 = -27.
    log = [start("wrc-2015", hanchan=1), ron(1, hand(0, limit="mangan")), ev("riichi", seat=2)]
    (record,) = hanchan_records(log, rulesets(), table=3)
    assert record.in_play and all(line.in_play for line in record.lines)
    st = tournament_standings([record], rulesets())
    assert st.in_play == ((3, 1),)
    assert [(p.rank, p.name, p.total, p.in_play) for p in st.ranking] == [
        (1, "Ann", 27000, True), (2, "Dan", 5000, True), (3, "Cyd", -6000, True), (4, "Bob", -27000, True),
    ]  # fmt: skip
    # once it is over, nothing is marked in play any more
    (done,) = hanchan_records(log + [end()], rulesets(), table=3)
    assert not done.in_play and tournament_standings([done], rulesets()).ranking[0].in_play is False


def test_overall_carried_from_paper_and_the_latest_rule_set():
    # hanchan 1 on paper: table 1 starts hanchan 2 from paper with overall scores already 10,000 / 0 / -4,000 /
    # -6,000; Ann played hanchan 1 at table 2 in the app (+27,000): the paper's 10,000 is what counts, 17,000 less
    t2 = [start("wrc-2015", ("Ann", "Eve", "Fay", "Gus"), hanchan=1), ron(1, hand(0, limit="mangan")), end()]
    resume = {"scores": [30000, 30000, 30000, 30000], "overall": [10000, 0, -4000, -6000]}
    t1 = [start("wrc-2015", ("Ann", "Bob", "Cyd", "Dan"), hanchan=2, resume=resume), end()]
    st = standings(t1, t2)
    ann = next(p for p in st.ranking if p.name == "Ann")
    # after hanchan 1: 27,000; hanchan 2 starts from 10,000 (carried -17,000) and ends in a four-way tie: +0
    assert (ann.total, ann.carried, ann.progress) == (10000, -17000, (27000, 10000))
    cyd = next(p for p in st.ranking if p.name == "Cyd")
    assert (cyd.total, cyd.carried) == (-4000, -4000)
    assert Fraction(ann.total) == ann.points + ann.uma - ann.penalties + ann.carried
