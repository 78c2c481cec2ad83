"""The options of Japanese-style clubs the ledger folds with: nagashi mangan, extra rounds until someone reaches a
target, and what keeps the deal with the dealer (``dealer_repeat``). Pure functions of the rule set and the table;
the ledger (:mod:`.ledger`) applies what they decide. The readings are in docs/rulings.md, "Japanese-style house
rules".
"""

from __future__ import annotations

from collections.abc import Sequence

from .events import HandValue
from .rules import GameEnd, Scoring
from .scoring import hand_payment

# Why a hanchan ended by itself (kept in the state as ``end_reason``; refapp.domain.standings.EndReason).
LAST_HAND = "last hand played"
DEALER_LEADING = "dealer leading in the last hand"
TARGET_REACHED = "target reached"
EXTRA_ROUNDS_OVER = "extra rounds played"

_MANGAN = HandValue(limit="mangan")


def keeps_deal(game: GameEnd, *, won: bool = False, tenpai: bool = False) -> bool:
    """Whether the dealer keeps the deal after a hand the dealer won (``won``), or after an exhaustive draw where
    the dealer was tenpai (``tenpai``), under ``game.dealer_repeat``."""
    repeat = game.dealer_repeat
    if won:
        return repeat in ("win_or_tenpai", "win")
    if tenpai:
        return repeat in ("win_or_tenpai", "tenpai")
    return False


def nagashi_payments(seats: Sequence[int], dealer: int, scoring: Scoring) -> list[tuple[int, int, int]]:
    """(payer, payee, amount) for each nagashi mangan at an exhaustive draw: each is paid as a mangan tsumo by the
    three others (a dealer's: 4,000 from each; a non-dealer's: 4,000 from the dealer and 2,000 from each other),
    from the scoring library like any hand. Several at once are each paid in full."""
    out = []
    for seat in seats:
        pay = hand_payment(_MANGAN, seat == dealer, scoring)
        for other in range(4):
            if other != seat:
                out.append((other, seat, pay.dealer if other == dealer else pay.non_dealer))
    return out


def in_extra_round(game: GameEnd, round_wind: int) -> bool:
    """Whether ``round_wind`` (0 = East) is a wind played beyond the rule set's rounds."""
    return game.extra_rounds is not None and round_wind >= game.rounds


def last_wind(game: GameEnd) -> int:
    """The last wind that may be played (0 = East): the rule set's last round, or its last extra wind."""
    return game.rounds - 1 + (game.extra_rounds.winds if game.extra_rounds is not None else 0)


def at_target(game: GameEnd, scores: Sequence[int]) -> list[int]:
    """The seats at or above the extra rounds' target (none without extra rounds)."""
    x = game.extra_rounds
    if x is None:
        return []
    return [i for i, s in enumerate(scores) if s >= x.target]


def game_end(game: GameEnd, round_wind: int, hand: int, dealer: int, scores: Sequence[int], keeps: bool) -> str | None:
    """Why the game ends with the hand just played (``keeps``: the dealer keeps the deal), or None when it goes on.

    * In an extra wind with sudden death, the game ends as soon as a hand ends with someone at the target.
    * At the end of the last round (or of an extra wind), the deal passing on: the game ends, unless the rule set
      has extra rounds, nobody is at the target and a wind is left to play.
    * The dealer of such a last hand keeps the deal: where the rule set stops the game when that dealer leads alone,
      it stops (with extra rounds, only when the dealer is at the target: otherwise the game could not end here).
    """
    x = game.extra_rounds
    extra = in_extra_round(game, round_wind)
    reached = bool(at_target(game, scores))
    if extra and x is not None and x.sudden_death and reached:
        return TARGET_REACHED
    if hand != 4 or round_wind < game.rounds - 1:
        return None
    if not keeps:
        if x is None:
            return LAST_HAND
        if reached:
            return TARGET_REACHED if extra else LAST_HAND
        if round_wind >= last_wind(game):
            return EXTRA_ROUNDS_OVER
        return None
    if game.dealer_leading_stop:
        top = max(scores)
        leaders = [i for i, s in enumerate(scores) if s == top]
        if leaders == [dealer] and (x is None or top >= x.target):
            return DEALER_LEADING
    return None


__all__ = [
    "DEALER_LEADING",
    "EXTRA_ROUNDS_OVER",
    "LAST_HAND",
    "TARGET_REACHED",
    "at_target",
    "keeps_deal",
    "game_end",
    "in_extra_round",
    "last_wind",
    "nagashi_payments",
]
