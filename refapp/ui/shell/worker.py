"""Long work off the GUI thread: a sync, a report's pages, the tournament's standings rebuilt.

:func:`run` starts a job in a thread of its own and hands its result (or its exception) back to the GUI thread,
where ``done`` is called: the board goes on answering taps meanwhile. A job that touches the store opens its own
connection in its thread (:meth:`refapp.core.session.Session.worker_store`): a connection never crosses threads, and
the one-writer rule holds (this process holds the data folder's lock; SQLite serialises the writes of its two
connections). ``progress`` is called in the GUI thread with what the job reports as it goes.

A job runs with Python's cyclic garbage collector paused (:func:`refapp.domain.gcpause.gc_paused`): a sync or an
import makes millions of short-lived objects, and a full collection triggered in the worker holds the interpreter,
so the GUI thread too, for a tenth of a second or more (the board froze 0.1–0.3 s during a first sync).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal

from ...domain.gcpause import gc_paused

_log = logging.getLogger("refapp.ui")
_running: set[Job] = set()  # the jobs started and not ended yet (GUI thread only)


class Job(QObject):
    """One job's way back to the GUI thread (made in it: its signals are delivered there, queued)."""

    ended = Signal(object, object)  # (result, exception or None)
    progressed = Signal(object)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.running = True
        self.runner: threading.Thread | None = None


def run(
    parent: QObject,
    work: Callable[[Callable[[Any], None]], Any],
    done: Callable[[Any, BaseException | None], None],
    progress: Callable[[Any], None] | None = None,
    name: str = "refapp-job",
) -> Job:
    """Run ``work(report_progress)`` in a thread; call ``done(result, None)`` or ``done(None, exception)`` in the GUI
    thread when it ends."""
    job = Job(parent)
    _running.add(job)
    job.ended.connect(lambda result, exc: _end(job, done, result, exc), Qt.ConnectionType.QueuedConnection)
    if progress is not None:
        job.progressed.connect(progress, Qt.ConnectionType.QueuedConnection)

    def target() -> None:
        try:
            with gc_paused():
                result = work(job.progressed.emit)
        except BaseException as exc:  # noqa: BLE001 - handed to the GUI thread, which says it
            _log.warning("%s failed: %r", name, exc)
            job.ended.emit(None, exc)
            return
        job.ended.emit(result, None)

    job.runner = threading.Thread(target=target, name=name, daemon=True)
    job.runner.start()
    return job


def _end(job: Job, done: Callable[[Any, BaseException | None], None], result: Any, exc: BaseException | None) -> None:
    job.running = False
    _running.discard(job)
    try:
        done(result, exc)
    finally:
        job.deleteLater()


def active() -> int:
    """How many jobs run now (a screenshot, a test, waits for none to run before it looks)."""
    return len(_running)


__all__ = ["Job", "active", "run"]
