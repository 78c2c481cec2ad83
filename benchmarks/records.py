"""Benchmark: the head referee's read models over 40 tables and 100,000 stored events — each player's record across
the tournament (``refapp records``, the dashboard), the open calls, and what a ruling records of the player's other
tables (``elsewhere``: read on every preview of a ruling).

Run from the repo root:  .venv/bin/python benchmarks/records.py

The store: one tournament of 40 tables of 2,500 events each (the tables of ``benchmarks/history.py``: many hanchans
under every shipped rule set, hands, incidents, some voided), stored as the app stores them; the 160 seats are 40
players, each at 4 tables (so a player's incidents are spread over tables), and 5 tables have called the referee.
Medians of 5 runs. The baseline is the history read model's own query of the same incidents (every incident of the
tournament, one indexed query), the floor the records stand on.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _fill import fill  # noqa: E402
from _report import emit  # noqa: E402
from history import build_table  # noqa: E402

from refapp.store import calls, history, records  # noqa: E402
from refapp.store.opening import open_store
from refapp.store.rulesets import load_catalog  # noqa: E402
from refapp.store.tablebook import TableBook  # noqa: E402

N_TABLES = 40
PER_TABLE = 2_500
RUNS = 5
GOALS_MS = {"records": 500.0, "calls": 20.0, "elsewhere": 16.0}


def median_ms(fn: Any) -> tuple[float, Any]:
    times, out = [], None
    for _ in range(RUNS):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000, out


def main() -> None:
    rulesets = load_catalog().rulesets
    players = [[f"P{(t + s) % N_TABLES:02d}" for s in (0, 10, 20, 30)] for t in range(N_TABLES)]
    logs = [build_table(PER_TABLE, players[t], rulesets, seed=t + 1) for t in range(N_TABLES)]
    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(Path(tmp))
        tid = store.create_tournament("World Riichi Open")
        tables = [store.create_table(tid, t + 1) for t in range(N_TABLES)]
        for name in sorted({p for ps in players for p in ps}):
            store.add_player(tid, name)
        n = fill(store, tables, [[e for e, _, _ in log] for log in logs], rulesets)
        for t in tables[:5]:
            calls.call_referee(store, tid, t.table_id)
        book = TableBook(store, tables[0], rulesets)
        st = book.state
        seat = 0
        player = st.seats[seat].player
        incidents = len(history.query(store, tournament=tid, include_voided=True, limit=None))
        print(f"store: {n:,} events, {incidents:,} incidents, 1 tournament, {N_TABLES} tables, 40 players")

        base_ms, _ = median_ms(lambda: history.query(store, tournament=tid, include_voided=True, limit=None))
        all_ms, rec = median_ms(lambda: records.records(store, rulesets, tid))
        one_ms, _ = median_ms(lambda: records.records(store, rulesets, tid, player))
        calls_ms, found = median_ms(lambda: calls.calls(store, tid))
        assert len(found) == 5
        away_ms, away = median_ms(
            lambda: records.elsewhere(
                store,
                rulesets,
                tournament_id=tid,
                table_id=tables[0].table_id,
                player=player,
                ruleset=st.ruleset,
                session=st.session,
            )  # fmt: skip
        )
        print(f"       {player} at table 1: {away or 'nothing'} elsewhere; {len(rec.players)} players' records")
        print()
        print(f"baseline: the tournament's incidents (history query)  median {base_ms:7.1f} ms")
        print(f"every player's record (refapp records, the desk)       median {all_ms:7.1f} ms   goal ≤ "
              f"{GOALS_MS['records']:g} ms")  # fmt: skip
        print(f"one player's record                                    median {one_ms:7.1f} ms")
        print(f"the open calls (5 of 40 tables)                        median {calls_ms:7.1f} ms   goal ≤ "
              f"{GOALS_MS['calls']:g} ms")  # fmt: skip
        print(f"elsewhere, read on every preview of a ruling           median {away_ms:7.1f} ms   goal ≤ "
              f"{GOALS_MS['elsewhere']:g} ms")  # fmt: skip
        store.close()
    emit(
        "records",
        [
            ("every player's record, 40 tables / 100,000 events", f"{all_ms:.0f} ms",
             f"≤ {GOALS_MS['records']:g} ms", all_ms <= GOALS_MS["records"]),
            ("  one player's record", f"{one_ms:.0f} ms", "", None),
            ("  baseline: the tournament's incidents (one query)", f"{base_ms:.0f} ms", "", None),
            ("the open calls", f"{calls_ms:.1f} ms", f"≤ {GOALS_MS['calls']:g} ms", calls_ms <= GOALS_MS["calls"]),
            ("a ruling's counts at other tables (each preview)", f"{away_ms:.1f} ms",
             f"≤ {GOALS_MS['elsewhere']:g} ms", away_ms <= GOALS_MS["elsewhere"]),
        ],
    )  # fmt: skip


if __name__ == "__main__":
    main()
