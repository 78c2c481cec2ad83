"""The session clock's entity events (:mod:`refapp.store.clock`): a session's start and length, extra time for one
table, and the organiser's ending rule for a tournament.

Like sign-offs and statements, each is an event of the writing device's chain with ``table_id = ''`` and its
tournament in ``tournament_id`` (hashed); no projection: :mod:`refapp.store.clock` reads them with one query by
tournament. Payloads (besides ``id``, ``at``, ``by``):

* ``session_clock``: ``{"tournament", "session", "start", "minutes"}``: session ``session`` of the tournament starts
  at ``start`` (ISO 8601 with its offset) and lasts ``minutes``; a later one for the same session replaces it;
* ``extra_time``: ``{"tournament", "table", "session", "minutes", "reason"}``: the table (its id) is given
  ``minutes`` more in that session (a negative number takes back extra time given by mistake); they add up;
* ``ending_rule``: ``{"tournament", "after_time", "extra_hands", "last_hand_chombo", "reason"}``: the tournament's
  ending rule at time-up, as in a rule set's ``[time_limit]``; ``after_time`` null gives the rule sets' back.

Layer: bottom (the entity events' models): imports no feature of the store.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, ValidationError, model_validator

from ..domain.clock import MAX_EXTRA_MINUTES, MAX_SESSION_MINUTES, read_time
from ..domain.rules import TimeLimit
from .entity_base import BaseEntity

CLOCK_TYPES = ("session_clock", "extra_time", "ending_rule")
_Id = Annotated[str, Field(min_length=1, max_length=100)]
_Session = Annotated[int, Field(ge=1, le=10_000, strict=True)]
MAX_REASON = 200


def _plain(value: str, what: str) -> str:
    bad = next((c for c in value if ord(c) < 32 or 0x7F <= ord(c) < 0xA0), None)
    if bad is not None:
        raise ValueError(f"{what}: control character {bad!r} not allowed")
    return value


class SessionClockEntity(BaseEntity):
    type: Literal["session_clock"]
    tournament: _Id
    session: _Session
    start: Annotated[str, Field(min_length=1, max_length=64)]
    minutes: Annotated[int, Field(ge=1, le=MAX_SESSION_MINUTES, strict=True)]

    @model_validator(mode="after")
    def _start(self) -> SessionClockEntity:
        if read_time(self.start) is None:
            raise ValueError(f"start: {self.start!r} is not a time with its offset (2026-11-22T14:00:00+01:00)")
        _plain(self.by, "by")
        return self


class ExtraTimeEntity(BaseEntity):
    type: Literal["extra_time"]
    tournament: _Id
    table: _Id
    session: _Session
    minutes: Annotated[int, Field(ge=-MAX_EXTRA_MINUTES, le=MAX_EXTRA_MINUTES, strict=True)]
    reason: Annotated[str, Field(min_length=1, max_length=MAX_REASON)]

    @model_validator(mode="after")
    def _shape(self) -> ExtraTimeEntity:
        if self.minutes == 0:
            raise ValueError("minutes: 0 minutes of extra time changes nothing")
        _plain(self.reason, "reason")
        _plain(self.by, "by")
        if not self.reason.strip():
            raise ValueError("reason: the reason is empty")
        return self


class EndingRuleEntity(BaseEntity):
    type: Literal["ending_rule"]
    tournament: _Id
    after_time: Literal["finish_hand", "finish_hand_plus"] | None
    extra_hands: Annotated[int, Field(ge=0, le=8, strict=True)] = 0
    last_hand_chombo: Literal["ends", "redeal"] = "ends"
    reason: Annotated[str, Field(max_length=MAX_REASON)] = ""

    @model_validator(mode="after")
    def _rule(self) -> EndingRuleEntity:
        _plain(self.reason, "reason")
        _plain(self.by, "by")
        if self.after_time is not None:
            try:
                self.rule()  # the rule set's own checks (extra hands go with finish_hand_plus)
            except ValidationError as exc:
                raise ValueError(exc.errors()[0]["msg"].removeprefix("Value error, ")) from None
        return self

    def rule(self) -> TimeLimit | None:
        if self.after_time is None:
            return None
        return TimeLimit(
            after_time=self.after_time, extra_hands=self.extra_hands, last_hand_chombo=self.last_hand_chombo
        )


MODELS = (SessionClockEntity, ExtraTimeEntity, EndingRuleEntity)
