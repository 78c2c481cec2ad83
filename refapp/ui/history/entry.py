"""One stored entry in words, part by part: what the History page's detail shows and what an incident report
prints (:mod:`refapp.ui.report`), from the same functions, so both say the same thing in the same words.

Each function returns translated text for the language installed now (the texts' context is "DetailPage": the page
these words were first written for). Values come from a history row (:mod:`refapp.store.history`), its typed stored
effect (:class:`refapp.domain.stored.StoredEffect`) and the rule set of its hanchan.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from ...domain.numbers import AmountKind, Unit, in_unit, ruling_amount_kind, shown
from ...domain.offences import QUESTIONS
from ...domain.rules import RuleSet
from ...domain.rulings import questions_for
from ...domain.stored import RulingKind, StoredEffect, StoredRuling
from ..common.texts import (
    amount,
    club_rule_text,
    digits,
    headed,
    overall_unit,
    points,
    round_name,
    ruleset_text,
    ruling_name,
    signed,
)
from .format import (
    answer_line,
    by_text,
    extra_text,
    hand_text,
    offence_text,
    overall_unit_of,
    ruling_text,
    said_amount,
    time_text,
    void_reason_text,
)

if TYPE_CHECKING:
    from ...core.types import HistoryRow, VoidInfo

Names = Callable[[int], str]


def seat_name(names: tuple[str, ...] | list[str]) -> Names:
    """The name of a seat (0-3) among the hanchan's players, else "Seat 2"."""

    def name(seat: int) -> str:
        return (
            names[seat]
            if 0 <= seat < len(names)
            else QCoreApplication.translate("DetailPage", "Seat %1").replace("%1", str(seat + 1))
        )

    return name


def title(row: HistoryRow) -> str:
    """``Point penalty — Cyd``: the offence and the player."""
    return (
        QCoreApplication.translate("DetailPage", "%1 — %2")
        .replace("%1", offence_text(row.get("offence")))
        .replace("%2", row.get("player") or "")
    )


def void_text(void: VoidInfo | None) -> str:
    """``VOIDED on 22/11/2026 10:21 by Marie: entered twice`` (``VOIDED`` when the void is not known); an entry set
    aside by the resolution of a conflict between devices says so."""
    if void is None:
        return QCoreApplication.translate("DetailPage", "VOIDED")
    if void.set_aside:  # a branch of a conflict between two devices that the head referee did not keep
        return (
            QCoreApplication.translate("DetailPage", "SET ASIDE on %1 by %2 (a conflict between devices): %3")
            .replace("%1", time_text(void.at, long=True))
            .replace("%2", by_text(void.by))
            .replace("%3", void.reason or void_reason_text(""))
        )
    return (
        QCoreApplication.translate("DetailPage", "VOIDED on %1 by %2: %3")
        .replace("%1", time_text(void.at, long=True))
        .replace("%2", by_text(void.by))
        .replace("%3", void_reason_text(void.reason))
    )


def ruling_line(row: HistoryRow, rulesets: Mapping[str, RuleSet]) -> str:
    """The ruling applied, with its amount and scope: ``Point penalty — 2,000 (table score)``, ``Chombo — 20,000
    from the hanchan result, after uma``; ``""`` for an entry without a ruling."""
    effect = StoredEffect.from_json(row.get("ruling"))
    ruling = effect.ruling
    if ruling is None:
        return ""
    rs = rulesets.get(str(row.get("ruleset_id") or ""))
    kind = ruling.kind
    said = said_amount(ruling, rs)
    if kind is RulingKind.POINT_PENALTY:
        scope = (
            QCoreApplication.translate("DetailPage", "overall score")
            if ruling.overall_scope
            else QCoreApplication.translate("DetailPage", "table score")
        )
        return (
            QCoreApplication.translate("DetailPage", "%1 — %2 (%3)")
            .replace("%1", ruling_name(kind.value))
            .replace("%2", amount(said) if said is not None else points(ruling.amount))
            .replace("%3", scope)
        )
    if kind is RulingKind.CHOMBO and rs is not None and said is not None:
        where = (
            QCoreApplication.translate("DetailPage", "from the overall score")
            if rs.chombo.mode == "overall_points"
            else QCoreApplication.translate("DetailPage", "from the hanchan result, after uma")
        )
        return (
            QCoreApplication.translate("DetailPage", "%1 — %2 %3")
            .replace("%1", ruling_name(kind.value, rs.chombo_word))
            .replace("%2", amount(said))
            .replace("%3", where)
        )
    return ruling_text(row, rulesets)


