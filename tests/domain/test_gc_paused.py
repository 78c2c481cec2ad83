"""The cyclic garbage collector is paused during bulk work and always runs again afterwards, whichever thread ends
its pause first (a sync in a worker and a table read on the GUI thread overlap)."""

from __future__ import annotations

import gc
import threading

import pytest

from refapp.domain.gcpause import gc_paused


@pytest.fixture(autouse=True)
def collector_on():
    """Each test starts with the collector running (an earlier test in this process may have run a one-shot command,
    which turns it off for good) and leaves it as it found it."""
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_overlapping_pauses_in_two_threads_leave_the_collector_running():
    """Worker pauses, the GUI thread pauses, the worker ends first, then the GUI thread: the collector is paused
    throughout and runs again at the end (before, the worker's end turned it back on in the middle of the GUI
    thread's pause)."""
    worker_in, gui_in, worker_may_end, worker_out = (threading.Event() for _ in range(4))
    seen: list[bool] = []

    def worker() -> None:
        with gc_paused():
            worker_in.set()
            worker_may_end.wait(5)
        worker_out.set()

    t = threading.Thread(target=worker)
    t.start()
    try:
        assert worker_in.wait(5)
        with gc_paused():
            gui_in.set()
            worker_may_end.set()
            assert worker_out.wait(5)
            seen.append(gc.isenabled())  # the worker's pause ended, this one goes on
        seen.append(gc.isenabled())
    finally:
        worker_may_end.set()
        t.join(5)
    assert seen == [False, True]


def test_a_pause_keeps_the_collector_off_when_it_was_off():
    gc.disable()
    with gc_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_nested_pauses_in_one_thread():
    with gc_paused():
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
