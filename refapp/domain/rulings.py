"""Rulings: a pure function of rule set, table state, offence and answers.

``decide`` finds the rule set's first rule for the offence whose ``when`` matches the answers and the facts of the
table, then resolves what the rule set's parameters make of it (chombo mode and amount, penalty scope, warning
ladder, simultaneous win). The ledger applies the resulting :class:`Ruling`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .offences import CHOICES, GENERIC, MAX_AMOUNT, OFFENCES, OTHER_CAUSE, QUESTIONS
from .rules import Offence, Rule, RuleSet

if TYPE_CHECKING:
    from .table import TableState

Answer = bool | int | str


class RulingError(ValueError):
    """An incident that cannot be ruled: unknown offence, a missing or bad answer, or a state that forbids it."""


@dataclass(frozen=True, slots=True)
class Ruling:
    offence: str
    seat: int
    kind: str  # what is applied: not_penalized, warning, dead_hand, chombo, point_penalty, redeal, ...
    rule_kind: str  # what the rule says before the ladder / a simultaneous win / the referee's choice
    amount: int = 0  # table points: the point penalty, the chombo's flat amount or deduction
    scope: str = ""  # point penalty: "table" | "overall"
    chombo_mode: str = ""
    return_riichi: bool = False
    void_call: bool = False
    warning_number: int = 0  # warnings given to this player, this one included (0: not a warning)
    ladder: str = ""  # the warning ladder this offence climbs ("" if none)
    ladder_step: int = 0  # this offence's step on that ladder (from the ladder's dead_hand_from on: a dead hand)
    elsewhere_warnings: int = 0  # of ``warning_number``, the warnings at the tournament's other tables (recorded)
    elsewhere_steps: int = 0  # of ``ladder_step``, the steps at the tournament's other tables (recorded)
    league_points: int = 0
    substitute_last: bool = False
    voided_by_win: bool = False
    per_minute: bool = False  # a lateness penalty (minutes x late_per_minute)
    requires_riichi: bool = False
    citation: str = ""
    note: str = ""
    explain: str = ""
    status: str = "verified"  # how sure the project is of this ruling's source (see offences.STATUSES)
    club_rule: str = ""  # the club whose file changed this ruling without a citation (shown instead of one)


def questions_for(ruleset: RuleSet, offence_id: str) -> list[str]:
    """The questions the referee is asked for this offence under this rule set, in order."""
    off = ruleset.offences[offence_id]
    qs = list(off.questions)
    kinds = {r.ruling for r in off.rules} | {c for r in off.rules for c in r.choices}
    if "chombo" in kinds and "simultaneous_win" not in qs:
        qs.append("simultaneous_win")
    if any(r.ruling == "referee_choice" for r in off.rules) and "decision" not in qs:
        qs.append("decision")
    needs_amount = any(
        (r.ruling == "point_penalty" or "point_penalty" in r.choices) and r.amount is None and not r.per_minute
        for r in off.rules
    )
    if needs_amount and "amount" not in qs:
        qs.append("amount")
    return qs


def dead_hand_offences(rs: RuleSet) -> tuple[str, ...]:
    """The offences this rule set can rule a dead hand for, in palette order: a rule of the offence gives a dead hand,
    offers it to the referee, or climbs a warning ladder that ends in one (the generic rulings left out)."""
    out = []
    for oid in OFFENCES:
        off = rs.offences.get(oid)
        if off is None or oid in GENERIC:
            continue
        if any(r.ruling == "dead_hand" or "dead_hand" in r.choices or r.ladder is not None for r in off.rules):
            out.append(oid)
    return tuple(out)


def question_choices(rs: RuleSet, qid: str) -> tuple[str, ...]:
    """The answers a choice question allows under this rule set (stored ids): the dead hand's offence ("cause")
    is one of the rule set's dead-hand offences, or ``other``."""
    if qid == "cause":
        return (*dead_hand_offences(rs), OTHER_CAUSE)
    return CHOICES.get(qid, ())


