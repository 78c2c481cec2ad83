"""Numbers in a table log are finite and in sane ranges, refused at parse time with the field named: a log that
looks valid but carries ``resume.counters = 10**20`` (which SQLite cannot store: the next ruling died with
OverflowError) or NaN in ``resume.overall`` (replay died with ValueError) never reaches the ledger or the store."""

import math

import pytest

from refapp.domain.events import MAX_POINTS, WIND_LETTERS, LogError, parse_event, parse_log
from refapp.domain.ledger import replay
from tests.logs import rulesets

START = {
    "type": "hanchan_start",
    "id": "s",
    "at": "2026-11-22T10:00:00Z",
    "players": ["A", "B", "C", "D"],
    "ruleset": "ema-2016",
}
SCORES = [25000, 25000, 25000, 25000]


def refused(event: dict, field: str) -> str:
    with pytest.raises(LogError) as info:
        parse_log({"events": [event]})
    assert info.value.index == 0 and info.value.field == field, str(info.value)
    assert "\n" not in str(info.value)
    return str(info.value)


@pytest.mark.parametrize(
    ("resume", "field"),
    [
        ({"scores": SCORES, "counters": 10**20}, "resume.counters"),
        ({"scores": SCORES, "counters": -1}, "resume.counters"),
        ({"scores": SCORES, "riichi_sticks": 10**20}, "resume.riichi_sticks"),
        ({"scores": [10**20, 25000, 25000, 25000]}, "resume.scores.0"),
        ({"scores": [25000, 25000, 25000, -(10**20)]}, "resume.scores.3"),
        ({"scores": SCORES, "overall": [0, math.nan, 0, 0]}, "resume.overall.1"),
        ({"scores": SCORES, "overall": [math.inf, 0, 0, 0]}, "resume.overall.0"),
        ({"scores": SCORES, "overall": [0, 0, -math.inf, 0]}, "resume.overall.2"),
        ({"scores": SCORES, "overall": [0, 0, 0, 1e300]}, "resume.overall.3"),
    ],
)
def test_resume_numbers_out_of_range_are_refused(resume, field):
    refused({**START, "resume": resume}, field)


def test_hanchan_number_bounded():
    refused({**START, "hanchan": 10**20}, "hanchan")


@pytest.mark.parametrize("field", ["points", "dealer_points"])
def test_hand_points_bounded(field):
    winner = {"seat": 0, "points": 8000} | {field: 10**20}
    event = {"type": "win", "id": "w", "at": "2026-11-22T10:00:00Z", "kind": "tsumo", "winners": [winner]}
    with pytest.raises(LogError) as info:
        parse_event(event, 3)
    assert info.value.field == f"winners.0.{field}"


def test_tenpai_list_bounded():
    with pytest.raises(LogError) as info:
        parse_event({"type": "draw", "id": "d", "at": "2026-11-22T10:00:00Z", "tenpai": [0, 1, 2, 3] * 1000}, 1)
    assert info.value.field.startswith("tenpai")


def test_sane_resumes_still_replay_to_the_same_numbers():
    """The bounds leave every real table alone: a paper table with big scores, counters and overall carries on."""
    resume = {
        "scores": [MAX_POINTS, -120000, 40000, 30000],
        "round_wind": "S",
        "hand": 3,
        "counters": 12,
        "riichi_sticks": 3,
        "overall": [152.5, -87.25, 0, -65.25],
    }
    st = replay(parse_log({"events": [{**START, "resume": resume}]}).events, rulesets())
    assert [s.score for s in st.seats] == [MAX_POINTS, -120000, 40000, 30000]
    assert (WIND_LETTERS[st.round_wind], st.hand, st.counters, st.riichi_sticks) == ("S", 3, 12, 3)
    assert [float(s.overall) for s in st.seats] == [152.5, -87.25, 0, -65.25]
