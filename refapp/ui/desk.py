"""The Setup, History and Results pages' calls into the store and the domain.

The :class:`~refapp.ui.controller.Controller` owns one (``controller.desk``): the pages ask it for what they show
(read models of :mod:`refapp.store.history`, :mod:`refapp.store.history_detail`, :mod:`refapp.store.setup_reads`,
:mod:`refapp.store.reports`, :mod:`refapp.store.clock` and :mod:`refapp.domain.standings`) and hand it their intents
(set up a table and start a hanchan, sign an incident off, record a statement, write a report, set the session
clock); they never touch the store, SQL or raw events themselves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from ..domain.clock import HanchanHands, hanchan_hands
from ..domain.events import LogError
from ..domain.offences import OFFENCES
from ..domain.rules import TimeLimit
from ..domain.standings import HanchanReport, hanchan_report, start_scores
from ..domain.tournament import Standings
from ..store import calls, clock, history, history_detail, records, reports, setup_reads
from ..store.calls import OpenCall
from ..store.clock import ClockEntries, TableClock
from ..store.db import StoreError
from ..store.entities import STATEMENT_MAX as STATEMENT_MAX  # a statement's length (the paper's text box)
from ..store.history_detail import IncidentExtra
from ..store.outfile import OutputError
from ..store.paths import read_regular
from ..store.records import Records
from ..store.reports import IncidentNotes, Signoff, Statement
from ..store.roster import RosterEntry, RosterError, parse_roster
from ..store.setup_reads import KnownPlayer, NextHanchan
from ..store.standings_reads import StandingsReader, find_tournament
from .messages import said

if TYPE_CHECKING:
    from .controller import Controller


@dataclass(frozen=True, slots=True)
class Seating:
    """One player of the hanchan to start, as typed (and matched to the roster or the tournament's players)."""

    name: str
    first_timer: bool = False
    federation_id: str = ""


@dataclass(frozen=True, slots=True)
class HanchanRequest:
    """Setup's intent: at table ``table`` of ``tournament``, start hanchan ``hanchan`` of session ``session`` with
    these players in seat order (East first) under rule set ``ruleset``."""

    tournament: str
    table: int
    players: tuple[Seating, ...]
    ruleset: str
    session: int
    hanchan: int


class StartRefused(Exception):
    """The hanchan was not started; ``message`` says why (in the referee's words where the app's own)."""

    def __init__(self, message: str, in_play: bool = False):
        super().__init__(message)
        self.message = message
        self.in_play = in_play  # the table's current hanchan is not over


class DeskRefused(Exception):
    """A sign-off, a statement or a report that was not made; ``message`` says why (one line)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class StandingsUnreadable(Exception):
    """The standings could not be read: ``message`` names the table whose log does not replay."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class Desk:
    def __init__(self, controller: Controller):
        self.c = controller
        self._standings: StandingsReader | None = None
        self._hands: tuple[tuple[str, int, str | None], Any] | None = None  # the open table's hands, by its log
        self._records: tuple[tuple[str, int], Records] | None = None  # (tournament, stored up to), its records

    # -- setup ------------------------------------------------------------------------------------------------

    def tournament_names(self) -> list[str]:
        return setup_reads.tournament_names(self.c.store)

    def known_players(self, tournament: str) -> list[KnownPlayer]:
        return setup_reads.known_players(self.c.store, tournament)

    def read_roster(self, path: Path) -> list[RosterEntry]:
        """The players of a CSV roster; raises ValueError with one line naming the file, the line and the field."""
        try:
            text = read_regular(path, 10_000_000).decode("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise RosterError(f"{path}: {exc}", "roster_unreadable", file=path, reason=exc) from None
        return parse_roster(text, str(path))

    def next_hanchan(self, tournament: str, table: int) -> NextHanchan:
        """The defaults of the next hanchan at that table: from the open table's state when it is that table,
        else from what is stored."""
        open_ = self.c.table
        st = self.c.state
        if (
            open_ is not None
            and st is not None
            and st.started
            and (open_.tournament, open_.number)
            == (
                tournament,
                table,
            )
        ):
            session = st.session[1] if st.session and st.session[0] == "number" else 1
            return NextHanchan(st.hanchan + 1, int(session))
        return setup_reads.next_hanchan(self.c.store, tournament, table)

    def start_hanchan(self, request: HanchanRequest) -> None:
        """Set up the table (tournament, new players and table in one transaction), open it, and store its
        ``hanchan_start``. Raises :class:`StartRefused` when nothing was started."""
        c = self.c
        st = c.state
        here = c.table is not None and (c.table.tournament, c.table.number) == (request.tournament, request.table)
        if here and st is not None and st.started and not st.game_over:
            raise StartRefused("", in_play=True)  # before anything is stored
        players = [
            {"name": p.name, "first_timer": p.first_timer, "federation_id": p.federation_id} for p in request.players
        ]
        try:
            table = c.store.setup_table(request.tournament, request.table, players)
        except StoreError as exc:
            raise StartRefused(said(exc)) from None
        if c.table is None or c.table.table_id != table.table_id:
            try:
                c.open_table(table)
            except (StoreError, LogError) as exc:
                raise StartRefused(said(exc)) from None
        st = c.state
        if st is not None and st.started and not st.game_over:
            raise StartRefused("", in_play=True)
        event = c.new_event(
            "hanchan_start",
            players=[p.name for p in request.players],
            ruleset=request.ruleset,
            first_timers=[p.name for p in request.players if p.first_timer],
            session=request.session,
            hanchan=request.hanchan,
        )
        if c.commit(event) is None:
            raise StartRefused(c.last_error)

    # -- history ----------------------------------------------------------------------------------------------

    def history_page(self, filters: dict[str, Any], offset: int, limit: int) -> list[dict[str, Any]]:
        """One page of history rows (newest first) for the filters of :func:`refapp.store.history.query`."""
        return history.query(self.c.store, **filters, limit=limit, offset=offset)

    def player_counts(self, player: str) -> dict[str, int]:
        return self.c.player_counts(player)

    def offences_present(self) -> list[str]:
        table = self.c.table
        return history_detail.offences_present(self.c.store, table.tournament_id, OFFENCES) if table else []

    def table_choices(self) -> list[tuple[str, int]]:
        table = self.c.table
        return history_detail.table_numbers(self.c.store, table.tournament_id) if table else []

    def player_names(self) -> set[str]:
        table = self.c.table
        if table is None:
            return set()
        names = history_detail.player_names(self.c.store, table.tournament_id)
        st = self.c.state
        names.update(s.player for s in (st.seats if st else []))
        return names

    def incident_extra(self, row: dict[str, Any]) -> IncidentExtra:
        return history_detail.incident_extra(self.c.store, row)

    # -- reports, sign-offs and statements (refapp.store.reports, refapp.ui.report) ----------------------------

    def incident_notes(self, row: Mapping[str, Any]) -> IncidentNotes:
        """The sign-offs and statements recorded on an incident."""
        found = reports.notes_for(self.c.store, str(row["tournament_id"]), [str(row["uuid"])])
        return found.get(str(row["uuid"]), IncidentNotes())

    def statement_players(self, row: Mapping[str, Any]) -> list[str]:
        """Who may make a statement on the incident: the players of its hanchan."""
        return reports.seated(self.c.store, row)

    def signed_already(self, row: Mapping[str, Any]) -> Signoff | None:
        """The sign-off that already covers everything recorded on the incident (None: it may be signed off)."""
        return reports.can_sign(self.c.store, row)

    def sign_off(self, row: Mapping[str, Any], by: str, pin: bool) -> Signoff:
        """Record the head referee's sign-off (``pin``: given on the PIN pad). Raises :class:`DeskRefused`."""
        try:
            return reports.sign_off(self.c.store, str(row["uuid"]), by, pin=pin, at=self._now())
        except (reports.ReportError, StoreError) as exc:
            raise DeskRefused(said(exc)) from None

    def add_statement(self, row: Mapping[str, Any], player: str, text: str) -> Statement:
        """Record a player's statement, entered by this tablet's referee. Raises :class:`DeskRefused`."""
        by = self.c.settings.referee or "referee"
        try:
            return reports.add_statement(self.c.store, str(row["uuid"]), player, text, by, at=self._now())
        except (reports.ReportError, StoreError) as exc:
            raise DeskRefused(said(exc)) from None

    def write_report(self, language: str, incident: str | None = None) -> Path:
        """Write the report of one incident (its id) or, without one, of the open table's tournament, in
        ``language``, into the data folder's ``reports/``; returns the file. Raises :class:`DeskRefused`."""
        try:
            return self._write_report(language, incident)
        except (reports.ReportError, StoreError, OutputError, OSError) as exc:
            raise DeskRefused(said(exc)) from None

    def _write_report(self, language: str, incident: str | None) -> Path:
        from ..store.outfile import write_bytes
        from .report import render

        store, rulesets = self.c.store, self.c.rulesets
        stamp = self.c.clock().astimezone().strftime("%Y%m%d-%H%M%S")
        if incident is not None:
            report = reports.incident_report(store, rulesets, incident)
            row = report.incidents[0].row
            name = f"incident-table{row['table']}-hanchan{row['hanchan']}-{incident[:8]}-{stamp}-{language}.pdf"
        else:
            table = self.c.table
            if table is None:
                raise reports.ReportError("tournament", "no table is open", "report_no_table")
            report = reports.tournament_report(store, rulesets, table.tournament_id)
            name = f"tournament-{_slug(report.tournament)}-{stamp}-{language}.pdf"
        pdf = render(report, rulesets, language, printed=self.c.clock())
        folder = self.c.data_dir / "reports"
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise OutputError(f"{folder}: {exc.strerror or exc}") from None
        return write_bytes(folder / name, pdf.data)

    def _now(self) -> str:
        return self.c.clock().isoformat(timespec="seconds")

    # -- the session clock (refapp.store.clock, refapp.domain.clock) -------------------------------------------

    def table_clock(self) -> TableClock | None:
        """The open table's clock (its current hanchan, its session's clock, its extra time, the ending rule); None
        with no table open. The hands played only matter once time is up: only then is the table's log replayed
        for their ends (and again only when it changed)."""
        c = self.c
        book, table, st = c.book, c.table, c.state
        if book is None or table is None or st is None:
            return None
        entries = clock.clock_entries(c.store, table.tournament_id)
        session = int(st.session[1]) if st.started and st.session is not None and st.session[0] == "number" else None
        kept = entries.sessions.get(session) if session is not None else None
        hands: HanchanHands | None = None
        if kept is not None and c.clock() >= kept.clock.ends_at(entries.extra_minutes(table.table_id, session or 0)):
            key = (table.table_id, len(book.events), book.last_id)
            if self._hands is None or self._hands[0] != key:
                try:
                    self._hands = (key, hanchan_hands(book.events, book.rulesets))
                except LogError:
                    self._hands = (key, None)  # (the open table replayed when it was opened: not met)
            hands = self._hands[1]
        elif st.started and st.ruleset is not None:
            hands = HanchanHands(st.hanchan, session, st.ruleset, (), st.game_over, st.end_reason)
        return clock.table_clock(table, hands, entries, book.rulesets)

    def clock_entries(self) -> ClockEntries:
        """The open table's tournament's clock entries (none without a table)."""
        table = self.c.table
        return clock.clock_entries(self.c.store, table.tournament_id) if table is not None else ClockEntries()

    def set_session_clock(self, session: int, start: datetime, minutes: int) -> None:
        """The organiser sets a session's start and length for the open table's tournament. Raises
        :class:`DeskRefused`."""
        table = self.c.table
        if table is None:
            raise DeskRefused(QCoreApplication.translate("Controller", "No table is open: set up the table first."))
        try:
            clock.set_session(self.c.store, table.tournament_id, session, start, minutes, self._by(), at=self._now())
        except (clock.ClockError, StoreError) as exc:
            raise DeskRefused(said(exc)) from None

    def give_extra_time(self, session: int, minutes: int, reason: str) -> None:
        """A referee gives the open table extra time in a session. Raises :class:`DeskRefused`."""
        table = self.c.table
        if table is None:
            raise DeskRefused(QCoreApplication.translate("Controller", "No table is open: set up the table first."))
        try:
            clock.give_extra_time(self.c.store, table, session, minutes, reason, self._by(), at=self._now())
        except (clock.ClockError, StoreError) as exc:
            raise DeskRefused(said(exc)) from None

    def set_ending_rule(self, rule: TimeLimit | None, reason: str) -> None:
        """The organiser's ending rule for the open table's tournament (None: the rule sets' again)."""
        table = self.c.table
        if table is None:
            raise DeskRefused(QCoreApplication.translate("Controller", "No table is open: set up the table first."))
        try:
            clock.set_ending_rule(self.c.store, table.tournament_id, rule, reason, self._by(), at=self._now())
        except (clock.ClockError, StoreError) as exc:
            raise DeskRefused(said(exc)) from None

    def _by(self) -> str:
        return self.c.settings.referee or "referee"

    # -- results ----------------------------------------------------------------------------------------------

    def hanchan_report(self) -> HanchanReport | None:
        """The current hanchan's standings, results and chart (None before a hanchan was started)."""
        book = self.c.book
        st = self.c.state
        if book is None or st is None:
            return None
        return hanchan_report(st, start_scores(book.events, st))

    def tournament_standings(self) -> tuple[str, Standings | None]:
        """The name and standings of the open table's tournament (with no table open, of the latest tournament):
        ``("", None)`` when no tournament was set up, ``(name, None)`` when none of its hanchans started. Raises
        :class:`StandingsUnreadable` (naming the table) when a table's log does not replay. Each table is replayed
        only when it changed since the last call."""
        c = self.c
        if c.table is not None:
            tid, name = c.table.tournament_id, c.table.tournament
        else:
            try:
                tid, name = find_tournament(c.store, None)
            except LookupError:
                return "", None
        if self._standings is None or self._standings.store is not c.store:
            self._standings = StandingsReader(c.store, c.rulesets, write_cache=True)
        try:
            return name, self._standings.standings(tid)
        except StoreError as exc:
            raise StandingsUnreadable(said(exc)) from None

    # -- the head referee's dashboard: open calls, the players' records (refapp.store.calls, refapp.store.records) --

    def _tournament_id(self, tournament_id: str | None) -> str | None:
        """``tournament_id``, else the open table's tournament, else the latest one (None: no tournament yet)."""
        if tournament_id is not None:
            return tournament_id
        if self.c.table is not None:
            return self.c.table.tournament_id
        try:
            return find_tournament(self.c.store, None)[0]
        except LookupError:
            return None

    def open_calls(self, tournament_id: str | None = None) -> dict[str, OpenCall]:
        """The tables of the tournament (default: the open table's) whose call no referee answered yet, by table id:
        the table's number, since when, on which device."""
        tid = self._tournament_id(tournament_id)
        return calls.calls(self.c.store, tid) if tid is not None else {}

    def records(self, tournament_id: str | None = None, player: str | None = None) -> Records | None:
        """Every player's record in the tournament (default: the open table's; only ``player``'s if given): the
        incidents at every table and session, the counts, the next warning and ladder steps. None: no tournament."""
        tid = self._tournament_id(tournament_id)
        return records.records(self.c.store, self.c.rulesets, tid, player) if tid is not None else None

    def records_kept(self, tournament_id: str) -> Records:
        """Every player's record in the tournament, kept between calls while nothing new is stored (the Players
        tab: read again after a sync or an entry, not at every visit)."""
        key = (tournament_id, records.stored_up_to(self.c.store))
        if self._records is None or self._records[0] != key:
            self._records = (key, records.records(self.c.store, self.c.rulesets, tournament_id))
        return self._records[1]


def _slug(name: str) -> str:
    """A tournament's name as part of a file name: letters and digits, the rest as dashes."""
    kept = "".join(ch if ch.isalnum() else "-" for ch in name).strip("-")
    return "-".join(part for part in kept.split("-") if part)[:60] or "tournament"


def seatings(names: Sequence[str], first: Sequence[bool], federation: Mapping[str, str]) -> tuple[Seating, ...]:
    """The players to seat: each name with its first-timer flag and, if known, its federation id."""
    return tuple(Seating(n, f, federation.get(n, "")) for n, f in zip(names, first, strict=True))
