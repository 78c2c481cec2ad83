"""The results page and its score chart, driven as a referee would over a real store in tmp_path."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QImage, QPixmap
from PySide6.QtWidgets import QApplication

from refapp.app import build
from refapp.store.settings import set_pin
from refapp.ui.results.chart import LIGHT_COLOURS, ScoreChart
from tests.ui.conftest import close_app

PLAYERS = ("Ann", "Bob", "Cyd", "Dan")


@pytest.fixture
def app(qtbot, tmp_path):
    controller, window = build(tmp_path / "data", QApplication.instance())
    controller.clock = lambda: datetime(2026, 11, 22, 10, 0).astimezone()
    qtbot.addWidget(window)
    window.resize(1024, 768)
    window.show()
    yield controller, window
    close_app(controller, window)


def start(window, ruleset: str) -> None:
    s = window.setup
    s.tournament.setText("Paris Riichi Open")
    for edit, name in zip(s.players, PLAYERS, strict=True):
        edit.setText(name)
    s.ruleset.set_value(ruleset)
    s.pin_setup.choice.set_value("none")  # "No PIN (club night)": the PIN question is answered
    s.start_hanchan()
    assert window.controller.state is not None and window.controller.state.started, s.message.text()


def commit(controller, type_: str, **fields: Any) -> None:
    assert controller.commit(controller.new_event(type_, **fields)) is not None, controller.last_error


def tap(qtbot, button) -> None:
    assert button.isVisible(), f"{button.text()!r} is not on screen"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=button.rect().center())


def open_results(qtbot, window):
    tap(qtbot, window.nav["results"])
    assert window.pages.currentWidget() is window.results
    return window.results


def play_three_hands(controller) -> None:
    """EMA 2016. E1: Ann (dealer) rons Bob for a dealer mangan (12,000). E1-1: Cyd riichi, draw, Cyd alone tenpai
    (1,000 from each; the stick stays). E2-2: Bob chombo (20,000 after uma, re-deal), then Dan tsumo 3 han 30 fu
    with 2 counters (1,200 each, 2,200 from Bob the dealer) and Cyd's stick."""
    commit(controller, "win", kind="ron", discarder=1, winners=[{"seat": 0, "limit": "mangan"}])
    commit(controller, "riichi", seat=2)
    commit(controller, "draw", tenpai=[2])
    commit(controller, "incident", seat=1, offence="invalid_win_revealed")
    commit(controller, "win", kind="tsumo", winners=[{"seat": 3, "han": 3, "fu": 30}])


def test_no_table_open_says_so(qtbot, app):
    controller, window = app
    view = open_results(qtbot, window)
    assert view.empty.text() == "No table is open: set up the table first."
    assert view.empty.isVisible() and not view.pages.isVisible()
    assert view.chart.point_count() == 0


def test_standings_and_chart_while_the_hanchan_is_played(qtbot, app):
    controller, window = app
    start(window, "ema-2016")
    play_three_hands(controller)
    view = open_results(qtbot, window)
    assert view.title.text() == "Standings of hanchan 1"
    assert view.subtitle.text() == "Table 1 · hanchan 1 · EMA 2016 — East 3 · counters: 0 · riichi sticks: 0"
    assert view.table_texts() == [
        ["Rank", "Player", "Wind", "Table score", "Overall"],
        ["1", "Ann", "West", "39,800", "0"],
        ["2", "Dan", "South", "34,600", "0"],
        ["3", "Cyd", "East (dealer)", "30,800", "0"],
        ["4", "Bob", "North", "14,800", "0"],
    ]
    assert view.end_button.isVisible()
    chart = view.chart
    assert chart.labels() == ["Start", "E1", "E1-1", "E2-2", "Now"]
    assert chart.point_count() == 5
    assert chart.names() == list(PLAYERS)
    assert chart.values() == [
        [30000, 42000, 41000, 39800, 39800],
        [30000, 18000, 17000, 14800, 14800],
        [30000, 30000, 32000, 30800, 30800],
        [30000, 30000, 29000, 34600, 34600],
    ]


def test_chart_points_follow_the_hands(qtbot, app):
    controller, window = app
    start(window, "ema-2016")
    play_three_hands(controller)
    view = open_results(qtbot, window)
    values = view.chart.values()
    state = controller.state
    hands = [list(scores) for _, _, _, scores in state.history]
    assert [[v[k] for v in values] for k in range(1, 1 + len(hands))] == hands
    assert [v[0] for v in values] == [30000] * 4  # the starting scores
    assert [v[-1] for v in values] == [s.score for s in state.seats]  # now


