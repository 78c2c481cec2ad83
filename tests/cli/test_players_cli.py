"""``refapp players``: an organiser imports the roster Setup reads into a tournament (created when new, and said),
imports it again with a player's federation id corrected, and lists the players (text and JSON); a bad roster is
one line naming the line and the field, exit status 2, and nothing stored."""

from __future__ import annotations

import json
from pathlib import Path

from refapp.cli import main
from refapp.store.opening import open_store


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


ROSTER = "name,federation_id,first_timer\nAnna,04000001,no\nBruno,,yes\nChloé,04000003,\nDan,04000004,no\n"


def test_a_roster_creates_the_tournament_and_its_players(tmp_path, capsys):
    data, roster = tmp_path / "data", tmp_path / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    code, out, err = run(capsys, data, "players", "import", str(roster), "--tournament", "Paris Open")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "tournament 'Paris Open' created",
        "Paris Open: 4 player(s) added, 0 changed, 0 already known",
    ]
    roster.write_text(ROSTER.replace("Dan,04000004", "dan,04000044") + "Eve,,no\n", encoding="utf-8")
    code, out, _ = run(capsys, data, "players", "import", str(roster), "--tournament", "paris open")
    assert code == 0
    assert out.splitlines() == ["Paris Open: 1 player(s) added, 1 changed, 3 already known", "  changed: Dan"]
    code, out, _ = run(capsys, data, "players", "list", "--tournament", "Paris Open")
    assert out.splitlines() == [
        "Paris Open: 5 player(s)",
        "  Anna (04000001)",
        "  Bruno (first timer)",
        "  Chloé (04000003)",
        "  Dan (04000044)",
        "  Eve",
    ]
    code, out, _ = run(capsys, data, "players", "list", "--tournament", "Paris Open", "--json")
    doc = json.loads(out)
    assert doc["tournament"] == "Paris Open"
    assert doc["players"][1] == {"name": "Bruno", "federation_id": "", "first_timer": True}
    assert [p["name"] for p in doc["players"]] == ["Anna", "Bruno", "Chloé", "Dan", "Eve"]
    code, out, _ = run(capsys, data, "verify")
    assert code == 0, out


def test_a_bad_roster_is_refused_by_line_and_nothing_is_stored(tmp_path, capsys):
    data, roster = tmp_path / "data", tmp_path / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    assert run(capsys, data, "players", "import", str(roster), "--tournament", "Paris Open")[0] == 0
    before = events(data)
    roster.write_text("name,first_timer\nZoé,no\nYann,maybe\n", encoding="utf-8")
    code, out, err = run(capsys, data, "players", "import", str(roster), "--tournament", "Paris Open")
    assert (code, out) == (2, "")
    assert err == f"refapp: {roster}: line 3: field 'first_timer' must be yes or no, not 'maybe'\n"
    roster.write_text("name\nZo\x07é\n", encoding="utf-8")
    code, _, err = run(capsys, data, "players", "import", str(roster), "--tournament", "Other")
    assert code == 2 and "line 2" in err and "not allowed in a name" in err
    assert events(data) == before
    code, out, _ = run(capsys, data, "players", "list", "--tournament", "Paris Open")
    assert out.splitlines()[0] == "Paris Open: 4 player(s)"
    code, _, err = run(capsys, data, "players", "list", "--tournament", "Other")
    assert code == 2 and "no tournament with id or name 'Other'" in err
