"""``refapp records [--tournament T] [--player P] [--json]``: each player's record across a tournament.

Every incident of every table and session (warnings, dead hands, chombos, penalties, warning-ladder steps), the
counts (voided and set-aside incidents listed, not counted), and where each player stands in the rule set's warning
scope: the number of the next warning and, on each warning ladder, the step of the next offence. Read-only (no lock,
nothing written). The read model is :func:`refapp.core.results.player_records` (the desk's Players tab reads it too);
docs/rulings.md says how the counts escalate.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ..core.files import one_line
from .common import CliError, catalog, open_store, print_json

if TYPE_CHECKING:
    from ..core.types import PlayerRecord, Records
    from ..core.types import RecordSession as Session
    from .common import Subparsers

SCOPE_WORDS = {
    "tournament": "counted over the tournament",
    "session": "counted per session",
    "hanchan": "counted per hanchan",
}


def register(sub: Subparsers) -> None:
    s = sub.add_parser(
        "records",
        help="each player's incidents across every table and session of a tournament",
        description="Every player's warnings, dead hands, chombos, penalties and warning-ladder steps over every "
        "table and session of a tournament, each incident with its table, session, hanchan, hand, offence, ruling, "
        "time and referee (voided ones listed, not counted), and the number of the next warning and the next step "
        "on each warning ladder in the rule set's scope.",
    )
    s.add_argument("--tournament", metavar="T", help="tournament name or id (default: the only or the latest one)")
    s.add_argument("--player", metavar="P", help="one player (the name as seated)")
    s.add_argument("--json", action="store_true", help="machine-readable output")
    s.set_defaults(func=cmd_records)


def session_text(session: Session | None) -> str:
    if session is None:
        return "?"
    return str(session[1])


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _next(p: PlayerRecord) -> str:
    parts = [f"warning {ordinal(p.next_warning)}"]
    for lad in p.ladders:
        step = f"{lad.ladder} {ordinal(lad.next_step)}"
        parts.append(step + (" (dead hand)" if lad.next_dead_hand else ""))
    return ", ".join(parts)


def _incident_line(i: Any) -> list[str]:
    ruling = i.ruling.replace("_", " ")
    if i.warning_number:
        ruling += f" #{i.warning_number}" if i.ruling == "warning" else f" (warning #{i.warning_number})"
    said = i.said_amount
    if said is not None:
        ruling += f" {said.text()}"
    if i.ladder:
        ruling += f" [{i.ladder}]"
    away = []
    if i.elsewhere_warnings:
        away.append(f"{i.elsewhere_warnings} warning(s)")
    if i.elsewhere_steps:
        away.append(f"{i.elsewhere_steps} {i.ladder} step(s)")
    state = "SET ASIDE" if i.set_aside else "VOIDED" if i.voided else ""
    cells = [
        i.at[:16].replace("T", " "),
        str(i.table),
        session_text(i.session),
        str(i.hanchan),
        f"{i.round_wind}{i.hand}",
        i.offence,
        ruling,
        ", ".join(away),
        i.referee,
        state,
    ]
    return [one_line(c) for c in cells]


def _table(lines: list[list[str]], right: tuple[int, ...] = ()) -> None:
    widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
    for line in lines:
        cells = [c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(line, widths))]
        print("  ".join(cells).rstrip())


def print_records(rec: Records) -> None:
    if not rec.ruleset:
        print(f"{one_line(rec.tournament)}: no hanchan has been started yet")
    else:
        scope = SCOPE_WORDS.get(rec.scope, rec.scope)
        now = f"; now: session {session_text(rec.session)}" if rec.scope == "session" else ""
        print(f"{one_line(rec.tournament)}: each player's record ({rec.ruleset}: warnings {scope}{now})")
    head = ["PLAYER", "WARNINGS", "DEAD HANDS", "CHOMBOS", "PENALTIES", "LADDER STEPS", "INCIDENTS", "NEXT"]
    lines = [head]
    for p in rec.players:
        c = p.counts
        cells = [c.warnings, c.dead_hands, c.chombos, c.penalties, c.ladder_steps, c.incidents]
        lines.append([one_line(p.player), *map(str, cells), _next(p)])
    print()
    _table(lines, right=(1, 2, 3, 4, 5, 6))
    for p in rec.players:
        if not p.incidents:
            continue
        left = sum(1 for i in p.incidents if not i.counted)
        aside = f" ({left} voided or set aside, not counted)" if left else ""
        print()
        print(f"{one_line(p.player)}: {len(p.incidents)} incident(s){aside}")
        head = ["  TIME", "TABLE", "SESSION", "HANCHAN", "HAND", "OFFENCE", "RULING", "AT OTHER TABLES", "REFEREE", ""]
        rows = [head] + [["  " + (line := _incident_line(i))[0], *line[1:]] for i in p.incidents]
        _table(rows)


def cmd_records(args: argparse.Namespace) -> int:
    from ..core.results import find_tournament, player_records, records_to_json

    store = open_store(args, read_only=True)
    try:
        try:
            tid, _name = find_tournament(store, args.tournament)
        except LookupError as exc:
            raise CliError(f"--tournament: {exc}" if args.tournament is not None else str(exc)) from None
        rec = player_records(store, catalog(args).rulesets, tid, args.player)
        if args.player is not None and rec.player(args.player) is None:
            raise CliError(f"--player: no player named {args.player!r} in {rec.tournament!r}")
    finally:
        store.close()
    if args.json:
        print_json(records_to_json(rec))
    else:
        print_records(rec)
    return 0
