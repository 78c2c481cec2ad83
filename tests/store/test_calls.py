"""The referee called to a table (refapp.store.calls): open until a referee answers it or rules at that table after
it; entity events of the device's chain, checked by verify, carried by bundles."""

from __future__ import annotations

import json

import pytest

from refapp.domain.events import LogError
from refapp.store import bundle, calls
from refapp.store.bundle import export_bundle, import_bundle
from refapp.store.entities import parse_entity
from refapp.store.opening import open_store
from refapp.store.tablebook import TableBook
from refapp.store.verify import verify
from tests.logs import ev, riichi, rulesets, start

T = "2026-11-22T10:%02d:00+01:00"


@pytest.fixture
def venue(tmp_path):
    store = open_store(tmp_path / "a")
    tid = store.create_tournament("Paris Riichi Open")
    t3, t7 = store.create_table(tid, 3), store.create_table(tid, 7)
    for table, players in ((t3, ("Ann", "Bob", "Cyd", "Dan")), (t7, ("Eve", "Fay", "Gus", "Hal"))):
        TableBook(store, table, rulesets()).commit(start("ema-2016", players=players, at=T % 0))
    yield store, tid, t3, t7
    store.close()


def test_a_call_is_open_until_a_referee_answers_it(venue):
    store, tid, t3, t7 = venue
    assert calls.calls(store, tid) == {}
    first = calls.call_referee(store, tid, t3.table_id, at=T % 42)
    found = calls.calls(store, tid)
    assert list(found) == [t3.table_id]
    call = found[t3.table_id]
    assert (call.table, call.since, call.device_id, call.here, call.calls) == (3, T % 42, store.device_id, True,
                                                                               (first,))  # fmt: skip
    # the players call again before anyone came: the table's call is still the first one's time
    second = calls.call_referee(store, tid, t3.table_id, at=T % 45)
    assert calls.open_call(store, tid, t3.table_id).calls == (first, second)
    assert calls.open_call(store, tid, t3.table_id).since == T % 42
    assert calls.answer_calls(store, tid, t7.table_id, "Marie") == 0  # table 7 did not call
    assert calls.answer_calls(store, tid, t3.table_id, "Marie", at=T % 47) == 2
    assert calls.calls(store, tid) == {}
    answers = [p for (p,) in store.conn.execute("SELECT payload FROM events WHERE type = 'call_answered'")]
    assert len(answers) == 2 and all('"by":"Marie"' in p for p in answers)
    report = verify(store, rulesets())
    assert report.ok, report.message()


def test_a_ruling_at_that_table_after_the_call_answers_it(venue):
    store, tid, t3, t7 = venue
    b3, b7 = TableBook(store, t3, rulesets()), TableBook(store, t7, rulesets())
    b3.commit(ev("incident", seat=1, offence="warning", at=T % 40))  # before the call: does not answer it
    calls.call_referee(store, tid, t3.table_id, at=T % 42)
    b3.commit(riichi(0))  # the players' entry: not a ruling
    b7.commit(ev("incident", seat=0, offence="warning", at=T % 43))  # a ruling at another table
    assert list(calls.calls(store, tid)) == [t3.table_id]
    b3.commit(ev("incident", seat=2, offence="warning", at=T % 44))
    assert calls.calls(store, tid) == {}
    assert verify(store, rulesets()).ok


def test_a_call_on_an_empty_table_is_answered_by_its_first_ruling(tmp_path):
    store = open_store(tmp_path / "a")
    tid = store.create_tournament("Club night")
    table = store.create_table(tid, 1)
    calls.call_referee(store, tid, table.table_id)
    payload = store.conn.execute("SELECT payload FROM events WHERE type = 'call'").fetchone()[0]
    assert '"after":null' in payload
    book = TableBook(store, table, rulesets())
    book.commit(start("sg-league"))
    assert list(calls.calls(store, tid)) == [table.table_id]
    book.commit(ev("incident", seat=0, offence="silent_call"))
    assert calls.calls(store, tid) == {}
    store.close()


def test_calls_travel_in_a_bundle_both_ways_and_verify_stays_ok(venue, tmp_path):
    store, tid, t3, _t7 = venue
    calls.call_referee(store, tid, t3.table_id, at=T % 42)
    head = open_store(tmp_path / "head")
    try:
        data = json.loads(bundle.dumps(export_bundle(store)))
        import_bundle(head, data, rulesets=rulesets(), accept_devices={store.device_id})
        found = calls.calls(head, tid)
        assert list(found) == [t3.table_id]
        assert (found[t3.table_id].device_id, found[t3.table_id].here, found[t3.table_id].since) == (
            store.device_id, False, T % 42)  # fmt: skip
        assert verify(head, rulesets()).ok
        # the head referee answers on his device; the table's tablet learns it from his bundle
        assert calls.answer_calls(head, tid, t3.table_id, "Head referee") == 1
        back = json.loads(bundle.dumps(export_bundle(head, tid)))
        import_bundle(store, back, rulesets=rulesets(), accept_devices={head.device_id})
        assert calls.calls(store, tid) == {}
        for s in (store, head):
            report = verify(s, rulesets())
            assert report.ok, report.message()
    finally:
        head.close()


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"type": "call", "by": "ta\x1bble"}, "by"),
        ({"type": "call", "table": ""}, "table"),
        ({"type": "call_answered", "call": "c1", "by": " "}, "by"),
        ({"type": "call_answered", "by": "Marie"}, "call"),
    ],
)
def test_a_bad_call_is_refused_naming_its_field(payload, field):
    base = {"id": "e1", "at": T % 1, "by": "table", "tournament": "t", "table": "x"}
    with pytest.raises(LogError) as info:
        parse_entity(base | payload)
    assert info.value.field.split(".")[0] == field or info.value.message.startswith(f"{field}: ")


def test_a_call_on_a_table_not_stored_is_refused(venue):
    store, tid, _t3, _t7 = venue
    with pytest.raises(Exception, match="No table"):
        calls.call_referee(store, tid, "no-such-table")
    assert calls.calls(store, tid) == {}
