"""``refapp clock``: the session clock from the command line: set a session's start and length, give one table extra
time, set the tournament's ending rule at time-up, and show every table's clock.

``set``, ``extra`` and ``rule`` record entity events of this device's chain (:mod:`refapp.core.clock`), as the app's
clock page does; when the device has a referee PIN it is asked for on the terminal (or read from the standard input
with ``--pin-stdin``), with the app's lockout rules. ``show`` only reads (no lock). Times are this computer's local
time. Bad input is one line and exit status 2 (:mod:`refapp.cli`).
"""

from __future__ import annotations

import argparse
import sys
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.errors import StoreError
from ..core.files import data_dir
from .common import CliError, catalog, one_tournament, open_store, print_json, whole_number

if TYPE_CHECKING:
    from ..core.clock import ClockEntries, TableClock
    from ..core.types import Store, TableRef
    from ..domain.clock import ClockStatus
    from ..domain.rules import TimeLimit
    from .common import Subparsers


def _folder(args: argparse.Namespace) -> Path:
    return data_dir(getattr(args, "data_dir", None))


def _now() -> datetime:
    return datetime.now().astimezone()


def _local(text: str, option: str) -> datetime:
    """A time given on the command line: an ISO 8601 time (with or without its offset: then this computer's)."""
    try:
        value = datetime.fromisoformat(text)
    except ValueError:
        raise CliError(f"{option}: {text[:40]!r} is not a time (2026-11-22T14:00 or 2026-11-22T14:00+01:00)") from None
    return value if value.tzinfo is not None else value.astimezone()


def _start(args: argparse.Namespace) -> datetime:
    """``--start HH:MM`` on ``--date`` (default: today), in this computer's time."""
    text = args.start.strip()
    try:
        hours, minutes = (int(part) for part in text.split(":"))
        if not (0 <= hours <= 23 and 0 <= minutes <= 59):
            raise ValueError
    except ValueError:
        raise CliError(f"--start: {text[:40]!r} is not a time of day (HH:MM, e.g. 14:00)") from None
    day = _now().date()
    if args.date is not None:
        try:
            day = datetime.strptime(args.date, "%Y-%m-%d").date()
        except ValueError:
            raise CliError(f"--date: {args.date[:40]!r} is not a date (YYYY-MM-DD)") from None
    return datetime(day.year, day.month, day.day, hours, minutes).astimezone()


def referee_pin(args: argparse.Namespace, store: Store, what: str, needs: str = "the session clock") -> None:
    """The device's referee PIN, when it has one: asked for (or read from standard input), with the lockout
    (``needs``: what needs it, in the message when no PIN is given)."""
    from ..core.folder import referee_lock

    now = _now()
    lock = referee_lock(_folder(args), store, lambda: now)  # the app's lock: its failure count and lockout, saved
    if not lock.has_pin:
        return
    if lock.locked_seconds():
        raise CliError(f"{what}: too many wrong PINs: the PIN is locked for {lock.locked_seconds()} seconds")
    if args.pin_stdin:
        line = sys.stdin.readline(100)
    else:
        import getpass

        try:
            line = getpass.getpass("Referee PIN of this device: ")
        except (EOFError, KeyboardInterrupt):
            line = ""
    if not line.strip():
        raise CliError(f"{what}: no PIN given: this device has a referee PIN, and {needs} needs it")
    result = lock.check(line.strip())  # the failure count and lockout, as the app keeps them
    if result == "locked":
        raise CliError(f"{what}: too many wrong PINs: the PIN is locked for {lock.locked_seconds()} seconds")
    if result == "wrong":
        raise CliError(f"{what}: wrong referee PIN: nothing was recorded")


def _by(args: argparse.Namespace) -> str:
    from ..core.folder import referee

    if args.by is not None:
        return str(args.by)
    return referee(_folder(args))


def _clock_error(exc: Any) -> CliError:
    return CliError(f"--{exc.field}: {exc.message}")


def _table(store: Store, tournament_id: str, number: int) -> TableRef:
    from ..core.clock import table_numbered

    found = table_numbered(store, tournament_id, number)
    if found is None:
        numbers = ", ".join(str(t.number) for t in store.tables(tournament_id)) or "none yet"
        raise CliError(f"--table: no table {number} in this tournament (tables: {numbers})")
    return found


