"""Every page of the ruling, hand-result and hand-check flows at the four sizes the app is checked at, in English and
in French: nothing scrolls sideways, no control is outside the window or cut, no text is clipped
(``tests/ui/layout.py``). Each question kind, each kind of hand result and the hand check are shown in turn, with
realistic names. In landscape the hand value sits beside the winners: an ordinary ron needs no scrolling."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget

from refapp.app import install_translators

from .layout import SIZE_IDS, SIZES, layout_problems

NAMES = ("Ann Lefèvre", "Bob Martin", "Chloé Dubois", "Daniel Wu")


def fully_shown(widget: QWidget) -> bool:
    """``widget`` is entirely inside the visible part of the scroll area holding it (no scrolling needed)."""
    p = widget.parentWidget()
    while p is not None and not isinstance(p, QScrollArea):
        p = p.parentWidget()
    assert p is not None
    view = p.viewport()
    rect = QRect(widget.mapTo(view, QPoint(0, 0)), widget.size())
    return view.rect().contains(rect)


def start(referee, ruleset: str) -> None:
    """Setup filled as typed (QTest types ASCII only, the names have accents), then Start."""
    w = referee.window
    s = w.setup
    s.tournament.setText("Open de Paris")
    for edit, name in zip(s.players, NAMES, strict=True):
        edit.setText(name)
    referee.tap(s.ruleset.buttons[ruleset])
    s.referee.setText("Sylvie")
    if not s.pin_setup.answered():
        referee.tap(s.pin_setup.choice.buttons["none"])  # "No PIN (club night)"
    referee.tap(s.start_button)
    assert w.pages.currentWidget() is w.board, s.message.text()


def commit(c, type_: str, **fields) -> None:
    assert c.commit(c.new_event(type_, **fields)) is not None, c.last_error


class Pages:
    """Opens each page of the flows in a known state, as a referee's taps would."""

    def __init__(self, referee):
        self.r = referee
        self.w = referee.window
        self.c = referee.controller

    def palette(self) -> None:
        self.w.show_board()
        self.w.start_ruling(2)

    def palette_no_match(self) -> None:
        self.palette()
        self.w.ruling.palette_page.search.setText("xyzzy")

    def toggles(self) -> None:
        self.palette()
        self.w.ruling.choose("wrong_win_word")

    def steppers_and_choices(self) -> None:
        self.palette()
        self.w.ruling.choose("tiles_exposed")
        self.w.ruling.questions.set_answer("source", "dead_wall")

    def penalty(self) -> None:
        self.palette()
        self.w.ruling.choose("point_penalty")  # reason + amount, both marked as missing

    def decision(self) -> None:
        self.palette()
        self.w.ruling.choose("obstruction")
        q = self.w.ruling.questions
        q.set_answer("decision", "point_penalty")

    def substitute(self) -> None:
        self.palette()
        self.w.ruling.choose("disqualification")
        self.w.ruling.questions.substitute.setText("Zoé Martin-Dubreuil")

    def preview(self) -> None:
        self.palette()
        self.w.ruling.choose("riichi_bet_missing")  # a badge, a note, the explanation

    def chombo_preview(self) -> None:
        self.palette()
        self.w.ruling.choose("invalid_win_revealed")
        self.w.ruling.questions.set_answer("simultaneous_win", False)
        self.w.ruling.show_preview()

    def refusal(self) -> None:
        self.w.show_board()
        self.w.start_ruling(0)  # not in riichi
        self.w.ruling.choose("noten_riichi")
        self.w.ruling.show_preview(force=True)

    def _hand(self):
        self.w.show_board()
        self.w.start_hand_result()
        return self.w.hand.entry

    def ron_three_winners(self) -> None:
        e = self._hand()
        for seat in (1, 2, 3):
            e.seat_toggles[seat].click()
        e.discarder.buttons["0"].click()
        e.editors[1].han.plus.click()
        e.editors[2].mode.buttons["limit"].click()
        e.editors[3].mode.buttons["points"].click()

    def ron(self) -> None:
        e = self._hand()
        e.seat_toggles[2].click()
        e.discarder.buttons["3"].click()
        for _ in range(3):
            e.editors[2].han.plus.click()
        e.editors[2].fu.buttons["40"].click()

    def tsumo_points(self) -> None:
        e = self._hand()
        e.kind.buttons["tsumo"].click()
        e.seat_toggles[1].click()
        e.editors[1].mode.buttons["points"].click()

    def pao(self) -> None:
        e = self._hand()
        e.seat_toggles[2].click()
        e.discarder.buttons["3"].click()
        ed = e.editors[2]
        ed.mode.buttons["limit"].click()
        ed.limit.buttons["yakuman"].click()
        ed.pao_toggle.click()
        ed.liable.buttons["1"].click()

    def draw(self) -> None:
        e = self._hand()
        e.kind.buttons["draw"].click()
        e.seat_toggles[0].click()  # Chloé (seat 2) is in riichi and noten: flagged

    def abortive(self) -> None:
        e = self._hand()
        e.kind.buttons["abortive"].click()
        e.reason.buttons["nine terminals"].click()

    def tsumo(self) -> None:
        e = self._hand()
        e.kind.buttons["tsumo"].click()
        e.seat_toggles[3].click()
        e.editors[3].han.plus.click()

    def hand_preview(self) -> None:
        self.ron()
        self.w.hand.show_preview()

    def hand_check(self) -> None:
        self.w.show_board()
        self.w.open_hand_check(2)
        view = self.w.hand_check
        view.picker.clear()
        for t in ("1m", "3m", "5m", "8m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "3z", "5z"):
            view.picker.tap(t)

    def hand_check_win(self) -> None:
        self.w.show_board()
        self.w.open_hand_check(2)
        view = self.w.hand_check
        view.check.buttons["win"].click()
        view.picker.clear()
        for t in ("1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "2z", "2z", "2z"):
            view.picker.tap(t)


SCENARIOS = [name for name in vars(Pages) if not name.startswith("_")]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_every_flow_page_fits_every_size_in_both_languages(referee, size, lang):
    """japanese-modern: abortive draws and liability hands, the chombo at the table (the longest previews)."""
    app = QApplication.instance()
    start(referee, "japanese-modern")
    commit(referee.controller, "riichi", seat=2)
    w = referee.window
    w.resize(*size)
    install_translators(app, lang)
    try:
        pages = Pages(referee)
        problems: dict[str, int] = {}
        for name in SCENARIOS:
            getattr(pages, name)()
            QApplication.processEvents()
            problems.update({f"{name}: {p}": 1 for p in layout_problems(w)})
        assert not problems, "\n".join(problems)
    finally:
        install_translators(app, "en")


@pytest.mark.parametrize("size", SIZES[:3], ids=SIZE_IDS[:3])
def test_in_landscape_the_value_of_a_ron_needs_no_scrolling(referee, size):
    start(referee, "ema-2016")
    w = referee.window
    w.resize(*size)
    Pages(referee).ron()
    QApplication.processEvents()
    ed = w.hand.entry.editors[2]
    for widget in (ed.han, ed.fu, w.hand.entry.discarder, w.hand.entry.seat_toggles[3]):
        assert fully_shown(widget), widget.objectName()
    assert w.hand.entry.next_button.isEnabled()


def test_reopening_the_form_leaves_nothing_of_the_last_one(referee):
    """A form left with winners and values, cancelled, opened again: four seat buttons, nothing chosen, no value
    editor and nothing drawn outside the form."""
    start(referee, "ema-2016")
    pages = Pages(referee)
    pages.ron_three_winners()
    w = referee.window
    w.hand.entry.cancel_button.click()
    entry = pages._hand()
    QApplication.processEvents()
    from refapp.ui.common.widgets import Toggle
    from refapp.ui.hand_result import ValueEditor

    toggles = [t for t in entry.findChildren(Toggle) if t.isVisible()]
    assert [t.text() for t in toggles] == list(NAMES)
    assert not any(t.isChecked() for t in toggles)
    assert [e for e in entry.findChildren(ValueEditor) if e.isVisible()] == []
    assert layout_problems(w) == []


def test_a_stack_of_pages_never_asks_its_hidden_pages_their_height(qtbot, referee):
    """Qt's QStackedWidget has a height for a width as soon as one page has one (a wrapped label is enough), and
    then measures every page, the hidden ones too, whenever the shown page changes: most of a tap's frame.
    ``Pages`` does not, and every stack of the window is one (the shown page is laid out in the room it gets)."""
    from PySide6.QtWidgets import QLabel, QStackedWidget, QVBoxLayout

    from refapp.ui.common.widgets import Pages

    def page() -> QWidget:
        w = QWidget()
        label = QLabel("A sentence long enough to wrap on a narrow page. " * 5, w)
        label.setWordWrap(True)
        QVBoxLayout(w).addWidget(label)
        return w

    plain, pages = QStackedWidget(), Pages()
    for stack in (plain, pages):
        qtbot.addWidget(stack)
        stack.addWidget(page())
        stack.addWidget(page())
    assert plain.hasHeightForWidth(), "Qt's own stack (the reason for Pages)"
    assert not pages.hasHeightForWidth()
    w = referee.window
    referee.setup_table("ema-2016")
    referee.tap(w.board.seats[0])  # (the ruling flow is made when first needed)
    stacks = w.findChildren(QStackedWidget)
    assert w.pages in stacks and w.ruling in stacks
    assert [s.objectName() or type(s).__name__ for s in stacks if not isinstance(s, Pages)] == []
