"""Waits and tenpai of a waiting hand (the noten-riichi check): structural waits, and the live ones (a wait on a tile
the player holds all four of does not count, EMA §3.3.13)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from mahjong.agari import Agari
from mahjong.shanten import Shanten

from .tiles import HandError, check_copies, counts, names, parse_sets, parse_tiles, set_tiles, shape, tiles_notation

# 13 terminals and honours: the only extra candidates a 13-tile kokushi shape can wait on
_TERMINALS_HONOURS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


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
    live: list[int] = []
    dead: list[int] = []
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
    ms, ks = parse_sets(melds, kans, red_fives)
    expected = 13 - 3 * (len(ms) + len(ks))
    if len(hand) != expected:
        raise HandError(f"{expected} tiles expected for a waiting hand with {shape(len(ms), len(ks))}, got {len(hand)}")
    check_copies(
        [("in the hand", hand), ("in melds", set_tiles(ms)), ("in kans", set_tiles(ks))],
        red_fives,
    )
    c34 = counts(hand)
    held = counts(hand + set_tiles(ms) + set_tiles(ks))
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
