"""Issue 29 problem 6: the keyboard can rule. Tab reaches the seats and every button of a page, the focus is drawn as
a thick frame in the theme's focus colours, Enter acts as a tap, and Esc goes back one step on every page (History's
"Which offence?" included). No test here touches the mouse after the setup: every step is a key."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication, QWidget

TAB_LIMIT = 200  # more Tabs than any page has stops
THICK = 4  # the focus frame is at least this many pixels wide, outside the widget


def focus() -> QWidget | None:
    return QApplication.focusWidget()


def key(qtbot, k: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """One key pressed on the keyboard: it goes to the widget with the focus (the window when none has it)."""
    target = focus() or QApplication.activeWindow()
    assert target is not None, "no window takes the keyboard"
    QTest.keyClick(target, k, modifier)
    QApplication.processEvents()


def tab_to(qtbot, widget: QWidget, limit: int = TAB_LIMIT) -> int:
    """Press Tab until ``widget`` has the focus; the number of Tabs (fails when Tab never gets there)."""
    for n in range(limit):
        if focus() is widget:
            return n
        key(qtbot, Qt.Key.Key_Tab)
    name = widget.objectName() or (widget.text() if isinstance(widget, QAbstractButton) else type(widget).__name__)
    raise AssertionError(f"Tab never reached {name!r} (focus went round: {focus()!r})")


def tab_round(qtbot, root: QWidget) -> set[QWidget]:
    """Every widget inside ``root`` the focus visits while Tab goes once round the window."""
    seen: list[QWidget] = []
    for _ in range(TAB_LIMIT * 2):
        w = focus()
        if w is not None and root.isAncestorOf(w):
            if seen and w is seen[0]:
                break
            seen.append(w)
        key(qtbot, Qt.Key.Key_Tab)
    return set(seen)


def keyboard_start(referee) -> None:
    """The referee sits at a laptop: the window is the active one, and the keyboard's first key lands in it."""
    w = referee.window
    w.activateWindow()
    referee.qtbot.waitUntil(lambda: QApplication.activeWindow() is w, timeout=2000)


def ring_around(window, widget: QWidget) -> QRect:
    """The focus frame, checked to be shown around ``widget``: returns its rectangle in the window."""
    ring = getattr(window, "focus_ring", None)
    assert ring is not None and ring.isVisible(), "no focus frame is drawn"
    box = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
    geo = ring.geometry()
    assert geo.contains(box.adjusted(-THICK, -THICK, THICK, THICK)), (geo, box)
    assert geo.center() == box.center(), "the frame is not around the focused widget"
    return geo


def contrast(a: QColor, b: QColor) -> float:
    """WCAG contrast ratio of two colours."""

    def lum(c: QColor) -> float:
        def ch(v: float) -> float:
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

        return 0.2126 * ch(c.redF()) + 0.7152 * ch(c.greenF()) + 0.0722 * ch(c.blueF())

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_tab_reaches_a_seat_and_the_keyboard_rules_a_10_point_penalty_without_a_mouse(referee, qtbot):
    """WRC 2025 at a laptop: Tab reaches Cyd's seat (framed, thick, in a colour that stands out from the board),
    Enter opens the palette, Tab reaches "Point penalty", Enter; the reason and the "10 points" button are answered
    with Tab and Enter, Preview with Enter, Confirm with Enter: Cyd's overall score is −10 points, the table scores
    are untouched, and the focus is back on Cyd's seat."""
    w = referee.window
    referee.setup_table("wrc-2025")
    keyboard_start(referee)
    cyd = w.board.seats[2]
    tab_to(qtbot, cyd)
    ring_around(w, cyd)
    frame, line = w.focus_ring.colours()
    board_bg = cyd.palette().color(cyd.backgroundRole())
    assert contrast(QColor(frame), board_bg) >= 3.0, (frame, board_bg.name())
    assert QColor(frame) != QColor(line)

    key(qtbot, Qt.Key.Key_Return)
    palette = w.ruling.palette_page
    assert w.pages.currentWidget() is w.ruling and w.ruling.currentWidget() is palette
    assert palette.isAncestorOf(focus()), "the palette opened without the focus in it"
    tab_to(qtbot, palette.quick["point_penalty"])
    ring_around(w, palette.quick["point_penalty"])
    key(qtbot, Qt.Key.Key_Return)
    q = w.ruling.questions
    assert w.ruling.currentWidget() is q
    tab_to(qtbot, q.widgets["reason"].buttons["conduct"])
    key(qtbot, Qt.Key.Key_Return)
    ten = q.widgets["amount"].presets[10]
    assert ten.text() == "10 points"
    tab_to(qtbot, ten)
    key(qtbot, Qt.Key.Key_Space)  # (Space presses a button as Enter does)
    assert q.next_button.isEnabled(), q.status.text()
    tab_to(qtbot, q.next_button)
    key(qtbot, Qt.Key.Key_Return)
    pp = w.ruling.preview_panel
    assert w.ruling.currentWidget() is pp
    assert pp.ruling.text() == "Point penalty — 10 points (overall score)"
    assert focus() is pp.confirm_button, "the preview does not start on Confirm"
    key(qtbot, Qt.Key.Key_Return)
    assert w.pages.currentWidget() is w.board
    assert [s[2:4] for s in referee.seats()] == [
        ("30,000", "Overall 0 points"),
        ("30,000", "Overall 0 points"),
        ("30,000", "Overall \u221210 points"),
        ("30,000", "Overall 0 points"),
    ]
    assert focus() is cyd, "the keyboard does not come back to the seat just ruled"


