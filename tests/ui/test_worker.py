"""Long work in a worker thread: its result reaches the GUI thread, and it runs with the cyclic garbage collector
paused (a full collection in the worker would freeze the board)."""

from __future__ import annotations

import gc

import pytest
from PySide6.QtCore import QObject

from refapp.ui.shell.worker import run


@pytest.fixture(autouse=True)
def collector_on():
    """The collector runs when the test starts (an earlier one-shot command in this process may have turned it off)."""
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_a_job_runs_with_the_collector_paused_and_hands_back_its_result(qtbot):
    parent = QObject()
    got: list[object] = []
    job = run(parent, lambda progress: gc.isenabled(), lambda result, exc: got.append((result, exc)), name="t")
    qtbot.waitUntil(lambda: bool(got), timeout=5000)
    assert got == [(False, None)]  # the collector was paused while the job ran
    assert gc.isenabled() and not job.running


def test_a_failed_job_hands_back_its_exception_and_the_collector_runs_again(qtbot):
    parent = QObject()
    got: list[object] = []

    def work(progress):
        raise ValueError("the folder is gone")

    run(parent, work, lambda result, exc: got.append((result, exc)), name="t")
    qtbot.waitUntil(lambda: bool(got), timeout=5000)
    result, exc = got[0]  # type: ignore[misc]
    assert result is None and isinstance(exc, ValueError) and str(exc) == "the folder is gone"
    assert gc.isenabled()
