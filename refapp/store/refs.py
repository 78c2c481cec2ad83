"""Typed references the store hands out: :class:`TableRef`, the table a ruling is recorded at.

Layer: bottom (the typed references the store hands out): imports no feature of the store.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TableRef:
    """A table of a tournament: its ids, its number and its tournament's name."""

    tournament_id: str
    table_id: str
    number: int
    tournament: str