def _check_answers(rs: RuleSet, offence_id: str, answers: dict[str, Any]) -> dict[str, Answer]:
    asked = questions_for(rs, offence_id)
    optional = rs.offences[offence_id].optional
    clean: dict[str, Answer] = {}
    for key, value in answers.items():
        if key not in asked:
            raise RulingError(
                f"answers.{key}: not a question of {offence_id} under {rs.id} (asked: {', '.join(asked)})"
            )
        q = QUESTIONS[key]
        if q.kind == "bool":
            if not isinstance(value, bool):
                raise RulingError(f"answers.{key}: expected true or false, got {value!r}")
        elif q.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise RulingError(f"answers.{key}: expected a whole number, got {value!r}")
            if not q.minimum <= value <= q.maximum:
                raise RulingError(f"answers.{key}: expected {q.minimum} to {q.maximum}, got {value}")
        elif (choices := question_choices(rs, key)) and value not in choices:
            raise RulingError(f"answers.{key}: expected one of {', '.join(choices)}, got {value!r}")
        clean[key] = value
    for key in asked:
        q = QUESTIONS[key]
        if key in clean:
            continue
        if q.kind == "bool":
            clean[key] = False
        elif key not in ("decision", "amount") and key not in optional:
            raise RulingError(f"answers.{key}: needs an answer ({offence_id} under {rs.id})")
    return clean


def _facts(rs: RuleSet, state: Any, seat: int, answers: dict[str, Answer]) -> dict[str, Answer]:
    s = state.seats[seat]
    p = rs.penalties
    count = answers.get("count")
    source = answers.get("source")
    over = (
        p.exposure_chombo_threshold is not None
        and isinstance(count, int)
        and count >= p.exposure_chombo_threshold
        and (source != "dead_wall" or p.exposure_includes_dead_wall)
    )
    minutes = answers.get("minutes")
    return {
        "first_timer": s.first_timer and p.first_timer_exemption,
        "kuikae_allowed": rs.scoring.kuikae == "allowed",
        "dead_hand": s.dead_hand,
        "riichi": s.riichi,
        "dealer": seat == state.dealer,
        "over_threshold": over,
        "late_over_max": isinstance(minutes, int) and minutes > p.late_max_minutes,
    }


def _matches(rule: Rule, values: dict[str, Answer]) -> bool:
    for key, cond in rule.when.items():
        value = values.get(key)
        if isinstance(cond, dict):
            if not isinstance(value, int) or isinstance(value, bool):
                return False
            if "min" in cond and value < cond["min"]:
                return False
            if "max" in cond and value > cond["max"]:
                return False
        elif isinstance(cond, list):
            if value not in cond:
                return False
        elif value != cond or type(value) is not type(cond):
            return False
    return True


def find_rule(off: Offence, values: dict[str, Answer]) -> Rule:
    return next(r for r in off.rules if _matches(r, values))


def rule_for(rs: RuleSet, state: TableState, seat: int, offence_id: str, answers: Mapping[str, Answer]) -> Rule:
    """The rule that applies to the answers given so far (an unanswered yes/no counts as no, as in :func:`decide`;
    an unanswered choice matches no condition on it). Entry screens use it to ask only what this rule needs: the
    referee's decision and its choices, the amounts it allows."""
    off = rs.offences[offence_id]
    bools = {q: False for q in questions_for(rs, offence_id) if QUESTIONS[q].kind == "bool"}
    given = {k: v for k, v in answers.items() if v is not None}
    return find_rule(off, {**_facts(rs, state, seat, given), **bools, **given})


@dataclass(frozen=True, slots=True)
class Amounts:
    """The point-penalty amounts a referee may give under a rule: the listed ``values`` if any, else ``low`` to
    ``high`` in steps of ``step`` (table points)."""

    values: tuple[int, ...]
    low: int
    high: int
    step: int

    def allows(self, amount: int) -> bool:
        if self.values:
            return amount in self.values
        return self.low <= amount <= self.high and amount % self.step == 0


def allowed_amounts(rs: RuleSet, rule: Rule) -> Amounts:
    p = rs.penalties
    lo = max(p.min, rule.amount_min or 0)
    hi = min(p.max if p.max is not None else MAX_AMOUNT, rule.amount_max if rule.amount_max is not None else MAX_AMOUNT)
    values = tuple(a for a in rule.amounts if a % p.step == 0 and lo <= a <= hi)
    return Amounts(values if rule.amounts else (), lo, hi, p.step)


