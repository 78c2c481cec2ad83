"""`refapp rulesets --check FILE`: strict (no coercion), bounded, and one precise line per mistake (file, key, what
is allowed), exit status 2. Files may extend built-ins or other club files; `--json` and `show` print every
parameter and where it comes from."""

from __future__ import annotations

import json

import pytest

from refapp.cli import main
from refapp.domain.offences import OFFENCES
from refapp.store.rulesets import load_catalog

HEAD = 'extends = "ema-2016"\nid = "club"\nname = "Club"\nversion = "1"\n'


def check(tmp_path, capsys, text: str, name: str = "club.toml", data_dir=None) -> tuple[int, str, str]:
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    argv = ["--data-dir", str(data_dir or tmp_path / "data"), "rulesets", "--check", str(f)]
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(
    "body, expected",
    [
        # strings for numbers and booleans: no coercion
        (
            '[scoring]\ncounter_value = "300"\n',
            "key 'scoring.counter_value': expected a whole number from 0 to 10,000, got '300' (text: write numbers "
            "and true/false without quotes)",
        ),
        ('[scoring]\nkiriage = "yes"\n', "key 'scoring.kiriage': expected true or false, got 'yes'"),
        ("[scoring]\nkiriage = 1\n", "key 'scoring.kiriage': expected true or false, got 1"),
        ("[penalties]\nmin = 1000.0\n", "key 'penalties.min': expected a whole number from 0 to 1,000,000, got 1000.0"),
        # negative start points
        (
            "[results]\nstart_points = -1000\n",
            "key 'results.start_points': expected a number from 0 to 1,000,000, got -1000",
        ),
        # reversed uma
        (
            "[results]\numa = [-15000, -5000, 5000, 15000]\n",
            "key 'results.uma': uma goes from first to last place, largest first, got [-15000, -5000, 5000, 15000]",
        ),
        ("[results]\numa = [10, 5, -5, -5]\n", "key 'results.uma': uma must add up to 0, got [10, 5, -5, -5]"),
        # min above max: no penalty could be given
        (
            "[penalties]\nmin = 5000\nmax = 1000\n",
            "key 'penalties.min': min (5000) is above max (1000): no penalty could be given",
        ),
        # absurd amounts
        (
            "[chombo]\namount = 100000000000000000000000\n",
            "key 'chombo.amount': expected a number from 0 to 1,000,000, got 100000000000000000000000",
        ),
        (
            "[penalties]\nmax = 10000000\n",
            "key 'penalties.max': expected a number from 0 to 1,000,000, got 10000000",
        ),
        ("[scoring]\ncounter_value = 100000\n", "key 'scoring.counter_value': expected a number from 0 to 10,000"),
        # a removed parameter says why
        ("[penalties]\nwarning_ladder = 3\n", "key 'penalties.warning_ladder': removed: declare the ladder in"),
        # a typo in a key
        ("[scoring]\nkiriagee = true\n", "key 'scoring.kiriagee': unknown key"),
        # a rule's amounts the wrong way round
        (
            '[offences.obstruction]\nquestions = ["serious"]\nrules = [{ ruling = "point_penalty", amount_min = 9000, '
            "amount_max = 8000 }]\n",
            "key 'offences.obstruction.rules.0.amount_min': amount_min (9000) is above amount_max (8000)",
        ),
        # a ladder nobody declared
        (
            '[offences.silent_call]\nrules = [{ ruling = "warning", ladder = "calls" }]\n',
            "no ladder 'calls' in [ladders] (none declared)",
        ),
        # the ending rule at time-up: more hands need their number, and only with finish_hand_plus
        (
            '[time_limit]\nafter_time = "finish_hand_plus"\n',
            "key 'time_limit': finish_hand_plus needs extra_hands: 1 or more hands after the one in play",
        ),
        (
            '[time_limit]\nafter_time = "finish_hand"\nextra_hands = 2\n',
            "key 'time_limit.extra_hands': extra_hands (2) goes with after_time = 'finish_hand_plus'",
        ),
        (
            '[time_limit]\nafter_time = "after_gong"\n',
            "key 'time_limit.after_time': expected 'finish_hand' or 'finish_hand_plus', got 'after_gong'",
        ),
        ("[time_limit]\nextra_hands = 9\n", "key 'time_limit.extra_hands': expected a number from 0 to 8, got 9"),
        # the house rules of Japanese-style clubs: nagashi mangan, extra rounds, dealer repeats
        ('[scoring]\nnagashi_mangan = "yes"\n', "key 'scoring.nagashi_mangan': expected true or false, got 'yes'"),
        (
            "[game]\nextra_rounds = { target = 30000, winds = 3 }\n",
            "key 'game.extra_rounds': extra_rounds goes past North: winds = 3 after a 2-round game (at most 2)",
        ),
        (
            "[game]\nrounds = 4\nextra_rounds = { target = 30000 }\n",
            "key 'game.extra_rounds': extra_rounds cannot follow a 4-round game: there is no wind after North",
        ),
        (
            "[game]\nextra_rounds = { target = 0 }\n",
            "key 'game.extra_rounds.target': expected a number from 1 to 1,000,000, got 0",
        ),
        (
            "[game]\nextra_rounds = { winds = 0 }\n",
            "key 'game.extra_rounds.winds': expected a number from 1 to 3, got 0",
        ),
        (
            '[game]\nextra_rounds = { sudden_death = "yes" }\n',
            "key 'game.extra_rounds.sudden_death': expected true or false, got 'yes'",
        ),
        ("[game]\nextra_rounds = { target_score = 30000 }\n", "key 'game.extra_rounds.target_score': unknown key"),
        ("[game]\nextra_rounds = 30000\n", "key 'game.extra_rounds': expected a table, got 30000"),
        (
            '[game]\ndealer_repeat = "never"\n',
            "key 'game.dealer_repeat': expected 'win_or_tenpai', 'win', 'tenpai' or 'none', got 'never'",
        ),
    ],
)
def test_each_mistake_is_one_precise_line(tmp_path, capsys, body, expected):
    code, out, err = check(tmp_path, capsys, HEAD + body)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1, err
    assert err.startswith(f"refapp: {tmp_path / 'club.toml'}: "), err
    assert expected in err, err


