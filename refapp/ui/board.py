"""The board: four seats around a square table seen from one side, the round, counters and sticks in the centre.

Widgets only render a :class:`~refapp.domain.ledger.TableState`; they never change it.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLocale, Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from ..domain.ledger import TableState

# seat position on screen relative to the seat shown at the bottom: bottom, right, top, left (counter-clockwise)
_GRID = {0: (2, 1), 1: (1, 2), 2: (0, 1), 3: (1, 0)}


def wind_name(letter: str) -> str:
    names = {
        "E": QCoreApplication.translate("Wind", "East"),
        "S": QCoreApplication.translate("Wind", "South"),
        "W": QCoreApplication.translate("Wind", "West"),
        "N": QCoreApplication.translate("Wind", "North"),
    }
    return names[letter]


def points(value: float | int) -> str:
    """Table points formatted for the current language (30,000 / 30 000)."""
    loc = QLocale()
    if float(value).is_integer():
        return loc.toString(int(value))
    return loc.toString(float(value), "f", 2)


class SeatPanel(QFrame):
    def __init__(self, seat: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.seat = seat
        self.setObjectName(f"seat{seat}")
        self.setProperty("role", "seat")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setMinimumSize(180, 120)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        lay = QVBoxLayout(self)
        self.wind = QLabel()
        self.name = QLabel()
        self.score = QLabel()
        self.overall = QLabel()
        self.badges = QLabel()
        for w, size, bold in (
            (self.wind, 14, True),
            (self.name, 16, True),
            (self.score, 26, True),
            (self.overall, 13, False),
            (self.badges, 13, True),
        ):
            f = w.font()
            f.setPointSize(size)
            f.setBold(bold)
            w.setFont(f)
            w.setAlignment(Qt.AlignmentFlag.AlignCenter)
            lay.addWidget(w)

    def render(self, st: TableState) -> None:
        s = st.seats[self.seat]
        letter = st.wind_of(self.seat)
        dealer = self.tr(" · dealer") if self.seat == st.dealer else ""
        self.wind.setText(wind_name(letter) + dealer)
        self.name.setText(s.player)
        self.score.setText(points(s.score))
        self.overall.setText(self.tr("Overall: %1").replace("%1", points(s.overall)))
        badges = []
        if s.riichi:
            badges.append(self.tr("RIICHI"))
        self.badges.setText("  ".join(badges))


class CentrePanel(QFrame):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("centre")
        self.setFrameShape(QFrame.Shape.Box)
        lay = QVBoxLayout(self)
        self.round = QLabel()
        self.counters = QLabel()
        self.sticks = QLabel()
        self.ruleset = QLabel()
        for w, size in ((self.round, 22), (self.counters, 14), (self.sticks, 14), (self.ruleset, 11)):
            f = w.font()
            f.setPointSize(size)
            f.setBold(size > 12)
            w.setFont(f)
            w.setAlignment(Qt.AlignmentFlag.AlignCenter)
            lay.addWidget(w)

    def render(self, st: TableState) -> None:
        if st.game_over:
            self.round.setText(self.tr("Hanchan %1 over").replace("%1", str(st.hanchan)))
        else:
            self.round.setText(
                self.tr("%1 %2").replace("%1", wind_name("ESWN"[st.round_wind])).replace("%2", str(st.hand))
            )
        self.counters.setText(self.tr("Counters: %n", "", st.counters))
        self.sticks.setText(self.tr("Riichi sticks: %n", "", st.riichi_sticks))
        self.ruleset.setText(st.ruleset.name if st.ruleset else "")


class BoardView(QWidget):
    """Read-only rendering of a table state."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setSpacing(12)
        self.seats = [SeatPanel(i, self) for i in range(4)]
        for i, panel in enumerate(self.seats):
            grid.addWidget(panel, *_GRID[i])
        self.centre = CentrePanel(self)
        grid.addWidget(self.centre, 1, 1)
        self.empty = QLabel(self.tr("No hanchan started yet."))
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        grid.addWidget(self.empty, 1, 1)
        self._state: TableState | None = None
        self.set_state(None)

    def set_state(self, st: TableState | None) -> None:
        self._state = st
        started = st is not None and st.started
        for p in self.seats:
            p.setVisible(started)
        self.centre.setVisible(started)
        self.empty.setVisible(not started)
        if started:
            assert st is not None
            for p in self.seats:
                p.render(st)
            self.centre.render(st)
