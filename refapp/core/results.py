"""Results: the hanchan in play, the tournament's standings, and the head referee's view of the players (their
records across tables) and of the tables calling."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ..domain.log_results import HanchanRecord
from ..domain.standings import HanchanReport, hanchan_report, start_scores
from ..domain.tournament import Standings
from ..store import calls, records
from ..store.calls import OpenCall
from ..store.db import Store, StoreError
from ..store.records import Records, records_to_json
from ..store.standings_reads import StandingsReader, find_tournament
from .errors import Refused

if TYPE_CHECKING:
    from ..domain.rules import RuleSet
    from .session import Session


# -- for any face: the app's Results page and desk (through ResultsDesk), `refapp standings` and `refapp records` ----


def standings(store: Store, rulesets: Mapping[str, RuleSet], tournament_id: str, *,
              write_cache: bool = False) -> Standings | None:  # fmt: skip
    """The tournament's standings across every hanchan of every table (None: no hanchan started yet); a hanchan in
    play counts as if it ended now. ``write_cache``: keep each table's replay for the next read (the app; a
    read-only reader such as the command line writes nothing). Raises StoreError naming a table whose log does not
    replay."""
    return StandingsReader(store, rulesets, write_cache=write_cache).standings(tournament_id)


def player_records(store: Store, rulesets: Mapping[str, RuleSet], tournament_id: str,
                   player: str | None = None) -> Records:  # fmt: skip
    """Every player's record in the tournament (only ``player``'s if given): the incidents at every table and
    session, the counts, the next warning and ladder steps."""
    return records.records(store, rulesets, tournament_id, player)


class ResultsDesk:
    def __init__(self, session: Session):
        self.s = session
        self._standings: StandingsReader | None = None
        self._records: tuple[tuple[str, int], Records] | None = None  # (tournament, stored up to), its records

    def hanchan_report(self) -> HanchanReport | None:
        """The current hanchan's standings, results and chart (None before a hanchan was started)."""
        book, st = self.s.book, self.s.state
        if book is None or st is None:
            return None
        return hanchan_report(st, start_scores(book.events, st))

    def tournament_standings(self) -> tuple[str, Standings | None]:
        """The name and standings of the open table's tournament (with no table open, of the latest tournament):
        ``("", None)`` when no tournament was set up, ``(name, None)`` when none of its hanchans started. Raises
        :class:`Refused` (naming the table) when a table's log does not replay. Each table is replayed only when
        it changed since the last call."""
        s = self.s
        if s.table is not None:
            tid, name = s.table.tournament_id, s.table.tournament
        else:
            try:
                tid, name = find_tournament(s.store, None)
            except LookupError:
                return "", None
        try:
            return name, self._reader().standings(tid)
        except StoreError as exc:
            raise Refused(exc) from None

    def _reader(self) -> StandingsReader:
        """The reader kept between calls (each table replayed only when it changed since the last read)."""
        s = self.s
        if self._standings is None or self._standings.store is not s.store:
            self._standings = StandingsReader(s.store, s.rulesets, write_cache=True)
        return self._standings

    def tournament_records(self, tournament_id: str) -> list[HanchanRecord]:
        """Every hanchan of every table of the tournament, the ones in play included (as if they ended now), read as
        the standings read them. Raises :class:`StoreError` naming a table whose log does not replay."""
        return self._reader().tournament_records(tournament_id)

    def standings_job(self) -> tuple[str, Callable[[Store], Standings | None]] | None:
        """The tournament's standings to work out on a store connection of the runner's (a worker's): its name and
        the job (each table replayed only when it changed since the standings cache was written). None: no
        tournament yet. The job raises :class:`Refused` (naming the table) when a table's log does not replay."""
        s = self.s
        if s.table is not None:
            tid, name = s.table.tournament_id, s.table.tournament
        else:
            try:
                tid, name = find_tournament(s.store, None)
            except LookupError:
                return None
        rulesets = s.rulesets

        def job(store: Store) -> Standings | None:
            try:
                return standings(store, rulesets, tid, write_cache=True)
            except StoreError as exc:
                raise Refused(exc) from None

        return name, job

    def tournament_id(self, tournament_id: str | None = None) -> str | None:
        """``tournament_id``, else the open table's tournament, else the latest one (None: no tournament yet)."""
        if tournament_id is not None:
            return tournament_id
        if self.s.table is not None:
            return self.s.table.tournament_id
        try:
            return find_tournament(self.s.store, None)[0]
        except LookupError:
            return None

    def open_calls(self, tournament_id: str | None = None) -> dict[str, OpenCall]:
        """The tables of the tournament (default: the open table's) whose call no referee answered yet, by table id:
        the table's number, since when, on which device."""
        tid = self.tournament_id(tournament_id)
        return calls.calls(self.s.store, tid) if tid is not None else {}

    def records(self, tournament_id: str | None = None, player: str | None = None) -> Records | None:
        """Every player's record in the tournament (default: the open table's; only ``player``'s if given): the
        incidents at every table and session, the counts, the next warning and ladder steps. None: no tournament."""
        tid = self.tournament_id(tournament_id)
        return player_records(self.s.store, self.s.rulesets, tid, player) if tid is not None else None

    def records_ahead(self, tournament_id: str) -> Callable[[Store], tuple[tuple[str, int], Records]] | None:
        """The tournament's records to read ahead on a store connection of the runner's (a worker's), for
        :meth:`keep_records`; None when those kept are current. The job gives them with what they were read up to."""
        if self._records is not None and self._records[0] == (tournament_id, records.stored_up_to(self.s.store)):
            return None
        rulesets = self.s.rulesets

        def job(store: Store) -> tuple[tuple[str, int], Records]:
            key = (tournament_id, records.stored_up_to(store))  # (before the read: anything newer reads them again)
            return key, records.records(store, rulesets, tournament_id)

        return job

    def keep_records(self, key: tuple[str, int], found: Records) -> None:
        """Keep records read ahead (:meth:`records_ahead`): :meth:`records_kept` gives them while nothing new is
        stored. Older ones than those kept are left."""
        kept = self._records
        if kept is None or kept[0][0] != key[0] or kept[0][1] <= key[1]:
            self._records = (key, found)

    def records_kept(self, tournament_id: str) -> Records:
        """Every player's record in the tournament, kept between calls while nothing new is stored (the Players
        tab: read again after a sync or an entry, not at every visit)."""
        key = (tournament_id, records.stored_up_to(self.s.store))
        if self._records is None or self._records[0] != key:
            self._records = (key, player_records(self.s.store, self.s.rulesets, tournament_id))
        return self._records[1]


__all__ = ["ResultsDesk", "find_tournament", "player_records", "records_to_json", "standings"]
