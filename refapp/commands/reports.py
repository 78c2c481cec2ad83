"""``refapp report``, ``refapp signoff`` and ``refapp statement``: incident reports as PDF, and the two entries a
report shows besides the history (the head referee's sign-off, a player's statement).

``report`` only reads (no lock) and needs no display: it writes with Qt's PDF writer on the offscreen platform when
no platform is set. ``signoff`` asks for the device's referee PIN on the terminal when the device has one (or reads
it from the standard input with ``--pin-stdin``), with the app's lockout rules
(:func:`refapp.store.settings.check_pin`).
Bad input is one line and exit status 2 (:mod:`refapp.cli`). The one command group that uses Qt (its PDF writer,
through :mod:`refapp.ui.report`): the contracts test lists it with that reason.
"""

from __future__ import annotations

import argparse
import os
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..cli_io import StdoutError
from ..store.outfile import OutputError, resolve_target, write_bytes
from ..store.paths import data_dir
from ..store.safejson import one_line
from .common import CliError, catalog, one_tournament, open_store, tournament_ids

if TYPE_CHECKING:
    from PySide6.QtGui import QGuiApplication

    from ..core.types import HistoryRow
    from .common import Subparsers


def _gui_app() -> QGuiApplication:
    """A QGuiApplication for the PDF writer (offscreen unless a platform is set: no display needed)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance()
    return app if isinstance(app, QGuiApplication) else QGuiApplication(["refapp"])


def _report_error(exc: Any) -> CliError:
    return CliError(f"--{exc.field}: {exc.message}")


def cmd_report(args: argparse.Namespace) -> int:
    from ..store import reports
    from ..ui.common.languages import codes

    if args.lang not in codes():  # any language whose translation is found (refapp.ui.common.languages)
        raise CliError(f"--lang: {args.lang!r} has no translation here (languages: {', '.join(codes())})")

    if args.output != "-":
        try:
            resolve_target(args.output)  # a folder, a device or a FIFO is refused before any work
        except OutputError as exc:
            raise CliError(str(exc)) from None
    store = open_store(args, read_only=True)
    try:
        rulesets = catalog(args).rulesets
        try:
            if args.incident is not None:
                report = reports.incident_report(store, rulesets, args.incident)
                if args.tournament is not None:
                    wanted = tournament_ids(store, args.tournament)
                    if report.tournament_id not in wanted:
                        raise CliError(
                            f"--incident: incident {args.incident!r} is not in tournament {args.tournament!r} "
                            f"(it is in {report.tournament!r})"
                        )
            else:
                report = reports.tournament_report(store, rulesets, one_tournament(store, args.tournament))
        except reports.ReportError as exc:
            raise _report_error(exc) from None
    finally:
        store.close()
    _gui_app()
    from ..ui.report import render

    pdf = render(report, rulesets, args.lang)
    written = _write_pdf(args.output, pdf.data, store.path.parent)
    if args.output != "-":
        link = f" (through the link to {written})" if written is not None and written != Path(args.output) else ""
        what = f"{len(report.incidents)} incident(s)" if report.whole else f"incident {report.incidents[0].row['uuid']}"
        print(f"wrote {args.output}{link}: {what}, {pdf.pages} page(s), in {_language_name(args.lang)}")
    return 0


def _language_name(code: str) -> str:
    """A language's name in English, as the command line says it ("French")."""
    from PySide6.QtCore import QLocale

    from ..ui.common.languages import locale_for

    return QLocale.languageToString(locale_for(code).language())


def _write_pdf(path: str, data: bytes, data_folder: Path | None = None) -> Path | None:
    if path == "-":
        try:
            sys.stdout.flush()
            buffer = getattr(sys.stdout, "buffer", None)
            if buffer is None:
                raise StdoutError("standard output cannot take a PDF (it is not a byte stream)")
            buffer.write(data)
            buffer.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise StdoutError(f"standard output cannot be written: {(exc.strerror or str(exc)).lower()}") from None
        return None
    try:
        return write_bytes(path, data, protect=data_folder)
    except OutputError as exc:
        raise CliError(str(exc)) from None


def _read_pin(args: argparse.Namespace) -> str:
    if args.pin_stdin:
        line = sys.stdin.readline(100)
    else:
        import getpass

        try:
            line = getpass.getpass("Referee PIN of this device: ")
        except (EOFError, KeyboardInterrupt):
            line = ""
    pin = line.strip()
    if not pin:
        raise CliError("signoff: no PIN given: this device has a referee PIN, and a sign-off needs it")
    return pin


