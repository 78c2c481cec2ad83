"""Fixtures for the end-to-end UI flows: the real app over a fresh data folder, driven by taps.

``app_window`` builds the controller and the main window exactly as ``refapp`` does (``refapp.app.build``) over a
fresh ``tmp_path``, shows the window and closes the store afterwards. ``Referee`` is a small driver that taps the
widgets a referee would tap (``qtbot.mouseClick``) and reads back what the screen shows. ``dialogs`` replaces the
``exec()`` of the modal dialogs (PIN pad, undo confirmation) with a scripted finger: each queued script taps the
dialog's buttons, and every dialog that opened is recorded, so a test can also assert that none did.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QLocale, QPoint, Qt
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QPushButton, QScrollArea, QWidget

from refapp.app import build
from refapp.ui.common.pin_pad import PinDialog
from refapp.ui.setup.start_check import StartCheckDialog
from refapp.ui.shell.main_window import MainWindow
from refapp.ui.shell.undo_dialog import UndoDialog

# Qt's offscreen platform has one 800×800 virtual screen, smaller than the window (1024×768 by default). A test
# press at a point off that screen is swallowed by the kinetic scrollers' flick gesture (it looks the press target up
# by screen position), so taps on the right-hand column of a scroll area silently miss. Give the platform a screen of
# a real tablet's size instead, before the first QApplication is created (pytest-qt creates it at the first test).
SCREEN = {"name": "tablet", "x": 0, "y": 0, "width": 1920, "height": 1200, "logicalDpi": 96, "dpr": 1}


def offscreen_platform(screen: dict = SCREEN) -> str:
    path = os.path.join(tempfile.gettempdir(), f"refapp-offscreen-{screen['width']}x{screen['height']}.json")
    with open(path, "w", encoding="utf-8") as fh:
        json.dump({"screens": [screen]}, fh)
    return f"offscreen:configfile={path}"


if os.environ.get("QT_QPA_PLATFORM") == "offscreen" and QApplication.instance() is None:
    os.environ["QT_QPA_PLATFORM"] = offscreen_platform()

PLAYERS = ("Ann", "Bob", "Cyd", "Dan")
T0 = datetime(2026, 11, 22, 10, 0, 0, tzinfo=UTC)


class FakeClock:
    """The controller's clock, moved by hand (PIN lockouts, event times)."""

    def __init__(self, start: datetime = T0):
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@dataclass
class Dialogs:
    """Scripted answers to the modal dialogs. ``seen`` lists every dialog that opened, in order."""

    qtbot: Any
    scripts: dict[type, list[Callable[[QDialog], None]]] = field(
        default_factory=lambda: {PinDialog: [], UndoDialog: [], StartCheckDialog: []}
    )
    seen: list[QDialog] = field(default_factory=list)

    def on_pin(self, *scripts: Callable[[QDialog], None]) -> None:
        self.scripts[PinDialog].extend(scripts)

    def on_undo(self, *scripts: Callable[[QDialog], None]) -> None:
        self.scripts[UndoDialog].extend(scripts)

    def on_start_check(self, *scripts: Callable[[QDialog], None]) -> None:
        """Setup's confirmation before a hanchan starts (another rule set, a player in play elsewhere)."""
        self.scripts[StartCheckDialog].extend(scripts)

    def kinds(self) -> list[str]:
        return [type(d).__name__ for d in self.seen]

    def run(self, cls: type, dialog: QDialog) -> int:
        self.seen.append(dialog)
        dialog.show()
        QApplication.processEvents()
        queue = self.scripts[cls]
        if queue:
            queue.pop(0)(dialog)
        else:  # nobody expected this dialog: the finger taps Cancel / Keep it
            dialog.reject()
        if dialog.isVisible():  # the script left it open: as if the referee closed it
            dialog.reject()
        return dialog.result()


def scroll_to(widget: QWidget) -> None:
    """Scroll every scroll area holding ``widget`` so that it is on screen, as a finger would swipe to it: once the
    screen has settled (the layouts a language switch or a changed text left pending are done first: a finger swipes
    to where the widget is shown, not to where it was a moment before)."""
    for _ in range(3):
        QApplication.processEvents()
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QScrollArea):
            parent.ensureWidgetVisible(widget, 8, 8)
        parent = parent.parentWidget()
    QApplication.processEvents()


