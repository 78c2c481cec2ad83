"""The session clock, driven as on the tablet: the organiser sets the session on the clock page (steppers, no typing),
the board's clock counts down (the controller's clock is the test's), a referee gives one table extra time after a
long ruling (the other table keeps its time), the board says what time-up means, and the hanchan ends by the rule
once the last hand allowed is recorded, never before; the end is an entry like any other, undone with Undo."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from refapp.domain.clock import Phase
from tests.ui.conftest import pin_keys

PIN = "2468"


def stored(controller) -> list[dict]:
    return controller.session.store.table_events(controller.table.table_id)


def clock_says(referee) -> str:
    """What the board's clock shows now (after a tick of its timer)."""
    panel = referee.window.clock_panel
    panel.update_view()
    QApplication.processEvents()
    return panel.shown_text() if panel.isVisible() else ""


def set_session(referee, minutes: int = 90) -> None:
    """On the clock page: the session starting now (the page's start), ``minutes`` long; back to the board."""
    w = referee.window
    page = w.clock_page
    assert w.pages.currentWidget() is page
    page.show_part("session")
    while page.length.value() < minutes:
        referee.tap(page.length.plus)
    while page.length.value() > minutes:
        referee.tap(page.length.minus)
    referee.tap(page.set_button)
    assert page.message.isVisible() and page.message.property("role") == "info", page.message.text()
    referee.tap(page.back_button)
    assert w.pages.currentWidget() is w.board


def draw(referee, *tenpai: int) -> None:
    entry = referee.open_hand_result()
    referee.tap(entry.kind.buttons["draw"])
    for seat in tenpai:
        referee.tap(entry.seat_toggles[seat])
    referee.preview_hand()
    referee.confirm_hand()


def test_the_organiser_sets_the_session_and_the_board_counts_down(referee):
    w, clock = referee.window, referee.clock
    referee.setup_table("wrc-2015")
    # no clock yet: a referee (no PIN: always one) finds where to set it in the clock's corner
    assert clock_says(referee) == "[Set the session clock]"
    referee.tap(w.clock_panel.page_button)
    page = w.clock_page
    assert page.tabs.value() == "session"  # no clock for this session yet: its part first
    assert page.session.value() == 1  # the hanchan's session (Setup's default)
    start = clock.now.astimezone()
    assert (page.hour.value(), page.minute.value()) == (start.hour, start.minute)
    assert page.session_now.text() == "No clock set for session 1."
    set_session(referee, 90)
    assert clock_says(referee) == "Time left\n1:30:00"
    clock.advance(47 * 60 + 25)
    assert clock_says(referee) == "Time left\n42:35"
    assert w.clock_panel.property("phase") == "on"
    clock.advance(42 * 60 + 30)
    assert clock_says(referee) == "Time left\n0:05"
    assert w.clock_panel.property("phase") == "low"  # the last five minutes are marked
    clock.advance(5)
    assert clock_says(referee) == "Time is up\nThis hand is the last"
    assert w.clock_panel.property("phase") == "up"
    assert [e["type"] for e in stored(referee.controller)] == ["hanchan_start"], "time-up alone records nothing"


