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

from .kan import KAN_REASONS, KAN_RULES, KanResult, KanRule, Reading, kan_after_riichi, kan_rule, waiting_readings
from .tiles import (
    HONOUR_NAMES,
    SUITS,
    HandError,
    MeldSet,
    Tile,
    names,
    parse_kan,
    parse_meld,
    parse_tile,
    parse_tiles,
    tile_name,
    tiles_notation,
)
from .waits import WaitsResult, live_waits, structural_waits, waits
from .win import WIN_REASONS, WINDS, WinOptions, WinResult, check_win, win_options

__all__ = [
    "HONOUR_NAMES",
    "KAN_REASONS",
    "KAN_RULES",
    "SUITS",
    "WINDS",
    "WIN_REASONS",
    "HandError",
    "KanResult",
    "KanRule",
    "MeldSet",
    "Reading",
    "Tile",
    "WaitsResult",
    "WinOptions",
    "WinResult",
    "check_win",
    "kan_after_riichi",
    "kan_rule",
    "live_waits",
    "names",
    "parse_kan",
    "parse_meld",
    "parse_tile",
    "parse_tiles",
    "structural_waits",
    "tile_name",
    "tiles_notation",
    "waiting_readings",
    "waits",
    "win_options",
]
