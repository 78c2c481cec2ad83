"""A table's state as JSON and back, exactly (fractions as ``[numerator, denominator]``).

The store keeps the state a table's replay reached (``refapp.store.tablecache``) so that merging a few new events of
another device does not replay the whole table again. The rule set is named by the key it is found under in the
mapping given to :func:`load_state` (its content hash, else its id); everything else round-trips exactly:
``load_state(dump_state(st)) == st``, tested over random tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from fractions import Fraction
from typing import Any

from .jsontypes import Json, JsonObject
from .results import ResultRow
from .rules import RuleSet
from .table import SeatState, TableState

FORMAT = 2  # 2: a seat's point penalties of the hanchan (a state kept in format 1 is replayed)


def _enc(x: Any) -> Any:
    """Any value of a state as JSON data: a fraction as ``{"fraction": [n, d]}``, tuples as lists."""
    if isinstance(x, Fraction):
        return {"fraction": [x.numerator, x.denominator]}
    if isinstance(x, dict):
        return {k: _enc(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_enc(v) for v in x]
    return x


def _dec(x: Any) -> Any:
    if isinstance(x, dict):
        if set(x) == {"fraction"}:
            n, d = x["fraction"]
            return Fraction(int(n), int(d))
        return {k: _dec(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_dec(v) for v in x]
    return x


_SPECIAL = ("ruleset", "seats", "results", "history", "session")


def dump_state(st: TableState, ruleset_key: str | None) -> JsonObject:
    """The state as JSON-able data; ``ruleset_key``: how :func:`load_state` will find its rule set."""
    out: dict[str, Any] = {"format": FORMAT, "ruleset": ruleset_key}
    for f in fields(TableState):
        if f.name not in _SPECIAL:
            out[f.name] = _enc(getattr(st, f.name))
    out["seats"] = [{f.name: _enc(getattr(s, f.name)) for f in fields(SeatState)} for s in st.seats]
    out["results"] = None if st.results is None else [{f.name: _enc(getattr(r, f.name)) for f in fields(ResultRow)}
                                                      for r in st.results]  # fmt: skip
    out["history"] = _enc(st.history)
    out["session"] = _enc(st.session)
    return out


def load_state(data: Mapping[str, Json], rulesets: Mapping[str, RuleSet]) -> TableState:
    """The state :func:`dump_state` gave. Raises ValueError (or KeyError, TypeError) for data it did not write."""
    raw: Any = data  # read as it was written: what it did not write raises ValueError, KeyError or TypeError
    if raw.get("format") != FORMAT:
        raise ValueError("not a table state of this version")
    key = raw["ruleset"]
    st = TableState(ruleset=None if key is None else rulesets[key])
    for f in fields(TableState):
        if f.name not in _SPECIAL:
            setattr(st, f.name, _dec(raw[f.name]))
    st.seats = [SeatState(**_dec(d)) for d in raw["seats"]]
    st.results = None if raw["results"] is None else [ResultRow(**_dec(d)) for d in raw["results"]]
    st.history = [(int(a), int(b), int(c), (int(d[0]), int(d[1]), int(d[2]), int(d[3]))) for a, b, c, d in
                  raw["history"]]  # fmt: skip
    st.session = (raw["session"][0], raw["session"][1]) if raw["session"] is not None else None
    return st
