"""What a person would see cut, hidden or scrolling sideways on the window as it is now: one checker for every page.

``layout_problems(window)`` walks every widget visible in the window and returns one line per problem:

* a horizontal scroll bar is showing (a referee never scrolls sideways), or a scroll area's content is wider than
  its viewport;
* a control lies (partly) outside the window, or outside the visible width of the scroll area it is in (vertical
  scrolling is allowed: a control below the fold of a scroll area is not a problem);
* a label's or a button's text does not fit: a one-line label narrower than its text, a wrapping label shorter than
  its wrapped text, a button narrower than its text plus its padding;
* a control is squeezed below its minimum size (an input or a stepper cut at the bottom).

A label that elides on purpose (long player names, with the full name as a tooltip) says so with the Qt property
``elided`` set to true; it is skipped. Use it at each of the four sizes the app is checked at, in both languages::

    for size in SIZES:
        window.resize(*size)
        assert layout_problems(window) == []
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QWidget,
)

# (width, height): three landscape screens and a portrait tablet
SIZES = [(1024, 768), (1280, 800), (1366, 768), (800, 1280)]
SIZE_IDS = ["1024x768", "1280x800", "1366x768", "800x1280"]

_CONTROLS = (QAbstractButton, QLabel, QLineEdit, QAbstractSpinBox, QComboBox)
_SLACK = 1  # px of rounding tolerated


def _name(w: QWidget) -> str:
    text = ""
    if isinstance(w, (QAbstractButton, QLabel)):
        text = w.text()
    elif isinstance(w, QLineEdit):
        text = w.text() or w.placeholderText()
    label = f"{type(w).__name__}"
    if w.objectName():
        label += f"#{w.objectName()}"
    if text:
        short = text if len(text) <= 40 else text[:37] + "..."
        label += f" {short!r}"
    return label


def _rect_in(w: QWidget, ancestor: QWidget) -> QRect:
    return QRect(w.mapTo(ancestor, QPoint(0, 0)), w.size())


def _scroll_area_of(w: QWidget, window: QWidget) -> QAbstractScrollArea | None:
    p = w.parentWidget()
    while p is not None and p is not window:
        if isinstance(p, QAbstractScrollArea):
            return p
        p = p.parentWidget()
    return None


def _cut_by_container(w: QWidget, window: QWidget) -> QWidget | None:
    """The first ancestor (below the scroll area's viewport, if any) whose rectangle does not hold ``w``'s: the part
    outside it is not painted (a stepper's buttons cut at the bottom by a row too short for them)."""
    rect = _rect_in(w, window)
    p = w.parentWidget()
    while p is not None and p is not window:
        if isinstance(p.parentWidget(), QAbstractScrollArea):
            break  # the viewport: scrolling is checked separately
        if not _rect_in(p, window).adjusted(-_SLACK, -_SLACK, _SLACK, _SLACK).contains(rect):
            return p
        p = p.parentWidget()
    return None


def _text_problem(w: QWidget) -> str | None:
    if isinstance(w, QLabel):
        if w.property("elided") or not w.text() or w.pixmap() is not None and not w.pixmap().isNull():
            return None
        if w.wordWrap():
            need = w.heightForWidth(w.width())
            if need > w.height() + _SLACK:
                return f"text needs {need} px of height, has {w.height()}"
        else:
            need = w.sizeHint().width()
            if need > w.width() + _SLACK:
                return f"text needs {need} px, has {w.width()}"
        return None
    if isinstance(w, QAbstractButton) and w.text() and not isinstance(getattr(w, "label", None), QLabel):
        # (a button that wraps its text shows it in a child label, checked as a label)
        fm = w.fontMetrics()
        longest = max(fm.horizontalAdvance(line) for line in w.text().split("\n"))
        if longest > w.width() + _SLACK:
            return f"text needs {longest} px, has {w.width()}"
    return None


def layout_problems(window: QWidget) -> list[str]:
    """One line per thing cut, hidden or scrolling sideways in ``window`` as it is shown now (see module doc)."""
    QApplication.processEvents()
    frame = window.rect()
    problems: list[str] = []
    for area in window.findChildren(QAbstractScrollArea):
        if not area.isVisibleTo(window):
            continue
        bar = area.horizontalScrollBar()
        if bar is not None and bar.maximum() > 0:  # a bar showing, or content cut where the bar is turned off
            shown = "a horizontal scroll bar showing" if bar.isVisible() else "content cut on the right"
            problems.append(f"{_name(area)}: {shown} (content {bar.maximum()} px too wide)")
    for w in window.findChildren(QWidget):
        if not isinstance(w, _CONTROLS) or not w.isVisibleTo(window) or w.width() <= 0:
            continue
        if isinstance(w, QLineEdit) and isinstance(w.parentWidget(), (QAbstractSpinBox, QComboBox)):
            continue  # the editor inside a spin box or combo box: checked as its parent
        rect = _rect_in(w, window)
        area = _scroll_area_of(w, window)
        if area is not None:
            view = _rect_in(area.viewport(), window)
            if rect.left() < view.left() - _SLACK or rect.right() > view.right() + _SLACK:
                problems.append(f"{_name(w)}: outside the visible width of its scrolling area")
                continue
            if rect.bottom() < view.top() or rect.top() > view.bottom():
                continue  # scrolled out of view vertically: allowed
        elif not frame.adjusted(-_SLACK, -_SLACK, _SLACK, _SLACK).contains(rect):
            problems.append(f"{_name(w)}: outside the window ({rect.x()},{rect.y()} {rect.width()}×{rect.height()})")
            continue
        container = _cut_by_container(w, window)
        if container is not None:
            problems.append(f"{_name(w)}: cut by its container {_name(container)}")
            continue
        minimum = w.minimumSizeHint()
        if minimum.isValid() and not isinstance(w, QLabel):
            if w.height() + _SLACK < minimum.height():
                problems.append(f"{_name(w)}: squeezed to {w.height()} px high, needs {minimum.height()}")
            elif w.width() + _SLACK < minimum.width() and not isinstance(w, QAbstractButton):
                problems.append(f"{_name(w)}: squeezed to {w.width()} px wide, needs {minimum.width()}")
        text = _text_problem(w)
        if text:
            problems.append(f"{_name(w)}: {text}")
    return problems


def settle(seconds: float = 30.0) -> None:
    """Let the app's work in worker threads end (standings, a report, a sync), its results shown: what a person sees
    once the screen stopped changing."""
    import time

    from refapp.ui.shell.worker import active

    app = QApplication.instance()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.processEvents()
        if not active():
            break
        time.sleep(0.005)
    for _ in range(2):
        app.processEvents()
