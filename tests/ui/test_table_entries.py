"""Issue 14 item 2 (and the undo words of item 7): nothing is recorded by a single stray tap, the table may take back
its own last entry, every confirm says what was recorded and how to undo it, and the undo dialog says the entry in
words.

Each test taps the real window (``tests/ui/conftest.py``) and asserts what a person sees and what is stored."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication

from .conftest import pin_keys, tap

E30 = "30,000"
PIN = "2468"


def stored(controller) -> list[dict]:
    return controller.session.store.table_events(controller.table.table_id)


def _ron_cyd_from_dan(referee, limit: bool = False) -> None:
    entry = referee.open_hand_result()
    referee.tap(entry.seat_toggles[2])
    referee.tap(entry.discarder.buttons["3"])
    ed = entry.editors[2]
    if limit:
        referee.tap(ed.mode.buttons["limit"])
        referee.tap(ed.limit.buttons["mangan"])
    else:
        referee.answer(ed.han, 3)
        referee.tap(ed.fu.buttons["40"])  # 3 han 40 fu
    referee.preview_hand()
    referee.confirm_hand()


# -- a single tap records nothing ------------------------------------------------------------------------------------


def test_a_single_tap_on_riichi_records_nothing_and_names_the_seat(referee):
    w = referee.window
    c = referee.controller
    referee.setup_table("ema-2016")
    n = len(stored(c))
    referee.tap(w.board.seats[1].riichi)
    bar = w.board.seats[1].confirm
    assert bar.is_open()
    assert bar.message.text() == "Riichi for Bob: \u22121,000 and a stick"
    assert bar.confirm_button.isEnabled() and bar.confirm_button.text() == "Confirm"
    assert bar.cancel_button.text() == "Cancel"
    # nothing is recorded, nothing changed on the board
    assert len(stored(c)) == n
    assert referee.scores() == [E30] * 4 and referee.centre() == ("East 1", "0 counters", "0 riichi sticks")
    # the bar is large and over the seat where the finger is
    assert bar.geometry() == w.board.seats[1].rect()
    assert bar.confirm_button.height() >= 64 and bar.confirm_button.width() >= 64
    # a tap on the bar is not a tap on the seat (which would open the offence palette)
    referee.tap(bar.message)
    assert w.pages.currentWidget() is w.board and referee.dialogs.seen == []


def test_the_second_step_records_exactly_one_riichi(referee):
    w = referee.window
    c = referee.controller
    referee.setup_table("ema-2016")
    referee.riichi(1)
    assert [e["type"] for e in stored(c)] == ["hanchan_start", "riichi"]
    assert stored(c)[-1]["seat"] == 1
    assert referee.scores() == [E30, "29,000", E30, E30]
    assert referee.centre() == ("East 1", "0 counters", "1 riichi stick")
    seat = w.board.seats[1]
    assert not seat.confirm.is_open() and seat.in_riichi() and seat.stick.isVisible()
    assert not seat.riichi.isVisible(), "a seat in riichi shows its drawn stick, not a Riichi button"


def test_a_double_tap_on_riichi_records_nothing(referee, qtbot):
    """The second half of a double tap lands on Confirm: within half a second of the bar opening, it is ignored."""
    w = referee.window
    c = referee.controller
    referee.setup_table("ema-2016")
    n = len(stored(c))
    seat = w.board.seats[2]
    qtbot.mouseClick(seat.riichi, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(seat.confirm.confirm_button, Qt.MouseButton.LeftButton)  # at once: the same finger, bouncing
    assert len(stored(c)) == n and seat.confirm.is_open()
    qtbot.wait(450)
    qtbot.mouseClick(seat.confirm.confirm_button, Qt.MouseButton.LeftButton)
    assert [e["type"] for e in stored(c)[n:]] == ["riichi"]
    assert referee.scores() == [E30, E30, "29,000", E30]


def test_cancel_escape_and_another_seat_close_the_bar_without_recording(referee, qtbot):
    w = referee.window
    c = referee.controller
    referee.setup_table("ema-2016")
    n = len(stored(c))
    referee.tap(w.board.seats[0].riichi)
    referee.tap(w.board.seats[0].confirm.cancel_button)
    assert not w.board.seats[0].confirm.is_open()
    referee.tap(w.board.seats[0].riichi)
    qtbot.keyClick(w, Qt.Key.Key_Escape)
    assert not w.board.seats[0].confirm.is_open()
    referee.tap(w.board.seats[0].riichi)
    referee.tap(w.board.seats[3].riichi)  # another seat's Riichi: only that seat's bar stays open
    assert not w.board.seats[0].confirm.is_open() and w.board.seats[3].confirm.is_open()
    assert w.board.seats[3].confirm.message.text() == "Riichi for Dan: \u22121,000 and a stick"
    referee.tap(w.nav["history"])  # leaving the board closes it
    referee.tap(w.nav["board"])
    assert not any(p.confirm.is_open() for p in w.board.seats)
    assert len(stored(c)) == n and referee.scores() == [E30] * 4


def test_the_bar_closes_by_itself(referee):
    w = referee.window
    c = referee.controller
    referee.setup_table("ema-2016")
    n = len(stored(c))
    referee.tap(w.board.seats[0].riichi)
    bar = w.board.seats[0].confirm
    assert bar.timer.isActive() and bar.timer.interval() >= 10_000
    bar.timer.timeout.emit()  # as if nobody answered
    assert not bar.is_open() and len(stored(c)) == n


# -- the table takes back its own last entry ---------------------------------------------------------------------------


def test_the_table_takes_back_its_own_last_entry_without_the_pin(referee):
    w = referee.window
    c = referee.controller
    referee.setup_table("ema-2016", pin=PIN)
    assert not c.referee_mode
    referee.riichi(3)
    assert w.nav["undo"].isEnabled()
    shown = {}

    def take_back(dialog) -> None:
        shown["title"] = dialog.title.text()
        shown["what"] = dialog.what.text()
        shown["reasons"] = list(dialog.reason.buttons)
        tap(referee.qtbot, dialog.yes)

    referee.dialogs.on_undo(take_back)
    referee.tap(w.nav["undo"])
    assert referee.dialogs.kinds() == ["UndoDialog"], "no PIN for the table's own last entry"
    assert shown["title"] == "Take back the table's last entry?"
    assert shown["what"] == "Riichi: Dan"
    assert "ruling revised" not in shown["reasons"]
    void = stored(c)[-1]
    assert void["type"] == "void" and void["by"] == "table" and void["target"] == stored(c)[-2]["id"]
    assert referee.scores() == [E30] * 4 and referee.centre() == ("East 1", "0 counters", "0 riichi sticks")


def test_only_the_last_entry_and_only_before_anything_else(referee):
    """Two table entries: only the last may be taken back without the PIN; once anything is recorded after an
    entry (another entry, a void), taking it back needs the referee."""
    w = referee.window
    c = referee.controller
    referee.setup_table("ema-2016", pin=PIN)
    referee.riichi(1)
    referee.riichi(2)
    assert c.can_take_back()
    referee.dialogs.on_undo(lambda d: tap(referee.qtbot, d.yes))
    referee.tap(w.nav["undo"])  # the second riichi: taken back
    assert referee.scores() == [E30, "29,000", E30, E30]
    assert not c.can_take_back(), "the void is the last thing recorded now"
    n = len(stored(c))
    referee.tap(w.nav["undo"])  # the first riichi: the PIN pad opens; no PIN, nothing
    assert referee.dialogs.kinds() == ["UndoDialog", "PinDialog"]
    assert len(stored(c)) == n and referee.scores() == [E30, "29,000", E30, E30]
    # the controller itself refuses a table undo of that entry
    assert c.undo("entered by mistake") is None and len(stored(c)) == n


def test_a_referee_entry_is_not_the_tables_to_take_back(referee):
    w = referee.window
    c = referee.controller
    referee.setup_table("ema-2016", pin=PIN)
    referee.dialogs.on_pin(lambda d: pin_keys(referee.qtbot, d, PIN))
    referee.ruling(0, "warning", {"reason": "conduct"})
    referee.tap(w.ruling.preview_panel.confirm_button)
    assert not c.referee_mode, "the ruling confirmed: table mode by itself"
    assert stored(c)[-1]["by"] == "Sylvie" and not c.can_take_back()
    referee.tap(w.nav["undo"])
    assert referee.dialogs.kinds() == ["PinDialog", "PinDialog"], "the referee's ruling: the PIN is asked"


# -- "Recorded: ..." after every confirm -------------------------------------------------------------------------------


def test_every_confirm_says_what_was_recorded_and_how_to_undo_it(referee):
    w = referee.window
    c = referee.controller
    notice = w.notice
    referee.setup_table("ema-2016", pin=PIN)
    assert notice.isVisible() and notice.message.text() == "Recorded: Start of hanchan 1: Ann, Bob, Cyd, Dan"
    # a riichi by the table
    referee.riichi(1)
    assert notice.isVisible() and notice.message.text() == "Recorded: Riichi: Bob"
    assert notice.undo_button.isVisible() and notice.undo_button.text() == "Take it back"
    assert notice.timer.isActive() and notice.timer.interval() >= 5000, "long enough to read"
    # it blocks nothing: it floats over the board's empty bottom-right corner
    central = w.centralWidget()
    for panel in [*w.board.seats, w.board.centre]:
        assert not notice.geometry().intersects(QRect(panel.mapTo(central, QPoint(0, 0)), panel.size()))
    # a hand result by the table
    _ron_cyd_from_dan(referee)
    assert w.pages.currentWidget() is w.board
    assert notice.isVisible() and notice.message.text() == "Recorded: Ron: Cyd from Dan, 3 han 40 fu"
    # a ruling by the referee
    referee.dialogs.on_pin(lambda d: pin_keys(referee.qtbot, d, PIN))
    referee.ruling(2, "invalid_win_revealed", {"simultaneous_win": False})
    referee.tap(w.ruling.preview_panel.confirm_button)
    assert notice.message.text() == "Recorded: Chombo: Cyd (invalid win, hand revealed) — 20,000"  # (after uma)
    assert notice.undo_button.text() == "Undo (referee PIN)", "back in table mode: undoing a ruling needs the PIN"
    # the undo itself, from the message's own button
    referee.dialogs.on_pin(lambda d: pin_keys(referee.qtbot, d, PIN))
    referee.dialogs.on_undo(lambda d: tap(referee.qtbot, d.yes))
    referee.tap(notice.undo_button)
    assert stored(c)[-1]["type"] == "void"
    assert notice.isVisible()
    assert notice.message.text() == (
        "Recorded: Undo of Chombo: Cyd (invalid win, hand revealed) — 20,000. To restore it, enter it again."
    )
    assert not notice.undo_button.isVisible(), "an undo is not undone: the entry is entered again"


def test_the_message_goes_away_and_never_covers_another_page(referee):
    w = referee.window
    referee.setup_table("ema-2016")
    referee.riichi(0)
    assert w.notice.isVisible()
    w.notice.timer.timeout.emit()
    assert not w.notice.isVisible()
    referee.riichi(1)
    referee.tap(w.nav["history"])
    assert not w.notice.isVisible(), "moving on to another page puts the message away"


# -- the undo dialog says the entry in words ---------------------------------------------------------------------------


def test_the_undo_dialog_describes_the_entry_in_words(referee):
    w = referee.window
    referee.setup_table("ema-2016")
    said: list[str] = []

    def look(dialog) -> None:
        said.append(dialog.what.text())
        dialog.reject()

    _ron_cyd_from_dan(referee, limit=True)
    referee.dialogs.on_undo(look)
    referee.tap(w.nav["undo"])
    referee.ruling(2, "invalid_win_revealed", {"simultaneous_win": False})
    referee.tap(w.ruling.preview_panel.confirm_button)
    referee.dialogs.on_undo(look)
    referee.tap(w.nav["undo"])
    referee.riichi(1)
    referee.dialogs.on_undo(look)
    referee.tap(w.nav["undo"])
    assert said == ["Ron: Cyd from Dan, mangan", "Chombo: Cyd (invalid win, hand revealed) — 20,000", "Riichi: Bob"]


def test_the_words_follow_the_language(referee):
    from refapp.app import install_translators

    w = referee.window
    referee.setup_table("ema-2016")
    referee.riichi(1)
    install_translators(QApplication.instance(), "fr")
    try:
        QApplication.processEvents()
        assert w.notice.undo_button.text() == "Défaire"
        said = []
        referee.dialogs.on_undo(lambda d: (said.append((d.title.text(), d.what.text())), d.reject()))
        referee.tap(w.nav["undo"])
        assert said == [("Défaire la dernière saisie\u00a0?", "Riichi\u00a0: Bob")]
        referee.tap(w.board.seats[2].riichi)
        assert w.board.seats[2].confirm.message.text().startswith("Riichi pour Cyd\u00a0:")
        assert w.board.seats[2].confirm.confirm_button.text() == "Confirmer"
    finally:
        install_translators(QApplication.instance(), "en")
