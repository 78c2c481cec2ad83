"""Results: the hanchan's results table once it is over, the standings while it is played, and its score chart.

While a hanchan is in play, a referee can end it (time limit): the end is previewed first (what the ledger would do,
as for any ruling) and committed only after Confirm.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QStackedWidget, QVBoxLayout, QWidget

from ..domain.events import LogError
from ..domain.ledger import TableState
from .chart import ScoreChart
from .ruling import PreviewPanel, _title, scroll
from .texts import points, round_name, ruleset_text, signed, wind
from .theme import plain_tooltip
from .widgets import BigButton


def _num(value: Fraction | int | float) -> str:
    """A score with the same minus sign as ``signed`` (U+2212), whatever the locale writes."""
    text = points(value)
    return "−" + text[1:] if text.startswith("-") else text


class ResultsView(QWidget):
    def __init__(self, controller, parent: QWidget | None = None):
        super().__init__(parent)
        self.controller = controller
        lay = QVBoxLayout(self)
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
        self.pages = QStackedWidget(self)
        lay.addWidget(self.pages, 1)

        # the results (or standings) and the chart
        self.main = QWidget(self)
        main_lay = QVBoxLayout(self.main)
        main_lay.setContentsMargins(0, 0, 0, 0)
        inner = QWidget(self.main)
        body = QVBoxLayout(inner)
        body.setContentsMargins(0, 0, 0, 0)
        self.table_frame = QFrame(inner)
        self.grid = QGridLayout(self.table_frame)
        self.grid.setHorizontalSpacing(14)
        self.grid.setVerticalSpacing(0)
        body.addWidget(self.table_frame)
        self.chart_title = QLabel(inner)
        self.chart_title.setProperty("role", "group")
        body.addWidget(self.chart_title)
        self.chart = ScoreChart(inner)
        body.addWidget(self.chart, 1)
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
        self.pages.addWidget(self.confirm_panel)

        self._cells: list[QLabel] = []
        self._pending: dict[str, Any] | None = None
        controller.state_changed.connect(self._state_changed)
        controller.mode_changed.connect(lambda _: self.refresh())
        self.retranslate()

    # -- texts ------------------------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.end_button.setText(self.tr("End the hanchan (time limit)"))
        self.confirm_panel.cancel_button.setText(self.tr("Keep playing"))
        self.confirm_panel.confirm_button.setText(self.tr("End the hanchan"))
        self.chart_title.setText(self.tr("Table scores over the hanchan"))
        self.refresh()

    def _end_reason(self, reason: str) -> str:
        texts = {
            "time limit": self.tr("time limit"),
            "last hand played": self.tr("last hand played"),
            "bankruptcy": self.tr("a score fell below zero"),
            "dealer leading in the last hand": self.tr("the dealer led in the last hand"),
        }
        return texts.get(reason, reason)

    # -- state ------------------------------------------------------------------------------------------------

    def _state_changed(self, _state: object) -> None:
        if self.isVisible():
            self.refresh()

    def refresh(self) -> None:
        """Re-render from the controller's current state (called when the page is shown)."""
        c = self.controller
        st: TableState | None = c.state
        table = c.table
        if self.pages.currentWidget() is self.confirm_panel and self._pending is not None:
            if st is None or not st.started or st.game_over:
                self._pending = None
            else:
                return  # keep the confirmation on screen; it is re-checked on Confirm
        self.pages.setCurrentWidget(self.main)
        self.message.hide()
        if table is None or st is None or not st.started:
            self.title.setText(self.tr("Results"))
            self.subtitle.hide()
            self.empty.setText(
                self.tr("No table is open: set up the table first.")
                if table is None
                else self.tr("No hanchan has been started at this table yet.")
            )
            self.empty.show()
            self.pages.hide()
            self.chart.set_state(None)
            return
        self.empty.hide()
        self.pages.show()
        self.subtitle.show()
        rs_name = ruleset_text(st.ruleset.name) if st.ruleset else ""
        where = (
            self.tr("Table %1 · hanchan %2 · %3")
            .replace("%1", str(table.number))
            .replace("%2", str(st.hanchan))
            .replace("%3", rs_name)
        )
        if st.game_over and st.results is not None:
            self.title.setText(self.tr("Results of hanchan %1").replace("%1", str(st.hanchan)))
            self.subtitle.setText(where + " — " + self.tr("over: %1").replace("%1", self._end_reason(st.end_reason)))
            self._fill(self._results_rows(st), numeric_from=2, signed_cols={6, 7, 8})
        else:
            self.title.setText(self.tr("Standings of hanchan %1").replace("%1", str(st.hanchan)))
            now = (
                self.tr("%1 · counters: %2 · riichi sticks: %3")
                .replace("%1", round_name(st.round_wind, st.hand))
                .replace("%2", str(st.counters))
                .replace("%3", str(st.riichi_sticks))
            )
            self.subtitle.setText(where + " — " + now)
            self._fill(self._standings_rows(st), numeric_from=3, signed_cols={4})
        playing = not st.game_over
        referee = bool(c.referee_mode)
        self.end_button.setVisible(playing and referee)
        self.hint.setVisible(playing and not referee)
        self.hint.setText(self.tr("A referee can end the hanchan at the time limit (Referee button, PIN)."))
        self.chart.set_state(st, self._start_scores(st))

    def _results_rows(self, st: TableState) -> list[list[str]]:
        head = [
            self.tr("Rank"),
            self.tr("Player"),
            self.tr("Table score"),
            self.tr("Uma"),
            self.tr("Oka"),
            self.tr("Leftover sticks"),
            self.tr("Penalty"),
            self.tr("Final"),
            self.tr("Overall"),
        ]
        rows = [head]
        assert st.results is not None
        # a substitute is listed under the substitute's name and is not ranked; the absent player has his own row
        for r in sorted(st.results, key=lambda r: (r.absent, r.rank, r.seat)):
            seat = st.seats[r.seat]
            if r.absent:
                name, rank, score = self.tr("%1 (absent)").replace("%1", r.player), "–", "–"
            elif r.substitute_for:
                who = r.player or self.tr("Substitute")
                name = self.tr("%1 (substitute for %2)").replace("%1", who).replace("%2", r.substitute_for)
                rank, score = str(r.rank), _num(r.score)
            else:
                name, rank, score = r.player, str(r.rank), _num(r.score)
            rows.append(
                [
                    rank,
                    name,
                    score,
                    signed(r.uma),
                    signed(r.oka),
                    signed(r.leftover),
                    signed(-r.penalty),
                    signed(r.final),
                    signed(seat.overall) if r.ranked else self.tr("not ranked"),
                ]
            )
        return rows

    def _standings_rows(self, st: TableState) -> list[list[str]]:
        head = [self.tr("Rank"), self.tr("Player"), self.tr("Wind"), self.tr("Table score"), self.tr("Overall")]
        rows = [head]
        order = sorted(range(len(st.seats)), key=lambda i: (-st.seats[i].score, i))
        for i in order:
            s = st.seats[i]
            rank = 1 + sum(1 for o in st.seats if o.score > s.score)
            w = wind(st.wind_of(i))
            if i == st.dealer:
                w = self.tr("%1 (dealer)").replace("%1", w)
            rows.append([str(rank), self._player(st, i), w, _num(s.score), signed(s.overall)])
        return rows

    def _player(self, st: TableState, seat: int) -> str:
        s = st.seats[seat]
        if s.substitute:
            return self.tr("%1 (substitute)").replace("%1", s.player)
        return s.player

    def _fill(self, rows: list[list[str]], numeric_from: int, signed_cols: set[int]) -> None:
        for cell in self._cells:
            self.grid.removeWidget(cell)
            cell.hide()  # deleteLater waits for the event loop: hidden at once so nothing overlaps
            cell.deleteLater()
        self._cells = []
        for r_i, row in enumerate(rows):
            for c_i, text in enumerate(row):
                lab = QLabel(text, self.table_frame)
                lab.setProperty("role", "cell-head" if r_i == 0 else "cell")
                if r_i and c_i in signed_cols and text[:1] in ("+", "−"):
                    lab.setProperty("sign", "plus" if text[0] == "+" else "minus")
                if r_i and c_i == 1:
                    lab.setProperty("role", "cell-head")  # the player's name stands out
                    lab.ensurePolished()
                    room = max(140, self.width() // 4)  # a long name is cut short rather than push the numbers
                    shown = lab.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, room)
                    if shown != text:
                        lab.setText(shown)
                        lab.setToolTip(plain_tooltip(text))
                        lab.setAccessibleName(text)
                align = Qt.AlignmentFlag.AlignRight if c_i >= numeric_from else Qt.AlignmentFlag.AlignLeft
                if c_i == 0:
                    align = Qt.AlignmentFlag.AlignHCenter
                lab.setAlignment(align | Qt.AlignmentFlag.AlignVCenter)
                lab.setMinimumHeight(34)
                self.grid.addWidget(lab, r_i, c_i)
                lab.show()  # a child added to a widget already shown once stays hidden unless shown
                self._cells.append(lab)
        for c_i in range(self.grid.columnCount()):
            self.grid.setColumnStretch(c_i, 0)
        self.grid.setColumnStretch(len(rows[0]), 1)  # columns keep their natural width, on the left

    def table_texts(self) -> list[list[str]]:
        """What the results (or standings) table shows, row by row, header first (for tests and scripts); hidden
        cells are not shown, so they are not listed."""
        out: dict[tuple[int, int], str] = {}
        for cell in self._cells:
            idx = self.grid.indexOf(cell)
            if idx >= 0 and cell.isVisibleTo(self):
                r, c, _, _ = self.grid.getItemPosition(idx)
                out[(r, c)] = cell.text()
        if not out:
            return []
        n_rows = 1 + max(r for r, _ in out)
        n_cols = 1 + max(c for _, c in out)
        return [[out.get((r, c), "") for c in range(n_cols)] for r in range(n_rows)]

    def _start_scores(self, st: TableState) -> Sequence[int] | None:
        """The scores the current hanchan started with: the start event's resume scores, else the rule set's."""
        book = self.controller.book
        if book is None:
            return None
        voided = {e.get("target") for e in book.events if e.get("type") == "void"}
        for e in reversed(book.events):
            if e.get("type") == "hanchan_start" and e.get("id") not in voided:
                resume = e.get("resume")
                if resume and resume.get("scores"):
                    return [int(x) for x in resume["scores"]]
                break
        if st.ruleset is None:
            return None
        return [st.ruleset.start_points] * len(st.seats)

    # -- ending the hanchan -----------------------------------------------------------------------------------

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
            self.message.setText(exc.message)
            self.message.show()
            return
        self._pending = event
        self.confirm_panel.show_effect(self.tr("End the hanchan now (time limit)?"), effect, st)
        self.pages.setCurrentWidget(self.confirm_panel)

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
