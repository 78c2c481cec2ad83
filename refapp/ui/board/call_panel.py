"""The board's corner for calling the referee: a big **Call the referee** button the players tap (no PIN), then, until
a referee answers, "Referee called at 10:42" in large white type on red, with **Answered** for the referee.

The panel only shows and emits intents (``call_requested``, ``answer_requested``); what was called and answered is
the store's (:mod:`refapp.store.calls`), reached through the controller by :mod:`refapp.ui.board.referee_call`. Its type
is as large as the corner allows, to be read across the table. Like the board, it loads no domain model (the first
frame of a start shows the board before the domain is imported).
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QEvent, QRect, Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QFrame, QLabel, QSizePolicy, QStackedLayout, QVBoxLayout, QWidget

from ..common.widgets import TOUCH, WrapButton

MAX_PX = 60  # the largest type of the corner
BORDER = 5  # the theme's border of the corner (resources/themes)
MIN_PX = 14


@lru_cache(maxsize=256)  # the same corner and words after every entry: measured once
def fitting_px(text: str, width: int, height: int, most: int = MAX_PX, weight: int = 800) -> int:
    """The largest type size (px) at which ``text``, wrapped at its spaces, fits ``width`` × ``height``."""
    if width <= 0 or height <= 0 or not text:
        return MIN_PX
    font = QFont()
    font.setWeight(QFont.Weight(weight))
    for px in range(most, MIN_PX - 1, -1):
        font.setPixelSize(px)
        metrics = QFontMetrics(font)
        words = max(metrics.horizontalAdvance(w) for w in text.split())
        box = metrics.boundingRect(QRect(0, 0, width, 100_000), int(Qt.TextFlag.TextWordWrap), text)
        if words <= width and box.height() <= height:
            return px
    return MIN_PX


class CallPanel(QFrame):
    """Hidden until :meth:`show_call` says what to show (a table is open)."""

    call_requested = Signal()
    answer_requested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("call_panel")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.stack = QStackedLayout(self)
        self.stack.setContentsMargins(0, 0, 0, 0)
        self.call_button = WrapButton("", self, role="call")
        self.call_button.setObjectName("call_referee")
        self.call_button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.called = QFrame(self)
        self.called.setObjectName("referee_called")
        self.called.setProperty("role", "called")
        self.called.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        lay = QVBoxLayout(self.called)
        lay.setContentsMargins(10, 8, 10, 8)
        lay.setSpacing(6)
        self.message = QLabel(self.called)
        self.message.setObjectName("referee_called_text")
        self.message.setProperty("role", "called-text")
        self.message.setWordWrap(True)
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.message.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        self.answer_button = WrapButton("", self.called, role="answered")  # two lines in a narrow corner
        self.answer_button.setObjectName("call_answered")
        lay.addWidget(self.message, 1)
        lay.addWidget(self.answer_button)
        self.stack.addWidget(self.call_button)
        self.stack.addWidget(self.called)
        self.call_button.clicked.connect(self.call_requested)
        self.answer_button.clicked.connect(self.answer_requested)
        self.since = ""  # the time shown ("10:42"); "" when no call is open
        self.can_call = True
        self.pin = False
        self.hide()
        self.retranslate()

    def show_call(self, since: str | None, can_call: bool, pin: bool = False) -> None:
        """``since``: the time of the open call, in words ("10:42"), or None; ``can_call``: the button is offered
        (a tablet in referee mode has the referee at hand: no button, but an open call is still shown); ``pin``:
        Answered asks for the referee PIN (table mode)."""
        shown = bool(since) or can_call
        if (since or "", can_call, pin) == (self.since, self.can_call, self.pin) and self.isHidden() != shown:
            return  # shown as it is (after every entry)
        self.since, self.can_call, self.pin = since or "", can_call, pin
        self.retranslate()
        self.stack.setCurrentWidget(self.called if since else self.call_button)
        self.setVisible(bool(since) or can_call)
        self._fit()

    def hide_call(self) -> None:
        """Nothing to show (no table open)."""
        self.since = ""
        self.hide()

    def is_called(self) -> bool:
        """Whether the panel shows an open call."""
        return self.isVisible() and self.stack.currentWidget() is self.called

    def retranslate(self) -> None:
        self.call_button.setText(self.tr("Call the referee"))
        self.message.setText(self.tr("Referee called at %1").replace("%1", self.since))
        self.answer_button.setText(self.tr("Answered (referee PIN)") if self.pin else self.tr("Answered"))
        self._fit()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # -- sizes ------------------------------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        """The call's words as large as the corner allows (the button's label, or the message above Answered)."""
        w, h = self.width() - 2 * BORDER, self.height() - 2 * BORDER
        _sized(self.call_button.label, fitting_px(self.call_button.text(), w - 28, h - 20))
        room = h - 16 - 6 - max(TOUCH, self.answer_button.sizeHint().height()) - 8
        _sized(self.message, fitting_px(self.message.text(), w - 28, room))


def _sized(label: QLabel, px: int) -> None:
    sheet = f"font-size: {px}px; font-weight: 800;"
    if label.styleSheet() != sheet:  # a sheet set again would re-style the label
        label.setStyleSheet(sheet)


__all__ = ["CallPanel", "fitting_px"]
