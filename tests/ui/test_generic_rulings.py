"""Issue 29 problem 7: the rulings referees give most. A point penalty offers the rule set's usual amounts as big
buttons and steps by the rule set's step; a dead hand asks which offence and its preview says what a dead hand means
for the rest of the hand; a warning asks its reason; the recorded message of a penalty states its amount; a seat shows
a badge for a penalty as it does for a dead hand."""

from __future__ import annotations

import pytest

from refapp.domain.events import LogError
from refapp.store.rulesets import RuleSetError, check_file
from tests.logs import ev, fold, start

from .test_flows import lines_of, stored


def _open(referee, seat: int, quick: str):
    """Tap a seat, then one of the palette's quick buttons: the questions page."""
    w = referee.window
    referee.tap(w.board.seats[seat])
    referee.tap(w.ruling.palette_page.quick[quick])
    q = w.ruling.questions
    assert w.ruling.currentWidget() is q
    return q


def test_a_10_point_penalty_under_wrc_is_one_tap_on_10_and_plus_steps_one_point(referee):
    """WRC 2025 §12.3 names 2, 8, 10 and 30 points: four big buttons. "10 points" is one tap (not nineteen);
    + then adds one point (the rule set's step, 1,000 table points), − takes it back. Confirmed: Cyd's overall is
    −10 points, the table scores are untouched, her seat says "1 penalty (−10 points)" and the recorded message
    says the amount."""
    w = referee.window
    referee.setup_table("wrc-2025")
    q = _open(referee, 2, "point_penalty")
    amount = q.widgets["amount"]
    assert [b.text() for b in amount.presets.values()] == ["2 points", "8 points", "10 points", "30 points"]
    assert all(b.height() >= 64 for b in amount.presets.values())
    assert q.missing_labels["amount"].text() == (
        "Choose the penalty, or set it with − and +: from 1 point, in steps of 1 point."
    )
    referee.tap(q.widgets["reason"].buttons["conduct"])
    referee.tap(amount.presets[10])
    assert amount.presets[10].isChecked() and amount.stepper.label.text() == "10 points"
    assert q.next_button.isEnabled()
    referee.tap(amount.stepper.plus)
    assert amount.stepper.label.text() == "11 points" and not any(b.isChecked() for b in amount.presets.values())
    referee.tap(amount.stepper.minus)
    assert amount.stepper.label.text() == "10 points" and amount.presets[10].isChecked()
    referee.tap(q.next_button)
    pp = w.ruling.preview_panel
    assert pp.ruling.text() == "Point penalty — 10 points (overall score)"
    referee.tap(pp.confirm_button)
    assert w.notice.message.text() == "Recorded: Point penalty: Cyd (bad conduct) — 10 points"
    assert referee.seats()[2][2:] == ("30,000", "Overall \u221210 points", "1 penalty (\u221210\u00a0points)")
    assert [s[4] for s in referee.seats()] == ["", "", "1 penalty (\u221210\u00a0points)", ""]
    assert stored(referee.controller)[-1]["answers"] == {"reason": "conduct", "amount": 10000}
    # a second penalty adds up on the badge
    referee.ruling(2, "point_penalty", {"reason": "disturbance", "amount": 2})  # (in points, as entered)
    referee.tap(w.ruling.preview_panel.confirm_button)
    assert referee.seats()[2][3:] == ("Overall \u221212 points", "2 penalties (\u221212\u00a0points)")


def test_an_ema_penalty_offers_its_usual_amounts_and_steps_by_1000_off_the_table(referee):
    """EMA 2016: 8,000, 12,000 and 48,000 as buttons; + from 8,000 gives 9,000 (steps of 1,000). The penalty comes
    off the table score; the seat's badge and the recorded message say 9,000."""
    w = referee.window
    referee.setup_table("ema-2016")
    q = _open(referee, 1, "point_penalty")
    amount = q.widgets["amount"]
    assert [b.text() for b in amount.presets.values()] == ["8,000", "12,000", "48,000"]
    assert q.missing_labels["amount"].text() == (
        "Choose the penalty, or set it with − and +: 1,000 to 48,000, in steps of 1,000."
    )
    referee.tap(q.widgets["reason"].buttons["disturbance"])
    referee.tap(amount.presets[8000])
    referee.tap(amount.stepper.plus)
    assert amount.stepper.label.text() == "9,000"
    referee.tap(q.next_button)
    referee.tap(w.ruling.preview_panel.confirm_button)
    assert w.notice.message.text() == "Recorded: Point penalty: Bob (disturbance) — 9,000"
    assert referee.seats()[1][2:] == ("21,000", "Overall 0", "1 penalty (\u22129,000)")


