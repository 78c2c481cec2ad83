"""`refapp history`, `export`, `import` and `verify`, as a referee or an organiser runs them."""

import csv
import io
import json
import sqlite3

import pytest

from refapp.cli import main
from refapp.store.db import DB_NAME
from refapp.store.opening import open_store
from tests.history_data import build, row_counts


@pytest.fixture
def data_dir(tmp_path):
    folder = tmp_path / "device-a"
    build(folder).store.close()
    return folder


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_history_table_newest_first_without_voided(data_dir, capsys):
    code, out, err = run(capsys, "--data-dir", data_dir, "history")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["ID", "TIME", "TOURNAMENT", "TABLE", "HANCHAN", "HAND", "PLAYER", "OFFENCE",
                                "RULING", "REFEREE", "NOTE"]  # fmt: skip
    assert len(lines) == 1 + 8
    # the first column is the start of the incident's id, what `refapp report --incident` takes
    _, as_json, _ = run(capsys, "--data-dir", data_dir, "history", "--json")
    newest = json.loads(as_json)["events"][0]
    first, rest = lines[1].split(maxsplit=1)
    assert first == newest["uuid"][:8] and newest["note"] == "Téléphone sonne pendant la main"
    assert rest.startswith("2026-11-23 19:10  Lyon Club Night")
    assert "Bob (seat 1)" in lines[-1] and "warning #1" in lines[-1] and "talking during play" in lines[-1]
    assert "VOIDED" not in out
    penalty = next(line for line in lines if "point_penalty" in line)
    assert "Cyd (seat 2)" in penalty and "point penalty 2,000" in penalty and "Phone rang" in penalty


def test_history_of_a_player_shows_the_counts_a_referee_needs(data_dir, capsys):
    code, out, _ = run(
        capsys, "--data-dir", data_dir, "history", "--player", "Bob", "--tournament", "Paris Riichi Open",
        "--include-voided",
    )  # fmt: skip
    assert code == 0
    assert out.count("Bob (seat 1)") == 4
    assert out.count("VOIDED") == 1
    assert out.rstrip().splitlines()[-1] == (
        "Bob in Paris Riichi Open: 2 warnings, 0 dead hands, 1 chombo, 0 penalties (3 incidents)"
    )


def test_history_of_a_player_in_every_tournament(data_dir, capsys):
    code, out, _ = run(capsys, "--data-dir", data_dir, "history", "--player", "Bob")
    assert code == 0
    tail = out.rstrip().splitlines()[-2:]
    assert tail == [
        "Bob in Paris Riichi Open: 2 warnings, 0 dead hands, 1 chombo, 0 penalties (3 incidents)",
        "Bob in Lyon Club Night: 1 warning, 0 dead hands, 0 chombos, 0 penalties (1 incident)",
    ]


