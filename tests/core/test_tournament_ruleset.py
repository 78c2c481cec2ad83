"""Issue 29, problem 5, in the core: a tournament ranks under the rule set of its first hanchan. Setup refuses a
hanchan under another rule set until the referee confirms it (it is then counted, marked in the standings), and
names a player seated in a hanchan in play at another table. Every number of the standings before and after."""

from __future__ import annotations

import pytest

from refapp.core.errors import Refused
from refapp.core.setup import StartCheck
from refapp.domain.tournament import InPlayElsewhere, standings_to_json

from .conftest import request

T1 = ("Ann", "Bob", "Cyd", "Dan")
T2 = ("Eve", "Fay", "Cyd", "Dan")  # Cyd and Dan are still in play at table 1


def record(session, type_: str, **fields) -> None:
    session.record(session.new_event(type_, **fields))


def ron(session, discarder: int, seat: int, **value) -> None:
    record(session, "win", kind="ron", discarder=discarder, winners=[{"seat": seat, **value}])


def standings(session) -> dict:
    name, st = session.results.tournament_standings()
    assert st is not None
    return standings_to_json(st, name)


def rows(data: dict) -> list[tuple]:
    """(place, shared, player, played, table points, uma, oka and sticks, penalties, total, in play, hanchans under
    another rule set) of every ranked player, in order."""
    return [
        (p["rank"], p["shared"], p["player"], p["played"], p["points"], p["uma"], p["oka_and_sticks"], p["penalties"],
         p["total"], p["in_play"], p["other_ruleset_hanchans"])
        for p in data["ranking"]
    ]  # fmt: skip


def test_a_hanchan_under_another_rule_set_is_confirmed_then_counted_under_the_tournaments_and_marked(session):
    # table 1, WRC 2015: Ann (East, dealer) ron mangan from Bob, 12,000; the hanchan goes on
    session.setup.start_hanchan(request(1, T1, "wrc-2015"))
    ron(session, 1, 0, limit="mangan")
    table1 = session.table
    # as if it ended now (WRC: 30,000 returned, uma 15/5/-5/-15 points, Cyd and Dan share 2nd and 3rd: 0 each);
    # amounts in WRC points (1 point = 1,000 table points)
    before = standings(session)
    assert (before["ruleset"], before["unit"], before["ruleset_from"]) == ("wrc-2015", 1000, {"table": 1, "hanchan": 1})
    assert (before["ties"], before["disqualified"], before["other_ruleset"]) == ("shared", "not_listed", [])
    assert rows(before) == [
        (1, False, "Ann", 1, 12, 15, 0, 0, 27, True, 0),
        (2, True, "Cyd", 1, 0, 0, 0, 0, 0, True, 0),
        (2, True, "Dan", 1, 0, 0, 0, 0, 0, True, 0),
        (4, False, "Bob", 1, -12, -15, 0, 0, -27, True, 0),
    ]  # fmt: skip

    # table 2 under the SG club league, with Cyd and Dan, who are still in play at table 1: refused, nothing stored
    found = session.setup.check("Paris Open", 2, T2, "sg-league")
    assert found == StartCheck(
        "sg-league", "wrc-2015", "WRC 2015", (1, 1), (InPlayElsewhere("Cyd", 1, 1), InPlayElsewhere("Dan", 1, 1))
    )
    assert found.other_ruleset and not found.clear
    with pytest.raises(Refused) as refused:
        session.setup.start_hanchan(request(2, T2, "sg-league"))
    assert refused.value.check == found and refused.value.reason.key == "start_needs_confirmation"
    assert [t.number for t in session.store.tables(table1.tournament_id)] == [1]  # no table 2, no new player
    assert [p["name"] for p in session.store.players(table1.tournament_id)] == list(T1)
    assert session.table == table1 and standings(session) == before
    # a confirmation of something else (the same players under WRC) does not start it either
    with pytest.raises(Refused):
        session.setup.start_hanchan(request(2, T2, "sg-league"), session.setup.check("Paris Open", 2, T2, "wrc-2015"))
    assert [t.number for t in session.store.tables(table1.tournament_id)] == [1]

    # confirmed: table 2 starts under the club league; Eve (East, dealer) ron 3 han 30 fu from Fay, 5,800
    session.setup.start_hanchan(request(2, T2, "sg-league"), found)
    assert session.table.number == 2 and session.state.ruleset.id == "sg-league"
    ron(session, 1, 0, han=3, fu=30)
    # the club league scores its hanchan (25,000 start, 30,000 returned, uma 15/5/-5/-15, oka 20,000 to the first):
    # Eve 30,800: +800 + 15,000 + 20,000 = 35,800; Cyd and Dan 25,000: -5,000 and a shared uma of 0 = -5,000; Fay
    # 19,200: -10,800 - 15,000 = -25,800. The tournament still ranks under WRC 2015, in its points: table 1's numbers
    # are as they were, table 2's are 35.8, -5, -5, -25.8, and table 2's players are marked.
    after = standings(session)
    assert (after["ruleset"], after["unit"], after["ruleset_from"]) == ("wrc-2015", 1000, {"table": 1, "hanchan": 1})
    assert (after["ties"], after["disqualified"]) == ("shared", "not_listed")
    assert after["other_ruleset"] == [{"table": 2, "hanchan": 1, "ruleset": "sg-league"}]
    assert rows(after) == [
        (1, False, "Eve", 1, 0.8, 15, 20, 0, 35.8, True, 1),
        (2, False, "Ann", 1, 12, 15, 0, 0, 27, True, 0),
        (3, True, "Cyd", 2, -5, 0, 0, 0, -5, True, 1),
        (3, True, "Dan", 2, -5, 0, 0, 0, -5, True, 1),
        (5, False, "Fay", 1, -10.8, -15, 0, 0, -25.8, True, 1),
        (6, False, "Bob", 1, -12, -15, 0, 0, -27, True, 0),
    ]  # fmt: skip
    assert {p["player"]: p["progress"] for p in after["ranking"]} == {
        "Eve": [35.8], "Ann": [27], "Cyd": [-5], "Dan": [-5], "Fay": [-25.8], "Bob": [-27],
    }  # fmt: skip


