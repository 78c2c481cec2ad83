"""The window shell: a touch top bar (:mod:`.top_bar`), the mode banner, the pages (board, ruling, hand result,
history, results, setup, hand check, session clock, tables: :mod:`.pages`) and the "Recorded" message
(:mod:`.notice`).

The shell talks to the pages through their public methods and signals only (``start``, ``choose``, ``refresh``,
``retranslate``, ``finished``, ``done``...). Who may do what is the lock model's (:mod:`.lock`): the shell
asks for the PIN where it is needed and tells the controller when a referee action is over. Keys: Tab reaches every
control (the seats too), the focus drawn by :mod:`..common.focus_ring`; a page shown gives the focus to what it
starts with; Esc goes back one step (the page's own step first: ``go_back()``), F11 switches full screen
(:mod:`.screen`).
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import QLabel, QMainWindow, QVBoxLayout, QWidget

from ..board.view import BoardView
from ..common.focus_ring import FocusRing
from ..common.messages import said
from ..common.texts import signed
from ..common.widgets import Pages
from ..venue.shell import VenueShell
from .mode_banner import ModeBanner
from .notice import RecordedMessage, RecordedNotice
from .pages import PageNavigation
from .screen import wants_fullscreen, windowed_size
from .top_bar import TopBar

if TYPE_CHECKING:
    from ...domain.table import TableState
    from .controller import Controller


class MainWindow(PageNavigation, TopBar, VenueShell, QMainWindow):
    """The window. With a controller it is the app; without, a read-only board (``refapp --log``), or, with
    ``starting``, the first frame of a start: the board from the snapshot, the top bar shown but disabled until
    :meth:`attach` gives it the controller. This module loads no pydantic and no domain model (the pages that do
    are imported when first opened), so that first frame comes quickly."""

    language_requested = Signal(str)

    def __init__(self, controller: Controller | None = None, parent: QWidget | None = None, starting: bool = False):
        super().__init__(parent)
        self.controller: Controller | None = None
        self.screen_setting = "auto"  # before the settings are read (the first frame): refapp.ui.shell.screen
        self.setMinimumSize(760, 680)  # the smallest size the board and the French labels fit (tested)
        central = QWidget(self)
        root = QVBoxLayout(central)
        root.setContentsMargins(8, 8, 8, 8)
        root.setSpacing(6)
        root.addLayout(self._build_top_bar(central))
        self.mode_banner = ModeBanner(central)
        self.mode_banner.hide()  # shown once the controller says which mode the tablet is in
        root.addWidget(self.mode_banner)
        self._root = root
        self.table_status: Any = None  # the venue's strip (refapp.ui.venue.status): made when the controller comes
        self.banner = QLabel(central)
        self.banner.setProperty("role", "error")
        self.banner.setWordWrap(True)
        self.banner.hide()
        root.addWidget(self.banner)
        self.confirm_bar: Any = None  # a hand result waiting for an opponent (refapp.ui.board.confirm_bar)
        self.pages = Pages(central)
        root.addWidget(self.pages, 1)
        self.setCentralWidget(central)
        self.board = BoardView(self)
        self.pages.addWidget(self.board)
        self.notice = RecordedNotice(central)
        self.recorded = RecordedMessage(self, self.notice)
        self.resize(1024, 768)
        self._pages: dict[str, QWidget] = {}  # built on first use: a quick start shows the board first
        self._ruling_origin: QWidget | None = None  # the page a ruling was opened from (Back returns there)
        self.start_problem: QWidget | None = None  # the page of a start that cannot go on (.start_problem)
        full = QShortcut(QKeySequence(Qt.Key.Key_F11), self)
        full.activated.connect(self.toggle_fullscreen)
        self.focus_ring = FocusRing(self)  # the keyboard's focus, drawn over the window
        if controller is None:
            for b in self.nav.values():
                if starting:
                    b.setEnabled(False)
                else:
                    b.hide()
            self.retranslate()
            return
        self.attach(controller)

    def attach(self, controller: Controller) -> None:
        """Connect the window to the controller (at once, or after the first frame of a start)."""
        self.controller = controller
        self.screen_setting = controller.settings.fullscreen
        for b in self.nav.values():
            b.setEnabled(True)
            b.show()
        self._connect_top_bar()
        self.board.seat_tapped.connect(self.start_ruling)
        self.board.riichi_tapped.connect(self.ask_riichi)
        self.board.riichi_confirmed.connect(self.declare_riichi)
        self.notice.undo_requested.connect(self.undo)
        controller.state_changed.connect(self.show_table_state)
        controller.error.connect(self.show_error)
        controller.mode_changed.connect(lambda _: self._mode_changed())
        controller.committed.connect(self.recorded.show_entry)
        controller.screen_changed.connect(self._apply_screen)
        from ..clock.panel import on_board

        self.clock_panel = on_board(self)  # the session clock, in a corner of the board
        busy = weakref.WeakMethod(self._in_referee_action)  # the controller may outlive the window (tests)
        controller.modes.busy = lambda: bool((method := busy()) is not None and method())
        self.mode_banner.show()
        self._attach_venue(controller)
        from ..board.referee_call import RefereeCalls

        self.calls = RefereeCalls(self, controller)  # the board's Call the referee (refapp.ui.board.referee_call)
        from ..board.confirm_bar import ConfirmBar, ResultConfirmations

        self.confirm_bar = ConfirmBar(self.centralWidget())
        self._root.insertWidget(self._root.indexOf(self.pages), self.confirm_bar)
        self.confirmations = ResultConfirmations(self, self.confirm_bar, controller)

        from ..board.planned import PlannedStart

        self.planned = PlannedStart(self, controller)  # the seating plan's next hanchan and its Start (under the board)
        self.retranslate()
        self.show_table_state(controller.state)
        if controller.state is None and controller.referee_mode:
            self.show_setup(force=True)

    # -- language ---------------------------------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            for page in self._pages.values():  # each page re-sets its texts and keeps its state
                retranslate = getattr(page, "retranslate", None)
                if callable(retranslate):
                    retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        """Re-set the shell's texts (top bar, mode banner, board) in the current language."""
        self.setWindowTitle(self.tr("refapp — riichi referee"))
        self._nav_texts()
        self.board.retranslate()
        if self.confirm_bar is not None:
            self.confirm_bar.retranslate()
        planned = getattr(self, "planned", None)  # (attached with the controller)
        if planned is not None:
            planned.retranslate()
        self._mode_changed()

    def _mode_changed(self) -> None:
        c = self.controller
        self._nav_texts()
        if c is None:
            return
        self.mode_banner.show_mode(c.modes.mode, c.settings.referee)
        self._update_nav()
        if self.table_status is not None:
            self.table_status.retranslate(c)
        self.recorded.update_undo()

    # -- the board ----------------------------------------------------------------------------------------------

    def show_table_state(self, state: TableState | None) -> None:
        table = self.controller.table if self.controller else None
        self.board.set_state(state, table.number if table else None)
        self._update_nav()
        self._venue_changed()

    def show_state(self, state: TableState | None) -> None:
        """Render a state on the board (the read-only window of ``refapp --log``)."""
        self.board.set_state(state)

    def show_error(self, message: str) -> None:
        self.banner.setText(message)
        self.banner.show()

    def clear_error(self) -> None:
        self.banner.hide()

    def hide_controls(self) -> None:
        """Nothing usable is shown (a start that cannot go on): no top bar, no banners."""
        for button in self.nav.values():
            button.hide()
        self.banner.hide()
        self.mode_banner.hide()
        self.notice.hide()

    def ask_riichi(self, seat: int) -> None:
        """The first step of a riichi: the confirm bar over the seat says who and what it costs."""
        from ...domain.events import LogError

        c = self.controller
        st = c.state if c else None
        if c is None or st is None or not st.started:
            return
        self.clear_error()
        name = st.seats[seat].player
        try:
            effect = c.preview(c.new_event("riichi", seat=seat))
        except LogError as exc:
            refused = self.tr("No riichi for %1: %2").replace("%1", name).replace("%2", said(exc))
            self.board.open_riichi_bar(seat, refused, can_confirm=False)
            return
        cost = signed(effect.transfers[seat])
        self.board.open_riichi_bar(
            seat, self.tr("Riichi for %1: %2 and a stick").replace("%1", name).replace("%2", cost)
        )

    def declare_riichi(self, seat: int) -> None:
        """The second step: the riichi is recorded."""
        if self.controller is not None:
            self.clear_error()
            self.controller.commit(self.controller.new_event("riichi", seat=seat))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.recorded.place()

    # -- keys and the screen ------------------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if event.key() == Qt.Key.Key_Escape:
            self.go_back()
            return
        super().keyPressEvent(event)

    def go_back(self) -> None:
        """Esc: close the riichi bar, else ask the page to go one step back (``go_back() -> bool``, if it has one),
        else back to the board."""
        if self.board.close_riichi_bars():
            return
        page = self.pages.currentWidget()
        if page is self.board:
            self.notice.hide()
            return
        back = getattr(page, "go_back", None)
        if callable(back) and back():
            return
        self.show_board()

    def show_on_screen(self) -> None:
        """Show the window full screen or windowed, as the setting and the screen say (:mod:`.screen`)."""
        screen = self.screen()
        if wants_fullscreen(screen.size(), self.screen_setting):
            self.setGeometry(screen.geometry())  # laid out once, at the size it shows (not the default size first)
            self.showFullScreen()
        else:
            self.resize(windowed_size(screen.availableGeometry().size(), self.minimumSize()))
            self.show()

    def toggle_fullscreen(self) -> None:
        """F11: full screen on or off, remembered in the settings."""
        setting = "off" if self.isFullScreen() else "on"
        if self.controller is not None:
            self.controller.set_screen(setting)  # saved; screen_changed applies it
        else:
            self._apply_screen(setting)

    def _apply_screen(self, setting: str) -> None:
        self.screen_setting = setting
        if not self.isVisible():
            return
        if wants_fullscreen(self.screen().size(), setting):
            self.showFullScreen()
        elif self.isFullScreen():
            self.showNormal()
            self.resize(windowed_size(self.screen().availableGeometry().size(), self.minimumSize()))
