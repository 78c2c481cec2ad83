"""`refapp hand waits|kan|win` as a referee runs them: readable text, --json, and one line + exit 2 on bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from refapp.cli import EXIT_BAD_INPUT, main


def run(argv, capsys) -> tuple[int, str, str]:
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


# -- waits ----------------------------------------------------------------------------------------------------------


def test_waits_text(capsys):
    assert run(["hand", "waits", "123m456p789s1122z"], capsys) == (0, "tenpai: waits 1z 2z\n", "")
    assert run(["hand", "waits", "1111m234p567p789s"], capsys) == (0, "noten: no waits (shanten 1)\n", "")


def test_waits_with_kan_and_melds(capsys):
    code, out, _ = run(["hand", "waits", "23m456p789s11z", "--kan", "1111m"], capsys)
    assert code == 0
    assert out == "tenpai: waits 4m (1m not counted: the player holds all four of it, EMA §3.3.13)\n"
    code, out, _ = run(
        ["hand", "waits", "4p", "--kan", "1111m", "--kan", "2z", "--meld", "pon:333s", "--meld", "789p"], capsys
    )
    assert out == "tenpai: waits 4p\n"


def test_waits_json(capsys):
    code, out, _ = run(["hand", "waits", "23m456p789s11z", "--kan", "1111m", "--json"], capsys)
    data = json.loads(out)
    assert code == 0
    assert data["tenpai"] is True
    assert data["waits"] == ["4m"] and data["structural_waits"] == ["1m", "4m"] and data["dead_waits"] == ["1m"]
    assert data["kans"] == ["ankan:1111m"]


def test_waits_red_fives_flag(capsys):
    assert run(["hand", "waits", "406m456p789s1122z", "--red-fives"], capsys)[1] == "tenpai: waits 1z 2z\n"
    code, out, err = run(["hand", "waits", "406m456p789s1122z"], capsys)
    assert code == EXIT_BAD_INPUT and out == ""
    assert err == (
        "refapp: hand: red five '0m' at position 2 in '406m456p789s1122z', but red fives are not used here (write 5m)\n"
    )


# -- kan after riichi -----------------------------------------------------------------------------------------------


def test_kan_text_both_rules(capsys):
    base = ["hand", "kan", "--riichi-hand", "1112223335m123p", "--drawn", "1m", "--kan", "1m"]
    code, out, _ = run([*base, "--rule", "waits"], capsys)
    assert code == 0
    assert out.splitlines() == ["valid: kan keeps the waits (4m 5m)", "rule: waits; waits of the riichi hand: 4m 5m"]
    code, out, _ = run([*base, "--rule", "strict"], capsys)
    assert out.splitlines()[0] == (
        "INVALID: kan changes the interpretation: the three 1m can be read otherwise than as a pung "
        "(123m 123m 123m 123p + 5m waiting on 5m)"
    )


def test_kan_changes_the_waits_text(capsys):
    argv = ["hand", "kan", "--riichi-hand", "3334567m456p789s", "--drawn", "3m", "--kan", "3m"]
    code, out, _ = run(argv, capsys)
    assert out.splitlines()[0] == "INVALID: kan changes the waits (before 2m 4m 5m 7m 8m, after 4m 7m)"


@pytest.mark.parametrize(
    ("ruleset", "rule", "valid"), [("japanese-modern", "waits", True), ("ema-2016", "strict", False)]
)
def test_kan_rule_from_ruleset(capsys, tmp_path, ruleset, rule, valid):
    argv = [
        "--data-dir",
        str(tmp_path),
        "hand",
        "kan",
        "--riichi-hand",
        "1112444m123p456p",
        "--drawn",
        "1m",
        "--kan",
        "1m",
    ]
    code, out, _ = run([*argv, "--ruleset", ruleset, "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["rule"] == rule and data["valid"] is valid
    assert data["waits_before"] == ["2m", "3m"] and data["waits_after"] == ["2m", "3m"]
    # --rule wins over the rule set
    code, out, _ = run([*argv, "--ruleset", ruleset, "--rule", "waits"], capsys)
    assert out.startswith("valid: ")


def test_kan_with_earlier_kan_json(capsys):
    argv = ["hand", "kan", "--riichi-hand", "111m567s8899s", "--drawn", "1m", "--kan", "1m", "--earlier-kan", "4444z"]
    code, out, _ = run([*argv, "--json"], capsys)
    data = json.loads(out)
    assert data["valid"] is True and data["earlier_kans"] == ["ankan:4444z"] and data["reason"] is None


# -- win ------------------------------------------------------------------------------------------------------------

PINFU = ["hand", "win", "123m456m234p67s99p8s", "--win-tile", "8s", "--seat-wind", "S", "--round-wind", "E"]


def test_win_text(capsys):
    code, out, _ = run([*PINFU, "--riichi", "--ura-dora", "8p"], capsys)
    assert (code, out) == (0, "valid: 4 han 30 fu, ron 7,700 (Riichi 1, Pinfu 1, Ura Dora 2)\n")
    code, out, _ = run(
        [
            "hand",
            "win",
            "123m456p789s99p",
            "--win-tile",
            "9p",
            "--meld",
            "pon:222z",
            "--seat-wind",
            "E",
            "--round-wind",
            "E",
        ],
        capsys,
    )
    assert out == "INVALID: the hand has no yaku (dora, red fives and ura-dora do not count)\n"


def test_win_json(capsys):
    code, out, _ = run([*PINFU, "--tsumo", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["valid"] is True and data["ruleset"] is None
    assert data["yaku"] == [{"name": "Menzen Tsumo", "han": 1}, {"name": "Pinfu", "han": 1}]
    assert (data["han"], data["fu"], data["payment"]) == (2, 20, "tsumo 400/700")


@pytest.mark.parametrize(("ruleset", "valid"), [("ema-2012", False), ("ema-2016", True)])
def test_win_five_counters_follow_the_ruleset(capsys, tmp_path, ruleset, valid):
    argv = ["--data-dir", str(tmp_path), *PINFU, "--dora", "8p", "--counters", "5", "--ruleset", ruleset, "--json"]
    data = json.loads(run(argv, capsys)[1])
    assert data["valid"] is valid and data["ruleset"] == ruleset
    assert data["reason"] == (None if valid else "fewer_than_two_yaku")


def test_wrc_kiriage(capsys, tmp_path):
    argv = ["--data-dir", str(tmp_path), *PINFU, "--riichi", "--ura-dora", "8p", "--ruleset", "wrc-2015"]
    assert run(argv, capsys)[1] == "valid: 4 han 30 fu, ron 8,000 (Riichi 1, Pinfu 1, Ura Dora 2)\n"


def test_win_capped_yakuman_prints_a_note(capsys):
    argv = ["hand", "win", "111222333z44455z", "--win-tile", "5z", "--tsumo", "--seat-wind", "S", "--round-wind", "E"]
    out = run(argv, capsys)[1].splitlines()
    assert out[0].startswith("valid: yakuman, tsumo 8,000/16,000")
    assert out[1] == "note: 39 han capped at 1 yakuman by the rule set"


# -- bad input: one line on stderr, exit 2 --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["hand", "waits", "123m456p78x9s1122z"], "hand: unknown tile 'x' at position 11 in '123m456p78x9s1122z'"),
        (["hand", "waits", "123m456p789s1128z"], "hand: unknown tile '8z' at position 16 in '123m456p789s1128z'"),
        (["hand", "waits", "123m456p789s112z"], "13 tiles expected for a waiting hand with no melds, got 12"),
        (["hand", "waits", "55555m456p789s11z"], "too many copies of 5m: 5 (5 in the hand); a set has only four"),
        (["hand", "waits", ""], "hand: empty: give tiles such as 123m456p789s11z"),
        (["hand", "waits", "123m", "--meld", "pon:345m"], "meld 'pon:345m': a pon is three identical tiles"),
        (
            [
                "hand",
                "kan",
                "--riichi-hand",
                "111m234p567s8899s",
                "--drawn",
                "1m",
                "--kan",
                "1m",
                "--earlier-kan",
                "9p",
            ],
            "10 tiles expected for a riichi hand with 1 concealed kan, got 13",
        ),
        (
            ["hand", "kan", "--riichi-hand", "111m234p567s8899s", "--drawn", "1m", "--kan", "1m", "--ruleset", "nope"],
            "--ruleset: unknown rule set 'nope'",
        ),
        ([*PINFU[:4], "5z", *PINFU[5:]], "win tile 5z is not in the hand"),
        ([*PINFU[:6], "X", *PINFU[7:]], "seat wind: expected E, S, W or N, got 'X'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, tmp_path, argv, message):
    code, out, err = run(["--data-dir", str(tmp_path), *argv], capsys)
    assert code == EXIT_BAD_INPUT
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("refapp: ")
    assert message in err


def test_entry_point_runs_headless():
    proc = subprocess.run(
        [sys.executable, "-m", "refapp", "hand", "waits", "19m19p19s1234567z"], capture_output=True, text=True
    )
    assert proc.returncode == 0
    assert proc.stdout == "tenpai: waits 1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z\n"
    bad = subprocess.run([sys.executable, "-m", "refapp", "hand", "waits", "1x"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stdout == "" and len(bad.stderr.splitlines()) == 1
