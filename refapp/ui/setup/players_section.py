"""Setup: the four players in seat order from East, each with a first-timer toggle, typed or taken from a CSV
roster or from the tournament's players (suggested as a name is typed, in the current language's order). A name
that is missing or already seated is marked at its own field, with the reason under it."""

from __future__ import annotations

from PySide6.QtCore import QStringListModel, Qt, Signal
from PySide6.QtWidgets import QCompleter, QGridLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from ...domain.inputs import refused_in_name
from ..common.collate import sorted_names
from ..common.texts import wind
from ..common.widgets import TOUCH, BigButton, Toggle
from .field import FieldError, invisible_char, mark

SEATS = "ESWN"


class PlayersSection(QWidget):
    import_roster = Signal()  # the roster button was tapped: the page asks for a file

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel(self)  # how to fill the seats
        self.label.setObjectName("players_hint")
        self.label.setWordWrap(True)
        lay.addWidget(self.label)
        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(4)
        grid.setColumnStretch(1, 1)
        self.players: list[QLineEdit] = []
        self.first_timers: list[Toggle] = []
        self.seat_labels: list[QLabel] = []
        self.errors: list[FieldError] = []
        self._suggested = QStringListModel(self)
        self._first: dict[str, bool] = {}  # known names (roster, tournament) -> first-timer flag
        for i in range(4):
            seat = QLabel(self)
            seat.setProperty("role", "question")
            edit = QLineEdit(self)
            edit.setObjectName(f"player_{i}")
            edit.setMinimumHeight(TOUCH - 8)
            completer = QCompleter(self._suggested, edit)
            completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
            completer.setFilterMode(Qt.MatchFlag.MatchContains)
            edit.setCompleter(completer)
            edit.editingFinished.connect(lambda i=i: self._known_flag(i))
            completer.activated.connect(lambda _t, i=i: self._known_flag(i))
            ft = Toggle("", self)
            ft.setObjectName(f"first_timer_{i}")
            error = FieldError(self, f"player_{i}_error")
            grid.addWidget(seat, 2 * i, 0)
            grid.addWidget(edit, 2 * i, 1)
            grid.addWidget(ft, 2 * i, 2)
            grid.addWidget(error, 2 * i + 1, 1, 1, 2)
            self.seat_labels.append(seat)
            self.players.append(edit)
            self.first_timers.append(ft)
            self.errors.append(error)
        lay.addLayout(grid)
        self.roster_button = BigButton("", self)
        self.roster_button.setObjectName("import_roster")
        self.roster_button.clicked.connect(self.import_roster)
        lay.addWidget(self.roster_button)
        self.roster_status = QLabel(self)  # "12 players imported", or what is wrong with the file
        self.roster_status.setObjectName("roster_status")
        self.roster_status.setWordWrap(True)
        self.roster_status.hide()
        lay.addWidget(self.roster_status)

    def retranslate(self) -> None:
        self.label.setText(
            self.tr("In seat order from East. Mark a player's first tournament with the button beside the name.")
        )
        for letter, lab in zip(SEATS, self.seat_labels, strict=True):
            lab.setText(wind(letter))
        for ft in self.first_timers:
            ft.setText(self.tr("First timer"))
        self.roster_button.setText(self.tr("Import players from a CSV roster"))

    # -- names --------------------------------------------------------------------------------------------------

    def names(self) -> list[str]:
        return [e.text().strip() for e in self.players]

    def first_timer_flags(self) -> list[bool]:
        return [ft.isChecked() for ft in self.first_timers]

    def set_known(self, first_timer: dict[str, bool]) -> None:
        """Names to suggest (a roster, the tournament's players) with their first-timer flags."""
        self._first = dict(first_timer)
        self._suggested.setStringList(sorted_names(self._first))

    def suggestions(self) -> list[str]:
        return list(self._suggested.stringList())

    def _known_flag(self, seat: int) -> None:
        name = self.players[seat].text().strip()
        if name in self._first:
            self.first_timers[seat].setChecked(self._first[name])

    def seat(self, names: list[str], first_timers: list[bool] | None = None) -> None:
        """Put ``names`` in the seats from East (and their first-timer flags, else the known ones)."""
        for i, (edit, name) in enumerate(zip(self.players, names, strict=False)):
            edit.setText(name)
            flag = first_timers[i] if first_timers is not None else self._first.get(name, False)
            self.first_timers[i].setChecked(flag)

    # -- checks ---------------------------------------------------------------------------------------------------

    def check(self) -> bool:
        """Mark every seat whose name is missing, holds a control or invisible formatting character
        (:mod:`refapp.domain.inputs`) or is already seated (compared ignoring case); True if all four are fine."""
        names = self.names()
        ok = True
        for i, name in enumerate(names):
            text = ""
            bad = refused_in_name(name)
            if not name:
                text = self.tr("Enter this player's name.")
            elif bad is not None:
                text = invisible_char(bad)
            else:
                first = next(j for j, other in enumerate(names) if other.casefold() == name.casefold())
                if first != i:
                    text = self.tr("%1 is already seated at %2: each player once.").replace("%1", names[first])
                    text = text.replace("%2", wind(SEATS[first]))
            mark(self.players[i], self.errors[i], text)
            ok = ok and not text
        return ok

    def clear_errors(self) -> None:
        for edit, error in zip(self.players, self.errors, strict=True):
            mark(edit, error, "")

    def show_roster_status(self, text: str, error: bool) -> None:
        self.roster_status.setProperty("role", "error" if error else "info")
        self.roster_status.style().unpolish(self.roster_status)
        self.roster_status.style().polish(self.roster_status)
        self.roster_status.setText(text)
        self.roster_status.show()
