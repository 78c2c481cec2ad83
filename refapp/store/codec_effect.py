"""The stored effect: what one event did to its table, as the ``ruling`` column of its row holds it.

The column is one canonical JSON object (:func:`refapp.store.canonjson.canonical`) in the shape of
:func:`refapp.domain.ledger_json.effect_to_json` (schema version 1, ``docs/store.md``); ``{}`` for an event that did
nothing to a table (an entity event, a void). :func:`text_of` writes the column from that shape (the write path:
the table book and the replay that derives columns); :func:`decode` reads it back as the typed
:class:`refapp.domain.stored.StoredEffect`, and :func:`encode` writes a :class:`StoredEffect` again, byte for byte
the column it was read from. A column that is not a JSON object is refused with a one-line :class:`EffectError`
naming the row; an unknown key or ruling kind (written by a newer refapp) is kept as the domain says, never refused.

Layer: bottom (the stored effect's format): imports no feature of the store.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..domain.numbers import printed
from ..domain.stored import StoredEffect, StoredRuling
from .canonjson import canonical

NOTHING = "{}"  # the column of an event that did nothing to its table


class EffectError(ValueError):
    """A stored effect that cannot be read; the message is one line: ``WHERE: what is wrong``."""


def text_of(effect: Mapping[str, Any] | None) -> str:
    """The column of an effect in its stored shape (:func:`refapp.domain.ledger_json.effect_to_json`)."""
    return canonical(effect) if effect else NOTHING


def decode(text: str | None, where: str = "the stored effect") -> StoredEffect:
    """The stored column read back (``None`` or ``""``: nothing); :class:`EffectError` if it is not a JSON object."""
    return StoredEffect.from_json(decode_json(text, where))


def decode_json(text: str | None, where: str = "the stored effect") -> dict[str, Any]:
    """The stored column as its JSON object (what the history rows carry); :class:`EffectError` otherwise."""
    if not text:
        return {}
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise EffectError(f"{where}: column 'ruling' is not JSON ({getattr(exc, 'msg', exc)})") from None
    if not isinstance(data, dict):
        raise EffectError(f"{where}: column 'ruling' should hold a JSON object, not {type(data).__name__}")
    return data


def encode(effect: StoredEffect) -> str:
    """The column of a typed effect: what :func:`text_of` wrote for the effect it was read from (keys a newer
    version wrote are not kept: :attr:`StoredEffect.unknown` names them)."""
    if effect.sticks is None and effect.counters is None and effect.dealer is None and effect.hand is None:
        return NOTHING
    out: dict[str, Any] = {
        "transfers": list(effect.transfers),
        "overall": [_number(x) for x in effect.overall],
        "off_table": _number(effect.off_table),
        "sticks": _list(effect.sticks),
        "sticks_returned": list(effect.sticks_returned),
        "counters": _list(effect.counters),
        "dealer": _list(effect.dealer),
        "hand": [list(h) for h in effect.hand] if effect.hand is not None else None,
        "redeal": effect.redeal,
        "game_over": effect.game_over,
        "extra": [{k: _number(v) for k, v in e.items()} for e in effect.extra],
    }
    if effect.ruling is not None:
        out["ruling"] = _ruling(effect.ruling)
    return canonical(out)


def _ruling(r: StoredRuling) -> dict[str, Any]:
    out: dict[str, Any] = {
        "kind": r.kind_text,
        "rule_kind": r.rule_kind_text,
        "amount": r.amount,
        "scope": r.scope,
        "citation": r.citation,
        "warning_number": r.warning_number,
        "voided_by_win": r.voided_by_win,
    }
    if r.club_rule:
        out["club_rule"] = r.club_rule
    if r.elsewhere_warnings or r.elsewhere_steps:
        away: dict[str, Any] = {"warnings": r.elsewhere_warnings}
        if r.elsewhere_steps:
            away |= {"ladder": r.elsewhere_ladder, "steps": r.elsewhere_steps, "step": r.ladder_step}
        out["elsewhere"] = away
    return out


def _number(x: Fraction | int) -> int | float:
    return printed(x)


def _list(pair: tuple[int, int] | None) -> list[int] | None:
    return list(pair) if pair is not None else None


__all__ = ["NOTHING", "EffectError", "decode", "decode_json", "encode", "text_of"]