def test_an_unknown_offence_id_lists_the_valid_ones(tmp_path, capsys):
    code, _, err = check(tmp_path, capsys, HEAD + '[offences.pon_pon]\nrules = [{ ruling = "warning" }]\n')
    assert code == 2 and err.count("\n") == 1
    assert "key 'offences.pon_pon': unknown offence id (valid: invalid_win_revealed, empty_win_call, " in err
    assert all(oid in err for oid in OFFENCES)


def test_a_club_file_cannot_take_a_built_in_id(tmp_path, capsys):
    code, _, err = check(tmp_path, capsys, 'extends = "ema-2016"\nid = "wrc-2015"\nname = "Mine"\nversion = "1"\n')
    assert code == 2 and err.count("\n") == 1
    assert "key 'id': 'wrc-2015' is the id of a built-in rule set (built-in wrc-2015.toml); choose a new id" in err
    # the app reports it the same way, and the built-in stays
    (tmp_path / "rs").mkdir()
    (tmp_path / "rs" / "mine.toml").write_text('id = "wrc-2015"\nname = "Mine"\nversion = "1"\n')
    cat = load_catalog(tmp_path / "rs")
    assert cat.rulesets["wrc-2015"].name == "WRC 2015"
    assert len(cat.errors) == 1 and "'wrc-2015' is the id of a built-in rule set" in cat.errors[0]


def test_a_cycle_of_extends_is_named(tmp_path, capsys):
    data = tmp_path / "data"
    (data / "rulesets").mkdir(parents=True)
    (data / "rulesets" / "b.toml").write_text('extends = "club-a"\nid = "club-b"\nname = "B"\nversion = "1"\n')
    code, _, err = check(
        tmp_path, capsys, 'extends = "club-b"\nid = "club-a"\nname = "A"\nversion = "1"\n', "a.toml", data
    )
    assert code == 2 and err.count("\n") == 1
    assert "key 'extends': a cycle of extends (club-a -> club-b -> club-a)" in err
    (data / "rulesets" / "a.toml").write_text('extends = "club-b"\nid = "club-a"\nname = "A"\nversion = "1"\n')
    cat = load_catalog(data / "rulesets")
    assert "club-a" not in cat.rulesets and "club-b" not in cat.rulesets
    assert len(cat.errors) == 2 and all("a cycle of extends" in e for e in cat.errors)


