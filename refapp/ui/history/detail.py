"""One history entry as stored: the ruling, whether (when, by whom, why) it was voided, when and where, the
referee, the rule set, the answers, the hand attached, who paid whom, the sticks, counters and dealer, the citation
and the note. Every value in words, from :mod:`refapp.ui.history.entry` (what incident reports print too). Under
them, the players' statements, the head referee's sign-off and the report (:mod:`refapp.ui.history.paper`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from ...domain.hands import HandError
from ...domain.rules import RuleSet
from ...domain.stored import StoredEffect
from ..common.flow_widgets import scroll
from ..common.flow_widgets import title_label as _title
from ..common.widgets import BigButton
from ..tile_picker import TileStrip, hand_groups
from . import entry
from .format import overall_unit_of
from .paper import PaperBox

if TYPE_CHECKING:
    from ...core.types import HistoryRow, IncidentExtra


def _label(parent: QWidget, name: str, role: str = "") -> QLabel:
    lab = QLabel(parent)
    lab.setObjectName(name)
    lab.setWordWrap(True)
    if role:
        lab.setProperty("role", role)
    return lab


class DetailPage(QWidget):
    back = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        self.title = _title("", self)
        lay.addWidget(self.title)
        inner = QWidget(self)
        body = QVBoxLayout(inner)
        self.voided = _label(inner, "detail_voided", "error")
        self.ruling = _label(inner, "detail_ruling", "ruling")
        self.remarks = _label(inner, "detail_remarks", "earlier")
        self.when = _label(inner, "detail_when")
        self.answers = _label(inner, "detail_answers")
        self.hand_label = _label(inner, "detail_hand")  # the hand attached by the hand checker, as tiles too
        self.hand = TileStrip(inner, 48)
        self.hand.setObjectName("detail_hand_tiles")
        self.table_box = QWidget(inner)
        self.table = QGridLayout(self.table_box)
        self.table.setContentsMargins(0, 8, 0, 8)
        self.table.setHorizontalSpacing(28)
        self.moved = _label(inner, "detail_moved")
        self.facts = _label(inner, "detail_facts")
        self.citation = _label(inner, "detail_citation", "citation")
        self.note = _label(inner, "detail_note", "note")
        for w in (self.voided, self.ruling, self.remarks, self.when, self.answers, self.hand_label, self.hand):
            body.addWidget(w)
        body.addWidget(self.table_box, 0, Qt.AlignmentFlag.AlignLeft)
        for w in (self.moved, self.facts, self.citation, self.note):
            body.addWidget(w)
        self.paper = PaperBox(inner)  # statements, sign-off, the report (refapp.ui.history.paper)
        body.addWidget(self.paper)
        body.addStretch(1)
        lay.addWidget(scroll(inner, self), 1)
        self.back_button = BigButton("", self, role="cancel")
        self.back_button.setObjectName("back")
        self.back_button.clicked.connect(self.back)
        lay.addWidget(self.back_button)
        self._cells: list[QLabel] = []
        self._positions: list[tuple[int, int]] = []  # each cell's row and column
        self._shown: tuple[HistoryRow, IncidentExtra, Mapping[str, RuleSet]] | None = None

    def first_focus(self) -> QWidget | None:
        """Where the keyboard starts: Back to the list (the statements and the report are a Tab away)."""
        return self.back_button

    def retranslate(self) -> None:
        self.back_button.setText(self.tr("Back to the list"))
        self.paper.retranslate()
        if self._shown is not None:
            self.show_entry(*self._shown)  # from what was read: no store access (the store may be closing)

    # -- one entry ----------------------------------------------------------------------------------------------

    def show_entry(self, row: HistoryRow, extra: IncidentExtra, rulesets: Mapping[str, RuleSet]) -> None:
        """Every part of the entry, in the words of :mod:`refapp.ui.history.entry` (which incident reports print)."""
        self._shown = (row, extra, rulesets)
        effect = StoredEffect.from_json(row.get("ruling"))
        ruling = effect.ruling
        rs = rulesets.get(str(row.get("ruleset_id") or ""))
        name = entry.seat_name(extra.names)
        self.title.setText(entry.title(row))
        voided = bool(row.get("voided"))
        self.voided.setText(entry.void_text(extra.void))
        self.voided.setVisible(voided)
        self.ruling.setText(entry.ruling_line(row, rulesets))
        self.ruling.setVisible(bool(self.ruling.text()))
        remarks = entry.remark_lines(ruling)
        self.remarks.setText("\n".join(remarks))
        self.remarks.setVisible(bool(remarks))
        lines = [entry.when_text(row), entry.where_text(row), entry.entered_by_text(row)]
        if rs is not None:
            lines.append(entry.ruleset_line(rs))
        self.when.setText("\n".join(lines))
        answers = entry.answer_lines(row, rs)
        self.answers.setText("\n".join([entry.answers_heading(), *answers]))
        self.answers.setVisible(bool(answers))
        self._show_hand(extra.hand_tiles)
        unit = overall_unit_of(rs)
        self._fill_transfers(effect, name, unit)
        self.facts.setText("\n".join(entry.fact_lines(effect, name, unit)))
        self.facts.setVisible(bool(self.facts.text()))
        citation = entry.citation_text(ruling, rs)
        self.citation.setText(citation)
        self.citation.setVisible(bool(citation))
        note = row.get("note") or ""
        self.note.setText(entry.note_text(note))
        self.note.setVisible(bool(note))

    def _show_hand(self, hand: str) -> None:
        try:
            groups = hand_groups(hand)
        except HandError:  # stored by a newer version, or damaged: the notation alone
            groups = []
        self.hand_label.setText(entry.hand_line(hand))
        self.hand_label.setVisible(bool(hand))
        self.hand.set_groups(groups if len(groups) > 1 else [("", g) for _c, g in groups])
        self.hand.setVisible(bool(groups))

    def _fill_transfers(self, effect: StoredEffect, name: Callable[[int], str], unit: int) -> None:
        for c in self._cells:
            self.table.removeWidget(c)
            c.hide()  # deleteLater waits for the event loop: hidden at once so nothing overlaps
            c.deleteLater()
        self._cells, self._positions = [], []
        rows = entry.transfer_rows(effect, name, unit)
        if not rows:
            self.table_box.hide()
            self.moved.setText(entry.no_points_text())
            self.moved.show()
            return
        self.moved.hide()
        for r_i, row in enumerate(rows):
            for c_i, text in enumerate(row):
                lab = QLabel(text, self.table_box)
                lab.setProperty("role", "cell-head" if r_i == 0 else "cell")
                if r_i and c_i in (1, 2) and text[:1] in ("+", "−"):
                    lab.setProperty("sign", "plus" if text[0] == "+" else "minus")
                lab.setAlignment(
                    (Qt.AlignmentFlag.AlignRight if c_i else Qt.AlignmentFlag.AlignLeft) | Qt.AlignmentFlag.AlignVCenter
                )
                self.table.addWidget(lab, r_i, c_i)
                lab.show()  # a child added to a widget already shown once stays hidden unless shown
                self._cells.append(lab)
                self._positions.append((r_i, c_i))
        self.table_box.show()

    def transfer_texts(self) -> list[list[str]]:
        """The transfer table, header first (for tests and scripts)."""
        out: dict[tuple[int, int], str] = {}
        for cell, (r, c) in zip(self._cells, self._positions, strict=True):
            if cell.isVisibleTo(self):
                out[(r, c)] = cell.text()
        if not out:
            return []
        n_rows, n_cols = 1 + max(r for r, _ in out), 1 + max(c for _, c in out)
        return [[out.get((r, c), "") for c in range(n_cols)] for r in range(n_rows)]
