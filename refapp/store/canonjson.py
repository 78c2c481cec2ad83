"""Canonical JSON: the one text of a value that hashes, signatures, payload columns and every line format use.

:func:`canonical` writes sorted keys (by code point), no spaces, UTF-8 kept (``ensure_ascii=False``): byte for byte
what ``json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)`` writes, since stored hashes
cover those bytes. It refuses a value JSON cannot hold the same way on every machine: NaN or an infinite number, an
integer beyond 64 bits (below ``-2**63`` or above ``2**64 - 1``) raise :class:`CanonicalError` naming the field.

When the compiled ``orjson`` library is installed, it writes the text (three to five times faster) in a process that
has not loaded Qt: the command line, the process deriving a long sync's rows ahead; never in the app's own (see
:data:`FAST` and ``REFAPP_FAST_JSON``); whatever it
cannot write byte-identically goes to the standard library: a value it refuses (a lone surrogate, a key that is not
a string, an integer beyond 64 bits, a type it does not know), a float it writes its own way (from 1e-9 to 1e-4:
``0.00001`` and ``1e-7``, where Python writes ``1e-05`` and ``1e-07``); and a ``null`` in its text that does not
read back as the value's is a NaN or an infinity it wrote as ``null``: refused. Dataclasses and dates, which orjson
would write and the standard library refuses, are refused (``TypeError``) on both paths. :data:`FAST` says which
path runs (tests set it to False to run the standard library alone, as on a machine without orjson).

:func:`loads_line` reads one line refapp wrote (a journal or sync-folder line) with orjson when the result is
certainly the standard library's: the line is shallow and holds no run of 19 digits (orjson reads an integer beyond
64 bits as a float); orjson itself refuses NaN, infinities and lone surrogates. Anything else, and anything orjson
refuses, goes through :func:`refapp.store.safejson.loads`, whose refusals (size, nesting, huge integers, NaN, lone
surrogates) stand, word for word.

Layer: bottom (the byte form of values): imports no feature of the store.
"""

from __future__ import annotations

import json
import math
import os
import re
import sys
from collections.abc import Callable, Mapping
from typing import Any

from ..domain.numbers import plain_digits
from .safejson import MAX_DEPTH, finite_float, refuse_constant
from .safejson import loads as safe_loads

try:
    import orjson
except ImportError:  # pragma: no cover - the standard library then does everything (tests force this path too)
    orjson = None  # type: ignore[assignment]

# Write and read with orjson where it gives the same result: in a process that has not loaded Qt (the command line,
# the process deriving a long sync's rows ahead), never in the app's own. With it on in the app, the app's screenshot
# run (docs/make_screenshots.py --real-window --sizes) stopped every time on a Qt object deleted under a live Python
# wrapper, and never with it off (orjson 3.13.0, PySide6 6.11.3, Python 3.11; not diagnosed further).
# REFAPP_FAST_JSON=1 turns it on everywhere, =0 off everywhere; FAST = True does the first (the tests check both paths
# give the same bytes).
_SWITCH = os.environ.get("REFAPP_FAST_JSON")
FAST = orjson is not None and _SWITCH == "1"
_AUTO = orjson is not None and _SWITCH is None
_QT = "PySide6"


def _fast() -> bool:
    """Whether orjson writes and reads here, now."""
    return FAST or (_AUTO and _QT not in sys.modules)


def choose(compiled: bool | None) -> None:
    """Force the path in this process: True orjson (when installed), False the standard library alone, None the
    default rule (orjson where Qt is not loaded, unless ``REFAPP_FAST_JSON`` says otherwise)."""
    global FAST, _AUTO
    FAST = bool(compiled) and orjson is not None if compiled is not None else orjson is not None and _SWITCH == "1"
    _AUTO = compiled is None and orjson is not None and _SWITCH is None


INT_MIN, INT_MAX = -(2**63), 2**64 - 1  # what a 64-bit integer holds, signed or not

_STD = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode
_STD_UNSORTED = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode
# orjson writes dataclasses and dates itself, the standard library refuses them: passed through, they are refused
_OPTIONS_UNSORTED = 0 if orjson is None else orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
_OPTIONS = 0 if orjson is None else _OPTIONS_UNSORTED | orjson.OPT_SORT_KEYS
_DIGITS_AS_0 = bytes.maketrans(b"123456789", b"000000000")
_LONG = b"0" * 19  # an integer of at most 18 digits is within 64 bits
# orjson writes a float from 1e-9 to 1e-4 its own way: 0.00001 or 1e-7 (Python: 1e-05, 1e-07)
_SHORT_EXPONENT = re.compile(rb"e-[0-9](?:[,\]}]|\Z)")


class CanonicalError(ValueError):
    """A value canonical JSON does not hold (NaN, an infinite number, an integer beyond 64 bits); one line."""


def _long_digits(data: bytes) -> bool:
    """Whether ``data`` holds a run of 19 digits (a number that may be beyond 64 bits, or a string of digits)."""
    return _LONG in data.translate(_DIGITS_AS_0)


