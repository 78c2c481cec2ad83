"""Everything the screens say about the domain, translated at display time.

The domain holds ids and English texts marked with QT_TRANSLATE_NOOP (contexts "Offence", "Group", "Question",
"Answer", "Ruling"); rule-set files hold English notes and explanations, translated in the "RuleSetText" context
(see docs/translations.md). Amounts are shown through :mod:`refapp.domain.numbers` (which unit each kind of amount
is shown in) with the digits of the current language (30,000 / 30 000): :func:`points`, :func:`signed` and
:func:`amount` are the screens' one way to write an amount.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from PySide6.QtCore import QCoreApplication, QLocale, QObject

from ...domain import numbers
from ...domain.numbers import AmountKind, Shown, Unit, in_unit, shown
from ...domain.offences import (
    CHOICES,
    GROUPS,
    OFFENCES,
    OTHER_CAUSE,
    OTHER_CAUSE_LABEL,
    PAO_HANDS,
    PAO_TRIGGERS,
    QUESTIONS,
    RULING_NAMES,
    STATUS_BADGES,
)

MINUS = "\u2212"  # a true minus sign: −12,000


def _digits(n: int | float) -> str:
    """The digits of a number ≥ 0 in the current language (30,000 / 30 000; 12.50 / 12,50)."""
    loc = QLocale()
    return loc.toString(n) if isinstance(n, int) else loc.toString(float(n), "f", 2)


def points(value: float | int | Fraction) -> str:
    """Table points for the current language (30,000 / 30 000), negative with a true minus sign (−12,000)."""
    return shown(value).digits(_digits, minus=MINUS)


def signed(value: float | int | Fraction) -> str:
    """A change of table points: +4,000 / −2,000 / 0."""
    return shown(value).digits(_digits, minus=MINUS, sign=True)


def digits(value: Shown, sign: bool = False) -> str:
    """An amount's digits in its unit, without the unit (a table's cell, under a head that names the unit)."""
    return value.digits(_digits, minus=MINUS, sign=sign)


def amount(value: Shown, sign: bool = False) -> str:
    """An amount in its unit, with the unit's name when it is not table points: ``20 points``, ``−1 point``,
    ``+2 league points``, ``20,000``."""
    text = value.digits(_digits, minus=MINUS, sign=sign)
    unit = value.unit
    if unit is Unit.POINTS:
        if value.singular:
            return QCoreApplication.translate("Preview", "%1 point").replace("%1", text)
        return QCoreApplication.translate("Preview", "%1 points").replace("%1", text)
    if unit is Unit.RATING_POINTS:
        return QCoreApplication.translate("HistoryFormat", "%1 rating points").replace("%1", text)
    if unit is Unit.LEAGUE_POINTS:
        return QCoreApplication.translate("HistoryFormat", "%1 league points").replace("%1", text)
    return text


def headed(head: str, unit: Unit) -> str:
    """A column's head with the unit of its amounts when it is not table points: ``Overall (points)``."""
    if unit is Unit.POINTS:
        return QCoreApplication.translate("Amount", "%1 (points)", "a column of amounts in points").replace("%1", head)
    return head


def overall_amount(value: float | int | Fraction, unit: int) -> str:
    """An amount of the overall score (table points) in the rule set's unit: 20 points (WRC, 1 point = 1,000), else
    table points."""
    return amount(shown(value, AmountKind.OVERALL, unit))


def overall_unit(unit: int) -> Unit:
    """The unit overall scores are shown in under a rule set whose ``overall_unit`` is ``unit``."""
    return in_unit(0, AmountKind.OVERALL, unit).unit


def ruling_amount(kind: str, value: int, scope: str, chombo_mode: str, unit: int) -> str:
    """What a ruling takes from the offender (table points, as stored) in its unit: ``10 points`` (WRC),
    ``2,000`` (EMA); ``""`` when the ruling has none to say (:func:`refapp.domain.numbers.ruling_amount`)."""
    said = numbers.ruling_amount(kind, value, scope, chombo_mode, unit)
    return amount(said) if said is not None else ""


def wind(letter: str) -> str:
    return {
        "E": QCoreApplication.translate("Wind", "East"),
        "S": QCoreApplication.translate("Wind", "South"),
        "W": QCoreApplication.translate("Wind", "West"),
        "N": QCoreApplication.translate("Wind", "North"),
    }[letter]


def round_name(round_wind: int, hand: int) -> str:
    return (
        QCoreApplication.translate("Board", "%1 %2")
        .replace("%1", wind("ESWN"[min(round_wind, 3)]))
        .replace("%2", str(hand))
    )


def offence_name(offence_id: str) -> str:
    return QCoreApplication.translate("Offence", OFFENCES[offence_id].name)


