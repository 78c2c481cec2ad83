"""`refapp replay` on table-log files kept in tests/data/logs, as a user runs it."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from refapp.cli import main

LOGS = Path(__file__).parent.parent / "data" / "logs"


def replay_file(path, capsys) -> dict:
    assert main(["replay", str(path)]) == 0
    return json.loads(capsys.readouterr().out)


def finals(out):
    return [r["final"] for r in out["results"]]


def test_ex13_two_tied_first_share_7500_each(capsys):
    out = replay_file(LOGS / "ex13-two-tied-first.json", capsys)
    assert finals(out) == [47500, 47500, 10000, -5000]
    assert [r["rank"] for r in out["results"]] == [1, 1, 3, 4]
    assert [r["uma"] for r in out["results"]] == [7500, 7500, -5000, -10000]
    assert out["game_over"] is True


def test_ex13_tied_second_and_third_share_zero(capsys):
    out = replay_file(LOGS / "ex13-tied-second-third.json", capsys)
    assert finals(out) == [55000, 25000, 25000, -5000]
    assert [r["rank"] for r in out["results"]] == [1, 2, 2, 4]


def test_ex13_three_way_tie_splits_exactly(capsys):
    out = replay_file(LOGS / "ex13-three-tied-first.json", capsys)
    assert finals(out) == [33333.33, 33333.33, 33333.33, 0]
    assert [r["uma"] for r in out["results"]] == [3333.33, 3333.33, 3333.33, -10000]
    # the overall scores carry the exact thirds: no drift when summed
    from refapp.domain.events import parse_log
    from refapp.domain.ledger import replay
    from tests.logs import rulesets

    st = replay(parse_log(json.loads((LOGS / "ex13-three-tied-first.json").read_text())).events, rulesets())
    assert sum(s.overall for s in st.seats) == 100000


def test_output_keys_are_the_documented_ones(capsys):
    out = replay_file(LOGS / "ex13-two-tied-first.json", capsys)
    for key in (
        "ruleset",
        "hanchan",
        "round_wind",
        "hand",
        "dealer",
        "counters",
        "riichi_sticks",
        "game_over",
        "seats",
    ):
        assert key in out
    seat = out["seats"][0]
    assert set(seat) == {
        "player",
        "wind",
        "score",
        "overall",
        "riichi",
        "dead_hand",
        "warnings",
        "chombos",
        "disqualified",
        "extra",
    }
    assert out["ruleset"] == "ema-2008-mt" and out["round_wind"] == "S" and out["hand"] == 4


def test_real_process_bad_event_exits_2_with_one_line(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(
        json.dumps(
            {
                "events": [
                    {
                        "type": "hanchan_start",
                        "id": "a",
                        "at": "2026-11-22T10:00:00Z",
                        "players": ["A", "B", "C", "D"],
                        "ruleset": "wrc-2015",
                    },
                    {
                        "type": "win",
                        "id": "b",
                        "at": "2026-11-22T10:00:00Z",
                        "kind": "ron",
                        "discarder": 1,
                        "winners": [{"seat": 1, "han": 2, "fu": 30}],
                    },
                ]
            }
        )
    )
    p = subprocess.run([sys.executable, "-m", "refapp", "replay", str(bad)], capture_output=True, text=True)
    assert p.returncode == 2
    assert p.stdout == ""
    assert p.stderr.strip().splitlines() == [f"refapp: {bad}: event 1: seat 1 cannot win on its own discard"]


@pytest.mark.parametrize(
    "content, message",
    [
        ("{not json", "not valid JSON: Expecting property name enclosed in double quotes at line 1 column 2"),
        ('{"events": 3}', "log: events: expected a list of events"),
        ("[1, 2]", "log: a table log is a JSON object with an 'events' list"),
        ('{"events": [{"type": "riichi", "id": "x", "at": "2026-11-22T10:00:00Z"}]}', "event 0: seat: Field required"),
        (
            '{"events": [{"type": "pon", "id": "x", "at": "2026-11-22T10:00:00Z"}]}',
            "event 0: type: unknown event type 'pon' (expected one of: hanchan_start, riichi",
        ),
        (
            '{"events": [{"type": "win", "id": "x", "at": "2026-11-22T10:00:00Z", "kind": "ron", "discarder": 0, '
            '"winners": [{"seat": 1, "han": 2, "fu": 35}]}]}',
            "event 0: winners.0: fu must be 25 or a multiple of 10",
        ),
        (
            '{"events": [{"type": "hanchan_start", "id": "x", "at": "2026-11-22T10:00:00Z", "players": ["A", "B", "C", "A"], '
            '"ruleset": "wrc-2015"}]}',
            "event 0: players must be four different names",
        ),
        (
            '{"events": [{"type": "hanchan_start", "id": "x", "at": "2026-11-22T10:00:00Z", "players": ["A", "B", "C", "D"], '
            '"ruleset": "wrc-2015", "resume": {"scores": [1,2,3,4], "hand": 2, "dealer": 3}}]}',
            "event 0: resume: dealer 3 does not match hand 2",
        ),
    ],
)
def test_bad_logs_get_one_clear_line(tmp_path, capsys, content, message):
    f = tmp_path / "log.json"
    f.write_text(content)
    assert main(["replay", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert message in err, err


def test_missing_file(capsys, tmp_path):
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
    assert "nope.json: no such file" in capsys.readouterr().err


def test_schema_is_json_schema_of_the_log(capsys):
    assert main(["schema", "table-log"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["title"] == "TableLog"
    kinds = {v["properties"]["type"]["const"] for k, v in schema["$defs"].items() if "type" in v.get("properties", {})}
    assert kinds == {"hanchan_start", "riichi", "win", "draw", "hanchan_end", "incident", "void"}


def test_rulesets_lists_the_eight_shipped_ids(capsys):
    assert main(["rulesets", "--json"]) == 0
    ids = [r["id"] for r in json.loads(capsys.readouterr().out)]
    assert sorted(ids) == [
        "ema-2008-mt",
        "ema-2012",
        "ema-2016",
        "ema-2025",
        "japanese-modern",
        "sg-league",
        "wrc-2015",
        "wrc-2025",
    ]


GOOD_START = {"type": "hanchan_start", "id": "s", "at": "2026-11-22T10:00:00+01:00", "players": ["Ann", "Bob", "Cyd",
              "Dan"], "ruleset": "ema-2016"}  # fmt: skip


@pytest.mark.parametrize(
    "second, message",
    [
        (
            {"type": "riichi", "id": "r", "at": "not a date", "seat": 1},
            "event 1: at: 'not a date' is not an ISO 8601 time with its offset (such as 2026-11-22T10:00:00+01:00)",
        ),
        (
            {"type": "riichi", "id": "r", "at": "2026-11-22T10:05:00", "seat": 1},
            "event 1: at: '2026-11-22T10:05:00' is not an ISO 8601 time with its offset",
        ),
        (
            {**GOOD_START, "id": "s2", "players": ["Ann\x00", "Bob", "Cyd", "Dan"]},
            "event 1: players.0: U+0000 NULL is not allowed in a name (no control or invisible formatting character)",
        ),
        (
            {**GOOD_START, "id": "s2", "players": ["Ann", "Bob\nEve", "Cyd", "Dan"]},
            "event 1: players.1: U+000A LINE FEED is not allowed in a name",
        ),
        (
            {**GOOD_START, "id": "s2", "players": ["Ann", "Bob", "\u202eCyd", "Dan"]},
            "event 1: players.2: U+202E RIGHT-TO-LEFT OVERRIDE is not allowed in a name",
        ),
        (
            {**GOOD_START, "id": "s2", "players": ["Ann", "Bob", "Cyd", "محمد\u200fعلی"]},
            "event 1: players.3: U+200F RIGHT-TO-LEFT MARK is not allowed in a name",
        ),
        (
            {
                "type": "incident",
                "id": "i",
                "at": "2026-11-22T10:05:00Z",
                "seat": 1,
                "offence": "warning",
                "by": "Sylvie\u2067",
            },
            "event 1: by: U+2067 RIGHT-TO-LEFT ISOLATE is not allowed in a name",
        ),
        (  # a draw's and an end's free text: the quick path for events with empty texts does not skip them
            {"type": "draw", "kind": "abortive", "id": "d", "at": "2026-11-22T10:05:00Z", "reason": "four winds\x07"},
            "event 1: reason: U+0007 BELL is not allowed in a text (no control character but tab and line feed)",
        ),
        (
            {"type": "hanchan_end", "id": "e", "at": "2026-11-22T10:05:00Z", "reason": "time\x1b[31m"},
            "event 1: reason: U+001B ESCAPE is not allowed in a text",
        ),
        (  # a riichi's referee, judged once per name: a new name is judged again
            {"type": "riichi", "id": "r", "at": "2026-11-22T10:05:00Z", "seat": 1, "by": "Syl\u200bvie"},
            "event 1: by: U+200B ZERO WIDTH SPACE is not allowed in a name",
        ),
    ],
)
def test_a_log_with_a_bad_time_or_name_is_refused_naming_the_event_and_field(tmp_path, capsys, second, message):
    f = tmp_path / "log.json"
    f.write_text(json.dumps({"events": [GOOD_START, second]}))
    assert main(["replay", str(f)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"refapp: {f}: {message}")


def test_names_in_every_script_replay(tmp_path, capsys):
    names = ["Zoë Müller", "山田\u3000太郎", "محمد علی", "👨\u200d👩\u200d👧"]
    f = tmp_path / "log.json"
    f.write_text(json.dumps({"events": [{**GOOD_START, "players": names, "at": "2026-11-22T10:00Z"}]}))
    assert main(["replay", str(f)]) == 0
    assert [s["player"] for s in json.loads(capsys.readouterr().out)["seats"]] == names


def _head_bump_log(tmp_path, ruleset: str, winner: int, bumped: int):
    start = {**GOOD_START, "ruleset": ruleset}
    win = {
        "type": "win",
        "id": "w",
        "at": "2026-11-22T10:05:00Z",
        "kind": "ron",
        "discarder": 1,
        "winners": [{"seat": winner, "limit": "mangan"}],
        "bumped": [bumped],
    }
    f = tmp_path / "log.json"
    f.write_text(json.dumps({"events": [start, win]}))
    return f


def test_a_head_bump_replays_paying_the_winner_alone(tmp_path, capsys):
    """WRC 2015: Bob discards, Cyd (on his right) and Dan call ron; Cyd's mangan, Dan bumped with no value."""
    out = replay_file(_head_bump_log(tmp_path, "wrc-2015", 2, 3), capsys)
    assert [s["score"] for s in out["seats"]] == [30000, 22000, 38000, 30000]


@pytest.mark.parametrize(
    ("ruleset", "winner", "bumped", "message"),
    [
        (
            "ema-2016",
            2,
            3,
            "event 1: bumped: EMA 2016 has no head bump: every player who called ron wins.",
        ),
        ("wrc-2015", 3, 2, "event 1: bumped.0: Cyd is nearer the discarder's right than Dan: Cyd wins the head bump."),
    ],
)
def test_a_head_bump_that_cannot_be_is_refused_in_one_line(tmp_path, capsys, ruleset, winner, bumped, message):
    f = _head_bump_log(tmp_path, ruleset, winner, bumped)
    assert main(["replay", str(f)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"refapp: {f}: {message}")
