"""``refapp rulesets`` (list, show, check a file) and ``refapp offences RULESET``: the rule sets as data."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.files import data_dir
from ..domain.numbers import AmountKind, ruling_amount_kind, shown, unit_of
from ..domain.offences import GROUPS, OFFENCES
from .common import CliError, catalog, print_json

if TYPE_CHECKING:
    from ..core.rulesets import Catalog, Parameter
    from ..domain.rules import Rule, RuleSet
    from .common import Subparsers


def register(sub: Subparsers) -> None:
    rs = sub.add_parser(
        "rulesets",
        help="list the rule sets, show one with every parameter, or check a rule-set file",
        description="List the rule sets; 'show ID' prints every parameter of one and where it comes from (own value, "
        "inherited, or the default) with its note; --check FILE validates a club's file as the app would load it.",
    )
    rs.add_argument("action", nargs="?", choices=["show"], help="show one rule set")
    rs.add_argument("ruleset_id", nargs="?", metavar="ID", help="rule-set id (with show)")
    rs.add_argument("--check", metavar="FILE", help="validate one rule-set file")
    rs.add_argument("--json", action="store_true", help="machine-readable output (every parameter)")
    rs.set_defaults(func=cmd_rulesets)

    o = sub.add_parser("offences", help="list a rule set's offences with their rulings and citations")
    o.add_argument("ruleset", help="rule-set id (see `refapp rulesets`)")
    o.add_argument("--json", action="store_true", help="machine-readable output")
    o.set_defaults(func=cmd_offences)


_STATUS_WORDS = {
    "verified": "",
    "paraphrase": "from a summary of the rule book",
    "unverified": "source not verified",
    "inferred": "not stated in the rule book",
}


def _status_words(status: str | None) -> str:
    """A source status as the command line prints it: "" for verified (or none), else " [words]"."""
    words = _STATUS_WORDS.get(status or "verified", "")
    return f" [{words}]" if words else ""


def cmd_rulesets(args: argparse.Namespace) -> int:
    from ..core.rulesets import check_club_file, parameters
    from ..domain.rules import RuleSetError

    if args.check:
        try:
            checked, cat = check_club_file(Path(args.check), data_dir(getattr(args, "data_dir", None)))
        except RuleSetError as exc:
            raise CliError(str(exc)) from None
        for warning in cat.warnings.get(checked.id, []):  # the file loads: a warning does not change the status
            print(f"refapp: warning: {warning}", file=sys.stderr)
        print(f"{args.check}: ok: {checked.id} ({checked.name}, version {checked.version})")
        return 0
    cat = catalog(args)
    if args.action == "show":
        if not args.ruleset_id or args.ruleset_id not in cat.rulesets:
            known = ", ".join(sorted(cat.rulesets))
            raise CliError(f"rulesets show: unknown rule set {args.ruleset_id!r} (known: {known})")
        rs = cat.rulesets[args.ruleset_id]
        params = parameters(cat, rs.id)
        if args.json:
            print_json(_ruleset_row(cat, rs.id, params))
            return 0
        parent = cat.parents.get(rs.id)
        print(f"{rs.name} ({rs.id}, version {rs.version})" + (f", extends {parent}" if parent else ""))
        print(f"from {cat.origins[rs.id]}")
        for p in params:
            where = {"own": "own", "default": "default"}.get(p["from"], f"from {p['from']}")
            shown = "none" if p["value"] is None else repr(p["value"])
            print(f"  {p['key']} = {shown}  ({where})" + (_status_words(p.get("status")) if "note" not in p else ""))
            if "note" in p:
                print(f"      note{_status_words(p.get('status'))}: {p['note']}")
        return 0
    if args.action is not None or args.ruleset_id is not None:
        raise CliError("rulesets: the only action is 'show ID' (or --check FILE, --json)")
    if args.json:
        print_json([_ruleset_row(cat, rid, parameters(cat, rid)) for rid in cat.rulesets])
        return 0
    rows = [(rs.id, rs.name, rs.version) for rs in cat.rulesets.values()]
    width = max(len(r[0]) for r in rows)
    for rid, name, version in rows:
        print(f"{rid:<{width}}  {name} ({version})")
    return 0


def _ruleset_row(cat: Catalog, rid: str, params: list[Parameter]) -> dict[str, Any]:
    rs = cat.rulesets[rid]
    return {
        "id": rs.id,
        "name": rs.name,
        "version": rs.version,
        "origin": cat.origins[rid],
        "extends": cat.parents.get(rid),
        "parameters": params,
    }


def _ruling_word(kind: str, rs: RuleSet) -> str:
    """A ruling kind in words, with the rule set's spelling of chombo ("chonbo" under WRC)."""
    return rs.chombo_word if kind == "chombo" else kind.replace("_", " ")


