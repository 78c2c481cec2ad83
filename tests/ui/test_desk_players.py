"""The head referee's desk in the app: a card per table that says in words what the referee must know (called,
on the board, written here), the tables calling first, and the Players tab — a player's incidents counted across
tables, the ladder climbed at two tables, the next offence named as a dead hand — under the club league (the calls
ladder per session: 1st and 2nd time a warning, the 3rd a dead hand)."""

from __future__ import annotations

import threading
import time

from PySide6.QtWidgets import QApplication, QLabel

from refapp.app import install_translators
from refapp.store import calls, records
from refapp.store.tablebook import TableBook
from tests.ui.conftest import pin_keys

PIN = "2468"


def _pin(referee) -> None:
    referee.dialogs.on_pin(lambda d: pin_keys(referee.qtbot, d, PIN))


def _confirm(referee) -> None:
    referee.tap(referee.window.ruling.preview_panel.confirm_button)
    assert referee.window.pages.currentWidget() is referee.window.board


def _second_table(c):
    """Table 7 of the same tournament, on this device: Bob seated South (seat 1) in the same session, then a silent
    call of his there, entered as the app enters it (with his counts at the other tables)."""
    store, rulesets = c.session.store, c.rulesets
    t7 = store.create_table(c.table.tournament_id, 7)
    book = TableBook(store, t7, rulesets)
    at = "2026-11-22T20:{:02d}:00+01:00"
    book.commit({"type": "hanchan_start", "id": "t7-start", "at": at.format(0), "by": "Sylvie",
                 "players": ["Eve", "Bob", "Fay", "Gus"], "ruleset": "sg-league", "session": 1})  # fmt: skip
    away = records.elsewhere(store, rulesets, tournament_id=t7.tournament_id, table_id=t7.table_id, player="Bob",
                             ruleset=book.state.ruleset, session=book.state.session)  # fmt: skip
    assert away == {"warnings": 2, "ladders": {"calls": 2}}  # the two at table 1
    book.commit({"type": "incident", "id": "t7-call", "at": at.format(5), "by": "Sylvie", "seat": 1,
                 "offence": "silent_call", "elsewhere": away})  # fmt: skip
    assert book.state.seats[1].dead_hand  # the 3rd call offence of the session: a dead hand
    return t7


def test_cards_and_players_across_tables(referee):
    referee.setup_table("sg-league", pin=PIN)
    c, w = referee.controller, referee.window
    # at table 1, Bob (South) calls silently twice: the 1st and 2nd warning on the calls ladder
    for _ in range(2):
        _pin(referee)
        referee.ruling(1, "silent_call")
        _confirm(referee)
    t7 = _second_table(c)
    calls.call_referee(c.session.store, t7.tournament_id, t7.table_id, at="2026-11-22T20:06:00+01:00")

    _pin(referee)
    w.show_tables("tables")
    page = w._page("venue")
    assert page.made.keys() == {"tables"}  # the other tabs are made when first shown
    tab = page.tables
    one, seven = (next(t for t in tab.cards.values() if t.card.number == n) for n in (1, 7))
    # the calling table first, red, saying since when; table 1 is the one on the board
    assert tab.grid.items[0] is seven and seven.property("state") == "called"
    assert "Referee called at" in seven.words() and "Table 7" in seven.words()
    assert "Written on this device" in seven.words()
    assert one.property("state") == "open" and "On the board" in one.words()
    assert "Hanchan 1, East 1" in one.words()
    assert tab.calls.isVisible() and tab.calls.text() == "1 table calling the referee: 7"
    assert not tab.conflicts.isVisible() and not tab.held.isVisible()
    assert tab.summary.text() == "2 tables: 2 in play, 0 finished"

    # the Players tab: Bob first (he has incidents), his counts across both tables, the next one a dead hand
    referee.tap(page.tabs.buttons["players"])
    players = page.players
    rows = [r for r in players.grid.items if r.isVisible()]
    assert [r.record.player for r in rows][:1] == ["Bob"]
    assert {r.record.player for r in rows} == {"Ann", "Bob", "Cyd", "Dan", "Eve", "Fay", "Gus"}
    bob = rows[0]
    assert "2 warnings · 1 dead hand · 3 ladder steps" in bob.words()
    assert "Next offence on Calls Penalty: a dead hand" in bob.words()
    ann = next(r for r in rows if r.record.player == "Ann")
    assert "No incident" in ann.words()

    referee.tap(bob)
    detail = players.detail
    assert detail.isVisible() and not players.grid.isVisible() and players.back.isVisible()
    assert detail.name.text() == "Bob"
    cards = [card.words() for card in detail.cards]
    assert len(cards) == 3
    assert cards[0].startswith("Table 1") and "the 1st offence on this ladder" in cards[0]
    assert "the 2nd offence on this ladder" in cards[1]
    assert cards[2].startswith("Table 7") and "the 3rd offence on this ladder" in cards[2]
    assert "When entered, it counted 2 offences on the ladder at other tables" in cards[2]
    assert "Entered by Sylvie" in cards[2]
    standing = " ".join(lab.text() for lab in detail.findChildren(QLabel) if lab.objectName() == "standing_line")
    assert "the 4th: a dead hand" in standing

    # a new entry at table 1 is read again on the next visit (the records are kept only while nothing changes)
    kept = players.records
    referee.tap(players.back)
    assert players.grid.isVisible() and not detail.isVisible()
    referee.tap(page.tabs.buttons["tables"])
    referee.tap(one)  # back to table 1 on the board
    assert w.pages.currentWidget() is w.board and c.table.number == 1
    _pin(referee)
    referee.ruling(0, "silent_call")  # Ann's first
    _confirm(referee)
    _pin(referee)
    w.show_tables("players")
    assert page.players.records is not kept
    ann = next(r for r in page.players.grid.items if r.record.player == "Ann")
    assert "1 warning · 1 ladder step" in ann.words()


