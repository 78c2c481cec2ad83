"""Names and notes are plain text on every screen: a player named ``<b>X</b>`` or ``<img src=x>`` is shown as those
characters, never as bold text or an image (Qt labels guess "rich text" from a tag otherwise)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox, QWidget

from refapp.ui.shell.undo_dialog import UndoDialog
from tests.ui.conftest import tap

HOSTILE = ("<b>X</b>", "<img src=x>", "<i>Cy</i>", "<u>D</u>&lt;")
TOURNAMENT = "<h1>Open</h1>"
NOTE = "<a href='x'>phone</a>"


def shown_as_typed(label: QLabel) -> bool:
    """Whether the label draws its text character for character (no tags interpreted)."""
    text = label.text()
    plain = label.textFormat() == Qt.TextFormat.PlainText or (
        label.textFormat() == Qt.TextFormat.AutoText and not GuiQt.mightBeRichText(text)
    )
    if not plain:
        return False
    if not label.wordWrap():  # and it is as wide as the characters are (rich text would draw "X" alone)
        return label.sizeHint().width() >= label.fontMetrics().horizontalAdvance(text) - 2
    return True


def labels_with_tags(root: QWidget) -> list[QLabel]:
    found = [lab for lab in root.findChildren(QLabel) if lab.isVisible() and "<" in lab.text()]
    if isinstance(root, QLabel) and root.isVisible() and "<" in root.text():
        found.append(root)
    return found


def check(root: QWidget, expect: tuple[str, ...]) -> None:
    QApplication.processEvents()
    labels = labels_with_tags(root)
    shown = " ".join(lab.text() for lab in labels)
    for text in expect:
        assert text in shown, f"{text!r} is not on screen"
    bad = [lab.text() for lab in labels if not shown_as_typed(lab)]
    assert bad == [], f"shown as rich text: {bad}"


@pytest.fixture
def hostile_table(referee):
    referee.setup_table("ema-2016", players=HOSTILE, tournament=TOURNAMENT, referee="<b>Ref</b>")
    return referee


def test_the_board_shows_names_as_typed(hostile_table):
    w = hostile_table.window
    check(w.board, HOSTILE)
    assert [p.name.text() for p in w.board.seats] == list(HOSTILE)
    for panel, name in zip(w.board.seats, HOSTILE, strict=True):
        tip = panel.name.toolTip()  # tooltips guess rich text too: the name must come out as typed
        assert tip == GuiQt.convertFromPlainText(name) or not GuiQt.mightBeRichText(tip)


def test_rulings_history_results_setup_and_undo_show_names_as_typed(hostile_table, monkeypatch):
    referee = hostile_table
    w = referee.window
    referee.ruling(0, "point_penalty", {"reason": "conduct", "amount": 1000}, note=NOTE)
    check(w.ruling, (HOSTILE[0],))
    referee.tap(w.ruling.preview_panel.confirm_button)

    referee.tap(w.nav["history"])
    check(w.history, ())
    w.history._row_clicked(w.history.model.index(0))  # the incident's detail page: player, note, referee
    check(w.history, (HOSTILE[0], NOTE))

    referee.tap(w.nav["results"])
    check(w.results, HOSTILE)

    referee.tap(w.nav["setup"])
    check(w.setup, ())

    seen = []

    def look(dialog: UndoDialog) -> None:
        check(dialog, (HOSTILE[0],))
        seen.append(True)
        tap(referee.qtbot, dialog.findChildren(type(dialog.yes))[0])

    referee.dialogs.on_undo(look)
    referee.tap(w.nav["undo"])
    assert seen == [True]


def test_message_boxes_show_text_as_typed(qtbot, app_window):
    box = QMessageBox(QMessageBox.Icon.Critical, "refapp", "players: <b>X</b>, <img src=x>")
    qtbot.addWidget(box)
    box.show()
    check(box, ("<b>X</b>",))
