"""Issue 14 items 5 and 9 for the shell and the board: every size, readable at arm's length.

At 1024×768, 1280×800, 1366×768 and 800×1280, in English and French: nothing on the board, the top bar, the mode
banner, the riichi confirm bar, the "Recorded" message, the PIN pad (also during a lockout) and the undo dialog is
cut or off screen (``tests/ui/layout.py``). At 1280×800 the type is measured as rendered: scores have a cap height
of at least 32 px, winds and the counts of counters and riichi sticks at least 24 px. The board grows with the
window, and a portrait seat uses its height. The window opens full screen on a small or portrait screen."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QApplication, QWidget

from refapp.app import install_translators
from refapp.ui.common.pin_pad import PinDialog
from refapp.ui.shell.screen import wants_fullscreen
from refapp.ui.shell.undo_dialog import UndoDialog

from .layout import SIZE_IDS, SIZES, layout_problems

LANGS = ["en", "fr"]


@pytest.fixture
def played(referee):
    """A table with something everywhere on the board: sticks, a counter, a dead hand, warnings, a chombo, a long
    name, and the "Recorded" message showing."""
    referee.setup_table("ema-2016", players=("Anne-Sophie Vandenberghe", "Bob", "Cyd", "Dan"), pin="2468")
    referee.controller.modes._unlocked = True  # the entries below as the referee would make them
    c = referee.controller
    for event in (
        c.new_event("riichi", seat=2),
        c.new_event("win", kind="tsumo", winners=[{"seat": 0, "limit": "mangan"}]),
        c.new_event("riichi", seat=1),
        c.new_event("incident", seat=3, offence="dead_hand", answers={}),
        c.new_event("incident", seat=0, offence="warning", answers={}),
        c.new_event("incident", seat=0, offence="warning", answers={}),
        c.new_event("riichi", seat=2),
    ):
        assert c.commit(event) is not None, c.last_error
    yield referee
    install_translators(QApplication.instance(), "en")


def _at(referee, size, lang) -> None:
    install_translators(QApplication.instance(), lang)
    referee.window.resize(*size)
    QApplication.processEvents()
    assert referee.window.size().toTuple() == size


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_board_banner_and_message_fit_every_size(played, size, lang):
    w = played.window
    _at(played, size, lang)
    assert w.notice.isVisible() and w.mode_banner.isVisible()
    assert layout_problems(w) == []
    # the riichi confirm bar over a seat
    played.tap(w.board.seats[0].riichi)
    assert w.board.seats[0].confirm.is_open()
    assert layout_problems(w) == []
    played.tap(w.board.seats[0].confirm.cancel_button)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_undo_and_lock_are_on_screen_with_the_mode_banner(played, size, lang):
    w = played.window
    _at(played, size, lang)
    frame = w.rect()
    for key in ("undo", "lock"):
        b = w.nav[key]
        assert frame.contains(b.geometry().translated(b.parentWidget().mapTo(w, b.parentWidget().rect().topLeft())))
        assert b.width() >= 64 and b.height() >= 64
    banner = w.mode_banner
    assert banner.width() > 0.9 * w.width(), "the mode banner runs the width of the window"
    assert banner.fontMetrics().capHeight() >= 13 and banner.font().bold()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_pin_pad_and_undo_dialog_fit_every_size_also_during_a_lockout(played, size, lang):
    w = played.window
    c = played.controller
    _at(played, size, lang)
    pad = PinDialog(c, w)
    pad.show()
    QApplication.processEvents()
    assert layout_problems(pad) == []
    assert pad.height() <= size[1] and pad.width() <= size[0]
    before = pad.size()
    for _ in range(5):
        for key in "1357":
            pad.press(key)
        pad.press("OK")
    QApplication.processEvents()
    assert not pad.keys["5"].isEnabled(), "locked out"
    assert layout_problems(pad) == []
    assert pad.size() == before, "the pad keeps its size when the lockout text appears"
    rects = [k.geometry() for k in pad.keys.values()]
    assert not [(i, j) for i in range(12) for j in range(i + 1, 12) if rects[i].intersects(rects[j])], "keys overlap"
    pad.reject()
    c.settings.pin_locked_until = None
    undo = UndoDialog(c.describe_entry(c.undo_target()), w)
    undo.show()
    QApplication.processEvents()
    assert layout_problems(undo) == []
    assert undo.height() <= size[1] and undo.width() <= size[0]
    undo.reject()


def _cap(label) -> int:
    return label.fontMetrics().capHeight()


@pytest.mark.parametrize("lang", LANGS)
def test_type_is_readable_at_two_metres_at_1280x800(played, lang):
    w = played.window
    _at(played, (1280, 800), lang)
    board = w.board
    for seat in board.seats:
        assert seat.score.isVisible() and _cap(seat.score) >= 32, (seat.score.text(), _cap(seat.score))
        assert _cap(seat.wind) >= 24, (seat.wind.text(), _cap(seat.wind))
    centre = board.centre
    for count in (centre.sticks, centre.counters):
        assert count.isVisible() and _cap(count) >= 24, (count.text(), _cap(count))
    assert _cap(centre.round) >= 24
    # the drawn sticks: on the seats in riichi and beside the counts
    riichi = [s for s in board.seats if s.in_riichi()]
    assert len(riichi) == 2 and all(s.stick.isVisible() and s.stick.thickness >= 18 for s in riichi)
    assert all(s.stick.width() >= 6 * 18 for s in riichi)
    assert centre.stick_icon.isVisible() and centre.counter_icon.isVisible()
    assert centre.sticks.text() == ("2 riichi sticks" if lang == "en" else "2 bâtons de riichi")
    assert centre.counters.text() == ("1 counter" if lang == "en" else "1 compteur")


def test_the_board_grows_with_the_window(played):
    w = played.window
    caps = []
    for size in ((800, 700), (1024, 768), (1366, 768), (1600, 1000), (1920, 1200)):
        w.resize(*size)
        QApplication.processEvents()
        caps.append((_cap(w.board.seats[0].score), _cap(w.board.centre.sticks)))
    assert caps == sorted(caps) and caps[-1][0] >= caps[0][0] + 12, caps


def test_a_portrait_seat_uses_its_height(played):
    """At 800×1280 no seat has a large empty band (the issue saw ~180 px empty below each seat's lines)."""
    w = played.window
    _at(played, (800, 1280), "en")
    for seat in w.board.seats:
        shown = sorted(
            (c.geometry() for c in seat.findChildren(QWidget) if c.isVisible() and c.parentWidget() is seat),
            key=lambda r: r.top(),
        )
        edges = [0] + [y for r in shown for y in (r.top(), r.bottom())] + [seat.height()]
        gaps, bottom = [], 0
        for r in shown:
            gaps.append(r.top() - bottom)
            bottom = max(bottom, r.bottom())
        gaps.append(seat.height() - bottom)
        assert max(gaps) < 90, (seat.objectName(), gaps, edges)
        assert seat.score.fontMetrics().capHeight() >= 28


# -- the window on the screen -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("screen", "setting", "full"),
    [
        ((1366, 768), "auto", True),
        ((1280, 800), "auto", True),
        ((1024, 768), "auto", True),
        ((800, 1280), "auto", True),  # portrait
        ((1200, 1920), "auto", True),  # a large portrait tablet
        ((1920, 1080), "auto", False),
        ((1440, 900), "auto", False),
        ((1920, 1080), "on", True),
        ((1024, 768), "off", False),
    ],
)
def test_full_screen_by_default_on_small_and_portrait_screens(screen, setting, full):
    assert wants_fullscreen(QSize(*screen), setting) is full


def test_f11_switches_full_screen_and_remembers_it(referee, qtbot):
    w = referee.window
    referee.setup_table("ema-2016")
    w.show_on_screen()  # the offscreen test screen is 1920×1200: a window of 1280×800
    QApplication.processEvents()
    assert not w.isFullScreen() and w.size().toTuple() == (1280, 800)
    qtbot.keyClick(w, Qt.Key.Key_F11)
    qtbot.waitUntil(w.isFullScreen)
    assert json.loads((referee.data_dir / "settings.json").read_text())["fullscreen"] == "on"
    qtbot.keyClick(w, Qt.Key.Key_F11)
    qtbot.waitUntil(lambda: not w.isFullScreen())
    assert json.loads((referee.data_dir / "settings.json").read_text())["fullscreen"] == "off"
    # the choice in Setup applies at once
    w.show_board()
    w.show_setup(force=True)
    referee.tap(w.setup.screen_setup.choice.buttons["on"])
    qtbot.waitUntil(w.isFullScreen)
    assert layout_problems(w) == []
    referee.tap(w.setup.screen_setup.choice.buttons["auto"])
    qtbot.waitUntil(lambda: not w.isFullScreen())
