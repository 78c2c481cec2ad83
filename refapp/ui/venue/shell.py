"""The shell's venue part (a mixin of :class:`refapp.ui.shell.main_window.MainWindow`): the Tables page, the switcher,
the strip under the mode banner (a table in conflict, a table written by another device: Take over), the last sync."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .status import TableStatus
from .words import sync_status

if TYPE_CHECKING:
    from ..shell.controller import Controller


class VenueShell:
    """Needs the window's ``controller``, ``_page``, ``_show``, ``show_board``, ``show_error``, ``clear_error``,
    ``require_referee``, ``mode_banner`` and ``_root``."""

    table_status: Any
    controller: Controller | None

    def _attach_venue(self, controller: Controller) -> None:
        w: Any = self
        self.table_status = TableStatus(w.centralWidget())
        w._root.insertWidget(w._root.indexOf(w.mode_banner) + 1, self.table_status)
        self.table_status.take_over.connect(self.take_over_table)
        self.table_status.see_conflict.connect(lambda: self.show_tables("conflicts"))
        controller.venue.changed.connect(self._venue_changed)
        controller.venue.synced.connect(self._venue_changed)
        controller.venue.progressed.connect(self._sync_progressed)

    def _sync_progressed(self) -> None:
        if self.table_status is not None and self.controller is not None:
            self.table_status.sync.setText(sync_status(self.controller))

    def _venue_changed(self) -> None:
        if self.table_status is not None and self.controller is not None:
            self.table_status.update_from(self.controller)
            w: Any = self
            w.nav["tables"].setVisible(self.controller.venue.wanted())

    def show_tables(self, tab: str = "tables") -> None:
        """The Tables page: the switcher and the tournament at a glance, conflicts, devices, this device."""
        w: Any = self
        w.clear_error()
        page = w._page("venue")
        page.show_tab(tab if isinstance(tab, str) else "tables")  # (a button's clicked(bool) passes False)
        w._show(page)

    def open_other_table(self, table_id: str) -> None:
        """The switcher: this table on the board."""
        c = self.controller
        if c is None:
            return
        c.venue.open_table(table_id)
        w: Any = self
        w.show_board()

    def take_over_table(self) -> None:
        """This tablet writes the open table from now on (a handover entry, with the referee's PIN)."""
        c = self.controller
        w: Any = self
        if c is None or not w.require_referee():
            return
        w.clear_error()
        c.venue.take_over()  # a refusal (read-only folder, full disk) is said in the window's banner
        c.referee_action_done()
        w.show_board()
