"""The typed records the store's reads hand up to the core and the pages (and the commands print as JSON): a
tournament, a roster's player, a player a table is set up with, a history row, an incident as a player's record lists
it. TypedDicts: each is the JSON the command line prints, and every reader names its fields (mypy checks them).

Layer: bottom (typed rows).
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from ..domain.jsontypes import JsonObject
from ..domain.rulings import Answer


class TournamentRow(TypedDict):
    """A stored tournament: its id, name and when it was created."""

    id: str
    name: str
    created_at: str


class PlayerRow(TypedDict):
    """A player of a tournament's roster as stored."""

    id: str
    name: str
    first_timer: bool
    federation_id: str


class NewPlayer(TypedDict):
    """A player a table is set up with (:meth:`Store.setup_table`): added to the roster when not known by name."""

    name: str
    first_timer: NotRequired[bool]
    federation_id: NotRequired[str]


class HistoryRow(TypedDict):
    """One stored event as the history lists it (what ``refapp history --json`` prints): where and when, who
    entered it, the incident's offence, answers and stored effect (``ruling``: the stored effect's JSON, read with
    :func:`stored_effect`), and whether it was voided or set aside (``set_aside``: the resolution that did)."""

    seq: int
    uuid: str
    at: str
    referee: str
    tournament: str
    tournament_id: str
    table: int
    table_id: str
    hanchan: int
    round_wind: str
    hand: int
    counters: int
    type: str
    seat: int | None
    player: str | None
    offence: str | None
    answers: dict[str, Answer]
    ruling: JsonObject
    ruleset_id: str
    ruleset_version: str
    note: str
    target: str | None
    device_id: str
    voided: bool
    set_aside: str | None


class IncidentSummary(TypedDict):
    """An incident as a player's record lists it (:func:`incident_summaries`): a history row without the answers
    but the decision, with only the ruling applied (``ruling``: the stored effect's ``ruling`` key, or ``{}``)."""

    seq: int
    uuid: str
    at: str
    referee: str
    table_id: str
    table: int
    hanchan: int
    round_wind: str
    hand: int
    player: str | None
    offence: str | None
    decision: Answer | None
    ruling: JsonObject
    device_id: str
    voided: bool
    set_aside: str | None
