"""The one line each benchmark prints last, for benchmarks/run_all.py to gather into one table."""

from __future__ import annotations

import json


def emit(benchmark: str, rows: list[tuple[str, str, str, bool | None]]) -> None:
    """``rows``: (measure, figure as printed, goal or "", met / not met / None when there is no goal)."""
    print("RESULTS " + json.dumps({"benchmark": benchmark, "rows": [list(r) for r in rows]}, ensure_ascii=False))
