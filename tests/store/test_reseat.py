"""Issue 31 part 4: a table found in the wrong seats is re-seated and its hands replayed under the right seats.

Each test records hands through the core (:class:`refapp.core.session.Session`) over a real store, re-seats, and
compares every number of the table with a fresh computation of the same hands entered, by hand, with the right
seats from the start (both through the ledger). Nothing is deleted: the entries first recorded stay, voided with
the reason. A table another device writes is refused with that device named."""

from __future__ import annotations

from typing import Any

import pytest

from refapp.core.errors import RefereeOnlyReseat
from refapp.core.session import Session
from refapp.domain.events import LogError
from refapp.domain.reseat import Seating
from refapp.store.devices import NotHolder, give
from refapp.store.opening import open_store
from refapp.store.settings import Settings
from tests.logs import end, fold_with, hand, incident, riichi, ron, rulesets, start, tsumo

RULES = "japanese-modern"  # a dealer's hands and a dealer's chombo pay differently: a wrong seat shows


def _session(tmp_path) -> Session:
    store = open_store(tmp_path / "data")
    table = store.setup_table("Paris Open", 7, [{"name": n} for n in ("Ann", "Bob", "Cyd", "Dan", "Eve")])
    s = Session(store, rulesets(), Settings(), tmp_path / "data")
    s.open_table(table)
    return s


def _numbers(st) -> dict[str, Any]:
    """Every number the table shows or keeps, by player (seat order kept as a list of names)."""
    return {
        "players": [s.player for s in st.seats],
        "scores": {s.player: s.score for s in st.seats},
        "overall": {s.player: s.overall for s in st.seats},
        "warnings": {s.player: s.warnings for s in st.seats},
        "riichi": {s.player: s.riichi for s in st.seats},
        "sticks": st.riichi_sticks,
        "counters": st.counters,
        "dealer": st.seats[st.dealer].player,
        "round": (st.round_wind, st.hand),
        "hands_played": st.hands_played,
        "game_over": st.game_over,
        "results": [(r.player, r.rank, r.final) for r in st.results] if st.results else None,
        "history": list(st.history),
        "overall_by_player": dict(st.overall_by_player),
    }


def _play(s: Session, events: list[dict[str, Any]]) -> None:
    for e in events:
        s.record(e)


# The hands as the table recorded them: Ann East, Bob South, Cyd West, Dan North. In truth Bob sat East and Ann
# South: Bob's win was a dealer's win, Ann's chombo a non-dealer's.
def _recorded_hands() -> list[dict[str, Any]]:
    return [
        riichi(1),  # Bob
        ron(2, hand(1, han=3, fu=40)),  # Bob wins on Cyd's discard
        incident(0, "invalid_win_revealed"),  # Ann's chombo
        tsumo(hand(3, han=2, fu=30)),  # Dan's tsumo
        riichi(2),  # Cyd, the hand still in play
    ]


def _right_hands() -> list[dict[str, Any]]:
    """The same hands written, by hand, with the right seats: Bob 0, Ann 1, Cyd 2, Dan 3."""
    return [
        riichi(0),
        ron(2, hand(0, han=3, fu=40)),
        incident(1, "invalid_win_revealed"),
        tsumo(hand(3, han=2, fu=30)),
        riichi(2),
    ]


