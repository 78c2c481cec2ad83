"""Hand payments from han/fu or limits, through the ``mahjong`` package's ``ScoresCalculator``.

Counters (honba) and riichi sticks are not included here: the ledger adds them, because who pays and who receives
them depends on the rule set (multiple ron, pao).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator

from .events import LIMITS, HandValue
from .rules import Scoring

_EAST, _SOUTH = 27, 28
_KAZOE = {
    "yakuman": HandConstants.KAZOE_LIMITED,
    "sanbaiman": HandConstants.KAZOE_SANBAIMAN,
    "none": HandConstants.KAZOE_NO_LIMIT,
}


@dataclass(frozen=True, slots=True)
class Payment:
    """Base payments for one winner, before counters and sticks.

    ron: ``ron`` is what the discarder pays. tsumo: ``dealer`` is what the dealer pays (0 if the winner is the
    dealer), ``non_dealer`` what each non-dealer pays.
    """

    ron: int
    dealer: int
    non_dealer: int
    level: str

    def tsumo_total(self) -> int:
        return self.dealer + (2 if self.dealer else 3) * self.non_dealer


@lru_cache(maxsize=4096)
def _calc(han: int, fu: int, is_dealer: bool, tsumo: bool, yakuman: bool, kiriage: bool, kazoe: str) -> tuple:
    config = HandConfig(
        is_tsumo=tsumo,
        player_wind=_EAST if is_dealer else _SOUTH,
        options=OptionalRules(kiriage=kiriage, kazoe_limit=_KAZOE[kazoe], limit_to_sextuple_yakuman=True),
    )
    r = ScoresCalculator.calculate_scores(han=han, fu=fu, config=config, is_yakuman=yakuman)
    return r["main"], r["additional"], r["yaku_level"]


def hand_payment(value: HandValue, is_dealer: bool, scoring: Scoring) -> Payment:
    """What a hand of ``value`` is paid, for a dealer or non-dealer winner, under ``scoring``."""
    if value.points is not None:
        # ron: points is what the discarder pays; tsumo: what each non-dealer pays (+ dealer_points from the dealer)
        if is_dealer:
            return Payment(ron=value.points, dealer=0, non_dealer=value.points, level="points")
        dealer = value.dealer_points if value.dealer_points is not None else 2 * value.points
        return Payment(ron=value.points, dealer=dealer, non_dealer=value.points, level="points")
    return _table_payment(
        value.han, value.fu, value.limit, value.yakuman, is_dealer, scoring.kiriage, scoring.kazoe_limit,
        scoring.max_yakuman,
    )  # fmt: skip


@lru_cache(maxsize=4096)
def _table_payment(
    han: int | None, fu: int | None, limit: str | None, multiple: int, is_dealer: bool, kiriage: bool, kazoe: str,
    max_yakuman: int,
) -> Payment:  # fmt: skip
    """The payment of a han/fu or limit hand (cached: a tournament meets a few hundred distinct values)."""
    yakuman = False
    if limit is not None:
        han, fu = LIMITS[limit], 30
        if limit == "yakuman":
            yakuman = True
            han = 13 * min(multiple, max_yakuman)
    else:
        han, fu = han or 0, fu or 30
        if han >= 13 and kazoe == "yakuman":
            han = 13  # a counted yakuman is never a double
    ron_main, _, level = _calc(han, fu, is_dealer, False, yakuman, kiriage, kazoe)
    main, additional, _ = _calc(han, fu, is_dealer, True, yakuman, kiriage, kazoe)
    if is_dealer:
        return Payment(ron=ron_main, dealer=0, non_dealer=main, level=level)
    return Payment(ron=ron_main, dealer=main, non_dealer=additional, level=level)
