"""The Tables page: four tabs (Tables, Conflicts, Devices, This device) over one finger-scrolled area."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QStackedWidget, QVBoxLayout, QWidget

from ..flow_widgets import scroll
from ..widgets import Segmented
from .conflicts import ConflictsTab
from .devices import DevicesTab
from .tables import TablesTab
from .this_device import ThisDeviceTab

if TYPE_CHECKING:
    from ..controller import Controller

TABS = ("tables", "conflicts", "devices", "device")


class VenuePage(QWidget):
    open_table = Signal(str)  # show this table on the board

    def __init__(self, controller: Controller, ask_pin: Callable[[], bool], parent: QWidget | None = None):
        super().__init__(parent)
        self.controller = controller
        venue = controller.venue
        lay = QVBoxLayout(self)
        self.tabs = Segmented([(k, "") for k in TABS], columns=4, parent=self)
        self.tabs.setObjectName("venue_tabs")
        self.tabs.changed.connect(lambda _: self.refresh())
        lay.addWidget(self.tabs)
        self.stack = QStackedWidget(self)
        self.tables = TablesTab(venue, self)
        self.tables.open_table.connect(self.open_table)
        self.conflicts = ConflictsTab(venue, ask_pin, self)
        self.devices = DevicesTab(venue, ask_pin, self)
        self.device = ThisDeviceTab(venue, ask_pin, self)
        self.pages: dict[str, Any] = {"tables": self.tables, "conflicts": self.conflicts, "devices": self.devices,
                                      "device": self.device}  # fmt: skip
        for key in TABS:
            holder = QWidget(self)
            holder_lay = QVBoxLayout(holder)
            holder_lay.setContentsMargins(0, 0, 0, 0)
            holder_lay.addWidget(scroll(self.pages[key], holder))
            self.stack.addWidget(holder)
        lay.addWidget(self.stack, 1)
        self.tabs.set_value("tables")
        venue.changed.connect(self._changed)
        venue.synced.connect(self._changed)
        self.retranslate()

    def show_tab(self, key: str) -> None:
        self.tabs.set_value(key)
        self.refresh()

    def refresh(self) -> None:
        key = self.tabs.value() or "tables"
        self.stack.setCurrentIndex(TABS.index(key))
        self.pages[key].refresh()

    def _changed(self) -> None:
        if self.isVisible():
            self.refresh()

    def retranslate(self) -> None:
        names = {
            "tables": self.tr("Tables"),
            "conflicts": self.tr("Conflicts"),
            "devices": self.tr("Devices"),
            "device": self.tr("This device"),
        }
        for key, b in self.tabs.buttons.items():
            b.setText(names[key])
        for page in self.pages.values():
            page.retranslate()


def sync_status(controller: Controller) -> str:
    """One line: the shared folder's last sync ("Synced 10:42"), its problem, or that there is none."""
    from PySide6.QtCore import QCoreApplication

    from .words import VenueWords, local_time

    venue = controller.venue
    if not venue.folder:
        return QCoreApplication.translate("Venue", "No shared folder: this device syncs with no other.")
    if venue.last_problem:
        return QCoreApplication.translate("Venue", "Not synced: %1").replace("%1", venue.last_problem)
    if venue.last_report is None:
        return QCoreApplication.translate("Venue", "Not synced yet since refapp started")
    held = sum(d.held for d in venue.last_report.devices)
    text = QCoreApplication.translate("Venue", "Synced %1").replace("%1", local_time(venue.last_report.at))
    if held:
        text += " · " + VenueWords().held(held)
    return text
