"""The core's functions the command line calls (and the app's desks too): what a referee or an organiser would read
from them for a stored tournament.

The tournament is the WRC one of ``tests/standings_data.py`` (eight players, two tables, two hanchans; its numbers
worked out by hand in ``tests/domain/test_tournament_standings.py``): Ann and Fay share first place with 21 points of
1,000, Hal is disqualified during hanchan 2 and Sam plays his seat. 29 events, all of this device.
"""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime, timedelta

import pytest

from refapp.core import clock, folder, history, integrity, results, search, seating, transfer, venue
from refapp.core.errors import BundleError, StoreError
from refapp.core.files import DB_NAME
from refapp.core.reports import ReportError
from refapp.store.opening import open_store
from refapp.store.roster import RosterEntry
from refapp.store.settings import Settings, load_settings, save_settings, set_pin
from tests.logs import rulesets
from tests.standings_data import store_of, wrc_tables
from tests.store.test_records import club_evening

EVENTS = 29  # the WRC tournament's events: 2 tables x (2 starts, their hands and incidents, 2 ends) and its entities


@pytest.fixture
def wrc(tmp_path):
    data = tmp_path / "wrc"
    store_of(data, "Riichi Open 2026", wrc_tables()).close()
    return data


@pytest.fixture
def club(tmp_path):
    """A club evening: Bob's two call offences at table 3, then his third at table 7 (a dead hand)."""
    return club_evening(tmp_path / "club")


# -- the data folder ----------------------------------------------------------------------------------------------


def test_the_folder_names_its_tournaments_and_finds_one_by_name(wrc):
    store = folder.open_folder(wrc, read_only=True)
    try:
        ((tid, name),) = folder.tournament_names(store)
        assert name == "Riichi Open 2026" and folder.tournament_name(store, tid) == "Riichi Open 2026"
        assert folder.find_tournament(store, "riichi open 2026") == (tid, name)  # case does not matter
        assert folder.find_tournament(store, None) == (tid, name)  # the only one
        assert folder.tournament_ids(store, "Berlin") == []
        with pytest.raises(LookupError, match="no tournament with id or name 'Berlin'"):
            folder.find_tournament(store, "Berlin")
    finally:
        store.close()


def test_a_club_rule_set_file_joins_the_catalogue_and_a_bad_one_is_named(wrc):
    (wrc / "rulesets").mkdir()
    (wrc / "rulesets" / "club.toml").write_text('id = "club"\nname = "Club"\nextends = "ema-2016"\n', encoding="utf-8")
    (wrc / "rulesets" / "bad.toml").write_text("id = \n", encoding="utf-8")
    cat = folder.load_catalog(wrc)
    assert "club" in cat.rulesets and "ema-2016" in cat.rulesets
    assert len(cat.errors) == 1 and "bad.toml" in cat.errors[0]


def test_the_referee_pin_is_checked_with_the_apps_lockout_and_kept_when_the_settings_file_is_lost(wrc):
    now = datetime(2026, 11, 22, 14, 0, tzinfo=UTC)
    kept = Settings(referee="Marie")
    set_pin(kept, "2468")
    store = folder.open_folder(wrc)
    try:
        save_settings(wrc, kept, store)  # as the app saves it: in the file and in the database
        (wrc / "settings.json").unlink()  # the file is lost: the database's copy still locks the device
        lock = folder.referee_lock(wrc, store, lambda: now)
        assert lock.has_pin and lock.locked_seconds() == 0
        assert lock.check("1111") == "wrong"
        assert load_settings(wrc)[0].pin_failures == 1  # counted and saved at once, as the app does
        assert lock.check("2468") == "ok"
    finally:
        store.close()
    assert folder.referee(wrc) == "referee"  # the file was written again without a referee's name
    save_settings(wrc, Settings(referee="Marie"))
    assert folder.referee(wrc) == "Marie"


# -- standings and records ----------------------------------------------------------------------------------------


def test_the_standings_of_the_stored_tournament(wrc):
    store = folder.open_folder(wrc, read_only=True)
    try:
        tid, _ = folder.find_tournament(store, None)
        st = results.standings(store, rulesets(), tid)
    finally:
        store.close()
    assert st is not None and st.unit == 1000 and st.ruleset.id == "wrc-2015"
    assert [(p.rank, p.shared, p.name, p.total) for p in st.ranking] == [
        (1, True, "Ann", 21_000), (1, True, "Fay", 21_000), (3, False, "Cyd", 18_900), (4, False, "Eve", 0),
        (5, False, "Dan", -21_000), (6, False, "Bob", -30_000), (7, False, "Gus", -45_900),
    ]  # fmt: skip
    assert [(p.name, p.total, p.disqualified) for p in st.not_listed] == [("Hal", 27_000, True)]
    assert [(s.name, s.hanchans, s.total) for s in st.substitutes] == [("Sam", 1, 6_000)]


