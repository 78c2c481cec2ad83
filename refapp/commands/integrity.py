"""``refapp verify`` (read-only: exit 0 intact, 1 damaged) and ``refapp recover``: docs/store.md."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..core.errors import StoreError
from .common import EXIT_DAMAGED, CliError, catalog, data_folder

if TYPE_CHECKING:
    from .common import Subparsers


def register(sub: Subparsers) -> None:
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
        help="put back what the journal or a backup holds (the damaged files are kept aside); exit 1 when some "
        "events could not be put back (each is named)",
        description="Re-insert from this device's journal the events the database lacks, starting from the database "
        "when it is sound, else from the newest backup that passes every check, with every event the journal, the "
        "backups and the damaged database still hold as it was signed. Exit status 0: every event is back; 1: some "
        "could not be put back (each is named on its own line); 2: nothing to recover from.",
    )
    rc.add_argument("--from-backup", action="store_true", help="start from the newest good backup in any case")
    rc.set_defaults(func=cmd_recover)


def cmd_verify(args: argparse.Namespace) -> int:
    """Read-only: takes no lock, writes nothing (not even a checkpoint), on any schema version."""
    from ..core.integrity import verify_folder

    folder = data_folder(args, must_exist=False)  # (the store says when there is no database)
    try:
        checked = verify_folder(folder, lambda: catalog(args).rulesets, deep=args.deep)
    except StoreError as exc:
        raise CliError(str(exc).replace("No refapp database", "no refapp database")) from None
    report = checked.report
    if report is None:  # SQLite cannot read it at all
        print(f"damaged: {checked.unreadable}")
        return EXIT_DAMAGED
    print(report.message())
    if not report.ok:
        print("to recover what the journal or a backup still holds: refapp recover (the damaged files are kept aside)")
    return 0 if report.ok else EXIT_DAMAGED


def cmd_recover(args: argparse.Namespace) -> int:
    from ..core.integrity import put_back

    folder = data_folder(args, must_exist=False)
    try:
        report = put_back(folder, catalog(args).rulesets, from_backup=args.from_backup)
    except StoreError as exc:
        raise CliError(str(exc)) from None
    print(report.message())
    if not report.dropped:
        return 0
    print(f"not recovered ({len(report.dropped)}):")
    for item in report.dropped:
        print(f"  {item}")
    return EXIT_DAMAGED
