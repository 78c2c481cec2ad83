"""Bundles between devices: every device's chain as lines (nothing derived), all or nothing, idempotent, every column
derived on import, version-1 bundles still read."""

import copy
import json

import pytest

from refapp.domain.ledger_json import state_to_json
from refapp.store import bundle, history
from refapp.store.bundle import BundleError, export_bundle, import_bundle, validate_bundle
from refapp.store.chain import LINE_KEYS, hash_of, row_of
from refapp.store.codec_journal import line_of
from refapp.store.opening import open_store
from refapp.store.tablebook import TableBook
from refapp.store.verify import verify
from tests.history_data import at, build, row_counts
from tests.logs import ev, rulesets, start
from tests.store.test_import_trust import _v1_bundle


@pytest.fixture
def sc(tmp_path):
    scenario = build(tmp_path / "a")
    yield scenario
    scenario.store.close()


@pytest.fixture
def other(tmp_path):
    store = open_store(tmp_path / "b")
    yield store
    store.close()


def take(store, data, **kw):
    """Import, accepting the bundle's devices (these tests are not about trust: see test_import_trust.py)."""
    devices = {e["device_id"] for e in data["events"]}
    return import_bundle(store, data, rulesets=kw.pop("rulesets", rulesets()), accept_devices=devices, **kw)


def rehash(lines, start_index):
    """Recompute one device's chain from ``start_index`` on (as a careless or crafty exporter would)."""
    device = lines[start_index]["device_id"]
    prev = lines[start_index]["prev_hash"]
    for line in lines[start_index:]:
        if line["device_id"] == device:
            line["prev_hash"] = prev
            line["hash"] = prev = hash_of(row_of(line))


def unchanged(store, before):
    assert row_counts(store) == before
    report = verify(store, rulesets())
    assert report.ok, report.message()


def test_export_holds_every_event_of_every_device_and_nothing_derived(sc):
    data = json.loads(bundle.dumps(export_bundle(sc.store)))
    assert (data["format"], data["version"], data["device_id"]) == ("refapp-bundle", 2, sc.store.device_id)
    stored = list(sc.store.iter_rows())
    assert data["events"] == [line_of(r) for r in stored]
    assert all(set(line) == set(LINE_KEYS) for line in data["events"])  # no ruling, player, hand... columns
    kinds = [e["payload"]["type"] for e in data["events"]]
    assert kinds.count("tournament") == 2 and kinds.count("table") == 3 and kinds.count("player") == 8
    assert kinds.count("incident") == 9 and kinds[0] == "device"
    assert validate_bundle(data) == []


def test_import_into_a_second_device_then_again_changes_nothing(sc, other):
    data = export_bundle(sc.store)
    added = take(other, data)
    counts = sc.counts()
    assert added == counts | {"events": counts["events"]}
    assert row_counts(other)["events"] == counts["events"] + 2  # and the second device's own device and key events
    report = verify(other, rulesets())
    assert report.ok and report.devices == 2, report.message()
    # the referee on the second device sees the same history, the same counts and the same tables
    strip = [{k: v for k, v in r.items() if k != "seq"} for r in history.query(sc.store, include_voided=True)]
    assert [{k: v for k, v in r.items() if k != "seq"} for r in history.query(other, include_voided=True)] == strip
    assert history.player_counts(other, sc.paris, "Bob")["warnings"] == 2
    t1 = other.table(sc.t1.table_id)
    assert state_to_json(TableBook(other, t1, rulesets()).state) == state_to_json(
        TableBook(sc.store, sc.t1, rulesets()).state
    )
    before = row_counts(other)
    again = take(other, json.loads(bundle.dumps(data)))
    assert again == {t: 0 for t in bundle.TABLES}
    unchanged(other, before)


def test_each_device_keeps_its_own_chain_both_ways(sc, other):
    take(other, export_bundle(sc.store))
    # the second device rules a new table of the same tournament
    t3 = other.create_table(sc.paris, 3)
    book = TableBook(other, t3, rulesets())
    book.commit(start("ema-2016", players=("Lea", "Max", "Ned", "Oli"), at=at("13:00")))
    book.commit(ev("incident", seat=1, offence="warning", at=at("13:05")))
    assert verify(other, rulesets()).devices == 2

    added = take(sc.store, export_bundle(other))
    # its device and key events, the table, the start and the warning
    assert added == {"tournaments": 0, "game_tables": 1, "players": 0, "hanchans": 1, "events": 5}
    report = verify(sc.store, rulesets())
    assert report.ok and report.devices == 2, report.message()
    assert history.query(sc.store, player="Max")[0]["table"] == 3
    # the first device keeps appending to its own chain
    TableBook(sc.store, sc.t2, rulesets()).commit(
        ev("hanchan_start", players=["Eve", "Fay", "Gus", "Hal"], ruleset="wrc-2015", at=at("14:00"))
    )
    assert verify(sc.store, rulesets()).ok


