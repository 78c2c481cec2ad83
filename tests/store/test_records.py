"""Each player's record across a tournament (refapp.store.records), and what an incident records of the player's
other tables when it is entered (``elsewhere``), counted by hand under the club league (the calls ladder per
session: the 3rd call offence is a dead hand) and EMA 2016 (warnings over the tournament)."""

from __future__ import annotations

from pathlib import Path

import pytest

from refapp.domain.rules import Ladder, Rule
from refapp.store import records
from refapp.store.db import Store, TableRef
from refapp.store.opening import open_store
from refapp.store.tablebook import TableBook
from refapp.store.verify import verify
from tests.logs import end, ev, rulesets, start, void

T = "2026-11-22T{}:00+01:00"


def enter(store: Store, table: TableRef, event: dict, catalog=None) -> dict:
    """Commit an incident as the app does: with the player's counts at the other tables recorded in it."""
    catalog = catalog or rulesets()
    book = TableBook(store, table, catalog)
    st = book.state
    if event["type"] == "incident":
        away = records.elsewhere(store, catalog, tournament_id=table.tournament_id, table_id=table.table_id,
                                 player=st.seats[event["seat"]].player, ruleset=st.ruleset, session=st.session)  # fmt: skip
        if away:
            event = event | {"elsewhere": away}
    book.commit(event)
    return event


def club_evening(folder: Path) -> Path:
    """A club league evening in a data folder: Bob's two call offences at table 3, then his third at table 7 (a dead
    hand). Returns the folder."""
    store = open_store(folder)
    tid = store.create_tournament("Club league")
    t3, t7 = store.create_table(tid, 3), store.create_table(tid, 7)
    at = "2026-11-22T{}:00+01:00".format
    enter(store, t3, start("sg-league", players=("Ann", "Bob", "Cyd", "Dan"), session=4, at=at("19:00")))
    enter(store, t3, ev("incident", seat=1, offence="silent_call", at=at("19:10"), by="Marie"))
    enter(store, t3, ev("incident", seat=1, offence="wrong_win_word", at=at("19:20"), by="Marie"))
    enter(store, t3, end())
    enter(store, t7, start("sg-league", players=("Bob", "Eve", "Fay", "Gus"), session=4, hanchan=2, at=at("20:00")))
    enter(store, t7, ev("incident", seat=0, offence="silent_call", at=at("20:10"), by="Paul"))
    store.close()
    return folder


def ruling(store: Store, event: dict) -> dict:
    row = store.conn.execute("SELECT ruling FROM events WHERE uuid = ?", (event["id"],)).fetchone()
    import json

    return json.loads(row[0])["ruling"]


@pytest.fixture
def store(tmp_path):
    s = open_store(tmp_path / "a")
    yield s
    s.close()


def _club(store: Store):
    tid = store.create_tournament("Club league")
    t3, t7 = store.create_table(tid, 3), store.create_table(tid, 7)
    enter(
        store, t3, start("sg-league", players=("Ann", "Bob", "Cyd", "Dan"), session=1, hanchan=1, at=T.format("19:00"))
    )
    enter(
        store, t7, start("sg-league", players=("Eve", "Fay", "Bob2", "Hal"), session=1, hanchan=1, at=T.format("19:00"))
    )
    return tid, t3, t7


