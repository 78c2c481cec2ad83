"""Benchmark: parse and fold a 100,000-event table log.

Run from the repo root:  .venv/bin/python benchmarks/replay.py

Builds a valid log in memory (many hanchans under every shipped rule set in turn: riichi, ron, multiple ron, tsumo,
exhaustive and abortive draws, time-limit ends), writes nothing to disk, then times, 3 times each:

* parse: ``parse_log({"events": [...]})`` over the 100,000 event dicts;
* fold:  ``replay(events, rulesets)``;
* total: parse + fold;
* baseline: a trivial Python loop summing one field over the same 100,000 dicts, to compare machines;
* and, as a diagnostic, parse + fold again with the cyclic garbage collector disabled.
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _report import emit  # noqa: E402

from refapp.domain.events import parse_event, parse_log  # noqa: E402
from refapp.domain.ledger import Ledger, replay  # noqa: E402
from refapp.store.rulesets import load_catalog  # noqa: E402

N_EVENTS = 100_000
REPEATS = 3
GOAL_SECONDS = 0.5  # issue 28
AT = "2026-11-22T10:00:00+01:00"
PLAYERS = ["Ann", "Bob", "Cyd", "Dan"]
LIMITS = ("mangan", "haneman", "baiman", "sanbaiman", "yakuman")


def _value(rng: random.Random) -> dict[str, Any]:
    roll = rng.random()
    if roll < 0.70:
        han = rng.randint(1, 4)
        return {"han": han, "fu": rng.choice((30, 40, 50, 25) if han >= 2 else (30, 40, 50))}
    if roll < 0.90:
        return {"limit": rng.choice(LIMITS)}
    return {"points": rng.randint(10, 80) * 100}


def build_log(n: int, seed: int = 1) -> list[dict[str, Any]]:
    """A valid log of exactly ``n`` event dicts, deterministic for a seed (a ledger is stepped along to stay valid)."""
    rng = random.Random(seed)
    rulesets = load_catalog().rulesets
    ids = sorted(rulesets)
    ledger = Ledger(rulesets)
    events: list[dict[str, Any]] = []
    hanchan = 0

    def push(data: dict[str, Any]) -> None:
        data = {"id": f"e{len(events)}", "at": AT, "by": "bench", **data}
        ledger.apply(parse_event(data, len(events)), len(events))
        events.append(data)

    while len(events) < n:
        st = ledger.state
        if not st.started or st.game_over:
            players = PLAYERS[hanchan % 4 :] + PLAYERS[: hanchan % 4]
            push({"type": "hanchan_start", "players": players, "ruleset": ids[hanchan % len(ids)]})
            hanchan += 1
            continue
        rs = st.ruleset
        assert rs is not None
        free = [s for s in range(4) if not st.seats[s].riichi]
        roll = rng.random()
        if free and roll < 0.30:
            push({"type": "riichi", "seat": rng.choice(free)})
        elif roll < 0.62:
            seats = rng.sample(range(4), 2 if rng.random() < 0.08 else 1)
            discarder = rng.choice([s for s in range(4) if s not in seats])
            winners = [{"seat": s, **_value(rng)} for s in seats]
            push({"type": "win", "kind": "ron", "discarder": discarder, "winners": winners})
        elif roll < 0.82:
            push({"type": "win", "kind": "tsumo", "winners": [{"seat": rng.randrange(4), **_value(rng)}]})
        elif roll < 0.99 or not rs.scoring.abortive_draws:
            tenpai = [s for s in range(4) if rng.random() < 0.5]
            push({"type": "draw", "tenpai": tenpai})
        else:
            push({"type": "draw", "kind": "abortive", "reason": "four winds"})
        if len(events) < n and rng.random() < 0.01 and not ledger.state.game_over:
            push({"type": "hanchan_end", "reason": "time limit"})
    assert len(events) == n
    return events


def _baseline(dicts: list[dict[str, Any]]) -> int:
    total = 0
    for d in dicts:
        total += d.get("seat", 0)
    return total


def _time(fn: Any, *args: Any) -> tuple[float, Any]:
    t0 = time.perf_counter()
    out = fn(*args)
    return time.perf_counter() - t0, out


def main() -> None:
    t_build, dicts = _time(build_log, N_EVENTS)
    rulesets = load_catalog().rulesets
    kinds: dict[str, int] = {}
    for d in dicts:
        kinds[d["type"]] = kinds.get(d["type"], 0) + 1
    print(f"log: {len(dicts):,} events built in {t_build:.2f} s (not timed below): ", end="")
    print(", ".join(f"{k} {v:,}" for k, v in sorted(kinds.items())))

    rows: dict[str, list[float]] = {"parse": [], "fold": [], "total": [], "baseline": []}
    no_gc: list[float] = []
    final = None
    for _ in range(REPEATS):
        final = None
        gc.collect()  # each run starts from the same heap: only the event dicts alive
        t_parse, log = _time(parse_log, {"events": dicts})
        t_fold, final = _time(replay, log.events, rulesets)
        t_base, _ = _time(_baseline, dicts)
        rows["parse"].append(t_parse)
        rows["fold"].append(t_fold)
        rows["total"].append(t_parse + t_fold)
        rows["baseline"].append(t_base)
        del log
    for _ in range(REPEATS):  # diagnostic: the same work with the cyclic garbage collector off
        gc.collect()
        gc.disable()
        try:
            t_parse, log = _time(parse_log, {"events": dicts})
            t_fold, _ = _time(replay, log.events, rulesets)
        finally:
            gc.enable()
        no_gc.append(t_parse + t_fold)
        del log
    assert final is not None

    print()
    print(f"{'':14} {'best':>10} {'median':>10}   ({REPEATS} runs)")
    for name, times in rows.items():
        print(f"{name:14} {min(times):>9.3f}s {statistics.median(times):>9.3f}s")
    best_ratio = min(rows["total"]) / min(rows["baseline"])
    median_ratio = statistics.median(rows["total"]) / statistics.median(rows["baseline"])
    print(f"{'ratio':14} {best_ratio:>9.0f}x {median_ratio:>9.0f}x   (total / baseline)")
    print(f"{'total, gc off':14} {min(no_gc):>9.3f}s {statistics.median(no_gc):>9.3f}s   (as `refapp replay` runs)")
    print()
    median_total = statistics.median(rows["total"])
    median_cli = statistics.median(no_gc)
    per_event = median_cli / N_EVENTS * 1e6
    met = median_cli <= GOAL_SECONDS
    verdict = "met" if met else "NOT met"
    print(
        f"goal: replay {N_EVENTS:,} events ≤ {GOAL_SECONDS:g} s — {verdict} for `refapp replay` "
        f"(median {per_event:.1f} µs/event); the app's rebuild (collector paused during the work only): "
        f"{median_total:.2f} s"
    )
    print(f"final state: hanchan {final.hanchan}, game over: {final.game_over}")
    emit(
        "replay",
        [
            (
                f"refapp replay of {N_EVENTS:,} events (parse + fold), median",
                f"{median_cli:.2f} s",
                f"≤ {GOAL_SECONDS:g} s",
                met,
            ),
            ("  the same inside the app (collector on afterwards)", f"{median_total:.2f} s", "", None),
            (
                "  of which parse / fold",
                f"{statistics.median(rows['parse']):.2f} / {statistics.median(rows['fold']):.2f} s",
                "",
                None,
            ),
            ("  ratio to a bare loop over the same dicts", f"{median_ratio:.0f}×", "", None),
        ],
    )


if __name__ == "__main__":
    main()
