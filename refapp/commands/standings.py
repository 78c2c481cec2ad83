"""``refapp standings [--tournament T] [--json]``: the tournament's standings across every hanchan of every table.

Read-only (no lock, nothing written). The tournament ranks under the rule set of its first hanchan; amounts are in
its overall unit (WRC: points of 1,000 table points, else table points). A hanchan in play counts as if it ended now
and is marked (``*``); a hanchan played under another rule set is counted and marked (``+``). See README.md and
docs/rulings.md.
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.files import one_line
from ..domain.numbers import AmountKind, shown
from .common import CliError, catalog, open_store, print_json

if TYPE_CHECKING:
    from .common import Subparsers

DQ_WORDS = {
    "not_listed": "not listed in the ranking",
    "bottom": "ranked at the bottom",
    "by_total": "placed by the total, marked",
}
TIE_WORDS = {
    "shared": "equal totals share the place",
    "table_points": "equal totals: the larger table points first, then shared",
}


def register(sub: Subparsers) -> None:
    s = sub.add_parser(
        "standings",
        help="the standings of a tournament across every hanchan of every table",
        description="Every player's total over the hanchans of every table: table points, uma, oka and leftover "
        "riichi sticks, penalties, what was "
        "carried over from paper, hanchans played; substitutes apart and never ranked; disqualified players and "
        "ties placed as the rule set says. A hanchan in play counts as if it ended now, marked.",
    )
    s.add_argument("--tournament", metavar="T", help="tournament name or id (default: the only or the latest one)")
    s.add_argument("--json", action="store_true", help="machine-readable output")
    s.set_defaults(func=cmd_standings)


def _amount(x: Fraction | int, unit: int) -> str:
    """An amount of the standings in the rule set's unit, its digits only (the heading names the unit)."""
    return shown(x, AmountKind.OVERALL, unit).digits()


def _total(x: Fraction | int, unit: int) -> str:
    """A total said alone, with its unit where it is not table points: ``-12 points``."""
    return shown(x, AmountKind.OVERALL, unit).text()


def cmd_standings(args: argparse.Namespace) -> int:
    from ..core.results import find_tournament, standings
    from ..domain.tournament import standings_to_json

    store = open_store(args, read_only=True)
    try:
        try:
            tid, name = find_tournament(store, args.tournament)
        except LookupError as exc:
            raise CliError(f"--tournament: {exc}" if args.tournament is not None else str(exc)) from None
        st = standings(store, catalog(args).rulesets, tid)
    finally:
        store.close()
    if args.json:
        data: dict[str, Any] = (
            standings_to_json(st, name)
            if st is not None
            else {"tournament": name, "hanchans": [], "ranking": [], "not_listed": [], "substitutes_listed": []}
        )
        print_json(data)
        return 0
    if st is None:
        print(f"{one_line(name)}: no hanchan has been started yet")
        return 0
    u = st.unit
    rs = st.ruleset
    what = f"points of {shown(u).text()} table points" if u != 1 else "table points"
    print(f"{one_line(name)}: standings after hanchan {st.hanchans[-1]} ({rs.name}; amounts in {what})")
    other = st.other_rules
    if other:
        table, hanchan = st.first
        print(f"ranked under {rs.id}: the rule set of the first hanchan (table {table}, hanchan {hanchan})")
        where = ", ".join(f"table {r.table} hanchan {r.hanchan} ({r.ruleset.id})" for r in other)
        print(f"played under another rule set, scored by it and counted here, marked +: {where}")
    sp = rs.standings
    print(f"disqualified players: {DQ_WORDS[sp.disqualified]}; {TIE_WORDS[sp.ties]}")
    if st.in_play:
        where = ", ".join(f"table {t} hanchan {h}" for t, h in st.in_play)
        print(f"in play: {where} (counted as if it ended now; marked *)")
    carried = any(p.carried for p in st.ranking + st.not_listed)
    bonus = any(p.bonus for p in st.ranking + st.not_listed)
    head = ["PLACE", "PLAYER", "PLAYED", "POINTS", "UMA"] + (["OKA+STICKS"] if bonus else []) + ["PENALTIES"]
    head += ["CARRIED"] if carried else []
    head += ["TOTAL", ""]
    lines = [head]
    for p in st.ranking:
        notes = []
        if p.missed:
            notes.append(f"missed {p.missed}")
        if p.disqualified:
            notes.append("disqualified")
        if p.other_rules:
            notes.append(f"{p.other_rules} hanchan(s) under another rule set")
        cells = [
            f"{p.rank}{'=' if p.shared else ''}",
            one_line(p.name) + ("*" if p.in_play else "") + ("+" if p.other_rules else ""),
            str(p.played),
            _amount(p.points, u),
            _amount(p.uma, u),
        ]
        cells += [_amount(p.bonus, u)] if bonus else []
        cells += [_amount(p.penalties, u)]
        cells += [_amount(p.carried, u)] if carried else []
        cells += [_amount(p.total, u), ", ".join(notes)]
        lines.append(cells)
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    print()
    for line in lines:
        cells = [c.rjust(w) if 2 <= i < len(head) - 1 else c.ljust(w) for i, (c, w) in enumerate(zip(line, widths))]
        print("  ".join(cells).rstrip())
    if st.not_listed:
        print()
        print("not listed in the ranking (disqualified):")
        for p in st.not_listed:
            mark = f", {p.other_rules} hanchan(s) under another rule set" if p.other_rules else ""
            print(f"  {one_line(p.name)}: {p.played} played, total {_total(p.total, u)}{mark}")
    if st.substitutes:
        print()
        print("substitutes (never ranked):")
        for s in st.substitutes:
            who = one_line(s.name) or "a substitute whose name was not given"
            seats = ", ".join(one_line(x) for x in s.substitute_for)
            mark = f", {s.other_rules} hanchan(s) under another rule set" if s.other_rules else ""
            print(f"  {who} for {seats}: {s.hanchans} hanchan(s), total {_total(s.total, u)}{mark}")
    return 0
