"""What the core says when an intent was not carried out, and the error classes of the layers below that a face
catches by their class (the command line: :mod:`refapp.commands`), so that no face imports the store for them.

Light on purpose (the command line imports it before any command runs, the app's first frame too): only the store's
bottom errors and its safe JSON reader. The errors of a feature are exported by the core module that carries it out
(``HistoryError`` by :mod:`.search`, ``ReportError`` by :mod:`.reports`, ``SyncError`` and ``FingerprintError`` by
:mod:`.venue`, ``ClockError`` by :mod:`.clock`, ``RosterError`` by :mod:`.seating`, ``OutputError`` by
:mod:`.outfiles`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..domain.messages import Message
from ..store.errors import BundleError, DamagedDatabase, MissingEvents, StoreError
from ..store.safejson import JsonInputError

if TYPE_CHECKING:
    from .setup import StartCheck


class Refused(Exception):
    """An intent that was not carried out (nothing was stored). ``reason`` is what to tell the user: an exception of
    the domain or the store (with its message id and parameters) or a :class:`~refapp.domain.messages.Message`; the
    face says it in its language (the command line in English)."""

    def __init__(
        self, reason: BaseException | Message | str = "", *, in_play: bool = False, check: StartCheck | None = None
    ):
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


__all__ = [
    "BundleError",
    "DamagedDatabase",
    "JsonInputError",
    "MissingEvents",
    "NoTable",
    "NothingToUndo",
    "RefereeOnly",
    "RefereeOnlyReseat",
    "RefereeOnlyTable",
    "Refused",
    "StoreError",
]
