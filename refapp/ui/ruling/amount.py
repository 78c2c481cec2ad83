"""A point penalty as the referee gives it: the rule set's usual amounts as big buttons (``[penalties] usual``), and
− and + for any other amount, in steps of the rule set's own step (WRC: 1 point; EMA: 1,000). A button sets the
amount shown between − and +, which then steps from it; nothing is chosen until the referee taps."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QButtonGroup, QGridLayout, QWidget

from ..common.flow_widgets import OptionalStepper
from ..common.widgets import BigButton


class AmountStepper(OptionalStepper):
    """The − and + of a penalty: its value in the unit the referee enters (points under WRC), said with its unit."""

    def __init__(self, low: int, high: int, step: int, say: Callable[[int], str], parent: QWidget | None = None):
        self.say = say
        super().__init__(low, high, low, step, parent)

    def format(self, value: int) -> str:
        return self.say(value)


class PenaltyAmount(QWidget):
    """The usual amounts (``presets``) and a stepper, one answer: :meth:`value` (in the unit entered) once given."""

    value_changed = Signal(int)

    def __init__(
        self,
        presets: Sequence[int],
        low: int,
        high: int,
        step: int,
        say: Callable[[int], str],
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        # the usual amounts, then − and + on the same row where they fit (all in view on a laptop), else below them
        lay = self.box = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.say = say
        self.presets: dict[int, BigButton] = {}
        self.group = QButtonGroup(self)
        self.group.setExclusive(False)  # (a value stepped to by − and + unchecks them all)
        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        columns = 3 if len(presets) > 4 else max(1, len(presets))
        for n, value in enumerate(presets):
            b = BigButton(say(value), self)
            b.setObjectName(f"preset_{value}")
            b.setCheckable(True)
            b.clicked.connect(lambda _=False, v=value: self.set_value(v))
            self.group.addButton(b)
            self.presets[value] = b
            grid.addWidget(b, n // columns, n % columns)
        lay.addLayout(grid, 3 if presets else 0)
        self.stepper = AmountStepper(low, high, step, say, self)
        self.stepper.value_changed.connect(self._stepped)
        lay.addWidget(self.stepper, 2)
        self.minus, self.label, self.plus = self.stepper.minus, self.stepper.label, self.stepper.plus

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        spacing = max(0, self.box.spacing())
        row = sum(b.sizeHint().width() + spacing for b in self.presets.values()) + self.stepper.sizeHint().width()
        direction = (
            QBoxLayout.Direction.LeftToRight if row <= event.size().width() else QBoxLayout.Direction.TopToBottom
        )
        if self.box.direction() != direction:
            self.box.setDirection(direction)

    def is_set(self) -> bool:
        return self.stepper.is_set()

    def value(self) -> int:
        return self.stepper.value()

    def set_value(self, value: int) -> None:
        self.stepper.set_value(value)
        self._mark(self.stepper.value())

    def clear(self) -> None:
        self.stepper.clear()
        self._mark(None)

    def text(self) -> str:
        """The amount as shown ("10 points", "8,000"; "" before one is given)."""
        return self.say(self.value()) if self.is_set() else ""

    def retranslate(self) -> None:
        for value, b in self.presets.items():
            b.setText(self.say(value))
        if self.is_set():
            self.stepper.label.setText(self.say(self.value()))

    def _stepped(self, value: int) -> None:
        self._mark(value)
        self.value_changed.emit(value)

    def _mark(self, value: int | None) -> None:
        for v, b in self.presets.items():
            b.setChecked(v == value)


__all__ = ["AmountStepper", "PenaltyAmount"]
