"""A table's events as JSON: what a page enters, the store keeps (the journal line's payload) and a replay reads,
before :func:`refapp.domain.events.parse_event` validates it into the domain's models. TypedDicts (no pydantic: the
first frame may name them).
"""

from __future__ import annotations

from typing import NotRequired, TypedDict


class WinnerJson(TypedDict):
    """A winner of a ``win`` as entered (:class:`~refapp.domain.events.Winner`): the seat, its hand's value, and who
    pays for a pao hand."""

    seat: int
    han: NotRequired[int | None]
    fu: NotRequired[int | None]
    limit: NotRequired[str | None]
    yakuman: NotRequired[int]
    points: NotRequired[int | None]
    dealer_points: NotRequired[int | None]
    liable: NotRequired[int | None]
    liable_hand: NotRequired[str | None]


class ResumeJson(TypedDict):
    """A hanchan resumed from paper as entered (:class:`~refapp.domain.events.Resume`)."""

    scores: list[int]
    round_wind: str
    hand: int
    dealer: NotRequired[int | None]
    counters: NotRequired[int]
    riichi_sticks: NotRequired[int]
    overall: NotRequired[list[float] | None]


class ElsewhereJson(TypedDict, total=False):
    """An incident's counts at the tournament's other tables as entered (:class:`~refapp.domain.events.Elsewhere`),
    zeros left out."""

    warnings: int
    ladders: dict[str, int]


class EventJson(TypedDict):
    """An event of a table's log as entered and stored (the journal line's payload), before
    :func:`~refapp.domain.events.parse_event` makes it a ``TableEvent``: the envelope every event has (type, id,
    time, who entered it), then the fields of its type (which fields a type has, and their bounds, are the parser's
    to check: the models of :mod:`refapp.domain.events`)."""

    type: str
    id: str
    at: str
    by: str
    players: NotRequired[list[str]]  # hanchan_start
    ruleset: NotRequired[str]
    ruleset_hash: NotRequired[str | None]
    hanchan: NotRequired[int | None]
    first_timers: NotRequired[list[str]]
    resume: NotRequired[ResumeJson | None]
    session: NotRequired[int | None]
    seat: NotRequired[int]  # riichi, incident
    kind: NotRequired[str]  # win, draw
    discarder: NotRequired[int | None]
    winners: NotRequired[list[WinnerJson]]
    bumped: NotRequired[list[int]]
    tenpai: NotRequired[list[int]]  # draw
    nagashi: NotRequired[list[int]]
    reason: NotRequired[str]  # draw, hanchan_end, void
    offence: NotRequired[str]  # incident
    answers: NotRequired[dict[str, bool | int | str]]
    note: NotRequired[str]
    hand_tiles: NotRequired[str]
    substitute: NotRequired[str]
    elsewhere: NotRequired[ElsewhereJson | None]
    target: NotRequired[str]  # void