def test_the_count_of_players_with_incidents_is_the_rows_that_show_one(referee):
    """Issue 29, 11: "4 with incidents" while one of the four rows said "No incident". A player whose only incident
    was voided has none that counts: the summary counts as the rows say, and the rows with one come first."""
    referee.setup_table("ema-2016")
    c, w = referee.controller, referee.window
    for seat, offence in ((0, "warning"), (1, "warning"), (2, "dead_hand"), (3, "dead_hand")):
        event = c.new_event("incident", seat=seat, offence=offence)
        assert c.commit(event) is not None, c.last_error
    c.undo("wrong seat")  # Dan's dead hand was entered on the wrong seat: voided
    w.show_tables("players")
    players = w._page("venue").players
    rows = [r for r in players.grid.items if r.isVisible()]
    said = {r.record.player: r.counts.text() for r in rows}
    assert said == {
        "Ann": "1 warning",
        "Bob": "1 warning",
        "Cyd": "1 dead hand",
        "Dan": "No incident (1 voided or set aside, not counted)",
    }
    with_one = [r.record.player for r in rows if not r.counts.text().startswith("No incident")]
    assert players.summary.text() == f"4 players · {len(with_one)} with incidents" == "4 players · 3 with incidents"
    assert [r.record.player for r in rows][: len(with_one)] == with_one  # those with incidents first
    assert [r.property("state") for r in rows] == ["incidents"] * 3 + ["idle"]


def test_the_players_records_are_read_ahead_in_a_worker_so_a_tap_only_shows_them(referee, monkeypatch):
    """Issue 28: the Players tab's first visit after a venue sync waited for every player's record to be read on the
    GUI thread. They are read ahead in a worker a moment after the desk is shown and after each sync; a tap shows
    them, and a tap while they are being read waits for that read, never reads them a second time."""
    referee.setup_table("ema-2016")
    c, w = referee.controller, referee.window
    assert c.commit(c.new_event("incident", seat=0, offence="warning")) is not None, c.last_error
    read_in: list[str] = []  # the thread of each read
    real = records.records

    def spied(*args, **kwargs):
        read_in.append(threading.current_thread().name)
        if len(read_in) == 3:
            time.sleep(0.3)  # a long read: the tap comes while it runs
        return real(*args, **kwargs)

    monkeypatch.setattr(records, "records", spied)
    w.show_tables("tables")
    page = w._page("venue")
    referee.qtbot.waitUntil(lambda: bool(read_in) and page.ahead.job is None, timeout=5000)
    assert read_in == ["refapp-records"]
    page.show_tab("players")  # the tap: the records are shown, not read again
    players = page.players
    assert read_in == ["refapp-records"]
    assert {r.record.player: r.counts.text() for r in players.grid.items}["Ann"] == "1 warning"
    # an entry, then a sync ends while the desk is shown: they are read ahead again
    w.show_tables("tables")
    assert c.commit(c.new_event("incident", seat=1, offence="warning")) is not None, c.last_error
    c.venue.synced.emit()
    referee.qtbot.waitUntil(lambda: len(read_in) == 2 and page.ahead.job is None, timeout=5000)
    page.show_tab("players")
    assert read_in == ["refapp-records"] * 2
    assert {r.record.player: r.counts.text() for r in players.grid.items}["Bob"] == "1 warning"
    # a tap while they are being read waits for that read
    w.show_tables("tables")
    assert c.commit(c.new_event("incident", seat=2, offence="warning")) is not None, c.last_error
    page.ahead.start()
    page.show_tab("players")
    assert read_in == ["refapp-records"] * 3
    assert {r.record.player: r.counts.text() for r in players.grid.items}["Cyd"] == "1 warning"


def test_the_rows_made_ahead_are_shown_in_the_language_of_the_visit(referee):
    """The rows are made and filled in the hidden tab once the records are read ahead; a switch of language before
    the visit fills them again in it (never the words of the language they were made in)."""
    referee.setup_table("ema-2016")
    c, w = referee.controller, referee.window
    assert c.commit(c.new_event("incident", seat=0, offence="warning")) is not None, c.last_error
    w.show_tables("tables")
    page = w._page("venue")
    referee.qtbot.waitUntil(lambda: "players" in page.made and page.players.records is not None, timeout=5000)
    players = page.players
    assert not players.isVisible()
    assert {r.record.player: r.counts.text() for r in players.rows if r.record}["Ann"] == "1 warning"
    install_translators(QApplication.instance(), "fr")
    try:
        QApplication.processEvents()
        page.show_tab("players")
        said = {r.record.player: r.counts.text() for r in players.grid.items if r.isVisible()}
        assert said["Ann"] == "1 avertissement" and said["Bob"] == "Aucun incident"
    finally:
        install_translators(QApplication.instance(), "en")
