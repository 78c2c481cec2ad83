"""Reads that run once per card or per device on the venue desk must not walk every stored event: at 300,000 events a
walk costs a tenth of a second each time (issue 28). Each read's SQL is caught as it runs and its plan asked of SQLite;
no step may be a full scan of ``events``."""

from __future__ import annotations

import pytest

from refapp.store import history_detail, identity
from refapp.store.devices import find_key, name_trusted_devices, trust_state
from tests.store.util import query_plans
from tests.sync.venue import Device


@pytest.fixture
def head(tmp_path):
    head = Device(tmp_path / "head", "Head")
    tablet = Device(tmp_path / "tablet", "T1")
    head.trust(tablet)
    yield head, tablet
    head.close()
    tablet.close()


def test_the_trust_list_and_the_key_lookups_never_walk_every_event(head):
    device, tablet = head
    conn = device.store.conn
    key = tablet.store.key.public_hex
    reads = {
        "trust_state": lambda: trust_state(conn, device.store.device_id),
        "identity.owner": lambda: identity.owner(conn, key, device.store.device_id, device.store.key.public_hex),
        "find_key": lambda: find_key(conn, tablet.fingerprint),
        "name_trusted_devices": lambda: name_trusted_devices(device.store),  # (each sync: 19 ms at 100k walking)
    }
    for name, read in reads.items():
        steps = query_plans(conn, read)
        assert steps, name
        scans = [(sql, step) for sql, step in steps if step.startswith("SCAN e") or step == "SCAN events"]
        assert not scans, f"{name}: {scans}"


def test_the_offence_filter_probes_each_offence_by_its_index(head):
    """The History page's offence filter asks, for each offence, whether the tournament has one: by the offence's
    index, never through every incident of the tournament (which the incidents' own index would offer)."""
    device, _tablet = head
    store = device.store
    tid = store.create_tournament("Venue Open")
    steps = query_plans(store.conn, lambda: history_detail.offences_present(store, tid, ["chombo", "dead_hand"]))
    assert steps and all("events_offence" in step for _sql, step in steps), steps
