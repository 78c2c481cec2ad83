"""Issue 12, problem 6: import trusted too much. A made-up device injected incidents, a row whose columns contradicted
its payload was stored as it came, two tablets that each ruled one table merged silently, and a counter of 10**20
imported and crashed the next ruling. Now every column is derived, devices must be known or accepted, a fork is
refused with a report, and every number is bounded."""

from __future__ import annotations

import copy
import json

import pytest

from refapp.cli import main as cli_main
from refapp.store import bundle
from refapp.store.bundle import BundleError, export_bundle, import_bundle
from refapp.store.chain import GENESIS, HASHED, row_hash
from refapp.store.db import Store
from refapp.store.opening import open_store
from refapp.store.tablebook import TableBook
from refapp.store.verify import verify
from tests.history_data import build
from tests.logs import hand, rulesets, start, tsumo


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


def test_a_bundle_from_an_unknown_device_is_refused_unless_accepted(sc, other):
    data = export_bundle(sc.store)
    before = other.count_events()
    with pytest.raises(BundleError) as err:
        import_bundle(other, data, rulesets=rulesets())
    assert sc.store.device_id in str(err.value) and "--accept-new-device" in str(err.value)
    assert other.count_events() == before
    added = import_bundle(other, data, rulesets=rulesets(), accept_devices={sc.store.device_id})
    assert added["events"] > 0
    # seen before: a later bundle of the same device needs no acceptance
    TableBook(sc.store, sc.t2, rulesets()).commit(start("wrc-2015", players=("Eve", "Fay", "Gus", "Hal")))
    assert import_bundle(other, export_bundle(sc.store), rulesets=rulesets())["events"] == 1


def test_the_cli_option_accepts_a_new_device(sc, tmp_path, capsys):
    path = tmp_path / "paris.json"
    path.write_text(bundle.dumps(export_bundle(sc.store)), encoding="utf-8")
    folder = tmp_path / "c"
    code = cli_main(["--data-dir", str(folder), "import", str(path)])
    err = capsys.readouterr().err
    assert code == 2 and sc.store.device_id in err and "--accept-new-device" in err
    code = cli_main(["--data-dir", str(folder), "import", str(path), "--accept-new-device", sc.store.device_id])
    assert code == 0, capsys.readouterr().err


def _v1_bundle(store: Store) -> dict:
    """The same history as a version-1 bundle (every column of every row), as an earlier refapp wrote it."""
    rows = []
    prev: dict[str, str] = {}
    conn = store.conn
    for r in conn.execute(
        f"SELECT seq, {', '.join(HASHED)}, target FROM events WHERE type NOT IN "
        "('device', 'tournament', 'table', 'player', 'ruleset', 'adopt') ORDER BY seq"
    ):
        row = dict(zip(["seq", *HASHED, "target"], r))
        device = row["device_id"]
        row["device_seq"] = len([x for x in rows if x["device_id"] == device]) + 1
        row["prev_hash"] = prev.get(device, GENESIS)
        row["hash"] = prev[device] = row_hash(row["prev_hash"], row)
        rows.append(row)

    def table(name, cols):
        return [dict(zip(cols, r)) for r in conn.execute(f"SELECT {', '.join(cols)} FROM {name}")]

    return {
        "format": "refapp-bundle",
        "version": 1,
        "device_id": "old-device",
        "tournaments": table("tournaments", ["id", "name", "created_at", "device_id"]),
        "game_tables": table("game_tables", ["id", "tournament_id", "number", "created_at", "device_id"]),
        "players": table(
            "players", ["id", "tournament_id", "name", "first_timer", "created_at", "device_id", "federation_id"]
        ),
        "hanchans": table(
            "hanchans", ["id", "table_id", "number", "ruleset_id", "ruleset_version", "created_at", "device_id"]
        ),
        "events": rows,
    }


def _forge(data: dict, column: str, value) -> int:
    """Change one column of Bob's first incident and recompute the chain (anyone can: it has no key)."""
    rows = data["events"]
    i = next(i for i, r in enumerate(rows) if r["type"] == "incident" and r["player"] == "Bob")
    if column == "ruling":
        ruling = json.loads(rows[i]["ruling"])
        ruling["ruling"]["kind"] = value
        rows[i]["ruling"] = json.dumps(ruling)
    else:
        rows[i][column] = value
    for j in range(i, len(rows)):
        rows[j]["prev_hash"] = rows[j - 1]["hash"] if j else GENESIS
        rows[j]["hash"] = row_hash(rows[j]["prev_hash"], rows[j])
    return i


