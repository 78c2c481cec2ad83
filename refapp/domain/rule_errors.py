"""The mistakes of a rule-set file in the project's words: one line naming the key and what is allowed.

Pydantic reports each mistake as a location and a sentence of its own ("Input should be a valid integer"). This turns
the first mistake of a file into "key 'scoring.counter_value': expected a whole number from 0 to 10,000, got '300'
(text: ...)": values as TOML writes them (``true``, not ``True``), the alternatives of a union said as one mistake
("a whole number from 0 to 1,000,000 or a table"), the labels pydantic gives union branches kept out of the key, and
the other mistakes of the file, if any, named by their keys. It reads the file's data to tell a key from a label, and
the model's annotations for the bounds; it knows no rule-set field by name. Examples: docs/rulesets.md.
"""

from __future__ import annotations

import types
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Union, get_args, get_origin

from annotated_types import Ge, Le
from pydantic import BaseModel

# What one alternative expects, by the kind of pydantic's error when it was not given.
_EXPECTED = {
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "string_type": "text in quotes",
    "list_type": "a list",
    "tuple_type": "a list",
    "dict_type": "a table",
    "model_type": "a table",
}
# The patterns of the rule-set format, said in words.
_PATTERNS = {
    "^[a-z0-9][a-z0-9-]{0,63}$": "lower-case letters, digits and '-' (at most 64, not starting with '-')",
    "^[a-z][a-z0-9_]*$": "lower-case letters, digits and '_', starting with a letter",
}
_MORE_NAMED = 3  # other mistakes named by their keys; beyond, counted


