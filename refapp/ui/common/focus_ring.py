"""The keyboard's focus, drawn so that it reads at arm's length: a thick frame around the widget that has the focus,
in the theme's focus colours (``#focus_ring`` in resources/themes/*.qss: ``color`` for the frame, ``selection-color``
for the thin line between the frame and the widget).

It is drawn over the window, not as a style of each widget, so that it reads the same on a white button, a green
Confirm, a checked choice, a seat or a text field. It shows only while the keyboard is in use: from a Tab (Qt's own
mark of a focus moved by the keyboard) or a key that acts (Enter, Space, the arrows, Esc) until a tap or a click
gives the focus. The focus the app moves itself (a new page, the next step of a ruling: :func:`move_focus`) keeps
it as it was, so the frame follows a keyboard flow from step to step. On a touch screen nothing is drawn.
"""

from __future__ import annotations

import weakref

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QKeyEvent, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QWidget
from shiboken6 import isValid

KEYBOARD = Qt.WidgetAttribute.WA_KeyboardFocusChange
FRAME = 5  # the frame's width, outside the widget
LINE = 2  # the line between the frame and the widget, inside the widget's edge
RADIUS = 12
# a key that says the keyboard is in use (the frame then shows, as it does after Tab)
KEYS = {
    Qt.Key.Key_Tab,
    Qt.Key.Key_Backtab,
    Qt.Key.Key_Return,
    Qt.Key.Key_Enter,
    Qt.Key.Key_Space,
    Qt.Key.Key_Up,
    Qt.Key.Key_Down,
    Qt.Key.Key_Left,
    Qt.Key.Key_Right,
    Qt.Key.Key_Escape,
}
_WATCHED = {
    QEvent.Type.Move,
    QEvent.Type.Resize,
    QEvent.Type.Show,
    QEvent.Type.Hide,
    QEvent.Type.ParentChange,
}


def ring_of(widget: QWidget) -> FocusRing | None:
    """The frame of ``widget``'s window (None: a window without one)."""
    window = widget.window()
    ring = window.findChild(FocusRing, "focus_ring", Qt.FindChildOption.FindDirectChildrenOnly)
    return ring if isinstance(ring, FocusRing) else None


def keyboard_in_use(widget: QWidget) -> bool:
    """Whether the keyboard is in use in ``widget``'s window (its focus is drawn)."""
    ring = ring_of(widget)
    return ring is not None and ring.keyboard


def focus_colours(widget: QWidget) -> tuple[QColor, QColor] | None:
    """The theme's focus colours (the frame's, its line's) when the keyboard is in use in ``widget``'s window, for
    what draws its own current item (a list's row); None otherwise."""
    ring = ring_of(widget)
    if ring is None or not ring.keyboard:
        return None
    pal = ring.palette()
    return pal.color(QPalette.ColorRole.WindowText), pal.color(QPalette.ColorRole.HighlightedText)


def move_focus(widget: QWidget | None) -> None:
    """Give ``widget`` the focus as the app's next step (a page shown, a step of a flow): after a Tab or an Enter the
    frame follows it; after a tap, nothing is drawn."""
    if widget is not None:
        widget.setFocus(Qt.FocusReason.OtherFocusReason)


def first_focusable(root: QWidget) -> QWidget | None:
    """The first widget inside ``root`` that Tab would reach (shown, on, taking the focus by Tab), in the order of
    the focus chain; None if there is none."""
    w = root.nextInFocusChain()
    for _ in range(10_000):  # (the chain is a ring through the whole window)
        if w is root or w is None:
            return None
        if (
            root.isAncestorOf(w)
            and w.isVisible()
            and w.isEnabled()
            and w.focusPolicy() & Qt.FocusPolicy.TabFocus
            and not w.isWindow()
        ):
            return w
        w = w.nextInFocusChain()
    return None


def focus_page(page: QWidget) -> None:
    """Give the focus to what a page (or a step of a flow) shown now starts with: its ``first_focus()`` when it has
    one (the widget, or None), else the first widget Tab reaches in it."""
    first = getattr(page, "first_focus", None)
    widget = first() if callable(first) else None
    move_focus(widget if widget is not None else first_focusable(page))


def _alive(ref: weakref.ref[QWidget] | None) -> QWidget | None:
    """The widget of a weak reference, None when it is gone (its Python object, or its Qt object deleted by its
    parent while Python still holds the wrapper)."""
    w = ref() if ref is not None else None
    return w if w is not None and isValid(w) else None


