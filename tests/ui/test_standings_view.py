"""The tournament's standings on the Results page, driven as a head referee would over a real store in tmp_path: one
tap from Results, the ranking with the rule set's placements, the chart of each player's total over the hanchans,
a refresh after an entry at the open table, and both languages. The tournaments are those of
``tests/standings_data.py`` (their numbers are worked out by hand in ``tests/domain/test_tournament_standings.py``)."""

from __future__ import annotations

from datetime import datetime

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from refapp.app import build, install_translators
from tests.standings_data import ema_tables, store_of, wrc_tables
from tests.ui.test_desk_language import FRENCH, PAIRS, left_in


@pytest.fixture
def open_app(qtbot, tmp_path):
    opened = []

    def open_(tables, tournament: str):
        store_of(tmp_path / "data", tournament, tables).close()
        controller, window = build(tmp_path / "data", QApplication.instance())
        controller.clock = lambda: datetime(2026, 11, 22, 18, 0).astimezone()
        qtbot.addWidget(window)
        window.resize(1280, 800)
        window.show()
        opened.append((controller, window))
        return controller, window

    yield open_
    for controller, window in opened:
        window.close()
        controller.session.store.close()
    install_translators(QApplication.instance(), "en")


def tap(qtbot, button) -> None:
    assert button.isVisible(), f"{button.text()!r} is not on screen"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=button.rect().center())


def open_standings(qtbot, window):
    tap(qtbot, window.nav["results"])
    results = window.results
    assert window.pages.currentWidget() is results
    tap(qtbot, results.scope.buttons["tournament"])  # one tap from Results
    view = results.tournament
    assert view.isVisible() and not results.pages.isVisible()
    qtbot.waitUntil(lambda: not view.busy, timeout=20_000)  # worked out in a worker
    return view


def test_wrc_standings_open_from_results_with_the_chart(qtbot, open_app):
    controller, window = open_app(wrc_tables(), "Riichi Open 2026")
    view = open_standings(qtbot, window)
    assert view.title.text() == "Standings of Riichi Open 2026"
    assert view.subtitle.text() == "after hanchan 2 · WRC 2015 · amounts in points (1 point = 1,000 table points)"
    # WRC points; Ann and Fay share the 1st place; Bob's 3-point penalty; no carried-over column (all zero)
    assert view.table_texts() == [
        ["Place", "Player", "Hanchans", "At the table", "Uma", "Penalties", "Total (points)"],
        ["1=", "Ann", "2", "+11", "+10", "0", "+21"],
        ["1=", "Fay", "2", "+6", "+15", "0", "+21"],
        ["3", "Cyd", "2", "+3.90", "+15", "0", "+18.90"],
        ["4", "Eve", "2", "0", "0", "0", "0"],
        ["5", "Dan", "2", "−6", "−15", "0", "−21"],
        ["6", "Bob", "2", "−12", "−15", "−3", "−30"],
        ["7", "Gus", "2", "−15.90", "−30", "0", "−45.90"],
    ]
    # "He will not be listed in the ranking" (WRC 2015 §7.1): Hal apart, without a place
    assert view.not_listed.isVisible()
    assert view.not_listed.texts()[1:] == [["–", "Hal\ndisqualified", "1", "+12", "+15", "+27"]]
    assert view.substitutes.texts()[1:] == [["Sam\nsubstitute for Hal", "1", "+1", "+5", "+6"]]
    assert view.rules.text().splitlines()[0] == (
        'A disqualified player is not listed in the ranking. §7.1 Disqualification: "He will not be listed in the '
        'ranking."'
    )
    # the chart: the first four of the ranking, their totals after each hanchan, in WRC points on the axis
    chart = view.chart
    assert chart.isVisible() and chart.labels() == ["Start", "H1", "H2"]
    assert chart.names() == ["Ann", "Fay", "Cyd", "Eve"]
    assert chart.values() == [[0, 27000, 21000], [0, 0, 21000], [0, 0, 18900], [0, 0, 0]]
    assert chart.unit() == 1000
    assert view.chart_player.itemText(0) == "The first four"
    # one player's line: Hal, who is not in the ranking
    view.show_player("Hal")
    assert chart.names() == ["Hal"] and chart.values() == [[0, 27000, 27000]]
    # back to this hanchan: nothing is open here, and it says so
    tap(qtbot, window.results.scope.buttons["hanchan"])
    assert not view.isVisible() and window.results.empty.text() == "No table is open: set up the table first."


