"""The tablet's modes (what the mode banner shows; :mod:`refapp.core.lock` decides which). No dependencies: the
first frame of a start imports it."""

from __future__ import annotations

from enum import Enum


class Mode(Enum):
    TABLE = "table"  # locked: players' entries only
    REFEREE = "referee"  # unlocked with the PIN
    NO_PIN = "no_pin"  # "No PIN (club night)": never locked
    UNANSWERED = "unanswered"  # no PIN and no choice yet: nothing can start until Setup's PIN question is answered


__all__ = ["Mode"]
