"""What the History page does with an incident's paper: record a player's statement and the head referee's
sign-off, and write a report (one incident's, or the tournament's) as a PDF.

Recording a statement is a referee action (the PIN pad opens in table mode, and the tablet returns to table mode
after it, as after a ruling). A sign-off always asks for the referee PIN of this tablet (the head referee's), checked
with the tablet's lockout but without unlocking it; a tablet without a PIN ("club night") records the sign-off
without one, and the report says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog

from ...core.errors import Refused
from ...core.modes import Mode
from ..common.messages import said
from ..common.pin_pad import PinDialog
from . import entry
from .format import time_text

if TYPE_CHECKING:
    from .view import HistoryView


class _SignoffPin:
    """The PIN pad's checker for a sign-off: the tablet's PIN and lockout, the tablet's mode unchanged."""

    def __init__(self, view: HistoryView):
        self.modes = view.controller.modes

    def unlock(self, pin: str) -> str:
        return self.modes.check(pin)

    def locked_seconds(self) -> int:
        return self.modes.locked_seconds()


class ReportActions(QObject):
    def __init__(self, view: HistoryView):
        super().__init__(view)
        self.view = view
        self._kind = ""
        view.paper.statement_requested.connect(self.record_statement)
        view.paper.signoff_requested.connect(self.sign_off)
        view.paper.report_requested.connect(lambda: self.open_report("incident"))
        view.report_page.back.connect(self._report_back)
        view.report_page.write.connect(self.write_report)

    # -- statements and sign-offs -------------------------------------------------------------------------------

    def _refresh(self) -> None:
        row = self.view.shown_row
        if row is not None:
            desk = self.view.controller.history
            self.view.paper.show_notes(desk.incident_notes(row), desk.signed_already(row))

    def record_statement(self, player: str, text: str) -> None:
        """Record a statement (referee mode: the PIN pad opens in table mode)."""
        view, c = self.view, self.view.controller
        row = view.shown_row
        if row is None:
            return
        if not c.referee_mode and PinDialog(c, view).exec() != QDialog.DialogCode.Accepted:
            return
        try:
            c.history.add_statement(row, player, text)
        except Refused as exc:
            view.paper.say(self.tr("The statement was NOT recorded: %1").replace("%1", said(exc.reason)), error=True)
            return
        finally:
            c.referee_action_done()
        view.paper.statement_recorded()
        self._refresh()
        view.paper.say(self.tr("Recorded: the statement of %1.").replace("%1", player))

    def sign_off(self, name: str) -> None:
        """The head referee signs the incident off: the referee PIN of this tablet first (when it has one)."""
        view, c = self.view, self.view.controller
        row = view.shown_row
        if row is None:
            return
        with_pin = c.modes.mode in (Mode.TABLE, Mode.REFEREE)  # this tablet has a referee PIN
        if with_pin:

            def prompt() -> str:
                return self.tr("%1: enter the referee PIN to sign this incident off").replace("%1", name)

            if PinDialog(_SignoffPin(view), view, prompt=prompt).exec() != QDialog.DialogCode.Accepted:
                view.paper.say(self.tr("Not signed: the PIN was not given."), error=True)
                return
        try:
            c.history.sign_off(row, name, pin=with_pin)
        except Refused as exc:
            view.paper.say(self.tr("NOT signed: %1").replace("%1", said(exc.reason)), error=True)
            return
        self._refresh()
        view.paper.say(self.tr("Signed off by %1.").replace("%1", name))

    # -- reports --------------------------------------------------------------------------------------------------

    def open_report(self, kind: str) -> None:
        """The report page for the incident shown ("incident") or the open table's tournament ("tournament")."""
        view, c = self.view, self.view.controller
        row = view.shown_row
        if kind == "incident" and row is not None:
            what = self.tr("%1, table %2, %3").replace("%1", entry.title(row)).replace("%2", str(row.get("table")))
            what = what.replace("%3", time_text(str(row["at"]), long=True))
        elif c.table is not None:
            kind, what = "tournament", c.table.tournament
        else:
            return
        self._kind = kind
        self._back_to = view.pages.currentWidget()
        view.report_page.start(kind, what)
        view.pages.setCurrentWidget(view.report_page)

    def _report_back(self) -> None:
        back = getattr(self, "_back_to", None)
        if back is self.view.detail_page:
            self.view.pages.setCurrentWidget(back)
        else:
            self.view.show_list()

    def write_report(self, language: str) -> None:
        view, c = self.view, self.view.controller
        row = view.shown_row
        incident = str(row["uuid"]) if self._kind == "incident" and row is not None else None
        view.report_page.say(self.tr("Writing the report…"))
        c.write_report(language, incident, self._report_written)

    def _report_written(self, path: object, problem: object) -> None:
        view = self.view
        if problem is not None:
            view.report_page.say(self.tr("The report was NOT written: %1").replace("%1", said(problem)), error=True)
        else:
            view.report_page.say(self.tr("Report written: %1").replace("%1", str(path)))