def toml_value(value: Any, limit: int = 80) -> str:
    """A value as TOML writes it: true/false, "text" in quotes, [lists], { tables } (cut after ``limit``)."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, str):
        text = repr(value)
    elif isinstance(value, Mapping):
        text = "{ " + ", ".join(f"{k} = {toml_value(v, limit)}" for k, v in value.items()) + " }"
    elif isinstance(value, (list, tuple)):
        text = "[" + ", ".join(toml_value(v, limit) for v in value) + "]"
    else:
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _got(value: Any, hint: bool = True) -> str:
    """ ", got X" in TOML words; text where a number or true/false was expected says why it is wrong."""
    shown = toml_value(value)
    if isinstance(value, str) and hint:
        shown += " (text: write numbers and true/false without quotes)"
    elif isinstance(value, float):
        shown += " (a decimal number)"
    return f", got {shown}"


def _path(loc: Sequence[Any], raw: Any, kind: str) -> tuple[tuple[str, ...], bool]:
    """(the key as the file writes it, whether the mistake is in the name of a key). A part of pydantic's location
    that is not in the file's data is a union branch's label ("constrained-int", "Note"), left out, unless it names
    what is missing (a required key, a list's missing values: then the list is the key)."""
    node, out, key_error = raw, [], False
    for n, part in enumerate(loc):
        last = n == len(loc) - 1
        if part == "[key]":
            key_error = True
        elif isinstance(node, Mapping) and part in node:
            node = node[part]
            out.append(str(part))
        elif isinstance(node, list) and type(part) is int and 0 <= part < len(node):
            node = node[part]
            out.append(str(part))
        elif last and kind == "missing" and type(part) is not int:
            out.append(str(part))
    return tuple(out), key_error


def _branches(ann: Any) -> list[Any]:
    """The alternatives of an annotation (each keeps its Annotated metadata; None is left out)."""
    base = get_args(ann)[0] if get_origin(ann) is Annotated else ann
    if get_origin(base) in (Union, types.UnionType):
        return [b for a in get_args(base) if a is not type(None) for b in _branches(a)]
    return [ann]


def _bare(ann: Any) -> Any:
    return get_args(ann)[0] if get_origin(ann) is Annotated else ann


def _field(model: type[BaseModel], name: str) -> Any:
    info = model.model_fields.get(name)
    if info is None:
        return None
    return Annotated[(info.annotation, *info.metadata)] if info.metadata else info.annotation


def _step(ann: Any, part: str) -> Any:
    """The annotation one key or index further in (None if the model has nothing there)."""
    for branch in _branches(ann):
        t = _bare(branch)
        if isinstance(t, type) and issubclass(t, BaseModel):
            if part in t.model_fields:
                return _field(t, part)
        elif get_origin(t) is dict:
            return get_args(t)[1]
        elif get_origin(t) is list:
            return get_args(t)[0]
        elif get_origin(t) is tuple and part.isdigit():
            args = [a for a in get_args(t) if a is not Ellipsis]
            return args[min(int(part), len(args) - 1)] if args else None
    return None


def _annotation(model: type[BaseModel], path: Sequence[str]) -> Any:
    ann: Any = model
    for part in path:
        ann = _step(ann, part)
        if ann is None:
            return None
    return ann


def _bounds(ann: Any) -> str:
    """ " from 0 to 1,000,000" for a bounded whole number (any alternative of a union)."""
    low = high = None
    for branch in _branches(ann) if ann is not None else []:
        for m in get_args(branch)[1:] if get_origin(branch) is Annotated else ():
            low = m.ge if isinstance(m, Ge) else low
            high = m.le if isinstance(m, Le) else high
    if low is not None and high is not None:
        return f" from {low:,} to {high:,}"
    if low is not None:
        return f" of at least {low:,}"
    if high is not None:
        return f" of at most {high:,}"
    return ""


def _tuple_size(ann: Any) -> int | None:
    for branch in _branches(ann) if ann is not None else []:
        t = _bare(branch)
        if get_origin(t) is tuple and Ellipsis not in get_args(t):
            return len(get_args(t))
    return None


def _what(err: Mapping[str, Any], ann: Any, key_error: bool) -> str:
    """What one mistake is, in words (no key)."""
    kind, value, ctx = err["type"], err.get("input"), err.get("ctx") or {}
    if kind in _EXPECTED:
        expected = _EXPECTED[kind]
        if expected == "a whole number":
            expected += _bounds(ann)
        size = _tuple_size(ann) if expected == "a list" else None
        if size:
            expected = f"a list of {size} values in square brackets"
        return f"expected {expected}" + _got(value, hint=expected != "text in quotes")
    if kind in ("greater_than_equal", "less_than_equal"):
        return f"expected a number{_bounds(ann)}, got {toml_value(value)}"
    if kind == "literal_error":
        expected = ctx.get("expected", "")
        if key_error:
            return f"expected a key named {expected}{_got(value, hint=False)}"
        return f"expected {expected}{_got(value, hint=False)}"
    if kind == "string_pattern_mismatch":
        pattern = str(ctx.get("pattern", ""))
        words = _PATTERNS.get(pattern, f"text matching {pattern}")
        return f"expected {'a key of ' if key_error else ''}{words}{_got(value, hint=False)}"
    if kind in ("string_too_short", "string_too_long"):
        n = ctx.get("min_length" if kind == "string_too_short" else "max_length")
        side = "at least" if kind == "string_too_short" else "at most"
        return f"expected text of {side} {n:,} character{'' if n == 1 else 's'}{_got(value, hint=False)}"
    if kind in ("too_short", "too_long"):
        size = _tuple_size(ann)
        got = ctx.get("actual_length", len(value) if isinstance(value, (list, tuple)) else "?")
        if size is not None:
            return f"expected a list of {size} values, got {got} value{'' if got == 1 else 's'}"
        n = ctx.get("min_length" if kind == "too_short" else "max_length")
        side = "at least" if kind == "too_short" else "at most"
        return f"expected a list of {side} {n} value{'' if n == 1 else 's'}, got {got} value{'' if got == 1 else 's'}"
    if kind == "missing":
        size = _tuple_size(ann)
        if size is not None and isinstance(value, (list, tuple)):
            n = len(value)
            return f"expected a list of {size} values, got {n} value{'' if n == 1 else 's'}"
        return "missing (required)"
    msg = str(err["msg"]).removeprefix("Value error, ")
    if kind == "value_error":
        return msg
    # anything else pydantic says, in our words: "Input should be a valid X" -> "expected X"
    for prefix in ("Input should be ", "Input should have ", "Value should be "):
        if msg.startswith(prefix):
            msg = "expected " + msg.removeprefix(prefix).replace("a valid ", "")
    shown = "" if isinstance(value, (dict, list)) else _got(value, hint=False)
    return f"{msg}{shown}"


def describe(
    errors: Sequence[Mapping[str, Any]], raw: Any, model: type[BaseModel], removed: Mapping[str, str]
) -> tuple[str, str]:
    """(key, what is wrong) for the first mistake of a file, with the others named after it. ``removed``: keys the
    format no longer has, with why."""
    found = []
    for err in errors:
        path, key_error = _path(err["loc"], raw, err["type"])
        found.append((path, key_error, err))
    group = found[0][0][:1]
    path, key_error, _ = max((f for f in found if f[0][:1] == group), key=lambda f: len(f[0]))
    same = [f[2] for f in found if f[0] == path]
    ann = _annotation(model, path)
    first = same[0]
    key = ".".join(path) or "(top level)"
    alternatives = list(dict.fromkeys(_EXPECTED.get(e["type"], "") for e in same))
    if len(same) > 1 and all(alternatives):
        words = [a + (_bounds(ann) if a == "a whole number" else "") for a in alternatives]
        listed = ", ".join(words[:-1]) + " or " + words[-1]
        what = f"expected {listed}" + _got(first.get("input"), hint="text in quotes" not in alternatives)
    elif first["type"] == "extra_forbidden":
        what = removed.get(key, "unknown key (see docs/rulesets.md for the keys of each table)")
    else:
        what = _what(first, ann, key_error)
        if first["type"] == "value_error" and isinstance(_bare(ann), type) and issubclass(_bare(ann), BaseModel):
            # a check across a table's keys names its first key: "min (5000) is above max" is about penalties.min
            word = what.split(" ", 1)[0]
            if word in _bare(ann).model_fields:
                key = f"{key}.{word}" if path else word
    others = list(dict.fromkeys(f[0] for f in found if f[0] != path[: len(f[0])]))
    return key, what + _more(others, raw)


def _more(others: list[tuple[str, ...]], raw: Any) -> str:
    """The file's other mistakes, named: " (1 more mistake: key 'results.uma.3' = -15000000)"."""
    if not others:
        return ""
    named = []
    for path in others[:_MORE_NAMED]:
        node: Any = raw
        for part in path:
            if isinstance(node, Mapping) and part in node:
                node = node[part]
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                node = None
                break
        key = ".".join(path) or "(top level)"
        scalar = node is not None and not isinstance(node, (Mapping, list))
        named.append(f"key '{key}' = {toml_value(node, 40)}" if scalar else f"key '{key}'")
    rest = len(others) - len(named)
    listed = ", ".join(named) + (f" and {rest} more" if rest else "")
    n = len(others)
    return f" ({n} more mistake{'' if n == 1 else 's'}: {listed})"
