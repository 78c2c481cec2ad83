"""``refapp verify``: everything that can be checked about a stored history, without writing anything.

1. SQLite's integrity check and every stored text being UTF-8 (in a background thread, while the rest runs);
2.-4. every device's hash chain, every table's order, every derived column (:mod:`refapp.store.rowchecks`: each
   damaged row named by its event and its table);
5. the projections (tournaments, tables, players, hanchans, rule-set contents) against their events, and this
   device's id against its chain;
6. the witnesses: the journal's newest line, and the newest backup's newest events of every device.

Rows of hash version 1 (stored before schema 4) are covered by their own hash, whose content includes their derived
columns (those are not recomputed: an earlier refapp derived them). A stored value that does not read (not UTF-8, not
JSON, a record SQLite cannot decode) is damage like any other, named: never an error of verify's own.

Layer: feature (verify).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..domain.rules import RuleSet
from .checks import backup_problems, deep_problem, witness_problem
from .db import Store
from .devices import device_notes, head_problems
from .digest import check
from .entities import projection_problems
from .errors import DamagedDatabase, StoreError
from .rowchecks import UNREADABLE, BadRow, check_rows, guarded
from .rowread import DEVICE, TYPE
from .schema import user_version
from .venue_entities import venue_problems
from .witness import JournalError


@dataclass(frozen=True)
class VerifyReport:
    ok: bool
    events: int
    devices: int
    integrity: str
    first_bad: BadRow | None
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    deep: bool = True  # False: every row checked against this device's signed digest (refapp.store.digest)

    def message(self) -> str:
        if self.ok and not self.deep:
            text = (
                f"ok: {self.events} events from {self.devices} device(s), every stored row as this device signed it "
                f"(chains, table order and derived columns unchanged since they were stored and checked), "
                f"signatures and projections checked, integrity {self.integrity}"
            )
            return "\n".join([text, *self.notes])
        if self.ok:
            text = (
                f"ok: {self.events} events from {self.devices} device(s), hash chains intact, table order, "
                f"derived columns and projections checked, integrity {self.integrity}"
            )
            return "\n".join([text, *self.notes])
        lines = [f"damaged: {len(self.problems)} problem(s)"]
        if self.first_bad is not None:
            b = self.first_bad
            lines.append(f"first bad event: {b['label']}: {b['reason']}")
        lines += [p for p in self.problems if not (self.first_bad and p == f"{b['label']}: {b['reason']}")]
        return "\n".join([*lines, *self.notes])


def verify(
    store: Store, rulesets: Mapping[str, RuleSet] | None = None, *, against_backups: bool = True, deep: bool = True
) -> VerifyReport:
    """Every check. ``deep=False``: when this device has signed a digest of every stored row, fold the rows once and
    compare (with the signatures, projections, witnesses and integrity); only if something is wrong are the deep
    checks run, to name it. ``deep=True``: every chain recomputed and every derived column replayed as well."""
    conn = store.conn
    result: dict[str, str | None] = {}
    if not deep and not store.open_damage:  # the digest reads every event's texts: the thread checks the rest
        quick_check = threading.Thread(target=lambda: result.update(quick=_safe(deep_problem, store, ("events",))))
        quick_check.start()
        quick = _quick(store, against_backups, witness=True)
        quick_check.join()
        if quick is not None and result.get("quick") is None:
            return VerifyReport(True, quick[0], quick[1], "ok", None, [], quick[2], deep=False)
    thread = threading.Thread(target=lambda: result.update(deep=_safe(deep_problem, store)), daemon=True)
    thread.start()
    problems = guarded("the journal", lambda: _witness(store))
    notes = [w for w in store.warnings if w not in store.open_problems]
    try:
        notes += _unsigned_notes(store) if user_version(conn) >= 5 else []
    except (sqlite3.Error, *UNREADABLE):
        pass
    rows, first_bad, devices, more = _check(store, rulesets)
    problems += more
    if store.open_damage and store.open_damage not in problems:
        problems.insert(0, store.open_damage)
    thread.join()
    damage = result.get("deep")  # what the deep check found, or None
    integrity = "ok" if damage is None else damage
    if damage is not None and damage not in problems:
        problems.insert(0, damage)
    if against_backups:
        problems += [p for p in guarded("the backups", lambda: _backup_problems(store)) if p not in problems]
    if user_version(conn) >= 5 and not problems and first_bad is None:
        problems += _digest_problems(store)  # what the deep checks cannot see (rows of different tables reordered)
    total = len(rows) if rows else _count(conn)
    ok = not problems and first_bad is None
    return VerifyReport(ok, total, devices, integrity, first_bad, problems, notes)


def _quick(store: Store, against_backups: bool, witness: bool) -> tuple[int, int, list[str]] | None:
    """(events, devices, notes) when every quick check passes: the signed digest of every row, the other devices'
    signatures, the projections, the journal (``witness``) and the backups. None: something is wrong (or there is no
    signed digest to check), and the deep checks run."""
    conn = store.conn
    try:
        if user_version(conn) < 5:
            return None
        if _digest_problems(store) or head_problems(store) or (witness and _witness(store)):
            return None
        key = conn.execute("SELECT 1 FROM device_keys WHERE device_id = ?", (store.device_id,)).fetchone()
        if key is None and conn.execute("SELECT 1 FROM events LIMIT 1").fetchone() is not None:
            return None  # no signed digest to check the rows against
        pending = store.get_meta("adopt_pending") is not None
        if projection_problems(conn, legacy_pending=pending) or venue_problems(conn):
            return None
        if against_backups and _backup_problems(store):
            return None
        events = _count(conn)
        devices = int(conn.execute("SELECT count(DISTINCT device_id) FROM events").fetchone()[0])
        notes = [w for w in store.warnings if w not in store.open_problems] + _unsigned_notes(store)
    except (sqlite3.Error, StoreError, *UNREADABLE):
        return None  # the deep checks say what it is
    return events, devices, notes


# what a writable open puts right itself, before anything else is written (refapp.store.opening._sign)
UNSIGNED = ("this device: its chain carries no signature", "this device has signed no digest of its stored rows")


def row_damage(store: Store, rulesets: Mapping[str, RuleSet] | None = None, signatures: bool = True) -> list[str]:
    """Every damaged row and projection, named ([] when none): the quick checks (the signed digest of every row, the
    signed heads, the projections), and only when they find something, the deep checks that name it. What verify
    checks besides (the file itself, the journal, the backups) is left to the caller. A chain that is not signed yet
    is no damage here (a writable open signs it). ``signatures=False``: the deep checks of the rows and projections
    only (a database that lost its newest events differs from its signatures, and its rows may all be sound)."""
    if signatures and _quick(store, against_backups=False, witness=False) is not None:
        return []
    rows, first_bad, _, problems = _check(store, rulesets, heads=signatures)
    if signatures and not problems and first_bad is None and user_version(store.conn) >= 5:
        problems = _digest_problems(store)
    return [p for p in problems if p not in UNSIGNED]


def _digest_problems(store: Store) -> list[str]:
    try:
        key = store.conn.execute("SELECT key FROM device_keys WHERE device_id = ?", (store.device_id,)).fetchone()
        found = check(store.conn, store.device_id, key[0] if key else None)
    except (sqlite3.Error, *UNREADABLE) as exc:
        return [f"the stored rows cannot all be read ({exc})"]
    if not found.signed:
        return ["this device has signed no digest of its stored rows"] if key else []
    return [] if found.ok else [found.problem]


def _unsigned_notes(store: Store) -> list[str]:
    """Devices whose events carry no signature, and devices seen whose signed events are not all merged here."""
    return device_notes(store)


def _witness(store: Store) -> list[str]:
    """The journal against the database (what every open checks; read again, so a store opened for writing is
    checked as it is now)."""
    try:
        found = witness_problem(store.conn, store.path.parent, store.path)
    except (JournalError, sqlite3.Error, UnicodeDecodeError) as exc:
        return [f"the journal cannot be compared with the database: {exc}"]
    if found is None:
        return []
    return [str(found) if isinstance(found, DamagedDatabase) else str(DamagedDatabase(store.path, found))]


def _safe(fn: Any, store: Store, skip: tuple[str, ...] = ()) -> str | None:
    try:
        return fn(store.path, skip=skip)
    except (sqlite3.Error, OSError) as exc:
        return str(exc)


def _count(conn: sqlite3.Connection) -> int:
    try:
        return int(conn.execute("SELECT count(*) FROM events").fetchone()[0])
    except (sqlite3.Error, UnicodeDecodeError):
        return 0


def _backup_problems(store: Store) -> list[str]:
    return backup_problems(store.conn, store.path.parent, store.device_id)


def _check(
    store: Store, rulesets: Mapping[str, RuleSet] | None, heads: bool = True
) -> tuple[list[tuple[Any, ...]], BadRow | None, int, list[str]]:
    """The deep checks (every row: :func:`refapp.store.rowchecks.check_rows`), the projections against their
    events, every device's signed head and this device's id against its chain."""
    conn = store.conn
    try:
        rows, first_bad, devices, problems = check_rows(store, rulesets)
    except DamagedDatabase as exc:
        return [], None, 0, [exc.detail]
    if user_version(conn) >= 4:
        pending = store.get_meta("adopt_pending") is not None
        problems += guarded("the projections", lambda: projection_problems(conn, legacy_pending=pending))
        if user_version(conn) >= 5:
            problems += guarded("the venue's projections", lambda: venue_problems(conn))
            problems += guarded("the signed heads", lambda: head_problems(store)) if heads else []
        if not pending and not any(r[TYPE] == "device" and r[DEVICE] == store.device_id for r in rows):
            problems.append(f"this database's device id {store.device_id} has no device event in its chain")
    return rows, first_bad, devices, problems