def chart_colours_painted(image: QImage, colours) -> set[str]:
    wanted = {QColor(c).rgb(): c for c in colours}
    found = set()
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            hit = wanted.get(image.pixel(x, y))
            if hit:
                found.add(hit)
    return found


def test_the_chart_paints_one_line_per_player_and_is_crisp_at_high_dpi(qtbot):
    chart = ScoreChart()
    qtbot.addWidget(chart)
    chart.resize(720, 340)
    chart.set_series(
        ["Start", "E1", "E2", "Final"],
        list(PLAYERS),
        [[30000, 42000, 41000, 45000], [30000, 18000, 17000, 12000], [30000, 30000, 31000, 33000], [30000] * 4],
        30000,
    )
    assert chart.point_count() == 4
    image = chart.grab().toImage()
    assert chart_colours_painted(image, LIGHT_COLOURS) == set(LIGHT_COLOURS)
    # at twice the pixel density: the same drawing, every line there, nothing pixel-doubled
    pixmap = QPixmap(QSize(720, 340) * 2)
    pixmap.setDevicePixelRatio(2)
    pixmap.fill(Qt.GlobalColor.white)
    chart.render(pixmap)
    hi = pixmap.toImage()
    assert hi.width() == 1440 and chart_colours_painted(hi, LIGHT_COLOURS) == set(LIGHT_COLOURS)
    assert chart.minimumSizeHint().width() >= 320 and chart.minimumSizeHint().height() >= 200


def test_empty_chart_before_any_hand_says_so(qtbot):
    chart = ScoreChart()
    qtbot.addWidget(chart)
    chart.resize(400, 240)
    chart.clear()
    assert chart.point_count() == 0
    assert not chart.grab().toImage().isNull()


def test_end_the_hanchan_previews_asks_then_shows_the_results(qtbot, app):
    controller, window = app
    start(window, "ema-2016")
    play_three_hands(controller)
    view = open_results(qtbot, window)
    events = len(controller.session.book.events)
    tap(qtbot, view.end_button)
    # the preview: nothing stored yet, the hanchan still on
    assert view.pages.currentWidget() is view.confirm_panel
    assert "The hanchan ends." in view.confirm_panel.facts.text()
    assert len(controller.session.book.events) == events and not controller.state.game_over
    tap(qtbot, view.confirm_panel.cancel_button)  # "Keep playing"
    assert view.pages.currentWidget() is view.main and not controller.state.game_over
    assert view.end_button.isVisible()

    tap(qtbot, view.end_button)
    tap(qtbot, view.confirm_panel.confirm_button)
    assert controller.state.game_over
    last = controller.session.book.events[-1]
    assert (last["type"], last["reason"]) == ("hanchan_end", "time limit")
    assert view.pages.currentWidget() is view.main
    assert view.title.text() == "Results of hanchan 1"
    assert view.subtitle.text() == "Table 1 · hanchan 1 · EMA 2016 — over: time limit"
    # EMA 2016: return 30,000, uma 15/5/-5/-15 thousand, Bob's chombo 20,000 after uma; no oka and no leftover
    # stick at this table: those columns, zero for everyone, are left out
    assert view.table_texts() == [
        ["Rank", "Player", "Table score", "Uma", "Penalty", "Final", "Overall"],
        ["1", "Ann", "39,800", "+15,000", "0", "+24,800", "+24,800"],
        ["2", "Dan", "34,600", "+5,000", "0", "+9,600", "+9,600"],
        ["3", "Cyd", "30,800", "−5,000", "0", "−4,200", "−4,200"],
        ["4", "Bob", "14,800", "−15,000", "−20,000", "−50,200", "−50,200"],
    ]
    assert not view.end_button.isVisible()
    # the last hand's scores are the final ones: no extra point
    assert view.chart.labels() == ["Start", "E1", "E1-1", "E2-2"]


def test_leftover_riichi_sticks_and_tied_ranks_in_the_results(qtbot, app):
    controller, window = app
    start(window, "ema-2016")
    commit(controller, "riichi", seat=0)
    commit(controller, "riichi", seat=1)
    commit(controller, "draw", tenpai=[0, 1])  # both tenpai: the sticks stay on the table
    view = open_results(qtbot, window)
    tap(qtbot, view.end_button)
    tap(qtbot, view.confirm_panel.confirm_button)
    # Ann and Bob tie first at 30,500: uma (15,000 + 5,000) / 2 each and the 2 leftover sticks split;
    # Cyd and Dan tie third: (−5,000 − 15,000) / 2 each
    assert view.table_texts() == [
        ["Rank", "Player", "Table score", "Uma", "Leftover sticks", "Final", "Overall"],
        ["1", "Ann", "30,500", "+10,000", "+1,000", "+11,500", "+11,500"],
        ["1", "Bob", "30,500", "+10,000", "+1,000", "+11,500", "+11,500"],
        ["3", "Cyd", "28,500", "−10,000", "0", "−11,500", "−11,500"],
        ["3", "Dan", "28,500", "−10,000", "0", "−11,500", "−11,500"],
    ]
    assert view.chart.labels() == ["Start", "E1"]


