"""Issue 14 item 3: a lock model a referee can trust. Setup asks for a PIN or an explicit "No PIN (club night)"; the
tablet returns to table mode by itself after every referee action (at once, or after the chosen time); penalties
and undo ask for the PIN whenever the tablet is locked; a large banner always says which mode it is in."""

from __future__ import annotations

import json

import pytest
from PySide6.QtWidgets import QApplication, QPushButton, QWidget

from refapp.app import install_translators
from refapp.core.modes import Mode

from .conftest import pin_keys, tap

PIN = "2468"


def stored(controller) -> list[dict]:
    return controller.session.store.table_events(controller.table.table_id) if controller.table else []


def _fill_setup(referee) -> None:
    s = referee.window.setup
    referee.type_into(s.tournament, "Paris Riichi Open")
    for edit, name in zip(s.players, ["Ann", "Bob", "Cyd", "Dan"], strict=True):
        referee.type_into(edit, name)
    referee.tap(s.ruleset.buttons["wrc-2015"])
    referee.type_into(s.referee, "Marie")


def _unlock(referee) -> None:
    referee.dialogs.on_pin(lambda d: pin_keys(referee.qtbot, d, PIN))


# -- the PIN question -----------------------------------------------------------------------------------------------


def test_a_hanchan_cannot_start_until_the_pin_question_is_answered(referee):
    w = referee.window
    c = referee.controller
    s = w.setup
    assert c.modes.mode is Mode.UNANSWERED
    assert w.mode_banner.text() == "Unlocked — no referee PIN yet: choose one in Setup"
    _fill_setup(referee)
    ps = s.pin_setup
    assert ps.choice.value() is None, "nothing chosen for the referee"
    assert ps.status.text() == "Choose a referee PIN, or No PIN (club night), before the first hanchan."
    referee.tap(s.start_button)
    assert w.pages.currentWidget() is s and c.state is None
    # said at the field, in the referee's words
    assert ps.error.isVisible() and ps.error.text() == "Choose a referee PIN (4 to 12 digits), or No PIN (club night)."
    # "Referee PIN" chosen but no PIN typed: still refused, at the field
    referee.tap(ps.choice.buttons["pin"])
    referee.tap(s.start_button)
    assert c.state is None and ps.error.isVisible()
    referee.type_into(ps.pin, "12")
    referee.tap(s.start_button)
    assert c.state is None and ps.error.text() == "The PIN must be 4 to 12 digits."
    referee.type_into(ps.pin, PIN)
    referee.type_into(ps.pin_again, PIN)  # typed twice
    referee.tap(s.start_button)
    assert w.pages.currentWidget() is w.board and c.state is not None and c.state.started
    assert not ps.error.isVisible()


def test_no_pin_club_night_is_an_explicit_choice_with_a_visible_unlocked_marker(referee):
    w = referee.window
    c = referee.controller
    _fill_setup(referee)
    referee.tap(w.setup.pin_setup.choice.buttons["none"])
    referee.tap(w.setup.start_button)
    assert c.state.started and c.modes.mode is Mode.NO_PIN
    assert w.mode_banner.isVisible() and w.mode_banner.text() == "Unlocked — no referee PIN (club night)"
    assert w.mode_banner.property("mode") == "no_pin"
    settings = json.loads((referee.data_dir / "settings.json").read_text())
    assert settings["no_pin"] is True and not settings.get("pin_hash")
    # nothing asks for a PIN, and Lock says why it cannot lock
    referee.ruling(1, "warning", {"reason": "conduct"})
    referee.tap(w.ruling.preview_panel.confirm_button)
    assert referee.dialogs.seen == []
    referee.tap(w.nav["lock"])
    assert w.banner.isVisible() and "without a PIN the tablet cannot be locked" in w.banner.text()
    assert c.referee_mode


# -- back to table mode by itself -----------------------------------------------------------------------------------


