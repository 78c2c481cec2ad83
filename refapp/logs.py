"""The log: what went wrong, in the data folder, for whoever looks after the tablet.

``refapp.log`` in the data folder, rotated at :data:`MAX_BYTES` with :data:`BACKUPS` older files (``refapp.log.1``,
``.2``, ``.3``): a few megabytes at most. It is created when the first line is written, so a command that has
nothing to report (``refapp verify``) writes nothing. The app logs its start and stop, what it showed the user as an
error, Qt's own warnings, failed backups and any uncaught exception with its traceback; the command line logs what
it could not handle (an uncaught exception: one line on the terminal, the traceback in the log).

Set up by the composition roots (:mod:`refapp.app`, :mod:`refapp.cli`) with :func:`start_log` and
:func:`install_hooks`. A log that cannot be written (a read-only folder, a full disk) never stops anything.
"""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from .store.paths import LOG_FILE

MAX_BYTES = 1_000_000
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s [%(threadName)s]: %(message)s"
log = logging.getLogger("refapp")


class _FolderLog(logging.Handler):
    """The data folder's log: the standard library's rotating file, opened when the first line is written. Its module
    (``logging.handlers``, which loads sockets, pickling and queues: about 12 ms) is loaded then too, not while the
    app paints its first frame. Silent when it cannot write."""

    def __init__(self, path: Path):
        super().__init__()
        self.baseFilename = str(path)
        self._file: logging.Handler | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if self._file is None:
            self._file = _rotating_file(Path(self.baseFilename))
            self._file.setFormatter(self.formatter)
        self._file.emit(record)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
        super().close()

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 - logging's name
        pass  # the log is the last resort: a failure to write it is not reported anywhere else


def _rotating_file(path: Path) -> logging.Handler:
    from io import TextIOWrapper
    from logging.handlers import RotatingFileHandler

    class RotatingFolderFile(RotatingFileHandler):
        """Makes its folder when it first writes; silent when it cannot write."""

        def _open(self) -> TextIOWrapper:
            Path(self.baseFilename).parent.mkdir(parents=True, exist_ok=True)
            return super()._open()

        def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 - logging's name
            pass

    return RotatingFolderFile(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8", delay=True)


def start_log(folder: Path, level: int = logging.INFO) -> Path:
    """Log to ``folder/refapp.log`` (replacing an earlier log of this process); returns its path."""
    stop_log()
    path = Path(folder) / LOG_FILE
    handler = _FolderLog(path)
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.set_name("refapp-file")
    log.addHandler(handler)
    log.setLevel(level)
    log.propagate = False  # the terminal stays for the one-line messages
    return path


def log_path() -> Path | None:
    """Where the log is written (None before :func:`start_log`)."""
    for handler in log.handlers:
        if isinstance(handler, _FolderLog):
            return Path(handler.baseFilename)
    return None


def stop_log() -> None:
    """Close the log (its lines go to Python's default handling again)."""
    for handler in list(log.handlers):
        if isinstance(handler, _FolderLog):
            log.removeHandler(handler)
            handler.close()
    log.propagate = True


Report = Callable[[BaseException], None]


def install_hooks(report: Report | None = None) -> None:
    """Log every uncaught exception (of the main thread and of any other) with its traceback, then call ``report``
    with it (the app shows a short message; called in the thread that failed)."""

    def main_hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, exc, tb)
            return
        log.critical("uncaught exception", exc_info=(kind, exc, tb))
        if report is not None:
            report(exc)

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is None or issubclass(args.exc_type, SystemExit):
            return
        name = args.thread.name if args.thread is not None else "?"
        info = (args.exc_type, args.exc_value, args.exc_traceback)
        log.critical("uncaught exception in thread %s", name, exc_info=info)
        if report is not None:
            report(args.exc_value)

    sys.excepthook = main_hook
    threading.excepthook = thread_hook


def remove_hooks() -> None:
    """Python's own hooks again (tests)."""
    sys.excepthook = sys.__excepthook__
    threading.excepthook = threading.__excepthook__


__all__ = ["BACKUPS", "MAX_BYTES", "install_hooks", "log", "log_path", "remove_hooks", "start_log", "stop_log"]
