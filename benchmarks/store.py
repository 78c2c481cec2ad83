"""Benchmark: the checks a writable open runs before anything is written, and ``verify``, on 100,000 stored events.

Run from the repo root:  .venv/bin/python benchmarks/store.py [KEEP_DIR]

Builds the store of ``benchmarks/history.py`` (100,000 valid events on 10 tables, two tournaments, every shipped rule
set, incidents, voids), stored as the app stores them (:mod:`_fill`), then prints against the goals:

* open: ``open_store`` of the folder (the lock, the file's header, the schema version against the tables, every
  index's entries against its table's rows, the journal's newest line against the database's), median of 10 opens;
  and, for information, how long the full check (``integrity_check`` and the UTF-8 check) that the first write waits
  for runs in the background;
* verify: ``verify`` of the read-only store as ``refapp verify`` runs it (every row against this device's signed
  digest, every device's signature, the projections, the witnesses, the integrity check in a parallel thread), median
  of 3; the command ``refapp verify`` as a user runs it (a new process: Python's start and the imports included);
  and, for information, ``--deep`` (every chain recomputed, every table replayed to derive every column again);
* baselines measured in the same run: a bare ``sqlite3.connect`` + ``SELECT count(*)``, SQLite's ``quick_check`` and
  ``integrity_check`` alone, and a bare replay of every table (what ``refapp replay`` does for the same events).
"""

from __future__ import annotations

import gc
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _fill import fill  # noqa: E402
from _report import emit  # noqa: E402
from history import BIG_TOURNAMENT_TABLES, TABLE_SIZES, build_table  # noqa: E402

from refapp.domain.events import parse_events  # noqa: E402
from refapp.domain.ledger import replay  # noqa: E402
from refapp.store.db import DB_NAME  # noqa: E402
from refapp.store.opening import open_store
from refapp.store.rulesets import load_catalog  # noqa: E402
from refapp.store.verify import verify as verify_store

GOALS = {"open_ms": 150.0, "verify_s": 1.0}


def build(folder: Path, rulesets) -> int:
    players = [[f"P{t + 1:02d}{k}" for k in "abcd"] for t in range(len(TABLE_SIZES))]
    logs = [build_table(n, players[t], rulesets, seed=t + 1) for t, n in enumerate(TABLE_SIZES)]
    store = open_store(folder)
    big = store.create_tournament("Paris Riichi Open")
    small = store.create_tournament("Lyon Club Night")
    tables = []
    for t in range(len(TABLE_SIZES)):
        tid = big if t < BIG_TOURNAMENT_TABLES else small
        tables.append(store.create_table(tid, t + 1 if t < BIG_TOURNAMENT_TABLES else t - BIG_TOURNAMENT_TABLES + 1))
        for name in players[t]:
            store.add_player(tid, name, federation_id=f"EMA-{name}")
    n = fill(store, tables, [[e for e, _, _ in log] for log in logs], rulesets)
    store.close()
    return n


def bare_replay(conn: sqlite3.Connection, rulesets) -> float:
    """A plain replay of every table (parse + fold, as ``refapp replay`` does), median of 3."""
    logs = []
    for (table_id,) in conn.execute("SELECT id FROM game_tables").fetchall():
        rows = conn.execute("SELECT payload FROM events WHERE table_id = ? ORDER BY seq", (table_id,)).fetchall()
        logs.append(json.loads("[" + ",".join(r[0] for r in rows) + "]"))
    gc.disable()
    try:
        t, _ = median_time(lambda: [replay(parse_events(log), rulesets) for log in logs], 3)
    finally:
        gc.enable()
    return t


def median_time(fn, runs: int) -> tuple[float, list[float]]:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), times


