"""The cyclic garbage collector paused during bulk work, counted across threads.

Layer: domain (imports nothing of refapp).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_gc_lock = threading.Lock()
_gc_pauses = 0  # how many gc_paused blocks run now, in any thread
_gc_was_enabled = False  # whether the collector ran before the first of them


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector during bulk work (parsing or replaying 100,000 events creates many
    objects and no reference cycles; collections would otherwise run hundreds of times, and a full one holds every
    thread for a tenth of a second or more). The collector is one for the process: the pauses of every thread are
    counted, and it runs again once the last one ends (if it ran before the first), whatever their order."""
    global _gc_pauses, _gc_was_enabled
    with _gc_lock:
        if _gc_pauses == 0:
            _gc_was_enabled = gc.isenabled()
            gc.disable()
        _gc_pauses += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_pauses -= 1
            if _gc_pauses == 0 and _gc_was_enabled:
                gc.enable()


__all__ = ["gc_paused"]
