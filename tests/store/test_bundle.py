"""Bundles between devices (lossless, all or nothing, idempotent, chains kept) and the CSV exports."""

import copy
import csv
import io
import json

import pytest

from refapp.domain.ledger import state_to_json
from refapp.store import bundle, history
from refapp.store.bundle import BundleError, export_bundle, import_bundle, validate_bundle
from refapp.store.db import HASHED, Store, row_hash
from refapp.store.tablebook import TableBook
from tests.history_data import at, build, row_counts
from tests.logs import ev, rulesets, start


@pytest.fixture
def sc(tmp_path):
    scenario = build(tmp_path / "a")
    yield scenario
    scenario.store.close()


@pytest.fixture
def other(tmp_path):
    store = Store.open(tmp_path / "b")
    yield store
    store.close()


def rehash(events, start_index):
    """Recompute one device's chain from ``start_index`` on (as a careless or crafty exporter would)."""
    device = events[start_index]["device_id"]
    prev = events[start_index]["prev_hash"]
    for row in events[start_index:]:
        if row["device_id"] == device:
            row["prev_hash"] = prev
            row["hash"] = prev = row_hash(prev, row)


def unchanged(store, before):
    assert row_counts(store) == before
    report = store.verify()
    assert report.ok, report.message()


def test_export_holds_every_column_of_every_row(sc):
    data = json.loads(bundle.dumps(export_bundle(sc.store)))
    assert (data["format"], data["version"], data["device_id"]) == ("refapp-bundle", 1, sc.store.device_id)
    assert {t: len(data[t]) for t in bundle.TABLES} == sc.counts()
    stored = list(sc.store.iter_rows())
    assert [{k: r[k] for k in ["seq", *HASHED, "prev_hash", "hash", "target"]} for r in stored] == data["events"]
    void_row = next(r for r in data["events"] if r["type"] == "void")
    assert void_row["target"] == sc.ids["bob_w3"]
    assert data["players"][1] == {
        "id": data["players"][1]["id"],
        "tournament_id": sc.paris,
        "name": "Bob",
        "first_timer": 0,
        "created_at": data["players"][1]["created_at"],
        "device_id": sc.store.device_id,
        "federation_id": "04010002",
    }
    assert validate_bundle(data) == []


def test_bundle_columns_are_the_schema_columns(sc):
    for table, spec in bundle.COLUMNS.items():
        cols = {r[1] for r in sc.store.conn.execute(f"PRAGMA table_info({table})")}
        assert cols == set(spec), table


def test_import_into_a_second_device_then_again_changes_nothing(sc, other):
    data = export_bundle(sc.store)
    added = import_bundle(other, data, rulesets=rulesets())
    assert added == sc.counts() == row_counts(other)
    report = other.verify()
    assert report.ok and report.events == 21 and report.devices == 1
    # the referee on the second device sees the same history, the same counts and the same tables
    strip = [{k: v for k, v in r.items() if k != "seq"} for r in history.query(sc.store, include_voided=True)]
    assert [{k: v for k, v in r.items() if k != "seq"} for r in history.query(other, include_voided=True)] == strip
    assert history.player_counts(other, sc.paris, "Bob")["warnings"] == 2
    t1 = other.table(sc.t1.table_id)
    assert state_to_json(TableBook(other, t1, rulesets()).state) == state_to_json(
        TableBook(sc.store, sc.t1, rulesets()).state
    )

    again = import_bundle(other, json.loads(bundle.dumps(data)), rulesets=rulesets())
    assert again == {t: 0 for t in bundle.TABLES}
    unchanged(other, sc.counts())