def test_club_league_a_third_call_offence_this_session_at_another_table_is_a_dead_hand(store):
    tid, t3, t7 = _club(store)
    # table 3, hanchan 1: Bob's silent call and empty meld call: two warnings, calls steps 1 and 2
    a = enter(store, t3, ev("incident", seat=1, offence="silent_call", at=T.format("19:10")))
    b = enter(store, t3, ev("incident", seat=1, offence="empty_meld_call", at=T.format("19:20")))
    assert "elsewhere" not in a and "elsewhere" not in b
    assert [ruling(store, e)["warning_number"] for e in (a, b)] == [1, 2]
    enter(store, t3, end())
    # hanchan 2 of the same session: Bob now plays at table 7 (seat 2)
    enter(store, t7, end())
    enter(
        store, t7, start("sg-league", players=("Eve", "Fay", "Bob", "Hal"), session=1, hanchan=2, at=T.format("20:05"))
    )
    c = enter(store, t7, ev("incident", seat=2, offence="silent_call", at=T.format("20:10")))
    assert c["elsewhere"] == {"warnings": 2, "ladders": {"calls": 2}}
    r = ruling(store, c)
    assert (r["kind"], r["rule_kind"], r["warning_number"]) == ("dead_hand", "warning", 0)
    assert r["elsewhere"] == {"warnings": 0, "ladder": "calls", "steps": 2, "step": 3}
    book = TableBook(store, t7, rulesets())
    assert book.state.seats[2].dead_hand

    rec = records.records(store, rulesets(), tid)
    assert (rec.ruleset, rec.scope, rec.session) == ("sg-league", "session", ("number", 1))
    bob = rec.player("Bob")
    assert bob is not None
    c_ = bob.counts
    assert (c_.warnings, c_.dead_hands, c_.chombos, c_.penalties, c_.ladder_steps, c_.incidents) == (2, 1, 0, 0, 3, 3)
    assert [(i.table, i.session, i.hanchan, i.offence, i.ruling, i.ladder) for i in bob.incidents] == [
        (3, ("number", 1), 1, "silent_call", "warning", "calls"),
        (3, ("number", 1), 1, "empty_meld_call", "warning", "calls"),
        (7, ("number", 1), 2, "silent_call", "dead_hand", "calls"),
    ]
    assert [(i.elsewhere_warnings, i.elsewhere_steps) for i in bob.incidents] == [(0, 0), (0, 0), (0, 2)]
    assert [i.ladder_step for i in bob.incidents] == [1, 2, 3]  # the ladder climbed across tables 3 and 7
    (calls,) = bob.ladders
    assert (calls.ladder, calls.steps, calls.next_step, calls.next_dead_hand) == ("calls", 3, 4, True)
    assert (bob.warnings_in_scope, bob.next_warning) == (2, 3)

    # the next session starts again: at table 3, Bob's call offence is a 1st warning; nothing is recorded elsewhere
    enter(store, t7, end())
    enter(store, t3, start("sg-league", players=("Bob", "Ann", "Cyd", "Dan"), session=2, hanchan=3,
                           at="2026-11-29T19:00:00+01:00"))  # fmt: skip
    d = enter(store, t3, ev("incident", seat=0, offence="silent_call", at="2026-11-29T19:10:00+01:00"))
    assert "elsewhere" not in d
    assert (ruling(store, d)["kind"], ruling(store, d)["warning_number"]) == ("warning", 1)
    rec = records.records(store, rulesets(), tid, "Bob")
    bob = rec.players[0]
    assert rec.session == ("number", 2)
    assert (bob.ladders[0].steps, bob.ladders[0].next_step, bob.ladders[0].next_dead_hand) == (1, 2, False)
    assert bob.counts.ladder_steps == 4  # over the whole tournament
    assert [i.ladder_step for i in bob.incidents] == [1, 2, 3, 1]  # the session's scope: session 2 starts again
    report = verify(store, rulesets())
    assert report.ok, report.message()


def test_a_voided_incident_elsewhere_is_listed_but_not_counted(store):
    tid, t3, t7 = _club(store)
    a = enter(store, t7, ev("incident", seat=2, offence="silent_call", at=T.format("19:10")))  # "Bob2"
    w = enter(store, t3, ev("incident", seat=1, offence="silent_call", at=T.format("19:11")))
    enter(store, t3, void(w, "wrong player"))
    enter(store, t7, end())
    enter(store, t7, start("sg-league", players=("Eve", "Fay", "Bob", "Hal"), session=1, hanchan=2))
    c = enter(store, t7, ev("incident", seat=2, offence="silent_call", at=T.format("20:10")))
    assert "elsewhere" not in c  # the voided one at table 3 is not counted; Bob2's is not Bob's
    assert ruling(store, c)["warning_number"] == 1
    bob = records.records(store, rulesets(), tid, "Bob").players[0]
    assert [(i.table, i.voided, i.counted) for i in bob.incidents] == [(3, True, False), (7, False, True)]
    assert [i.ladder_step for i in bob.incidents] == [0, 1]  # a voided one climbs nothing
    assert (bob.counts.warnings, bob.counts.incidents, bob.ladders[0].steps) == (1, 1, 1)
    assert a["id"] not in {i.uuid for i in bob.incidents}


