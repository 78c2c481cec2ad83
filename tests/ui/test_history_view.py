"""The history page, driven as a referee would: a real store in tmp_path, incidents committed through the
controller, then taps on the filters, the rows and the detail page; the assertions read what the screen shows."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, Qt, QTranslator
from PySide6.QtWidgets import QApplication

import refapp.ui.history.model as history_model
from refapp.app import build, install_translators
from refapp.store import history
from tests.ui.conftest import close_app

AT = datetime(2026, 11, 22, 10, 0).astimezone()  # local time: the list shows it as recorded
PLAYERS = ("Ann", "Bob", "Cyd", "Dan")


class Clock:
    def __init__(self, now: datetime = AT):
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def at(self, hh: int, mm: int, day: int = 22) -> None:
        self.now = datetime(2026, 11, day, hh, mm).astimezone()


class EnglishPlurals(QTranslator):
    """English plural forms for the HistoryView's "%n ...(s)" texts, as translations/refapp_en.ts provides them."""

    def translate(self, context, source, disambiguation=None, n=-1):  # noqa: N802 - Qt override
        if context != "HistoryView" or n < 0 or "%n" not in source:
            return None  # not translated here: Qt asks the next translator
        text = source.replace("penalty(ies)", "penalty" if n == 1 else "penalties")
        return text.replace("(s)", "" if n == 1 else "s").replace("%n", str(n))

    def isEmpty(self) -> bool:  # noqa: N802 - Qt override
        return False


@pytest.fixture
def app(qtbot, tmp_path):
    """The app over a fresh data folder, a hanchan started at table 1 under EMA 2012 (referee "Marie")."""
    controller, window = build(tmp_path / "data", QApplication.instance())
    clock = Clock()
    controller.clock = clock
    qtbot.addWidget(window)
    window.show()
    start(window, "ema-2012", PLAYERS, table=1)
    plurals = EnglishPlurals()  # whatever state translations/refapp_en.qm is in
    QCoreApplication.installTranslator(plurals)
    yield controller, window, clock
    QCoreApplication.removeTranslator(plurals)
    install_translators(QApplication.instance(), "en")
    close_app(controller, window)


def start(window, ruleset: str, players, table: int, tournament: str = "Paris Riichi Open") -> None:
    s = window.setup
    s.tournament.setText(tournament)
    s.table_number.set_value(table)
    for edit, name in zip(s.players, players, strict=True):
        edit.setText(name)
    s.ruleset.set_value(ruleset)
    s.referee.setText("Marie")
    s.pin_setup.choice.set_value("none")  # "No PIN (club night)": the PIN question is answered
    s.start_hanchan()
    assert not s.message.isVisible() or "saved" in s.message.text(), s.message.text()


def commit(controller, type_: str, **fields: Any) -> dict[str, Any]:
    event = controller.new_event(type_, **fields)
    assert controller.commit(event) is not None, controller.last_error
    return event


def open_history(qtbot, window):
    qtbot.mouseClick(window.nav["history"], Qt.MouseButton.LeftButton)
    assert window.pages.currentWidget() is window.history
    return window.history


def tap(qtbot, button) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=button.rect().center())