def test_after_setup_a_ruling_or_a_cancel_the_tablet_is_in_table_mode_again(referee):
    w = referee.window
    c = referee.controller
    referee.setup_table("ema-2016", pin=PIN, referee="Marie")
    assert c.modes.mode is Mode.TABLE, "Setup done: table mode"
    assert w.mode_banner.text() == "Table mode — players enter riichi and hand results"
    assert w.mode_banner.property("mode") == "table"
    # a ruling: the PIN, referee mode while it is made, table mode once confirmed
    _unlock(referee)
    referee.tap(w.board.seats[1])
    assert referee.dialogs.kinds() == ["PinDialog"]
    assert c.modes.mode is Mode.REFEREE and w.mode_banner.text() == "Referee mode — Marie"
    referee.tap(w.ruling.palette_page.buttons["warning"])
    referee.tap(w.ruling.questions.widgets["reason"].buttons["conduct"])
    referee.tap(w.ruling.questions.next_button)
    referee.tap(w.ruling.preview_panel.confirm_button)
    assert w.pages.currentWidget() is w.board and c.modes.mode is Mode.TABLE
    assert w.mode_banner.text() == "Table mode — players enter riichi and hand results"
    # a ruling cancelled: the same
    _unlock(referee)
    referee.tap(w.board.seats[2])
    referee.tap(w.ruling.palette_page.buttons["warning"])
    referee.tap(w.ruling.questions.widgets["reason"].buttons["conduct"])
    referee.tap(w.ruling.questions.next_button)
    referee.tap(w.ruling.preview_panel.cancel_button)
    assert w.pages.currentWidget() is w.board and c.modes.mode is Mode.TABLE
    # Setup, left without starting anything: the same
    _unlock(referee)
    referee.tap(w.nav["setup"])
    assert c.modes.mode is Mode.REFEREE
    referee.tap(w.nav["board"])
    assert c.modes.mode is Mode.TABLE
    assert referee.dialogs.kinds() == ["PinDialog"] * 3


def test_penalties_and_undo_ask_for_the_pin_every_time_by_default(referee):
    w = referee.window
    c = referee.controller
    referee.setup_table("ema-2016", pin=PIN)
    for seat in (0, 1):
        _unlock(referee)
        referee.ruling(seat, "warning", {"reason": "conduct"})
        referee.tap(w.ruling.preview_panel.confirm_button)
    assert referee.dialogs.kinds() == ["PinDialog", "PinDialog"], "each penalty asked for the PIN"
    _unlock(referee)
    referee.dialogs.on_undo(lambda d: tap(referee.qtbot, d.no))  # kept: the referee action is over all the same
    referee.tap(w.nav["undo"])
    assert referee.dialogs.kinds() == ["PinDialog"] * 3 + ["UndoDialog"]
    assert c.modes.mode is Mode.TABLE
    _unlock(referee)
    referee.dialogs.on_undo(lambda d: tap(referee.qtbot, d.yes))
    referee.tap(w.nav["undo"])
    assert stored(c)[-1]["type"] == "void" and c.modes.mode is Mode.TABLE


def test_the_timeout_setting_keeps_referee_mode_for_a_while_then_locks(referee):
    w = referee.window
    c = referee.controller
    referee.setup_table("ema-2016", pin=PIN)
    # the setting, in Setup (behind the PIN)
    _unlock(referee)
    referee.tap(w.nav["setup"])
    referee.tap(w.setup.pin_setup.relock.buttons["300"])
    referee.tap(w.setup.save_button)
    assert json.loads((referee.data_dir / "settings.json").read_text())["relock_after"] == 300
    referee.tap(w.nav["board"])
    assert c.modes.mode is Mode.REFEREE, "five minutes of referee mode after leaving Setup"
    assert c.modes.timer.isActive() and c.modes.timer.interval() == 300_000
    # a second ruling within the five minutes: no PIN asked
    referee.ruling(1, "warning", {"reason": "conduct"})
    referee.tap(w.ruling.preview_panel.confirm_button)
    assert referee.dialogs.kinds() == ["PinDialog"]
    assert c.modes.mode is Mode.REFEREE and c.modes.timer.interval() == 300_000, "the five minutes start again"
    # while a ruling is open the time running out does not pull the tablet from under the referee
    referee.tap(w.board.seats[2])
    c.modes.timer.timeout.emit()
    assert c.modes.mode is Mode.REFEREE and w.pages.currentWidget() is w.ruling
    referee.tap(w.nav["board"])  # the ruling left: a referee action ended (the five minutes start again)
    assert c.modes.mode is Mode.REFEREE and c.modes.timer.isActive()
    # on the board, the five minutes run out: table mode
    c.modes.timer.timeout.emit()
    assert c.modes.mode is Mode.TABLE and w.mode_banner.text().startswith("Table mode")


