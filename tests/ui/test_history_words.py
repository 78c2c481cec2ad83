"""History says every stored value in words, in the language shown: who entered an entry (a referee with no name,
the players in table mode), why it was voided, names in the language's order, and values of a newer version."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from refapp.app import install_translators
from refapp.ui.history.format import answer_line, by_text, offence_text, ruling_text, void_reason_text

from .conftest import Referee


def commit(referee: Referee, type_: str, **fields) -> dict:
    c = referee.controller
    event = c.new_event(type_, **fields)
    assert c.commit(event) is not None, c.last_error
    return event


def open_history(referee: Referee):
    referee.tap(referee.window.nav["history"])
    view = referee.window.history
    assert referee.window.pages.currentWidget() is view
    return view


def test_a_void_by_the_table_and_an_unnamed_referee_are_said_in_words_in_both_languages(referee):
    referee.setup_table("ema-2016", referee="")
    warning = commit(referee, "incident", seat=1, offence="warning")
    referee.controller.undo("wrong seat")
    view = open_history(referee)
    referee.tap(view.voided_toggle)
    view.open_detail(view.model.rows[0])
    when = view.detail_when.text().splitlines()
    assert "Entered by: the referee (no name given)" in when
    assert view.detail_voided.text() == "VOIDED on 22/11/2026 10:00 by the referee (no name given): wrong seat"
    install_translators(QApplication.instance(), "fr")
    try:
        QApplication.processEvents()
        assert view.detail_voided.text().endswith("par l’arbitre (nom non saisi)\u00a0: mauvaise place")
        assert "Saisi par\u00a0: l’arbitre (nom non saisi)" in view.detail_when.text().splitlines()
        assert view.search.placeholderText() == "Recherche\u00a0: faute, joueur, mot"
    finally:
        install_translators(QApplication.instance(), "en")
    assert warning["by"] == "referee"
    assert by_text("table") == "the players (table mode)"


def test_the_player_choices_are_in_the_languages_alphabetical_order(referee):
    w = referee.window
    s = w.setup
    s.tournament.setText("Open de Lyon")
    for edit, name in zip(s.players, ("Zoé", "Émile", "bob", "Ann"), strict=True):
        edit.setText(name)  # (typed keys cannot carry accents in a test)
    referee.tap(s.ruleset.buttons["wrc-2015"])
    referee.tap(s.pin_setup.choice.buttons["none"])  # "No PIN (club night)"
    referee.tap(s.start_button)
    assert w.pages.currentWidget() is w.board
    view = open_history(referee)
    referee.tap(view.player_button)
    assert list(view.picker_buttons) == ["", "Ann", "bob", "Émile", "Zoé"]
    assert [b.text() for b in view.picker_buttons.values()][0] == "All players"


def test_values_stored_by_a_newer_version_are_said_as_such_never_as_ids():
    row = {"ruling": {"ruling": {"kind": "yellow_card"}}, "ruleset_id": "ema-2016"}
    assert ruling_text(row, {}) == "A ruling of a newer version"
    assert offence_text("juggling_tiles") == "An offence of a newer version"
    assert answer_line("blood_type", "O") == "• An answer of a newer version: O"
    assert void_reason_text("") == "no reason given"
    assert void_reason_text("typed at the command line") == "typed at the command line"
