"""The board: four seats around a square table seen from one side; round, counters, sticks and rule set in the centre.

The board renders a :class:`~refapp.domain.ledger.TableState` and emits intents (a seat was tapped, the riichi
button of a seat was tapped); it never changes the state itself. What it shows of a state is
:func:`~refapp.ui.facts.board_facts`,
plain data: the app keeps the facts of the last state shown (``refapp.store.snapshot``) so that the next start can
paint the board before the domain and the store are loaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QBoxLayout, QFrame, QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from .facts import board_facts
from .texts import points, round_name, ruleset_text, signed, wind
from .theme import plain_tooltip
from .widgets import TOUCH, BigButton, set_role

if TYPE_CHECKING:
    from ..domain.ledger import TableState

# Screen position of each seat: seat 0 (East at the start) at the bottom, then counter-clockwise as at the table.
_GRID = {0: (2, 1), 1: (1, 2), 2: (0, 1), 3: (1, 0)}


def _label(parent: QWidget, role: str) -> QLabel:
    lab = QLabel(parent)
    lab.setAlignment(Qt.AlignmentFlag.AlignCenter)
    lab.setProperty("role", role)
    return lab


class SeatPanel(QFrame):
    """One seat: tap it to rule an offence; its riichi button records a riichi declaration."""

    tapped = Signal(int)
    riichi_tapped = Signal(int)

    def __init__(self, seat: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.seat = seat
        self.setObjectName(f"seat{seat}")
        self.setProperty("role", "seat")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setMinimumSize(220, 150)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        lay = QVBoxLayout(self)
        lay.setSpacing(0)
        lay.setContentsMargins(10, 4, 10, 4)
        self.wind = _label(self, "seat-wind")
        self.name = _label(self, "seat-name")
        self.score = _label(self, "seat-score")
        self.overall = _label(self, "seat-overall")
        self.badges = _label(self, "seat-badges")
        self.badges.setWordWrap(True)
        self.overall.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.badges.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        lay.addWidget(self.wind)
        lay.addWidget(self.name)
        middle = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.middle = middle
        middle.addWidget(self.score, 1)
        self.riichi = BigButton(self.tr("Riichi"), self, role="riichi")
        self.riichi.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.riichi.setMinimumSize(TOUCH * 2, TOUCH)
        middle.addWidget(self.riichi)
        lay.addLayout(middle)
        bottom = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        bottom.addWidget(self.overall)
        bottom.addWidget(self.badges, 1)
        lay.addLayout(bottom)
        lay.addStretch(1)
        self.riichi.clicked.connect(lambda: self.riichi_tapped.emit(self.seat))

    def _elide_name(self) -> None:
        """A long name is shortened with an ellipsis to the seat's width (the full name is the tooltip)."""
        full = getattr(self, "_full_name", "")
        width = max(40, self.width() - 24)
        self.name.setText(self.name.fontMetrics().elidedText(full, Qt.TextElideMode.ElideRight, width))

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        """Narrow seats (portrait) stack the riichi button under the score so the score is never clipped."""
        self._elide_name()
        narrow = self.width() < self.score.sizeHint().width() + self.riichi.minimumWidth() + 40
        self.middle.setDirection(QBoxLayout.Direction.TopToBottom if narrow else QBoxLayout.Direction.LeftToRight)
        self.middle.setAlignment(
            self.riichi, Qt.AlignmentFlag.AlignHCenter if narrow else Qt.AlignmentFlag.AlignVCenter
        )
        super().resizeEvent(event)

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 - Qt override
        if event.button() == Qt.MouseButton.LeftButton and self.rect().contains(event.position().toPoint()):
            self.tapped.emit(self.seat)
        super().mouseReleaseEvent(event)

    def render(self, facts: dict[str, Any]) -> None:
        s = facts["seats"][self.seat]
        dealer = self.tr(" · dealer") if self.seat == facts["dealer"] and not facts["game_over"] else ""
        self.wind.setText(wind(s["wind"]) + dealer)
        set_role(self, "dealer", self.seat == facts["dealer"])
        self._full_name = s["player"] + (self.tr(" (substitute)") if s["substitute"] else "")
        self.name.setToolTip(plain_tooltip(self._full_name))
        self._elide_name()
        self.score.setText(points(s["score"]))
        self.overall.setText(self.tr("Overall %1").replace("%1", signed(s["overall"])))
        self.badges.setText("  ".join(self.badge_texts(s)))
        self.riichi.setText(self.tr("Riichi"))
        self.riichi.setEnabled(not s["riichi"] and not s["dead_hand"] and not facts["game_over"])

    def badge_texts(self, s: dict[str, Any]) -> list[str]:
        out = []
        if s["riichi"]:
            out.append(self.tr("RIICHI"))
        if s["dead_hand"]:
            out.append(self.tr("DEAD HAND"))
        if s["warnings"]:
            out.append(self.tr("%n warning(s)", "", s["warnings"]))
        if s["chombos"]:
            out.append(self.tr("%n chombo(s)", "", s["chombos"]))
        if s["disqualified"]:
            out.append(self.tr("DISQUALIFIED"))
        for key, value in s["extra"].items():
            out.append(f"{key} {signed(value)}")
        return out