def test_each_device_keeps_its_own_chain_both_ways(sc, other):
    import_bundle(other, export_bundle(sc.store), rulesets=rulesets())
    # the second device rules a new table of the same tournament
    t3 = other.create_table(sc.paris, 3)
    book = TableBook(other, t3, rulesets())
    book.commit(start("ema-2016", players=("Lea", "Max", "Ned", "Oli"), at=at("13:00")))
    book.commit(ev("incident", seat=1, offence="warning", at=at("13:05")))
    assert other.verify().devices == 2

    added = import_bundle(sc.store, export_bundle(other), rulesets=rulesets())
    assert added == {"tournaments": 0, "game_tables": 1, "players": 0, "hanchans": 1, "events": 2}
    report = sc.store.verify()
    assert report.ok and report.devices == 2 and report.events == 23
    assert history.query(sc.store, player="Max")[0]["table"] == 3
    # the first device keeps appending to its own chain
    TableBook(sc.store, sc.t2, rulesets()).commit(
        ev("hanchan_start", players=["Eve", "Fay", "Gus", "Hal"], ruleset="wrc-2015", at=at("14:00"))
    )
    assert sc.store.verify().ok


def test_a_chain_suffix_links_onto_the_stored_chain(sc, other, tmp_path):
    first = export_bundle(sc.store)
    import_bundle(other, first, rulesets=rulesets())
    book = TableBook(sc.store, sc.t1, rulesets())
    book.commit(ev("incident", seat=0, offence="warning", at=at("12:10")))
    book.commit(ev("incident", seat=0, offence="warning", at=at("12:11")))
    full = export_bundle(sc.store)
    suffix = {**full, "events": [r for r in full["events"] if r["device_seq"] > 21]}
    assert [r["device_seq"] for r in suffix["events"]] == [22, 23]

    # a gap (#23 without #22) is refused, naming what is missing
    gap = {**full, "events": suffix["events"][1:]}
    with pytest.raises(BundleError, match=r"events\[0\].*at #23 but this store has only up to #21"):
        import_bundle(other, gap, rulesets=rulesets())
    unchanged(other, first_counts := {t: len(first[t]) for t in bundle.TABLES})

    assert import_bundle(other, suffix, rulesets=rulesets())["events"] == 2
    assert other.verify().ok and other.count_events() == 23
    assert history.player_counts(other, sc.paris, "Ann")["warnings"] == 2
    assert first_counts["events"] == 21

    # a store that has none of this device's events cannot check a suffix: refused, nothing stored
    empty = Store.open(tmp_path / "c")
    with pytest.raises(BundleError, match=r"starts device .* at #22 but this store has none of them"):
        import_bundle(empty, suffix, rulesets=rulesets())
    unchanged(empty, {t: 0 for t in bundle.TABLES})
    empty.close()


def _bad_hash(data):
    data["events"][5]["note"] = "quietly changed"
    return r"events\[5\] \(uuid ev\d+\): field 'hash' does not match"


def _missing_field(data):
    del data["events"][3]["referee"]
    return r"events\[3\] \(uuid ev\d+\): field 'referee' is missing"


def _bad_payload(data):
    row = data["events"][-1]
    payload = json.loads(row["payload"])
    payload["seat"] = 9
    row["payload"] = json.dumps(payload)
    rehash(data["events"], len(data["events"]) - 1)
    return r"events\[20\] \(uuid ev\d+\): field 'payload' is not a valid event: seat: .*less than or equal to 3"


def _payload_not_json(data):
    data["events"][2]["payload"] = "{not json"
    rehash(data["events"], 2)
    return r"events\[2\] \(uuid ev\d+\): field 'payload' is not valid JSON"


def _wrong_type(data):
    data["game_tables"][1]["number"] = "2"
    return r"game_tables\[1\] \(id [-0-9a-f]+\): field 'number' should be a whole number, got '2'"


def _payload_disagrees(data):
    i = next(i for i, r in enumerate(data["events"]) if r["type"] == "void")
    data["events"][i]["target"] = data["events"][1]["uuid"]  # not hashed: the payload must agree
    return rf"events\[{i}\] \(uuid ev\d+\): field 'target' is 'ev\d+' but its payload says 'ev\d+'"


def _not_a_bundle(data):
    data["format"] = "refapp-table-log"
    return r"field 'format': expected 'refapp-bundle'"


def _unknown_table_ref(data):
    data["game_tables"][0]["tournament_id"] = "no-such-tournament"
    return r"game_tables\[0\] \(id [-0-9a-f]+\): field 'tournament_id': no tournaments row with id no-such-tournament"