@pytest.mark.parametrize(
    "column, value",
    [("player", "Ann"), ("referee", "Mallory"), ("note", "confessed"), ("hand_no", 4), ("ruling", "disqualification")],
)
def test_a_row_whose_columns_contradict_its_payload_is_refused_naming_the_row_and_column(sc, other, column, value):
    data = _v1_bundle(sc.store)
    accepted = {r["device_id"] for r in data["events"]}
    forged = copy.deepcopy(data)
    i = _forge(forged, column, value)
    with pytest.raises(BundleError) as err:
        import_bundle(other, forged, rulesets=rulesets(), accept_devices=accepted)
    assert f"events[{i}]" in str(err.value) and repr(column) in str(err.value)
    assert other.count_events() == 2  # its own device and key events only: nothing was imported
    # the honest bundle goes in, and shows what was ruled
    assert import_bundle(other, data, rulesets=rulesets(), accept_devices=accepted)["events"] == len(data["events"])
    assert verify(other, rulesets()).ok


@pytest.mark.parametrize("column, value", [("hanchan_no", 5), ("counters", 7), ("player", "Ann"), ("note", "x")])
def test_an_entity_row_whose_columns_contradict_its_payload_is_refused(sc, other, column, value):
    """The device's key announcement (an entity event, no hand or player) with a hand, counters or a player added
    (found by the store campaign: entity rows of a version-1 bundle were taken as they came)."""
    data = _v1_bundle(sc.store)
    accepted = {r["device_id"] for r in data["events"]}
    rows = data["events"]
    i = next(i for i, r in enumerate(rows) if r["type"] == "device_key")
    rows[i][column] = value
    for j in range(i, len(rows)):
        rows[j]["prev_hash"] = rows[j - 1]["hash"] if j else GENESIS
        rows[j]["hash"] = row_hash(rows[j]["prev_hash"], rows[j])
    with pytest.raises(BundleError) as err:
        import_bundle(other, data, rulesets=rulesets(), accept_devices=accepted)
    assert f"events[{i}]" in str(err.value) and repr(column) in str(err.value)
    assert other.count_events() == 2


def test_two_devices_writing_one_table_is_a_fork_refused_with_a_report(tmp_path):
    # Both tablets got the table from one bundle, then each recorded an East 1 tsumo on it.
    a = open_store(tmp_path / "a")
    table = a.setup_table("Paris", 3, [])
    book = TableBook(a, table, rulesets())
    book.commit(start("ema-2016"))
    b = open_store(tmp_path / "b")
    import_bundle(b, export_bundle(a), rulesets=rulesets(), accept_devices={a.device_id})
    both_follow = book.events[-1]["id"]
    book.commit(tsumo(hand(0, limit="mangan")))
    TableBook(b, b.table(table.table_id), rulesets()).commit(tsumo(hand(2, han=1, fu=30)))
    before = a.count_events()
    with pytest.raises(BundleError) as err:
        import_bundle(a, export_bundle(b), rulesets=rulesets(), accept_devices={b.device_id})
    text = str(err.value)
    assert "fork" in text and "table 3" in text and both_follow in text
    assert a.device_id in text and b.device_id in text
    assert a.count_events() == before
    assert [s.score for s in TableBook(a, table, rulesets()).state.seats] == [42000, 26000, 26000, 26000]
    a.close()
    b.close()


@pytest.mark.parametrize(
    "field, value",
    [("counters", 10**20), ("riichi_sticks", 10**20), ("scores", [10**20, 0, 0, 0]), ("overall", [1e308, 0, 0, 0])],
)
def test_every_number_is_bounded(tmp_path, field, value):
    store = open_store(tmp_path / "a")
    table = store.setup_table("Paris", 1, [])
    resume = {"scores": [25000, 25000, 25000, 25000], field: value}
    event = start("ema-2016", resume=resume)
    with pytest.raises(Exception) as err:
        TableBook(store, table, rulesets()).commit(event)
    assert field in str(err.value)
    assert store.table_events(table.table_id) == []
    # and through a bundle
    source = open_store(tmp_path / "s")
    t = source.setup_table("Paris", 1, [])
    TableBook(source, t, rulesets()).commit(start("ema-2016"))
    data = export_bundle(source)
    line = next(x for x in data["events"] if x.get("payload", {}).get("type") == "hanchan_start")
    line["payload"]["resume"] = resume
    with pytest.raises(BundleError) as err:
        import_bundle(store, data, rulesets=rulesets(), accept_devices={source.device_id})
    assert field in str(err.value)
    store.close()
    source.close()
