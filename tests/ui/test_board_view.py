"""The read-only board shows the ledger's current state."""

from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QApplication

from refapp.app import install_translators
from refapp.domain.board import board_facts
from refapp.domain.ledger_json import state_to_json
from refapp.ui.shell.main_window import MainWindow
from tests.logs import draw, fold, hand, riichi, ron, start


def test_board_shows_names_winds_scores_sticks_counters_and_round(qtbot):
    QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedKingdom))
    install_translators(QApplication.instance(), "en")
    st = fold([start("ema-2016"), riichi(1), draw(1), riichi(2)])
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    w.show_state(st)
    board = w.board
    shown = [(p.wind.text(), p.name.text(), p.score.text(), p.badges.text(), p.in_riichi()) for p in board.seats]
    assert shown == [
        ("North", "Ann", "29,000", "", False),
        ("East", "Bob", "32,000", "", False),
        ("South", "Cyd", "28,000", "", True),
        ("West", "Dan", "29,000", "", False),
    ]
    assert [p.dealer_tag.isVisible() for p in board.seats] == [False, True, False, False]
    assert board.seats[1].dealer_tag.text() == "Dealer"
    # riichi on a seat is a drawn stick where the Riichi button was, not a word
    assert board.seats[2].stick.isVisible() and not board.seats[2].riichi.isEnabled()
    assert not board.seats[0].stick.isVisible() and board.seats[0].riichi.isEnabled()
    assert board.centre.round.text() == "East 2"
    assert board.centre.counters.text() == "1 counter"
    assert board.centre.sticks.text() == "2 riichi sticks"
    assert board.centre.stick_icon.isVisible() and board.centre.counter_icon.isVisible()
    assert board.centre.ruleset.text() == "EMA 2016"


PENALTIES = ("penalties", "penalty_table", "penalty_overall")  # the point penalties of the hanchan (the seat's badge)


def test_the_board_shows_the_ledgers_own_seat_serialisation(qtbot):
    """One seat serialisation: the board's seat is the command line's seat (overall in the rule set's unit: a WRC
    chonbo of 20,000 table points shows as -20), plus whether a substitute plays it."""
    from tests.logs import ev

    st = fold(
        [start("wrc-2015"), ev("incident", seat=1, offence="invalid_win_revealed", answers={"simultaneous_win": False})]
    )
    cli = state_to_json(st)["seats"]
    facts = board_facts(st)["seats"]
    for mine, theirs in zip(facts, cli, strict=True):
        assert set(mine) == set(theirs) | {"substitute", *PENALTIES}
        assert {k: v for k, v in mine.items() if k not in ("overall", "substitute", *PENALTIES)} == {
            k: v for k, v in theirs.items() if k != "overall"
        }
    assert [s["overall"] for s in cli] == [0, -20000, 0, 0]
    assert [s["overall"] for s in facts] == [0, -20, 0, 0]


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


def _border_colour(seat) -> str:
    """The colour of a seat's left border, as painted."""
    image = seat.grab().toImage()
    return image.pixelColor(1, image.height() // 2).name()


def test_the_dealers_seat_has_the_dealer_border_from_the_first_frame_on(qtbot):
    """A start paints the board kept from the last run before it is sized (its sheet is set when first shown); the
    dealer's border is there in that first frame, and follows the dealer afterwards."""
    from refapp.ui.common.theme import apply_theme

    apply_theme("light")
    first = board_facts(fold([start("ema-2016"), draw(1)]))  # East 2: Bob deals
    w = MainWindow(starting=True)
    qtbot.addWidget(w)
    w.board.set_facts(first, 1)  # before the first show, as a quick start does
    w.show()
    qtbot.waitExposed(w)
    plain = _border_colour(w.board.seats[0])
    assert _border_colour(w.board.seats[1]) == "#c77700" != plain
    assert [_border_colour(p) for p in w.board.seats].count("#c77700") == 1
    w.board.set_facts(board_facts(fold([start("ema-2016"), draw(1), draw(2)])), 1)  # East 3: Cyd deals
    assert [_border_colour(p) == "#c77700" for p in w.board.seats] == [False, False, True, False]
