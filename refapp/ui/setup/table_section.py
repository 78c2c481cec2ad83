"""Setup: the tournament (typed, or one already kept, suggested as it is typed), the table number, and the session
and hanchan numbers of the hanchan to start."""

from __future__ import annotations

from PySide6.QtCore import QStringListModel, Qt, Signal
from PySide6.QtWidgets import QCompleter, QLineEdit, QVBoxLayout, QWidget

from ...domain.inputs import refused_in_name
from ..common.collate import sorted_names
from ..common.flow_grid import FlowGrid
from ..common.widgets import TOUCH, Stepper
from .field import FieldError, invisible_char, mark, question

MAX_SESSION = 10_000  # as the hanchan_start event allows
MAX_HANCHAN = 999


class _Numbered(QWidget):
    """A stepper under its question."""

    def __init__(self, name: str, minimum: int, maximum: int, parent: QWidget):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.label = question(self)
        self.stepper = Stepper(minimum, maximum, minimum, 1, self)
        self.stepper.setObjectName(name)
        self.stepper.label.setMinimumWidth(72)  # room for 999 at the stepper's size; the steppers stay compact
        lay.addWidget(self.label)
        lay.addWidget(self.stepper)


class TableSection(QWidget):
    """Tournament, table, session and hanchan. ``where_changed`` when the tournament or the table number changes
    (the page then asks for that table's next hanchan and session)."""

    where_changed = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.tournament_label = question(self)
        self.tournament = QLineEdit(self)
        self.tournament.setObjectName("tournament")
        self.tournament.setMinimumHeight(TOUCH - 8)
        self._names = QStringListModel(self)
        completer = QCompleter(self._names, self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.tournament.setCompleter(completer)
        self.tournament_error = FieldError(self, "tournament_error")
        lay.addWidget(self.tournament_label)
        lay.addWidget(self.tournament)
        lay.addWidget(self.tournament_error)
        self.numbers = FlowGrid(self, max_columns=3, spacing=24, fill=False)
        self.table_box = _Numbered("table_number", 1, 999, self.numbers)
        self.session_box = _Numbered("session", 1, MAX_SESSION, self.numbers)
        self.hanchan_box = _Numbered("hanchan_number", 1, MAX_HANCHAN, self.numbers)
        for box in (self.table_box, self.session_box, self.hanchan_box):
            self.numbers.add(box)
        lay.addWidget(self.numbers)
        self.table_number = self.table_box.stepper
        self.session = self.session_box.stepper
        self.hanchan = self.hanchan_box.stepper
        self.tournament.editingFinished.connect(self.where_changed)
        self.table_number.value_changed.connect(lambda _v: self.where_changed.emit())

    def retranslate(self) -> None:
        self.tournament_label.setText(self.tr("Tournament"))
        self.tournament.setPlaceholderText(self.tr("Its name, as on the programme"))
        self.table_box.label.setText(self.tr("Table number"))
        self.session_box.label.setText(self.tr("Session"))
        self.hanchan_box.label.setText(self.tr("Hanchan number"))
        self.session.setAccessibleDescription(self.tr("Warnings may count per session"))
        self.numbers.rearrange()

    def set_tournaments(self, names: list[str]) -> None:
        """The tournaments kept, suggested in the current language's order."""
        self._names.setStringList(sorted_names(names))

    def suggested_tournaments(self) -> list[str]:
        return list(self._names.stringList())

    def check(self) -> bool:
        """Mark the tournament field if it is empty or holds a control or invisible formatting character; True if
        it is fine."""
        name = self.tournament.text().strip()
        bad = refused_in_name(name)
        text = self.tr("Enter the tournament's name.") if not name else invisible_char(bad) if bad else ""
        mark(self.tournament, self.tournament_error, text)
        return not text

    def clear_errors(self) -> None:
        mark(self.tournament, self.tournament_error, "")
