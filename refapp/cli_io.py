"""What the command line needs to answer every misuse in one line: a parser whose usage errors are one line, a
standard output whose failures (closed, full, an I/O error) become one line, and a check that text arguments are
text. Used by :mod:`refapp.cli`."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import Any, NoReturn, TextIO, TypeVar

from .core.files import one_line

T = TypeVar("T")

EXIT_BAD_INPUT = 2
# Arguments that name files: any bytes the system allows (a name that is not UTF-8 is still a name).
PATH_ARGUMENTS = {"data_dir", "log", "file", "output", "check"}


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line naming the option (the help is one ``--help`` away)."""

    def error(self, message: str) -> NoReturn:
        sub = self.prog.removeprefix("refapp").strip()
        print(f"refapp: {sub + ': ' if sub else ''}{one_line(message)} (see '{self.prog} --help')", file=sys.stderr)
        raise SystemExit(EXIT_BAD_INPUT)


class StdoutError(Exception):
    """The standard output refused what refapp printed (a full disk, an I/O error, written after it was closed)."""


class GuardedStdout:
    """The standard output, whose write errors become :class:`StdoutError` (a broken pipe stays a quiet end, as for
    ``| head``)."""

    def __init__(self, stream: TextIO):
        self._stream = stream

    def _guard(self, call: Callable[..., T], *args: Any) -> T:
        try:
            return call(*args)
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as exc:  # ValueError: written after it was closed
            reason = (getattr(exc, "strerror", None) or str(exc)).lower()
            raise StdoutError(f"standard output cannot be written: {reason}") from None

    def write(self, text: str) -> int:
        return self._guard(self._stream.write, text)

    def flush(self) -> None:
        self._guard(self._stream.flush)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def not_text_argument(args: argparse.Namespace) -> str | None:
    """Why a text argument is not text, or None. A byte that is not UTF-8 reaches Python as a lone surrogate, which
    no query, file or database can take (file names are exempt: any bytes name a file)."""
    for name, value in vars(args).items():
        if name in PATH_ARGUMENTS:
            continue
        for v in value if isinstance(value, list) else [value]:
            if isinstance(v, str) and not v.isascii():
                try:
                    v.encode("utf-8")
                except UnicodeEncodeError:
                    shown = v.encode("utf-8", "backslashreplace").decode("ascii", "replace")
                    return f"--{name.replace('_', '-')}: {shown!r} is not valid text (not UTF-8)"
    return None


def silence_stdout(stream: TextIO) -> None:
    """Point the standard output at the null device: Python's flush at exit then has nothing left to fail on."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
    except (OSError, ValueError, AttributeError):
        pass
