"""Issue 29, problem 5, in the domain: which hanchan is a tournament's first (the one started first), whose rule set
ranks it; hanchans under another rule set counted and marked; players seated at a hanchan in play."""

from __future__ import annotations

from refapp.domain.log_results import hanchan_records
from refapp.domain.tournament import InPlayElsewhere, first_hanchan, in_play_elsewhere, tournament_standings
from tests.logs import end, hand, ron, rulesets, start


def _started(at: str, *args, **kw):
    return {**start(*args, **kw), "at": at}


def test_the_first_hanchan_is_the_one_started_first_not_the_lowest_table():
    # table 2 starts under the club league at 10:00 (Paris time), table 1 under WRC 2015 at 09:05 UTC (10:05 Paris)
    t2 = [_started("2026-11-22T10:00:00+01:00", "sg-league", ("Eve", "Fay", "Gus", "Hal"), hanchan=1),
          ron(1, hand(0, limit="mangan")), end()]  # fmt: skip
    t1 = [_started("2026-11-22T09:05:00+00:00", "wrc-2015", ("Ann", "Bob", "Cyd", "Dan"), hanchan=1),
          ron(1, hand(0, limit="mangan")), end()]  # fmt: skip
    records = hanchan_records(t1, rulesets(), 1) + hanchan_records(t2, rulesets(), 2)
    assert [(r.table, r.started_at) for r in records] == [(1, t1[0]["at"]), (2, t2[0]["at"])]
    first = first_hanchan(records)
    assert (first.table, first.hanchan, first.ruleset.id) == (2, 1, "sg-league")
    st = tournament_standings(records, rulesets())
    assert (st.ruleset.id, st.first, st.unit) == ("sg-league", (2, 1), 1)
    assert [(r.table, r.ruleset.id) for r in st.other_rules] == [(1, "wrc-2015")]
    # every number in table points (the club league's unit); table 1's WRC hanchan counted as WRC scored it
    # (12,000 + 15,000 uma; Cyd and Dan share 2nd and 3rd: 0), marked; the club league's: 25,000 start, 30,000
    # returned, oka 20,000 to the first: Eve 37,000: +7,000 + 15,000 + 20,000 = 42,000; Gus and Hal 25,000: -5,000
    # each; Fay 13,000: -17,000 - 15,000 = -32,000. Equal totals: the larger table points first (SG league), then
    # shared.
    assert [(p.rank, p.shared, p.name, p.points, p.uma, p.bonus, p.total, p.other_rules) for p in st.ranking] == [
        (1, False, "Eve", 7000, 15000, 20000, 42000, 0),
        (2, False, "Ann", 12000, 15000, 0, 27000, 1),
        (3, True, "Cyd", 0, 0, 0, 0, 1),
        (3, True, "Dan", 0, 0, 0, 0, 1),
        (5, True, "Gus", -5000, 0, 0, -5000, 0),
        (5, True, "Hal", -5000, 0, 0, -5000, 0),
        (7, False, "Bob", -12000, -15000, 0, -27000, 1),
        (8, False, "Fay", -17000, -15000, 0, -32000, 0),
    ]  # fmt: skip


def test_at_the_same_time_the_lower_hanchan_then_the_lower_table_is_first():
    t3 = [start("ema-2016", ("Ann", "Bob", "Cyd", "Dan"), hanchan=1)]
    t2 = [start("wrc-2015", ("Eve", "Fay", "Gus", "Hal"), hanchan=1)]
    records = hanchan_records(t3, rulesets(), 3) + hanchan_records(t2, rulesets(), 2)
    assert (first_hanchan(records).table, first_hanchan(records).ruleset.id) == (2, "wrc-2015")
    assert first_hanchan([]) is None and tournament_standings([], rulesets()) is None


def test_players_in_play_elsewhere_are_those_seated_at_a_hanchan_not_over():
    t1 = [start("ema-2016", ("Ann", "Bob", "Cyd", "Dan"), hanchan=1)]  # in play
    t2 = [start("ema-2016", ("Eve", "Fay", "Gus", "Hal"), hanchan=1), end()]  # over
    records = hanchan_records(t1, rulesets(), 1) + hanchan_records(t2, rulesets(), 2)
    names = ("Eve", " dan ", "Ann", "Zoé")
    assert in_play_elsewhere(records, names, 3) == (InPlayElsewhere("Dan", 1, 1), InPlayElsewhere("Ann", 1, 1))
    assert in_play_elsewhere(records, names, 1) == ()  # its own table is not elsewhere
