"""A table kept on paper continued on the tablet; voids cancel an event exactly."""

from fractions import Fraction

import pytest

from refapp.domain.events import LogError
from tests.logs import draw, fold, hand, riichi, ron, scores, start, tsumo, void


def test_resumed_mid_game_state_wrc():
    # South 3, 2 counters, 1 stick left on the table from an earlier hand; overall scores so far in table points.
    resume = {
        "scores": [41000, 22000, 35000, 21000],
        "round_wind": "S",
        "hand": 3,
        "dealer": 2,
        "counters": 2,
        "riichi_sticks": 1,
        "overall": [25000, -12000, 4000.5, 0],
    }
    st = fold([start("wrc-2015", resume=resume, hanchan=4)])
    assert (st.hanchan, st.round_wind, st.hand, st.dealer, st.counters, st.riichi_sticks) == (4, 1, 3, 2, 2, 1)
    assert [st.wind_of(i) for i in range(4)] == ["W", "N", "E", "S"]
    assert st.seats[2].overall == Fraction(8001, 2)
    # D (seat 3) ron on B, 2 han 30 fu non-dealer = 2,000 + 600 counters + the stick.
    st = fold([start("wrc-2015", resume=resume), ron(1, hand(3, han=2, fu=30))])
    assert scores(st) == [41000, 22000 - 2600, 35000, 21000 + 2600 + 1000]
    assert (st.counters, st.dealer, st.hand, st.riichi_sticks) == (0, 3, 4, 0)
    assert st.table_total() == st.start_total == 120000


def test_resumed_game_ends_and_results_add_to_the_resumed_overall():
    resume = {"scores": [40000, 30000, 30000, 20000], "round_wind": "S", "hand": 4, "overall": [1000, 0, 0, 0]}
    st = fold([start("wrc-2015", resume=resume), draw()])
    assert st.game_over
    assert [s.overall for s in st.seats] == [1000 + 10000 + 15000, 0, 0, -10000 - 15000]


def test_void_restores_the_state_without_the_event():
    base = [start("ema-2016"), riichi(1)]
    wrong = tsumo(hand(1, han=3, fu=30))
    right = tsumo(hand(1, han=3, fu=40))
    with_void = fold(base + [wrong, void(wrong), right])
    without = fold(base + [right])
    assert scores(with_void) == scores(without) == [30000 - 2600, 29000 + 1000 + 5200, 30000 - 1300, 30000 - 1300]


def test_void_must_target_an_earlier_event_once():
    s, r = start("ema-2016"), riichi(0)
    v = void(r)
    with pytest.raises(LogError, match=r"event 3: target: This entry was already undone\."):
        fold([s, r, v, void(r)])
    with pytest.raises(LogError, match=r"event 3: target: An undo cannot be undone: enter the entry again instead\."):
        fold([s, r, v, void(v)])
    with pytest.raises(LogError, match=r"event 1: target: The entry to undo is not stored at this table\."):
        fold([s, {**v, "target": "nope"}])


def test_voiding_an_event_that_later_ones_depend_on_is_reported():
    s, r = start("ema-2016"), riichi(0)
    w = ron(0, hand(1, han=1, fu=30))
    # without the win, the second riichi of seat 0 is in the same hand: the replay says so
    with pytest.raises(LogError, match=r"event 3: seat: Ann has already declared riichi"):
        fold([s, r, w, riichi(0), void(w)])
