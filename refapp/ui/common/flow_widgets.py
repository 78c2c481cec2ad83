"""Small pieces shared by the entry flows (ruling, hand result, hand check): titles, scroll areas, the main button
that looks off when it is off, a stepper that starts empty, and the mark of a missing answer."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QLabel, QLayout, QScrollArea, QWidget

from .widgets import TOUCH, BigButton, Stepper, WrapLabel, kinetic

QWIDGETSIZE_MAX = (1 << 24) - 1


def title_label(text: str, parent: QWidget) -> QLabel:
    lab = WrapLabel(text, parent)
    lab.setProperty("role", "title")
    return lab


def wrapped_label(parent: QWidget, role: str = "", name: str = "") -> QLabel:
    lab = WrapLabel("", parent)
    if role:
        lab.setProperty("role", role)
    if name:
        lab.setObjectName(name)
    return lab


class FitScroll(QScrollArea):
    """A finger-scrolled area whose content follows its width and is at least as tall as the area (content wider
    than its minimum shows a sideways bar: a layout fault the layout tests catch).

    It sizes its content itself rather than with Qt's ``widgetResizable``: when content with wrapped text needs the
    vertical bar, Qt measures it at each width from the area's to the area's less the bar, one pixel at a time
    (18 measures of every label on the page, on every change of the page: most of a referee's tap). Here it is
    measured at most twice: at the whole width, then, if it needs the bar, at the width the bar leaves."""

    def __init__(self, inner: QWidget, parent: QWidget | None = None):
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidget(inner)
        kinetic(self.viewport())

    def fit(self) -> None:
        inner = self.widget()
        if inner is None:
            return
        room = self.maximumViewportSize()  # the viewport without bars
        least = inner.minimumSizeHint().expandedTo(inner.minimumSize())
        width = max(room.width(), least.width())
        if inner.hasHeightForWidth():
            height = inner.heightForWidth(width)
            if height > room.height() and self.verticalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
                width = max(room.width() - self.verticalScrollBar().sizeHint().width(), least.width())
                height = inner.heightForWidth(width)
        else:
            height = least.height()
            if height > room.height():
                width = max(room.width() - self.verticalScrollBar().sizeHint().width(), least.width())
        if height <= room.height() and width <= room.width():
            width = room.width()
        inner.resize(width, max(height, least.height(), self.viewport().height()))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.fit()

    def event(self, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.LayoutRequest, QEvent.Type.StyleChange):
            self.fit()
        return super().event(event)


def scroll(inner: QWidget, parent: QWidget) -> QScrollArea:
    """``inner`` in a :class:`FitScroll` area."""
    return FitScroll(inner, parent)


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
