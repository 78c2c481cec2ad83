"""Seating plans: who sits at which table, in which seat, session after session.

A plan seats every player of a tournament at a table of four in each session; a table's seats are East, South, West,
North (the order of a hanchan's players). What this module makes:

* :func:`make_plan`: S sessions keeping players from meeting twice as far as the numbers allow, and balancing each
  player's seat winds, the same plan again from the same seed. How: each session is first built greedily (players
  in a random order, each to the open table where it meets the fewest players already met); then a tabu search
  swaps two players of one session (never a player kept at his table) to lower the conflict score Σ C(m, 2) over the
  pairs that meet m times, starting from a pair that meets twice, until no pair meets twice or the effort is spent
  (a fixed number of steps: the same seed gives the same plan on any machine), with restarts from a new greedy
  plan. Then :mod:`refapp.domain.seating_winds` gives each table's players their winds: an edge colouring in four
  colours of the bipartite graph joining each player's runs of four sessions to his tables gives no player a wind
  more than his sessions / 4 rounded up (with sessions before, a local search on each table's order).
* :func:`next_by_standings`: one session from the standings: players of similar totals together (the first four at
  table 1, the next four at table 2...), then players who met a tablemate before change places with players of other
  tables while that lowers a score weighing each meeting again against each player's distance from his place by
  rank; winds balanced with what each player had.
* :func:`quality`: the pairs that meet more than once and each player's winds.

A player count that is not a multiple of four is refused (:class:`SeatingError`, saying how many substitutes to add);
there is never a table of three. Players kept at one table (accessibility: ``keep``, player → table number) sit at
that table in every session.

Pure Python, no Qt, no storage.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .seating_winds import Seats, assign_winds, winds_of

WINDS = ("East", "South", "West", "North")

RESTARTS = 8  # greedy plans tried at most
STEPS = 4000  # tabu steps per restart at most (a fixed count, not a time: the same seed, the same plan)


class SeatingError(ValueError):
    """A seating that cannot be made or accepted: one line saying what is wrong and what to do."""


@dataclass(frozen=True, slots=True)
class SessionSeating:
    """The tables of one session: ``tables[k - 1]`` is table k's seats (East, South, West, North)."""

    session: int
    tables: tuple[Seats, ...]

    def table_of(self, player: str) -> tuple[int, int] | None:
        """(table number, seat 0-3) of a player in this session; None when not seated."""
        for k, seats in enumerate(self.tables, 1):
            if player in seats:
                return k, seats.index(player)
        return None

    @property
    def players(self) -> list[str]:
        return [p for seats in self.tables for p in seats]


@dataclass(frozen=True, slots=True)
class Quality:
    """How good a plan is: the pairs that meet more than once (with how often), each player's winds (East, South,
    West, North counts), the most times any player sits the same wind."""

    repeated: tuple[tuple[str, str, int], ...]
    winds: Mapping[str, tuple[int, int, int, int]] = field(default_factory=dict)

    @property
    def repeat_pairs(self) -> int:
        return len(self.repeated)

    @property
    def max_same_wind(self) -> int:
        return max((max(w) for w in self.winds.values()), default=0)


def tables_for(count: int) -> int:
    """The number of tables for ``count`` players; :class:`SeatingError` saying what to do when it is not a multiple
    of four (never a table of three)."""
    if count < 4:
        raise SeatingError(f"{count} player(s): a table needs four players (add {4 - count} substitute(s))")
    if count % 4:
        more, fewer = 4 - count % 4, count % 4
        raise SeatingError(
            f"{count} players is not a multiple of four (no table of three): add {more} substitute(s) to make "
            f"{count + more}, or remove {fewer} player(s)"
        )
    return count // 4


def _check_players(players: Sequence[str]) -> None:
    seen: set[str] = set()
    for p in players:
        if p in seen:
            raise SeatingError(f"player {p!r} is listed twice")
        seen.add(p)
    tables_for(len(players))


def _check_keep(keep: Mapping[str, int], players: Sequence[str], tables: int) -> None:
    known = set(players)
    per_table: dict[int, int] = {}
    for p, k in keep.items():
        if p not in known:
            raise SeatingError(f"kept at table {k}: {p!r} is not one of the players")
        if not 1 <= k <= tables:
            raise SeatingError(f"{p!r} kept at table {k}: there are tables 1 to {tables}")
        per_table[k] = per_table.get(k, 0) + 1
        if per_table[k] > 4:
            raise SeatingError(f"more than four players kept at table {k}")


