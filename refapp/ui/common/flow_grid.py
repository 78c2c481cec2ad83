"""Widgets laid out in as many columns as their texts allow at the current width: three rule sets a row on a
landscape screen, two (or one) on a portrait tablet, never wider than the page (no sideways scrolling)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Signal
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import QButtonGroup, QGridLayout, QLayout, QSizePolicy, QWidget

from .widgets import BigButton


class FlowGrid(QWidget):
    """Children in a grid of equal columns, as many as fit their widest size hint (at most ``max_columns``)."""

    def __init__(self, parent: QWidget | None = None, max_columns: int = 4, spacing: int = 8, fill: bool = True):
        super().__init__(parent)
        self.max_columns = max_columns
        self.fill = fill  # the columns share the width (else each keeps its widest item's width, on the left)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setSpacing(spacing)
        # the page may be narrower than the current columns: the grid never forces its width on the page
        self.grid.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        self.items: list[QWidget] = []
        self._columns = 0
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def add(self, widget: QWidget) -> None:
        widget.setParent(self)
        self.items.append(widget)
        self._columns = 0
        self.arrange()

    def set_items(self, widgets: Sequence[QWidget]) -> None:
        """Lay out these widgets, in this order, instead of the current ones (the caller hides those it left out)."""
        for w in self.items:
            self.grid.removeWidget(w)
        self.items = []
        for w in widgets:
            if w.parentWidget() is not self:
                w.setParent(self)
            self.items.append(w)
        self._columns = 0
        self.arrange()

    def columns_for(self, width: int) -> int:
        if not self.items:
            return 1
        need = max(self._width_of(w) for w in self.items)
        spacing = self.grid.horizontalSpacing()
        n = max(1, (width + spacing) // (need + spacing))
        return int(min(n, self.max_columns, len(self.items)))

    @staticmethod
    def _width_of(w: QWidget) -> int:
        """The width an item needs: its ``width_hint`` when it has one (a card whose height follows its width: no
        need to lay its lines out to know it), else its size hints'."""
        hint = getattr(w, "width_hint", None)
        return int(hint) if hint is not None else max(w.sizeHint().width(), w.minimumSizeHint().width())

    def arrange(self) -> None:
        n = self.columns_for(self.width())
        if n == self._columns:
            return
        self._columns = n
        for w in self.items:
            self.grid.removeWidget(w)
        for i, w in enumerate(self.items):
            self.grid.addWidget(w, i // n, i % n)
        for c in range(self.grid.columnCount()):
            self.grid.setColumnStretch(c, 1 if c < n and self.fill else 0)
        if not self.fill:
            self.grid.setColumnStretch(n, 1)

    def columns(self) -> int:
        return self._columns

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """As narrow as one column; as tall as the columns it has now."""
        width = max((w.minimumSizeHint().expandedTo(w.minimumSize()).width() for w in self.items), default=0)
        return QSize(width, self.grid.minimumSize().height())

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(self.grid.sizeHint().width(), self.grid.minimumSize().height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.arrange()

    def rearrange(self) -> None:
        """Count the columns again (after the texts changed: another language needs other widths)."""
        self._columns = 0
        self.arrange()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        self.rearrange()


class Choices(FlowGrid):
    """One choice among a few, as big exclusive buttons, fewer a row when their texts need it (same use as
    :class:`refapp.ui.common.widgets.Segmented`: ``buttons``, ``value()``, ``set_value()``, ``changed``)."""

    changed = Signal(str)

    def __init__(self, options: Sequence[tuple[str, str]], parent: QWidget | None = None, max_columns: int = 3):
        super().__init__(parent, max_columns)
        self.group = QButtonGroup(self)
        self.group.setExclusive(True)
        self.buttons: dict[str, BigButton] = {}
        for key, label in options:
            b = BigButton(label, self)
            b.setCheckable(True)
            b.setProperty("key", key)
            self.group.addButton(b)
            self.buttons[key] = b
            self.add(b)
        self.group.buttonClicked.connect(lambda b: self.changed.emit(b.property("key")))

    def value(self) -> str | None:
        b = self.group.checkedButton()
        return str(b.property("key")) if b else None

    def set_value(self, key: str | None) -> None:
        if key in self.buttons:
            self.buttons[key].setChecked(True)
