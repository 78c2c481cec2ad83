"""The lock: who may do what on the tablet, and when it goes back to table mode by itself.

Three states, shown by the app's mode banner:

* **table mode** (a referee PIN is set, the tablet is locked): the players enter riichi and hand results, and may
  take back the table's own last entry as long as nothing was recorded after it. Penalties, undo of anything else,
  Setup, the hand check and showing another table (:meth:`refapp.core.venue.Venue.open_table`) ask for the PIN.
* **referee mode** (the PIN was entered): everything. The tablet returns to table mode by itself after each referee
  action (a ruling confirmed or cancelled, an undo, Setup left, another table shown): at once by default
  (``relock_after = 0``), or when ``relock_after`` seconds have passed since the last one. A tablet unlocked and
  left alone on the board also returns to table mode, after ``relock_after`` seconds or :data:`IDLE_RELOCK`
  seconds, whichever is longer.
* **no PIN**: the referee chose "No PIN (club night)" in Setup (``settings.no_pin``): nothing is locked. Until
  Setup's PIN question is answered (a PIN, or no PIN) no hanchan can start.

Qt-free: the relock is a deadline (:attr:`Lock.relock_in`) that the face's timer waits for, then calls
:meth:`Lock.expired`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from ..store.settings import Settings, check_pin, has_pin, locked_for, set_pin
from .modes import Mode

IDLE_RELOCK = 120  # seconds an unlocked tablet left alone on the board stays in referee mode (at least)
RELOCK_CHOICES = (0, 60, 300)  # the choices Setup offers: at once, after a minute, after five minutes


class Lock:
    """The tablet's mode. ``changed`` is called whenever the mode (or the PIN choice) changed; ``relock_in`` is the
    number of seconds after which :meth:`expired` should be called (None: no relock pending)."""

    def __init__(self, settings: Settings, clock: Callable[[], datetime], save: Callable[[], None]):
        self.settings = settings
        self.clock = clock
        self.save = save
        self._unlocked = False
        self.relock_in: int | None = None
        self.busy: Callable[[], bool] = lambda: False  # the face: a referee page or dialog is open
        self.changed: Callable[[], None] = lambda: None  # the core's notice (set by the session)
        self.rescheduled: Callable[[int | None], None] = lambda seconds: None  # the face's timer

    # -- what the tablet is ---------------------------------------------------------------------------------------

    @property
    def mode(self) -> Mode:
        if self.has_pin:
            return Mode.REFEREE if self._unlocked else Mode.TABLE
        return Mode.NO_PIN if self.settings.no_pin else Mode.UNANSWERED

    @property
    def has_pin(self) -> bool:
        """Whether a referee PIN is set."""
        return has_pin(self.settings)

    @property
    def referee_mode(self) -> bool:
        """Whether referee actions are allowed without asking the PIN."""
        return self.mode is not Mode.TABLE

    def pin_answered(self) -> bool:
        """A PIN is set, or "No PIN (club night)" was chosen."""
        return self.has_pin or self.settings.no_pin

    # -- changes --------------------------------------------------------------------------------------------------

    def _relock(self, seconds: int | None) -> None:
        self.relock_in = seconds
        self.rescheduled(seconds)

    def unlock(self, pin: str) -> str:
        """'ok', 'wrong' or 'locked'; the failure count and lockout are saved."""
        result = check_pin(self.settings, pin, self.clock())
        self.save()
        if result == "ok":
            self._unlocked = True
            self._relock(max(self.settings.relock_after, IDLE_RELOCK))
            self.changed()
        return result

    def check(self, pin: str) -> str:
        """Check the PIN without changing the mode (a head referee's sign-off): 'ok', 'wrong' or 'locked', with the
        same failure count and lockout as :meth:`unlock` (saved)."""
        result = check_pin(self.settings, pin, self.clock())
        self.save()
        return result

    def locked_seconds(self) -> int:
        return locked_for(self.settings, self.clock())

    def lock(self) -> None:
        """Back to table mode now (nothing happens without a PIN)."""
        self._relock(None)
        if self._unlocked:
            self._unlocked = False
            self.changed()

    def referee_action_done(self) -> None:
        """A ruling was confirmed or cancelled, an undo made or refused, Setup left: table mode again, at once or
        after the chosen time."""
        if not self._unlocked:
            return
        if self.settings.relock_after <= 0:
            self.lock()
        else:
            self._relock(self.settings.relock_after)

    def expired(self) -> None:
        """The relock's time has come (the face's timer)."""
        if self.busy():
            return  # in the middle of a ruling or of Setup: leaving it is a referee action, which locks
        self.lock()

    def choose_pin(self, pin: str | None) -> None:
        """Set a new referee PIN (4 to 12 digits; ValueError otherwise), or, with None, choose "No PIN (club
        night)": the PIN is removed and the tablet stays unlocked. Saved at once. A locked tablet changes
        nothing (PermissionError): the PIN is changed or removed in referee mode only."""
        if self.mode is Mode.TABLE:
            raise PermissionError("the referee PIN is changed in referee mode only")
        if pin is None:
            self.settings.pin_salt = self.settings.pin_hash = None
            self.settings.pin_failures = self.settings.pin_lockouts = 0
            self.settings.pin_locked_until = None
            self.settings.no_pin = True
            self._unlocked = False
        else:
            set_pin(self.settings, pin)
            self.settings.no_pin = False
            self._unlocked = True  # the referee who set it is at the tablet: table mode when Setup is left
        self.save()
        self.changed()

    def set_relock_after(self, seconds: int) -> None:
        self.settings.relock_after = seconds
        self.save()
        self.changed()


__all__ = ["IDLE_RELOCK", "RELOCK_CHOICES", "Lock", "Mode"]
