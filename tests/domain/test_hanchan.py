"""A full hanchan, hand by hand, with every number the table would see (EMA 2016: 30,000 start, uma 15/5,
multiple ron, leftover sticks to the winner, no kiriage)."""

from fractions import Fraction

import pytest

from refapp.domain.events import LogError
from tests.logs import draw, end, fold, hand, riichi, ron, scores, start, tsumo


def test_full_hanchan_ema_2016():
    log = [start("ema-2016")]

    def table(*events):
        log.extend(events)
        return fold(log)

    # East 1, A deals. B riichi, exhaustive draw with B alone tenpai: 1,000 from each noten seat.
    st = table(riichi(1), draw(1))
    assert scores(st) == [29000, 32000, 29000, 29000]
    assert (st.riichi_sticks, st.counters, st.dealer, st.round_wind, st.hand) == (1, 1, 1, 0, 2)
    assert st.seats[1].riichi is False  # riichi flags end with the hand, the stick stays

    # East 2 (1 counter): C riichi, draw with B (dealer) and C tenpai: 1,500 from each of A and D; B keeps the deal.
    st = table(riichi(2), draw(1, 2))
    assert scores(st) == [27500, 33500, 29500, 27500]
    assert (st.riichi_sticks, st.counters, st.dealer, st.hand) == (2, 2, 1, 2)

    # East 2, 2 counters: double ron on D's discard. Every winner is paid the counters (each winning hand is worth
    # 300 more per counter); A (first from D's right) takes the sticks.
    st = table(ron(3, hand(2, han=3, fu=40), hand(0, han=2, fu=30)))
    assert scores(st) == [27500 + 2000 + 600 + 2000, 33500, 29500 + 5200 + 600, 27500 - 2000 - 600 - 5200 - 600]
    assert (st.riichi_sticks, st.counters, st.dealer, st.hand) == (0, 0, 2, 3)

    # East 3: C (dealer) tsumo 4 han 30 fu: 3,900 from each; C keeps the deal, 1 counter.
    st = table(tsumo(hand(2, han=4, fu=30)))
    assert scores(st) == [28200, 29600, 47000, 15200]
    assert (st.counters, st.dealer) == (1, 2)

    # East 3, 1 counter: D tsumo 1 han 30 fu: 500 + 100 from the dealer, 300 + 100 from the others.
    st = table(tsumo(hand(3, han=1, fu=30)))
    assert scores(st) == [27800, 29200, 46400, 16600]
    assert (st.counters, st.dealer, st.hand) == (0, 3, 4)

    # East 4: nobody tenpai: no payments, the deal rotates, a counter is added. South 1 begins.
    st = table(draw())
    assert scores(st) == [27800, 29200, 46400, 16600]
    assert (st.round_wind, st.hand, st.dealer, st.counters) == (1, 1, 0, 1)
    assert st.wind_of(0) == "E" and st.wind_of(3) == "N"

    # South 1, 1 counter: B ron on A's discard, 3 han 30 fu = 3,900 + 300.
    st = table(ron(0, hand(1, han=3, fu=30)))
    assert scores(st) == [23600, 33400, 46400, 16600]
    # South 2: all four tenpai (no payments, dealer keeps); then A riichi and is the only one tenpai.
    st = table(draw(0, 1, 2, 3), riichi(0), draw(0))
    assert scores(st) == [25600, 32400, 45400, 15600]
    assert (st.round_wind, st.hand, st.dealer, st.counters, st.riichi_sticks) == (1, 3, 2, 2, 1)

    # South 3, 2 counters: C (dealer) ron haneman on D: 18,000 + 600 + the stick; D goes below zero (no bankruptcy).
    st = table(ron(3, hand(2, limit="haneman")))
    assert scores(st) == [25600, 32400, 65000, -3000]
    # C again on B (1 han 30 fu dealer ron 1,500 + 900), then a draw where only D is tenpai: C loses the deal.
    st = table(ron(1, hand(2, han=1, fu=30)), draw(3))
    assert scores(st) == [24600, 29000, 66400, 0]
    assert (st.round_wind, st.hand, st.dealer, st.counters) == (1, 4, 3, 5)
    assert not st.game_over

    # South 4: B riichi, B alone tenpai; the dealer D is noten: the deal would pass seat 0 again, the game ends.
    st = table(riichi(1), draw(1))
    assert scores(st) == [23600, 31000, 65400, -1000]
    assert st.game_over and st.end_reason == "last hand played"
    assert st.riichi_sticks == 0 and st.leftover_awarded == 1000
    rows = {r.player: r for r in st.results}
    assert [rows[p].rank for p in ("Ann", "Bob", "Cyd", "Dan")] == [3, 2, 1, 4]
    assert rows["Cyd"].final == 35400 + 15000 + 1000  # leftover stick to the winner
    assert rows["Bob"].final == 1000 + 5000
    assert rows["Ann"].final == -6400 - 5000
    assert rows["Dan"].final == -31000 - 15000
    assert sum(r.final for r in st.results) == 0
    assert [s.overall for s in st.seats] == [Fraction(-11400), 6000, 51400, -46000]
    assert st.table_total() == st.start_total

    # the hanchan is over: nothing more can be played in it
    with pytest.raises(LogError, match="Hanchan 1 is over"):
        table(riichi(0))


