"""The texts of the Results page's tables, from the domain's report of the hanchan (never from events or seats)."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QObject

from ...domain.numbers import AmountKind, shown
from ...domain.standings import EndReason, HanchanReport, LineKind, SeatName
from ..common.texts import digits, headed, overall_unit, points, wind
from .table import Table, visible_columns


def number(value: Fraction | int | float) -> str:
    """A table score, with the same minus sign as ``signed`` (U+2212)."""
    return points(value)


def overall(value: Fraction | int, unit: int) -> str:
    """An overall score or a hanchan's result, in the rule set's unit (its column's head names the unit)."""
    return digits(shown(value, AmountKind.OVERALL, unit), sign=True)


class ResultTexts(QObject):
    def seat_name(self, name: SeatName) -> str:
        """Who played a seat, for the chart's legend: ``Ann, then Paul`` when a substitute took it."""
        if not name.substituted:
            return name.player
        sub = name.substitute or self.tr("a substitute")
        return self.tr("%1, then %2").replace("%1", name.player).replace("%2", sub)

    def end_reason(self, report: HanchanReport) -> str:
        texts = {
            EndReason.TIME_LIMIT: self.tr("time limit"),
            EndReason.LAST_HAND: self.tr("last hand played"),
            EndReason.BANKRUPTCY: self.tr("a score fell below zero"),
            EndReason.DEALER_LEADING: self.tr("the dealer led in the last hand"),
            EndReason.TARGET_REACHED: self.tr("the target was reached in an extra round"),
            EndReason.EXTRA_ROUNDS_OVER: self.tr("the extra rounds were played"),
        }
        if report.end_reason is not None:
            return texts[report.end_reason]
        return self.tr("ended by the referee (%1)").replace("%1", report.end_text)

    def standings(self, report: HanchanReport) -> Table:
        u = report.overall_unit
        unit = overall_unit(u)
        head = [self.tr("Rank"), self.tr("Player"), self.tr("Wind"), self.tr("Table score")]
        head.append(headed(self.tr("Overall"), unit))
        rows = []
        for r in report.standings:
            w = wind("ESWN"[r.wind])
            if r.dealer:
                w = self.tr("%1 (dealer)").replace("%1", w)
            if r.name.substituted:
                who = r.name.substitute or self.tr("Substitute")
                player = who + "\n" + self.tr("substitute for %1").replace("%1", r.name.player)
            else:
                player = r.name.player
            total = self.tr("not ranked") if r.overall is None else overall(r.overall, u)
            rows.append([str(r.rank), player, w, number(r.score), total])
        return Table(head, rows, numeric_from=3, signed={4}, main=set(range(5)))

    def results(self, report: HanchanReport) -> Table:
        """Rank, player, table score, uma, oka, leftover sticks, penalty, final, overall; a column that is zero for
        everyone (no oka in this rule set, no penalty this hanchan) is left out."""
        u = report.overall_unit
        unit = overall_unit(u)
        head = [
            self.tr("Rank"),
            self.tr("Player"),
            self.tr("Table score"),
            headed(self.tr("Uma"), unit),
            headed(self.tr("Oka"), unit),
            headed(self.tr("Leftover sticks"), unit),
            headed(self.tr("Penalty"), unit),
            headed(self.tr("Final"), unit),
            headed(self.tr("Overall"), unit),
        ]
        rows = []
        for line in report.results:
            if line.kind is LineKind.ABSENT:
                player = line.name + "\n" + self.tr("absent")
            elif line.kind is LineKind.DISQUALIFIED:
                player = line.name + "\n" + self.tr("disqualified")
            elif line.kind is LineKind.SUBSTITUTE:
                who = line.name or self.tr("Substitute")
                player = who + "\n" + self.tr("substitute for %1").replace("%1", line.substitute_for)
            else:
                player = line.name
            rows.append(
                [
                    "–" if line.rank is None else str(line.rank),
                    player,
                    "–" if line.score is None else number(line.score),
                    overall(line.uma, u),
                    overall(line.oka, u),
                    overall(line.leftover, u),
                    overall(-line.penalty, u),
                    overall(line.final, u),
                    self.tr("not ranked") if line.overall is None else overall(line.overall, u),
                ]
            )
        keep = visible_columns(rows, always={0, 1, 2, 3, 7, 8})
        head = [head[c] for c in keep]
        rows = [[r[c] for c in keep] for r in rows]
        signed_cols = {keep.index(c) for c in (3, 4, 5, 6, 7, 8) if c in keep}
        main = {keep.index(c) for c in (0, 1, 2, 7, 8)}
        return Table(head, rows, numeric_from=2, signed=signed_cols, main=main)