def cmd_set(args: argparse.Namespace) -> int:
    from ..core import clock

    start = _start(args)
    store = open_store(args)
    try:
        tid = one_tournament(store, args.tournament)
        referee_pin(args, store, "clock set")
        try:
            entry = clock.set_session(store, tid, args.session, start, args.minutes, _by(args))
        except clock.ClockError as exc:
            raise _clock_error(exc) from None
    finally:
        store.close()
    end = entry.clock.ends_at()
    print(
        f"session {entry.session}: {_hhmm(entry.start)} to {_hhmm(end)} ({entry.minutes} minutes, "
        f"{entry.start.astimezone():%Y-%m-%d}), set by {entry.by}"
    )
    return 0


def cmd_extra(args: argparse.Namespace) -> int:
    from ..core import clock

    store = open_store(args)
    try:
        tid = one_tournament(store, args.tournament)
        table = _table(store, tid, args.table)
        session = args.session
        if session is None:
            try:
                tc = clock.read_table_clock(store, table, catalog(args).rulesets)
            except StoreError as exc:
                raise CliError(str(exc)) from None
            session = tc.hands.session if tc.hands is not None else None
            if session is None:
                raise CliError(f"--session: table {table.number}'s hanchan has no session number: give --session")
        referee_pin(args, store, "clock extra")
        try:
            entry = clock.give_extra_time(store, table, session, args.minutes, args.reason, _by(args))
        except clock.ClockError as exc:
            raise _clock_error(exc) from None
        total = clock.clock_entries(store, tid).extra_minutes(table.table_id, session)
    finally:
        store.close()
    print(
        f"table {table.number}, session {session}: {entry.minutes:+d} min ({entry.reason}, {entry.by}); "
        f"extra time in all: {total} min"
    )
    return 0


def cmd_rule(args: argparse.Namespace) -> int:
    from ..core import clock
    from ..domain.rules import TimeLimit

    rule: TimeLimit | None
    if args.rule_set:
        rule = None
    elif args.hands_after is not None:
        rule = TimeLimit(after_time="finish_hand_plus", extra_hands=args.hands_after, last_hand_chombo=args.chombo)
    else:
        rule = TimeLimit(after_time="finish_hand", last_hand_chombo=args.chombo)
    store = open_store(args)
    try:
        tid = one_tournament(store, args.tournament)
        referee_pin(args, store, "clock rule")
        try:
            clock.set_ending_rule(store, tid, rule, args.reason or "", _by(args))
        except clock.ClockError as exc:
            raise _clock_error(exc) from None
    finally:
        store.close()
    print(f"ending rule at time-up: {rule_words(rule)}")
    return 0


# -- show -----------------------------------------------------------------------------------------------------


def _hhmm(value: datetime) -> str:
    return value.astimezone().strftime("%H:%M")


def left_words(seconds: int) -> str:
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def rule_words(rule: TimeLimit | None) -> str:
    if rule is None:
        return "each hanchan's rule set's"
    hands = "the hand in play is the last"
    if rule.after_time == "finish_hand_plus":
        more = "1 more hand" if rule.extra_hands == 1 else f"{rule.extra_hands} more hands"
        hands = f"the hand in play is finished, then {more}"
    chombo = "ends the hanchan" if rule.last_hand_chombo == "ends" else "is re-dealt"
    return f"{hands}; a chombo in the last hand {chombo}"


def status_words(status: ClockStatus) -> str:
    from ..domain.clock import Phase

    extra = f" (+{status.extra_minutes} min)" if status.extra_minutes else ""
    if status.phase is Phase.RUNNING:
        return f"{left_words(status.remaining)} left, until {_hhmm(status.ends_at)}{extra}"
    if status.phase is Phase.TIME_UP:
        if status.hands_left == 0:
            return f"time is up{extra}: this hand is the last"
        more = "1 more hand" if status.hands_left == 1 else f"{status.hands_left} more hands"
        return f"time is up{extra}: {more} after this one"
    if status.phase is Phase.END_DUE:
        return f"time is up{extra}: the last hand allowed has been played; the hanchan ends"
    return "hanchan over"


