"""The choices of a history filter (a table, a player, an offence) as big buttons, the current one highlighted;
Cancel keeps the previous choice."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget

from ..common.flow_grid import FlowGrid
from ..common.flow_widgets import scroll
from ..common.flow_widgets import title_label as _title
from ..common.widgets import BigButton


class PickerPage(QWidget):
    picked = Signal(str)  # the key of the choice ("" for "all")
    cancelled = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        self.title = _title("", self)
        lay.addWidget(self.title)
        self.inner = QWidget(self)
        self.inner_layout = QVBoxLayout(self.inner)
        self.inner_layout.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.grid: FlowGrid | None = None
        lay.addWidget(scroll(self.inner, self), 1)
        self.cancel = BigButton("", self, role="cancel")
        self.cancel.setObjectName("picker_cancel")
        self.cancel.clicked.connect(self.cancelled)
        lay.addWidget(self.cancel)
        self.buttons: dict[str, BigButton] = {}

    def retranslate(self) -> None:
        self.cancel.setText(self.tr("Cancel"))

    def first_focus(self) -> QWidget | None:
        """Where the keyboard starts: the choice made now (else the first)."""
        chosen = next((b for b in self.buttons.values() if b.property("role") == "primary"), None)
        return chosen or next(iter(self.buttons.values()), None)

    def show_choices(self, title: str, options: Sequence[tuple[str, str]], current: str, columns: int) -> None:
        """``options``: (key, text) in the order shown; ``current``: the key chosen now."""
        self.title.setText(title)
        if self.grid is not None:
            self.grid.hide()  # deleteLater waits for the event loop: hidden at once so nothing overlaps
            self.grid.deleteLater()
        self.grid = FlowGrid(self.inner, max_columns=columns)
        self.inner_layout.addWidget(self.grid)
        self.buttons = {}
        for key, label in options:
            b = BigButton(label, self.grid)
            b.setProperty("key", key)
            if key == current:
                b.setProperty("role", "primary")
            b.clicked.connect(lambda _=False, k=key: self.picked.emit(k))
            self.buttons[key] = b
            self.grid.add(b)
        self.grid.show()
