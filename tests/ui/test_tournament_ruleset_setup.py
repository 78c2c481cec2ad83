"""Issue 29, problem 5, in the app: table 1 plays WRC 2015; starting table 2 under the SG club league, with two
players still in play at table 1, is flagged at Setup before the hanchan starts and asks for a confirmation; without
it nothing starts; with it, the tournament still ranks under WRC 2015 (its first hanchan's rule set) and table 2's
players are marked in the standings. Every number of the standings before and after."""

from __future__ import annotations

from tests.ui.test_standings_view import open_standings

T2 = ("Eve", "Fay", "Cyd", "Dan")


def _ron(controller, discarder: int, seat: int, **value) -> None:
    event = controller.new_event("win", kind="ron", discarder=discarder, winners=[{"seat": seat, **value}])
    assert controller.commit(event) is not None, controller.last_error


def _fill_table_2(referee, ruleset: str) -> None:
    w = referee.window
    s = w.setup
    referee.tap(w.nav["setup"])
    referee.tap(s.table_number.plus)
    for edit, name in zip(s.players, T2, strict=True):
        referee.type_into(edit, name)
        edit.editingFinished.emit()  # the finger leaves the field
    referee.tap(s.ruleset.buttons[ruleset])


def _unreadable(dialog, window) -> list[str]:
    """What of the dialog lies outside the window, and its lines cut short of the height their wrapped text needs."""
    out = [] if window.geometry().contains(dialog.geometry()) else ["the dialog is not within the window"]
    return out + [lab.text() for lab in [dialog.title, *dialog.lines] if lab.height() < lab.heightForWidth(lab.width())]


def test_another_rule_set_and_players_in_play_elsewhere_are_flagged_confirmed_and_marked(referee):
    w, c = referee.window, referee.controller
    # table 1, WRC 2015: Ann (East, dealer) ron mangan from Bob, 12,000; the hanchan goes on
    referee.setup_table("wrc-2015")
    _ron(c, 1, 0, limit="mangan")
    view = open_standings(referee.qtbot, w)
    before = [
        ["Place", "Player", "Hanchans", "At the table", "Uma", "Total (points)"],
        ["1", "Ann\nin play", "1", "+12", "+15", "+27"],
        ["2=", "Cyd\nin play", "1", "0", "0", "0"],
        ["2=", "Dan\nin play", "1", "0", "0", "0"],
        ["4", "Bob\nin play", "1", "−12", "−15", "−27"],
    ]
    assert view.table_texts() == before
    assert view.subtitle.text().splitlines()[0] == (
        "after hanchan 1 · WRC 2015 · amounts in points (1 point = 1,000 table points)"
    )

    # Setup, table 2 under the SG club league with Cyd and Dan: flagged at the fields before Start is tapped
    _fill_table_2(referee, "sg-league")
    s = w.setup
    rules = s.ruleset_section
    assert rules.tournament_note.text() == (
        "This tournament is ranked under WRC 2015, the rule set of its first hanchan (table 1, hanchan 1)."
    )
    assert rules.flag.isVisible() and rules.flag.text() == (
        "SG club league is not the tournament's rule set: this hanchan is scored by SG club league, counted in the "
        "standings in the unit of WRC 2015 and marked there. Starting it asks for a confirmation."
    )
    assert s.players_section.flag_texts() == [
        "", "", "Cyd is in play at table 1 (hanchan 1 is not over).", "Dan is in play at table 1 (hanchan 1 is not over).",
    ]  # fmt: skip
    # Start: the confirmation says it all again, every line whole within the window; Back to Setup starts nothing
    seen = len(referee.dialogs.seen)
    unreadable: list[str] = []
    referee.dialogs.on_start_check(lambda d: (unreadable.extend(_unreadable(d, w)), referee.tap(d.no)))
    referee.tap(s.start_button)
    assert unreadable == []
    assert referee.dialogs.kinds()[seen:] == ["StartCheckDialog"]
    said = referee.dialogs.seen[-1].texts()
    assert said == [
        "This tournament is ranked under WRC 2015, the rule set of its first hanchan (table 1, hanchan 1). SG club "
        "league is not the tournament's rule set: this hanchan is scored by SG club league, counted in the standings "
        "in the unit of WRC 2015 and marked there. Starting it asks for a confirmation.",
        "Cyd is in play at table 1 (hanchan 1 is not over).",
        "Dan is in play at table 1 (hanchan 1 is not over).",
    ]
    assert w.pages.currentWidget() is s and c.table.number == 1 and c.state.ruleset.id == "wrc-2015"
    assert [card.number for card in c.venue.tables()] == [1]  # no table 2 stored
    view = open_standings(referee.qtbot, w)
    assert view.table_texts() == before

    # confirmed: table 2 starts; Eve (East, dealer) ron 3 han 30 fu from Fay, 5,800
    _fill_table_2(referee, "sg-league")
    referee.dialogs.on_start_check(lambda d: referee.tap(d.yes))
    referee.tap(s.start_button)
    assert w.pages.currentWidget() is w.board, s.message.text()
    assert c.table.number == 2 and c.state.ruleset.id == "sg-league"
    _ron(c, 1, 0, han=3, fu=30)
    # scored by the club league: Eve +0.8 at the table, +15 uma, +20 oka = 35.8; Cyd and Dan -5 at the table and a
    # shared uma of 0; Fay -10.8 and -15. Ranked under WRC 2015, in its points; Cyd and Dan share the 3rd place.
    view = open_standings(referee.qtbot, w)
    assert view.table_texts() == [
        ["Place", "Player", "Hanchans", "At the table", "Uma", "Oka and sticks", "Total (points)"],
        ["1", "Eve\nin play, 1 hanchan under another rule set", "1", "+0.80", "+15", "+20", "+35.80"],
        ["2", "Ann\nin play", "1", "+12", "+15", "0", "+27"],
        ["3=", "Cyd\nin play, 1 hanchan under another rule set", "2", "−5", "0", "0", "−5"],
        ["3=", "Dan\nin play, 1 hanchan under another rule set", "2", "−5", "0", "0", "−5"],
        ["5", "Fay\nin play, 1 hanchan under another rule set", "1", "−10.80", "−15", "0", "−25.80"],
        ["6", "Bob\nin play", "1", "−12", "−15", "0", "−27"],
    ]
    assert view.subtitle.text().splitlines() == [
        "after hanchan 1 · WRC 2015 · amounts in points (1 point = 1,000 table points)",
        "In play, counted as if it ended now: table 1 (hanchan 1), table 2 (hanchan 1)",
        "Ranked under WRC 2015, the rule set of the tournament's first hanchan (table 1, hanchan 1).",
        "Played under another rule set, scored by it, counted here and marked: table 2 (hanchan 1, SG club league)",
    ]


