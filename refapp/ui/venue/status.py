"""A strip under the mode banner: the table's venue state (in conflict; written by another device, with Take over)
and the shared folder's last sync. Hidden when there is nothing to say."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from ..common.widgets import BigButton
from .words import sync_status

if TYPE_CHECKING:
    from ..shell.controller import Controller


class TableStatus(QFrame):
    take_over = Signal()  # the referee wants this tablet to write the table (the shell asks for the PIN)
    see_conflict = Signal()  # show the conflicts inbox

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("table_status")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        row = QHBoxLayout()
        self.message = QLabel(self)
        self.message.setObjectName("table_status_message")
        self.message.setWordWrap(True)
        self.message.setProperty("role", "error")
        row.addWidget(self.message, 1)
        self.action = BigButton("", self, role="primary")
        self.action.setObjectName("table_status_action")
        self.action.clicked.connect(self._act)
        row.addWidget(self.action)
        lay.addLayout(row)
        self.sync = QLabel(self)
        self.sync.setObjectName("sync_status")
        self.sync.setProperty("role", "citation")
        self.sync.setWordWrap(True)
        lay.addWidget(self.sync)
        self._kind = ""
        self.hide()

    def update_from(self, controller: Controller) -> None:
        venue = controller.venue
        table = controller.table
        self._kind = ""
        if table is not None and venue.open_in_conflict():
            self._kind = "conflict"
            text = self.tr(
                "Table %1 is in conflict: two devices wrote it after the same entry. The head referee settles it "
                "(Tables → Conflicts); until then this board shows one of the two branches."
            )
            self.message.setText(text.replace("%1", str(table.number)))
            self.action.setText(self.tr("See the conflict"))
        elif table is not None:
            held, name = venue.holder_of_open()
            if not held:
                self._kind = "holder"
                text = self.tr("Table %1 is written by another device (%2): nothing can be recorded here.")
                self.message.setText(text.replace("%1", str(table.number)).replace("%2", name))
                self.action.setText(self.tr("Take over (referee PIN)"))
        self.message.setVisible(bool(self._kind))
        self.action.setVisible(bool(self._kind))
        self.sync.setVisible(bool(venue.folder))
        self.sync.setText(sync_status(controller))
        self.setVisible(bool(self._kind) or bool(venue.folder))

    def _act(self) -> None:
        if self._kind == "holder":
            self.take_over.emit()
        elif self._kind == "conflict":
            self.see_conflict.emit()

    def retranslate(self, controller: Controller | None) -> None:
        if controller is not None:
            self.update_from(controller)
