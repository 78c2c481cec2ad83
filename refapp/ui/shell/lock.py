"""The lock's Qt side: a timer for the relock and a signal for the mode banner. What the lock decides is the core's
(:mod:`refapp.core.lock`): who may do what on the tablet, and when it goes back to table mode by itself."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal

from ...core.changes import weakly
from ...core.lock import IDLE_RELOCK, RELOCK_CHOICES, Lock
from ...core.modes import Mode


class LockModel(QObject):
    """The tablet's mode (:class:`refapp.core.lock.Lock`). ``changed`` is emitted whenever the mode (or the PIN
    choice) changed; ``timer`` runs the relock."""

    changed = Signal()

    def __init__(self, lock: Lock, parent: QObject | None = None):
        super().__init__(parent)
        self.core = lock
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self._expired)
        lock.rescheduled = weakly(self._schedule)  # (the core never keeps a face alive)

    def _expired(self) -> None:
        self.core.expired()

    def _schedule(self, seconds: int | None) -> None:
        if seconds is None:
            self.timer.stop()
        else:
            self.timer.start(1000 * seconds)

    @property
    def busy(self) -> Callable[[], bool]:
        return self.core.busy

    @busy.setter
    def busy(self, value: Callable[[], bool]) -> None:
        self.core.busy = value

    @property
    def mode(self) -> Mode:
        return self.core.mode

    @property
    def has_pin(self) -> bool:
        return self.core.has_pin

    @property
    def referee_mode(self) -> bool:
        return self.core.referee_mode

    def pin_answered(self) -> bool:
        return self.core.pin_answered()

    def unlock(self, pin: str) -> str:
        return self.core.unlock(pin)

    def check(self, pin: str) -> str:
        return self.core.check(pin)

    def locked_seconds(self) -> int:
        return self.core.locked_seconds()

    def lock(self) -> None:
        self.core.lock()

    def referee_action_done(self) -> None:
        self.core.referee_action_done()

    def choose_pin(self, pin: str | None) -> None:
        self.core.choose_pin(pin)

    def set_relock_after(self, seconds: int) -> None:
        self.core.set_relock_after(seconds)


__all__ = ["IDLE_RELOCK", "RELOCK_CHOICES", "LockModel", "Mode"]
