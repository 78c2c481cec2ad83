"""Reading JSON that comes from outside (a table log, a bundle, settings.json, board.json) without a traceback.

Every reader of outside JSON goes through :func:`read_json` (a file or ``-`` for standard input) or :func:`loads`.
Whatever the bytes are, the result is the document or a :class:`JsonInputError` whose message is one line naming
the source, and the field and place where it can: too large, nested too deeply (checked on the bytes, *before*
``json.loads`` recurses), not UTF-8, not JSON, an integer of more than 4,300 digits, NaN or an infinite number, a
lone UTF-16 surrogate escape (``"\\ud800"``, which no file or database can store).

Pure standard library: no Qt, no sqlite, no pydantic (the first frame of a start reads ``board.json`` with it).

Layer: bottom (a helper for the files beside the database): imports no feature of the store.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
import sys
from typing import Any

from ..domain.jsontypes import Json
from .paths import NotRegular, open_regular

MAX_BYTES = 256 * 2**20  # a table log or bundle: a 100,000-event log is about 20 MB
SMALL_BYTES = 2**20  # settings.json, board.json: a few kilobytes
MAX_DEPTH = 64  # refapp's own files are at most 6 levels deep
INT_DIGITS = 4300  # Python's own limit on converting a decimal string to an integer

_KEEP = b'[]{}"'
_DELETE = bytes(c for c in range(256) if c not in _KEEP)
_STRING = re.compile(rb'"[^"]*"')
_LONE_SURROGATE = re.compile(
    r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
    r"|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}"
)
_LONG_INT = re.compile(r"-?\d{" + str(INT_DIGITS + 1) + ",}")
_KEY = re.compile(r'"((?:[^"\\]|\\.)*)"\s*:')


class JsonInputError(ValueError):
    """Outside JSON that cannot be used; the message is one line: ``SOURCE: what is wrong``."""


class _NotFinite(ValueError):
    def __init__(self, literal: str):
        self.literal = literal


def one_line(text: object) -> str:
    """``text`` with control characters escaped (a file name or value may hold a newline)."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in str(text))


def _fail(source: str, problem: str) -> JsonInputError:
    return JsonInputError(f"{one_line(source)}: {problem}")


def nesting_depth(data: bytes, limit: int = MAX_DEPTH) -> int:
    """The depth of ``[`` / ``{`` nesting outside strings, exact up to ``limit`` (a larger result means "deeper than
    ``limit``"). Runs at C speed on the bytes (about 0.1 s for a 20 MB log): escapes and strings are dropped, then
    innermost bracket pairs are removed one level per pass. Brackets left open (invalid JSON, but the parser would
    still recurse into them before it fails) count as levels."""
    if data.count(b"[") + data.count(b"{") <= limit:
        return min(limit, data.count(b"[") + data.count(b"{"))
    # \\ then \" are escapes inside strings (anywhere else the text is invalid JSON and the parser stops there)
    skeleton = data.replace(b"\\\\", b"").replace(b'\\"', b"").translate(None, _DELETE)
    # two adjacent quotes enclose nothing or join two strings: dropping them keeps every bracket inside or outside
    skeleton = skeleton.replace(b'""', b"")
    if b'"' in skeleton:
        skeleton = _STRING.sub(b"", skeleton)
    skeleton = skeleton.replace(b'"', b"")  # an unterminated string: the parser fails there
    passes = 0
    while skeleton and passes <= limit:
        # an opener next to a closer (a matched pair, or a mismatch where the parser stops) is one level deep
        shorter = skeleton.replace(b"[]", b"").replace(b"{}", b"").replace(b"[}", b"").replace(b"{]", b"")
        if shorter == skeleton:
            # only closers followed by openers are left: the openers at the end are still open
            return passes + len(skeleton.lstrip(b"]}"))
        skeleton = shorter
        passes += 1
    return passes


def _place(text: str, pos: int) -> str:
    """``line L column C`` and the nearest field name before ``pos``."""
    line = text.count("\n", 0, pos) + 1
    column = pos - text.rfind("\n", 0, pos)
    keys = _KEY.findall(text, max(0, pos - 4000), pos)
    field = f"field {one_line(keys[-1])!r}, " if keys else ""
    return f"{field}line {line} column {column}"


def _not_finite_place(text: str, literal: str) -> str:
    found = re.search(r"(?<![\w.\"])" + re.escape(literal) + r"(?![\w.\"])", text)
    return _place(text, found.start()) if found else "somewhere in the document"


def refuse_constant(name: str) -> Any:
    """``parse_constant`` of a JSON reader: NaN and the infinities are refused (a ValueError naming the literal)."""
    raise _NotFinite(name)