def test_tab_reaches_every_button_of_the_board_the_palette_and_the_preview(referee, qtbot):
    """Every visible button (and every seat) of the board, of the offence palette and of a ruling's preview is
    reached by Tab."""
    w = referee.window
    referee.setup_table("ema-2016")
    keyboard_start(referee)

    def reachable(root: QWidget) -> None:
        seen = tab_round(qtbot, w)
        wanted = [
            b
            for b in root.findChildren(QAbstractButton)
            if b.isVisible() and b.isEnabled() and not b.visibleRegion().isEmpty()
        ]
        missing = [b.text() or b.objectName() for b in wanted if b not in seen]
        assert not missing, f"Tab never reaches {missing}"

    seen = tab_round(qtbot, w)
    assert set(w.board.seats) <= seen, "Tab does not reach the seats"
    assert {w.nav[k] for k in w.nav if w.nav[k].isVisible() and w.nav[k].isEnabled()} <= seen
    reachable(w.board)
    tab_to(qtbot, w.board.seats[1])
    key(qtbot, Qt.Key.Key_Enter)  # (the keypad's Enter)
    reachable(w.ruling.palette_page)
    tab_to(qtbot, w.ruling.palette_page.buttons["empty_win_call"])
    key(qtbot, Qt.Key.Key_Return)
    if w.ruling.currentWidget() is w.ruling.questions:
        tab_to(qtbot, w.ruling.questions.next_button)
        key(qtbot, Qt.Key.Key_Return)
    assert w.ruling.currentWidget() is w.ruling.preview_panel
    reachable(w.ruling.preview_panel)


def test_tab_reaches_every_button_of_each_page_of_the_top_bar(referee, qtbot):
    """Hand result, History, Results and Setup, each opened by Tab and Enter on the top bar: every visible button
    of the page is reached by Tab."""
    w = referee.window
    referee.setup_table("ema-2016")
    referee.ruling(1, "point_penalty", {"reason": "conduct", "amount": 8000})
    referee.tap(w.ruling.preview_panel.confirm_button)
    keyboard_start(referee)
    pages = (("hand", lambda: w.hand), ("history", lambda: w.history), ("results", lambda: w.results))
    for name, page in (*pages, ("setup", lambda: w.setup)):
        tab_to(qtbot, w.nav[name])
        key(qtbot, Qt.Key.Key_Return)
        shown = page()
        assert w.pages.currentWidget() is shown, name
        seen = tab_round(qtbot, w)
        wanted = [
            b
            for b in shown.findChildren(QAbstractButton)
            if b.isVisible() and b.isEnabled() and not b.visibleRegion().isEmpty()
        ]
        missing = [b.text() or b.objectName() for b in wanted if b not in seen]
        assert not missing, f"{name}: Tab never reaches {missing}"
        key(qtbot, Qt.Key.Key_Escape)
        assert w.pages.currentWidget() is w.board, f"Esc on {name} did not return to the board"


def test_esc_on_historys_offence_picker_returns_to_the_list_not_the_board(referee, qtbot):
    """On History, Enter on "Which offence?" opens its choices, the focus in them: Esc returns to the list with its
    filters as they were (not to the board); Esc on the list then returns to the board."""
    w = referee.window
    referee.setup_table("ema-2016")
    referee.ruling(1, "point_penalty", {"reason": "conduct", "amount": 8000})
    referee.tap(w.ruling.preview_panel.confirm_button)
    keyboard_start(referee)
    referee.tap(w.nav["history"])
    h = w.history
    assert w.pages.currentWidget() is h
    tab_to(qtbot, h.offence_button)
    key(qtbot, Qt.Key.Key_Space)
    assert h.pages.currentWidget() is h.picker_page
    key(qtbot, Qt.Key.Key_Escape)
    assert w.pages.currentWidget() is h, "Esc on History's choices jumped off History"
    assert h.pages.currentWidget() is h.list_page
    assert h.model.rowCount() == 1 and h.offence_button.text() == "Offence: all"
    tab_to(qtbot, h.offence_button)
    key(qtbot, Qt.Key.Key_Return)  # Enter too
    assert h.pages.currentWidget() is h.picker_page, 'Enter on "Which offence?" did not open its choices'
    assert h.picker_page.isAncestorOf(focus()), "the choices opened without the focus in them"
    key(qtbot, Qt.Key.Key_Escape)
    assert h.pages.currentWidget() is h.list_page
    key(qtbot, Qt.Key.Key_Escape)
    assert w.pages.currentWidget() is w.board


