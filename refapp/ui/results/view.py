"""Results: the hanchan's results once it is over, the standings while it is played, and its score chart; or, one
tap away on the switch at the top ("This hanchan" / "Tournament"), the tournament's standings
(:mod:`refapp.ui.results.tournament`).

What is shown comes from the domain's report of the hanchan (``controller.results.hanchan_report()``:
:mod:`refapp.domain.standings`): substitutes under their own name and not ranked, the absent player in a line of
his own. While a hanchan is in play, a referee can end it (time limit): the end is previewed first (what the ledger
would do, as for any ruling) and committed only after Confirm.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ...domain.events import LogError
from ...domain.standings import ChartPoint, HanchanReport, PointKind
from ..common.flow_widgets import scroll
from ..common.flow_widgets import title_label as _title
from ..common.focus_ring import focus_page
from ..common.messages import said
from ..common.texts import points, round_name, ruleset_text
from ..common.widgets import BigButton, Pages, Segmented
from ..ruling import PreviewPanel
from .chart import ScoreChart, hand_label
from .rows import ResultTexts
from .table import ResultsTable
from .tournament import TournamentStandings

if TYPE_CHECKING:
    from ...core.types import EventJson
    from ..shell.controller import Controller


def chart_label(point: ChartPoint) -> str:
    if point.kind is PointKind.START:
        return QCoreApplication.translate("ScoreChart", "Start")
    if point.kind is PointKind.NOW:
        return QCoreApplication.translate("ScoreChart", "Now")
    if point.kind is PointKind.FINAL:
        return QCoreApplication.translate("ScoreChart", "Final")
    return hand_label(point.round_wind, point.hand, point.counters)


class ResultsView(QWidget):
    def __init__(self, controller: Controller, parent: QWidget | None = None):
        super().__init__(parent)
        self.controller = controller
        self.texts = ResultTexts(self)
        lay = QVBoxLayout(self)
        self.scope = Segmented([("hanchan", ""), ("tournament", "")], columns=2, parent=self)
        self.scope.setObjectName("results_scope")
        self.scope.set_value("hanchan")
        self.scope.changed.connect(lambda _: self.refresh())
        lay.addWidget(self.scope)
        self.tournament = TournamentStandings(controller, self)
        self.tournament.hide()
        lay.addWidget(self.tournament, 1)
        self.title = _title("", self)
        lay.addWidget(self.title)
        self.subtitle = QLabel(self)
        self.subtitle.setWordWrap(True)
        self.subtitle.setProperty("role", "question")
        lay.addWidget(self.subtitle)
        self.empty = QLabel(self)
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setProperty("role", "title")
        lay.addWidget(self.empty, 1)
        self.pages = Pages(self)
        lay.addWidget(self.pages, 1)

        # the results (or standings) and the chart
        self.main = QWidget(self)
        main_lay = QVBoxLayout(self.main)
        main_lay.setContentsMargins(0, 0, 0, 0)
        inner = QWidget(self.main)
        body = QVBoxLayout(inner)
        body.setContentsMargins(0, 0, 0, 0)
        self.table = ResultsTable(inner)
        body.addWidget(self.table)
        self.chart_title = QLabel(inner)
        self.chart_title.setProperty("role", "group")
        self.chart_title.setWordWrap(True)
        body.addWidget(self.chart_title)
        self.chart = ScoreChart(inner)
        body.addWidget(self.chart)
        body.addStretch(1)
        main_lay.addWidget(scroll(inner, self.main), 1)
        self.message = QLabel(self.main)
        self.message.setWordWrap(True)
        self.message.setProperty("role", "error")
        self.message.hide()
        main_lay.addWidget(self.message)
        self.hint = QLabel(self.main)
        self.hint.setWordWrap(True)
        self.hint.setProperty("role", "citation")
        main_lay.addWidget(self.hint)
        self.end_button = BigButton("", self.main, role="danger")
        self.end_button.setObjectName("end_hanchan")
        self.end_button.clicked.connect(self.ask_end)
        main_lay.addWidget(self.end_button)
        self.pages.addWidget(self.main)

        # the confirmation: the ledger's preview of the end
        self.confirm_panel = PreviewPanel(self)
        self.confirm_panel.confirm.connect(self.confirm_end)
        self.confirm_panel.cancel.connect(self.cancel_end)
        self.confirm_panel.back.connect(self.cancel_end)  # (Esc on it: Keep playing)
        self.pages.addWidget(self.confirm_panel)

        self._pending: EventJson | None = None
        controller.state_changed.connect(self._state_changed)
        controller.mode_changed.connect(lambda _: self.refresh())
        self.retranslate()

    # -- texts --------------------------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.scope.buttons["hanchan"].setText(self.tr("This hanchan"))
        self.scope.buttons["tournament"].setText(self.tr("Tournament"))
        self.tournament.retranslate()
        self.end_button.setText(self.tr("End the hanchan (time limit)"))
        self.confirm_panel.cancel_button.setText(self.tr("Keep playing"))
        self.confirm_panel.confirm_button.setText(self.tr("End the hanchan"))
        self.chart_title.setText(self.tr("Table scores over the hanchan"))
        self.hint.setText(self.tr("A referee can end the hanchan at the time limit (Referee button, PIN)."))
        if self.scope.value() != "tournament" or self.isVisible():  # the standings are read when they are shown
            self.refresh()

    # -- state --------------------------------------------------------------------------------------------------

    def _state_changed(self, _state: object) -> None:
        if self.isVisible():
            self.refresh()

    def show_scope(self, scope: str) -> None:
        """Show this hanchan's results (``"hanchan"``) or the tournament's standings (``"tournament"``)."""
        self.scope.set_value(scope)
        self.refresh()

    def refresh(self) -> None:
        """Re-render from the controller's current state (called when the page is shown)."""
        tournament = self.scope.value() == "tournament"
        for w in (self.title, self.subtitle, self.empty, self.pages):
            w.setVisible(not tournament)
        self.tournament.setVisible(tournament)
        if tournament:
            self._pending = None
            self.tournament.refresh()
            return
        c = self.controller
        table = c.table
        report = c.results.hanchan_report() if table is not None else None
        if self.pages.currentWidget() is self.confirm_panel and self._pending is not None:
            if report is None or report.over:
                self._pending = None
            else:
                return  # keep the confirmation on screen; it is re-checked on Confirm
        self.pages.setCurrentWidget(self.main)
        self.message.hide()
        if table is None or report is None:
            self.title.setText(self.tr("Results"))
            self.subtitle.hide()
            self.empty.setText(
                self.tr("No table is open: set up the table first.")
                if table is None
                else self.tr("No hanchan has been started at this table yet.")
            )
            self.empty.show()
            self.pages.hide()
            self.chart.clear()
            return
        self.empty.hide()
        self.pages.show()
        self.subtitle.show()
        where = (
            self.tr("Table %1 · hanchan %2 · %3")
            .replace("%1", str(table.number))
            .replace("%2", str(report.hanchan))
            .replace("%3", ruleset_text(report.ruleset_name))
        )
        if report.over:
            self.title.setText(self.tr("Results of hanchan %1").replace("%1", str(report.hanchan)))
            end = self.tr("over: %1").replace("%1", self.texts.end_reason(report))
            self.subtitle.setText(self.tr("%1 — %2").replace("%1", where).replace("%2", end))
            self.table.set_table(self.texts.results(report))
        else:
            self.title.setText(self.tr("Standings of hanchan %1").replace("%1", str(report.hanchan)))
            hand = round_name(report.round_wind, report.hand)
            if report.extra_round_target is not None:
                hand = (
                    self.tr("%1 — extra round, target %2")
                    .replace("%1", hand)
                    .replace("%2", points(report.extra_round_target))
                )
            now = (
                self.tr("%1 · counters: %2 · riichi sticks: %3")
                .replace("%1", hand)
                .replace("%2", str(report.counters))
                .replace("%3", str(report.riichi_sticks))
            )
            self.subtitle.setText(self.tr("%1 — %2").replace("%1", where).replace("%2", now))
            self.table.set_table(self.texts.standings(report))
        referee = bool(c.referee_mode)
        self.end_button.setVisible(not report.over and referee)
        self.hint.setVisible(not report.over and not referee)
        self._show_chart(report)

    def _show_chart(self, report: HanchanReport) -> None:
        points = report.chart
        labels = [chart_label(p) for p in points]
        values = [[p.scores[seat] for p in points] for seat in range(len(report.seats))]
        names = [self.texts.seat_name(n) for n in report.seats]
        self.chart.set_series(labels, names, values, report.start_points)

    def table_texts(self) -> list[list[str]]:
        """What the results (or standings) table shows, header first, one list per player (for tests)."""
        return self.table.texts() if self.pages.isVisible() else []

    # -- ending the hanchan -------------------------------------------------------------------------------------

    def ask_end(self) -> None:
        """Preview the end of the hanchan (time limit) and ask for confirmation."""
        c = self.controller
        st = c.state
        if st is None or not st.started or st.game_over or not c.referee_mode:
            return
        event = c.new_event("hanchan_end", reason="time limit")
        try:
            effect = c.preview(event)
        except LogError as exc:
            self.message.setText(said(exc))
            self.message.show()
            return
        self._pending = event
        self.confirm_panel.show_effect(self.tr("End the hanchan now (time limit)?"), effect, st)
        self.pages.setCurrentWidget(self.confirm_panel)
        if self.isVisible():
            focus_page(self.confirm_panel)

    def confirm_end(self) -> None:
        event, self._pending = self._pending, None
        if event is None:
            return
        if self.controller.commit(event) is None:
            self.pages.setCurrentWidget(self.main)
            self.message.setText(self.controller.last_error)
            self.message.show()
            return
        self.refresh()

    def cancel_end(self) -> None:
        self._pending = None
        self.refresh()

    def go_back(self) -> bool:
        """Esc: the end of the hanchan asked for is not confirmed (Keep playing); else False (the board)."""
        if self.pages.currentWidget() is self.confirm_panel:
            self.cancel_end()
            return True
        return False
