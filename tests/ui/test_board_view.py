"""The read-only board shows the ledger's current state."""

from PySide6.QtCore import QLocale

from refapp.ui.main_window import MainWindow
from tests.logs import draw, fold, hand, riichi, ron, start


def test_board_shows_names_winds_scores_sticks_counters_and_round(qtbot):
    QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedKingdom))
    st = fold([start("ema-2016"), riichi(1), draw(1), riichi(2)])
    w = MainWindow()
    qtbot.addWidget(w)
    w.show_state(st)
    board = w.board
    shown = [(p.wind.text(), p.name.text(), p.score.text(), p.badges.text()) for p in board.seats]
    assert shown == [
        ("North", "Ann", "29,000", ""),
        ("East · dealer", "Bob", "32,000", ""),
        ("South", "Cyd", "28,000", "RIICHI"),
        ("West", "Dan", "29,000", ""),
    ]
    assert board.centre.round.text() == "East 2"
    assert board.centre.counters.text() == "Counters: 1"
    assert board.centre.sticks.text() == "Riichi sticks: 2"
    assert board.centre.ruleset.text() == "EMA 2016"


def test_board_shows_the_end_of_the_hanchan(qtbot):
    st = fold(
        [
            start("wrc-2015", resume={"scores": [30000] * 4, "round_wind": "S", "hand": 4}),
            ron(0, hand(1, limit="mangan")),
        ]
    )
    w = MainWindow()
    qtbot.addWidget(w)
    w.show_state(st)
    assert w.board.centre.round.text() == "Hanchan 1 over"


def test_empty_board_before_any_hanchan(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    w.show_state(None)
    assert w.board.empty.isVisibleTo(w) and not w.board.centre.isVisibleTo(w)
