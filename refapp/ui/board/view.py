"""The board: four seats around a square table seen from one side; round, counters, sticks and rule set in the centre.

The board renders a :class:`~refapp.domain.table.TableState` and emits intents (a seat was tapped, a riichi was
confirmed on a seat); it never changes the state itself. What it shows of a state is
:func:`~refapp.domain.board.board_facts`, plain data: the app keeps the facts of the last state shown
(``refapp.store.snapshot``) so that the next start can paint the board before the domain and the store are loaded.

Everything grows with the window, to be read across the table: the type sizes are worked out from the size of a
seat (:mod:`.sizes`) and set as the board's own style sheet. At 1280×800 a score has a cap height of
at least 32 px, the winds, counters and riichi sticks at least 24 px. Sticks are drawn (:mod:`.sticks`): the
counters and riichi sticks in the centre, and a riichi stick on each seat in riichi. A narrow seat (portrait) stacks
its score over its Riichi button and spreads its lines over its height.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QBoxLayout, QFrame, QGridLayout, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from ...domain.board import BoardFacts, SeatFacts, board_facts
from ...domain.numbers import AmountKind, in_unit
from ..common.texts import amount, points, round_name, ruleset_text, signed, wind
from ..common.theme import plain_tooltip
from ..common.widgets import ENTER_KEYS, TOUCH, BigButton, set_role
from .call_panel import CallPanel
from .riichi_bar import RiichiConfirm
from .sizes import COLUMNS, SEAT_MARGINS, SPACING, BoardSizes, board_sizes, fit_type, style_sheet
from .sticks import StickIcon

if TYPE_CHECKING:
    from ...domain.table import TableState

# Screen position of each seat: seat 0 (East at the start) at the bottom, then counter-clockwise as at the table.
_GRID = {0: (2, 1), 1: (1, 2), 2: (0, 1), 3: (1, 0)}


def _label(parent: QWidget, role: str) -> QLabel:
    lab = QLabel(parent)
    lab.setAlignment(Qt.AlignmentFlag.AlignCenter)
    lab.setProperty("role", role)
    return lab


class SeatPanel(QFrame):
    """One seat: tap it to rule an offence; its Riichi button opens the riichi confirm bar over the seat. On a
    keyboard, Tab reaches the seat (then its Riichi button), and Enter or Space rules as a tap does."""

    tapped = Signal(int)
    riichi_tapped = Signal(int)

    def __init__(self, seat: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.seat = seat
        self.setObjectName(f"seat{seat}")
        self.setProperty("role", "seat")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setMinimumSize(200, 150)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        lay = QVBoxLayout(self)
        lay.setSpacing(0)
        lay.setContentsMargins(SEAT_MARGINS[0], SEAT_MARGINS[1], SEAT_MARGINS[0], SEAT_MARGINS[1])
        self.wind = _label(self, "seat-wind")
        self.dealer_tag = _label(self, "seat-dealer")
        self.name = _label(self, "seat-name")
        self.name.setProperty("elided", True)  # a long name is shortened with "…"; the full name is the tooltip
        self.score = _label(self, "seat-score")
        self.overall = _label(self, "seat-overall")
        self.badges = _label(self, "seat-badges")
        self.badges.setWordWrap(True)
        self.stick = StickIcon("riichi", self)
        self.stick.hide()
        self.riichi = BigButton(self.tr("Riichi"), self, role="riichi")
        self.riichi.setObjectName(f"riichi{seat}")
        self.riichi.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.riichi.setFixedSize(110, TOUCH)
        self.top = QHBoxLayout()
        self.top.setSpacing(10)
        self.top.addStretch(0)  # 1 when stacked: the wind and the dealer tag centred
        self.top.addWidget(self.wind)
        self.top.addWidget(self.dealer_tag)
        self.top.addStretch(1)
        self.lay = lay
        lay.addStretch(0)  # 1 when stacked: the lines grouped in the middle of a tall seat
        lay.addLayout(self.top)
        lay.addStretch(1)
        lay.addWidget(self.name)
        lay.addStretch(1)
        self.middle = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.middle.setSpacing(8)
        self.middle.addWidget(self.score, 1)
        self.middle.addWidget(self.riichi, 0)
        self.middle.addWidget(self.stick, 0, Qt.AlignmentFlag.AlignCenter)  # in the button's place once in riichi
        lay.addLayout(self.middle)
        lay.addStretch(1)
        self.bottom = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.bottom.addWidget(self.overall)
        self.bottom.addWidget(self.badges, 1)
        lay.addLayout(self.bottom)
        lay.addStretch(0)
        self.confirm = RiichiConfirm(self)
        self.riichi.clicked.connect(lambda: self.riichi_tapped.emit(self.seat))
        self._full_name = ""
        self._overall_unit = 1
        self._stacked = False
        self._riichi = False
        self._score_px = 0

    # -- layout -----------------------------------------------------------------------------------------------

    def apply_sizes(self, z: BoardSizes) -> None:
        """Arrange the seat for the sizes of :func:`board_sizes` (the type sizes come with the board's sheet)."""
        if z.stacked != self._stacked:
            self._stacked = z.stacked
            self.top.setStretch(0, 1 if z.stacked else 0)
            self.lay.setStretch(0, 1 if z.stacked else 0)
            self.lay.setStretch(self.lay.count() - 1, 1 if z.stacked else 0)
            direction = QBoxLayout.Direction.TopToBottom if z.stacked else QBoxLayout.Direction.LeftToRight
            self.middle.setDirection(direction)
            self.bottom.setDirection(direction)
            align = Qt.AlignmentFlag.AlignCenter
            self.overall.setAlignment(
                align if z.stacked else Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
            )
            self.badges.setAlignment(
                align if z.stacked else Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
            )
            self.wind.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        if z.stacked:  # as wide as the seat
            self.riichi.setMinimumSize(z.button_w, z.button_h)
            self.riichi.setMaximumSize(16777215, z.button_h)
            self.riichi.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        else:
            self.riichi.setFixedSize(z.button_w, z.button_h)
            self.riichi.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.stick.set_thickness(z.stick)
        self._score_px = z.score
        self._elide_name()
        self._fit_score()

    def _fit_score(self) -> None:
        """A score wider than the board's type allows for (a negative six-figure score) is set smaller here only."""
        if not self._score_px:
            return
        room = self.contentsRect().width() - 2 * SEAT_MARGINS[0] - 2
        if not self._stacked:
            beside = self.riichi if self.riichi.isVisibleTo(self) else self.stick
            room -= beside.width() + self.middle.spacing()
        fit_type(self.score, self._score_px, room)

    def _elide_name(self) -> None:
        """A long name is shortened with an ellipsis to the seat's width (the full name is the tooltip)."""
        width = max(40, self.contentsRect().width() - 2 * SEAT_MARGINS[0] - 4)
        self.name.setText(self.name.fontMetrics().elidedText(self._full_name, Qt.TextElideMode.ElideRight, width))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        self._elide_name()
        self._fit_score()
        super().resizeEvent(event)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._elide_name()
        super().changeEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        inside = self.rect().contains(event.position().toPoint())
        if event.button() == Qt.MouseButton.LeftButton and inside and not self.confirm.is_open():
            self.tapped.emit(self.seat)
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if event.key() in (*ENTER_KEYS, Qt.Key.Key_Space) and not self.confirm.is_open():
            event.accept()
            if not event.isAutoRepeat():
                self.tapped.emit(self.seat)
            return
        super().keyPressEvent(event)

    # -- what it shows ----------------------------------------------------------------------------------------

    def show_facts(self, facts: BoardFacts, styled: bool = True) -> None:
        """Show a seat's facts; ``styled``: the board has its sizes' sheet (a change of dealer restyles the seat;
        before, the sheet set with the first sizes styles it, and the start's first frame does not make Python's
        QStyle, whose enums take 10 ms to make)."""
        s = facts["seats"][self.seat]
        dealer = self.seat == facts["dealer"] and not facts["game_over"]
        self.wind.setText(wind(s["wind"]))
        self.dealer_tag.setText(self.tr("Dealer"))
        self.dealer_tag.setVisible(dealer)
        if styled:
            set_role(self, "dealer", self.seat == facts["dealer"])
        else:
            self.setProperty("dealer", self.seat == facts["dealer"])
        self._full_name = s["player"] + (self.tr(" (substitute)") if s["substitute"] else "")
        self.name.setToolTip(plain_tooltip(self._full_name))
        said = self.tr("%1: %2, %3", "a seat for a screen reader: wind, player, score")
        self.setAccessibleName(
            said.replace("%1", wind(s["wind"])).replace("%2", self._full_name).replace("%3", points(s["score"]))
        )
        self._elide_name()
        self.score.setText(points(s["score"]))
        self._overall_unit = int(facts.get("overall_unit", 1))
        overall = in_unit(s["overall"], AmountKind.OVERALL, self._overall_unit)
        self.overall.setText(self.tr("Overall %1").replace("%1", amount(overall, sign=True)))
        self.badges.setText("  ·  ".join(self.badge_texts(s)))
        self.badges.setVisible(bool(self.badges.text()))
        self._riichi = bool(s["riichi"])
        self.stick.setVisible(self._riichi)
        self.stick.setToolTip(self.tr("Riichi declared"))
        self.stick.setAccessibleName(self.tr("Riichi declared"))
        self.riichi.setText(self.tr("Riichi"))
        can_declare = not s["riichi"] and not s["dead_hand"] and not facts["game_over"]
        self.riichi.setEnabled(can_declare)
        self.riichi.setVisible(not self._riichi)  # a seat in riichi shows its stick instead
        if not can_declare:
            self.confirm.close_bar()
        self._fit_score()

    def in_riichi(self) -> bool:
        """Whether the seat shows its riichi stick."""
        return self._riichi

    def badge_texts(self, s: SeatFacts) -> list[str]:
        out = []
        if s["dead_hand"]:
            out.append(self.tr("DEAD HAND"))
        if s["warnings"]:
            out.append(self.tr("%n warnings", "", s["warnings"]))
        if s["chombos"]:
            out.append(self.tr("%n chombos", "", s["chombos"]))
        if s.get("penalties"):  # (not in the facts kept by an older version)
            taken = [
                amount(in_unit(-value, kind, unit), sign=True).replace(" ", "\u00a0")  # ("−10 points" on one line)
                for value, kind, unit in (
                    (s.get("penalty_table", 0), AmountKind.TABLE, 1),
                    (s.get("penalty_overall", 0), AmountKind.OVERALL, self._overall_unit),
                )
                if value
            ]
            out.append(self.tr("%n penalties (%1)", "", s["penalties"]).replace("%1", " ".join(taken)))
        if s["disqualified"]:
            out.append(self.tr("DISQUALIFIED"))
        for key, value in s["extra"].items():
            kind = {"league": AmountKind.LEAGUE, "rating": AmountKind.RATING}.get(key)
            out.append(amount(in_unit(value, kind), sign=True) if kind is not None else f"{key} {signed(value)}")
        return out


class CentrePanel(QFrame):
    """The round, the riichi sticks and counters on the table (drawn, with their count in words) and the table."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("centre")
        self.setProperty("role", "centre")
        self.setFrameShape(QFrame.Shape.Box)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(12, 6, 12, 6)
        lay.setSpacing(2)
        self.round = _label(self, "centre-round")
        self.extra = _label(self, "centre-extra")  # "Extra round · target 30,000", in an extra round only
        self.extra.setObjectName("extra_round")
        self.extra.setWordWrap(True)
        self.extra.hide()
        self.sticks = _label(self, "centre-count")
        self.counters = _label(self, "centre-count")
        self.sticks.setObjectName("sticks")
        self.counters.setObjectName("counters")
        self.stick_icon = StickIcon("riichi", self)
        self.counter_icon = StickIcon("counter", self)
        self.ruleset = _label(self, "centre-small")
        self.ruleset.setWordWrap(True)
        self.sizes: BoardSizes | None = None
        lay.addStretch(1)
        lay.addWidget(self.round)
        lay.addWidget(self.extra)
        self.count_rows: list[QBoxLayout] = []
        for icon, text in ((self.stick_icon, self.sticks), (self.counter_icon, self.counters)):
            row = QBoxLayout(QBoxLayout.Direction.LeftToRight)
            row.setSpacing(10)
            row.addStretch(1)
            row.addWidget(icon, 0, Qt.AlignmentFlag.AlignCenter)
            row.addWidget(text, 0, Qt.AlignmentFlag.AlignCenter)
            row.addStretch(1)
            lay.addLayout(row)
            self.count_rows.append(row)
        lay.addWidget(self.ruleset)
        lay.addStretch(1)

    def apply_sizes(self, z: BoardSizes) -> None:
        self.sizes = z
        self.stick_icon.set_thickness(z.centre_stick)
        self.counter_icon.set_thickness(z.centre_stick)
        direction = QBoxLayout.Direction.TopToBottom if z.centre_stacked else QBoxLayout.Direction.LeftToRight
        for row, text in zip(self.count_rows, (self.sticks, self.counters), strict=True):
            row.setDirection(direction)
            row.setSpacing(2 if z.centre_stacked else 10)
            text.setWordWrap(z.centre_stacked)
        self.fit_counts()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.fit_counts()

    def count_texts(self) -> tuple[str, str]:
        """The longest usual texts of the counts in the current language (for :func:`board_sizes`; a count of
        ten and more is set smaller on its own: :meth:`fit_counts`)."""
        return (self.tr("%n riichi sticks", "", 8), self.tr("%n counters", "", 8))

    def fit_counts(self) -> None:
        z = self.sizes
        if z is None or z.centre_stacked:
            return  # wrapped under their sticks: they fit
        for icon, text in ((self.stick_icon, self.sticks), (self.counter_icon, self.counters)):
            room = self.width() - 24 - 4 - icon.width() - 10
            fit_type(text, z.count, room)

    def round_texts(self) -> tuple[str, ...]:
        """The round as shown now (for :func:`board_sizes`)."""
        return (self.round.text() or "East 4",)

    def show_facts(self, facts: BoardFacts, table_number: int | None = None) -> None:
        if facts["game_over"]:
            self.round.setText(self.tr("Hanchan %1 over").replace("%1", str(facts["hanchan"])))
        else:
            self.round.setText(round_name(facts["round_wind"], facts["hand"]))
        extra = bool(facts.get("extra_round")) and not facts["game_over"]
        self.extra.setText(
            self.tr("Extra round · target\u00a0%1").replace("%1", points(facts.get("target") or 0)) if extra else ""
        )
        self.extra.setVisible(extra)
        self.sticks.setText(self.tr("%n riichi sticks", "", facts["riichi_sticks"]))
        self.counters.setText(self.tr("%n counters", "", facts["counters"]))
        self.fit_counts()
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
    """The four seats and the centre; renders a state, emits seat taps and confirmed riichi declarations."""

    seat_tapped = Signal(int)
    riichi_tapped = Signal(int)  # the Riichi button of a seat: the shell opens its confirm bar (open_riichi_bar)
    riichi_confirmed = Signal(int)  # the second step: record the riichi

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("board")
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(SPACING)
        self.seats = [SeatPanel(i, self) for i in range(4)]
        for i, panel in enumerate(self.seats):
            grid.addWidget(panel, *_GRID[i])
            panel.tapped.connect(self.seat_tapped)
            panel.riichi_tapped.connect(self._riichi_tapped)
            panel.confirm.confirmed.connect(lambda i=i: self.riichi_confirmed.emit(i))
        self.centre = CentrePanel(self)
        grid.addWidget(self.centre, 1, 1)
        self.empty = QLabel(self.tr("No table yet: open Setup to start a hanchan."), self)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self.empty.setProperty("role", "centre-line")
        grid.addWidget(self.empty, 1, 0, 1, 3)
        self.call = CallPanel(self)  # the players call the referee (refapp.ui.board.referee_call): the top left corner
        grid.addWidget(self.call, 0, 0)
        for r in range(3):
            grid.setRowStretch(r, 1)
            grid.setColumnStretch(r, int(COLUMNS[r] * 10))
        self.facts: BoardFacts | None = None
        self.below: QWidget | None = None  # under the seats, across the board (put_below)
        self.table_number: int | None = None
        self.last_seat = 0  # the seat last ruled: the keyboard's focus comes back to it
        self.sizes: BoardSizes | None = None
        self._type_due: bool | None = None  # sizes to work out when shown (True: texts changed)
        self.set_state(None)

    def set_state(self, st: TableState | None, table_number: int | None = None) -> None:
        self.set_facts(board_facts(st), table_number)

    def set_facts(self, facts: BoardFacts | None, table_number: int | None = None) -> None:
        """Show the facts of a state (from :func:`board_facts`, or the snapshot kept from the last run)."""
        self.facts, self.table_number = facts, table_number
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
                p.show_facts(facts, styled=self.sizes is not None)
            self.centre.show_facts(facts, table_number)
            self._resize_type()  # the round may have become "Hanchan 1 over": its size follows

    def first_focus(self) -> QWidget | None:
        """Where the keyboard starts on the board: the seat last ruled (None: no hanchan, the shell's first)."""
        seat = self.seats[self.last_seat]
        return seat if seat.isVisibleTo(self) else None

    def retranslate(self) -> None:
        """Show the same facts in the current language (sizes follow the new texts)."""
        self.set_facts(self.facts, self.table_number)
        self._resize_type(force=True)

    def put_in_corner(self, widget: QWidget) -> None:
        """Place ``widget`` (the session clock: refapp.ui.clock.panel) in the top-right corner, a cell the table leaves
        empty (the call for the referee has the top-left one; the "Recorded" message floats over the bottom-right
        one). It must not ask for room of its own."""
        grid = self.layout()
        assert isinstance(grid, QGridLayout)
        grid.addWidget(widget, 0, 2)

    def put_below(self, widget: QWidget) -> None:
        """Place ``widget`` (the seating plan's card: refapp.ui.board.planned) under the seats, across the board; it
        takes room only while shown."""
        grid = self.layout()
        assert isinstance(grid, QGridLayout)
        grid.addWidget(widget, 3, 0, 1, 3)
        self.below = widget

    def refit(self) -> None:
        """Size the seats' type again (the widget below was shown or hidden: the seats have more or less room)."""
        self._resize_type(force=True)

    # -- the riichi confirm bar -------------------------------------------------------------------------------

    def _riichi_tapped(self, seat: int) -> None:
        self.close_riichi_bars()
        self.riichi_tapped.emit(seat)

    def open_riichi_bar(self, seat: int, text: str, can_confirm: bool = True) -> None:
        """Open the confirm bar over ``seat`` ("Riichi for Bob: −1,000 and a stick"), closing any other."""
        self.close_riichi_bars()
        self.seats[seat].confirm.open(text, can_confirm)

    def close_riichi_bars(self) -> bool:
        """Close every open confirm bar; True if one was open."""
        was_open = False
        for p in self.seats:
            if p.confirm.is_open():
                p.confirm.cancel()
                was_open = True
        return was_open

    def open_riichi_seat(self) -> int | None:
        return next((p.seat for p in self.seats if p.confirm.is_open()), None)

    # -- sizes ------------------------------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._resize_type()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        if self._type_due is not None:
            self._resize_type(force=self._type_due)

    def _resize_type(self, force: bool = False) -> None:
        if not self.isVisible():  # worked out once shown: a start sizes the window several times before its frame
            self._type_due = bool(self._type_due) or force
            return
        self._type_due = None
        button_min = max(TOUCH, self.seats[0].riichi.minimumSizeHint().height())
        below = self.below
        taken = 0
        if below is not None and not below.isHidden():
            taken = below.height() + SPACING  # (laid out: refit() is called once it is)
        z = board_sizes(self.width(), self.height() - taken, self.centre.count_texts(), self.centre.round_texts(),
                        button_min)  # fmt: skip
        if z == self.sizes and not force:
            return
        if z != self.sizes:
            self.sizes = z
            self.setStyleSheet(style_sheet(z))
        for p in self.seats:
            p.apply_sizes(z)
        self.centre.apply_sizes(z)


__all__ = ["BoardSizes", "BoardView", "CentrePanel", "SeatPanel", "board_sizes"]
