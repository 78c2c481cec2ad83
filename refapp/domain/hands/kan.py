"""A concealed kan declared after riichi: allowed under the "waits" rule (the waits stay the same and the kan tile
is not a wait) or the "strict" rule (also, the three tiles can only be read as a pung: EMA, WRC)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Literal

from mahjong.hand_calculating.divider import HandDivider
from mahjong.meld import Meld

from ..jsontypes import JsonObject
from .tiles import (
    HandError,
    check_copies,
    counts,
    names,
    parse_kan,
    parse_sets,
    parse_tile,
    parse_tiles,
    set_tiles,
    shape,
    tile_name,
    tiles_notation,
)
from .waits import structural_waits

if TYPE_CHECKING:
    from ..rules import RuleSet

KanRule = Literal["waits", "strict"]
KAN_RULES: tuple[str, ...] = ("waits", "strict")


@dataclass
class Reading:
    """One waiting interpretation of a riichi hand: complete ``blocks``, the incomplete ``waiting`` block and the
    ``wait`` that completes it (all in notation)."""

    blocks: list[str]
    waiting: str
    wait: str

    def words(self) -> str:
        return f"{' '.join(self.blocks)} + {self.waiting} waiting on {self.wait}"


@dataclass
class KanResult:
    """Verdict on a concealed kan declared after riichi, under ``rule`` (``waits`` or ``strict``)."""

    valid: bool
    rule: str
    reason: str | None  # None when valid; else one of KAN_REASONS
    message: str
    riichi_hand: str
    drawn: str
    kan: str
    earlier_kans: list[str]
    waits_before: list[str]
    waits_after: list[str] | None  # None when the kan cannot be made at all (no pung, not the drawn tile)
    live_waits_before: list[str]
    other_reading: Reading | None = None  # strict rule: a reading where the three tiles are not one pung

    def to_json(self) -> JsonObject:
        return asdict(self)


KAN_REASONS = {
    "kan_not_drawn_tile": "only the tile just drawn may be konged after riichi",
    "no_pung": "the riichi hand holds no concealed pung of the kan tile",
    "riichi_noten": "the riichi hand was not tenpai",
    "waits_changed": "the kan changes the waits",
    "kan_tile_is_wait": "the kan tile is one of the waits",
    "not_only_pung": "the three tiles can be read otherwise than as a pung",
}


def _block_notation(block: Sequence[int]) -> str:
    return tiles_notation(block)


def waiting_readings(concealed_34: Sequence[int], kan_tiles: Sequence[int], waits_34: Iterable[int]) -> list[tuple]:
    """Every waiting interpretation: for each wait ``w``, each decomposition of the hand + ``w``
    (kans as concealed quads), each block holding ``w``: ``(blocks, index_of_that_block, w)``."""
    kan_melds = [Meld(meld_type=Meld.KAN, tiles=[4 * t + c for c in range(4)], opened=False) for t in kan_tiles]
    base = list(concealed_34)
    for t in kan_tiles:
        base[t] += 4
    out = []
    for w in waits_34:
        h = list(base)
        h[w] += 1
        for division in HandDivider.divide_hand(h, kan_melds):
            for i, block in enumerate(division):
                if w in block and len(block) < 4:
                    out.append((division, i, w))
    return out


def _reading(division: Sequence[Sequence[int]], i: int, w: int) -> Reading:
    partial = list(division[i])
    partial.remove(w)
    return Reading(
        blocks=[_block_notation(b) for j, b in enumerate(division) if j != i],
        waiting=_block_notation(partial),
        wait=tile_name(w),
    )


def kan_after_riichi(
    riichi_hand: str,
    drawn: str,
    kan: str,
    earlier_kans: Sequence[str] = (),
    rule: KanRule = "strict",
    *,
    red_fives: bool = False,
) -> KanResult:
    """Is a concealed kan of ``kan`` after riichi allowed?

    ``riichi_hand``: the 13 − 3 × len(earlier_kans) concealed tiles of the riichi hand (before the draw);
    ``drawn``: the tile just drawn; ``kan``: the tile to kong (one tile, or its four copies);
    ``earlier_kans``: concealed kans already declared. ``rule``: ``"waits"`` (the waits stay the same and the kan
    tile is not a wait: online clients, Japanese house rules) or ``"strict"`` (also: in every waiting reading of the
    riichi hand the three tiles are a pung: EMA, WRC).
    """
    if rule not in KAN_RULES:
        raise HandError(f"kan rule: {rule!r} is not one of {', '.join(KAN_RULES)}")
    hand = parse_tiles(riichi_hand, red_fives=red_fives, what="riichi hand")
    d = parse_tile(drawn, red_fives=red_fives, what="drawn tile")
    k = parse_kan(kan, red_fives=red_fives, what=f"kan tile {kan!r}").tile
    _, ks = parse_sets((), earlier_kans, red_fives)
    if len(ks) > 3:
        raise HandError(f"at most three earlier kans before a fourth, got {len(ks)}")
    expected = 13 - 3 * len(ks)
    if len(hand) != expected:
        raise HandError(
            f"{expected} tiles expected for a riichi hand with {shape(0, len(ks), 'no kans')}, got {len(hand)}"
        )
    check_copies(
        [("in the riichi hand", hand), ("drawn", [d]), ("in kans", set_tiles(ks))],
        red_fives,
    )
    c34 = counts(hand)
    held = counts(hand + set_tiles(ks))
    kan_tiles = [s.tile for s in ks]
    w0 = structural_waits(c34)
    live0 = [w for w in w0 if held[w] < 4]

    def result(
        valid: bool, reason: str | None, message: str, w1: list[int] | None = None, other: Reading | None = None
    ) -> KanResult:
        return KanResult(
            valid=valid,
            rule=rule,
            reason=reason,
            message=("valid: " if valid else "INVALID: ") + message,
            riichi_hand=tiles_notation(hand),
            drawn=d.name,
            kan=tile_name(k),
            earlier_kans=[s.notation for s in ks],
            waits_before=names(w0),
            waits_after=None if w1 is None else names(w1),
            live_waits_before=names(live0),
            other_reading=other,
        )

    # 1. basic legality
    if k != d.index:
        return result(
            False,
            "kan_not_drawn_tile",
            f"only the tile just drawn may be konged after riichi (drew {d.name}, kan {tile_name(k)}): "
            "konging another tile changes the hand",
        )
    if c34[k] != 3:
        return result(
            False,
            "no_pung",
            f"the riichi hand holds {c34[k]} {tile_name(k)}, not a concealed pung of {tile_name(k)}",
        )
    after = list(c34)
    after[k] -= 3
    w1 = structural_waits(after)
    if not live0:
        return result(
            False,
            "riichi_noten",
            "the riichi hand was not tenpai (no live wait): that is a noten riichi, judged on its own",
            w1,
        )
    # 2. waits rule
    before_words = " ".join(names(w0))
    if w0 != w1:
        return result(
            False,
            "waits_changed",
            f"kan changes the waits (before {before_words}, after {' '.join(names(w1)) or 'none'})",
            w1,
        )
    if k in w0:
        return result(
            False,
            "kan_tile_is_wait",
            f"{tile_name(k)} is one of the waits ({before_words}): the kan puts all four away and loses that wait",
            w1,
        )
    if rule == "waits":
        return result(True, None, f"kan keeps the waits ({before_words})", w1)
    # 3. strict rule: the three tiles are a pung in every waiting reading
    pung = [k, k, k]
    for division, i, w in waiting_readings(c34, kan_tiles, w0):
        if not any(j != i and b == pung for j, b in enumerate(division)):
            other = _reading(division, i, w)
            return result(
                False,
                "not_only_pung",
                f"kan changes the interpretation: the three {tile_name(k)} can be read otherwise than as a pung "
                f"({other.words()})",
                w1,
                other,
            )
    return result(
        True,
        None,
        f"kan keeps the waits ({before_words}) and the three {tile_name(k)} can only be read as a pung",
        w1,
    )


def kan_rule(ruleset: RuleSet | None) -> KanRule:
    """The kan-after-riichi rule of a rule set (``scoring.kan_after_riichi``); ``"strict"`` (the EMA/WRC wording)
    for anything else."""
    value = getattr(getattr(ruleset, "scoring", None), "kan_after_riichi", None)
    return value if value in KAN_RULES else "strict"
