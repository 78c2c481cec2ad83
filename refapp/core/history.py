"""History: the incidents with their filters, each entry's full ruling, the players' statements and the head
referee's sign-offs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..domain.offences import OFFENCES
from ..store import history_detail, reports
from ..store.db import Store, StoreError
from ..store.entities import STATEMENT_MAX
from ..store.history_detail import IncidentExtra
from ..store.reports import IncidentNotes, Signoff, Statement
from ..store.rows import HistoryRow
from . import search
from .changes import Change
from .errors import Refused
from .search import HistoryFilters

if TYPE_CHECKING:
    from .session import Session


@dataclass(frozen=True, slots=True)
class IncidentRef:
    """An incident found by its id (or the start of it): what names it to a person."""

    id: str
    offence: str | None
    player: str | None
    table: int
    hanchan: int


def find_incident(store: Store, ref: str) -> IncidentRef:
    """The incident whose id is ``ref``, or whose id starts with ``ref`` (at least 4 characters, as the history shows
    the first 8). Raises ReportError naming the incident."""
    row = reports.find_incident(store, ref)
    return IncidentRef(str(row["uuid"]), row["offence"], row["player"], row["table"], row["hanchan"])


def sign_off(store: Store, incident_id: str, by: str, *, pin: bool, at: str | None = None) -> Signoff:
    """Record the head referee's sign-off of an incident (``pin``: the device's referee PIN was given). Raises
    ReportError (no name, already signed off with nothing added since) or StoreError."""
    return reports.sign_off(store, incident_id, by, pin=pin, at=at)


def add_statement(store: Store, incident_id: str, player: str, text: str, by: str, at: str | None = None) -> Statement:
    """Record a player's statement on an incident, typed by ``by``: the player played that hanchan, the text is 1 to
    :data:`STATEMENT_MAX` characters. Raises ReportError or StoreError."""
    return reports.add_statement(store, incident_id, player, text, by, at=at)


class HistoryDesk:
    statement_max = STATEMENT_MAX  # a statement's length (the paper's text box)

    def __init__(self, session: Session):
        self.s = session

    def page(self, filters: HistoryFilters, offset: int, limit: int) -> list[HistoryRow]:
        """One page of history rows (newest first) for the filters of :func:`refapp.store.history.query` and the
        search ``text`` (:mod:`refapp.core.search`, the command line's search too)."""
        return search.query(self.s.store, **filters, limit=limit, offset=offset)

    def player_counts(self, player: str) -> dict[str, int]:
        return self.s.player_counts(player)

    def offences_present(self) -> list[str]:
        table = self.s.table
        return history_detail.offences_present(self.s.store, table.tournament_id, OFFENCES) if table else []

    def table_choices(self) -> list[tuple[str, int]]:
        table = self.s.table
        return history_detail.table_numbers(self.s.store, table.tournament_id) if table else []

    def player_names(self) -> set[str]:
        table = self.s.table
        if table is None:
            return set()
        names = history_detail.player_names(self.s.store, table.tournament_id)
        st = self.s.state
        names.update(seat.player for seat in (st.seats if st else []))
        return names

    def incident_extra(self, row: HistoryRow) -> IncidentExtra:
        return history_detail.incident_extra(self.s.store, row)

    # -- statements and sign-offs (refapp.store.reports) -----------------------------------------------------------

    def incident_notes(self, row: HistoryRow) -> IncidentNotes:
        """The sign-offs and statements recorded on an incident."""
        found = reports.notes_for(self.s.store, str(row["tournament_id"]), [str(row["uuid"])])
        return found.get(str(row["uuid"]), IncidentNotes())

    def statement_players(self, row: HistoryRow) -> list[str]:
        """Who may make a statement on the incident: the players of its hanchan."""
        return reports.seated(self.s.store, row)

    def signed_already(self, row: HistoryRow) -> Signoff | None:
        """The sign-off that already covers everything recorded on the incident (None: it may be signed off)."""
        return reports.can_sign(self.s.store, row)

    def sign_off(self, row: HistoryRow, by: str, pin: bool) -> Signoff:
        """Record the head referee's sign-off (``pin``: given on the PIN pad). Raises :class:`Refused`."""
        try:
            done = sign_off(self.s.store, str(row["uuid"]), by, pin=pin, at=self.s.now())
        except (reports.ReportError, StoreError) as exc:
            raise Refused(exc) from None
        self.s.notices.tell(Change.NOTES)
        return done

    def add_statement(self, row: HistoryRow, player: str, text: str) -> Statement:
        """Record a player's statement, entered by this tablet's referee. Raises :class:`Refused`."""
        by = self.s.settings.referee or "referee"
        try:
            done = add_statement(self.s.store, str(row["uuid"]), player, text, by, at=self.s.now())
        except (reports.ReportError, StoreError) as exc:
            raise Refused(exc) from None
        self.s.notices.tell(Change.NOTES)
        return done


__all__ = ["STATEMENT_MAX", "HistoryDesk", "IncidentRef", "add_statement", "find_incident", "sign_off"]
