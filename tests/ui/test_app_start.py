"""The start of the app when something is wrong: every error raised before the window is attached is shown in it,
the board kept from the last run (board.json) never stays on screen with a disabled top bar when the second step
fails, a forged or stale board.json never freezes the start, damaged settings keep the referee PIN and say so, and a
table log opened with ``refapp --log`` that cannot be shown is said in the window (no blocking dialog)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from refapp import app as app_module
from refapp.app import _after_first_frame, _log_window, _start, build, first_frame
from refapp.domain.board import board_facts
from refapp.store.db import StoreError
from refapp.store.opening import open_store
from refapp.store.rulesets import load_catalog
from refapp.store.settings import Settings, has_pin, save_settings, set_pin
from refapp.store.snapshot import SNAPSHOT_FILE, save_snapshot
from refapp.store.tablebook import TableBook
from refapp.ui.common.pin_pad import PinDialog
from refapp.ui.shell.main_window import MainWindow
from tests.logs import ev, start

PLAYERS = ("Ann", "Bob", "Cyd", "Dan")
CLUB = """id = "club-night"
name = "Club night"
version = "1"
extends = "ema-2016"
"""


def table_folder(folder: Path, ruleset: str = "ema-2016", club: bool = False, pin: str = "") -> Path:
    """A data folder with a table in play (a start and a warning), its settings and its kept board."""
    if club:
        (folder / "rulesets").mkdir(parents=True)
        (folder / "rulesets" / "club.toml").write_text(CLUB, encoding="utf-8")
    store = open_store(folder)
    tid = store.create_tournament("Paris Riichi Open")
    table = store.create_table(tid, 1)
    book = TableBook(store, table, load_catalog(folder / "rulesets").rulesets)
    book.commit(start(ruleset, players=PLAYERS))
    book.commit(ev("incident", seat=1, offence="warning"))
    settings = Settings(tournament_id=tid, table_id=table.table_id)
    if pin:
        set_pin(settings, pin)
    save_settings(folder, settings, store)
    save_snapshot(folder, table.table_id, len(book.events), book.events[-1]["id"], 1, board_facts(book.state))
    store.close()
    return folder


def names(window: MainWindow) -> list[str]:
    return [p.name.text() for p in window.board.seats]


@pytest.fixture
def windows(qtbot):
    """Windows built by a test, closed with their stores afterwards."""
    built: list[MainWindow] = []
    yield built
    for w in built:
        c = w.controller
        w.close()
        w.deleteLater()
        if c is not None:
            c.deleteLater()
            c.session.store.close()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def start_app(qtbot, folder: Path, windows: list, started: list | None = None) -> MainWindow:
    said = [] if started is None else started
    window = _start(folder, QApplication.instance(), lambda: said.append("refapp starts"))
    windows.append(window)
    qtbot.addWidget(window)
    window.show()
    return window


def attached_or_failed(window) -> bool:
    return window.controller is not None or getattr(window, "start_problem", None) is not None


# -- errors before the window is attached -------------------------------------------------------------------------


def test_every_error_raised_before_the_window_is_attached_is_shown(qtbot, tmp_path, windows):
    folder = table_folder(tmp_path / "data")
    (folder / "rulesets").mkdir()
    (folder / "rulesets" / "broken.toml").write_text("id = ", encoding="utf-8")
    settings = json.loads((folder / "settings.json").read_text())
    (folder / "settings.json").write_text(json.dumps(dict(settings, table_id="from-another-tablet")))
    controller, window = build(folder, QApplication.instance())
    windows.append(window)
    window.show()
    shown = window.banner.text()
    assert window.banner.isVisible()
    assert "No table with id from-another-tablet" in shown, "the controller's error before attach was lost"
    assert "Rule set skipped" in shown and "broken.toml" in shown


def test_a_removed_club_file_does_not_stop_its_table(qtbot, tmp_path, windows):
    """The hanchan keeps the rule set it started with (its content is stored): the club's file may go."""
    folder = table_folder(tmp_path / "data", ruleset="club-night", club=True)
    (folder / "rulesets" / "club.toml").unlink()
    window = start_app(qtbot, folder, windows)
    qtbot.waitUntil(lambda: attached_or_failed(window), timeout=5000)
    assert window.controller is not None and window.controller.state is not None
    assert names(window) == list(PLAYERS) and window.controller.state.ruleset.id == "club-night"


def test_a_table_that_no_longer_replays_replaces_the_kept_board_and_says_why(qtbot, tmp_path, windows, monkeypatch):
    from refapp.domain.events import LogError

    folder = table_folder(tmp_path / "data")

    def refuse(self):
        raise LogError(1, "offence", "this refapp no longer rules 'warning' under this rule set")

    monkeypatch.setattr(TableBook, "rebuild", refuse)
    window = start_app(qtbot, folder, windows)
    assert window.controller is None and names(window) == list(PLAYERS), "step 1: the kept board"
    qtbot.waitUntil(lambda: attached_or_failed(window), timeout=5000)
    assert window.controller is not None and window.controller.state is None
    assert all(not p.isVisible() for p in window.board.seats), "the kept board is not left on screen"
    assert window.nav["setup"].isEnabled()
    assert window.banner.isVisible() and "no longer rules" in window.banner.text()


