"""Issue 29, problem 4: a locked tablet stays on its table. In table mode, Tables → another table's card asks the
referee's PIN; without it the board keeps its table (and the players cannot enter results at the other one); with
it, the other table opens and the tablet is in table mode again."""

from __future__ import annotations

from refapp.core.modes import Mode
from tests.ui.conftest import pin_keys

PIN = "2468"


def _two_tables(referee) -> None:
    """Table 1 (Ann, Bob, Cyd, Dan) then table 2 (Eve, Fay, Gus, Hal) of one tournament, set up on this tablet with
    a PIN: table 2 is on the board, locked."""
    referee.setup_table("ema-2016", pin=PIN, referee="Marie")
    w, s = referee.window, referee.window.setup
    referee.dialogs.on_pin(lambda d: pin_keys(referee.qtbot, d, PIN))
    referee.tap(w.nav["setup"])
    referee.tap(s.table_number.plus)
    for edit, name in zip(s.players, ("Eve", "Fay", "Gus", "Hal"), strict=True):
        referee.type_into(edit, name)
    referee.tap(s.start_button)
    assert w.pages.currentWidget() is w.board, s.message.text()


def _card(referee, number: int):
    w = referee.window
    assert w.nav["tables"].isVisible()  # two tables on this device: the switcher is offered
    referee.tap(w.nav["tables"])
    page = w._page("venue")
    table_id = next(c.table_id for c in referee.controller.venue.tables() if c.number == number)
    return page.tables.cards[table_id]


def test_a_locked_tablet_asks_the_pin_before_showing_another_table(referee):
    _two_tables(referee)
    w, c = referee.window, referee.controller
    assert c.modes.mode is Mode.TABLE and c.table.number == 2
    assert [p.name.text() for p in w.board.seats] == ["Eve", "Fay", "Gus", "Hal"]
    seen = len(referee.dialogs.seen)
    # the players tap table 1's card and do not know the PIN (the pad is cancelled)
    referee.tap(_card(referee, 1))
    assert referee.dialogs.kinds()[seen:] == ["PinDialog"]  # the PIN is asked
    assert c.table.number == 2 and c.settings.table_id == c.table.table_id  # the tablet stays on table 2
    assert c.modes.mode is Mode.TABLE
    assert w.pages.currentWidget() is w._page("venue")  # still on the Tables page, nothing else opened
    referee.tap(w.nav["board"])
    assert [p.name.text() for p in w.board.seats] == ["Eve", "Fay", "Gus", "Hal"]
    assert w.board.centre.ruleset.text().startswith("Table 2 · hanchan 1")
    # a riichi entered now is table 2's: table 1 got nothing
    t1 = next(t for t in c.venue.tables() if t.number == 1)
    before = t1.last_at, t1.last_type
    referee.riichi(0)
    t1 = next(t for t in c.venue.tables() if t.number == 1)
    assert (t1.last_at, t1.last_type) == before
    assert c.state.seats[0].riichi
    # with the PIN, table 1 opens, and the tablet is locked again (a referee action is over)
    referee.dialogs.on_pin(lambda d: pin_keys(referee.qtbot, d, PIN))
    referee.tap(_card(referee, 1))
    assert referee.dialogs.kinds()[seen:] == ["PinDialog", "PinDialog"]
    assert c.table.number == 1 and w.pages.currentWidget() is w.board
    assert [p.name.text() for p in w.board.seats] == ["Ann", "Bob", "Cyd", "Dan"]
    assert w.board.centre.ruleset.text().startswith("Table 1 · hanchan 1")
    assert c.modes.mode is Mode.TABLE
    # the open table's own card asks nothing: it only shows the board
    referee.tap(_card(referee, 1))
    assert referee.dialogs.kinds()[seen:] == ["PinDialog", "PinDialog"]
    assert c.table.number == 1 and w.pages.currentWidget() is w.board


def test_in_referee_mode_the_switcher_asks_nothing_and_relocks_after(referee):
    _two_tables(referee)
    w, c = referee.window, referee.controller
    referee.dialogs.on_pin(lambda d: pin_keys(referee.qtbot, d, PIN))
    referee.tap(w.nav["lock"])  # "Referee": unlocked with the PIN
    assert c.modes.mode is Mode.REFEREE
    seen = len(referee.dialogs.seen)
    referee.tap(_card(referee, 1))
    assert referee.dialogs.kinds()[seen:] == []
    assert c.table.number == 1 and w.pages.currentWidget() is w.board
    assert c.modes.mode is Mode.TABLE  # changing tables is a referee action: table mode again at once (default)
