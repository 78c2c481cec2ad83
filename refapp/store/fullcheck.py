"""The full check of an open: the file (:func:`refapp.store.checks.deep_problem`) and every stored row
(:func:`rows_problem`), side by side in background threads that the first write waits for.

Layer: feature (the open's full check, above verify).
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from .checks import DAMAGE_MARK, deep_problem, is_full
from .db import Store
from .errors import DamagedDatabase, StoreError
from .rowread import UNREADABLE
from .rulesets import load_catalog
from .verify import row_damage


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


class FullCheck:
    """The full check of an open (:func:`deep_problem` and :func:`rows_problem`, side by side), run in background
    threads; ``wait()`` raises :class:`DamagedDatabase`."""

    def __init__(self, path: Path):
        self.path = path
        self.problem: str | None = None
        self._rows: str | None = None
        # (not daemon threads: a process that ends without closing its store waits for them, ~1 s on 100,000
        # events, rather than end them inside SQLite, which can abort it)
        self._thread = threading.Thread(target=self._run, name="refapp-check")
        self._thread.start()

    def _run(self) -> None:
        rows = threading.Thread(target=self._run_rows, name="refapp-check-rows")
        rows.start()
        try:
            self.problem = deep_problem(self.path)
        except (sqlite3.Error, OSError) as exc:
            self.problem = None if is_full(self.path.parent, exc) else str(exc)
        rows.join()
        found = [p for p in (self._rows, self.problem) if p]  # the damaged rows named first, then the file's check
        self.problem = "; ".join(dict.fromkeys(found)) or None
        if self.problem:  # the next open checks fully before it opens, and refuses (the recovery is offered)
            try:
                (self.path.parent / DAMAGE_MARK).write_text(self.problem + "\n", encoding="utf-8")
            except OSError:
                pass

    def _run_rows(self) -> None:
        try:
            self._rows = rows_problem(self.path)
        except (sqlite3.Error, OSError) as exc:
            self._rows = None if is_full(self.path.parent, exc) else str(exc)

    def join(self) -> None:
        self._thread.join()

    def done(self) -> bool:
        return not self._thread.is_alive()

    def wait(self) -> None:
        self._thread.join()
        if self.problem:
            raise DamagedDatabase(self.path, self.problem)
