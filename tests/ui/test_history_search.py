"""The history's search as a referee uses it: words typed into the History page's search box, and the same words
given to ``refapp history --text`` on the same data folder, list the same incidents (issue 29, problem 8: "chombo",
"chonbo", "faux ron", a player's name and a word from a statement all answered "No incident matches these
filters" while a chombo was listed).

The day, at table 1 under EMA 2016 (Ann, Bob, Cyd, Dan): 10:05 Bob's warning ("talking during play"); 10:15 Cyd's
invalid win, a chombo (§3.4.6, §5.1.2), on which Ann makes a statement; 10:20 Dan's dead hand ("pénalité annoncée
trop tard"); 10:30 Ann's point penalty (§5.5).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

from refapp.app import install_translators
from refapp.cli import main
from refapp.core.vocabulary import offence_names, ruling_names
from refapp.domain.offences import OFFENCES, RULING_KINDS
from refapp.ui.common.texts import offence_name, ruling_name
from tests.ui.test_history_view import Clock, EnglishPlurals, commit, open_history, start, tap

TOURNAMENT = "Paris Riichi Open"
STATEMENT = "Elle a montré treize tuiles, sans yaku, puis a dit « ron »."


@pytest.fixture
def day(qtbot, app_window, tmp_path):
    """The app over a fresh data folder (tests/ui/conftest.py: closed and deleted afterwards) with the day's
    incidents; yields (window, data folder, {tag: uuid})."""
    controller, window = app_window
    clock = Clock()
    controller.clock = clock
    start(window, "ema-2016", ("Ann", "Bob", "Cyd", "Dan"), table=1, tournament=TOURNAMENT)
    plurals = EnglishPlurals()
    QCoreApplication.installTranslator(plurals)
    ids = {}
    for tag, (hh, mm), fields in (
        ("bob_warning", (10, 5), {"seat": 1, "offence": "warning", "note": "talking during play"}),
        ("cyd_chombo", (10, 15), {"seat": 2, "offence": "invalid_win_revealed"}),
        ("dan_dead_hand", (10, 20), {"seat": 3, "offence": "dead_hand", "note": "pénalité réclamée trop tard"}),
        ("ann_penalty", (10, 30), {"seat": 0, "offence": "point_penalty",
                                   "answers": {"reason": "conduct", "amount": 2000}}),
    ):  # fmt: skip
        clock.at(hh, mm)
        ids[tag] = commit(controller, "incident", **fields)["id"]
    chombo = next(
        r for r in controller.history.page({"tournament": TOURNAMENT}, 0, 10) if r["uuid"] == ids["cyd_chombo"]
    )
    controller.history.add_statement(chombo, "Ann", STATEMENT)
    yield window, tmp_path / "data", ids
    QCoreApplication.removeTranslator(plurals)
    install_translators(QApplication.instance(), "en")


def typed(qtbot, view, text: str) -> list[str]:
    """Type ``text`` into the empty search box as on a keyboard; once the list is read again, the ids listed."""
    view.search.clear()
    qtbot.waitUntil(lambda: not view.filters.search_timer.isActive(), timeout=3000)
    qtbot.keyClicks(view.search, text)
    qtbot.waitUntil(lambda: not view.filters.search_timer.isActive(), timeout=3000)
    return [row["uuid"] for row in view.model.rows]


def cli_ids(capsys, data, text: str) -> list[str]:
    """The ID column of ``refapp history --text`` (the start of each incident's id), newest first."""
    assert main(["--data-dir", str(data), "history", "--tournament", TOURNAMENT, "--text", text]) == 0
    out = capsys.readouterr().out.splitlines()
    if out == ["no incidents match"]:
        return []
    assert out[0].split()[0] == "ID"
    return [line.split()[0] for line in out[1:]]


QUERIES = [
    ("chombo", ["cyd_chombo"]),
    ("chonbo", ["cyd_chombo"]),
    ("CHOMBO", ["cyd_chombo"]),
    ("faux ron", ["cyd_chombo"]),
    ("false ron", ["cyd_chombo"]),
    ("Bob", ["bob_warning"]),
    ("cyd", ["cyd_chombo"]),
    ("treize", ["cyd_chombo"]),  # a word of Ann's statement
    ("Ann", ["ann_penalty", "cyd_chombo"]),  # her penalty, and her statement on Cyd's chombo
    ("penalite", ["ann_penalty", "dan_dead_hand", "cyd_chombo"]),  # a point penalty, the note, a chombo's words
    ("§5.1", ["cyd_chombo"]),
    ("5.5", ["ann_penalty"]),
    ("avertissement", ["bob_warning"]),
    ("main morte", ["dan_dead_hand"]),
    ("talking", ["bob_warning"]),
    ("chombo bob", []),
    ("zzz", []),
]


@pytest.mark.parametrize(("text", "expected"), QUERIES, ids=[q for q, _ in QUERIES])
def test_the_app_and_the_command_line_find_the_same_incidents(qtbot, capsys, day, text, expected):
    window, data, ids = day
    view = open_history(qtbot, window)
    assert len(view.row_texts()) == 4
    listed = typed(qtbot, view, text)
    assert listed == [ids[tag] for tag in expected]
    if expected:
        assert view.status.text() == f"{len(expected)} incident{'s' if len(expected) > 1 else ''}."
    else:
        assert view.status.text() == "No incident matches these filters."
    assert cli_ids(capsys, data, text) == [uuid[:8] for uuid in listed]


def test_the_rows_listed_say_what_was_found(qtbot, day):
    window, _data, _ids = day
    view = open_history(qtbot, window)
    typed(qtbot, view, "faux ron")
    assert view.row_texts() == ["10:15 · Table 1 · East 1 · Invalid win, hand revealed — Cyd · Chombo 20,000"]
    typed(qtbot, view, "Chonbo Cyd")
    assert view.row_texts() == ["10:15 · Table 1 · East 1 · Invalid win, hand revealed — Cyd · Chombo 20,000"]
    view.search.clear()
    qtbot.waitUntil(lambda: len(view.row_texts()) == 4, timeout=3000)


def test_the_french_screen_finds_by_the_titles_it_shows_and_so_does_the_command_line(qtbot, capsys, day):
    window, data, ids = day
    window.language_requested.emit("fr")
    QApplication.processEvents()
    view = open_history(qtbot, window)
    title = offence_name("invalid_win_revealed")
    assert title == "Déclaration vide de victoire, main révélée"  # the French screen's title
    listed = typed(qtbot, view, "declaration vide")
    assert listed == [ids["cyd_chombo"]]
    assert title in view.row_texts()[0]
    assert cli_ids(capsys, data, "declaration vide") == [ids["cyd_chombo"][:8]]  # no Qt, no language chosen


def test_the_search_vocabulary_holds_every_title_and_ruling_the_french_screen_shows(qtbot):
    """The vocabulary is read from the translation file (.ts) without Qt; the screen shows the compiled file (.qm):
    both say the same for every offence and every ruling."""
    install_translators(QApplication.instance(), "fr")
    try:
        for oid in OFFENCES:
            assert offence_name(oid) in offence_names(oid), oid
        for kind in RULING_KINDS:
            if kind != "referee_choice":
                assert ruling_name(kind) in ruling_names(kind), kind
        assert ruling_name("chombo", "chonbo") in ruling_names("chombo")
    finally:
        install_translators(QApplication.instance(), "en")


def test_the_search_clears_with_a_finger_sized_button_and_nothing_moves_while_typing(qtbot, day):
    window, _data, _ids = day
    view = open_history(qtbot, window)
    f = view.filters
    clear = f.clear_search
    placed = {w.objectName(): w.geometry() for w in (view.search, f.player_button, f.offence_button, f.voided_toggle)}
    assert clear.isHidden()  # nothing typed: nothing to clear
    typed(qtbot, view, "chombo")
    assert clear.isVisible() and clear.height() >= 48 and clear.width() >= 48  # Qt's own clear button: 18 px
    assert {w.objectName(): w.geometry() for w in (view.search, f.player_button, f.offence_button,
                                                   f.voided_toggle)} == placed  # fmt: skip
    assert len(view.row_texts()) == 1
    tap(qtbot, clear)
    assert view.search.text() == "" and clear.isHidden()
    qtbot.waitUntil(lambda: len(view.row_texts()) == 4, timeout=3000)
