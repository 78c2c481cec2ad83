"""Fuzzing the readers of outside input: every malformed input ends in a clear message (a known error type with a
one-line message naming what is wrong), never a traceback, and stores nothing.

The number of inputs per reader is ``REFAPP_FUZZ_EXAMPLES`` (default 300; docs/reliability.md records a longer run).
"""

import copy
import json
import os
import string
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from refapp.domain.events import LogError, parse_log
from refapp.domain.inputs import is_time, refused_in_name
from refapp.domain.ledger import replay
from refapp.domain.rules import RuleSetError, parse_ruleset_text
from refapp.store.bundle import BundleError, export_bundle, import_bundle
from refapp.store.db import StoreError
from refapp.store.opening import open_store
from refapp.store.roster import RosterError, parse_roster
from refapp.store.tablebook import TableBook
from refapp.store.verify import verify
from tests.logs import draw, ev, hand, riichi, ron, rulesets, start

EXAMPLES = int(os.environ.get("REFAPP_FUZZ_EXAMPLES", "300"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=6),
    max_leaves=25,
)

VALID_LOG = [
    start("ema-2016"),
    riichi(1),
    ron(3, hand(1, han=3, fu=40)),
    ev("incident", seat=2, offence="invalid_win_revealed", answers={"simultaneous_win": False}),
    draw(0, 2),
]
KEYS = [
    "type",
    "id",
    "at",
    "seat",
    "kind",
    "discarder",
    "winners",
    "han",
    "fu",
    "limit",
    "players",
    "ruleset",
    "offence",
    "answers",
    "tenpai",
    "target",
    "resume",
    "points",
    "liable",
]


def one_line(message: str) -> None:
    assert message and "\n" not in message and "Traceback" not in message


def check_log(data) -> None:
    try:
        log = parse_log(data)
        replay(log.events, rulesets())
    except LogError as exc:
        one_line(str(exc))


@FUZZ
@given(json_values)
def test_table_log_reader_on_random_json(data):
    check_log(data)
    check_log({"events": data})


@FUZZ
@given(st.data())
def test_table_log_reader_on_mutated_valid_logs(data):
    events = copy.deepcopy(VALID_LOG)
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(events) - 1))
        action = data.draw(st.sampled_from(["set", "drop", "swap", "dup"]))
        if action == "set":
            events[i][data.draw(st.sampled_from(KEYS))] = data.draw(json_values)
        elif action == "drop" and events[i]:
            events[i].pop(data.draw(st.sampled_from(sorted(events[i]))))
        elif action == "swap":
            j = data.draw(st.integers(0, len(events) - 1))
            events[i], events[j] = events[j], events[i]
        else:
            events.insert(i, copy.deepcopy(events[i]))
    check_log({"events": events})


toml_fragments = st.sampled_from(
    [
        'id = "x"',
        'name = "X"',
        'version = "1"',
        'extends = "ema-2016"',
        "[scoring]",
        "kiriage = true",
        'multiple_ron = "sometimes"',
        "[results]",
        "uma = [1, 2, 3]",
        "uma = [15000, 5000, -5000, -15000]",
        "start_points = -5",
        "[chombo]",
        'mode = "after_uma"',
        "amount = 'x'",
        "[offences.noten_riichi]",
        'rules = [{ ruling = "chombo" }]',
        'rules = [{ when = { riichi = true }, ruling = "chombo" }]',
        'questions = ["nope"]',
        "[notes]",
        '"results.uma" = "note"',
        "= =",
        "[[",
        "]]",
        '"unterminated',
        "ü",
    ]
)


@FUZZ
@given(st.lists(toml_fragments, max_size=12), st.text(max_size=40))
def test_rule_set_loader(fragments, noise):
    text = "\n".join(fragments) + "\n" + noise
    try:
        parse_ruleset_text(text, "club.toml", {"ema-2016": {}})
    except RuleSetError as exc:
        one_line(str(exc))
        assert str(exc).startswith("club.toml: ")


