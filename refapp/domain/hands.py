"""Hand checks for the referee: waits and tenpai (noten riichi), concealed kan after riichi, declared wins.

Built on the ``mahjong`` package (``Agari``, ``Shanten``, ``HandDivider``, ``HandCalculator``). Pure: no Qt, no
files, no clock; every function takes tiles in notation and returns a plain dataclass with a ``to_json()`` and words
a referee can read out.

Tile notation
-------------
Digits followed by a suit letter: ``m`` (characters), ``p`` (circles), ``s`` (bamboo), ``z`` or ``h`` (honours:
``1z``-``7z`` are East, South, West, North, White, Green, Red). Suits may come in any order and more than once
(``111z234m567p789s5m``); spaces are ignored. ``0m``/``0p``/``0s`` is a red five, accepted only when red fives are
allowed (``red_fives=True``, or the rule set's ``scoring.red_fives``).

Melds and concealed kans are given apart from the concealed tiles, as lists of strings:

* ``melds``: sets called from other players, ``KIND:TILES`` with KIND ``chi``, ``pon`` or ``kan`` (an open kan), e.g.
  ``["pon:555p", "chi:345m", "kan:7777s"]``. The kind may be left out when the tiles say it (``555p`` is a pon,
  ``345m`` a chi, ``7777s`` a kan).
* ``kans``: concealed kans, four tiles (``1111m``) or one tile standing for the four (``1m``).

Results name tiles in the same notation (``"1z"``, ``"123m456p"``), so a UI can draw them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Literal, NamedTuple

from mahjong.agari import Agari
from mahjong.hand_calculating.divider import HandDivider
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator
from mahjong.hand_calculating.yaku_list import AkaDora, Dora, UraDora
from mahjong.meld import Meld
from mahjong.shanten import Shanten

KanRule = Literal["waits", "strict"]
KAN_RULES: tuple[str, ...] = ("waits", "strict")

SUITS = "mpsz"
HONOUR_NAMES = ("East", "South", "West", "North", "White", "Green", "Red")
WINDS = {"E": 27, "S": 28, "W": 29, "N": 30}
_WIND_WORDS = {"east": "E", "south": "S", "west": "W", "north": "N", "1z": "E", "2z": "S", "3z": "W", "4z": "N"}
_FIVES = (4, 13, 22)  # 5m, 5p, 5s in 34-format
# 13 terminals and honours: the only extra candidates a 13-tile kokushi shape can wait on
_TERMINALS_HONOURS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_KAZOE = {
    "yakuman": HandConstants.KAZOE_LIMITED,
    "sanbaiman": HandConstants.KAZOE_SANBAIMAN,
    "none": HandConstants.KAZOE_NO_LIMIT,
}
_MELD_KINDS = {
    "chi": "chi",
    "chii": "chi",
    "chow": "chi",
    "pon": "pon",
    "pung": "pon",
    "kan": "kan",
    "kong": "kan",
    "minkan": "kan",
    "daiminkan": "kan",
    "shouminkan": "kan",
}
_DORA_TYPES = (Dora, AkaDora, UraDora)


class HandError(ValueError):
    """Tiles that cannot be checked: the message names the bad token, tile or count."""


# --------------------------------------------------------------------------------------------------------------------
# Tiles and notation


class Tile(NamedTuple):
    """One tile: ``index`` in 34-format (0-8 = 1m-9m, 9-17 = 1p-9p, 18-26 = 1s-9s, 27-33 = 1z-7z)."""

    index: int
    red: bool = False

    @property
    def name(self) -> str:
        return tile_name(self.index, self.red)


def tile_name(index: int, red: bool = False) -> str:
    """``0`` -> ``"1m"``, ``27`` -> ``"1z"``; a red five is ``"0m"``."""
    suit, rank = divmod(index, 9)
    return f"{0 if red else rank + 1}{SUITS[suit]}"


def tiles_notation(tiles: Iterable[Tile | int]) -> str:
    """Compact, sorted notation: ``[1m, 2m, 3m, 1z]`` -> ``"123m1z"`` (a red five sorts as a 5 and prints as 0)."""
    norm = sorted((t if isinstance(t, Tile) else Tile(t)) for t in tiles)
    norm.sort(key=lambda t: (t.index, not t.red))
    out: list[str] = []
    for suit in range(4):
        digits = "".join("0" if t.red else str(t.index - 9 * suit + 1) for t in norm if t.index // 9 == suit)
        if digits:
            out.append(digits + SUITS[suit])
    return "".join(out)


def names(indices: Iterable[int]) -> list[str]:
    """Tile names for 34-indices, sorted: ``[27, 0]`` -> ``["1m", "1z"]``."""
    return [tile_name(t) for t in sorted(indices)]


def parse_tiles(text: str, *, red_fives: bool = False, what: str = "hand") -> list[Tile]:
    """Parse ``"123m456p789s11z"`` into tiles, in the order written. ``what`` names the input in error messages."""
    if text is None or not str(text).strip():
        raise HandError(f"{what}: empty: give tiles such as 123m456p789s11z")
    text = str(text)
    out: list[Tile] = []
    pending: list[tuple[str, int]] = []  # (digit, 1-based position)
    for pos, ch in enumerate(text, 1):
        if ch.isspace():
            continue
        if ch in "0123456789":
            pending.append((ch, pos))
            continue
        letter = ch.lower()
        if letter == "h":
            letter = "z"
        if letter not in SUITS:
            raise HandError(
                f"{what}: unknown tile {ch!r} at position {pos} in {text!r} "
                "(write digits followed by m, p, s or z, e.g. 123m11z)"
            )
        if not pending:
            raise HandError(f"{what}: {ch!r} at position {pos} in {text!r} has no digits before it")
        suit = SUITS.index(letter)
        for digit, dpos in pending:
            d = int(digit)
            if suit == 3:
                if not 1 <= d <= 7:
                    raise HandError(
                        f"{what}: unknown tile '{digit}{ch}' at position {dpos} in {text!r} "
                        "(honours are 1z-7z: East, South, West, North, White, Green, Red)"
                    )
                out.append(Tile(27 + d - 1))
            elif d == 0:
                if not red_fives:
                    raise HandError(
                        f"{what}: red five '0{letter}' at position {dpos} in {text!r}, but red fives are not used "
                        f"here (write 5{letter})"
                    )
                out.append(Tile(9 * suit + 4, True))
            else:
                out.append(Tile(9 * suit + d - 1))
        pending = []
    if pending:
        digits = "".join(d for d, _ in pending)
        raise HandError(
            f"{what}: '{digits}' at position {pending[0][1]} in {text!r} has no suit letter after it (m, p, s or z)"
        )
    return out


def parse_tile(text: str, *, red_fives: bool = False, what: str = "tile") -> Tile:
    """Exactly one tile, e.g. ``"5m"``."""
    tiles = parse_tiles(text, red_fives=red_fives, what=what)
    if len(tiles) != 1:
        raise HandError(f"{what}: one tile expected, got {len(tiles)} ({text!r})")
    return tiles[0]


@dataclass(frozen=True)
class MeldSet:
    """A declared set: ``kind`` is ``chi``, ``pon``, ``kan`` (open kan) or ``ankan`` (concealed kan)."""

    kind: str
    tiles: tuple[Tile, ...]

    @property
    def notation(self) -> str:
        return f"{self.kind}:{tiles_notation(self.tiles)}"

    @property
    def tile(self) -> int:
        return min(t.index for t in self.tiles)


def parse_meld(text: str, *, red_fives: bool = False) -> MeldSet:
    """``"pon:555p"``, ``"chi:345m"``, ``"kan:7777s"``, or the tiles alone (``"555p"``)."""
    raw = str(text or "").strip()
    kind_word, sep, body = raw.partition(":")
    if not sep:
        kind_word, body = "", raw
    what = f"meld {raw!r}"
    kind = ""
    if kind_word:
        kind = _MELD_KINDS.get(kind_word.strip().lower(), "")
        if not kind:
            hint = " (a concealed kan goes with the kans)" if kind_word.strip().lower() in ("ankan", "closed") else ""
            raise HandError(f"{what}: unknown kind {kind_word!r}: use chi, pon or kan{hint}")
    tiles = parse_tiles(body, red_fives=red_fives, what=what)
    idx = sorted(t.index for t in tiles)
    same = len(set(idx)) == 1
    run = len(idx) == 3 and idx[0] < 27 and idx[0] // 9 == idx[2] // 9 and idx == [idx[0], idx[0] + 1, idx[0] + 2]
    if kind == "kan" and len(tiles) == 1:
        return MeldSet("kan", _four_of(tiles[0], red_fives))
    if not kind:
        kind = "chi" if run else "pon" if same and len(idx) == 3 else "kan" if same and len(idx) == 4 else ""
        if not kind:
            raise HandError(
                f"{what}: not a set: a chi is three in a row of one suit (345m), a pon three alike (555p), "
                "a kan four alike (7777s)"
            )
    if kind == "chi" and not run:
        raise HandError(f"{what}: a chi is three tiles in a row of one suit (e.g. 345m), got {tiles_notation(tiles)}")
    if kind == "pon" and not (same and len(idx) == 3):
        raise HandError(f"{what}: a pon is three identical tiles (e.g. 555p), got {tiles_notation(tiles)}")
    if kind == "kan":
        if not (same and len(idx) == 4):
            raise HandError(f"{what}: a kan is four identical tiles (e.g. 7777s), got {tiles_notation(tiles)}")
        tiles = list(_four_of(tiles[0], red_fives))
    return MeldSet(kind, tuple(tiles))


def parse_kan(text: str, *, red_fives: bool = False, what: str = "") -> MeldSet:
    """A concealed kan: ``"1111m"`` or ``"1m"``."""
    raw = str(text or "").strip()
    what = what or f"kan {raw!r}"
    tiles = parse_tiles(raw, red_fives=red_fives, what=what)
    idx = {t.index for t in tiles}
    if len(idx) != 1 or len(tiles) not in (1, 4):
        raise HandError(f"{what}: a kan is four identical tiles (1111m) or one tile standing for them (1m)")
    return MeldSet("ankan", _four_of(tiles[0], red_fives))


def _four_of(tile: Tile, red_fives: bool) -> tuple[Tile, ...]:
    """All four copies; with red fives in use a kan of fives necessarily holds the red one."""
    if red_fives and tile.index in _FIVES:
        return (Tile(tile.index, True),) + (Tile(tile.index),) * 3
    return (Tile(tile.index),) * 4


def _counts(tiles: Iterable[Tile]) -> list[int]:
    c = [0] * 34
    for t in tiles:
        c[t.index] += 1
    return c


def _check_copies(sources: Sequence[tuple[str, Sequence[Tile]]], red_fives: bool) -> None:
    """At most four of a tile across all ``(where, tiles)`` sources; with red fives, one red and three plain fives."""
    per: list[dict[str, int]] = [{} for _ in range(34)]
    reds = [0] * 34
    for where, tiles in sources:
        for t in tiles:
            per[t.index][where] = per[t.index].get(where, 0) + 1
            reds[t.index] += t.red
    for i, d in enumerate(per):
        total = sum(d.values())
        where = ", ".join(f"{n} {w}" for w, n in d.items())
        if total > 4:
            raise HandError(f"too many copies of {tile_name(i)}: {total} ({where}); a set has only four")
        if reds[i] > 1:
            raise HandError(f"more than one red five {tile_name(i, True)}: {reds[i]}; a set has one per suit")
        if red_fives and i in _FIVES and total - reds[i] > 3:
            raise HandError(
                f"too many plain {tile_name(i)}: {total - reds[i]} ({where}); with red fives one {tile_name(i)} "
                f"is red: write it as {tile_name(i, True)}"
            )


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _shape(n_melds: int, n_kans: int, none: str = "no melds") -> str:
    parts = []
    if n_melds:
        parts.append(_plural(n_melds, "meld"))
    if n_kans:
        parts.append(_plural(n_kans, "concealed kan"))
    return " and ".join(parts) or none


def _parse_sets(melds: Sequence[str], kans: Sequence[str], red_fives: bool) -> tuple[list[MeldSet], list[MeldSet]]:
    if isinstance(melds, str) or isinstance(kans, str):
        raise HandError("melds and kans are lists of sets, e.g. ['pon:555p'] and ['1111m']")
    ms = [parse_meld(m, red_fives=red_fives) for m in melds]
    ks = [parse_kan(k, red_fives=red_fives) for k in kans]
    if len(ms) + len(ks) > 4:
        raise HandError(f"at most four melds and kans in a hand, got {len(ms) + len(ks)}")
    return ms, ks


def _set_tiles(sets: Iterable[MeldSet]) -> list[Tile]:
    return [t for s in sets for t in s.tiles]


# --------------------------------------------------------------------------------------------------------------------
# Waits


def structural_waits(concealed_34: Sequence[int]) -> list[int]:
    """Tiles completing the concealed part (3n+1 tiles; melds implied): four sets and a pair, seven pairs or kokushi.

    A tile of which the concealed part already holds four is never a wait (no fifth copy).
    """
    h = list(concealed_34)
    cands: set[int] = set()
    for t, n in enumerate(h):
        if not n:
            continue
        if t >= 27:
            cands.add(t)
        else:
            base = t - t % 9
            cands.update(range(max(base, t - 2), min(base + 8, t + 2) + 1))
    if sum(h) == 13:
        cands.update(_TERMINALS_HONOURS)
    out = []
    for t in sorted(cands):
        if h[t] >= 4:
            continue
        h[t] += 1
        if Agari.is_agari(h):
            out.append(t)
        h[t] -= 1
    return out


def live_waits(concealed_34: Sequence[int], held_34: Sequence[int]) -> tuple[list[int], list[int]]:
    """(live, dead) structural waits: a wait is dead when the player holds all four (EMA §3.3.13), ``held_34``
    counting the concealed tiles, melds and kans."""
    live, dead = [], []
    for w in structural_waits(concealed_34):
        (live if held_34[w] < 4 else dead).append(w)
    return live, dead


@dataclass
class WaitsResult:
    """Waits of a hand of 13 tiles (with melds and kans counted as 3 each). ``waits`` are the live ones."""

    hand: str
    melds: list[str]
    kans: list[str]
    tenpai: bool
    waits: list[str]
    structural_waits: list[str]
    dead_waits: list[str]
    shanten: int
    message: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _dead_words(dead: Sequence[int]) -> str:
    one = len(dead) == 1
    return f"the player holds all four {'of it' if one else 'of each'}"


def waits(
    concealed: str, melds: Sequence[str] = (), kans: Sequence[str] = (), *, red_fives: bool = False
) -> WaitsResult:
    """Structural and live waits of a waiting hand; ``tenpai`` iff a live wait exists.

    ``concealed`` holds 13 − 3 × (melds + kans) tiles. A tile is not a live wait when the player holds all four of
    it, counting concealed tiles, melds and kans. Tiles seen in discards or others' melds do not matter (karaten is
    still tenpai).
    """
    hand = parse_tiles(concealed, red_fives=red_fives)
    ms, ks = _parse_sets(melds, kans, red_fives)
    expected = 13 - 3 * (len(ms) + len(ks))
    if len(hand) != expected:
        raise HandError(
            f"{expected} tiles expected for a waiting hand with {_shape(len(ms), len(ks))}, got {len(hand)}"
        )
    _check_copies(
        [("in the hand", hand), ("in melds", _set_tiles(ms)), ("in kans", _set_tiles(ks))],
        red_fives,
    )
    c34 = _counts(hand)
    held = _counts(hand + _set_tiles(ms) + _set_tiles(ks))
    live, dead = live_waits(c34, held)
    shanten = Shanten.calculate_shanten(c34)
    if live:
        message = "tenpai: waits " + " ".join(names(live))
        if dead:
            message += f" ({' '.join(names(dead))} not counted: {_dead_words(dead)}, EMA §3.3.13)"
    elif dead:
        message = f"noten: waits only on {' '.join(names(dead))}, and {_dead_words(dead)} (EMA §3.3.13)"
    else:
        message = f"noten: no waits (shanten {shanten})"
    return WaitsResult(
        hand=tiles_notation(hand),
        melds=[m.notation for m in ms],
        kans=[k.notation for k in ks],
        tenpai=bool(live),
        waits=names(live),
        structural_waits=names(live + dead),
        dead_waits=names(dead),
        shanten=shanten,
        message=message,
    )


# --------------------------------------------------------------------------------------------------------------------
# Concealed kan after riichi


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

    def to_json(self) -> dict[str, Any]:
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
    _, ks = _parse_sets((), earlier_kans, red_fives)
    if len(ks) > 3:
        raise HandError(f"at most three earlier kans before a fourth, got {len(ks)}")
    expected = 13 - 3 * len(ks)
    if len(hand) != expected:
        raise HandError(
            f"{expected} tiles expected for a riichi hand with {_shape(0, len(ks), 'no kans')}, got {len(hand)}"
        )
    _check_copies(
        [("in the riichi hand", hand), ("drawn", [d]), ("in kans", _set_tiles(ks))],
        red_fives,
    )
    c34 = _counts(hand)
    held = _counts(hand + _set_tiles(ks))
    kan_tiles = [s.tile for s in ks]
    w0 = structural_waits(c34)
    live0 = [w for w in w0 if held[w] < 4]

    def result(valid: bool, reason: str | None, message: str, w1=None, other=None) -> KanResult:
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


# --------------------------------------------------------------------------------------------------------------------
# Declared wins


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


def win_options(ruleset: Any) -> WinOptions:
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


def kan_rule(ruleset: Any) -> KanRule:
    """The kan-after-riichi rule of a rule set (``scoring.kan_after_riichi``); ``"strict"`` (the EMA/WRC wording)
    for anything else."""
    value = getattr(getattr(ruleset, "scoring", None), "kan_after_riichi", None)
    return value if value in KAN_RULES else "strict"


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
    yaku: list[dict[str, Any]] = field(default_factory=list)  # [{"name": "Riichi", "han": 1}, ...]
    yaku_han: int | None = None  # han from yaku, without dora, red fives and ura-dora
    yaku_count: int | None = None  # how many yaku, without dora, red fives and ura-dora (a yakuman counts for two)
    dora_han: int | None = None
    is_open: bool | None = None
    cost: dict[str, Any] | None = None  # the mahjong package's ScoresResult (counters included, no riichi sticks)
    payment: str = ""
    fu_details: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
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


def _payment_words(cost: dict[str, Any], tsumo: bool, dealer: bool) -> str:
    main = cost["main"] + cost["main_bonus"]
    other = cost["additional"] + cost["additional_bonus"]
    if not tsumo:
        return f"ron {main:,}"
    if dealer:
        return f"tsumo {main:,} all"
    return f"tsumo {other:,}/{main:,}"


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
    ms, ks = _parse_sets(melds, kans, red)
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
    _check_copies(
        [
            ("in the hand", hand),
            ("in melds", _set_tiles(ms)),
            ("in kans", _set_tiles(ks)),
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
            f"INVALID: not a winning hand: a winning hand with {_shape(len(ms), len(ks))} has {expected} tiles, "
            f"got {len(hand)}"
        )
        return base

    # 136-format ids: a red five is copy 0 of its five; plain fives take copies 1-3 when red fives are in use
    next_copy = [1 if red and i in _FIVES else 0 for i in range(34)]

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
    # read the han now: the Yaku objects belong to this call's HandConfig
    yaku = [
        {
            "name": y.name,
            "han": y.han_open if r.is_open_hand and y.han_open else y.han_closed,
            "dora": isinstance(y, _DORA_TYPES),
        }
        for y in r.yaku
    ]
    yaku_han = sum(row["han"] for row in yaku if not row["dora"])
    is_yakuman = any(y.is_yakuman for y in r.yaku)
    # Seed 004 §3.4.11 counts yaku, not han (toitoi alone is one yaku). A yakuman is taken as meeting the minimum:
    # the rule stops cheap wins from ending a long run of counters (docs/rulings.md).
    yaku_count = sum(1 for row in yaku if not row["dora"]) + (1 if is_yakuman else 0)
    notes: list[str] = []
    han, fu, cost = r.han, r.fu, dict(r.cost)
    fu_details = [dict(d) for d in (r.fu_details or [])]
    # The most valuable reading is the one scored (a caveat: a reading with more yaku han but a lower
    # value could in theory exist; 300,000 random multi-reading hands showed none, so no other reading is tried).
    short = two_yaku and counters >= 5 and yaku_count < 2
    limit = 13 * opts.max_yakuman
    if han > limit and (is_yakuman or opts.kazoe_limit == "none"):
        notes.append(f"{han} han capped at {_plural(opts.max_yakuman, 'yakuman')} by the rule set")
        han = limit
        cost = dict(ScoresCalculator.calculate_scores(han, fu, config(), is_yakuman))
    base.han, base.fu, base.cost, base.is_open = han, fu, cost, r.is_open_hand
    base.yaku = [{"name": row["name"], "han": row["han"]} for row in yaku]
    base.yaku_han = yaku_han
    base.yaku_count = yaku_count
    base.dora_han = sum(row["han"] for row in yaku if row["dora"])
    base.fu_details = fu_details
    base.payment = _payment_words(cost, tsumo, seat == WINDS["E"])
    base.notes = notes
    value = f"{han} han {fu} fu" if not is_yakuman else cost.get("yaku_level") or "yakuman"
    listed = ", ".join(f"{row['name']} {row['han']}" for row in yaku)
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
