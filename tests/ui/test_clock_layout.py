"""The session clock fits every screen the app is checked at, in English and in French (``tests/ui/layout.py``): the
board's clock counting down with extra time, at time-up, its details after a tap, the button a referee sets it
with, and the clock page's three parts. At 1280×800 its figures have a cap height of at least 24 px (read across
the table), and the clock never moves the seats: it takes the corner it is given."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from refapp.app import install_translators
from refapp.domain.rules import TimeLimit
from tests.ui.layout import SIZE_IDS, SIZES, layout_problems

LANGS = ["en", "fr"]


def button_problems(window) -> list[str]:
    """A button whose text is wider than its inside (as tests/ui/test_desk_layout.py checks Setup's)."""
    from PySide6.QtWidgets import QLabel, QPushButton, QStyle, QStyleOptionButton

    out = []
    for b in window.findChildren(QPushButton):
        if not b.isVisibleTo(window) or not b.text() or isinstance(getattr(b, "label", None), QLabel):
            continue
        opt = QStyleOptionButton()
        b.initStyleOption(opt)
        inside = b.style().subElementRect(QStyle.SubElement.SE_PushButtonContents, opt, b).width()
        need = max(b.fontMetrics().horizontalAdvance(line) for line in b.text().split("\n"))
        if need > inside + 1:
            out.append(f"button {b.text()!r}: text needs {need} px, has {inside}")
    return out


@pytest.fixture
def clocked(referee, qtbot):
    """A WRC 2015 table with long names, in referee mode (no PIN), a 90-minute session started now and 5 minutes of
    extra time for this table after a long ruling; the organiser's rule: one more hand after the one in play."""
    qtbot.wait(20)  # the window's first layout settles (the setup page's last rule sets are below the fold)
    referee.setup_table("wrc-2015", players=("Anne-Sophie Vandenberghe", "Bob", "Cyd", "Dan"))
    m = referee.controller.session_clock
    m.set_session(1, referee.clock.now, 90)
    m.give_extra_time(1, 5, "long ruling")
    m.set_ending_rule(TimeLimit(after_time="finish_hand_plus", extra_hands=1), "tournament regulations")
    referee.window.show_board()
    yield referee
    install_translators(QApplication.instance(), "en")


def _at(referee, size, lang) -> None:
    install_translators(QApplication.instance(), lang)
    referee.window.resize(*size)
    referee.window.clock_panel.update_view()
    for _ in range(3):
        QApplication.processEvents()
    assert referee.window.size().toTuple() == size


def _problems(window) -> list[str]:
    return layout_problems(window) + button_problems(window)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_boards_clock_fits_running_at_time_up_and_with_its_details(clocked, size, lang):
    w, clock = clocked.window, clocked.clock
    panel = w.clock_panel
    clock.advance(3 * 60)
    _at(clocked, size, lang)
    assert panel.isVisible() and panel.time.isVisible() and panel.extra.isVisible()
    assert panel.time.text() == "1:32:00" and panel.extra.text() == "+5 min"
    assert _problems(w) == []
    clocked.tap(panel)  # why: the extra time, the session, the rule
    assert panel.details.isVisible() and panel.page_button.isVisible()
    assert _problems(w) == []
    clocked.tap(panel)
    clock.advance(95 * 60)
    _at(clocked, size, lang)
    assert panel.says.isVisible() and not panel.time.isVisible()
    assert panel.says.text() == ("1 more hand after this one" if lang == "en" else "Encore 1 main après celle-ci")
    assert _problems(w) == []
    clocked.tap(panel)
    assert _problems(w) == []
    clocked.tap(panel)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_referee_finds_where_to_set_the_clock(referee, qtbot, size, lang):
    qtbot.wait(20)
    referee.setup_table("wrc-2015", players=("Anne-Sophie Vandenberghe", "Bob", "Cyd", "Dan"))
    try:
        _at(referee, size, lang)
        button = referee.window.clock_panel.page_button
        assert button.isVisible()
        assert button.text() == ("Set the session clock" if lang == "en" else "Régler l’horloge de la session")
        assert _problems(referee.window) == []
    finally:
        install_translators(QApplication.instance(), "en")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_clock_page_fits(clocked, size, lang):
    w = clocked.window
    w.show_clock()
    page = w.clock_page
    for part in ("table", "session", "rule"):
        _at(clocked, size, lang)
        page.show_part(part)
        QApplication.processEvents()
        assert page.part_buttons[part].isVisible()
        assert _problems(w) == [], part
    page.show_part("table")
    clocked.tap(page.reason.buttons["referee call"])
    clocked.tap(page.extra_button)
    assert page.message.isVisible()
    assert _problems(w) == []


def _cap(label) -> int:
    return label.fontMetrics().capHeight()


@pytest.mark.parametrize("lang", LANGS)
def test_the_clock_is_readable_across_the_table_at_1280x800(clocked, lang):
    w, clock = clocked.window, clocked.clock
    panel = w.clock_panel
    _at(clocked, (1280, 800), lang)
    assert _cap(panel.time) >= 24, _cap(panel.time)
    assert _cap(panel.title) >= 12 and _cap(panel.extra) >= 12
    clock.advance(100 * 60)
    _at(clocked, (1280, 800), lang)
    assert _cap(panel.says) >= 24 and _cap(panel.title) >= 24, (_cap(panel.says), _cap(panel.title))


def _rows(board) -> list[int]:
    """The heights of the board's three rows: North's seat, East's, South's."""
    return [board.seats[i].height() for i in (2, 3, 0)]


@pytest.mark.parametrize("phase", ["running", "time_up", "details"])
def test_the_clock_never_moves_the_seats(clocked, phase):
    """The board's three rows keep one height whatever the clock in the top-right corner shows (its wrapping lines
    once made the top row taller), and the seats are where they are without a clock."""
    w, clock = clocked.window, clocked.clock
    if phase != "running":
        clock.advance(100 * 60)
    for size in SIZES:
        _at(clocked, size, "en")
        if phase == "details":
            clocked.tap(w.clock_panel)
        assert w.clock_panel.isVisible()
        rows = _rows(w.board)
        assert max(rows) - min(rows) <= 1, (size, rows)
        with_clock = [s.geometry() for s in w.board.seats] + [w.board.centre.geometry()]
        w.clock_panel.hide()
        w.board.layout().activate()
        QApplication.processEvents()
        without = [s.geometry() for s in w.board.seats] + [w.board.centre.geometry()]
        assert with_clock == without, size
        w.clock_panel.hide_details()
