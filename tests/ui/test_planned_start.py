"""The seating plan on the table's tablet: once the hanchan of session 1 is over at table 1, the board shows "Session
2 — Table 1: Anna (East), Bruno (South), Chloé (West), Dan (North)" with one big Start; one tap starts that hanchan
with those players in those seats (session 2, hanchan 2) and the card goes; a change the head referee published
later says what changed at this table; in French too. Setup's typed entry stays (the first hanchan here)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from refapp.app import install_translators
from refapp.domain.seating import SessionSeating
from refapp.store import seating
from refapp.store.players_import import import_players
from refapp.store.roster import RosterEntry

PLAYERS = ["Anna", "Bruno", "Chloé", "Dan", "Eve", "Ann", "Bob", "Cyd"]


@pytest.fixture
def french():
    app = QApplication.instance()
    yield lambda: install_translators(app, "fr")
    install_translators(app, "en")


def publish(controller, session: int, table1: tuple[str, ...], how: str = "made") -> None:
    """The head referee's plan (published on this device here; through the venue's sync in tests/sync)."""
    store = controller.session.store
    tid = controller.table.tournament_id
    import_players(store, controller.table.tournament, [RosterEntry(n) for n in PLAYERS])
    rest = tuple(p for p in PLAYERS if p not in table1)
    seating.publish(store, tid, [SessionSeating(session, (table1, rest))], how, "Head")  # type: ignore[arg-type]


def end_hanchan(referee) -> None:
    c = referee.controller
    c.session.record(c.session.new_event("hanchan_end", reason="time limit"))
    QApplication.processEvents()


def test_the_planned_hanchan_starts_in_one_tap_from_the_board(referee):
    w, c = referee.window, referee.controller
    referee.setup_table("ema-2016")  # session 1, typed in Setup (club nights and what the plan does not cover)
    panel = w.planned.panel
    publish(c, 2, ("Anna", "Bruno", "Chloé", "Dan"))
    w.planned.refresh()  # (what a sync tells)
    assert not panel.isVisible(), "no card while the hanchan is in play"
    end_hanchan(referee)
    assert panel.isVisible()
    assert panel.title.text() == "Session 2 — Table 1: Anna (East), Bruno (South), Chloé (West), Dan (North)"
    assert panel.changes.isHidden()
    assert panel.ruleset.text() == "Rule set: EMA 2016"
    assert panel.start_button.text() == "Start"
    referee.tap(panel.start_button)  # the one tap
    st = c.state
    assert [seat.player for seat in st.seats] == ["Anna", "Bruno", "Chloé", "Dan"]
    assert (st.session, st.hanchan, st.ruleset.id, st.game_over) == (("number", 2), 2, "ema-2016", False)
    assert [p.name.text() for p in w.board.seats] == ["Anna", "Bruno", "Chloé", "Dan"]
    assert not panel.isVisible()
    assert w.pages.currentWidget() is w.board


def test_a_later_change_says_what_changed_at_this_table(referee, french):
    w, c = referee.window, referee.controller
    referee.setup_table("wrc-2015")
    publish(c, 2, ("Anna", "Bruno", "Chloé", "Dan"))
    end_hanchan(referee)
    panel = w.planned.panel
    assert panel.title.text().endswith("Dan (North)")
    publish(c, 2, ("Bruno", "Anna", "Chloé", "Eve"), how="changed")  # arrives while the card is on the screen
    referee.tap(panel.start_button)  # the tap first shows the change: nothing is started with the old seats
    assert c.state.game_over and c.state.hanchan == 1
    assert panel.title.text() == "Session 2 — Table 1: Bruno (East), Anna (South), Chloé (West), Eve (North)"
    assert panel.changes.isVisible()
    assert panel.changes.text() == (
        "Changed by the head referee: Bruno now East (was South); Anna now South (was East); Eve joins (North); "
        "Dan leaves this table."
    )
    french()
    QApplication.processEvents()
    assert panel.title.text() == "Session 2 — Table 1\u00a0: Bruno (Est), Anna (Sud), Chloé (Ouest), Eve (Nord)"
    assert panel.changes.text() == (
        "Modifié par l’arbitre principal\u00a0: Bruno désormais Est (avant Sud)\u00a0; Anna désormais Sud (avant Est)"
        "\u00a0; Eve arrive (Nord)\u00a0; Dan quitte cette table."
    )
    assert panel.start_button.text() == "Commencer"
