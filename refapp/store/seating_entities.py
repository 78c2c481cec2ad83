"""The seating plan's entity event (:mod:`refapp.store.seating`): one session's tables of a tournament.

Like the session clock's, it is an event of the writing device's chain with ``table_id = ''`` and its tournament in
``tournament_id`` (hashed); no projection: :mod:`refapp.store.seating` reads them with one query by tournament.
Payload (besides ``id``, ``at``, ``by``):

* ``seating``: ``{"tournament", "session", "tables": [[east, south, west, north], ...], "how", "seed", "kept",
  "reason"}``: who sits where in session ``session`` (table k is ``tables[k - 1]``, players by name); ``how`` says
  how it was made (``made`` from a seed, ``standings``, ``imported`` from a file, ``changed`` by hand); ``kept``:
  the players kept at one table (name → table number). A later entry for the same session replaces it.

Layer: bottom (the entity events' models): imports no feature of the store.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from ..domain.inputs import char_label, refused_in_name
from .entity_base import BaseEntity

SEATING_TYPES = ("seating",)
MAX_TABLES = 2500
_Id = Annotated[str, Field(min_length=1, max_length=100)]
_Name = Annotated[str, Field(min_length=1, max_length=200)]
_Session = Annotated[int, Field(ge=1, le=10_000, strict=True)]


def _name(value: str, what: str) -> None:
    bad = refused_in_name(value)
    if bad is not None:
        raise ValueError(f"{what}: {char_label(bad)} is not allowed in a name")


class SeatingEntity(BaseEntity):
    type: Literal["seating"]
    tournament: _Id
    session: _Session
    tables: Annotated[list[tuple[_Name, _Name, _Name, _Name]], Field(min_length=1, max_length=MAX_TABLES)]
    how: Literal["made", "standings", "imported", "changed"]
    seed: Annotated[int, Field(ge=0, le=2**63 - 1, strict=True)] | None = None
    kept: Annotated[dict[_Name, Annotated[int, Field(ge=1, le=MAX_TABLES, strict=True)]], Field(max_length=1000)] = {}
    reason: Annotated[str, Field(max_length=200)] = ""

    @model_validator(mode="after")
    def _shape(self) -> SeatingEntity:
        _name(self.by, "by")
        seen: dict[str, int] = {}
        for k, seats in enumerate(self.tables, 1):
            for p in seats:
                _name(p, f"tables.{k}")
                if p in seen:
                    raise ValueError(f"tables.{k}: {p!r} already sits at table {seen[p]}")
                seen[p] = k
        for p in self.kept:
            _name(p, "kept")
        bad = next((c for c in self.reason if ord(c) < 32 or 0x7F <= ord(c) < 0xA0), None)
        if bad is not None:
            raise ValueError(f"reason: control character {bad!r} not allowed")
        return self


MODELS = (SeatingEntity,)
