"""What a name, a free text and a time may hold (refapp.domain.inputs), over the whole class of characters: every
control character, every bidirectional formatting character, every other invisible format character, the line and
paragraph separators, lone surrogates and blank letters are refused in a name, named by code point and name; real
names in every script (accents, CJK, Arabic, Hebrew, Persian with its non-joiner, emoji sequences and flags) pass."""

from __future__ import annotations

import random
import sys
import unicodedata
from datetime import datetime

import pytest

from refapp.domain.events import LogError, check_incoming, parse_log
from refapp.domain.inputs import (
    char_label,
    is_time,
    name_problem,
    refused_in_name,
    refused_in_text,
)

BIDI = ["\u061c", "\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068",
        "\u2069"]  # fmt: skip


def every(*categories: str) -> list[str]:
    return [chr(cp) for cp in range(sys.maxunicode + 1) if unicodedata.category(chr(cp)) in categories]


CONTROLS = every("Cc")
FORMATS = every("Cf")


def test_every_control_character_is_refused_in_a_name_anywhere():
    assert len(CONTROLS) == 65  # U+0000–U+001F, U+007F–U+009F
    for c in CONTROLS:
        for name in (c, f"Ann{c}", f"{c}Ann", f"An{c}n", f"Zoë{c}", f"山田{c}太郎"):
            assert refused_in_name(name) == c, (name, c)


@pytest.mark.parametrize("c", BIDI)
def test_every_bidirectional_formatting_character_is_refused_even_inside_arabic_text(c):
    for name in (f"Bob{c}", f"{c}Bob", f"محمد{c}علی", f"שרה{c}כהן", f"{c}محمد"):
        assert refused_in_name(name) == c, name
    assert unicodedata.name(c) in name_problem(f"محمد{c}علی")


def test_every_other_format_character_is_refused_except_a_joiner_between_two_letters_outside_ascii():
    assert {"\u200b", "\u2060", "\ufeff", "\u00ad", "\u180e", "\U000e0001"} <= set(FORMATS)
    for c in FORMATS:
        assert refused_in_name(f"Bob{c}Smith") == c, char_label(c)  # between two ASCII letters
        assert refused_in_name(f"{c}محمد") == c, char_label(c)  # at the start
        assert refused_in_name(f"محمد{c}") == c, char_label(c)  # at the end
        if c in "\u200c\u200d":
            assert refused_in_name(f"محمد{c}علی") is None  # a joiner between two letters: part of the name
        else:
            assert refused_in_name(f"محمد{c}علی") == c, char_label(c)


def test_line_and_paragraph_separators_lone_surrogates_and_blank_letters_are_refused():
    for c in ("\u2028", "\u2029", "\ud800", "\udfff", "\u3164", "\u115f", "\u1160", "\uffa0", "\u034f"):
        assert refused_in_name(f"Ann{c}") == c
        assert refused_in_name(c) == c


@pytest.mark.parametrize(
    "name",
    [
        "Ann",
        "Zoë Müller-Lüdenscheidt",
        "O'Neil",
        "Jean-François d'Estaing",
        "山田 太郎",
        "山田\u3000太郎",  # the ideographic space
        "Nguyễn Thị Minh Khai",
        "محمد علی",
        "یاسمین\u200cمی",  # Persian, with its zero-width non-joiner
        "שרה כהן",
        "Łukasz Żółć",
        "Ἀλέξανδρος",
        "김민준",
        "Ann\u00a0Bo",  # a no-break space
        "Bob 🀄",
        "👨\u200d👩\u200d👧",  # a family emoji (zero-width joiners)
        "❤\ufe0f\u200d🔥",  # with a variation selector
        "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",  # the flag of Scotland (tags)
        "=cmd|' /C calc'!A0",  # a formula is a name like any other here: the CSV export neutralises it
    ],
)
def test_real_names_in_every_script_are_accepted(name):
    assert refused_in_name(name) is None
    assert name_problem(name) == ""


def test_tag_characters_outside_a_flag_are_refused():
    assert refused_in_name("Bob\U000e0041\U000e0042") == "\U000e0041"
    assert refused_in_name("🏴\U000e0067\U000e0062") == "\U000e0067"  # no cancel tag: not a flag


