"""What issue 13 changes on screen: the source-status badge, WRC penalties in points, the French of WRC 2015 in the
French translation's own words, liability hands and substitutes in the results."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

from refapp.app import install_translators
from refapp.ui.common.texts import offence_name, ruleset_text

from .test_flows import lines_of


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\u00a0", " ")


def test_an_unverified_cell_shows_a_badge_a_verified_one_does_not(referee):
    """EMA 2016 §5.3 was not read: the preview says so with a badge and a note in the referee's words; EMA 2016
    §5.1.2 (an empty win call) was read: no badge."""
    w = referee.window
    referee.setup_table("ema-2016")
    referee.ruling(1, "riichi_bet_missing")
    pp = w.ruling.preview_panel
    assert pp.badge.isVisible() and pp.badge.text() == "⚠ Source not verified: check the printed rule book"
    assert pp.note.text() == "Rule-set note: The 2016 text was not seen: the 2012 ruling is used."
    assert "[" not in pp.note.text() and "RULES" not in pp.note.text()
    referee.tap(pp.cancel_button)
    referee.ruling(1, "empty_win_call")
    assert not w.ruling.preview_panel.badge.isVisible()


def test_wrc_penalties_are_entered_and_shown_in_points(referee):
    """WRC 2015 §7.1: "(1 overall score point is equivalent to 1,000 points at the table.)" The referee enters 35
    (points), the preview says 35 points off the overall score, the table is untouched: overall -35."""
    w = referee.window
    referee.setup_table("wrc-2015")
    referee.ruling(1, "point_penalty", {"reason": "conduct", "amount": 35})
    q = w.ruling.questions
    assert q.widgets["amount"].value() == 35
    pp = w.ruling.preview_panel
    assert pp.ruling.text() == "Point penalty — 35 points (overall score)"
    assert "Bob loses 35 points from the overall score; the table scores do not change." in lines_of(pp.lines)
    referee.tap(pp.confirm_button)
    assert referee.seats()[1][2:4] == ("30,000", "Overall \u221235 points")


def test_wrc2015_french_follows_the_french_rule_book(referee, qtbot):
    """The French WRC 2015 rules: "Kong caché invalide après avoir déclaré riichi", "Appel vide pour un chow, pung ou
    kong", "Déclaration vide de victoire", "mise de riichi", "le chonbo est annulé", "20 points de pénalité", "Le
    joueur paye quand même pour être noten"."""
    app = QApplication.instance()
    install_translators(app, "fr")
    try:
        assert offence_name("invalid_kan_after_riichi") == "Kong caché invalide après riichi"
        assert offence_name("empty_meld_call") == "Appel vide pour un chow, pung ou kong"
        assert offence_name("empty_win_call") == "Déclaration vide de victoire, main restée cachée"
        assert offence_name("riichi_bet_missing") == "Mise de riichi non placée"
        assert _plain(ruleset_text("§7.2 Empty call (win, hand shown)")) == (
            "§7.2 Appel vide : déclaration vide de victoire, main révélée"
        )
        assert "20 points de pénalité" in ruleset_text(
            "The hand was formally declared dead: 20 points penalty, the game continues."
        )
        assert "Le joueur paye quand même pour être noten" in ruleset_text(
            "※ No chonbo: the hand is noten only because of a dead hand after the riichi. The player still pays for "
            "being noten at the draw, and if he is East the deal rotates."
        )
        voided = QCoreApplication.translate(
            "Preview", "The chonbo is voided: another player won at the same moment. Score the win."
        )
        assert _plain(voided).startswith("Le chonbo est annulé :")
        # a WRC chonbo voided by a simultaneous win says chonbo on the preview
        w = referee.window
        referee.setup_table("wrc-2015")
        referee.ruling(1, "invalid_win_revealed", {"simultaneous_win": True})
        assert _plain(lines_of(w.ruling.preview_panel.lines)[0]).startswith("Le chonbo est annulé :")
        referee.tap(w.ruling.preview_panel.cancel_button)
        referee.ruling(1, "riichi_bet_missing")
        assert not w.ruling.preview_panel.badge.isVisible()
    finally:
        install_translators(app, "en")