def test_the_end_button_is_for_referees_only(qtbot, app):
    controller, window = app
    start(window, "ema-2016")
    set_pin(controller.settings, "2468")
    controller.lock()
    view = open_results(qtbot, window)
    assert not view.end_button.isVisible()
    assert view.hint.isVisible()
    view.ask_end()  # even if called, nothing happens in table mode
    assert view.pages.currentWidget() is view.main and not controller.state.game_over
    assert controller.unlock("2468") == "ok"
    assert view.end_button.isVisible() and not view.hint.isVisible()


def test_screenshot_of_the_results_page_is_not_blank(qtbot, app):
    controller, window = app
    start(window, "ema-2016")
    play_three_hands(controller)
    open_results(qtbot, window)
    image = window.grab().toImage()
    assert chart_colours_painted(image, LIGHT_COLOURS) == set(LIGHT_COLOURS)


def test_a_substitute_is_shown_under_his_own_name_not_ranked_and_the_absent_player_as_such(qtbot, app):
    """EMA 2012 §5.7: Zoe plays Ann's seat from the start; her result (0 points, -30,000 uma) goes into nobody's
    overall score; Ann, absent, gets 0 points and -30,000 uma in a line of her own. Zoe wins 12,000 from Dan."""
    controller, window = app
    start(window, "ema-2012")
    commit(controller, "incident", seat=0, offence="missed_hanchan", answers={"during_play": False}, substitute="Zoe")
    commit(controller, "win", kind="ron", discarder=3, winners=[{"seat": 0, "points": 12000}])
    view = open_results(qtbot, window)
    assert view.table_texts()[1] == ["1", "Zoe\nsubstitute for Ann", "East (dealer)", "12,000", "not ranked"]
    assert view.chart.names() == ["Ann, then Zoe", "Bob", "Cyd", "Dan"]
    tap(qtbot, view.end_button)
    tap(qtbot, view.confirm_panel.confirm_button)
    assert view.table_texts() == [
        ["Rank", "Player", "Table score", "Uma", "Final", "Overall"],
        ["1", "Zoe\nsubstitute for Ann", "12,000", "−30,000", "−30,000", "not ranked"],
        ["2", "Bob", "0", "0", "0", "0"],  # tied with Cyd: the uma of second and third (+10,000, −10,000) split
        ["2", "Cyd", "0", "0", "0", "0"],
        ["4", "Dan", "−12,000", "−30,000", "−42,000", "−42,000"],
        ["–", "Ann\nabsent", "–", "−30,000", "−30,000", "−30,000"],
    ]


def test_a_player_disqualified_during_the_hanchan_has_his_line_marked(qtbot, app):
    """EMA 2012 §5.7: a disqualification is a substitution "after the playing has begun", and "A player who was
    substituted will receive 0 points and an uma of -30,000 points for each session missed". Bob is disqualified for
    cheating and Zoe plays his seat; time, nobody scored: Ann, Cyd and Dan share the first three places' uma,
    (30,000 + 10,000 - 10,000) / 3 = 10,000 each; Zoe takes the last uma; Bob: -30,000 in a line of his own."""
    controller, window = app
    start(window, "ema-2012")
    commit(controller, "incident", seat=1, offence="cheating", answers={}, substitute="Zoe")
    view = open_results(qtbot, window)
    tap(qtbot, view.end_button)
    tap(qtbot, view.confirm_panel.confirm_button)
    assert view.table_texts() == [
        ["Rank", "Player", "Table score", "Uma", "Final", "Overall"],
        ["1", "Ann", "0", "+10,000", "+10,000", "+10,000"],
        ["1", "Cyd", "0", "+10,000", "+10,000", "+10,000"],
        ["1", "Dan", "0", "+10,000", "+10,000", "+10,000"],
        ["4", "Zoe\nsubstitute for Bob", "0", "−30,000", "−30,000", "not ranked"],
        ["–", "Bob\ndisqualified", "–", "−30,000", "−30,000", "−30,000"],
    ]
