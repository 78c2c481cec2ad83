# size: the shell wires the top bar, every page (built on first use) and the moves between them, in one class
"""The window shell: a touch top bar, the mode banner, the pages (board, ruling, hand result, history, results,
setup, hand check, session clock) and the "Recorded" message (:mod:`refapp.ui.notice`).

The shell talks to the pages through their public methods and signals only (``start``, ``choose``, ``refresh``,
``retranslate``, ``finished``, ``done``...). Who may do what is the lock model's (:mod:`refapp.ui.lock`): the shell
asks for the PIN where it is needed and tells the controller when a referee action is over. Keys: Tab reaches every
control (the seats too), the focus drawn by :mod:`refapp.ui.focus_ring`; a page shown gives the focus to what it
starts with; Esc goes back one step (the page's own step first: ``go_back()``), F11 switches full screen
(:mod:`refapp.ui.screen`).
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QMainWindow, QVBoxLayout, QWidget

from .board import BoardView
from .focus_ring import FocusRing, focus_page
from .messages import said
from .mode_banner import ModeBanner
from .notice import RecordedMessage, RecordedNotice
from .pin_pad import PinDialog
from .screen import wants_fullscreen, windowed_size
from .texts import signed
from .undo_dialog import UndoDialog
from .venue.shell import VenueShell
from .widgets import Pages, WrapButton

if TYPE_CHECKING:
    from ..domain.table import TableState
    from .controller import Controller

NAV = ("board", "hand", "history", "results", "tables", "setup", "undo", "lock")
REFEREE_PAGES = ("ruling", "hand_check", "setup", "clock")  # leaving them is the end of a referee action


class MainWindow(VenueShell, QMainWindow):
    """The window. With a controller it is the app; without, a read-only board (``refapp --log``), or, with
    ``starting``, the first frame of a start: the board from the snapshot, the top bar shown but disabled until
    :meth:`attach` gives it the controller. This module loads no pydantic and no domain model (the pages that do
    are imported when first opened), so that first frame comes quickly."""

    language_requested = Signal(str)

    def __init__(self, controller: Controller | None = None, parent: QWidget | None = None, starting: bool = False):
        super().__init__(parent)
        self.controller: Controller | None = None
        self.screen_setting = "auto"  # before the settings are read (the first frame): refapp.ui.screen
        self.setMinimumSize(760, 680)  # the smallest size the board and the French labels fit (tested)
        central = QWidget(self)
        root = QVBoxLayout(central)
        root.setContentsMargins(8, 8, 8, 8)
        root.setSpacing(6)
        bar = QHBoxLayout()
        self.nav: dict[str, WrapButton] = {}
        for key in NAV:
            b = WrapButton("", central, role="nav")
            b.setObjectName(f"nav_{key}")
            self.nav[key] = b
            bar.addWidget(b)
        root.addLayout(bar)
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
        self.start_problem: QWidget | None = None  # the page of a start that cannot go on (refapp.ui.start_problem)
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
        self.nav["board"].clicked.connect(self.show_board)
        self.nav["hand"].clicked.connect(self.start_hand_result)
        self.nav["history"].clicked.connect(self.show_history)
        self.nav["results"].clicked.connect(self.show_results)
        self.nav["setup"].clicked.connect(self.show_setup)
        self.nav["tables"].clicked.connect(self.show_tables)
        self.nav["undo"].clicked.connect(self.undo)
        self.nav["lock"].clicked.connect(self.toggle_lock)
        self.board.seat_tapped.connect(self.start_ruling)
        self.board.riichi_tapped.connect(self.ask_riichi)
        self.board.riichi_confirmed.connect(self.declare_riichi)
        self.notice.undo_requested.connect(self.undo)
        controller.state_changed.connect(self.show_table_state)
        controller.error.connect(self.show_error)
        controller.mode_changed.connect(lambda _: self._mode_changed())
        controller.committed.connect(self.recorded.show_entry)
        controller.screen_changed.connect(self._apply_screen)
        from .clock_view import on_board

        self.clock_panel = on_board(self)  # the session clock, in a corner of the board
        busy = weakref.WeakMethod(self._in_referee_action)  # the controller may outlive the window (tests)
        controller.modes.busy = lambda: bool((method := busy()) is not None and method())
        self.mode_banner.show()
        self._attach_venue(controller)
        from .referee_call import RefereeCalls

        self.calls = RefereeCalls(self, controller)  # the board's Call the referee (refapp.ui.referee_call)
        self.retranslate()
        self.show_table_state(controller.state)
        if controller.state is None and controller.referee_mode:
            self.show_setup(force=True)

    # -- pages, built on first use ----------------------------------------------------------------------------

    def _page(self, name: str) -> Any:
        page = self._pages.get(name)
        if page is not None:
            return page
        c = self.controller
        if c is None:
            raise RuntimeError(f"the {name} page needs the controller: attach() one first")
        if name == "ruling":
            from .ruling import RulingFlow

            page = RulingFlow(c, self)
            page.finished.connect(self.show_board)
            page.check_hand.connect(self.open_hand_check)
            page.went_back.connect(self._ruling_went_back)
        elif name == "hand":
            from .hand_result import HandResultFlow

            page = HandResultFlow(c, self)
            page.finished.connect(self.after_hand)
            page.rule.connect(self._rule_from_hand)
        elif name == "history":
            from .history_view import HistoryView

            page = HistoryView(c, self)
        elif name == "results":
            from .results_view import ResultsView

            page = ResultsView(c, self)
        elif name == "setup":
            from .setup_view import SetupView

            page = SetupView(c, self)
            page.done.connect(self.show_board)
            page.language_changed.connect(self.language_requested)
            page.venue.connect(lambda: self.show_tables("device"))
            page.clock_requested.connect(self.show_clock)
        elif name == "venue":
            from .venue.page import VenuePage

            page = VenuePage(c, self.require_referee, self)
            page.open_table.connect(self.open_other_table)
        elif name == "hand_check":
            from .hand_check import HandCheckView

            page = HandCheckView(c, self)
            page.back.connect(self._hand_check_back)
            page.cancelled.connect(self.show_board)
            page.record.connect(self.record_from_hand_check)
            page.to_hand_result.connect(self._hand_from_check)
        elif name == "clock":
            from .clock_page import ClockPage

            page = ClockPage(c.session_clock, self)
            page.done.connect(self.show_board)
        else:
            raise KeyError(name)
        self._pages[name] = page
        self.pages.addWidget(page)
        return page

    ruling = property(lambda self: self._page("ruling"))
    hand = property(lambda self: self._page("hand"))
    history = property(lambda self: self._page("history"))
    results = property(lambda self: self._page("results"))
    setup = property(lambda self: self._page("setup"))
    hand_check = property(lambda self: self._page("hand_check"))
    clock_page = property(lambda self: self._page("clock"))

    def _name_of(self, page: QWidget | None) -> str:
        if page is self.board:
            return "board"
        return next((name for name, p in self._pages.items() if p is page), "")

    def _show(self, page: QWidget) -> None:
        """Show a page; leaving the ruling, the hand check or Setup for another page ends a referee action."""
        before = self.pages.currentWidget()
        left = self._name_of(before)
        self.board.close_riichi_bars()
        self.pages.setCurrentWidget(page)
        if page is not before:
            focus_page(page)  # (a page shown again keeps its focus)
        if left in REFEREE_PAGES and self._name_of(page) not in REFEREE_PAGES and self.controller is not None:
            self.controller.referee_action_done()
        self.recorded.page_shown()

    def _in_referee_action(self) -> bool:
        return self._name_of(self.pages.currentWidget()) in REFEREE_PAGES

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
        self._mode_changed()

    def _nav_texts(self) -> None:
        from ..core.modes import Mode

        locked = self.controller is not None and self.controller.modes.mode is Mode.TABLE
        labels = {
            "board": self.tr("Board"),
            "hand": self.tr("Hand result"),
            "history": self.tr("History"),
            "results": self.tr("Results"),
            "tables": self.tr("Tables"),
            "setup": self.tr("Setup"),
            "undo": self.tr("Undo"),
            "lock": self.tr("Referee") if locked else self.tr("Lock"),
        }
        for key, b in self.nav.items():
            b.setText(labels[key])

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

    def _update_nav(self) -> None:
        c = self.controller
        if c is None:
            return
        st = c.state
        self.nav["hand"].setEnabled(st is not None and st.started and not st.game_over)
        self.nav["tables"].setVisible(c.venue.wanted())  # a venue (a shared folder, several tables) only
        self.nav["undo"].setEnabled(c.undo_target() is not None)

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

    def show_board(self) -> None:
        self.clear_error()
        self._show(self.board)

    def require_referee(self) -> bool:
        """True in referee mode; otherwise the PIN pad opens (True once the right PIN was entered)."""
        c = self.controller
        if c is None:
            return False
        if c.referee_mode:
            return True
        return PinDialog(c, self).exec() == QDialog.DialogCode.Accepted

    def start_ruling(self, seat: int) -> None:
        c = self.controller
        st = c.state if c else None
        if st is None or not st.started or not self.require_referee():
            return
        self.clear_error()
        self._ruling_origin = None  # Back from the palette: the board
        self.board.last_seat = seat  # (the keyboard comes back to it)
        self.ruling.start(seat)
        self._show(self.ruling)

    def open_hand_check(self, seat: int) -> None:
        """The hand checker for a seat (referee mode, as the offence palette it is opened from)."""
        c = self.controller
        st = c.state if c else None
        if st is None or not st.started or not self.require_referee():
            return
        self.clear_error()
        self.hand_check.start(seat)
        self._show(self.hand_check)

    def record_from_hand_check(self, seat: int, offence: str, hand_tiles: str) -> None:
        """The fault the hand checker found, through the ruling flow (its questions, then its preview) with the
        hand attached to the incident."""
        self.clear_error()
        self._ruling_origin = self.hand_check
        self.ruling.start(seat)
        self.ruling.choose(offence, hand_tiles)  # the questions page, or straight to the preview with the hand
        self._show(self.ruling)

    def ask_riichi(self, seat: int) -> None:
        """The first step of a riichi: the confirm bar over the seat says who and what it costs."""
        from ..domain.events import LogError

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

    # -- between the flows (ruling, hand result, hand check) ---------------------------------------------------

    def _ruling_went_back(self) -> None:
        """Back from the first step of a ruling opened by another page: that page again, as it was left."""
        self._show(self._ruling_origin if self._ruling_origin is not None else self.board)

    def _hand_check_back(self) -> None:
        """Back from the hand check: the offence palette of that seat."""
        self.ruling.start(self.hand_check.seat)
        self._show(self.ruling)

    def _rule_from_hand(self, seat: int, offence: str) -> None:
        """A ruling asked for by the hand-result form (a riichi player noten at a draw): referee mode, as any ruling."""
        if not self.require_referee():
            return
        self.clear_error()
        self._ruling_origin = self.hand
        self.ruling.start(seat)
        self.ruling.choose(offence)
        self._show(self.ruling)

    def _hand_from_check(self, prefill: dict) -> None:
        """A valid win found by the hand check, entered in Hand result (winner and value filled in)."""
        self.clear_error()
        self.hand.start(prefill)
        self._show(self.hand)

    def declare_riichi(self, seat: int) -> None:
        """The second step: the riichi is recorded."""
        if self.controller is not None:
            self.clear_error()
            self.controller.commit(self.controller.new_event("riichi", seat=seat))

    def start_hand_result(self) -> None:
        c = self.controller
        st = c.state if c else None
        if st is None or st.game_over:
            return
        self.clear_error()
        self.hand.start()
        self._show(self.hand)

    def after_hand(self) -> None:
        st = self.controller.state if self.controller else None
        if st is not None and st.game_over:
            self.show_results()
        else:
            self.show_board()

    def show_history(self) -> None:
        self.clear_error()
        self.history.refresh()
        self._show(self.history)

    def show_results(self) -> None:
        self.clear_error()
        self.results.refresh()
        self._show(self.results)

    def show_setup(self, force: bool = False) -> None:
        if not force and not self.require_referee():
            return
        self.clear_error()
        self.setup.refresh()
        self._show(self.setup)

    def show_clock(self) -> None:
        """The clock page (refapp.ui.clock_page), in referee mode."""
        if not self.require_referee():
            return
        self.clear_error()
        self.clock_page.start()
        self._show(self.clock_page)

    # -- lock and undo -------------------------------------------------------------------

    def toggle_lock(self) -> None:
        from ..core.modes import Mode

        c = self.controller
        if c is None:
            return
        mode = c.modes.mode
        if mode in (Mode.NO_PIN, Mode.UNANSWERED):
            self.show_error(self.tr("Set a referee PIN in Setup first: without a PIN the tablet cannot be locked."))
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
        """Show the window full screen or windowed, as the setting and the screen say (:mod:`refapp.ui.screen`)."""
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


__all__ = ["MainWindow", "PinDialog", "UndoDialog"]
