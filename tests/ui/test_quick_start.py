"""A start paints the board kept from the last run first, then loads everything and attaches the controller.

The kept board (``board.json``, refapp.store.snapshot) is a cache: it is used only for the table the settings open
and only while that table's stored events are exactly the ones it was taken after; the first step of a start loads
no pydantic and no domain model (checked in a fresh interpreter).
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication

from refapp.app import build, first_frame
from refapp.store.snapshot import SNAPSHOT_FILE, quick_start
from tests.ui.conftest import PLAYERS


def _board(window) -> list:
    b = window.board
    seats = [(p.wind.text(), p.name.text(), p.score.text(), p.overall.text(), p.badges.text()) for p in b.seats]
    c = b.centre
    return [seats, c.round.text(), c.counters.text(), c.sticks.text(), c.ruleset.text()]


def _stop(referee) -> None:
    """The app of the fixture quits (its window is deleted by the fixture afterwards)."""
    referee.window.close()
    referee.controller.session.store.close()


def _close(controller, window) -> None:
    window.close()
    window.deleteLater()
    controller.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    controller.session.store.close()


def _play_some(referee) -> None:
    """A table with something on every part of the board: a stick, a counter, a warning, a dead hand."""
    referee.setup_table("ema-2016")
    referee.riichi(2)
    entry = referee.open_hand_result()
    referee.tap(entry.kind.buttons["tsumo"])
    referee.tap(entry.seat_toggles[0])  # the dealer wins: a counter
    ed = entry.editors[0]
    referee.tap(ed.mode.buttons["limit"])
    referee.tap(ed.limit.buttons["mangan"])
    referee.preview_hand()
    referee.confirm_hand()
    referee.riichi(1)
    referee.ruling(0, "warning", {"reason": "conduct"})
    referee.tap(referee.window.ruling.preview_panel.confirm_button)
    referee.ruling(3, "dead_hand", {"cause": "other"})
    referee.tap(referee.window.ruling.preview_panel.confirm_button)
    assert referee.centre() == ("East 1", "1 counter", "1 riichi stick")
    assert "DEAD HAND" in referee.window.board.seats[3].badges.text()


def test_the_first_frame_shows_the_board_as_last_stored_then_the_app_attaches(qtbot, referee):
    _play_some(referee)
    shown = _board(referee.window)
    data = referee.data_dir
    assert (data / SNAPSHOT_FILE).exists()
    fixture_app = (referee.controller, referee.window)
    _stop(referee)

    # step 1: the board from the snapshot, nothing else loaded, the top bar disabled
    first = first_frame(data, QApplication.instance())
    assert first is not None
    qtbot.addWidget(first)
    first.show()
    assert _board(first) == shown
    assert first.controller is None and not any(b.isEnabled() for b in first.nav.values())

    # step 2: the store, the rule sets, the replay; the same window, now the app
    controller2, same = build(data, QApplication.instance(), first)
    assert same is first and controller2 is not None
    assert _board(first) == shown
    assert first.nav["board"].isEnabled() and first.nav["history"].isEnabled()
    referee.controller, referee.window = controller2, first
    try:
        referee.ruling(
            1, "warning", {"reason": "conduct"}
        )  # it works as the app: a ruling through the attached controller
        referee.tap(first.ruling.preview_panel.confirm_button)
        assert "1 warning" in first.board.seats[1].badges.text()
    finally:
        _close(controller2, first)
        referee.controller, referee.window = fixture_app


def test_the_snapshot_is_used_only_while_it_matches_the_stored_table(qtbot, referee):
    referee.setup_table("wrc-2015")
    data = referee.data_dir
    controller = referee.controller
    table_id = controller.table.table_id
    assert quick_start(data) is not None
    _stop(referee)

    # an event stored by another way (an import, another version of the app): the snapshot is stale
    conn = sqlite3.connect(data / "refapp.sqlite3")
    (count,) = conn.execute("SELECT count(*) FROM events WHERE table_id = ?", (table_id,)).fetchone()
    conn.close()
    snap = json.loads((data / SNAPSHOT_FILE).read_text(encoding="utf-8"))
    assert snap["events"] == count
    snap["events"] = count - 1
    (data / SNAPSHOT_FILE).write_text(json.dumps(snap), encoding="utf-8")
    assert quick_start(data) is None
    snap["events"], snap["last_event"] = count, "not-the-last-one"
    (data / SNAPSHOT_FILE).write_text(json.dumps(snap), encoding="utf-8")
    assert quick_start(data) is None

    # another table opened by the settings, a damaged snapshot, unusable settings: the ordinary start
    good = dict(snap, last_event=_last_event(data, table_id))
    (data / SNAPSHOT_FILE).write_text(json.dumps(good), encoding="utf-8")
    assert quick_start(data) is not None
    (data / SNAPSHOT_FILE).write_text(json.dumps(dict(good, table_id="another")), encoding="utf-8")
    assert quick_start(data) is None
    (data / SNAPSHOT_FILE).write_text('{"table_id": ', encoding="utf-8")
    assert quick_start(data) is None
    (data / SNAPSHOT_FILE).write_text(json.dumps(good), encoding="utf-8")
    settings = json.loads((data / "settings.json").read_text(encoding="utf-8"))
    # (any language code is a language, "de" too: English is shown while it has no translation file)
    (data / "settings.json").write_text(json.dumps(dict(settings, language="Deutsch!")), encoding="utf-8")
    assert quick_start(data) is None
    assert first_frame(data, QApplication.instance()) is None


def _last_event(data, table_id: str) -> str:
    conn = sqlite3.connect(data / "refapp.sqlite3")
    try:
        return conn.execute(
            "SELECT uuid FROM events WHERE table_id = ? ORDER BY seq DESC LIMIT 1", (table_id,)
        ).fetchone()[0]
    finally:
        conn.close()


def test_a_fresh_folder_has_no_snapshot_and_starts_the_ordinary_way(tmp_path):
    assert quick_start(tmp_path) is None
    assert first_frame(tmp_path, QApplication.instance()) is None


def test_the_first_step_loads_no_pydantic_nor_domain_model():
    code = (
        "import json, sys\n"
        "import refapp.app, refapp.cli, refapp.store.snapshot, refapp.ui.shell.main_window, refapp.ui.common.theme\n"
        "print(json.dumps(sorted(k for k in sys.modules if k.split('.')[0] in ('pydantic', 'mahjong')\n"
        "    or k in ('refapp.domain.ledger', 'refapp.domain.table', 'refapp.domain.effects', 'refapp.domain.ledger_json',"
        " 'refapp.domain.events', 'refapp.domain.rules'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert json.loads(out) == []


def test_players_names_on_the_first_frame_are_the_stored_ones(qtbot, referee):
    referee.setup_table("ema-2016", players=PLAYERS)
    data = referee.data_dir
    _stop(referee)
    first = first_frame(data, QApplication.instance())
    qtbot.addWidget(first)
    assert [p.name.text() for p in first.board.seats] == list(PLAYERS)
    assert first.board.centre.ruleset.text() == "Table 1 · hanchan 1 · EMA 2016"
