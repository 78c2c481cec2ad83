"""Issue 29 problem 10: Setup's fields as a referee fills them. A new referee PIN is typed twice, masked both times,
so a typo cannot lock the referee out of their own tablet; tapping a field's question puts the cursor in its field;
a field's red mark goes as soon as the field is corrected (not at the next tap on Start); and no rule set is chosen
for the organiser on a first start: the hanchan starts only once one is tapped."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QLineEdit

from refapp.core.modes import Mode

from .conftest import Referee

PIN = "2468"


def _fill(referee: Referee, ruleset: str | None = "wrc-2015") -> None:
    s = referee.window.setup
    referee.type_into(s.tournament, "Paris Riichi Open")
    for edit, name in zip(s.players, ["Ann", "Bob", "Cyd", "Dan"], strict=True):
        referee.type_into(edit, name)
    if ruleset:
        referee.tap(s.ruleset.buttons[ruleset])


def test_a_new_pin_is_typed_twice_masked_and_a_mismatch_is_refused_at_the_second_field(referee):
    w = referee.window
    c = referee.controller
    s = w.setup
    ps = s.pin_setup
    _fill(referee)
    referee.tap(ps.choice.buttons["pin"])
    assert ps.pin.isVisible() and ps.pin_again.isVisible()
    assert ps.again_label.text() == "The same PIN again"
    assert ps.pin.echoMode() is QLineEdit.EchoMode.Password and ps.pin_again.echoMode() is QLineEdit.EchoMode.Password
    referee.type_into(ps.pin, PIN)
    referee.type_into(ps.pin_again, "2486")  # a typo
    referee.tap(s.start_button)
    assert w.pages.currentWidget() is s and c.state is None, "nothing starts with two different PINs"
    assert s.field_errors() == {"pin": "The two PINs differ: type the same PIN in both fields."}
    assert ps.pin_again.property("invalid") and not ps.pin.property("invalid"), "marked where the typo is"
    assert ps.pin_again.hasFocus(), "the cursor is where the PIN must be typed again"
    assert c.modes.mode is Mode.UNANSWERED and not c.modes.has_pin, "no PIN was stored"
    referee.type_into(ps.pin_again, PIN)
    assert not ps.error.isVisible() and not ps.pin_again.property("invalid"), "the mark goes once the PINs agree"
    referee.tap(s.start_button)
    assert w.pages.currentWidget() is w.board and c.state is not None and c.state.started
    assert c.modes.has_pin
    c.lock()
    assert c.unlock("2486") == "wrong", "the typo is not the PIN"
    assert c.unlock(PIN) == "ok", "the PIN typed twice unlocks"


def test_tapping_a_fields_question_puts_the_cursor_in_its_field(referee):
    w = referee.window
    s = w.setup
    ps = s.pin_setup
    w.resize(1024, 768)
    QApplication.processEvents()
    referee.tap(ps.choice.buttons["pin"])
    pairs = [
        (s.table_section.tournament_label, s.tournament),
        (s.players_section.seat_labels[2], s.players[2]),
        (s.tablet_section.referee_label, s.referee),
        (ps.title, ps.pin),  # "Referee PIN"
        (ps.again_label, ps.pin_again),
    ]
    for label, field in pairs:
        w.setFocus()
        assert not field.hasFocus()
        referee.tap(label)
        assert field.hasFocus(), f"a tap on {label.text()!r} does not put the cursor in its field"


def test_a_fields_mark_goes_as_soon_as_it_is_corrected(referee):
    w = referee.window
    s = w.setup
    ps = s.pin_setup
    referee.type_into(s.players[0], "Ann")
    referee.type_into(s.players[1], "Bob")
    referee.type_into(s.players[2], "ann")
    referee.tap(ps.choice.buttons["pin"])
    referee.type_into(ps.pin, "12")
    referee.tap(s.start_button)
    errors = s.field_errors()
    assert set(errors) == {"tournament", "player_2", "player_3", "ruleset"}, errors
    referee.type_into(s.tournament, "Paris Riichi Open")
    assert "tournament" not in s.field_errors(), "the tournament's mark goes as soon as a name is typed"
    referee.type_into(s.players[2], "Cyd")
    assert "player_2" not in s.field_errors() and not s.players[2].property("error")
    assert "player_3" in s.field_errors(), "a field still wrong keeps its mark"
    referee.type_into(s.players[3], "Dan")
    assert "player_3" not in s.field_errors()
    referee.tap(s.ruleset.buttons["ema-2016"])
    assert "ruleset" not in s.field_errors(), "the rule set's mark goes as soon as one is tapped"
    referee.tap(s.start_button)
    assert s.field_errors() == {"pin": "The PIN must be 4 to 12 digits."}
    referee.type_into(ps.pin, PIN)
    assert s.field_errors() == {}, "the PIN's mark goes once it has 4 digits"
    assert not ps.pin.property("invalid")
    referee.type_into(ps.pin_again, PIN)
    referee.tap(s.start_button)
    assert w.pages.currentWidget() is w.board


def test_no_rule_set_is_chosen_for_the_organiser_on_a_first_start(referee):
    w = referee.window
    c = referee.controller
    s = w.setup
    assert s.ruleset.value() is None, "a first start chooses no rule set"
    assert not any(b.isChecked() for b in s.ruleset.buttons.values())
    _fill(referee, ruleset=None)
    referee.tap(s.pin_setup.choice.buttons["none"])
    referee.tap(s.start_button)
    assert w.pages.currentWidget() is s and c.state is None
    assert s.field_errors() == {"ruleset": "Choose the rule set this hanchan is played under."}
    first = s.ruleset_section.first_choice()
    assert first is not None and first.hasFocus(), "the focus is on the rule sets"
    referee.tap(s.ruleset.buttons["ema-2016"])
    referee.tap(s.start_button)
    assert w.pages.currentWidget() is w.board and c.state.ruleset.id == "ema-2016"
    w.show_setup(force=True)
    QApplication.processEvents()
    assert s.ruleset.value() == "ema-2016", "the next hanchan at the table keeps the rule set chosen"
