"""Hanchan results with substitutes and absent players (issue 13 item 1), computed by hand from the rule books.

Seats 0-3 are Ann, Bob, Cyd and Dan; Ann is East (the dealer) at the start.
"""

from __future__ import annotations

from refapp.domain.ledger_json import state_to_json
from refapp.domain.results import export_rows
from tests.logs import end, ev, fold, hand, ron, start


def missed(seat: int, during_play: bool, substitute: str = "Zoe") -> dict:
    return ev(
        "incident", seat=seat, offence="missed_hanchan", answers={"during_play": during_play}, substitute=substitute
    )


def rows(st) -> list[tuple]:
    """(player, substitute for, rank, score, uma, final, ranked) of every results row, absent players last."""
    return [(r.player, r.substitute_for, r.rank, r.score, r.uma, r.final, r.ranked) for r in st.results]


def test_ema2012_substitute_from_the_start_counts_for_the_opponents_uma_only():
    """EMA 2012 §5.7: "Substitute players' session results will always be entered in the tournament score keeping
    as 0 points and -30,000 uma. However, at the table the substitute's score will count for determining the
    opponents's uma if the substitute played from the beginning of the session ... E.g. if the substitute wins the
    table, the other players will get umas of 10,000, -10,000 and -30,000. So when enterering the results, two players
    will have uma of -30,000 and no one will have the winner uma of 30,000 in this case." And: "A player who was
    substituted will receive 0 points and an uma of -30,000 points for each session missed."

    EMA 2012, 0 points each. Ann is absent from the start; Zoe plays her seat. East 1: Zoe (dealer) wins 12,000 on
    Dan's discard; East 1, 1 counter: Bob wins 2,000 + 300 on Cyd's discard. Time: Zoe 12,000, Bob 2,300,
    Cyd -2,300, Dan -12,000. Results: Zoe (substitute for Ann) 0 points and -30,000 uma, not ranked; Bob 2,300 +
    10,000 = 12,300; Cyd -2,300 - 10,000 = -12,300; Dan -12,000 - 30,000 = -42,000; Ann 0 points and -30,000 uma."""
    log = [
        start("ema-2012"),
        missed(0, during_play=False),
        ron(3, hand(0, points=12000)),
        ron(2, hand(1, points=2000)),
        end(),
    ]
    st = fold(log)
    assert [s.score for s in st.seats] == [12000, 2300, -2300, -12000]
    assert rows(st) == [
        ("Zoe", "Ann", 1, 12000, -30000, -30000, False),
        ("Bob", "", 2, 2300, 10000, 12300, True),
        ("Cyd", "", 3, -2300, -10000, -12300, True),
        ("Dan", "", 4, -12000, -30000, -42000, True),
        ("Ann", "", 0, 0, -30000, -30000, True),
    ]
    assert st.results[-1].absent is True
    assert st.overall_by_player == {"Ann": -30000, "Bob": 12300, "Cyd": -12300, "Dan": -42000}
    out = state_to_json(st)["results"]
    assert out[0] == {
        "player": "Zoe",
        "substitute_for": "Ann",
        "ranked": False,
        "rank": 1,
        "score": 12000,
        "uma": -30000,
        "oka": 0,
        "leftover": 0,
        "penalty": 0,
        "final": -30000,
    }
    assert out[4]["absent"] is True and out[4]["player"] == "Ann"
    # the results export: what each row adds to an overall score, and no made-up penalty
    export = export_rows(st, [0, 0, 0, 0])
    assert [(r["player"], r["points"], r["uma"], r["penalties"], r["result"]) for r in export] == [
        ("Zoe", 0, -30000, 0, -30000),
        ("Bob", 2300, 10000, 0, 12300),
        ("Cyd", -2300, -10000, 0, -12300),
        ("Dan", -12000, -30000, 0, -42000),
        ("Ann", 0, -30000, 0, -30000),
    ]


def test_ema2012_substitute_after_play_began_always_takes_the_last_uma():
    """EMA 2012 §5.7: "Substitute players who are substituted after the playing has begun at the table ... will
    always receive the -30,000 uma, meaning that the other three players will get the 30,000, 10,000 and -10,000 uma
    even if the substitute scored the most point at the table."

    EMA 2012, 0 each. East 1: Ann (dealer) wins 12,000 on Dan's discard; then Ann falls ill and Zoe takes the seat.
    East 1, 1 counter: Bob wins 2,000 + 300 on Cyd's discard. Time: seat 0 12,000, Bob 2,300, Cyd -2,300, Dan -12,000.
    Results: Bob 2,300 + 30,000 = 32,300 (1st), Cyd -2,300 + 10,000 = 7,700, Dan -12,000 - 10,000 = -22,000, Zoe 0
    points and -30,000 uma (last); Ann 0 points and -30,000 uma."""
    log = [
        start("ema-2012"),
        ron(3, hand(0, points=12000)),
        missed(0, during_play=True),
        ron(2, hand(1, points=2000)),
        end(),
    ]
    st = fold(log)
    assert rows(st) == [
        ("Zoe", "Ann", 4, 12000, -30000, -30000, False),
        ("Bob", "", 1, 2300, 30000, 32300, True),
        ("Cyd", "", 2, -2300, 10000, 7700, True),
        ("Dan", "", 3, -12000, -10000, -22000, True),
        ("Ann", "", 0, 0, -30000, -30000, True),
    ]
    assert st.overall_by_player == {"Ann": -30000, "Bob": 32300, "Cyd": 7700, "Dan": -22000}


