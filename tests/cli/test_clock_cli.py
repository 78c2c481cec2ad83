"""``refapp clock``: an organiser sets a session, gives one table extra time, sets the tournament's ending rule and
shows every table's clock, as the app does; the device's referee PIN is asked for when it has one; bad input is one
line and exit status 2 with nothing stored; verify stays ok."""

from __future__ import annotations

import io
import json
import sys
import time
from pathlib import Path

import pytest

from refapp.cli import main
from refapp.store.opening import open_store
from refapp.store.settings import Settings, load_settings, save_settings, set_pin
from refapp.store.tablebook import TableBook
from tests.history_data import build
from tests.logs import draw, end, rulesets, start

PARIS = "Paris Riichi Open"


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    """The history scenario (tests/history_data.py); table 1's hanchan 3 ended, hanchan 4 started in session 2 at
    14:00 (Paris time, the computer's time zone here)."""
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    data = tmp_path / "data"
    sc = build(data)
    book = TableBook(sc.store, sc.t1, rulesets())
    book.commit({**end(), "at": "2026-11-22T13:00:00+01:00"})
    book.commit({**start("wrc-2015", session=2), "at": "2026-11-22T14:00:00+01:00"})
    sc.store.close()
    yield data
    monkeypatch.delenv("TZ")
    time.tzset()


