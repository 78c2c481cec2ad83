"""Issue 29, problem 4, in the core: in table mode the tablet stays on its table; another table opens in referee mode
only (the app asks the PIN first)."""

from __future__ import annotations

import pytest

from refapp.core.errors import RefereeOnlyTable
from refapp.core.modes import Mode

from .conftest import request

PIN = "2468"


def test_another_table_opens_in_referee_mode_only(session):
    session.setup.start_hanchan(request(1, ("Ann", "Bob", "Cyd", "Dan"), "ema-2016"))
    session.setup.start_hanchan(request(2, ("Eve", "Fay", "Gus", "Hal"), "ema-2016"))
    cards = {c.number: c.table_id for c in session.venue.tables()}
    session.settings.no_pin = False
    session.lock.choose_pin(PIN)
    session.lock.lock()
    assert session.lock.mode is Mode.TABLE and session.table.number == 2
    with pytest.raises(RefereeOnlyTable):
        session.venue.open_table(cards[1])
    assert session.table.number == 2 and session.settings.table_id == cards[2]  # nothing changed, nothing saved
    assert [s.player for s in session.state.seats] == ["Eve", "Fay", "Gus", "Hal"]
    session.venue.open_table(cards[2])  # its own table: shown again, no PIN needed
    assert session.table.number == 2
    assert session.lock.unlock(PIN) == "ok"
    session.venue.open_table(cards[1])
    assert session.table.number == 1 and session.settings.table_id == cards[1]
    assert [s.player for s in session.state.seats] == ["Ann", "Bob", "Cyd", "Dan"]
