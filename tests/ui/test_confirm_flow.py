"""Issue 31 part 5 on the screen: with the tournament's setting on (Setup), a hand result entered at the table in
table mode waits for another player's tap. The bar names who may confirm (the players the result does not name), the
table's next riichi and hand result wait for it, the Tables page flags the table, and a referee may confirm on the
players' behalf (PIN)."""

from __future__ import annotations

import json

from PySide6.QtWidgets import QApplication

from refapp.core.modes import Mode
from refapp.store import confirmations

from .conftest import pin_keys

PIN = "2468"


def _stored(c, kind: str) -> list[dict]:
    rows = c.session.store.conn.execute("SELECT payload FROM events WHERE type = ? ORDER BY seq", (kind,)).fetchall()
    return [json.loads(r[0]) for r in rows]


def _pin(referee) -> None:
    referee.dialogs.on_pin(lambda d: pin_keys(referee.qtbot, d, PIN))


def _ron_bob_from_cyd(referee) -> None:
    entry = referee.open_hand_result()
    referee.tap(entry.seat_toggles[1])
    referee.tap(entry.discarder.buttons["2"])
    ed = entry.editors[1]
    referee.answer(ed.han, 3)
    referee.tap(ed.fu.buttons["40"])
    referee.preview_hand()
    referee.confirm_hand()


def _turn_on_in_setup(referee) -> None:
    w = referee.window
    _pin(referee)
    referee.tap(w.nav["setup"])
    s = w.setup
    assert s.confirm_results.value() == "off", "off by default"
    assert s.confirm_label.text() == (
        "Hand results entered at the table are confirmed by an opponent (the whole tournament)"
    )
    referee.tap(s.confirm_results.buttons["on"])
    referee.tap(s.save_button)
    assert referee.controller.confirm_rule()
    referee.tap(w.nav["board"])
    assert referee.controller.modes.mode is Mode.TABLE


def _card(referee):
    w = referee.window
    _pin(referee)
    referee.tap(w.nav["setup"])
    referee.tap(w.setup.venue_button)
    page = w._page("venue")
    referee.tap(page.tabs.buttons["tables"])
    return page.tables.cards[referee.controller.table.table_id]


def test_off_by_default_a_result_waits_for_nobody(referee):
    w = referee.window
    referee.setup_table("ema-2016", pin=PIN)
    _ron_bob_from_cyd(referee)
    assert not w.confirm_bar.isVisible()
    referee.riichi(0)
    assert [e["type"] for e in referee.controller.session.events()][-1] == "riichi"


def test_a_table_result_waits_for_an_opponents_tap(referee):
    w, c = referee.window, referee.controller
    referee.setup_table("ema-2016", pin=PIN, referee="Sylvie")
    _turn_on_in_setup(referee)
    _ron_bob_from_cyd(referee)
    scores = referee.scores()

    bar = w.confirm_bar
    assert bar.isVisible()
    assert bar.message.text() == ("Waiting for a confirmation by another player: Ron: Bob from Cyd, 3 han 40 fu")
    shown = [b.text() for b in bar.seat_buttons if b.isVisible()]
    assert shown == ["Ann confirms", "Dan confirms"], "not the winner (Bob), not the discarder (Cyd)"
    assert bar.referee_button.text() == "Referee confirms (PIN)"
    # the next hand waits: Hand result is off, a riichi is refused and said, nothing stored
    assert not w.nav["hand"].isEnabled()
    n = len(c.session.events())
    referee.riichi(0)
    assert len(c.session.events()) == n and referee.scores() == scores
    assert w.banner.isVisible()
    assert w.banner.text() == (
        "Nothing was recorded: the last hand result waits for a confirmation by Ann, Dan (or a referee)."
    )
    # the head referee's card of this table is flagged (the Tables page)
    card = _card(referee)
    flag = card.flags["unconfirmed"]
    assert flag.isVisible() and flag.text().startswith("Result not confirmed (")
    referee.tap(w.nav["board"])

    # Dan taps his name: no PIN, the bar goes, the next hand goes on
    seen = len(referee.dialogs.seen)
    referee.tap(bar.seat_buttons[3])
    assert len(referee.dialogs.seen) == seen
    assert not bar.isVisible() and w.nav["hand"].isEnabled()
    (done,) = _stored(c, "confirm")
    assert (done["seat"], done["by"], done["event"]) == (3, "table", c.session.events()[-1]["id"])
    assert confirmations.waiting(c.session.store, c.table.tournament_id) == {}
    referee.riichi(0)
    assert c.session.events()[-1]["type"] == "riichi"
    card = _card(referee)
    assert "unconfirmed" not in card.flags or not card.flags["unconfirmed"].isVisible()


def test_a_referee_confirms_on_the_players_behalf(referee):
    w, c = referee.window, referee.controller
    referee.setup_table("ema-2016", pin=PIN, referee="Sylvie")
    _turn_on_in_setup(referee)
    _ron_bob_from_cyd(referee)
    bar = w.confirm_bar
    # a wrong PIN confirms nothing
    referee.dialogs.on_pin(lambda d: pin_keys(referee.qtbot, d, "1111"))
    referee.tap(bar.referee_button)
    assert bar.isVisible() and _stored(c, "confirm") == []
    _pin(referee)
    referee.tap(bar.referee_button)
    assert not bar.isVisible()
    (done,) = _stored(c, "confirm")
    assert (done["seat"], done["by"]) == (None, "Sylvie")
    assert c.modes.mode is Mode.TABLE, "a referee action: back to table mode"


def test_the_bar_in_french(referee):
    from refapp.app import install_translators

    w = referee.window
    referee.setup_table("ema-2016", pin=PIN)
    _turn_on_in_setup(referee)
    _ron_bob_from_cyd(referee)
    install_translators(QApplication.instance(), "fr")
    try:
        QApplication.processEvents()
        bar = w.confirm_bar
        assert bar.message.text().startswith("En attente de la confirmation d’un autre joueur")
        assert [b.text() for b in bar.seat_buttons if b.isVisible()] == ["Ann confirme", "Dan confirme"]
        assert bar.referee_button.text() == "L’arbitre confirme (code PIN)"
    finally:
        install_translators(QApplication.instance(), "en")
