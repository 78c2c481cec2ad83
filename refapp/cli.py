"""Command line: ``refapp`` starts the GUI; sub-commands work headless.

Bad input ends with exit status 2 and one line on stderr naming what is wrong (file, event, field); never a
traceback. ``refapp verify`` exits with 0 when the database and every hash chain are intact, 1 when damaged.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .cli_io import OneLineParser

EXIT_BAD_INPUT = 2
EXIT_DAMAGED = 1  # `refapp verify`: the database or a hash chain is damaged


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
    """The JSON document of a file given on the command line (``-``: standard input), read with the limits of
    :mod:`refapp.store.safejson` (size, nesting, huge integers, NaN, lone surrogates): bad input is one line."""
    from .store.safejson import JsonInputError, read_json

    try:
        return read_json(path)
    except JsonInputError as exc:
        raise CliError(str(exc)) from None


def cmd_replay(args: argparse.Namespace) -> int:
    import gc

    from .domain.events import LogError, parse_log
    from .domain.ledger import replay, state_to_json

    gc.disable()  # a one-shot command over possibly 100,000 events: no cycles to collect before it exits

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
    from .domain.rules import RuleSetError
    from .store.paths import data_dir
    from .store.rulesets import check_file, parameters

    if args.check:
        try:
            rs, _ = check_file(Path(args.check), data_dir(getattr(args, "data_dir", None)) / "rulesets")
        except RuleSetError as exc:
            raise CliError(str(exc)) from None
        print(f"{args.check}: ok: {rs.id} ({rs.name}, version {rs.version})")
        return 0
    cat = _catalog(args)
    if args.action == "show":
        if not args.ruleset_id or args.ruleset_id not in cat.rulesets:
            known = ", ".join(sorted(cat.rulesets))
            raise CliError(f"rulesets show: unknown rule set {args.ruleset_id!r} (known: {known})")
        rs = cat.rulesets[args.ruleset_id]
        params = parameters(cat, rs.id)
        if args.json:
            _print_json(_ruleset_row(cat, rs.id, params))
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
        _print_json([_ruleset_row(cat, rid, parameters(cat, rid)) for rid in cat.rulesets])
        return 0
    rows = [(rs.id, rs.name, rs.version) for rs in cat.rulesets.values()]
    width = max(len(r[0]) for r in rows)
    for rid, name, version in rows:
        print(f"{rid:<{width}}  {name} ({version})")
    return 0


def _ruleset_row(cat, rid: str, params: list[dict[str, Any]]) -> dict[str, Any]:
    rs = cat.rulesets[rid]
    return {
        "id": rs.id,
        "name": rs.name,
        "version": rs.version,
        "origin": cat.origins[rid],
        "extends": cat.parents.get(rid),
        "parameters": params,
    }


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
                "status": off.status,
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
            print(f"  {r['id']}: {r['name']}{cite}" + _status_words(off.status).replace(" [", "  [", 1))
            for rule in off.rules:
                print(f"      {_describe_rule(rule)}" + (_status_words(rule.status) if rule.status else ""))
            if off.note:
                print(f"      note: {off.note}")
    return 0


def _open_store(args: argparse.Namespace, *, must_exist: bool = True, read_only: bool = False):
    """The data folder's store: read-only (no lock, nothing written) for the commands that only read."""
    from .store.db import DB_NAME, Store, StoreError
    from .store.paths import data_dir

    folder = data_dir(getattr(args, "data_dir", None))
    if must_exist and not (folder / DB_NAME).exists():
        raise CliError(f"no refapp database in {folder} (nothing recorded there yet; see --data-dir)")
    try:
        store = Store.open(folder, read_only=read_only)
    except StoreError as exc:
        raise CliError(str(exc)) from None
    for warning in store.warnings:
        print(f"refapp: warning: {warning}", file=sys.stderr)
    return store


def _tournament_ids(store, ref: str) -> list[str]:
    from .store.history import tournament_ids

    ids = tournament_ids(store, ref)
    if not ids:
        known = ", ".join(repr(t["name"]) for t in store.tournaments()) or "none yet"
        raise CliError(f"--tournament: no tournament with id or name {ref!r} (known: {known})")
    return ids