class _Meetings:
    """How many times each pair of players (by index) meets."""

    def __init__(self, n: int):
        self.m = [[0] * n for _ in range(n)]

    def seat(self, table: Sequence[int], step: int = 1) -> None:
        m = self.m
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                m[a][b] += step
                m[b][a] += step

    def cost(self) -> int:
        n = len(self.m)
        return sum(c * (c - 1) // 2 for a in range(n) for c in self.m[a][a + 1 :])


def _greedy(n: int, tables: int, sessions: int, keep: Mapping[int, int], meet: _Meetings, rng: random.Random
            ) -> list[list[list[int]]]:  # fmt: skip
    """Each session built in turn: the kept players at their tables, then the others in a random order, each to the
    open table where they meet the fewest (weighted by how often) already met."""
    plan: list[list[list[int]]] = []
    m = meet.m
    for _ in range(sessions):
        seated: list[list[int]] = [[] for _ in range(tables)]
        for p, k in keep.items():
            seated[k - 1].append(p)
        order = [p for p in range(n) if p not in keep]
        rng.shuffle(order)
        for p in order:
            row = m[p]
            best, best_cost = -1, 0
            for k, t in enumerate(seated):
                if len(t) < 4:
                    c = sum(row[q] for q in t)
                    if best < 0 or c < best_cost:
                        best, best_cost = k, c
                        if c == 0:
                            break
            seated[best].append(p)
        for t in seated:
            meet.seat(t)
        plan.append(seated)
    return plan


def _improve(plan: list[list[list[int]]], meet: _Meetings, movable: list[bool], rng: random.Random, steps: int
             ) -> tuple[list[list[list[int]]], int]:  # fmt: skip
    """Tabu search on the conflict score: swap two players of one session. Returns the best plan met and its score."""
    m = meet.m
    sessions = len(plan)
    where = [[0] * len(m) for _ in range(sessions)]  # where[s][p]: p's table in session s
    for s, tables in enumerate(plan):
        for k, t in enumerate(tables):
            for p in t:
                where[s][p] = k
    cost = meet.cost()
    best_cost, best = cost, [[list(t) for t in tables] for tables in plan]
    tabu: dict[tuple[int, int], int] = {}
    for step in range(steps):
        if cost == 0:
            break
        # a pair meeting more than once, in a session where they sit together
        conflicts = [(s, k) for s, tables in enumerate(plan) for k, t in enumerate(tables) if _clash(m, t)]
        if not conflicts:  # (what is left meets in the sessions before)
            break
        s, k = conflicts[rng.randrange(len(conflicts))]
        table = plan[s][k]
        candidates = [p for p in table if movable[p] and any(m[p][q] > 1 for q in table if q != p)]
        if not candidates:
            candidates = [p for p in table if movable[p]]
            if not candidates:
                continue
        chosen: list[tuple[int, int, int]] = []  # (delta, a, q)
        best_delta = None
        for a in candidates:
            others_a = [x for x in table if x != a]
            leave_a = sum(m[a][x] - 1 for x in others_a)
            for kb, tb in enumerate(plan[s]):
                if kb == k:
                    continue
                for q in tb:
                    if not movable[q]:
                        continue
                    others_q = [y for y in tb if y != q]
                    d = sum(m[a][y] for y in others_q) - leave_a
                    d += sum(m[q][x] for x in others_a) - sum(m[q][y] - 1 for y in others_q)
                    is_tabu = tabu.get((s, a), -1) > step or tabu.get((s, q), -1) > step
                    if is_tabu and cost + d >= best_cost:
                        continue
                    if best_delta is None or d < best_delta:
                        best_delta, chosen = d, [(d, a, q)]
                    elif d == best_delta:
                        chosen.append((d, a, q))
        if not chosen:
            continue
        d, a, q = chosen[rng.randrange(len(chosen))]
        kb = where[s][q]
        ta, tb = plan[s][k], plan[s][kb]
        meet.seat(ta, -1)
        meet.seat(tb, -1)
        ta[ta.index(a)], tb[tb.index(q)] = q, a
        meet.seat(ta)
        meet.seat(tb)
        where[s][a], where[s][q] = kb, k
        cost += d
        tabu[(s, a)] = tabu[(s, q)] = step + 4 + rng.randrange(6)
        if cost < best_cost:
            best_cost, best = cost, [[list(t) for t in tables] for tables in plan]
    return best, best_cost


def _clash(m: list[list[int]], table: Sequence[int]) -> bool:
    return any(m[a][b] > 1 for i, a in enumerate(table) for b in table[i + 1 :])


def make_plan(
    players: Sequence[str],
    sessions: int,
    seed: int = 0,
    keep: Mapping[str, int] | None = None,
    before: Sequence[SessionSeating] = (),
    restarts: int = RESTARTS,
    steps: int = STEPS,
) -> list[SessionSeating]:
    """A plan of ``sessions`` sessions for ``players`` (numbered after ``before``, the sessions already planned,
    whose meetings and winds count), the same from the same seed."""
    if sessions < 1:
        raise SeatingError(f"{sessions} sessions: a plan has at least one session")
    _check_players(players)
    tables = len(players) // 4
    keep = dict(keep or {})
    _check_keep(keep, players, tables)
    index = {p: i for i, p in enumerate(players)}
    kept = {index[p]: k for p, k in keep.items()}
    movable = [i not in kept for i in range(len(players))]
    rng = random.Random(seed)
    best: list[list[list[int]]] | None = None
    best_cost = 0
    for _ in range(max(1, restarts)):
        meet = _Meetings(len(players))
        for s in before:
            for seats in s.tables:
                meet.seat([index[p] for p in seats if p in index])
        plan = _greedy(len(players), tables, sessions, kept, meet, rng)
        plan, cost = _improve(plan, meet, movable, rng, steps)
        if best is None or cost < best_cost:
            best, best_cost = plan, cost
        if _floor_met(best, before, index, best_cost):
            break
    assert best is not None
    named = [[[players[i] for i in sorted(t)] for t in session] for session in best]
    seated = assign_winds(named, winds_of(before), rng)
    first = max((s.session for s in before), default=0) + 1
    return [SessionSeating(first + i, tuple(row)) for i, row in enumerate(seated)]


def _floor_met(plan: list[list[list[int]]], before: Sequence[SessionSeating], index: Mapping[str, int], cost: int
               ) -> bool:  # fmt: skip
    """No better plan to look for: no pair meets twice beyond what the sessions before already made meet twice."""
    if cost == 0:
        return True
    meet = _Meetings(len(index))
    for s in before:
        for seats in s.tables:
            meet.seat([index[p] for p in seats if p in index])
    return meet.cost() == cost


MEETING = 20  # in the next session by the standings: a meeting again weighs as much as moving two players three
# tables away from their place by rank (the square of the distance, for each)


def next_by_standings(
    ranked: Sequence[str],
    before: Sequence[SessionSeating],
    keep: Mapping[str, int] | None = None,
) -> SessionSeating:
    """The next session from the standings (``ranked``: best first): the first four at table 1, the next four at
    table 2... (a kept player at his table, the others filling the places left in rank order); then, while it lowers
    the score, a player who met a tablemate before changes places with a player of another table, the score being
    :data:`MEETING` for each meeting again plus the square of each player's distance (in tables) from his place by
    rank; winds balanced with ``before``'s."""
    _check_players(ranked)
    tables = len(ranked) // 4
    keep = dict(keep or {})
    _check_keep(keep, ranked, tables)
    index = {p: i for i, p in enumerate(ranked)}
    meet = _Meetings(len(ranked))
    for s in before:
        for seats in s.tables:
            meet.seat([index[p] for p in seats if p in index])
    m = meet.m
    groups: list[list[int]] = [[] for _ in range(tables)]
    for name, k in keep.items():
        groups[k - 1].append(index[name])
    free = iter(k for k in range(tables) for _ in range(4 - len(groups[k])))
    natural = [0] * len(ranked)
    table_of = [0] * len(ranked)
    for i, name in enumerate(ranked):
        if name in keep:
            natural[i] = table_of[i] = keep[name] - 1
        else:
            k = next(free)
            groups[k].append(i)
            natural[i] = table_of[i] = k
    movable = [p not in keep for p in ranked]

    def clash(p: int) -> int:
        return sum(m[p][q] for q in groups[table_of[p]] if q != p)

    for _ in range(4 * len(ranked)):  # each pass moves one player; at most this many
        best: tuple[int, int, int] | None = None  # (delta, p, q)
        for p in reversed(range(len(ranked))):  # (of equal changes, the lower-ranked player moves)
            if not movable[p] or clash(p) == 0:
                continue
            gp = table_of[p]
            a = [x for x in groups[gp] if x != p]
            for q in range(len(ranked)):
                gq = table_of[q]
                if gq == gp or not movable[q]:
                    continue
                b = [y for y in groups[gq] if y != q]
                d = MEETING * (sum(m[p][y] for y in b) + sum(m[q][x] for x in a)
                               - sum(m[p][x] for x in a) - sum(m[q][y] for y in b))  # fmt: skip
                d += (gq - natural[p]) ** 2 + (gp - natural[q]) ** 2
                d -= (gp - natural[p]) ** 2 + (gq - natural[q]) ** 2
                if d < 0 and (best is None or d < best[0]):
                    best = (d, p, q)
        if best is None:
            break
        _d, p, q = best
        gp, gq = table_of[p], table_of[q]
        groups[gp][groups[gp].index(p)] = q
        groups[gq][groups[gq].index(q)] = p
        table_of[p], table_of[q] = gq, gp
    named = [[ranked[i] for i in sorted(g)] for g in groups]
    seated = assign_winds([named], winds_of(before), random.Random(0))[0]
    session = max((s.session for s in before), default=0) + 1
    return SessionSeating(session, tuple(seated))


def quality(sessions: Sequence[SessionSeating]) -> Quality:
    """The pairs that meet more than once, and each player's winds."""
    met: dict[tuple[str, str], int] = {}
    for s in sessions:
        for seats in s.tables:
            for i, a in enumerate(seats):
                for b in seats[i + 1 :]:
                    key = (a, b) if a < b else (b, a)
                    met[key] = met.get(key, 0) + 1
    repeated = tuple(sorted(((a, b, n) for (a, b), n in met.items() if n > 1), key=lambda r: (-r[2], r[0], r[1])))
    winds = {p: (w[0], w[1], w[2], w[3]) for p, w in sorted(winds_of(sessions).items())}
    return Quality(repeated, winds)


@dataclass(frozen=True, slots=True)
class SeatChange:
    """One player's change at a table between two publications: ``was`` and ``now`` are seats (0 East ... 3 North),
    None when not at the table (``was`` None: joins; ``now`` None: leaves)."""

    player: str
    was: int | None
    now: int | None


def table_changes(old: Sequence[str] | None, new: Sequence[str] | None) -> tuple[SeatChange, ...]:
    """What changed at one table between two publications of a session (None: no such table): who joins, who leaves,
    who changes seat; in seat order of the new table, then the players who left."""
    before = {p: i for i, p in enumerate(old or ())}
    after = {p: i for i, p in enumerate(new or ())}
    out = [SeatChange(p, before.get(p), i) for p, i in after.items() if before.get(p) != i]
    out += [SeatChange(p, i, None) for p, i in before.items() if p not in after]
    return tuple(out)


def check_sessions(sessions: Sequence[SessionSeating], players: Sequence[str] | None = None) -> None:
    """A plan as it may be stored: each table of four different players, no player twice in a session, and (with
    ``players``) only those players. Raises :class:`SeatingError` naming the session and the table."""
    known = set(players) if players is not None else None
    for s in sessions:
        seen: dict[str, int] = {}
        for k, seats in enumerate(s.tables, 1):
            if len(seats) != 4:
                raise SeatingError(f"session {s.session}, table {k}: {len(seats)} players (a table has four)")
            for p in seats:
                if known is not None and p not in known:
                    raise SeatingError(f"session {s.session}, table {k}: {p!r} is not a player of the tournament")
                if p in seen:
                    raise SeatingError(f"session {s.session}: {p!r} sits at table {seen[p]} and at table {k}")
                seen[p] = k


__all__ = [
    "Quality",
    "SeatChange",
    "Seats",
    "SeatingError",
    "SessionSeating",
    "WINDS",
    "assign_winds",
    "check_sessions",
    "make_plan",
    "next_by_standings",
    "quality",
    "table_changes",
    "tables_for",
    "winds_of",
]
