"""The venue's sync carries the referee's calls and the warnings across tables: the head referee's device knows
which tables called; a ruling at another tablet counts the player's warnings recorded at the tables it synced."""

from __future__ import annotations

from refapp.store import calls, records
from refapp.store.verify import verify
from tests.logs import ev, rulesets, start
from tests.sync.test_venue import _settle, _venue


def test_the_head_referee_sees_which_tables_called_and_an_answer_reaches_the_table(tmp_path):
    devices, folder = _venue(tmp_path, 3)
    head, t1, t2 = devices
    try:
        for d in (t1, t2):
            d.book().commit(start("ema-2016", players=[f"{d.name}-{k}" for k in range(4)]))
        tid = head.store.tournaments()[0]["id"]
        calls.call_referee(t1.store, tid, t1.table.table_id, at="2026-11-22T10:42:00+01:00")
        calls.call_referee(t2.store, tid, t2.table.table_id, at="2026-11-22T10:44:00+01:00")
        _settle(devices, folder)
        found = calls.calls(head.store, tid)
        assert {c.table: (c.since, c.device_id, c.here) for c in found.values()} == {
            1: ("2026-11-22T10:42:00+01:00", t1.store.device_id, False),
            2: ("2026-11-22T10:44:00+01:00", t2.store.device_id, False),
        }
        assert found[t1.table.table_id].device == "T1"  # the name the head referee trusts it under
        # the head referee answers table 1 from his desk; a referee rules at table 2 (on its tablet)
        calls.answer_calls(head.store, tid, t1.table.table_id, "Head referee")
        t2.book().commit(ev("incident", seat=0, offence="warning"))
        _settle(devices, folder)
        for d in devices:
            assert calls.calls(d.store, tid) == {}, d.name
            report = verify(d.store, rulesets())
            assert report.ok, report.message()
    finally:
        for d in devices:
            d.close()


def test_a_warning_synced_from_another_table_is_counted_when_the_next_one_is_entered(tmp_path):
    devices, folder = _venue(tmp_path, 3)
    head, t1, t2 = devices
    try:
        tid = head.store.tournaments()[0]["id"]
        t1.book().commit(start("ema-2016", players=("Pat", "T1-1", "T1-2", "T1-3"), session=1))
        t1.book().commit(ev("incident", seat=0, offence="warning"))  # Pat's 1st, at table 1
        _settle(devices, folder)
        book = t2.book()
        book.commit(start("ema-2016", players=("T2-0", "Pat", "T2-2", "T2-3"), session=2))
        away = records.elsewhere(t2.store, rulesets(), tournament_id=tid, table_id=t2.table.table_id, player="Pat",
                                 ruleset=book.state.ruleset, session=book.state.session)  # fmt: skip
        assert away == {"warnings": 1}
        book.commit(ev("incident", seat=1, offence="warning", elsewhere=away))
        _settle(devices, folder)
        pat = records.records(head.store, rulesets(), tid, "Pat").players[0]
        assert [(i.table, i.warning_number, i.elsewhere_warnings) for i in pat.incidents] == [(1, 1, 0), (2, 2, 1)]
        assert (pat.counts.warnings, pat.next_warning) == (2, 3)
        for d in devices:
            assert verify(d.store, rulesets()).ok
    finally:
        for d in devices:
            d.close()