def _refused(value: Any, where: str = "") -> str | None:
    """Why ``value`` cannot be written (the first refused number in key order, depth first), or None."""
    stack: list[tuple[Any, str]] = [(value, where)]
    seen: set[int] = set()  # containers walked already (a circular value is the standard library's to refuse)
    while stack:
        v, at = stack.pop()
        kind = type(v)
        if isinstance(v, Mapping | list | tuple):
            if id(v) in seen:
                continue
            seen.add(id(v))
        if kind is float or (isinstance(v, float) and kind is not bool):
            if not math.isfinite(v):
                return f"{_field(at)}{v!r} is not a finite number"
        elif isinstance(v, int) and kind is not bool:
            if not INT_MIN <= v <= INT_MAX:
                return f"{_field(at)}an integer beyond 64 bits ({plain_digits(len(str(abs(v))))} digits)"
        elif isinstance(v, Mapping):
            items = sorted(((str(k), x) for k, x in v.items()), reverse=True)
            stack.extend((x, f"{at}.{k}" if at else k) for k, x in items)
        elif isinstance(v, list | tuple):
            stack.extend((x, f"{at}[{i}]") for i, x in reversed(list(enumerate(v))))
    return None


def _field(at: str) -> str:
    return f"field {at!r}: " if at else ""


def _standard(obj: Any, std: Callable[[Any], str]) -> str:
    """The standard library's text, with the refusals."""
    try:
        text = std(obj)
    except ValueError:
        problem = _refused(obj)
        if problem is None:  # a circular reference: the standard library's own message
            raise
        raise CanonicalError(problem) from None
    # a run of 19 digits: a number beyond 64 bits may be there (or only a string of digits)
    if _long_digits(text.encode("utf-8", "surrogatepass")):
        problem = _refused(obj)
        if problem is not None:
            raise CanonicalError(problem)
    return text


def canonical(obj: Any) -> str:
    """The one JSON text of a value: sorted keys, no spaces, UTF-8 kept (what hashes and payload columns hold)."""
    return _text(obj, _OPTIONS, _STD)


def canonical_scalars(values: list[Any]) -> str:
    """:func:`canonical` of a list of strings, nulls and 64-bit integers (a line's hashed place), without the walk
    that looks for what it refuses (none of them can hold it); anything else goes through :func:`canonical`."""
    if _fast():
        return canonical(values)
    for v in values:
        if not (v is None or type(v) is str or (type(v) is int and INT_MIN <= v <= INT_MAX)):
            return canonical(values)
    return _STD_UNSORTED(values)


def compact(obj: Any) -> str:
    """:func:`canonical` with the keys in the value's own order (a bundle file, which starts with its format)."""
    return _text(obj, _OPTIONS_UNSORTED, _STD_UNSORTED)


def _text(obj: Any, options: int, std: Callable[[Any], str]) -> str:
    if _fast():
        try:
            out = orjson.dumps(obj, option=options)
        except TypeError:  # orjson.JSONEncodeError: what the standard library decides (text, refusal or error)
            return _standard(obj, std)
        # orjson writes NaN and infinities as null: a null that does not read back as the value's is one of them
        if b"null" in out and orjson.loads(out) != obj:
            problem = _refused(obj)
            if problem is not None:
                raise CanonicalError(problem)
        if b"0.0000" in out or (b"e-" in out and _SHORT_EXPONENT.search(out)):  # a float below 1e-4
            return _standard(obj, std)
        return out.decode("utf-8")
    return _standard(obj, std)


def loads_line(raw: bytes, where: str, *, max_bytes: int) -> Any:
    """The JSON value of one line refapp wrote; :class:`refapp.store.safejson.JsonInputError` naming ``where`` and
    what is wrong otherwise (every refusal of :func:`refapp.store.safejson.loads`)."""
    if len(raw) <= max_bytes and raw.count(b"[") + raw.count(b"{") <= MAX_DEPTH:  # too few brackets to nest deeper
        if _fast():
            # orjson refuses NaN, infinities and lone surrogates itself; a run of 19 digits (an integer it would
            # read as a float) goes to the standard library
            if _LONG not in raw.translate(_DIGITS_AS_0):
                try:
                    return orjson.loads(raw)
                except orjson.JSONDecodeError:
                    pass  # said precisely below
        elif b"\\" not in raw:  # no escape, so no surrogate
            try:
                return _decode(raw.decode("utf-8"))
            except (ValueError, RecursionError):
                pass
    return safe_loads(raw, where, max_bytes=max_bytes)


_decode = json.JSONDecoder(parse_constant=refuse_constant, parse_float=finite_float).decode


def loads_stored(text: str) -> Any:
    """The JSON value of a text the store wrote in canonical form (a table's log of stored payloads): with orjson
    where it runs (a value it reads otherwise, a number beyond 64 bits, is read by the standard library), else the
    standard library; :class:`ValueError` when it is not JSON."""
    if _fast():
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass
    return json.loads(text)


__all__ = [
    "FAST",
    "INT_MAX",
    "INT_MIN",
    "CanonicalError",
    "canonical",
    "canonical_scalars",
    "choose",
    "compact",
    "loads_line",
    "loads_stored",
]