def test_second_hanchan_carries_overall_by_player():
    log = [start("wrc-2015"), ron(1, hand(0, limit="baiman")), end()]
    st = fold(log)
    first = {s.player: s.overall for s in st.seats}
    log += [start("wrc-2015", players=("Dan", "Cyd", "Bob", "Ann"))]
    st = fold(log)
    assert st.hanchan == 2
    assert {s.player: s.overall for s in st.seats} == first
    assert scores(st) == [30000] * 4 and st.counters == 0 and st.dealer == 0


def test_new_hanchan_needs_the_previous_one_ended():
    with pytest.raises(LogError, match=r"event 2: type: Hanchan 1 is not over"):
        fold([start("wrc-2015"), riichi(0), start("wrc-2015")])


def test_head_bump_pays_only_the_first_winner_from_the_discarders_right():
    # WRC 2015: one winner. Discarder C (seat 2); D (seat 3) is on C's right, before A (seat 0).
    st = fold([start("wrc-2015"), riichi(0), ron(2, hand(0, han=3, fu=30), hand(3, han=1, fu=30))])
    assert scores(st) == [29000, 30000, 30000 - 1000, 30000 + 1000 + 1000]


def test_kiriage_in_wrc_not_in_ema():
    st = fold([start("wrc-2015"), ron(1, hand(2, han=4, fu=30))])
    assert scores(st)[2] == 38000  # rounded up to mangan
    st = fold([start("ema-2016"), ron(1, hand(2, han=4, fu=30))])
    assert scores(st)[2] == 37700


def test_yakuman_multiples_are_capped_by_the_rule_set():
    st = fold([start("ema-2016"), ron(1, hand(2, limit="yakuman", yakuman=2))])
    assert scores(st)[2] == 30000 + 32000  # EMA: no double yakuman
    st = fold([start("japanese-modern"), ron(1, hand(2, limit="yakuman", yakuman=2))])
    assert scores(st)[2] == 25000 + 64000


def test_plain_points_ron_and_tsumo():
    st = fold([start("ema-2016"), ron(3, hand(1, points=2600))])
    assert scores(st) == [30000, 32600, 30000, 27400]
    # non-dealer tsumo "2,000/3,900": 2,000 from each non-dealer, 3,900 from the dealer
    st = fold([start("ema-2016"), tsumo(hand(1, points=2000, dealer_points=3900))])
    assert scores(st) == [26100, 37900, 28000, 28000]


def test_pao_split_on_ron_and_full_liability():
    # EMA: D liable for B's big three dragons, C deals in: D and C split 32,000; counters by the discarder.
    log = [start("ema-2016", resume={"scores": [30000] * 4, "counters": 1}), ron(2, hand(1, limit="yakuman", liable=3))]
    st = fold(log)
    assert scores(st) == [30000, 30000 + 32000 + 300, 30000 - 16000 - 300, 30000 - 16000]
    # Japanese modern: the liable player pays everything, counters included.
    log = [
        start("japanese-modern", resume={"scores": [25000] * 4, "counters": 1}),
        ron(2, hand(1, limit="yakuman", liable=3)),
    ]
    st = fold(log)
    assert scores(st) == [25000, 25000 + 32300, 25000, 25000 - 32300]
    # tsumo with a liable seat: the liable seat pays the whole hand
    st = fold([start("ema-2016"), tsumo(hand(1, limit="yakuman", liable=0))])
    assert scores(st) == [30000 - 32000, 62000, 30000, 30000]


def test_abortive_draw_only_where_the_rule_set_has_them():
    from tests.logs import ev

    with pytest.raises(LogError, match="EMA 2016 has no abortive draws"):
        fold([start("ema-2016"), ev("draw", kind="abortive", reason="four winds")])
    st = fold([start("japanese-modern"), riichi(1), ev("draw", kind="abortive", reason="four riichi")])
    assert (st.counters, st.dealer, st.riichi_sticks, st.hand) == (1, 0, 1, 1)


def test_dead_seat_rules_are_validated_with_the_event_index():
    with pytest.raises(LogError, match=r"event 2: seat: Bob has already declared riichi"):
        fold([start("ema-2016"), riichi(1), riichi(1)])
    with pytest.raises(LogError, match=r"event 0: ruleset: The rule set nope is not known here \(known: ema-2008-mt, "):
        fold([start("nope")])
    with pytest.raises(LogError, match=r"event 0: type: No hanchan has been started at this table: start one first\."):
        fold([riichi(0)])
