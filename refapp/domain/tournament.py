"""Tournament standings: every player's total over every hanchan of every table of a tournament, ranked as the rule
set says.

The hanchans come from :func:`refapp.domain.log_results.hanchan_records` (each table's log replayed; a hanchan in
play counts as if it ended now, and is marked). A player's total is the sum of what each hanchan added to his overall
score (table points − return points + uma + oka + leftover sticks − penalties), plus what a hanchan continued from
paper carried over (``resume.overall`` sets the overall score so far: the difference is "carried"). The rule set's
``[standings]`` table says the rest (docs/rulings.md):

* ``disqualified``: ``not_listed`` (WRC 2015 §7.1 "He will not be listed in the ranking"), ``bottom`` (EMA 2012 §5.7
  "ranked at the bottom of the result list"), ``by_total`` (placed by his total like the others, marked);
* ``substitutes``: ``listed`` apart from the ranking under their own names (never ranked: a substitute's result
  never goes to the absent player), or ``not_listed``;
* ``ties``: ``shared`` (equal totals share the place: 1, 2, 2, 4) or ``table_points`` (the larger sum of table points,
  penalties at the table deducted, ranks first; still equal, shared). Players sharing a place are listed by name.

The ranking rules are those of the rule set of the tournament's latest hanchan (the highest hanchan number; a hanchan
that started with a rule set stored before the ``[standings]`` table existed takes them from the rule set of the same
id known now).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from .log_results import HanchanLine, HanchanRecord
from .numbers import AmountKind, shown
from .results import exact
from .rules import RuleSet
from .standings import LineKind

Amount = Fraction | int


@dataclass(frozen=True, slots=True)
class PlayerStanding:
    name: str
    rank: int | None  # None: not in the ranking (a disqualified player, where the rule set does not list him)
    shared: bool  # another player has the same place
    played: int  # hanchans played (to the end, or in play)
    missed: int  # hanchans missed (substituted)
    points: Amount  # table points before penalties: Σ (score − return points + penalties taken off the table)
    uma: Amount  # Σ uma
    bonus: Amount  # Σ oka + leftover riichi sticks
    penalties: Amount  # Σ penalties: off the table score and off the overall score (a missed hanchan's included)
    table_penalties: Amount  # of ``penalties``, those taken off the table score
    carried: Amount  # what hanchans continued from paper carried over
    total: Amount  # points + uma + bonus − penalties + carried
    disqualified: bool
    in_play: bool  # one of his hanchans is in play: the total is provisional
    progress: tuple[Amount, ...]  # the total after each of :attr:`Standings.hanchans`

    @property
    def scored(self) -> Amount:
        """The table points as scored (penalties at the table deducted): the ``table_points`` tie-break."""
        return exact(self.points - self.table_penalties)


@dataclass(frozen=True, slots=True)
class SubstituteStanding:
    name: str  # "" when the substitute's name was not given
    substitute_for: tuple[str, ...]
    hanchans: int
    points: Amount
    uma: Amount
    bonus: Amount  # oka + leftover riichi sticks
    penalties: Amount
    total: Amount
    in_play: bool


@dataclass(frozen=True, slots=True)
class Standings:
    ruleset: RuleSet  # whose [standings] and overall unit apply
    rulesets: tuple[str, ...]  # the ids of the rule sets the hanchans were played under
    hanchans: tuple[int, ...]  # the hanchan numbers played, in order (the chart's points)
    in_play: tuple[tuple[int, int], ...]  # (table, hanchan) of the hanchans in play
    ranking: tuple[PlayerStanding, ...]  # in order
    not_listed: tuple[PlayerStanding, ...]  # disqualified players the rule set does not list
    substitutes: tuple[SubstituteStanding, ...]  # listed apart (none when the rule set leaves them out)
    records: tuple[HanchanRecord, ...]  # every hanchan, by hanchan then table

    @property
    def unit(self) -> int:
        return self.ruleset.results.overall_unit

    def lines(self) -> list[HanchanLine]:
        """Every hanchan's lines, by hanchan and table (in each, by seat; absent and disqualified players last)."""
        return [line for r in self.records for line in r.lines]


