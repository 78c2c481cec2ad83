"""A head bump entered as a referee does (issue 29, problem 3). Under WRC 2015 a double ron is a head bump: only the
first caller from the discarder's right wins. The form asks only that winner's value, never the bumped player's, and
the preview, the "Recorded" message and the undo dialog say who won and who was bumped, never that the bumped player
won."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from refapp.app import install_translators
from refapp.ui.hand_result import ValueEditor

from .conftest import preview_table
from .layout import SIZE_IDS, SIZES, layout_problems
from .test_flows import E30, lines_of, minus, stored


def shown_values(entry) -> list[int]:
    """The seats whose hand value the form shows (asks for)."""
    return sorted(e.seat for e in entry.findChildren(ValueEditor) if e.isVisibleTo(entry))


def test_only_the_winners_value_is_asked_and_the_bumped_player_is_named_as_bumped(referee):
    """WRC 2015, 30,000 each. Ann riichi (1 stick). Bob discards; Dan and Cyd both call ron. The referee taps Dan
    first, then Multiple ron, Cyd, then Bob as the discarder: Cyd (seat 2) is first from Bob's right, so Cyd wins and
    Dan is bumped. Cyd's mangan: 8,000 from Bob + the stick = 9,000; Dan receives nothing."""
    w = referee.window
    c = referee.controller
    referee.setup_table("wrc-2015")
    referee.riichi(0)
    assert referee.scores() == ["29,000", E30, E30, E30]
    entry = referee.open_hand_result()
    referee.tap(entry.seat_toggles[3])
    referee.tap(entry.another)
    referee.tap(entry.seat_toggles[2])
    assert shown_values(entry) == [3], "before the discarder is known, one value: the first tapped"
    assert entry.status.isVisible()
    assert entry.status.text() == "Head bump: only the first player from the discarder's right wins. Tap the discarder."
    referee.tap(entry.discarder.buttons["1"])
    assert shown_values(entry) == [2], "the winner's value only: no value field for the bumped player"
    assert 3 not in entry.editors
    said = "Head bump: Cyd wins, the first from Bob's right. Dan is bumped: no value is asked."
    assert entry.status.text() == f"{said} Cyd's hand: set the han and fu (or a limit, or points)."
    ed = entry.editors[2]
    referee.tap(ed.mode.buttons["limit"])
    referee.tap(ed.limit.buttons["mangan"])
    assert entry.next_button.isEnabled(), entry.status.text()
    assert entry.status.isVisible() and entry.status.text() == said, "said above Preview, where the eye is"
    referee.preview_hand()
    pp = w.hand.preview_panel
    assert [minus(row[2]) for row in preview_table(pp)[1:]] == ["0", "-8,000", "+9,000", "0"]
    said = lines_of(pp.lines)
    assert "Head bump: Cyd wins, the first from Bob's right. Dan is bumped and receives nothing." in said
    assert not any("Dan" in line and "won" in line for line in said)
    referee.confirm_hand()
    assert referee.scores() == ["29,000", "22,000", "39,000", E30]
    assert referee.centre() == ("East 2", "0 counters", "0 riichi sticks")
    assert w.notice.message.text() == "Recorded: Ron: Cyd from Bob, mangan; Dan bumped (head bump), receives nothing"
    win = stored(c)[-1]
    assert (win["winners"], win["bumped"]) == ([{"seat": 2, "limit": "mangan"}], [3])
    # the undo dialog says the same
    assert c.describe_entry(win) == "Ron: Cyd from Bob, mangan; Dan bumped (head bump), receives nothing"


def test_a_log_that_gave_both_values_is_still_said_as_a_head_bump(referee):
    """A win stored before the form asked only the winner's value (both callers with a value): the undo dialog and
    the Recorded message name the first from the discarder's right as the winner and the other as bumped."""
    c = referee.controller
    referee.setup_table("wrc-2015")
    both = [{"seat": 2, "han": 2, "fu": 30}, {"seat": 3, "han": 1, "fu": 30}]
    assert c.commit(c.new_event("win", kind="ron", discarder=1, winners=both)) is not None, c.last_error
    assert referee.scores() == [E30, "28,000", "32,000", E30]
    assert referee.window.notice.message.text() == (
        "Recorded: Ron: Cyd from Bob, 2 han 30 fu; Dan bumped (head bump), receives nothing"
    )


def test_where_every_caller_wins_each_value_is_asked(referee):
    """EMA 2016 (multiple ron allowed): both callers win, both values are asked, nobody is bumped."""
    referee.setup_table("ema-2016")
    entry = referee.open_hand_result()
    referee.tap(entry.seat_toggles[3])
    referee.tap(entry.another)
    referee.tap(entry.seat_toggles[2])
    referee.tap(entry.discarder.buttons["1"])
    assert shown_values(entry) == [2, 3] and "bump" not in entry.status.text()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_head_bump_entry_fits_every_size(referee, size, lang):
    """The head bump said on the form and in its preview: nothing cut or scrolling sideways, in both languages."""
    w = referee.window
    referee.setup_table("wrc-2015")
    try:
        install_translators(QApplication.instance(), lang)
        w.resize(*size)
        entry = referee.open_hand_result()
        referee.tap(entry.seat_toggles[3])
        referee.tap(entry.another)
        referee.tap(entry.seat_toggles[2])
        referee.tap(entry.discarder.buttons["1"])
        referee.tap(entry.editors[2].han.plus)
        referee.tap(entry.editors[2].fu.buttons["30"])
        assert entry.status.isVisible() and entry.next_button.isEnabled() and layout_problems(w) == []
        referee.preview_hand()
        assert layout_problems(w) == []
    finally:
        install_translators(QApplication.instance(), "en")