class CentrePanel(QFrame):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("centre")
        self.setProperty("role", "centre")
        self.setFrameShape(QFrame.Shape.Box)
        lay = QVBoxLayout(self)
        self.round = _label(self, "centre-round")
        self.counters = _label(self, "centre-line")
        self.sticks = _label(self, "centre-line")
        self.ruleset = _label(self, "centre-small")
        self.ruleset.setWordWrap(True)
        for w in (self.round, self.counters, self.sticks, self.ruleset):
            lay.addWidget(w)

    def render(self, facts: dict[str, Any], table_number: int | None = None) -> None:
        if facts["game_over"]:
            self.round.setText(self.tr("Hanchan %1 over").replace("%1", str(facts["hanchan"])))
        else:
            self.round.setText(round_name(facts["round_wind"], facts["hand"]))
        self.counters.setText(self.tr("Counters: %n", "", facts["counters"]))
        self.sticks.setText(self.tr("Riichi sticks: %n", "", facts["riichi_sticks"]))
        name = ruleset_text(facts["ruleset"]) if facts["ruleset"] else ""
        if table_number is not None:
            name = (
                self.tr("Table %1 · hanchan %2 · %3")
                .replace("%1", str(table_number))
                .replace("%2", str(facts["hanchan"]))
                .replace("%3", name)
            )
        self.ruleset.setText(name)


class BoardView(QWidget):
    """The four seats and the centre; renders a state, emits seat taps."""

    seat_tapped = Signal(int)
    riichi_tapped = Signal(int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setSpacing(10)
        self.seats = [SeatPanel(i, self) for i in range(4)]
        for i, panel in enumerate(self.seats):
            grid.addWidget(panel, *_GRID[i])
            panel.tapped.connect(self.seat_tapped)
            panel.riichi_tapped.connect(self.riichi_tapped)
        self.centre = CentrePanel(self)
        grid.addWidget(self.centre, 1, 1)
        self.empty = QLabel(self.tr("No table yet: open Setup to start a hanchan."), self)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self.empty.setProperty("role", "centre-line")
        grid.addWidget(self.empty, 1, 1)
        for r in range(3):
            grid.setRowStretch(r, 1)
            grid.setColumnStretch(r, 1)
        self.facts: dict[str, Any] | None = None
        self.set_state(None)

    def set_state(self, st: TableState | None, table_number: int | None = None) -> None:
        self.set_facts(board_facts(st), table_number)

    def set_facts(self, facts: dict[str, Any] | None, table_number: int | None = None) -> None:
        """Show the facts of a state (from :func:`board_facts`, or the snapshot kept from the last run)."""
        self.facts = facts
        started = facts is not None
        for p in self.seats:
            p.setVisible(started)
        self.centre.setVisible(started)
        self.empty.setVisible(not started)
        if table_number is not None:
            self.empty.setText(
                self.tr("No hanchan in progress at table %1: open Setup to start one.").replace("%1", str(table_number))
            )
        else:
            self.empty.setText(self.tr("No table yet: open Setup to start a hanchan."))
        if facts is not None:
            for p in self.seats:
                p.render(facts)
            self.centre.render(facts, table_number)
