"""The bundle: a file of events moving between devices (``refapp export`` / ``refapp import``), version 2, typed.

One JSON object, compact, UTF-8 kept, its keys in this order (the format first, so a reader sees what it is; the
text is :func:`refapp.store.canonjson.compact`'s)::

    {"format": "refapp-bundle", "version": 2, "device_id": "<exporting device>", "exported_at": "<ISO time>",
     "tournament": "<id>" | null, "events": [<journal line>, ...], "heads": [<signed head>, ...]}

Each event is a journal line (:mod:`refapp.store.codec_journal`). :func:`encode` writes a :class:`Bundle`;
:func:`decode` reads one back, or raises :class:`refapp.store.errors.BundleError` listing every problem, each one line
naming the field (``events[3] (uuid ...): field 'hash' is missing``). What a bundle's lines mean (their payloads,
their chains, what is stored already) is checked by :mod:`refapp.store.bundle`; version-1 bundles (refapp before
schema 4) are read there too (:mod:`refapp.store.bundle_v1`), never written.

Layer: bottom (the bundle's format): imports no feature of the store.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..domain.jsontypes import JsonObject
from .canonjson import compact
from .codec_journal import JournalLine, of_dict, problem
from .errors import BundleError
from .safejson import JsonInputError, loads

FORMAT = "refapp-bundle"
VERSION = 2
OPTIONAL_TOP = ("device_id", "exported_at", "tournament", "heads")


@dataclass(frozen=True, slots=True)
class Bundle:
    """A version-2 bundle: every device's chain as lines, the signed heads that vouch for them."""

    device_id: str | None
    exported_at: str | None
    tournament: str | None
    events: tuple[JournalLine, ...]
    heads: tuple[JsonObject, ...] | None = None  # None: a bundle without the key (written before heads)

    def as_dict(self) -> dict[str, Any]:
        """The bundle's JSON object, its keys in the file's order."""
        out: dict[str, Any] = {"format": FORMAT, "version": VERSION, "device_id": self.device_id}
        out |= {"exported_at": self.exported_at, "tournament": self.tournament}
        out["events"] = [line.as_dict() for line in self.events]
        if self.heads is not None:
            out["heads"] = list(self.heads)
        return out


def encode(bundle: Bundle | Mapping[str, Any]) -> str:
    """The bundle's text (a bundle's JSON object, as :func:`refapp.store.bundle.export_bundle` gives it, is written
    in its own order)."""
    return compact(bundle.as_dict() if isinstance(bundle, Bundle) else bundle)


def decode(data: bytes | str, source: str) -> Bundle:
    """A bundle file's text read back; :class:`BundleError` listing what is wrong (the first problem of each event)."""
    try:
        value = loads(data, source)
    except JsonInputError as exc:
        raise BundleError([str(exc)]) from None
    problems, bundle = of_json(value)
    if bundle is None:
        raise BundleError(problems)
    return bundle


def of_json(data: Any) -> tuple[list[str], Bundle | None]:
    """(problems, the bundle) of a decoded JSON value: the bundle is None when there is any problem."""
    if not isinstance(data, dict):
        return [f"a bundle is a JSON object, got {type(data).__name__}"], None
    if data.get("format") != FORMAT:
        return [f"field 'format': expected {FORMAT!r}, got {data.get('format')!r} (not a refapp bundle)"], None
    if data.get("version") != VERSION:
        return [f"field 'version': this refapp reads versions 1 and {VERSION}, got {data.get('version')!r}"], None
    problems = [f"unknown field {k!r}" for k in data if k not in ("format", "version", "events", *OPTIONAL_TOP)]
    events = data.get("events")
    if not isinstance(events, list):
        problems.append("field 'events' should be a list of events")
        return problems, None
    seen: dict[str, int] = {}
    for i, line in enumerate(events):
        wrong = problem(line, where(i, line))
        if wrong is None and line["uuid"] in seen:
            wrong = f"{where(i, line)}: the same uuid as events[{seen[line['uuid']]}]"
        if wrong:
            problems.append(wrong)
        else:
            seen[line["uuid"]] = i
    if problems:
        return problems, None
    heads = data.get("heads")
    return [], Bundle(
        data.get("device_id"),
        data.get("exported_at"),
        data.get("tournament"),
        tuple(of_dict(line, where(i, line)) for i, line in enumerate(events)),
        tuple(heads) if isinstance(heads, list) else None,
    )


def where(i: int, line: Any) -> str:
    """How a problem names an event: ``events[3] (uuid ...)``."""
    key = line.get("uuid") if isinstance(line, dict) else None
    return f"events[{i}]" + (f" (uuid {key})" if isinstance(key, str) else "")


__all__ = ["FORMAT", "VERSION", "Bundle", "decode", "encode", "of_json", "where"]