def test_the_refused_character_is_named_by_its_code_point_and_name():
    assert char_label("\u202e") == "U+202E RIGHT-TO-LEFT OVERRIDE"
    assert char_label("\x00") == "U+0000 NULL"
    assert char_label("\n") == "U+000A LINE FEED"
    assert char_label("\x1b") == "U+001B ESCAPE"
    assert char_label("\x7f") == "U+007F DELETE"
    assert char_label("\x85") == "U+0085 NEXT LINE"
    assert char_label("\x9b") == "U+009B (a control character)"
    assert char_label("\ud800") == "U+D800 (a lone surrogate)"
    assert name_problem("محمد\u200fعلی") == (
        "U+200F RIGHT-TO-LEFT MARK is not allowed in a name (no control or invisible formatting character)."
    )


def test_a_free_text_keeps_tab_line_feed_and_direction_marks_and_refuses_other_controls():
    assert refused_in_text("line one\nline two\tand a tab") is None
    assert refused_in_text("Il a dit \u200fمرحبا\u200f hier") is None
    for c in CONTROLS:
        if c not in "\t\n":
            assert refused_in_text(f"note{c}") == c
    assert refused_in_text("\ud800") == "\ud800"


@pytest.mark.parametrize(
    "text",
    ["2026-11-22T10:00:00+01:00", "2026-11-22T10:00:00Z", "2026-11-22T10:00Z", "2026-11-22T10:00:00.250-05:00",
     "2026-02-28T23:59:59+14:00"],
)  # fmt: skip
def test_times_with_their_offset_are_accepted(text):
    assert is_time(text)


@pytest.mark.parametrize(
    "text",
    ["not a date", "", "t", "2026-11-22T10:00:00", "2026-11-22", "2026-11-22 10:00:00+01:00", "2026-13-01T10:00Z",
     "2026-02-30T10:00Z", "2026-11-22T25:00Z", "2026-11-22T10:00:00+24:00", "2026-11-22T10:00:00+0100",
     "2026-11-22T10:00:00z", "٢٠٢٦-11-22T10:00Z", "2026-11-22T10:00:00+01:00\n", 20261122, None],
)  # fmt: skip
def test_anything_else_is_not_a_time(text):
    assert not is_time(text)


START = {"type": "hanchan_start", "id": "s", "at": "2026-11-22T10:00:00+01:00", "ruleset": "ema-2016",
         "players": ["Ann", "Bob", "Cyd", "Dan"]}  # fmt: skip