def test_wrc2015_substitute_is_scored_normally_and_not_ranked():
    """WRC 2015 §7.2: "Substitute players are scored normally and then not included in the ranking. The player
    missing the hanchan doesn't get any point and will have a 30 points penalty."

    WRC 2015, 30,000 each. Cyd is absent; Zoe plays seat 2 and wins 8,000 on Dan's discard; time. Zoe 38,000 (1st:
    8 + 15 = 23 points, not ranked), Ann and Bob 30,000 tied 2nd-3rd (uma (5 - 5) / 2 = 0: 0 points each), Dan
    22,000 (-8 - 15 = -23). Cyd: no points and a 30-point penalty. Overall: Ann 0, Bob 0, Cyd -30, Dan -23."""
    log = [start("wrc-2015"), missed(2, during_play=False), ron(3, hand(2, points=8000)), end()]
    st = fold(log)
    assert rows(st) == [
        ("Ann", "", 2, 30000, 0, 0, True),
        ("Bob", "", 2, 30000, 0, 0, True),
        ("Zoe", "Cyd", 1, 38000, 15000, 23000, False),
        ("Dan", "", 4, 22000, -15000, -23000, True),
        ("Cyd", "", 0, 0, 0, -30000, True),
    ]
    assert st.results[-1].penalty == 30000
    assert st.overall_by_player == {"Ann": 0, "Bob": 0, "Cyd": -30000, "Dan": -23000}
    export = export_rows(st, [0, 0, 0, 0])
    assert [(r["player"], r["substitute_for"], r["ranked"], r["penalties"], r["result"]) for r in export] == [
        ("Ann", "", True, 0, 0),
        ("Bob", "", True, 0, 0),
        ("Zoe", "Cyd", False, 0, 23000),
        ("Dan", "", True, 0, -23000),
        ("Cyd", "", True, 30000, -30000),
    ]


def test_an_unnamed_substitute_is_listed_without_the_absent_players_name():
    """A substitute recorded without a name still never takes the absent player's row."""
    st = fold([start("wrc-2015"), missed(2, during_play=False, substitute=""), end()])
    got = [(r.player, r.substitute_for, r.absent) for r in st.results]
    assert (got[2], got[4]) == (("", "Cyd", False), ("Cyd", "", True))


def test_the_results_export_lists_substitutes_and_absent_players():
    """The EMA-style results export uses the same rows: the substitute under her own name with 0 points and -30,000
    uma, the absent player with 0 points and -30,000 uma, no made-up penalty (EMA 2012 §5.7)."""
    from refapp.domain.log_results import finished_hanchans
    from tests.logs import rulesets

    log = [start("ema-2012"), missed(0, during_play=False), ron(3, hand(0, points=12000)), end()]
    (h,) = finished_hanchans(log, rulesets())
    assert [(r["player"], r["substitute_for"], r["uma"], r["penalties"], r["result"]) for r in h["rows"]] == [
        ("Zoe", "Ann", -30000, 0, -30000),
        ("Bob", "", 0, 0, 0),  # Bob, Cyd tie 2nd-3rd at 0: (10,000 - 10,000) / 2 = 0
        ("Cyd", "", 0, 0, 0),
        ("Dan", "", -30000, 0, -42000),
        ("Ann", "", -30000, 0, -30000),
    ]


# -- a player disqualified during the hanchan ----------------------------------------------------------------------


def cheating(seat: int, substitute: str = "Zoe", offence: str = "cheating") -> dict:
    return ev("incident", seat=seat, offence=offence, answers={}, substitute=substitute)


