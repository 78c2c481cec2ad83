"""What the core says when an intent was not carried out."""

from __future__ import annotations

from typing import Any

from ..domain.messages import Message
from ..store.db import StoreError


class Refused(Exception):
    """An intent that was not carried out (nothing was stored). ``reason`` is what to tell the user: an exception of
    the domain or the store (with its message id and parameters) or a :class:`~refapp.domain.messages.Message`; the
    face says it in its language (the command line in English)."""

    def __init__(self, reason: BaseException | Message | str = "", *, in_play: bool = False, check: Any = None):
        super().__init__(str(reason))
        self.reason = reason
        self.in_play = in_play  # (starting a hanchan) the table's current hanchan is not over
        self.check = check  # (starting a hanchan) what Setup found, to confirm: a refapp.core.setup.StartCheck


class NoTable(StoreError):
    """Nothing can be recorded: no table is open."""

    key = "no_table"

    def __init__(self) -> None:
        super().__init__()


class NothingToUndo(StoreError):
    key = "nothing_to_undo"

    def __init__(self) -> None:
        super().__init__()


class RefereeOnly(StoreError):
    """In table mode, only the table's own last entry may be taken back without the PIN."""

    key = "referee_only_undo"

    def __init__(self) -> None:
        super().__init__()


class RefereeOnlyTable(StoreError):
    """In table mode, the tablet stays on its table: only the referee shows another table on it (with the PIN)."""

    key = "referee_only_table"

    def __init__(self) -> None:
        super().__init__()


class RefereeOnlyReseat(StoreError):
    """Re-seating a table is a referee's action (the PIN in table mode)."""

    key = "referee_only_reseat"

    def __init__(self) -> None:
        super().__init__()


__all__ = ["NoTable", "NothingToUndo", "RefereeOnly", "RefereeOnlyReseat", "RefereeOnlyTable", "Refused"]
