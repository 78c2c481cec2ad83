"""What the ruling pages say when an answer is missing or the ledger refuses an entry: the referee's words, never a
field name, an offence id, a rule-set id or a seat number."""

from __future__ import annotations

from PySide6.QtCore import QObject

from ...domain.events import LogError
from ...domain.offences import MAX_AMOUNT
from ...domain.rulings import Amounts
from ...domain.table import TableState
from ..common.texts import overall_amount


def amount_text(amount: int, unit: int) -> str:
    """A penalty as the referee enters it: table points, or overall points where 1 point = ``unit``."""
    return overall_amount(amount, unit)


class RulingWords(QObject):
    def missing(self, qid: str, amounts: Amounts | None = None, unit: int = 1, presets: bool = False) -> str:
        """The mark under an unanswered question (``presets``: the usual amounts are offered as buttons)."""
        if qid == "amount" and amounts is not None:
            if amounts.values:
                shown = [amount_text(a, unit) for a in amounts.values]
                if len(shown) > 1:
                    listed = self.tr("%1 or %2").replace("%1", ", ".join(shown[:-1])).replace("%2", shown[-1])
                else:
                    listed = shown[0]
                return self.tr("Choose the penalty: %1.").replace("%1", listed)
            if amounts.high >= MAX_AMOUNT:  # no cap (WRC): only the guard against a typing mistake
                text = (
                    self.tr("Choose the penalty, or set it with − and +: from %1, in steps of %3.")
                    if presets
                    else self.tr("Set the penalty: from %1, in steps of %3.")
                )
            else:
                text = (
                    self.tr("Choose the penalty, or set it with − and +: %1 to %2, in steps of %3.")
                    if presets
                    else self.tr("Set the penalty: %1 to %2, in steps of %3.")
                )
            return (
                text.replace("%1", amount_text(amounts.low, unit))
                .replace("%2", amount_text(amounts.high, unit))
                .replace("%3", amount_text(amounts.step, unit))
            )
        texts = {
            "reason": self.tr("Choose the reason."),
            "tiles_shown": self.tr("Choose which tiles were shown."),
            "source": self.tr("Choose where the tiles came from."),
            "phase": self.tr("Choose when it happened."),
            "decision": self.tr("Choose your decision."),
            "cause": self.tr("Choose the offence the dead hand is for."),
            "count": self.tr("Set the number of tiles."),
            "minutes": self.tr("Set the minutes late."),
        }
        return texts.get(qid, self.tr("Answer this question."))

    def hint(self) -> str:
        return self.tr("Answer the question marked above to see the preview.")

    def refusal(self, exc: LogError, state: TableState | None, seat: int, substitute: str = "") -> str:
        """Why the ledger refused an incident, in the referee's words."""
        player = state.seats[seat].player if state is not None and 0 <= seat < len(state.seats) else ""
        field = exc.field
        if (state is not None and state.game_over) or field in ("type", "offence"):
            return self.tr("The hanchan is over: this ruling needs a hand in play. Start the next hanchan first.")
        if field == "seat" and state is not None:
            s = state.seats[seat]
            if s.substitute:
                return self.tr("%1's seat is already played by a substitute.").replace("%1", player)
            if not s.riichi:
                return self.tr("%1 has not declared riichi in this hand: this offence needs a riichi.").replace(
                    "%1", player
                )
        if field == "substitute":
            return self.tr("%1 already plays at this table: type another name.").replace("%1", substitute.strip())
        if field.startswith("answers."):
            return self.tr("An answer is missing or not allowed by the rule set: check the questions.")
        return self.tr("The rule set does not allow this entry here.")


_WORDS: RulingWords | None = None


def words() -> RulingWords:
    """The one instance (its texts are translated at each call)."""
    global _WORDS
    if _WORDS is None:
        _WORDS = RulingWords()
    return _WORDS
