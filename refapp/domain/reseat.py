"""Re-seating a table: the players were found in the wrong seats (or a player at the wrong table) after some hands.

The referee says, for each seat as it was recorded, who really sat there and in which seat (:class:`Seating`). The
hanchan's entries are then replayed under the right seats: every entry of the hanchan that stands is voided (newest
first, each void giving the reason), and entered again with its seats moved (:func:`moved`), behind a new
``hanchan_start`` naming the players in their right seats. Nothing is deleted: the table's history keeps the entries
as first recorded, their voids and the replacements. The ledger plays the replacements as any entry, so a dealer who
was recorded in the wrong seat gets the dealer's payments, the deal passes in the right order, and a ruling that
depends on the seat (the dealer's chombo) is ruled again for the right seat.

How an entry's seats move: a hand result names seats (the winner, the discarder, the liable seat, the tenpai and
nagashi seats, the riichi and the offending seat); recorded seat ``s`` becomes ``seating.seat[s]``. So the hands stay
with the *people* they were recorded for: "Bruno won on Anna's discard" is still Bruno's win on Anna's discard, with
Bruno now the dealer if he sat East. When the hands were recorded at the right chairs under the wrong names (the
chairs were right, the names were not), the referee keeps every seat and changes the names instead. A player who
was not at this table (at the wrong table) takes the name of the recorded seat's player: the hands recorded at that
seat become theirs.

Pure: no clock, no store. :func:`plan` is what the core previews and stores (:mod:`refapp.core.reseat`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

from .event_json import EventJson
from .events import WIND_LETTERS, LogError, TableEvent, check_incoming, parse_events, resolve_voids
from .ledger import replay
from .rules import RuleSet
from .table import TableState

SEAT_FIELDS = ("seat", "discarder")  # a seat index directly in the payload
SEAT_LISTS = ("tenpai", "nagashi")  # lists of seat indices (a draw)


@dataclass(frozen=True)
class Seating:
    """Who really sat where, for each seat as recorded: ``names[s]`` sat in seat ``seat[s]`` (seat 0 is East at the
    start of the hanchan)."""

    names: tuple[str, str, str, str]
    seat: tuple[int, int, int, int]

    def players(self) -> tuple[str, str, str, str]:
        """The players in their right seats, East first (what the new ``hanchan_start`` names)."""
        out = [""] * 4
        for s in range(4):
            out[self.seat[s]] = self.names[s]
        return (out[0], out[1], out[2], out[3])


@dataclass(frozen=True)
class ScoreChange:
    """One player's numbers before and after the re-seat (None: not at the table on that side)."""

    player: str
    seat_before: int | None
    seat_after: int | None
    score_before: int | None
    score_after: int | None
    overall_before: Fraction | int | None
    overall_after: Fraction | int | None

    @property
    def changed(self) -> bool:
        return (
            self.score_before != self.score_after
            or self.overall_before != self.overall_after
            or self.seat_before != self.seat_after
        )


@dataclass(frozen=True)
class Plan:
    """What a re-seat stores (``entries``: the voids, then the replacements, in order) and what it changes."""

    entries: list[EventJson]
    voided: int  # how many entries of the hanchan are voided (and as many entered again, with the start)
    before: TableState
    after: TableState
    changes: list[ScoreChange]
    hanchan: int


def check_seating(seating: Seating, recorded: tuple[str, ...]) -> None:
    """A seating the table can take: four seats, each taken once, four distinct names, no name that nothing entered
    may hold. Raises :class:`LogError` (message ids ``reseat_*``)."""
    if len(seating.names) != 4 or len(seating.seat) != 4:
        raise LogError(None, "seating", key="reseat_four")
    if sorted(seating.seat) != [0, 1, 2, 3]:
        taken = [WIND_LETTERS[s] for s in range(4) if list(seating.seat).count(s) > 1]
        raise LogError(None, "seating", key="reseat_same_seat", params={"winds": ", ".join(taken)})
    names = [n.strip() for n in seating.names]
    if any(not n for n in names):
        raise LogError(None, "seating", key="reseat_no_name")
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise LogError(None, "seating", key="reseat_twice", params={"player": twice[0]})
    if names == list(recorded) and list(seating.seat) == [0, 1, 2, 3]:
        raise LogError(None, "seating", key="reseat_unchanged")


