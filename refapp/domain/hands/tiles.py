"""Tiles in notation: parsing a hand, a tile, a meld or a concealed kan (with the bad token named), and the checks
every hand check shares (no fifth copy, at most four sets). The notation is described in :mod:`refapp.domain.hands`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

SUITS = "mpsz"
HONOUR_NAMES = ("East", "South", "West", "North", "White", "Green", "Red")
FIVES = (4, 13, 22)  # 5m, 5p, 5s in 34-format
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


class HandError(ValueError):
    """Tiles that cannot be checked: the message names the bad token, tile or count."""


@dataclass(frozen=True, order=True, slots=True)
class Tile:
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
    if red_fives and tile.index in FIVES:
        return (Tile(tile.index, True),) + (Tile(tile.index),) * 3
    return (Tile(tile.index),) * 4


def counts(tiles: Iterable[Tile]) -> list[int]:
    c = [0] * 34
    for t in tiles:
        c[t.index] += 1
    return c


def check_copies(sources: Sequence[tuple[str, Sequence[Tile]]], red_fives: bool) -> None:
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
        if red_fives and i in FIVES and total - reds[i] > 3:
            raise HandError(
                f"too many plain {tile_name(i)}: {total - reds[i]} ({where}); with red fives one {tile_name(i)} "
                f"is red: write it as {tile_name(i, True)}"
            )


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def shape(n_melds: int, n_kans: int, none: str = "no melds") -> str:
    parts = []
    if n_melds:
        parts.append(plural(n_melds, "meld"))
    if n_kans:
        parts.append(plural(n_kans, "concealed kan"))
    return " and ".join(parts) or none


def parse_sets(melds: Sequence[str], kans: Sequence[str], red_fives: bool) -> tuple[list[MeldSet], list[MeldSet]]:
    if isinstance(melds, str) or isinstance(kans, str):
        raise HandError("melds and kans are lists of sets, e.g. ['pon:555p'] and ['1111m']")
    ms = [parse_meld(m, red_fives=red_fives) for m in melds]
    ks = [parse_kan(k, red_fives=red_fives) for k in kans]
    if len(ms) + len(ks) > 4:
        raise HandError(f"at most four melds and kans in a hand, got {len(ms) + len(ks)}")
    return ms, ks


def set_tiles(sets: Iterable[MeldSet]) -> list[Tile]:
    return [t for s in sets for t in s.tiles]
