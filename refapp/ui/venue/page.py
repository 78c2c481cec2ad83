"""The Tables page, the head referee's desk: six tabs (Tables, Players, Seating, Conflicts, Devices, This device),
each in a finger-scrolled area. The tab shown is read again after a sync, an entry and a call made or answered.
Seating is a referee's page: in table mode, the PIN pad opens before it shows."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

from ..common.flow_widgets import scroll
from ..common.widgets import Pages, Segmented
from .conflicts import ConflictsTab
from .devices import DevicesTab
from .players import PlayersTab, RecordsAhead
from .seating import SeatingTab
from .tables import TablesTab
from .this_device import ThisDeviceTab

if TYPE_CHECKING:
    from ..shell.controller import Controller

TABS = ("tables", "players", "seating", "conflicts", "devices", "device")
REFEREE_TABS = ("seating",)  # the PIN in table mode


class VenuePage(QWidget):
    open_table = Signal(str)  # show this table on the board

    def __init__(self, controller: Controller, ask_pin: Callable[[], bool], parent: QWidget | None = None):
        super().__init__(parent)
        self.controller = controller
        venue = controller.venue
        lay = QVBoxLayout(self)
        self.tabs = Segmented([(k, "") for k in TABS], columns=len(TABS), parent=self)
        self.tabs.setObjectName("venue_tabs")
        self.tabs.changed.connect(self._chosen)
        lay.addWidget(self.tabs)
        self.stack = Pages(self)
        self.ask_pin = ask_pin
        self.made: dict[str, Any] = {}  # the tabs made so far: each is made when first shown
        self.holders: dict[str, QWidget] = {}
        for key in TABS:
            holder = QWidget(self)
            holder_lay = QVBoxLayout(holder)
            holder_lay.setContentsMargins(0, 0, 0, 0)
            self.holders[key] = holder
            self.stack.addWidget(holder)
        lay.addWidget(self.stack, 1)
        self.tabs.set_value("tables")
        self._shown = "tables"
        self.ahead = RecordsAhead(controller, venue, self)  # the Players tab's records, read before it is tapped
        self.ahead.read.connect(lambda found: self.page("players").prepare(found))  # and shown in the hidden tab
        venue.changed.connect(self._changed)
        venue.synced.connect(self._changed)
        venue.synced.connect(self._synced)
        venue.progressed.connect(self._progressed)
        controller.committed.connect(lambda *_: self._changed())
        controller.calls_changed.connect(self._changed)
        self.retranslate()

    def page(self, key: str) -> Any:
        """The tab ``key``, made the first time it is asked for."""
        page = self.made.get(key)
        if page is not None:
            return page
        venue, ask_pin = self.controller.venue, self.ask_pin
        if key == "tables":
            page = TablesTab(venue, self)
            page.open_table.connect(self.open_table)
            page.show_tab.connect(self.show_tab)
        elif key == "players":
            page = PlayersTab(self.controller, venue, self, self.ahead)
        elif key == "seating":
            page = SeatingTab(self.controller, self)
        elif key == "conflicts":
            page = ConflictsTab(venue, ask_pin, self)
        elif key == "devices":
            page = DevicesTab(venue, ask_pin, self)
        else:
            page = ThisDeviceTab(venue, ask_pin, self)
        self.made[key] = page
        holder = self.holders[key]
        lay = holder.layout()
        assert lay is not None
        lay.addWidget(page if getattr(page, "scrolls_itself", False) else scroll(page, holder))
        page.retranslate()
        return page

    tables = property(lambda self: self.page("tables"))
    players = property(lambda self: self.page("players"))
    seating = property(lambda self: self.page("seating"))
    conflicts = property(lambda self: self.page("conflicts"))
    devices = property(lambda self: self.page("devices"))
    device = property(lambda self: self.page("device"))

    def go_back(self) -> bool:
        """Esc: from a player's incidents, back to the players' list; else False (the board)."""
        players = self.made.get("players")
        if self.tabs.value() == "players" and players is not None and players.player:
            players.show_player("")
            return True
        return False

    def show_tab(self, key: str) -> None:
        self.tabs.set_value(key)
        self._chosen(key)

    def _chosen(self, key: str) -> None:
        """A tab tapped: a referee's tab asks the PIN in table mode (without it, the tab shown before stays); leaving
        it for another tab ends the referee action (table mode again, as leaving Setup)."""
        if key in REFEREE_TABS and key != self._shown and not self.ask_pin():
            self.tabs.set_value(self._shown)
            return
        left = self._shown
        self.refresh()
        if left in REFEREE_TABS and key not in REFEREE_TABS:
            self.controller.referee_action_done()

    def in_referee_tab(self) -> bool:
        """A referee's tab is shown (the window counts it as a referee action: no relock in the middle of it)."""
        return self._shown in REFEREE_TABS

    def refresh(self) -> None:
        key = self.tabs.value() or "tables"
        page = self.page(key)
        self._shown = key
        self.stack.setCurrentIndex(TABS.index(key))
        page.refresh()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        self.ahead.soon()  # the desk shown: the players' records read ahead (after its first paint)

    def _synced(self) -> None:
        if self.isVisible():
            self.ahead.soon()

    def _changed(self) -> None:
        if self.isVisible():
            self.refresh()

    def _progressed(self) -> None:
        """A running sync went on: this device's tab says how far (the others wait for its end)."""
        device = self.made.get("device")
        if device is not None and device.isVisible():
            device.refresh()

    def retranslate(self) -> None:
        names = {
            "tables": self.tr("Tables"),
            "players": self.tr("Players"),
            "seating": self.tr("Seating"),
            "conflicts": self.tr("Conflicts"),
            "devices": self.tr("Devices"),
            "device": self.tr("This device"),
        }
        for key, b in self.tabs.buttons.items():
            b.setText(names[key])
        for page in self.made.values():
            page.retranslate()