def test_ema2012_a_disqualified_player_has_the_absent_players_line_marked_disqualified():
    """EMA 2012 §5.7: "Substitute players who are substituted after the playing has begun at the table (e.g. if a
    player falls ill during the session, or in case a player is disqualified), will always receive the -30,000 uma,
    meaning that the other three players will get the 30,000, 10,000 and -10,000 uma"; "A player who was substituted
    will receive 0 points and an uma of -30,000 points for each session missed"; "A disqualified player will be
    ranked at the bottom of the result list and the result will count for the EMA ranking list."

    EMA 2012, 0 points each. Bob (seat 1) is caught cheating and disqualified; Zoe plays his seat; time, nobody has
    scored. Zoe came in after play began: she takes the last uma, her session is entered as 0 points and -30,000 uma
    (not ranked). Ann, Cyd and Dan tie at 0 for the first three places: (30,000 + 10,000 - 10,000) / 3 = 10,000 each.
    Bob: 0 points and -30,000 uma, a line of his own marked disqualified; his overall score 0 - 30,000 = -30,000."""
    from refapp.domain.standings import LineKind, hanchan_report

    st = fold([start("ema-2012"), cheating(1), end()])
    assert [s.score for s in st.seats] == [0, 0, 0, 0]
    assert rows(st) == [
        ("Ann", "", 1, 0, 10000, 10000, True),
        ("Zoe", "Bob", 4, 0, -30000, -30000, False),
        ("Cyd", "", 1, 0, 10000, 10000, True),
        ("Dan", "", 1, 0, 10000, 10000, True),
        ("Bob", "", 0, 0, -30000, -30000, True),
    ]
    bob = st.results[-1]
    assert (bob.absent, bob.disqualified, bob.points, bob.penalty) == (True, True, 0, 0)
    assert [r.disqualified for r in st.results[:4]] == [False, False, False, False]
    assert st.overall_by_player == {"Ann": 10000, "Bob": -30000, "Cyd": 10000, "Dan": 10000}
    # the replay's JSON
    assert state_to_json(st)["results"][-1] == {
        "player": "Bob",
        "rank": 0,
        "score": 0,
        "uma": -30000,
        "oka": 0,
        "leftover": 0,
        "penalty": 0,
        "final": -30000,
        "absent": True,
        "disqualified": True,
    }
    # the results export's rows
    export = export_rows(st, [0, 0, 0, 0])
    assert [(r["player"], r["disqualified"], r["uma"], r["penalties"], r["result"]) for r in export] == [
        ("Ann", False, 10000, 0, 10000),
        ("Zoe", False, -30000, 0, -30000),
        ("Cyd", False, 10000, 0, 10000),
        ("Dan", False, 10000, 0, 10000),
        ("Bob", True, -30000, 0, -30000),
    ]
    # the Results page's lines: Bob's is the disqualified player's, without rank or table score
    line = hanchan_report(st).results[-1]
    assert (line.kind, line.name, line.rank, line.score, line.uma, line.final, line.overall) == (
        LineKind.DISQUALIFIED, "Bob", None, None, -30000, -30000, -30000
    )  # fmt: skip


def test_the_disqualified_players_line_follows_each_rule_sets_data():
    """The same table under every shipped rule set: the line (and the overall score) of the disqualified player
    comes from each rule set's own data (``penalties.disqualified_result``, ``missed_hanchan_penalty``,
    ``missed_hanchan_uma``), never from its id.

    EMA 2016 and 2025 carry the 2012 reading with their missed-hanchan values: 0 points, a 15,000 penalty and
    -15,000 uma: -30,000. MahjongTime's EMA 2008 and Japanese Modern follow EMA 2012 with no fixed result: a line of
    0, marked. WRC 2015 §7.1: "He will not be listed in the ranking": no line, nothing more (WRC 2025 keeps the 2015
    reading); the SG league says nothing: no line. (The generic disqualification: some rule sets leave cheating to the
    referee's choice.)"""
    expected = {
        # rule set: (Bob's line as (penalty, uma, final), or None; Bob's overall score)
        "ema-2012": ((0, -30000, -30000), -30000),
        "ema-2016": ((15000, -15000, -30000), -30000),
        "ema-2025": ((15000, -15000, -30000), -30000),
        "ema-2008-mt": ((0, 0, 0), 0),
        "japanese-modern": ((0, 0, 0), 0),
        "wrc-2015": (None, 0),
        "wrc-2025": (None, 0),
        "sg-league": (None, 0),
    }
    for rid, (line, overall) in expected.items():
        st = fold([start(rid), cheating(1, offence="disqualification"), end()])
        absent = [r for r in st.results if r.absent]
        got = (absent[0].penalty, absent[0].uma, absent[0].final) if absent else None
        assert (got, st.seats[1].overall) == (line, overall), rid
        assert all(r.disqualified for r in absent) and st.seats[1].disqualified, rid


def test_a_club_rule_set_decides_the_disqualified_players_line(tmp_path):
    """The line is the rule set's data: a club file starting from WRC 2015 that gives a disqualified player the
    absent player's result gets it (no points and the 30-point penalty: -30), and one starting from EMA 2012 that
    gives him none has no line (his overall score stays 0)."""
    from tests.logs import club_rulesets, fold_with

    rs = club_rulesets(
        tmp_path,
        wrc='extends = "wrc-2015"\nid = "club-wrc"\nname = "W"\nversion = "1"\n'
        '[penalties]\ndisqualified_result = "missed_hanchan"\n',
        ema='extends = "ema-2012"\nid = "club-ema"\nname = "E"\nversion = "1"\n'
        '[penalties]\ndisqualified_result = "none"\n',
    )
    st = fold_with(rs, [start("club-wrc"), cheating(1), end()])
    assert [(r.player, r.penalty, r.final, r.disqualified) for r in st.results if r.absent] == [
        ("Bob", 30000, -30000, True)
    ]
    assert st.seats[1].overall == -30000
    st = fold_with(rs, [start("club-ema"), cheating(1), end()])
    assert [r for r in st.results if r.absent] == [] and st.seats[1].overall == 0
