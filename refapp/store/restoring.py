"""Recovery of a data folder (see :mod:`refapp.store.backup` for what it promises).

The result is built in a new file next to the database (``refapp.sqlite3.recovering``), checked, and only then put
in the database's place; the damaged files were copied aside first and the old WAL is moved with them (it must not
be applied to the new file).
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .backup import RecoveryReport, backups, keep_aside
from .chain import GENESIS, hash_of
from .db import StoreError
from .lock import FolderLock, LockHeld
from .paths import DB_NAME
from .recovery import LineError, derive_rows, describe, describe_rows, insert_rows
from .schema import SCHEMA_VERSION, migrate, user_version
from .witness import JournalError, check_chain, journals, read_lines


def _journal(folder: Path) -> tuple[str | None, list[dict[str, Any]]]:
    """The device id and lines of the folder's journal (the one with the most lines when several)."""
    best: tuple[str | None, list[dict[str, Any]]] = (None, [])
    for path in journals(folder):
        try:
            lines = list(read_lines(path))
        except JournalError:
            continue
        if len(lines) > len(best[1]):
            best = (path.stem, lines)
    return best


def chain_problem(conn: sqlite3.Connection) -> str | None:
    """The first broken link or hash of any device's chain, or None."""
    from .chain import COLUMNS

    cols = ["seq", *COLUMNS]
    names = ", ".join(f'"{c}"' if c == "after" else c for c in cols)
    has_v = {r[1] for r in conn.execute("PRAGMA table_info(events)")} >= {"hash_v", "after"}
    if not has_v:
        names = names.replace(', hash_v, "after"', ", 1, NULL")
    last: dict[str, tuple[int, str]] = {}
    for r in conn.execute(f"SELECT {names} FROM events ORDER BY device_id, device_seq"):
        row = dict(zip(cols, r))
        seq, h = last.get(row["device_id"], (0, GENESIS))
        if row["device_seq"] != seq + 1 or row["prev_hash"] != h or hash_of(row) != row["hash"]:
            return f"device {row['device_id']} #{row['device_seq']} (seq {row['seq']}): its chain is broken"
        last[row["device_id"]] = (row["device_seq"], row["hash"])
    return None


def _candidate_problem(path: Path, device_id: str | None, lines: list[dict[str, Any]]) -> str | None:
    """Why ``path`` cannot be the base of a recovery (integrity, chains, not a prefix of the journal), or None."""
    from .checks import deep_problem, fast_problem, header_problem

    problem = header_problem(path)
    if problem:
        return problem
    backup = path.name != DB_NAME
    problem = deep_problem(path, immutable=backup)
    if problem:
        return problem
    conn = sqlite3.connect(f"file:{path}?mode=ro" + ("&immutable=1" if backup else ""), uri=True)
    try:
        problem = fast_problem(conn) or chain_problem(conn)
        if problem:
            return problem
        owner = conn.execute("SELECT value FROM meta WHERE key = 'device_id'").fetchone()
        if device_id and owner and owner[0] != device_id:
            return f"it is the database of device {owner[0]}, not of this folder's journal ({device_id})"
        if device_id and lines:
            row = conn.execute(
                "SELECT device_seq, hash FROM events WHERE device_id = ? ORDER BY device_seq DESC LIMIT 1",
                (device_id,),
            ).fetchone()
            if row:
                at = next((x for x in lines if x["device_seq"] == row[0]), None)
                if at is None or at["hash"] != row[1]:
                    return "its history is not the journal's (another device, or a history that went another way)"
    except (sqlite3.Error, UnicodeDecodeError) as exc:
        return str(exc)
    finally:
        conn.close()
    return None


