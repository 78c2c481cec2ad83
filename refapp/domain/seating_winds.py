"""The seat winds of a seating plan (:mod:`refapp.domain.seating`): each table's four players put in seat order
(East, South, West, North) so that each player sits each wind as evenly as possible.

Pure Python, no Qt, no storage.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import permutations
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .seating import SessionSeating

Seats = tuple[str, str, str, str]  # East, South, West, North

_ORDERS = tuple(permutations(range(4)))
OVER = 1000  # the cost of a wind sat once more than a player's fair share (his sessions / 4, rounded up)
KICKS = 300  # tables shuffled at most when a player still sits one wind more than his share


def assign_winds(
    tables: Sequence[Sequence[Sequence[str]]],
    before: Mapping[str, Sequence[int]] | None = None,
    rng: random.Random | None = None,
) -> list[list[Seats]]:
    """Each session's tables (players in any order) with their players in seat order (East, South, West, North),
    balancing each player's winds, counting those of ``before`` (player → East, South, West, North counts).

    Each table in turn takes the order of its four players adding least to their winds (a wind sat more than the
    player's fair share costs :data:`OVER`, then the square of the count); the tables are visited again until no
    order changes. While a player still sits a wind more than his share, one of his tables at that wind is given
    another order at random and the visits start again (at most :data:`KICKS` times; ``rng``: the same plan again)."""
    if not before:
        return _coloured(tables)
    rng = rng or random.Random(0)
    counts: dict[str, list[int]] = {p: list(c) for p, c in (before or {}).items()}
    sessions_of: dict[str, int] = {p: sum(c) for p, c in counts.items()}
    for session in tables:
        for t in session:
            for p in t:
                counts.setdefault(p, [0, 0, 0, 0])
                sessions_of[p] = sessions_of.get(p, 0) + 1
    cap = {p: -(-n // 4) for p, n in sessions_of.items()}
    chosen: list[list[tuple[str, ...]]] = []
    for session in tables:
        row = []
        for t in session:
            seats = _best_order(t, counts, cap)
            for w, p in enumerate(seats):
                counts[p][w] += 1
            row.append(seats)
        chosen.append(row)
    places = [(si, ti) for si, row in enumerate(chosen) for ti in range(len(row))]

    def descend() -> None:
        for _ in range(50):
            changed = False
            for si, ti in places:
                seats = chosen[si][ti]
                for w, p in enumerate(seats):
                    counts[p][w] -= 1
                better = _best_order(seats, counts, cap)
                changed |= better != seats
                for w, p in enumerate(better):
                    counts[p][w] += 1
                chosen[si][ti] = better
            if not changed:
                return

    descend()
    for _ in range(KICKS):
        at = [(si, ti, w) for si, ti in places for w, p in enumerate(chosen[si][ti]) if counts[p][w] > cap[p]]
        if not at:  # (a wind sat too often in the sessions before only: nothing here changes it)
            break
        si, ti, w = at[rng.randrange(len(at))]
        p = chosen[si][ti][w]
        seats = chosen[si][ti]
        for x, q in enumerate(seats):
            counts[q][x] -= 1
        moved = [o for o in _ORDERS if seats[o[w]] != p]
        order = moved[rng.randrange(len(moved))]
        seats = tuple(seats[i] for i in order)
        for x, q in enumerate(seats):
            counts[q][x] += 1
        chosen[si][ti] = seats
        descend()
    return [[(r[0], r[1], r[2], r[3]) for r in row] for row in chosen]


def _coloured(tables: Sequence[Sequence[Sequence[str]]]) -> list[list[Seats]]:
    """Winds with no sessions before: each player's sessions cut into runs of four; a bipartite graph joins each
    run of each player to the tables he sits at in it (degree four at most on both sides), and an edge colouring in
    four colours (König: a bipartite graph needs no more colours than its largest degree; alternating paths swap
    two colours) gives each table its four different winds and each player each wind once per run: no player sits
    a wind more than his sessions / 4 rounded up."""
    node: dict[tuple[str, int], int] = {}
    seen: dict[str, int] = {}
    edges: list[tuple[int, int]] = []
    tables_at: list[tuple[int, int]] = []
    right = 0
    for si, session in enumerate(tables):
        for ti, t in enumerate(session):
            tables_at.append((si, ti))
            for p in t:
                run = seen.get(p, 0) // 4
                seen[p] = seen.get(p, 0) + 1
                left = node.setdefault((p, run), len(node))
                edges.append((left, right))
            right += 1
    offset = len(node)
    edges = [(u, offset + v) for u, v in edges]
    at: list[dict[int, int]] = [{} for _ in range(offset + right)]
    colour = [-1] * len(edges)
    for e, (u, v) in enumerate(edges):
        a = next(c for c in range(4) if c not in at[u])
        if a in at[v]:
            b = next(c for c in range(4) if c not in at[v])
            path, x, c = [], v, a
            while c in at[x]:
                f = at[x][c]
                path.append(f)
                fu, fv = edges[f]
                x = fv if fu == x else fu
                c = b if c == a else a
            for f in path:
                for end in edges[f]:
                    del at[end][colour[f]]
            for f in path:
                colour[f] = b if colour[f] == a else a
                for end in edges[f]:
                    at[end][colour[f]] = f
        colour[e] = a
        at[u][a] = at[v][a] = e
    out: list[list[Seats]] = [[("", "", "", "")] * len(session) for session in tables]
    e = 0
    for si, ti in tables_at:
        seats = ["", "", "", ""]
        for p in tables[si][ti]:
            seats[colour[e]] = p
            e += 1
        out[si][ti] = (seats[0], seats[1], seats[2], seats[3])
    return out


def _best_order(players: Sequence[str], counts: Mapping[str, list[int]], cap: Mapping[str, int]) -> tuple[str, ...]:
    """The seat order of four players adding least to their winds; the current order when no other is better, else
    the first such order in a fixed list (the result does not depend on chance)."""

    def cost_of(order: Sequence[int]) -> int:
        total = 0
        for w, i in enumerate(order):
            c = counts[players[i]][w]
            total += 2 * c + 1 + (OVER if c + 1 > cap[players[i]] else 0)
        return total

    best: tuple[str, ...] = tuple(players)
    best_cost = cost_of((0, 1, 2, 3))
    for order in _ORDERS:
        cost = cost_of(order)
        if cost < best_cost:
            best_cost, best = cost, tuple(players[i] for i in order)
    return best


def winds_of(sessions: Sequence[SessionSeating]) -> dict[str, list[int]]:
    """Each player's East, South, West, North counts over these sessions."""
    out: dict[str, list[int]] = {}
    for s in sessions:
        for seats in s.tables:
            for w, p in enumerate(seats):
                out.setdefault(p, [0, 0, 0, 0])[w] += 1
    return out
