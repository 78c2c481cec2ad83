"""One writer per data folder: an operating-system lock on ``refapp.lock``, held while a store is open for writing.

``flock`` on POSIX (a lock per open file, so two stores in one process exclude each other too, unlike ``fcntl``
record locks), ``msvcrt.locking`` on Windows. The lock goes away with the process, however it ends (a SIGKILL
included): there is no stale lock to clean up. The holder writes its process id into the file so that a second
writer can name it.

Layer: bottom (the data folder's lock): imports no feature of the store.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

LOCK_FILE = "refapp.lock"
_WIN_OFFSET = 1 << 20  # Windows locks a byte range: one byte past the pid, so the pid stays readable


class LockHeld(OSError):
    """Another writer holds the folder. ``pid`` is its process id (None if it could not be read)."""

    def __init__(self, path: Path, pid: int | None):
        self.path, self.pid = path, pid
        super().__init__(f"{path} is locked by process {pid}")


class FolderLock:
    def __init__(self, folder: Path):
        self.path = Path(folder) / LOCK_FILE
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock or raise :class:`LockHeld` (or ``OSError`` when the file cannot be created: a read-only
        folder, which needs no lock since nothing can be written there)."""
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            _lock(fd)
        except OSError:
            pid = _read_pid(fd)
            os.close(fd)
            raise LockHeld(self.path, pid) from None
        try:
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError:
            pass  # a full disk: the lock holds without the pid
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            try:
                _unlock(self._fd)
            finally:
                os.close(self._fd)
                self._fd = None

    @property
    def held(self) -> bool:
        return self._fd is not None


def _read_pid(fd: int) -> int | None:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii", "replace").strip()
        return int(text) if text.isdigit() else None
    except OSError:
        return None


if sys.platform == "win32":  # pragma: no cover - exercised on Windows builds
    import msvcrt

    def _lock(fd: int) -> None:
        os.lseek(fd, _WIN_OFFSET, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _unlock(fd: int) -> None:
        os.lseek(fd, _WIN_OFFSET, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
