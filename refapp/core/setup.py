"""Setup: the tournament, the table and the players of the next hanchan, and its start; and the hanchan the
tournament's seating plan gives this table next (:meth:`SetupDesk.planned`), started in one tap
(:meth:`SetupDesk.start_planned`).

Before a hanchan starts, Setup checks it against the tournament (:meth:`SetupDesk.check`): a tournament ranks under
the rule set of its first hanchan (:func:`refapp.domain.tournament.ranking_rules`), so a hanchan under another rule
set is started only once the referee confirmed it (it is then marked in the standings); and a player seated in a
hanchan not over yet at another table of the tournament is named. :meth:`SetupDesk.start_hanchan` refuses to start
until the referee has confirmed what the check found (:class:`StartCheck`).

Which table a tablet is: the table it has open (Setup names it once; the settings keep it). The plan's next session
for it is the first session planned after the last one started at that table."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..domain.events import LogError
from ..domain.messages import Message
from ..domain.seating import SeatChange, table_changes
from ..domain.tournament import InPlayElsewhere, first_hanchan, in_play_elsewhere, ranking_rules
from ..store import seating, setup_reads
from ..store.db import StoreError
from ..store.paths import read_regular
from ..store.roster import RosterEntry, RosterError, parse_roster
from ..store.rows import NewPlayer
from ..store.setup_reads import KnownPlayer, NextHanchan
from .errors import Refused

if TYPE_CHECKING:
    from .session import Session

_log = logging.getLogger("refapp.core")


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


@dataclass(frozen=True, slots=True)
class StartCheck:
    """What Setup found before a hanchan starts: the rule set chosen, the rule set the tournament ranks under (its
    first hanchan's: ``""`` when the tournament has no hanchan yet, and this one will set it), and the players seated
    in a hanchan in play at another table of the tournament. What it found needs the referee's confirmation
    (:attr:`clear` is False): the hanchan is then started with ``accepted=`` this check."""

    ruleset: str  # the rule set chosen for the hanchan
    tournament_ruleset: str = ""  # the tournament's ("": no hanchan yet)
    tournament_ruleset_name: str = ""
    first: tuple[int, int] = (0, 0)  # (table, hanchan) of the tournament's first hanchan
    elsewhere: tuple[InPlayElsewhere, ...] = ()

    @property
    def other_ruleset(self) -> bool:
        """The hanchan would be played under another rule set than the tournament's (marked in the standings)."""
        return bool(self.tournament_ruleset) and bool(self.ruleset) and self.ruleset != self.tournament_ruleset

    @property
    def clear(self) -> bool:
        """Nothing to confirm."""
        return not self.other_ruleset and not self.elsewhere

    def english(self) -> str:
        """What it found, in one line (the command line, the log)."""
        parts = []
        if self.other_ruleset:
            parts.append(
                f"the tournament ranks under {self.tournament_ruleset} (its first hanchan's), not {self.ruleset}"
            )
        for e in self.elsewhere:
            parts.append(f"{e.player} is in play at table {e.table} (hanchan {e.hanchan})")
        return "; ".join(parts)


DEFAULT_RULESET = "wrc-2015"  # a planned hanchan at a table that has played none yet (Setup's first choice too)


@dataclass(frozen=True, slots=True)
class PlannedTable:
    """The hanchan the seating plan gives the open table next: its session, its players in seat order (East first),
    the rule set it will start with, and what changed at this table since the session was first published (a later
    publication: a substitute, a table moved)."""

    tournament: str
    table: int
    session: int
    seats: tuple[str, str, str, str]
    ruleset: str
    changes: tuple[SeatChange, ...]
    entry: str


class SetupDesk:
    def __init__(self, session: Session):
        self.s = session

    def tournament_names(self) -> list[str]:
        return setup_reads.tournament_names(self.s.store)

    def known_players(self, tournament: str) -> list[KnownPlayer]:
        return setup_reads.known_players(self.s.store, tournament)

    def read_roster(self, path: Path) -> list[RosterEntry]:
        """The players of a CSV roster; raises RosterError with one line naming the file, the line and the field."""
        try:
            text = read_regular(path, 10_000_000).decode("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise RosterError(key="roster_unreadable", file=path, reason=exc) from None
        return parse_roster(text, str(path))

    def next_hanchan(self, tournament: str, table: int) -> NextHanchan:
        """The defaults of the next hanchan at that table: from the open table's state when it is that table,
        else from what is stored."""
        open_ = self.s.table
        st = self.s.state
        here = open_ is not None and (open_.tournament, open_.number) == (tournament, table)
        if here and st is not None and st.started:
            session = st.session[1] if st.session and st.session[0] == "number" else 1
            return NextHanchan(st.hanchan + 1, int(session))
        return setup_reads.next_hanchan(self.s.store, tournament, table)

    def check(self, tournament: str, table: int, names: Sequence[str], ruleset: str) -> StartCheck:
        """What a hanchan at table ``table`` of the tournament named ``tournament`` with these players under
        ``ruleset`` needs confirmed (:class:`StartCheck`), from the hanchans this device knows (each table replayed
        only when it changed). A tournament whose tables cannot all be read is checked as far as they can."""
        tid = setup_reads.tournament_id(self.s.store, tournament) if tournament else None
        if tid is None:
            return StartCheck(ruleset)
        try:
            records = self.s.results.tournament_records(tid)
        except StoreError as exc:  # a table whose log does not replay: said on the Results page, never a block here
            _log.warning("the tournament's hanchans could not be read for Setup's check: %s", exc)
            return StartCheck(ruleset)
        first = first_hanchan(records)
        rules = ranking_rules(records, self.s.rulesets)
        if first is None or rules is None:
            return StartCheck(ruleset, elsewhere=in_play_elsewhere(records, names, table))
        return StartCheck(ruleset, rules.id, rules.name, (first.table, first.hanchan),
                          in_play_elsewhere(records, names, table))  # fmt: skip

    def start_hanchan(self, request: HanchanRequest, accepted: StartCheck | None = None) -> None:
        """Set up the table (tournament, new players and table in one transaction), open it, and store its
        ``hanchan_start``. Raises :class:`~refapp.core.errors.Refused` when nothing was started (``in_play``: the
        table's hanchan is not over; ``check``: what :meth:`check` found needs the referee's confirmation, and
        ``accepted`` is not that same check)."""
        s = self.s
        st = s.state
        here = s.table is not None and (s.table.tournament, s.table.number) == (request.tournament, request.table)
        if here and st is not None and st.started and not st.game_over:
            raise Refused(in_play=True)  # before anything is stored
        check = self.check(request.tournament, request.table, [p.name for p in request.players], request.ruleset)
        if not check.clear and check != accepted:
            raise Refused(Message(key="start_needs_confirmation"), check=check)
        players = [
            NewPlayer(name=p.name, first_timer=p.first_timer, federation_id=p.federation_id) for p in request.players
        ]
        try:
            table = s.store.setup_table(request.tournament, request.table, players)
        except StoreError as exc:
            raise Refused(exc) from None
        if s.table is None or s.table.table_id != table.table_id:
            try:
                s.open_table(table)
            except (StoreError, LogError) as exc:
                raise Refused(exc) from None
        st = s.state
        if st is not None and st.started and not st.game_over:
            raise Refused(in_play=True)
        event = s.new_event(
            "hanchan_start",
            players=[p.name for p in request.players],
            ruleset=request.ruleset,
            first_timers=[p.name for p in request.players if p.first_timer],
            session=request.session,
            hanchan=request.hanchan,
        )
        try:
            s.record(event)
        except (StoreError, LogError) as exc:
            raise Refused(exc) from None

    # -- the seating plan ----------------------------------------------------------------------------------------

    def planned(self) -> PlannedTable | None:
        """The open table's next planned hanchan; None with no table open, no plan for its tournament, no session
        planned after the last one started here, or a hanchan in play."""
        s = self.s
        table, st = s.table, s.state
        if table is None or (st is not None and st.started and not st.game_over):
            return None
        plan = seating.seating_plan(s.store, table.tournament_id)
        if not plan.current:
            return None
        started = seating.sessions_started(s.store, table.table_id)
        last = max(started, default=0)
        session = next((n for n in sorted(plan.current) if n > last), None)
        if session is None:
            return None
        entry = plan.current[session]
        tables = entry.seating.tables
        if not 1 <= table.number <= len(tables):
            return None
        seats = tables[table.number - 1]
        previous = plan.previous(session)
        changes: tuple[SeatChange, ...] = ()
        if previous is not None:
            old = previous.seating.tables
            changes = table_changes(old[table.number - 1] if table.number <= len(old) else None, seats)
        ruleset = st.ruleset.id if st is not None and st.ruleset is not None else DEFAULT_RULESET
        if ruleset not in s.rulesets:
            ruleset = next(iter(sorted(s.rulesets)), ruleset)
        return PlannedTable(table.tournament, table.number, session, seats, ruleset, changes, entry.id)

    def start_planned(self, planned: PlannedTable) -> None:
        """Start the planned hanchan at the open table: its players in their seats, its session, the table's next
        hanchan number. Raises :class:`~refapp.core.errors.Refused` when nothing was started."""
        known = {p.name: p for p in self.known_players(planned.tournament)}
        players = tuple(
            Seating(n, known[n].first_timer, known[n].federation_id) if n in known else Seating(n)
            for n in planned.seats
        )
        nxt = self.next_hanchan(planned.tournament, planned.table)
        request = HanchanRequest(planned.tournament, planned.table, players, planned.ruleset, planned.session,
                                 nxt.hanchan)  # fmt: skip
        self.start_hanchan(request)


def seatings(names: Sequence[str], first: Sequence[bool], federation: Mapping[str, str]) -> tuple[Seating, ...]:
    """The players to seat: each name with its first-timer flag and, if known, its federation id."""
    return tuple(Seating(n, f, federation.get(n, "")) for n, f in zip(names, first, strict=True))


__all__ = ["DEFAULT_RULESET", "HanchanRequest", "InPlayElsewhere", "PlannedTable", "Seating", "SetupDesk", "StartCheck",
           "seatings"]  # fmt: skip
