"""Benchmark: the hand checks on 10,000 random hands each (seeded).

Run from the repo root:  .venv/bin/python benchmarks/hands.py

Builds, in memory and untimed, 10,000 hands for each check (never more than four of a tile):

* waits: a random waiting shape (sets and a pair with one tile taken out, with 0-2 melds or concealed kans), or
  one time in four random tiles;
* kan: a closed riichi hand holding a concealed pung (sometimes with an earlier concealed kan), drawing the pung's
  fourth tile; timed under the ``waits`` rule and the ``strict`` rule;
* win: a complete hand (sometimes with a meld or a concealed kan), a random winning tile, ron or tsumo, riichi
  when closed, random winds, counters and a dora indicator;

then times every call one by one (from tile notation to result, parsing included) and prints the median (p50) and
the 99th percentile (p99) against the goal: p99 ≤ 5 ms, so a check can run live as the referee taps tiles. The
baseline, measured in the same run on the same waits hands, is a bare ``Shanten.calculate_shanten`` call.
"""

from __future__ import annotations

import gc
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _report import emit  # noqa: E402
from mahjong.shanten import Shanten  # noqa: E402

from refapp.domain.hands import (  # noqa: E402
    check_win,
    kan_after_riichi,
    parse_tiles,
    tile_name,
    tiles_notation,
    waits,
)

N = 10_000
SEED = 7
GOAL_MS = 5.0
WINDS = "ESWN"