def _table_json(tc: TableClock, now: datetime) -> dict[str, Any]:
    status = tc.status(now)
    out: dict[str, Any] = {"table": tc.table.number}
    if tc.hands is not None:
        out |= {"hanchan": tc.hands.hanchan, "session": tc.hands.session, "ruleset": tc.hands.ruleset.id}
        out |= {"over": tc.hands.over}
    out["extra"] = [{"minutes": e.minutes, "reason": e.reason, "by": e.by, "at": e.at} for e in tc.extras]
    out["extra_minutes"] = tc.extra_minutes
    rule = tc.rule.model_dump(mode="json")
    if tc.rule_by_organiser is not None:
        rule |= {"from": "organiser", "reason": tc.rule_by_organiser.reason, "by": tc.rule_by_organiser.by}
    elif tc.ruleset is not None:
        key = "time_limit.after_time"
        rule |= {"from": tc.ruleset.id, "status": tc.ruleset.status_for(key), "note": tc.ruleset.note_for(key)}
    out["rule"] = rule
    if status is not None:
        out |= {"ends_at": status.ends_at.isoformat(timespec="seconds"), "remaining_seconds": status.remaining}
        out |= {"phase": status.phase.value, "hands_left": status.hands_left, "says": status_words(status)}
    return out


def _table_line(tc: TableClock, now: datetime) -> str:
    head = f"table {tc.table.number}: "
    if tc.hands is None:
        return head + "no hanchan started"
    where = f"hanchan {tc.hands.hanchan}"
    where += f", session {tc.hands.session}" if tc.hands.session is not None else " (no session number)"
    where += f" ({tc.hands.ruleset.name})"
    status = tc.status(now)
    if tc.hands.over:
        said = "hanchan over" + (f" ({tc.hands.end_reason})" if tc.hands.end_reason else "")
    elif status is None:
        said = "no clock set for its session"
    else:
        said = status_words(status)
    extras = "".join(f"\n    +{e.minutes} min: {e.reason} ({e.by}, {e.at})" if e.minutes > 0 else
                     f"\n    {e.minutes} min: {e.reason} ({e.by}, {e.at})" for e in tc.extras)  # fmt: skip
    return head + f"{where}: {said}{extras}"


def _sessions(entries: ClockEntries) -> list[dict[str, Any]]:
    return [
        {
            "session": n,
            "start": e.start.isoformat(timespec="seconds"),
            "minutes": e.minutes,
            "ends_at": e.clock.ends_at().isoformat(timespec="seconds"),
            "by": e.by,
        }
        for n, e in sorted(entries.sessions.items())
    ]


def cmd_show(args: argparse.Namespace) -> int:
    from ..core import clock
    from ..core.folder import tournament_name

    now = _local(args.at, "--at") if args.at is not None else _now()
    store = open_store(args, read_only=True)
    try:
        tid = one_tournament(store, args.tournament)
        name = tournament_name(store, tid)
        rulesets = catalog(args).rulesets
        entries = clock.clock_entries(store, tid)
        try:
            tables = [clock.read_table_clock(store, t, rulesets) for t in store.tables(tid)]
        except StoreError as exc:
            raise CliError(str(exc)) from None
    finally:
        store.close()
    if args.json:
        organiser = None
        if entries.rule is not None:
            organiser = {"rule": entries.override.model_dump(mode="json") if entries.override else None,
                         "reason": entries.rule.reason, "by": entries.rule.by, "at": entries.rule.at}  # fmt: skip
        print_json(
            {
                "tournament": name,
                "tournament_id": tid,
                "at": now.isoformat(timespec="seconds"),
                "sessions": _sessions(entries),
                "ending_rule": organiser,
                "tables": [_table_json(tc, now) for tc in tables],
            }
        )
        return 0
    print(f"{name}, at {_hhmm(now)} ({now:%Y-%m-%d}, this computer's time)")
    for s in _sessions(entries):
        start, end = datetime.fromisoformat(s["start"]), datetime.fromisoformat(s["ends_at"])
        print(f"session {s['session']}: {_hhmm(start)} to {_hhmm(end)}, {s['minutes']} minutes (set by {s['by']})")
    if not entries.sessions:
        print("no session clock set (refapp clock set)")
    if entries.rule is not None and entries.override is not None:
        why = f": {entries.rule.reason}" if entries.rule.reason else ""
        print(f"ending rule (the organiser's, {entries.rule.by}{why}): {rule_words(entries.override)}")
    else:
        rulesets_used = sorted({tc.ruleset.id for tc in tables if tc.ruleset is not None})
        print(f"ending rule: each hanchan's rule set's ({', '.join(rulesets_used) or 'no hanchan yet'})")
    for tc in tables:
        print(_table_line(tc, now))
    return 0


