"""The main window: a touch top bar over the pages (board, ruling, hand result, history, results, setup).

Referee mode (PIN) is needed for penalties, voids and settings; without it the tablet is in table mode, where the
players enter hand results only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from .board import BoardView
from .texts import offence_name
from .widgets import BigButton, Segmented, WrapButton

if TYPE_CHECKING:
    from ..domain.ledger import TableState


class PinDialog(QDialog):
    """A big numeric keypad; the PIN is checked by the controller (hashed, with a lockout)."""

    def __init__(self, controller, parent: QWidget | None = None):
        super().__init__(parent)
        self.controller = controller
        self.setWindowTitle(self.tr("Referee PIN"))
        self.setModal(True)
        lay = QVBoxLayout(self)
        self.prompt = QLabel(self.tr("Enter the referee PIN"), self)
        self.prompt.setProperty("role", "title")
        self.prompt.setWordWrap(True)
        lay.addWidget(self.prompt)
        self.display = QLabel("", self)
        self.display.setProperty("role", "pin")
        self.display.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(self.display)
        grid = QGridLayout()
        self.keys: dict[str, BigButton] = {}
        for n, key in enumerate(["1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0", "OK"]):
            b = BigButton(key if key != "OK" else self.tr("OK"), self, role="key")
            b.setMinimumSize(96, 80)
            b.clicked.connect(lambda _=False, k=key: self.press(k))
            self.keys[key] = b
            grid.addWidget(b, n // 3, n % 3)
        lay.addLayout(grid)
        cancel = BigButton(self.tr("Cancel"), self, role="cancel")
        cancel.clicked.connect(self.reject)
        lay.addWidget(cancel)
        self.pin = ""
        self._update_lock()
        self.timer = QTimer(self)  # the lockout ends by itself: re-check every second
        self.timer.timeout.connect(self._update_lock)
        self.timer.start(1000)

    def press(self, key: str) -> None:
        if key == "⌫":
            self.pin = self.pin[:-1]
        elif key == "OK":
            self.submit()
            return
        elif len(self.pin) < 12:
            self.pin += key
        self.display.setText("●" * len(self.pin))

    def submit(self) -> None:
        result = self.controller.unlock(self.pin)
        self.pin = ""
        self.display.setText("")
        if result == "ok":
            self.accept()
        elif result == "locked":
            self._update_lock()
        else:
            self.prompt.setText(self.tr("Wrong PIN. Try again."))

    def _update_lock(self) -> None:
        seconds = self.controller.locked_seconds()
        was_locked = not self.keys["1"].isEnabled()
        for b in self.keys.values():
            b.setEnabled(not seconds)
        if seconds:
            self.prompt.setText(self.tr("Too many wrong PINs: locked for %n second(s).", "", seconds))
        elif was_locked:
            self.prompt.setText(self.tr("Enter the referee PIN"))


class UndoDialog(QDialog):
    """Confirm the undo of the last entry, with a reason."""

    def __init__(self, description: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Undo"))
        self.setModal(True)
        lay = QVBoxLayout(self)
        title = QLabel(self.tr("Undo the last entry?"), self)
        title.setProperty("role", "title")
        lay.addWidget(title)
        what = QLabel(description, self)
        what.setWordWrap(True)
        lay.addWidget(what)
        lay.addWidget(QLabel(self.tr("Reason"), self))
        self.reason = Segmented(
            [
                ("entered by mistake", self.tr("Entered by mistake")),
                ("wrong seat", self.tr("Wrong seat")),
                ("wrong value", self.tr("Wrong value")),
                ("ruling revised", self.tr("Ruling revised")),
            ],
            2,
            self,
        )
        self.reason.set_value("entered by mistake")
        lay.addWidget(self.reason)
        row = QHBoxLayout()
        no = BigButton(self.tr("Keep it"), self, role="cancel")
        yes = BigButton(self.tr("Undo it"), self, role="danger")
        no.clicked.connect(self.reject)
        yes.clicked.connect(self.accept)
        row.addWidget(no)
        row.addWidget(yes)
        lay.addLayout(row)
        self.yes = yes


class MainWindow(QMainWindow):
    """The window. With a controller it is the app; without, a read-only board (``refapp --log``), or, with
    ``starting``, the first frame of a start: the board from the snapshot, the top bar shown but disabled until
    :meth:`attach` gives it the controller. This module loads no pydantic and no domain model (the pages that do
    are imported when first opened), so that first frame comes quickly."""

    language_requested = Signal(str)

    def __init__(self, controller=None, parent: QWidget | None = None, starting: bool = False):
        super().__init__(parent)
        self.controller = controller
        self.setMinimumSize(760, 760)  # the smallest size the board and the French labels fit (tested)
        central = QWidget(self)
        root = QVBoxLayout(central)
        root.setContentsMargins(8, 8, 8, 8)
        bar = QHBoxLayout()
        self.nav: dict[str, BigButton] = {}
        for key in ("board", "hand", "history", "results", "setup", "undo", "lock"):
            b = WrapButton("", central, role="nav")
            b.setObjectName(f"nav_{key}")
            self.nav[key] = b
            bar.addWidget(b)
        root.addLayout(bar)
        self.banner = QLabel(central)
        self.banner.setProperty("role", "error")
        self.banner.setWordWrap(True)
        self.banner.hide()
        root.addWidget(self.banner)
        self.pages = QStackedWidget(central)
        root.addWidget(self.pages, 1)
        self.setCentralWidget(central)
        self.board = BoardView(self)
        self.pages.addWidget(self.board)
        self.resize(1024, 768)
        self._pages: dict[str, QWidget] = {}  # built on first use: a quick start shows the board first
        if controller is None:
            for b in self.nav.values():
                if starting:
                    b.setEnabled(False)
                else:
                    b.hide()
            self.retranslate()
            return
        self.attach(controller)

    def attach(self, controller) -> None:
        """Connect the window to the controller (at once, or after the first frame of a start)."""
        self.controller = controller
        for b in self.nav.values():
            b.setEnabled(True)
            b.show()
        self.nav["board"].clicked.connect(self.show_board)
        self.nav["hand"].clicked.connect(self.start_hand_result)
        self.nav["history"].clicked.connect(self.show_history)
        self.nav["results"].clicked.connect(self.show_results)
        self.nav["setup"].clicked.connect(self.show_setup)
        self.nav["undo"].clicked.connect(self.undo)
        self.nav["lock"].clicked.connect(self.toggle_lock)
        self.board.seat_tapped.connect(self.start_ruling)
        self.board.riichi_tapped.connect(self.declare_riichi)
        controller.state_changed.connect(self.render)
        controller.error.connect(self.show_error)
        controller.mode_changed.connect(lambda _: self.retranslate())
        self.retranslate()
        self.render(controller.state)
        if controller.state is None:
            self.show_setup(force=True)

    # -- pages, built on first use ----------------------------------------------------------------------------

    def _page(self, name: str) -> QWidget:
        page = self._pages.get(name)
        if page is not None:
            return page
        c = self.controller
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
        elif name == "hand_check":
            from .hand_check import HandCheckView

            page = HandCheckView(c, self)
            page.back.connect(self._hand_check_back)
            page.cancelled.connect(self.show_board)
            page.record.connect(self.record_from_hand_check)
            page.to_hand_result.connect(self._hand_from_check)
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

    # -- language ---------------------------------------------------------------------------------------------

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        """Re-set every text of the window in the current language, keeping the current page and its data."""
        self.setWindowTitle(self.tr("refapp — riichi referee"))
        labels = {
            "board": self.tr("Board"),
            "hand": self.tr("Hand result"),
            "history": self.tr("History"),
            "results": self.tr("Results"),
            "setup": self.tr("Setup"),
            "undo": self.tr("Undo"),
            "lock": self.tr("Lock") if self._referee() else self.tr("Referee"),
        }
        for key, b in self.nav.items():
            b.setText(labels[key])
        if self.controller is None:
            return
        built = self._pages
        for name in ("ruling", "history", "results", "setup"):
            if name in built:
                built[name].retranslate()
        self.render(self.controller.state)

    # -- pages ------------------------------------------------------------------------------------------------

    def _referee(self) -> bool:
        return bool(self.controller and self.controller.referee_mode)

    def render(self, state: TableState | None) -> None:
        table = self.controller.table if self.controller else None
        self.board.set_state(state, table.number if table else None)
        playing = state is not None and state.started
        if self.controller is not None:
            self.nav["hand"].setEnabled(playing and not state.game_over)
            self.nav["undo"].setEnabled(self._referee() and self.controller.undo_target() is not None)

    def show_state(self, state: TableState | None) -> None:
        """Render a state on the board (the read-only window of ``refapp --log``)."""
        self.board.set_state(state)

    def show_error(self, message: str) -> None:
        self.banner.setText(message)
        self.banner.show()

    def clear_error(self) -> None:
        self.banner.hide()

    def show_board(self) -> None:
        self.clear_error()
        self.pages.setCurrentWidget(self.board)

    def require_referee(self) -> bool:
        if self._referee():
            return True
        dialog = PinDialog(self.controller, self)
        return dialog.exec() == QDialog.DialogCode.Accepted

    def start_ruling(self, seat: int) -> None:
        st = self.controller.state
        if st is None or not st.started:
            return
        if not self.require_referee():
            return
        self.clear_error()
        self.ruling.start(seat)
        self.pages.setCurrentWidget(self.ruling)

    def open_hand_check(self, seat: int) -> None:
        """The hand checker for a seat (referee mode, as the offence palette it is opened from)."""
        st = self.controller.state
        if st is None or not st.started or not self.require_referee():
            return
        self.clear_error()
        self.hand_check.start(seat)
        self.pages.setCurrentWidget(self.hand_check)

    def record_from_hand_check(self, seat: int, offence: str, hand_tiles: str) -> None:
        """The fault the hand checker found, through the ruling flow (its questions, then its preview) with the
        hand attached to the incident."""
        self.clear_error()
        self._ruling_origin = self.hand_check
        self.ruling.start(seat)
        self.ruling.choose(offence, hand_tiles)  # the questions page, or straight to the preview with the hand
        self.pages.setCurrentWidget(self.ruling)

    # -- between the flows (ruling, hand result, hand check) ---------------------------------------------------

    def _ruling_went_back(self) -> None:
        """Back from the first step of a ruling opened by another page: that page again, as it was left."""
        origin = getattr(self, "_ruling_origin", None)
        self.pages.setCurrentWidget(origin if origin is not None else self.board)

    def _hand_check_back(self) -> None:
        """Back from the hand check: the offence palette of that seat."""
        self.ruling.start(self.hand_check.seat)
        self.pages.setCurrentWidget(self.ruling)

    def _rule_from_hand(self, seat: int, offence: str) -> None:
        """A ruling asked for by the hand-result form (a riichi player noten at a draw): referee mode, as any ruling."""
        if not self.require_referee():
            return
        self.clear_error()
        self._ruling_origin = self.hand
        self.ruling.start(seat)
        self.ruling.choose(offence)
        self.pages.setCurrentWidget(self.ruling)

    def _hand_from_check(self, prefill: dict) -> None:
        """A valid win found by the hand check, entered in Hand result (winner and value filled in)."""
        self.clear_error()
        self.hand.start(prefill)
        self.pages.setCurrentWidget(self.hand)

    def declare_riichi(self, seat: int) -> None:
        self.clear_error()
        self.controller.commit(self.controller.new_event("riichi", seat=seat))

    def start_hand_result(self) -> None:
        st = self.controller.state
        if st is None or st.game_over:
            return
        self.clear_error()
        self.hand.start()
        self.pages.setCurrentWidget(self.hand)

    def after_hand(self) -> None:
        st = self.controller.state
        if st is not None and st.game_over:
            self.show_results()
        else:
            self.show_board()

    def show_history(self) -> None:
        self.clear_error()
        self.history.refresh()
        self.pages.setCurrentWidget(self.history)

    def show_results(self) -> None:
        self.clear_error()
        self.results.refresh()
        self.pages.setCurrentWidget(self.results)

    def show_setup(self, force: bool = False) -> None:
        if not force and not self.require_referee():
            return
        self.clear_error()
        self.setup.refresh()
        self.pages.setCurrentWidget(self.setup)

    def toggle_lock(self) -> None:
        from ..store.settings import has_pin

        if self._referee() and not has_pin(self.controller.settings):
            self.show_error(self.tr("Set a referee PIN in Setup first: without a PIN the tablet cannot be locked."))
            return
        if self._referee():
            self.controller.lock()
            self.show_board()
        else:
            self.require_referee()
        self.retranslate()

    def undo(self) -> None:
        if not self.require_referee():
            return
        target = self.controller.undo_target()
        if target is None:
            return
        dialog = UndoDialog(self.describe(target), self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.controller.undo(dialog.reason.value() or "entered by mistake")
            self.show_board()

    def describe(self, event: dict) -> str:
        st = self.controller.state
        names = [s.player for s in st.seats] if st else []
        seat = event.get("seat")
        who = names[seat] if seat is not None and seat < len(names) else ""
        kind = event["type"]
        if kind == "incident":
            return self.tr("Incident: %1 — %2").replace("%1", offence_name(event["offence"])).replace("%2", who)
        if kind == "riichi":
            return self.tr("Riichi of %1").replace("%1", who)
        if kind == "win":
            winners = ", ".join(names[w["seat"]] for w in event["winners"])
            return self.tr("Win (%1): %2").replace("%1", event["kind"]).replace("%2", winners)
        if kind == "draw":
            return self.tr("Draw")
        if kind == "hanchan_start":
            return self.tr("Start of the hanchan")
        return kind


__all__ = ["MainWindow", "PinDialog", "UndoDialog"]