class _Wall:
    """Tiles left for one hand: never a fifth copy."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.left = [4] * 34

    def take(self, tiles: list[int]) -> bool:
        need: dict[int, int] = {}
        for t in tiles:
            need[t] = need.get(t, 0) + 1
        if any(self.left[t] < n for t, n in need.items()):
            return False
        for t, n in need.items():
            self.left[t] -= n
        return True

    def block(self, pung_share: float = 0.4) -> list[int]:
        while True:
            if self.rng.random() < pung_share:
                t = self.rng.randrange(34)
                b = [t] * 3
            else:
                s = self.rng.randrange(3) * 9 + self.rng.randrange(7)
                b = [s, s + 1, s + 2]
            if self.take(b):
                return b

    def pair(self) -> list[int]:
        while True:
            t = self.rng.randrange(34)
            if self.take([t, t]):
                return [t, t]

    def single(self) -> int:
        while True:
            t = self.rng.randrange(34)
            if self.take([t]):
                return t

    def quad(self) -> int:
        while True:
            t = self.rng.randrange(34)
            if self.take([t] * 4):
                return t


def _set_notation(block: list[int]) -> str:
    return ("pon:" if block[0] == block[1] else "chi:") + tiles_notation(block)


def waits_cases(rng: random.Random) -> list[tuple[str, list[str], list[str]]]:
    out = []
    for _ in range(N):
        wall = _Wall(rng)
        n_sets = rng.choice((0, 0, 0, 1, 2))
        melds, kans = [], []
        for _ in range(n_sets):
            if rng.random() < 0.25:
                kans.append(tiles_notation([wall.quad()] * 4))
            else:
                melds.append(_set_notation(wall.block()))
        size = 13 - 3 * n_sets
        if rng.random() < 0.75:
            tiles = [t for _ in range(size // 3) for t in wall.block()] + wall.pair()
            wall.left[tiles.pop(rng.randrange(len(tiles)))] += 1
        else:
            tiles = [wall.single() for _ in range(size)]
        out.append((tiles_notation(tiles), melds, kans))
    return out


def kan_cases(rng: random.Random) -> list[tuple[str, str, list[str]]]:
    out = []
    while len(out) < N:
        wall = _Wall(rng)
        kans = [tiles_notation([wall.quad()] * 4)] if rng.random() < 0.2 else []
        size = 13 - 3 * len(kans)
        k = rng.randrange(34)
        if not wall.take([k] * 4):  # the pung and the fourth tile, drawn
            continue
        tiles = [k, k, k] + [t for _ in range(size // 3 - 1) for t in wall.block()] + wall.pair()
        drop = rng.randrange(3, len(tiles))  # take a tile out, not from the pung: a waiting riichi hand
        wall.left[tiles.pop(drop)] += 1
        out.append((tiles_notation(tiles), tile_name(k), kans))
    return out


def win_cases(rng: random.Random) -> list[dict[str, Any]]:
    out = []
    for _ in range(N):
        wall = _Wall(rng)
        melds, kans = [], []
        roll = rng.random()
        if roll < 0.2:
            melds.append(_set_notation(wall.block()))
        elif roll < 0.3:
            kans.append(tiles_notation([wall.quad()] * 4))
        size = 14 - 3 * (len(melds) + len(kans))
        tiles = [t for _ in range(size // 3) for t in wall.block()] + wall.pair()
        tsumo = rng.random() < 0.4
        out.append(
            {
                "tiles": tiles_notation(tiles),
                "win_tile": tile_name(rng.choice(tiles)),
                "melds": melds,
                "kans": kans,
                "tsumo": tsumo,
                "riichi": not melds and rng.random() < 0.5,
                "seat_wind": rng.choice(WINDS),
                "round_wind": rng.choice("ES"),
                "counters": rng.choice((0, 0, 1, 2, 5)),
                "two_yaku_at_five_counters": rng.random() < 0.5,
                "dora": tile_name(wall.single()),
            }
        )
    return out


def _percentiles(samples_ns: list[int]) -> tuple[float, float]:
    s = sorted(samples_ns)
    return s[len(s) // 2] / 1e6, s[min(len(s) - 1, int(len(s) * 0.99))] / 1e6


def _time_each(fn: Callable[[Any], Any], cases: list[Any]) -> tuple[list[int], list[Any]]:
    times, results = [], []
    clock = time.perf_counter_ns
    for case in cases:
        t0 = clock()
        r = fn(case)
        times.append(clock() - t0)
        results.append(r)
    return times, results


def main() -> None:
    rng = random.Random(SEED)
    t0 = time.perf_counter()
    w_cases, k_cases, v_cases = waits_cases(rng), kan_cases(rng), win_cases(rng)
    print(f"built {N:,} hands per check in {time.perf_counter() - t0:.2f} s (seed {SEED}, not timed below)")

    gc.collect()
    rows: list[tuple[str, list[int], str]] = []
    t_waits, r_waits = _time_each(lambda c: waits(*c), w_cases)
    tenpai = sum(r.tenpai for r in r_waits)
    rows.append(("waits", t_waits, f"{tenpai:,} tenpai"))
    for rule in ("waits", "strict"):
        t_kan, r_kan = _time_each(lambda c, rule=rule: kan_after_riichi(c[0], c[1], c[1], c[2], rule=rule), k_cases)
        valid = sum(r.valid for r in r_kan)
        rows.append((f"kan ({rule})", t_kan, f"{valid:,} valid"))
    t_win, r_win = _time_each(lambda c: check_win(**c), v_cases)
    valid = sum(r.valid for r in r_win)
    rows.append(("win", t_win, f"{valid:,} valid"))

    baseline_cases = [_counts(hand) for hand, _, _ in w_cases]
    t_base, _ = _time_each(Shanten.calculate_shanten, baseline_cases)
    base_p50, base_p99 = _percentiles(t_base)

    print()
    print(f"{'check':14} {'p50':>9} {'p99':>9} {'p99/baseline':>13}   results")
    for name, times, what in rows:
        p50, p99 = _percentiles(times)
        print(f"{name:14} {p50:>7.3f}ms {p99:>7.3f}ms {p99 / base_p99:>12.1f}x   {what}")
    print(f"{'baseline':14} {base_p50:>7.3f}ms {base_p99:>7.3f}ms {'1.0x':>13}   bare Shanten.calculate_shanten")
    print()
    worst = max(_percentiles(times)[1] for _, times, _ in rows)
    verdict = "met" if worst <= GOAL_MS else "NOT met"
    print(f"goal: p99 ≤ {GOAL_MS:g} ms for every check — {verdict} (worst p99 {worst:.3f} ms)")
    out = []
    for name, times, _ in rows:
        p50, p99 = _percentiles(times)
        out.append(
            (f"hand check {name}, p50 / p99", f"{p50:.3f} / {p99:.3f} ms", f"p99 ≤ {GOAL_MS:g} ms", p99 <= GOAL_MS)
        )
    out.append(("  baseline: bare shanten, p50 / p99", f"{base_p50:.3f} / {base_p99:.3f} ms", "", None))
    emit("hands", out)


def _counts(notation: str) -> list[int]:
    c = [0] * 34
    for t in parse_tiles(notation):
        c[t.index] += 1
    return c


if __name__ == "__main__":
    main()
