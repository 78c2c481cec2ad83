"""The spreadsheet exports: the incidents CSV and the EMA-style results CSV."""

import csv
import io

import pytest

from refapp.store import exports
from refapp.store.tablebook import TableBook
from tests.history_data import at, build
from tests.logs import rulesets


@pytest.fixture
def sc(tmp_path):
    scenario = build(tmp_path / "a")
    yield scenario
    scenario.store.close()


def test_incidents_csv_for_a_spreadsheet(sc):
    out = io.StringIO()
    assert exports.export_incidents_csv(sc.store, out, tournament="Paris Riichi Open") == 8
    rows = list(csv.reader(io.StringIO(out.getvalue())))
    assert rows[0] == [
        "time", "tournament", "table", "hanchan", "hand", "seat", "player", "offence", "answers", "ruling",
        "amount (table points)", "amount (points)", "amount (rating points)", "citation", "rule set", "referee",
        "note", "voided", "id",
    ]  # fmt: skip
    penalty = next(r for r in rows if r[7] == "point_penalty")
    assert penalty == [
        at("10:30"), "Paris Riichi Open", "1", "1", "E1", "2", "Cyd", "point_penalty", "amount=2000; reason=conduct",
        "point_penalty", "2000", "", "", "§5.5", "ema-2016", "Marie", "Phone rang", "no", sc.ids["cyd_penalty"],
    ]  # fmt: skip
    # oldest first, and the voided third warning is there, marked
    assert [r[0] for r in rows[1:]] == sorted(r[0] for r in rows[1:])
    assert [r[17] for r in rows[1:] if r[18] == sc.ids["bob_w3"]] == ["yes"]


def test_incidents_csv_file_opens_in_a_spreadsheet_with_accents(sc, tmp_path):
    path = tmp_path / "incidents.csv"
    assert exports.export_incidents_csv(sc.store, path, tournament=sc.lyon) == 1
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")  # UTF-8 byte-order mark for spreadsheet programs
    rows = list(csv.reader(path.open(encoding="utf-8-sig", newline="")))
    assert rows[1][16] == "Téléphone sonne pendant la main"


def test_results_csv_numbers_of_small_finished_hanchans(sc):
    out = io.StringIO()
    n = exports.export_results_csv(sc.store, "Paris Riichi Open", out, rulesets=rulesets())
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert n == len(rows) == 16  # every hanchan of both tables: hanchan 3 of table 1 is in play, marked
    assert list(rows[0]) == [
        "tournament",
        "hanchan",
        "table",
        "player",
        "federation id",
        "seat",
        "table score",
        "rank",
        "uma (table points)",
        "oka (table points)",
        "leftover (table points)",
        "penalties (table points)",
        "result (table points)",
        "substitute for",
        "place",
        "disqualified",
        "status",
        "rule set",
        "other rule set",
    ]  # fmt: skip  (the tournament ranks under EMA 2016, its first hanchan's rule set: its amounts are table points)
    assert [(r["hanchan"], r["table"]) for r in rows] == [("1", "1")] * 4 + [("1", "2")] * 4 + [("2", "1")] * 4 + [
        ("3", "1")
    ] * 4  # by hanchan, then table
    assert {r["status"] for r in rows if r["hanchan"] == "3"} == {"in play"}
    assert {r["status"] for r in rows if r["hanchan"] != "3"} == {"final"}
    # table 2 played under WRC 2015 in a tournament whose first hanchan (table 1, 10:00) is EMA 2016's: marked
    assert {(r["table"], r["rule set"], r["other rule set"]) for r in rows} == {
        ("1", "ema-2016", ""), ("2", "wrc-2015", "yes"),
    }  # fmt: skip

    def line(hanchan, table, player):
        r = next(r for r in rows if (r["hanchan"], r["table"], r["player"]) == (hanchan, table, player))
        return [r["seat"], r["table score"], r["rank"], r["uma (table points)"], r["penalties (table points)"],
                r["result (table points)"]]  # fmt: skip

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
    # the finished hanchans' results add up to the overall scores the ledger shows
    state = TableBook(sc.store, sc.t1, rulesets()).state
    for seat in state.seats:
        assert sum(
            int(r["result (table points)"]) for r in rows if r["player"] == seat.player and r["status"] == "final"
        ) == (seat.overall)
    # each player's place in the tournament (both tables): Ann 27,000, Fay 23,000, Cyd 4,300, Eve 0, Dan -6,300,
    # Hal -20,000, Gus -23,000, Bob -47,000 (hanchans 2 and 3 of table 1 are four-way ties: 0 each)
    place = {r["player"]: r["place"] for r in rows}
    assert place == {"Ann": "1", "Fay": "2", "Cyd": "3", "Eve": "4", "Dan": "5", "Hal": "6", "Gus": "7", "Bob": "8"}


def test_results_of_an_unknown_tournament(sc):
    with pytest.raises(exports.StoreError, match="No tournament with id or name 'Berlin'"):
        exports.export_results_csv(sc.store, "Berlin", io.StringIO(), rulesets=rulesets())
