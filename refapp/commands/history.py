"""``refapp history``: the incident history of this device, newest first, and a player's counts."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core.files import one_line
from ..domain.numbers import ruling_amount
from ..domain.offences import OFFENCES
from ..domain.stored import RulingKind
from .common import CliError, catalog, open_store, print_json, tournament_ids, whole_number

if TYPE_CHECKING:
    from ..core.types import HistoryRow
    from ..domain.rules import RuleSet
    from .common import Subparsers


def register(sub: Subparsers) -> None:
    h = sub.add_parser("history", help="the incident history of this device, newest first")
    h.add_argument("--tournament", metavar="T", help="tournament name or id")
    h.add_argument("--table", metavar="N", help="table number (or id)")
    h.add_argument("--player", metavar="P", help="player name as seated; also prints the player's counts")
    h.add_argument("--offence", metavar="O", help="offence id (see `refapp offences RULESET`)")
    h.add_argument("--ruleset", metavar="R", help="rule-set id")
    h.add_argument("--since", metavar="D", help="from this date or time (YYYY-MM-DD[THH:MM[:SS]], as recorded)")
    h.add_argument("--until", metavar="D", help="up to this date or time, inclusive (a date: the whole day)")
    h.add_argument(
        "--text",
        metavar="S",
        help="words to search for, as in the app's History search: an offence (its name or a synonym, English or "
        "French), the ruling (chombo, warning...), a section number (5.1), a player's name, the note, a statement "
        "(case and accents ignored; every word must match)",
    )
    h.add_argument("--all-types", action="store_true", help="every event, not only incidents")
    h.add_argument("--include-voided", action="store_true", help="also voided events (marked VOIDED)")
    h.add_argument("--limit", type=whole_number(1), default=50, metavar="N", help="at most N rows (default 50)")
    h.add_argument("--offset", type=whole_number(0), default=0, metavar="N", help="skip the N newest rows")
    h.add_argument("--json", action="store_true", help="machine-readable output")
    h.set_defaults(func=cmd_history)


def _history_line(row: HistoryRow, rulesets: Mapping[str, RuleSet]) -> list[str]:
    from ..core.search import stored_effect

    stored = stored_effect(row).ruling
    if row["type"] == "incident":
        what = row["offence"] or ""
        ruling = stored.kind_text.replace("_", " ") if stored else ""
        if stored and stored.warning_number:
            number = f"#{stored.warning_number}"
            ruling += f" {number}" if stored.kind is RulingKind.WARNING else f" (warning {number})"
        rs = rulesets.get(str(row.get("ruleset_id") or ""))
        said = (
            ruling_amount(
                stored.kind_text, stored.amount, stored.scope, rs.chombo.mode if rs else "",
                rs.results.overall_unit if rs else 1,
            )
            if stored
            else None
        )  # fmt: skip
        if said is not None:
            ruling += f" {said.text()}"
    elif row["type"] == "void":
        what, ruling = "void", f"cancels {row['target']}"
    else:
        what, ruling = row["type"], ""
    who = "" if row["seat"] is None else f"{row['player'] or '?'} (seat {row['seat']})"
    cells = [
        str(row["uuid"])[:8],
        row["at"][:16].replace("T", " "),
        row["tournament"],
        str(row["table"]),
        str(row["hanchan"]),
        f"{row['round_wind']}{row['hand']}",
        who,
        what,
        ruling,
        row["referee"],
        row["note"],
        "VOIDED" if row["voided"] else "",
    ]
    return [one_line(c) for c in cells]  # an escape sequence typed or imported in a name never reaches the terminal


def cmd_history(args: argparse.Namespace) -> int:
    from ..core import search
    from ..core.folder import tournament_names

    if args.offence is not None and args.offence not in OFFENCES:
        raise CliError(f"--offence: unknown offence id {args.offence!r} (see `refapp offences RULESET`)")
    store = open_store(args, read_only=True)
    try:
        tournaments = tournament_ids(store, args.tournament) if args.tournament is not None else None
        if args.table is not None and not search.table_ids(store, args.table, tournaments):
            where = f" in {args.tournament!r}" if args.tournament else ""
            raise CliError(f"--table: no table {args.table!r}{where}")
        try:
            rows = search.query(
                store,
                tournament=args.tournament,
                table=args.table,
                player=args.player,
                offence=args.offence,
                ruleset=args.ruleset,
                since=args.since,
                until=args.until,
                text=args.text,
                types=None if args.all_types else search.DEFAULT_TYPES,
                include_voided=args.include_voided,
                limit=args.limit,
                offset=args.offset,
            )
        except search.HistoryError as exc:
            raise CliError(f"--{exc}") from None
        counts: dict[str, dict[str, int]] = {}
        if args.player is not None:
            for tid, name in tournament_names(store):
                if tournaments is not None and tid not in tournaments:
                    continue
                c = search.player_counts(store, tid, args.player)
                if c["incidents"] or tournaments is not None:
                    counts[name] = c
    finally:
        store.close()
    if args.json:
        out: dict[str, Any] = {"events": rows}
        if args.player is not None:
            out["counts"] = counts
        print_json(out)
        return 0
    if rows:
        head = ["ID", "TIME", "TOURNAMENT", "TABLE", "HANCHAN", "HAND", "PLAYER", "OFFENCE", "RULING", "REFEREE"]
        head += ["NOTE", ""]
        rulesets = catalog(args).rulesets  # a chombo's mode and the unit of its amounts are its rule set's
        lines = [head] + [_history_line(r, rulesets) for r in rows]
        widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
        for line in lines:
            print("  ".join(cell.ljust(w) for cell, w in zip(line, widths)).rstrip())
    else:
        print("no incidents match" if not args.all_types else "no events match")
    if args.player is not None:
        print()
        if not counts:
            print(f"{args.player}: no incidents recorded")
        for name, c in counts.items():
            print(f"{args.player} in {name}: {search.describe_counts(c)}")
    return 0
