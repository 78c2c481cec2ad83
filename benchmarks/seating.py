"""Benchmark: the seating plan (refapp/domain/seating.py) against the issue's goals.

Run from the repo root:  .venv/bin/python benchmarks/seating.py

* 32 players x 7 sessions, seeds 1 to 5: pairs meeting twice (goal: none) and the most times a player sits the same
  wind (goal: 2 at most), with the time to make each plan;
* 200 players x 8 sessions, seeds 1 to 5: pairs meeting twice (goal: none) and the time to make the plan (goal:
  2 s at most, the slowest of the five);
* the next session by the standings for 200 players after those 8 sessions (time, pairs meeting again).

The same seed makes the same plan on any machine (the search counts steps, not seconds), so the pairs and winds are
the same on every run; only the times depend on the machine.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _report import emit  # noqa: E402

from refapp.domain.seating import make_plan, next_by_standings, quality  # noqa: E402

SEEDS = range(1, 6)


def timed(players: int, sessions: int, seed: int) -> tuple[float, list]:
    names = [f"Player {i:03d}" for i in range(players)]
    start = time.perf_counter()
    plan = make_plan(names, sessions, seed)
    return time.perf_counter() - start, plan


def main() -> None:
    rows: list[tuple[str, str, str, bool | None]] = []
    worst_pairs = worst_wind = 0
    worst_time = 0.0
    for seed in SEEDS:
        took, plan = timed(32, 7, seed)
        q = quality(plan)
        print(f"32 x 7, seed {seed}: {q.repeat_pairs} pair(s) meeting twice, most same wind {q.max_same_wind}, "
              f"{took:.2f} s")  # fmt: skip
        worst_pairs, worst_wind = max(worst_pairs, q.repeat_pairs), max(worst_wind, q.max_same_wind)
        worst_time = max(worst_time, took)
    rows.append(("32x7 pairs meeting twice (worst of 5 seeds)", str(worst_pairs), "0", worst_pairs == 0))
    rows.append(("32x7 most times the same wind (worst)", str(worst_wind), "<= 2", worst_wind <= 2))
    rows.append(("32x7 time to make (slowest)", f"{worst_time:.2f} s", "", None))
    worst_pairs, worst_time = 0, 0.0
    last = []
    for seed in SEEDS:
        took, plan = timed(200, 8, seed)
        q = quality(plan)
        print(f"200 x 8, seed {seed}: {q.repeat_pairs} pair(s) meeting twice, most same wind {q.max_same_wind}, "
              f"{took:.2f} s")  # fmt: skip
        worst_pairs, worst_time = max(worst_pairs, q.repeat_pairs), max(worst_time, took)
        last = plan
    rows.append(("200x8 pairs meeting twice (worst of 5 seeds)", str(worst_pairs), "0", worst_pairs == 0))
    rows.append(("200x8 time to make (slowest)", f"{worst_time:.2f} s", "<= 2 s", worst_time <= 2.0))
    ranked = [f"Player {i:03d}" for i in range(200)]
    start = time.perf_counter()
    nxt = next_by_standings(ranked, last)
    took = time.perf_counter() - start
    again = quality([*last, nxt]).repeat_pairs
    print(f"200 players, session 9 by the standings: {again} pair(s) meeting twice, {took:.2f} s")
    rows.append(("200 next session by standings", f"{took:.2f} s, {again} again", "", None))
    emit("seating", rows)


if __name__ == "__main__":
    main()