def _one_tournament(store, ref: str | None) -> str:
    """The id of the tournament named by ``ref``, or of the only tournament when ``ref`` is None."""
    if ref is None:
        all_ = store.tournaments()
        if len(all_) == 1:
            return all_[0]["id"]
        known = ", ".join(repr(t["name"]) for t in all_) or "none yet"
        raise CliError(f"--tournament is needed: which tournament? (known: {known})")
    ids = _tournament_ids(store, ref)
    if len(ids) > 1:
        raise CliError(
            f"--tournament: {len(ids)} tournaments are named {ref!r}: give the id instead ({', '.join(ids)})"
        )
    return ids[0]


def _history_line(row: dict[str, Any]) -> list[str]:
    from .domain.stored import RulingKind
    from .store.history import stored_effect

    stored = stored_effect(row).ruling
    if row["type"] == "incident":
        what = row["offence"] or ""
        ruling = stored.kind_text.replace("_", " ") if stored else ""
        if stored and stored.warning_number:
            number = f"#{stored.warning_number}"
            ruling += f" {number}" if stored.kind is RulingKind.WARNING else f" (warning {number})"
        if stored and stored.amount:
            ruling += f" {stored.amount:,}"
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
    from .store.safejson import one_line

    return [one_line(c) for c in cells]  # an escape sequence typed or imported in a name never reaches the terminal


