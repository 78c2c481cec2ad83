"""Whether what is stored is intact, and putting back what the journal or a backup still holds: ``refapp verify``
and ``refapp recover``, and the app's offer at start when its database is damaged or lacks confirmed rulings
(:mod:`refapp.app`). docs/store.md says what is checked and how a recovery goes."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from ..domain.rules import RuleSet
from ..store.errors import DamagedDatabase
from ..store.restoring import RecoveryReport, recover, restore
from ..store.verify import VerifyReport, verify
from .folder import open_damaged, open_folder


@dataclass(frozen=True, slots=True)
class Verified:
    """What a check of the data folder found: its report, or (``report`` None) why the database cannot be read at
    all (``unreadable``)."""

    report: VerifyReport | None
    unreadable: str = ""

    @property
    def ok(self) -> bool:
        return self.report is not None and self.report.ok


def verify_folder(folder: Path, rulesets: Callable[[], Mapping[str, RuleSet]], *, deep: bool = False) -> Verified:
    """Check the folder's database read-only (no lock, nothing written, any schema version): every stored row
    against this device's signed digest, every device's signed head, the tournaments, tables and players against
    their events, the newest events against the journal and the newest backup; ``deep``: every hash chain and every
    table replayed too. A damaged database is still read, to name every damaged row. ``rulesets`` gives the rule sets
    once the database is open (the command line says a club file's warnings only then). Raises StoreError when there
    is no database (or it cannot be opened for another reason than damage)."""
    try:
        store = open_folder(folder, read_only=True)
    except DamagedDatabase as exc:
        damaged = open_damaged(folder, exc)
        if damaged is None:
            return Verified(None, str(exc))
        store = damaged
    try:
        return Verified(verify(store, rulesets(), deep=deep))
    finally:
        store.close()


def put_back(folder: Path, rulesets: Mapping[str, RuleSet], *, from_backup: bool = False) -> RecoveryReport:
    """Put back what is missing: the journal's events the database lacks, starting from the database when it is
    sound, else (or with ``from_backup`` in any case) from the newest backup that passes every check. The damaged
    files are kept aside. Raises StoreError when there is nothing to recover from."""
    return (restore if from_backup else recover)(folder, rulesets)


__all__ = ["RecoveryReport", "Verified", "VerifyReport", "put_back", "verify_folder"]
