"""``REFAPP_LANG=fr``: the command line prints a refusal's sentence in French, the same sentence the app shows (one
catalogue, one translation file); the line keeps the file and the line named as the user typed them, and without
``REFAPP_LANG`` (or with a language that has no translation here) it is English as always. (``qapp``: the app of the
test session, made first; a command run alone makes a ``QCoreApplication`` for the translation.)"""

from __future__ import annotations

import json
from pathlib import Path

from refapp.cli import main


def run(capsys, folder: Path, *argv: str) -> tuple[int, str, str]:
    code = main(["--data-dir", str(folder), *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_bad_roster_is_refused_in_french_when_refapp_lang_says_so(qapp, tmp_path, capsys, monkeypatch):
    data, roster = tmp_path / "data", tmp_path / "roster.csv"
    roster.write_text("name,first_timer\nZoé,no\nYann,maybe\n", encoding="utf-8")
    english = f"refapp: {roster}: line 3: field 'first_timer' must be yes or no, not 'maybe'\n"
    assert run(capsys, data, "players", "import", str(roster), "--tournament", "Paris Open") == (2, "", english)
    monkeypatch.setenv("REFAPP_LANG", "fr")
    code, out, err = run(capsys, data, "players", "import", str(roster), "--tournament", "Paris Open")
    assert (code, out) == (2, "")
    assert (
        err
        == f"refapp: {roster}\u00a0: ligne 3\u00a0: le champ «\u00a0first_timer\u00a0» doit valoir yes ou no, pas 'maybe'\n"
    )
    monkeypatch.setenv("REFAPP_LANG", "xx")  # no translation here: English
    assert run(capsys, data, "players", "import", str(roster), "--tournament", "Paris Open") == (2, "", english)


def test_a_refused_riichi_in_a_table_log_is_said_in_french_after_the_event_and_field(
    qapp, tmp_path, capsys, monkeypatch
):
    start = {"type": "hanchan_start", "id": "s", "at": "2026-11-22T10:00:00+01:00", "ruleset": "ema-2016",
             "players": ["Ann", "Bob", "Cyd", "Dan"]}  # fmt: skip
    riichi = [{"type": "riichi", "id": f"r{n}", "at": f"2026-11-22T10:0{n}:00+01:00", "seat": 1} for n in (1, 2)]
    log = tmp_path / "log.json"
    log.write_text(json.dumps({"events": [start, *riichi]}), encoding="utf-8")
    assert run(capsys, tmp_path / "data", "replay", str(log))[2] == (
        f"refapp: {log}: event 2: seat: Bob has already declared riichi in this hand.\n"
    )
    monkeypatch.setenv("REFAPP_LANG", "fr")
    code, out, err = run(capsys, tmp_path / "data", "replay", str(log))
    assert (code, out) == (2, "")
    assert err == f"refapp: {log}: event 2: seat: Bob a déjà déclaré riichi dans cette main.\n"


def test_saying_a_refusal_in_french_leaves_a_running_app_in_its_language(qapp, tmp_path, capsys, monkeypatch):
    from PySide6.QtCore import QCoreApplication

    from refapp.ui.common.languages import installed

    before = installed(qapp)
    test_a_bad_roster_is_refused_in_french_when_refapp_lang_says_so(qapp, tmp_path, capsys, monkeypatch)
    assert installed(qapp) == before
    assert QCoreApplication.translate("Message", "The statement is empty.") == "The statement is empty."
