"""The read models of the Setup and History pages over a real store: which offences occurred, who sat at a hanchan,
the void of an event, the hand attached to an incident, the filters' choices, and the next hanchan's numbers."""

from __future__ import annotations

import pytest

from refapp.domain.offences import OFFENCES
from refapp.store import history, history_detail, setup_reads
from refapp.store.db import Store
from refapp.store.opening import open_store
from refapp.store.tablebook import TableBook
from tests.logs import ev, rulesets, start, void


@pytest.fixture
def store(tmp_path):
    s = open_store(tmp_path)
    yield s
    s.close()


def book(store: Store, tournament: str, number: int, players=("Ann", "Bob", "Cyd", "Dan")) -> TableBook:
    table = store.setup_table(tournament, number, [{"name": n} for n in players])
    return TableBook(store, table, rulesets())


def test_incident_detail_names_the_seats_the_void_and_the_hand(store):
    b = book(store, "Paris Open", 3, players=("Ann", "Bob"))  # Zoé and Émile seated from another device
    b.commit(start("ema-2016", players=("Zoé", "Émile", "Bob", "Ann")))
    warning = ev("incident", seat=1, offence="warning")
    b.commit(warning)
    b.commit(ev("void", target=warning["id"], reason="wrong seat", by="Marie"))
    checked = ev("incident", seat=2, offence="noten_riichi", hand_tiles="1358m456p789s135z")
    b.commit(ev("riichi", seat=2))
    b.commit(checked)
    rows = {r["uuid"]: r for r in history.query(store, include_voided=True)}
    extra = history_detail.incident_extra(store, rows[warning["id"]])
    assert extra.names == ("Zoé", "Émile", "Bob", "Ann")
    assert extra.void is not None and (extra.void.by, extra.void.reason) == ("Marie", "wrong seat")
    assert extra.hand_tiles == ""
    hand = history_detail.incident_extra(store, rows[checked["id"]])
    assert hand.void is None and hand.hand_tiles == "1358m456p789s135z"
    tid = b.table.tournament_id
    assert history_detail.offences_present(store, tid, OFFENCES) == [
        o for o in OFFENCES if o in ("warning", "noten_riichi")
    ]
    assert history_detail.table_numbers(store, tid) == [(b.table.table_id, 3)]
    # the tournament's players, and everyone an entry was made for (Émile; Zoé has none yet)
    assert history_detail.player_names(store, tid) == {"Émile", "Bob", "Ann"}


def test_a_voided_start_is_not_the_hanchans_seating(store):
    b = book(store, "Paris Open", 1)
    wrong = start("ema-2016", players=("Ann", "Bob", "Cyd", "Dan"))
    b.commit(wrong)
    b.commit(void(wrong))
    b.commit(start("ema-2016", players=("Dan", "Cyd", "Bob", "Ann")))
    assert history_detail.seat_names(store, b.table.table_id, 1) == ("Dan", "Cyd", "Bob", "Ann")
    assert history_detail.seat_names(store, b.table.table_id, 2) == ()


def test_the_next_hanchan_takes_the_previous_session_at_this_table_then_in_the_tournament(store):
    assert setup_reads.next_hanchan(store, "Paris Open", 1) == setup_reads.NextHanchan(1, 1)
    one = book(store, "Paris Open", 1)
    one.commit(start("ema-2016", session=3))
    one.commit(ev("hanchan_end"))
    assert setup_reads.next_hanchan(store, "Paris Open", 1) == setup_reads.NextHanchan(2, 3)
    two = book(store, "Paris Open", 2)
    assert setup_reads.next_hanchan(store, "Paris Open", 2) == setup_reads.NextHanchan(1, 3)
    two.commit(start("ema-2016", session=4, hanchan=5))
    assert setup_reads.next_hanchan(store, "Paris Open", 2) == setup_reads.NextHanchan(6, 4)
    assert setup_reads.next_hanchan(store, "Paris Open", 1) == setup_reads.NextHanchan(2, 3)
    # a hanchan started without a session number (an older version): session 1 is offered
    three = book(store, "Lyon Club Night", 1)
    three.commit(start("ema-2016"))
    assert setup_reads.next_hanchan(store, "Lyon Club Night", 1) == setup_reads.NextHanchan(2, 1)


def test_tournaments_and_their_players_for_setup(store):
    store.setup_table("Paris Open", 1, [{"name": "Émile", "first_timer": True, "federation_id": "04120001"}])
    store.setup_table("Lyon Club Night", 1, [{"name": "Zoé"}])
    store.setup_table("Paris Open", 2, [{"name": "Bob"}])
    assert setup_reads.tournament_names(store) == ["Paris Open", "Lyon Club Night"]
    players = {p.name: p for p in setup_reads.known_players(store, "Paris Open")}
    assert set(players) == {"Émile", "Bob"}
    assert players["Émile"].first_timer and players["Émile"].federation_id == "04120001"
    assert setup_reads.known_players(store, "Nowhere Cup") == []
