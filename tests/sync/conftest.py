"""The ``syncthing_pair`` fixture: two real Syncthing instances on 127.0.0.1 sharing one folder.

Syncthing must be installed (Debian's ``syncthing``; the README's test command and CI install it). A missing binary
FAILS these tests, so CI can never pass without them; a developer without Syncthing may set
``REFAPP_SKIP_SYNCTHING=1`` to skip them instead.

The seconds each instance took to start, to be introduced and (in the tests) to pass a file on are collected in
``TIMINGS`` and printed at the end of the run.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from . import syncthing
from .syncthing import SKIP_ENV, Pair, binary, start_pair

TIMINGS: list[tuple[str, dict[str, float]]] = []


def require_syncthing() -> None:
    """Fail (or, with ``REFAPP_SKIP_SYNCTHING=1``, skip) the calling test when ``syncthing`` is not installed."""
    if binary() is None:
        if os.environ.get(SKIP_ENV) == "1":
            pytest.skip(f"syncthing is not installed ({SKIP_ENV}=1)")
        pytest.fail(
            "syncthing is not installed: install Debian's package (apt-get install syncthing), "
            f"or set {SKIP_ENV}=1 to skip the Syncthing tests on a developer machine"
        )


@pytest.fixture
def syncthing_pair(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Pair]:
    """Two started, introduced and connected instances (``pair.a``, ``pair.b``); stopped afterwards, no process left."""
    require_syncthing()
    pair = start_pair(tmp_path / "syncthing")
    TIMINGS.append((request.node.name, pair.timings))
    try:
        yield pair
    finally:
        pair.stop()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    left = sorted(syncthing._RUNNING)
    if left:  # only after an interrupted run: end them, and say so
        syncthing._end_leftovers()
        terminalreporter.write_line(f"syncthing: process groups {left} were still running and were stopped")
    for name, t in TIMINGS:
        figures = ", ".join(f"{k} {v * 1000:.0f} ms" for k, v in t.items())
        terminalreporter.write_line(f"syncthing ({name}): {figures}")


@pytest.fixture(params=["here", "ahead"])
def both_merges(request, monkeypatch):
    """Each test twice: the rows derived by the merge itself, and (``ahead``) every sync deriving them in a second
    process first (refapp.store.ahead), whatever it reads: what a hostile folder can do is the same either way."""
    if request.param == "ahead":
        from refapp.store import ahead

        monkeypatch.setattr(ahead, "WORTH", 0)
    return request.param