def tap_row(qtbot, view, row: int) -> None:
    rect = view.list.visualRect(view.model.index(row))
    qtbot.mouseClick(view.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def day_of_incidents(controller, clock) -> dict[str, dict[str, Any]]:
    """Bob: warning 10:05, (Ann wins 10:10), warning 10:15, dead hand 10:20, point penalty 10:30 ("phone rang");
    Cyd: chombo 10:40."""
    ev = {}
    clock.at(10, 5)
    ev["w1"] = commit(controller, "incident", seat=1, offence="warning", note="talking during play")
    clock.at(10, 10)
    commit(controller, "win", kind="ron", discarder=1, winners=[{"seat": 0, "limit": "mangan"}])
    clock.at(10, 15)
    ev["w2"] = commit(controller, "incident", seat=1, offence="warning")
    clock.at(10, 20)
    ev["dead"] = commit(controller, "incident", seat=1, offence="dead_hand")
    clock.at(10, 30)
    ev["pen"] = commit(
        controller,
        "incident",
        seat=1,
        offence="point_penalty",
        answers={"reason": "disturbance", "amount": 2000},
        note="Phone rang during the hand",
    )
    clock.at(10, 40)
    ev["chombo"] = commit(controller, "incident", seat=2, offence="invalid_win_revealed")
    return ev


def test_rows_newest_first_with_time_table_hand_player_offence_and_ruling(qtbot, app):
    controller, window, clock = app
    day_of_incidents(controller, clock)
    view = open_history(qtbot, window)
    assert view.title.text() == "History — Paris Riichi Open"
    assert view.row_texts() == [
        "10:40 · Table 1 · East 1 · Invalid win, hand revealed — Cyd · Chombo",
        "10:30 · Table 1 · East 1 · Point penalty — Bob · Point penalty 2,000",
        "10:20 · Table 1 · East 1 · Dead hand — Bob · Dead hand",
        "10:15 · Table 1 · East 1 · Warning — Bob · Warning",
        "10:05 · Table 1 · East 1 · Warning — Bob · Warning",
    ]
    # each row is a comfortable tap target, and the list scrolls by finger
    assert view.list.visualRect(view.model.index(0)).height() >= 64
    assert view.more_button.isHidden()


def test_tapping_a_row_opens_the_ruling_as_stored(qtbot, app):
    controller, window, clock = app
    day_of_incidents(controller, clock)
    view = open_history(qtbot, window)
    tap_row(qtbot, view, 0)  # Cyd's chombo: EMA 2012 pays a mangan at the table
    assert view.pages.currentWidget() is view.detail_page
    assert view.detail_title.text() == "Invalid win, hand revealed — Cyd"
    assert view.detail_ruling.text() == "Chombo"
    assert view.transfer_texts() == [
        ["Player", "Table score"],
        ["Ann", "+4,000"],  # the dealer
        ["Bob", "+2,000"],
        ["Cyd", "−8,000"],
        ["Dan", "+2,000"],
    ]
    assert view.detail_when.text().splitlines() == [
        "When: 22/11/2026 10:40",
        "Where: table 1, hanchan 1, East 1, counters: 1",
        "Entered by: Marie",
        "Rule set: EMA 2012",
    ]
    facts = view.detail_facts.text().splitlines()
    assert "Counters: 1 → 1" in facts and "Dealer: Ann (stays)" in facts and "The same hand was re-dealt." in facts
    assert view.detail_citation.text().startswith("EMA 2012 §")
    assert view.detail_voided.isHidden() and view.detail_note.isHidden()
    tap(qtbot, view.back_button)
    assert view.pages.currentWidget() is view.list_page

    tap_row(qtbot, view, 1)  # Bob's point penalty: answers, note, table score off the table
    assert view.detail_ruling.text() == "Point penalty — 2,000 (table score)"
    assert view.detail_answers.text().splitlines() == [
        "Answers:",
        "• Reason: Disturbance",
        "• Penalty (table points): 2,000",
    ]
    assert view.transfer_texts() == [
        ["Player", "Table score"],
        ["Ann", "0"],
        ["Bob", "−2,000"],
        ["Cyd", "0"],
        ["Dan", "0"],
    ]
    assert "2,000 points left the table (given to nobody)." in view.detail_facts.text().splitlines()
    assert view.detail_note.text() == "Note: Phone rang during the hand"


def test_voided_incidents_are_hidden_unless_asked_for_and_marked(qtbot, app):
    controller, window, clock = app
    ev = day_of_incidents(controller, clock)
    clock.at(10, 41)
    commit(controller, "void", target=ev["chombo"]["id"], reason="entered twice")
    view = open_history(qtbot, window)
    assert [t for t in view.row_texts() if "Cyd" in t] == []
    tap(qtbot, view.voided_toggle)
    assert view.row_texts()[0] == "10:40 · Table 1 · East 1 · Invalid win, hand revealed — Cyd · Chombo · VOIDED"
    assert sum("VOIDED" in t for t in view.row_texts()) == 1
    tap_row(qtbot, view, 0)
    assert view.detail_voided.isVisibleTo(view)
    assert view.detail_voided.text() == "VOIDED on 22/11/2026 10:41 by Marie: entered twice"
    tap(qtbot, view.back_button)
    tap(qtbot, view.voided_toggle)
    assert len(view.row_texts()) == 4 and not any("VOIDED" in t for t in view.row_texts())


def test_player_and_offence_filters_narrow_the_list_and_show_the_counts(qtbot, app):
    controller, window, clock = app
    day_of_incidents(controller, clock)
    view = open_history(qtbot, window)
    tap(qtbot, view.player_button)
    assert view.pages.currentWidget() is view.picker_page
    assert [b.text() for b in view.picker_buttons.values()] == ["All players", "Ann", "Bob", "Cyd", "Dan"]
    tap(qtbot, view.picker_buttons["Bob"])
    assert view.pages.currentWidget() is view.list_page
    assert view.player_button.text() == "Player: Bob"
    assert [t.split(" · ")[3] for t in view.row_texts()] == [
        "Point penalty — Bob",
        "Dead hand — Bob",
        "Warning — Bob",
        "Warning — Bob",
    ]
    assert view.counts.isVisibleTo(view)
    assert view.counts.text() == "Bob, this tournament: 2 warnings, 1 dead hand, 0 chombos, 1 penalty"

    tap(qtbot, view.offence_button)  # only the offences present in the tournament are offered
    assert [b.text() for b in view.picker_buttons.values()] == [
        "All offences",
        "Dead hand",
        "Invalid win, hand revealed",
        "Point penalty",
        "Warning",
    ]
    tap(qtbot, view.picker_buttons["warning"])
    assert view.offence_button.text() == "Offence: Warning"
    assert [t[:5] for t in view.row_texts()] == ["10:15", "10:05"]

    tap(qtbot, view.player_button)
    tap(qtbot, view.picker_buttons["Cyd"])
    assert view.row_texts() == []
    assert view.status.text() == "No incident matches these filters."
    assert view.counts.text() == "Cyd, this tournament: 0 warnings, 0 dead hands, 1 chombo, 0 penalties"

    tap(qtbot, view.player_button)
    tap(qtbot, view.picker_buttons[""])  # all players
    tap(qtbot, view.offence_button)
    tap(qtbot, view.picker_buttons[""])  # all offences
    assert len(view.row_texts()) == 5
    assert view.counts.isHidden()
    assert view.status.text() == "5 incidents."


def test_table_filter_this_table_all_tables_or_a_picked_number(qtbot, app):
    controller, window, clock = app
    clock.at(10, 5)
    commit(controller, "incident", seat=1, offence="warning")
    commit(controller, "hanchan_end", reason="time limit")
    start(window, "ema-2012", ("Eve", "Fay", "Gus", "Hal"), table=2)
    assert controller.table.number == 2
    clock.at(10, 20)
    commit(controller, "incident", seat=3, offence="warning")
    view = open_history(qtbot, window)
    assert view.table_filter.buttons["this"].text() == "This table (2)"
    assert [t.split(" · ")[1:4:2] for t in view.row_texts()] == [
        ["Table 2", "Warning — Hal"],
        ["Table 1", "Warning — Bob"],
    ]
    tap(qtbot, view.table_filter.buttons["this"])
    assert [t.split(" · ")[1] for t in view.row_texts()] == ["Table 2"]
    tap(qtbot, view.table_filter.buttons["pick"])
    assert view.pages.currentWidget() is view.picker_page
    assert [b.text() for b in view.picker_buttons.values()] == ["Table 1", "Table 2"]
    table1 = next(k for k, b in view.picker_buttons.items() if b.text() == "Table 1")
    tap(qtbot, view.picker_buttons[table1])
    assert view.table_filter.buttons["pick"].text() == "Table 1"
    assert [t.split(" · ")[1] for t in view.row_texts()] == ["Table 1"]
    # the player picker offers every player of the tournament, both tables
    tap(qtbot, view.player_button)
    assert [b.text() for b in view.picker_buttons.values()][1:] == [
        "Ann",
        "Bob",
        "Cyd",
        "Dan",
        "Eve",
        "Fay",
        "Gus",
        "Hal",
    ]
    tap(qtbot, view.picker_cancel)
    tap(qtbot, view.table_filter.buttons["all"])
    assert len(view.row_texts()) == 2


def test_time_filter_last_hour_and_today(qtbot, app):
    controller, window, clock = app
    clock.at(18, 0, day=21)  # yesterday evening (the hanchan goes on)
    commit(controller, "incident", seat=0, offence="warning")
    clock.at(9, 30)
    commit(controller, "incident", seat=1, offence="warning")
    clock.at(11, 20)
    commit(controller, "incident", seat=2, offence="warning")
    clock.at(11, 45)
    view = open_history(qtbot, window)
    assert [t[:16] for t in view.row_texts()] == ["11:20 · Table 1 ", "09:30 · Table 1 ", "21/11/2026 18:00"]
    tap(qtbot, view.time_filter.buttons["hour"])
    assert [t[:5] for t in view.row_texts()] == ["11:20"]
    tap(qtbot, view.time_filter.buttons["today"])
    assert [t[:5] for t in view.row_texts()] == ["11:20", "09:30"]
    tap(qtbot, view.time_filter.buttons["all"])
    assert len(view.row_texts()) == 3


def test_optional_text_search_in_the_notes(qtbot, app):
    controller, window, clock = app
    day_of_incidents(controller, clock)
    view = open_history(qtbot, window)
    view.search.setText("PHONE")
    qtbot.waitUntil(lambda: len(view.row_texts()) == 1, timeout=2000)
    assert "Point penalty — Bob" in view.row_texts()[0]
    view.search.clear()
    qtbot.waitUntil(lambda: len(view.row_texts()) == 5, timeout=2000)


def test_pages_of_history_load_on_more_and_on_scrolling_to_the_end(qtbot, app, monkeypatch):
    monkeypatch.setattr(history_model, "PAGE", 10)
    controller, window, clock = app
    for minute in range(25):
        clock.at(10, minute)
        commit(controller, "incident", seat=minute % 4, offence="warning")
    calls = []
    real = history.query
    monkeypatch.setattr(history, "query", lambda *a, **kw: calls.append(kw) or real(*a, **kw))
    view = open_history(qtbot, window)
    QApplication.processEvents()
    assert [t[:5] for t in view.row_texts()] == [f"10:{m:02d}" for m in range(24, 14, -1)]
    assert [(c["limit"], c["offset"]) for c in calls] == [(11, 0)]  # one page, and one row to know there is more
    assert view.more_button.isVisibleTo(view) and view.status.text().startswith("The 10 newest")
    tap(qtbot, view.more_button)
    assert len(view.row_texts()) == 20
    assert calls[-1]["offset"] == 10
    bar = view.list.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0, timeout=2000)
    bar.setValue(bar.maximum())  # a finger flicks to the end: the view asks for the next page
    qtbot.waitUntil(lambda: len(view.row_texts()) == 25, timeout=2000)
    assert [t[:5] for t in view.row_texts()][-3:] == ["10:02", "10:01", "10:00"]
    assert view.more_button.isHidden() and view.status.text() == "25 incidents."
    assert [(c["limit"], c["offset"]) for c in calls] == [(11, 0), (11, 10), (11, 20)]