def cmd_history(args: argparse.Namespace) -> int:
    from .domain.offences import OFFENCES
    from .store import history

    if args.offence is not None and args.offence not in OFFENCES:
        raise CliError(f"--offence: unknown offence id {args.offence!r} (see `refapp offences RULESET`)")
    store = _open_store(args, read_only=True)
    try:
        tournaments = _tournament_ids(store, args.tournament) if args.tournament is not None else None
        if args.table is not None and not history.table_ids(store, args.table, tournaments):
            where = f" in {args.tournament!r}" if args.tournament else ""
            raise CliError(f"--table: no table {args.table!r}{where}")
        try:
            rows = history.query(
                store,
                tournament=args.tournament,
                table=args.table,
                player=args.player,
                offence=args.offence,
                ruleset=args.ruleset,
                since=args.since,
                until=args.until,
                text=args.text,
                types=None if args.all_types else history.DEFAULT_TYPES,
                include_voided=args.include_voided,
                limit=args.limit,
                offset=args.offset,
            )
        except history.HistoryError as exc:
            raise CliError(f"--{exc}") from None
        counts: dict[str, dict[str, int]] = {}
        if args.player is not None:
            for t in store.tournaments():
                if tournaments is not None and t["id"] not in tournaments:
                    continue
                c = history.player_counts(store, t["id"], args.player)
                if c["incidents"] or tournaments is not None:
                    counts[t["name"]] = c
    finally:
        store.close()
    if args.json:
        out: dict[str, Any] = {"events": rows}
        if args.player is not None:
            out["counts"] = counts
        json.dump(out, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    if rows:
        head = [
            "ID",
            "TIME",
            "TOURNAMENT",
            "TABLE",
            "HANCHAN",
            "HAND",
            "PLAYER",
            "OFFENCE",
            "RULING",
            "REFEREE",
            "NOTE",
            "",
        ]
        lines = [head] + [_history_line(r) for r in rows]
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
            print(f"{args.player} in {name}: {history.describe_counts(c)}")
    return 0


def _write_output(path: str, write, data_folder: Path | None = None) -> Path | None:
    """Write with ``write(fh)`` to stdout (``-``) or to the regular file ``path`` (through a symlink, with the
    user's umask, by a temporary file renamed over it, never inside the data folder: see
    :mod:`refapp.store.outfile`)."""
    from .store.outfile import OutputError, write_file

    if path in ("-", "/dev/stdout"):
        write(sys.stdout)
        return None
    try:
        encoding = "utf-8-sig" if path.lower().endswith(".csv") else "utf-8"
        return write_file(path, write, encoding=encoding, protect=data_folder)
    except OutputError as exc:
        raise CliError(str(exc)) from None


def cmd_export(args: argparse.Namespace) -> int:
    from .store import bundle, exports
    from .store.db import DamagedDatabase, StoreError

    store = _open_store(args, read_only=True)
    try:
        summary = ""
        if args.format == "bundle":
            tid = _one_tournament(store, args.tournament) if args.tournament is not None else None
            try:
                data = bundle.export_bundle(store, tid)
            except DamagedDatabase:
                raise  # said in one line with exit status 1, like verify
            except StoreError as exc:
                raise CliError(str(exc)) from None
            written = _write_output(args.output, lambda fh: fh.write(bundle.dumps(data) + "\n"), store.path.parent)
            devices = len({e["device_id"] for e in data["events"]})
            summary = f"{len(data['events'])} events from {devices} device(s)"
        elif args.format == "csv":
            if args.tournament is not None:
                _tournament_ids(store, args.tournament)
            n = [0]

            def write_csv(fh):
                n[0] = exports.export_incidents_csv(store, fh, tournament=args.tournament)

            written = _write_output(args.output, write_csv, store.path.parent)
            summary = f"{n[0]} incident(s)"
        else:
            tid = _one_tournament(store, args.tournament)
            rulesets = _catalog(args).rulesets
            n = [0]

            def write_results(fh):
                n[0] = exports.export_results_csv(store, tid, fh, rulesets=rulesets)

            try:
                written = _write_output(args.output, write_results, store.path.parent)
            except DamagedDatabase:
                raise  # said in one line with exit status 1, like verify
            except StoreError as exc:
                raise CliError(str(exc)) from None
            summary = f"{n[0]} result row(s)"
    finally:
        store.close()
    if args.output != "-":
        link = f" (through the link to {written})" if written is not None and written != Path(args.output) else ""
        print(f"wrote {args.output}{link}: {summary}")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from .store.bundle import TABLES, BundleError, import_bundle
    from .store.db import StoreError

    data = _read_json(args.file)
    rulesets = _catalog(args).rulesets
    store = _open_store(args, must_exist=False)
    try:
        added = import_bundle(store, data, rulesets=rulesets, accept_devices=args.accept_new_device or ())
    except BundleError as exc:
        raise CliError(f"{args.file}: {exc}") from None
    except StoreError as exc:
        raise CliError(f"{args.file}: {exc}") from None
    finally:
        store.close()
    if not any(added.values()):
        print(f"{args.file}: nothing new, everything in it was already stored")
    else:
        print(f"{args.file}: added " + ", ".join(f"{added[t]} {t.replace('_', ' ')}" for t in TABLES))
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    """Read-only: takes no lock, writes nothing (not even a checkpoint), on any schema version."""
    from .store.db import DamagedDatabase, Store, StoreError
    from .store.paths import data_dir

    folder = data_dir(args.data_dir)
    try:
        store = Store.open(folder, read_only=True)
    except DamagedDatabase as exc:
        print(f"damaged: {exc}")
        return EXIT_DAMAGED
    except StoreError as exc:
        raise CliError(str(exc).replace("No refapp database", "no refapp database")) from None
    try:
        report = store.verify(_catalog(args).rulesets, deep=args.deep)
    finally:
        store.close()
    print(report.message())
    if not report.ok:
        print("to recover what the journal or a backup still holds: refapp recover (the damaged files are kept aside)")
    return 0 if report.ok else EXIT_DAMAGED


def cmd_recover(args: argparse.Namespace) -> int:
    from .store.backup import recover, restore
    from .store.db import StoreError
    from .store.paths import data_dir

    folder = data_dir(args.data_dir)
    try:
        report = (restore if args.from_backup else recover)(folder, _catalog(args).rulesets)
    except StoreError as exc:
        raise CliError(str(exc)) from None
    print(report.message())
    return 0


def _print_json(data: Any) -> None:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def _hand_ruleset(args: argparse.Namespace):
    """The rule set named by ``--ruleset``, or None."""
    if getattr(args, "ruleset", None) is None:
        return None
    cat = _catalog(args)
    rs = cat.rulesets.get(args.ruleset)
    if rs is None:
        raise CliError(f"--ruleset: unknown rule set {args.ruleset!r} (known: {', '.join(sorted(cat.rulesets))})")
    return rs


def cmd_hand_waits(args: argparse.Namespace) -> int:
    from .domain.hands import HandError, waits

    try:
        result = waits(args.tiles, args.meld, args.kan, red_fives=args.red_fives)
    except HandError as exc:
        raise CliError(str(exc)) from None
    if args.json:
        _print_json(result.to_json())
    else:
        print(result.message)
    return 0


def cmd_hand_kan(args: argparse.Namespace) -> int:
    from .domain.hands import HandError, kan_after_riichi, kan_rule

    rs = _hand_ruleset(args)
    rule = args.rule or (kan_rule(rs) if rs is not None else "strict")
    red_fives = args.red_fives or (rs is not None and rs.scoring.red_fives)
    try:
        result = kan_after_riichi(
            args.riichi_hand, args.drawn, args.kan, args.earlier_kan, rule=rule, red_fives=red_fives
        )
    except HandError as exc:
        raise CliError(str(exc)) from None
    if args.json:
        _print_json(result.to_json())
        return 0
    print(result.message)
    where = f" (rule set {rs.id})" if rs is not None and not args.rule else ""
    print(f"rule: {rule}{where}; waits of the riichi hand: {' '.join(result.waits_before) or 'none'}")
    return 0


def cmd_hand_win(args: argparse.Namespace) -> int:
    from .domain.hands import HandError, WinOptions, check_win, win_options

    rs = _hand_ruleset(args)
    options = win_options(rs) if rs is not None else WinOptions()
    try:
        result = check_win(
            args.tiles,
            args.win_tile,
            args.meld,
            args.kan,
            tsumo=args.tsumo,
            riichi=args.riichi,
            double_riichi=args.double_riichi,
            ippatsu=args.ippatsu,
            last_tile=args.last_tile,
            rinshan=args.rinshan,
            chankan=args.chankan,
            seat_wind=args.seat_wind,
            round_wind=args.round_wind,
            counters=args.counters,
            dora=args.dora or "",
            ura_dora=args.ura_dora or "",
            options=options,
        )
    except HandError as exc:
        raise CliError(str(exc)) from None
    if args.json:
        out = result.to_json()
        out["ruleset"] = rs.id if rs is not None else None
        _print_json(out)
        return 0
    print(result.message)
    for note in result.notes:
        print(f"note: {note}")
    return 0


def _whole_number(minimum: int, maximum: int = 10**9):
    """An argparse type: a whole number from ``minimum`` to ``maximum``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            shown = text if len(text) <= 40 else text[:40] + "..."
            raise argparse.ArgumentTypeError(f"expected a whole number, got {shown!r}") from None
        if not minimum <= value <= maximum:
            raise argparse.ArgumentTypeError(f"expected {minimum} to {maximum:,}, got {text[:40]}")
        return value

    return parse


_positive = _whole_number(1)
_not_negative = _whole_number(0)
_counters = _whole_number(0, 100)


def build_parser() -> argparse.ArgumentParser:
    from . import __version__

    p = OneLineParser(prog="refapp", description="Riichi mahjong referee tool and table ledger.")
    p.add_argument("--version", action="version", version=f"refapp {__version__}")
    p.add_argument("--data-dir", help="data folder (default: $REFAPP_DATA_DIR or the platform's user data folder)")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    r = sub.add_parser("replay", help="replay a table log and print the final state as JSON")
    r.add_argument("log", help="table log file (JSON), or - for stdin")
    r.set_defaults(func=cmd_replay)

    s = sub.add_parser("schema", help="print a JSON Schema")
    s.add_argument("what", choices=["table-log"])
    s.set_defaults(func=cmd_schema)

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

    h = sub.add_parser("history", help="the incident history of this device, newest first")
    h.add_argument("--tournament", metavar="T", help="tournament name or id")
    h.add_argument("--table", metavar="N", help="table number (or id)")
    h.add_argument("--player", metavar="P", help="player name as seated; also prints the player's counts")
    h.add_argument("--offence", metavar="O", help="offence id (see `refapp offences RULESET`)")
    h.add_argument("--ruleset", metavar="R", help="rule-set id")
    h.add_argument("--since", metavar="D", help="from this date or time (YYYY-MM-DD[THH:MM[:SS]], as recorded)")
    h.add_argument("--until", metavar="D", help="up to this date or time, inclusive (a date: the whole day)")
    h.add_argument("--text", metavar="S", help="text in the referee's note (case-insensitive)")
    h.add_argument("--all-types", action="store_true", help="every event, not only incidents")
    h.add_argument("--include-voided", action="store_true", help="also voided events (marked VOIDED)")
    h.add_argument("--limit", type=_positive, default=50, metavar="N", help="at most N rows (default 50)")
    h.add_argument("--offset", type=_not_negative, default=0, metavar="N", help="skip the N newest rows")
    h.add_argument("--json", action="store_true", help="machine-readable output")
    h.set_defaults(func=cmd_history)

    x = sub.add_parser("export", help="export a bundle (JSON, for another device), incidents or results (CSV)")
    x.add_argument(
        "--format",
        choices=["bundle", "csv", "results"],
        default="bundle",
        help="bundle: everything, lossless (default); csv: one row per incident; results: EMA-style results",
    )
    x.add_argument("--tournament", metavar="T", help="tournament name or id (results: needed if there are several)")
    x.add_argument("-o", "--output", required=True, metavar="FILE", help="output file, or - for stdout")
    x.set_defaults(func=cmd_export)

    from .cli_standings import add_parser as add_standings

    add_standings(sub)

    i = sub.add_parser("import", help="merge a bundle exported by another device (all or nothing)")
    i.add_argument("file", metavar="FILE", help="bundle file (JSON), or - for stdin")
    i.add_argument(
        "--accept-new-device",
        action="append",
        metavar="DEVICE_ID",
        help="take events of this device although this store has never seen it (repeatable)",
    )
    i.set_defaults(func=cmd_import)

    v = sub.add_parser(
        "verify",
        help="check that nothing stored was changed, and every device's signature (exit 0: ok, 1: damaged)",
        description="Check the database file, every stored row against this device's signed digest of them, every "
        "device's signed head, the tournaments, tables and players against their events, and the newest events "
        "against the journal and the newest backup; when anything is wrong, every hash chain, every table's order and "
        "every derived column too, to name it. Read-only. Exit status 0: intact; 1: damaged (every problem is named); "
        "2: no database or bad input.",
    )
    v.add_argument(
        "--deep",
        action="store_true",
        help="also recompute every hash chain and replay every table to derive every column again (slower)",
    )
    v.set_defaults(func=cmd_verify)

    rc = sub.add_parser(
        "recover",
        help="put back what the journal or a backup holds (the damaged files are kept aside)",
        description="Re-insert from this device's journal the events the database lacks, starting from the database "
        "when it is sound, else from the newest backup that passes every check. Names what no copy holds.",
    )
    rc.add_argument("--from-backup", action="store_true", help="start from the newest good backup in any case")
    rc.set_defaults(func=cmd_recover)

    hd = sub.add_parser(
        "hand",
        help="check a hand: waits (noten riichi), a kan after riichi, a declared win",
        description="Hand checks. Tiles are digits and a suit: 123m456p789s11z (z or h = honours 1-7: E S W N, "
        "white, green, red; 0m/0p/0s = red five where red fives are used). A meld is KIND:TILES with KIND chi, pon "
        "or kan (open), e.g. pon:555p; a concealed kan is its tiles, 1111m (or 1m).",
    )
    hsub = hd.add_subparsers(dest="hand_command", metavar="CHECK", required=True)

    hw = hsub.add_parser("waits", help="waits and tenpai of a waiting hand (13 tiles, melds counting 3)")
    hw.add_argument("tiles", metavar="TILES", help="the concealed tiles, e.g. 123m456p789s1122z")
    hw.add_argument("--meld", action="append", default=[], metavar="KIND:TILES", help="a called set (repeatable)")
    hw.add_argument("--kan", action="append", default=[], metavar="TILES", help="a concealed kan (repeatable)")
    hw.add_argument("--red-fives", action="store_true", help="accept 0m/0p/0s (red fives)")
    hw.add_argument("--json", action="store_true", help="machine-readable output")
    hw.set_defaults(func=cmd_hand_waits)

    hk = hsub.add_parser(
        "kan",
        help="may a riichi player declare this concealed kan?",
        description="Concealed kan after riichi. Rule 'waits': the waits stay the same and the kan tile is not a "
        "wait. Rule 'strict' (EMA, WRC): also, the three tiles can only be read as a pung. Without --rule, the rule "
        "of --ruleset, else strict.",
    )
    hk.add_argument("--riichi-hand", required=True, metavar="TILES", help="the riichi hand, before the draw")
    hk.add_argument("--drawn", required=True, metavar="T", help="the tile just drawn")
    hk.add_argument("--kan", required=True, metavar="T", help="the tile to kong")
    hk.add_argument("--earlier-kan", action="append", default=[], metavar="TILES", help="a concealed kan already made")
    hk.add_argument("--rule", choices=["waits", "strict"], help="kan rule (default: the rule set's, else strict)")
    hk.add_argument("--ruleset", metavar="ID", help="rule-set id: picks the kan rule and red fives")
    hk.add_argument("--red-fives", action="store_true", help="accept 0m/0p/0s (red fives)")
    hk.add_argument("--json", action="store_true", help="machine-readable output")
    hk.set_defaults(func=cmd_hand_kan)

    hn = hsub.add_parser(
        "win",
        help="is a declared win valid? (shape, yaku, riichi, two yaku at five counters; value)",
        description="Check a declared win. TILES are the concealed tiles including the winning tile. Furiten, a "
        "fifth tile, dead hands and whether the tile could be claimed are not checked.",
    )
    hn.add_argument("tiles", metavar="TILES", help="concealed tiles including the winning tile")
    hn.add_argument("--win-tile", required=True, metavar="T", help="the winning tile (one of TILES)")
    hn.add_argument("--meld", action="append", default=[], metavar="KIND:TILES", help="a called set (repeatable)")
    hn.add_argument("--kan", action="append", default=[], metavar="TILES", help="a concealed kan (repeatable)")
    hn.add_argument("--tsumo", action="store_true", help="won by self-draw (default: ron)")
    hn.add_argument("--riichi", action="store_true", help="the winner declared riichi")
    hn.add_argument("--double-riichi", action="store_true", help="the winner declared double riichi")
    hn.add_argument("--ippatsu", action="store_true", help="won within one turn of riichi")
    hn.add_argument("--last-tile", action="store_true", help="won on the last tile (haitei / houtei)")
    hn.add_argument("--rinshan", action="store_true", help="won on the replacement tile after a kan")
    hn.add_argument("--chankan", action="store_true", help="won by robbing a kan")
    hn.add_argument("--seat-wind", required=True, metavar="W", help="the winner's seat wind: E, S, W or N")
    hn.add_argument("--round-wind", required=True, metavar="W", help="the round wind: E, S, W or N")
    hn.add_argument("--counters", type=_counters, default=0, metavar="N", help="counters (honba) on the table")
    hn.add_argument("--dora", metavar="TILES", help="dora indicators, e.g. 3m7z")
    hn.add_argument("--ura-dora", metavar="TILES", help="ura-dora indicators (riichi only)")
    hn.add_argument(
        "--ruleset", metavar="ID", help="rule-set id: open tanyao, red fives, kiriage, limits, two yaku at 5 counters"
    )
    hn.add_argument("--json", action="store_true", help="machine-readable output")
    hn.set_defaults(func=cmd_hand_win)

    from .cli_reports import add_parsers as report_parsers
    from .cli_venue import add_parsers as venue_parsers

    venue_parsers(sub)
    report_parsers(sub)

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
    from .cli_io import GuardedStdout, StdoutError, not_text_argument, silence_stdout

    real_stdout = sys.stdout
    try:
        if real_stdout is None:
            raise CliError("standard output is closed: refapp prints its results there (run it with an output)")
        sys.stdout = GuardedStdout(real_stdout)
        problem = not_text_argument(args)
        if problem:
            raise CliError(problem)
        code = args.func(args)
        sys.stdout.flush()
        return code
    except (CliError, StdoutError) as exc:
        from .store.safejson import one_line

        if isinstance(exc, StdoutError):
            silence_stdout(real_stdout)
        print(f"refapp: {one_line(exc)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        silence_stdout(real_stdout)  # the reader went away (`| head`): no second error when Python flushes at exit
        return 0
    except Exception as exc:  # a damaged store met while reading: one line, never a traceback
        from .store.db import DamagedDatabase, StoreError

        if not isinstance(exc, StoreError):
            raise
        from .store.safejson import one_line

        print(f"refapp: {one_line(exc)}", file=sys.stderr)
        return EXIT_DAMAGED if isinstance(exc, DamagedDatabase) else EXIT_BAD_INPUT
    finally:
        sys.stdout = real_stdout