def cmd_signoff(args: argparse.Namespace) -> int:
    from ..store import reports
    from ..store.settings import check_pin, has_pin, load_settings, locked_for, restore_pin, save_settings

    folder = _folder(args)
    store = open_store(args)  # this folder's one writer: the settings' lockout is ours until it is closed
    try:
        settings, _damage = load_settings(folder)
        try:
            row = reports.find_incident(store, args.incident)
        except reports.ReportError as exc:
            raise _report_error(exc) from None
        restore_pin(settings, store)
        with_pin = has_pin(settings)
        if with_pin:
            now = datetime.now(UTC)
            if locked_for(settings, now):
                raise CliError(
                    f"signoff: too many wrong PINs: the PIN is locked for {locked_for(settings, now)} seconds"
                )
            result = check_pin(settings, _read_pin(args), now)
            save_settings(folder, settings, store)  # the failure count and lockout, as the app keeps them
            if result == "locked":
                raise CliError(
                    f"signoff: too many wrong PINs: the PIN is locked for {locked_for(settings, now)} seconds"
                )
            if result == "wrong":
                raise CliError("signoff: wrong referee PIN: nothing was signed")
        try:
            done = reports.sign_off(store, str(row["uuid"]), args.by, pin=with_pin)
        except reports.ReportError as exc:
            raise _report_error(exc) from None
    finally:
        store.close()
    how = "with the referee PIN" if with_pin else "(this device has no referee PIN)"
    print(f"signed off incident {done.incident} ({_what(row)}) by {done.by} at {done.at} {how}")
    return 0


def cmd_statement(args: argparse.Namespace) -> int:
    from ..store import reports
    from ..store.settings import load_settings

    text = args.text
    if text == "-":
        try:
            text = sys.stdin.read(40_000)
        except UnicodeDecodeError:
            raise CliError("--text: the standard input is not UTF-8 text") from None
    store = open_store(args)
    try:
        by = args.by if args.by is not None else load_settings(_folder(args))[0].referee
        try:
            row = reports.find_incident(store, args.incident)
            done = reports.add_statement(store, str(row["uuid"]), args.player, text, by)
        except reports.ReportError as exc:
            raise _report_error(exc) from None
    finally:
        store.close()
    print(
        f"recorded the statement of {done.player} on incident {done.incident} ({_what(row)}): "
        f"{len(done.text)} characters"
    )
    return 0


def _folder(args: argparse.Namespace) -> Path:
    return data_dir(getattr(args, "data_dir", None))


def _what(row: HistoryRow) -> str:
    return one_line(f"{row['offence']}, {row['player']}, table {row['table']}, hanchan {row['hanchan']}")


def register(sub: Subparsers) -> None:
    rp = sub.add_parser(
        "report",
        help="an incident report as PDF: one incident, or every incident of a tournament",
        description="Write an incident report as PDF: with --incident, one incident; else every incident of the "
        "tournament (a summary, then each incident by table and session). In English or French. Needs no display.",
    )
    rp.add_argument("--tournament", metavar="T", help="tournament name or id (needed if there are several)")
    rp.add_argument("--incident", metavar="ID", help="incident id, or its first characters (see refapp history)")
    rp.add_argument(
        "--lang", required=True, metavar="LANG", help="the report's language: en, fr (a translation's code)"
    )
    rp.add_argument("-o", "--output", required=True, metavar="FILE", help="the PDF file to write, or - for stdout")
    rp.set_defaults(func=cmd_report)

    so = sub.add_parser(
        "signoff",
        help="the head referee signs an incident off (with this device's referee PIN)",
        description="Record the head referee's sign-off of an incident. When this device has a referee PIN it is "
        "asked for on the terminal (or read from standard input with --pin-stdin); a wrong PIN signs nothing and "
        "counts towards the lockout, as in the app.",
    )
    so.add_argument("--incident", required=True, metavar="ID", help="incident id, or its first characters")
    so.add_argument("--by", required=True, metavar="NAME", help="the head referee's name")
    so.add_argument("--pin-stdin", action="store_true", help="read the PIN from the first line of standard input")
    so.set_defaults(func=cmd_signoff)

    st = sub.add_parser(
        "statement",
        help="record a player's statement on an incident",
        description="Record a player's statement on an incident: the player must have played at that hanchan; the "
        "text is 1 to 2,000 characters (- reads it from standard input).",
    )
    st.add_argument("--incident", required=True, metavar="ID", help="incident id, or its first characters")
    st.add_argument("--player", required=True, metavar="NAME", help="the player, as seated")
    st.add_argument("--text", required=True, metavar="TEXT", help="the statement (or - for standard input)")
    st.add_argument("--by", metavar="NAME", help="who recorded it (default: the referee name in the settings)")
    st.set_defaults(func=cmd_statement)