def run(capsys, folder: Path, *argv: str, stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        code = main(["--data-dir", str(folder), *argv])
    except SystemExit as exc:  # a usage error (argparse): one line, status 2
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def count(folder: Path) -> int:
    store = open_store(folder, read_only=True)
    try:
        return store.count_events()
    finally:
        store.close()


def test_set_extra_rule_and_show(folder, capsys):
    t = ("--tournament", PARIS)
    code, out, err = run(capsys, folder, "clock", "set", *t, "--session", "2", "--start", "14:00",
                         "--date", "2026-11-22", "--minutes", "90", "--by", "Head Ref")  # fmt: skip
    assert (code, err) == (0, "")
    assert out == "session 2: 14:00 to 15:30 (90 minutes, 2026-11-22), set by Head Ref\n"
    code, out, err = run(capsys, folder, "clock", "extra", *t, "--table", "1", "--minutes", "5",
                         "--reason", "long ruling", "--by", "Marie")  # fmt: skip
    assert (code, err) == (0, "")
    assert out == "table 1, session 2: +5 min (long ruling, Marie); extra time in all: 5 min\n"
    code, out, _ = run(capsys, folder, "clock", "show", *t, "--at", "2026-11-22T15:20:00+01:00")
    assert code == 0
    assert out.splitlines() == [
        "Paris Riichi Open, at 15:20 (2026-11-22, this computer's time)",
        "session 2: 14:00 to 15:30, 90 minutes (set by Head Ref)",
        "ending rule: each hanchan's rule set's (wrc-2015)",
        "table 1: hanchan 4, session 2 (WRC 2015): 15:00 left, until 15:35 (+5 min)",
        out.splitlines()[4],
        "table 2: hanchan 1 (no session number) (WRC 2015): hanchan over (time limit)",
    ]
    assert out.splitlines()[4].startswith("    +5 min: long ruling (Marie, 2026-")
    # time is up at 15:35 for table 1: the hand in play is the last; its end is recorded at 15:41
    code, out, _ = run(capsys, folder, "clock", "show", *t, "--at", "2026-11-22T15:36:00+01:00")
    assert "table 1: hanchan 4, session 2 (WRC 2015): time is up (+5 min): this hand is the last" in out
    store = open_store(folder)
    TableBook(store, store.table(store.tables(store.tournaments()[0]["id"])[0].table_id), rulesets()).commit(
        {**draw(0), "at": "2026-11-22T15:41:00+01:00"}
    )
    store.close()
    code, out, _ = run(capsys, folder, "clock", "show", *t, "--json", "--at", "2026-11-22T15:41:00+01:00")
    data = json.loads(out)
    t1 = data["tables"][0]
    assert (t1["phase"], t1["hands_left"], t1["extra_minutes"], t1["remaining_seconds"]) == ("end_due", 0, 5, 0)
    assert t1["rule"]["from"] == "wrc-2015" and t1["rule"]["status"] == "verified"
    assert t1["says"] == "time is up (+5 min): the last hand allowed has been played; the hanchan ends"
    assert data["sessions"] == [{"session": 2, "start": "2026-11-22T14:00:00+01:00", "minutes": 90,
                                 "ends_at": "2026-11-22T15:30:00+01:00", "by": "Head Ref"}]  # fmt: skip
    # the organiser's rule: one more hand after the one in play
    code, out, _ = run(capsys, folder, "clock", "rule", *t, "--hands-after", "1", "--reason", "our regulations")
    assert (code, out) == (0, "ending rule at time-up: the hand in play is finished, then 1 more hand; a chombo in "
                              "the last hand ends the hanchan\n")  # fmt: skip
    code, out, _ = run(capsys, folder, "clock", "show", *t, "--at", "2026-11-22T15:41:00+01:00")
    assert "ending rule (the organiser's, referee: our regulations)" in out
    assert "time is up (+5 min): this hand is the last" in out
    code, out, _ = run(capsys, folder, "clock", "rule", *t, "--rule-set")
    assert out == "ending rule at time-up: each hanchan's rule set's\n"
    code, out, _ = run(capsys, folder, "verify")
    assert code == 0 and out.startswith("ok: ")


@pytest.mark.parametrize(
    "argv, says",
    [
        (("clock", "set", "--session", "2", "--start", "25:00", "--minutes", "90"), "--start: '25:00' is not a time"),
        (("clock", "set", "--session", "2", "--start", "14:00", "--minutes", "0"), "--minutes: expected 1 to 720"),
        (("clock", "set", "--session", "2", "--start", "14:00", "--date", "22/11", "--minutes", "9"), "--date: "),
        (
            ("clock", "extra", "--table", "9", "--session", "2", "--minutes", "5", "--reason", "x"),
            "--table: no table 9",
        ),
        (
            ("clock", "extra", "--table", "1", "--session", "2", "--minutes", "0", "--reason", "x"),
            "--minutes: Extra time is 1 to",
        ),
        (("clock", "extra", "--table", "1", "--session", "2", "--minutes", "-3", "--reason", "x"), "cannot be taken"),
        (("clock", "extra", "--table", "1", "--session", "2", "--minutes", "5", "--reason", " "), "--reason: Say why"),
        (("clock", "extra", "--table", "2", "--minutes", "5", "--reason", "x"), "--session: table 2's hanchan"),
        (("clock", "rule", "--hands-after", "9"), "--hands-after: expected 1 to 8"),
        (("clock", "show", "--at", "soon"), "--at: 'soon' is not a time"),
    ],
)
def test_bad_input_is_one_line_and_stores_nothing(folder, capsys, argv, says):
    before = count(folder)
    code, out, err = run(capsys, folder, argv[0], argv[1], "--tournament", PARIS, *argv[2:])
    assert code == 2, (out, err)
    assert err.startswith("refapp: ") and err.count("\n") == 1 and says in err, err
    assert count(folder) == before


def test_a_tournament_is_needed_when_there_are_several(folder, capsys):
    code, _, err = run(capsys, folder, "clock", "show")
    assert code == 2 and "--tournament is needed" in err


def test_the_referee_pin_is_asked_when_the_device_has_one(folder, capsys, monkeypatch):
    settings = Settings(referee="Sylvie")
    set_pin(settings, "2468")
    save_settings(folder, settings)
    args = ("clock", "set", "--tournament", PARIS, "--session", "2", "--start", "14:00", "--minutes", "90",
            "--pin-stdin")  # fmt: skip
    before = count(folder)
    code, _, err = run(capsys, folder, *args, stdin="1111\n", monkeypatch=monkeypatch)
    assert code == 2 and "wrong referee PIN: nothing was recorded" in err
    assert load_settings(folder)[0].pin_failures == 1 and count(folder) == before
    code, out, err = run(capsys, folder, *args, stdin="2468\n", monkeypatch=monkeypatch)
    assert (code, err) == (0, "") and out.endswith("set by Sylvie\n")  # the settings' referee
    assert count(folder) == before + 1