@pytest.mark.parametrize(
    ("change", "field", "says"),
    [
        ({"at": "not a date"}, "at", "'not a date' is not an ISO 8601 time with its offset"),
        ({"at": "2026-11-22T10:00:00"}, "at", "is not an ISO 8601 time with its offset"),
        ({"players": ["Ann", "Bob\x00", "Cyd", "Dan"]}, "players.1", "U+0000 NULL is not allowed in a name"),
        ({"players": ["Ann", "Bob", "Cyd\nEve", "Dan"]}, "players.2", "U+000A LINE FEED"),
        ({"players": ["\u202eAnn", "Bob", "Cyd", "Dan"]}, "players.0", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        ({"first_timers": ["Ann\u200b"]}, "first_timers.0", "U+200B ZERO WIDTH SPACE"),
        ({"by": "Sylvie\x1b[31m"}, "by", "U+001B ESCAPE"),
    ],
)
def test_a_table_log_names_the_event_and_field_refused(change, field, says):
    log = {"events": [{**START, "id": "s0"}, {**START, **change}]}
    with pytest.raises(LogError) as caught:
        parse_log(log)
    assert caught.value.index == 1 and caught.value.field == field
    assert str(caught.value).startswith(f"event 1: {field}: ") and says in str(caught.value)
    assert "\n" not in str(caught.value) and "\x00" not in str(caught.value)


@pytest.mark.parametrize(
    ("event", "field"),
    [
        ({"type": "incident", "seat": 1, "offence": "warning", "substitute": "Eve\u2066"}, "substitute"),
        ({"type": "incident", "seat": 1, "offence": "warning", "note": "a\x00b"}, "note"),
        ({"type": "incident", "seat": 1, "offence": "warning", "answers": {"reason": "x\x07"}}, "answers.reason"),
        ({"type": "incident", "seat": 1, "offence": "warning", "hand_tiles": "123m\x1b[2J"}, "hand_tiles"),
        ({"type": "void", "target": "x", "reason": "oops\r"}, "reason"),
        ({"type": "draw", "kind": "abortive", "reason": "\x1b"}, "reason"),
        ({"type": "tournament", "tournament": "t", "name": "Open\u202e", "created_at": "x"}, "created_at"),
        (
            {"type": "tournament", "tournament": "t", "name": "Open\u202e", "created_at": "2026-11-22T10:00:00Z"},
            "name",
        ),  # fmt: skip
        (
            {
                "type": "player",
                "player": "p",
                "tournament": "t",
                "name": "Ann",
                "federation_id": "04\t01",
                "created_at": "2026-11-22T10:00:00Z",
            },
            "federation_id",
        ),  # fmt: skip
        ({"type": "trust", "name": "Table\u200e7"}, "name"),
        ({"type": "statement", "player": "Ann", "text": "said\x00"}, "text"),
    ],
)
def test_every_name_text_and_time_field_of_every_payload_is_checked(event, field):
    payload = {"id": "e", "at": "2026-11-22T10:00:00+01:00", "by": "Sylvie", **event}
    with pytest.raises(LogError) as caught:
        check_incoming(payload, 4)
    assert caught.value.field == field and caught.value.index == 4
    assert caught.value.key in ("name_refused", "text_refused", "time_refused")


def test_a_statement_keeps_its_line_feeds_and_a_note_its_direction_marks():
    ok = {"id": "e", "at": "2026-11-22T10:00:00+01:00", "by": "Sylvie"}
    check_incoming({**ok, "type": "statement", "player": "Ann", "text": "line one\nline two"})
    check_incoming({**ok, "type": "incident", "seat": 1, "offence": "warning", "note": "dit \u200fمرحبا\u200f"})


@pytest.mark.parametrize(
    ("change", "field", "says"),
    [
        ({"by": "Sylvie\u202e"}, "by", "U+202E RIGHT-TO-LEFT OVERRIDE is not allowed in a name"),
        ({"by": "Sylvie\x00"}, "by", "U+0000 NULL"),
        ({"at": "2026-02-30T10:00:00+01:00"}, "at", "is not an ISO 8601 time with its offset"),
        ({"at": "2026-11-22T10:00:00+24:00"}, "at", "is not an ISO 8601 time with its offset"),
    ],
)
def test_a_long_log_names_the_first_riichi_or_win_refused_after_many_good_ones(change, field, says):
    """A log's riichi and wins are checked with each referee's name judged once (a log of 100,000 events has a
    few): a bad name or time among many good ones is refused as any event's, naming that event and field."""
    riichi = {"type": "riichi", "at": "2026-11-22T10:{:02d}:00+01:00", "by": "Sylvie"}
    events = [{**START, "id": "s0"}]
    for k in range(40):
        events.append({**riichi, "id": f"r{k}", "seat": k % 4, "at": riichi["at"].format(k)})
        events.append({"type": "draw", "id": f"d{k}", "at": riichi["at"].format(k), "by": "Sylvie", "tenpai": []})
    bad = 61
    events[bad] = {**events[bad], **change}
    with pytest.raises(LogError) as caught:
        parse_log({"events": events})
    assert (caught.value.index, caught.value.field) == (bad, field)
    assert str(caught.value).startswith(f"event {bad}: {field}: ") and says in str(caught.value)


def test_a_time_is_told_as_the_calendar_tells_it():
    """``is_time`` tells most times without parsing the date: for every time of the right shape, what it says is what
    the calendar says (a day that does not exist in its month, an hour of 24, an offset of a day are no time)."""
    rng = random.Random(28)
    for _ in range(20_000):
        sec = rng.choice(["", f":{rng.randint(0, 61):02d}", f":{rng.randint(0, 61):02d}.{rng.randint(0, 999999)}"])
        off = rng.choice(["Z", f"{rng.choice('+-')}{rng.randint(0, 25):02d}:{rng.randint(0, 61):02d}"])
        text = (f"{rng.choice(['0000', '0001', '1999', '2024', '2026', '2100', '9999'])}-{rng.randint(0, 13):02d}-"
                f"{rng.randint(0, 32):02d}T{rng.randint(0, 25):02d}:{rng.randint(0, 61):02d}{sec}{off}")  # fmt: skip
        try:
            datetime.fromisoformat(text.replace("Z", "+00:00"))
            real = True
        except ValueError:
            real = False
        assert is_time(text) == real, text
