"""Long work in a worker thread: its result reaches the GUI thread, and it runs with the cyclic garbage collector
paused (a full collection in the worker would freeze the board)."""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject

from refapp.ui.shell.worker import active, run


def test_a_job_runs_with_the_collector_paused_and_hands_back_its_result(qtbot):
    parent = QObject()
    got: list[object] = []
    job = run(parent, lambda progress: gc.isenabled(), lambda result, exc: got.append((result, exc)), name="t")
    qtbot.waitUntil(lambda: bool(got), timeout=5000)
    assert got == [(False, None)]  # the collector was paused while the job ran
    assert gc.isenabled() and active() == 0 and not job.running


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
