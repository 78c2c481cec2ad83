"""The board's clock: the session's time left at this table, in an empty corner of the board, large enough to read
across the table (at 1280×800 its figures have a cap height of 24 px and more).

It shows the time left ("42:15"), the table's extra time ("+5 min"); once time is up, what the ending rule means now
("Time is up" / "This hand is the last", "1 more hand after this one"). A tap shows why: the extra time given (how
much, why, by whom), the session and the ending rule with where it comes from, and the way to the clock page
(:mod:`refapp.ui.clock.page`); it goes back by itself. With no clock set for the session it is hidden, but for a
referee, who finds there the button to set it. It never changes the board's layout: it takes the room it is given
and sets its type to fit (:meth:`ClockPanel.fit`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QFontMetrics, QKeyEvent, QMouseEvent, QResizeEvent
from PySide6.QtWidgets import QFrame, QLabel, QSizePolicy, QVBoxLayout, QWidget

from ...domain.clock import ClockStatus, Phase, read_time
from ..common.texts import ruleset_text, status_badge
from ..common.widgets import ENTER_KEYS, TOUCH, WrapButton, set_role

if TYPE_CHECKING:
    from ...core.types import TableClock
    from ...domain.rules import TimeLimit
    from ..shell.main_window import MainWindow
    from .model import SessionClockModel

DETAILS_MS = 15_000  # the details go back to the time after this long
LOW_SECONDS = 5 * 60  # the last five minutes are marked
MARGIN = 8


def hhmm(value: object) -> str:
    """A time of day in this tablet's time zone (14:05)."""
    from datetime import datetime

    return value.astimezone().strftime("%H:%M") if isinstance(value, datetime) else ""


def time_left(seconds: int) -> str:
    """42:15, or 1:05:00 from an hour."""
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class ClockTexts(QObject):
    """What the clock says, in the current language (shared with the clock page)."""

    def time_left(self) -> str:
        return self.tr("Time left")

    def time_up(self) -> str:
        return self.tr("Time is up")

    def until(self, when: str) -> str:
        return self.tr("This table: until %1").replace("%1", when)

    def set_clock(self) -> str:
        return self.tr("Set the session clock")

    def session_clock(self) -> str:
        return self.tr("Session clock")

    def hands_left(self, n: int) -> str:
        if n == 0:
            return self.tr("This hand is the last")
        return self.tr("%n more hand(s) after this one", "", n)

    def end_due(self) -> str:
        return self.tr("The last hand allowed has been played: the hanchan ends")

    def says(self, status: ClockStatus) -> str:
        """At time-up: what the ending rule means now."""
        if status.phase is Phase.END_DUE:
            return self.end_due()
        return self.hands_left(status.hands_left or 0)

    def extra(self, minutes: int) -> str:
        return self.amount(minutes)

    def amount(self, minutes: int) -> str:
        """+5 min, −5 min."""
        if minutes >= 0:
            return self.tr("+%1 min").replace("%1", str(minutes))
        return self.tr("−%1 min").replace("%1", str(-minutes))

    def extra_entry(self, minutes: int, reason: str, by: str, at: str) -> str:
        return (
            self.tr("%1: %2 (%3, %4)")
            .replace("%1", self.amount(minutes))
            .replace("%2", reason_text(reason))
            .replace("%3", by)
            .replace("%4", hhmm(read_time(at)))
        )

    def session(self, session: int, start: object, end: object, minutes: int) -> str:
        return (
            self.tr("Session %1: %2 to %3 (%4 min)")
            .replace("%1", str(session))
            .replace("%2", hhmm(start))
            .replace("%3", hhmm(end))
            .replace("%4", str(minutes))
        )

    def hands(self, rule: TimeLimit) -> str:
        """Which hand is the last, in words."""
        if rule.after_time == "finish_hand_plus":
            return self.tr("the hand in play is finished, then %n more hand(s)", "", rule.extra_hands)
        return self.tr("the hand in play is the last")

    def rule_short(self, rule: TimeLimit) -> str:
        """The ending rule without its chombo clause (the board's clock, where room is short)."""
        return self.tr("At time-up: %1.").replace("%1", self.hands(rule))

    def rule(self, rule: TimeLimit) -> str:
        """The ending rule in words."""
        hands = self.hands(rule)
        if rule.last_hand_chombo == "ends":
            chombo = self.tr("a chombo in the last hand ends the hanchan")
        else:
            chombo = self.tr("a chombo in the last hand is re-dealt")
        return self.tr("At time-up: %1; %2.").replace("%1", hands).replace("%2", chombo)

    def rule_source(self, tc: TableClock) -> str:
        """Where the ending rule comes from: the organiser, or the rule set (its note and source status)."""
        if tc.rule_by_organiser is not None:
            by = tc.rule_by_organiser
            why = reason_text(by.reason)
            text = self.tr("Set by the organiser (%1) for this tournament.").replace("%1", by.by)
            return f"{text} {why}" if why else text
        rs = tc.ruleset
        if rs is None:
            return ""
        key = "time_limit.after_time"
        note = ruleset_text(rs.note_for(key))
        badge = status_badge(rs.status_for(key))
        head = self.tr("%1: %2").replace("%1", ruleset_text(rs.name)).replace("%2", note) if note else ""
        return " ".join(part for part in (head, badge) if part)


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name lupdate looks for
    return text


