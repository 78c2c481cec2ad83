"""A live switch to French retranslates every text of Setup, History and Results as they stand (a field's error,
"Settings saved.", a filter's choices, an entry's detail, the results): no English text the French file translates
is left on screen, and back in English none of the French."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QLineEdit, QWidget

from refapp.app import install_translators

from .conftest import Referee

TS = Path(__file__).resolve().parents[2] / "translations" / "refapp_fr.ts"


SOURCES = {m.findtext("source") or "" for m in ET.parse(TS).getroot().iter("message")}


def _pairs() -> dict[str, str]:
    """English source -> French, for every plain text (no placeholder) the French file says differently."""
    out = {}
    for message in ET.parse(TS).getroot().iter("message"):
        source, tr = message.findtext("source") or "", message.find("translation")
        if message.get("numerus") == "yes" or tr is None or not tr.text or "%" in source:
            continue
        if tr.text.strip() != source.strip():
            out[source] = tr.text
    return out


PAIRS = _pairs()
FRENCH = {fr: en for en, fr in PAIRS.items() if fr not in SOURCES}  # a French text that is no English text too


def shown_texts(root: QWidget) -> Iterator[str]:
    for w in root.findChildren(QWidget):
        if not w.isVisibleTo(root):
            continue
        if isinstance(w, (QLabel, QAbstractButton)):
            yield from w.text().split("\n")
        elif isinstance(w, QLineEdit):
            yield w.placeholderText()


def left_in(root: QWidget, table: dict[str, str]) -> list[str]:
    return sorted({t for t in shown_texts(root) if t in table})


@pytest.fixture
def played(referee: Referee) -> Referee:
    referee.setup_table("ema-2016", pin="", referee="")
    c = referee.controller
    for type_, fields in (
        ("incident", {"seat": 1, "offence": "warning", "note": "talking"}),
        ("incident", {"seat": 2, "offence": "point_penalty", "answers": {"reason": "conduct", "amount": 1000}}),
        ("incident", {"seat": 3, "offence": "dead_hand"}),
    ):
        assert c.commit(c.new_event(type_, **fields)) is not None, c.last_error
    c.undo("wrong seat")
    yield referee
    install_translators(QApplication.instance(), "en")


def switch_both_ways(page: QWidget) -> None:
    install_translators(QApplication.instance(), "fr")
    QApplication.processEvents()
    assert left_in(page, PAIRS) == []
    install_translators(QApplication.instance(), "en")
    QApplication.processEvents()
    assert left_in(page, FRENCH) == []


def test_setup_with_errors_and_a_message_switches_whole(played):
    w = played.window
    played.tap(w.nav["setup"])
    s = w.setup
    s.players[2].setText("Ann")
    s.players[3].setText("")
    s.tournament.setText("")
    s.start_hanchan()
    played.tap(s.save_button)
    assert set(s.field_errors()) == {"tournament", "player_2", "player_3"}
    assert s.message.text() == "Settings saved."
    switch_both_ways(s)


@pytest.mark.parametrize("what", ["list", "picker", "detail", "voided"])
def test_history_switches_whole(played, what):
    w = played.window
    played.tap(w.nav["history"])
    view = w.history
    played.tap(view.voided_toggle)
    if what == "picker":
        played.tap(view.offence_button)
    elif what in ("detail", "voided"):
        row = next(r for r in view.model.rows if bool(r["voided"]) == (what == "voided"))
        view.open_detail(row)
    switch_both_ways(view)


@pytest.mark.parametrize("over", [False, True])
def test_results_switch_whole(played, over):
    w = played.window
    c = played.controller
    if over:
        assert c.commit(c.new_event("hanchan_end", reason="time limit")) is not None
    played.tap(w.nav["results"])
    switch_both_ways(w.results)
    if over:
        install_translators(QApplication.instance(), "fr")
        QApplication.processEvents()
        assert w.results.subtitle.text().endswith("terminé\u00a0: temps écoulé")
        assert w.results.title.text() == "Résultats du hanchan 1"