def test_no_table_open_says_so(qtbot, tmp_path):
    controller, window = build(tmp_path / "data", QApplication.instance())
    qtbot.addWidget(window)
    try:
        window.history.refresh()
        view = window.history
        assert view.empty.text() == "No table is open: set up the table first."
        assert not view.empty.isHidden() and view.list.isHidden() and view.filters.isHidden()
        assert view.row_texts() == []
    finally:
        close_app(controller, window)


def test_french_rows_after_a_language_change(qtbot, app):
    controller, window, clock = app
    clock.at(10, 5)
    commit(controller, "incident", seat=1, offence="warning")
    view = open_history(qtbot, window)
    assert view.row_texts() == ["10:05 · Table 1 · East 1 · Warning — Bob · Warning"]
    window.language_requested.emit("fr")
    QApplication.processEvents()
    text = view.row_texts()[0]
    assert "Est 1" in text and "Avertissement" in text and "Warning" not in text


def test_screenshot_shows_rows(qtbot, app, tmp_path):
    controller, window, clock = app
    ev = day_of_incidents(controller, clock)
    commit(controller, "void", target=ev["w2"]["id"], reason="entered twice")
    view = open_history(qtbot, window)
    tap(qtbot, view.voided_toggle)
    image = window.grab().toImage()
    assert not image.isNull()
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(200, image.height(), 7)}
    assert len(colours) > 10  # text and rows were painted, not a blank page


def test_another_tournament_has_its_own_history_and_filters(qtbot, app):
    controller, window, clock = app
    clock.at(10, 5)
    commit(controller, "incident", seat=1, offence="warning")
    view = open_history(qtbot, window)
    tap(qtbot, view.player_button)
    tap(qtbot, view.picker_buttons["Bob"])
    assert len(view.row_texts()) == 1
    commit(controller, "hanchan_end", reason="time limit")
    start(window, "ema-2012", ("Ivy", "Jon", "Kim", "Lou"), table=1, tournament="Lyon Club Night")
    clock.at(19, 10)
    commit(controller, "incident", seat=0, offence="warning")
    view = open_history(qtbot, window)
    assert view.title.text() == "History — Lyon Club Night"
    assert view.player_button.text() == "Player: all"
    assert view.row_texts() == ["19:10 · Table 1 · East 1 · Warning — Ivy · Warning"]
