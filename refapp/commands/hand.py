"""``refapp hand waits|kan|win``: the hand checks (noten riichi, a concealed kan after riichi, a declared win)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from .common import CliError, named_ruleset, print_json, whole_number

if TYPE_CHECKING:
    from .common import Subparsers


def register(sub: Subparsers) -> None:
    hd = sub.add_parser(
        "hand",
        help="check a hand: waits (noten riichi), a kan after riichi, a declared win",
        description="Hand checks. Tiles are digits and a suit: 123m456p789s11z (z or h = honours 1-7: E S W N, "
        "white, green, red; 0m/0p/0s = red five where red fives are used). A meld is KIND:TILES with KIND chi, pon "
        "or kan (open), e.g. pon:555p; a concealed kan is its tiles, 1111m (or 1m).",
    )
    hsub = hd.add_subparsers(dest="hand_command", metavar="CHECK", required=True)

    hw = hsub.add_parser("waits", help="waits and tenpai of a waiting hand (13 tiles, melds counting 3)")
    hw.add_argument("tiles", metavar="TILES", help="the concealed tiles, e.g. 123m456p789s1122z")
    _sets(hw)
    hw.add_argument("--red-fives", action="store_true", help="accept 0m/0p/0s (red fives)")
    hw.add_argument("--json", action="store_true", help="machine-readable output")
    hw.set_defaults(func=cmd_hand_waits)

    hk = hsub.add_parser(
        "kan",
        help="may a riichi player declare this concealed kan?",
        description="Concealed kan after riichi. Rule 'waits': the waits stay the same and the kan tile is not a "
        "wait. Rule 'strict' (EMA, WRC): also, the three tiles can only be read as a pung. Without --rule, the rule "
        "of --ruleset, else strict.",
    )
    hk.add_argument("--riichi-hand", required=True, metavar="TILES", help="the riichi hand, before the draw")
    hk.add_argument("--drawn", required=True, metavar="T", help="the tile just drawn")
    hk.add_argument("--kan", required=True, metavar="T", help="the tile to kong")
    hk.add_argument("--earlier-kan", action="append", default=[], metavar="TILES", help="a concealed kan already made")
    hk.add_argument("--rule", choices=["waits", "strict"], help="kan rule (default: the rule set's, else strict)")
    hk.add_argument("--ruleset", metavar="ID", help="rule-set id: picks the kan rule and red fives")
    hk.add_argument("--red-fives", action="store_true", help="accept 0m/0p/0s (red fives)")
    hk.add_argument("--json", action="store_true", help="machine-readable output")
    hk.set_defaults(func=cmd_hand_kan)

    hn = hsub.add_parser(
        "win",
        help="is a declared win valid? (shape, yaku, riichi, two yaku at five counters; value)",
        description="Check a declared win. TILES are the concealed tiles including the winning tile. Furiten, a "
        "fifth tile, dead hands and whether the tile could be claimed are not checked.",
    )
    hn.add_argument("tiles", metavar="TILES", help="concealed tiles including the winning tile")
    hn.add_argument("--win-tile", required=True, metavar="T", help="the winning tile (one of TILES)")
    _sets(hn)
    hn.add_argument("--tsumo", action="store_true", help="won by self-draw (default: ron)")
    hn.add_argument("--riichi", action="store_true", help="the winner declared riichi")
    hn.add_argument("--double-riichi", action="store_true", help="the winner declared double riichi")
    hn.add_argument("--ippatsu", action="store_true", help="won within one turn of riichi")
    hn.add_argument("--last-tile", action="store_true", help="won on the last tile (haitei / houtei)")
    hn.add_argument("--rinshan", action="store_true", help="won on the replacement tile after a kan")
    hn.add_argument("--chankan", action="store_true", help="won by robbing a kan")
    hn.add_argument("--seat-wind", required=True, metavar="W", help="the winner's seat wind: E, S, W or N")
    hn.add_argument("--round-wind", required=True, metavar="W", help="the round wind: E, S, W or N")
    hn.add_argument(
        "--counters", type=whole_number(0, 100), default=0, metavar="N", help="counters (honba) on the table"
    )
    hn.add_argument("--dora", metavar="TILES", help="dora indicators, e.g. 3m7z")
    hn.add_argument("--ura-dora", metavar="TILES", help="ura-dora indicators (riichi only)")
    hn.add_argument(
        "--ruleset", metavar="ID", help="rule-set id: open tanyao, red fives, kiriage, limits, two yaku at 5 counters"
    )
    hn.add_argument("--json", action="store_true", help="machine-readable output")
    hn.set_defaults(func=cmd_hand_win)


def _sets(p: argparse.ArgumentParser) -> None:
    """The called sets and concealed kans of a hand."""
    p.add_argument("--meld", action="append", default=[], metavar="KIND:TILES", help="a called set (repeatable)")
    p.add_argument("--kan", action="append", default=[], metavar="TILES", help="a concealed kan (repeatable)")


def cmd_hand_waits(args: argparse.Namespace) -> int:
    from ..domain.hands import HandError, waits

    try:
        result = waits(args.tiles, args.meld, args.kan, red_fives=args.red_fives)
    except HandError as exc:
        raise CliError(str(exc)) from None
    if args.json:
        print_json(result.to_json())
    else:
        print(result.message)
    return 0


def cmd_hand_kan(args: argparse.Namespace) -> int:
    from ..domain.hands import HandError, kan_after_riichi, kan_rule

    rs = named_ruleset(args)
    rule = args.rule or (kan_rule(rs) if rs is not None else "strict")
    red_fives = args.red_fives or (rs is not None and rs.scoring.red_fives)
    try:
        result = kan_after_riichi(
            args.riichi_hand, args.drawn, args.kan, args.earlier_kan, rule=rule, red_fives=red_fives
        )
    except HandError as exc:
        raise CliError(str(exc)) from None
    if args.json:
        print_json(result.to_json())
        return 0
    print(result.message)
    where = f" (rule set {rs.id})" if rs is not None and not args.rule else ""
    print(f"rule: {rule}{where}; waits of the riichi hand: {' '.join(result.waits_before) or 'none'}")
    return 0


def cmd_hand_win(args: argparse.Namespace) -> int:
    from ..domain.hands import HandError, WinOptions, check_win, win_options

    rs = named_ruleset(args)
    options = win_options(rs) if rs is not None else WinOptions()
    try:
        result = check_win(
            args.tiles,
            args.win_tile,
            args.meld,
            args.kan,
            tsumo=args.tsumo,
            riichi=args.riichi,
            double_riichi=args.double_riichi,
            ippatsu=args.ippatsu,
            last_tile=args.last_tile,
            rinshan=args.rinshan,
            chankan=args.chankan,
            seat_wind=args.seat_wind,
            round_wind=args.round_wind,
            counters=args.counters,
            dora=args.dora or "",
            ura_dora=args.ura_dora or "",
            options=options,
        )
    except HandError as exc:
        raise CliError(str(exc)) from None
    if args.json:
        out = result.to_json()
        out["ruleset"] = rs.id if rs is not None else None
        print_json(out)
        return 0
    print(result.message)
    for note in result.notes:
        print(f"note: {note}")
    return 0