def moved(payload: Mapping[str, Any], where: tuple[int, ...]) -> dict[str, Any]:
    """The payload with every seat it names moved: recorded seat ``s`` becomes ``where[s]``."""
    out = dict(payload)
    for key in SEAT_FIELDS:
        if isinstance(out.get(key), int):
            out[key] = where[out[key]]
    for key in SEAT_LISTS:
        if isinstance(out.get(key), list):
            out[key] = [where[s] for s in out[key]]
    if isinstance(out.get("winners"), list):
        winners = []
        for w in out["winners"]:
            w = dict(w)
            for key in ("seat", "liable"):
                if isinstance(w.get(key), int):
                    w[key] = where[w[key]]
            winners.append(w)
        out["winners"] = winners
    return out


def _started(payload: Mapping[str, Any], seating: Seating) -> dict[str, Any]:
    """The hanchan's start with the players in their right seats (a player brought in keeps no first-timer flag of
    the player recorded there; a resumed table's scores and overall scores move with their players)."""
    out = dict(payload)
    out["players"] = list(seating.players())
    renamed = dict(zip(payload["players"], seating.names, strict=True))
    out["first_timers"] = [renamed[n] for n in payload.get("first_timers") or () if renamed.get(n) == n]
    resume = payload.get("resume")
    if isinstance(resume, dict):
        resume = dict(resume)
        for key in ("scores", "overall"):
            values = resume.get(key)
            if isinstance(values, list) and len(values) == 4:
                new = [values[0]] * 4
                for s in range(4):
                    new[seating.seat[s]] = values[s]
                resume[key] = new
        out["resume"] = resume
    return out


def hanchan_entries(events: Sequence[EventJson], parsed: list[TableEvent] | None = None) -> list[EventJson]:
    """The entries of the table's latest hanchan that stand (its start first), in the order they were entered."""
    standing = resolve_voids(parsed if parsed is not None else parse_events(events))
    start = max((i for i, ev in standing if ev.type == "hanchan_start"), default=None)
    if start is None:
        return []
    return [events[i] for i, _ev in standing if i >= start]


def plan(
    events: Sequence[EventJson],
    rulesets: Mapping[str, RuleSet],
    seating: Seating,
    *,
    new_id: Callable[[], str],
    at: str,
    by: str,
    reason: str,
) -> Plan:
    """The entries that re-seat the table's latest hanchan as ``seating`` says, and every number they change.
    ``new_id()`` gives each new entry its id; ``at`` and ``by`` are the voids' (the replacements keep the time they
    were first entered: the hands were played then). Raises :class:`LogError` when the table has no hanchan, the
    seating cannot be, or a hand cannot be played under the new seats (the entry is named)."""
    parsed = parse_events(events)
    own = hanchan_entries(events, parsed)
    if not own:
        raise LogError(None, "seating", key="reseat_no_hanchan")
    start = own[0]
    recorded = tuple(start["players"])
    check_seating(seating, recorded)
    entries: list[EventJson] = []
    for entry in reversed(own):  # newest first: what is left stands at every step
        entries.append(EventJson(type="void", id=new_id(), at=at, by=by, target=entry["id"], reason=reason))
    where = seating.seat
    for n, entry in enumerate(own):
        new = _started(entry, seating) if n == 0 else moved(entry, where)
        again = cast(EventJson, {**new, "id": new_id(), "by": by})  # a stored entry, its seats moved
        check_incoming(again, len(events) + len(entries))
        entries.append(again)
    before = replay(parsed, rulesets)
    try:
        after = replay(parse_events([*events, *entries]), rulesets)
    except LogError as exc:
        index = exc.index - len(events) - len(own) if exc.index is not None else None
        original = own[index] if index is not None and 0 <= index < len(own) else None
        when = str(original.get("at", "")) if original is not None else ""
        raise LogError(
            exc.index,
            exc.field,
            key="reseat_replay",
            params={
                "when": when[11:16] or when,
                "reason": exc.message,
                "reason_key": exc.key,
                "reason_params": exc.params,
            },
        ) from None
    return Plan(entries, len(own), before, after, changes(before, after), after.hanchan)


def changes(before: TableState, after: TableState) -> list[ScoreChange]:
    """Each player of either table, in the new seat order (then those who left): seat, score and overall before
    and after."""
    old = {s.player: (i, s) for i, s in enumerate(before.seats)}
    new = {s.player: (i, s) for i, s in enumerate(after.seats)}
    out = []
    for name in [*new, *(n for n in old if n not in new)]:
        b, a = old.get(name), new.get(name)
        out.append(
            ScoreChange(
                player=name,
                seat_before=b[0] if b else None,
                seat_after=a[0] if a else None,
                score_before=b[1].score if b else None,
                score_after=a[1].score if a else None,
                overall_before=b[1].overall if b else None,
                overall_after=a[1].overall if a else None,
            )
        )
    return out


__all__ = ["Plan", "ScoreChange", "Seating", "changes", "check_seating", "hanchan_entries", "moved", "plan"]
