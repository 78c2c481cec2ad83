"""The session clock's entries (a session's start and length, extra time for one table, the organiser's ending rule)
are entity events of the device's chain: read back by tournament, checked by verify (a changed column or payload is
named), carried by a bundle to another device, put back by a recovery; bad input is refused with nothing stored."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime

import pytest

from refapp.domain.clock import Phase
from refapp.domain.rules import TimeLimit
from refapp.store import clock
from refapp.store.bundle import export_bundle, import_bundle
from refapp.store.db import Store
from refapp.store.opening import open_store
from refapp.store.restoring import recover
from refapp.store.tablebook import TableBook
from refapp.store.verify import verify
from tests.history_data import build
from tests.logs import draw, end, rulesets, start
from tests.store.util import db

START = datetime.fromisoformat("2026-11-22T14:00:00+01:00")


@pytest.fixture
def sc(tmp_path):
    scenario = build(tmp_path / "a")
    yield scenario
    scenario.store.close()


def _verify(store: Store):
    return verify(store, rulesets())


def test_entries_are_chained_read_back_and_verify(sc):
    store = sc.store
    before = store.count_events()
    s1 = clock.set_session(store, sc.paris, 2, START, 90, "Head Ref", at="2026-11-22T13:50:00+01:00")
    s2 = clock.set_session(store, sc.paris, 2, START, 100, "Head Ref", at="2026-11-22T13:55:00+01:00")  # replaces
    x1 = clock.give_extra_time(store, sc.t1, 2, 5, "long ruling", "Marie", at="2026-11-22T15:10:00+01:00")
    x2 = clock.give_extra_time(store, sc.t1, 2, 3, "tiles rebuilt", "Marie", at="2026-11-22T15:20:00+01:00")
    clock.give_extra_time(store, sc.t2, 2, 2, "long ruling", "Paul")
    rule = clock.set_ending_rule(store, sc.paris, TimeLimit(after_time="finish_hand_plus", extra_hands=1),
                                 "tournament regulations", "Head Ref")  # fmt: skip
    assert store.count_events() == before + 6
    got = clock.clock_entries(store, sc.paris)
    assert got.sessions == {2: s2} and s1.id != s2.id
    assert (got.sessions[2].start, got.sessions[2].minutes) == (START, 100)
    assert got.extra_for(sc.t1.table_id, 2) == (x1, x2)
    assert (got.extra_minutes(sc.t1.table_id, 2), got.extra_minutes(sc.t2.table_id, 2)) == (8, 2)
    assert got.extra_minutes(sc.t1.table_id, 1) == 0  # another session
    assert got.rule == rule and got.override == TimeLimit(after_time="finish_hand_plus", extra_hands=1)
    assert clock.clock_entries(store, sc.lyon) == clock.ClockEntries()  # the other tournament has none
    rows = store.conn.execute(
        "SELECT type, tournament_id, table_id, referee, seat, player, note, target FROM events "
        "WHERE type IN ('session_clock', 'extra_time', 'ending_rule') ORDER BY seq"
    ).fetchall()
    # derived like every entity event: the tournament (hashed), who, nothing else
    assert [r[:4] for r in rows] == [
        ("session_clock", sc.paris, "", "Head Ref"),
        ("session_clock", sc.paris, "", "Head Ref"),
        ("extra_time", sc.paris, "", "Marie"),
        ("extra_time", sc.paris, "", "Marie"),
        ("extra_time", sc.paris, "", "Paul"),
        ("ending_rule", sc.paris, "", "Head Ref"),
    ]
    assert {r[4:] for r in rows} == {(None, None, "", None)}
    report = _verify(store)
    assert report.ok, report.message()
    back = clock.set_ending_rule(store, sc.paris, None, "", "Head Ref")
    assert clock.clock_entries(store, sc.paris).override is None and back.rule is None


@pytest.mark.parametrize(
    "sql, what",
    [
        ("UPDATE events SET referee = 'Someone else' WHERE type = 'extra_time'", "column 'referee'"),
        ("UPDATE events SET payload = replace(payload, '\"minutes\":90', '\"minutes\":120') "
         "WHERE type = 'session_clock'", "its content was changed after it was stored"),
    ],
)  # fmt: skip
def test_a_changed_entry_is_named_by_verify(sc, sql, what):
    store = sc.store
    clock.set_session(store, sc.paris, 2, START, 90, "Head Ref")
    clock.give_extra_time(store, sc.t1, 2, 5, "long ruling", "Marie")
    folder = store.path.parent
    store.close()
    conn = sqlite3.connect(db(folder), isolation_level=None)
    conn.execute("DROP TRIGGER IF EXISTS events_no_update")
    conn.execute(sql)
    conn.close()
    sc.store = open_store(folder, read_only=True)
    report = _verify(sc.store)
    assert not report.ok
    assert any(what in p for p in report.problems), report.message()


@pytest.mark.parametrize(
    "call, field",
    [
        (lambda s, sc: clock.set_session(s, sc.paris, 2, START, 0, "x"), "minutes"),
        (lambda s, sc: clock.set_session(s, sc.paris, 2, START, 721, "x"), "minutes"),
        (lambda s, sc: clock.set_session(s, sc.paris, 0, START, 90, "x"), "session"),
        (lambda s, sc: clock.set_session(s, sc.paris, 2, datetime(2026, 11, 22, 14), 90, "x"), "start"),
        (lambda s, sc: clock.set_session(s, "no-such", 2, START, 90, "x"), "tournament"),
        (lambda s, sc: clock.give_extra_time(s, sc.t1, 2, 5, "  ", "x"), "reason"),
        (lambda s, sc: clock.give_extra_time(s, sc.t1, 2, 5, "a\x07b", "x"), "reason"),
        (lambda s, sc: clock.give_extra_time(s, sc.t1, 2, 0, "why", "x"), "minutes"),
        (lambda s, sc: clock.give_extra_time(s, sc.t1, 2, 181, "why", "x"), "minutes"),
        (lambda s, sc: clock.give_extra_time(s, sc.t1, 2, -1, "mistake", "x"), "minutes"),  # nothing to take back
        (lambda s, sc: clock.set_ending_rule(s, "no-such", None, "", "x"), "tournament"),
    ],
)
def test_bad_input_is_refused_and_nothing_is_stored(sc, call, field):
    before = sc.store.count_events()
    with pytest.raises(clock.ClockError) as err:
        call(sc.store, sc)
    assert err.value.field == field, err.value.message
    assert "\n" not in err.value.message
    assert sc.store.count_events() == before


def test_extra_time_given_by_mistake_is_taken_back(sc):
    clock.give_extra_time(sc.store, sc.t1, 2, 5, "long ruling", "Marie")
    clock.give_extra_time(sc.store, sc.t1, 2, -5, "given to the wrong table", "Marie")
    assert clock.clock_entries(sc.store, sc.paris).extra_minutes(sc.t1.table_id, 2) == 0


def test_a_bundle_carries_them_to_another_device_and_verify_stays_ok(sc, tmp_path):
    store = sc.store
    clock.set_session(store, sc.paris, 2, START, 90, "Head Ref")
    clock.give_extra_time(store, sc.t1, 2, 5, "long ruling", "Marie")
    clock.set_ending_rule(store, sc.paris, TimeLimit(last_hand_chombo="redeal"), "our regulations", "Head Ref")
    data = export_bundle(store, sc.paris)
    other = open_store(tmp_path / "b")
    try:
        import_bundle(other, json.loads(json.dumps(data)), rulesets=rulesets(),
                      accept_devices={e["device_id"] for e in data["events"]})  # fmt: skip
        got = clock.clock_entries(other, sc.paris)
        assert (got.sessions[2].start, got.sessions[2].minutes) == (START, 90)
        assert [(e.minutes, e.reason, e.by) for e in got.extra_for(sc.t1.table_id, 2)] == [(5, "long ruling", "Marie")]
        assert got.override == TimeLimit(last_hand_chombo="redeal") and got.rule is not None
        assert got.rule.reason == "our regulations"
        report = _verify(other)
        assert report.ok, report.message()
    finally:
        other.close()


def test_recovery_from_the_journal_puts_them_back(sc):
    store = sc.store
    clock.set_session(store, sc.paris, 2, START, 90, "Head Ref")
    clock.give_extra_time(store, sc.t1, 2, 5, "long ruling", "Marie")
    folder = store.path.parent
    store.close()
    conn = sqlite3.connect(db(folder), isolation_level=None)
    conn.execute("DROP TRIGGER IF EXISTS events_no_delete")
    conn.execute("DELETE FROM events WHERE type IN ('session_clock', 'extra_time')")
    conn.close()
    recover(folder, rulesets())
    sc.store = open_store(folder)
    got = clock.clock_entries(sc.store, sc.paris)
    assert got.sessions[2].minutes == 90 and got.extra_minutes(sc.t1.table_id, 2) == 5
    assert _verify(sc.store).ok


def test_a_tables_clock_puts_the_session_the_extra_time_and_the_rule_together(sc):
    store = sc.store
    book = TableBook(store, sc.t1, rulesets())
    book.commit({**end(), "at": "2026-11-22T13:00:00+01:00"})  # hanchan 3 of table 1
    book.commit({**start("wrc-2015", session=2), "at": "2026-11-22T14:00:00+01:00"})  # hanchan 4
    clock.set_session(store, sc.paris, 2, START, 90, "Head Ref")
    clock.give_extra_time(store, sc.t1, 2, 5, "long ruling", "Marie")
    tc = clock.read_table_clock(store, sc.t1, rulesets())
    assert tc.hands is not None and (tc.hands.hanchan, tc.hands.session) == (4, 2)
    assert tc.extra_minutes == 5 and tc.rule == rulesets()["wrc-2015"].time_limit and tc.rule_by_organiser is None
    s = tc.status(datetime.fromisoformat("2026-11-22T15:34:00+01:00"))
    assert s is not None and (s.phase, s.remaining) == (Phase.RUNNING, 60)
    book.commit({**draw(0), "at": "2026-11-22T15:36:00+01:00"})
    s = clock.read_table_clock(store, sc.t1, rulesets()).status(datetime.fromisoformat("2026-11-22T15:36:00+01:00"))
    assert s is not None and s.phase is Phase.END_DUE
    clock.set_ending_rule(store, sc.paris, TimeLimit(after_time="finish_hand_plus", extra_hands=1), "", "Head Ref")
    tc = clock.read_table_clock(store, sc.t1, rulesets())
    assert tc.rule_by_organiser is not None
    s = tc.status(datetime.fromisoformat("2026-11-22T15:36:00+01:00"))
    assert s is not None and (s.phase, s.hands_left) == (Phase.TIME_UP, 0)
    # table 2's hanchan is over: its clock has no session number (started without one), so no clock runs
    assert clock.read_table_clock(store, sc.t2, rulesets()).status(START) is None
