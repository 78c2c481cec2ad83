"""The entity events of results confirmed by an opponent (:mod:`refapp.store.confirmations`): the tournament's
setting and each confirmation. Each is an event of the writing device's chain with ``table_id = ''`` and its
tournament in ``tournament_id``; no projection: :mod:`refapp.store.confirmations` reads them by tournament.

* ``result_confirmation``: ``{"tournament", "on"}``: a hand result entered at a table in table mode waits for an
  opponent's confirmation (the newest one counts; off when there is none);
* ``confirm``: ``{"tournament", "table", "event", "seat"}``: the hand result ``event`` was confirmed by the player in
  ``seat``, or, ``seat`` null, by the referee ``by`` on the players' behalf.

Layer: bottom (the entity events' models): imports no feature of the store.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .entity_base import BaseEntity, EntityId

CONFIRM_TYPES = ("result_confirmation", "confirm")


def _plain(value: str, what: str) -> str:
    bad = next((c for c in value if ord(c) < 32 or 0x7F <= ord(c) < 0xA0), None)
    if bad is not None:
        raise ValueError(f"{what}: control character {bad!r} not allowed")
    return value


class ConfirmationRuleEntity(BaseEntity):
    """The tournament's setting: a hand result entered at a table in table mode waits for an opponent's tap."""

    type: Literal["result_confirmation"]
    tournament: EntityId
    on: bool

    @model_validator(mode="after")
    def _by_plain(self) -> ConfirmationRuleEntity:
        _plain(self.by, "by")
        return self


class ConfirmEntity(BaseEntity):
    """A hand result confirmed: by the player in ``seat`` (``by``: "table"), or by a referee on the players' behalf
    (``seat`` null, ``by``: the referee's name)."""

    type: Literal["confirm"]
    tournament: EntityId
    table: EntityId
    event: EntityId  # the hand result (a win or a draw) confirmed
    seat: Annotated[int, Field(ge=0, le=3, strict=True)] | None = None

    @model_validator(mode="after")
    def _by_plain(self) -> ConfirmEntity:
        _plain(self.by, "by")
        return self


MODELS = (ConfirmationRuleEntity, ConfirmEntity)

__all__ = ["CONFIRM_TYPES", "MODELS", "ConfirmEntity", "ConfirmationRuleEntity"]
