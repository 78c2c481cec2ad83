"""The session clock: how long a session has left at a table, and what the ending rule means once time is up.

Pure: the time is always handed in (``now``); the domain never reads the clock. The organiser sets a session's start
and length (:class:`SessionClock`); a referee may give one table extra time; the ending rule at time-up is the
rule set's ``[time_limit]`` (:class:`~refapp.domain.rules.TimeLimit`), or the organiser's for the tournament.

At time-up the hand in play is finished; under ``finish_hand_plus`` ``extra_hands`` more follow it. Which hand was
in play is read from the times the hands' results were recorded: a result recorded before time-up ended a hand
before it; the first result recorded after it ends the hand that was in play. A chombo during the last hand ends the
hanchan when the rule says so (WRC 2015 §8.2: "not re-dealt"); a chombo in an earlier hand is re-dealt as usual and
ends nothing. A recorded time that cannot be read counts as before time-up, so that a hanchan is never ended early
on its account. See docs/rulings.md, "The session clock".
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import Enum

from .event_json import EventJson
from .events import LogError, parse_events, resolve_voids
from .gcpause import gc_paused
from .ledger import Ledger
from .rules import RuleSet, TimeLimit

MAX_SESSION_MINUTES = 720  # a session of twelve hours is already more than any schedule
MAX_EXTRA_MINUTES = 180  # extra time for one table, in one entry


def read_time(text: object) -> datetime | None:
    """An ISO 8601 time with its offset (as events record it), or None when it has no offset or cannot be read."""
    if not isinstance(text, str):
        return None
    try:
        value = datetime.fromisoformat(text)
    except ValueError:
        return None
    return value if value.tzinfo is not None and value.utcoffset() is not None else None


@dataclass(frozen=True, slots=True)
class SessionClock:
    """A session's clock as the organiser set it: the start (a time with its offset) and the length."""

    session: int
    start: datetime
    minutes: int

    def ends_at(self, extra_minutes: int = 0) -> datetime:
        """When time is up, at a table given ``extra_minutes`` of extra time."""
        return self.start + timedelta(minutes=self.minutes + max(0, extra_minutes))


@dataclass(frozen=True, slots=True)
class HandEnd:
    """A hand of the hanchan came to an end (a win or a draw), or a chombo was ruled (``chombo``): when recorded."""

    at: datetime | None
    chombo: bool = False


@dataclass(frozen=True, slots=True)
class HanchanHands:
    """The current hanchan of a table as the clock needs it: its number, session, rule set and hand endings."""

    hanchan: int
    session: int | None  # the session number of its hanchan_start (None: sessions by day)
    ruleset: RuleSet
    ends: tuple[HandEnd, ...]
    over: bool
    end_reason: str = ""


def hanchan_hands(events: Iterable[EventJson], rulesets: Mapping[str, RuleSet]) -> HanchanHands | None:
    """Replay a table's log (the stored payloads) and read the hand endings of its current hanchan; None before a
    hanchan was started. Raises :class:`LogError` when the log does not replay."""
    parsed = parse_events(list(events))
    ledger = Ledger(rulesets)
    ends: list[HandEnd] = []
    with gc_paused():
        for index, ev in resolve_voids(parsed):
            if ev.type != "incident":  # the quick path: only an incident's ruling needs the explained step
                ledger.apply(ev, index)
                if ev.type == "hanchan_start":
                    ends = []
                elif ev.type in ("win", "draw"):
                    ends.append(HandEnd(read_time(ev.at)))
                continue
            effect = ledger.apply(ev, index, explain=True)
            if effect.ruling is not None and effect.ruling.kind == "chombo" and effect.redeal:
                ends.append(HandEnd(read_time(ev.at), chombo=True))
    st = ledger.state
    if not st.started or st.ruleset is None:
        return None
    session = int(st.session[1]) if st.session is not None and st.session[0] == "number" else None
    return HanchanHands(st.hanchan, session, st.ruleset, tuple(ends), st.game_over, st.end_reason)


def rule_of(hanchan_ruleset: RuleSet, current: RuleSet | None) -> TimeLimit:
    """The rule set's ending rule for a hanchan: the one it started with, or, for a hanchan started before rule sets
    had a ``[time_limit]`` table, the one of the rule set of the same id known now (``current``)."""
    if "time_limit" in hanchan_ruleset.model_fields_set or current is None or current.id != hanchan_ruleset.id:
        return hanchan_ruleset.time_limit
    return current.time_limit


class Phase(Enum):
    RUNNING = "running"  # time is not up
    TIME_UP = "time_up"  # time is up: the hand in play (and maybe more) is still to be played
    END_DUE = "end_due"  # the last hand allowed has been played: the hanchan ends
    OVER = "over"  # the hanchan is over


@dataclass(frozen=True, slots=True)
class ClockStatus:
    """A table's clock at ``now``."""

    ends_at: datetime
    remaining: int  # whole seconds left, rounded up (0 once time is up)
    extra_minutes: int
    phase: Phase
    hands_left: int | None = None  # at time-up: hands still to play after the one in play (0: this one is the last)

    @property
    def time_up(self) -> bool:
        return self.remaining == 0


def clock_status(
    clock: SessionClock, extra_minutes: int, rule: TimeLimit, hands: HanchanHands, now: datetime
) -> ClockStatus:
    """The clock of a table's current hanchan at ``now`` (an aware time)."""
    ends_at = clock.ends_at(extra_minutes)
    left = (ends_at - now).total_seconds()
    remaining = max(0, math.ceil(left))
    extra = max(0, extra_minutes)
    if hands.over:
        return ClockStatus(ends_at, remaining, extra, Phase.OVER)
    if left > 0:
        return ClockStatus(ends_at, remaining, extra, Phase.RUNNING)
    allowed = 1 + (rule.extra_hands if rule.after_time == "finish_hand_plus" else 0)
    done = 0
    for end in hands.ends:
        if end.at is None or end.at < ends_at:
            continue  # before time-up (or a time that cannot be read: never ends a hanchan early)
        if not end.chombo:
            done += 1
        elif rule.last_hand_chombo == "ends" and done == allowed - 1:
            done += 1  # the last hand is not re-dealt
    if done >= allowed:
        return ClockStatus(ends_at, 0, extra, Phase.END_DUE, 0)
    return ClockStatus(ends_at, 0, extra, Phase.TIME_UP, allowed - done - 1)


def ends_by_time(status: ClockStatus | None) -> bool:
    """Whether the hanchan is to end now by the time limit."""
    return status is not None and status.phase is Phase.END_DUE


__all__ = [
    "ClockStatus",
    "HandEnd",
    "HanchanHands",
    "LogError",
    "Phase",
    "SessionClock",
    "clock_status",
    "ends_by_time",
    "hanchan_hands",
    "read_time",
    "rule_of",
]
