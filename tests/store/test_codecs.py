"""One codec per wire format (refapp/store/codec_*.py), each round-tripped: decode(encode(x)) == x for generated
records, and encode(decode(text)) == text for what the code before the codecs wrote (its encoders are copied below,
``TODAY_*``, and fed the rows of a real store); bad input is refused in one line naming the place and the field.

The stored rows come from ``tests.history_data.build``: two tournaments, three rule sets, warnings, a chombo, point
penalties, a void, a dead hand, a four-way tie."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from refapp.domain.stored import RulingKind, StoredEffect, StoredRuling
from refapp.store import codec_bundle, codec_effect, codec_journal, codec_syncline
from refapp.store.bundle import dumps, export_bundle
from refapp.store.chain import HASHED, LINE_KEYS
from refapp.store.errors import BundleError
from refapp.store.folderio import FolderError
from tests.history_data import build

# -- what the code wrote before the codecs (main at d4114ac), copied to pin the bytes ---------------------------------

_CANON = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode


def TODAY_journal_line(row: dict[str, Any]) -> str:  # chain.line_of + chain.dumps_line
    line = {k: row[k] for k in LINE_KEYS if k != "payload"}
    line["hash_v"] = row.get("hash_v", 1)
    line["after"] = row.get("after")
    line["payload"] = json.loads(row["payload"])
    if line["hash_v"] == 1:
        line["row"] = {k: row[k] for k in HASHED if k not in LINE_KEYS} | {"payload": row["payload"]}
    return _CANON(line)


def TODAY_sync_line(row: dict[str, Any]) -> str:  # syncfolder.encode
    line: dict[str, Any] = {"s": row["device_seq"], "o": row["tournament_id"], "t": row["table_id"]}
    line["a"] = row.get("after")
    line["p"] = json.loads(row["payload"])
    if row.get("hash_v", 1) == 1:
        line["v"] = 1
        line["r"] = {k: row[k] for k in HASHED if k not in LINE_KEYS} | {"payload": row["payload"]}
    return _CANON(line) + "\n"


def TODAY_bundle(data: dict[str, Any]) -> str:  # bundle.dumps
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


@pytest.fixture(scope="module")
def rows(tmp_path_factory):
    sc = build(tmp_path_factory.mktemp("codecs") / "a")
    try:
        yield list(sc.store.iter_rows()), export_bundle(sc.store)
    finally:
        sc.store.close()


# -- generated records ------------------------------------------------------------------------------------------------

ids = st.text(min_size=1, max_size=12)
json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2**63), 2**63 - 1), st.text(max_size=10))
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=12,
)
payloads = st.builds(lambda uid, rest: rest | {"id": uid}, ids, st.dictionaries(st.text(max_size=6), json_values))
hashes = st.text(alphabet="0123456789abcdef", min_size=64, max_size=64)
v1_columns = st.fixed_dictionaries(
    {
        k: st.text(max_size=8)
        for k in (
            "at",
            "referee",
            "round_wind",
            "type",
            "answers",
            "ruling",
            "ruleset_id",
            "ruleset_version",
            "note",
            "payload",
        )
    }  # fmt: skip
    | {k: st.integers(0, 99) for k in ("hanchan_no", "hand_no", "counters")}
    | {
        "seat": st.one_of(st.none(), st.integers(0, 3)),
        "player": st.one_of(st.none(), ids),
        "offence": st.one_of(st.none(), ids),
    }  # fmt: skip
)


@st.composite
def journal_lines(draw) -> codec_journal.JournalLine:
    v1 = draw(st.booleans())
    payload = draw(payloads)
    return codec_journal.JournalLine(
        1 if v1 else 2, draw(ids), draw(st.integers(1, 2**62)), payload["id"], draw(ids), draw(st.text(max_size=8)),
        None if v1 else draw(st.one_of(st.none(), ids)), payload, draw(hashes), draw(hashes),
        draw(v1_columns) if v1 else None,
    )  # fmt: skip


@st.composite
def sync_lines(draw) -> codec_syncline.SyncLine:
    v1 = draw(st.booleans())
    return codec_syncline.SyncLine(
        draw(st.integers(1, 2**62)), draw(ids), draw(st.text(max_size=8)),
        None if v1 else draw(st.one_of(st.none(), ids)), draw(payloads), draw(v1_columns) if v1 else None,
    )  # fmt: skip


pairs = st.tuples(st.integers(-9, 9), st.integers(-9, 9))
amounts = st.one_of(st.integers(-(10**6), 10**6), st.sampled_from([0.5, -0.5, 333.33, -666.67, 12.25]))
rulings = st.builds(
    lambda kind, rule_kind, amount, scope, citation, club, number, voided, away, ladder, steps, step: StoredRuling(
        kind, kind.value, RulingKind.parse(rule_kind), rule_kind, amount, scope, citation, club, number, voided,
        away or (1 if steps else 0), ladder if steps else "", steps, step if steps else 0,
    ),  # fmt: skip
    st.sampled_from(list(RulingKind)),
    st.one_of(st.none(), st.just(""), st.sampled_from([k.value for k in RulingKind])),
    st.integers(0, 40_000), st.sampled_from(["", "table", "overall"]), st.text(max_size=12), st.text(max_size=6),
    st.integers(0, 5), st.booleans(), st.integers(0, 3), st.text(min_size=1, max_size=6), st.integers(0, 3),
    st.integers(0, 5),
)  # fmt: skip


def _exact(x: int | float) -> Fraction | int:
    """An amount as the reader holds it: an int, or the exact value of the float written (0.5 -> 1/2)."""
    if isinstance(x, int):
        return x
    exact = Fraction(str(x))
    return exact.numerator if exact.denominator == 1 else exact


effects = st.builds(
    lambda seats, overall, extra, off, sticks, back, counters, dealer, hand, redeal, over, ruling: StoredEffect(
        transfers=tuple(seats), overall=tuple(_exact(x) for x in overall),
        extra=tuple({k: _exact(v) for k, v in e.items()} for e in extra), off_table=_exact(off), sticks=sticks,
        sticks_returned=tuple(back), counters=counters, dealer=dealer, hand=hand, redeal=redeal, game_over=over,
        ruling=ruling,
    ),  # fmt: skip
    st.lists(st.integers(-50_000, 50_000), min_size=4, max_size=4), st.lists(amounts, min_size=4, max_size=4),
    st.lists(st.dictionaries(st.sampled_from(["league", "rating"]), amounts, max_size=2), min_size=4, max_size=4),
    amounts, pairs, st.lists(st.integers(0, 3), max_size=4), pairs, pairs, st.tuples(pairs, pairs), st.booleans(),
    st.booleans(), st.one_of(st.none(), rulings),
)  # fmt: skip

PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))


# -- the journal line -------------------------------------------------------------------------------------------------


@PROPERTY
@given(journal_lines())
def test_a_journal_line_reads_back_as_written(line):
    text = codec_journal.encode(line)
    assert codec_journal.decode(text, "line 1") == line
    assert codec_journal.decode(text.encode(), "line 1") == line


def test_journal_lines_are_todays_bytes_and_read_back(rows):
    stored, _ = rows
    assert len(stored) > 30
    for row in stored:
        today = TODAY_journal_line(row)
        assert codec_journal.encode(codec_journal.from_row(row)) == today
        assert codec_journal.encode(codec_journal.decode(today, "line")) == today


@pytest.mark.parametrize(
    "text, message",
    [
        ("[1]", "journal.jsonl: line 3: an event is a JSON object, got list"),
        ('{"hash_v":2}', "journal.jsonl: line 3: field 'device_id' is missing"),
        ("{", "journal.jsonl: line 3: not valid JSON"),
        ('{"device_seq":NaN}', "journal.jsonl: line 3: NaN is not a finite number"),
    ],
)
def test_a_bad_journal_line_is_refused_naming_the_line_and_field(rows, text, message):
    with pytest.raises(codec_journal.LineError) as caught:
        codec_journal.decode(text, "journal.jsonl: line 3")
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value)
    good = json.loads(TODAY_journal_line(rows[0][-1]))
    with pytest.raises(
        codec_journal.LineError, match=r"^line 9: field 'device_seq' should be a whole number, got '7'$"
    ):
        codec_journal.decode(json.dumps(good | {"device_seq": "7"}), "line 9")


# -- the sync-folder line ---------------------------------------------------------------------------------------------


@PROPERTY
@given(sync_lines())
def test_a_sync_folder_line_reads_back_as_written(line):
    text = codec_syncline.encode(line)
    assert text.endswith("\n") and text.count("\n") == 1
    assert codec_syncline.decode(text.encode(), "at byte 0") == line


@PROPERTY
@given(st.dictionaries(st.text(max_size=6), json_values, max_size=5))
def test_a_head_line_reads_back_as_written(head):
    line = codec_syncline.HeadLine(head)
    assert codec_syncline.decode(codec_syncline.encode(line).encode(), "at byte 0") == line


def test_sync_folder_lines_are_todays_bytes_and_read_back(rows):
    for row in rows[0]:
        today = TODAY_sync_line(row)
        assert codec_syncline.encode(codec_syncline.from_row(row)) == today
        back = codec_syncline.decode(today.encode(), "at byte 0")
        assert codec_syncline.encode(back) == today
        # the reader's journal line hashes to the stored hash from the text as read
        assert codec_syncline.to_journal(row["device_id"], back, row["prev_hash"])["hash"] == row["hash"]


@pytest.mark.parametrize(
    "raw, message",
    [
        (b'{"s":1,"o":"t","t":"x","a":null}', "journal.jsonl at byte 40: not an event line: field 'p' is missing"),
        (b'{"s":"1","o":"t","t":"x","a":null,"p":{"id":"e"}}',
         "journal.jsonl at byte 40: not an event line: field 's' must be a whole number, not \"1\""),
        (b'{"s":1,"o":"t","t":"x","a":null,"p":{"id":"e"},"q":1}', "journal.jsonl at byte 40: unknown field 'q'"),
        (b'{"s":1,"o":"t","t":"x","a":null,"p":{}}', "journal.jsonl at byte 40: not an event line: field 'p.id' is missing"),
        (b"[]", "journal.jsonl at byte 40: not a journal line"),
        (b'{"s":1e400}', "journal.jsonl at byte 40: 1e400 is not a finite number"),
    ],
)  # fmt: skip
def test_a_bad_sync_folder_line_is_refused_naming_the_place_and_field(raw, message):
    with pytest.raises(FolderError) as caught:
        codec_syncline.decode(raw, "journal.jsonl at byte 40")
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value)


# -- the bundle -------------------------------------------------------------------------------------------------------


@PROPERTY
@given(
    st.lists(journal_lines(), max_size=4, unique_by=lambda line: line.uuid),
    st.one_of(st.none(), ids),
    st.one_of(st.none(), st.lists(st.dictionaries(st.text(max_size=4), st.text(max_size=4)), max_size=2)),
)
def test_a_bundle_reads_back_as_written(lines, tournament, heads):
    found = codec_bundle.Bundle("dev-1", "2026-11-22T10:00:00+00:00", tournament, tuple(lines),
                                None if heads is None else tuple(heads))  # fmt: skip
    assert codec_bundle.decode(codec_bundle.encode(found), "bundle.json") == found


def test_an_exported_bundle_is_todays_bytes_and_reads_back(rows):
    _, data = rows
    today = TODAY_bundle(data)
    assert today.startswith('{"format":"refapp-bundle","version":2,')
    assert dumps(data) == today
    back = codec_bundle.decode(today, "bundle.json")
    assert len(back.events) == len(data["events"]) and back.heads is not None
    assert codec_bundle.encode(back) == today


def test_a_bad_bundle_is_refused_naming_each_event_and_field(rows):
    _, data = rows
    events = [dict(e) for e in data["events"][:3]]
    del events[1]["hash"]
    events[2]["device_seq"] = 0
    with pytest.raises(BundleError) as caught:
        codec_bundle.decode(json.dumps(data | {"events": events}), "bundle.json")
    assert caught.value.problems == [
        f"events[1] (uuid {events[1]['uuid']}): field 'hash' is missing",
        f"events[2] (uuid {events[2]['uuid']}): field 'device_seq' should be from 1 to {2**62}, got 0",
    ]
    with pytest.raises(BundleError, match=r"bundle\.json: not valid JSON"):
        codec_bundle.decode("{", "bundle.json")


# -- the stored effect ------------------------------------------------------------------------------------------------


@PROPERTY
@given(effects)
def test_a_stored_effect_reads_back_as_written(effect):
    assert codec_effect.decode(codec_effect.encode(effect)) == effect


def test_stored_effects_are_todays_bytes_and_read_back(rows):
    texts = [row["ruling"] for row in rows[0]]
    assert "{}" in texts and sum(1 for t in texts if '"ruling":{' in t) >= 5  # nothing; and several rulings
    for text in texts:
        assert codec_effect.encode(codec_effect.decode(text, "event")) == text


def test_a_split_and_an_unknown_rule_kind_keep_their_stored_form():
    text = _CANON({
        "transfers": [0, 0, 0, 0], "overall": [0.5, -0.5, 0, 0], "off_table": 333.33, "sticks": [1, 0],
        "sticks_returned": [], "counters": [0, 0], "dealer": [0, 0], "hand": [[0, 1], [0, 1]], "redeal": False,
        "game_over": False, "extra": [{"league": 2}, {}, {}, {}],
        "ruling": {"kind": "warning", "rule_kind": "", "amount": 0, "scope": "", "citation": "", "warning_number": 1,
                   "voided_by_win": False},
    })  # fmt: skip
    assert codec_effect.encode(codec_effect.decode(text)) == text


@pytest.mark.parametrize("text, message", [("[1]", "should hold a JSON object, not list"), ("{", "is not JSON")])
def test_a_bad_stored_effect_is_refused_naming_the_event(text, message):
    with pytest.raises(codec_effect.EffectError) as caught:
        codec_effect.decode(text, "event e-17")
    assert str(caught.value).startswith("event e-17: column 'ruling' ") and message in str(caught.value)