def test_ema_warnings_are_numbered_across_tables(store):
    tid = store.create_tournament("Paris Riichi Open")
    t3, t7 = store.create_table(tid, 3), store.create_table(tid, 7)
    enter(store, t3, start("ema-2016", players=("Eve", "Fay", "Gus", "Hal"), session=1, at=T.format("10:00")))
    w1 = enter(store, t3, ev("incident", seat=0, offence="warning", at=T.format("10:05")))
    enter(store, t3, end())
    enter(store, t7, start("ema-2016", players=("Ann", "Eve", "Cyd", "Dan"), session=2, at=T.format("14:00")))
    w2 = enter(store, t7, ev("incident", seat=1, offence="warning", at=T.format("14:05")))
    w3 = enter(store, t7, ev("incident", seat=1, offence="warning", at=T.format("14:15")))
    enter(store, t7, ev("incident", seat=1, offence="invalid_win_revealed", answers={}, at=T.format("14:20")))
    assert [e.get("elsewhere") for e in (w1, w2, w3)] == [None, {"warnings": 1}, {"warnings": 1}]
    assert [ruling(store, e)["warning_number"] for e in (w1, w2, w3)] == [1, 2, 3]
    assert TableBook(store, t7, rulesets()).state.seats[1].warnings == 2  # table 7's own
    eve = records.records(store, rulesets(), tid, "Eve").players[0]
    assert [(i.table, i.warning_number, i.elsewhere_warnings) for i in eve.incidents] == [
        (3, 1, 0), (7, 2, 1), (7, 3, 1), (7, 0, 0)]  # fmt: skip
    assert (eve.counts.warnings, eve.counts.chombos, eve.next_warning, eve.ladders) == (3, 1, 4, ())
    # back at table 3 (another session): her own one there + the two at table 7 + this one
    enter(store, t3, start("ema-2016", players=("Eve", "Fay", "Gus", "Hal"), session=3))
    w4 = enter(store, t3, ev("incident", seat=0, offence="warning"))
    assert (w4["elsewhere"], ruling(store, w4)["warning_number"]) == ({"warnings": 2}, 4)
    # another tournament's warnings are not hers here
    other = store.create_tournament("Lyon Open")
    t1 = store.create_table(other, 1)
    enter(store, t1, start("ema-2016", players=("Eve", "Fay", "Gus", "Hal")))
    w5 = enter(store, t1, ev("incident", seat=0, offence="warning"))
    assert "elsewhere" not in w5 and ruling(store, w5)["warning_number"] == 1
    assert verify(store, rulesets()).ok


def test_a_ladder_the_rule_set_alone_cannot_tell_is_read_from_a_replay(store):
    # a club's rule set in which a silent call climbs one ladder with a dead hand, another without: which one an
    # incident climbed depends on the table at that moment, so the record replays the table
    base = rulesets()["sg-league"]
    off = base.offences["silent_call"].model_copy(
        update={"rules": [Rule(when={"dead_hand": True}, ruling="warning", ladder="dead"),
                          Rule(ruling="warning", ladder="calls")]})  # fmt: skip
    rs = base.model_copy(
        update={"offences": {**base.offences, "silent_call": off},
                "ladders": {**base.ladders, "dead": Ladder(dead_hand_from=5)}})  # fmt: skip
    catalog = {**rulesets(), "sg-league": rs}
    tid = store.create_tournament("Club league")
    t3 = store.create_table(tid, 3)
    enter(store, t3, start("sg-league", session=1), catalog)
    enter(store, t3, ev("incident", seat=1, offence="silent_call"), catalog)
    enter(store, t3, ev("incident", seat=2, offence="dead_hand"), catalog)
    enter(store, t3, ev("incident", seat=2, offence="silent_call"), catalog)
    rec = records.records(store, catalog, tid)
    assert [i.ladder for i in rec.player("Bob").incidents] == ["calls"]
    assert [i.ladder for i in rec.player("Cyd").incidents] == ["", "dead"]
    assert {p.ladder: p.steps for p in rec.player("Cyd").ladders} == {"calls": 0, "dead": 1}


def test_no_hanchan_yet_gives_every_player_an_empty_record(store):
    tid = store.create_tournament("Empty")
    store.add_player(tid, "Ann")
    rec = records.records(store, rulesets(), tid)
    assert (rec.ruleset, rec.scope, rec.session) == ("", "", None)
    assert [(p.player, p.counts.incidents, p.next_warning, p.ladders) for p in rec.players] == [("Ann", 0, 1, ())]
