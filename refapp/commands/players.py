"""``refapp players``: a tournament's players from the command line: import a roster (the CSV file Setup reads:
``name``, optional ``federation_id`` and ``first_timer``) and list them.

``import`` creates the tournament when none has that name yet (and says so); a player already known by name
(case-insensitive) keeps its id, its federation id and first-timer flag follow the file. A roster that cannot be
read is one line naming the file, the line and the field, and nothing is stored. ``list`` only reads.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.errors import StoreError
from .common import CliError, one_tournament, open_store, print_json

if TYPE_CHECKING:
    from .common import Subparsers


def cmd_import(args: argparse.Namespace) -> int:
    from ..core.seating import RosterError, add_players, load_roster

    path = Path(args.roster)
    try:
        entries = load_roster(path)  # the same reading and messages as the desk's Seating tab
    except RosterError as exc:
        raise CliError(str(exc)) from None
    store = open_store(args, must_exist=False)
    try:
        done = add_players(store, args.tournament, entries, by=args.by or "")
    except StoreError as exc:
        raise CliError(str(exc)) from None
    finally:
        store.close()
    if done.created:
        print(f"tournament {done.tournament!r} created")
    print(
        f"{done.tournament}: {len(done.added)} player(s) added, {len(done.changed)} changed, "
        f"{len(done.unchanged)} already known"
    )
    for name in done.changed:
        print(f"  changed: {name}")
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    from ..core.folder import tournament_name

    store = open_store(args, read_only=True)
    try:
        tid = one_tournament(store, args.tournament)
        name = tournament_name(store, tid)
        players = store.players(tid)
    finally:
        store.close()
    if args.json:
        print_json(
            {
                "tournament": name,
                "tournament_id": tid,
                "players": [
                    {"name": p["name"], "federation_id": p["federation_id"] or "", "first_timer": p["first_timer"]}
                    for p in players
                ],
            }
        )
        return 0
    print(f"{name}: {len(players)} player(s)")
    for p in players:
        extra = [p["federation_id"]] if p["federation_id"] else []
        extra += ["first timer"] if p["first_timer"] else []
        print(f"  {p['name']}" + (f" ({', '.join(extra)})" if extra else ""))
    return 0


def register(sub: Subparsers) -> None:
    pp = sub.add_parser(
        "players",
        help="a tournament's players: import a roster (CSV), list them",
        description="A tournament's players: import a roster (the CSV file Setup reads) and list them.",
    )
    ps = pp.add_subparsers(dest="players_command", metavar="ACTION", required=True)
    i = ps.add_parser("import", help="add a roster's players to a tournament (created if new)",
                      description="Add the players of a roster (CSV: name, optional federation_id and first_timer) "
                      "to a tournament; the tournament is created when none has that name.")  # fmt: skip
    i.add_argument("roster", metavar="ROSTER.csv", help="the roster file")
    i.add_argument("--tournament", required=True, metavar="NAME", help="tournament name (or id)")
    i.add_argument("--by", metavar="NAME", help="who imports it (kept with the entries)")
    i.set_defaults(func=cmd_import)
    ls = ps.add_parser("list", help="the players of a tournament", description="List a tournament's players.")
    ls.add_argument("--tournament", metavar="NAME", help="tournament name or id (needed if there are several)")
    ls.add_argument("--json", action="store_true", help="as JSON")
    ls.set_defaults(func=cmd_list)
