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

A tournament ranks under one rule set, its organiser's choice: the rule set of its first hanchan, the one started
first (by its start's time; at the same time, the lower hanchan number, then the lower table number). Its
``[standings]`` and its overall unit apply to every hanchan (a hanchan that started with a rule set stored before the
``[standings]`` table existed takes them from the rule set of the same id known now). A hanchan played under another
rule set (Setup asks the referee to confirm it) is scored under its own rule set, counted in the totals in the
tournament's unit, and marked: :attr:`Standings.other_rules`, :attr:`PlayerStanding.other_rules`. Which rule set
ranks never changes as hanchans are added (docs/rulings.md).
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from fractions import Fraction
from typing import Any

from .jsontypes import JsonObject
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
    other_rules: int = 0  # hanchans counted in his total that were played under another rule set (marked)

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
    other_rules: int = 0  # of ``hanchans``, those played under another rule set than the tournament's (marked)


@dataclass(frozen=True, slots=True)
class Standings:
    ruleset: RuleSet  # the tournament's: its first hanchan's (whose [standings] and overall unit apply)
    rulesets: tuple[str, ...]  # the ids of the rule sets the hanchans were played under
    hanchans: tuple[int, ...]  # the hanchan numbers played, in order (the chart's points)
    in_play: tuple[tuple[int, int], ...]  # (table, hanchan) of the hanchans in play
    ranking: tuple[PlayerStanding, ...]  # in order
    not_listed: tuple[PlayerStanding, ...]  # disqualified players the rule set does not list
    substitutes: tuple[SubstituteStanding, ...]  # listed apart (none when the rule set leaves them out)
    records: tuple[HanchanRecord, ...]  # every hanchan, by hanchan then table
    first: tuple[int, int] = (0, 0)  # (table, hanchan) of the first hanchan, whose rule set the tournament ranks under

    @property
    def unit(self) -> int:
        return self.ruleset.results.overall_unit

    @property
    def other_rules(self) -> tuple[HanchanRecord, ...]:
        """The hanchans played under another rule set than the tournament's (counted, and marked), by hanchan then
        table."""
        return tuple(r for r in self.records if r.ruleset.id != self.ruleset.id)

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
    other_rules: int = 0


def _instant(at: str) -> float:
    """A start's time as a moment (a time without an offset is UTC; one that cannot be read comes last)."""
    try:
        moment = datetime.fromisoformat(at)
    except ValueError:
        return math.inf
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def first_hanchan(records: Iterable[HanchanRecord]) -> HanchanRecord | None:
    """The tournament's first hanchan: the one started first (at the same time, the lower hanchan number, then the
    lower table number); None when there is none."""
    return min(records, key=lambda r: (_instant(r.started_at), r.hanchan, r.table), default=None)


def ranking_rules(records: Iterable[HanchanRecord], catalog: Mapping[str, RuleSet] | None = None) -> RuleSet | None:
    """The rule set the tournament ranks under: its first hanchan's (see the module's docstring)."""
    first = first_hanchan(records)
    if first is None:
        return None
    rs = first.ruleset
    if "standings" not in rs.model_fields_set and catalog is not None and rs.id in catalog:
        return catalog[rs.id]
    return rs


@dataclass(frozen=True, slots=True)
class InPlayElsewhere:
    """A player seated in a hanchan not over yet at another table of the tournament."""

    player: str  # as that table has the name
    table: int
    hanchan: int


def in_play_elsewhere(
    records: Iterable[HanchanRecord], names: Iterable[str], table: int
) -> tuple[InPlayElsewhere, ...]:
    """Which of ``names`` (compared ignoring case) sit in a hanchan in play at another table than ``table``: a
    player or a substitute playing a seat (not an absent or disqualified player), in the order of ``names``."""
    seated: dict[str, InPlayElsewhere] = {}
    for r in records:
        if not r.in_play or r.table == table:
            continue
        for line in r.lines:
            if line.kind in (LineKind.PLAYER, LineKind.SUBSTITUTE) and line.player:
                seated.setdefault(line.player.casefold(), InPlayElsewhere(line.player, r.table, r.hanchan))
    out: list[InPlayElsewhere] = []
    for name in names:
        found = seated.get(name.strip().casefold())
        if found is not None and found not in out:
            out.append(found)
    return tuple(out)


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
        other = r.ruleset.id != rules.id
        counted: set[int] = set()  # (an accumulator counts a hanchan once)
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
            if other and id(acc) not in counted:
                counted.add(id(acc))
                acc.other_rules += 1
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
                    exact(acc.bonus), exact(acc.penalties), exact(acc.total), acc.in_play, acc.other_rules,
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
        first=_first_of(recs),
    )


def _first_of(records: list[HanchanRecord]) -> tuple[int, int]:
    first = first_hanchan(records)
    return (first.table, first.hanchan) if first is not None else (0, 0)


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
        acc.other_rules,
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


def standings_to_json(st: Standings, tournament: str = "") -> JsonObject:
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
            "other_ruleset_hanchans": p.other_rules,
        }

    sp = st.ruleset.standings
    return {
        "tournament": tournament,
        "ruleset": st.ruleset.id,
        "ruleset_from": {"table": st.first[0], "hanchan": st.first[1]},
        "rulesets": list(st.rulesets),
        "other_ruleset": [{"table": r.table, "hanchan": r.hanchan, "ruleset": r.ruleset.id} for r in st.other_rules],
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
                "other_ruleset_hanchans": s.other_rules,
            }
            for s in st.substitutes
        ],
    }
