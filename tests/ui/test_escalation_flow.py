"""Warnings across tables, as the referee sees them: the preview counts the player's warnings and call offences at
the tournament's other tables (here stored by another table's tablet, as the venue's sync brings them), says so in
words, records them in the incident, and the history shows it. Club league (the calls ladder per session) and
EMA 2016 (warnings over the tournament), in English and in French."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from refapp.app import install_translators
from refapp.store import records
from refapp.store.tablebook import TableBook
from refapp.store.verify import verify
from tests.logs import ev, rulesets, start


def _other_table(controller, number: int, ruleset: str, players, incidents, session: int = 1) -> None:
    """Table ``number`` of the open table's tournament, as another tablet recorded it: a hanchan and incidents."""
    store = controller.session.store
    table = store.create_table(controller.table.tournament_id, number)
    book = TableBook(store, table, rulesets())
    book.commit(start(ruleset, players=players, session=session, by="Marie"))
    for seat, offence in incidents:
        book.commit(ev("incident", seat=seat, offence=offence, by="Marie"))


def _preview_lines(window) -> list[str]:
    return window.ruling.preview_panel.lines.text().splitlines()


def test_club_league_a_third_call_offence_at_another_table_is_a_dead_hand(referee):
    referee.setup_table("sg-league", tournament="Club league")  # table 1, session 1, no PIN
    w, c = referee.window, referee.controller
    _other_table(c, 3, "sg-league", ("Bob", "Eve", "Fay", "Gus"), [(0, "silent_call"), (0, "wrong_win_word")])
    referee.ruling(1, "silent_call")
    assert "• 2 earlier call offences for Bob at other tables this session: this is the 3rd." in _preview_lines(w)
    assert "• Bob's 3rd call offence: a dead hand, not a warning." in _preview_lines(w)
    assert w.ruling.preview_panel.ruling.text().startswith("Dead hand")
    referee.tap(w.ruling.preview_panel.confirm_button)
    assert w.pages.currentWidget() is w.board
    assert referee.seats()[1][4] == "DEAD HAND  ·  2 warnings"  # the two warnings at table 3, shown with his seat
    (incident,) = [e for e in c.session.book.events if e["type"] == "incident"]
    assert incident["elsewhere"] == {"warnings": 2, "ladders": {"calls": 2}}
    bob = records.records(c.session.store, rulesets(), c.table.tournament_id, "Bob").players[0]
    assert (bob.counts.warnings, bob.counts.dead_hands, bob.ladders[0].next_step) == (2, 1, 4)

    referee.tap(w.nav["history"])
    view = w.history
    (row,) = [r for r in view.model.rows if r.get("table") == 1]
    view.open_detail(row)
    QApplication.processEvents()
    assert view.detail_page.remarks.text() == (
        "Call offence number 3 for this player, 2 of them at other tables (as recorded when it was entered)."
    )
    report = verify(c.session.store, rulesets())
    assert report.ok, report.message()


def test_ema_warnings_across_tables_in_english_and_french(referee):
    referee.setup_table("ema-2016", tournament="Paris Riichi Open")
    w, c = referee.window, referee.controller
    _other_table(c, 3, "ema-2016", ("Eve", "Bob", "Fay", "Gus"), [(1, "warning"), (1, "warning")], session=1)
    referee.ruling(1, "warning", {"reason": "conduct"})
    assert "• 2 earlier warnings for Bob at other tables in this tournament: this is the 3rd warning." in (
        _preview_lines(w)
    )
    app = QApplication.instance()
    install_translators(app, "fr")
    try:
        QApplication.processEvents()
        lines = [t.replace("\u00a0", " ") for t in _preview_lines(w)]
        assert (
            "• 2 avertissements antérieurs pour Bob à d'autres tables dans ce tournoi : c'est son 3e avertissement."
            in (lines)
        )
    finally:
        install_translators(app, "en")
    referee.tap(w.ruling.preview_panel.confirm_button)
    assert referee.seats()[1][4] == "3 warnings"
    referee.tap(w.nav["history"])
    view = w.history
    (row,) = [r for r in view.model.rows if r.get("table") == 1]
    view.open_detail(row)
    QApplication.processEvents()
    assert view.detail_page.remarks.text().splitlines() == [
        "Warning number 3 for this player.",
        "Warnings at other tables counted in it (as recorded when it was entered): 2.",
    ]


def test_the_preview_counts_what_another_table_stored_meanwhile(referee):
    # the counts are read again as soon as anything new is stored (here: table 3's second call offence, brought by
    # the venue's sync while the referee of table 1 looks at the preview)
    referee.setup_table("sg-league", tournament="Club league")
    w, c = referee.window, referee.controller
    _other_table(c, 3, "sg-league", ("Bob", "Eve", "Fay", "Gus"), [(0, "silent_call")])
    referee.ruling(1, "silent_call")
    assert "• 1 earlier call offence for Bob at other tables this session: this is the 2nd." in _preview_lines(w)
    table3 = next(t for t in c.session.store.tables(c.table.tournament_id) if t.number == 3)
    TableBook(c.session.store, table3, rulesets()).commit(ev("incident", seat=0, offence="empty_win_call", by="Marie"))
    w.ruling.show_preview()
    assert "• 2 earlier call offences for Bob at other tables this session: this is the 3rd." in _preview_lines(w)
    referee.tap(w.ruling.preview_panel.confirm_button)
    (incident,) = [e for e in c.session.book.events if e["type"] == "incident"]
    assert incident["elsewhere"] == {"warnings": 2, "ladders": {"calls": 2}}
