"""Files under the venue's shared folder, opened as hostile ground.

Anyone who can reach the shared folder (a tablet, a guest on the network share, whoever holds the USB stick, any
Syncthing peer) can put anything in it: a link to this device's database or key, a hard link, a FIFO, a device node,
a folder where a file belongs. So below the shared folder itself (which the user chose, and which may be a link),
refapp never follows a link and never opens anything but a regular file with a single name:

* every step is taken relative to a folder already open (``openat``), with ``O_NOFOLLOW``: a link anywhere on the
  way — a device's folder replaced by a link, a journal replaced by one — is refused, not followed;
* a file is opened without blocking (a FIFO opens at once), then checked on what was opened (``fstat``): a regular
  file, with one link (a hard link to another file is refused), still the file the name points to;
* a file is written only if this device made it (:func:`Folder.open_file` with ``create``), and replaced only by a
  rename inside its folder (a link in its place is replaced, never written through).

Every refusal is a :class:`FolderError` whose one line names the path and what was found there. Where the platform
has no ``openat`` (Windows), each step is checked with ``lstat`` before and ``fstat`` after opening instead.

Layer: bottom (a helper for the shared folder's files): imports no feature of the store.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_BINARY = getattr(os, "O_BINARY", 0)
_AT = os.open in os.supports_dir_fd and bool(_NOFOLLOW) and bool(_DIRECTORY)  # every step relative to an open folder
_LINK_ERRORS = (errno.ELOOP, getattr(errno, "EMLINK", errno.ELOOP), getattr(errno, "EFTYPE", errno.ELOOP))


class FolderError(ValueError):
    """Something in the shared folder that cannot be used (the message names the file and what is wrong)."""


def _what(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a link"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device node"
    return "not a regular file"


def _refused(path: Path, what: str, want: str = "file") -> FolderError:
    return FolderError(f"{path} is {what}, not a {want}: refused (nothing in the shared folder is followed or opened "
                       "unless it is what refapp wrote there; remove it)")  # fmt: skip


class Folder:
    """A folder under the shared folder, open: names in it are looked up relative to it, never through a link."""

    def __init__(self, path: Path, fd: int | None):
        self.path = path
        self._fd = fd  # None where the platform cannot open relative to a folder

    # -- opening folders ------------------------------------------------------------------------------------------

    @classmethod
    def open_root(cls, path: Path) -> Folder:
        """The shared folder itself (chosen by the user: a link to it is followed). OSError when it cannot be
        opened as a folder."""
        if not _AT:
            if not path.is_dir():
                raise NotADirectoryError(errno.ENOTDIR, "not a folder", str(path))
            return cls(path, None)
        return cls(path, os.open(path, os.O_RDONLY | _DIRECTORY | _CLOEXEC))

    def sub(self, name: str, create: bool = False) -> Folder | None:
        """The folder ``name`` in this one (made when ``create``); None when there is none. FolderError for a link,
        a file or anything else in its place."""
        path = self.path / name
        if create:
            try:
                os.mkdir(name if _AT else path, 0o755, **self._at())
            except FileExistsError:
                pass
        found = self.lstat(name)
        if found is None:
            return None
        if not stat.S_ISDIR(found.st_mode):
            raise _refused(path, _what(found.st_mode), "folder")
        if not _AT:
            return Folder(path, None)
        try:
            fd = os.open(name, os.O_RDONLY | _DIRECTORY | _NOFOLLOW | _CLOEXEC, dir_fd=self._fd)
        except OSError as exc:
            if exc.errno in (*_LINK_ERRORS, errno.ENOTDIR):
                raise _refused(path, "a link", "folder") from None
            raise
        if not self._same(name, os.fstat(fd)):
            os.close(fd)
            raise FolderError(f"{path} changed while it was opened: refused")
        return Folder(path, fd)

    # -- looking ----------------------------------------------------------------------------------------------------

    def lstat(self, name: str) -> os.stat_result | None:
        """What ``name`` is in this folder, a link not followed; None when there is nothing."""
        try:
            if _AT:
                return os.stat(name, dir_fd=self._fd, follow_symlinks=False)
            return os.lstat(self.path / name)
        except FileNotFoundError:
            return None

    def entries(self) -> list[tuple[str, str]]:
        """(name, kind) of everything in the folder, sorted by name; kind is "folder", "file", "link" or "other"
        (links are never followed)."""
        out = []
        with os.scandir(self._fd if _AT and self._fd is not None else self.path) as it:
            for e in it:
                if e.is_symlink():
                    kind = "link"
                elif e.is_dir(follow_symlinks=False):
                    kind = "folder"
                elif e.is_file(follow_symlinks=False):
                    kind = "file"
                else:
                    kind = "other"
                out.append((e.name, kind))
        return sorted(out)

    # -- files ------------------------------------------------------------------------------------------------------

    def open_file(self, name: str, write: bool = False, create: bool = False) -> BinaryIO | None:
        """``name`` opened for reading (or reading and writing), checked: a regular file with one link, still the
        one the name points to. ``create``: made (empty) when there is none. None when there is none and not
        ``create``; FolderError for anything but a regular file."""
        path = self.path / name
        flags = (os.O_RDWR if write else os.O_RDONLY) | _NOFOLLOW | _NONBLOCK | _CLOEXEC | _BINARY
        fd = None
        if create:
            try:
                fd = os.open(name if _AT else path, flags | os.O_CREAT | os.O_EXCL, 0o644, **self._at())
            except FileExistsError:
                pass
        if fd is None:
            if not _AT:  # no O_NOFOLLOW relative to the folder here: look first, then check what was opened
                found = self.lstat(name)
                if found is None:
                    return None
                if not stat.S_ISREG(found.st_mode):
                    raise _refused(path, _what(found.st_mode))
            try:
                fd = os.open(name if _AT else path, flags, **self._at())
            except FileNotFoundError:
                return None
            except OSError as exc:
                if exc.errno in _LINK_ERRORS:
                    raise _refused(path, "a link") from None
                if exc.errno in (errno.EISDIR, errno.ENXIO, errno.ENODEV):
                    found = self.lstat(name)
                    raise _refused(path, _what(found.st_mode) if found else "not a regular file") from None
                raise
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise _refused(path, _what(st.st_mode))
            if st.st_nlink > 1:
                raise FolderError(f"{path} has {st.st_nlink} names (hard links): refused (refapp never makes one; "
                                  "remove it)")  # fmt: skip
            if not self._same(name, st):
                raise FolderError(f"{path} changed while it was opened: refused")
            if _NONBLOCK and hasattr(os, "set_blocking"):
                os.set_blocking(fd, True)
            return os.fdopen(fd, "r+b" if write else "rb")
        except BaseException:
            os.close(fd)
            raise

    def read(self, name: str, limit: int) -> bytes | None:
        """At most ``limit`` bytes of the regular file ``name`` (None when there is none)."""
        fh = self.open_file(name)
        if fh is None:
            return None
        with fh:
            return fh.read(limit)

    def write_atomic(self, name: str, data: bytes) -> None:
        """Put a new file ``name`` in this folder with ``data``, flushed to the disk: written to a file made here,
        then renamed over the name (whatever was there — a link too — is replaced, never written through)."""
        tmp = f".{name}.tmp"
        try:
            os.unlink(tmp if _AT else self.path / tmp, **self._at())
        except FileNotFoundError:
            pass
        except IsADirectoryError:
            raise _refused(self.path / tmp, "a folder") from None
        fd = os.open(
            tmp if _AT else self.path / tmp,
            os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC | _BINARY,
            0o644,
            **self._at(),
        )
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        if _AT:
            os.replace(tmp, name, src_dir_fd=self._fd, dst_dir_fd=self._fd)
        else:
            os.replace(self.path / tmp, self.path / name)

    # -- helpers ----------------------------------------------------------------------------------------------------

    def _at(self) -> dict[str, int]:
        return {"dir_fd": self._fd} if _AT and self._fd is not None else {}

    def _same(self, name: str, st: os.stat_result) -> bool:
        """Whether ``name`` still names the file or folder ``st`` describes (not swapped meanwhile)."""
        now = self.lstat(name)
        return now is not None and (now.st_dev, now.st_ino) == (st.st_dev, st.st_ino)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> Folder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_path(root: Path, *parts: str) -> Folder | None:
    """The folder ``root/parts...`` opened step by step without following a link below ``root`` (None when one is
    missing)."""
    folder = Folder.open_root(root)
    for part in parts:
        try:
            sub = folder.sub(part)
        finally:
            folder.close()
        if sub is None:
            return None
        folder = sub
    return folder