def test_ema_standings_disqualified_at_the_bottom_in_french(qtbot, open_app):
    controller, window = open_app(ema_tables(), "EMA Open")
    view = open_standings(qtbot, window)
    assert [r[:2] + r[-1:] for r in view.table_texts()[1:]] == [
        ["1", "Ann", "+51,000"], ["2", "Eve", "+42,000"], ["3=", "Cyd", "+25,000"], ["3=", "Dan", "+25,000"],
        ["5", "Fay", "−15,000"], ["6", "Gus", "−51,900"], ["7", "Bob", "−84,000"], ["8", "Hal\ndisqualified", "+3,900"],
    ]  # fmt: skip
    assert not view.not_listed.isVisible()
    assert view.substitutes.texts()[1:] == [["Sam\nsubstitute for Hal", "1", "0", "−30,000", "−30,000"]]
    install_translators(QApplication.instance(), "fr")
    QApplication.processEvents()
    assert view.title.text() == "Classement de EMA Open"
    assert view.subtitle.text() == "après le hanchan 2 · EMA 2012 · montants en points à la table"
    texts = view.table_texts()
    assert texts[0] == ["Place", "Joueur", "Hanchans", "Points à la table", "Uma", "Pénalités", "Total"]
    assert texts[3] == ["3=", "Cyd", "2", "+8\u202f000", "+20\u202f000", "−3\u202f000", "+25\u202f000"]
    assert texts[8][:2] == ["8", "Hal\ndisqualifié"]
    assert window.results.scope.buttons["tournament"].text() == "Tournoi"
    assert view.chart_player.itemText(0) == "Les quatre premiers"
    assert view.chart.labels() == ["Début", "H1", "H2"]
    assert left_in(window.results, PAIRS) == []  # no English left
    install_translators(QApplication.instance(), "en")
    QApplication.processEvents()
    assert left_in(window.results, FRENCH) == []  # and no French
    assert view.title.text() == "Standings of EMA Open"


def test_an_entry_at_the_open_table_shows_in_the_standings_marked_in_play(qtbot, open_app):
    controller, window = open_app(wrc_tables(), "Riichi Open 2026")
    table = controller.session.store.tables(controller.session.store.tournaments()[0]["id"])[0]
    controller.open_table(table)
    start = controller.new_event("hanchan_start", players=["Ann", "Bob", "Cyd", "Dan"], ruleset="wrc-2015", hanchan=3)
    assert controller.commit(start) is not None, controller.last_error
    view = open_standings(qtbot, window)
    assert "In play, counted as if it ended now: table 1 (hanchan 3)" in view.subtitle.text()
    # hanchan 3 at table 1: Ann (dealer) ron mangan from Bob: as if it ended now, Ann 12 + 15 = 27, Cyd and Dan 0
    # (tied, 5 and -5 split), Bob -27: Ann 21 + 27 = 48 at the top
    win = controller.new_event("win", kind="ron", discarder=1, winners=[{"seat": 0, "limit": "mangan"}])
    assert controller.commit(win) is not None
    qtbot.waitUntil(lambda: not view.busy, timeout=20_000)  # worked out again in a worker
    assert view.table_texts()[1] == ["1", "Ann\nin play", "3", "+23", "+25", "0", "+48"]
    assert view.chart.labels() == ["Start", "H1", "H2", "H3"]
    assert view.chart.values()[0] == [0, 27000, 21000, 48000]


def test_a_table_that_does_not_replay_is_said_in_one_line(qtbot, open_app, monkeypatch):
    from refapp.store.db import StoreError
    from refapp.store.standings_reads import StandingsReader

    controller, window = open_app(wrc_tables(), "Riichi Open 2026")

    def broken(self, tournament_id):
        raise StoreError("table 2 of Riichi Open 2026: its log does not replay: event 7: field 'seat': out of range")

    monkeypatch.setattr(StandingsReader, "standings", broken)
    view = open_standings(qtbot, window)
    assert view.message.isVisible() and view.message.text().startswith("table 2 of Riichi Open 2026: its log")
    assert not view.area.isVisible() and not view.empty.isVisible()
    assert view.title.text() == "Tournament standings"
