"""A pseudo-language: every string about 40 % longer (accented filler in short words), as a wordy language would make
it. With it installed, every page of the main window at 1024×768 — the board with the riichi bar and the "Recorded"
message, each step of the ruling, hand-result and hand-check flows, Setup empty, filled and with its errors, History's
list, filters, a ruling's detail and a voided entry, Results while playing and finished — and the PIN pad and the undo dialog are
checked with the layout checker (``tests/ui/layout.py``): nothing cut, nothing outside the window, no sideways
scrolling. The translator is for this test only: the app never ships it."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QTranslator
from PySide6.QtWidgets import QApplication

from refapp.app import install_translators
from refapp.ui.common.pin_pad import PinDialog
from refapp.ui.shell.undo_dialog import UndoDialog
from tests.ui.layout import layout_problems
from tests.ui.test_desk_layout import _history, _setup_errors, finish_with_substitute
from tests.ui.test_flow_layouts import SCENARIOS, Pages, commit, start

SIZE = (1024, 768)
FILLER = "àéîõü ÿçñåø ëïôûè âêîœæ "  # short accented words: a longer text still wraps where a real one would


def pseudo(text: str) -> str:
    """``text`` lengthened by about 40 %: ``"Undo"`` → ``"[Undoàé]"`` (placeholders and line breaks kept)."""
    if not text:
        return text
    extra = max(0, math.ceil(0.4 * len(text)) - 2)
    filler = (FILLER * (extra // len(FILLER) + 1))[:extra].rstrip(" ")
    return f"[{text}{' ' if len(text) > 12 and filler else ''}{filler}]"


class PseudoTranslator(QTranslator):
    """Answers every translation with the lengthened English text."""

    def translate(self, context, source_text, disambiguation=None, n=-1):  # noqa: ARG002 - Qt's signature
        return pseudo(source_text)

    def isEmpty(self) -> bool:  # noqa: N802 - Qt override
        return False


@pytest.fixture
def pseudo_language(qapp):
    install_translators(qapp, "en")
    translator = PseudoTranslator(qapp)
    qapp.installTranslator(translator)  # searched before the others: every string goes through it
    QApplication.processEvents()
    yield
    qapp.removeTranslator(translator)
    install_translators(qapp, "en")
    QApplication.processEvents()


def test_the_pseudo_language_is_about_forty_percent_longer():
    for text in ("Undo", "Hand result", "The hanchan is over: start the next hanchan first.", "%1 pays %2 to each"):
        longer = pseudo(text)
        assert longer.startswith("[" + text) and longer.endswith("]")
        assert 1.3 <= len(longer) / len(text) <= 1.6 or len(text) < 6, (text, longer)
    assert "%n warning(s)" in pseudo("%n warning(s)")


def _check(window, where: str, problems: dict[str, int]) -> None:
    for _ in range(3):
        QApplication.processEvents()
    assert window.size().toTuple() == SIZE
    problems.update({f"{where}: {p}": 1 for p in layout_problems(window)})


def test_every_page_fits_at_1024x768_in_a_language_40_percent_longer(referee, pseudo_language):
    w = referee.window
    c = referee.controller
    w.resize(*SIZE)
    problems: dict[str, int] = {}
    assert w.pages.currentWidget() is w.setup, "a fresh folder opens Setup"
    assert w.setup.start_button.text() == pseudo("Start a hanchan"), "every text is longer"
    _check(w, "setup empty", problems)
    _setup_errors(w)
    _check(w, "setup with errors", problems)
    start(referee, "japanese-modern")  # abortive draws, liability hands, the chombo at the table: the longest texts
    commit(c, "riichi", seat=2)
    _check(w, "board", problems)
    assert w.nav["hand"].text() == pseudo("Hand result") and w.board.seats[0].wind.text() == pseudo("East")
    referee.tap(w.board.seats[0].riichi)
    _check(w, "board, riichi bar", problems)
    referee.tap(w.board.seats[0].confirm.cancel_button)
    pages = Pages(referee)
    for name in SCENARIOS:
        getattr(pages, name)()
        _check(w, name, problems)
    w.show_board()
    commit(c, "incident", seat=1, offence="warning", answers={})
    w.show_board()
    _check(w, "board with the Recorded message", problems)
    pad = PinDialog(c, w)
    pad.show()
    QApplication.processEvents()
    problems.update({f"PIN pad: {p}": 1 for p in layout_problems(pad)})
    pad.reject()
    undo = UndoDialog(c.describe_entry(c.undo_target()), w)
    undo.show()
    QApplication.processEvents()
    problems.update({f"undo dialog: {p}": 1 for p in layout_problems(undo)})
    undo.reject()
    for what in ("list", "filters"):
        _history(w, what)
        _check(w, f"history {what}", problems)
    w.show_results()
    _check(w, "results while playing", problems)
    w.show_setup(force=True)
    _check(w, "setup filled", problems)
    assert not problems, "\n".join(problems)


def test_the_desk_pages_of_a_finished_hanchan_fit_in_a_language_40_percent_longer(referee, pseudo_language):
    """EMA 2016 with a substitute: results with uma, penalties, an absent player and the chart; a voided entry."""
    w = referee.window
    w.resize(*SIZE)
    finish_with_substitute(w)
    problems: dict[str, int] = {}
    w.show_results()
    _check(w, "results finished", problems)
    for what in ("detail", "voided"):
        _history(w, what)
        _check(w, f"history {what}", problems)
    assert not problems, "\n".join(problems)