def group_name(group: str) -> str:
    return QCoreApplication.translate("Group", GROUPS[group])


def question_label(qid: str) -> str:
    return QCoreApplication.translate("Question", QUESTIONS[qid].label)


def answer_label(qid: str, key: str) -> str:
    if qid == "decision":
        return ruling_name(key)
    if qid == "cause":  # a dead hand's offence
        if key in OFFENCES:
            return offence_name(key)
        return QCoreApplication.translate("Answer", OTHER_CAUSE_LABEL) if key == OTHER_CAUSE else key
    keys = CHOICES.get(qid, ())
    labels = QUESTIONS[qid].options
    if key in keys and len(labels) == len(keys):
        return QCoreApplication.translate("Answer", labels[keys.index(key)])
    return key


def ruling_name(kind: str, chombo_word: str = "chombo") -> str:
    if kind == "chombo" and chombo_word == "chonbo":
        return QCoreApplication.translate("Ruling", "Chonbo")
    return QCoreApplication.translate("Ruling", RULING_NAMES[kind])


def status_badge(status: str | None) -> str:
    """The translated badge of a ruling's source status ("" when verified)."""
    text = STATUS_BADGES.get(status or "verified", "")
    return QCoreApplication.translate("Status", text) if text else ""


def pao_hand_name(hand: str) -> str:
    return QCoreApplication.translate("Pao", PAO_HANDS[hand]) if hand in PAO_HANDS else hand


def ruleset_text(text: str) -> str:
    """A note, explanation or citation from a rule-set file, translated if the translation file has it."""
    return QCoreApplication.translate("RuleSetText", text) if text else ""


