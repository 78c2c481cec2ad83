"""Re-seat the open table and replay its hands under the right seats, in one step (a referee's action).

:meth:`ReseatDesk.preview` says what a seating would change (every player's seat, score and overall score before
and after); :meth:`ReseatDesk.apply` stores it: the hanchan's entries voided and entered again under the right seats
(:mod:`refapp.domain.reseat`), in one transaction, by this device only when it holds the table (a table another
device writes is refused with that device named, as any entry:
:meth:`~refapp.store.tablebook.TableBook.require_holder`).
The voids say why: "re-seated: East Bruno, South Anna, …". Nothing is deleted; Undo after a re-seat takes back its
last replacement only (to take the whole re-seat back, re-seat again as it was recorded).
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING

from ..domain.reseat import Plan, Seating, plan
from ..store.db import TableChanged
from .changes import Change
from .errors import NoTable, RefereeOnlyReseat

if TYPE_CHECKING:
    from .session import Session

WINDS = ("East", "South", "West", "North")


def reason_of(seating: Seating) -> str:
    """What each void says: the seating the referee gave (stored as entered, like an undo's reason)."""
    seats = ", ".join(f"{WINDS[i]} {name}" for i, name in enumerate(seating.players()))
    return f"re-seated: {seats}"


class ReseatDesk:
    def __init__(self, session: Session):
        self.s = session

    def recorded(self) -> tuple[str, ...]:
        """The players of the open table's hanchan as recorded, East first (none without a hanchan)."""
        st = self.s.state
        return tuple(seat.player for seat in st.seats) if st is not None and st.started else ()

    def preview(self, seating: Seating) -> Plan:
        """What re-seating the open table as ``seating`` would store and change. Raises LogError (the seating
        cannot be, or a hand cannot be played under it) or NoTable."""
        book = self.s.book
        if book is None:
            raise NoTable()
        return plan(
            book.events,
            book.rulesets,
            seating,
            new_id=lambda: str(uuid.uuid4()),
            at=self.s.now(),
            by=self.s.who(),
            reason=reason_of(seating),
        )

    def apply(self, seating: Seating) -> Plan:
        """Re-seat the open table (referee mode only; this device must hold the table): every entry stored in one
        transaction, then the table read again. Raises RefereeOnlyReseat, NotHolder (another device writes the
        table: named), LogError or StoreError; on any, nothing is stored."""
        book = self.s.book
        if book is None:
            raise NoTable()
        if not self.s.lock.referee_mode:
            raise RefereeOnlyReseat()
        try:
            book.require_holder()
            made = self.preview(seating)
            book.commit_all(made.entries)
        except TableChanged:
            self.s.reload_table()
            raise
        finally:
            self.s.keep_board()
        self.s.notices.tell(Change.ENTRY | Change.TABLE)
        return made


__all__ = ["ReseatDesk", "reason_of"]