def test_replayed_hands_give_the_scores_of_the_same_hands_at_the_right_seats(tmp_path):
    s = _session(tmp_path)
    first = [start(RULES, hanchan=1), ron(3, hand(0, han=2, fu=30)), end()]  # a hanchan before, left alone
    _play(s, first)
    _play(s, [start(RULES, players=("Ann", "Bob", "Cyd", "Dan"), hanchan=2), *_recorded_hands()])
    stored_before = s.store.table_events(s.table.table_id)
    wrong = _numbers(s.state)
    seating = Seating(names=("Ann", "Bob", "Cyd", "Dan"), seat=(1, 0, 2, 3))  # Ann sat South, Bob East

    shown = s.reseat.preview(seating)
    assert s.store.table_events(s.table.table_id) == stored_before, "a preview stores nothing"
    made = s.reseat.apply(seating)

    right = fold_with(rulesets(), [*first, start(RULES, players=("Bob", "Ann", "Cyd", "Dan"), hanchan=2),
                                    *_right_hands()])  # fmt: skip
    assert _numbers(s.state) == _numbers(right)
    assert _numbers(s.state) != wrong, "the seats changed the numbers (else this test proves nothing)"
    # Bob's win was a dealer's 3 han 40 fu: 7,700 from Cyd, and his own riichi stick back; the dealer kept the deal
    assert s.state.seats[0].player == "Bob"
    assert s.state.history[0] == (0, 1, 0, (32_700, 25_000, 17_300, 25_000))
    # the preview said every change, and what it said is what was stored
    said = {c.player: (c.score_before, c.score_after) for c in shown.changes}
    assert said == {p: (wrong["scores"][p], s.state.seats[[x.player for x in s.state.seats].index(p)].score)
                    for p in ("Ann", "Bob", "Cyd", "Dan")}  # fmt: skip
    assert {c.player: (c.seat_before, c.seat_after) for c in shown.changes} == {
        "Bob": (1, 0), "Ann": (0, 1), "Cyd": (2, 2), "Dan": (3, 3)
    }  # fmt: skip
    assert made.voided == 6  # the start and the five entries, each voided and entered again
    # nothing deleted: every entry first recorded is still stored, voided with the reason
    after = s.store.table_events(s.table.table_id)
    assert after[: len(stored_before)] == stored_before
    voids = [e for e in after[len(stored_before) :] if e["type"] == "void"]
    assert [v["target"] for v in voids] == [e["id"] for e in reversed(stored_before[3:])]
    assert {v["reason"] for v in voids} == {"re-seated: East Bob, South Ann, West Cyd, North Dan"}
    assert len(after) == len(stored_before) + 12


def test_a_finished_hanchan_re_seated_gives_the_right_overall_scores(tmp_path):
    s = _session(tmp_path)
    _play(s, [start(RULES, hanchan=1), *_recorded_hands()[:4], end()])
    s.reseat.apply(Seating(names=("Ann", "Bob", "Cyd", "Dan"), seat=(1, 0, 2, 3)))
    right = fold_with(rulesets(), [start(RULES, players=("Bob", "Ann", "Cyd", "Dan"), hanchan=1),
                                    *_right_hands()[:4], end()])  # fmt: skip
    assert s.state.game_over and right.game_over
    assert _numbers(s.state) == _numbers(right)


def test_a_player_at_the_wrong_table_takes_the_hands_of_the_seat(tmp_path):
    """Eve sat North, recorded as Dan: Dan's results become Eve's, Dan leaves the table with nothing."""
    s = _session(tmp_path)
    _play(s, [start(RULES, hanchan=1), *_recorded_hands()])
    plan = s.reseat.preview(Seating(names=("Ann", "Bob", "Cyd", "Eve"), seat=(0, 1, 2, 3)))
    dan_before = s.state.seats[3].score
    s.reseat.apply(Seating(names=("Ann", "Bob", "Cyd", "Eve"), seat=(0, 1, 2, 3)))
    right = fold_with(rulesets(), [start(RULES, players=("Ann", "Bob", "Cyd", "Eve"), hanchan=1),
                                    *_recorded_hands()])  # fmt: skip
    assert _numbers(s.state) == _numbers(right)
    by = {c.player: c for c in plan.changes}
    assert (by["Dan"].score_before, by["Dan"].score_after) == (dan_before, None)
    assert (by["Eve"].score_before, by["Eve"].score_after) == (None, dan_before)


