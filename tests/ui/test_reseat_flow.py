"""Issue 31 part 4 on the screen: the players were found in the wrong seats after some hands; the referee taps a seat,
gives the PIN, taps "Re-seat the table", says who really sat where, reads the preview of every score that changes,
and one tap replays the hands under the right seats. The board then shows what a fresh table with the right seats
shows, and the history keeps the first entries, voided with the reason."""

from __future__ import annotations

from refapp.domain.events import parse_event
from refapp.domain.ledger import replay
from refapp.ui.common.texts import points
from tests.logs import hand, riichi, ron, rulesets, start, tsumo

from .conftest import pin_keys

PIN = "2468"


def _stored(c) -> list[dict]:
    return c.session.store.table_events(c.table.table_id)


def _ron_bob_from_cyd(referee) -> None:
    entry = referee.open_hand_result()
    referee.tap(entry.seat_toggles[1])
    referee.tap(entry.discarder.buttons["2"])
    ed = entry.editors[1]
    referee.answer(ed.han, 3)
    referee.tap(ed.fu.buttons["40"])
    referee.preview_hand()
    referee.confirm_hand()


def test_a_referee_re_seats_the_table_and_the_board_shows_the_right_seats(referee):
    w, c = referee.window, referee.controller
    referee.setup_table("ema-2016", pin=PIN)  # recorded: Ann East, Bob South, Cyd West, Dan North
    referee.riichi(1)  # Bob
    _ron_bob_from_cyd(referee)  # Bob wins on Cyd's discard: recorded as a non-dealer's win
    c.commit(c.new_event("win", kind="tsumo", winners=[{"seat": 3, "han": 2, "fu": 30}]))  # Dan's tsumo
    stored_before = _stored(c)
    recorded = referee.scores()
    assert not c.referee_mode

    # the referee: a seat tap, the PIN, then Re-seat the table
    referee.dialogs.on_pin(lambda d: pin_keys(referee.qtbot, d, PIN))
    referee.tap(w.board.seats[0])
    assert w.pages.currentWidget() is w.ruling
    palette = w.ruling.palette_page
    assert palette.reseat_button.text() == "Re-seat the table (players in the wrong seats)"
    referee.tap(palette.reseat_button)
    page = w.reseat_page
    assert w.pages.currentWidget() is page and page.currentWidget() is page.seats_page
    assert page.title.text() == "Re-seat table 1"
    assert [r.label.text() for r in page.rows] == [
        "Recorded East: Ann — really:",
        "Recorded South: Bob — really:",
        "Recorded West: Cyd — really:",
        "Recorded North: Dan — really:",
    ]
    assert [r.name.text() for r in page.rows] == ["Ann", "Bob", "Cyd", "Dan"]
    # Preview of the seating as recorded: nothing to re-seat, said on the page
    referee.tap(page.preview_button)
    assert page.currentWidget() is page.seats_page
    assert page.problem.isVisible()
    assert page.problem.text() == "This is the seating as recorded: there is nothing to re-seat."
    # Ann really sat South, Bob East
    referee.tap(page.rows[0].wind.buttons["1"])
    referee.tap(page.rows[1].wind.buttons["0"])
    referee.tap(page.preview_button)
    assert page.currentWidget() is page.preview_page
    assert len(_stored(c)) == len(stored_before), "a preview stores nothing"

    right = replay(
        [parse_event(e, i) for i, e in enumerate([
            start("ema-2016", players=("Bob", "Ann", "Cyd", "Dan")),
            riichi(0), ron(2, hand(0, han=3, fu=40)), tsumo(hand(3, han=2, fu=30)),
        ])],
        rulesets(),
    )  # fmt: skip
    after = {s.player: s.score for s in right.seats}
    before = dict(zip(("Ann", "Bob", "Cyd", "Dan"), recorded, strict=True))
    lines = [lab.text() for lab in page.lines if lab.isVisible()]
    assert lines == [
        f"Bob: South → East, {before['Bob']} → {points(after['Bob'])}",
        f"Ann: East → South, {before['Ann']} → {points(after['Ann'])}",
        f"Cyd: West, {before['Cyd']} → {points(after['Cyd'])}",
        f"Dan: North, {before['Dan']} → {points(after['Dan'])}",
    ]
    assert page.summary.text().startswith("4 entries of hanchan 1 are voided and entered again")

    # one tap: re-seated, the hands replayed, back on the board
    referee.tap(page.confirm_button)
    assert w.pages.currentWidget() is w.board
    assert [s[1] for s in referee.seats()] == ["Bob", "Ann", "Cyd", "Dan"]
    assert referee.scores() == [points(s.score) for s in right.seats]
    assert referee.dealer() == right.seats[right.dealer].player
    assert not c.referee_mode, "the referee's action is over: table mode again"
    # nothing deleted: the first entries stay, voided with the reason
    now = _stored(c)
    assert now[: len(stored_before)] == stored_before
    voids = [e for e in now[len(stored_before) :] if e["type"] == "void"]
    assert len(voids) == 4 and {v["reason"] for v in voids} == {"re-seated: East Bob, South Ann, West Cyd, North Dan"}
    assert all(v["by"] == "Sylvie" for v in voids)


def test_a_table_held_by_another_device_is_refused_on_the_page(referee):
    from refapp.store.devices import give

    w, c = referee.window, referee.controller
    referee.setup_table("ema-2016")  # no PIN: referee mode
    referee.riichi(1)
    stored_before = _stored(c)
    give(c.session.store, c.table, "tablet-7")
    c.reload_table()
    referee.tap(w.board.seats[0])
    referee.tap(w.ruling.palette_page.reseat_button)
    page = w.reseat_page
    referee.tap(page.rows[0].wind.buttons["1"])
    referee.tap(page.rows[1].wind.buttons["0"])
    referee.tap(page.preview_button)
    referee.tap(page.confirm_button)
    assert w.pages.currentWidget() is page and page.currentWidget() is page.seats_page
    assert "tablet-7" in page.problem.text() and "table 1" in page.problem.text()
    assert _stored(c) == stored_before
