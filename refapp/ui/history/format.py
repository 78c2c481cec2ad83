"""History texts shared by the list and the detail page: every stored value said in words, in the language shown.

Times are shown in the device's local time. Values stored as ids (offences, ruling kinds, answers, void reasons,
who entered an event) are never shown as such: a value this version does not know (stored by a newer one) is said
as such.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QDate, QLocale, QTime

from ...domain.numbers import AmountKind, Shown, Unit, ruling_amount, shown
from ...domain.offences import OFFENCES, QUESTIONS
from ...domain.rules import RuleSet
from ...domain.stored import RulingKind, StoredEffect, StoredRuling
from ..common.texts import amount, answer_label, digits, offence_name, question_label, round_name, ruling_name, signed

if TYPE_CHECKING:
    from ...core.types import HistoryRow


def _local(at: str) -> datetime | None:
    try:
        when = datetime.fromisoformat(at)
    except ValueError:
        return None
    return when.astimezone() if when.tzinfo is not None else when


def time_text(at: str, today: datetime | None = None, long: bool = False) -> str:
    """``10:05`` for today (local time), ``22/11/2026 10:05`` for another day (or always with ``long``)."""
    when = _local(at)
    if when is None:
        return at
    loc = QLocale()
    clock = loc.toString(QTime(when.hour, when.minute), QLocale.FormatType.ShortFormat)
    if not long and today is not None and when.date() == today.date():
        return clock
    day = loc.toString(QDate(when.year, when.month, when.day), QLocale.FormatType.ShortFormat)
    return f"{day} {clock}"


def hand_text(row: HistoryRow) -> str:
    """``East 3``: the hand the event was entered in."""
    letter = str(row.get("round_wind") or "E")
    wind = "ESWN".index(letter) if letter in "ESWN" else 0
    return round_name(wind, int(row.get("hand") or 1))


def offence_text(offence: str | None) -> str:
    if not offence:
        return ""
    if offence in OFFENCES:
        return offence_name(offence)
    return QCoreApplication.translate("HistoryFormat", "An offence of a newer version")


def overall_unit_of(rs: RuleSet | None) -> int:
    """The rule set's overall unit (1 when the rule set is not known here: table points)."""
    return rs.results.overall_unit if rs is not None else 1


def said_amount(ruling: StoredRuling | None, rs: RuleSet | None) -> Shown | None:
    """What a stored ruling took from the offender, in its unit (:func:`refapp.domain.numbers.ruling_amount`; a
    chombo's mode is its hanchan's rule set's)."""
    if ruling is None or ruling.kind is None:
        return None
    mode = rs.chombo.mode if rs is not None else ""
    return ruling_amount(ruling.kind.value, ruling.amount, ruling.scope, mode, overall_unit_of(rs))


def ruling_text(row: HistoryRow, rulesets: Mapping[str, RuleSet]) -> str:
    """The applied ruling's name, with what it took from the offender: ``Point penalty 2,000`` (EMA),
    ``Chonbo 20 points`` (WRC)."""
    ruling = StoredEffect.from_json(row.get("ruling")).ruling
    if ruling is None:
        return ""
    if ruling.kind is None:
        return QCoreApplication.translate("HistoryFormat", "A ruling of a newer version")
    rs = rulesets.get(str(row.get("ruleset_id") or ""))
    name = ruling_name(ruling.kind.value, rs.chombo_word if rs else "chombo")
    said = said_amount(ruling, rs) if ruling.kind.is_penalty or ruling.kind is RulingKind.CHOMBO else None
    if said is not None:
        name = (
            QCoreApplication.translate("HistoryFormat", "%1 %2", "a penalty and its amount")
            .replace("%1", name)
            .replace("%2", amount(said))
        )
    return name


def answer_text(qid: str, value: Any, unit: Unit = Unit.TABLE_POINTS, overall_unit: int = 1) -> str:
    """A stored answer in words: yes/no, an amount (``unit``: the penalty's, with the rule set's ``overall_unit``),
    a choice's label."""
    if isinstance(value, bool):
        yes = QCoreApplication.translate("HistoryFormat", "Yes")
        no = QCoreApplication.translate("HistoryFormat", "No")
        return yes if value else no
    if qid == "amount" and isinstance(value, int):
        kind = AmountKind.OVERALL if unit is Unit.POINTS else AmountKind.TABLE
        return digits(shown(value, kind, overall_unit))
    if qid in QUESTIONS and isinstance(value, str):
        return answer_label(qid, value)
    return str(value)


def answer_line(qid: str, value: Any, unit: Unit = Unit.TABLE_POINTS, overall_unit: int = 1) -> str:
    """``• Was the hand revealed? Yes`` or ``• Minutes late: 7``; a penalty in the rule set's points says so
    (``• Penalty (points): 10``), as the referee entered it."""
    if qid not in QUESTIONS:
        return QCoreApplication.translate("HistoryFormat", "• An answer of a newer version: %1").replace(
            "%1", answer_text(qid, value)
        )
    label = question_label(qid)
    if qid == "amount" and unit is Unit.POINTS:
        label = QCoreApplication.translate("HistoryFormat", "Penalty (points)")
        value_text = answer_text(qid, value, unit, overall_unit)
        return (
            QCoreApplication.translate("HistoryFormat", "• %1: %2", "a question and its answer")
            .replace("%1", label)
            .replace("%2", value_text)
        )
    if label.endswith("?"):
        text = QCoreApplication.translate("HistoryFormat", "• %1 %2", "a question and its answer")
    else:
        text = QCoreApplication.translate("HistoryFormat", "• %1: %2", "a question and its answer")
    return text.replace("%1", label).replace("%2", answer_text(qid, value))


def by_text(by: str | None) -> str:
    """Who entered an event: the referee's name, the players (table mode), or the referee with no name given."""
    if by == "table":
        return QCoreApplication.translate("HistoryFormat", "the players (table mode)")
    if by == "referee":
        return QCoreApplication.translate("HistoryFormat", "the referee (no name given)")
    if not by:
        return QCoreApplication.translate("HistoryFormat", "not recorded")
    return by


def void_reason_text(reason: str) -> str:
    """A void's reason: one of the undo dialog's reasons in words, else as typed (a reason from the command line)."""
    texts = {
        "entered by mistake": QCoreApplication.translate("HistoryFormat", "entered by mistake"),
        "wrong seat": QCoreApplication.translate("HistoryFormat", "wrong seat"),
        "wrong value": QCoreApplication.translate("HistoryFormat", "wrong value"),
        "ruling revised": QCoreApplication.translate("HistoryFormat", "ruling revised"),
    }
    if not reason:
        return QCoreApplication.translate("HistoryFormat", "no reason given")
    return texts.get(reason, reason)


def extra_text(key: str, value: Fraction | int) -> str:
    """Points of another score moved by a ruling (league points, rating points)."""
    kind = {"league": AmountKind.LEAGUE, "rating": AmountKind.RATING}.get(key)
    if kind is not None:
        return amount(shown(value, kind), sign=True)
    return QCoreApplication.translate("HistoryFormat", "%1 other points").replace("%1", signed(value))
