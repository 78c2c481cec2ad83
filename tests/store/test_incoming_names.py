"""Names, texts and times as they come into the store (refapp.domain.inputs): typed or imported names with a control
or invisible formatting character, and events whose time has no offset, are refused wherever they come in — the
store's own calls (Setup, the command line), a ruling entered at the table, a bundle, another device's journal —
naming the event and the field, storing nothing; what an older refapp stored keeps opening, replaying and verifying."""

from __future__ import annotations

import random

import pytest

from refapp.domain.events import LogError
from refapp.store import entities, tablebook
from refapp.store.bundle import BundleError, export_bundle, import_bundle
from refapp.store.db import StoreError
from refapp.store.devices import add_trust
from refapp.store.opening import open_store
from refapp.store.tablebook import TableBook
from refapp.store.verify import verify
from tests.logs import ev, riichi, rulesets, start
from tests.sync.venue import Device

HOSTILE = ["Bob\x00", "Bob\nEve", "\u202eBob", "Bob\u200b", "محمد\u200fعلی", "Bob\x1b[31m", "Bob\u2028"]


@pytest.fixture
def store(tmp_path):
    s = open_store(tmp_path / "data")
    yield s
    s.close()


@pytest.mark.parametrize("name", HOSTILE)
def test_a_tournament_or_player_name_with_a_control_or_invisible_character_is_refused_storing_nothing(store, name):
    tid = store.create_tournament("Paris Riichi Open")
    before = store.count_events()
    with pytest.raises(StoreError) as caught:
        store.create_tournament(name)
    assert caught.value.key == "name_refused" and caught.value.params["char"].startswith("U+")
    assert str(caught.value).startswith("Nothing was stored: the tournament's name: U+")
    with pytest.raises(StoreError, match="the player's name: U+"):
        store.add_player(tid, name)
    with pytest.raises(StoreError, match="the player's federation_id: U+"):
        store.add_player(tid, "Ann", federation_id=name)
    with pytest.raises(StoreError, match="the tournament's name: U+"):
        store.setup_table(name, 1, [{"name": "Ann"}])
    with pytest.raises(StoreError, match="the player's name: U+"):
        store.setup_table("Paris Riichi Open", 1, [{"name": "Ann"}, {"name": name}])  # one transaction: no Ann
    pid = store.add_player(tid, "Cyd")
    with pytest.raises(StoreError, match="the player's name: U+"):
        store.update_player(pid, name=name)
    assert store.count_events() == before + 1  # Cyd only
    assert [p["name"] for p in store.players(tid)] == ["Cyd"]
    assert [t["name"] for t in store.tournaments()] == ["Paris Riichi Open"]
    assert verify(store, rulesets()).ok


def test_names_in_every_script_are_stored_as_typed(store):
    names = ["Zoë Müller", "山田\u3000太郎", "محمد علی", "یاسمین\u200cمی", "👨\u200d👩\u200d👧", "=cmd|' /C calc'!A0"]
    tid = store.create_tournament("Étoile de Lyon 🀄")
    for n in names:
        store.add_player(tid, n)
    assert sorted(p["name"] for p in store.players(tid)) == sorted(names)
    assert verify(store, rulesets()).ok


