"""A hand result confirmed by an opponent (a tournament setting, off until a referee turns it on).

When it is on, a hand result (a win or a draw) entered at the table in table mode waits for a second player's tap.
**Who entered it** is not known by name (the tablet is the table's): it is taken to be one of the seats the result
names, the winners and the discarder of a win, the tenpai and nagashi seats of a draw (the winner enters their own
hand). So the players who may confirm are the **other seats** (:func:`confirmers`); when the result names all four
(a draw with four tenpai) or none (an abortive draw), any player may. A referee may confirm on the players' behalf
(referee mode: the PIN in table mode).

**It blocks the next hand**: while the table's newest hand result waits, the table (in table mode) can enter no other
hand result and no riichi (:meth:`ConfirmDesk.check_entry`): the bar asking for the confirmation is on the board,
one tap away, and each result is confirmed before the next is played on. Taking the result back (Undo, the table's
own last entry) is the way to dispute it. A referee (referee mode) is not blocked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..domain.event_json import EventJson
from ..domain.events import parse_events, resolve_voids
from ..store import confirmations as store_confirm
from ..store.confirmations import Rule
from ..store.db import StoreError
from .changes import Change
from .errors import NoTable

if TYPE_CHECKING:
    from .session import Session

BLOCKED = ("win", "draw", "riichi")  # what a table cannot enter while its last result waits


class ConfirmFirst(StoreError):
    """The table's last hand result waits for an opponent's confirmation: nothing else is recorded before it."""

    key = "confirm_first"

    def __init__(self, names: str) -> None:
        super().__init__(names=names)


class NotAnOpponent(StoreError):
    """That seat is named by the result: one of the other players confirms it."""

    key = "confirm_not_opponent"

    def __init__(self, player: str) -> None:
        super().__init__(player=player)


class RefereeOnlyConfirm(StoreError):
    key = "referee_only_confirm"

    def __init__(self) -> None:
        super().__init__()


@dataclass(frozen=True)
class Pending:
    """The open table's hand result waiting for a confirmation: the entry, and the seats that may confirm it."""

    event: EventJson
    confirmers: tuple[int, ...]


def named_seats(event: EventJson) -> set[int]:
    """The seats a hand result names (its winners and discarder; its tenpai and nagashi seats)."""
    seats: set[int] = set()
    if event.get("type") == "win":
        seats |= {int(w["seat"]) for w in event.get("winners") or () if isinstance(w.get("seat"), int)}
        if isinstance(discarder := event.get("discarder"), int):
            seats.add(discarder)
    elif event.get("type") == "draw":
        seats |= {int(s) for s in (*(event.get("tenpai") or ()), *(event.get("nagashi") or ())) if isinstance(s, int)}
    return seats


def confirmers(event: EventJson) -> tuple[int, ...]:
    """The seats that may confirm a hand result: the seats it does not name (every seat when it names all or none)."""
    named = named_seats(event)
    others = tuple(s for s in range(4) if s not in named)
    return others if others and named else (0, 1, 2, 3)


class ConfirmDesk:
    def __init__(self, session: Session):
        self.s = session

    def rule(self) -> Rule:
        """The open table's tournament setting (off without a table)."""
        table = self.s.table
        if table is None:
            return Rule(False, "")
        return store_confirm.rule(self.s.store, table.tournament_id)

    def set_rule(self, on: bool) -> None:
        """Turn the setting on or off for the open table's tournament (a referee's action: the face asks the PIN).
        Raises RefereeOnlyConfirm, NoTable, StoreError or LogError."""
        table = self.s.table
        if table is None:
            raise NoTable()
        if not self.s.lock.referee_mode:
            raise RefereeOnlyConfirm()
        store_confirm.set_rule(self.s.store, table.tournament_id, on, self.s.settings.referee or "referee",
                               self.s.now())  # fmt: skip
        self.s.notices.tell(Change.SETTINGS | Change.TABLE | Change.VENUE)

    def pending(self) -> Pending | None:
        """The open table's newest hand result of its current hanchan when it waits for a confirmation."""
        book, table = self.s.book, self.s.table
        if book is None or table is None or not book.events:
            return None
        setting = self.rule()
        if not setting.on:
            return None
        standing = resolve_voids(parse_events(book.events))
        for index, ev in reversed(standing):
            if ev.type == "hanchan_start":
                return None
            if ev.type in store_confirm.HAND_RESULTS:
                event = book.events[index]
                if not store_confirm.needs_confirmation(event, setting):
                    return None
                if str(event["id"]) in store_confirm.confirmations(self.s.store, table.tournament_id):
                    return None
                return Pending(event, confirmers(event))
        return None

    def check_entry(self, event: EventJson) -> None:
        """Raise ConfirmFirst when the table (table mode) enters a hand result or a riichi while its last result
        waits."""
        if event.get("type") not in BLOCKED or self.s.lock.referee_mode:
            return
        waiting = self.pending()
        if waiting is not None:
            raise ConfirmFirst(self._names(waiting.confirmers))

    def _names(self, seats: tuple[int, ...]) -> str:
        st = self.s.state
        names = [st.seats[i].player for i in seats] if st is not None and st.seats else [str(i) for i in seats]
        return ", ".join(names)

    def confirm(self, seat: int) -> None:
        """The player in ``seat`` confirms the open table's waiting result (no PIN). Raises NotAnOpponent,
        StoreError or LogError; nothing happens when nothing waits."""
        waiting, table = self.pending(), self.s.table
        if waiting is None or table is None:
            return
        if seat not in waiting.confirmers:
            st = self.s.state
            raise NotAnOpponent(st.seats[seat].player if st is not None and 0 <= seat < len(st.seats) else str(seat))
        store_confirm.confirm(self.s.store, table.tournament_id, table.table_id, str(waiting.event["id"]), seat,
                              store_confirm.BY_TABLE, self.s.now())  # fmt: skip
        self.s.notices.tell(Change.TABLE | Change.VENUE)

    def confirm_as_referee(self) -> None:
        """A referee confirms the waiting result on the players' behalf (referee mode). Raises RefereeOnlyConfirm,
        StoreError or LogError."""
        waiting, table = self.pending(), self.s.table
        if waiting is None or table is None:
            return
        if not self.s.lock.referee_mode:
            raise RefereeOnlyConfirm()
        store_confirm.confirm(self.s.store, table.tournament_id, table.table_id, str(waiting.event["id"]), None,
                              self.s.settings.referee or "referee", self.s.now())  # fmt: skip
        self.s.notices.tell(Change.TABLE | Change.VENUE)


__all__ = ["ConfirmDesk", "ConfirmFirst", "NotAnOpponent", "Pending", "RefereeOnlyConfirm", "confirmers"]