def test_re_seating_back_restores_every_number_and_undo_takes_back_one_replacement(tmp_path):
    s = _session(tmp_path)
    _play(s, [start(RULES, hanchan=1), *_recorded_hands()])
    recorded = _numbers(s.state)
    s.reseat.apply(Seating(names=("Ann", "Bob", "Cyd", "Dan"), seat=(1, 0, 2, 3)))
    moved = _numbers(s.state)
    # Undo takes back the last replacement only (Cyd's riichi, now at its right seat)
    void, _effect = s.undo("entered by mistake")
    assert s.entry(void["target"])["type"] == "riichi" and s.entry(void["target"])["seat"] == 2
    assert s.state.riichi_sticks == moved["sticks"] - 1
    assert s.state.seats[2].score == moved["scores"]["Cyd"] + 1000
    s.record(riichi(2))  # entered again
    assert _numbers(s.state) == moved
    # re-seat back as first recorded (now Bob is seat 0: Bob → South, Ann → East): every number as before
    s.reseat.apply(Seating(names=("Bob", "Ann", "Cyd", "Dan"), seat=(1, 0, 2, 3)))
    assert _numbers(s.state) == recorded


def test_a_table_another_device_writes_is_refused_with_the_holder_named(tmp_path):
    s = _session(tmp_path)
    _play(s, [start(RULES, hanchan=1), *_recorded_hands()])
    stored = s.store.table_events(s.table.table_id)
    give(s.store, s.table, "tablet-of-table-7")
    s.reload_table()
    with pytest.raises(NotHolder) as err:
        s.reseat.apply(Seating(names=("Ann", "Bob", "Cyd", "Dan"), seat=(1, 0, 2, 3)))
    assert "tablet-of-table-7" in str(err.value) and "table 7" in str(err.value)
    assert err.value.params["device"] == "tablet-of-table-7"
    assert s.store.table_events(s.table.table_id) == stored


def test_re_seating_is_a_referee_action(tmp_path):
    s = _session(tmp_path)
    _play(s, [start(RULES, hanchan=1), *_recorded_hands()])
    stored = s.store.table_events(s.table.table_id)
    s.lock.choose_pin("2468")
    s.lock.lock()
    with pytest.raises(RefereeOnlyReseat):
        s.reseat.apply(Seating(names=("Ann", "Bob", "Cyd", "Dan"), seat=(1, 0, 2, 3)))
    assert s.store.table_events(s.table.table_id) == stored


@pytest.mark.parametrize(
    ("names", "seat", "key"),
    [
        (("Ann", "Bob", "Cyd", "Dan"), (0, 0, 2, 3), "reseat_same_seat"),
        (("Ann", "Ann", "Cyd", "Dan"), (1, 0, 2, 3), "reseat_twice"),
        (("Ann", " ", "Cyd", "Dan"), (1, 0, 2, 3), "reseat_no_name"),
        (("Ann", "Bob", "Cyd", "Dan"), (0, 1, 2, 3), "reseat_unchanged"),
        (("Ann", "Bob\u202e", "Cyd", "Dan"), (1, 0, 2, 3), "name_refused"),
    ],
)
def test_a_seating_that_cannot_be_is_refused_and_nothing_stored(tmp_path, names, seat, key):
    s = _session(tmp_path)
    _play(s, [start(RULES, hanchan=1), *_recorded_hands()])
    stored = s.store.table_events(s.table.table_id)
    with pytest.raises(LogError) as err:
        s.reseat.apply(Seating(names=names, seat=seat))
    assert err.value.key == key
    assert s.store.table_events(s.table.table_id) == stored


def test_a_hand_that_cannot_be_played_under_the_new_seats_is_named(tmp_path):
    """A tsumo entered in points with what the dealer paid: the winner cannot be the dealer."""
    s = _session(tmp_path)
    _play(s, [start(RULES, hanchan=1), tsumo(hand(1, points=1000, dealer_points=2000))])
    stored = s.store.table_events(s.table.table_id)
    with pytest.raises(LogError) as err:
        s.reseat.apply(Seating(names=("Ann", "Bob", "Cyd", "Dan"), seat=(1, 0, 2, 3)))
    assert err.value.key == "reseat_replay" and err.value.params["reason_key"] == "dealer_points_of_dealer"
    assert err.value.params["when"] == "10:00"
    assert s.store.table_events(s.table.table_id) == stored


def test_no_hanchan_nothing_to_re_seat(tmp_path):
    s = _session(tmp_path)
    with pytest.raises(LogError) as err:
        s.reseat.apply(Seating(names=("Ann", "Bob", "Cyd", "Dan"), seat=(1, 0, 2, 3)))
    assert err.value.key == "reseat_no_hanchan"
