"""`refapp records`: each player's record across a tournament, as a head referee or an organiser reads it."""

from __future__ import annotations

import json

import pytest

from refapp.cli import main
from tests.history_data import build
from tests.store.test_records import club_evening


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def paris(tmp_path):
    folder = tmp_path / "device-a"
    build(folder).store.close()
    return folder


@pytest.fixture
def club(tmp_path):
    """A club evening: Bob's two call offences at table 3, then his third at table 7 (a dead hand)."""
    return club_evening(tmp_path / "club")


def test_records_of_a_club_league_evening(club, capsys):
    code, out, err = run(capsys, "--data-dir", club, "records")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Club league: each player's record (sg-league: warnings counted per session; now: session 4)"
    assert lines[2].split() == ["PLAYER", "WARNINGS", "DEAD", "HANDS", "CHOMBOS", "PENALTIES", "LADDER", "STEPS",
                                "INCIDENTS", "NEXT"]  # fmt: skip
    bob = next(line for line in lines if line.startswith("Bob "))
    assert bob.split() == ["Bob", "2", "1", "0", "0", "3", "3", "warning", "3rd,", "calls", "4th", "(dead", "hand)"]
    ann = next(line for line in lines if line.startswith("Ann "))
    assert ann.split() == ["Ann", "0", "0", "0", "0", "0", "0", "warning", "1st,", "calls", "1st"]
    start_ = lines.index("Bob: 3 incident(s)")
    rows = lines[start_ + 2 : start_ + 5]
    assert [r.split()[2:5] for r in rows] == [["3", "4", "1"], ["3", "4", "1"], ["7", "4", "2"]]
    assert "silent_call" in rows[0] and "warning #1 [calls]" in rows[0] and rows[0].rstrip().endswith("Marie")
    assert "wrong_win_word" in rows[1] and "warning #2 [calls]" in rows[1]
    assert "dead hand [calls]" in rows[2] and "2 calls step(s)" in rows[2] and rows[2].rstrip().endswith("Paul")


def test_records_json_of_one_player(club, capsys):
    code, out, _ = run(capsys, "--data-dir", club, "records", "--player", "Bob", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["ruleset"], data["scope"], data["session"]) == ("sg-league", "session", ["number", 4])
    (bob,) = data["players"]
    assert bob["counts"] == {"warnings": 2, "dead_hands": 1, "chombos": 0, "penalties": 0, "ladder_steps": 3,
                             "incidents": 3}  # fmt: skip
    assert bob["ladders"] == [{"ladder": "calls", "citation": "Calls Penalty", "dead_hand_from": 3, "steps": 3,
                               "next_step": 4, "next_dead_hand": True}]  # fmt: skip
    last = bob["incidents"][-1]
    assert (last["table"], last["session"], last["ruling"], last["elsewhere_steps"], last["counted"]) == (
        7, ["number", 4], "dead_hand", 2, True)  # fmt: skip


def test_records_list_voided_incidents_without_counting_them(paris, capsys):
    code, out, _ = run(capsys, "--data-dir", paris, "records", "--tournament", "Paris Riichi Open")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Paris Riichi Open: each player's record (ema-2016: warnings counted over the tournament)"
    assert next(line for line in lines if line.startswith("Bob ")).split()[:7] == ["Bob", "2", "0", "1", "0", "0", "3"]
    assert "Bob: 4 incident(s) (1 voided or set aside, not counted)" in lines
    assert sum(1 for line in lines if line.rstrip().endswith("VOIDED")) == 1


def test_records_bad_input_is_one_line(paris, capsys, tmp_path):
    code, _, err = run(capsys, "--data-dir", paris, "records", "--player", "Zed", "--tournament", "Paris Riichi Open")
    assert code == 2 and err == "refapp: --player: no player named 'Zed' in 'Paris Riichi Open'\n"
    code, _, err = run(capsys, "--data-dir", paris, "records", "--tournament", "Nowhere")
    assert code == 2 and err.startswith("refapp: --tournament: no tournament with id or name 'Nowhere'")
    code, _, err = run(capsys, "--data-dir", tmp_path / "empty", "records")
    assert code == 2 and err.startswith("refapp: no refapp database in")


def test_records_of_a_player_seated_without_incidents(club, capsys):
    code, out, _ = run(capsys, "--data-dir", club, "records", "--player", "Ann", "--json")
    assert code == 0
    (ann,) = json.loads(out)["players"]
    assert (ann["player"], ann["incidents"], ann["next_warning"], ann["ladders"][0]["next_step"]) == ("Ann", [], 1, 1)
