"""The undo confirmation: the entry in words ("Ron: Dana from Bruno, 3 han 40 fu"), a reason, Keep it / Undo it.
Nothing is deleted: an undo is stored as a void of the entry."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ..common.dialog_base import TouchDialog
from ..common.widgets import Segmented

REASONS = ("entered by mistake", "wrong seat", "wrong value", "ruling revised")


class UndoDialog(TouchDialog):
    """Confirm the undo of the last entry, with a reason. ``by_table``: the players take back their own last entry
    (no PIN): the title says so and "ruling revised" is not offered."""

    def __init__(self, description: str, parent: QWidget | None = None, by_table: bool = False):
        super().__init__(parent)
        self.setObjectName("undo_dialog")
        self.setWindowTitle(self.tr("Undo"))
        self.setMinimumWidth(520)
        lay = QVBoxLayout(self)
        lay.setSpacing(10)
        self.title = QLabel(self)
        self.title.setProperty("role", "title")
        self.title.setWordWrap(True)
        if by_table:
            self.title.setText(self.tr("Take back the table's last entry?"))
        else:
            self.title.setText(self.tr("Undo the last entry?"))
        lay.addWidget(self.title)
        self.what = QLabel(description, self)
        self.what.setObjectName("undo_what")
        self.what.setProperty("role", "ruling")
        self.what.setWordWrap(True)
        lay.addWidget(self.what)
        self.effect = QLabel(self.tr("It is kept in the history as undone; the board goes back to before it."), self)
        self.effect.setWordWrap(True)
        lay.addWidget(self.effect)
        reason = QLabel(self.tr("Reason"), self)
        reason.setProperty("role", "question")
        lay.addWidget(reason)
        labels = {
            "entered by mistake": self.tr("Entered by mistake"),
            "wrong seat": self.tr("Wrong seat"),
            "wrong value": self.tr("Wrong value"),
            "ruling revised": self.tr("Ruling revised"),
        }
        keys = [k for k in REASONS if not (by_table and k == "ruling revised")]
        self.reason = Segmented([(k, labels[k]) for k in keys], len(keys) if by_table else 2, self)
        self.reason.set_value("entered by mistake")
        lay.addWidget(self.reason)
        row, self.no, self.yes = self.answer_row(self.tr("Keep it"), self.tr("Undo it"), yes_role="danger")
        lay.addLayout(row)
        self.what.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)


__all__ = ["REASONS", "UndoDialog"]
