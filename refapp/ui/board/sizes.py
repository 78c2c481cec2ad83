"""The board's sizes: how large its type and drawn sticks can be for a window of a given size.

Worked out from the size of a seat (:func:`board_sizes`), with line heights and widths measured in the type itself,
so that a score has a cap height of at least 32 px at 1280×800, and set as the board's own style sheet
(:func:`style_sheet`). Used by :mod:`refapp.ui.board.view`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial

from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import QLabel

from ..common.widgets import TOUCH
from .sticks import RATIO

COLUMNS = (1.0, 1.2, 1.0)  # the middle column (north, centre, south) is wider: the centre's lines are the longest
SPACING = 10
SEAT_MARGINS = (12, 6)  # a seat's inner margins (left/right, top/bottom)
MAX_SCORE_PX = 120


@dataclass(frozen=True)
class BoardSizes:
    """Pixel sizes of the board's type and graphics, worked out from the window (:func:`board_sizes`)."""

    stacked: bool  # seats too narrow for score and Riichi side by side
    score: int
    wind: int
    name: int
    small: int
    button_h: int
    button_w: int
    stick: int  # thickness of a seat's riichi stick
    round: int
    count: int
    centre_small: int
    centre_stick: int
    centre_stacked: bool  # a narrow centre: each drawn stick above its count, which may wrap


@lru_cache(maxsize=512)
def _fm(px: int, weight: int) -> QFontMetricsF:
    font = QFont()
    font.setPixelSize(max(1, px))
    font.setWeight(QFont.Weight(weight))
    return QFontMetricsF(font)


def _h(px: int, weight: int = 800) -> float:
    """The height of a line of type (what a one-line label needs)."""
    return _fm(px, weight).height()


@lru_cache(maxsize=4096)  # the same words at the same sizes, measured again for each window size tried
def _w(text: str, px: int, weight: int = 800) -> float:
    return _fm(px, weight).horizontalAdvance(text)


FRAME = 5  # a seat's border at its thickest (the dealer's, in the dark theme)
SCORE_TEXT = "88,888"  # the widest usual score (a longer one, "−12,300", is set smaller on its own seat)
ICON = 0.42  # a centre stick's thickness, to its count's type
WIND = 0.78  # a wind's type, to a score's (a cap height of 24 px for a score's 32 px and more)


def _seat_fits(
    s: int, stacked: bool, inner_w: float, inner_h: float, button_w: int, button_min: int
) -> tuple[bool, int, int]:
    """Whether a seat with score type ``s`` fits ``inner_w`` × ``inner_h``; with the Riichi button's height and the
    thickness of the drawn stick (beside the wind and the dealer tag, or under the score when stacked)."""
    wind, name, small = int(WIND * s), int(0.55 * s), int(max(16, 0.36 * s))
    tag = max(15, int(wind * 0.5))
    top_w = _w("North", wind, 700) + 10 + _w("Dealer", tag) + 20
    score_w = _w(SCORE_TEXT, s)
    room = (inner_w if stacked else inner_w - score_w - 8) / RATIO  # the stick takes the Riichi button's place
    stick = int(max(12, min(0.72 * s, room - 1)))
    lines = max(_h(wind, 700), _h(tag) + 2) + _h(name, 700) + 2 * _h(small)  # overall and badges: two lines
    if room < 14 or top_w > inner_w:
        return False, button_min, stick
    if stacked:
        fits = lines + _h(s) + 8 + max(button_min, stick + 4) <= inner_h and score_w <= inner_w
        button_h = button_min
        if fits:  # a taller seat: a taller Riichi button (up to 104 px), the rest spread between the lines
            button_h = int(max(button_min, min(104, button_min + (inner_h - lines - _h(s) - 8 - button_min) / 4)))
        return fits, button_h, stick
    fits = lines + max(_h(s), button_min, stick + 4) <= inner_h and score_w + 8 + button_w <= inner_w
    return fits, button_min, stick


def _largest(low: int, high: int, fits: Callable[[int], bool]) -> int | None:
    """The largest size from ``low`` to ``high`` that ``fits`` (which holds up to some size and not above it), or
    None. Found by halving: each size tried loads the type at that size, and a start tries a few window sizes."""
    found = None
    while low <= high:
        mid = (low + high) // 2
        if fits(mid):
            found, low = mid, mid + 1
        else:
            high = mid - 1
    return found


