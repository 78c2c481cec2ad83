"""The Results page's Tournament side: the standings across every hanchan of every table of the tournament, and
each player's total over the hanchans as a chart.

What is shown comes from the domain's standings (``controller.results.tournament_standings()``:
:mod:`refapp.domain.tournament`): the ranking (places shared on a tie, disqualified players where the rule set puts
them), the disqualified players the rule set does not list, the substitutes apart (never ranked), and the rule set's
words for each. Amounts are in the rule set's unit (WRC: points of 1,000 table points). A hanchan in play counts as
if it ended now and is marked.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import QComboBox, QVBoxLayout, QWidget

from ...core.errors import Refused
from ...domain.numbers import AmountKind, Unit, shown
from ...domain.tournament import PlayerStanding, Standings
from ..common.collate import sorted_by
from ..common.flow_widgets import scroll, title_label, wrapped_label
from ..common.messages import said
from ..common.texts import digits, headed, overall_unit, points, ruleset_text, status_badge
from ..common.widgets import TOUCH
from ..shell.worker import Job, run
from .chart import ScoreChart
from .table import ResultsTable, Table, visible_columns

if TYPE_CHECKING:
    from ..shell.controller import Controller

TOP = "top"  # the chart's choice "the first four"


class StandingsTexts(QObject):
    """The texts of the standings' tables, from the domain's standings (never from events)."""

    def __init__(self, standings: Standings, parent: QObject | None = None):
        super().__init__(parent)
        self.st = standings

    def amount(self, value: Fraction | int) -> str:
        """An amount of the standings in the rule set's unit (the column's head names it)."""
        return digits(shown(value, AmountKind.OVERALL, self.st.unit), sign=True)

    def head(self, text: str) -> str:
        """The total's head, with the unit of the amounts where it is not table points: ``Total (points)`` (the
        subtitle says it for every column; the total, the number read first, says it again)."""
        return headed(text, overall_unit(self.st.unit))

    def table_points_head(self) -> str:
        """The head of the column of score − return points: "Table points", but where the amounts are the rule set's
        points (WRC), "At the table" (its numbers are points, not table points)."""
        if overall_unit(self.st.unit) is Unit.TABLE_POINTS:
            return self.tr("Table points")
        return self.tr("At the table", "the result at the table (score - return points), in points")

    def place(self, p: PlayerStanding) -> str:
        if p.rank is None:
            return "–"
        return self.tr("%1=").replace("%1", str(p.rank)) if p.shared else str(p.rank)

    def player(self, p: PlayerStanding) -> str:
        notes = []
        if p.disqualified:
            notes.append(self.tr("disqualified"))
        if p.missed:
            notes.append(self.tr("missed %n hanchan(s)", "", p.missed))
        if p.in_play:
            notes.append(self.tr("in play"))
        return p.name + ("\n" + ", ".join(notes) if notes else "")

    def ranking(self, players: Sequence[PlayerStanding]) -> Table:
        head = [
            self.tr("Place"),
            self.tr("Player"),
            self.tr("Hanchans"),
            self.table_points_head(),
            self.tr("Uma"),
            self.tr("Oka and sticks"),
            self.tr("Penalties"),
            self.tr("Carried over"),
            self.head(self.tr("Total")),
        ]
        rows = [
            [
                self.place(p),
                self.player(p),
                str(p.played),
                self.amount(p.points),
                self.amount(p.uma),
                self.amount(p.bonus),
                self.amount(-p.penalties),
                self.amount(p.carried),
                self.amount(p.total),
            ]
            for p in players
        ]
        keep = visible_columns(rows, always={0, 1, 2, 3, 4, 8})
        head = [head[c] for c in keep]
        rows = [[r[c] for c in keep] for r in rows]
        signed_cols = {keep.index(c) for c in (3, 4, 5, 6, 7, 8) if c in keep}
        return Table(head, rows, numeric_from=2, signed=signed_cols, main={0, 1, keep.index(8)})

    def substitutes(self) -> Table:
        head = [
            self.tr("Substitute"),
            self.tr("Hanchans"),
            self.table_points_head(),
            self.tr("Uma"),
            self.tr("Oka and sticks"),
            self.head(self.tr("Total")),
        ]
        rows = []
        for s in self.st.substitutes:
            who = s.name or self.tr("Substitute")
            whom = ", ".join(s.substitute_for)
            rows.append(
                [
                    who + "\n" + self.tr("substitute for %1").replace("%1", whom),
                    str(s.hanchans),
                    self.amount(s.points),
                    self.amount(s.uma),
                    self.amount(s.bonus),
                    self.amount(s.total),
                ]
            )
        keep = visible_columns(rows, always={0, 1, 2, 3, 5})
        head = [head[c] for c in keep]
        rows = [[r[c] for c in keep] for r in rows]
        signed_cols = {keep.index(c) for c in (2, 3, 4, 5) if c in keep}
        return Table(head, rows, numeric_from=1, signed=signed_cols, main={0, keep.index(5)}, name_col=0)

    def rules(self) -> str:
        """The rule set's placement of disqualified players and substitutes and its ties, with its own words."""
        rs = self.st.ruleset
        sp = rs.standings
        dq = {
            "not_listed": self.tr("A disqualified player is not listed in the ranking."),
            "bottom": self.tr("A disqualified player is ranked at the bottom."),
            "by_total": self.tr("A disqualified player is placed by his total, marked."),
        }[sp.disqualified]
        ties = {
            "shared": self.tr("Equal totals share the place."),
            "table_points": self.tr("Equal totals: the larger table points first, then the place is shared."),
        }[sp.ties]
        subs = {
            "listed": self.tr(
                "Substitutes are listed apart, never ranked: their results never go to the absent player."
            ),
            "not_listed": self.tr("Substitutes are not listed: their results never go to the absent player."),
        }[sp.substitutes]
        lines = []
        for sentence, key in ((dq, "disqualified"), (ties, "ties"), (subs, "substitutes")):
            note = ruleset_text(rs.note_for(f"standings.{key}"))
            badge = status_badge(rs.status_for(f"standings.{key}"))
            lines.append(" ".join(x for x in (sentence, note, f"({badge})" if badge else "") if x))
        return "\n".join(lines)

    def subtitle(self) -> str:
        st = self.st
        rs = st.ruleset
        unit = (
            self.tr("amounts in points (1 point = %1 table points)").replace("%1", _thousands(st.unit))
            if st.unit != 1
            else self.tr("amounts in table points")
        )
        text = (
            self.tr("after hanchan %1 · %2 · %3")
            .replace("%1", str(st.hanchans[-1]))
            .replace("%2", ruleset_text(rs.name))
            .replace("%3", unit)
        )
        if st.in_play:
            where = ", ".join(
                self.tr("table %1 (hanchan %2)").replace("%1", str(t)).replace("%2", str(h)) for t, h in st.in_play
            )
            text += "\n" + self.tr("In play, counted as if it ended now: %1").replace("%1", where)
        if len(st.rulesets) > 1:
            mixed = self.tr("Hanchans under more than one rule set: the ranking follows %1, the latest.")
            text += "\n" + mixed.replace("%1", ruleset_text(rs.name))
        return text


