"""Small pieces shared by the entry flows (ruling, hand result, hand check): titles, scroll areas, the main button
that looks off when it is off, a stepper that starts empty, and the mark of a missing answer."""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QLabel, QLayout, QScrollArea, QWidget

from .widgets import TOUCH, BigButton, Stepper, kinetic

QWIDGETSIZE_MAX = (1 << 24) - 1


def title_label(text: str, parent: QWidget) -> QLabel:
    lab = QLabel(text, parent)
    lab.setProperty("role", "title")
    lab.setWordWrap(True)
    return lab


def wrapped_label(parent: QWidget, role: str = "", name: str = "") -> QLabel:
    lab = QLabel(parent)
    lab.setWordWrap(True)
    if role:
        lab.setProperty("role", role)
    if name:
        lab.setObjectName(name)
    return lab


def scroll(inner: QWidget, parent: QWidget) -> QScrollArea:
    """A finger-scrolled area whose content follows its width (content wider than it shows a sideways bar: a
    layout fault the layout tests catch)."""
    area = QScrollArea(parent)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(inner)
    kinetic(area.viewport())
    return area


def clear_layout(layout: QLayout) -> None:
    """Remove and delete every widget and sub-layout of ``layout``."""
    while layout.count():
        item = layout.takeAt(0)
        if item is None:
            continue
        widget = item.widget()
        if widget is not None:
            widget.hide()
            widget.deleteLater()
        sub = item.layout()
        if sub is not None:
            clear_layout(sub)


class MainButton(BigButton):
    """The page's main button (Preview, Confirm, a recording): coloured when it can be tapped, plainly grey when it
    cannot (the theme's ``:disabled`` rule of its role: turning it on or off restyles nothing, on every tap)."""

    def __init__(self, text: str = "", parent: QWidget | None = None, role: str = "primary"):
        super().__init__(text, parent, role)


class FlowStepper(Stepper):
    """A stepper whose − and + keep the size the theme gives them (a fixed size smaller than the theme's minimum
    makes the layout centre a taller button in a shorter row: its bottom is cut)."""

    def __init__(
        self, minimum: int = 0, maximum: int = 99, value: int = 0, step: int = 1, parent: QWidget | None = None
    ):
        super().__init__(minimum, maximum, value, step, parent)
        for b in (self.minus, self.plus):
            b.setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX)
            b.setMinimumSize(TOUCH + 16, TOUCH)


class OptionalStepper(FlowStepper):
    """A stepper that starts empty ("—"): nothing is assumed until the referee taps. The first tap on − or + gives
    ``start``; :meth:`is_set` says whether a value was given."""

    EMPTY = "—"

    def __init__(self, minimum: int, maximum: int, start: int, step: int = 1, parent: QWidget | None = None):
        super().__init__(minimum, maximum, minimum, step, parent)
        self.start = max(minimum, min(maximum, start))
        self._given = False
        self.minus.clicked.disconnect()
        self.plus.clicked.disconnect()
        self.minus.clicked.connect(lambda: self._step(-1))
        self.plus.clicked.connect(lambda: self._step(+1))
        self.clear()

    def is_set(self) -> bool:
        return self._given

    def clear(self) -> None:
        self._given = False
        self.label.setText(self.EMPTY)
        self.minus.setEnabled(True)
        self.plus.setEnabled(True)

    def _step(self, direction: int) -> None:
        if not self._given:
            self.set_value(self.start)
        else:
            self.set_value(self.value() + direction * self.step)

    def set_value(self, value: int) -> None:
        was = getattr(self, "_given", True)  # (Stepper.__init__ sets its first value before ours is made)
        self._given = True
        before = self.value()
        super().set_value(value)
        if not was and self.value() == before:  # the first value equals the hidden one: still a change
            self.value_changed.emit(self.value())


def missing_mark(parent: QWidget, name: str = "") -> QLabel:
    """The words under a question that still needs an answer (hidden when answered)."""
    lab = wrapped_label(parent, "earlier", name)
    lab.hide()
    return lab


__all__ = [
    "FlowStepper",
    "MainButton",
    "OptionalStepper",
    "clear_layout",
    "missing_mark",
    "scroll",
    "title_label",
    "wrapped_label",
]
