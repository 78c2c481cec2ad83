"""A tournament's players and its seating plan, Qt-free: what the head referee's desk (its Seating tab) and the
``refapp players`` / ``refapp seating`` commands both do.

* a roster (the CSV file Setup reads) added to the tournament's players (:func:`load_roster`, :func:`import_roster`);
* a plan made from a seed for S sessions, or the next session by the standings, first as a :class:`Draft` to look
  at (its tables and its quality), then published (:func:`publish`): one signed entry per session, carried to the
  tables by the venue's sync;
* the plan as published (:func:`plan_view`).

A player count that is not a multiple of four is refused with what to do (a message id, said in the face's
language); nothing is stored before Publish.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..domain.messages import Message
from ..domain.seating import Quality, SeatingError, SessionSeating, make_plan, next_by_standings, quality
from ..store import seating
from ..store.db import Store, StoreError
from ..store.paths import read_regular
from ..store.players_import import PlayersImported, import_players
from ..store.roster import RosterEntry, RosterError, parse_roster
from ..store.seating import Plan, SeatingEntry
from ..store.standings_reads import StandingsReader
from .changes import Change
from .errors import Refused

if TYPE_CHECKING:
    from ..domain.rules import RuleSet
    from .session import Session


@dataclass(frozen=True, slots=True)
class Draft:
    """Sessions made and not yet published: their tables, how they were made, and the quality of the whole plan once
    they are added to what is published (``left_out``: players the standings leave out, disqualified)."""

    sessions: tuple[SessionSeating, ...]
    how: str  # "made" (from a seed) or "standings"
    seed: int | None
    kept: Mapping[str, int]
    quality: Quality
    left_out: tuple[str, ...] = ()
    tournament_id: str = ""  # the tournament it was made for


@dataclass(frozen=True, slots=True)
class PlanView:
    """A tournament's players and its plan as published: the current entry of each session, in order, and the
    plan's quality."""

    tournament_id: str
    tournament: str
    players: tuple[str, ...]
    entries: tuple[SeatingEntry, ...] = ()
    quality: Quality = field(default_factory=lambda: Quality(()))
    ignored: int = 0


def load_roster(path: Path) -> list[RosterEntry]:
    """The players of a roster file; :class:`RosterError` naming the file, the line and the field."""
    try:
        text = read_regular(path, 10_000_000).decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RosterError(key="roster_unreadable", file=path, reason=exc) from None
    return parse_roster(text, str(path))


def add_players(store: Store, tournament: str, entries: list[RosterEntry], by: str = "") -> PlayersImported:
    """Add a roster's players to the tournament (by name or id; created when none has that name): a player known by
    name (case-insensitive) keeps its id, its federation id and first-timer flag follow the roster. Raises
    :class:`StoreError` (nothing stored)."""
    return import_players(store, tournament, entries, by=by)


def import_roster(store: Store, tournament: str, path: Path, by: str = "") -> PlayersImported:
    """Add a roster file's players to the tournament (by name or id; created when none has that name). Raises
    :class:`RosterError` or :class:`StoreError` (nothing stored)."""
    return add_players(store, tournament, load_roster(path), by=by)


def tournament_players(store: Store, tournament_id: str) -> list[str]:
    """The tournament's players' names, as the plan seats them."""
    return seating.tournament_players(store, tournament_id)


def seating_plan(store: Store, tournament_id: str) -> Plan:
    """The tournament's plan as published: every session's current entry, what it kept."""
    return seating.seating_plan(store, tournament_id)


def read_plan_csv(text: str, source: str, players: list[str], planned: list[int]) -> list[SessionSeating]:
    """The sessions of a seating plan given as CSV (``source`` names it in a message). Raises SeatingError naming
    the line and the field."""
    return seating.parse_seating_csv(text, source, players, planned)


def _tables_for(count: int) -> None:
    """A player count that is not a multiple of four, refused with what to do (never a table of three)."""
    if count < 4:
        raise Refused(Message(key="seating_too_few", count=count, more=4 - count))
    if count % 4:
        more, fewer = 4 - count % 4, count % 4
        raise Refused(Message(key="seating_not_four", count=count, more=more, total=count + more, fewer=fewer))


def make(store: Store, tournament_id: str, sessions: int, seed: int, keep: Mapping[str, int] | None = None) -> Draft:
    """A plan of ``sessions`` sessions for the tournament's players from ``seed`` (``keep``: players kept at one
    table; default: those the plan kept), replacing what was published. Raises :class:`Refused`."""
    players = seating.tournament_players(store, tournament_id)
    plan = seating.seating_plan(store, tournament_id)
    kept = {p: k for p, k in plan.kept.items() if p in players} if keep is None else dict(keep)
    _tables_for(len(players))
    try:
        made = make_plan(players, sessions, seed, kept)
    except SeatingError as exc:
        raise Refused(exc) from None
    merged = {n: e.seating for n, e in plan.current.items()} | {s.session: s for s in made}
    return Draft(tuple(made), "made", seed, kept, quality([merged[n] for n in sorted(merged)]), (), tournament_id)