def test_a_chain_suffix_links_onto_the_stored_chain(sc, other, tmp_path):
    first = export_bundle(sc.store)
    take(other, first)
    n = len(first["events"])
    book = TableBook(sc.store, sc.t1, rulesets())
    book.commit(ev("incident", seat=0, offence="warning", at=at("12:10")))
    book.commit(ev("incident", seat=0, offence="warning", at=at("12:11")))
    full = export_bundle(sc.store)
    suffix = {**full, "events": [r for r in full["events"] if r["device_seq"] > n]}
    assert [r["device_seq"] for r in suffix["events"]] == [n + 1, n + 2]

    # a gap (#n+2 without #n+1) is refused, naming what is missing
    gap = {**full, "events": suffix["events"][1:]}
    before = row_counts(other)
    with pytest.raises(BundleError, match=rf"events\[0\].*at #{n + 2} but this store has only up to #{n}"):
        take(other, gap)
    unchanged(other, before)

    assert take(other, suffix)["events"] == 2
    assert verify(other, rulesets()).ok
    assert history.player_counts(other, sc.paris, "Ann")["warnings"] == 2

    # a store that has none of this device's events cannot check a suffix: refused, nothing stored
    empty = open_store(tmp_path / "c")
    before = row_counts(empty)
    with pytest.raises(BundleError, match=rf"starts device .* at #{n + 1} but this store has none of them"):
        take(empty, suffix)
    unchanged(empty, before)
    empty.close()


def _ledger(data, kind, n=0):
    return [i for i, e in enumerate(data["events"]) if e["payload"]["type"] == kind][n]


def _bad_hash(data):
    i = _ledger(data, "incident")
    data["events"][i]["payload"]["note"] = "quietly changed"
    return rf"events\[{i}\] \(uuid ev\d+\): field 'hash' does not match"


def _missing_field(data):
    del data["events"][3]["after"]
    return r"events\[3\] \(uuid [-0-9a-f]+\): field 'after' is missing"


def _bad_payload(data):
    i = _ledger(data, "incident", -1)
    data["events"][i]["payload"]["seat"] = 9
    rehash(data["events"], i)
    return rf"events\[{i}\] \(uuid ev\d+\): field 'payload' is not a valid event: seat: .*less than or equal to 3"


def _bad_entity(data):
    i = _ledger(data, "table")
    data["events"][i]["payload"]["number"] = "two"
    rehash(data["events"], i)
    return rf"events\[{i}\] \(uuid [-0-9a-f]+\): field 'payload' is not a valid table event: number"


def _wrong_type(data):
    data["events"][1]["device_seq"] = "2"
    return r"events\[1\] \(uuid [-0-9a-f]+\): field 'device_seq' should be a whole number, got '2'"


def _payload_disagrees(data):
    i = _ledger(data, "void")
    data["events"][i]["payload"]["id"] = "another"
    return rf"events\[{i}\] \(uuid ev\d+\): field 'uuid' is 'ev\d+' but its payload says 'another'"


def _not_a_bundle(data):
    data["format"] = "refapp-table-log"
    return r"field 'format': expected 'refapp-bundle'"


def _unknown_table_ref(data):
    i = _ledger(data, "riichi" if any(e["payload"]["type"] == "riichi" for e in data["events"]) else "incident")
    data["events"][i]["table_id"] = "no-such-table"
    rehash(data["events"], i)
    return rf"events\[{i}\] \(uuid ev\d+\): field 'table_id': no table with id no-such-table"


@pytest.mark.parametrize(
    "spoil",
    [
        _bad_hash,
        _missing_field,
        _bad_payload,
        _bad_entity,
        _wrong_type,
        _payload_disagrees,
        _not_a_bundle,
        _unknown_table_ref,
    ],
)
def test_a_malformed_bundle_is_rejected_whole(sc, other, spoil):
    data = copy.deepcopy(export_bundle(sc.store))
    expected = spoil(data)
    before = row_counts(other)
    with pytest.raises(BundleError, match=expected) as err:
        import_bundle(other, data, rulesets=rulesets(), accept_devices={sc.store.device_id})
    assert str(err.value).startswith("bundle rejected, nothing was imported: ")
    unchanged(other, before)


