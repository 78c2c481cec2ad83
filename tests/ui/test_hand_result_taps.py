"""Nothing on the Hand result form moves while it is filled, at the four sizes in English and French (issue 29, 2).

A referee's finger taps the first winner; a second tap at the same spot (a bounce, or the finger not yet lifted away)
must land on the same button, never on another player: before, in landscape, the winner and discarder buttons shrank
to half their width to make room for the value the moment the winner was tapped, so the second tap chose a second
winner. A second winner (a double ron, or a head bump) is an explicit step: "Multiple ron".

Each test taps as a finger does (at a point of the window) and compares the place of every button shown before a
tap with its place after it, in the form's own coordinates (scrolling the form is not the form moving)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QWidget

from refapp.app import install_translators

from .layout import SIZE_IDS, SIZES, layout_problems

NAMES = ("Ann Lefèvre", "Bob Martin", "Chloé Dubois", "Daniel Wu")


def start(referee, ruleset: str) -> None:
    """Setup filled as typed (the names have accents: QTest types ASCII only), then Start."""
    w = referee.window
    s = w.setup
    s.tournament.setText("Open de Paris")
    for edit, name in zip(s.players, NAMES, strict=True):
        edit.setText(name)
    referee.tap(s.ruleset.buttons[ruleset])
    s.referee.setText("Sylvie")
    if not s.pin_setup.answered():
        referee.tap(s.pin_setup.choice.buttons["none"])
    referee.tap(s.start_button)
    assert w.pages.currentWidget() is w.board, s.message.text()


def label(b: QAbstractButton) -> str:
    """The button's text and the names of its nearest named parents ("value_2/han_2 '+'")."""
    path = []
    w: QWidget | None = b
    while w is not None and len(path) < 2:
        if w.objectName():
            path.append(w.objectName())
        w = w.parentWidget()
    return f"{'/'.join(reversed(path))} {b.text()!r}"


def places(entry) -> dict[QAbstractButton, QRect]:
    """Every button shown on the form, with its rectangle: in the scrolled form's coordinates for what scrolls, in
    the page's for the rest (Cancel, Preview)."""
    QApplication.processEvents()
    out = {}
    for b in entry.findChildren(QAbstractButton):
        if b.isVisible():
            ref = entry.inner if entry.inner.isAncestorOf(b) else entry
            out[b] = QRect(b.mapTo(ref, QPoint(0, 0)), b.size())
    return out


def moved(before: dict[QAbstractButton, QRect], entry) -> list[str]:
    """The buttons shown before and after that are not where they were."""
    after = places(entry)
    return [
        f"{label(b)}: {r.getRect()} -> {after[b].getRect()}" for b, r in before.items() if b in after and after[b] != r
    ]


def finger(referee, point: QPoint) -> QWidget:
    """A tap at a point of the window (no scrolling first: the finger is where it is); returns what it hit."""
    w = referee.window
    hit = w.childAt(point)
    assert hit is not None, point
    referee.qtbot.mouseClick(hit, Qt.MouseButton.LeftButton, pos=hit.mapFrom(w, point))
    QApplication.processEvents()
    return hit


def tap_checked(referee, entry, widget: QWidget) -> list[str]:
    """A tap on ``widget`` (scrolled into view as a finger would swipe first): what moved."""
    from .conftest import scroll_to

    scroll_to(widget)
    before = places(entry)
    referee.tap(widget)
    return moved(before, entry)