def test_a_ruling_with_a_bad_name_or_time_is_refused_at_the_table_storing_nothing(store):
    table = store.setup_table("Paris Riichi Open", 1)
    book = TableBook(store, table, rulesets())
    before = store.count_events()
    cases = [
        (start("ema-2016", players=("Ann", "Bob", "Cyd", "Dan\u202e")), "players.3", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        ({**start("ema-2016"), "at": "not a date"}, "at", "'not a date' is not an ISO 8601 time with its offset"),
        ({**start("ema-2016"), "by": "Sylvie\x00"}, "by", "U+0000 NULL"),
    ]
    for event, field, says in cases:
        for attempt in (book.preview, book.commit):
            with pytest.raises(LogError) as caught:
                attempt(event)
            assert caught.value.field == field and says in caught.value.message and caught.value.index == 0
    assert store.count_events() == before
    book.commit(start("ema-2016"))
    incident = ev("incident", seat=1, offence="missed_hanchan", answers={}, substitute="Eve\u2066")
    with pytest.raises(LogError, match="substitute: U\\+2066 LEFT-TO-RIGHT ISOLATE"):
        book.commit(incident)
    with pytest.raises(LogError, match="note: U\\+0007"):
        book.commit(ev("incident", seat=1, offence="warning", note="ring\x07"))
    book.commit(ev("incident", seat=1, offence="warning", note="a note\non two lines, with a\ttab"))
    assert len(book.events) == 2


def test_a_device_name_with_an_invisible_character_is_refused(tmp_path):
    a, b = Device(tmp_path / "a", "A"), Device(tmp_path / "b", "B")
    with pytest.raises(ValueError, match="the device's name: U\\+200E LEFT-TO-RIGHT MARK is not allowed in a name"):
        add_trust(a.store, b.fingerprint, "Table\u200e7")
    assert a.store.conn.execute("SELECT count(*) FROM trusts").fetchone()[0] == 0
    a.close()
    b.close()


def _older_refapp(monkeypatch) -> None:
    """This device stores what a refapp before these checks stored: a ruling's names and time as given."""
    monkeypatch.setattr(tablebook, "check_incoming", lambda *_a, **_k: None, raising=False)
    monkeypatch.setattr(entities, "check_incoming", lambda *_a, **_k: None)  # (its entity events too)


def test_what_an_older_refapp_stored_still_opens_replays_and_verifies(tmp_path, monkeypatch):
    store = open_store(tmp_path / "old")
    table = store.setup_table("Paris Riichi Open", 1)
    with monkeypatch.context() as m:
        _older_refapp(m)
        book = TableBook(store, table, rulesets())
        book.commit({**start("ema-2016", players=("Ann", "Bob\u202e", "Cyd", "Dan")), "at": "2026-11-22 10:00"})
    store.close()
    store = open_store(tmp_path / "old")
    book = TableBook(store, store.table(table.table_id), rulesets())
    assert book.state.seats[1].player == "Bob\u202e"
    book.commit(riichi(0))  # the table goes on
    assert verify(store, rulesets()).ok
    store.close()


def _bad_exporter(tmp_path, monkeypatch, event: dict) -> dict:
    source = open_store(tmp_path / "source")
    table = source.setup_table("Paris Riichi Open", 1)
    with monkeypatch.context() as m:
        _older_refapp(m)
        TableBook(source, table, rulesets()).commit(event)
    data = export_bundle(source)
    source.close()
    return data


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"at": "not a date"}, "at: 'not a date' is not an ISO 8601 time with its offset"),
        ({"players": ["Ann", "Bob", "Cyd\x00", "Dan"]}, "players.2: U+0000 NULL is not allowed in a name"),
    ],
)
def test_a_bundle_whose_event_has_a_bad_time_or_name_is_refused_naming_the_event(tmp_path, monkeypatch, change, says):
    event = {**start("ema-2016"), **change}
    data = _bad_exporter(tmp_path, monkeypatch, event)
    target = open_store(tmp_path / "target")
    before = target.count_events()
    with pytest.raises(BundleError) as caught:
        import_bundle(target, data, rulesets=rulesets(), accept_devices={data["device_id"]})
    problem = next(p for p in caught.value.problems if event["id"] in p)
    assert f"(uuid {event['id']}): field 'payload' is refused (hanchan_start): {says}" in problem
    assert target.count_events() == before and verify(target, rulesets()).ok
    target.close()


def test_a_bundle_whose_player_entity_has_a_bad_name_is_refused(tmp_path, monkeypatch):
    source = open_store(tmp_path / "source")
    tid = source.create_tournament("Paris Riichi Open")
    with monkeypatch.context() as m:
        _older_refapp(m)
        source.add_player(tid, "Ann\u202e")
    data = export_bundle(source)
    source.close()
    target = open_store(tmp_path / "target")
    before = target.count_events()
    with pytest.raises(BundleError, match=r"refused \(player\): name: U\+202E RIGHT-TO-LEFT OVERRIDE"):
        import_bundle(target, data, rulesets=rulesets(), accept_devices={data["device_id"]})
    assert target.count_events() == before
    target.close()