# The reasons the clock page records (in English, whatever the screen's language: another tablet says them in its
# own); a reason typed on the command line is shown as typed.
REASONS = (
    QT_TRANSLATE_NOOP("ClockReason", "long ruling"),
    QT_TRANSLATE_NOOP("ClockReason", "referee call"),
    QT_TRANSLATE_NOOP("ClockReason", "tiles rebuilt"),
    QT_TRANSLATE_NOOP("ClockReason", "late start"),
    QT_TRANSLATE_NOOP("ClockReason", "correction"),
    QT_TRANSLATE_NOOP("ClockReason", "tournament regulations"),
)


def reason_text(reason: str) -> str:
    """A reason as recorded: one of the app's own (translated), else as typed (the command line's)."""
    return QCoreApplication.translate("ClockReason", reason) if reason in REASONS else reason


def _label(parent: QWidget, role: str, name: str) -> QLabel:
    lab = QLabel(parent)
    lab.setObjectName(name)
    lab.setProperty("role", role)
    lab.setAlignment(Qt.AlignmentFlag.AlignCenter)
    lab.setWordWrap(True)
    lab.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
    return lab


def _font(px: int, weight: int = 800) -> QFont:
    font = QFont()
    font.setPixelSize(max(1, px))
    font.setWeight(QFont.Weight(weight))
    return font


def _height(text: str, px: int, width: int, weight: int = 800) -> int:
    """The height ``text`` needs at ``px`` wrapped to ``width``."""
    if not text:
        return 0
    flags = int(Qt.AlignmentFlag.AlignCenter) | int(Qt.TextFlag.TextWordWrap)
    return QFontMetrics(_font(px, weight)).boundingRect(QRect(0, 0, max(1, width), 100_000), flags, text).height()


def _width(text: str, px: int, weight: int = 800) -> int:
    return QFontMetrics(_font(px, weight)).horizontalAdvance(text)


