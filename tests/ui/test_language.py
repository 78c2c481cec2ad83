"""English and French: complete, current, switchable at runtime on any screen, numbers and plurals per language,
and no clipped button text in French at the smallest window size."""

import importlib.util
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QPushButton

from refapp.app import build, install_translators
from tests.ui.conftest import close_app

ROOT = Path(__file__).resolve().parents[2]


def test_translations_are_current_complete_and_compiled():
    """Recompiles the .ts and compares with the committed .qm; fails on unfinished or obsolete French entries and on
    any source string missing from the .ts (packaging/update_translations.py --check)."""
    spec = importlib.util.spec_from_file_location("update_translations", ROOT / "packaging" / "update_translations.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.check() == []
    ts = (ROOT / "translations" / "refapp_fr.ts").read_text(encoding="utf-8")
    assert 'type="unfinished"' not in ts and 'type="obsolete"' not in ts and 'type="vanished"' not in ts


@pytest.fixture
def table(qtbot, tmp_path):
    app = QApplication.instance()
    controller, window = build(tmp_path, app)
    qtbot.addWidget(window)
    window.resize(1024, 768)
    window.show()
    s = window.setup
    s.tournament.setText("Open de Paris")
    for edit, name in zip(s.players, ["Ann", "Bob", "Cyd", "Dan"], strict=True):
        edit.setText(name)
    s.ruleset.set_value("wrc-2015")
    s.pin_setup.choice.set_value("none")  # "No PIN (club night)": the PIN question is answered
    s.start_hanchan()
    controller.commit(controller.new_event("riichi", seat=1))
    controller.commit(controller.new_event("riichi", seat=2))
    yield controller, window
    install_translators(app, "en")
    close_app(controller, window)


def test_switch_to_french_and_back_on_the_board_and_an_open_preview(table, qtbot):
    controller, window = table
    app = QApplication.instance()
    board = window.board
    assert board.seats[0].wind.text() == "East" and board.seats[0].dealer_tag.text() == "Dealer"
    assert board.centre.sticks.text() == "2 riichi sticks"
    assert board.seats[0].score.text() == "30,000"
    # open a preview, then switch the language under it: the preview stays open, now in French
    window.start_ruling(3)
    window.ruling.choose("late_arrival")
    window.ruling.questions.set_answer("minutes", 3)
    window.ruling.show_preview()
    assert window.ruling.preview_panel.confirm_button.text() == "Confirm"
    window.setup._language("fr")  # what tapping "Français" in Setup does
    qtbot.waitUntil(lambda: window.ruling.preview_panel.confirm_button.text() == "Confirmer")
    assert window.pages.currentWidget() is window.ruling  # the current screen is kept
    preview = window.ruling.preview_panel
    assert preview.cancel_button.text() == "Annuler"
    assert "Arrivée en retard" in preview.title.text()
    assert "3 points (score global)" in preview.ruling.text()  # WRC: penalties in points
    assert "§7.2" in preview.citation.text()
    window.show_board()
    assert board.seats[0].wind.text() == "Est" and board.seats[0].dealer_tag.text() == "Donneur"
    assert board.centre.sticks.text() == "2 bâtons de riichi"
    assert (
        board.seats[0].score.text().replace("\u202f", " ").replace("\u00a0", " ") == "29 000"
        or board.seats[0].score.text().replace("\u202f", " ").replace("\u00a0", " ") == "30 000"
    )
    assert window.nav["history"].text() == "Historique"
    # back to English
    window.setup._language("en")
    qtbot.waitUntil(lambda: window.nav["history"].text() == "History")
    assert board.centre.sticks.text() == "2 riichi sticks"
    assert board.seats[0].score.text() == "30,000"
    del app


def test_plurals_and_numbers_in_both_languages(table, qtbot):
    controller, window = table
    app = QApplication.instance()
    panel = window.board.seats[2]
    controller.commit(controller.new_event("incident", seat=2, offence="warning"))
    assert "1 warning" in panel.badges.text() and "warnings" not in panel.badges.text()
    controller.commit(controller.new_event("incident", seat=2, offence="warning"))
    assert "2 warnings" in panel.badges.text()
    install_translators(app, "fr")
    qtbot.waitUntil(lambda: "avertissements" in window.board.seats[2].badges.text())
    assert "2 avertissements" in panel.badges.text()
    assert window.board.centre.sticks.text() == "2 bâtons de riichi"
    controller.commit(controller.new_event("win", kind="ron", discarder=0, winners=[{"seat": 3, "han": 1, "fu": 30}]))
    assert window.board.centre.sticks.text() == "0 bâton de riichi"
    assert window.board.seats[3].score.text().replace("\u202f", " ").replace("\u00a0", " ") == "33 000"


def visible_buttons(widget) -> list[QPushButton]:
    return [b for b in widget.findChildren(QPushButton) if b.isVisibleTo(widget) and b.text()]


def test_no_clipped_button_text_in_french_at_the_smallest_window(table, qtbot):
    controller, window = table
    install_translators(QApplication.instance(), "fr")
    window.resize(window.minimumSize())
    screens = {
        "board": window.show_board,
        "palette": lambda: window.start_ruling(1),
        "questions": lambda: window.ruling.choose("tiles_exposed"),
        "preview": window.ruling.show_preview,
        "hand": window.start_hand_result,
        "history": window.show_history,
        "results": window.show_results,
        "setup": lambda: window.show_setup(force=True),
    }
    clipped = []
    for name, show in screens.items():
        show()
        QApplication.processEvents()
        page = window.pages.currentWidget()
        for b in visible_buttons(window.centralWidget()):
            if not b.isVisible() or not page.isAncestorOf(b) and b not in window.nav.values():
                continue
            if b.property("wrap"):  # the text wraps: it must fit the button's height
                lab = b.label
                needed = lab.heightForWidth(lab.width())
                words = max((lab.fontMetrics().horizontalAdvance(w) for w in b.text().split()), default=0)
                if needed > lab.height() or words > lab.width():
                    clipped.append(f"{name}: {b.text()!r} wraps to {needed}px in {lab.width()}x{lab.height()}")
                continue
            needed = b.fontMetrics().horizontalAdvance(b.text()) + 16  # the stylesheet's padding
            if needed > b.width():
                clipped.append(f"{name}: {b.text()!r} needs {needed}px, has {b.width()}px")
    assert clipped == []