class FocusRing(QWidget):
    """The frame of one window (made by the window: the main window, a dialog). It follows the focus widget of its
    window: its moves, its size, the scrolling of the areas it is in, and a page that hides it."""

    def __init__(self, window: QWidget):
        super().__init__(window)
        self.setObjectName("focus_ring")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.hide()
        self.keyboard = False  # the keyboard is in use: the frame is drawn
        self._target: weakref.ref[QWidget] | None = None
        self._watched: list[weakref.ref[QWidget]] = []
        self._clip = QRect()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.place)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)

    # -- following the focus ----------------------------------------------------------------------------------

    def target(self) -> QWidget | None:
        """The widget the frame is drawn around (None: none, or deleted since)."""
        return _alive(self._target)

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if new is not None and new.window() is self.window():
            if QApplication.mouseButtons() != Qt.MouseButton.NoButton:
                self.keyboard = False  # a tap or a click gave it
            elif self.window().testAttribute(KEYBOARD):
                self.keyboard = True  # Tab gave it
            self._watch(new)
        elif self.target() is not None:
            self._watch(None)
        self._timer.start()

    def _watch(self, widget: QWidget | None) -> None:
        for ref in self._watched:
            w = _alive(ref)
            if w is not None:
                w.removeEventFilter(self)
        self._watched = []
        self._target = weakref.ref(widget) if widget is not None else None
        w = widget
        while w is not None:
            w.installEventFilter(self)
            self._watched.append(weakref.ref(w))
            if w.isWindow():
                break
            w = w.parentWidget()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        kind = event.type()
        if kind in _WATCHED:
            self._timer.start()
        elif kind == QEvent.Type.MouseButtonPress and obj is self.target():
            self.keyboard = False  # a tap on the focus widget itself
            self._timer.start()
        elif kind == QEvent.Type.KeyPress and obj is self.target():
            assert isinstance(event, QKeyEvent)
            if event.key() in KEYS and not self.keyboard:
                self.keyboard = True
                self._timer.start()
        return False

    def place(self) -> None:
        """Put the frame around the focus widget, or hide it (no focus, hidden, scrolled away, or a tap)."""
        w = self.target()
        window = self.window()
        shown = w is not None and w.isVisible() and self.keyboard and w is not window
        if w is None or not shown:
            self.hide()
            return
        box = QRect(w.mapTo(window, QPoint(0, 0)), w.size())
        clip = window.rect()
        parent = w.parentWidget()
        while parent is not None and parent is not window:
            area = parent.parentWidget()
            if isinstance(area, QAbstractScrollArea) and parent is area.viewport():
                clip &= QRect(parent.mapTo(window, QPoint(0, 0)), parent.size())
            parent = parent.parentWidget()
        outer = box.adjusted(-FRAME, -FRAME, FRAME, FRAME)
        if not outer.intersects(clip):
            self.hide()
            return
        self._clip = clip.translated(-outer.topLeft())
        self.setGeometry(outer)
        self.show()
        self.raise_()
        self.update()

    # -- drawing ----------------------------------------------------------------------------------------------

    def colours(self) -> tuple[str, str]:
        """The frame's colour and its line's, from the theme (``#focus_ring``)."""
        pal = self.palette()
        return pal.color(QPalette.ColorRole.WindowText).name(), pal.color(QPalette.ColorRole.HighlightedText).name()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        pal = self.palette()
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setClipRect(self._clip)
        p.setBrush(Qt.BrushStyle.NoBrush)
        box = QRectF(self.rect()).adjusted(FRAME, FRAME, -FRAME, -FRAME)  # the widget's own box
        half = FRAME / 2
        p.setPen(QPen(pal.color(QPalette.ColorRole.WindowText), FRAME))  # the frame, outside the widget
        p.drawRoundedRect(box.adjusted(-half, -half, half, half), RADIUS + half, RADIUS + half)
        p.setPen(QPen(pal.color(QPalette.ColorRole.HighlightedText), LINE))  # a line inside its edge
        p.drawRoundedRect(box.adjusted(LINE / 2, LINE / 2, -LINE / 2, -LINE / 2), RADIUS - 1, RADIUS - 1)
        p.end()


__all__ = ["FocusRing", "first_focusable", "focus_colours", "focus_page", "keyboard_in_use", "move_focus", "ring_of"]
