"""Benchmark: canonical JSON and line reading, with orjson and with the standard library, in the same run.

Run from the repo root:  .venv/bin/python benchmarks/codecs.py

Builds 100,000 realistic events (the valid table log of ``benchmarks/replay.py``: riichi, ron, tsumo, draws and
hanchan starts under every shipped rule set, each with its id, time and referee), writes nothing to disk, then times,
best of 5 (the paths taking turns), per event:

* canonical encode: :func:`refapp.store.canonjson.canonical` of each event (what a payload column, a hash and every
  line hold);
* line read: :func:`refapp.store.canonjson.loads_line` of each event's sync-folder line (the JSON alone), and line
  decode: :func:`refapp.store.codec_syncline.decode` of it (the JSON, its checks and the typed record a sync reads);

with orjson (``canonjson.FAST`` on) and with the standard library alone (off, as on a machine without orjson), and,
for comparison, the standard library's encoder as the code before the codecs called it. Issue 28 measured 5 µs an
event for sorted-key encoding and 2.8 µs for line decoding on main; no goal is set here (the sync benchmark holds
the goals), only the figures.
"""

from __future__ import annotations

import json
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _report import emit  # noqa: E402
from replay import build_log  # noqa: E402

from refapp.store import canonjson  # noqa: E402
from refapp.store.canonjson import loads_line  # noqa: E402
from refapp.store.codec_syncline import MAX_LINE, SyncLine, decode, encode  # noqa: E402

N_EVENTS = 100_000
REPEATS = 5
TODAY = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode


def _refuse(literal: str) -> Any:
    raise ValueError(literal)


_READ = json.JSONDecoder(
    parse_constant=_refuse, parse_float=lambda t: float(t) if abs(float(t)) < math.inf else _refuse(t)
).decode


def TODAY_READ(raw: bytes) -> Any:
    """The sync's line reader before the codecs (syncfolder.read_line at d4114ac: the same guards, the same hooks;
    its careful path for other lines is never taken by these)."""
    if raw.count(b"[") + raw.count(b"{") <= 64 and b"\\" not in raw:
        return _READ(raw.decode("utf-8"))
    raise AssertionError("not a line this benchmark writes")


def timed(fn: Callable[[Any], Any], items: list[Any]) -> float:
    """One run of ``fn`` over ``items``, in µs per item."""
    start = time.perf_counter()
    for x in items:
        fn(x)
    return (time.perf_counter() - start) / len(items) * 1e6


def read_line(raw: bytes) -> Any:
    return loads_line(raw, "a line", max_bytes=MAX_LINE)


def decode_line(raw: bytes) -> Any:
    return decode(raw, "a line")


def main() -> int:
    events = build_log(N_EVENTS)
    lines = [
        encode(SyncLine(i + 1, "t-paris", f"table-{i % 40}", f"e{i - 1}" if i else None, e)).encode()
        for i, e in enumerate(events)
    ]
    fast_available = canonjson.orjson is not None
    paths = {"orjson": True, "standard library": False} if fast_available else {"standard library": False}
    runs: dict[str, list[float]] = {}
    for _ in range(REPEATS):  # the paths take turns: a busy moment of the machine falls on each alike
        runs.setdefault("encode, standard library as before", []).append(timed(TODAY, events))
        runs.setdefault("line read, standard library as before", []).append(timed(TODAY_READ, lines))
        for name, fast in paths.items():
            canonjson.choose(fast)
            runs.setdefault(f"encode, {name}", []).append(timed(canonjson.canonical, events))
            runs.setdefault(f"line read, {name}", []).append(timed(read_line, lines))
            runs.setdefault(f"line decode (typed record), {name}", []).append(timed(decode_line, lines))
        canonjson.choose(None)
    figures = {name: min(values) for name, values in sorted(runs.items())}
    print(f"{N_EVENTS:,} events, best of {REPEATS}; orjson {'installed' if fast_available else 'NOT installed'}")
    for name, us in figures.items():
        print(f"  {name:48} {us:6.2f} µs an event")
    emit("codecs", [(f"JSON {name} ({N_EVENTS:,} events)", f"{us:.2f} µs/event", "", None)
                    for name, us in figures.items()])  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