def decide(
    rs: RuleSet, state: Any, seat: int, offence_id: str, answers: dict[str, Any], elsewhere: Any = None
) -> Ruling:
    """The ruling for ``offence_id`` committed by ``seat`` under ``rs``, given the table ``state`` and answers.
    ``elsewhere`` (an incident's :class:`~refapp.domain.events.Elsewhere`, or None): the player's warnings and ladder
    steps at the tournament's other tables, added to the table's own counts."""
    if offence_id not in OFFENCES:
        raise RulingError(f"offence: unknown offence id {offence_id!r}")
    off = rs.offences.get(offence_id)
    if off is None:
        raise RulingError(f"offence: {rs.name} has no ruling for {offence_id!r}")
    clean = _check_answers(rs, offence_id, answers)
    values = {**_facts(rs, state, seat, clean), **clean}
    rule = find_rule(off, values)
    kind = rule.ruling
    if kind == "referee_choice":
        choice = clean.get("decision")
        if choice is None:
            raise RulingError(f"answers.decision: the referee chooses one of {', '.join(rule.choices)}")
        if choice not in rule.choices:
            raise RulingError(f"answers.decision: expected one of {', '.join(rule.choices)}, got {choice!r}")
        kind = str(choice)
    p = rs.penalties
    extra: dict[str, Any] = {}
    if kind == "warning":
        if rule.ladder is not None:
            away = int(elsewhere.ladders.get(rule.ladder, 0)) if elsewhere is not None else 0
            step = int(state.seats[seat].ladders.get(rule.ladder, 0)) + away + 1
            extra["ladder"], extra["ladder_step"], extra["elsewhere_steps"] = rule.ladder, step, away
            if step >= rs.ladders[rule.ladder].dead_hand_from:
                kind = "dead_hand"  # the ladder: from its n-th step on, the offence is a dead hand, not a warning
        if kind == "warning":
            away = int(elsewhere.warnings) if elsewhere is not None else 0
            extra["warning_number"] = int(state.seats[seat].warnings) + away + 1
            extra["elsewhere_warnings"] = away
    if kind == "chombo":
        if clean.get("simultaneous_win") and rs.chombo.voided_by_simultaneous_win:
            return _ruling(rs, off, rule, seat, offence_id, "not_penalized", voided_by_win=True)
        extra["chombo_mode"] = rs.chombo.mode
        extra["amount"] = rule.amount if rule.amount is not None else rs.chombo.amount
        extra["league_points"] = rs.chombo.league_points
    elif kind in ("point_penalty", "rating_penalty"):
        if rule.per_minute:
            amount = int(clean["minutes"]) * p.late_per_minute
            extra["per_minute"] = True
        else:
            given = clean.get("amount")
            if given is None and rule.amount is None:
                raise RulingError(f"answers.amount: the referee enters the penalty ({_allowed(rs, rule)})")
            amount = int(given) if given is not None else int(rule.amount or 0)
            if given is not None and kind == "point_penalty":
                _check_amount(rs, rule, amount)
        extra["amount"] = amount
        extra["scope"] = rule.scope or p.scope
    elif kind == "substitute":
        extra["amount"] = p.missed_hanchan_penalty
        extra["scope"] = "overall"
        extra["substitute_last"] = bool(clean.get("during_play")) and p.substitute_mid_session_last
    return _ruling(rs, off, rule, seat, offence_id, kind, **extra)


def _n(x: int) -> str:
    return f"{x:,}"


def _allowed(rs: RuleSet, rule: Rule) -> str:
    """The amounts a referee may enter for this rule, in words."""
    a = allowed_amounts(rs, rule)
    if rule.amounts:
        return " or ".join(_n(x) for x in rule.amounts) if len(rule.amounts) <= 2 else ", ".join(map(_n, rule.amounts))
    return f"{_n(a.low)} to {_n(a.high)} in steps of {_n(a.step)}"


def _check_amount(rs: RuleSet, rule: Rule, amount: int) -> None:
    a = allowed_amounts(rs, rule)
    ok = (amount in a.values) if rule.amounts else a.allows(amount)
    if not ok:
        raise RulingError(f"answers.amount: {rs.name} allows {_allowed(rs, rule)}, got {_n(amount)}")


def _ruling(rs: RuleSet, off: Offence, rule: Rule, seat: int, offence_id: str, kind: str, **kw: Any) -> Ruling:
    return Ruling(
        offence=offence_id,
        seat=seat,
        kind=kind,
        rule_kind=rule.ruling,
        return_riichi=rule.return_riichi,
        void_call=rule.void_call,
        requires_riichi=off.requires_riichi,
        citation=off.citation,
        note=off.note,
        explain=rule.explain,
        status=rule.status or off.status,
        club_rule=off.club_rule,
        **kw,
    )