def _amount_unit(rs: RuleSet, rule: Rule) -> int:
    """Table points per unit the rule's amounts are read in: the overall point (WRC: 1,000) for a penalty off the
    overall score or a chombo off the overall score, else 1 (table points): :mod:`refapp.domain.numbers` says."""
    kinds = set(rule.choices) | {rule.ruling}
    overall = ("point_penalty" in kinds and ruling_amount_kind("point_penalty", rule.scope or rs.penalties.scope)
               is AmountKind.OVERALL) or (
        "chombo" in kinds and ruling_amount_kind("chombo", chombo_mode=rs.chombo.mode) is AmountKind.OVERALL
    )  # fmt: skip
    return unit_of(AmountKind.OVERALL if overall else AmountKind.TABLE, rs.results.overall_unit)[1]


def _amount_words(amount: int, unit: int) -> str:
    """An amount in the rule set's unit: "20 points" (WRC, 1 point = 1,000 table points), else "20,000"."""
    return shown(amount, AmountKind.OVERALL, unit).text()


def _describe_rule(rule: Rule, rs: RuleSet) -> str:
    """One rule as a referee reads it: the ruling in the rule set's words, amounts in its unit."""
    what = _ruling_word(rule.ruling, rs)
    if rule.ruling == "referee_choice":
        what = "referee's choice: " + " / ".join(_ruling_word(c, rs) for c in rule.choices)
    unit = _amount_unit(rs, rule)
    extras = []
    if rule.amount is not None:
        if "rating_penalty" in set(rule.choices) | {rule.ruling}:
            extras.append(shown(rule.amount, AmountKind.RATING).text())
        else:
            extras.append(_amount_words(rule.amount, unit))
    if rule.amounts:
        extras.append(" or ".join(_amount_words(a, unit) for a in rule.amounts))
    if rule.amount_min is not None or rule.amount_max is not None:
        low = _amount_words(rule.amount_min if rule.amount_min is not None else rs.penalties.min, unit)
        high = rule.amount_max if rule.amount_max is not None else rs.penalties.max
        extras.append(f"{low} to {_amount_words(high, unit)}" if high is not None else f"{low} or more")
    if rule.per_minute:
        extras.append(f"{_amount_words(rs.penalties.late_per_minute, unit)} per minute")
    if rule.scope:
        extras.append(f"{rule.scope} score")
    if rule.return_riichi:
        extras.append("riichi void, bet returned")
    if rule.void_call:
        extras.append("call void")
    if rule.ladder:
        extras.append("counts on the warning ladder")
    if extras:
        what += f" ({', '.join(extras)})"
    if rule.when:
        cond = ", ".join(f"{k}={v}" for k, v in rule.when.items())
        return f"if {cond}: {what}"
    return what


def cmd_offences(args: argparse.Namespace) -> int:
    from ..domain.rulings import questions_for

    cat = catalog(args)
    rs = cat.rulesets.get(args.ruleset)
    if rs is None:
        raise CliError(f"unknown rule set {args.ruleset!r} (known: {', '.join(sorted(cat.rulesets))})")
    rows: list[dict[str, Any]] = []
    for oid, od in OFFENCES.items():
        off = rs.offences.get(oid)
        if off is None:
            continue
        rows.append(
            {
                "id": oid,
                "group": od.group,
                "name": od.name,
                "questions": questions_for(rs, oid),
                "citation": off.citation,
                "club_rule": off.club_rule,  # a ruling a club file changed without a citation: the club's name
                "note": off.note,
                "status": off.status,
                # each rule as data (amounts in table points) and as the referee reads it ("text": in the rule
                # set's unit and spelling)
                "rules": [{**r.model_dump(exclude_defaults=True), "text": _describe_rule(r, rs)} for r in off.rules],
            }
        )
    if args.json:
        head = {"ruleset": rs.id, "version": rs.version, "chombo_word": rs.chombo_word}
        print_json({**head, "overall_unit": rs.results.overall_unit, "offences": rows})
        return 0
    print(f"{rs.name} ({rs.id}, version {rs.version})")
    for group, label in GROUPS.items():
        members = [r for r in rows if r["group"] == group]
        if not members:
            continue
        print(f"\n{label}")
        for r in members:
            off = rs.offences[r["id"]]
            cite = f"  [{off.citation}]" if off.citation else f"  [club rule: {off.club_rule}]" if off.club_rule else ""
            print(f"  {r['id']}: {r['name']}{cite}" + _status_words(off.status).replace(" [", "  [", 1))
            for rule in off.rules:
                print(f"      {_describe_rule(rule, rs)}" + (_status_words(rule.status) if rule.status else ""))
            if off.note:
                print(f"      note: {off.note}")
    return 0
