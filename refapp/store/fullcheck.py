"""The full check of an open: the file (:func:`refapp.store.checks.deep_problem`) and every stored row
(:func:`rows_problem`), side by side in background threads that the first write waits for.

The row check is Python, about a second for 100,000 events: run in a thread of the app, it would hold the
interpreter from the window's thread for most of that second (a tab tapped right after the start took half as long
again). The app has a big database (:data:`APART_BYTES`) checked in a helper process instead
(:mod:`refapp.store.helperproc`: the same functions, on their own read-only connections, a little behind the app in
the system's queue), which says what it found on its standard output; if that process cannot start or says nothing
readable, this process checks. (A command has no window to keep lively: it checks in its threads, and spares the
helper's start.)

Layer: feature (the open's full check, above verify).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

from .checks import DAMAGE_MARK, deep_problem, is_full
from .db import Store
from .errors import DamagedDatabase, StoreError
from .helperproc import command, environment
from .rowread import UNREADABLE
from .rulesets import load_catalog
from .verify import row_damage

APART_BYTES = 16 << 20  # a database from this size (about 13,000 events) has its rows checked in a helper process
CHECK_OPTION = "--check-store"  # the bundled app's option that starts that process (packaging/entry.py)
NICENESS = 5  # how far behind this process's own work the helper process runs when both want the processor


def rows_problem(path: Path, immutable: bool = False, signatures: bool = True) -> str | None:
    """Whether every stored row is as this device signed it, and every projection as its events say (None), else the
    damaged rows, named by event and table (one line: the first three, and how many more ``refapp verify`` names).
    ``immutable``: a file nothing writes (a backup). ``signatures=False``: the rows and projections only, not the
    signed digest nor the signed heads (:func:`refapp.store.verify.row_damage`)."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro" + ("&immutable=1" if immutable else ""), uri=True,
                               check_same_thread=False)  # fmt: skip
    except sqlite3.Error as exc:
        return str(exc)
    try:
        store = Store(conn, path, read_only=True)
        folder = path.parent.parent if immutable else path.parent
        found = row_damage(store, load_catalog(folder / "rulesets").rulesets, signatures)
    except (sqlite3.Error, OSError, StoreError, *UNREADABLE) as exc:  # what a damaged value makes a check raise
        return str(exc)
    finally:
        conn.close()
    if not found:
        return None
    more = f"; and {len(found) - 3} more (refapp verify names them all)" if len(found) > 3 else ""
    return "; ".join(found[:3]) + more


def full_problem(path: Path) -> str | None:
    """The file's check and the rows' check of the database at ``path``, side by side: what they found, the damaged
    rows named first (one line), or None."""
    found: list[str | None] = [None]

    def run_rows() -> None:
        try:
            found[0] = rows_problem(path)
        except (sqlite3.Error, OSError) as exc:
            found[0] = None if is_full(path.parent, exc) else str(exc)

    rows = threading.Thread(target=run_rows, name="refapp-check-rows")
    rows.start()
    try:
        deep = deep_problem(path)
    except (sqlite3.Error, OSError) as exc:
        deep = None if is_full(path.parent, exc) else str(exc)
    rows.join()
    return "; ".join(dict.fromkeys(p for p in (found[0], deep) if p)) or None


class FullCheck:
    """The full check of an open (:func:`full_problem`), run in the background: in a thread, or for a big database
    in a helper process; ``wait()`` raises :class:`DamagedDatabase`."""

    def __init__(self, path: Path, apart: bool = False):
        """``apart``: in a helper process (else in threads of this one)."""
        self.path = path
        self.apart = apart
        self.problem: str | None = None
        # (not daemon threads: a process that ends without closing its store waits for them, ~1 s on 100,000
        # events, rather than end them inside SQLite, which can abort it)
        self._thread = threading.Thread(target=self._run, name="refapp-check")
        self._thread.start()

    def _run(self) -> None:
        said = _apart(self.path) if self.apart else None
        self.problem = said[0] if said is not None else full_problem(self.path)
        if self.problem:  # the next open checks fully before it opens, and refuses (the recovery is offered)
            try:
                (self.path.parent / DAMAGE_MARK).write_text(self.problem + "\n", encoding="utf-8")
            except OSError:
                pass

    def join(self) -> None:
        self._thread.join()

    def done(self) -> bool:
        return not self._thread.is_alive()

    def wait(self) -> None:
        self._thread.join()
        if self.problem:
            raise DamagedDatabase(self.path, self.problem)


def worth_apart(path: Path) -> bool:
    """Whether the database is big enough for its check to run apart (:data:`APART_BYTES`)."""
    try:
        return path.stat().st_size >= APART_BYTES
    except OSError:
        return False


def _apart(path: Path) -> tuple[str | None] | None:
    """:func:`full_problem` run in a helper process: (what it found,), or None when the process could not start, or
    stopped without saying it (the caller then checks here)."""
    call = "import sys; from refapp.store.fullcheck import serve; serve(sys.argv[-1])"
    try:
        proc = subprocess.run(command(CHECK_OPTION, call, str(path)), capture_output=True, env=environment())
        said = json.loads(proc.stdout) if proc.returncode == 0 else None
    except (OSError, ValueError):
        return None
    if not isinstance(said, dict) or not isinstance(said.get("problem"), (str, type(None))):
        return None
    return (said["problem"],)


def serve(path: str) -> None:
    """The helper process: check the database at ``path`` (:func:`full_problem`, a little behind the app's window in
    the system's queue) and say what was found, as one JSON object."""
    with contextlib.suppress(OSError, AttributeError):  # (where priorities are not niceness, it runs as it is)
        os.nice(NICENESS)
    sys.stdout.write(json.dumps({"problem": full_problem(Path(path))}) + "\n")
