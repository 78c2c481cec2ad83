"""``refapp seating``: the tournament's seating plan, made on the head referee's device and published to the tables
through the venue's sync (signed entries of this device's chain, like the session clock's).

``make`` makes a plan for S sessions from a seed (players kept from meeting twice as far as the numbers allow, seat
winds balanced); ``next --by-standings`` the next session from the standings; ``import`` a prescripted seating from
CSV (``session,table,east,south,west,north``); ``show`` and ``check`` only read. Publishing asks this device's
referee PIN when it has one (``--pin-stdin``). A later publication of a session is a new entry: the tablets say what
changed. Bad input is one line and exit status 2, with nothing stored.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.files import data_dir, read_regular
from .common import CliError, catalog, one_tournament, open_store, print_json, whole_number

if TYPE_CHECKING:
    from ..core.seating import Draft, Plan, SeatingEntry
    from ..core.types import Store
    from ..domain.seating import SessionSeating
    from .common import Subparsers

WINDS = ("East", "South", "West", "North")


def _by(args: argparse.Namespace) -> str:
    from ..core.folder import referee

    if args.by is not None:
        return str(args.by)
    return referee(data_dir(getattr(args, "data_dir", None)))


def _keep(args: argparse.Namespace, players: list[str], plan: Plan) -> dict[str, int]:
    """``--keep NAME=TABLE`` (repeated), else what the plan kept; ``--keep none``: nobody."""
    if not args.keep:
        return {p: k for p, k in plan.kept.items() if p in players}
    if args.keep == ["none"]:
        return {}
    known = {p.casefold(): p for p in players}
    out: dict[str, int] = {}
    for item in args.keep:
        name, sep, table = item.rpartition("=")
        if not sep or not table.strip().isdigit():
            raise CliError(f"--keep: {item[:60]!r} is not NAME=TABLE (e.g. --keep 'Anna=1')")
        player = known.get(name.strip().casefold())
        if player is None:
            raise CliError(f"--keep: {name.strip()[:60]!r} is not a player of the tournament")
        out[player] = int(table)
    return out


def _publish(args: argparse.Namespace, store: Store, draft: Draft, reason: str = "") -> list[SeatingEntry]:
    from ..core.errors import Refused
    from ..core.seating import publish
    from .clock import referee_pin

    referee_pin(args, store, f"seating {args.seating_command}", "publishing a seating plan")
    try:
        return publish(store, draft.tournament_id, draft, _by(args), reason)  # as the desk's Publish
    except Refused as exc:
        raise CliError(str(exc)) from None


def _replaced(plan: Plan, sessions: list[SessionSeating]) -> str:
    again = [s.session for s in sessions if s.session in plan.current]
    return f" (replaces what was published for session(s) {_runs(again)})" if again else ""


def _runs(numbers: list[int]) -> str:
    return f"{numbers[0]}-{numbers[-1]}" if len(numbers) > 2 else ", ".join(map(str, numbers))


def _quality_line(sessions: list[SessionSeating]) -> str:
    from ..domain.seating import quality

    q = quality(sessions)
    return f"pairs meeting more than once: {q.repeat_pairs}; most times a player sits the same wind: {q.max_same_wind}"


def cmd_make(args: argparse.Namespace) -> int:
    from ..core.errors import Refused
    from ..core.seating import make, seating_plan, tournament_players

    store = open_store(args)
    try:
        tid = one_tournament(store, args.tournament)
        players = tournament_players(store, tid)
        plan = seating_plan(store, tid)
        keep = _keep(args, players, plan)
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 1_000_000)
        try:
            draft = make(store, tid, args.sessions, seed, keep)  # as the desk's Seating tab
        except Refused as exc:
            raise CliError(str(exc)) from None
        sessions = list(draft.sessions)
        _publish(args, store, draft)
    finally:
        store.close()
    print(f"{len(players)} players, {len(sessions[0].tables)} tables, {len(sessions)} session(s), seed {seed} "
          f"(--seed {seed} makes the same plan){_replaced(plan, sessions)}")  # fmt: skip
    print(_quality_line(sessions))
    if keep:
        print("kept at their table: " + ", ".join(f"{p} (table {k})" for p, k in sorted(keep.items())))
    print("published: the tables get it at their next sync")
    return 0


def cmd_next(args: argparse.Namespace) -> int:
    from ..core.seating import Draft, ranked_players, seating_plan, tournament_players
    from ..domain.seating import SeatingError, next_by_standings, quality

    if not args.by_standings:
        raise CliError("seating next: say how: --by-standings (players of similar totals together)")
    store = open_store(args)
    try:
        tid = one_tournament(store, args.tournament)
        players = tournament_players(store, tid)
        plan = seating_plan(store, tid)
        keep = _keep(args, players, plan)
        ranked, out = ranked_players(store, tid, catalog(args).rulesets)
        keep = {p: k for p, k in keep.items() if p in ranked}
        try:
            session = next_by_standings(ranked, plan.sessions, keep)
        except SeatingError as exc:
            raise CliError(str(exc)) from None
        whole = quality([*plan.sessions, session])
        _publish(args, store, Draft((session,), "standings", None, keep, whole, tuple(sorted(out)), tid))
    finally:
        store.close()
    left = f"; left out (disqualified): {', '.join(sorted(out))}" if out else ""
    print(f"session {session.session} by the standings: {len(session.tables)} tables{left}")
    print(_quality_line([*plan.sessions, session]))
    print("published: the tables get it at their next sync")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from ..core.seating import Draft, read_plan_csv, seating_plan, tournament_players
    from ..domain.seating import SeatingError, quality

    path = Path(args.file)
    try:
        text = read_regular(path, 10_000_000).decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"{path}: cannot be read ({exc})") from None
    store = open_store(args)
    try:
        tid = one_tournament(store, args.tournament)
        plan = seating_plan(store, tid)
        try:
            sessions = read_plan_csv(text, str(path), tournament_players(store, tid), list(plan.current))
        except SeatingError as exc:
            raise CliError(str(exc)) from None
        merged = {n: e.seating for n, e in plan.current.items()} | {s.session: s for s in sessions}
        whole = quality([merged[n] for n in sorted(merged)])
        draft = Draft(tuple(sessions), "imported", None, {}, whole, (), tid)
        _publish(args, store, draft, reason=f"from {path.name}"[:200])
    finally:
        store.close()
    numbers = [s.session for s in sessions]
    print(f"{path.name}: session(s) {_runs(numbers)} imported{_replaced(plan, sessions)}")
    merged = {n: e.seating for n, e in plan.current.items()} | {s.session: s for s in sessions}
    print(_quality_line([merged[n] for n in sorted(merged)]))
    print("published: the tables get it at their next sync")
    return 0


def _read(args: argparse.Namespace) -> tuple[str, Plan]:
    from ..core.folder import tournament_name
    from ..core.seating import seating_plan

    store = open_store(args, read_only=True)
    try:
        tid = one_tournament(store, args.tournament)
        return tournament_name(store, tid), seating_plan(store, tid)
    finally:
        store.close()


def seats_words(seats: tuple[str, ...]) -> str:
    return ", ".join(f"{p} ({w})" for p, w in zip(seats, WINDS, strict=True))


def cmd_show(args: argparse.Namespace) -> int:
    name, plan = _read(args)
    sessions = plan.sessions
    if args.session is not None:
        if args.session not in plan.current:
            raise CliError(f"--session: session {args.session} has no seating (planned: {_planned(plan)})")
        sessions = [plan.current[args.session].seating]
    if args.json:
        print_json([{"session": s.session, "table": k, "seats": list(seats)} for s in sessions
                    for k, seats in enumerate(s.tables, 1)])  # fmt: skip
        return 0
    if plan.ignored:
        print(f"({plan.ignored} seating entr{'y' if plan.ignored == 1 else 'ies'} from devices not trusted as the head "
              "referee's ignored)", file=sys.stderr)  # fmt: skip
    if not sessions:
        print(f"{name}: no seating published yet (refapp seating make, next or import)")
        return 0
    for s in sessions:
        e = plan.current[s.session]
        how = {"made": f"made from seed {e.seed}", "standings": "by the standings", "imported": f"imported {e.reason}",
               "changed": "changed"}.get(e.how, e.how)  # fmt: skip
        print(f"{name}, session {s.session} ({how}, by {e.by}, {e.at}):")
        for k, seats in enumerate(s.tables, 1):
            print(f"  table {k}: {seats_words(seats)}")
    return 0


def _planned(plan: Plan) -> str:
    return _runs(sorted(plan.current)) if plan.current else "none"


def cmd_check(args: argparse.Namespace) -> int:
    from ..domain.seating import quality

    name, plan = _read(args)
    q = quality(plan.sessions)
    if args.json:
        print_json(
            {
                "tournament": name,
                "sessions": sorted(plan.current),
                "repeat_pairs": q.repeat_pairs,
                "max_same_wind": q.max_same_wind,
                "repeated": [{"players": [a, b], "meetings": n} for a, b, n in q.repeated],
                "winds": {p: dict(zip(WINDS, w, strict=True)) for p, w in q.winds.items()},
            }
        )
        return 0
    if not plan.current:
        print(f"{name}: no seating published yet (refapp seating make, next or import)")
        return 0
    print(f"{name}: sessions {_planned(plan)}, {len(q.winds)} players")
    print(f"pairs meeting more than once: {q.repeat_pairs}")
    for a, b, n in q.repeated:
        print(f"  {a} and {b}: {n} times")
    print(f"most times a player sits the same wind: {q.max_same_wind}")
    for p, w in q.winds.items():
        print(f"  {p}: " + ", ".join(f"{wind} {n}" for wind, n in zip(WINDS, w, strict=True)))
    return 0


def register(sub: Subparsers) -> None:
    sp = sub.add_parser(
        "seating",
        help="the seating plan: make, next by standings, import, show, check",
        description="The tournament's seating plan, published to the tables through the venue's sync. Publishing "
        "needs this device's referee PIN when it has one (asked for on the terminal, or --pin-stdin).",
    )
    ss = sp.add_subparsers(dest="seating_command", metavar="ACTION", required=True)

    def common(p: argparse.ArgumentParser, records: bool = True) -> None:
        p.add_argument("--tournament", metavar="NAME", help="tournament name or id (needed if there are several)")
        if records:
            p.add_argument("--by", metavar="NAME", help="who publishes it (default: the referee name in the settings)")
            p.add_argument("--pin-stdin", action="store_true", help="read the PIN from the first line of stdin")

    def keep(p: argparse.ArgumentParser) -> None:
        p.add_argument("--keep", action="append", metavar="NAME=TABLE",
                       help="keep a player at one table in every session (accessibility; repeat it; default: the "
                       "plan's; 'none': nobody)")  # fmt: skip

    m = ss.add_parser("make", help="make and publish a plan for S sessions", description="Make a plan for S "
                      "sessions (players kept from meeting twice as far as the numbers allow, winds balanced) and "
                      "publish it; the same seed makes the same plan.")  # fmt: skip
    common(m)
    m.add_argument("--sessions", required=True, type=whole_number(1, 100), metavar="S", help="number of sessions")
    m.add_argument("--seed", type=whole_number(0, 2**63 - 1), metavar="N", help="seed (default: a new one, printed)")
    keep(m)
    m.set_defaults(func=cmd_make)
    n = ss.add_parser("next", help="make and publish the next session by the standings",
                      description="The next session: players of similar totals together, avoiding pairs that met "
                      "already; winds balanced with the sessions before.")  # fmt: skip
    common(n)
    n.add_argument("--by-standings", action="store_true", help="players of similar totals together")
    keep(n)
    n.set_defaults(func=cmd_next)
    i = ss.add_parser("import", help="publish a prescripted seating (CSV)", description="Publish the seating of a "
                      "CSV file: session,table,east,south,west,north (the players of the tournament).")  # fmt: skip
    i.add_argument("file", metavar="FILE.csv", help="the seating file")
    common(i)
    i.set_defaults(func=cmd_import)
    sh = ss.add_parser("show", help="the plan, table by table", description="Show the published plan.")
    common(sh, records=False)
    sh.add_argument("--session", type=whole_number(1, 10_000), metavar="N", help="only this session")
    sh.add_argument("--json", action="store_true", help="as JSON: [{session, table, seats: [E, S, W, N]}]")
    sh.set_defaults(func=cmd_show)
    c = ss.add_parser("check", help="the plan's quality: pairs meeting twice, each player's winds",
                      description="Pairs meeting more than once and each player's winds.")  # fmt: skip
    common(c, records=False)
    c.add_argument("--json", action="store_true", help="as JSON")
    c.set_defaults(func=cmd_check)


__all__ = ["register", "seats_words"]