def test_same_id_with_a_different_content_is_rejected_and_nothing_new_is_stored(sc, other):
    take(other, export_bundle(sc.store))
    before = row_counts(other)
    # the first device goes on (new rows the bundle would bring) ...
    TableBook(sc.store, sc.t1, rulesets()).commit(ev("incident", seat=0, offence="warning", at=at("12:10")))
    data = copy.deepcopy(export_bundle(sc.store))
    # ... but its bundle rewrites an old incident's note and re-chains the hashes to hide it
    i = _ledger(data, "incident")
    data["events"][i]["payload"]["note"] = "no warning was given"
    rehash(data["events"], i)
    assert validate_bundle(data) == []  # consistent on its own
    with pytest.raises(
        BundleError, match=rf"events\[{i}\] \(uuid ev\d+\): already stored with a different 'payload.note'"
    ):
        take(other, data)
    unchanged(other, before)
    assert history.query(other, player="Bob")[-1]["note"] == "talking during play"


def test_a_forged_tournament_name_is_a_conflict_but_a_rename_is_an_event(sc, other):
    take(other, export_bundle(sc.store))
    data = copy.deepcopy(export_bundle(sc.store))
    i = _ledger(data, "tournament")
    data["events"][i]["payload"]["name"] = "Paris Open 2026"
    rehash(data["events"], i)
    before = row_counts(other)
    with pytest.raises(BundleError, match=rf"events\[{i}\] .*: already stored with a different 'payload.name'"):
        take(other, data)
    unchanged(other, before)


def test_a_hanchan_brings_the_rule_set_it_started_with(sc, other):
    # the second device lacks the WRC rule set's file: the bundle carries the content table 2 started with
    known = {k: v for k, v in rulesets().items() if k != "wrc-2015"}
    take(other, export_bundle(sc.store), rulesets=known)
    assert verify(other, known).ok
    state = TableBook(other, other.table(sc.t2.table_id), known).state
    assert state.ruleset.id == "wrc-2015" and [s.score for s in state.seats] == [30000, 38000, 22000, 30000]


def test_a_table_that_would_not_replay_here_is_refused(sc, other):
    # a version-1 bundle names its rule sets by id only: without the WRC rule set, table 2 could not be shown here
    known = {k: v for k, v in rulesets().items() if k != "wrc-2015"}
    before = row_counts(other)
    with pytest.raises(
        BundleError,
        match=r"table 2 \(.*\): its log would not replay: .*The rule set wrc-2015 is not known here \(known: ",
    ):
        take(other, _v1_bundle(sc.store), rulesets=known)
    unchanged(other, before)


def test_tournament_export_carries_its_device_chain_from_the_start(sc, tmp_path):
    paris = export_bundle(sc.store, sc.paris)
    kinds = [e["payload"]["type"] for e in paris["events"]]
    assert kinds.count("tournament") == 2  # Lyon was created before the Paris events ended: its entity comes along
    assert {e["tournament_id"] for e in paris["events"] if e["table_id"]} == {sc.paris}
    lyon = export_bundle(sc.store, sc.lyon)
    # Lyon was recorded after Paris on the same device: the chain can only be checked from its first event
    assert len(lyon["events"]) == len(export_bundle(sc.store)["events"])
    for name, data in (("p", paris), ("l", lyon)):
        target = open_store(tmp_path / name)
        take(target, data)
        assert verify(target, rulesets()).ok
        target.close()


def test_a_version_1_bundle_is_still_read_with_every_column_derived(sc, other):
    data = _v1_bundle(sc.store)
    added = take(other, data)
    assert added["events"] == len(data["events"]) and added["tournaments"] == 2 and added["game_tables"] == 3
    report = verify(other, rulesets())
    assert report.ok, report.message()
    strip = [{k: v for k, v in r.items() if k not in ("seq", "device_id")} for r in history.query(sc.store)]
    assert [{k: v for k, v in r.items() if k not in ("seq", "device_id")} for r in history.query(other)] == strip
    # its tournaments, tables and players are now covered by the second device's entity events
    kinds = [r["type"] for r in other.iter_rows("WHERE device_id = ?", (other.device_id,))]
    assert kinds.count("tournament") == 2 and kinds.count("player") == 8 and kinds.count("adopt") == 1
    assert take(other, data) == {t: 0 for t in bundle.TABLES}
