"""Calling the referee from the table, driven as on the tablet: the players tap **Call the referee** (no PIN), the
board says "Referee called at 10:42" until a referee answers (Answered with the PIN, or a ruling at that table);
the call is kept in the store (a bundle carries it to the head referee's device; verify stays ok)."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from PySide6.QtWidgets import QApplication

from refapp.app import install_translators
from refapp.core.modes import Mode
from refapp.store import bundle, calls
from refapp.store.db import Store
from refapp.store.opening import open_store
from refapp.store.verify import verify
from tests.logs import rulesets
from tests.ui.conftest import T0, pin_keys
from tests.ui.layout import SIZES, layout_problems

PIN = "2468"


def _hhmm(minutes: int) -> str:
    """The clock's time ``minutes`` after the test's start, as the tablet shows it (local time)."""
    return (T0 + timedelta(minutes=minutes)).astimezone().strftime("%H:%M")


def _stored(store: Store, kind: str) -> list[dict]:
    return [json.loads(p) for (p,) in store.conn.execute("SELECT payload FROM events WHERE type = ?", (kind,))]


def _px(label) -> int:
    return label.fontInfo().pixelSize()


def test_tap_shown_answered_gone(referee, qtbot, tmp_path):
    referee.setup_table("ema-2016", pin=PIN, referee="Sylvie")
    w, c, dialogs = referee.window, referee.controller, referee.dialogs
    w.resize(1280, 800)
    QApplication.processEvents()
    panel = w.board.call
    assert c.modes.mode is Mode.TABLE
    assert panel.isVisible() and not panel.is_called()
    assert panel.call_button.text() == "Call the referee"

    referee.clock.advance(42 * 60)
    seen = len(dialogs.seen)
    referee.tap(panel.call_button)
    assert len(dialogs.seen) == seen  # the players call: no PIN pad
    assert panel.is_called() and not panel.call_button.isVisible()
    assert panel.message.text() == f"Referee called at {_hhmm(42)}"
    assert panel.answer_button.text() == "Answered (referee PIN)"
    assert _px(panel.message) >= 40  # read across the table at 1280×800
    (call,) = _stored(c.session.store, "call")
    assert (call["by"], call["table"], call["after"]) == ("table", c.table.table_id, c.session.book.last_id)

    # shown until answered: an entry of the players does not answer it, nor does the board drawn again
    referee.riichi(0)
    assert panel.is_called()
    w.resize(800, 1280)  # a portrait tablet: still there, still large
    QApplication.processEvents()
    assert panel.is_called() and _px(panel.message) >= 28

    # the call survives a bundle to the head referee's device, and verify stays ok on both
    head = open_store(tmp_path / "head")
    try:
        bundle.import_bundle(head, json.loads(bundle.dumps(bundle.export_bundle(c.session.store))), rulesets=rulesets(),
                             accept_devices={c.session.store.device_id})  # fmt: skip
        found = calls.calls(head, c.table.tournament_id)
        assert [(o.table, o.since) for o in found.values()] == [(c.table.number, call["at"])]
        assert verify(head, rulesets()).ok
    finally:
        head.close()

    # Answered needs a referee: a wrong PIN answers nothing
    dialogs.on_pin(lambda d: pin_keys(qtbot, d, "1111"))
    referee.tap(panel.answer_button)
    assert panel.is_called() and _stored(c.session.store, "call_answered") == []
    dialogs.on_pin(lambda d: pin_keys(qtbot, d, PIN))
    referee.tap(panel.answer_button)
    assert not panel.is_called() and panel.call_button.isVisible()
    (answer,) = _stored(c.session.store, "call_answered")
    assert (answer["by"], answer["call"]) == ("Sylvie", call["id"])
    assert c.modes.mode is Mode.TABLE  # a referee action: back to table mode
    assert calls.calls(c.session.store, c.table.tournament_id) == {}
    report = verify(c.session.store, rulesets())
    assert report.ok, report.message()


def test_a_ruling_at_the_table_after_the_call_answers_it(referee, qtbot):
    referee.setup_table("ema-2016", pin=PIN)
    w, dialogs = referee.window, referee.dialogs
    panel = w.board.call
    referee.tap(panel.call_button)
    assert panel.is_called()
    dialogs.on_pin(lambda d: pin_keys(qtbot, d, PIN))  # the referee came: a ruling on Bob
    referee.ruling(1, "warning", {"reason": "conduct"})
    referee.tap(w.ruling.preview_panel.confirm_button)
    assert w.pages.currentWidget() is w.board
    assert not panel.is_called() and panel.call_button.isVisible()
    assert _stored(referee.controller.session.store, "call_answered") == []  # the ruling answered it


def test_in_referee_mode_only_an_open_call_is_shown_and_answered_without_the_pin(referee):
    referee.setup_table("ema-2016", pin=PIN)
    w, c = referee.window, referee.controller
    panel = w.board.call
    assert c.unlock(PIN) == "ok"
    QApplication.processEvents()
    assert not panel.isVisible()  # the referee is at the table: no call button in referee mode
    c.lock()
    QApplication.processEvents()
    referee.tap(panel.call_button)
    assert c.unlock(PIN) == "ok"
    QApplication.processEvents()
    assert panel.is_called() and panel.answer_button.text() == "Answered"  # an open call is shown all the same
    seen = len(referee.dialogs.seen)
    referee.tap(panel.answer_button)
    assert len(referee.dialogs.seen) == seen  # unlocked: no PIN pad
    assert c.modes.mode is Mode.TABLE  # a referee action: back to table mode at once (the default)
    assert panel.isVisible() and not panel.is_called()


def test_club_night_without_a_pin_and_in_french(referee):
    referee.setup_table("sg-league")  # No PIN (club night)
    w, c = referee.window, referee.controller
    assert c.modes.mode is Mode.NO_PIN
    panel = w.board.call
    app = QApplication.instance()
    install_translators(app, "fr")
    try:
        QApplication.processEvents()
        assert panel.call_button.text() == "Appeler l'arbitre"
        referee.tap(panel.call_button)
        assert panel.message.text() == f"Arbitre appelé à {_hhmm(0)}"
        assert panel.answer_button.text() == "Appel traité"
        referee.tap(panel.answer_button)
        assert not panel.is_called()
        (call,) = _stored(c.session.store, "call")
        assert call["by"] == "Sylvie"  # an unlocked tablet: the referee's name
    finally:
        install_translators(app, "en")


def test_no_table_no_call(referee):
    w = referee.window
    assert referee.controller.table is None
    assert not w.board.call.isVisible()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_call_fits_at_every_size_in_both_languages(referee, lang):
    referee.setup_table("ema-2016", pin=PIN)
    w = referee.window
    panel = w.board.call
    app = QApplication.instance()
    install_translators(app, lang)
    try:
        for called in (False, True):
            if called:
                referee.tap(panel.call_button)
            for size in SIZES:
                w.resize(*size)
                QApplication.processEvents()
                assert panel.is_called() is called
                problems = [p for p in layout_problems(w) if "call" in p.lower() or "referee" in p.lower()]
                assert problems == [], (size, problems)
                assert _px(panel.message if called else panel.call_button.label) >= 28, size
    finally:
        install_translators(app, "en")