def _rows_of(path: Path) -> list[dict[str, Any]]:
    """Every event row still readable in ``path`` (for naming what a recovery drops), or []."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
        conn.text_factory = lambda b: b.decode("utf-8", "replace")
        try:
            cols = ["uuid", "device_id", "device_seq", "table_id", "payload", "round_wind", "hand_no", "player"]
            rows = [dict(zip(cols, r)) for r in conn.execute(f"SELECT {', '.join(cols)} FROM events ORDER BY seq")]
            numbers = dict(conn.execute("SELECT id, number FROM game_tables").fetchall())
        finally:
            conn.close()
    except (sqlite3.Error, UnicodeDecodeError):
        return []
    for r in rows:
        r["_numbers"] = numbers
    return rows


def recover_folder(folder: Path, rulesets: Mapping[str, Any] | None, use_current: bool) -> RecoveryReport:
    db = folder / DB_NAME
    lock = FolderLock(folder)
    try:
        lock.acquire()
    except LockHeld as exc:
        from .db import FolderInUse

        raise FolderInUse(folder, exc.pid) from None
    try:
        report = RecoveryReport()
        device_id, lines = _journal(folder)
        sources = [db] if db.exists() and db.stat().st_size else []
        base: Path | None = None
        if use_current and sources and _candidate_problem(db, device_id, lines) is None:
            base = db
        if base is None:
            for candidate in backups(folder):
                problem = _candidate_problem(candidate, device_id, lines)
                if problem is None:
                    base = report.backup = candidate
                    break
                report.skipped.append(f"{candidate.name}: {problem}")
                sources.append(candidate)
        if base is None and not lines:
            raise StoreError(
                f"No good backup in {folder / 'backups'} and no journal to recover from: the damaged database was "
                "left as it is.",
                "nothing_to_recover",
                folder=folder / "backups",
            )
        report.kept_aside = keep_aside(folder)
        if report.skipped:  # backups that failed the checks: kept with the damaged files, never used again
            aside = report.kept_aside or _aside_dir(folder)
            report.kept_aside = aside
            for path in sources[1 if sources and sources[0] == db else 0 :]:
                os.replace(path, aside / path.name)
            sources = [aside / p.name if p.parent.name == "backups" else p for p in sources]
        work = folder / (DB_NAME + ".recovering")
        for suffix in ("", "-wal", "-shm"):
            Path(f"{work}{suffix}").unlink(missing_ok=True)
        conn = sqlite3.connect(work, isolation_level=None)
        try:
            if base is not None:
                source = sqlite3.connect(f"file:{base}?mode=ro", uri=True)
                try:
                    source.backup(conn)
                finally:
                    source.close()
            conn.execute("PRAGMA journal_mode=WAL")
            if user_version(conn) < SCHEMA_VERSION:
                migrate(conn)
            if device_id:
                conn.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('device_id', ?)", (device_id,))
            stored = conn.execute("SELECT value FROM meta WHERE key = 'device_id'").fetchone()
            own = stored[0] if stored else device_id
            report.recovered = _insert_journal(conn, folder, own, lines if own == device_id else [], rulesets)
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            kept = {r[0] for r in conn.execute("SELECT uuid FROM events")}
        finally:
            conn.close()
        report.dropped = _dropped(sources, kept)
        for suffix in ("-wal", "-shm"):
            Path(f"{db}{suffix}").unlink(missing_ok=True)  # copied aside; never to be applied to the new file
        os.replace(work, db)
        for suffix in ("-wal", "-shm"):
            Path(f"{work}{suffix}").unlink(missing_ok=True)
        from .checks import DAMAGE_MARK

        (folder / DAMAGE_MARK).unlink(missing_ok=True)  # the damaged file is aside: the new one is checked at open
        return report
    finally:
        lock.release()


def _aside_dir(folder: Path) -> Path:
    from datetime import UTC, datetime

    from .backup import DAMAGED_PREFIX

    dest = folder / f"{DAMAGED_PREFIX}{datetime.now(UTC).strftime('%Y%m%dT%H%M%S%fZ')}"
    dest.mkdir()
    return dest


def _insert_journal(
    conn: sqlite3.Connection, folder: Path, device_id: str | None, lines: list[dict[str, Any]], rulesets: Any
) -> int:
    """Insert the journal's lines that follow the base's newest event of this device; return how many."""
    from .rulesets import load_catalog

    if not device_id or not lines:
        return 0
    row = conn.execute(
        "SELECT device_seq, hash FROM events WHERE device_id = ? ORDER BY device_seq DESC LIMIT 1", (device_id,)
    ).fetchone()
    seq, h = row if row else (0, GENESIS)
    newer = [x for x in lines if x["device_seq"] > seq]
    if not newer:
        return 0
    try:
        newer = check_chain(newer, seq, h, f"journal of device {device_id}")
    except JournalError as exc:
        raise StoreError(
            f"Cannot recover from the journal: {exc}. Nothing was changed.", "journal_unusable", reason=exc
        ) from None
    if rulesets is None:
        rulesets = load_catalog(folder / "rulesets").rulesets
    conn.execute("BEGIN IMMEDIATE")
    try:
        rows = derive_rows(conn, newer, rulesets)
        insert_rows(conn, rows)
        conn.execute("DELETE FROM meta WHERE key = 'adopt_pending'")
        _sign(conn, folder, device_id)
        conn.execute("COMMIT")
    except LineError as exc:
        conn.execute("ROLLBACK")
        reason = f"line #{newer[exc.index]['device_seq']}: {exc}"
        raise StoreError(
            f"Cannot recover from the journal: {reason}. Nothing was changed.", "journal_unusable", reason=reason
        ) from None
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return len(newer)


def _sign(conn: sqlite3.Connection, folder: Path, device_id: str) -> None:
    """Sign the recovered chain with this device's key (its events were signed before they were lost). Without a
    usable key nothing is signed here: the next open says what is wrong with the key."""
    from .devices import sign_chain
    from .digest import keep_up
    from .keys import KeyFileError, load_or_create

    if (folder / "device.key").exists():
        try:
            key = load_or_create(folder)
        except KeyFileError:
            return
        sign_chain(conn, device_id, key)
        conn.execute("DELETE FROM digest")  # the rows were put back: fold every one again, and sign
        keep_up(conn, device_id, key)


def _dropped(sources: list[Path], kept: set[str]) -> list[str]:
    """Events readable in the damaged database or in skipped backups that the result does not hold."""
    seen: set[str] = set()
    out: list[str] = []
    for path in sources:
        rows = [r for r in _rows_of(path) if r["uuid"] not in kept and r["uuid"] not in seen]
        if not rows:
            continue
        numbers = rows[0]["_numbers"]
        seen.update(r["uuid"] for r in rows)
        for d in describe_rows(rows, numbers):
            out.append(d["text"])
    return out


__all__ = ["chain_problem", "describe", "json", "recover_folder"]
