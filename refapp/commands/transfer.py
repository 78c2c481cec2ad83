"""``refapp export`` (a bundle, the incidents as CSV, the results as CSV) and ``refapp import`` (a bundle from
another device): docs/bundle.md."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING

from ..core.errors import BundleError, DamagedDatabase, StoreError
from ..core.outfiles import SEPARATORS, OutputError, write_file
from .common import CliError, catalog, one_tournament, open_store, read_json, tournament_ids

if TYPE_CHECKING:
    from .common import Subparsers


def register(sub: Subparsers) -> None:
    x = sub.add_parser("export", help="export a bundle (JSON, for another device), incidents or results (CSV)")
    x.add_argument(
        "--format",
        choices=["bundle", "csv", "results"],
        default="bundle",
        help="bundle: everything, lossless (default); csv: one row per incident; results: EMA-style results",
    )
    x.add_argument("--tournament", metavar="T", help="tournament name or id (results: needed if there are several)")
    x.add_argument(
        "--separator",
        choices=["comma", "semicolon", "tab"],
        default="comma",
        help="csv, results: the cell separator (semicolon: what a French spreadsheet reads in columns; default comma)",
    )
    x.add_argument("-o", "--output", required=True, metavar="FILE", help="output file, or - for stdout")
    x.set_defaults(func=cmd_export)

    i = sub.add_parser("import", help="merge a bundle exported by another device (all or nothing)")
    i.add_argument("file", metavar="FILE", help="bundle file (JSON), or - for stdin")
    i.add_argument(
        "--accept-new-device",
        action="append",
        metavar="DEVICE_ID",
        help="take events of this device although this store has never seen it (repeatable)",
    )
    i.set_defaults(func=cmd_import)


def _write_output(path: str, write: Callable[[IO[str]], None], data_folder: Path | None = None) -> Path | None:
    """Write with ``write(fh)`` to stdout (``-``) or to the regular file ``path`` (through a symlink, with the
    user's umask, by a temporary file renamed over it, never inside the data folder: see
    :mod:`refapp.core.outfiles`)."""
    if path in ("-", "/dev/stdout"):
        write(sys.stdout)
        return None
    try:
        encoding = "utf-8-sig" if path.lower().endswith(".csv") else "utf-8"
        return write_file(path, write, encoding=encoding, protect=data_folder)
    except OutputError as exc:
        raise CliError(str(exc)) from None


def cmd_export(args: argparse.Namespace) -> int:
    from ..core import transfer

    separator = SEPARATORS[args.separator]
    store = open_store(args, read_only=True)
    try:
        summary = ""
        if args.format == "bundle":
            tid = one_tournament(store, args.tournament) if args.tournament is not None else None
            try:
                out = transfer.export_bundle(store, tid)
            except DamagedDatabase:
                raise  # said in one line with exit status 1, like verify
            except StoreError as exc:
                raise CliError(str(exc)) from None

            def write_bundle(fh: IO[str]) -> None:
                fh.write(out.text)

            written = _write_output(args.output, write_bundle, store.path.parent)
            summary = f"{out.events} events from {out.devices} device(s)"
        elif args.format == "csv":
            if args.tournament is not None:
                tournament_ids(store, args.tournament)
            n = [0]
            known = catalog(args).rulesets  # each amount's unit is its hanchan's rule set's

            def write_csv(fh: IO[str]) -> None:
                n[0] = transfer.export_incidents_csv(
                    store, fh, separator=separator, rulesets=known, tournament=args.tournament
                )

            written = _write_output(args.output, write_csv, store.path.parent)
            summary = f"{n[0]} incident(s)"
        else:
            tid = one_tournament(store, args.tournament)
            rulesets = catalog(args).rulesets
            n = [0]

            def write_results(fh: IO[str]) -> None:
                n[0] = transfer.export_results_csv(store, tid, fh, rulesets=rulesets, separator=separator)

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
    from ..core.transfer import import_bundle

    data = read_json(args.file)
    rulesets = catalog(args).rulesets
    store = open_store(args, must_exist=False)
    try:
        done = import_bundle(store, data, rulesets, accept_devices=args.accept_new_device or ())
    except BundleError as exc:
        raise CliError(f"{args.file}: {exc}") from None
    except StoreError as exc:
        raise CliError(f"{args.file}: {exc}") from None
    finally:
        store.close()
    held = done.held
    if not done.anything:
        print(f"{args.file}: nothing new, everything in it was already stored")
    else:
        print(f"{args.file}: added " + ", ".join(f"{done.added[t]} {t.replace('_', ' ')}" for t in done.tables))
    if held:
        print(
            f"{args.file}: {held} event(s) held, not imported: no signed head of their device vouches for them "
            "(they are imported once a bundle or a sync brings the device's signature; `refapp devices` lists them)"
        )
    return 0
