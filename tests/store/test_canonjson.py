"""Canonical JSON (refapp.store.canonjson): the compiled path (orjson) writes and reads byte for byte what the standard
library does, refuses what it refuses with the same message, and the standard library alone (orjson missing, or
forced off) gives the same answers.

Every test runs twice through the ``path`` fixture: with orjson (skipped when it is not installed) and with the
standard library forced. ``TODAY`` is the encoder every stored hash was computed with before this module existed: the
bytes must never change."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from refapp.store import canonjson
from refapp.store.canonjson import CanonicalError, canonical, compact, loads_line
from refapp.store.safejson import JsonInputError

TODAY = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode
TODAY_BUNDLE = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
HAS_ORJSON = canonjson.orjson is not None
PATHS = [pytest.param(True, id="orjson", marks=pytest.mark.skipif(not HAS_ORJSON, reason="orjson not installed")),
         pytest.param(False, id="standard-library")]  # fmt: skip


@pytest.fixture(autouse=True)
def _only_the_flag(monkeypatch):
    """The path these tests choose (``FAST``), whatever the process has loaded (see test_the_path_by_default)."""
    monkeypatch.setattr(canonjson, "_AUTO", False)


@pytest.mark.skipif(not HAS_ORJSON, reason="orjson not installed")
def test_the_path_by_default_is_orjson_only_in_a_process_without_qt(monkeypatch):
    import PySide6  # noqa: F401 - loaded, as in the app

    monkeypatch.setattr(canonjson, "FAST", False)
    monkeypatch.setattr(canonjson, "_AUTO", True)
    assert not canonjson._fast()  # the app's process: the standard library
    monkeypatch.setattr(canonjson, "_QT", "a_module_nobody_loaded")
    assert canonjson._fast()  # the command line, the process deriving a sync's rows ahead: orjson
    monkeypatch.setattr(canonjson, "_AUTO", False)  # REFAPP_FAST_JSON=0 (or no orjson): never
    assert not canonjson._fast()
    # a benchmark (or a test) chooses the path itself, then gives the choice back
    monkeypatch.setattr(canonjson, "_SWITCH", None)
    canonjson.choose(False)
    assert not canonjson._fast()
    canonjson.choose(True)
    assert canonjson._fast()
    canonjson.choose(None)
    assert canonjson._fast() and not canonjson.FAST  # (the default rule: no Qt loaded under that name)


@pytest.fixture(params=PATHS)
def path(request, monkeypatch):
    monkeypatch.setattr(canonjson, "FAST", request.param)
    return request.param


def both(fn, *args):
    """(what the orjson path gives, what the standard library gives): a result, or the refusal's type and text."""
    out, was = [], canonjson.FAST
    for fast in (True, False) if HAS_ORJSON else (False,):
        canonjson.FAST = fast
        try:
            out.append(("ok", fn(*args)))
        except (CanonicalError, JsonInputError, TypeError, ValueError) as exc:
            out.append((type(exc).__name__, str(exc)))
        finally:
            canonjson.FAST = was
    return out


# Keys and texts that need care: non-ASCII (kept as UTF-8), characters past the BMP (ordered by code point, not by
# UTF-16 unit), control characters (escaped), U+2028, DEL, quotes and backslashes, and lone surrogates.
TRICKY = ["", "a", "B", "é", "\uffff", "\U0001f600", "\ud7ff", "\ue000", "\x00", "\x1f", "\x7f", "\u2028", '"', "\\",
          "e-5", "1e-7", "null", "NaN", "12345678901234567890"]  # fmt: skip
texts = st.one_of(st.sampled_from(TRICKY), st.text(max_size=12))
texts_with_surrogates = st.one_of(texts, st.sampled_from(["\ud800", "a\udfff", "\udc00\ud800"]))
floats = st.one_of(
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(
        [1e-7, 1e-5, 1.5e-9, 1e-4, 0.1, -0.0, 1e16, 1e15, 123456789012345680.0, 5e-324, 1.7976931348623157e308]
    ),
)
ints = st.one_of(
    st.integers(min_value=-(2**63), max_value=2**64 - 1),
    st.sampled_from([0, -1, 2**53 + 1, 2**63 - 1, 2**63, 2**64 - 1, -(2**63), 10**18, 10**19]),
)
scalars = st.one_of(st.none(), st.booleans(), ints, floats, texts)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(texts, inner, max_size=5)),
    max_leaves=30,
)


@settings(max_examples=600, deadline=None, suppress_health_check=list(HealthCheck))
@given(values)
def test_the_canonical_bytes_are_todays_on_both_paths(value):
    runs = 2 if HAS_ORJSON else 1
    assert both(canonical, value) == [("ok", TODAY(value))] * runs
    assert both(compact, value) == [("ok", TODAY_BUNDLE(value))] * runs


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.dictionaries(texts_with_surrogates, st.one_of(texts_with_surrogates, ints), max_size=4))
def test_lone_surrogates_give_todays_text_on_both_paths(value):
    """orjson refuses a lone surrogate; the standard library writes it (what UTF-8 then refuses): the same text."""
    assert {r for r in both(canonical, value)} == {("ok", TODAY(value))}