def remark_lines(ruling: StoredRuling | None) -> list[str]:
    """The warning's number for this player (with what it counted at other tables), a chombo voided by a
    simultaneous win."""
    out = []
    if ruling is not None and ruling.warning_number:
        out.append(
            QCoreApplication.translate("DetailPage", "Warning number %1 for this player.").replace(
                "%1", str(ruling.warning_number)
            )
        )
    if ruling is not None and ruling.elsewhere_warnings:
        out.append(
            QCoreApplication.translate(
                "DetailPage", "Warnings at other tables counted in it (as recorded when it was entered): %1."
            ).replace("%1", str(ruling.elsewhere_warnings))
        )
    if ruling is not None and ruling.elsewhere_steps:
        out.append(
            QCoreApplication.translate(
                "DetailPage",
                "Call offence number %1 for this player, %2 of them at other tables (as recorded when it was entered).",
            )
            .replace("%1", str(ruling.ladder_step))
            .replace("%2", str(ruling.elsewhere_steps))
        )
    if ruling is not None and ruling.voided_by_win:
        out.append(QCoreApplication.translate("DetailPage", "Voided by a simultaneous win."))
    return out


def when_text(row: HistoryRow) -> str:
    return QCoreApplication.translate("DetailPage", "When: %1").replace("%1", time_text(row["at"], long=True))


def where_text(row: HistoryRow) -> str:
    return (
        QCoreApplication.translate("DetailPage", "Where: table %1, hanchan %2, %3, counters: %4")
        .replace("%1", str(row.get("table")))
        .replace("%2", str(row.get("hanchan")))
        .replace("%3", hand_text(row))
        .replace("%4", str(row.get("counters") or 0))
    )


def entered_by_text(row: HistoryRow) -> str:
    return QCoreApplication.translate("DetailPage", "Entered by: %1").replace("%1", by_text(row.get("referee")))


def ruleset_line(rs: RuleSet) -> str:
    return QCoreApplication.translate("DetailPage", "Rule set: %1").replace("%1", ruleset_text(rs.name))


def answers_heading() -> str:
    return QCoreApplication.translate("DetailPage", "Answers:")


def answer_lines(row: HistoryRow, rs: RuleSet | None) -> list[str]:
    """The referee's answers, one line each, in the order the questions were asked (``• Was the hand revealed?
    Yes``); ``[]`` when there were none."""
    answers = row.get("answers") or {}
    order = list(QUESTIONS)
    if rs is not None and row.get("offence") in rs.offences:
        order = questions_for(rs, str(row["offence"])) + order  # as the referee was asked
    # a penalty's amount in the unit it was entered in: the applied penalty's (else the rule set's) score
    ruling = StoredEffect.from_json(row.get("ruling")).ruling
    scope = ruling.scope if ruling is not None and ruling.scope else (rs.penalties.scope if rs is not None else "")
    unit = overall_unit_of(rs)
    shown_in = in_unit(0, ruling_amount_kind("point_penalty", scope), unit).unit
    return [
        answer_line(qid, answers[qid], shown_in, unit)
        for qid in sorted(answers, key=lambda q: order.index(q) if q in order else len(order))
    ]


def hand_line(hand: str) -> str:
    return QCoreApplication.translate("DetailPage", "Hand: %1").replace("%1", hand)


def no_points_text() -> str:
    return QCoreApplication.translate("DetailPage", "No points moved.")


