"""Issue 14, the ruling and hand-result flows: every preview is rebuilt from the current answers, required answers are
checked on the entry page, nothing stale stays on screen, Back and Cancel behave the same in every flow.

Each test replays a sequence a referee went through at the table (issue 14 items 1, 2, 7, 10) and asserts what the
screen shows: texts, enabled buttons, and the numbers after a confirm (worked out by hand from the rule books).
"""

from __future__ import annotations

import re

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QLabel

from .conftest import preview_table

E30 = "30,000"
INTERNAL = re.compile(r"[a-z]+_[a-z_]+|ema-20|wrc-20|answers\.|seat \d|winners\.|\bNone\b")


def shown_texts(root) -> list[str]:
    """Every text a person can read on ``root`` now (visible labels and buttons)."""
    QApplication.processEvents()
    out = []
    for lab in root.findChildren(QLabel):
        if lab.isVisible() and lab.text():
            out.append(lab.text())
    return out


def riichi(referee, seat: int) -> None:
    """A riichi entered (whatever the board's way of confirming it: not what these tests are about)."""
    c = referee.controller
    assert c.commit(c.new_event("riichi", seat=seat)) is not None, c.last_error
    QApplication.processEvents()


def looks_green(button) -> bool:
    """The button's face is painted in the primary green (#1f7a3a) of the light theme."""
    QApplication.processEvents()
    img = button.grab().toImage()
    c = QColor(img.pixel(8, img.height() // 2))
    return c.green() > c.red() + 40 and c.green() > c.blue() + 30


# -- item 1: stale confirm screens ----------------------------------------------------------------------------------


def test_a_missing_answer_disables_preview_and_is_marked_next_to_its_question(referee):
    """Issue 14 item 1, as found: preview a dead hand for Bob, Cancel, then a point penalty for Dan with the reason
    left empty. Preview stays off on the questions page, the reason is marked in words; nothing of Bob's ruling is
    on screen."""
    w = referee.window
    referee.setup_table("ema-2016")
    referee.ruling(1, "dead_hand", {"cause": "tiles_exposed"})
    assert w.ruling.preview_panel.ruling.text() == "Dead hand"
    referee.tap(w.ruling.preview_panel.cancel_button)
    assert w.pages.currentWidget() is w.board

    referee.tap(w.board.seats[3])
    referee.tap(w.ruling.palette_page.buttons["point_penalty"])
    q = w.ruling.questions
    assert w.ruling.currentWidget() is q
    assert not q.next_button.isEnabled(), "Preview must wait for the reason"
    assert not looks_green(q.next_button), "a disabled Preview must look disabled"
    mark = q.missing_labels["reason"]
    assert mark.isVisible() and mark.text() == "Choose the reason."
    assert q.status.isVisible() and q.status.text() == "Answer the question marked above to see the preview."
    texts = shown_texts(w)
    assert not any("Bob" in t or "Dead hand" in t for t in texts), texts
    assert not any(INTERNAL.search(t) for t in texts), texts

    # a stray Enter (or any other way to ask for the preview) still shows nothing stale and confirms nothing
    w.ruling.show_preview()
    assert w.ruling.currentWidget() is q
    referee.tap(q.widgets["reason"].buttons["conduct"])
    assert not mark.isVisible()
    amount = q.missing_labels["amount"]  # the amount is not assumed either
    assert amount.isVisible() and amount.text() == (
        "Choose the penalty, or set it with − and +: 1,000 to 48,000, in steps of 1,000."
    )
    assert not q.next_button.isEnabled()
    referee.tap(q.widgets["amount"].plus)
    assert q.widgets["amount"].label.text() == "1,000"
    assert not amount.isVisible() and q.next_button.isEnabled() and looks_green(q.next_button)
    referee.tap(q.next_button)
    pp = w.ruling.preview_panel
    assert pp.title.text() == "Point penalty — Dan"
    assert pp.ruling.text() == "Point penalty — 1,000 (table score)"
    assert pp.answers.text() == "Reason: Bad conduct · Penalty (table points): 1,000", "the answers restated"
    assert "Earlier in this tournament, Dan:" in pp.earlier.text()
    assert not any("Dead hand" in t for t in shown_texts(pp))


def test_a_preview_that_cannot_be_made_says_why_in_words_and_shows_nothing_old(referee):
    """Noten riichi for a player who has not declared riichi: the page says so in the referee's words (no seat
    number, no ids), the previous ruling's body, table and history are gone, and Confirm is off and looks off."""
    w = referee.window
    referee.setup_table("ema-2016")
    referee.ruling(1, "point_penalty", {"reason": "conduct", "amount": 2000})
    pp = w.ruling.preview_panel
    assert preview_table(pp)[2][2] == "\u22122,000"
    referee.tap(pp.cancel_button)

    referee.tap(w.board.seats[3])
    referee.tap(w.ruling.palette_page.buttons["noten_riichi"])
    q = w.ruling.questions
    assert not q.next_button.isEnabled()
    assert q.status.isVisible()
    assert q.status.text() == "Dan has not declared riichi in this hand: this offence needs a riichi."
    # asked anyway (a keyboard, a script): the preview page shows the reason and nothing else
    w.ruling.show_preview(force=True)
    assert w.ruling.currentWidget() is pp
    assert pp.title.text() == "Noten riichi — Dan"
    assert pp.error.isVisible()
    assert pp.error.text() == "Dan has not declared riichi in this hand: this offence needs a riichi."
    assert not pp.confirm_button.isEnabled() and not looks_green(pp.confirm_button)
    texts = shown_texts(pp)
    assert texts == ["Noten riichi — Dan", pp.error.text()], texts


def test_no_answer_carries_over_from_one_ruling_to_the_next(referee):
    """The questions page keeps its widgets from one ruling to the next (remaking them cost a frame): every answer
    starts again as never given. Obstruction under EMA 2016: "serious?" (yes/no), the referee's decision, and an
    amount that follows the answers (12,000 to 48,000 when serious, else 8,000 or 12,000)."""
    w = referee.window
    referee.setup_table("ema-2016")
    q = w.ruling.questions
    referee.tap(w.board.seats[1])
    referee.tap(w.ruling.palette_page.buttons["obstruction"])
    referee.tap(q.widgets["serious"].buttons["yes"])
    referee.tap(q.widgets["decision"].buttons["point_penalty"])
    referee.answer(q.widgets["amount"], 13000)
    assert q.widgets["amount"].text() == "13,000" and q.next_button.isEnabled()
    referee.tap(q.cancel_button)
    assert w.pages.currentWidget() is w.board

    referee.tap(w.board.seats[3])
    referee.tap(w.ruling.palette_page.buttons["obstruction"])
    assert q.title.text() == "Obstruction — Dan"
    assert q.widgets["serious"].value() == "no", "a yes/no starts at No"
    assert q.widgets["decision"].value() is None, "the decision is the referee's to make again"
    assert q.rows["amount"].isHidden(), "no amount before the decision"
    assert not q.next_button.isEnabled()
    assert q.missing_labels["decision"].isVisible()
    referee.tap(q.widgets["decision"].buttons["point_penalty"])
    amounts = q.widgets["amount"]
    assert sorted(amounts.buttons) == ["12000", "8000"] and amounts.value() is None, "not serious: 8,000 or 12,000"
    assert not q.next_button.isEnabled()
    referee.tap(q.widgets["serious"].buttons["yes"])
    stepper = q.widgets["amount"]
    assert stepper.label.text() == "\u2014" and not stepper.is_set(), "the 13,000 of Bob's ruling is not kept"
    assert not q.next_button.isEnabled()
    referee.answer(stepper, 12000)
    referee.tap(q.next_button)
    pp = w.ruling.preview_panel
    assert pp.title.text() == "Obstruction — Dan"
    assert pp.ruling.text().splitlines()[0] == "Point penalty — 12,000 (table score)"
    referee.tap(pp.confirm_button)
    assert referee.scores() == [E30, E30, E30, "18,000"]


def test_no_internal_id_in_any_refusal(referee):
    """An amount outside the rule set's range is refused in words, with the range a referee may give."""
    w = referee.window
    referee.setup_table("ema-2016")
    referee.tap(w.board.seats[0])
    referee.tap(w.ruling.palette_page.buttons["obstruction"])  # EMA: 8,000 or 12,000 (not serious)
    q = w.ruling.questions
    referee.tap(q.widgets["decision"].buttons["point_penalty"])
    amount = q.widgets["amount"]
    assert not q.next_button.isEnabled()
    assert q.missing_labels["amount"].text() == "Choose the penalty: 8,000 or 12,000."
    referee.answer(amount, 8000)
    assert q.next_button.isEnabled()
    referee.tap(q.next_button)
    assert referee.window.ruling.preview_panel.ruling.text().splitlines()[0] == "Point penalty — 8,000 (table score)"


def test_a_french_preview_has_no_english_left(referee, qtbot):
    """Issue 14 item 1 in French: an English preview of Bob's dead hand cancelled, the language switched, then a point
    penalty for Dan with the reason left empty and the preview asked for: no English text (and nothing of Bob's
    ruling) anywhere on the page; once the reason is given, every text of the preview is French."""
    from refapp.app import install_translators

    w = referee.window
    referee.setup_table("ema-2016")
    referee.ruling(1, "dead_hand", {"cause": "tiles_exposed"})
    referee.tap(w.ruling.preview_panel.cancel_button)
    install_translators(QApplication.instance(), "fr")
    english = ("Player", "Now", "Change", "After", "Earlier", "Dealer", "Counters", "Dead hand", "Reason", "Preview")
    try:
        referee.tap(w.board.seats[3])
        referee.tap(w.ruling.palette_page.buttons["point_penalty"])
        w.ruling.show_preview()
        texts = shown_texts(w.ruling)
        assert not [t for t in texts if any(word in t for word in english) or "Main morte" in t], texts
        q = w.ruling.questions
        assert w.ruling.currentWidget() is q and q.missing_labels["reason"].text() == "Choisissez la raison."
        referee.tap(q.widgets["reason"].buttons["conduct"])
        referee.answer(q.widgets["amount"], 2000)
        referee.tap(q.next_button)
        pp = w.ruling.preview_panel
        assert w.ruling.currentWidget() is pp
        texts = shown_texts(pp)
        assert not [t for t in texts if any(word in t for word in english)], texts
        assert pp.ruling.text().startswith("Points de pénalité")
        assert pp.confirm_button.text() == "Confirmer" and pp.back_button.text() == "Retour"
    finally:
        install_translators(QApplication.instance(), "en")


# -- item 2: Back and Cancel ----------------------------------------------------------------------------------------


def test_back_on_the_preview_returns_to_the_questions_with_the_answers_kept(referee):
    w = referee.window
    referee.setup_table("ema-2016")
    referee.ruling(3, "tiles_exposed", {"source": "dead_wall", "count": 3, "no_fault": False})
    pp = w.ruling.preview_panel
    assert pp.ruling.text().startswith("Dead hand")
    referee.tap(pp.back_button)
    q = w.ruling.questions
    assert w.ruling.currentWidget() is q
    assert q.answers() == {"source": "dead_wall", "count": 3, "no_fault": False, "simultaneous_win": False}
    referee.tap(q.back_button)
    assert w.ruling.currentWidget() is w.ruling.palette_page
    assert w.pages.currentWidget() is w.ruling
    referee.tap(w.ruling.palette_page.cancel_button)
    assert w.pages.currentWidget() is w.board


def test_cancel_leaves_every_flow_from_every_step(referee):
    w = referee.window
    c = referee.controller
    referee.setup_table("ema-2016")
    n = len(c.session.book.events)
    referee.ruling(3, "point_penalty", {"reason": "conduct", "amount": 1000})
    referee.tap(w.ruling.preview_panel.cancel_button)
    assert w.pages.currentWidget() is w.board
    referee.tap(w.board.seats[3])
    referee.tap(w.ruling.palette_page.buttons["point_penalty"])
    referee.tap(w.ruling.questions.cancel_button)
    assert w.pages.currentWidget() is w.board
    entry = referee.open_hand_result()
    referee.tap(entry.seat_toggles[1])
    referee.tap(entry.discarder.buttons["0"])
    referee.tap(entry.editors[1].mode.buttons["limit"])
    referee.tap(entry.editors[1].limit.buttons["mangan"])
    referee.preview_hand()
    referee.tap(w.hand.preview_panel.back_button)
    assert w.hand.currentWidget() is entry and entry.seat_toggles[1].isChecked()
    referee.preview_hand()
    referee.tap(w.hand.preview_panel.cancel_button)
    assert w.pages.currentWidget() is w.board
    assert len(c.session.book.events) == n


def test_escape_is_back(referee, qtbot):
    from PySide6.QtCore import Qt

    w = referee.window
    referee.setup_table("ema-2016")
    referee.ruling(3, "point_penalty", {"reason": "conduct", "amount": 1000})
    qtbot.keyClick(w.ruling.preview_panel, Qt.Key.Key_Escape)
    assert w.ruling.currentWidget() is w.ruling.questions
    assert w.ruling.questions.answers()["reason"] == "conduct"
    qtbot.keyClick(w.ruling.questions, Qt.Key.Key_Escape)
    assert w.ruling.currentWidget() is w.ruling.palette_page
    qtbot.keyClick(w.ruling.palette_page, Qt.Key.Key_Escape)
    assert w.pages.currentWidget() is w.board
    # the same in Hand result: Esc on the preview is Back (the taps kept), on the form it leaves
    entry = referee.open_hand_result()
    referee.tap(entry.kind.buttons["draw"])
    referee.tap(entry.seat_toggles[2])
    referee.preview_hand()
    qtbot.keyClick(w.hand.preview_panel, Qt.Key.Key_Escape)
    assert w.hand.currentWidget() is entry and entry.kind.value() == "draw" and entry.seat_toggles[2].isChecked()
    qtbot.keyClick(entry, Qt.Key.Key_Escape)
    assert w.pages.currentWidget() is w.board
    # and in the hand check: Esc is Back, to the palette
    referee.tap(w.board.seats[1])
    referee.tap(w.ruling.palette_page.check_hand_button)
    qtbot.keyClick(w.hand_check, Qt.Key.Key_Escape)
    assert w.pages.currentWidget() is w.ruling and w.ruling.currentWidget() is w.ruling.palette_page


# -- item 7: hand results echoed and checked on the form ------------------------------------------------------------


def test_tsumo_without_a_winner_after_a_ron_shows_nothing_old(referee):
    """Issue 14 item 1, hand result: a ron recorded, then Tsumo with no winner. Preview is off, the form says why
    (no word of a discarder on a tsumo); a forced preview shows no table of the recorded ron."""
    w = referee.window
    referee.setup_table("ema-2016")
    entry = referee.open_hand_result()
    referee.tap(entry.seat_toggles[2])
    referee.tap(entry.discarder.buttons["3"])
    referee.tap(entry.editors[2].mode.buttons["limit"])
    referee.tap(entry.editors[2].limit.buttons["mangan"])
    referee.preview_hand()
    referee.confirm_hand()
    assert referee.scores() == [E30, E30, "38,000", "22,000"]

    entry = referee.open_hand_result()
    referee.tap(entry.kind.buttons["tsumo"])
    assert not entry.next_button.isEnabled()
    assert entry.status.isVisible() and entry.status.text() == "Tap the winner."
    assert "discarder" not in " ".join(shown_texts(w)).lower()
    w.hand.show_preview(force=True)
    pp = w.hand.preview_panel
    assert w.hand.currentWidget() is pp
    assert not pp.confirm_button.isEnabled()
    assert shown_texts(pp) == ["Hand result", "Tap the winner."]


def test_an_untouched_value_is_not_a_hand(referee):
    """A ron with the winner and discarder tapped but no value: Preview is off until han and fu are set."""
    referee.setup_table("ema-2016")
    entry = referee.open_hand_result()
    referee.tap(entry.seat_toggles[2])
    referee.tap(entry.discarder.buttons["3"])
    ed = entry.editors[2]
    assert ed.han.label.text() == "—"
    assert ed.fu.value() is None
    assert not entry.next_button.isEnabled()
    assert entry.status.text() == "Cyd's hand: set the han and fu (or a limit, or points)."
    referee.tap(ed.han.plus)
    assert ed.han.label.text() == "1"
    assert entry.status.text() == "Cyd's hand: choose the fu."
    referee.tap(ed.fu.buttons["30"])
    assert entry.next_button.isEnabled() and not entry.status.isVisible()
    referee.preview_hand()
    pp = referee.window.hand.preview_panel
    assert pp.echo.text() == "Ron: Cyd from Dan, 1 han 30 fu = 1,000"


def test_a_1_han_20_fu_hand_is_refused_on_the_form(referee):
    referee.setup_table("ema-2016")
    entry = referee.open_hand_result()
    referee.tap(entry.kind.buttons["tsumo"])
    referee.tap(entry.seat_toggles[1])
    ed = entry.editors[1]
    referee.tap(ed.han.plus)
    referee.tap(ed.fu.buttons["20"])
    assert not entry.next_button.isEnabled()
    assert entry.status.text() == "Bob's hand: 1 han 20 fu does not exist (1 han needs 30 fu or more)."


def test_the_winner_cannot_be_the_discarder(referee):
    """Refused on the form at once: tapping a winner as discarder (or the discarder as winner) takes the other tap
    back and says so."""
    referee.setup_table("ema-2016")
    entry = referee.open_hand_result()
    referee.tap(entry.seat_toggles[2])
    referee.tap(entry.discarder.buttons["2"])
    assert entry.discarder.value() == "2" and not entry.seat_toggles[2].isChecked()
    assert entry.status.text() == "Cyd discarded: Cyd cannot also be a winner. Tap the winner."
    referee.tap(entry.seat_toggles[2])
    assert entry.seat_toggles[2].isChecked() and entry.discarder.value() is None
    assert entry.status.text() == "Cyd won: Cyd cannot also be the discarder. Tap the discarder."
    assert not entry.next_button.isEnabled()


def test_the_ron_preview_restates_the_entry_with_its_arithmetic(referee):
    """The issue's own example under EMA 2016: a counter on the table (Ann, the dealer, tenpai alone at a draw) and
    Bob's riichi stick; Dan rons Bob for 3 han 40 fu: 5,200 + 300 (1 counter) + 1,000 (1 stick) = 6,500 to Dan,
    5,500 from Bob."""
    w = referee.window
    referee.setup_table("ema-2016")
    entry = referee.open_hand_result()  # an exhaustive draw, Ann (dealer) tenpai alone: a counter
    referee.tap(entry.kind.buttons["draw"])
    referee.tap(entry.seat_toggles[0])
    referee.preview_hand()
    assert w.hand.preview_panel.echo.text().splitlines() == [
        "Exhaustive draw: tenpai Ann; noten Bob, Cyd, Dan.",
        "Noten payment: 1,000 each from Bob, Cyd, Dan; 3,000 each to Ann.",
    ]
    referee.confirm_hand()
    riichi(referee, 1)
    assert referee.centre() == ("East 1", "1 counter", "1 riichi stick")
    entry = referee.open_hand_result()
    referee.tap(entry.seat_toggles[3])
    referee.tap(entry.discarder.buttons["1"])
    ed = entry.editors[3]
    for _ in range(3):
        referee.tap(ed.han.plus)
    referee.tap(ed.fu.buttons["40"])
    referee.preview_hand()
    pp = w.hand.preview_panel
    assert pp.echo.text() == (
        "Ron: Dan from Bob, 3 han 40 fu = 5,200 + 300 (1 counter) + 1,000 (1 riichi stick) = 6,500"
    )
    assert [row[2] for row in preview_table(pp)[1:]] == ["0", "\u22125,500", "0", "+6,500"]
    referee.confirm_hand()
    assert referee.scores() == ["33,000", "22,500", "29,000", "35,500"]


def test_a_riichi_player_marked_noten_at_a_draw_is_flagged_and_leads_to_the_ruling(referee):
    """Bob declared riichi; the draw is entered with Bob noten: the form flags it and asks for an explicit choice —
    rule a noten riichi (the ruling flow, Back returns to the form with the draw kept) or record him noten."""
    w = referee.window
    referee.setup_table("ema-2016")
    riichi(referee, 1)
    entry = referee.open_hand_result()
    referee.tap(entry.kind.buttons["draw"])
    referee.tap(entry.seat_toggles[0])
    flag = entry.noten_riichi_flags[1]
    assert flag.isVisible()
    assert flag.text.text() == "Bob declared riichi and is marked noten: a noten riichi?"
    assert not entry.next_button.isEnabled()
    referee.tap(flag.rule_button)
    assert w.pages.currentWidget() is w.ruling
    assert w.ruling.questions.title.text() == "Noten riichi — Bob"
    referee.tap(w.ruling.questions.back_button)
    assert w.pages.currentWidget() is w.hand and w.hand.currentWidget() is entry
    assert entry.kind.value() == "draw" and entry.seat_toggles[0].isChecked()
    referee.tap(flag.noten_button)
    assert entry.next_button.isEnabled()
    referee.preview_hand()
    referee.confirm_hand()
    assert referee.scores() == ["33,000", "28,000", "29,000", "29,000"]


# -- item 10: back from the noten-riichi questions, the hand check keeps its hand, a win goes to hand result ---------


def _open_check(referee, seat: int):
    w = referee.window
    referee.tap(w.board.seats[seat])
    referee.tap(w.ruling.palette_page.check_hand_button)
    assert w.pages.currentWidget() is w.hand_check
    return w.hand_check


def _tap_tiles(referee, view, text: str) -> None:
    from refapp.ui.tile_picker import split_tiles

    for name in split_tiles(text):
        referee.tap(view.picker.buttons[name])


def test_back_from_the_noten_riichi_questions_returns_to_the_hand_check_with_its_hand(referee):
    w = referee.window
    referee.setup_table("ema-2012")
    riichi(referee, 2)
    view = _open_check(referee, 2)
    _tap_tiles(referee, view, "1358m456p789s135z")
    referee.tap(view.record_button)
    assert w.ruling.currentWidget() is w.ruling.questions
    referee.tap(w.ruling.questions.back_button)
    assert w.pages.currentWidget() is w.hand_check
    assert view.picker.concealed_notation() == "1358m456p789s135z"
    assert view.verdict.text() == "Noten"


def test_the_hand_check_reopens_with_the_hand_of_that_seat_in_this_hand(referee):
    w = referee.window
    referee.setup_table("ema-2012")
    riichi(referee, 2)
    view = _open_check(referee, 2)
    _tap_tiles(referee, view, "1358m456p789s135z")
    referee.tap(view.back_button)
    referee.tap(w.ruling.palette_page.cancel_button)
    assert w.pages.currentWidget() is w.board
    view = _open_check(referee, 1)
    assert view.picker.concealed == [], "another seat: an empty hand"
    referee.tap(view.back_button)
    referee.tap(w.ruling.palette_page.cancel_button)
    view = _open_check(referee, 2)
    assert view.picker.concealed_notation() == "1358m456p789s135z"
    referee.tap(view.back_button)
    referee.tap(w.ruling.palette_page.cancel_button)
    c = referee.controller
    assert c.commit(c.new_event("draw", tenpai=[0])) is not None
    view = _open_check(referee, 2)
    assert view.picker.concealed == [], "a new hand: an empty hand"
    _tap_tiles(referee, view, "1358m456p789s135z")
    referee.tap(view.back_button)
    referee.tap(w.ruling.palette_page.cancel_button)
    assert c.commit(c.new_event("incident", seat=0, offence="invalid_win_revealed")) is not None  # a re-deal
    view = _open_check(referee, 2)
    assert view.picker.concealed == [], "the hand re-dealt after a chombo: an empty hand"


def test_a_valid_win_found_in_the_hand_check_goes_to_hand_result(referee):
    """Cyd (West, in riichi) shows 123m 456p 789s 11z and wins on a 2z (shanpon): riichi 1 han; 20 + 10 (closed
    ron) + 4 (the 2z pung, open on the ron) + 2 (the East pair, the round wind) = 36 → 40 fu. Sent to Hand result:
    a ron by Cyd, 1 han 40 fu; the referee taps the discarder: 1,300 + 1,000 (the stick)."""
    w = referee.window
    referee.setup_table("ema-2016")
    riichi(referee, 2)
    view = _open_check(referee, 2)
    referee.tap(view.check.buttons["win"])
    _tap_tiles(referee, view, "123m456p789s1122z2z")
    assert view.verdict.text() == "Valid win: 1 han 40 fu"
    assert view.to_hand_result_button.isVisible()
    assert view.to_hand_result_button.text() == "Enter this win in Hand result"
    referee.tap(view.to_hand_result_button)
    assert w.pages.currentWidget() is w.hand
    entry = w.hand.entry
    assert entry.kind.value() == "ron"
    assert [t.isChecked() for t in entry.seat_toggles] == [False, False, True, False]
    ed = entry.editors[2]
    assert (ed.mode.value(), ed.han.value(), ed.fu.value()) == ("han", 1, "40")
    assert not entry.next_button.isEnabled() and entry.status.text() == "Tap the discarder."
    referee.tap(entry.discarder.buttons["3"])
    referee.preview_hand()
    assert w.hand.preview_panel.echo.text() == (
        "Ron: Cyd from Dan, 1 han 40 fu = 1,300 + 1,000 (1 riichi stick) = 2,300"
    )
    referee.confirm_hand()
    assert referee.scores() == [E30, E30, "31,300", "28,700"]


def test_the_preview_is_worked_out_again_when_the_table_changed_meanwhile(referee):
    """The ledger's answer for the answers given is kept from the last answer to Preview, never across a change of
    the table: Bob's riichi stored meanwhile (another view of this table) is in the preview of Cyd's chombo, which
    gives Bob his stick back (EMA 2016: 30,000 each; the riichi −1,000, returned by the chombo)."""
    w = referee.window
    referee.setup_table("ema-2016")
    referee.tap(w.board.seats[2])
    referee.tap(w.ruling.palette_page.buttons["invalid_win_revealed"])
    q = w.ruling.questions
    referee.answer(q.widgets["simultaneous_win"], False)
    assert q.next_button.isEnabled()  # the answers were checked against the ledger: a preview could be made
    riichi(referee, 1)
    referee.tap(q.next_button)
    rows = preview_table(w.ruling.preview_panel)
    assert rows[2] == ["Bob", "29,000", "+1,000", "30,000"], rows
    assert [r[2] for r in rows[1:]] == ["0", "+1,000", "0", "0"]