def tap(qtbot, widget: QWidget) -> None:
    """A finger tap (mouse emulation) in the middle of ``widget``, once it is scrolled into view.

    Qt 6 delivers a test click through the window at the widget's position, so, as with a finger, a button scrolled
    out of sight cannot be hit: scroll first, and fail loudly if its middle is still hidden (a tap on a button showing
    only its edge would land on whatever is beside it)."""
    scroll_to(widget)
    if not widget.visibleRegion().contains(widget.rect().center()):  # the page was still being laid out: again
        scroll_to(widget)
    centre = widget.rect().center()
    assert widget.visibleRegion().contains(centre), f"{widget.objectName() or widget.text()!r} is not on screen"
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=centre)


def pin_keys(qtbot, dialog: PinDialog, pin: str, ok: bool = True) -> None:
    for digit in pin:
        tap(qtbot, dialog.keys[digit])
    if ok:
        tap(qtbot, dialog.keys["OK"])


@dataclass
class Referee:
    """Drives the main window as a referee would; reads the screen back."""

    qtbot: Any
    controller: Any
    window: MainWindow
    data_dir: Path
    dialogs: Dialogs
    clock: FakeClock

    # -- taps -------------------------------------------------------------------------------------------------

    def tap(self, widget: QWidget) -> None:
        tap(self.qtbot, widget)
        QApplication.processEvents()

    def type_into(self, edit, text: str) -> None:
        edit.clear()
        self.qtbot.keyClicks(edit, text)

    def setup_table(
        self,
        ruleset: str,
        players: tuple[str, ...] = PLAYERS,
        tournament: str = "Paris Riichi Open",
        pin: str = "",
        referee: str = "Sylvie",
    ) -> None:
        """Fill the setup page (it opens by itself on a fresh folder) and start the hanchan."""
        w = self.window
        if w.pages.currentWidget() is not w.setup:
            self.tap(w.nav["setup"])
        s = w.setup
        self.type_into(s.tournament, tournament)
        for edit, name in zip(s.players, players, strict=True):
            self.type_into(edit, name)
        self.tap(s.ruleset.buttons[ruleset])
        assert s.ruleset.value() == ruleset, "the rule set's button was not hit"
        self.type_into(s.referee, referee)
        ps = s.pin_setup
        if pin:
            self.tap(ps.choice.buttons["pin"])
            self.type_into(ps.pin, pin)
            self.type_into(ps.pin_again, pin)  # typed twice
        elif not ps.answered():
            self.tap(ps.choice.buttons["none"])  # "No PIN (club night)"
        self.tap(s.start_button)
        assert w.pages.currentWidget() is w.board, (s.message.text(), s.field_errors())

    def riichi(self, seat: int) -> None:
        """Riichi on a seat, in two taps: its Riichi button, then Confirm on the bar that names the player (a finger
        that waited the bar's half second: a tap sooner is taken for the second half of a double tap)."""
        panel = self.window.board.seats[seat]
        self.tap(panel.riichi)
        bar = panel.confirm
        assert bar.is_open(), "the Riichi button did not open the confirm bar"
        bar.opened_at -= 1.0
        self.tap(bar.confirm_button)

    def ruling(self, seat: int, offence: str, answers: dict[str, Any] | None = None, note: str = "") -> None:
        """Tap a seat, the offence, the answers, then Preview (stops on the preview page)."""
        w = self.window
        self.tap(w.board.seats[seat])
        assert w.pages.currentWidget() is w.ruling, "the seat tap did not open the offence palette"
        self.tap(w.ruling.palette_page.buttons[offence])
        q = w.ruling.questions
        for qid, value in (answers or {}).items():
            self.answer(q.widgets[qid], value)
        if note:
            assert w.ruling.currentWidget() is q, f"{offence}: no questions page, so no note field"
            q.note.setText(note)  # typed text: keyClicks of a long note would take minutes
        if w.ruling.currentWidget() is q:
            self.tap(q.next_button)
        assert w.ruling.currentWidget() is w.ruling.preview_panel, q.status.text()

    def answer(self, widget: QWidget, value: Any) -> None:
        from refapp.ui.common.widgets import Segmented, Stepper
        from refapp.ui.ruling.amount import PenaltyAmount

        if isinstance(widget, PenaltyAmount):  # a usual amount is one tap; another steps from the nearest below it
            if value in widget.presets:
                self.tap(widget.presets[value])
                return
            below = [v for v in widget.presets if v < value]
            if below:
                self.tap(widget.presets[max(below)])
            self.answer(widget.stepper, value)
        elif isinstance(widget, Stepper):
            if hasattr(widget, "is_set") and not widget.is_set():
                self.tap(widget.plus)  # an empty stepper: the first tap gives its first value
            while widget.value() < value:
                self.tap(widget.plus)
            while widget.value() > value:
                self.tap(widget.minus)
        elif isinstance(widget, Segmented):
            key = ("yes" if value else "no") if isinstance(value, bool) else str(value)
            self.tap(widget.buttons[key])
        else:  # pragma: no cover - a new kind of question widget
            raise TypeError(widget)

    def open_hand_result(self):
        self.tap(self.window.nav["hand"])
        assert self.window.pages.currentWidget() is self.window.hand
        return self.window.hand.entry

    def preview_hand(self) -> None:
        entry = self.window.hand.entry
        self.tap(entry.next_button)
        assert self.window.hand.currentWidget() is self.window.hand.preview_panel, entry.status.text()

    def confirm_hand(self) -> None:
        panel = self.window.hand.preview_panel
        assert panel.confirm_button.isEnabled(), panel.error.text()
        self.tap(panel.confirm_button)

    # -- what the screen shows --------------------------------------------------------------------------------

    def seats(self) -> list[tuple[str, str, str, str, str]]:
        """Each seat as read: wind (· Dealer when its tag shows), name, score, overall, badges (a drawn riichi stick
        reads "[riichi stick]")."""
        return [
            (
                p.wind.text() + (f" · {p.dealer_tag.text()}" if p.dealer_tag.isVisibleTo(p) else ""),
                p.name.text(),
                p.score.text(),
                p.overall.text(),
                "  ".join(
                    ([("[riichi stick]")] if p.in_riichi() else []) + ([p.badges.text()] if p.badges.text() else [])
                ),
            )
            for p in self.board()
        ]

    def scores(self) -> list[str]:
        return [p.score.text() for p in self.board()]

    def board(self):
        return self.window.board.seats

    def centre(self) -> tuple[str, str, str]:
        """The round, then the counters and the riichi sticks on the table as their counts say them."""
        c = self.window.board.centre
        return c.round.text(), c.counters.text(), c.sticks.text()

    def dealer(self) -> str:
        """The name on the seat whose wind label says dealer (exactly one)."""
        dealers = [p.name.text() for p in self.board() if p.dealer_tag.isVisibleTo(p)]
        assert len(dealers) == 1, dealers
        return dealers[0]