# -- the second step fails ------------------------------------------------------------------------------------------


def test_a_store_that_cannot_be_opened_shows_a_page_instead_of_the_kept_board(qtbot, tmp_path, windows, monkeypatch):
    folder = table_folder(tmp_path / "data")
    told = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *a: told.append(a[2]))

    def held(data_dir, **_):
        raise StoreError("Another refapp holds this data folder (process 4242).")

    monkeypatch.setattr("refapp.store.opening.open_store", held)
    window = start_app(qtbot, folder, windows)
    assert names(window) == list(PLAYERS)
    qtbot.waitUntil(lambda: attached_or_failed(window), timeout=5000)
    page = window.start_problem
    assert window.pages.currentWidget() is page and page.isVisible()
    assert told == ["Another refapp holds this data folder (process 4242)."]
    assert not any(b.isVisible() for b in window.nav.values()), "no disabled top bar left as if about to work"
    assert "could not be opened" in page.message.text()


@pytest.mark.parametrize("snapshot", [True, False])
def test_an_unexpected_failure_of_the_start_is_shown_in_the_window(qtbot, tmp_path, windows, monkeypatch, snapshot):
    folder = table_folder(tmp_path / "data")
    if not snapshot:
        (folder / SNAPSHOT_FILE).unlink()

    def broken(*args, **kwargs):
        raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")

    monkeypatch.setattr("refapp.store.rulesets.load_catalog", broken)
    window = start_app(qtbot, folder, windows)
    qtbot.waitUntil(lambda: attached_or_failed(window), timeout=5000)
    page = window.start_problem
    assert window.pages.currentWidget() is page
    assert page.message.text().startswith("UnicodeDecodeError: 'utf-8' codec can't decode")
    assert not any(b.isVisible() for b in window.nav.values())


@pytest.mark.parametrize("snapshot", [True, False])
def test_a_start_is_logged_once_and_a_quick_one_after_its_first_frame(qtbot, tmp_path, windows, snapshot):
    folder = table_folder(tmp_path / "data")
    if not snapshot:
        (folder / SNAPSHOT_FILE).unlink()
    said: list[str] = []
    window = start_app(qtbot, folder, windows, said)
    assert said == ([] if snapshot else ["refapp starts"]), "a quick start logs with its second step"
    qtbot.waitUntil(lambda: window.controller is not None, timeout=5000)
    assert said == ["refapp starts"]
    assert names(window) == list(PLAYERS)


def test_a_start_whose_first_frame_is_never_painted_still_finishes(qtbot):
    window = MainWindow(starting=True)  # never shown: no paint event
    qtbot.addWidget(window)
    calls = []
    _after_first_frame(window, lambda: calls.append(1), fallback_ms=50)
    qtbot.waitUntil(lambda: calls == [1], timeout=2000)
    window.show()
    qtbot.wait(100)
    assert calls == [1], "called once"


# -- forged or stale board.json -------------------------------------------------------------------------------------

FORGED = {
    "seats of the wrong type": {"seats": "x"},
    "five seats": "FIVE",
    "a score as text": "TEXT_SCORE",
    "counters of 10**30": "BIG_COUNTERS",
    "a name that is a list": "LIST_NAME",
    "an unknown wind": "BAD_WIND",
    "a nested extra": "NESTED_EXTRA",
    "NaN overall": "NAN",
}


def forge(facts: dict, how: str):
    seats = facts["seats"]
    if how == "FIVE":
        return dict(facts, seats=seats + seats[:1])
    if how == "TEXT_SCORE":
        return dict(facts, seats=[dict(seats[0], score="25000")] + seats[1:])
    if how == "BIG_COUNTERS":
        return dict(facts, counters=10**30)
    if how == "LIST_NAME":
        return dict(facts, seats=[dict(seats[0], player=["Ann"])] + seats[1:])
    if how == "BAD_WIND":
        return dict(facts, seats=[dict(seats[0], wind="Z")] + seats[1:])
    if how == "NESTED_EXTRA":
        return dict(facts, seats=[dict(seats[0], extra={"x": {"y": 1}})] + seats[1:])
    if how == "NAN":
        return dict(facts, seats=[dict(seats[0], overall=float("nan"))] + seats[1:])
    return how


@pytest.mark.parametrize("case", FORGED)
def test_a_forged_board_json_means_an_ordinary_start(qtbot, tmp_path, windows, case):
    folder = table_folder(tmp_path / "data")
    snap = json.loads((folder / SNAPSHOT_FILE).read_text())
    snap["board"] = forge(snap["board"], FORGED[case])
    (folder / SNAPSHOT_FILE).write_text(json.dumps(snap))
    assert first_frame(folder, QApplication.instance()) is None
    window = start_app(qtbot, folder, windows)
    assert window.controller is not None and names(window) == list(PLAYERS)