def test_a_players_record_across_two_tables(club):
    store = folder.open_folder(club, read_only=True)
    try:
        tid, _ = folder.find_tournament(store, "Club league")
        rec = results.player_records(store, rulesets(), tid)
        bob_only = results.player_records(store, rulesets(), tid, "Bob")
        counts = search.player_counts(store, tid, "Bob")
        tables = search.table_ids(store, 7, [tid])
    finally:
        store.close()
    bob = rec.player("Bob")
    assert bob is not None and (bob.counts.warnings, bob.counts.dead_hands, bob.counts.incidents) == (2, 1, 3)
    assert [i.table for i in bob.incidents] == [3, 3, 7]
    assert [p.player for p in bob_only.players] == ["Bob"]
    assert counts["incidents"] == 3 and search.describe_counts(counts).endswith("(3 incidents)")
    assert len(tables) == 1


# -- integrity ----------------------------------------------------------------------------------------------------


def test_verify_an_intact_folder_then_put_back_a_database_overwritten(wrc):
    checked = integrity.verify_folder(wrc, rulesets)
    assert checked.ok and checked.report is not None and checked.report.events == EVENTS
    (wrc / DB_NAME).write_bytes(b"junk" * 100)
    checked = integrity.verify_folder(wrc, rulesets)
    assert not checked.ok and checked.report is None and "is damaged" in checked.unreadable
    report = integrity.put_back(wrc, rulesets())
    assert (report.recovered, report.dropped) == (EVENTS, [])  # every event from this device's journal
    assert [p.read_bytes() for p in wrc.glob("damaged-*/" + DB_NAME)] == [b"junk" * 100]  # kept aside
    again = integrity.verify_folder(wrc, rulesets, deep=True)
    assert again.ok and again.report is not None and again.report.events == EVENTS


def never() -> dict:
    raise AssertionError("the rule sets were asked for (a club file's warnings would be said for nothing)")


def test_the_rule_sets_are_asked_for_only_when_they_are_used(wrc, tmp_path):
    (wrc / DB_NAME).write_bytes(b"junk" * 100)
    assert integrity.verify_folder(wrc, never).report is None  # a file SQLite cannot read: nothing to replay
    tablet = open_store(tmp_path / "tablet")
    tablet_fp = tablet.key.fingerprint if tablet.key else ""
    tablet.close()
    store = folder.open_folder(tmp_path / "head")
    try:
        with pytest.raises(ValueError):
            venue.trust(store, never, "not-a-fingerprint", "Table 7", "table")  # refused before any merge
        assert venue.trust(store, never, tablet_fp, "Table 7", "revoked").merged == 0  # nothing merges
    finally:
        store.close()


def test_verify_says_when_there_is_no_database(tmp_path):
    with pytest.raises(StoreError, match="No refapp database"):
        integrity.verify_folder(tmp_path, rulesets)


def test_put_back_with_nothing_to_recover_from_is_refused(tmp_path):
    (tmp_path / DB_NAME).write_bytes(b"junk" * 100)
    with pytest.raises(StoreError):
        integrity.put_back(tmp_path, rulesets(), from_backup=True)


# -- files in and out ---------------------------------------------------------------------------------------------


def test_a_bundle_carries_every_event_to_another_folder_once(wrc, tmp_path):
    store = folder.open_folder(wrc, read_only=True)
    try:
        out = transfer.export_bundle(store)
        device = store.device_id
    finally:
        store.close()
    assert (out.events, out.devices) == (EVENTS, 1) and out.text.endswith("\n")
    other = folder.open_folder(tmp_path / "other")
    try:
        with pytest.raises(BundleError, match="never seen"):  # a device never seen here is taken only when named
            transfer.import_bundle(other, json.loads(out.text), rulesets())
        done = transfer.import_bundle(other, json.loads(out.text), rulesets(), accept_devices=(device,))
        assert done.anything and done.held == 0 and done.added["events"] == EVENTS
        assert list(done.tables) == list(done.added)  # every table the import counts, in its order
        again = transfer.import_bundle(other, json.loads(out.text), rulesets())
        assert not again.anything and again.added["events"] == 0
        with pytest.raises(BundleError):
            transfer.import_bundle(other, {"format": "not a bundle"}, rulesets())
        ((_, name),) = folder.tournament_names(other)
        assert name == "Riichi Open 2026"
    finally:
        other.close()


def test_the_results_and_incidents_as_csv(wrc):
    store = folder.open_folder(wrc, read_only=True)
    try:
        tid, _ = folder.find_tournament(store, None)
        results_csv, incidents_csv = io.StringIO(), io.StringIO()
        rows = transfer.export_results_csv(store, tid, results_csv, separator=";", rulesets=rulesets())
        incidents = transfer.export_incidents_csv(store, incidents_csv, separator=",", rulesets=rulesets())
    finally:
        store.close()
    # a row per player per hanchan (4 hanchans x 4 seats) and Sam's own row for Hal's seat
    assert rows == 17 and len(results_csv.getvalue().splitlines()) == 1 + 17
    assert ';"Sam";' in results_csv.getvalue()
    # Hal's disqualification and Bob's 3-point penalty
    assert incidents == 2 and "point_penalty" in incidents_csv.getvalue()


# -- this device and the others -----------------------------------------------------------------------------------


