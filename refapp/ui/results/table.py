"""The results (or standings) as a table that always fits the page: one row per player with every column when the
page is wide enough; on a narrow page (a portrait tablet, French headers) each player takes two lines: rank, name
and the main numbers, then the other columns in words ("Uma +15,000 · Penalty −20,000")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QEvent, QSize, Qt, QTimer
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QLayout, QSizePolicy, QWidget

NAME_ROOM = 300  # the widest a name column grows before a long name wraps


@dataclass
class Table:
    head: list[str]
    rows: list[list[str]]
    numeric_from: int  # columns from this one on are numbers (right-aligned)
    signed: set[int] = field(default_factory=set)  # columns whose + / − is coloured
    main: set[int] = field(default_factory=set)  # columns kept on the first line when a player takes two lines
    name_col: int = 1


class ResultsTable(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(14)
        self.grid.setVerticalSpacing(6)
        # the table never forces its width on the page: a narrow page gets the two-line layout instead
        self.grid.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.table: Table | None = None
        self.stacked = False
        self._cells: list[QLabel] = []
        self._building = False
        self._natural: int | None = None  # natural_width(), kept: the layout asks for it once per cell shown

    # -- content ------------------------------------------------------------------------------------------------

    def set_table(self, table: Table) -> None:
        self.table = table
        self._natural = None
        self._build(self._fits(self.width()))

    def texts(self) -> list[list[str]]:
        """The table shown, header first, one list per player (whatever the layout)."""
        if self.table is None:
            return []
        return [list(self.table.head)] + [list(r) for r in self.table.rows]

    # -- layout -------------------------------------------------------------------------------------------------

    def _bold(self) -> QFontMetrics:
        font = QFont(self.font())
        font.setBold(True)
        return QFontMetrics(font)

    def natural_width(self) -> int:
        """The width of the one-line layout: every column as wide as its widest text."""
        t = self.table
        if t is None:
            return 0
        if self._natural is None:
            self._natural = self._measure(t)
        return self._natural

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._natural = None  # measured again in the new font
        super().changeEvent(event)

    def _measure(self, t: Table) -> int:
        fm = self._bold()
        widths = []
        for c in range(len(t.head)):
            texts = [t.head[c]] + [r[c] for r in t.rows]
            w = max(max(fm.horizontalAdvance(line) for line in s.split("\n")) for s in texts)
            widths.append(min(w, NAME_ROOM) if c == t.name_col else w)
        return sum(widths) + self.grid.horizontalSpacing() * (len(widths) - 1) + 8

    def _fits(self, width: int) -> bool:
        return self.natural_width() <= width

    def _label(self, text: str, head: bool, align: Qt.AlignmentFlag) -> QLabel:
        lab = QLabel(text, self)
        lab.setProperty("role", "cell-head" if head else "cell")
        lab.setAlignment(align | Qt.AlignmentFlag.AlignVCenter)
        lab.setMinimumHeight(34)
        self._cells.append(lab)
        return lab

    def _build(self, wide: bool) -> None:
        self._building = True
        try:
            self._fill(wide)
        finally:
            self._building = False
        if self._fits(self.width()) == self.stacked:  # resized while it was being filled: the other layout
            QTimer.singleShot(0, self._recheck)

    def _recheck(self) -> None:
        if self.table is not None and self._fits(self.width()) == self.stacked:
            self._build(self._fits(self.width()))

    def _fill(self, wide: bool) -> None:
        shown = self.isVisible()
        if shown and self.table is not None and len(self.table.rows) > 8:
            self.hide()  # each cell shown in a shown table lays the whole table out again: one layout instead
        try:
            self._fill_cells(wide)
        finally:
            if shown:
                self.show()

    def _fill_cells(self, wide: bool) -> None:
        for cell in self._cells:
            self.grid.removeWidget(cell)
            cell.hide()  # deleteLater waits for the event loop: hidden at once so nothing overlaps
            cell.deleteLater()
        self._cells = []
        t = self.table
        if t is None:
            return
        self.stacked = not wide
        bold = self._bold()
        columns = list(range(len(t.head))) if wide else [c for c in range(len(t.head)) if c in t.main]
        for pos, c in enumerate(columns):
            self.grid.addWidget(self._label(t.head[c], True, self._align(c)), 0, pos)
        line = 1
        for row in t.rows:
            for pos, c in enumerate(columns):
                lab = self._label(row[c], c == t.name_col, self._align(c))
                if c in t.signed and row[c][:1] in ("+", "−"):
                    lab.setProperty("sign", "plus" if row[c][0] == "+" else "minus")
                if c == t.name_col:  # a name (and its note) on one line each, unless longer than NAME_ROOM
                    widest = max(bold.horizontalAdvance(line) for line in row[c].split("\n"))
                    lab.setWordWrap(True)
                    lab.setMinimumWidth(min(widest + 8, NAME_ROOM))
                    lab.setMaximumWidth(NAME_ROOM)
                self.grid.addWidget(lab, line, pos)
            line += 1
            if not wide and len(columns) < len(t.head):
                rest = [f"{t.head[c]} {row[c]}" for c in range(len(t.head)) if c not in t.main and row[c] != "0"]
                more = self._label(" · ".join(rest) or " ", False, Qt.AlignmentFlag.AlignLeft)
                more.setWordWrap(True)
                more.setProperty("role", "citation")
                self.grid.addWidget(more, line, 1, 1, max(1, len(columns) - 1))
                line += 1
        for c in range(self.grid.columnCount()):
            self.grid.setColumnStretch(c, 0)
        self.grid.setColumnStretch(len(columns), 1)  # columns keep their natural width, on the left
        for cell in self._cells:
            cell.show()  # a child added to a widget already shown once stays hidden unless shown
        self.updateGeometry()

    def _align(self, c: int) -> Qt.AlignmentFlag:
        t = self.table
        assert t is not None
        if c == 0 and t.name_col != 0:
            return Qt.AlignmentFlag.AlignHCenter
        return Qt.AlignmentFlag.AlignRight if c >= t.numeric_from else Qt.AlignmentFlag.AlignLeft

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        fits = self._fits(event.size().width())
        if self.table is not None and not self._building and fits == self.stacked:
            self._build(fits)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(120, self.grid.minimumSize().height())

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(self.natural_width(), self.grid.sizeHint().height())

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt override
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt override
        return self.grid.heightForWidth(width) if self.grid.hasHeightForWidth() else self.grid.sizeHint().height()


def visible_columns(rows: Sequence[Sequence[str]], always: set[int], zero: str = "0") -> list[int]:
    """The columns to show: those in ``always`` and those where some row is not ``zero``."""
    n = len(rows[0]) if rows else 0
    return [c for c in range(n) if c in always or any(r[c] not in (zero, "") for r in rows)]
