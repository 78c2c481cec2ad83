"""The window's top bar (a part of :class:`~.main_window.MainWindow`): a touch button for each place (Board, Hand
result, History, Results, Tables, Setup) and for Undo and Lock; which are offered, and what Lock and Undo do. Its texts
are the window's (context ``MainWindow``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDialog, QHBoxLayout, QWidget

from ...core.modes import Mode
from ..common.widgets import WrapButton
from .undo_dialog import UndoDialog

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow as _Window

    from .controller import Controller
else:
    _Window = object  # a mixin: the window is the QMainWindow

NAV = ("board", "hand", "history", "results", "tables", "setup", "undo", "lock")


class TopBar(_Window):
    """Needs the window's ``controller``, ``show_error`` and its pages' moves (:class:`~.pages.PageNavigation`,
    :class:`~refapp.ui.venue.shell.VenueShell`)."""

    controller: Controller | None
    nav: dict[str, WrapButton]

    if TYPE_CHECKING:

        def show_error(self, message: str) -> None: ...
        def show_board(self) -> None: ...
        def start_hand_result(self) -> None: ...
        def show_history(self) -> None: ...
        def show_results(self) -> None: ...
        def show_setup(self, force: bool = False) -> None: ...
        def show_tables(self, tab: str = "tables") -> None: ...
        def require_referee(self) -> bool: ...

    def _build_top_bar(self, parent: QWidget) -> QHBoxLayout:
        """The buttons, in a row (disabled or hidden until the window has a controller)."""
        bar = QHBoxLayout()
        self.nav = {}
        for key in NAV:
            b = WrapButton("", parent, role="nav")
            b.setObjectName(f"nav_{key}")
            self.nav[key] = b
            bar.addWidget(b)
        return bar

    def _connect_top_bar(self) -> None:
        self.nav["board"].clicked.connect(self.show_board)
        self.nav["hand"].clicked.connect(self.start_hand_result)
        self.nav["history"].clicked.connect(self.show_history)
        self.nav["results"].clicked.connect(self.show_results)
        self.nav["setup"].clicked.connect(self.show_setup)
        self.nav["tables"].clicked.connect(self.show_tables)
        self.nav["undo"].clicked.connect(self.undo)
        self.nav["lock"].clicked.connect(self.toggle_lock)

    def _nav_texts(self) -> None:
        locked = self.controller is not None and self.controller.modes.mode is Mode.TABLE
        labels = {
            "board": QCoreApplication.translate("MainWindow", "Board"),
            "hand": QCoreApplication.translate("MainWindow", "Hand result"),
            "history": QCoreApplication.translate("MainWindow", "History"),
            "results": QCoreApplication.translate("MainWindow", "Results"),
            "tables": QCoreApplication.translate("MainWindow", "Tables"),
            "setup": QCoreApplication.translate("MainWindow", "Setup"),
            "undo": QCoreApplication.translate("MainWindow", "Undo"),
            "lock": QCoreApplication.translate("MainWindow", "Lock"),
        }
        if locked:  # a tap asks for the referee's PIN
            labels["lock"] = QCoreApplication.translate("MainWindow", "Referee")
        for key, b in self.nav.items():
            b.setText(labels[key])

    def _update_nav(self) -> None:
        c = self.controller
        if c is None:
            return
        st = c.state
        self.nav["hand"].setEnabled(st is not None and st.started and not st.game_over)
        self.nav["tables"].setVisible(c.venue.wanted())  # a venue (a shared folder, several tables) only
        self.nav["undo"].setEnabled(c.undo_target() is not None)

    # -- lock and undo -------------------------------------------------------------------

    def toggle_lock(self) -> None:
        c = self.controller
        if c is None:
            return
        mode = c.modes.mode
        if mode in (Mode.NO_PIN, Mode.UNANSWERED):
            self.show_error(
                QCoreApplication.translate(
                    "MainWindow", "Set a referee PIN in Setup first: without a PIN the tablet cannot be locked."
                )
            )
            return
        if mode is Mode.REFEREE:
            c.lock()
            self.show_board()
        else:
            self.require_referee()

    def undo(self) -> None:
        """Undo the last entry: the referee's (PIN), or the table's own last one (no PIN). Keep it or Undo it, the
        referee action is over."""
        c = self.controller
        if c is None or c.undo_target() is None:
            return
        by_table = not c.referee_mode and c.can_take_back()
        if not by_table and not self.require_referee():
            return
        target = c.undo_target()
        if target is not None:
            dialog = UndoDialog(c.describe_entry(target), self, by_table=by_table)
            if dialog.exec() == QDialog.DialogCode.Accepted:
                c.undo(dialog.reason.value() or "entered by mistake")
        if not by_table:
            c.referee_action_done()
        self.show_board()