def test_this_devices_key_and_trusting_another(wrc, tmp_path):
    tablet = open_store(tmp_path / "tablet")
    tablet_fp = tablet.key.fingerprint if tablet.key else ""
    tablet.close()
    store = folder.open_folder(wrc)
    try:
        own = venue.own_key(store)
        assert own is not None and store.key is not None
        assert (own.device, own.fingerprint) == (store.device_id, store.key.fingerprint)
        assert own.key == store.key.public_hex
        done = venue.trust(store, rulesets, tablet_fp, "Table 7", "table")
        assert (done.entry.fingerprint, done.entry.name, done.entry.role, done.merged) == (tablet_fp, "Table 7",
                                                                                           "table", 0)  # fmt: skip
        rows = {r.fingerprint: r for r in venue.devices(store)}
        assert rows[tablet_fp].name == "Table 7" and rows[own.fingerprint].status == "this device"
        with pytest.raises(ValueError):
            venue.trust(store, rulesets, own.fingerprint, "me", "table")  # this device's own
        assert venue.conflict_views(store, include_resolved=True) == []
    finally:
        store.close()


def test_one_sync_writes_this_devices_events_to_the_shared_folder(wrc, tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    store = folder.open_folder(wrc)
    try:
        report = venue.sync_once(store, shared, rulesets())
        assert report.written == EVENTS and report.devices == []
        assert venue.sync_once(store, shared, rulesets()).written == 0  # nothing new the second time
        outcome = venue.sync_folder(store, tmp_path / "missing", rulesets(), None, datetime.now(UTC))
        assert outcome.report is None and outcome.problem  # the app's sync says why, never raises
    finally:
        store.close()


# -- the clock ----------------------------------------------------------------------------------------------------


def test_a_sessions_clock_and_a_tables_extra_time(wrc):
    store = folder.open_folder(wrc)
    try:
        tid, _ = folder.find_tournament(store, None)
        table = clock.table_numbered(store, tid, 2)
        assert table is not None and table.number == 2 and clock.table_numbered(store, tid, 9) is None
        start_at = datetime(2026, 11, 22, 14, 0, tzinfo=UTC)
        entry = clock.set_session(store, tid, 1, start_at, 90, "Marie")
        assert entry.clock.ends_at() == start_at + timedelta(minutes=90)
        clock.give_extra_time(store, table, 1, 5, "a tile dropped", "Marie")
        clock.give_extra_time(store, table, 1, 3, "a long ruling", "Paul")
        with pytest.raises(clock.ClockError):
            clock.give_extra_time(store, table, 1, -20, "taken back", "Marie")  # more than was given
        entries = clock.clock_entries(store, tid)
        assert entries.extra_minutes(table.table_id, 1) == 8 and entries.sessions[1].minutes == 90
    finally:
        store.close()


# -- sign-offs, statements, players -------------------------------------------------------------------------------


def test_an_incident_found_by_the_start_of_its_id_then_signed_off_and_stated_on(wrc):
    store = folder.open_folder(wrc)
    try:
        (uuid,) = [
            r[0]
            for r in store.conn.execute("SELECT uuid FROM events WHERE type = 'incident' AND offence = 'point_penalty'")
        ]
        found = history.find_incident(store, uuid[:8])
        assert (found.id, found.offence, found.player, found.table, found.hanchan) == (uuid, "point_penalty", "Bob", 2,
                                                                                       2)  # fmt: skip
        said = history.add_statement(store, found.id, "Bob", "I did not hear the call", "Marie")
        assert (said.player, said.text) == ("Bob", "I did not hear the call")
        signed = history.sign_off(store, found.id, "Head referee", pin=False)
        assert (signed.incident, signed.by) == (uuid, "Head referee")
        with pytest.raises(ReportError):
            history.sign_off(store, found.id, "Head referee", pin=False)  # nothing added since
        with pytest.raises(ReportError):
            history.add_statement(store, found.id, "Zoe", "not seated", "Marie")
    finally:
        store.close()


def test_a_roster_adds_players_and_a_plan_from_csv_is_read_for_them(tmp_path):
    store = folder.open_folder(tmp_path)
    try:
        names = ["Ann", "Bob", "Cyd", "Dan"]
        done = seating.add_players(store, "Club league", [RosterEntry(n) for n in names], by="Marie")
        assert done.created and list(done.added) == names
        again = seating.add_players(store, "Club league", [RosterEntry("ann")], by="Marie")
        assert tuple(again.added) == () and tuple(again.unchanged) == ("Ann",)  # known by name, whatever the case
        tid, _ = folder.find_tournament(store, "Club league")
        assert seating.tournament_players(store, tid) == names
        plan = seating.read_plan_csv(
            "session,table,east,south,west,north\n1,1,Dan,Cyd,Bob,Ann\n", "plan.csv", names, []
        )
        assert [(s.session, s.tables) for s in plan] == [(1, (("Dan", "Cyd", "Bob", "Ann"),))]
        assert seating.seating_plan(store, tid).current == {}  # read, not published
    finally:
        store.close()
