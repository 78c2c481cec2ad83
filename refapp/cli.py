"""Command line: ``refapp`` starts the GUI; sub-commands work headless.

Bad input ends with exit status 2 and one line on stderr naming what is wrong (file, event, field); never a
traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

EXIT_BAD_INPUT = 2


class CliError(Exception):
    """A user-facing error: printed as one line, exit status 2."""


def _catalog(args: argparse.Namespace):
    from .store.paths import data_dir
    from .store.rulesets import load_catalog

    cat = load_catalog(data_dir(getattr(args, "data_dir", None)) / "rulesets")
    for err in cat.errors:
        print(f"refapp: warning: rule set skipped: {err}", file=sys.stderr)
    return cat


def _read_json(path: str) -> Any:
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"{path}: cannot be read: {exc}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(f"{path}: not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None


def cmd_replay(args: argparse.Namespace) -> int:
    from .domain.events import LogError, parse_log
    from .domain.ledger import replay, state_to_json

    data = _read_json(args.log)
    try:
        log = parse_log(data)
        state = replay(log.events, _catalog(args).rulesets)
    except LogError as exc:
        raise CliError(f"{args.log}: {exc}") from None
    json.dump(state_to_json(state), sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    from .domain.events import TableLog

    json.dump(TableLog.model_json_schema(), sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


def cmd_rulesets(args: argparse.Namespace) -> int:
    from .domain.rules import RuleSetError
    from .store.rulesets import check_file

    if args.check:
        try:
            rs, _ = check_file(Path(args.check))
        except RuleSetError as exc:
            raise CliError(str(exc)) from None
        print(f"{args.check}: ok: {rs.id} ({rs.name}, version {rs.version})")
        return 0
    cat = _catalog(args)
    rows = [
        {"id": rs.id, "name": rs.name, "version": rs.version, "origin": cat.origins[rs.id]}
        for rs in cat.rulesets.values()
    ]
    if args.json:
        json.dump(rows, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        width = max(len(r["id"]) for r in rows)
        for r in rows:
            print(f"{r['id']:<{width}}  {r['name']} ({r['version']})")
    return 0


def _describe_rule(rule) -> str:
    what = rule.ruling.replace("_", " ")
    if rule.ruling == "referee_choice":
        what = "referee's choice: " + " / ".join(c.replace("_", " ") for c in rule.choices)
    extras = []
    if rule.amount is not None:
        extras.append(f"{rule.amount:,}")
    if rule.per_minute:
        extras.append("per minute")
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
    from .domain.offences import GROUPS, OFFENCES
    from .domain.rulings import questions_for

    cat = _catalog(args)
    rs = cat.rulesets.get(args.ruleset)
    if rs is None:
        raise CliError(f"unknown rule set {args.ruleset!r} (known: {', '.join(sorted(cat.rulesets))})")
    rows = []
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
                "note": off.note,
                "rules": [r.model_dump(exclude_defaults=True) for r in off.rules],
            }
        )
    if args.json:
        json.dump({"ruleset": rs.id, "version": rs.version, "offences": rows}, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    print(f"{rs.name} ({rs.id}, version {rs.version})")
    for group, label in GROUPS.items():
        members = [r for r in rows if r["group"] == group]
        if not members:
            continue
        print(f"\n{label}")
        for r in members:
            off = rs.offences[r["id"]]
            cite = f"  [{off.citation}]" if off.citation else ""
            print(f"  {r['id']}: {r['name']}{cite}")
            for rule in off.rules:
                print(f"      {_describe_rule(rule)}")
            if off.note:
                print(f"      note: {off.note}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    from . import __version__

    p = argparse.ArgumentParser(prog="refapp", description="Riichi mahjong referee tool and table ledger.")
    p.add_argument("--version", action="version", version=f"refapp {__version__}")
    p.add_argument("--data-dir", help="data folder (default: $REFAPP_DATA_DIR or the platform's user data folder)")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    r = sub.add_parser("replay", help="replay a table log and print the final state as JSON")
    r.add_argument("log", help="table log file (JSON), or - for stdin")
    r.set_defaults(func=cmd_replay)

    s = sub.add_parser("schema", help="print a JSON Schema")
    s.add_argument("what", choices=["table-log"])
    s.set_defaults(func=cmd_schema)

    rs = sub.add_parser("rulesets", help="list the rule sets, or check a rule-set file")
    rs.add_argument("--check", metavar="FILE", help="validate one rule-set file")
    rs.add_argument("--json", action="store_true", help="machine-readable output")
    rs.set_defaults(func=cmd_rulesets)

    o = sub.add_parser("offences", help="list a rule set's offences with their rulings and citations")
    o.add_argument("ruleset", help="rule-set id (see `refapp rulesets`)")
    o.add_argument("--json", action="store_true", help="machine-readable output")
    o.set_defaults(func=cmd_offences)

    g = sub.add_parser("gui", help="start the referee board (the default)")
    _gui_options(g)
    g.set_defaults(func=None)
    _gui_options(p)
    return p


def _gui_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--log", help="show the table of this table log (JSON)")
    p.add_argument("--quit-after", type=float, metavar="SECONDS", help=argparse.SUPPRESS)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "func", None) is None:
        from .app import run

        return run(args)
    try:
        return args.func(args)
    except CliError as exc:
        print(f"refapp: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return 0
