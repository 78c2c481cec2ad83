"""A declared win: shape, yaku, riichi, the two-yaku minimum at five counters where the rule set has it, and the
value (han, fu, payment), by the ``mahjong`` package's hand calculator."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Literal, NamedTuple, TypedDict

from mahjong.hand_calculating.fu import FuDetail
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator, ScoresResult
from mahjong.hand_calculating.yaku_list import AkaDora, Dora, UraDora
from mahjong.meld import Meld

from ..jsontypes import JsonObject
from ..numbers import shown
from .tiles import (
    FIVES,
    HandError,
    Tile,
    check_copies,
    parse_sets,
    parse_tile,
    parse_tiles,
    plural,
    set_tiles,
    shape,
    tiles_notation,
)

if TYPE_CHECKING:
    from ..rules import RuleSet

WINDS = {"E": 27, "S": 28, "W": 29, "N": 30}
_WIND_WORDS = {"east": "E", "south": "S", "west": "W", "north": "N", "1z": "E", "2z": "S", "3z": "W", "4z": "N"}
_KAZOE = {
    "yakuman": HandConstants.KAZOE_LIMITED,
    "sanbaiman": HandConstants.KAZOE_SANBAIMAN,
    "none": HandConstants.KAZOE_NO_LIMIT,
}
_DORA_TYPES = (Dora, AkaDora, UraDora)


class _YakuRow(NamedTuple):
    name: str
    han: int
    dora: bool  # dora, red fives or ura-dora: not a yaku


@dataclass(frozen=True)
class WinOptions:
    """Scoring options of a tournament; the defaults are those of ``refapp.domain.rules.Scoring``."""

    open_tanyao: bool = True
    red_fives: bool = False
    kiriage: bool = False
    kazoe_limit: Literal["yakuman", "sanbaiman", "none"] = "sanbaiman"
    max_yakuman: int = 1
    two_yaku_at_five_counters: bool = False

    def optional_rules(self) -> OptionalRules:
        return OptionalRules(
            has_open_tanyao=self.open_tanyao,
            has_aka_dora=self.red_fives,
            has_double_yakuman=self.max_yakuman >= 2,
            kazoe_limit=_KAZOE[self.kazoe_limit],
            kiriage=self.kiriage,
            renhou_as_yakuman=False,
            limit_to_sextuple_yakuman=True,
        )


def win_options(ruleset: RuleSet) -> WinOptions:
    """The :class:`WinOptions` of a :class:`refapp.domain.rules.RuleSet`."""
    s = ruleset.scoring
    return WinOptions(
        open_tanyao=s.open_tanyao,
        red_fives=s.red_fives,
        kiriage=s.kiriage,
        kazoe_limit=s.kazoe_limit,
        max_yakuman=s.max_yakuman,
        two_yaku_at_five_counters=s.five_counter_two_yaku,
    )


class YakuLine(TypedDict):
    """One yaku of a win as the check lists it: its name and han ({"name": "Riichi", "han": 1})."""

    name: str
    han: int


@dataclass
class WinResult:
    """Verdict on a declared win. When the shape is a winning one, ``han``, ``fu``, ``yaku`` and ``cost`` are set,
    even if the win is invalid for another reason (fewer than two yaku han at five counters)."""

    valid: bool
    reason: str | None  # None when valid; else a WIN_REASONS key
    message: str
    hand: str
    win_tile: str
    melds: list[str]
    kans: list[str]
    tsumo: bool
    riichi: bool
    seat_wind: str
    round_wind: str
    counters: int
    han: int | None = None
    fu: int | None = None
    yaku: list[YakuLine] = field(default_factory=list)
    yaku_han: int | None = None  # han from yaku, without dora, red fives and ura-dora
    yaku_count: int | None = None  # how many yaku, without dora, red fives and ura-dora (a yakuman counts for two)
    dora_han: int | None = None
    is_open: bool | None = None
    cost: ScoresResult | None = None  # the mahjong package's (counters included, no riichi sticks)
    payment: str = ""
    fu_details: list[FuDetail] = field(default_factory=list)  # the mahjong package's
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> JsonObject:
        return asdict(self)


WIN_REASONS = {
    "hand_not_winning": "the tiles are not a winning hand (four sets and a pair, seven pairs or thirteen orphans)",
    "no_yaku": "the hand has no yaku (dora, red fives and ura-dora do not count)",
    "open_hand_riichi_not_allowed": "riichi declared with an open hand",
    "open_hand_daburi_not_allowed": "double riichi declared with an open hand",
    "fewer_than_two_yaku": "at five or more counters a win needs two yaku (dora do not count; a yaku worth two han is "
    "one yaku)",
}


def _wind(text: str, what: str) -> tuple[str, int]:
    raw = str(text or "").strip()
    key = _WIND_WORDS.get(raw.lower(), raw.upper())
    if key not in WINDS:
        raise HandError(f"{what}: expected E, S, W or N, got {raw!r}")
    return key, WINDS[key]


def _join_tiles(value: str | Sequence[str]) -> str:
    return value if isinstance(value, str) else "".join(value)


def _payment_words(cost: ScoresResult, tsumo: bool, dealer: bool) -> str:
    main = cost["main"] + cost["main_bonus"]
    other = cost["additional"] + cost["additional_bonus"]
    if not tsumo:
        return f"ron {shown(main).text()}"
    if dealer:
        return f"tsumo {shown(main).text()} all"
    return f"tsumo {shown(other).text()}/{shown(main).text()}"


def check_win(
    tiles: str,
    win_tile: str,
    melds: Sequence[str] = (),
    kans: Sequence[str] = (),
    *,
    tsumo: bool = False,
    riichi: bool = False,
    seat_wind: str = "E",
    round_wind: str = "E",
    counters: int = 0,
    two_yaku_at_five_counters: bool | None = None,
    options: WinOptions | None = None,
    dora: str | Sequence[str] = "",
    ura_dora: str | Sequence[str] = "",
    ippatsu: bool = False,
    double_riichi: bool = False,
    last_tile: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
) -> WinResult:
    """Check a declared win.

    ``tiles``: the concealed tiles **including** the winning tile (14 − 3 × (melds + kans)); ``win_tile`` is one of
    them. ``seat_wind``/``round_wind`` are always used (without them a wind pung is no yaku: a false chombo).
    ``dora``/``ura_dora`` are indicators (``"3m"``, ``"3m7z"``). ``last_tile`` is haitei on a tsumo, houtei on a ron.
    ``two_yaku_at_five_counters`` overrides ``options.two_yaku_at_five_counters`` when given.

    A wrong number of tiles is a declared win that is not a winning hand (``hand_not_winning``), not an input error.
    The library does not know furiten, a fifth tile, dead hands or whether the tile could be claimed.
    """
    opts = options or WinOptions()
    two_yaku = opts.two_yaku_at_five_counters if two_yaku_at_five_counters is None else two_yaku_at_five_counters
    red = opts.red_fives
    hand = parse_tiles(tiles, red_fives=red)
    win = parse_tile(win_tile, red_fives=red, what="win tile")
    ms, ks = parse_sets(melds, kans, red)
    seat_key, seat = _wind(seat_wind, "seat wind")
    round_key, round_ = _wind(round_wind, "round wind")
    if not isinstance(counters, int) or counters < 0:
        raise HandError(f"counters: expected 0 or more, got {counters!r}")
    dora_tiles = parse_tiles(_join_tiles(dora), red_fives=red, what="dora indicators") if _join_tiles(dora) else []
    ura_tiles = (
        parse_tiles(_join_tiles(ura_dora), red_fives=red, what="ura-dora indicators") if _join_tiles(ura_dora) else []
    )
    if ura_tiles and not (riichi or double_riichi):
        raise HandError("ura-dora count only with riichi: add riichi or drop the ura-dora indicators")
    if ippatsu and not (riichi or double_riichi):
        raise HandError("ippatsu needs riichi")
    if riichi and double_riichi:
        raise HandError("give riichi or double riichi, not both")
    if rinshan and not tsumo:
        raise HandError("rinshan (win on the replacement tile after a kan) is a tsumo")
    if rinshan and not (ks or any(m.kind == "kan" for m in ms)):
        raise HandError("rinshan needs a kan among the melds or kans")
    if chankan and tsumo:
        raise HandError("chankan (robbing a kan) is a ron, not a tsumo")
    if last_tile and (rinshan or chankan):
        raise HandError("the last tile cannot also be a rinshan or chankan win")
    check_copies(
        [
            ("in the hand", hand),
            ("in melds", set_tiles(ms)),
            ("in kans", set_tiles(ks)),
            ("as dora indicators", dora_tiles),
            ("as ura-dora indicators", ura_tiles),
        ],
        red,
    )
    if not any(t == win for t in hand) and not any(t.index == win.index for t in hand):
        raise HandError(f"win tile {win.name} is not in the hand (the hand's tiles include the winning tile)")

    base = WinResult(
        valid=False,
        reason=None,
        message="",
        hand=tiles_notation(hand),
        win_tile=win.name,
        melds=[m.notation for m in ms],
        kans=[k.notation for k in ks],
        tsumo=tsumo,
        riichi=riichi or double_riichi,
        seat_wind=seat_key,
        round_wind=round_key,
        counters=counters,
    )
    expected = 14 - 3 * (len(ms) + len(ks))
    if len(hand) != expected:
        base.reason = "hand_not_winning"
        base.message = (
            f"INVALID: not a winning hand: a winning hand with {shape(len(ms), len(ks))} has {expected} tiles, "
            f"got {len(hand)}"
        )
        return base

    # 136-format ids: a red five is copy 0 of its five; plain fives take copies 1-3 when red fives are in use
    next_copy = [1 if red and i in FIVES else 0 for i in range(34)]

    def ids(ts: Sequence[Tile]) -> list[int]:
        out = []
        for t in ts:
            if t.red:
                out.append(4 * t.index)
            else:
                out.append(4 * t.index + next_copy[t.index])
                next_copy[t.index] += 1
        return out

    hand_ids = ids(hand)
    pairs = list(zip(hand, hand_ids))
    win_id = next((i for t, i in pairs if t == win), next(i for t, i in pairs if t.index == win.index))
    mahjong_melds = []
    all_ids = list(hand_ids)
    for m in ms:
        m_ids = ids(m.tiles)
        kind = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN}[m.kind]
        mahjong_melds.append(Meld(meld_type=kind, tiles=m_ids, opened=True))
        all_ids += m_ids
    for k in ks:
        k_ids = ids(k.tiles)
        mahjong_melds.append(Meld(meld_type=Meld.KAN, tiles=k_ids, opened=False))
        all_ids += k_ids
    dora_ids = [4 * t.index for t in dora_tiles]
    ura_ids = [4 * t.index for t in ura_tiles]

    def config() -> HandConfig:  # a fresh one per call: HandConfig's yaku objects are mutated
        return HandConfig(
            is_tsumo=tsumo,
            is_riichi=riichi,
            is_daburu_riichi=double_riichi,
            is_ippatsu=ippatsu,
            is_rinshan=rinshan,
            is_chankan=chankan,
            is_haitei=last_tile and tsumo,
            is_houtei=last_tile and not tsumo,
            player_wind=seat,
            round_wind=round_,
            tsumi_number=counters,
            options=opts.optional_rules(),
        )

    r = HandCalculator.estimate_hand_value(
        all_ids,
        win_id,
        melds=mahjong_melds or None,
        dora_indicators=dora_ids or None,
        ura_dora_indicators=ura_ids or None,
        config=config(),
    )
    if r.error:
        base.reason = r.error
        base.message = "INVALID: " + WIN_REASONS.get(r.error, r.error.replace("_", " "))
        return base
    # without an error the library has set every field of its answer
    assert r.yaku is not None and r.han is not None and r.fu is not None and r.cost is not None
    # read the han now: the Yaku objects belong to this call's HandConfig
    yaku = [
        _YakuRow(y.name, y.han_open if r.is_open_hand and y.han_open else y.han_closed, isinstance(y, _DORA_TYPES))
        for y in r.yaku
    ]
    yaku_han = sum(row.han for row in yaku if not row.dora)
    is_yakuman = any(y.is_yakuman for y in r.yaku)
    # The two-yaku rule at five counters (EMA 2008 as published by MahjongTime, §3.4.11) counts yaku, not han
    # (toitoi alone is one yaku). A yakuman is taken as meeting the minimum: the rule stops cheap wins from ending a
    # long run of counters (docs/rulings.md, "Five counters").
    yaku_count = sum(1 for row in yaku if not row.dora) + (1 if is_yakuman else 0)
    notes: list[str] = []
    han, fu, cost = r.han, r.fu, r.cost.copy()
    fu_details = [d.copy() for d in (r.fu_details or [])]
    # The most valuable reading is the one scored (a caveat: a reading with more yaku han but a lower
    # value could in theory exist; 300,000 random multi-reading hands showed none, so no other reading is tried).
    short = two_yaku and counters >= 5 and yaku_count < 2
    limit = 13 * opts.max_yakuman
    if han > limit and (is_yakuman or opts.kazoe_limit == "none"):
        notes.append(f"{han} han capped at {plural(opts.max_yakuman, 'yakuman')} by the rule set")
        han = limit
        cost = ScoresCalculator.calculate_scores(han, fu, config(), is_yakuman).copy()
    base.han, base.fu, base.cost, base.is_open = han, fu, cost, r.is_open_hand
    base.yaku = [YakuLine(name=row.name, han=row.han) for row in yaku]
    base.yaku_han = yaku_han
    base.yaku_count = yaku_count
    base.dora_han = sum(row.han for row in yaku if row.dora)
    base.fu_details = fu_details
    base.payment = _payment_words(cost, tsumo, seat == WINDS["E"])
    base.notes = notes
    value = f"{han} han {fu} fu" if not is_yakuman else cost.get("yaku_level") or "yakuman"
    listed = ", ".join(f"{row.name} {row.han}" for row in yaku)
    if short:
        base.reason = "fewer_than_two_yaku"
        base.message = (
            f"INVALID: {counters} counters: a win needs two yaku (dora, red fives and ura-dora do not count), this "
            f"hand has {yaku_count} ({listed})"
        )
        return base
    base.valid = True
    base.message = f"valid: {value}, {base.payment} ({listed})"
    return base
