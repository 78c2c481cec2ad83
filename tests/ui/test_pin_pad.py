"""Issue 14 item 10 for the PIN pad and the dialogs: digits and Enter on a laptop's keyboard (Enter submits, never
types "1"), Backspace erases, Esc goes back everywhere in the shell; the keys never overlap during a lockout;
dialogs dim what is behind them; "1 riichi stick" / "2 riichi sticks"."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from refapp.ui.common.dialog_base import Backdrop

PIN = "2468"


def _locked_table(referee) -> None:
    referee.setup_table("ema-2016", pin=PIN)
    assert not referee.controller.referee_mode


def test_digits_and_enter_on_the_keyboard_unlock(referee, qtbot):
    w = referee.window
    _locked_table(referee)
    seen = {}

    def type_it(dialog) -> None:
        qtbot.keyClicks(dialog, "2469")
        seen["typed"] = dialog.display.text()
        qtbot.keyClick(dialog, Qt.Key.Key_Backspace)
        seen["erased"] = dialog.display.text()
        qtbot.keyClick(dialog, Qt.Key.Key_8)
        qtbot.keyClick(dialog, Qt.Key.Key_Return)

    referee.dialogs.on_pin(type_it)
    referee.tap(w.nav["lock"])  # "Referee"
    assert seen == {"typed": "●●●●", "erased": "●●●"}
    assert referee.controller.referee_mode, "Enter submitted 2468"


def test_enter_on_an_empty_pad_types_nothing_and_enter_submits_what_was_typed(referee, qtbot):
    """Enter never presses the "1" key (a dialog's default button): it submits, and a wrong PIN is said."""
    w = referee.window
    _locked_table(referee)
    seen = {}

    def enter(dialog) -> None:
        qtbot.keyClick(dialog, Qt.Key.Key_Enter)  # the keypad's Enter
        seen["after enter"] = (dialog.display.text(), dialog.prompt.text())
        qtbot.keyClicks(dialog, "1111")
        qtbot.keyClick(dialog, Qt.Key.Key_Return)
        seen["after wrong"] = (dialog.display.text(), dialog.prompt.text())
        dialog.reject()

    referee.dialogs.on_pin(enter)
    referee.tap(w.nav["lock"])
    assert seen["after enter"] == ("", "Wrong PIN. Try again."), "Enter submitted the empty PIN, typed no 1"
    assert seen["after wrong"] == ("", "Wrong PIN. Try again.")
    assert not referee.controller.referee_mode
    assert not any(k.autoDefault() or k.isDefault() for k in referee.dialogs.seen[0].keys.values())


def test_escape_closes_the_pad_as_cancel(referee, qtbot):
    w = referee.window
    _locked_table(referee)
    seen = {}

    def escape(dialog) -> None:
        qtbot.keyClicks(dialog, "24")
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)
        seen["open"] = dialog.isVisible()

    referee.dialogs.on_pin(escape)
    referee.tap(w.board.seats[1])
    assert seen == {"open": False}
    assert w.pages.currentWidget() is w.board and not referee.controller.referee_mode


def test_the_keys_never_overlap_and_keep_their_place_during_a_lockout(referee, qtbot):
    w = referee.window
    _locked_table(referee)
    seen = {}

    def five_wrong(dialog) -> None:
        before = {k: b.geometry() for k, b in dialog.keys.items()}
        size = dialog.size()
        for _ in range(5):
            qtbot.keyClicks(dialog, "1357")
            qtbot.keyClick(dialog, Qt.Key.Key_Return)
        QApplication.processEvents()
        seen["prompt"] = dialog.prompt.text()
        seen["enabled"] = [b.isEnabled() for b in dialog.keys.values()]
        rects = [b.geometry() for b in dialog.keys.values()]
        seen["overlaps"] = [(i, j) for i in range(12) for j in range(i + 1, 12) if rects[i].intersects(rects[j])]
        seen["moved"] = [k for k, b in dialog.keys.items() if b.geometry() != before[k]]
        seen["resized"] = dialog.size() != size
        seen["prompt fits"] = dialog.prompt.heightForWidth(dialog.prompt.width()) <= dialog.prompt.height()
        qtbot.keyClicks(dialog, "2468")  # typed during the lockout: ignored
        seen["typed"] = dialog.display.text()
        dialog.reject()

    referee.dialogs.on_pin(five_wrong)
    referee.tap(w.nav["lock"])
    assert seen["prompt"] == "Too many wrong PINs: locked for 60 seconds."
    assert not any(seen["enabled"])
    assert seen["overlaps"] == [] and seen["moved"] == [] and not seen["resized"] and seen["prompt fits"]
    assert seen["typed"] == ""
    assert not referee.controller.referee_mode


def test_dialogs_dim_what_is_behind_them(referee):
    w = referee.window
    _locked_table(referee)
    seen = {}

    def look(dialog) -> None:
        veils = [b for b in w.findChildren(Backdrop) if b.isVisible()]
        seen["veils"] = len(veils)
        seen["covers"] = bool(veils) and veils[0].geometry() == w.rect()
        shown = [c for c in w.children() if isinstance(c, QWidget) and c.isVisible()]
        seen["on top"] = bool(veils) and shown[-1] is veils[0]  # above the top bar, the banner and the board
        dialog.reject()

    referee.dialogs.on_pin(look)
    referee.tap(w.board.seats[0])
    assert seen["veils"] == 1 and seen["covers"] and seen["on top"]
    assert not [b for b in w.findChildren(Backdrop) if b.isVisible()], "the veil goes with the dialog"
    referee.riichi(1)
    referee.dialogs.on_undo(look)
    referee.tap(w.nav["undo"])
    assert seen["veils"] == 1 and seen["covers"]


def test_escape_is_back_in_the_shell(referee, qtbot):
    w = referee.window
    referee.setup_table("ema-2016")
    referee.tap(w.nav["history"])
    qtbot.keyClick(w, Qt.Key.Key_Escape)
    assert w.pages.currentWidget() is w.board
    referee.tap(w.nav["results"])
    qtbot.keyClick(w, Qt.Key.Key_Escape)
    assert w.pages.currentWidget() is w.board
    referee.tap(w.board.seats[0])  # the offence palette (no PIN: club night)
    assert w.pages.currentWidget() is w.ruling
    qtbot.keyClick(w, Qt.Key.Key_Escape)
    assert w.pages.currentWidget() is w.board, "Esc leaves the offence palette: nothing recorded"
    assert [e["type"] for e in referee.controller.session.store.table_events(referee.controller.table.table_id)] == [
        "hanchan_start"
    ]


def test_one_riichi_stick_two_riichi_sticks_and_plurals_on_the_board(referee):
    from refapp.app import install_translators

    w = referee.window
    referee.setup_table("ema-2016")
    c = referee.controller
    assert referee.centre() == ("East 1", "0 counters", "0 riichi sticks")
    referee.riichi(0)
    assert w.board.centre.sticks.text() == "1 riichi stick"
    referee.riichi(1)
    assert w.board.centre.sticks.text() == "2 riichi sticks"
    assert c.commit(c.new_event("incident", seat=2, offence="warning", answers={})) is not None
    assert w.board.seats[2].badges.text() == "1 warning"
    install_translators(QApplication.instance(), "fr")
    try:
        QApplication.processEvents()
        assert w.board.centre.sticks.text() == "2 bâtons de riichi"
        assert w.board.centre.counters.text() == "0 compteur"
        assert w.board.seats[2].badges.text() == "1 avertissement"
    finally:
        install_translators(QApplication.instance(), "en")
    assert "(s)" not in w.board.centre.sticks.text() + w.board.centre.counters.text()
