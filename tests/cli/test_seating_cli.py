"""``refapp seating``: the head referee imports the roster, makes a plan for 7 sessions from a seed (the same seed,
the same plan), reads it table by table and in JSON, checks its quality, makes the next session by the standings and
imports a prescripted seating; a player count that is not a multiple of four and every kind of bad seating file are
refused in one line naming the row and the reason, with nothing stored; verify stays ok."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from refapp.cli import main
from refapp.store.opening import open_store

PLAYERS = [f"Player {i:02d}" for i in range(1, 33)]
HEAD = "session,table,east,south,west,north\n"


def run(capsys, folder: Path, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(["--data-dir", str(folder), *argv])
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def events(folder: Path) -> int:
    store = open_store(folder, read_only=True)
    try:
        return store.count_events()
    finally:
        store.close()


@pytest.fixture
def data(tmp_path, capsys) -> Path:
    roster = tmp_path / "roster.csv"
    roster.write_text("name\n" + "\n".join(PLAYERS) + "\n", encoding="utf-8")
    folder = tmp_path / "data"
    assert run(capsys, folder, "players", "import", str(roster), "--tournament", "Paris Open")[0] == 0
    return folder


def test_a_plan_for_seven_sessions_from_a_seed(data, capsys):
    code, out, err = run(capsys, data, "seating", "make", "--tournament", "Paris Open", "--sessions", "7",
                         "--seed", "5", "--by", "Marie")  # fmt: skip
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "32 players, 8 tables, 7 session(s), seed 5 (--seed 5 makes the same plan)",
        "pairs meeting more than once: 0; most times a player sits the same wind: 2",
        "published: the tables get it at their next sync",
    ]
    code, out, _ = run(capsys, data, "seating", "show", "--json")
    plan = json.loads(out)
    assert len(plan) == 56 and set(plan[0]) == {"session", "table", "seats"}
    for n in range(1, 8):
        seated = [p for row in plan if row["session"] == n for p in row["seats"]]
        assert sorted(seated) == PLAYERS, f"session {n} seats every player once"
    assert [row["table"] for row in plan if row["session"] == 3] == list(range(1, 9))
    code, out, _ = run(capsys, data, "seating", "check", "--json")
    check = json.loads(out)
    assert (check["repeat_pairs"], check["max_same_wind"], check["repeated"]) == (0, 2, [])
    assert sorted(check["winds"]["Player 07"].values()) == [1, 2, 2, 2]
    code, out, _ = run(capsys, data, "seating", "show", "--session", "3")
    lines = out.splitlines()
    third = [row for row in plan if row["session"] == 3][0]["seats"]
    assert lines[0].startswith("Paris Open, session 3 (made from seed 5, by Marie, ")
    assert lines[1] == f"  table 1: {third[0]} (East), {third[1]} (South), {third[2]} (West), {third[3]} (North)"
    assert len(lines) == 9
    # the same seed again: the same plan, published again (a new entry for each session)
    before = events(data)
    code, out, _ = run(capsys, data, "seating", "make", "--sessions", "7", "--seed", "5")
    assert "(replaces what was published for session(s) 1-7)" in out.splitlines()[0]
    assert events(data) == before + 7
    assert json.loads(run(capsys, data, "seating", "show", "--json")[1]) == plan
    code, out, _ = run(capsys, data, "seating", "next", "--by-standings")
    assert code == 0 and out.startswith("session 8 by the standings: 8 tables\n")
    assert len(json.loads(run(capsys, data, "seating", "show", "--json")[1])) == 64
    assert run(capsys, data, "verify")[0] == 0


def test_a_player_count_that_is_not_a_multiple_of_four_is_refused(data, tmp_path, capsys):
    roster = tmp_path / "more.csv"
    roster.write_text("name\nZoé\nYann\n", encoding="utf-8")
    assert run(capsys, data, "players", "import", str(roster), "--tournament", "Paris Open")[0] == 0
    before = events(data)
    code, out, err = run(capsys, data, "seating", "make", "--sessions", "4", "--seed", "1")
    assert (code, out) == (2, "")
    assert err == (
        "refapp: 34 players is not a multiple of four (no table of three): add 2 substitute(s) to make 36, or "
        "remove 2 player(s)\n"
    )
    assert events(data) == before


BAD = [
    (HEAD + "1,1,Player 01,Player 02,Player 03,Zed\n", "row 2: unknown player 'Zed'"),
    (HEAD + "1,1,Player 01,Player 02,Player 03,Player 04\n1,2,Player 05,Player 06,Player 01,Player 07\n",
     "row 3: Player 01 is twice in session 1 (already at table 1, row 2)"),
    (HEAD + "1,1,Player 01,Player 02,Player 03,\n", "row 2: session 1, table 1 has 3 players (no north): a table has "
     "four (add a substitute)"),
    (HEAD + "1,1,Player 01,Player 02,Player 03\n", "row 2: session 1, table 1 has 3 players (no north)"),
    (HEAD + "3,1,Player 01,Player 02,Player 03,Player 04\n", "row 2: unknown session 3: there is no session 1"),
    (HEAD + "one,1,Player 01,Player 02,Player 03,Player 04\n", "row 2: unknown session 'one'"),
    (HEAD + "1,1,Player 01,Play\u202eer 02,Player 03,Player 04\n", "row 2: U+202E RIGHT-TO-LEFT OVERRIDE is not "
     "allowed in a name"),
    (HEAD + "1,1,Player 01,Player\x0702,Player 03,Player 04\n", "row 2: U+0007 BELL is not allowed in a name"),
    ("table,session,east,south,west,north\n", "row 1: the header must be session,table,east,south,west,north"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "says"), BAD)
def test_a_bad_seating_file_is_refused_by_row_and_reason_and_nothing_is_stored(data, tmp_path, capsys, text, says):
    path = tmp_path / "seating.csv"
    path.write_text(text, encoding="utf-8")
    before = events(data)
    code, out, err = run(capsys, data, "seating", "import", str(path))
    assert (code, out) == (2, "")
    assert err.startswith(f"refapp: {path}: {says}"), err
    assert err.count("\n") == 1
    assert events(data) == before


def test_a_prescripted_seating_and_a_later_change_of_one_session(data, tmp_path, capsys):
    lines = [HEAD.strip()]
    for s in (1, 2):
        order = PLAYERS if s == 1 else PLAYERS[::4] + PLAYERS[1::4] + PLAYERS[2::4] + PLAYERS[3::4]
        lines += [f"{s},{t},{','.join(order[4 * (t - 1) : 4 * t])}" for t in range(1, 9)]
    path = tmp_path / "federation.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run(capsys, data, "seating", "import", str(path))
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "federation.csv: session(s) 1, 2 imported",
        "pairs meeting more than once: 0; most times a player sits the same wind: 2",
        "published: the tables get it at their next sync",
    ]
    shown = json.loads(run(capsys, data, "seating", "show", "--session", "2", "--json")[1])
    assert shown[0] == {"session": 2, "table": 1, "seats": ["Player 01", "Player 05", "Player 09", "Player 13"]}
    # Player 13 and Player 14 change tables in session 2: that session's rows alone, published as a new entry
    session2 = [ln.replace("Player 13", "@").replace("Player 14", "Player 13").replace("@", "Player 14")
                for ln in lines[9:]]  # fmt: skip
    change = tmp_path / "change.csv"
    change.write_text(HEAD + "\n".join(session2) + "\n", encoding="utf-8")
    before = events(data)
    code, out, err = run(capsys, data, "seating", "import", str(change))
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "change.csv: session(s) 2 imported (replaces what was published for session(s) 2)"
    assert events(data) == before + 1
    shown = json.loads(run(capsys, data, "seating", "show", "--session", "2", "--json")[1])
    assert shown[0]["seats"] == ["Player 01", "Player 05", "Player 09", "Player 14"]
    assert json.loads(run(capsys, data, "seating", "check", "--json")[1])["sessions"] == [1, 2]
    assert run(capsys, data, "verify")[0] == 0


def test_publishing_asks_the_referee_pin_when_the_device_has_one(data, capsys, monkeypatch):
    import io
    import sys

    from refapp.store.settings import Settings, save_settings, set_pin

    settings = Settings(referee="Marie")
    set_pin(settings, "2468")
    save_settings(data, settings)
    before = events(data)
    args = ("seating", "make", "--sessions", "2", "--seed", "3", "--pin-stdin")
    monkeypatch.setattr(sys, "stdin", io.StringIO("1111\n"))
    code, out, err = run(capsys, data, *args)
    assert (code, out) == (2, "")
    assert err == "refapp: seating make: wrong referee PIN: nothing was recorded\n"
    assert events(data) == before
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, _, err = run(capsys, data, *args)
    assert err == (
        "refapp: seating make: no PIN given: this device has a referee PIN, and publishing a seating plan needs it\n"
    )
    monkeypatch.setattr(sys, "stdin", io.StringIO("2468\n"))
    code, out, err = run(capsys, data, *args)
    assert (code, err) == (0, "") and events(data) == before + 2
    assert json.loads(run(capsys, data, "seating", "show", "--session", "1", "--json")[1])[0]["session"] == 1
    shown = run(capsys, data, "seating", "show", "--session", "1")[1]
    assert shown.startswith("Paris Open, session 1 (made from seed 3, by Marie, ")