def finite_float(literal: str) -> float:
    """``parse_float`` of a JSON reader: a number too large for a float (``1e400``) is refused like an infinity."""
    value = float(literal)
    if not math.isfinite(value):
        raise _NotFinite(literal)
    return value


def loads(data: bytes | str, source: str, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON document in ``data``; :class:`JsonInputError` naming ``source`` if it cannot be used."""
    if isinstance(data, str):
        try:
            data = data.encode("utf-8")
        except UnicodeEncodeError:
            raise _fail(source, "holds a lone surrogate (half of a character), which cannot be stored") from None
    if len(data) > max_bytes:
        raise _fail(source, f"larger than {_size(max_bytes)} (the limit for this file)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise _fail(source, f"not UTF-8 text (byte {exc.start}: {data[exc.start : exc.start + 1]!r})") from None
    if not text.strip():
        raise _fail(source, "is empty")
    if nesting_depth(data, max_depth) > max_depth:
        raise _fail(source, f"nested deeper than {max_depth} levels (refapp files are a few levels deep)")
    if "\\u" in text:
        bare = text.replace("\\\\", "  ")  # escaped backslashes, same length: positions stay right
        lone = _LONE_SURROGATE.search(bare)
        if lone:
            raise _fail(
                source,
                f"{lone.group()} is a lone surrogate (half of a character), which cannot be stored "
                f"({_place(text, lone.start())})",
            )
    try:
        return json.loads(text, parse_constant=refuse_constant, parse_float=finite_float)
    except _NotFinite as exc:
        raise _fail(source, f"{exc.literal} is not a finite number ({_not_finite_place(text, exc.literal)})") from None
    except json.JSONDecodeError as exc:
        raise _fail(source, f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except ValueError as exc:  # Python's 4,300-digit limit on integers
        long = _LONG_INT.search(text)
        if long is None:
            raise _fail(source, f"not valid JSON: {one_line(exc)}") from None
        digits = len(long.group().lstrip("-"))
        raise _fail(
            source, f"a number of {digits:,} digits (at most {INT_DIGITS:,}) ({_place(text, long.start())})"
        ) from None
    except RecursionError:  # pragma: no cover - the depth check above comes first
        raise _fail(source, f"nested deeper than {max_depth} levels") from None


def _size(n: int) -> str:
    return f"{n // 2**20} MiB" if n >= 2**20 else f"{n:,} bytes"


def read_bytes(path: str | os.PathLike[str], *, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of a file (``-``: standard input), at most ``max_bytes``; :class:`JsonInputError` otherwise."""
    source = str(path)
    if source == "-":
        stdin = sys.stdin
        if stdin is None:
            raise _fail("-", "standard input is closed")
        try:
            data = stdin.buffer.read(max_bytes + 1)
        except (OSError, ValueError) as exc:
            raise _fail("-", f"standard input cannot be read: {_reason(exc)}") from None
    else:
        try:
            info = os.stat(path)
            if stat.S_ISDIR(info.st_mode):
                raise _fail(source, "is a folder, not a file")
            if stat.S_ISREG(info.st_mode) and info.st_size > max_bytes:
                raise _fail(source, f"larger than {_size(max_bytes)} (the limit for this file)")
            with open_regular(path) as fh:
                data = fh.read(max_bytes + 1)
        except FileNotFoundError:
            raise _fail(source, "no such file") from None
        except NotADirectoryError:
            raise _fail(source, "no such file (a part of its path is not a folder)") from None
        except IsADirectoryError:
            raise _fail(source, "is a folder, not a file") from None
        except NotRegular as exc:
            what = str(exc).rsplit(" is ", 1)[-1]
            raise _fail(source, f"is {what} (give a file, or - to read standard input)") from None
        except OSError as exc:
            raise _fail(source, f"cannot be read: {_reason(exc)}") from None
    if len(data) > max_bytes:
        raise _fail(source, f"larger than {_size(max_bytes)} (the limit for this file)")
    return data


def _reason(exc: BaseException) -> str:
    if isinstance(exc, PermissionError):
        return "permission denied"
    return one_line(getattr(exc, "strerror", None) or exc).lower()


def read_json(path: str | os.PathLike[str], *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Json:
    """The JSON document in a file (``-``: standard input); :class:`JsonInputError` naming the file otherwise."""
    return loads(read_bytes(path, max_bytes=max_bytes), str(path), max_bytes=max_bytes, max_depth=max_depth)


__all__ = ["JsonInputError", "MAX_BYTES", "MAX_DEPTH", "SMALL_BYTES", "finite_float", "loads", "read_bytes",
           "read_json", "refuse_constant"]  # fmt: skip