def test_a_board_json_the_board_cannot_render_means_an_ordinary_start(qtbot, tmp_path, windows, monkeypatch):
    from refapp.ui.board.view import BoardView

    folder = table_folder(tmp_path / "data")
    real = BoardView.set_facts
    calls = []

    def fragile(self, facts, number=None):
        calls.append(facts)
        if len(calls) == 1:
            raise KeyError("a field the checks did not know")
        return real(self, facts, number)

    monkeypatch.setattr(BoardView, "set_facts", fragile)
    window = start_app(qtbot, folder, windows)
    assert window.controller is not None and names(window) == list(PLAYERS)


def test_a_stale_board_json_with_forged_scores_is_replaced_by_the_stored_table(qtbot, tmp_path, windows):
    folder = table_folder(tmp_path / "data")
    snap = json.loads((folder / SNAPSHOT_FILE).read_text())
    for seat in snap["board"]["seats"]:
        seat["score"] = 99000
    (folder / SNAPSHOT_FILE).write_text(json.dumps(snap))
    window = start_app(qtbot, folder, windows)
    qtbot.waitUntil(lambda: window.controller is not None, timeout=5000)
    assert [p.score.text() for p in window.board.seats] == ["30,000"] * 4


# -- damaged settings ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "damage",
    [b"[" * 100_000, b'{"version": 0}', b"\x00\xff junk", b'{"version": 1, "language": "de", "pin_salt": "zz"}'],
)
def test_damaged_settings_keep_the_pin_lock_the_tablet_and_say_so(qtbot, tmp_path, windows, damage):
    folder = table_folder(tmp_path / "data", pin="2468")
    (folder / "settings.json").write_bytes(damage)
    controller, window = build(folder, QApplication.instance())
    windows.append(window)
    window.show()
    assert has_pin(controller.settings) and controller.referee_mode is False, "the tablet stays locked"
    text = window.banner.text()
    assert "The settings file was damaged" in text and "The referee PIN was kept" in text
    saved = json.loads((folder / "settings.json").read_text())
    assert saved["pin_hash"] == controller.settings.pin_hash, "a good settings file again, with the PIN"


@pytest.mark.parametrize(
    "fields",
    [
        {"pin_locked_until": "soon"},
        {"pin_locked_until": "9999-12-31T23:59:59+00:00"},
        {"pin_lockouts": 10**30, "pin_failures": 4},
        {"pin_salt": "zz"},
    ],
)
def test_bad_lockout_or_salt_values_never_crash_the_pin_pad(qtbot, tmp_path, windows, fields):
    folder = table_folder(tmp_path / "data", pin="2468")
    raw = json.loads((folder / "settings.json").read_text())
    (folder / "settings.json").write_text(json.dumps({**raw, **fields}))
    controller, window = build(folder, QApplication.instance())
    windows.append(window)
    pad = PinDialog(controller, window)
    qtbot.addWidget(pad)
    pad.show()
    for key in "2468":
        pad.press(key)
    if controller.locked_seconds():
        assert controller.locked_seconds() <= 3600 and "locked" in pad.prompt.text()
    else:
        pad.press("OK")
        assert controller.referee_mode is True


# -- refapp --log ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"[" * 100_000, "nested deeper"),
        (b'{"events": [' + b"9" * 5000 + b"]}", "5,000 digits"),
        (b"\xff\xfe", "not UTF-8"),
        (b'{"events": [{"type": "riichi", "id": "x", "at": "2026-11-22T10:00:00Z", "seat": 9}]}', "event 0"),
        (None, "no such file"),
    ],
)
def test_a_table_log_that_cannot_be_shown_is_said_in_the_window(qtbot, tmp_path, monkeypatch, content, words):
    monkeypatch.setattr(QMessageBox, "critical", lambda *a: pytest.fail("a blocking dialog"))
    path = tmp_path / "log.json"
    if content is not None:
        path.write_bytes(content)
    window = _log_window(path, tmp_path)
    qtbot.addWidget(window)
    window.show()
    assert window.banner.isVisible() and words in window.banner.text()
    assert "\n" not in window.banner.text()


def test_display_problem():
    problem = app_module.display_problem
    assert problem({}, "linux").startswith("no display: set DISPLAY, or QT_QPA_PLATFORM=offscreen")
    assert problem({"QT_QPA_PLATFORM": "offscreen"}, "linux") is None
    assert problem({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert problem({"QT_QPA_PLATFORM": "xcb"}, "linux") is not None
    assert "nothing answers at DISPLAY=:987" in problem({"DISPLAY": ":987"}, "linux")
    assert problem({"DISPLAY": "remote.example:10.0"}, "linux") is None  # cannot be told: Qt tries
    assert problem({}, "win32") is None and problem({}, "darwin") is None
