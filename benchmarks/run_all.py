"""Run every benchmark and print one table of figures, goals and verdicts.

    .venv/bin/python benchmarks/run_all.py      # each benchmark's own full output is kept in benchmarks/out/

Each benchmark runs in its own process (cold start and memory are measured cleanly) and ends with one
``RESULTS {...}`` line (see _report.py). Every figure is measured on this machine in this run, with the baseline each
benchmark measures alongside (a bare PySide6 window, a bare loop, a bare query, a bare shanten call).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCHMARKS = ["ui.py", "replay.py", "history.py", "store.py", "hands.py", "standings.py",
              "standings.py --tables 75 --events 4000", "sync.py", "sync.py --devices 75 --events 4000", "stall.py",
              "records.py", "desk.py", "desk_venue.py", "desk_venue.py --devices 75 --events 4000", "hostile_sync.py",
              "seating.py", "codecs.py"]  # fmt: skip
# (the 300,000-event runs: a tournament of 75 tables, a venue of 75 tablets; about a third of the whole run's time)


def run(script: str) -> tuple[dict | None, float, str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONUNBUFFERED": "1"}
    start = time.perf_counter()
    name, *args = script.split()
    proc = subprocess.run(
        [sys.executable, str(HERE / name), *args], capture_output=True, text=True, env=env, cwd=HERE.parent
    )
    elapsed = time.perf_counter() - start
    out_dir = HERE / "out"
    out_dir.mkdir(exist_ok=True)
    stem = "-".join([Path(name).stem, *(a.lstrip("-") for a in args)])
    (out_dir / f"{stem}.txt").write_text(proc.stdout + proc.stderr, encoding="utf-8")
    results = None
    for line in proc.stdout.splitlines():
        if line.startswith("RESULTS "):
            results = json.loads(line[len("RESULTS ") :])
    problem = "" if proc.returncode == 0 else f"exit {proc.returncode}: {proc.stderr.strip().splitlines()[-1:]}"
    return results, elapsed, problem


def main() -> int:
    rows: list[list] = []
    failures = []
    loads = []  # the machine's load average (1 minute) as each benchmark starts, and at the end
    for script in BENCHMARKS:
        print(f"running {script} ...", file=sys.stderr, flush=True)
        loads.append(os.getloadavg()[0])
        results, elapsed, problem = run(script)
        if results is None:
            failures.append(f"{script}: no results ({problem or 'no RESULTS line'})")
            continue
        for measure, figure, goal, met in results["rows"]:
            rows.append([results["benchmark"], measure, figure, goal, met])
        print(f"  done in {elapsed:.0f} s", file=sys.stderr)
    width = max((len(r[1]) for r in rows), default=40)
    print(f"{'benchmark':9}  {'measure':{width}}  {'figure':>22}  {'goal':>16}  verdict")
    for bench, measure, figure, goal, met in rows:
        verdict = "" if met is None else ("met" if met else "NOT MET")
        print(f"{bench:9}  {measure:{width}}  {figure:>22}  {goal:>16}  {verdict}")
    for f in failures:
        print(f"FAILED {f}")
    loads.append(os.getloadavg()[0])
    print(
        f"\nthe machine: {os.cpu_count()} CPUs; load average (1 min) as each benchmark started "
        f"{min(loads):.2f} to {max(loads):.2f}, {loads[-1]:.2f} at the end (these benchmarks load it themselves)"
    )
    met_n = sum(1 for r in rows if r[4] is True)
    missed = sum(1 for r in rows if r[4] is False)
    print(f"\n{met_n} goals met, {missed} not met" + (f", {len(failures)} benchmark(s) failed" if failures else ""))
    return 0 if missed == 0 and not failures else 1


if __name__ == "__main__":
    raise SystemExit(main())
