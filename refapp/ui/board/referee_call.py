"""Calling the referee from the table: the board's call panel (:mod:`refapp.ui.board.call_panel`) and the controller.

* **Call the referee** is for the players: no PIN. The call is stored at once (:mod:`refapp.store.calls`) and the
  board shows "Referee called at 10:42" until a referee answers.
* **Answered** is for a referee: in table mode the PIN pad opens first, and the tablet returns to table mode after.
  A ruling entered at that table after the call answers it too (the store decides: a call is open while neither
  happened), so the panel is read again whenever the table changes, the mode changes, and every
  :data:`REFRESH_MS` (an answer may come from the head referee's device through the venue's sync).

The button is offered in table mode and on a tablet without a PIN; in referee mode the referee is at the table, so
only an open call is shown (with Answered).
"""

from __future__ import annotations

import weakref
from datetime import datetime
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer

from ...core.modes import Mode
from ..history.format import time_text

if TYPE_CHECKING:
    from ..shell.controller import Controller
    from ..shell.main_window import MainWindow

REFRESH_MS = 15_000


class RefereeCalls(QObject):
    """Keeps the board's call panel in step with the open table's calls."""

    def __init__(self, window: MainWindow, controller: Controller):
        super().__init__(window)
        self._window = weakref.ref(window)  # the window owns this object: no reference back (the controller may
        self.controller = controller  # outlive the window, as in the tests; its signals reach methods, not lambdas)
        self.panel = window.board.call
        self.panel.call_requested.connect(self.call)
        self.panel.answer_requested.connect(self.answer)
        controller.state_changed.connect(self._changed)
        controller.mode_changed.connect(self._changed)
        controller.calls_changed.connect(self.refresh)
        venue = getattr(controller, "venue", None)  # the venue's sync may bring a call's answer (refapp.ui.venue.desk)
        if venue is not None:
            venue.changed.connect(self.refresh)
        self._table: str | None = None  # the table whose call was read last, and its open call (None: none)
        self._found: Any = None
        self.timer = QTimer(self)
        self.timer.setInterval(REFRESH_MS)
        self.timer.timeout.connect(self.refresh)
        self.timer.start()
        self.refresh()

    def _changed(self, _what: object = None) -> None:
        """An entry or the mode changed: an entry can answer a call, never make one, so with no call open at this
        table the store is not read again (a call made or answered, or a sync, reads it: :meth:`refresh`)."""
        c = self.controller
        if c.table is not None and c.table.table_id == self._table and self._found is None:
            self._show(None)
            return
        self.refresh()

    def refresh(self) -> None:
        """Show the open table's call, or the button (or nothing: no table open)."""
        c = self.controller
        if c.table is None:
            self._table = None
            self.panel.hide_call()
            return
        self._table, self._found = c.table.table_id, c.open_call()
        self._show(self._found)

    def _show(self, found: Any) -> None:
        c = self.controller
        since = _clock_text(found.since, c.clock()) if found is not None else None
        mode = c.modes.mode
        self.panel.show_call(since, can_call=mode is not Mode.REFEREE, pin=mode is Mode.TABLE)

    def call(self) -> None:
        window = self._window()
        if window is not None:
            window.clear_error()
        self.controller.call_referee()

    def answer(self) -> None:
        """The referee's answer: the PIN in table mode; the tablet returns to table mode after it."""
        window = self._window()
        if window is None or not window.require_referee():
            return
        window.clear_error()
        self.controller.answer_call()
        self.controller.referee_action_done()


def _clock_text(at: str, now: datetime) -> str:
    """``10:42`` for today (local time), else with the day (:func:`refapp.ui.history.format.time_text`)."""
    return time_text(at, today=now.astimezone())


__all__ = ["RefereeCalls"]