def test_esc_steps_back_through_a_ruling_keeping_the_answers(referee, qtbot):
    """Esc goes back one step: the preview → the questions (answers kept) → the palette → the board."""
    w = referee.window
    referee.setup_table("ema-2016")
    keyboard_start(referee)
    referee.ruling(2, "point_penalty", {"reason": "disturbance", "amount": 8000})
    key(qtbot, Qt.Key.Key_Escape)
    assert w.ruling.currentWidget() is w.ruling.questions
    assert w.ruling.questions.widgets["reason"].value() == "disturbance", "Esc lost the answer"
    key(qtbot, Qt.Key.Key_Escape)
    assert w.ruling.currentWidget() is w.ruling.palette_page
    key(qtbot, Qt.Key.Key_Escape)
    assert w.pages.currentWidget() is w.board


def test_enter_on_historys_list_opens_the_entry_and_esc_returns_to_the_list(referee, qtbot):
    """On History's list the arrows move and Enter opens the entry the keyboard is on (framed); Esc goes back to
    the list, not to the board."""
    w = referee.window
    referee.setup_table("ema-2016")
    referee.ruling(1, "point_penalty", {"reason": "conduct", "amount": 8000})
    referee.tap(w.ruling.preview_panel.confirm_button)
    keyboard_start(referee)
    referee.tap(w.nav["history"])
    h = w.history
    tab_to(qtbot, h.list)
    key(qtbot, Qt.Key.Key_Down)
    key(qtbot, Qt.Key.Key_Return)
    assert h.pages.currentWidget() is h.detail_page
    assert "Bob" in h.detail_title.text()
    key(qtbot, Qt.Key.Key_Escape)
    assert w.pages.currentWidget() is h and h.pages.currentWidget() is h.list_page


def test_a_tap_hides_the_focus_frame_and_tab_shows_it_again(referee, qtbot):
    """On a touch screen no frame is drawn: a tap on a seat shows none; Tab draws it again."""
    w = referee.window
    referee.setup_table("ema-2016")
    keyboard_start(referee)
    assert tab_to(qtbot, w.board.seats[1]) > 0
    ring_around(w, w.board.seats[1])
    referee.tap(w.board.seats[3])
    assert not w.focus_ring.isVisible(), "a tap left the keyboard's frame drawn"
    key(qtbot, Qt.Key.Key_Tab)
    assert w.focus_ring.isVisible() and w.ruling.palette_page.isAncestorOf(focus())
    ring_around(w, focus())


def test_the_focus_frame_outlives_a_focused_widget_deleted_under_it(referee, qtbot):
    """A page may delete the widget that has the focus (a list rebuilt, a language switched) while Python still holds
    it: the frame lets it go, and Tab goes on (a crash in the event loop before)."""
    import shiboken6

    from refapp.ui.common.widgets import BigButton

    w = referee.window
    referee.setup_table("ema-2016")
    keyboard_start(referee)
    doomed = BigButton("doomed", w.board)
    doomed.show()
    doomed.setFocus(Qt.FocusReason.TabFocusReason)
    QApplication.processEvents()
    assert focus() is doomed
    shiboken6.delete(doomed)  # the Qt object goes; the Python wrapper (``doomed``) stays
    QApplication.processEvents()
    tab_to(qtbot, w.board.seats[1])
    ring_around(w, w.board.seats[1])


def test_esc_on_a_players_incidents_returns_to_the_players(referee, qtbot):
    """Tables → Players → a player's incidents: Esc returns to the players (the focus on that player's row), a second
    Esc to the board."""
    w = referee.window
    referee.setup_table("ema-2016")
    referee.ruling(1, "point_penalty", {"reason": "conduct", "amount": 8000})
    referee.tap(w.ruling.preview_panel.confirm_button)
    keyboard_start(referee)
    w.show_tables("players")
    venue = w._page("venue")
    players = venue.players
    bob = next(r for r in players.grid.items if r.isVisible() and r.record is not None and r.record.player == "Bob")
    tab_to(qtbot, bob)
    key(qtbot, Qt.Key.Key_Space)
    assert players.player == "Bob"
    key(qtbot, Qt.Key.Key_Escape)
    assert w.pages.currentWidget() is venue and players.player == "", "Esc left the Tables page"
    assert focus() is bob
    key(qtbot, Qt.Key.Key_Return)  # Enter too
    assert players.player == "Bob", "Enter on a player's row did not open the player's incidents"
    key(qtbot, Qt.Key.Key_Escape)
    assert players.player == ""
    key(qtbot, Qt.Key.Key_Escape)
    assert w.pages.currentWidget() is w.board
