"""Every stored entry in one line of words (refapp.ui.common.describe), in English and French: what the undo dialog and the
"Recorded" message say. No raw value ever: an unknown reason or offence is left out."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QApplication

from refapp.app import install_translators
from refapp.ui.common.describe import describe, hand_value

NAMES = ["Ann", "Bruno", "Cyd", "Dana"]


@pytest.fixture
def english(qapp):
    install_translators(QApplication.instance(), "en")
    yield
    QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedKingdom))


@pytest.fixture
def french(qapp):
    install_translators(QApplication.instance(), "fr")
    yield
    install_translators(QApplication.instance(), "en")


def ron(discarder: int, *winners: dict) -> dict:
    return {"type": "win", "kind": "ron", "discarder": discarder, "winners": list(winners)}


@pytest.mark.parametrize(
    ("event", "ruling", "words"),
    [
        ({"type": "riichi", "seat": 1}, "", "Riichi: Bruno"),
        (ron(1, {"seat": 3, "han": 3, "fu": 40}), "", "Ron: Dana from Bruno, 3 han 40 fu"),
        (ron(0, {"seat": 2, "limit": "mangan"}), "", "Ron: Cyd from Ann, mangan"),
        (ron(0, {"seat": 2, "han": 6}), "", "Ron: Cyd from Ann, 6 han"),
        (ron(0, {"seat": 2, "points": 8000}), "", "Ron: Cyd from Ann, 8,000 points"),
        (ron(0, {"seat": 2, "limit": "yakuman", "yakuman": 2}), "", "Ron: Cyd from Ann, 2× yakuman"),
        (
            ron(0, {"seat": 2, "limit": "yakuman", "liable": 3}),
            "",
            "Ron: Cyd from Ann, yakuman, Dana liable (pao)",
        ),
        (
            ron(1, {"seat": 2, "han": 2, "fu": 30}, {"seat": 3, "limit": "mangan"}),
            "",
            "Ron: Cyd (2 han 30 fu) and Dana (mangan) from Bruno",
        ),
        ({"type": "win", "kind": "tsumo", "winners": [{"seat": 0, "han": 1, "fu": 30}]}, "", "Tsumo: Ann, 1 han 30 fu"),
        (
            {"type": "win", "kind": "tsumo", "winners": [{"seat": 1, "points": 2000, "dealer_points": 3900}]},
            "",
            "Tsumo: Bruno, 2,000 points each, 3,900 from the dealer",
        ),
        ({"type": "draw", "tenpai": [2, 0]}, "", "Exhaustive draw: tenpai Ann, Cyd"),
        ({"type": "draw", "tenpai": []}, "", "Exhaustive draw: all noten"),
        ({"type": "draw", "tenpai": [0, 1, 2, 3]}, "", "Exhaustive draw: all tenpai"),
        (
            {"type": "draw", "tenpai": [2], "nagashi": [3, 1]},
            "",
            "Exhaustive draw: tenpai Cyd; nagashi mangan: Bruno, Dana",
        ),
        ({"type": "draw", "kind": "abortive", "reason": "four winds"}, "", "Abortive draw: four winds"),
        ({"type": "draw", "kind": "abortive", "reason": "made-up reason"}, "", "Abortive draw"),
        (
            {"type": "incident", "seat": 2, "offence": "invalid_win_revealed", "answers": {}},
            "chombo",
            "Chombo: Cyd (invalid win, hand revealed)",
        ),
        (
            {"type": "incident", "seat": 0, "offence": "late_arrival"},
            "point_penalty",
            "Point penalty: Ann (late arrival)",
        ),
        ({"type": "incident", "seat": 0, "offence": "late_arrival"}, "", "Late arrival: Ann"),
        ({"type": "incident", "seat": 0, "offence": "no_such_offence"}, "warning", "Warning: Ann"),
        ({"type": "incident", "seat": 0, "offence": "no_such_offence"}, "", "Ruling: Ann"),
        ({"type": "incident", "seat": 0, "offence": "warning"}, "warning", "Warning: Ann"),  # (an entry of before)
        (
            {"type": "incident", "seat": 0, "offence": "warning", "answers": {"reason": "disturbance"}},
            "warning",
            "Warning: Ann (disturbance)",
        ),
        (
            {"type": "incident", "seat": 1, "offence": "dead_hand", "answers": {"cause": "swap_calling"}},
            "dead_hand",
            "Dead hand: Bruno (swap-calling (kuikae))",
        ),
        (
            {"type": "incident", "seat": 1, "offence": "dead_hand", "answers": {"cause": "other"}},
            "dead_hand",
            "Dead hand: Bruno (another offence)",
        ),
        ({"type": "hanchan_start", "players": NAMES, "hanchan": 3}, "", "Start of hanchan 3: Ann, Bruno, Cyd, Dana"),
        ({"type": "hanchan_end", "reason": "time limit"}, "", "End of the hanchan"),
        ({"type": "something_new"}, "", "An entry"),
    ],
)
def test_entries_in_english(english, event, ruling, words):
    assert describe(event, NAMES, ruling) == words


def test_a_head_bump_names_the_winner_and_each_bumped_player(english):
    """A head bump: the winner's value, and each caller bumped by name, never said to have won; a log that gave
    every caller's value reads the same under a head-bump rule set (the first from the discarder's right won)."""
    bumped = {**ron(1, {"seat": 2, "limit": "mangan"}), "bumped": [3]}
    assert describe(bumped, NAMES) == "Ron: Cyd from Bruno, mangan; Dana bumped (head bump), receives nothing"
    two = {**ron(2, {"seat": 3, "han": 2, "fu": 30}), "bumped": [0, 1]}
    assert describe(two, NAMES) == (
        "Ron: Dana from Cyd, 2 han 30 fu; Ann bumped (head bump), receives nothing; "
        "Bruno bumped (head bump), receives nothing"
    )
    both = ron(0, {"seat": 3, "han": 1, "fu": 30}, {"seat": 1, "han": 2, "fu": 30})
    assert describe(both, NAMES, head_bump=True) == (
        "Ron: Bruno from Ann, 2 han 30 fu; Dana bumped (head bump), receives nothing"
    )
    assert describe(both, NAMES) == "Ron: Dana (1 han 30 fu) and Bruno (2 han 30 fu) from Ann"  # every caller won
    void = {"type": "void", "target": "w1"}
    assert describe(void, NAMES, target=both, head_bump=True) == (
        "Undo of Ron: Bruno from Ann, 2 han 30 fu; Dana bumped (head bump), receives nothing"
    )


def test_the_chonbo_word_of_the_rule_set(english):
    event = {"type": "incident", "seat": 2, "offence": "invalid_win_revealed"}
    assert describe(event, NAMES, "chombo", "chonbo") == "Chonbo: Cyd (invalid win, hand revealed)"


def test_an_undo_names_what_it_undid(english):
    target = {"type": "riichi", "seat": 3, "id": "r1"}
    void = {"type": "void", "target": "r1"}
    assert describe(void, NAMES, target=target) == "Undo of Riichi: Dana"
    incident = {"type": "incident", "seat": 2, "offence": "invalid_win_revealed"}
    assert describe(void, NAMES, target=incident, target_ruling="chombo") == (
        "Undo of Chombo: Cyd (invalid win, hand revealed)"
    )


def test_entries_in_french(french):
    assert (
        describe(ron(1, {"seat": 3, "han": 3, "fu": 40}), NAMES) == "Ron\u00a0: Dana sur l’écart de Bruno, 3 han 40 fu"
    )
    assert describe({"type": "riichi", "seat": 1}, NAMES) == "Riichi\u00a0: Bruno"
    bumped = {**ron(1, {"seat": 2, "limit": "mangan"}), "bumped": [3]}
    assert describe(bumped, NAMES) == (
        "Ron\u00a0: Cyd sur l’écart de Bruno, mangan\u00a0; Dana\u00a0: atamahane, ne reçoit rien"
    )
    assert describe({"type": "draw", "tenpai": [1]}, NAMES) == "Partie du mur\u00a0: tenpai Bruno"
    incident = {"type": "incident", "seat": 2, "offence": "invalid_win_revealed"}
    words = describe(incident, NAMES, "chombo")
    assert words.startswith("Chombo\u00a0: Cyd (") and words.endswith(")") and "invalid" not in words
    assert hand_value({"points": 8000}) == "8\u202f000 points" or hand_value({"points": 8000}) == "8\u00a0000 points"
