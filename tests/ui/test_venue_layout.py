"""The Tables page (the tables at a glance, the conflicts inbox, the devices, this device) and a board with the
venue's strip fit every screen size the app is checked at, in English and in French (``tests/ui/layout.py``)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QLocale
from PySide6.QtWidgets import QApplication

from refapp.app import build, install_translators
from tests.sync.venue_demo import build_venue
from tests.ui.layout import SIZE_IDS, SIZES, layout_problems

PIN = "2468"


@pytest.fixture(scope="module")
def venue_window(qapp) -> Iterator[tuple[Any, Any]]:
    folder = tempfile.TemporaryDirectory()
    install_translators(qapp, "en")
    controller, window = build(Path(folder.name) / "data", qapp)
    s = window.setup
    s.tournament.setText("Championnat de France de Riichi 2026")
    for edit, name in zip(s.players, ("Émile Zola-Dubois", "Zoé Martin", "Ann Lefèvre", "Daniel Wu"), strict=True):
        edit.setText(name)
    s.ruleset.set_value("ema-2016")
    s.referee.setText("Marie-Hélène Duval")
    s.pin_setup.choice.set_value("pin")
    s.pin_setup.pin.setText(PIN)
    s.pin_setup.pin_again.setText(PIN)
    s.start_hanchan()
    build_venue(controller, Path(folder.name))
    window.show()
    yield controller, window
    window.close()
    window.deleteLater()
    controller.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    controller.session.store.close()
    install_translators(qapp, "en")
    QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedKingdom))
    folder.cleanup()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("tab", ["tables", "players", "player", "conflicts", "devices", "device", "board"])
def test_the_venue_fits(venue_window, qapp, lang, size, tab):
    controller, window = venue_window
    install_translators(qapp, lang)
    window.resize(*size)
    controller.unlock(PIN)
    if tab == "board":
        five = next(c for c in controller.venue.tables() if c.number == 5)  # in conflict, written by another device
        window.open_other_table(five.table_id)
        assert window.table_status.isVisible()
    elif tab == "player":  # one player's incidents
        window.show_tables("players")
        players = window._page("venue").players
        players.show_player("Gaëlle Roux")
        assert len(players.detail.cards) == 2
    else:
        window.show_tables(tab)
    for _ in range(3):
        qapp.processEvents()
    assert layout_problems(window) == []
