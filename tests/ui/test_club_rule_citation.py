"""A ruling a club file changed without a citation of its own is shown as the club's rule (issue 29, problem 15): the
preview and the history's detail say "Club rule (Our club)", never the rule book's citation the ruling would
inherit, nor the rule book's note and source badge of the ruling it replaced. A ruling the club cites is shown with
its own citation.

The club extends EMA 2016 (30,000 each): riichi on an open hand, a dead hand citing §5.3 there, is a warning of the
club's own; swap-calling is a warning citing "club rule 4".
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel

from .conftest import preview_table

CLUB = """
extends = "ema-2016"
id = "club-night"
name = "Our club"
version = "2026.1"

[offences.riichi_open_hand]
rules = [{ ruling = "warning" }]

[offences.swap_calling]
citation = "club rule 4"
rules = [{ ruling = "warning" }]
"""


@pytest.fixture
def club_file(tmp_path) -> Path:
    """Written before the app is built (this fixture comes first in the tests' arguments)."""
    folder = tmp_path / "data" / "rulesets"
    folder.mkdir(parents=True)
    (folder / "club.toml").write_text(CLUB, encoding="utf-8")
    return folder


def shown_texts(panel) -> str:
    return "\n".join(lab.text() for lab in panel.findChildren(QLabel) if lab.isVisibleTo(panel))


def test_the_preview_and_the_history_say_the_club_rule(club_file, referee, qtbot):
    """Cyd (seat 2) declares riichi with an open hand: 29,000, 1 stick. Under the club's rule: a warning, nothing
    moves (30,000, 30,000, 29,000, 30,000; 1 stick); the preview names it "Club rule (Our club)", with no §5.3, no
    note nor badge of the rule book's dead hand. Bob's swap-calling: a warning citing "Our club club rule 4"."""
    w = referee.window
    referee.setup_table("club-night")
    referee.riichi(2)
    referee.ruling(2, "riichi_open_hand")
    pp = w.ruling.preview_panel
    assert pp.ruling.text() == "Warning"
    assert pp.citation.isVisible() and pp.citation.text() == "Club rule (Our club)"
    assert pp.note.isHidden() and pp.badge.isHidden()
    assert "§5.3" not in shown_texts(pp) and "2016" not in shown_texts(pp)
    assert preview_table(pp)[1:] == [
        ["Ann", "30,000", "0", "30,000"],
        ["Bob", "30,000", "0", "30,000"],
        ["Cyd", "29,000", "0", "29,000"],
        ["Dan", "30,000", "0", "30,000"],
    ]
    referee.tap(pp.confirm_button)
    assert referee.scores() == ["30,000", "30,000", "29,000", "30,000"]
    assert referee.centre() == ("East 1", "0 counters", "1 riichi stick")

    referee.ruling(1, "swap_calling")
    assert pp.ruling.text() == "Warning"
    assert pp.citation.text() == "Our club club rule 4"
    assert pp.note.isHidden() and pp.badge.isHidden()  # EMA 2016's note on its own dead hand is not the club's
    referee.tap(pp.confirm_button)

    qtbot.mouseClick(w.nav["history"], Qt.MouseButton.LeftButton)
    view = w.history
    texts = view.row_texts()
    (n,) = [i for i, text in enumerate(texts) if "Riichi on an open hand" in text]
    rect = view.list.visualRect(view.model.index(n))
    qtbot.wait(QApplication.doubleClickInterval() + 50)  # a second click sooner is a double click to QTest
    qtbot.mouseClick(view.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert view.pages.currentWidget() is view.detail_page
    assert view.detail_citation.text() == "Club rule (Our club)"

    w.setup._language("fr")
    qtbot.waitUntil(lambda: view.detail_citation.text() == "Règle du club (Our club)")
