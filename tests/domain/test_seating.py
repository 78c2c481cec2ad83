"""The seating plan's properties on random tournaments: every player at one table of four in every session, kept
players at their table, no player sitting a wind more than his sessions / 4 rounded up, the same seed the same plan,
no pair meeting twice where the numbers leave room; the goals (32 players x 7 sessions); the next session by the
standings; the quality figures; a player count that is not a multiple of four refused with what to do."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from refapp.domain.seating import (
    SeatingError,
    SessionSeating,
    check_sessions,
    make_plan,
    next_by_standings,
    quality,
)


def names(n: int) -> list[str]:
    return [f"P{i:03d}" for i in range(n)]


def assert_well_formed(plan: list[SessionSeating], players: list[str], first: int = 1) -> None:
    assert [s.session for s in plan] == list(range(first, first + len(plan)))
    for s in plan:
        assert all(len(t) == 4 for t in s.tables)
        assert sorted(s.players) == sorted(players), f"session {s.session} seats every player once"


@st.composite
def tournaments(draw: st.DrawFn) -> tuple[list[str], int, int, dict[str, int]]:
    players = names(4 * draw(st.integers(1, 16)))
    sessions = draw(st.integers(1, 9))
    seed = draw(st.integers(0, 2**32))
    tables = len(players) // 4
    kept_players = draw(st.lists(st.sampled_from(players), unique=True, max_size=min(4, len(players))))
    keep = {p: draw(st.integers(1, tables)) for p in kept_players}
    return players, sessions, seed, keep


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(t=tournaments())
def test_a_random_tournaments_plan(t):
    players, sessions, seed, keep = t
    plan = make_plan(players, sessions, seed, keep, restarts=2, steps=600)
    assert_well_formed(plan, players)
    for s in plan:
        for p, k in keep.items():
            assert s.table_of(p) is not None and s.table_of(p)[0] == k, f"{p} kept at table {k}"
    q = quality(plan)
    cap = -(-sessions // 4)
    assert q.max_same_wind <= cap, q.winds
    assert all(sum(w) == sessions for w in q.winds.values())
    assert plan == make_plan(players, sessions, seed, keep, restarts=2, steps=600), "the same seed, the same plan"
    if len(players) >= 8 * sessions and not keep:  # room enough: nobody meets twice
        assert q.repeated == ()


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_32_players_over_7_sessions_never_meet_twice_nor_sit_a_wind_three_times(seed):
    players = names(32)
    plan = make_plan(players, 7, seed)
    assert_well_formed(plan, players)
    q = quality(plan)
    assert (q.repeat_pairs, q.max_same_wind) == (0, 2)
    assert sorted(Counter(sorted(w)) for w in q.winds.values())[0] == Counter({2: 3, 1: 1})


def test_a_different_seed_makes_another_plan():
    players = names(32)
    assert make_plan(players, 3, 1) != make_plan(players, 3, 2)


@pytest.mark.parametrize(
    ("count", "says"),
    [
        (30, "30 players is not a multiple of four (no table of three): add 2 substitute(s) to make 32, or remove 2"),
        (33, "33 players is not a multiple of four (no table of three): add 3 substitute(s) to make 36, or remove 1"),
        (3, "3 player(s): a table needs four players (add 1 substitute(s))"),
    ],
)
def test_a_count_that_is_not_a_multiple_of_four_is_refused_with_what_to_do(count, says):
    with pytest.raises(SeatingError) as exc:
        make_plan(names(count), 2, 0)
    assert str(exc.value).startswith(says)


def test_kept_players_and_bad_keeps():
    players = names(16)
    plan = make_plan(players, 4, 3, keep={"P000": 2, "P001": 2})
    assert all(s.table_of("P000")[0] == 2 and s.table_of("P001")[0] == 2 for s in plan)
    with pytest.raises(SeatingError, match="kept at table 5: there are tables 1 to 4"):
        make_plan(players, 2, 0, keep={"P003": 5})
    with pytest.raises(SeatingError, match="'Zed' is not one of the players"):
        make_plan(players, 2, 0, keep={"Zed": 1})
    with pytest.raises(SeatingError, match="more than four players kept at table 1"):
        make_plan(players, 2, 0, keep={p: 1 for p in players[:5]})


def test_a_plan_made_after_sessions_already_played_counts_their_meetings():
    players = names(32)
    first = make_plan(players, 3, 11)
    rest = make_plan(players, 4, 12, before=first)
    assert [s.session for s in rest] == [4, 5, 6, 7]
    q = quality([*first, *rest])
    assert q.repeat_pairs == 0
    assert q.max_same_wind <= 3


def test_the_next_session_by_the_standings_seats_similar_totals_together():
    ranked = names(16)  # P000 leads, P015 last
    s1 = SessionSeating(
        1,
        (
            ("P000", "P004", "P008", "P012"),
            ("P001", "P005", "P009", "P013"),
            ("P002", "P006", "P010", "P014"),
            ("P003", "P007", "P011", "P015"),
        ),
    )
    nxt = next_by_standings(ranked, [s1])
    assert nxt.session == 2
    assert [sorted(t) for t in nxt.tables] == [ranked[0:4], ranked[4:8], ranked[8:12], ranked[12:16]]
    assert quality([s1, nxt]).repeat_pairs == 0
    # every four of a table have met: the third session breaks every table up, with nobody meeting again, each
    # player at most three tables from his place by rank
    again = next_by_standings(ranked, [s1, nxt])
    assert quality([s1, nxt, again]).repeat_pairs == 0
    assert all(abs(k - ranked.index(p) // 4) <= 3 for k, t in enumerate(again.tables) for p in t)
    # a pair that met before, among 32 otherwise strangers: one of them changes places with the nearest-ranked player
    # of the next table; everybody else keeps his table by rank
    big = names(32)
    s = SessionSeating(1, (("P000", "P001", "Q1", "Q2"),))  # (players of another tournament do not count)
    moved = next_by_standings(big, [s])
    assert quality([s, moved]).repeat_pairs == 0
    assert sorted(moved.tables[0]) == ["P000", "P002", "P003", "P004"]
    assert sorted(moved.tables[1]) == ["P001", "P005", "P006", "P007"]
    assert [sorted(t) for t in moved.tables[2:]] == [big[k : k + 4] for k in range(8, 32, 4)]
    kept = next_by_standings(ranked, [s1], keep={"P000": 3})  # the leader kept at table 3 (near the door)
    assert sorted(kept.tables[2]) == ["P000", "P009", "P010", "P011"]
    assert [sorted(t) for t in kept.tables[:2]] == [ranked[1:5], ranked[5:9]]


def test_the_quality_names_the_pairs_meeting_twice_and_each_players_winds():
    s1 = SessionSeating(1, (("A", "B", "C", "D"), ("E", "F", "G", "H")))
    s2 = SessionSeating(2, (("B", "A", "E", "F"), ("D", "C", "G", "H")))
    q = quality([s1, s2])
    assert q.repeated == (("A", "B", 2), ("C", "D", 2), ("E", "F", 2), ("G", "H", 2))
    assert q.repeat_pairs == 4
    assert q.winds["A"] == (1, 1, 0, 0) and q.winds["G"] == (0, 0, 2, 0)
    assert q.max_same_wind == 2


def test_a_plan_that_seats_a_player_twice_or_a_stranger_is_refused():
    s = SessionSeating(1, (("A", "B", "C", "D"), ("E", "F", "G", "A")))
    with pytest.raises(SeatingError, match="session 1: 'A' sits at table 1 and at table 2"):
        check_sessions([s])
    with pytest.raises(SeatingError, match="session 1, table 1: 'D' is not a player of the tournament"):
        check_sessions([SessionSeating(1, (("A", "B", "C", "D"),))], ["A", "B", "C", "E"])
