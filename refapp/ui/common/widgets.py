"""Touch widgets: big buttons, toggles, steppers and segmented choices (hit targets of 64 px and more)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import QFocusEvent, QFont, QFontMetrics, QKeyEvent, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QButtonGroup,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScroller,
    QSizePolicy,
    QStackedWidget,
    QWidget,
)

from .texts import points

TOUCH = 64  # minimum hit target, in device-independent pixels


class Pages(QStackedWidget):
    """A stack of pages that fills the room it is given. Its height never depends on its width: a plain
    QStackedWidget asks every page, the hidden ones too, how tall it would be at a width whenever anything on the
    shown page changes (every wrapped label of every page measured again), which cost a referee's tap most of its
    frame. Each page lays out its own contents (and scrolls them) in the room the stack gives it."""

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt override
        return False


def set_role(widget: QWidget, name: str, value: object) -> None:
    """Set a property the style sheet selects on (``[role="cell"]``, ``[dealer="true"]``); the widget is styled
    again only when the value changed (re-styling costs a frame's worth of time on a busy page). The widget is told
    its style changed, so that the new role's padding is applied too (a bar's words never touch its edges)."""
    if widget.property(name) != value:
        widget.setProperty(name, value)
        if widget.testAttribute(Qt.WidgetAttribute.WA_WState_Polished):  # (else it is styled when first shown, so)
            widget.style().unpolish(widget)
            widget.style().polish(widget)
            QCoreApplication.sendEvent(widget, QEvent(QEvent.Type.StyleChange))  # (polish alone keeps the old padding)
        if isinstance(widget, WrapLabel):
            widget.forget_heights()  # (a role may bring another font or padding)


class WrapLabel(QLabel):
    """A word-wrapped label that remembers how tall it is at a width, for its text. Qt's layouts ask a wrapped label
    that question many times per change of a page (each asks it anew, and Qt lays the text out each time: a few
    microseconds each, over 250 times per tap on the ruling pages); the answer only changes with the text, the
    width, the font or the style (a change event, or :func:`set_role`, forgets them)."""

    def __init__(self, text: str = "", parent: QWidget | None = None):
        super().__init__(text, parent)
        self.setWordWrap(True)
        self._heights: dict[tuple[str, int], int] = {}

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt override
        key = (self.text(), width)
        height = self._heights.get(key)
        if height is None:
            height = super().heightForWidth(width)
            if self.testAttribute(Qt.WidgetAttribute.WA_WState_Polished):  # (not before the style has its say)
                if len(self._heights) >= 8:
                    self._heights.clear()
                self._heights[key] = height
        return height

    def forget_heights(self) -> None:
        self._heights.clear()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        self._heights.clear()  # font, style, language, enabled state: never a stale height
        super().changeEvent(event)


ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


def enter_presses(button: QAbstractButton, event: QKeyEvent) -> bool:
    """Enter presses a focused button as Space does (Qt leaves Enter to a dialog's default button): True when the
    key was Enter (taken; a repeat of a key held down is not another press)."""
    if event.key() not in ENTER_KEYS:
        return False
    if isinstance(button, QPushButton) and (button.autoDefault() or button.isDefault()):
        return False  # (a dialog's button: Qt presses it)
    event.accept()
    if not event.isAutoRepeat() and button.isEnabled():
        button.click()
    return True


class BigButton(QPushButton):
    """A touch-size button. On a keyboard, Tab reaches it, and Enter or Space presses it (Enter held down presses it
    once: its repeats are not more presses)."""

    def __init__(self, text: str = "", parent: QWidget | None = None, role: str = ""):
        super().__init__(text, parent)
        self.setMinimumSize(TOUCH, TOUCH)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        if role:
            self.setProperty("role", role)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if not enter_presses(self, event):
            super().keyPressEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt override
        super().focusInEvent(event)
        group = self.group()
        if group is not None:  # Qt leaves Tab to one button of a group (the arrows move in it): Tab reaches each
            for b in group.buttons():
                if b.focusPolicy() & Qt.FocusPolicy.ClickFocus and not b.focusPolicy() & Qt.FocusPolicy.TabFocus:
                    b.setFocusPolicy(b.focusPolicy() | Qt.FocusPolicy.TabFocus)


class WrapButton(BigButton):
    """A big button whose text wraps onto two lines instead of being clipped (long French labels). Its words keep
    ``SIDE`` px from its sides, as a button's own text keeps the theme's padding: never touching its edges; a word
    longer than the button is wide (a row of eight buttons in portrait: "Verrouiller") is set smaller, down to
    ``MIN_PX``, rather than cut."""

    SIDE = 8  # px from the button's sides to its words (its 2 px border included: 6 px of room)
    MIN_PX = 12  # the smallest type a word is set in to fit

    def __init__(self, text: str = "", parent: QWidget | None = None, role: str = ""):
        super().__init__("", parent, role)
        self.setProperty("wrap", True)
        self.label = WrapLabel("", self)
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.label.setProperty("role", "button-label")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(self.SIDE, 2, self.SIDE, 2)
        lay.addWidget(self.label)
        self._base_px = 0  # the theme's type size for the words, once known
        self._smaller = 0  # the type size set to fit the longest word (0: the theme's)
        self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt override
        self.label.setText(text)
        self.setAccessibleName(text)
        self._fit_words()
        self.updateGeometry()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._fit_words()

    def _fit_words(self) -> None:
        """The theme's type if the longest word fits between the sides, else the largest size that fits."""
        words = self.label.text().split()
        if not words or self.width() <= 0:
            return
        if not self._smaller:
            self._base_px = self.label.font().pixelSize()
        if self._base_px <= 0:
            return  # (not styled yet: the theme's size comes with it)
        room = self.width() - 2 * self.SIDE
        font = QFont(self.label.font())
        px = self._base_px
        while px > self.MIN_PX:
            font.setPixelSize(px)
            if max(QFontMetrics(font).horizontalAdvance(w) for w in words) <= room:
                break
            px -= 1
        smaller = 0 if px == self._base_px else px
        if smaller != self._smaller:
            self._smaller = smaller
            self.label.setStyleSheet(f"font-size: {px}px;" if smaller else "")
            self.label.forget_heights()

    def text(self) -> str:
        return self.label.text()

    def sizeHint(self):  # noqa: N802 - Qt override
        """Wide enough for its words on two lines at most (its longest word on one), where the row has room."""
        hint = super().sizeHint()
        font = QFont(self.label.font())
        if self._smaller:  # (asked at the theme's size: the width asked for never follows the fitting)
            font.setPixelSize(self._base_px)
        fm = QFontMetrics(font)
        text = self.label.text()
        longest_word = max((fm.horizontalAdvance(w) for w in text.split()), default=0)
        two_lines = max(longest_word, (fm.horizontalAdvance(text) + 1) // 2 + fm.horizontalAdvance(" "))
        hint.setWidth(max(self.minimumWidth(), min(fm.horizontalAdvance(text), two_lines) + 2 * self.SIDE + 4))
        return hint

    def minimumSizeHint(self):  # noqa: N802 - Qt override
        return self.minimumSize()


class Toggle(BigButton):
    """A yes/no answer as one big checkable button."""

    def __init__(self, text: str = "", parent: QWidget | None = None):
        super().__init__(text, parent)
        self.setCheckable(True)


class NameButton(BigButton):
    """A player's name on a big (checkable) button in a grid of names: it asks for no width of its own, so the grid's
    columns stay equal whatever the names' lengths (a 40-character name beside "Bob"); a name too long for its
    button is elided (…), in full in its tooltip. :meth:`text` is the full name. (Qt property ``elided``: the layout
    checker knows the cut is meant.)"""

    PADDING = 32  # px the theme's padding and border take from a button's width

    def __init__(self, text: str = "", parent: QWidget | None = None, checkable: bool = True):
        super().__init__("", parent)
        self.setCheckable(checkable)
        self.setProperty("elided", True)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._full = ""
        self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt override
        self._full = text
        self.setToolTip(text)
        self.setAccessibleName(text)
        self._fit()

    def text(self) -> str:
        return self._full

    def shown_text(self) -> str:
        """The name as the button shows it (elided when too long)."""
        return super().text()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit()

    def _fit(self) -> None:
        room = max(self.width() - self.PADDING, 24)
        super().setText(self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideRight, room))


class Stepper(QWidget):
    """A whole number with big − and + buttons (no keyboard needed)."""

    value_changed = Signal(int)

    def __init__(
        self, minimum: int = 0, maximum: int = 99, value: int = 0, step: int = 1, parent: QWidget | None = None
    ):
        super().__init__(parent)
        self.minimum, self.maximum, self.step = minimum, maximum, step
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.minus = BigButton("−", self)
        self.plus = BigButton("+", self)
        for b in (self.minus, self.plus):
            b.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
            b.setMinimumSize(TOUCH + 16, TOUCH)  # a minimum, not a fixed size: the theme's padding makes it taller
            b.setAutoRepeat(True)
        self.label = QLabel(self)
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setMinimumWidth(120)
        self.label.setProperty("role", "stepper-value")
        lay.addWidget(self.minus)
        lay.addWidget(self.label, 1)
        lay.addWidget(self.plus)
        self.minus.clicked.connect(lambda: self.set_value(self._value - self.step))
        self.plus.clicked.connect(lambda: self.set_value(self._value + self.step))
        self._value: int = minimum
        self.set_value(value)

    def value(self) -> int:
        return self._value

    def set_value(self, value: int) -> None:
        value = max(self.minimum, min(self.maximum, value))
        changed = value != self._value
        self._value = value
        self.label.setText(self.format(value))
        self.minus.setEnabled(value > self.minimum)
        self.plus.setEnabled(value < self.maximum)
        if changed:
            self.value_changed.emit(value)

    def format(self, value: int) -> str:
        return points(value) if self.step >= 100 else str(value)


class Segmented(QWidget):
    """One choice among a few, as a row (or grid) of big exclusive buttons."""

    changed = Signal(str)

    def __init__(
        self,
        options: list[tuple[str, str]],
        columns: int = 4,
        parent: QWidget | None = None,
        names: bool = False,
        wrap: bool = False,
    ):
        """``names``: the options are players' names (:class:`NameButton`: equal columns, a long name elided).
        ``wrap``: long answers (offence names) wrap onto two lines rather than being cut."""
        super().__init__(parent)
        self.group = QButtonGroup(self)
        self.group.setExclusive(True)
        self.buttons: dict[str, BigButton] = {}
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        if names:
            for c in range(columns):
                grid.setColumnStretch(c, 1)
        for n, (key, label) in enumerate(options):
            b = NameButton(label, self) if names else WrapButton(label, self) if wrap else BigButton(label, self)
            b.setCheckable(True)
            b.setProperty("key", key)
            self.group.addButton(b)
            self.buttons[key] = b
            grid.addWidget(b, n // columns, n % columns)
        self.group.buttonClicked.connect(lambda b: self.changed.emit(b.property("key")))

    def value(self) -> str | None:
        b = self.group.checkedButton()
        return b.property("key") if b else None

    def set_value(self, key: str | None) -> None:
        if key is not None and key in self.buttons:
            self.buttons[key].setChecked(True)

    def clear(self) -> None:
        """No choice made (an exclusive group cannot uncheck its last button by itself)."""
        self.group.setExclusive(False)
        for b in self.buttons.values():
            b.setChecked(False)
        self.group.setExclusive(True)


def kinetic(scroll_area_viewport: QWidget) -> None:
    """Kinetic (finger) scrolling on a scroll area's viewport."""
    QScroller.grabGesture(scroll_area_viewport, QScroller.ScrollerGestureType.LeftMouseButtonGesture)