def test_a_signed_journal_event_with_a_bad_time_is_refused_at_sync_naming_the_event(tmp_path, monkeypatch):
    folder = tmp_path / "shared"
    folder.mkdir()
    head = Device(tmp_path / "head", "Head")
    head.store.create_tournament("Venue Open")
    tablet = Device(tmp_path / "tablet", "T1")
    tablet.trust(head, "head")
    head.trust(tablet)
    head.sync(folder)
    tablet.sync(folder)
    tablet.set_up(1)
    rng = random.Random(5)
    tablet.record(rng)  # a hanchan starts
    tablet.sync(folder)
    head.sync(folder)
    merged_before = head.store.count_events()
    with monkeypatch.context() as m:  # the tablet runs an older refapp: it stores and signs a ruling timed "soon"
        _older_refapp(m)
        bad = {"type": "riichi", "id": "bad-riichi", "at": "soon", "by": "T1", "seat": 0}
        tablet.book().commit(bad)
    tablet.record(rng)
    tablet.sync(folder)  # its journal now holds the event, covered by its signed head
    report = head.sync(folder)  # never a crash: the tablet's row says what was refused
    row = next(r for r in report.devices if r.device_id == tablet.store.device_id)
    assert "(uuid bad-riichi): field 'payload' is refused (riichi): at: 'soon' is not an ISO 8601 time" in row.problem
    assert tablet.store.device_id in row.problem
    stored = {r[0] for r in head.store.conn.execute("SELECT uuid FROM events")}
    assert "bad-riichi" not in stored and head.store.count_events() == merged_before
    assert verify(head.store, rulesets()).ok
    again = head.sync(folder)  # read again at the next sync, refused again, the same way
    assert "bad-riichi" in next(r for r in again.devices if r.device_id == tablet.store.device_id).problem
    head.close()
    tablet.close()


def test_a_version_1_bundle_whose_player_row_has_a_bad_name_is_refused(tmp_path):
    from tests.history_data import build
    from tests.store.test_import_trust import _v1_bundle

    sc = build(tmp_path / "a")
    data = _v1_bundle(sc.store)
    sc.store.close()
    data["players"][1]["name"] = data["players"][1]["name"] + "\u2069"  # its events name the player as before
    target = open_store(tmp_path / "b")
    before = target.count_events()
    with pytest.raises(BundleError) as caught:
        import_bundle(target, data, rulesets=rulesets(), accept_devices={r["device_id"] for r in data["events"]})
    assert any(
        p.startswith(f"players[1] (id {data['players'][1]['id']}): field 'name': U+2069 POP DIRECTIONAL ISOLATE")
        for p in caught.value.problems
    ), caught.value.problems
    assert target.count_events() == before
    target.close()


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (
            ["clock", "set", "--session", "1", "--start", "09:00", "--minutes", "90", "--by", "Syl\u202evie"],
            "--by: U+202E RIGHT-TO-LEFT OVERRIDE is not allowed in a name",
        ),  # fmt: skip
        (
            ["clock", "extra", "--table", "1", "--session", "1", "--minutes", "5", "--reason", "x\x1b[2J", "--by", "S"],
            "--reason: control character",
        ),  # fmt: skip
        (["clock", "rule", "--finish-hand", "--reason", "x\x00", "--by", "S"], "--reason: control character"),
        (["signoff", "--incident", "INCIDENT", "--by", "Head\u200f"], "--by: U+200F RIGHT-TO-LEFT MARK"),
        (
            ["statement", "--incident", "INCIDENT", "--player", "PLAYER", "--text", "fine", "--by", "S\u2066"],
            "--by: U+2066 LEFT-TO-RIGHT ISOLATE",
        ),  # fmt: skip
    ],
)
def test_names_typed_on_the_command_line_are_refused_in_one_line_storing_nothing(tmp_path, capsys, args, says):
    from refapp.cli import main
    from tests.history_data import build

    sc = build(tmp_path / "data")
    incident, player = sc.store.conn.execute("SELECT uuid, player FROM events WHERE type = 'incident'").fetchone()
    before = sc.store.count_events()
    sc.store.close()
    argv = [a.replace("INCIDENT", incident).replace("PLAYER", player) for a in args]
    if argv[0] == "clock":
        argv[2:2] = ["--tournament", "Paris Riichi Open"]
    assert main(["--data-dir", str(tmp_path / "data"), *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"refapp: {says}") and err.count("\n") == 1, err
    store = open_store(tmp_path / "data")
    assert store.count_events() == before
    store.close()
