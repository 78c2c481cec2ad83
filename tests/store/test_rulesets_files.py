"""Rule sets are data: the eight shipped files are complete, clubs add their own, bad files are named precisely."""

import json

import pytest

from refapp.cli import main
from refapp.domain.offences import OFFENCES
from refapp.domain.rules import Note, RuleSetError
from refapp.store.rulesets import check_file, load_catalog

SHIPPED = [
    "ema-2008-mt",
    "ema-2012",
    "ema-2016",
    "ema-2025",
    "japanese-modern",
    "sg-league",
    "wrc-2015",
    "wrc-2025",
]


def test_eight_shipped_rule_sets_each_rule_every_offence():
    cat = load_catalog()
    assert sorted(cat.rulesets) == SHIPPED
    assert cat.errors == []
    for rs in cat.rulesets.values():
        assert sorted(rs.offences) == sorted(OFFENCES), rs.id


def test_unverified_and_inferred_values_carry_a_status_and_a_note():
    cat = load_catalog()
    ema16 = cat.rulesets["ema-2016"]
    assert ema16.status_for("results.start_points") == "unverified"
    assert "tournament system's EMA settings" in ema16.note_for("results.start_points")
    assert ema16.offences["tiles_exposed"].status == "unverified"
    assert ema16.offences["tiles_exposed"].note == "The 2016 text was not seen: the 2012 ruling is used."
    assert cat.rulesets["ema-2012"].status_for("results.uma") == "inferred"
    assert "French translation says 20 points" in cat.rulesets["wrc-2015"].note_for("penalties.missed_hanchan_penalty")
    # every shipped offence entry and parameter note says how sure it is
    for rs in cat.rulesets.values():
        assert all(isinstance(n, Note) for n in rs.notes.values()), rs.id
        for oid, off in rs.offences.items():
            assert "status" in off.model_fields_set, (rs.id, oid)


CLUB = """
extends = "ema-2016"
id = "club-ema-2016-red"
name = "Our club (EMA 2016 + red fives)"
version = "2026.1"
[scoring]
red_fives = true
[chombo]
amount = 30000
[offences.swap_calling]
citation = "club rule 4"
rules = [{ ruling = "warning" }]
"""


def test_club_rule_set_extends_a_builtin_and_overrides_parts(tmp_path):
    (tmp_path / "rulesets").mkdir()
    (tmp_path / "rulesets" / "club.toml").write_text(CLUB)
    (tmp_path / "rulesets" / "broken.toml").write_text('id = "x"\nname = "X"\nversion = "1"\n[results]\numa = [1, 2]\n')
    cat = load_catalog(tmp_path / "rulesets")
    club = cat.rulesets["club-ema-2016-red"]
    assert club.scoring.red_fives is True and club.scoring.multiple_ron == "allowed"  # inherited
    assert club.chombo.amount == 30000 and club.chombo.mode == "after_uma"
    assert club.offences["swap_calling"].rules[0].ruling == "warning"
    assert club.offences["noten_riichi"].rules[0].ruling == "chombo"  # inherited
    assert len(cat.rulesets) == 9  # the broken file is skipped, the built-ins still load
    assert cat.errors == [
        f"{tmp_path / 'rulesets' / 'broken.toml'}: key 'results.uma': expected a list of 4 values, got 2 values"
    ]


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            'id = "x"\nname = "X"\nversion = "1"\n[results]\numa = [10, 5, -5, -5]\n',
            "key 'results.uma': uma must add up to 0",
        ),
        (
            'id = "x"\nname = "X"\nversion = "1"\n[chombo]\nmode = "double"\n',
            "key 'chombo.mode': expected 'mangan_table', 'flat_each_table', 'overall_points' or 'after_uma', got 'double'",
        ),
        (
            'id = "x"\nname = "X"\nversion = "1"\n[scoring]\nkiriage = 3\n',
            "key 'scoring.kiriage': expected true or false, got 3",
        ),
        ('id = "x"\nname = "X"\n', "key 'version': missing (required)"),
        (
            'id = "x"\nname = "X"\nversion = "1"\n[offences.pon_pon]\nrules = [{ ruling = "warning" }]\n',
            "key 'offences.pon_pon': unknown offence id (valid: invalid_win_revealed, ",
        ),
        (
            'id = "x"\nname = "X"\nversion = "1"\n[offences.noten_riichi]\nrules = [{ when = { revealed = true }, ruling = "chombo" }]\n',
            "key 'offences.noten_riichi': rules.0.when: 'revealed' is neither one of this offence's questions",
        ),
        (
            'id = "x"\nname = "X"\nversion = "1"\n[offences.noten_riichi]\nrules = [{ when = { riichi = true }, ruling = "chombo" }]\n',
            "the last rule must have no 'when'",
        ),
        (
            'id = "x"\nname = "X"\nversion = "1"\n[offences.noten_riichi]\nrules = [{ ruling = "fine" }]\n',
            "key 'offences.noten_riichi.rules.0.ruling': expected 'not_penalized', 'warning', ",
        ),
        (
            'id = "x"\nname = "X"\nversion = "1"\n[notes]\n"results.umaa" = "typo"\n',
            "notes: 'results.umaa' names no parameter",
        ),
        ('id = "x"\nname = = "X"\n', "not valid TOML: Invalid value (at line 2, column 8)"),
        ('extends = "wrc-2020"\nid = "x"\n', "key 'extends': unknown rule set 'wrc-2020'"),
    ],
)
def test_check_names_the_file_and_the_key(tmp_path, capsys, text, expected):
    f = tmp_path / "club.toml"
    f.write_text(text)
    with pytest.raises(RuleSetError) as err:
        check_file(f)
    assert str(err.value).startswith(f"{f}: ")
    assert expected in str(err.value)
    assert main(["rulesets", "--check", str(f)]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.count("\n") == 1 and expected in out.err


def test_check_accepts_a_good_file(tmp_path, capsys):
    f = tmp_path / "club.toml"
    f.write_text(CLUB)
    assert main(["rulesets", "--check", str(f)]) == 0
    assert "ok: club-ema-2016-red" in capsys.readouterr().out


def test_offences_lists_rulings_and_citations(capsys):
    assert main(["offences", "wrc-2015", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    by_id = {o["id"]: o for o in data["offences"]}
    assert len(by_id) == len(OFFENCES)
    assert by_id["call_with_dead_hand"]["citation"] == "§7.2 Calling with a dead hand"
    assert by_id["call_with_dead_hand"]["rules"][0] == {
        "when": {"dead_hand": True},
        "ruling": "point_penalty",
        "amount": 20000,
        "scope": "overall",
        "void_call": True,
        "explain": "The hand was formally declared dead: 20 points penalty, the game continues.",
        "text": "if dead_hand=True: point penalty (20 points, overall score, call void)",
    }
    assert by_id["invalid_win_revealed"]["questions"] == ["simultaneous_win"]
    assert main(["offences", "ema-2012"]) == 0
    text = capsys.readouterr().out
    assert "tiles_exposed: Tiles exposed  [§3.4.6, §5.2]" in text
    assert "if over_threshold=True: chombo" in text
    assert main(["offences", "nope"]) == 2
