"""The ledger reports what a ruling would do before it is applied: the preview the referee confirms."""

from refapp.domain.events import parse_event
from refapp.domain.ledger import Ledger
from tests.logs import ev, riichi, rulesets, start


def ledger_with(*events):
    led = Ledger(rulesets())
    for i, e in enumerate(events):
        led.apply(parse_event(e, i))
    return led


def test_preview_of_a_mangan_chombo_reports_every_consequence_and_changes_nothing():
    # EMA 2012 resumed East-2 (seat 1 deals), 1 counter, 1 stick carried; seat 2 riichi this hand.
    led = ledger_with(
        start(
            "ema-2012", resume={"scores": [31000, 30000, 27000, 31000], "hand": 2, "counters": 1, "riichi_sticks": 1}
        ),
        riichi(2),
    )
    before = [s.score for s in led.state.seats]
    eff = led.preview(parse_event(ev("incident", seat=3, offence="invalid_win_revealed"), 2))
    assert eff.ruling.kind == "chombo" and eff.ruling.citation == "§3.4.6"
    assert eff.transfers == [2000, 4000, 2000 + 1000, -8000]  # seat 2 also gets its bet back
    assert eff.sticks_returned == [2]
    assert (eff.sticks_before, eff.sticks_after) == (2, 1)  # the carried stick stays
    assert (eff.counters_before, eff.counters_after) == (1, 1)
    assert (eff.dealer_before, eff.dealer_after) == (1, 1)
    assert eff.redeal is True and eff.off_table == 0
    assert [s.score for s in led.state.seats] == before  # nothing applied
    assert led.state.riichi_sticks == 2


def test_preview_of_a_table_penalty_reports_what_leaves_the_table():
    led = ledger_with(start("ema-2012"))
    eff = led.preview(parse_event(ev("incident", seat=2, offence="late_arrival", answers={"minutes": 7}), 1))
    assert eff.ruling.kind == "point_penalty" and eff.ruling.scope == "table"
    assert eff.transfers == [0, 0, -7000, 0]
    assert eff.off_table == 7000
    assert eff.redeal is False


def test_preview_of_sg_chombo_reports_league_points():
    led = ledger_with(start("sg-league"))
    eff = led.preview(parse_event(ev("incident", seat=0, offence="invalid_win_revealed"), 1))
    assert eff.transfers == [-12000, 4000, 4000, 4000]
    assert eff.extra == [{"league": -2}, {}, {}, {}]


def test_preview_of_a_win_reports_the_rotation():
    led = ledger_with(start("wrc-2015"), riichi(3))
    eff = led.preview(parse_event(ev("win", kind="ron", discarder=0, winners=[{"seat": 2, "limit": "mangan"}]), 2))
    assert eff.transfers == [-8000, 0, 9000, 0]
    assert (eff.dealer_before, eff.dealer_after, eff.hand_after) == (0, 1, (0, 2))
    assert eff.ruling is None
