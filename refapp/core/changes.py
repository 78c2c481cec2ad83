"""The one "what changed" notice every screen listens to.

Every operation of the core that changes something says what, once it is done: a :class:`Change` made of the topics
below. The app's Qt adapter turns it into one signal; each page reads again what it shows when a topic it shows is in
it (a page never guesses from which button was tapped).
"""

from __future__ import annotations

import enum
import weakref
from collections.abc import Callable
from typing import Any


class Change(enum.Flag):
    NOTHING = 0
    TABLE = enum.auto()  # the open table: another one opened, or its line read again (a sync, a handover)
    ENTRY = enum.auto()  # an entry recorded at the open table (a ruling, a riichi, a hand, an undo)
    CALLS = enum.auto()  # the referee called to a table, or a call answered
    CLOCK = enum.auto()  # the session clock's entries
    VENUE = enum.auto()  # devices, trust, the shared folder's sync, conflicts, handovers
    NOTES = enum.auto()  # statements and sign-offs on incidents
    SETTINGS = enum.auto()  # this device's settings (the folder, the language, the screen...)
    MODE = enum.auto()  # referee mode, table mode, the PIN


Listener = Callable[[Change], None]


def weakly(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn``, held without keeping its object alive when it is a bound method (a face's: the core must never keep a
    window or a controller alive, or the garbage collector would free it later, in whatever thread it runs)."""
    owner = getattr(fn, "__self__", None)
    if owner is None:
        return fn
    ref = weakref.WeakMethod(fn)

    def call(*args: Any, **kwargs: Any) -> Any:
        method = ref()
        return method(*args, **kwargs) if method is not None else None

    return call


class Notices:
    """Who listens to a core's changes, and the telling."""

    def __init__(self) -> None:
        self._core: list[Listener] = []  # the core's own (its caches): told first
        self._listeners: list[Listener] = []

    def listen(self, listener: Listener, core: bool = False) -> None:
        """``core``: a listener of the core itself (a cache to forget), told before any face reads again. A bound
        method is held weakly (:func:`weakly`)."""
        (self._core if core else self._listeners).append(weakly(listener))

    def tell(self, change: Change) -> None:
        if change:
            for listener in [*self._core, *self._listeners]:
                listener(change)


__all__ = ["Change", "Listener", "Notices", "weakly"]
