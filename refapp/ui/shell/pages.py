"""The window's pages and the moves between them (a part of :class:`~.main_window.MainWindow`).

Each page is built the first time it is shown (a quick start shows the board first: their modules are imported then)
and reached by a typed property: ``window.ruling``, ``hand``, ``history``, ``results``, ``setup``, ``hand_check``,
``clock_page``, ``venue_page``. The board is ``window.board``. Leaving a referee's page (the ruling, the hand check,
Setup, the clock) for another is the end of a referee action; a referee's page asks for the PIN first (table mode).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QDialog, QWidget

from ..common.focus_ring import focus_page
from ..common.pin_pad import PinDialog

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow as _Window

    from ..board.view import BoardView
    from ..clock.page import ClockPage
    from ..common.widgets import Pages
    from ..hand_check.view import HandCheckView
    from ..hand_result.flow import HandResultFlow
    from ..history.view import HistoryView
    from ..reseat.page import ReseatPage
    from ..results.view import ResultsView
    from ..ruling.flow import RulingFlow
    from ..setup.view import SetupView
    from ..venue.page import VenuePage
    from .controller import Controller
    from .notice import RecordedMessage
else:
    _Window = object  # a mixin: the window is the QMainWindow

REFEREE_PAGES = ("ruling", "hand_check", "setup", "clock", "reseat")  # leaving them is the end of a referee action


class PageNavigation(_Window):
    """Needs the window's ``controller``, ``board``, ``pages``, ``recorded``, ``language_requested``,
    ``clear_error``, and the venue's ``show_tables`` and ``open_other_table``
    (:class:`~refapp.ui.venue.shell.VenueShell`)."""

    controller: Controller | None
    board: BoardView
    pages: Pages
    recorded: RecordedMessage
    _pages: dict[str, QWidget]
    _ruling_origin: QWidget | None

    if TYPE_CHECKING:
        language_requested: Any

        def clear_error(self) -> None: ...
        def show_tables(self, tab: str = "tables") -> None: ...
        def open_other_table(self, table_id: str) -> None: ...

    def _page(self, name: str) -> Any:
        page = self._pages.get(name)
        if page is not None:
            return page
        c = self.controller
        if c is None:
            raise RuntimeError(f"the {name} page needs the controller: attach() one first")
        if name == "ruling":
            from ..ruling import RulingFlow

            page = RulingFlow(c, self)
            page.finished.connect(self.show_board)
            page.check_hand.connect(self.open_hand_check)
            page.reseat.connect(self.start_reseat)
            page.went_back.connect(self._ruling_went_back)
        elif name == "hand":
            from ..hand_result import HandResultFlow

            page = HandResultFlow(c, self)
            page.finished.connect(self.after_hand)
            page.rule.connect(self._rule_from_hand)
        elif name == "history":
            from ..history.view import HistoryView

            page = HistoryView(c, self)
        elif name == "results":
            from ..results.view import ResultsView

            page = ResultsView(c, self)
        elif name == "setup":
            from ..setup.view import SetupView

            page = SetupView(c, self)
            page.done.connect(self.show_board)
            page.language_changed.connect(self.language_requested)
            page.venue.connect(lambda: self.show_tables("device"))
            page.clock_requested.connect(self.show_clock)
        elif name == "venue":
            from ..venue.page import VenuePage

            page = VenuePage(c, self.require_referee, self)
            page.open_table.connect(self.open_other_table)
        elif name == "hand_check":
            from ..hand_check import HandCheckView

            page = HandCheckView(c, self)
            page.back.connect(self._hand_check_back)
            page.cancelled.connect(self.show_board)
            page.record.connect(self.record_from_hand_check)
            page.to_hand_result.connect(self._hand_from_check)
        elif name == "reseat":
            from ..reseat import ReseatPage

            page = ReseatPage(c, self)
            page.done.connect(self.show_board)
        elif name == "clock":
            from ..clock.page import ClockPage

            page = ClockPage(c.session_clock, self)
            page.done.connect(self.show_board)
        else:
            raise KeyError(name)
        self._pages[name] = page
        self.pages.addWidget(page)
        return page

    # -- the pages, each a typed property (built on first use) ---------------------------------------------------

    @property
    def ruling(self) -> RulingFlow:
        """The ruling flow: offence palette, questions, preview."""
        return self._page("ruling")

    @property
    def hand(self) -> HandResultFlow:
        """Hand result: the form, its preview."""
        return self._page("hand")

    @property
    def history(self) -> HistoryView:
        return self._page("history")

    @property
    def results(self) -> ResultsView:
        return self._page("results")

    @property
    def setup(self) -> SetupView:
        return self._page("setup")

    @property
    def hand_check(self) -> HandCheckView:
        return self._page("hand_check")

    @property
    def clock_page(self) -> ClockPage:
        """The session clock's page (the clock on the board is ``clock_panel``)."""
        return self._page("clock")

    @property
    def reseat_page(self) -> ReseatPage:
        """Re-seat the table and replay its hands (refapp.ui.reseat)."""
        return self._page("reseat")

    @property
    def venue_page(self) -> VenuePage:
        """The Tables page (the venue: tables, players, conflicts, devices, this device)."""
        return self._page("venue")

    # -- moving between them ------------------------------------------------------------------------------------

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
        was_referee = left in REFEREE_PAGES or (left == "venue" and self._venue_referee_tab(before))
        if was_referee and not self._in_referee_action() and self.controller is not None:
            self.controller.referee_action_done()
        self.recorded.page_shown()

    def _in_referee_action(self) -> bool:
        page = self.pages.currentWidget()
        name = self._name_of(page)
        return name in REFEREE_PAGES or (name == "venue" and self._venue_referee_tab(page))

    @staticmethod
    def _venue_referee_tab(page: QWidget | None) -> bool:
        """The Tables page shows a referee's tab (Seating): being there is a referee action."""
        return bool(getattr(page, "in_referee_tab", lambda: False)())

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

    def start_reseat(self) -> None:
        """Re-seat the open table (a referee's page: the PIN in table mode)."""
        c = self.controller
        st = c.state if c else None
        if st is None or not st.started or not self.require_referee():
            return
        self.clear_error()
        self.reseat_page.start()
        self._show(self.reseat_page)

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
        """The clock page (refapp.ui.clock.page), in referee mode."""
        if not self.require_referee():
            return
        self.clear_error()
        self.clock_page.start()
        self._show(self.clock_page)