def test_a_club_file_may_extend_another_club_file_whatever_the_names(tmp_path, capsys):
    data = tmp_path / "data"
    (data / "rulesets").mkdir(parents=True)
    (data / "rulesets" / "z-base.toml").write_text(HEAD.replace('"club"', '"club-base"') + "[chombo]\namount = 25000\n")
    child = 'extends = "club-base"\nid = "club-child"\nname = "Child"\nversion = "2"\n[scoring]\nred_fives = true\n'
    code, out, err = check(tmp_path, capsys, child, "a-child.toml", data)
    assert (code, err) == (0, "")
    assert out == f"{tmp_path / 'a-child.toml'}: ok: club-child (Child, version 2)\n"
    (data / "rulesets" / "a-child.toml").write_text(child)
    cat = load_catalog(data / "rulesets")
    assert cat.errors == []
    rs = cat.rulesets["club-child"]
    assert (rs.chombo.amount, rs.chombo.mode, rs.scoring.red_fives) == (25000, "after_uma", True)


def test_deep_nesting_and_huge_files_are_refused_in_one_line(tmp_path, capsys):
    code, _, err = check(tmp_path, capsys, HEAD + "x = " + "[" * 50000 + "]" * 50000 + "\n")
    assert code == 2 and err.count("\n") == 1 and "nested too deeply" in err
    text = HEAD + "[notes]\n" + 'a = "x"\n' * 200000
    code, _, err = check(tmp_path, capsys, text)
    assert code == 2 and err.count("\n") == 1
    assert f"file too large ({len(text):,} bytes; a rule-set file is at most 1,000,000)" in err


def test_rulesets_json_prints_every_parameter_and_where_it_comes_from(tmp_path, capsys):
    data = tmp_path / "data"
    (data / "rulesets").mkdir(parents=True)
    (data / "rulesets" / "club.toml").write_text(HEAD + "[chombo]\namount = 30000\n")
    assert main(["--data-dir", str(data), "rulesets", "--json"]) == 0
    sets = {r["id"]: r for r in json.loads(capsys.readouterr().out)}
    assert sorted(sets) == [
        "club",
        "ema-2008-mt",
        "ema-2012",
        "ema-2016",
        "ema-2025",
        "japanese-modern",
        "sg-league",
        "wrc-2015",
        "wrc-2025",
    ]
    club = {p["key"]: p for p in sets["club"]["parameters"]}
    assert sets["club"]["extends"] == "ema-2016"
    assert club["chombo.amount"] == {"key": "chombo.amount", "value": 30000, "from": "own"}
    assert club["chombo.mode"]["value"] == "after_uma" and club["chombo.mode"]["from"] == "ema-2016"
    assert club["results.uma"]["value"] == [15000, 5000, -5000, -15000] and club["results.uma"]["from"] == "ema-2016"
    assert club["game.leftover_split"] == {"key": "game.leftover_split", "value": "exact", "from": "default"}
    assert club["results.start_points"]["status"] == "unverified"  # the note comes with its source status
    wrc = {p["key"]: p for p in sets["wrc-2015"]["parameters"]}
    assert wrc["penalties.max"]["value"] is None and wrc["penalties.max"]["from"] == "default"
    assert wrc["penalties.missed_hanchan_penalty"]["from"] == "own"
    # every parameter of every section is listed
    from refapp.domain.rules import SECTIONS

    keys = {f"{s}.{f}" for s, m in SECTIONS.items() for f in m.model_fields}
    assert keys <= set(club)