# what a roster's cells may hold: separators, quotes, line breaks, accents, and the characters a name refuses
# (controls, direction marks and overrides, zero-width and other invisible ones) next to those it keeps (Arabic,
# CJK, an ideographic space, an emoji joined by a zero-width joiner)
INVISIBLE = "\x00\x07\x1b\x7f\x85\u061c\u200b\u200e\u200f\u202a\u202e\u2060\u2066\u2069\u2028\u3164\ufeff\u00ad"
KEPT = "محمد山田\u3000👨\u200d👩"
csv_cells = st.text(alphabet=string.ascii_letters + " ,;\"'\n\r\tÉé0123456789" + INVISIBLE + KEPT, max_size=20)


@FUZZ
@given(st.lists(st.lists(csv_cells, max_size=5), max_size=8), st.sampled_from([",", ";"]), st.booleans())
def test_roster_csv_importer(rows, sep, with_header):
    text = ("name" + sep + "federation_id" + sep + "first_timer\n" if with_header else "") + "\n".join(
        sep.join(r) for r in rows
    )
    try:
        entries = parse_roster(text, "roster.csv")
    except RosterError as exc:
        assert str(exc).startswith("roster.csv")
        assert "Traceback" not in str(exc)
        assert not any(unicodedata.category(c) in ("Cc", "Cf") for c in str(exc))  # named or escaped, never raw
        return
    assert entries and all(e.name and len(e.name) <= 60 for e in entries)
    assert len({e.name.casefold() for e in entries}) == len(entries)
    assert all(refused_in_name(e.name) is None and refused_in_name(e.federation_id) is None for e in entries)


START = {"type": "hanchan_start", "id": "s", "at": "2026-11-22T10:00:00+01:00", "ruleset": "ema-2016"}
any_text = st.text(st.characters(codec="utf-8", exclude_categories=()), max_size=12) | st.text(
    alphabet="Ann" + INVISIBLE + KEPT, min_size=1, max_size=8
)


@FUZZ
@given(st.lists(any_text, min_size=4, max_size=4), any_text, st.one_of(st.text(max_size=30), st.datetimes().map(str)))
def test_table_log_names_and_times(players, by, at):
    """Any names and times: the log is taken only if every name is free of what a name refuses and the time is ISO
    8601 with its offset; otherwise refused in one line naming the event and the field."""
    events = [START | {"players": players, "by": by}, {"type": "riichi", "id": "r", "at": at, "seat": 0}]
    try:
        parse_log({"events": events})
    except LogError as exc:
        one_line(str(exc))
        assert not any(unicodedata.category(c) in ("Cc", "Cf") for c in str(exc))  # named or escaped, never raw
        assert exc.index in (0, 1)
        if exc.key in ("name_refused", "time_refused"):
            assert exc.field in ("players.0", "players.1", "players.2", "players.3", "by", "at")
        return
    assert all(refused_in_name(p) is None for p in players) and refused_in_name(by) is None
    assert is_time(at)


@pytest.fixture(scope="module")
def bundles(tmp_path_factory):
    source = open_store(tmp_path_factory.mktemp("source"))
    tid = source.create_tournament("Fuzz Open", "2026-11-22T09:00:00+00:00")
    book = TableBook(source, source.create_table(tid, 1, "2026-11-22T09:00:00+00:00"), rulesets())
    for event in copy.deepcopy(VALID_LOG):
        book.commit(event)
    return export_bundle(source)


@FUZZ
@given(st.data())
def test_bundle_importer_rejects_mutations_whole(bundles, tmp_path_factory, data):
    bundle = copy.deepcopy(bundles)
    section = data.draw(st.sampled_from(["events", "tournaments", "game_tables", "players", "hanchans", None]))
    if section is None:
        bundle[data.draw(st.sampled_from(["format", "version", "device_id", "events"]))] = data.draw(json_values)
    elif bundle.get(section):
        row = data.draw(st.sampled_from(bundle[section]))
        key = data.draw(st.sampled_from(sorted(row)))
        row[key] = data.draw(json_values)
    target = open_store(tmp_path_factory.mktemp("target"))
    before = target.count_events()
    try:
        import_bundle(target, json.loads(json.dumps(bundle, default=str)), rulesets=rulesets())
    except (BundleError, StoreError) as exc:
        assert str(exc) and "Traceback" not in str(exc)
        assert target.count_events() == before  # rejected whole: nothing stored
    assert verify(target).ok
    target.close()