def test_history_filters_and_json(data_dir, capsys):
    code, out, _ = run(
        capsys, "--data-dir", data_dir, "history", "--table", "2", "--tournament", "Paris Riichi Open",
        "--ruleset", "wrc-2015", "--since", "2026-11-22T10:15", "--until", "2026-11-22", "--json",
    )  # fmt: skip
    assert code == 0
    rows = json.loads(out)["events"]
    assert [(r["player"], r["offence"], r["ruling"]["ruling"]["kind"]) for r in rows] == [
        ("Hal", "invalid_win_revealed", "chombo")
    ]
    code, out, _ = run(capsys, "--data-dir", data_dir, "history", "--text", "phone", "--offence", "point_penalty",
                       "--json")  # fmt: skip
    assert [r["note"] for r in json.loads(out)["events"]] == ["Phone rang"]
    code, out, _ = run(capsys, "--data-dir", data_dir, "history", "--all-types", "--limit", "3", "--json")
    assert [r["type"] for r in json.loads(out)["events"]] == ["incident", "hanchan_start", "incident"]
    code, out, _ = run(capsys, "--data-dir", data_dir, "history", "--player", "Zed")
    assert out.splitlines() == ["no incidents match", "", "Zed: no incidents recorded"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["history", "--since", "yesterday"], "refapp: --since: 'yesterday' is not a date or time"),
        (["history", "--tournament", "Berlin"], "refapp: --tournament: no tournament with id or name 'Berlin'"),
        (["history", "--table", "9"], "refapp: --table: no table '9'"),
        (["history", "--offence", "rudeness"], "refapp: --offence: unknown offence id 'rudeness'"),
        (["export", "--format", "results", "-o", "-"], "refapp: --tournament is needed: which tournament?"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(data_dir, capsys, argv, message):
    code, out, err = run(capsys, "--data-dir", data_dir, *argv)
    assert code == 2 and out == ""
    assert err.startswith(message) and err.count("\n") == 1


def test_no_database_yet(tmp_path, capsys):
    code, _, err = run(capsys, "--data-dir", tmp_path / "empty", "history")
    assert code == 2 and "no refapp database in" in err
    assert not (tmp_path / "empty" / DB_NAME).exists()  # looking does not create one


def test_bundle_export_import_twice_and_verify(data_dir, tmp_path, capsys):
    bundle_file = tmp_path / "paris.json"
    code, out, _ = run(capsys, "--data-dir", data_dir, "export", "--format", "bundle", "-o", bundle_file)
    assert code == 0
    # 21 ledger events, and the device, its key, 2 tournaments, 3 tables, 8 players, 3 rule sets as events of its chain
    assert out == f"wrote {bundle_file}: 39 events from 1 device(s)\n"
    device = json.loads(bundle_file.read_text())["device_id"]
    other = tmp_path / "device-b"
    code, out, err = run(capsys, "--data-dir", other, "import", bundle_file)
    assert code == 2 and f"never seen: {device}" in err and "--accept-new-device" in err
    code, out, _ = run(capsys, "--data-dir", other, "import", bundle_file, "--accept-new-device", device)
    assert code == 0
    assert out == f"{bundle_file}: added 2 tournaments, 3 game tables, 8 players, 5 hanchans, 39 events\n"
    code, out, _ = run(capsys, "--data-dir", other, "import", bundle_file)  # seen before now: no option needed
    assert (code, out) == (0, f"{bundle_file}: nothing new, everything in it was already stored\n")
    code, out, _ = run(capsys, "--data-dir", other, "verify")
    assert (code, out) == (
        0,
        "ok: 41 events from 2 device(s), every stored row as this device signed it (chains, table order and derived "
        "columns unchanged since they were stored and checked), signatures and projections checked, integrity ok\n",
    )
    code, out, _ = run(capsys, "--data-dir", other, "verify", "--deep")
    assert (code, out) == (
        0,
        "ok: 41 events from 2 device(s), hash chains intact, table order, derived columns and projections checked, "
        "integrity ok\n",
    )


def test_a_rejected_import_names_the_problem_and_stores_nothing(data_dir, tmp_path, capsys):
    bundle_file = tmp_path / "b.json"
    run(capsys, "--data-dir", data_dir, "export", "-o", bundle_file)
    data = json.loads(bundle_file.read_text())
    i = next(i for i, e in enumerate(data["events"]) if e["payload"]["type"] == "incident")
    data["events"][i]["payload"]["note"] = "no warning"  # changed after export: the hash no longer matches
    bundle_file.write_text(json.dumps(data))
    other = tmp_path / "device-b"
    code, out, err = run(capsys, "--data-dir", other, "import", bundle_file, "--accept-new-device", data["device_id"])
    assert code == 2 and out == ""
    assert err.startswith(f"refapp: {bundle_file}: bundle rejected, nothing was imported: events[{i}] (uuid ev")
    assert "field 'hash' does not match" in err and err.count("\n") == 1

    store = open_store(other)
    # its own device and key events only
    assert row_counts(store) == {"tournaments": 0, "game_tables": 0, "players": 0, "hanchans": 0, "events": 2}
    store.close()
    code, _, err = run(capsys, "--data-dir", other, "import", tmp_path / "missing.json")
    assert code == 2 and "missing.json: no such file" in err
    (tmp_path / "not.json").write_text("{")
    code, _, err = run(capsys, "--data-dir", other, "import", tmp_path / "not.json")
    assert code == 2 and "not.json: not valid JSON" in err


def test_incident_and_results_csv(data_dir, tmp_path, capsys):
    code, out, _ = run(capsys, "--data-dir", data_dir, "export", "--format", "csv", "--tournament", "Lyon Club Night",
                       "-o", "-")  # fmt: skip
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][:8] == ["time", "tournament", "table", "hanchan", "hand", "seat", "player", "offence"]
    assert rows[1][:8] == ["2026-11-23T19:10:00+01:00", "Lyon Club Night", "1", "1", "E1", "0", "Bob", "warning"]
    results = tmp_path / "results.csv"
    code, out, _ = run(capsys, "--data-dir", data_dir, "export", "--format", "results", "--tournament",
                       "Paris Riichi Open", "-o", results)  # fmt: skip
    assert (code, out) == (0, f"wrote {results}: 16 result row(s)\n")  # hanchan 3 of table 1 in play
    table = list(csv.DictReader(results.open(encoding="utf-8-sig", newline="")))
    ann = next(r for r in table if r["player"] == "Ann" and r["hanchan"] == "1")
    assert (ann["federation id"], ann["table score"], ann["rank"], ann["result (table points)"]) == (
        "04010001", "42000", "1", "27000"
    )  # fmt: skip


def test_verify_exit_1_names_the_first_altered_event(data_dir, capsys):
    conn = sqlite3.connect(data_dir / DB_NAME)
    conn.execute("DROP TRIGGER events_no_update")  # someone edits the file behind refapp's back
    seq = conn.execute("SELECT seq FROM events WHERE type = 'incident' ORDER BY seq LIMIT 1 OFFSET 2").fetchone()[0]
    conn.execute("UPDATE events SET payload = replace(payload, 'warning', 'dead_hand') WHERE seq = ?", (seq,))
    conn.commit()
    conn.close()
    code, out, err = run(capsys, "--data-dir", data_dir, "verify")
    assert code == 1 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("damaged: ")
    assert lines[1].startswith(f"first bad event: seq {seq} uuid ev")
    assert lines[1].endswith("its content was changed after it was stored")
    assert (
        lines[-1]
        == "to recover what the journal or a backup still holds: refapp recover (the damaged files are kept aside)"
    )


def test_verify_without_a_database(tmp_path, capsys):
    code, _, err = run(capsys, "--data-dir", tmp_path, "verify")
    assert code == 2 and "no refapp database" in err
