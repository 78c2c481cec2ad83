"""The page a start shows when it cannot go on (the data folder cannot be opened, the start itself failed).

It replaces the board kept from the last run (a snapshot must never stay on screen with a disabled top bar as if the
app were about to work) and says in plain text what happened, that nothing was changed, and offers to quit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget

from ..common.widgets import BigButton

if TYPE_CHECKING:
    from .main_window import MainWindow


class StartProblem(QWidget):
    """A title, the message (plain text: it may quote names or paths), and Quit."""

    def __init__(self, message: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("start_problem")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(48, 24, 48, 24)
        lay.setSpacing(16)
        lay.addStretch(1)
        self.title = QLabel(QCoreApplication.translate("StartProblem", "refapp cannot open the table"), self)
        self.title.setProperty("role", "title")
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        self.message = QLabel(message, self)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.message)
        self.note = QLabel(
            QCoreApplication.translate(
                "StartProblem", "Nothing was changed. Close refapp, deal with the problem above, then start it again."
            ),
            self,
        )
        self.note.setWordWrap(True)
        lay.addWidget(self.note)
        self.quit_button = BigButton(QCoreApplication.translate("StartProblem", "Quit"), self, role="primary")
        self.quit_button.clicked.connect(lambda: QApplication.exit(1))
        lay.addWidget(self.quit_button)
        lay.addStretch(2)


def show_start_problem(window: MainWindow, message: str) -> StartProblem:
    """Replace whatever ``window`` shows (the snapshot board, a half-built page) by the problem page; the top bar
    and the banner are hidden, so nothing looks usable that is not."""
    page = StartProblem(message, window)
    window.pages.addWidget(page)
    window.pages.setCurrentWidget(page)
    window.hide_controls()
    window.start_problem = page
    return page