@pytest.mark.parametrize(
    "spoil",
    [
        _bad_hash,
        _missing_field,
        _bad_payload,
        _payload_not_json,
        _wrong_type,
        _payload_disagrees,
        _not_a_bundle,
        _unknown_table_ref,
    ],
)
def test_a_malformed_bundle_is_rejected_whole(sc, other, spoil):
    data = copy.deepcopy(export_bundle(sc.store))
    expected = spoil(data)
    with pytest.raises(BundleError, match=expected) as err:
        import_bundle(other, data, rulesets=rulesets())
    assert str(err.value).startswith("bundle rejected, nothing was imported: ")
    unchanged(other, {t: 0 for t in bundle.TABLES})


def test_same_id_with_a_different_content_is_rejected_and_nothing_new_is_stored(sc, other):
    import_bundle(other, export_bundle(sc.store), rulesets=rulesets())
    before = row_counts(other)
    # the first device goes on (new rows the bundle would bring) ...
    TableBook(sc.store, sc.t1, rulesets()).commit(ev("incident", seat=0, offence="warning", at=at("12:10")))
    data = copy.deepcopy(export_bundle(sc.store))
    # ... but its bundle rewrites an old incident's note and re-chains the hashes to hide it
    data["events"][2]["note"] = "no warning was given"
    rehash(data["events"], 2)
    assert validate_bundle(data) == []  # consistent on its own
    with pytest.raises(BundleError, match=r"events\[2\] \(uuid ev\d+\): already stored with a different 'note'"):
        import_bundle(other, data, rulesets=rulesets())
    unchanged(other, before)
    assert history.query(other, player="Bob")[-1]["note"] == "talking during play"


def test_a_renamed_tournament_is_a_conflict(sc, other):
    import_bundle(other, export_bundle(sc.store), rulesets=rulesets())
    data = export_bundle(sc.store)
    data["tournaments"][0]["name"] = "Paris Open 2026"
    with pytest.raises(BundleError, match=r"tournaments\[0\] \(id .*\): already stored with a different 'name' "):
        import_bundle(other, data)
    unchanged(other, sc.counts())


def test_a_table_that_would_not_replay_here_is_refused(sc, other):
    # the second device lacks the WRC rule set: table 2 could not be shown, so nothing is imported
    known = {k: v for k, v in rulesets().items() if k != "wrc-2015"}
    with pytest.raises(BundleError, match=r"table 2 \(.*\): its log would not replay: .*unknown rule set 'wrc-2015'"):
        import_bundle(other, export_bundle(sc.store), rulesets=known)
    unchanged(other, {t: 0 for t in bundle.TABLES})


def test_tournament_export_carries_its_device_chain_from_the_start(sc, tmp_path):
    paris = export_bundle(sc.store, sc.paris)
    assert {r["tournament_id"] for r in paris["events"]} == {sc.paris}  # recorded first on this device
    assert [t["name"] for t in paris["tournaments"]] == ["Paris Riichi Open"]
    assert len(paris["events"]) == 19 and len(paris["players"]) == 8

    lyon = export_bundle(sc.store, sc.lyon)
    # Lyon was recorded after Paris on the same device: the chain can only be checked from its first event
    assert len(lyon["events"]) == 21
    assert {t["name"] for t in lyon["tournaments"]} == {"Paris Riichi Open", "Lyon Club Night"}
    for name, data in (("p", paris), ("l", lyon)):
        target = Store.open(tmp_path / name)
        import_bundle(target, data, rulesets=rulesets())
        assert target.verify().ok
        target.close()


def test_incidents_csv_for_a_spreadsheet(sc):
    out = io.StringIO()
    assert bundle.export_incidents_csv(sc.store, out, tournament="Paris Riichi Open") == 8
    rows = list(csv.reader(io.StringIO(out.getvalue())))
    assert rows[0] == [
        "time", "tournament", "table", "hanchan", "hand", "seat", "player", "offence", "answers", "ruling",
        "amount", "citation", "rule set", "referee", "note", "voided", "id",
    ]  # fmt: skip
    penalty = next(r for r in rows if r[7] == "point_penalty")
    assert penalty == [
        at("10:30"), "Paris Riichi Open", "1", "1", "E1", "2", "Cyd", "point_penalty", "amount=2000; reason=conduct",
        "point_penalty", "2000", "§5.5", "ema-2016", "Marie", "Phone rang", "no", sc.ids["cyd_penalty"],
    ]  # fmt: skip
    # oldest first, and the voided third warning is there, marked
    assert [r[0] for r in rows[1:]] == sorted(r[0] for r in rows[1:])
    assert [r[15] for r in rows[1:] if r[16] == sc.ids["bob_w3"]] == ["yes"]


