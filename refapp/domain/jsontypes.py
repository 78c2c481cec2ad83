"""JSON and TOML as types: what a command prints, what a wire format's codec writes and reads, what a rule-set file
holds before it is validated. A value typed :data:`Json` is JSON all the way down (mypy checks what goes in); a record a
layer hands another is a typed record, and its JSON form, when it has one, is a :data:`JsonObject`.

Layer: domain (imports nothing).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime, time
from typing import TypeAlias

# (read-only containers inside: a list[str] or a dict[str, int] is JSON as it is, whatever mypy's invariance says)
Json: TypeAlias = "None | bool | int | float | str | Sequence[Json] | Mapping[str, Json]"
JsonObject: TypeAlias = "dict[str, Json]"

# A TOML file as read (a rule set's, before validation makes it a RuleSet): tables merge and change as dicts
TomlValue: TypeAlias = "None | bool | int | float | str | date | time | datetime | list[TomlValue] | TomlTable"
TomlTable: TypeAlias = "dict[str, TomlValue]"

__all__ = ["Json", "JsonObject", "TomlTable", "TomlValue"]