def club_rule_text(club: str) -> str:
    """Where a ruling a club file changed without a citation comes from, said instead of a rule book's citation
    ("Club rule (Our club)"): the rule book's section it inherited does not back it."""
    return QCoreApplication.translate("Citation", "Club rule (%1)").replace("%1", ruleset_text(club))


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 11th, 21st... in the current language (for "warning": French "1er", "2e"). Each language
    translates the first and the four English endings ("%1st", "%1nd", "%1rd", "%1th")."""
    if n == 1:
        return QCoreApplication.translate("Ordinal", "1st")
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        text = QCoreApplication.translate("Ordinal", "%1th")
    elif n % 10 == 1:
        text = QCoreApplication.translate("Ordinal", "%1st")
    elif n % 10 == 2:
        text = QCoreApplication.translate("Ordinal", "%1nd")
    else:
        text = QCoreApplication.translate("Ordinal", "%1rd")
    return text.replace("%1", str(n))


def dead_hand_rest(who: str, kw: dict[str, Any]) -> list[str]:
    """What a dead hand means for the rest of the hand (the ledger's ``dead_hand_rest``), sentence by sentence."""
    out = [
        QCoreApplication.translate(
            "Preview",
            "For the rest of this hand %1 draws and discards but may not call chii, pon or kan, declare riichi or win.",
        ).replace("%1", who)
    ]
    if kw.get("nagashi"):
        out.append(QCoreApplication.translate("Preview", "%1 cannot make nagashi mangan.").replace("%1", who))
    if kw.get("noten_payment"):
        out.append(
            QCoreApplication.translate(
                "Preview", "At an exhaustive draw %1 is noten: %1 pays the noten payments if another player is tenpai."
            ).replace("%1", who)
        )
    else:
        out.append(QCoreApplication.translate("Preview", "At an exhaustive draw %1 is noten.").replace("%1", who))
    if kw.get("dealer"):
        out.append(
            QCoreApplication.translate("Preview", "%1 is the dealer: at an exhaustive draw the deal passes.").replace(
                "%1", who
            )
        )
    return out


def line_text(key: str, kw: dict[str, Any], name_of: Callable[[int], str]) -> str | None:
    """One line of a ruling's explanation (see the ledger's ``_say`` keys); None for lines shown elsewhere."""
    seat = kw.get("seat")
    who = name_of(seat) if seat is not None else ""
    if key == "chombo_voided_by_win":
        if kw.get("word") == "chonbo":
            return QCoreApplication.translate(
                "Preview", "The chonbo is voided: another player won at the same moment. Score the win."
            )
        return QCoreApplication.translate(
            "Preview", "The chombo is voided: another player won at the same moment. Score the win."
        )
    if key == "riichi_voided":
        return QCoreApplication.translate("Preview", "%1's riichi is void: the bet goes back.").replace("%1", who)
    if key == "warning_number" and kw.get("elsewhere"):  # counted with the warnings at other tables
        return (
            _counts()
            .warnings_elsewhere(int(kw["elsewhere"]), kw.get("scope") == "session")
            .replace("%1", who)
            .replace("%2", ordinal(kw["number"]))
        )
    if key == "ladder_elsewhere":
        return (
            _counts()
            .steps_elsewhere(int(kw["elsewhere"]), kw.get("scope") == "session")
            .replace("%1", who)
            .replace("%2", ordinal(kw["step"]))
        )
    if key == "warning_number":
        return (
            QCoreApplication.translate("Preview", "This is %1's %2 warning.")
            .replace("%1", who)
            .replace("%2", ordinal(kw["number"]))
        )
    if key == "ladder_dead_hand":
        return (
            QCoreApplication.translate("Preview", "%1's %2 call offence: a dead hand, not a warning.")
            .replace("%1", who)
            .replace("%2", ordinal(kw["step"]))
        )
    if key == "late_penalty_replaced":
        return (
            QCoreApplication.translate(
                "Preview", "%1's lateness penalty (%2) is replaced by the missed-hanchan penalty: not cumulative."
            )
            .replace("%1", who)
            .replace("%2", overall_amount(kw["amount"], kw.get("unit", 1)))
        )
    if key == "already_dead":
        return QCoreApplication.translate("Preview", "%1 already has a dead hand.").replace("%1", who)
    if key == "dead_hand_rest":
        return " ".join(dead_hand_rest(who, kw))
    if key == "stick_stays":
        return QCoreApplication.translate(
            "Preview", "%1's riichi stick stays on the table for the next winner."
        ).replace("%1", who)
    if key == "chombo_mangan":
        if kw.get("dealer"):
            return (
                QCoreApplication.translate("Preview", "%1 (dealer) pays %2 to each player.")
                .replace("%1", who)
                .replace("%2", points(kw["to_dealer"]))
            )
        return (
            QCoreApplication.translate("Preview", "%1 pays %2 to the dealer and %3 to each other player.")
            .replace("%1", who)
            .replace("%2", points(kw["to_dealer"]))
            .replace("%3", points(kw["to_other"]))
        )
    if key == "chombo_each":
        return (
            QCoreApplication.translate("Preview", "%1 pays %2 to each player.")
            .replace("%1", who)
            .replace("%2", points(kw["amount"]))
        )
    if key == "chombo_overall":
        return (
            QCoreApplication.translate("Preview", "%1 loses %2 from the overall score; the table scores do not change.")
            .replace("%1", who)
            .replace("%2", overall_amount(kw["amount"], kw.get("unit", 1)))
        )
    if key == "chombo_after_uma":
        return (
            QCoreApplication.translate(
                "Preview", "%1 loses %2 from the hanchan result, after uma; the table scores do not change."
            )
            .replace("%1", who)
            .replace("%2", overall_amount(kw["amount"], kw.get("unit", 1)))
        )
    if key == "league_points":
        return _counts().league_points(int(kw["points"])).replace("%1", who)
    if key == "rating_penalty":
        return _counts().rating_points(int(kw["points"])).replace("%1", who)
    if key == "sticks_returned":
        names = ", ".join(name_of(s) for s in kw["seats"])
        return QCoreApplication.translate("Preview", "Riichi bets of this hand go back: %1.").replace("%1", names)
    if key == "redeal":
        return QCoreApplication.translate("Preview", "The same hand is re-dealt: no counter added, the dealer stays.")
    if key == "penalty_table":
        return (
            QCoreApplication.translate("Preview", "%1 loses %2 from the table score; nobody receives it.")
            .replace("%1", who)
            .replace("%2", points(kw["amount"]))
        )
    if key == "penalty_overall":
        return (
            QCoreApplication.translate("Preview", "%1 loses %2 from the overall score; the table scores do not change.")
            .replace("%1", who)
            .replace("%2", overall_amount(kw["amount"], kw.get("unit", 1)))
        )
    if key == "substitute":
        name = kw.get("name") or ""
        if kw.get("last"):
            text = QCoreApplication.translate("Preview", "A substitute plays %1's seat and takes the last uma.")
        else:
            text = QCoreApplication.translate(
                "Preview", "A substitute plays %1's seat; the substitute's result is not ranked."
            )
        text = text.replace("%1", who)
        if name:
            text += " " + QCoreApplication.translate("Preview", "Substitute: %1.").replace("%1", name)
        return text
    if key == "disqualified":
        return QCoreApplication.translate("Preview", "%1 is disqualified from the tournament.").replace("%1", who)
    if key == "head_bump":  # who won, and each caller bumped by name (never "won")
        if kw.get("discarder") is None:
            text = QCoreApplication.translate("Preview", "Head bump: %1 wins, the first from the discarder's right.")
        else:
            text = QCoreApplication.translate("Preview", "Head bump: %1 wins, the first from %2's right.").replace(
                "%2", name_of(kw["discarder"])
            )
        parts = [text.replace("%1", who)]
        for s in kw.get("skipped") or []:
            parts.append(
                QCoreApplication.translate("Preview", "%1 is bumped and receives nothing.").replace("%1", name_of(s))
            )
        return " ".join(parts)
    if key == "pao_split":
        return (
            QCoreApplication.translate("Preview", "Liability: %1 pays half of %2's hand.")
            .replace("%1", name_of(kw["liable"]))
            .replace("%2", who)
        )
    if key == "pao_hand":
        trigger = PAO_TRIGGERS.get(kw["hand"], "")
        return (
            QCoreApplication.translate("Preview", "Liability for %1: the liable player %2.")
            .replace("%1", pao_hand_name(kw["hand"]))
            .replace("%2", QCoreApplication.translate("Pao", trigger))
        )
    if key in ("pao_full", "pao_tsumo"):
        return (
            QCoreApplication.translate("Preview", "Liability: %1 pays %2's hand.")
            .replace("%1", name_of(kw["liable"]))
            .replace("%2", who)
        )
    if key == "sticks_to_winner":
        return _counts().sticks_taken(int(kw["sticks"])).replace("%1", who)
    if key == "dead_hand_noten":
        return QCoreApplication.translate("Preview", "%1 has a dead hand: noten at the draw.").replace("%1", who)
    if key == "bankruptcy":
        return QCoreApplication.translate("Preview", "A score is below zero: the game ends.")
    if key == "dealer_leading_stop":
        return QCoreApplication.translate("Preview", "The dealer leads in the last hand: the game ends.")
    if key == "dealer_no_repeat":
        return QCoreApplication.translate(
            "Preview", "%1 is the dealer but does not keep the deal under this rule set."
        ).replace("%1", who)
    if key == "extra_round":
        return (
            QCoreApplication.translate("Preview", "Nobody has reached %1: the game goes on into %2, an extra round.")
            .replace("%1", points(kw["target"]))
            .replace("%2", wind("ESWN"[min(int(kw["wind"]), 3)]))
        )
    if key == "target_reached":
        reached = [name_of(s) for s in kw["seats"]]
        text = (
            QCoreApplication.translate("Preview", "%1 has reached %2: the game ends.")
            if len(reached) == 1
            else QCoreApplication.translate("Preview", "%1 have reached %2: the game ends.")
        )
        return text.replace("%1", ", ".join(reached)).replace("%2", points(kw["target"]))
    if key == "extra_rounds_over":
        return QCoreApplication.translate(
            "Preview", "The extra rounds are over and nobody reached %1: the game ends."
        ).replace("%1", points(kw["target"]))
    if key == "leftover_to_winner":
        return _counts().leftover_to_winner(int(kw["sticks"]))
    if key == "leftover_lost":
        return _counts().leftover_lost(int(kw["sticks"]))
    if key == "void":
        return QCoreApplication.translate("Preview", "The entry is cancelled (kept in the history as voided).")
    return None


class Preview(QObject):
    """The preview's counts, as plural forms ("1 league point", "2 league points"; "1 point de ligue", "2 points de
    ligue"). A QObject's ``tr`` with a count is what the translation tools collect as a plural (a
    ``QCoreApplication.translate`` call with a count is not); the class name is the context of these texts."""

    def league_points(self, n: int) -> str:
        return self.tr("%1 loses %n league point(s).", "", n)

    def rating_points(self, n: int) -> str:
        return self.tr("%1 loses %n rating point(s) (offline).", "", n)

    def sticks_taken(self, n: int) -> str:
        return self.tr("%1 takes %n riichi stick(s).", "", n)

    def leftover_to_winner(self, n: int) -> str:
        return self.tr("The %n riichi stick(s) left on the table go to the winner.", "", n)

    def leftover_lost(self, n: int) -> str:
        return self.tr("The %n riichi stick(s) left on the table are lost.", "", n)

    def warnings_elsewhere(self, n: int, session: bool) -> str:
        """``n`` warnings at the tournament's other tables, recorded with the incident (docs/rulings.md)."""
        if session:
            return self.tr("%n earlier warning(s) for %1 at other tables this session: this is the %2 warning.", "", n)
        return self.tr(
            "%n earlier warning(s) for %1 at other tables in this tournament: this is the %2 warning.", "", n
        )

    def steps_elsewhere(self, n: int, session: bool) -> str:
        """``n`` call offences of the warning ladder at the tournament's other tables, recorded with the incident."""
        if session:
            return self.tr("%n earlier call offence(s) for %1 at other tables this session: this is the %2.", "", n)
        return self.tr("%n earlier call offence(s) for %1 at other tables in this tournament: this is the %2.", "", n)


_COUNTS: Preview | None = None


def _counts() -> Preview:
    global _COUNTS
    if _COUNTS is None:
        _COUNTS = Preview()
    return _COUNTS