def test_incidents_csv_file_opens_in_a_spreadsheet_with_accents(sc, tmp_path):
    path = tmp_path / "incidents.csv"
    assert bundle.export_incidents_csv(sc.store, path, tournament=sc.lyon) == 1
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")  # UTF-8 byte-order mark for spreadsheet programs
    rows = list(csv.reader(path.open(encoding="utf-8-sig", newline="")))
    assert rows[1][14] == "Téléphone sonne pendant la main"


def test_results_csv_numbers_of_small_finished_hanchans(sc):
    out = io.StringIO()
    n = bundle.export_results_csv(sc.store, "Paris Riichi Open", out, rulesets=rulesets())
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert n == len(rows) == 12  # hanchan 3 of table 1 is not finished: not exported
    assert list(rows[0]) == [
        "tournament", "hanchan", "table", "player", "federation id", "seat", "table score", "rank", "uma", "oka",
        "leftover", "penalties", "result", "substitute for",
    ]  # fmt: skip

    def line(hanchan, table, player):
        r = next(r for r in rows if (r["hanchan"], r["table"], r["player"]) == (hanchan, table, player))
        return [r["seat"], r["table score"], r["rank"], r["uma"], r["penalties"], r["result"]]

    # EMA 2016: 30,000 start and return, uma +15,000/+5,000/-5,000/-15,000, chombo -20,000 after uma.
    # Ann (dealer) ron mangan on Bob: 12,000. Cyd 2,000 penalty off the table. Bob chombo (table untouched).
    # Cyd ron 1 han 30 fu on Dan with 1 counter: 1,000 + 300.
    assert line("1", "1", "Ann") == ["0", "42000", "1", "15000", "0", "27000"]  # 12,000 + 15,000
    assert line("1", "1", "Cyd") == ["2", "29300", "2", "5000", "0", "4300"]  # -700 + 5,000
    assert line("1", "1", "Dan") == ["3", "28700", "3", "-5000", "0", "-6300"]  # -1,300 - 5,000
    assert line("1", "1", "Bob") == ["1", "18000", "4", "-15000", "20000", "-47000"]  # -12,000 - 15,000 - 20,000
    # WRC 2015: Fay ron mangan on Gus 8,000; Eve and Hal tie for second and split 5,000 and -5,000;
    # Hal's chombo is 20 points off his overall score.
    assert line("1", "2", "Fay") == ["1", "38000", "1", "15000", "0", "23000"]
    assert line("1", "2", "Eve") == ["0", "30000", "2", "0", "0", "0"]
    assert line("1", "2", "Hal") == ["3", "30000", "2", "0", "20000", "-20000"]
    assert line("1", "2", "Gus") == ["2", "22000", "4", "-15000", "0", "-23000"]
    # hanchan 2 of table 1 ended at once: a four-way tie
    assert [line("2", "1", p)[1:] for p in ("Ann", "Bob", "Cyd", "Dan")] == [["30000", "1", "0", "0", "0"]] * 4
    fed = {r["player"]: r["federation id"] for r in rows}
    assert (fed["Ann"], fed["Bob"], fed["Dan"]) == ("04010001", "04010002", "")
    # the results add up to the overall scores the ledger shows
    state = TableBook(sc.store, sc.t1, rulesets()).state
    for seat in state.seats:
        assert sum(int(r["result"]) for r in rows if r["player"] == seat.player) == seat.overall


def test_results_of_an_unknown_tournament(sc):
    with pytest.raises(bundle.StoreError, match="No tournament with id or name 'Berlin'"):
        bundle.export_results_csv(sc.store, "Berlin", io.StringIO(), rulesets=rulesets())