class ClockPanel(QFrame):
    """The clock in a corner of the board. ``open_page`` asks for the clock page (the window checks the PIN)."""

    open_page = Signal()

    def __init__(self, model: SessionClockModel, parent: QWidget | None = None):
        super().__init__(parent)
        self.model = model
        self.texts = ClockTexts(self)
        self.setObjectName("clock")
        self.setProperty("role", "clock")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)  # never moves the seats
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(MARGIN, MARGIN, MARGIN, MARGIN)
        lay.setSpacing(2)
        self.title = _label(self, "clock-title", "clock_title")
        self.time = _label(self, "clock-time", "clock_time")
        self.time.setWordWrap(False)
        self.says = _label(self, "clock-says", "clock_says")
        self.extra = _label(self, "clock-extra", "clock_extra")
        self.details = _label(self, "clock-details", "clock_details")
        self.page_button = WrapButton("", self)
        self.page_button.setObjectName("clock_page_button")
        self.page_button.clicked.connect(self.open_page)
        lay.addStretch(1)
        for w in (self.title, self.time, self.says, self.extra, self.details):
            lay.addWidget(w)
        self.says.setContentsMargins(0, 6, 0, 0)  # apart from "Time is up" above it
        lay.addWidget(self.page_button)
        lay.addStretch(1)
        self.showing_details = False
        self._shown: tuple[object, ...] = ()
        self.status: ClockStatus | None = None
        self.tick = QTimer(self)
        self.tick.setInterval(1000)
        self.tick.timeout.connect(self._ticked)
        self.back = QTimer(self)
        self.back.setSingleShot(True)
        self.back.setInterval(DETAILS_MS)
        self.back.timeout.connect(self.hide_details)
        model.changed.connect(self.update_view)
        model.c.mode_changed.connect(lambda _: self.update_view())
        self.hide()
        self.tick.start()

    # -- it asks the board for no room: its corner is the room it has --------------------------------------------

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt override
        return False  # (its wrapping labels would otherwise make the board's top row taller than the others)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(0, 0)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(0, 0)

    # -- what it shows ----------------------------------------------------------------------------------------

    def _ticked(self) -> None:
        """Every second, while its window is open (a closed window's clock reads nothing: its store may be closed)."""
        if self.window().isVisible():
            self.update_view()

    def update_view(self) -> None:
        """Show the clock as it is now (every second, and when something recorded changed)."""
        c = self.model.c
        st = c.state
        tc = self.model.table_clock() if st is not None and st.started else None
        status = tc.status(self.model.now()) if tc is not None else None
        self.status = status
        referee = bool(c.referee_mode)
        if status is None or status.phase is Phase.OVER:
            # no clock for this session (a referee sets it from here), or the hanchan is over
            visible = status is None and tc is not None and tc.hands is not None and not tc.hands.over and referee
            self._set(("set",), visible)
            return
        if self.showing_details and tc is not None:
            self._set(("details", self._details(tc)), True)
            return
        title = self.texts.time_left() if status.phase is Phase.RUNNING else self.texts.time_up()
        time_text = time_left(status.remaining) if status.phase is Phase.RUNNING else ""
        says = self.texts.says(status) if status.phase is not Phase.RUNNING else ""
        extra = self.texts.extra(status.extra_minutes) if status.extra_minutes else ""
        phase = "up" if status.phase is not Phase.RUNNING else ("low" if status.remaining <= LOW_SECONDS else "on")
        self._set(("clock", title, time_text, says, extra, phase), True)

    def _details(self, tc: TableClock) -> str:
        """Why, most important first (a small corner shows the first lines only: :meth:`fit`): the extra time given
        and until when, the ending rule, the session."""
        lines = [self.texts.extra_entry(e.minutes, e.reason, e.by, e.at) for e in tc.extras]
        if tc.session is not None and tc.extra_minutes:
            lines.append(self.texts.until(hhmm(tc.session.clock.ends_at(tc.extra_minutes))))
        lines.append(self.texts.rule_short(tc.rule))
        if tc.session is not None:
            end = tc.session.clock.ends_at()
            lines.append(self.texts.session(tc.session.session, tc.session.start, end, tc.session.minutes))
        return "\n".join(lines)

    def _set(self, shown: tuple[object, ...], visible: bool) -> None:
        """Set the texts (only when they changed: the board is not laid out again each second)."""
        if not visible:
            self.hide()
            self._shown = ()
            return
        if shown == self._shown and self.isVisibleTo(self.parentWidget() or self):
            return
        self._shown = shown
        kind = shown[0]
        # a clock is tapped (or reached by Tab and Enter) for why; "Set the session clock" is its button
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus if kind == "set" else Qt.FocusPolicy.StrongFocus)
        for w in (self.title, self.time, self.says, self.extra, self.details, self.page_button):
            w.hide()
        if kind == "set":
            self.page_button.setText(self.texts.set_clock())
            self.page_button.show()
            set_role(self, "phase", "set")
        elif kind == "details":
            self.details.setText(str(shown[1]))
            self.details.show()
            self.page_button.setText(self.texts.session_clock())
            self.page_button.show()
            set_role(self, "phase", "details")
        else:
            _, title, time_text, says, extra, phase = shown
            self.title.setText(str(title))
            self.title.show()
            self.time.setText(str(time_text))
            self.time.setVisible(bool(time_text))
            self.says.setText(str(says))
            self.says.setVisible(bool(says))
            self.extra.setText(str(extra))
            self.extra.setVisible(bool(extra))
            set_role(self, "phase", phase)
        self.show()
        self.fit()

    # -- type sizes -----------------------------------------------------------------------------------------------

    def fit(self) -> None:
        """The largest type that fits the corner: the figures first, then what time-up means, then the details."""
        inside = self.contentsRect()  # within the frame's border (thicker at time-up)
        shown = [x for x in (self.title, self.time, self.says, self.extra, self.details) if x.isVisibleTo(self)]
        w = inside.width() - 2 * MARGIN - 4
        h = inside.height() - 2 * MARGIN - 4 - 2 * max(0, len(shown) - 1)
        if w <= 0 or h <= 0:
            return
        small = 16
        if self.details.isVisibleTo(self):
            b = self.page_button
            h -= max(TOUCH, b.minimumSizeHint().height(), b.sizeHint().height()) + 4
            lines = str(self._shown[1]).split("\n") if len(self._shown) > 1 else [self.details.text()]
            for n in range(len(lines), 0, -1):  # as many lines as fit at 14 px and more, the first ones first
                text = "\n".join(lines[:n])
                px = next((p for p in range(22, 13, -1) if _height(text, p, w, 600) <= h), 0)
                if px:
                    break
            self.details.setText(text)
            self._px(self.details, px or 14, 600)
            return
        if self.page_button.isVisibleTo(self):
            return
        extra_on = self.extra.isVisibleTo(self)
        if self.time.isVisibleTo(self):
            text = self.time.text()
            for px in range(160, 11, -1):
                side = max(small, int(0.3 * px))
                need = (
                    _height("8", px, w)
                    + _height(self.title.text(), side, w)
                    + (_height("+8", side, w) if extra_on else 0)
                )
                if _width(text, px) <= w and need <= h:
                    break
            side = max(small, int(0.3 * px))
            self._px(self.time, px)
            self._px(self.title, side)
            self._px(self.extra, side)
            return
        says, title = self.says.text(), self.title.text()
        words = (title + " " + says).split()
        for px in range(72, 11, -1):  # both may wrap; no word wider than the corner
            side = max(18, int(0.55 * px))
            need = _height(title, int(0.85 * px), w) + _height(says, px, w) + 6
            need += _height("+8", side, w) if extra_on else 0
            if need <= h and max(_width(word, px) for word in words) <= w:
                break
        self._px(self.title, int(0.85 * px))
        self._px(self.says, px)
        self._px(self.extra, max(18, int(0.55 * px)))

    @staticmethod
    def _px(label: QLabel, px: int, weight: int = 800) -> None:
        sheet = f"font-size: {px}px; font-weight: {weight};"
        if label.styleSheet() != sheet:
            label.setStyleSheet(sheet)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.fit()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self._shown = ()
            self.update_view()
        super().changeEvent(event)

    # -- a tap shows why ----------------------------------------------------------------------------------------

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        inside = self.rect().contains(event.position().toPoint())
        if event.button() == Qt.MouseButton.LeftButton and inside and self.status is not None:
            if self.showing_details:
                self.hide_details()
            else:
                self.show_details()
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if event.key() in (*ENTER_KEYS, Qt.Key.Key_Space) and self.status is not None:
            event.accept()
            if event.isAutoRepeat():
                return
            if self.showing_details:
                self.hide_details()
            else:
                self.show_details()
            return
        super().keyPressEvent(event)

    def show_details(self) -> None:
        self.showing_details = True
        self.back.start()
        self.update_view()

    def hide_details(self) -> None:
        self.back.stop()
        self.showing_details = False
        self.update_view()

    def shown_text(self) -> str:
        """Everything the clock shows now, one line per label (for tests and scripts)."""
        labels = (self.title, self.time, self.says, self.extra, self.details)
        lines = [lab.text() for lab in labels if lab.isVisibleTo(self) and lab.text()]
        if self.page_button.isVisibleTo(self):
            lines.append(f"[{self.page_button.text()}]")
        return "\n".join(lines)


def on_board(window: MainWindow) -> ClockPanel:
    """The clock put in its corner of the window's board; a tap on its page button opens the clock page."""
    assert window.controller is not None
    panel = ClockPanel(window.controller.session_clock, window.board)
    window.board.put_in_corner(panel)
    panel.open_page.connect(window.show_clock)
    return panel


__all__ = ["ClockPanel", "ClockTexts", "on_board", "reason_text", "time_left"]