@pytest.mark.parametrize(
    "value, field",
    [
        (math.nan, ""),
        ({"a": [1, {"b": math.inf}]}, "a[1].b"),
        ({"z": 1, "a": -math.inf}, "a"),
        ({"n": 2**64}, "n"),
        ({"n": -(2**63) - 1}, "n"),
        ([0, 10**400], "[1]"),
        ({"b": None, "a": math.nan}, "a"),  # orjson would write null for the NaN next to a real null
    ],
)
def test_non_finite_numbers_and_integers_beyond_64_bits_are_refused_the_same_way(path, value, field):
    with pytest.raises(CanonicalError) as caught:
        canonical(value)
    message = str(caught.value)
    assert "\n" not in message
    assert (f"field {field!r}" in message) == bool(field)
    assert ("not a finite number" in message) or ("beyond 64 bits" in message)
    assert len({r for r in both(canonical, value)}) == 1  # the same refusal, word for word, on both paths
    assert len({r for r in both(compact, value)}) == 1


def test_the_edges_of_64_bits_are_written(path):
    assert canonical([2**64 - 1, -(2**63), 2**63]) == "[18446744073709551615,-9223372036854775808,9223372036854775808]"


def test_a_type_json_does_not_know_is_refused_as_today(path):
    from dataclasses import dataclass
    from datetime import date

    @dataclass
    class Point:
        x: int

    for value in (Point(1), date(2026, 1, 1), {1.5: "a"}, {"a": {1, 2}}):
        results = {r for r in both(canonical, value)}
        assert len(results) == 1, results
        try:
            want = ("ok", TODAY(value))
        except TypeError as exc:
            want = ("TypeError", str(exc))
        assert results == {want}


# -- reading lines --------------------------------------------------------------------------------------------------


def same_json(a, b) -> bool:
    """Equal, with the same types everywhere (1 and 1.0 differ; so do -0.0 and 0.0)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float):
        return math.copysign(1, a) == math.copysign(1, b) and a == b
    return a == b


readable = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(min_value=-(10**30), max_value=10**30), floats, texts),
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(texts, inner, max_size=5)),
    max_leaves=30,
)


@settings(max_examples=600, deadline=None, suppress_health_check=list(HealthCheck))
@given(readable)
def test_a_line_reads_back_as_the_standard_library_reads_it_on_both_paths(value):
    raw = TODAY(value).encode("utf-8")
    want, was = json.loads(raw), canonjson.FAST
    for fast in (True, False) if HAS_ORJSON else (False,):
        canonjson.FAST = fast
        try:
            assert same_json(loads_line(raw, "a line", max_bytes=1 << 20), want)
        finally:
            canonjson.FAST = was


@pytest.mark.parametrize(
    "raw, problem",
    [
        (b'{"a":NaN}', "NaN is not a finite number"),
        (b'{"a":[1e400]}', "1e400 is not a finite number"),
        (b'{"a":-Infinity}', "-Infinity is not a finite number"),
        (b'{"a":"\\ud800"}', "lone surrogate"),
        (b'{"a":' + b"9" * 4301 + b"}", "4,301 digits"),
        (b"[" * 65 + b"]" * 65, "nested deeper than 64 levels"),
        (b'{"a":1', "not valid JSON"),
        (b'{"a":"\xff"}', "not UTF-8"),
        (b"x" * 20_000, "larger than 10,000 bytes"),
    ],
)
def test_a_bad_line_is_refused_the_same_way_on_both_paths(path, raw, problem):
    with pytest.raises(JsonInputError) as caught:
        loads_line(raw, "journal.jsonl at byte 12", max_bytes=10_000)
    message = str(caught.value)
    assert message.startswith("journal.jsonl at byte 12: ") and problem in message and "\n" not in message
    assert len(set(both(lambda: loads_line(raw, "journal.jsonl at byte 12", max_bytes=10_000)))) == 1


def test_an_integer_beyond_64_bits_reads_as_an_integer_on_both_paths(path):
    """orjson alone reads 18446744073709551616 as a float: such a line goes to the standard library."""
    assert same_json(loads_line(b'{"n":18446744073709551616}', "a line", max_bytes=100), {"n": 2**64})
    assert same_json(loads_line(b"[-9223372036854775809]", "a line", max_bytes=100), [-(2**63) - 1])


def test_the_standard_library_alone_answers_when_orjson_is_missing(monkeypatch):
    """The fallback of a machine without orjson: the module's flag off, and orjson itself gone from it."""
    monkeypatch.setattr(canonjson, "FAST", False)
    monkeypatch.setattr(canonjson, "orjson", None)
    assert canonical({"é": [1e-7, 2**63], "a": None}) == '{"a":null,"é":[1e-07,9223372036854775808]}'
    assert loads_line(b'{"a":[1,2.5,"x"]}', "a line", max_bytes=100) == {"a": [1, 2.5, "x"]}
    with pytest.raises(CanonicalError, match="field 'a': nan is not a finite number"):
        canonical({"a": math.nan})


def test_a_circular_value_is_refused_as_today(path):
    value: dict = {"a": [1]}
    value["a"].append(value)
    with pytest.raises(ValueError, match="Circular reference detected"):
        canonical(value)
