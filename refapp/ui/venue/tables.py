"""The tournament's tables at a glance, and the switcher: a tap on a table shows it on the board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Signal
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ..flow_grid import FlowGrid
from ..texts import round_name
from ..widgets import WrapButton
from .words import local_time

if TYPE_CHECKING:
    from ..venue_desk import TableCard, VenueDesk


class CardButton(WrapButton):
    """A table's card: as tall as its lines."""

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        hint = super().sizeHint()
        lines = self.text().count("\n") + 1
        hint.setHeight(max(hint.height(), lines * (self.label.fontMetrics().lineSpacing() + 2) + 28))
        return hint

    def fit(self) -> None:
        """As tall as its lines, once styled (the style sheet's min-height would let a grid row squeeze them)."""
        self.ensurePolished()
        self.label.ensurePolished()
        self.setMinimumHeight(self.sizeHint().height())


class TablesTab(QWidget):
    """A card per table: its number, hanchan and hand, the newest entry, who writes it, a conflict, finished."""

    open_table = Signal(str)  # a table id: show it on the board

    def __init__(self, venue: VenueDesk, parent: QWidget | None = None):
        super().__init__(parent)
        self.venue = venue
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.summary = QLabel(self)
        self.summary.setObjectName("tables_summary")
        self.summary.setWordWrap(True)
        self.summary.setProperty("role", "question")
        lay.addWidget(self.summary)
        self.holder = QVBoxLayout()
        lay.addLayout(self.holder)
        lay.addStretch(1)
        self.grid: FlowGrid | None = None
        self.cards: dict[str, WrapButton] = {}

    def refresh(self) -> None:
        cards = self.venue.tables()
        if self.grid is not None:
            self.holder.removeWidget(self.grid)
            self.grid.hide()
            self.grid.deleteLater()
        self.grid = FlowGrid(self, max_columns=4)
        self.grid.setObjectName("tables_grid")
        self.cards = {}
        for card in cards:
            b = CardButton(self._text(card), self.grid, role=self._role(card))
            b.setObjectName(f"table_{card.number}")
            b.clicked.connect(lambda _=False, t=card.table_id: self.open_table.emit(t))
            self.cards[card.table_id] = b
            self.grid.add(b)
            b.fit()
        self.holder.addWidget(self.grid)
        conflicts = sum(1 for c in cards if c.conflict)
        held = sum(h["events"] for h in self.venue.held())
        parts = [self.tr("%n table(s)", "", len(cards)) if cards else self.tr("No table is set up yet (Setup).")]
        if conflicts:
            parts.append(self.tr("%n table(s) in conflict: see Conflicts", "", conflicts))
        if held:
            parts.append(self.tr("%n event(s) held from devices not trusted: see Devices", "", held))
        self.summary.setText(" · ".join(parts))

    @staticmethod
    def _role(card: TableCard) -> str:
        if card.conflict:
            return "danger"
        return "primary" if card.is_open else ""

    def _text(self, card: TableCard) -> str:
        lines = [self.tr("Table %1").replace("%1", str(card.number))]
        if card.hanchan == 0:
            lines.append(self.tr("Nothing recorded yet"))
        elif card.finished:
            lines.append(self.tr("Hanchan %1 over").replace("%1", str(card.hanchan)))
        else:
            hand = round_name(card.round_wind, card.hand)
            lines.append(self.tr("Hanchan %1, %2").replace("%1", str(card.hanchan)).replace("%2", hand))
        if card.last_at:
            lines.append(self.tr("Last entry %1").replace("%1", local_time(card.last_at)))
        if card.conflict:
            lines.append(self.tr("IN CONFLICT"))
        elif not card.held_here:
            lines.append(self.tr("Written by %1").replace("%1", card.holder))
        if card.is_open:
            lines.append(self.tr("(on the board)"))
        return "\n".join(lines)

    def retranslate(self) -> None:
        if self.isVisible():
            self.refresh()
