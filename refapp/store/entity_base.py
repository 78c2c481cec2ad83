"""The fields every entity event has (``id``, ``at``, ``by``): the base of the models of
:mod:`refapp.store.entities`, :mod:`refapp.store.venue_entities` and :mod:`refapp.store.clock_entities`.

Layer: bottom (the entity events' models): imports no feature of the store.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

EntityId = Annotated[str, Field(min_length=1, max_length=100)]


class BaseEntity(BaseModel):
    """An entity event's payload: frozen, no field but those its model names."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: EntityId
    at: Annotated[str, Field(min_length=1, max_length=64)]
    by: Annotated[str, Field(max_length=200)] = ""