def test_extra_time_is_shown_on_that_tables_clock_only(referee):
    w, c, clock = referee.window, referee.controller, referee.clock
    referee.setup_table("wrc-2015")  # table 1
    referee.tap(w.clock_panel.page_button)
    set_session(referee, 60)
    table1 = c.table
    # table 2 of the same tournament, set up on the same tablet
    s = w.setup
    referee.tap(w.nav["setup"])
    s.table_number.set_value(2)
    referee.setup_table("wrc-2015", players=("Eve", "Fay", "Gus", "Hal"))
    table2 = c.table
    assert table2.number == 2
    clock.advance(20 * 60)
    assert clock_says(referee) == "Time left\n40:00"  # the session is the tournament's: table 2 runs on it
    # a long ruling at table 2: five minutes more, given on the clock page
    referee.tap(w.nav["setup"])
    referee.tap(s.clock_button)
    page = w.clock_page
    assert page.tabs.value() == "table"
    assert page.extra_now.text() == "No extra time given."
    assert not page.extra_button.isEnabled()  # why is not chosen yet
    assert page.minutes.value() == 5
    referee.tap(page.reason.buttons["long ruling"])
    referee.tap(page.extra_button)
    assert page.message.text() == "Table 2: +5 min (long ruling)."
    hhmm = clock.now.astimezone().strftime("%H:%M")
    assert page.extra_now.text() == f"+5 min: long ruling (Sylvie, {hhmm})"
    referee.tap(page.back_button)
    assert clock_says(referee) == "Time left\n45:00\n+5 min"
    # and why, on a tap
    referee.tap(w.clock_panel)
    details = clock_says(referee)
    assert f"+5 min: long ruling (Sylvie, {hhmm})" in details
    assert "This table: until" in details
    assert "At time-up: the hand in play is the last." in details
    referee.tap(w.clock_panel)
    assert clock_says(referee) == "Time left\n45:00\n+5 min"
    # table 1 keeps the session's time
    c.open_table(c.session.store.table(table1.table_id))
    assert clock_says(referee) == "Time left\n40:00"
    clock.advance(41 * 60)
    assert clock_says(referee) == "Time is up\nThis hand is the last"
    c.open_table(c.session.store.table(table2.table_id))
    assert clock_says(referee) == "Time left\n4:00\n+5 min"


def test_the_hanchan_ends_by_the_rule_once_the_last_hand_is_recorded_and_undo_takes_it_back(referee):
    w, c, clock = referee.window, referee.controller, referee.clock
    referee.setup_table("wrc-2015")
    referee.tap(w.clock_panel.page_button)
    set_session(referee, 30)
    clock.advance(10 * 60)
    draw(referee, 0)  # East 1 ends before time-up
    assert referee.centre()[0] == "East 1"  # East tenpai keeps the deal
    clock.advance(20 * 60)  # time is up during the hand in play (East 1, counter 1)
    assert clock_says(referee) == "Time is up\nThis hand is the last"
    assert [e["type"] for e in stored(c)] == ["hanchan_start", "draw"], "nothing is recorded early"
    clock.advance(3 * 60)
    draw(referee, 0, 2)  # the hand in play at time-up ends: it was the last
    events = stored(c)
    assert [e["type"] for e in events] == ["hanchan_start", "draw", "draw", "hanchan_end"]
    assert events[-1]["reason"] == "time limit" and events[-1]["at"] == events[-2]["at"]
    st = c.state
    assert st.game_over and st.end_reason == "time limit"
    assert w.pages.currentWidget() is w.results  # as at the natural end: the results
    assert "over: time limit" in w.results.subtitle.text()
    assert w.notice.message.text() == "Recorded: End of the hanchan"
    assert clock_says(referee) == ""  # the hanchan is over: the corner is free again
    # Undo takes the end back (nothing else): the board says the last hand allowed has been played
    referee.dialogs.on_undo(lambda d: (referee.tap(d.reason.buttons["entered by mistake"]), referee.tap(d.yes)))
    referee.tap(w.nav["undo"])
    assert not c.state.game_over
    assert [e["type"] for e in stored(c)][-2:] == ["hanchan_end", "void"]
    assert clock_says(referee) == "Time is up\nThe last hand allowed has been played: the hanchan ends"
    assert c.session_clock.status().phase is Phase.END_DUE