def ranked_players(store: Store, tournament_id: str, rulesets: Mapping[str, RuleSet]) -> tuple[list[str], set[str]]:
    """The tournament's players by the standings (best first; those without a result after, by name), and those the
    standings leave out (disqualified)."""
    players = seating.tournament_players(store, tournament_id)
    st = StandingsReader(store, rulesets).standings(tournament_id)
    out = {p.name for p in st.ranking if p.disqualified} | {p.name for p in st.not_listed} if st else set()
    ranked = [p.name for p in st.ranking if p.name in players and p.name not in out] if st else []
    ranked += sorted(p for p in players if p not in ranked and p not in out)
    return ranked, out


def next_session(store: Store, tournament_id: str, rulesets: Mapping[str, RuleSet],
                 keep: Mapping[str, int] | None = None) -> Draft:  # fmt: skip
    """The next session by the standings (players of similar totals together). Raises :class:`Refused`."""
    plan = seating.seating_plan(store, tournament_id)
    ranked, out = ranked_players(store, tournament_id, rulesets)
    kept = {p: k for p, k in (plan.kept if keep is None else keep).items() if p in ranked}
    _tables_for(len(ranked))
    try:
        session = next_by_standings(ranked, plan.sessions, kept)
    except SeatingError as exc:
        raise Refused(exc) from None
    return Draft(
        (session,), "standings", None, kept, quality([*plan.sessions, session]), tuple(sorted(out)), tournament_id
    )


def publish(store: Store, tournament_id: str, draft: Draft, by: str, reason: str = "") -> list[SeatingEntry]:
    """Publish a draft: one signed entry per session (each replaces what was published for its session). Raises
    :class:`Refused` (nothing stored)."""
    try:
        return seating.publish(store, tournament_id, draft.sessions, draft.how, by, seed=draft.seed,
                               kept=draft.kept, reason=reason)  # fmt: skip
    except StoreError as exc:
        raise Refused(exc) from None


def plan_view(store: Store, tournament_id: str) -> PlanView:
    """The tournament's players and its published plan."""
    name = next((str(t["name"]) for t in store.tournaments() if t["id"] == tournament_id), tournament_id)
    plan = seating.seating_plan(store, tournament_id)
    players = tuple(seating.tournament_players(store, tournament_id))
    entries = tuple(plan.current[n] for n in sorted(plan.current))
    return PlanView(tournament_id, name, players, entries, quality(plan.sessions), plan.ignored)


class SeatingDesk:
    """The Seating tab's core: the tournament the desk shows (the open table's, else the newest), its roster and
    its plan. Each change is told (:attr:`Change.VENUE`)."""

    def __init__(self, session: Session):
        self.s = session

    def tournament_id(self) -> str | None:
        return self.s.venue.tournament_id()

    def view(self) -> PlanView | None:
        tid = self.tournament_id()
        return plan_view(self.s.store, tid) if tid is not None else None

    def import_roster(self, path: Path, tournament: str = "") -> PlayersImported:
        """Add a roster's players to the desk's tournament (``tournament``: the name of a new one when there is
        none yet). Raises :class:`Refused` (nothing stored)."""
        ref = self.tournament_id() or tournament.strip()
        try:
            entries = load_roster(path)
            done = add_players(self.s.store, ref, entries, by=self.s.who())
        except (RosterError, StoreError) as exc:
            raise Refused(exc) from None
        self.s.notices.tell(Change.VENUE)
        return done

    def make(self, sessions: int, seed: int) -> Draft:
        return make(self.s.store, self._tid(), sessions, seed)

    def next_session(self) -> Draft:
        return next_session(self.s.store, self._tid(), self.s.rulesets)

    def publish(self, draft: Draft) -> list[SeatingEntry]:
        """Publish a draft for the tournament it was made for. Raises :class:`Refused` (nothing stored)."""
        done = publish(self.s.store, draft.tournament_id or self._tid(), draft, self.s.settings.referee or "referee")
        self.s.notices.tell(Change.VENUE)
        return done

    def _tid(self) -> str:
        tid = self.tournament_id()
        if tid is None:
            raise Refused(Message(key="seating_no_tournament"))
        return tid


__all__ = ["Draft", "Plan", "PlanView", "RosterError", "SeatingDesk", "SeatingEntry", "add_players", "import_roster",
           "load_roster", "make", "next_session", "plan_view", "publish", "ranked_players", "read_plan_csv",
           "seating_plan", "tournament_players"]  # fmt: skip
