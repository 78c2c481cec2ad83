"""Hand checks (refapp.domain.hands) against every example of docs/hand-checks.md, bad input, and a property
test of ``waits`` against brute force over the 34 tiles."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.shanten import Shanten
from mahjong.tile import TilesConverter

from refapp.domain.hands import (
    HandError,
    WinOptions,
    check_win,
    kan_after_riichi,
    kan_rule,
    parse_meld,
    parse_tiles,
    tile_name,
    tiles_notation,
    waits,
    win_options,
)
from refapp.store.rulesets import load_catalog

RULESETS = load_catalog().rulesets


# -- §3 waits ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "kans", "tenpai", "live", "structural"),
    [
        ("123m456p789s1122z", [], True, ["1z", "2z"], ["1z", "2z"]),
        ("1112345678999m", [], True, [f"{n}m" for n in range(1, 10)], [f"{n}m" for n in range(1, 10)]),
        (
            "19m19p19s1234567z",
            [],
            True,
            ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"],
            ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"],
        ),
        ("1111m234p567p789s", [], False, [], []),
        ("23m456p789s11z", ["1111m"], True, ["4m"], ["1m", "4m"]),
        ("4p", ["1111m", "2222z", "3333s", "9999p"], True, ["4p"], ["4p"]),
    ],
)
def test_waits_table(hand, kans, tenpai, live, structural):
    r = waits(hand, kans=kans)
    assert r.tenpai is tenpai
    assert r.waits == live
    assert r.structural_waits == structural


def test_waits_messages_in_words():
    assert waits("123m456p789s1122z").message == "tenpai: waits 1z 2z"
    assert waits("1111m234p567p789s").message == "noten: no waits (shanten 1)"
    assert waits("1111m234p567p789s").shanten == 1
    dead = waits("23m456p789s11z", kans=["1111m"])
    assert dead.dead_waits == ["1m"]
    assert dead.message == "tenpai: waits 4m (1m not counted: the player holds all four of it, EMA §3.3.13)"


def test_waiting_only_on_own_four_tiles_is_noten():
    # EMA §3.3.13, with two kans: the 23m shape waits on 1m and 4m, and the player holds all four of each
    r = waits("23m789s11z", kans=["1111m", "4444m"])
    assert r.tenpai is False
    assert r.structural_waits == ["1m", "4m"] and r.waits == []
    assert r.shanten == 0  # the shape is "tenpai" for Shanten, not for the EMA rule
    assert r.message.startswith("noten: waits only on 1m 4m")


def test_melded_tiles_count_towards_the_four():
    # tanki on 5p with a pon of 5p: the fourth 5p is in the hand, no copy is left anywhere
    r = waits("5p", melds=["pon:555p", "chi:123m", "123s", "777z"])
    assert r.tenpai is False and r.dead_waits == ["5p"]
    assert r.melds == ["pon:555p", "chi:123m", "chi:123s", "pon:777z"]


def test_karaten_is_still_tenpai():
    # waiting on 1z of which 3 are elsewhere (discards, others' melds) does not matter: only own tiles count
    assert waits("123m456p789s1z222z").waits == ["1z"]


def test_waits_with_melds_and_to_json():
    r = waits("23789m11z", melds=["chi:456p", "pon:999s"])
    assert r.waits == ["1m", "4m"]
    data = json.loads(json.dumps(r.to_json()))
    assert data["tenpai"] is True and data["hand"] == "23789m11z" and data["waits"] == ["1m", "4m"]


def test_chiitoitsu_and_kokushi_cases():
    assert waits("1133m5577p2244s6z").waits == ["6z"]  # chiitoitsu tanki
    # chiitoitsu cannot use four of a kind: 1111m + 5 pairs is not waiting on seven pairs
    assert waits("1111m55p77p22s44s6z").waits == []
    # kokushi with a pair waits on the one missing tile
    assert waits("19m19p19s1234566z").waits == ["7z"]


# -- §4 concealed kan after riichi ----------------------------------------------------------------------------------

KAN_TABLE = [
    # hand, drawn, kan, waits before, after, waits rule (valid, reason), strict rule (valid, reason)
    ("6667778889m123p", "6m", "6m", "6m 7m 8m 9m", "7m 8m 9m", (False, "waits_changed"), (False, "waits_changed")),
    ("33345m456p789s11z", "3m", "3m", "3m 6m 1z", "3m 6m", (False, "waits_changed"), (False, "waits_changed")),
    ("3334567m456p789s", "3m", "3m", "2m 4m 5m 7m 8m", "4m 7m", (False, "waits_changed"), (False, "waits_changed")),
    ("1112223335m123p", "1m", "1m", "4m 5m", "4m 5m", (True, None), (False, "not_only_pung")),
    ("1112444m123p456p", "1m", "1m", "2m 3m", "2m 3m", (True, None), (False, "not_only_pung")),
    (
        "1112344m123p456p",
        "1m",
        "1m",
        "1m 4m",
        "1m 4m",
        (False, "kan_tile_is_wait"),
        (False, "kan_tile_is_wait"),
    ),
    ("111m234p567s8899s", "1m", "1m", "8s 9s", "8s 9s", (True, None), (True, None)),
    ("999m234m567p78s55z", "9m", "9m", "6s 9s", "6s 9s", (True, None), (True, None)),
    ("111z234m567p789s5m", "1z", "1z", "2m 5m", "2m 5m", (True, None), (True, None)),
    ("111m234p567s8899s", "8s", "8s", "8s 9s", None, (False, "no_pung"), (False, "no_pung")),
    ("3334m567p789s111z", "5z", "3m", "2m 4m 5m", None, (False, "kan_not_drawn_tile"), (False, "kan_not_drawn_tile")),
]


@pytest.mark.parametrize("rule", ["waits", "strict"])
@pytest.mark.parametrize(("hand", "drawn", "kan", "before", "after", "by_waits", "by_strict"), KAN_TABLE)
def test_kan_table(rule, hand, drawn, kan, before, after, by_waits, by_strict):
    r = kan_after_riichi(hand, drawn, kan, rule=rule)
    valid, reason = by_waits if rule == "waits" else by_strict
    assert (r.valid, r.reason) == (valid, reason)
    assert r.rule == rule
    assert r.waits_before == before.split()
    assert r.waits_after == (None if after is None else after.split())
    assert r.message.startswith("valid: " if valid else "INVALID: ")


def test_kan_messages_explain_in_words_and_tiles():
    r = kan_after_riichi("3334567m456p789s", "3m", "3m", rule="waits")
    assert r.message == "INVALID: kan changes the waits (before 2m 4m 5m 7m 8m, after 4m 7m)"
    r = kan_after_riichi("1112223335m123p", "1m", "1m", rule="strict")
    assert r.other_reading is not None
    assert r.other_reading.words() == "123m 123m 123m 123p + 5m waiting on 5m"
    assert "123m 123m 123m 123p + 5m waiting on 5m" in r.message
    r = kan_after_riichi("1112444m123p456p", "1m", "1m", rule="strict")
    assert r.other_reading.words() == "11m 444m 123p 456p + 12m waiting on 3m"
    r = kan_after_riichi("3334m567p789s111z", "5z", "3m")
    assert "drew 5z, kan 3m" in r.message
    r = kan_after_riichi("111m234p567s8899s", "8s", "8s")
    assert r.message == "INVALID: the riichi hand holds 2 8s, not a concealed pung of 8s"
    data = json.loads(json.dumps(kan_after_riichi("1112223335m123p", "1m", "1m").to_json()))
    assert data["other_reading"]["wait"] == "5m" and data["valid"] is False


@pytest.mark.parametrize(
    ("hand", "kan"),
    [("1112223335m123p", "1m"), ("1112444m123p456p", "1m"), ("2223555m123p456p", "5m"), ("6667999m123p456p", "9m")],
)
def test_shapes_where_the_two_rules_differ(hand, kan):
    # docs/hand-checks.md: "The two rules differ in shapes such as 1112223335, 1112444, 2223555 and 6667999"
    assert kan_after_riichi(hand, kan, kan, rule="waits").valid
    strict = kan_after_riichi(hand, kan, kan, rule="strict")
    assert (strict.valid, strict.reason) == (False, "not_only_pung")


@pytest.mark.parametrize("rule", ["waits", "strict"])
def test_kan_with_an_earlier_kan(rule):
    # 10 concealed tiles and a concealed kan of North declared earlier
    ok = kan_after_riichi("111m567s8899s", "1m", "1m", earlier_kans=["4444z"], rule=rule)
    assert ok.valid and ok.waits_before == ["8s", "9s"] and ok.earlier_kans == ["ankan:4444z"]
    differ = kan_after_riichi("1112223335m", "1m", "1m", earlier_kans=["4z"], rule=rule)
    assert differ.valid is (rule == "waits")
    # the earlier kan counts towards the four: 23m with kan 1111m waits live on 4m only; kan of 9p keeps it
    r = kan_after_riichi("23m999p789s11z", "9p", "9p", earlier_kans=["1111m"], rule=rule)
    assert r.valid and r.waits_before == ["1m", "4m"] and r.live_waits_before == ["4m"]


def test_kan_after_a_noten_riichi_is_reported_as_such():
    r = kan_after_riichi("111m2468p2468s13z", "1m", "1m", rule="waits")
    assert (r.valid, r.reason) == (False, "riichi_noten")


@pytest.mark.parametrize(
    "ruleset_id", ["ema-2008-mt", "ema-2012", "ema-2016", "japanese-modern", "sg-league", "wrc-2015"]
)
def test_kan_rule_of_each_shipped_ruleset(ruleset_id):
    # docs/hand-checks.md and the rule books: EMA and WRC ("can only be interpreted as a pung") and SG ("changes the
    # waits and/or interpretation") are strict; Japanese Modern only forbids a kan that "changes the player's waits"
    expected = "waits" if ruleset_id == "japanese-modern" else "strict"
    assert kan_rule(RULESETS[ruleset_id]) == expected


def test_kan_rule_of_an_unknown_ruleset_is_strict():
    class Stub:
        id = "my-club"
        scoring = object()

    assert kan_rule(Stub()) == "strict"


# -- §5 declared wins ---------------------------------------------------------------------------------------------

PINFU = "123m456m234p67s99p8s"  # closed, all sequences, 99p pair, 67s waiting on 5s/8s: pinfu on a ron


def test_riichi_pinfu_with_two_ura_is_4_han_30_fu():
    r = check_win(PINFU, "8s", riichi=True, ura_dora="8p", seat_wind="S", round_wind="E")
    assert r.valid and r.reason is None
    assert (r.han, r.fu) == (4, 30)
    assert r.yaku == [{"name": "Riichi", "han": 1}, {"name": "Pinfu", "han": 1}, {"name": "Ura Dora", "han": 2}]
    assert (r.yaku_han, r.dora_han) == (2, 2)
    assert r.cost["main"] == 7700 and r.payment == "ron 7,700"
    assert r.message == "valid: 4 han 30 fu, ron 7,700 (Riichi 1, Pinfu 1, Ura Dora 2)"


def test_wind_pung_needs_the_winds():
    tiles = TilesConverter.one_line_string_to_136_array("123m456p789s11122z")
    win = TilesConverter.find_34_tile_in_136_array(28, tiles)
    # the pitfall, in the library itself: no winds passed, the East pung is no yaku
    assert HandCalculator.estimate_hand_value(tiles, win, config=HandConfig()).error == "no_yaku"
    # refapp always passes them: East round makes it a yaku
    r = check_win("123m456p789s11122z", "2z", seat_wind="S", round_wind="E")
    assert r.valid and r.yaku == [{"name": "Yakuhai (round wind east)", "han": 1}]
    # and as the dealer's seat wind in the South round too
    assert check_win("123m456p789s11122z", "2z", seat_wind="E", round_wind="S").valid
    # South seat in the South round: East is no value wind, so no yaku
    assert check_win("123m456p789s11122z", "2z", seat_wind="S", round_wind="S").reason == "no_yaku"


@pytest.mark.parametrize(("tiles", "melds"), [("123m456p789s11z", []), ("123m456p789s1122z", []), ("123m45p11z", [])])
def test_11_or_13_tile_shapes_are_not_winning(tiles, melds):
    r = check_win(tiles, "1z", melds, seat_wind="S", round_wind="E")
    assert (r.valid, r.reason) == (False, "hand_not_winning")
    assert "has 14 tiles, got" in r.message


def test_a_non_winning_shape_of_the_right_size():
    r = check_win("123m456p789s1235z", "5z", seat_wind="S", round_wind="E")
    assert (r.valid, r.reason) == (False, "hand_not_winning")
    assert r.han is None and r.cost is None


def test_open_pon_of_south_as_east_east_has_no_yaku_but_haitei_makes_it_valid():
    r = check_win("123m456p789s99p", "9p", melds=["pon:222z"], seat_wind="E", round_wind="E")
    assert (r.valid, r.reason) == (False, "no_yaku")
    r = check_win(
        "123m456p789s99p", "9p", melds=["pon:222z"], seat_wind="E", round_wind="E", tsumo=True, last_tile=True
    )
    assert r.valid and r.yaku == [{"name": "Haitei Raoyue", "han": 1}]
    assert r.is_open is True and r.payment == "tsumo 500 all"


def test_houtei_on_a_ron():
    r = check_win("123m456p789s99p", "9p", melds=["pon:222z"], seat_wind="E", round_wind="E", last_tile=True)
    assert r.valid and r.yaku == [{"name": "Houtei Raoyui", "han": 1}]


def test_open_hand_with_riichi_flag():
    r = check_win("123m456p789s99p", "9p", melds=["pon:222z"], seat_wind="E", round_wind="S", riichi=True)
    assert (r.valid, r.reason) == (False, "open_hand_riichi_not_allowed")
    assert r.message == "INVALID: riichi declared with an open hand"


def test_kokushi_chiitoitsu_tsumo_and_closed_kan_chinitsu_are_scored():
    r = check_win("19m19p19s12345677z", "7z", seat_wind="W", round_wind="E")
    assert r.valid and r.han == 13 and r.cost["main"] == 32000
    assert r.message.startswith("valid: yakuman, ron 32,000")
    r = check_win("1133m5577p2244s66z", "6z", tsumo=True, seat_wind="N", round_wind="E")
    assert r.valid and (r.han, r.fu) == (3, 25) and {"name": "Chiitoitsu", "han": 2} in r.yaku
    assert r.payment == "tsumo 800/1,600"
    r = check_win("234m567m888m99m", "9m", kans=["1111m"], tsumo=True, seat_wind="E", round_wind="E")
    assert r.valid and r.is_open is False and {"name": "Chinitsu", "han": 6} in r.yaku
    assert (r.han, r.fu) == (7, 60) and r.payment == "tsumo 6,000 all"
    assert r.kans == ["ankan:1111m"]


def test_two_yaku_at_five_counters():
    # pinfu + dora 2: 3 han, but only 1 yaku: invalid at 5 counters when the rule is on
    r = check_win(PINFU, "8s", dora="8p", seat_wind="S", round_wind="E", counters=5, two_yaku_at_five_counters=True)
    assert (r.valid, r.reason) == (False, "fewer_than_two_yaku")
    assert (r.han, r.yaku_han, r.dora_han, r.yaku_count) == (3, 1, 2, 1)
    assert "this hand has 1 (Pinfu 1, Dora 2)" in r.message
    # four counters, or the rule off: valid, counters paid
    r = check_win(PINFU, "8s", dora="8p", seat_wind="S", round_wind="E", counters=4, two_yaku_at_five_counters=True)
    assert r.valid and r.cost["main_bonus"] == 1200
    assert check_win(PINFU, "8s", dora="8p", seat_wind="S", round_wind="E", counters=5).valid
    # riichi + pinfu: two yaku han
    r = check_win(PINFU, "8s", riichi=True, seat_wind="S", round_wind="E", counters=5, two_yaku_at_five_counters=True)
    assert r.valid and r.yaku_han == 2


def test_two_yaku_minimum_counts_yaku_not_han():
    """MahjongTime (EMA 2008) §3.4.11: "In case five or more counters are on the table, a two yaku minimum is invoked for declaring
    a win." Yaku are counted: toitoi alone is one yaku worth two han, not enough; toitoi with a dragon pung is two.

    MahjongTime rules, 5 counters: South wins on a discard with pungs 111m, 999p, 444s melded, 333m and a 55p pair:
    toitoi only (2 han, 1 yaku): invalid. With 777z (red dragons) instead of 444s: toitoi + red dragon: valid."""
    mt = win_options(RULESETS["ema-2008-mt"])
    melds = ["pon:111m", "pon:999p", "pon:444s"]
    r = check_win("333m55p", "3m", melds, seat_wind="S", round_wind="E", counters=5, options=mt)
    assert [y["name"] for y in r.yaku] == ["Toitoi"] and r.yaku_han == 2
    assert (r.valid, r.reason, r.yaku_count) == (False, "fewer_than_two_yaku", 1)
    assert r.message.startswith("INVALID: 5 counters: a win needs two yaku")
    r = check_win("333m55p", "3m", ["pon:111m", "pon:999p", "pon:777z"], seat_wind="S", round_wind="E", counters=5,
                  options=mt)  # fmt: skip
    assert r.valid and r.yaku_count == 2
    # four counters: toitoi alone is enough
    assert check_win("333m55p", "3m", melds, seat_wind="S", round_wind="E", counters=4, options=mt).valid


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_options_from_each_ruleset(ruleset_id):
    rs = RULESETS[ruleset_id]
    o = win_options(rs)
    s = rs.scoring
    assert (o.open_tanyao, o.red_fives, o.kiriage, o.kazoe_limit, o.max_yakuman, o.two_yaku_at_five_counters) == (
        s.open_tanyao,
        s.red_fives,
        s.kiriage,
        s.kazoe_limit,
        s.max_yakuman,
        s.five_counter_two_yaku,
    )
    # the five-counter rule follows the rule set
    r = check_win(PINFU, "8s", dora="8p", seat_wind="S", round_wind="E", counters=5, options=o)
    assert r.valid is (not s.five_counter_two_yaku)


def test_ema_2008_and_2012_have_the_five_counter_rule_2016_has_not():
    assert win_options(RULESETS["ema-2012"]).two_yaku_at_five_counters
    assert not win_options(RULESETS["ema-2016"]).two_yaku_at_five_counters


def test_kiriage_and_open_tanyao_options():
    # 4 han 30 fu: 7,700 without kiriage, mangan with it (WRC)
    plain = check_win(PINFU, "8s", riichi=True, ura_dora="8p", seat_wind="S", round_wind="E")
    wrc = check_win(
        PINFU, "8s", riichi=True, ura_dora="8p", seat_wind="S", round_wind="E", options=WinOptions(kiriage=True)
    )
    assert plain.cost["main"] == 7700 and wrc.cost["main"] == 8000
    tanyao = ("234m456p345s66p", "6p", ["chi:678s"])
    assert check_win(*tanyao, seat_wind="S", round_wind="E").valid
    assert check_win(*tanyao, seat_wind="S", round_wind="E", options=WinOptions(open_tanyao=False)).reason == "no_yaku"


def test_red_fives_count_as_dora_only_when_used():
    opts = WinOptions(red_fives=True)
    r = check_win("123m406m234p67s99p8s", "8s", riichi=True, seat_wind="S", round_wind="E", options=opts)
    assert r.valid and {"name": "Aka Dora", "han": 1} in r.yaku
    assert r.hand == "123406m23499p678s"
    assert (r.yaku_han, r.dora_han) == (2, 1)
    with pytest.raises(HandError, match="red five '0m' at position 6"):
        check_win("123m406m234p67s99p8s", "8s", seat_wind="S", round_wind="E")


def test_yakuman_are_capped_by_the_ruleset():
    hand = "111222333z44455z"  # daisuushi + tsuuiisou + suuankou tanki on a tsumo
    one = check_win(hand, "5z", tsumo=True, seat_wind="S", round_wind="E")
    assert one.valid and one.han == 13 and one.cost["main"] == 16000 and one.notes
    two = check_win(hand, "5z", tsumo=True, seat_wind="S", round_wind="E", options=WinOptions(max_yakuman=2))
    assert two.han == 26 and two.cost["main"] == 32000


def test_win_result_to_json():
    r = check_win(PINFU, "8s", riichi=True, ura_dora="8p", seat_wind="S", round_wind="E")
    data = json.loads(json.dumps(r.to_json()))
    assert data["valid"] is True and data["han"] == 4 and data["win_tile"] == "8s"
    assert data["hand"] == "123456m23499p678s"
    assert data["cost"]["main"] == 7700
    assert data["fu_details"] == [{"fu": 30, "reason": "base"}]  # closed ron pinfu: 20 + 10


# -- bad input ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: waits(""), "hand: empty: give tiles such as 123m456p789s11z"),
        (lambda: waits("   "), "hand: empty"),
        (lambda: waits("123m456p78x9s1122z"), "hand: unknown tile 'x' at position 11 in '123m456p78x9s1122z'"),
        (lambda: waits("123m456p789s1128z"), "hand: unknown tile '8z' at position 16"),
        (lambda: waits("123m456p789s1122"), "hand: '1122' at position 13 in '123m456p789s1122' has no suit letter"),
        (lambda: waits("m123"), "hand: 'm' at position 1 in 'm123' has no digits before it"),
        (lambda: waits("123m406p789s1122z"), "hand: red five '0p' at position 6"),
        (lambda: waits("123m456p789s112z"), "13 tiles expected for a waiting hand with no melds, got 12"),
        (
            lambda: waits("123m456p789s1122z", melds=["pon:555s"]),
            "10 tiles expected for a waiting hand with 1 meld, got 13",
        ),
        (
            lambda: waits("1m", melds=["pon:555s"], kans=["1111z", "2z"]),
            "4 tiles expected for a waiting hand with 1 meld and 2 concealed kans, got 1",
        ),
        (lambda: waits("55555m456p789s11z"), "too many copies of 5m: 5 (5 in the hand); a set has only four"),
        (
            lambda: waits("55m456p789s11z", melds=["pon:555m"]),
            "too many copies of 5m: 5 (2 in the hand, 3 in melds); a set has only four",
        ),
        (lambda: waits("123m", melds=["pon:355s"]), "meld 'pon:355s': a pon is three identical tiles"),
        (lambda: waits("123m", melds=["chi:222z"]), "meld 'chi:222z': a chi is three tiles in a row"),
        (lambda: waits("123m", melds=["789s1m"]), "meld '789s1m': not a set"),
        (
            lambda: waits("123m", melds=["ankan:1111m"]),
            "unknown kind 'ankan': use chi, pon or kan (a concealed kan goes",
        ),
        (lambda: waits("1m", kans=["1234m"]), "kan '1234m': a kan is four identical tiles"),
        (lambda: waits("1m", kans=["1m", "2m", "3m", "4m", "5m"]), "at most four melds and kans in a hand, got 5"),
        (lambda: kan_after_riichi("111m234p567s8899s", "12m", "1m"), "drawn tile: one tile expected, got 2"),
        (lambda: kan_after_riichi("111m234p567s889s", "1m", "1m"), "13 tiles expected for a riichi hand with no kans"),
        (lambda: kan_after_riichi("1111m234p567s899s", "1m", "1m"), "too many copies of 1m: 5 (4 in the riichi hand"),
        (lambda: kan_after_riichi("111m234p567s8899s", "1m", "1m", rule="loose"), "kan rule: 'loose' is not one of"),
        (lambda: check_win(PINFU, "5z", seat_wind="S", round_wind="E"), "win tile 5z is not in the hand"),
        (lambda: check_win(PINFU, "8s", seat_wind="X", round_wind="E"), "seat wind: expected E, S, W or N, got 'X'"),
        (
            lambda: check_win(PINFU, "8s", seat_wind="S", round_wind="E", ura_dora="1m"),
            "ura-dora count only with riichi",
        ),
        (
            lambda: check_win(PINFU, "8s", seat_wind="S", round_wind="E", rinshan=True),
            "rinshan (win on the replacement",
        ),
        (lambda: check_win(PINFU, "8s", seat_wind="S", round_wind="E", ippatsu=True), "ippatsu needs riichi"),
        (lambda: check_win(PINFU, "8s", seat_wind="S", round_wind="E", dora="9999p"), "too many copies of 9p: 6"),
        (
            lambda: check_win("5555m", "5m", ["123p", "456p", "789p"], options=WinOptions(red_fives=True)),
            "too many plain 5m: 4 (4 in the hand); with red fives one 5m is red: write it as 0m",
        ),
        (lambda: waits("00m123p456p789s11z", red_fives=True), "more than one red five 0m: 2"),
    ],
)
def test_bad_input_is_named(call, message):
    with pytest.raises(HandError) as exc:
        call()
    assert message in str(exc.value)


def test_notation_round_trip():
    assert tiles_notation(parse_tiles("111z234m567p789s5m")) == "2345m567p789s111z"
    assert tiles_notation(parse_tiles("11h")) == "11z"
    assert tiles_notation(parse_tiles("5055m", red_fives=True)) == "0555m"
    assert tiles_notation(parse_tiles("123m 456p")) == "123m456p"
    assert parse_meld("5555p").notation == "kan:5555p"
    assert parse_meld("kan:5p").notation == "kan:5555p"
    assert parse_meld("kan:5p", red_fives=True).notation == "kan:0555p"
    assert [tile_name(i) for i in (0, 8, 9, 26, 27, 33)] == ["1m", "9m", "1p", "9s", "1z", "7z"]


# -- property: waits against brute force --------------------------------------------------------------------------


@st.composite
def waiting_hands(draw: st.DrawFn) -> tuple[list[int], list[str], list[str], list[int]]:
    """A valid hand (never more than four of a tile): concealed counts, melds, concealed kans, all own tiles."""
    left = [4] * 34
    melds: list[str] = []
    kans: list[str] = []
    n_sets = draw(st.sampled_from([0, 0, 0, 1, 2, 3, 4]))
    for _ in range(n_sets):
        kind = draw(st.sampled_from(["chi", "pon", "kan", "ankan"]))
        if kind == "chi":
            starts = [t for t in range(27) if t % 9 <= 6 and min(left[t : t + 3]) >= 1]
            t = draw(st.sampled_from(starts))
            for i in range(3):
                left[t + i] -= 1
            melds.append("chi:" + tiles_notation([t, t + 1, t + 2]))
        else:
            n = 3 if kind == "pon" else 4
            t = draw(st.sampled_from([t for t in range(34) if left[t] >= n]))
            left[t] -= n
            if kind == "ankan":
                kans.append(tiles_notation([t] * 4))
            else:
                melds.append(f"{kind}:" + tiles_notation([t] * n))
    size = 13 - 3 * n_sets
    concealed = [0] * 34
    if draw(st.booleans()):
        # a complete shape (sets and a pair) with one tile taken out: waiting hands, often with several waits
        tiles: list[int] = []
        for _ in range(size // 3):
            if draw(st.booleans()):
                starts = [t for t in range(27) if t % 9 <= 6 and min(left[t : t + 3]) >= 1]
                t = draw(st.sampled_from(starts))
                block = [t, t + 1, t + 2]
            else:
                t = draw(st.sampled_from([t for t in range(34) if left[t] >= 3]))
                block = [t] * 3
            for b in block:
                left[b] -= 1
            tiles += block
        t = draw(st.sampled_from([t for t in range(34) if left[t] >= 2]))
        left[t] -= 2
        tiles += [t, t]
        left[tiles.pop(draw(st.integers(0, len(tiles) - 1)))] += 1
    else:
        tiles = []
        for _ in range(size):
            t = draw(st.sampled_from([t for t in range(34) if left[t] >= 1]))
            left[t] -= 1
            tiles.append(t)
    for t in tiles:
        concealed[t] += 1
    own = [4 - n for n in left]
    return concealed, melds, kans, own


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(waiting_hands())
def test_waits_match_brute_force(hand):
    concealed, melds, kans, own = hand
    text = tiles_notation([t for t in range(34) for _ in range(concealed[t])])
    r = waits(text, melds, kans)
    structural, live = [], []
    for t in range(34):
        if concealed[t] >= 4:
            continue
        h = list(concealed)
        h[t] += 1
        if Shanten.calculate_shanten(h) == -1:
            structural.append(tile_name(t))
            if own[t] < 4:
                live.append(tile_name(t))
    assert r.structural_waits == structural
    assert r.waits == live
    assert r.tenpai is bool(live)
    # the shape is tenpai (shanten 0) exactly when it has a structural wait
    assert (r.shanten == 0) is bool(structural)
