"""A head bump (WRC): two players call ron on one discard, only the first from the discarder's right wins. The win
records that winner's value and, in ``bumped``, the other callers, who have no value and receive nothing."""

import pytest

from refapp.domain.events import LogError, parse_event
from refapp.domain.ledger import Ledger
from tests.logs import ev, fold, hand, riichi, rulesets, scores, start


def bump(discarder: int, winner: dict, *bumped: int) -> dict:
    return ev("win", kind="ron", discarder=discarder, winners=[winner], bumped=list(bumped))


def lines(events: list[dict]) -> list[tuple[str, dict]]:
    ledger = Ledger(rulesets())
    effect = None
    for i, e in enumerate(events):
        effect = ledger.apply(parse_event(e, i), i, explain=True)
    assert effect is not None
    return effect.lines


def test_the_winner_alone_is_paid_and_the_bumped_caller_receives_nothing():
    """WRC 2015, 30,000 each. Ann riichi (1 stick). Cyd (seat 2) discards; Dan (seat 3, on Cyd's right) and Ann
    (seat 0) call ron. Dan wins 3 han 30 fu (3,900) and takes the stick; Ann is bumped: she gets nothing back."""
    events = [start("wrc-2015"), riichi(0), bump(2, hand(3, han=3, fu=30), 0)]
    st = fold(events)
    assert scores(st) == [29000, 30000, 30000 - 3900, 30000 + 3900 + 1000]
    assert (st.riichi_sticks, st.counters, st.dealer) == (0, 0, 1)
    said = [(k, kw) for k, kw in lines(events) if k == "head_bump"]
    assert said == [("head_bump", {"seat": 3, "skipped": [0], "discarder": 2})]


def test_the_same_numbers_as_a_log_that_gave_every_callers_value():
    """Logs written before ``bumped`` gave both values: the ledger still pays the first caller only."""
    both = [hand(0, han=1, fu=30), hand(3, han=3, fu=30)]
    old = fold([start("wrc-2015"), riichi(0), ev("win", kind="ron", discarder=2, winners=both)])
    new = fold([start("wrc-2015"), riichi(0), bump(2, hand(3, han=3, fu=30), 0)])
    assert scores(old) == scores(new)


def test_a_bumped_caller_nearer_the_discarders_right_is_refused():
    """Cyd discards: Dan (seat 3) is on Cyd's right, so Dan, not Ann, wins the head bump."""
    with pytest.raises(LogError, match=r"event 1: bumped.0: Dan is nearer the discarder's right") as e:
        fold([start("wrc-2015"), bump(2, hand(0, han=3, fu=30), 3)])
    assert e.value.key == "head_bump_order" and e.value.params == {"player": "Dan", "winner": "Ann"}


def test_no_bumped_seat_under_a_rule_set_where_every_caller_wins():
    with pytest.raises(LogError, match=r"event 1: bumped: EMA 2016 has no head bump") as e:
        fold([start("ema-2016"), bump(2, hand(3, han=3, fu=30), 0)])
    assert e.value.key == "no_head_bump"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"kind": "tsumo", "winners": [hand(1, limit="mangan")], "bumped": [2]}, "a tsumo bumps nobody"),
        ({"kind": "ron", "discarder": 2, "winners": [hand(3, limit="mangan")], "bumped": [2]}, "own discard"),
        ({"kind": "ron", "discarder": 2, "winners": [hand(3, limit="mangan")], "bumped": [3]}, "listed twice"),
        (
            {
                "kind": "ron",
                "discarder": 2,
                "winners": [hand(3, limit="mangan"), hand(0, limit="mangan")],
                "bumped": [1],
            },
            "a head bump has one winner",
        ),
    ],
)
def test_a_bumped_list_that_cannot_be(fields, message):
    with pytest.raises(LogError, match=message):
        parse_event(ev("win", **fields), 1)
