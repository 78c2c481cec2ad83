"""The main window. For now: the read-only board of one table (the full referee board is its own issue)."""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow, QWidget

from ..domain.ledger import TableState
from .board import BoardView


class MainWindow(QMainWindow):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("refapp — riichi referee"))
        self.board = BoardView(self)
        self.setCentralWidget(self.board)
        self.resize(900, 700)

    def show_state(self, state: TableState | None) -> None:
        self.board.set_state(state)
