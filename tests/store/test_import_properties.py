"""Ledger invariants across devices: a random valid session (with incidents and voids) recorded on one tablet,
exported and imported into another, replays to exactly the same table; importing it again changes nothing."""

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from refapp.domain.ledger_json import state_to_json
from refapp.store.bundle import export_bundle, import_bundle
from refapp.store.opening import open_store
from refapp.store.tablebook import TableBook
from refapp.store.verify import verify
from tests.domain.test_ledger_properties import RULESET_IDS, table_logs
from tests.logs import rulesets


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_a_session_imported_elsewhere_replays_the_same(data):
    ruleset_id = data.draw(st.sampled_from(RULESET_IDS))
    events = data.draw(table_logs(ruleset_id, incidents=True))
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        source = open_store(Path(a))
        tid = source.create_tournament("Prop Open", "2026-11-22T09:00:00+00:00")
        table = source.create_table(tid, 1, "2026-11-22T09:00:00+00:00")
        book = TableBook(source, table, rulesets())
        for event in events:
            book.commit(event)
        bundle = export_bundle(source)
        target = open_store(Path(b))
        added = import_bundle(target, bundle, rulesets=rulesets(), accept_devices={source.device_id})
        assert added["events"] == source.count_events()  # its events, tournament, table, device and rule set
        assert target.table_events(table.table_id) == source.table_events(table.table_id)
        assert [e["id"] for e in target.table_events(table.table_id)] == [e["id"] for e in events]
        copy = TableBook(target, target.table(table.table_id), rulesets())
        assert state_to_json(copy.state) == state_to_json(book.state)
        assert copy.state.table_total() == copy.state.start_total
        again = import_bundle(target, bundle, rulesets=rulesets(), accept_devices={source.device_id})
        assert sum(again.values()) == 0 and target.count_events() == source.count_events() + 2  # + its device, key
        assert verify(target).ok and verify(source).ok
        source.close()
        target.close()