def main() -> None:
    rulesets = load_catalog().rulesets
    keep = sys.argv[1] if len(sys.argv) > 1 else None
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(keep or tmp)
        t0 = time.perf_counter()
        n = build(folder, rulesets)
        gc.collect()
        db = folder / DB_NAME
        size = db.stat().st_size
        print(f"store: {n:,} events in {len(TABLE_SIZES)} tables, database {size / 1e6:.0f} MB "
              f"(built in {time.perf_counter() - t0:.0f} s, not timed)")  # fmt: skip

        # -- baselines ------------------------------------------------------------------------------------------
        def bare() -> None:
            c = sqlite3.connect(db)
            c.execute("SELECT count(*) FROM events").fetchone()
            c.close()

        t_bare, _ = median_time(bare, 10)
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        t_quick, _ = median_time(lambda: conn.execute("PRAGMA quick_check").fetchall(), 3)
        t_integrity, _ = median_time(lambda: conn.execute("PRAGMA integrity_check").fetchall(), 3)
        t_replay = bare_replay(conn, rulesets)
        conn.close()
        print(f"baseline: sqlite3.connect + SELECT count(*)        {t_bare * 1000:8.1f} ms")
        print(f"          PRAGMA quick_check                       {t_quick * 1000:8.1f} ms")
        print(f"          PRAGMA integrity_check                   {t_integrity * 1000:8.1f} ms")
        print(f"          replay of every table (parse + fold)     {t_replay * 1000:8.1f} ms")

        # -- open -----------------------------------------------------------------------------------------------
        opens, checks = [], []
        for _ in range(10):
            t1 = time.perf_counter()
            store = open_store(folder)
            t2 = time.perf_counter()
            store.wait_for_check()
            t3 = time.perf_counter()
            store.close()
            opens.append(t2 - t1)
            checks.append(t3 - t1)
        t_open = statistics.median(opens)
        t_check = statistics.median(checks)
        print()
        verdict = "met" if t_open * 1000 <= GOALS["open_ms"] else "NOT met"
        print(
            f"open (checks before any write), median of 10    {t_open * 1000:8.1f} ms   "
            f"goal ≤ {GOALS['open_ms']:g} ms: {verdict}  ({t_open / t_bare:.1f}x the bare open)"
        )
        print(f"  full check in the background, done after       {t_check * 1000:8.1f} ms", end="")
        print("   (the first write waits for it)")

        # -- verify ---------------------------------------------------------------------------------------------
        def verify(deep: bool = False) -> None:
            reader = open_store(folder, read_only=True)
            try:
                report = verify_store(reader, rulesets, deep=deep)
                assert report.ok, report.message()
            finally:
                reader.close()

        gc.collect()
        t_verify, runs = median_time(verify, 3)
        t_deep, _ = median_time(lambda: verify(deep=True), 1)
        env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
        t1 = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, "-m", "refapp", "--data-dir", str(folder), "verify"],
            capture_output=True,
            text=True,
            env=env,
        )
        t_cli = time.perf_counter() - t1
        print()
        verdict = "met" if t_verify <= GOALS["verify_s"] else "NOT met"
        print(
            f"verify {n:,} events (verify), median of 3  {t_verify:8.2f} s    goal ≤ {GOALS['verify_s']:g} s: "
            f"{verdict}  (runs: {', '.join(f'{x:.2f}' for x in runs)})"
        )
        print(
            f"  refapp verify (a new process, imports included) {t_cli:8.2f} s    exit {proc.returncode}: "
            f"{proc.stdout.splitlines()[0] if proc.stdout else proc.stderr.strip()[-200:]}"
        )
        print(f"  = {t_verify / t_integrity:.1f}x integrity_check alone, {t_verify / t_replay:.1f}x a bare replay")
        print(f"  refapp verify --deep (every chain recomputed, every table replayed)  {t_deep:8.2f} s")
        emit(
            "store",
            [
                (f"open of the {n // 1000}k store (checks before any write)", f"{t_open * 1000:.0f} ms",
                 f"≤ {GOALS['open_ms']:g} ms", t_open * 1000 <= GOALS["open_ms"]),
                ("  full check in the background (first write waits)", f"{t_check * 1000:.0f} ms", "", None),
                (f"verify {n:,} events", f"{t_verify:.2f} s", f"≤ {GOALS['verify_s']:g} s",
                 t_verify <= GOALS["verify_s"]),
                ("  refapp verify, new process", f"{t_cli:.2f} s", "", None),
                ("  verify --deep (every table replayed, information)", f"{t_deep:.2f} s", "", None),
                ("  baselines: integrity_check / bare replay", f"{t_integrity:.2f} / {t_replay:.2f} s", "", None),
            ],
        )  # fmt: skip


if __name__ == "__main__":
    main()