def in_language_order(players: tuple[PlayerStanding, ...]) -> list[PlayerStanding]:
    """The players in their order, those sharing a place (or, not ranked, a total) by the language's order of names."""
    out: list[PlayerStanding] = []
    group: list[PlayerStanding] = []
    for p in players:
        if group and (p.rank, p.total) != (group[0].rank, group[0].total):
            out += sorted_by(group, lambda x: x.name)
            group = []
        group.append(p)
    return out + sorted_by(group, lambda x: x.name)


def _thousands(n: int) -> str:
    return points(n)


class TournamentStandings(QWidget):
    def __init__(self, controller: Controller, parent: QWidget | None = None):
        super().__init__(parent)
        self.controller = controller
        self.standings: Standings | None = None
        self.name = ""
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.title = title_label("", self)
        lay.addWidget(self.title)
        self.subtitle = wrapped_label(self, "question")
        lay.addWidget(self.subtitle)
        self.message = wrapped_label(self, "error")
        self.message.hide()
        lay.addWidget(self.message)
        self.working = wrapped_label(self, "citation", "standings_working")
        self.working.hide()
        lay.addWidget(self.working)
        self._job: Job | None = None
        self._again = False  # asked again while the standings were being worked out
        self.empty = wrapped_label(self, "title")
        lay.addWidget(self.empty, 1)

        self.body = QWidget(self)
        body = QVBoxLayout(self.body)
        body.setContentsMargins(0, 0, 0, 0)
        self.ranking = ResultsTable(self.body)
        body.addWidget(self.ranking)
        self.not_listed_title = wrapped_label(self.body, "group")
        body.addWidget(self.not_listed_title)
        self.not_listed = ResultsTable(self.body)
        body.addWidget(self.not_listed)
        self.substitutes_title = wrapped_label(self.body, "group")
        body.addWidget(self.substitutes_title)
        self.substitutes = ResultsTable(self.body)
        body.addWidget(self.substitutes)
        self.rules = wrapped_label(self.body, "citation", "standings_rules")
        body.addWidget(self.rules)
        self.chart_title = wrapped_label(self.body, "group")
        body.addWidget(self.chart_title)
        self.chart_player = QComboBox(self.body)
        self.chart_player.setObjectName("chart_player")
        self.chart_player.setMinimumHeight(TOUCH)
        self.chart_player.activated.connect(lambda _: self._show_chart())
        body.addWidget(self.chart_player)
        self.chart = ScoreChart(self.body)
        body.addWidget(self.chart)
        body.addStretch(1)
        self.area = scroll(self.body, self)
        lay.addWidget(self.area, 1)
        self.retranslate()

    def retranslate(self) -> None:
        self.not_listed_title.setText(self.tr("Not in the ranking"))
        self.substitutes_title.setText(self.tr("Substitutes (never ranked)"))
        self.chart_title.setText(self.tr("Totals over the tournament"))
        self.working.setText(self.tr("Working out the standings…"))
        if self.isVisible():  # said again in the new language (worked out again when something changed)
            self._show()

    def refresh(self) -> None:
        """Work the standings out again, in a worker with its own connection to the store (only the tables that
        changed are replayed); the standings shown stay until the new ones are there."""
        found = self.controller.results.standings_job()
        if found is None:
            self.name, self.standings = "", None
            self.message.hide()
            self._show()
            return
        name, job = found
        if self._job is not None:  # one runs: it runs again when it ends
            self._again = True
            return
        session = self.controller.session

        def work(_progress: object) -> object:
            store = session.worker_store()
            try:
                return job(store)
            finally:
                store.close()

        self.working.show()
        self._job = run(self, work, lambda st, exc: self._worked_out(name, st, exc), name="refapp-standings")

    @property
    def busy(self) -> bool:
        """The standings are being worked out (in a worker)."""
        return self._job is not None

    def _worked_out(self, name: str, standings: Standings | None, exc: BaseException | None) -> None:
        self._job = None
        self.working.hide()
        self.message.hide()
        if isinstance(exc, Refused):
            self.name, self.standings = "", None
            self.message.setText(said(exc.reason))
            self.message.show()
        elif exc is not None:
            raise exc
        else:
            self.name, self.standings = name, standings
        self._show()
        if self._again:
            self._again = False
            self.refresh()

    def _show(self) -> None:
        st = self.standings
        self.title.setText(
            self.tr("Standings of %1").replace("%1", self.name) if self.name else self.tr("Tournament standings")
        )
        if st is None:
            self.subtitle.hide()
            self.area.hide()
            self.empty.setText(
                self.tr("No hanchan has been started in this tournament yet.")
                if self.name
                else self.tr("No tournament yet: set up a table first.")
            )
            self.empty.setVisible(not self.message.isVisible())
            self.chart.clear()
            return
        self.empty.hide()
        self.area.show()
        self.subtitle.show()
        texts = StandingsTexts(st)
        self.subtitle.setText(texts.subtitle())
        self.ranking.set_table(texts.ranking(in_language_order(st.ranking)))
        self.not_listed_title.setVisible(bool(st.not_listed))
        self.not_listed.setVisible(bool(st.not_listed))
        if st.not_listed:
            self.not_listed.set_table(texts.ranking(in_language_order(st.not_listed)))
        self.substitutes_title.setVisible(bool(st.substitutes))
        self.substitutes.setVisible(bool(st.substitutes))
        if st.substitutes:
            self.substitutes.set_table(texts.substitutes())
        self.rules.setText(texts.rules())
        self._fill_chart_choices()
        self._show_chart()

    # -- the chart --------------------------------------------------------------------------------------------------

    def players(self) -> list[PlayerStanding]:
        st = self.standings
        return list(st.ranking + st.not_listed) if st is not None else []

    def _fill_chart_choices(self) -> None:
        chosen = self.chart_player.currentData() or TOP
        self.chart_player.clear()
        self.chart_player.addItem(self.tr("The first four"), TOP)
        for p in self.players():
            self.chart_player.addItem(p.name, p.name)
        index = self.chart_player.findData(chosen)
        self.chart_player.setCurrentIndex(max(index, 0))

    def show_player(self, name: str) -> None:
        """Show one player's line (``"top"``: the first four of the ranking)."""
        index = self.chart_player.findData(name)
        if index >= 0:
            self.chart_player.setCurrentIndex(index)
            self._show_chart()

    def _show_chart(self) -> None:
        st = self.standings
        if st is None:
            self.chart.clear()
            return
        chosen = self.chart_player.currentData() or TOP
        shown = [p for p in self.players() if p.name == chosen] if chosen != TOP else list(st.ranking[:4])
        labels = [QCoreApplication.translate("ScoreChart", "Start")]
        labels += [QCoreApplication.translate("ScoreChart", "H%1").replace("%1", str(h)) for h in st.hanchans]
        values = [[0] + [round(Fraction(x)) for x in p.progress] for p in shown]
        self.chart.set_series(labels, [p.name for p in shown], values, 0, st.unit)

    def table_texts(self) -> list[list[str]]:
        """The ranking as shown, header first (for tests)."""
        return self.ranking.texts() if self.area.isVisible() else []