def test_rulesets_show_prints_one_rule_set(tmp_path, capsys):
    data = tmp_path / "data"
    (data / "rulesets").mkdir(parents=True)
    (data / "rulesets" / "club.toml").write_text(HEAD + "[chombo]\namount = 30000\n")
    assert main(["--data-dir", str(data), "rulesets", "show", "club"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Club (club, version 1), extends ema-2016\n")
    assert "  chombo.amount = 30000  (own)\n" in text
    assert "  chombo.mode = 'after_uma'  (from ema-2016)\n" in text
    assert "  game.leftover_split = 'exact'  (default)\n" in text
    assert "      note [source not verified]: 30,000 start and return" in text
    assert main(["--data-dir", str(data), "rulesets", "show", "nope"]) == 2
    assert "unknown rule set 'nope'" in capsys.readouterr().err


@pytest.mark.parametrize(
    "body, expected",
    [
        # a TOML true is said as TOML writes it
        ("[scoring]\ncounter_value = true\n", "key 'scoring.counter_value': expected a whole number from 0 to 10,000, got true"),
        ("[results]\numa = [15000, 5000, true, -15000]\n", "key 'results.uma.2': expected a whole number from -1,000,000 to 1,000,000, got true"),
        ("[scoring]\nkiriage = [true]\n", "key 'scoring.kiriage': expected true or false, got [true]"),
        ('[penalties]\nscope = false\n', "key 'penalties.scope': expected 'table' or 'overall', got false"),
        # a choice among words: the words allowed, not pydantic's sentence
        ('[scoring]\nmultiple_ron = "none"\n', "key 'scoring.multiple_ron': expected 'allowed' or 'head_bump', got 'none'"),
        ('[standings]\nties = "coin"\n', "key 'standings.ties': expected 'shared' or 'table_points', got 'coin'"),
        ("[results]\nstart_points = { 5 = 20000 }\n", "key 'results.start_points.5': expected a key named '1', '2', '3' or '4', got '5'"),
        ('[ladders.Calls]\ndead_hand_from = 3\n', "key 'ladders.Calls': expected a key of lower-case letters, digits and '_', starting with a letter, got 'Calls'"),
        ("scoring = 3\n", "key 'scoring': expected a table, got 3"),
        ("[offences.warning]\nrules = []\n", "key 'offences.warning.rules': expected a list of at least 1 value, got 0 values"),
        ("[results]\numa = [15000, 5000, -5000]\n", "key 'results.uma': expected a list of 4 values, got 3 values"),
        ('[notes]\n"results.uma" = 3\n', "key 'notes.results.uma': expected a table or text in quotes, got 3"),
        ('[notes]\n"results.uma" = { status = "maybe", text = "x" }\n', "key 'notes.results.uma.status': expected 'verified', 'paraphrase', 'unverified' or 'inferred', got 'maybe'"),
        # the two alternatives of one key are one mistake, not "1 more"
        ("[results]\nstart_points = true\n", "key 'results.start_points': expected a whole number from 0 to 1,000,000 or a table, got true"),
        ("[results]\nstart_points = { 1 = -20000 }\n", "key 'results.start_points.1': expected a number from 0 to 1,000,000, got -20000"),
    ],
)  # fmt: skip
def test_mistakes_are_said_in_the_projects_words(tmp_path, capsys, body, expected):
    code, out, err = check(tmp_path, capsys, HEAD + body)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1, err
    assert err.endswith(expected + "\n"), err
    for pydantic_words in ("Input should", "should have", "should match", "valid dictionary", "instance of", "True"):
        assert pydantic_words not in err, err


def test_the_other_mistakes_of_a_file_are_named(tmp_path, capsys):
    """Not "(and 1 more)": the other mistake's key and value; beyond three, how many more."""
    code, _, err = check(tmp_path, capsys, HEAD + "[results]\numa = [15000000, 5000, -5000, -15000000]\n")
    assert code == 2 and err.count("\n") == 1
    assert err.endswith(
        "key 'results.uma.0': expected a number from -1,000,000 to 1,000,000, got 15000000 "
        "(1 more mistake: key 'results.uma.3' = -15000000)\n"
    ), err
    body = '[scoring]\nkiriage = 3\nred_fives = "no"\n[game]\nrounds = 9\n[results]\noka = -1\n[chombo]\nmode = "x"\n'
    code, _, err = check(tmp_path, capsys, HEAD + body)
    assert code == 2 and err.count("\n") == 1
    assert err.endswith(
        "key 'scoring.kiriage': expected true or false, got 3 (4 more mistakes: key 'scoring.red_fives' = 'no', "
        "key 'game.rounds' = 9, key 'results.oka' = -1 and 1 more)\n"
    ), err