@dataclass(slots=True)
class _Acc:
    played: int = 0
    missed: int = 0
    points: Amount = 0
    uma: Amount = 0
    bonus: Amount = 0
    penalties: Amount = 0
    table_penalties: Amount = 0
    carried: Amount = 0
    total: Amount = 0
    in_play: bool = False
    progress: list[Amount] = field(default_factory=list)
    substitute_for: list[str] = field(default_factory=list)
    hanchans: int = 0


def ranking_rules(records: Iterable[HanchanRecord], catalog: Mapping[str, RuleSet] | None = None) -> RuleSet | None:
    """The rule set whose ranking rules apply: the latest hanchan's (see the module's docstring)."""
    latest = max(records, key=lambda r: (r.hanchan, r.table), default=None)
    if latest is None:
        return None
    rs = latest.ruleset
    if "standings" not in rs.model_fields_set and catalog is not None and rs.id in catalog:
        return catalog[rs.id]
    return rs


def tournament_standings(
    records: Iterable[HanchanRecord], catalog: Mapping[str, RuleSet] | None = None
) -> Standings | None:
    """The standings of a tournament from the hanchans of all its tables (None when no hanchan was played)."""
    recs = sorted(records, key=lambda r: (r.hanchan, r.table))
    rules = ranking_rules(recs, catalog)
    if rules is None:
        return None
    numbers = sorted({r.hanchan for r in recs})
    players: dict[str, _Acc] = {}
    subs: dict[tuple[str, str], _Acc] = {}
    disqualified: set[str] = set()
    step = 0
    for r in recs:
        while numbers[step] != r.hanchan:
            _snapshot(players, step)
            step += 1
        for name, overall in r.resumed:
            acc = players.setdefault(name, _Acc())
            acc.carried += overall - acc.total
            acc.total = overall
        for line in r.lines:
            if line.kind is LineKind.SUBSTITUTE:
                key = (line.player, "" if line.player else line.substitute_for)
                acc = subs.setdefault(key, _Acc())
                acc.hanchans += 1
                if line.substitute_for not in acc.substitute_for:
                    acc.substitute_for.append(line.substitute_for)
            else:
                acc = players.setdefault(line.player, _Acc())
                acc.played += line.kind is LineKind.PLAYER
                acc.missed += line.kind is LineKind.ABSENT
                acc.table_penalties += line.table_penalties
            # the table result before penalties, and every penalty: the row adds up to the total (the sums are
            # exact: made whole where they are, at the end)
            acc.points += line.points + line.table_penalties
            acc.uma += line.uma
            acc.bonus += line.oka + line.leftover
            acc.penalties += line.penalties + line.table_penalties
            acc.total += line.result
            acc.in_play |= line.in_play
        disqualified.update(r.disqualified)
    _snapshot(players, step)
    sp = rules.standings
    everyone = [_standing(name, acc, name in disqualified) for name, acc in players.items()]
    tie_key = _tie_key(sp.ties)
    regular = [p for p in everyone if not p.disqualified or sp.disqualified == "by_total"]
    dq = [p for p in everyone if p.disqualified and sp.disqualified != "by_total"]
    ranking = _ranked(regular, tie_key, 0)
    not_listed: list[PlayerStanding] = []
    if sp.disqualified == "bottom":
        ranking += _ranked(dq, tie_key, len(ranking))
    else:
        not_listed = sorted(dq, key=lambda p: (tie_key(p), name_key(p.name)))
    substitutes: list[SubstituteStanding] = []
    if sp.substitutes == "listed":
        for (name, _), acc in subs.items():
            substitutes.append(
                SubstituteStanding(
                    name, tuple(acc.substitute_for), acc.hanchans, exact(acc.points), exact(acc.uma),
                    exact(acc.bonus), exact(acc.penalties), exact(acc.total), acc.in_play,
                )
            )  # fmt: skip
        substitutes.sort(key=lambda s: (s.name == "", name_key(s.name), s.substitute_for))
    return Standings(
        ruleset=rules,
        rulesets=tuple(dict.fromkeys(r.ruleset.id for r in recs)),
        hanchans=tuple(numbers),
        in_play=tuple((r.table, r.hanchan) for r in recs if r.in_play),
        ranking=tuple(ranking),
        not_listed=tuple(not_listed),
        substitutes=tuple(substitutes),
        records=tuple(recs),
    )


