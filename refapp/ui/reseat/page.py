"""Re-seat the table (a referee's page, reached from a seat's offence palette): who really sat where, then a preview
of every number that changes, then one tap that replays the hands under the right seats
(:mod:`refapp.core.reseat`).

Step one lists the seats as recorded ("Recorded East: Ann"); for each, the referee gives the player's name (changed
only when someone from another table sat there) and the seat they really sat in. Step two says, for each player,
the seat and score before → after (and the overall score when the hanchan is over), and how many entries are
voided and entered again. Nothing is stored before **Re-seat and replay**.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from ...domain.events import WIND_LETTERS
from ...domain.reseat import Plan, ScoreChange, Seating
from ..common.flow_widgets import MainButton, scroll, title_label, wrapped_label
from ..common.texts import overall_amount, points, wind
from ..common.widgets import BigButton, Pages, Segmented

if TYPE_CHECKING:
    from ..shell.controller import Controller


class SeatRow(QWidget):
    """One seat as recorded: who really sat there (the name) and where (a wind)."""

    def __init__(self, seat: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.seat = seat
        self.recorded_name = ""
        lay = QGridLayout(self)
        lay.setContentsMargins(0, 4, 0, 4)
        self.label = QLabel(self)
        self.label.setProperty("role", "question")
        self.label.setWordWrap(True)
        self.label.setObjectName(f"reseat_recorded_{seat}")
        lay.addWidget(self.label, 0, 0, 1, 2)
        self.name = QLineEdit(self)
        self.name.setObjectName(f"reseat_name_{seat}")
        self.name.setMinimumHeight(48)
        self.name.setMaxLength(100)
        lay.addWidget(self.name, 1, 0)
        self.wind = Segmented([(str(i), "") for i in range(4)], 4, self)
        self.wind.setObjectName(f"reseat_wind_{seat}")
        lay.addWidget(self.wind, 1, 1)
        lay.setColumnStretch(0, 2)
        lay.setColumnStretch(1, 3)

    def show_recorded(self, name: str) -> None:
        self.recorded_name = name
        self.name.setText(name)
        self.wind.set_value(str(self.seat))
        self.retranslate()

    def retranslate(self) -> None:
        self.label.setText(
            self.tr("Recorded %1: %2 — really:")
            .replace("%1", wind(WIND_LETTERS[self.seat]))
            .replace("%2", self.recorded_name)
        )
        self.name.setPlaceholderText(self.tr("Player's name"))
        for key, b in self.wind.buttons.items():
            b.setText(wind(WIND_LETTERS[int(key)]))

    def chosen(self) -> tuple[str, int]:
        return self.name.text().strip(), int(self.wind.value() or self.seat)


class ReseatPage(Pages):
    """``done``: re-seated or cancelled (back to the board)."""

    done = Signal()

    def __init__(self, controller: Controller, parent: QWidget | None = None):
        super().__init__(parent)
        self.controller = controller
        self.plan: Plan | None = None
        self.seating: Seating | None = None
        # step one: the seating
        self.seats_page = QWidget(self)
        lay = QVBoxLayout(self.seats_page)
        self.title = title_label("", self.seats_page)
        self.title.setObjectName("reseat_title")
        lay.addWidget(self.title)
        inner = QWidget(self.seats_page)
        rows = QVBoxLayout(inner)
        self.intro = wrapped_label(inner, "note", "reseat_intro")
        rows.addWidget(self.intro)
        self.rows = [SeatRow(i, inner) for i in range(4)]
        for r in self.rows:
            rows.addWidget(r)
        rows.addStretch(1)
        lay.addWidget(scroll(inner, self.seats_page), 1)
        self.problem = wrapped_label(self.seats_page, "error", "reseat_problem")
        self.problem.hide()
        lay.addWidget(self.problem)
        buttons = QHBoxLayout()
        self.cancel_button = BigButton("", self.seats_page, role="cancel")
        self.cancel_button.setObjectName("reseat_cancel")
        self.cancel_button.clicked.connect(self.done)
        self.preview_button = MainButton("", self.seats_page)
        self.preview_button.setObjectName("reseat_preview")
        self.preview_button.clicked.connect(self.show_preview)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.preview_button)
        lay.addLayout(buttons)
        self.addWidget(self.seats_page)
        # step two: what changes
        self.preview_page = QWidget(self)
        pl = QVBoxLayout(self.preview_page)
        self.preview_title = title_label("", self.preview_page)
        self.preview_title.setObjectName("reseat_preview_title")
        pl.addWidget(self.preview_title)
        pinner = QWidget(self.preview_page)
        self.lines_layout = QVBoxLayout(pinner)
        self.lines: list[QLabel] = []
        for i in range(8):  # four players, and up to four who leave the table
            lab = wrapped_label(pinner, "ruling", f"reseat_line_{i}")
            self.lines.append(lab)
            self.lines_layout.addWidget(lab)
        self.summary = wrapped_label(pinner, "note", "reseat_summary")
        self.lines_layout.addWidget(self.summary)
        self.lines_layout.addStretch(1)
        pl.addWidget(scroll(pinner, self.preview_page), 1)
        pbuttons = QHBoxLayout()
        self.back_button = BigButton("", self.preview_page)
        self.back_button.setObjectName("reseat_back")
        self.back_button.clicked.connect(lambda: self.setCurrentWidget(self.seats_page))
        self.cancel2_button = BigButton("", self.preview_page, role="cancel")
        self.cancel2_button.setObjectName("reseat_cancel2")
        self.cancel2_button.clicked.connect(self.done)
        self.confirm_button = MainButton("", self.preview_page, role="danger")
        self.confirm_button.setObjectName("reseat_confirm")
        self.confirm_button.clicked.connect(self.confirm)
        for b in (self.back_button, self.cancel2_button, self.confirm_button):
            pbuttons.addWidget(b)
        pl.addLayout(pbuttons)
        self.addWidget(self.preview_page)
        self.retranslate()

    # -- the shell's entry points -------------------------------------------------------------------------------

    def start(self) -> None:
        """The seating as recorded, ready to be changed."""
        st = self.controller.open_state
        for r, seat in zip(self.rows, st.seats, strict=False):
            r.show_recorded(seat.player)
        self.plan, self.seating = None, None
        self.problem.hide()
        self.retranslate()
        self.setCurrentWidget(self.seats_page)

    def retranslate(self) -> None:
        table = self.controller.table
        number = str(table.number) if table is not None else ""
        self.title.setText(self.tr("Re-seat table %1").replace("%1", number))
        self.intro.setText(
            self.tr(
                "For each seat as it was recorded, give who really sat there and in which seat. Change a name only "
                "for a player from another table. The hands recorded so far are played again under the right "
                "seats; nothing is deleted."
            )
        )
        for r in self.rows:
            r.retranslate()
        self.cancel_button.setText(self.tr("Cancel"))
        self.preview_button.setText(self.tr("Preview"))
        self.preview_title.setText(self.tr("Re-seat table %1: what changes").replace("%1", number))
        self.back_button.setText(self.tr("Back"))
        self.cancel2_button.setText(self.tr("Cancel"))
        self.confirm_button.setText(self.tr("Re-seat and replay"))
        if self.plan is not None:
            self._show_plan(self.plan)

    # -- steps ----------------------------------------------------------------------------------------------------

    def chosen(self) -> Seating:
        picked = [r.chosen() for r in self.rows]
        names = (picked[0][0], picked[1][0], picked[2][0], picked[3][0])
        seats = (picked[0][1], picked[1][1], picked[2][1], picked[3][1])
        return Seating(names=names, seat=seats)

    def show_preview(self) -> None:
        seating = self.chosen()
        plan, problem = self.controller.reseat_preview(seating)
        if plan is None:
            self.problem.setText(problem)
            self.problem.show()
            return
        self.problem.hide()
        self.plan, self.seating = plan, seating
        self._show_plan(plan)
        self.setCurrentWidget(self.preview_page)

    def _show_plan(self, plan: Plan) -> None:
        rs = plan.after.ruleset
        unit = rs.results.overall_unit if rs is not None else 1
        shown = [c for c in plan.changes]
        for lab, change in zip(self.lines, shown, strict=False):
            lab.setText(self.line(change, unit, plan.after.game_over or plan.before.game_over))
            lab.show()
        for lab in self.lines[len(shown) :]:
            lab.hide()
        self.summary.setText(
            self.tr(
                "%1 entries of hanchan %2 are voided and entered again under the right seats. The history keeps "
                "both, with the reason."
            )
            .replace("%1", str(plan.voided))
            .replace("%2", str(plan.hanchan))
        )

    def line(self, c: ScoreChange, unit: int, overall: bool) -> str:
        """One player: seat and score before → after ("Bob: South → East, 25,000 → 32,700")."""
        if c.seat_after is None:
            return (
                self.tr("%1: leaves the table (was %2, %3)")
                .replace("%1", c.player)
                .replace("%2", wind(WIND_LETTERS[c.seat_before or 0]))
                .replace("%3", points(c.score_before or 0))
            )
        if c.seat_before is None:
            return (
                self.tr("%1: joins the table at %2, %3")
                .replace("%1", c.player)
                .replace("%2", wind(WIND_LETTERS[c.seat_after]))
                .replace("%3", points(c.score_after or 0))
            )
        seat = wind(WIND_LETTERS[c.seat_after])
        if c.seat_before != c.seat_after:
            seat = self.tr("%1 → %2").replace("%1", wind(WIND_LETTERS[c.seat_before])).replace("%2", seat)
        if c.score_before == c.score_after:
            score = self.tr("%1 (unchanged)").replace("%1", points(c.score_after or 0))
        else:
            score = (
                self.tr("%1 → %2").replace("%1", points(c.score_before or 0)).replace("%2", points(c.score_after or 0))
            )
        text = self.tr("%1: %2, %3").replace("%1", c.player).replace("%2", seat).replace("%3", score)
        if overall and c.overall_before != c.overall_after:
            text += "; " + self.tr("overall %1 → %2").replace(
                "%1", overall_amount(c.overall_before or 0, unit)
            ).replace("%2", overall_amount(c.overall_after or 0, unit))
        return text

    def confirm(self) -> None:
        if self.seating is None:
            return
        if self.controller.reseat(self.seating):
            self.done.emit()
        else:
            self.problem.setText(self.controller.last_error)
            self.problem.show()
            self.setCurrentWidget(self.seats_page)


__all__ = ["ReseatPage", "SeatRow"]