def preview_table(panel) -> list[list[str]]:
    """The who-pays-whom table of a preview panel, as shown (header row first)."""
    grid = panel.table
    rows = []
    for r in range(grid.rowCount()):
        row = []
        for c in range(grid.columnCount()):
            item = grid.itemAtPosition(r, c)
            if item is not None and item.widget() is not None and not item.widget().isHidden():
                row.append(item.widget().text())
        if row:
            rows.append(row)
    return rows


def visible_buttons(root: QWidget) -> list[QPushButton]:
    return [b for b in root.findChildren(QPushButton) if b.isVisibleTo(root) and b.isVisible()]


def visible_labels(root: QWidget) -> list[QLabel]:
    return [lab for lab in root.findChildren(QLabel) if lab.isVisible()]


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def dialogs(qtbot, monkeypatch) -> Dialogs:
    d = Dialogs(qtbot)
    monkeypatch.setattr(PinDialog, "exec", lambda dlg: d.run(PinDialog, dlg))
    monkeypatch.setattr(UndoDialog, "exec", lambda dlg: d.run(UndoDialog, dlg))
    monkeypatch.setattr(StartCheckDialog, "exec", lambda dlg: d.run(StartCheckDialog, dlg))
    return d


def close_app(controller: Any, window: QWidget | None) -> None:
    """Quit an app a test built: its window and controller deleted first, then its store closed. Deleted, not just
    closed: a window left alive keeps its timers (the session clock ticks every second) and would read a closed store
    in a later test, and a later build()'s translators would reach it (Qt's LanguageChange)."""
    if window is not None:
        window.close()
        window.deleteLater()
    controller.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    controller.session.store.close()


@pytest.fixture
def app_window(qtbot, tmp_path, clock) -> Iterator[tuple[Any, MainWindow]]:
    """The app built over a fresh data folder, window shown at 1024×768 (the default size)."""
    data = tmp_path / "data"
    controller, window = build(data, QApplication.instance())
    assert window is not None, "build() refused the fresh data folder"
    controller.clock = clock
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    yield controller, window
    close_app(controller, window)
    QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedKingdom))


@pytest.fixture
def referee(qtbot, app_window, dialogs, clock, tmp_path) -> Referee:
    controller, window = app_window
    return Referee(qtbot, controller, window, tmp_path / "data", dialogs, clock)


def centre_of(widget: QWidget) -> QPoint:
    return widget.rect().center()
