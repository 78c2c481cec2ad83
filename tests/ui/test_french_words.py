"""Issue 29 problem 12: the French a referee reads. One term for an abortive draw ("partie avortée", never the English
"abortive" nor "partie nulle", which French players also say of an exhaustive draw); a no-break space before ':' ';'
'?' '!' in every French text, those of the translation file and those the app composes ("Motif : Mauvaise conduite");
the calls named as the glossary names them (chow, pung, kong), except the words said at the table, in quotes; and
the top bar's buttons are words a finger cannot confuse ("Table" beside "Tables" was)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel

from refapp.app import install_translators
from refapp.ui.common.widgets import WrapButton

from .layout import SIZES, layout_problems
from .test_flow_layouts import SCENARIOS, Pages, start

TS = Path(__file__).resolve().parents[2] / "translations" / "refapp_fr.ts"
NO_BREAK = ("\u00a0", "\u202f")
# a punctuation mark that French spaces: not a time (12:30), a ratio or an address (http://), nor a placeholder's end
_PUNCT = re.compile(r"(.)([:;?!])(?![0-9/]|\w)")


def french_texts() -> list[tuple[str, str]]:
    """(English source, French text) of every entry of the French file, each plural form apart."""
    out = []
    for msg in ET.parse(TS).iter("message"):
        src = msg.findtext("source") or ""
        tr = msg.find("translation")
        assert tr is not None
        forms = tr.findall("numerusform")
        for text in [f.text or "" for f in forms] if forms else [tr.text or ""]:
            out.append((src, text))
    return out


def unspaced(text: str) -> list[str]:
    """The places in ``text`` where ':' ';' '?' or '!' lacks the no-break space French puts before it."""
    return [m.group(0) for m in _PUNCT.finditer(text) if m.group(1) not in NO_BREAK and not m.group(1).isdigit()]


def test_unspaced_finds_what_a_french_reader_would_see():
    assert unspaced("Motif: Mauvaise conduite") == ["f:"]
    assert unspaced("Motif : Mauvaise conduite") == [" :"]
    assert unspaced("Motif\u00a0: Mauvaise conduite · Pénalité\u00a0?") == []
    assert unspaced("à 12:30, §5.1: voir http://x") == []  # a time, a section number, an address


def test_an_abortive_draw_has_one_french_name_and_it_is_french():
    texts = french_texts()
    assert not [t for _s, t in texts if re.search(r"abortive|partie nulle|parties nulles", t, re.I)]
    for src, text in texts:
        if re.search(r"abortive draw|aborted", src, re.I):
            assert re.search(r"avorté", text, re.I), (src, text)


def test_every_french_text_has_a_no_break_space_before_its_colon():
    bad = {text: unspaced(text) for _src, text in french_texts() if unspaced(text)}
    assert not bad, "\n".join(f"{t!r}: {u}" for t, u in bad.items())


def test_the_calls_have_the_glossarys_names_in_french():
    """chow / pung / kong (the French WRC rules' words) wherever the app names a call; chii, pon, kan only as said at
    the table, in quotes."""
    bad = []
    for src, text in french_texts():
        outside_quotes = re.sub(r"«.*?»", "", text)
        if re.search(r"\b(chii?|pon|kans?)\b", outside_quotes, re.I):
            bad.append((src, text))
    assert not bad, "\n".join(map(str, bad))
    fr = dict(french_texts())
    assert fr["Chii overridden by a pon"] == "Chow supplanté par un pung"


def _shown_texts(window) -> list[str]:
    out = []
    for w in window.findChildren(QLabel) + window.findChildren(QAbstractButton):
        if not w.isVisibleTo(window) or (isinstance(w, QLabel) and isinstance(w.parentWidget(), WrapButton)):
            continue
        out.append(w.text())
    return out


def test_every_text_the_french_pages_show_spaces_its_colon(referee):
    """The pages of the flows, a penalty's preview with its answers restated ("Motif : Mauvais comportement"), Setup, History, Results,
    in French: no ':' ';' '?' '!' without its no-break space, whether the text is translated whole or composed."""
    app = QApplication.instance()
    start(referee, "japanese-modern")
    w = referee.window
    install_translators(app, "fr")
    try:
        problems: dict[str, str] = {}

        def look(where: str) -> None:
            QApplication.processEvents()
            for text in _shown_texts(w):
                if unspaced(text):
                    problems[text] = where

        pages = Pages(referee)
        for name in SCENARIOS:
            getattr(pages, name)()
            look(name)
        pages.palette()
        w.ruling.choose("point_penalty")
        q = w.ruling.questions
        q.set_answer("reason", "conduct")
        q.set_answer("amount", 2000)
        w.ruling.show_preview()
        look("penalty preview")
        answers = w.ruling.preview_panel.answers.text()
        assert answers.startswith("Motif\u00a0: Mauvais comportement"), answers
        for show in (w.show_setup, w.show_history, w.show_results, w.show_board):
            show()
            look(show.__name__)
        assert not problems, "\n".join(f"{where}: {text!r}" for text, where in problems.items())
    finally:
        install_translators(app, "en")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_top_bars_buttons_are_words_a_finger_cannot_confuse(referee, lang):
    """No button of the bar is another's plural or prefix ("Table" beside "Tables")."""
    app = QApplication.instance()
    start(referee, "ema-2016")
    install_translators(app, lang)
    try:
        QApplication.processEvents()
        words = {key: b.text().strip().casefold() for key, b in referee.window.nav.items() if b.text().strip()}
        assert len(words) >= 5, words
        for a, wa in words.items():
            for b, wb in words.items():
                if a != b:
                    assert not wb.startswith(wa.rstrip("s")), f"{lang}: {wa!r} ({a}) beside {wb!r} ({b})"
    finally:
        install_translators(app, "en")


def _lines(label: QLabel) -> int:
    """How many lines a wrapping label shows at its width."""
    return round(label.heightForWidth(label.width()) / label.fontMetrics().lineSpacing())


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_setups_buttons_keep_their_words_off_their_edges_and_on_two_lines(referee, lang):
    """ "Horloge de session" wrapped onto three lines in a button twice too narrow, its words touching its sides; at
    every size, in both languages, Setup's buttons keep their words off their edges (``layout.EDGE``), and the
    session clock's button says its name on two lines at most."""
    app = QApplication.instance()
    start(referee, "ema-2016")
    w = referee.window
    install_translators(app, lang)
    try:
        w.show_setup(force=True)
        clock = w.setup.clock_button
        for size in SIZES:
            w.resize(*size)
            for _ in range(3):  # (a flowing grid settles in a few passes, as on screen)
                QApplication.processEvents()
            assert clock.isVisible()
            assert _lines(clock.label) <= 2, f"{size}: {clock.text()!r} on {_lines(clock.label)} lines"
            assert layout_problems(w) == [], size
    finally:
        install_translators(app, "en")