@lru_cache(maxsize=64)  # the same window and texts after every entry: worked out once (~4 ms of measuring)
def board_sizes(
    width: int,
    height: int,
    count_texts: tuple[str, ...] = ("88 riichi sticks",),
    round_texts: tuple[str, ...] = ("Hanchan 8 over",),
    button_min: int = TOUCH,
) -> BoardSizes:
    """The sizes for a board of ``width`` × ``height`` px: a seat's score as large as its cell allows (room for
    "−88,888" beside, or above, the Riichi button, and for the wind, name, overall and badge lines); the centre's
    counts (``count_texts``, each with its stick drawn before it, or above it when a narrow centre wraps them) and
    its round (``round_texts``) as large as the centre allows. Line heights and widths are measured."""
    cols = sum(COLUMNS)
    seat_w = (width - 2 * SPACING) * COLUMNS[0] / cols
    centre_w = (width - 2 * SPACING) * COLUMNS[1] / cols
    cell_h = (height - 2 * SPACING) / 3
    inner_w = seat_w - 2 * SEAT_MARGINS[0] - 2 * FRAME
    inner_h = cell_h - 2 * SEAT_MARGINS[1] - 2 * FRAME
    button_w = 110
    best: tuple[int, bool, int, int] = (12, True, button_min, 12)
    for stacked in (False, True):

        def seat_fits(n: int, stacked: bool = stacked) -> bool:
            return _seat_fits(n, stacked, inner_w, inner_h, button_w, button_min)[0]

        s = _largest(12, MAX_SCORE_PX, seat_fits)
        if s is not None:
            _, button_h, stick = _seat_fits(s, stacked, inner_w, inner_h, button_w, button_min)
            if s > best[0] * (1.05 if stacked else 1.0):  # side by side unless stacking gives clearly more
                best = (s, stacked, button_h, stick)
    s, stacked, button_h, stick = best
    # the centre: the round, two counts (a drawn stick and "2 riichi sticks"), the table line (two lines)
    c_inner_w = centre_w - 24 - 4
    c_inner_h = cell_h - 12 - 4
    centre_small = 15
    table_h = 2 * _h(centre_small, 400)

    def centre_fits(c: int, wrapped: bool) -> bool:
        icon = max(8, int(ICON * c))
        rnd = int(min(1.25 * c, 1.1 * s))
        text_w = max(_w(t, c) for t in count_texts)
        if wrapped:
            words = max(_w(word, c) for t in count_texts for word in t.split())
            lines = 1 + int(text_w * 1.15 // c_inner_w)
            counts = 2 * (icon + 4 + 2 + lines * _h(c))
            wide = words <= c_inner_w
        else:
            counts = 2 * max(_h(c), icon + 4)
            wide = icon * RATIO + 4 + 10 + text_w <= c_inner_w
        round_w = max(_w(t, rnd) for t in round_texts)
        return wide and round_w <= c_inner_w and _h(rnd) + counts + table_h + 8 <= c_inner_h

    count, centre_stacked = 14, False
    for wrapped in (False, True):
        c = _largest(14, int(0.9 * s), partial(centre_fits, wrapped=wrapped))
        if c is not None and c > count * (1.15 if wrapped else 1.0):
            count, centre_stacked = c, wrapped
    round_px = int(min(1.25 * count, 1.1 * s))
    while round_px > 14 and max(_w(t, round_px) for t in round_texts) > c_inner_w:
        round_px -= 1
    return BoardSizes(
        stacked=stacked,
        score=s,
        wind=int(WIND * s),
        name=int(0.55 * s),
        small=int(max(16, 0.36 * s)),
        button_h=button_h,
        button_w=button_w,
        stick=stick,
        round=round_px,
        count=count,
        centre_small=centre_small,
        centre_stick=max(8, int(ICON * count)),
        centre_stacked=centre_stacked,
    )


def fit_type(label: QLabel, px: int, room: int) -> None:
    """Set ``label`` smaller than the board's ``px`` when its text needs more than ``room`` px (a negative
    six-figure score, ten riichi sticks): on that label only, the others keep the board's size."""
    need = _w(label.text(), px) if px else 0
    sheet = f"font-size: {max(12, int(px * room / need))}px;" if need > room > 0 else ""
    if label.styleSheet() != sheet:
        label.setStyleSheet(sheet)


def style_sheet(z: BoardSizes) -> str:
    """The board's own style sheet: type sizes only (colours come from the theme)."""
    return (
        f'QLabel[role="seat-wind"] {{ font-size: {z.wind}px; }}\n'
        f'QLabel[role="seat-dealer"] {{ font-size: {max(15, int(z.wind * 0.5))}px; }}\n'
        f'QLabel[role="seat-name"] {{ font-size: {z.name}px; }}\n'
        f'QLabel[role="seat-score"] {{ font-size: {z.score}px; }}\n'
        f'QLabel[role="seat-overall"] {{ font-size: {z.small}px; }}\n'
        f'QLabel[role="seat-badges"] {{ font-size: {z.small}px; }}\n'
        f'QLabel[role="riichi-confirm-text"] {{ font-size: {max(18, int(z.name * 0.8))}px; }}\n'
        f'QLabel[role="centre-round"] {{ font-size: {z.round}px; }}\n'
        f'QLabel[role="centre-count"] {{ font-size: {z.count}px; }}\n'
        f'QLabel[role="centre-small"] {{ font-size: {z.centre_small}px; }}\n'
    )