def test_the_tournaments_rule_set_stays_its_first_hanchans(session):
    # table 1 starts under EMA 2016, then table 2 under WRC 2015 (confirmed), then table 1's hanchan 2 under WRC
    # 2015 (confirmed): the tournament still ranks under EMA 2016, whatever was started last
    session.setup.start_hanchan(request(1, T1, "ema-2016"))
    record(session, "hanchan_end", reason="time limit")
    t2 = ("Eve", "Fay", "Gus", "Hal")
    found = session.setup.check("Paris Open", 2, t2, "wrc-2015")
    assert found.other_ruleset and found.elsewhere == () and found.tournament_ruleset == "ema-2016"
    session.setup.start_hanchan(request(2, t2, "wrc-2015"), found)
    found = session.setup.check("Paris Open", 1, T1, "wrc-2015")
    session.venue.open_table(next(t.table_id for t in session.venue.tables() if t.number == 1))
    session.setup.start_hanchan(request(1, T1, "wrc-2015", hanchan=2), found)
    _, st = session.results.tournament_standings()
    assert st.ruleset.id == "ema-2016" and st.first == (1, 1) and st.unit == 1
    assert [(r.table, r.hanchan, r.ruleset.id) for r in st.other_rules] == [(2, 1, "wrc-2015"), (1, 2, "wrc-2015")]
    # the same rule set and nobody in play elsewhere: nothing to confirm, it starts at once
    session.venue.open_table(next(t.table_id for t in session.venue.tables() if t.number == 2))
    record(session, "hanchan_end", reason="time limit")
    assert session.setup.check("Paris Open", 3, ("Ivy", "Jon", "Kim", "Lea"), "ema-2016").clear
    session.setup.start_hanchan(request(3, ("Ivy", "Jon", "Kim", "Lea"), "ema-2016"))
    assert session.table.number == 3


def test_a_player_in_play_elsewhere_is_named_as_that_table_has_him_and_a_finished_hanchan_names_nobody(session):
    session.setup.start_hanchan(request(1, T1, "ema-2016"))
    found = session.setup.check("Paris Open", 2, ("Eve", "ann", "Gus", "Hal"), "ema-2016")
    assert found.elsewhere == (InPlayElsewhere("Ann", 1, 1),) and not found.other_ruleset
    # at its own table, a player is never "elsewhere"
    assert session.setup.check("Paris Open", 1, T1, "ema-2016").elsewhere == ()
    record(session, "hanchan_end", reason="time limit")
    assert session.setup.check("Paris Open", 2, ("Eve", "Ann", "Gus", "Hal"), "ema-2016").clear
    # a new tournament: nothing to check against
    assert session.setup.check("Lyon Club Night", 1, T1, "sg-league") == StartCheck("sg-league")