def name_key(name: str) -> tuple[str, str]:
    """Players sharing a place are listed by name, accents aside ("Émile" before "Fay"); the app lists them in its
    language's order."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return plain.casefold(), name


def _snapshot(players: dict[str, _Acc], step: int) -> None:
    """Each player's total after the ``step``-th hanchan number (0 before his first)."""
    for acc in players.values():
        acc.progress.extend([0] * (step - len(acc.progress)))  # a player who came in later
        acc.progress.append(exact(acc.total))


def _standing(name: str, acc: _Acc, disqualified: bool) -> PlayerStanding:
    e = exact
    return PlayerStanding(
        name, None, False, acc.played, acc.missed, e(acc.points), e(acc.uma), e(acc.bonus), e(acc.penalties),
        e(acc.table_penalties), e(acc.carried), e(acc.total), disqualified, acc.in_play, tuple(acc.progress),
    )  # fmt: skip


def _tie_key(ties: str) -> Any:
    if ties == "table_points":
        return lambda p: (-p.total, -p.scored)
    return lambda p: (-p.total,)


def _ranked(players: list[PlayerStanding], key: Any, before: int) -> list[PlayerStanding]:
    """``players`` in order with their places (after ``before`` places already given): equal keys share a place."""
    ordered = sorted(players, key=lambda p: (key(p), name_key(p.name)))
    keys = [key(p) for p in ordered]
    out = []
    place = 0
    for i, p in enumerate(ordered):
        if i == 0 or keys[i] != keys[i - 1]:
            place = i + 1  # 1 + the number of players ahead
        shared = (i > 0 and keys[i - 1] == keys[i]) or (i + 1 < len(keys) and keys[i + 1] == keys[i])
        out.append(replace(p, rank=before + place, shared=shared))
    return out


def _amount(x: Amount, unit: int) -> int | float:
    return shown(x, AmountKind.OVERALL, unit).number


def standings_to_json(st: Standings, tournament: str = "") -> dict[str, Any]:
    """The standings as plain data (``refapp standings --json``): amounts in the rule set's overall unit."""
    u = st.unit

    def player(p: PlayerStanding) -> dict[str, Any]:
        return {
            "rank": p.rank,
            "shared": p.shared,
            "player": p.name,
            "played": p.played,
            "missed": p.missed,
            "points": _amount(p.points, u),
            "uma": _amount(p.uma, u),
            "oka_and_sticks": _amount(p.bonus, u),
            "penalties": _amount(p.penalties, u),
            "table_penalties": _amount(p.table_penalties, u),
            "carried": _amount(p.carried, u),
            "total": _amount(p.total, u),
            "disqualified": p.disqualified,
            "in_play": p.in_play,
            "progress": [_amount(x, u) for x in p.progress],
        }

    sp = st.ruleset.standings
    return {
        "tournament": tournament,
        "ruleset": st.ruleset.id,
        "rulesets": list(st.rulesets),
        "unit": u,
        "disqualified": sp.disqualified,
        "substitutes": sp.substitutes,
        "ties": sp.ties,
        "hanchans": list(st.hanchans),
        "in_play": [{"table": t, "hanchan": h} for t, h in st.in_play],
        "ranking": [player(p) for p in st.ranking],
        "not_listed": [player(p) for p in st.not_listed],
        "substitutes_listed": [
            {
                "player": s.name,
                "substitute_for": list(s.substitute_for),
                "hanchans": s.hanchans,
                "points": _amount(s.points, u),
                "uma": _amount(s.uma, u),
                "oka_and_sticks": _amount(s.bonus, u),
                "penalties": _amount(s.penalties, u),
                "total": _amount(s.total, u),
                "in_play": s.in_play,
            }
            for s in st.substitutes
        ],
    }
