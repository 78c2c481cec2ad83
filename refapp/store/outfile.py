"""Writing an export file safely: only regular files, through symlinks, with the user's own permissions.

* The target must be a regular file or not exist yet: a device (``/dev/null``, a disk), a FIFO, a socket or a folder
  is refused with a one-line :class:`OutputError` (an export that replaced ``/dev/null`` with a file, as root, broke
  the whole system).
* A symbolic link is written **through**: the file it points to gets the export and the link stays as it is (a
  "latest export" link keeps working). A link to something that is not a regular file is refused like the thing
  itself. A dangling link creates the file it points to.
* The export is written to a temporary file in the target's folder, then renamed over the target, so a failed
  export never leaves half a file in place of a good one (nor a temporary file behind).
* A new file gets the mode the user's umask gives (as any program's ``open``); a replaced file keeps its mode.

No Qt and no sqlite: the command line uses it, and so may a screen that exports.

Layer: bottom (a helper for the files the command line writes): imports no feature of the store.
"""

from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Callable
from pathlib import Path
from typing import IO

from .safejson import one_line


class OutputError(Exception):
    """An export that cannot be written; the message is one line naming the file."""


def kind_of(mode: int) -> str:
    """What a file of this mode is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _reason(exc: OSError) -> str:
    return one_line(exc.strerror or exc).lower() if isinstance(exc, OSError) else one_line(exc)


def resolve_target(path: str | os.PathLike[str]) -> tuple[Path, os.stat_result | None]:
    """The file an export to ``path`` writes (through symlinks) and its current status (None: it does not exist).

    Raises :class:`OutputError` when that file exists and is not a regular file."""
    shown = one_line(os.fspath(path))
    target = Path(path)
    try:
        if target.is_symlink():
            target = Path(os.path.realpath(target))
        info: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        info = None
    except OSError as exc:  # a loop of links, a path through a file, no permission
        raise OutputError(f"{shown}: cannot be written: {_reason(exc)}") from None
    if info is not None and not stat.S_ISREG(info.st_mode):
        where = f" (the link points to {one_line(target)})" if target != Path(path) else ""
        raise OutputError(
            f"{shown}: is {kind_of(info.st_mode)}, not a regular file{where}; refapp writes exports only to regular "
            "files"
        )
    return target, info


def write_file(
    path: str | os.PathLike[str],
    write: Callable[[IO[str]], None],
    *,
    encoding: str = "utf-8",
    protect: Path | None = None,
) -> Path:
    """Write a text export with ``write(fh)`` to ``path`` (see the module's rules); returns the file written, which
    differs from ``path`` when ``path`` is a symlink. ``protect``: the data folder, where nothing is ever written by an
    export (its database, journal, settings, backups). Raises :class:`OutputError` with a one-line message."""

    def text(fd: int) -> None:
        with os.fdopen(fd, "w", encoding=encoding, newline="") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())

    return _write(path, text, protect)


def write_bytes(path: str | os.PathLike[str], data: bytes, *, protect: Path | None = None) -> Path:
    """Write a binary export (a PDF) to ``path``, by the same rules as :func:`write_file`."""

    def raw(fd: int) -> None:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())

    return _write(path, raw, protect)


def _write(path: str | os.PathLike[str], fill: Callable[[int], None], protect: Path | None = None) -> Path:
    shown = one_line(os.fspath(path))
    target, info = resolve_target(path)
    if protect is not None:
        inside = Path(os.path.realpath(target.parent)) / target.name
        home = Path(os.path.realpath(protect))
        if inside == home or home in inside.parents:
            raise OutputError(
                f"{shown}: is inside the data folder {one_line(protect)}, where refapp keeps its records; an export is "
                "never written there: choose another place"
            )
    folder = target.parent
    tmp = folder / f".{target.name}.{secrets.token_hex(4)}.part"
    try:
        # 0o666 and the kernel applies the umask, as for any new file; O_EXCL: never through someone's link
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except OSError as exc:
        raise OutputError(f"{shown}: cannot be written: {_reason(exc)}") from None
    try:
        fill(fd)
        if info is not None:
            os.chmod(tmp, stat.S_IMODE(info.st_mode))
        os.replace(tmp, target)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise OutputError(f"{shown}: cannot be written: {_reason(exc)}") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return target