def test_unlocked_and_left_alone_the_tablet_locks_itself(referee):
    w = referee.window
    c = referee.controller
    referee.setup_table("ema-2016", pin=PIN)
    _unlock(referee)
    referee.tap(w.nav["lock"])  # "Referee"
    assert c.modes.mode is Mode.REFEREE and w.nav["lock"].text() == "Lock"
    assert c.modes.timer.isActive() and c.modes.timer.interval() >= 120_000
    c.modes.timer.timeout.emit()
    assert c.modes.mode is Mode.TABLE and w.nav["lock"].text() == "Referee"


def test_the_pin_is_changed_or_removed_in_referee_mode_only(referee):
    c = referee.controller
    referee.setup_table("ema-2016", pin=PIN)
    with pytest.raises(PermissionError):
        c.modes.choose_pin(None)
    with pytest.raises(PermissionError):
        c.modes.choose_pin("1111")
    assert c.modes.mode is Mode.TABLE


def test_the_banner_in_french_and_back(referee):
    w = referee.window
    referee.setup_table("ema-2016", pin=PIN, referee="Marie")
    app = QApplication.instance()
    install_translators(app, "fr")
    try:
        QApplication.processEvents()
        assert w.mode_banner.text() == "Mode table — les joueurs saisissent riichi et fins de main"
        _unlock(referee)
        referee.tap(w.nav["lock"])
        assert w.mode_banner.text() == "Mode arbitre — Marie"
        assert w.nav["lock"].text() == "Verrouiller"
    finally:
        install_translators(app, "en")
    QApplication.processEvents()
    assert w.mode_banner.text() == "Referee mode — Marie"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("width", [1024, 1280, 1366, 800])
def test_the_pin_question_and_the_screen_choice_fit_setup_at_every_width(referee, qtbot, width, lang):
    """The widgets this helper puts in Setup (the PIN question with its message at the field, the screen choice),
    as wide as Setup's form can be at each window width: nothing of them cut, never wider than the form."""
    from PySide6.QtWidgets import QVBoxLayout

    from refapp.ui.setup.pin_setup import PinSetup
    from refapp.ui.setup.screen_setup import ScreenSetup

    from .layout import layout_problems

    install_translators(QApplication.instance(), lang)
    try:
        host = QWidget()
        qtbot.addWidget(host)
        lay = QVBoxLayout(host)
        pin, screen = PinSetup(referee.controller, host), ScreenSetup(referee.controller, host)
        lay.addWidget(pin)
        lay.addWidget(screen)
        lay.addStretch(1)
        form = width - 16 - 2 * 11 - 18  # the window's margins, the form's, a vertical scroll bar
        assert host.minimumSizeHint().width() <= form, "the widgets would make Setup scroll sideways"
        host.resize(form, 900)
        host.show()
        pin.choice.set_value("pin")
        pin._chosen("pin")
        assert not pin.apply() and pin.error.isVisible()
        QApplication.processEvents()
        assert layout_problems(host) == []
        assert all(b.width() >= 64 and b.height() >= 64 for b in host.findChildren(QPushButton) if b.isVisible())
    finally:
        install_translators(QApplication.instance(), "en")


def test_the_message_at_the_pin_field_follows_the_language(referee):
    w = referee.window
    s = w.setup
    _fill_setup(referee)
    referee.tap(s.start_button)
    assert s.pin_setup.error.text() == "Choose a referee PIN (4 to 12 digits), or No PIN (club night)."
    install_translators(QApplication.instance(), "fr")
    try:
        QApplication.processEvents()
        assert (
            s.pin_setup.error.text() == "Choisissez un code PIN arbitre (4 à 12 chiffres), ou Sans PIN (soirée club)."
        )
        assert s.pin_setup.choice.buttons["none"].text() == "Sans PIN (soirée club)"
    finally:
        install_translators(QApplication.instance(), "en")
