"""Setup: the four players in seat order from East, each with a first-timer toggle, typed or taken from a CSV
roster or from the tournament's players (suggested as a name is typed, in the current language's order). A name
that is missing or already seated is marked at its own field, with the reason under it."""

from __future__ import annotations

from PySide6.QtCore import QStringListModel, Qt, Signal
from PySide6.QtWidgets import QCompleter, QGridLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from ...domain.inputs import refused_in_name
from ..common.collate import sorted_names
from ..common.flow_widgets import Feedback
from ..common.texts import wind
from ..common.widgets import TOUCH, BigButton, Toggle
from .field import FieldError, Question, invisible_char, mark, question

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
        self.seat_labels: list[Question] = []
        self.errors: list[FieldError] = []
        self.flags: list[QLabel] = []  # a player in play at another table (Setup's check), under the error
        self._suggested = QStringListModel(self)
        self._first: dict[str, bool] = {}  # known names (roster, tournament) -> first-timer flag
        for i in range(4):
            seat = question(self)  # a tap on the wind puts the cursor in its name
            seat.setWordWrap(False)
            edit = QLineEdit(self)
            edit.setObjectName(f"player_{i}")
            edit.setMinimumHeight(TOUCH - 8)
            completer = QCompleter(self._suggested, edit)
            completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
            completer.setFilterMode(Qt.MatchFlag.MatchContains)
            edit.setCompleter(completer)
            seat.set_field(edit)
            edit.textChanged.connect(self._recheck)  # a mark goes as soon as the names are right
            edit.editingFinished.connect(lambda i=i: self._known_flag(i))
            completer.activated.connect(lambda _t, i=i: self._known_flag(i))
            ft = Toggle("", self)
            ft.setObjectName(f"first_timer_{i}")
            error = FieldError(self, f"player_{i}_error")
            flag = QLabel(self)
            flag.setObjectName(f"player_{i}_elsewhere")
            flag.setProperty("role", "flag")
            flag.setProperty("kind", "attention")
            flag.setWordWrap(True)
            flag.hide()
            grid.addWidget(seat, 3 * i, 0)
            grid.addWidget(edit, 3 * i, 1)
            grid.addWidget(ft, 3 * i, 2)
            grid.addWidget(error, 3 * i + 1, 1, 1, 2)
            grid.addWidget(flag, 3 * i + 2, 1, 1, 2)
            self.seat_labels.append(seat)
            self.players.append(edit)
            self.first_timers.append(ft)
            self.errors.append(error)
            self.flags.append(flag)
        lay.addLayout(grid)
        self.roster_button = BigButton("", self)
        self.roster_button.setObjectName("import_roster")
        self.roster_button.clicked.connect(self.import_roster)
        lay.addWidget(self.roster_button)
        self.roster_status = Feedback(self, "roster_status")  # "12 players imported", or what is wrong with the file
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

    def _recheck(self) -> None:
        """While a seat is marked, each change of a name checks the marked seats again: a mark goes as soon as its
        name is right (typed, or another seat's duplicate changed); a seat not marked is not marked while typing."""
        if any(e.isVisibleTo(self) for e in self.errors):
            self.check(marked_only=True)

    def check(self, marked_only: bool = False) -> bool:
        """Mark every seat whose name is missing, holds a control or invisible formatting character
        (:mod:`refapp.domain.inputs`) or is already seated (compared ignoring case); True if all four are fine.
        ``marked_only``: check again only the seats marked now."""
        names = self.names()
        ok = True
        for i, name in enumerate(names):
            if marked_only and not self.errors[i].isVisibleTo(self):
                continue
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

    def show_flags(self, texts: list[str]) -> None:
        """Flag each seat with its text (a player in play at another table), or nothing (``""``)."""
        for flag, text in zip(self.flags, texts, strict=True):
            flag.setText(text)
            flag.setVisible(bool(text))

    def flag_texts(self) -> list[str]:
        """The flags shown, a seat each (``""`` for none)."""
        return [f.text() if not f.isHidden() else "" for f in self.flags]

    def clear_errors(self) -> None:
        for edit, error in zip(self.players, self.errors, strict=True):
            mark(edit, error, "")

    def show_roster_status(self, text: str, error: bool) -> None:
        """What came of the roster, under its button, in view."""
        self.roster_status.say(text, error, anchor=self.roster_button)
