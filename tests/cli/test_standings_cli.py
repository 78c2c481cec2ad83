"""`refapp standings` and the whole tournament's results export, as an organiser runs them, on the tournaments of
``tests/standings_data.py`` (their numbers are worked out by hand in ``tests/domain/test_tournament_standings.py``)."""

from __future__ import annotations

import csv
import io
import json

import pytest

from refapp.cli import main
from refapp.store.opening import open_store
from tests.logs import start
from tests.standings_data import ema_tables, store_of, wrc_tables


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def wrc(tmp_path):
    folder = tmp_path / "wrc"
    store_of(folder, "Riichi Open 2026", wrc_tables()).close()
    return folder


def test_standings_as_json_in_wrc_points(wrc, capsys):
    code, out, err = run(capsys, "--data-dir", wrc, "standings", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert (data["tournament"], data["ruleset"], data["unit"], data["hanchans"]) == ("Riichi Open 2026", "wrc-2015",
                                                                                    1000, [1, 2])  # fmt: skip
    assert [(p["rank"], p["shared"], p["player"], p["total"]) for p in data["ranking"]] == [
        (1, True, "Ann", 21), (1, True, "Fay", 21), (3, False, "Cyd", 18.9), (4, False, "Eve", 0),
        (5, False, "Dan", -21), (6, False, "Bob", -30), (7, False, "Gus", -45.9),
    ]  # fmt: skip
    bob = data["ranking"][5]
    assert (bob["points"], bob["uma"], bob["penalties"], bob["played"]) == (-12, -15, 3, 2)
    assert [(p["player"], p["total"], p["disqualified"]) for p in data["not_listed"]] == [("Hal", 27, True)]
    assert data["substitutes_listed"] == [
        {"player": "Sam", "substitute_for": ["Hal"], "hanchans": 1, "points": 1, "uma": 5, "oka_and_sticks": 0,
         "penalties": 0, "total": 6, "in_play": False}
    ]  # fmt: skip
    assert data["ranking"][0]["progress"] == [27, 21]


def test_standings_as_a_table(wrc, capsys):
    code, out, err = run(capsys, "--data-dir", wrc, "standings", "--tournament", "riichi open 2026")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Riichi Open 2026: standings after hanchan 2 (WRC 2015; amounts in points of 1,000 table points)"
    assert lines[1] == "disqualified players: not listed in the ranking; equal totals share the place"
    assert lines[3].split() == ["PLACE", "PLAYER", "PLAYED", "POINTS", "UMA", "PENALTIES", "TOTAL"]
    assert [line.split() for line in lines[4:11]] == [
        ["1=", "Ann", "2", "11", "10", "0", "21"],
        ["1=", "Fay", "2", "6", "15", "0", "21"],
        ["3", "Cyd", "2", "3.9", "15", "0", "18.9"],
        ["4", "Eve", "2", "0", "0", "0", "0"],
        ["5", "Dan", "2", "-6", "-15", "0", "-21"],
        ["6", "Bob", "2", "-12", "-15", "3", "-30"],
        ["7", "Gus", "2", "-15.9", "-30", "0", "-45.9"],
    ]
    assert lines[11:] == [
        "",
        "not listed in the ranking (disqualified):",
        "  Hal: 1 played, total 27 points",
        "",
        "substitutes (never ranked):",
        "  Sam for Hal: 1 hanchan(s), total 6 points",
    ]


def test_a_hanchan_in_play_is_marked_and_the_latest_tournament_is_the_default(tmp_path, capsys):
    folder = tmp_path / "two"
    store_of(folder, "Riichi Open 2026", wrc_tables()).close()
    later = store_of(folder, "Club Night", [[start("ema-2012", ("Ann", "Bob", "Cyd", "Dan"), hanchan=1)]])
    later.close()
    code, out, _ = run(capsys, "--data-dir", folder, "standings")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Club Night: standings after hanchan 1 (EMA 2012; amounts in table points)")
    assert "in play: table 1 hanchan 1 (counted as if it ended now; marked *)" in lines
    # nothing played yet: a four-way tie, uma split (30,000 + 10,000 - 10,000 - 30,000) / 4 = 0, all marked
    assert [line.split() for line in lines[-4:]] == [
        ["1=", f"{p}*", "1", "0", "0", "0", "0"] for p in "Ann Bob Cyd Dan".split()
    ]
    code, out, _ = run(capsys, "--data-dir", folder, "standings", "--tournament", "Riichi Open 2026", "--json")
    assert code == 0 and json.loads(out)["in_play"] == []


def test_bad_input_is_one_line_and_exit_2(wrc, tmp_path, capsys):
    code, out, err = run(capsys, "--data-dir", wrc, "standings", "--tournament", "Berlin")
    assert (code, out) == (2, "")
    assert err == "refapp: --tournament: no tournament with id or name 'Berlin' (known: 'Riichi Open 2026')\n"
    code, _, err = run(capsys, "--data-dir", tmp_path / "empty", "standings")
    assert code == 2 and err.startswith("refapp: no refapp database in ") and err.count("\n") == 1
    with pytest.raises(SystemExit) as exc:
        run(capsys, "--data-dir", wrc, "standings", "--limit", "3")
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err.count("\n") == 1 and "unrecognized arguments: --limit 3" in err
    # two tournaments of the same name: the id is needed

    store = open_store(wrc)
    store.create_tournament("Riichi Open 2026")
    ids = [t["id"] for t in store.tournaments()]
    store.close()
    code, _, err = run(capsys, "--data-dir", wrc, "standings", "--tournament", "Riichi Open 2026")
    assert code == 2 and "2 tournaments are named 'Riichi Open 2026': give the id instead" in err
    assert all(i in err for i in ids)
    code, out, _ = run(capsys, "--data-dir", wrc, "standings", "--tournament", ids[1])
    assert (code, out) == (0, "Riichi Open 2026: no hanchan has been started yet\n")


def results(capsys, folder, tmp_path) -> list[dict[str, str]]:
    path = tmp_path / "results.csv"
    code, out, err = run(capsys, "--data-dir", folder, "export", "--format", "results", "-o", path)
    assert (code, err) == (0, "") and out.startswith(f"wrote {path}: ")
    return list(csv.DictReader(path.open(encoding="utf-8-sig", newline="")))


def test_results_export_of_the_whole_tournament_wrc(wrc, tmp_path, capsys):
    rows = results(capsys, wrc, tmp_path)
    # one row per player per hanchan of both tables: 4 + 4 in hanchan 1; hanchan 2 at table 1: Cyd, Sam (for Hal),
    # Ann, Gus and Hal's own row (disqualified during play: no score, no rank, 0); at table 2: 4 rows
    assert [(r["hanchan"], r["table"], r["player"]) for r in rows] == [
        ("1", "1", "Ann"), ("1", "1", "Bob"), ("1", "1", "Cyd"), ("1", "1", "Dan"),
        ("1", "2", "Eve"), ("1", "2", "Fay"), ("1", "2", "Gus"), ("1", "2", "Hal"),
        ("2", "1", "Sam"), ("2", "1", "Ann"), ("2", "1", "Gus"), ("2", "1", "Cyd"), ("2", "1", "Hal"),
        ("2", "2", "Bob"), ("2", "2", "Dan"), ("2", "2", "Eve"), ("2", "2", "Fay"),
    ]  # fmt: skip
    assert "uma (points)" in rows[0] and "uma" not in rows[0]  # WRC: what goes into the overall score, in points
    sam = rows[8]
    assert (sam["substitute for"], sam["table score"], sam["rank"], sam["uma (points)"], sam["result (points)"],
            sam["place"]) == ("Hal", "31000", "2", "5", "6", "")  # fmt: skip
    hal = [r for r in rows if r["player"] == "Hal"]
    # "He will not be listed in the ranking" (WRC 2015 §7.1): his rows say so, without a place
    assert [(r["result (points)"], r["place"], r["disqualified"], r["table score"]) for r in hal] == [
        ("27", "", "yes", "42000"), ("0", "", "yes", "")
    ]  # fmt: skip
    assert {r["player"]: r["place"] for r in rows if r["player"] not in ("Hal", "Sam")} == {
        "Ann": "1", "Fay": "1", "Cyd": "3", "Eve": "4", "Dan": "5", "Bob": "6", "Gus": "7"
    }  # fmt: skip
    bob2 = next(r for r in rows if r["player"] == "Bob" and r["hanchan"] == "2")
    assert (bob2["penalties (points)"], bob2["result (points)"], bob2["status"]) == ("3", "-3", "final")
    # each player's rows add up to his total in `refapp standings` (21 points)
    assert sum(int(r["result (points)"]) for r in rows if r["player"] == "Ann") == 21


def test_results_export_ema_disqualified_at_the_bottom_and_formula_safe(tmp_path, capsys):
    t1, t2 = ema_tables()
    for log in (t1, t2):  # Gus is entered under a name that starts like a spreadsheet formula
        for e in log:
            if e["type"] == "hanchan_start":
                e["players"] = ["=Gus()" if p == "Gus" else p for p in e["players"]]
    folder = tmp_path / "ema"
    store_of(folder, "EMA Open", (t1, t2)).close()
    rows = results(capsys, folder, tmp_path)
    # EMA 2012 §5.7: "ranked at the bottom of the result list and the result will count for the EMA ranking list"
    assert {(r["player"], r["place"], r["disqualified"]) for r in rows if r["player"] == "Hal"} == {("Hal", "8", "yes")}
    sam = next(r for r in rows if r["player"] == "Sam")
    assert (sam["substitute for"], sam["uma (table points)"], sam["result (table points)"], sam["place"]) == (
        "Hal", "-30000", "-30000", ""
    )  # fmt: skip
    assert {r["place"] for r in rows if r["player"] in ("Cyd", "Dan")} == {"3"}  # the tie
    assert {r["player"] for r in rows if "Gus" in r["player"]} == {"'=Gus()"}
    cyd1 = next(r for r in rows if r["player"] == "Cyd" and r["hanchan"] == "1")
    # the late penalty came off the table score (-3,000): result = -3,000 - 10,000 uma = -13,000
    assert (cyd1["table score"], cyd1["uma (table points)"], cyd1["penalties (table points)"],
            cyd1["result (table points)"]) == ("-3000", "-10000", "0", "-13000")  # fmt: skip
    # and the export, like the standings, reads the data folder only: stdout gets the same rows
    code, out, _ = run(capsys, "--data-dir", folder, "export", "--format", "results", "-o", "-")
    assert code == 0 and list(csv.DictReader(io.StringIO(out))) == rows


def test_ema_2012_a_disqualified_player_in_the_standings_and_the_results_export(tmp_path, capsys):
    """EMA 2012 §5.7: a disqualification is a substitution "after the playing has begun"; "A player who was
    substituted will receive 0 points and an uma of -30,000 points for each session missed"; "A disqualified player
    will be ranked at the bottom of the result list and the result will count for the EMA ranking list."

    One table, EMA 2012, 0 points each: Bob is disqualified for cheating, Zoe plays his seat; time, nobody scored.
    Ann, Cyd and Dan share the first three places' uma: (30,000 + 10,000 - 10,000) / 3 = 10,000 each; Zoe takes the
    last uma (0 points, -30,000, not ranked); Bob: 0 points and -30,000 uma, at the bottom: 4th."""
    from tests.logs import end, ev

    log = [start("ema-2012"), ev("incident", seat=1, offence="cheating", answers={}, substitute="Zoe"), end()]
    folder = tmp_path / "ema"
    store_of(folder, "EMA Open", [log]).close()
    code, out, err = run(capsys, "--data-dir", folder, "standings", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert [(p["rank"], p["player"], p["uma"], p["total"], p["disqualified"]) for p in data["ranking"]] == [
        (1, "Ann", 10000, 10000, False), (1, "Cyd", 10000, 10000, False), (1, "Dan", 10000, 10000, False),
        (4, "Bob", -30000, -30000, True),
    ]  # fmt: skip
    rows = results(capsys, folder, tmp_path)
    assert [
        (r["player"], r["substitute for"], r["table score"], r["rank"], r["uma (table points)"],
         r["result (table points)"], r["place"], r["disqualified"])
        for r in rows
    ] == [
        ("Ann", "", "0", "1", "10000", "10000", "1", ""),
        ("Zoe", "Bob", "0", "4", "-30000", "-30000", "", ""),
        ("Cyd", "", "0", "1", "10000", "10000", "1", ""),
        ("Dan", "", "0", "1", "10000", "10000", "1", ""),
        ("Bob", "", "", "", "-30000", "-30000", "4", "yes"),
    ]  # fmt: skip