def test_a_dead_hand_asks_which_offence_and_the_preview_says_what_it_means(referee):
    """WRC 2025: "Dead hand" asks for which offence, among the rule set's dead-hand offences (and "Another
    offence"); Preview waits for the answer. The preview says what a dead hand means for the rest of the hand; the
    recorded message and History name the offence; the seat says DEAD HAND."""
    w = referee.window
    referee.setup_table("wrc-2025")
    q = _open(referee, 1, "dead_hand")
    assert w.ruling.currentWidget() is q, "Dead hand asked nothing"
    cause = q.widgets["cause"]
    # WRC 2025 §12.3's dead hands, as this rule set's offences rule them (no conduct offence, no chombo)
    assert [b.text() for b in cause.buttons.values()] == [
        "Riichi on an open hand",
        "Empty riichi declaration",
        "Empty call (chii, pon, kan)",
        "Invalid group melded",
        "Swap-calling (kuikae)",
        "Tiles exposed",
        "Drawing from the wrong part of the wall",
        "Fault caused by another player's fault",
        "Another offence",
    ]
    assert not q.next_button.isEnabled()
    assert q.missing_labels["cause"].text() == "Choose the offence the dead hand is for."
    referee.tap(cause.buttons["swap_calling"])
    referee.tap(q.next_button)
    pp = w.ruling.preview_panel
    assert pp.title.text() == "Dead hand — Bob"
    assert "For which offence? Swap-calling (kuikae)" in pp.answers.text()
    said = " ".join(lines_of(pp.lines))
    assert (
        "For the rest of this hand Bob draws and discards but may not call chii, pon or kan, declare riichi or win."
        in said
    )
    assert "At an exhaustive draw Bob is noten: Bob pays the noten payments if another player is tenpai." in said
    assert "the deal passes" not in said  # (Bob is not the dealer)
    referee.tap(pp.confirm_button)
    assert w.notice.message.text() == "Recorded: Dead hand: Bob (swap-calling (kuikae))"
    assert referee.seats()[1][4] == "DEAD HAND"
    assert stored(referee.controller)[-1]["answers"] == {"cause": "swap_calling"}
    # the dealer's dead hand: the deal passes at a draw
    referee.ruling(0, "dead_hand", {"cause": "other"})
    said = " ".join(lines_of(w.ruling.preview_panel.lines))
    assert "Ann is the dealer: at an exhaustive draw the deal passes." in said


def test_a_warning_asks_its_reason(referee):
    """A warning asks its reason (Preview waits for it); the recorded message and the seat say it."""
    w = referee.window
    referee.setup_table("ema-2016")
    q = _open(referee, 3, "warning")
    assert list(q.rows) == ["reason"]
    assert not q.next_button.isEnabled() and q.missing_labels["reason"].text() == "Choose the reason."
    referee.tap(q.widgets["reason"].buttons["disturbance"])
    referee.tap(q.next_button)
    assert "Reason: Disturbance" in w.ruling.preview_panel.answers.text()
    referee.tap(w.ruling.preview_panel.confirm_button)
    assert w.notice.message.text() == "Recorded: Warning: Dan (disturbance)"
    assert referee.seats()[3][4] == "1 warning"


def test_an_entry_without_the_new_answers_is_still_read():
    """A warning or a dead hand recorded before they asked (or typed on the command line) stays valid; an answer
    outside the rule set's list is refused with the field named."""
    st = fold(
        [start("wrc-2025"), ev("incident", seat=1, offence="warning"), ev("incident", seat=2, offence="dead_hand")]
    )
    assert [s.warnings for s in st.seats] == [0, 1, 0, 0] and [s.dead_hand for s in st.seats] == [0, 0, 1, 0]
    with pytest.raises(LogError, match="answers.cause: expected one of .*got 'cheating'"):
        fold([start("wrc-2025"), ev("incident", seat=1, offence="dead_hand", answers={"cause": "cheating"})])


@pytest.mark.parametrize(
    ("usual", "said"),
    [
        ("[1500]", "usual: 1500 is not a penalty the referee may give (1000 or more, in steps of 1000)"),
        ("[20000, 10000]", "usual lists each amount once, from smallest to largest"),
    ],
)
def test_a_club_files_usual_amounts_are_checked(tmp_path, usual, said):
    club = tmp_path / "club.toml"
    club.write_text(
        f'id = "club"\nname = "Club"\nextends = "wrc-2025"\n[penalties]\nusual = {usual}\n', encoding="utf-8"
    )
    with pytest.raises(RuleSetError, match=said.replace("(", r"\(").replace(")", r"\)")):
        check_file(club)