def test_the_tournaments_own_rule_set_with_new_players_asks_nothing(referee):
    w, c = referee.window, referee.controller
    referee.setup_table("wrc-2015")
    referee.tap(w.nav["setup"])
    s = w.setup
    referee.tap(s.table_number.plus)
    for edit, name in zip(s.players, ("Eve", "Fay", "Gus", "Hal"), strict=True):
        referee.type_into(edit, name)
        edit.editingFinished.emit()
    referee.tap(s.ruleset.buttons["wrc-2015"])
    assert not s.ruleset_section.flag.isVisible() and s.players_section.flag_texts() == ["", "", "", ""]
    seen = len(referee.dialogs.seen)
    referee.tap(s.start_button)
    assert referee.dialogs.kinds()[seen:] == [] and c.table.number == 2


def test_a_table_started_later_under_another_rule_set_never_re_scores_the_standings(referee):
    # table 1 plays WRC 2015 (its hanchan goes on); table 2 starts later under the SG club league with four other
    # players (accepted at Setup): the tournament's standings stay in WRC 2015's points and rules, table 2 is marked
    w, c = referee.window, referee.controller
    referee.setup_table("wrc-2015")
    _ron(c, 1, 0, limit="mangan")  # Ann (East, dealer) ron mangan from Bob: 12,000
    referee.tap(w.nav["setup"])
    s = w.setup
    referee.tap(s.table_number.plus)
    for edit, name in zip(s.players, ("Eve", "Fay", "Gus", "Hal"), strict=True):
        referee.type_into(edit, name)
        edit.editingFinished.emit()
    referee.tap(s.ruleset.buttons["sg-league"])
    referee.dialogs.on_start_check(lambda d: referee.tap(d.yes))
    referee.tap(s.start_button)
    assert w.pages.currentWidget() is w.board and c.table.number == 2, s.message.text()
    _ron(c, 1, 0, limit="mangan")  # Eve (East, dealer) ron mangan from Fay: 12,000
    # table 2 as the club league scores it (25,000 start, 30,000 returned, uma 15/5/-5/-15, oka 20,000 to the first):
    # Eve 37,000: +7 + 15 + 20 = +42; Gus and Hal 25,000: -5 and a shared uma of 0; Fay 13,000: -17 - 15 = -32.
    # Table 1 as if it ended now under WRC: Ann +12 + 15 = +27, Cyd and Dan 0, Bob -27. In WRC points, its ties shared.
    view = open_standings(referee.qtbot, w)
    mark = "in play, 1 hanchan under another rule set"
    assert view.table_texts() == [
        ["Place", "Player", "Hanchans", "At the table", "Uma", "Oka and sticks", "Total (points)"],
        ["1", f"Eve\n{mark}", "1", "+7", "+15", "+20", "+42"],
        ["2", "Ann\nin play", "1", "+12", "+15", "0", "+27"],
        ["3=", "Cyd\nin play", "1", "0", "0", "0", "0"],
        ["3=", "Dan\nin play", "1", "0", "0", "0", "0"],
        ["5=", f"Gus\n{mark}", "1", "−5", "0", "0", "−5"],
        ["5=", f"Hal\n{mark}", "1", "−5", "0", "0", "−5"],
        ["7", "Bob\nin play", "1", "−12", "−15", "0", "−27"],
        ["8", f"Fay\n{mark}", "1", "−17", "−15", "0", "−32"],
    ]
    assert view.subtitle.text().splitlines()[0] == (
        "after hanchan 1 · WRC 2015 · amounts in points (1 point = 1,000 table points)"
    )
    assert view.subtitle.text().splitlines()[-1] == (
        "Played under another rule set, scored by it, counted here and marked: table 2 (hanchan 1, SG club league)"
    )
