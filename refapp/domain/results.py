"""Hanchan results: rank, uma, oka, leftover sticks, and the rows of substitutes and absent players.

A seat played by a substitute is listed under the substitute's name (never the absent player's) and is not ranked:
its result does not go into anyone's overall score. Depending on the rule set the substitute is scored normally
(WRC: "scored normally and then not included in the ranking") or entered with a fixed result (EMA 2012 §5.7: "0
points and -30,000 uma"), and a substitute who came in after play began takes the last uma (EMA 2012). The absent
player gets a row of his own: no points, the missed-hanchan penalty and fixed uma, already counted in his overall
score when the substitution was ruled. A player disqualified during the hanchan gets that row too, marked
disqualified, where the rule set says so (``penalties.disqualified_result``: EMA 2012 §5.7 counts a disqualification
among the substitutions after play began); otherwise he has no row (WRC 2015: not listed). See docs/rulings.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .numbers import printed
from .rules import RuleSet

STICK = 1000


@dataclass(slots=True)
class ResultRow:
    seat: int
    player: str  # the substitute's name on a substitute's row ("" if not given), the absent player's on his row
    rank: int  # 0 on an absent player's row
    score: int  # table score (0 on an absent player's row)
    uma: Fraction | int
    oka: Fraction | int
    leftover: Fraction | int
    penalty: int  # deducted after uma (a chombo after uma; the missed-hanchan penalty)
    final: Fraction | int
    points: Fraction | int = 0  # the table result counted: score - return points (0 for a fixed result)
    substitute_for: str = ""  # a substitute's row: whose seat it was
    absent: bool = False  # the absent player's row
    ranked: bool = True  # False for a substitute: the result goes into no overall score
    disqualified: bool = False  # an absent player's row: he was disqualified during the hanchan


def exact(x: Fraction | int) -> Fraction | int:
    """An exact amount as an int when it is whole (most are), else the Fraction."""
    if type(x) is int:
        return x
    return x.numerator if x.denominator == 1 else x


def _share(total: int, n: int) -> Fraction | int:
    if n == 1:
        return total
    return total // n if total % n == 0 else Fraction(total, n)


def compute_results(st: Any, rs: RuleSet) -> list[ResultRow]:
    """The results of the table ``st`` (a ``TableState``): one row per seat, then one per absent player.

    Ties split the uma (and oka, and leftover sticks) of their places exactly. A substitute who came in after play
    began is placed last for the uma (the others share the first three places by score).
    """
    r = rs.results
    p = rs.penalties
    seats = st.seats
    n_seats = len(seats)
    scores = [s.score for s in seats]
    order = sorted(range(n_seats), key=lambda i: (-scores[i], i))
    if r.ties == "seat_order":
        groups = [[i] for i in order]
    else:
        groups = []
        for i in order:
            if groups and scores[groups[-1][0]] == scores[i]:
                groups[-1].append(i)
            else:
                groups.append([i])
    leftover = st.riichi_sticks * STICK if rs.game.leftover_riichi == "winner" else 0
    forced = [i for i in range(n_seats) if seats[i].substitute_last]
    if forced:
        groups = [[i for i in g if i not in forced] for g in groups]
        groups = [g for g in groups if g] + [forced]
    rows: list[Any] = [None] * n_seats
    uma_table, back = r.uma, r.return_points
    place = 0
    for group in groups:
        n = len(group)
        uma = _share(sum(uma_table[place : place + n]), n)
        oka = _share(r.oka, n) if place == 0 else 0
        if place == 0 and leftover and rs.game.leftover_split == "round_down_100" and n > 1:
            left: Fraction | int = leftover // n // 100 * 100
        else:
            left = _share(leftover, n) if place == 0 else 0
        for i in group:
            s = seats[i]
            points = s.score - back
            final = exact(points + uma + oka + left - s.after_uma)
            rows[i] = ResultRow(i, s.player, place + 1, s.score, uma, oka, left, s.after_uma, final, points)
        place += n
    absent_rows = []
    for i, s in enumerate(seats):
        if not s.substitute:
            continue
        row = rows[i]
        row.player, row.substitute_for, row.ranked = s.substitute_name, s.player, False
        if p.substitute_result == "fixed":
            row.points, row.uma, row.oka, row.leftover = 0, p.missed_hanchan_uma, 0, 0
            row.penalty = p.missed_hanchan_penalty
            row.final = p.missed_hanchan_uma - p.missed_hanchan_penalty
        if not s.disqualified or p.disqualified_result == "missed_hanchan":
            uma = p.missed_hanchan_uma
            absent_rows.append(
                ResultRow(
                    i, s.player, 0, 0, uma, 0, 0, p.missed_hanchan_penalty, uma - p.missed_hanchan_penalty, 0, "", True,
                    disqualified=s.disqualified,
                )
            )  # fmt: skip
    return rows + absent_rows


def export_rows(st: Any, overall_at_start: list[Fraction | int]) -> list[dict[str, Any]]:
    """The rows of a finished hanchan for a results export: each row's ``result`` is what the hanchan added to the
    player's overall score (for a substitute, the substitute's own result), ``penalties`` what was deducted beyond
    points + uma + oka + leftover (a chombo after uma, overall-score penalties, the missed-hanchan penalty)."""
    out = []
    for r in st.results or []:
        seat = st.seats[r.seat]
        if r.ranked:
            result = seat.overall - overall_at_start[r.seat]
        else:
            result = r.final
        out.append(
            {
                "seat": r.seat,
                "player": r.player,
                "substitute_for": r.substitute_for,
                "absent": r.absent,
                "disqualified": r.disqualified,
                "ranked": r.ranked,
                "score": r.score,
                "rank": r.rank,
                "points": r.points,
                "uma": r.uma,
                "oka": r.oka,
                "leftover": r.leftover,
                "penalties": r.points + r.uma + r.oka + r.leftover - result,
                "result": result,
            }
        )
    return out


def result_to_json(r: ResultRow) -> dict[str, Any]:
    out: dict[str, Any] = {
        "player": r.player,
        "rank": r.rank,
        "score": r.score,
        "uma": printed(r.uma),
        "oka": printed(r.oka),
        "leftover": printed(r.leftover),
        "penalty": r.penalty,
        "final": printed(r.final),
    }
    if r.substitute_for:
        out["substitute_for"] = r.substitute_for
    if r.absent:
        out["absent"] = True
    if r.disqualified:
        out["disqualified"] = True
    if not r.ranked:
        out["ranked"] = False
    return out
