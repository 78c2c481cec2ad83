"""The bar that asks for a hand result's confirmation (a tournament setting: :mod:`refapp.core.confirm`).

When the open table's newest hand result waits, a strip under the mode banner says it in words ("Waiting for a
confirmation: Ron: Bob from Cyd, 3 han 40 fu") and names who may confirm: one big button per player who may ("Ann
confirms", "Dan confirms": no PIN, the player taps their own name), and **Referee confirms** (the PIN in table mode).
The table's next riichi and hand result wait for it; taking the result back (Undo) is the way to dispute it.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QWidget

from ..common.flow_widgets import wrapped_label
from ..common.widgets import WrapButton

if TYPE_CHECKING:
    from ..shell.controller import Controller
    from ..shell.main_window import MainWindow


class ConfirmBar(QFrame):
    """``confirmed(seat)``: the player in that seat tapped; ``referee``: Referee confirms."""

    confirmed = Signal(int)
    referee = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("confirm_bar")
        self.setProperty("role", "confirm-bar")
        row = QHBoxLayout(self)  # one row, as short as the buttons: the board keeps its height for the scores
        row.setContentsMargins(8, 4, 8, 4)
        row.setSpacing(6)
        self.message = wrapped_label(self, "confirm-bar-text", "confirm_text")
        row.addWidget(self.message, 3)
        self.seat_buttons = []
        for seat in range(4):
            b = WrapButton("", self, role="primary")
            b.setObjectName(f"confirm_seat_{seat}")
            b.clicked.connect(lambda _=False, s=seat: self.confirmed.emit(s))
            self.seat_buttons.append(b)
            row.addWidget(b, 1)
        self.referee_button = WrapButton("", self)
        self.referee_button.setObjectName("confirm_referee")
        self.referee_button.clicked.connect(self.referee)
        row.addWidget(self.referee_button, 1)
        self.hide()
        self._shown: tuple[str, tuple[tuple[int, str], ...], bool] | None = None

    def show_waiting(self, entry: str, confirmers: tuple[tuple[int, str], ...], pin: bool) -> None:
        """Ask for the confirmation of ``entry`` (in words) by the players ``(seat, name)``; ``pin``: the referee's
        button says it asks the PIN (table mode)."""
        self._shown = (entry, confirmers, pin)
        self.message.setText(self.tr("Waiting for a confirmation by another player: %1").replace("%1", entry))
        for seat, b in enumerate(self.seat_buttons):
            name = next((n for s, n in confirmers if s == seat), None)
            b.setVisible(name is not None)
            if name is not None:
                b.setText(self.tr("%1 confirms").replace("%1", name))
        self.referee_button.setText(self.tr("Referee confirms (PIN)") if pin else self.tr("Referee confirms"))
        self.show()

    def hide_waiting(self) -> None:
        self._shown = None
        self.hide()

    def retranslate(self) -> None:
        if self._shown is not None:
            self.show_waiting(*self._shown)


class ResultConfirmations(QObject):
    """Keeps the window's confirm bar in step with the open table (its entries, the mode, a sync)."""

    def __init__(self, window: MainWindow, bar: ConfirmBar, controller: Controller):
        super().__init__(window)
        self._window = weakref.ref(window)
        self.controller = controller
        self.bar = bar
        bar.confirmed.connect(self.confirm)
        bar.referee.connect(self.confirm_as_referee)
        controller.state_changed.connect(self.refresh)
        controller.mode_changed.connect(self.refresh)
        controller.changed.connect(self.refresh)
        self.refresh()

    def refresh(self, _what: object = None) -> None:
        c = self.controller
        waiting = c.pending_confirmation()
        st = c.state
        if waiting is None or st is None:
            self.bar.hide_waiting()
            return
        names = tuple((s, st.seats[s].player) for s in waiting.confirmers if 0 <= s < len(st.seats))
        self.bar.show_waiting(c.describe_entry(waiting.event), names, pin=not c.referee_mode)

    def confirm(self, seat: int) -> None:
        window = self._window()
        if window is not None:
            window.clear_error()
        self.controller.confirm_result(seat)

    def confirm_as_referee(self) -> None:
        window = self._window()
        if window is None or not window.require_referee():
            return
        window.clear_error()
        self.controller.confirm_as_referee()
        self.controller.referee_action_done()


__all__ = ["ConfirmBar", "ResultConfirmations"]