@pytest.fixture
def language(qapp):
    langs = []

    def use(lang: str) -> None:
        install_translators(QApplication.instance(), lang)
        langs.append(lang)

    yield use
    if langs:
        install_translators(QApplication.instance(), "en")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_second_tap_on_the_winner_never_chooses_a_second_winner(referee, language, size, lang):
    """EMA 2016 (multiple ron allowed). The referee taps Chloé as the winner and taps again at the same spot: the
    second tap lands on Chloé again (taking her back), never on another player; nothing on the form moved."""
    start(referee, "ema-2016")
    language(lang)
    w = referee.window
    w.resize(*size)
    entry = referee.open_hand_result()
    QApplication.processEvents()
    winner = entry.seat_toggles[2]
    spot = winner.mapTo(w, winner.rect().center())
    before = places(entry)
    first = finger(referee, spot)
    chosen = [t.isChecked() for t in entry.seat_toggles]
    after_first = moved(before, entry)
    second = finger(referee, spot)
    winners = [t.text() for t in entry.seat_toggles if t.isChecked()]
    assert (first, chosen) == (winner, [False, False, True, False])
    assert second is winner and winners == [], f"the second tap at the same spot chose {winners}"
    assert entry.editors == {}
    assert after_first == [] and moved(before, entry) == [], "the form moved under the finger"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_nothing_moves_while_a_ron_and_a_double_ron_are_filled(referee, language, size, lang):
    """Every tap of an ordinary ron (winner, discarder, han up to 5 (the fu no longer asked), fu, a limit, points, back
    to han + fu), then a second winner as its own step, then Liability opened last: every button shown before a tap
    is where it was after it. A tap on another player without the step moves the win to that player."""
    start(referee, "ema-2016")
    language(lang)
    w = referee.window
    w.resize(*size)
    entry = referee.open_hand_result()
    width = entry.inner.width()
    taps = [entry.seat_toggles[2], entry.discarder.buttons["3"]]
    bad = {}
    for t in taps:
        bad[label(t)] = tap_checked(referee, entry, t)
    ed = entry.editors[2]
    for t in [ed.han.plus] * 5 + [ed.han.minus] * 3 + [ed.fu.buttons["30"], ed.mode.buttons["limit"]]:
        bad[label(t)] = tap_checked(referee, entry, t)
    for t in [ed.limit.buttons["yakuman"], ed.mode.buttons["points"], ed.points.plus, ed.mode.buttons["han"]]:
        bad[label(t)] = tap_checked(referee, entry, t)
    assert entry.next_button.isEnabled(), entry.status.text()
    # another player, without the step: the win moves to that player (one winner, one value)
    bad["Daniel"] = tap_checked(referee, entry, entry.seat_toggles[3])
    assert [t.isChecked() for t in entry.seat_toggles] == [False, False, False, True] and list(entry.editors) == [3]
    bad["Chloé again"] = tap_checked(referee, entry, entry.seat_toggles[2])
    assert list(entry.editors) == [2]
    # the second winner, as a step of its own: Chloé's value stays where it was, Daniel's comes below it
    bad["another"] = tap_checked(referee, entry, entry.another)
    assert entry.status.text().startswith("Multiple ron: tap the other player who called ron") or lang == "fr"
    assert not entry.next_button.isEnabled()
    bad["Daniel as well"] = tap_checked(referee, entry, entry.seat_toggles[3])
    assert [t.isChecked() for t in entry.seat_toggles] == [False, False, True, True]
    assert list(entry.editors) == [2, 3]
    bad["Daniel's pao"] = tap_checked(referee, entry, entry.editors[3].pao_toggle)  # the last value: nothing below
    assert entry.inner.width() == width, "the form changed width (the scroll bar took its room)"
    assert {k: v for k, v in bad.items() if v} == {}
    assert layout_problems(w) == []


def test_taking_back_the_second_winner_keeps_the_first(referee):
    start(referee, "ema-2016")
    entry = referee.open_hand_result()
    referee.tap(entry.seat_toggles[3])
    referee.tap(entry.another)
    referee.tap(entry.seat_toggles[1])
    assert sorted(entry.editors) == [1, 3]
    referee.tap(entry.another)  # taken back: the first winner tapped stays the only one
    assert [t.isChecked() for t in entry.seat_toggles] == [False, False, False, True]
    assert list(entry.editors) == [3]
    referee.tap(entry.seat_toggles[1])
    assert [t.isChecked() for t in entry.seat_toggles] == [False, True, False, False]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_nothing_moves_at_a_draw_when_a_riichi_player_is_marked_tenpai(referee, language, size, lang):
    """Japanese modern, Ann and Chloé in riichi: at the exhaustive draw both are flagged (noten riichi?). Ann tapped
    tenpai: her flag goes, Chloé's buttons stay where they were; Nagashi mangan and the flags keep their places."""
    start(referee, "japanese-modern")
    c = referee.controller
    for seat in (0, 2):
        assert c.commit(c.new_event("riichi", seat=seat)) is not None, c.last_error
    language(lang)
    w = referee.window
    w.resize(*size)
    entry = referee.open_hand_result()
    referee.tap(entry.kind.buttons["draw"])
    assert entry.noten_riichi_flags[2].isVisible() and entry.noten_riichi_flags[0].isVisible()
    bad = {"Ann tenpai": tap_checked(referee, entry, entry.seat_toggles[0])}
    assert not entry.noten_riichi_flags[0].isVisible() and entry.noten_riichi_flags[2].isVisible()
    bad["Chloé noten"] = tap_checked(referee, entry, entry.noten_riichi_flags[2].noten_button)
    bad["Bob tenpai"] = tap_checked(referee, entry, entry.seat_toggles[1])
    assert entry.next_button.isEnabled(), entry.status.text()
    assert {k: v for k, v in bad.items() if v} == {}