def transfer_rows(effect: StoredEffect, name: Names, unit: int = 1) -> list[list[str]]:
    """Who paid whom: the header, then one row per seat (table score, and the overall and other scores when one
    moved: the overall score in the rule set's unit, ``unit`` table points per point); ``[]`` when no points
    moved."""
    if not effect.moved_points:
        return []
    transfers, overall, extra = effect.transfers, effect.overall, effect.extra
    show_overall, show_extra = any(overall), any(any(e.values()) for e in extra)
    head = [QCoreApplication.translate("DetailPage", "Player"), QCoreApplication.translate("DetailPage", "Table score")]
    if show_overall:
        head.append(headed(QCoreApplication.translate("DetailPage", "Overall score"), overall_unit(unit)))
    if show_extra:
        head.append(QCoreApplication.translate("DetailPage", "Other"))
    rows = [head]
    for i in range(max(len(transfers), len(overall))):
        row = [name(i), signed(transfers[i] if i < len(transfers) else 0)]
        if show_overall:
            row.append(digits(shown(overall[i] if i < len(overall) else 0, AmountKind.OVERALL, unit), sign=True))
        if show_extra:
            e = extra[i] if i < len(extra) else {}
            row.append(", ".join(extra_text(k, v) for k, v in e.items() if v))
        rows.append(row)
    return rows


def fact_lines(effect: StoredEffect, name: Names, unit: int = 1) -> list[str]:
    """What else the entry did, each only when it changed something: points that left the table, riichi sticks,
    bets returned, counters, dealer, a re-deal, the end of the hanchan or the next hand. (``unit``: the rule set's
    overall unit; where it is not table points, table points are called so.)"""
    out: list[str] = []
    if effect.off_table:
        text = (
            QCoreApplication.translate("DetailPage", "%1 points left the table (given to nobody).")
            if overall_unit(unit) is Unit.TABLE_POINTS
            else QCoreApplication.translate("DetailPage", "%1 table points left the table (given to nobody).")
        )
        out.append(text.replace("%1", points(effect.off_table)))
    if effect.sticks is not None and effect.sticks[0] != effect.sticks[1]:
        out.append(
            QCoreApplication.translate("DetailPage", "Riichi sticks on the table: %1 → %2")
            .replace("%1", str(effect.sticks[0]))
            .replace("%2", str(effect.sticks[1]))
        )
    if effect.sticks_returned:
        out.append(
            QCoreApplication.translate("DetailPage", "Riichi bets returned: %1").replace(
                "%1", ", ".join(name(s) for s in effect.sticks_returned)
            )
        )
    # after a hand (or a re-deal) the counters and the dealer are said even when they stay
    hand_over = effect.redeal or effect.game_over or (effect.hand is not None and effect.hand[0] != effect.hand[1])
    if effect.counters is not None and (hand_over or effect.counters[0] != effect.counters[1]):
        out.append(
            QCoreApplication.translate("DetailPage", "Counters: %1 → %2")
            .replace("%1", str(effect.counters[0]))
            .replace("%2", str(effect.counters[1]))
        )
    if effect.dealer is not None and effect.dealer[0] != effect.dealer[1]:
        out.append(
            QCoreApplication.translate("DetailPage", "Dealer: %1 → %2")
            .replace("%1", name(effect.dealer[0]))
            .replace("%2", name(effect.dealer[1]))
        )
    elif effect.dealer is not None and hand_over:
        out.append(QCoreApplication.translate("DetailPage", "Dealer: %1 (stays)").replace("%1", name(effect.dealer[0])))
    if effect.redeal:
        out.append(QCoreApplication.translate("DetailPage", "The same hand was re-dealt."))
    if effect.game_over:
        out.append(QCoreApplication.translate("DetailPage", "The hanchan ended."))
    elif effect.hand is not None and effect.hand[0] != effect.hand[1]:
        out.append(QCoreApplication.translate("DetailPage", "Next: %1").replace("%1", round_name(*effect.hand[1])))
    return out


def citation_text(ruling: StoredRuling | None, rs: RuleSet | None) -> str:
    """``EMA Riichi Competition Rules 2016 §3.4.6, §5.1.2``; ``Club rule (Our club)`` for a ruling a club file changed
    without a citation; ``""`` without a citation."""
    if ruling is not None and ruling.club_rule:
        return club_rule_text(ruling.club_rule)
    citation = ruling.citation if ruling is not None else ""
    if not citation:
        return ""
    prefix = ruleset_text(rs.name) + " " if rs is not None else ""
    return prefix + ruleset_text(citation)


def note_text(note: str) -> str:
    return QCoreApplication.translate("DetailPage", "Note: %1").replace("%1", note)
