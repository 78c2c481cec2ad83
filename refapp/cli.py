"""Command line: ``refapp`` starts the GUI; sub-commands work headless.

Each command group lives in its own module of :mod:`refapp.commands` and is listed in :func:`command_groups`.
Bad input ends with exit status 2 and one line on stderr naming what is wrong (file, event, field); never a
traceback. ``refapp verify`` exits with 0 when the database and every hash chain are intact, 1 when damaged. A
failure refapp did not foresee exits with 70 and one line; its traceback is in the data folder's ``refapp.log``.
"""

from __future__ import annotations

import argparse
import logging
import sys
from types import ModuleType

from . import __version__
from .cli_io import GuardedStdout, OneLineParser, StdoutError, not_text_argument, silence_stdout
from .cli_language import in_language
from .commands.common import EXIT_BAD_INPUT, EXIT_DAMAGED, CliError
from .core.errors import DamagedDatabase, StoreError
from .core.files import data_dir, one_line
from .logs import log, start_log, stop_log

EXIT_INTERNAL = 70  # a failure refapp did not foresee (a bug): one line, the traceback in the log


def command_groups() -> tuple[ModuleType, ...]:
    """The command groups, in the order `refapp --help` lists them: each module's ``register(sub)`` adds its
    sub-commands. Imported here, not at the top (the start of the board does not wait for them), by name (the
    packaged app's analysis finds them)."""
    from .commands import (
        clock,
        hand,
        history,
        integrity,
        players,
        records,
        reports,
        rulesets,
        seating,
        standings,
        tablelog,
        transfer,
        venue,
    )

    return (
        tablelog,
        rulesets,
        history,
        records,
        transfer,
        standings,
        integrity,
        hand,
        venue,
        reports,
        clock,
        players,
        seating,
    )


__all__ = ["EXIT_BAD_INPUT", "EXIT_DAMAGED", "EXIT_INTERNAL", "CliError", "build_parser", "command_groups", "main"]


def build_parser() -> argparse.ArgumentParser:
    p = OneLineParser(prog="refapp", description="Riichi mahjong referee tool and table ledger.")
    p.add_argument("--version", action="version", version=f"refapp {__version__}")
    p.add_argument("--data-dir", help="data folder (default: $REFAPP_DATA_DIR or the platform's user data folder)")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for group in command_groups():
        group.register(sub)

    g = sub.add_parser("gui", help="start the referee board (the default)")
    _gui_options(g)
    g.set_defaults(func=None)
    _gui_options(p)
    return p


def _gui_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--log", help="show the table of this table log (JSON)")
    p.add_argument("--quit-after", type=float, metavar="SECONDS", help=argparse.SUPPRESS)


def board_arguments(argv: list[str] | None) -> argparse.Namespace | None:
    """The arguments of a start of the board (``refapp [--data-dir D] [--log F]``), read without building every
    command's parser; None when ``argv`` holds anything else (a command, ``--help``, ``--version``, a mistake), which
    the whole parser then reads (and answers, or names what is wrong)."""
    p = OneLineParser(prog="refapp", add_help=False, exit_on_error=False)
    p.add_argument("--data-dir")
    _gui_options(p)
    try:
        args, rest = p.parse_known_args(sys.argv[1:] if argv is None else argv)
    except argparse.ArgumentError:
        return None
    return None if rest else args


def main(argv: list[str] | None = None) -> int:
    args = board_arguments(argv)
    if args is None:
        args = build_parser().parse_args(argv)
    if getattr(args, "func", None) is None:
        from .app import run

        return run(args)
    real_stdout = sys.stdout
    try:
        if real_stdout is None:
            raise CliError("standard output is closed: refapp prints its results there (run it with an output)")
        sys.stdout = GuardedStdout(real_stdout)
        problem = not_text_argument(args)
        if problem:
            raise CliError(problem)
        code: int = args.func(args)
        sys.stdout.flush()
        return code
    except (CliError, StdoutError) as exc:
        if isinstance(exc, StdoutError):
            silence_stdout(real_stdout)
        print(f"refapp: {in_language(one_line(exc), exc)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        silence_stdout(real_stdout)  # the reader went away (`| head`): no second error when Python flushes at exit
        return 0
    except Exception as exc:  # a damaged store met while reading: one line, never a traceback
        if not isinstance(exc, StoreError):
            return _unexpected(args, exc)
        print(f"refapp: {in_language(one_line(exc), exc)}", file=sys.stderr)
        return EXIT_DAMAGED if isinstance(exc, DamagedDatabase) else EXIT_BAD_INPUT
    finally:
        sys.stdout = real_stdout


def _unexpected(args: argparse.Namespace, exc: Exception) -> int:
    """A failure refapp did not foresee (a bug): its traceback goes to the data folder's log (:mod:`refapp.logs`,
    made only now: a command that succeeds writes no log), the terminal gets one line saying where."""
    path = start_log(data_dir(getattr(args, "data_dir", None)), logging.WARNING)
    try:
        log.critical("refapp %s failed", getattr(args, "command", "?"), exc_info=exc)
    finally:
        stop_log()
    where = f"; the details are in {path}" if path.exists() else ""
    print(f"refapp: unexpected error: {type(exc).__name__}: {one_line(exc)}{where}", file=sys.stderr)
    return EXIT_INTERNAL