def test_the_organisers_rule_one_more_hand_after_the_one_in_play(referee):
    w, c, clock = referee.window, referee.controller, referee.clock
    referee.setup_table("ema-2016")
    referee.tap(w.clock_panel.page_button)
    set_session(referee, 30)
    referee.tap(w.nav["setup"])
    referee.tap(w.setup.clock_button)
    page = w.clock_page
    referee.tap(page.tabs.buttons["rule"])
    assert page.rule.value() == "rule_set"
    assert page.rule_now.text() == (
        "At time-up: the hand in play is the last; a chombo in the last hand ends the hanchan."
    )
    assert page.rule_badge.text() == "Source not verified: check the printed rule book"  # EMA 2016 §5.9 not read
    referee.tap(page.rule.buttons["plus_1"])
    referee.tap(page.rule_button)
    assert page.rule_now.text() == (
        "At time-up: the hand in play is finished, then 1 more hand; a chombo in the last hand ends the hanchan."
    )
    assert page.rule_source.text() == "Set by the organiser (Sylvie) for this tournament. tournament regulations"
    referee.tap(page.back_button)
    clock.advance(31 * 60)
    assert clock_says(referee) == "Time is up\n1 more hand after this one"
    draw(referee, 1)
    assert not c.state.game_over
    assert clock_says(referee) == "Time is up\nThis hand is the last"
    draw(referee)
    assert c.state.game_over and c.state.end_reason == "time limit"
    assert [e["type"] for e in stored(c)][-3:] == ["draw", "draw", "hanchan_end"]


def test_a_chonbo_in_the_last_hand_ends_the_hanchan_under_wrc_2015(referee):
    """WRC 2015 §8.2: "In case of chonbo during the last hand, the hand is not re-dealt"."""
    w, c, clock = referee.window, referee.controller, referee.clock
    referee.setup_table("wrc-2015")
    referee.tap(w.clock_panel.page_button)
    set_session(referee, 30)
    clock.advance(31 * 60)
    referee.tap(w.board.seats[1])
    referee.tap(w.ruling.palette_page.buttons["invalid_win_revealed"])
    q = w.ruling.questions
    if w.ruling.currentWidget() is q:
        referee.answer(q.widgets["simultaneous_win"], False)
        referee.tap(q.next_button)
    referee.tap(w.ruling.preview_panel.confirm_button)
    assert [e["type"] for e in stored(c)][-2:] == ["incident", "hanchan_end"]
    assert c.state.game_over and c.state.end_reason == "time limit"


def test_a_warning_after_time_up_ends_nothing(referee):
    w, c, clock = referee.window, referee.controller, referee.clock
    referee.setup_table("wrc-2015")
    referee.tap(w.clock_panel.page_button)
    set_session(referee, 30)
    clock.advance(31 * 60)
    referee.tap(w.board.seats[2])
    referee.tap(w.ruling.palette_page.buttons["warning"])
    q = w.ruling.questions
    referee.tap(q.widgets["reason"].buttons["conduct"])
    referee.tap(q.next_button)
    referee.tap(w.ruling.preview_panel.confirm_button)
    assert [e["type"] for e in stored(c)][-1] == "incident"
    assert not c.state.game_over
    assert clock_says(referee) == "Time is up\nThis hand is the last"


def test_the_clock_page_needs_the_referee_pin_in_table_mode(referee, qtbot):
    w, c, clock = referee.window, referee.controller, referee.clock
    referee.dialogs.on_pin(lambda d: pin_keys(qtbot, d, PIN))
    referee.setup_table("wrc-2015", pin=PIN)
    assert c.modes.mode.name == "TABLE"
    assert clock_says(referee) == "", "no clock set: nothing for the players to see"
    referee.tap(w.nav["setup"])  # the PIN
    referee.tap(w.setup.clock_button)
    set_session(referee, 90)
    assert c.modes.mode.name == "TABLE", "leaving the clock page ends the referee action"
    clock.advance(60)
    assert clock_says(referee) == "Time left\n1:29:00"
    referee.tap(w.clock_panel)  # the players may read why
    assert "[Session clock]" in clock_says(referee)
    referee.dialogs.on_pin(lambda d: pin_keys(qtbot, d, "1111"))  # a wrong PIN: no page
    referee.tap(w.clock_panel.page_button)
    assert w.pages.currentWidget() is w.board
    assert referee.dialogs.kinds()[-1] == "PinDialog"
    assert [e["type"] for e in stored(c)] == ["hanchan_start"]