def _minutes_arg(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of minutes, got {text[:40]!r}") from None
    return value


def register(sub: Subparsers) -> None:
    cp = sub.add_parser(
        "clock",
        help="the session clock: set a session, give a table extra time, the ending rule, show the clocks",
        description="The session clock. Times are this computer's local time. Recording needs this device's "
        "referee PIN when it has one (asked for on the terminal, or --pin-stdin).",
    )
    cs = cp.add_subparsers(dest="clock_command", metavar="ACTION")

    def common(p: argparse.ArgumentParser, records: bool = True) -> None:
        p.add_argument("--tournament", metavar="T", help="tournament name or id (needed if there are several)")
        if records:
            p.add_argument("--by", metavar="NAME", help="who records it (default: the referee name in the settings)")
            p.add_argument("--pin-stdin", action="store_true", help="read the PIN from the first line of stdin")

    s = cs.add_parser("set", help="set a session's start and length", description="Set when a session starts and "
                      "how long it lasts (a later set of the same session replaces it).")  # fmt: skip
    common(s)
    s.add_argument("--session", required=True, type=whole_number(1, 10_000), metavar="N", help="session number")
    s.add_argument("--start", required=True, metavar="HH:MM", help="start time (this computer's local time)")
    s.add_argument("--date", metavar="YYYY-MM-DD", help="the day (default: today)")
    s.add_argument("--minutes", required=True, type=whole_number(1, 720), metavar="M", help="length in minutes")
    s.set_defaults(func=cmd_set)

    x = cs.add_parser("extra", help="give one table extra time", description="Give one table extra time in a "
                      "session (after a long ruling); a negative number takes back time given by mistake.")  # fmt: skip
    common(x)
    x.add_argument("--table", required=True, type=whole_number(0, 100_000), metavar="N", help="table number")
    x.add_argument("--session", type=whole_number(1, 10_000), metavar="N",
                   help="session number (default: the session of the table's current hanchan)")  # fmt: skip
    x.add_argument("--minutes", required=True, type=_minutes_arg, metavar="M", help="minutes (1 to 180, or -M)")
    x.add_argument("--reason", required=True, metavar="TEXT", help="why (shown on the table's clock)")
    x.set_defaults(func=cmd_extra)

    r = cs.add_parser("rule", help="the tournament's ending rule at time-up", description="Set what happens at "
                      "time-up for the whole tournament, where the rule set has no source or the tournament's "
                      "regulations say otherwise; --rule-set gives each hanchan's rule set its say again.")  # fmt: skip
    common(r)
    which = r.add_mutually_exclusive_group(required=True)
    which.add_argument("--finish-hand", action="store_true", help="the hand in play at time-up is the last")
    which.add_argument("--hands-after", type=whole_number(1, 8), metavar="N",
                       help="the hand in play is finished, then N more hands")  # fmt: skip
    which.add_argument("--rule-set", action="store_true", help="back to each hanchan's rule set")
    r.add_argument("--chombo", choices=("ends", "redeal"), default="ends",
                   help="a chombo in the last hand ends the hanchan (default) or is re-dealt")  # fmt: skip
    r.add_argument("--reason", metavar="TEXT", help="why (e.g. the tournament's regulations)")
    r.set_defaults(func=cmd_rule)

    sh = cs.add_parser("show", help="every table's clock", description="Show the sessions, the ending rule and "
                       "every table's clock: time left, or what time-up means now.")  # fmt: skip
    common(sh, records=False)
    sh.add_argument("--json", action="store_true", help="as JSON")
    sh.add_argument("--at", metavar="TIME", help="show the clocks as at this time (ISO 8601; default: now)")
    sh.set_defaults(func=cmd_show)
    cp.set_defaults(func=cmd_show, tournament=None, json=False, at=None)
