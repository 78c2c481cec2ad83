"""Where refapp keeps its data: platformdirs' user data folder, or ``--data-dir`` / ``REFAPP_DATA_DIR``.

Layer: bottom (where the data folder's files are): imports no feature of the store.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO, Any

ENV_VAR = "REFAPP_DATA_DIR"
DB_NAME = "refapp.sqlite3"  # in the data folder (refapp.store.db)
SETTINGS_FILE = "settings.json"  # in the data folder (refapp.store.settings)
LOG_FILE = "refapp.log"  # in the data folder, with refapp.log.1 ... (refapp.logs)


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The data folder: ``override`` if given, else ``$REFAPP_DATA_DIR``, else the platform's user data folder."""
    if override:
        return Path(override)
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env)
    import platformdirs  # here: a start with --data-dir or REFAPP_DATA_DIR does without it

    return Path(platformdirs.user_data_dir("refapp", appauthor=False))


class NotRegular(OSError):
    """A path that is a FIFO, a device, a socket or a folder where refapp expects a file: never read (a FIFO would
    block forever, a device would never end)."""


def open_regular(path: str | os.PathLike[str], mode: str = "rb") -> IO[Any]:  # a binary or a text file object
    """Open a regular file for reading without ever blocking (``O_NONBLOCK``: a FIFO opens at once and is refused);
    raise :class:`NotRegular` for anything but a regular file (symlinks to one are followed)."""
    import stat

    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        kind = os.fstat(fd).st_mode
        if not stat.S_ISREG(kind):
            what = "a folder" if stat.S_ISDIR(kind) else "a FIFO" if stat.S_ISFIFO(kind) else "a device or socket"
            raise NotRegular(f"{path} is {what}, not a regular file")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, mode) if "b" in mode else open(fd, mode, encoding="utf-8")  # noqa: SIM115
    except BaseException:
        os.close(fd)
        raise


def read_regular(path: str | os.PathLike[str], limit: int | None = None) -> bytes:
    """The bytes of a regular file (at most ``limit``); :class:`NotRegular` or OSError otherwise."""
    with open_regular(path) as fh:
        return fh.read() if limit is None else fh.read(limit)
