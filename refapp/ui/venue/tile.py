"""A tap target made of lines of text (a table's card, a player's row): a touch-size button whose labels wrap and
whose height follows them, and the flags that tell a state by colour and in words."""

from __future__ import annotations

from PySide6.QtCore import QChildEvent, QEvent, QSize, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from ..common.widgets import TOUCH, enter_presses, set_role


def show_text(label: QLabel, text: str) -> bool:
    """Show ``text`` on ``label``, hidden when empty; touches the widget only for a change (a page of forty cards
    is refreshed after every entry). True when something changed."""
    changed = label.text() != text
    if changed:
        label.setText(text)
    if getattr(label, "shown", True) is not bool(text):  # a new label shows with its button
        label.shown = bool(text)  # type: ignore[attr-defined]
        label.setVisible(bool(text))
        changed = True
    return changed


def line(parent: QWidget, role: str, name: str = "") -> QLabel:
    """A wrapped label of a :class:`LabelButton` (taps go through it to the button)."""
    lab = QLabel(parent)
    lab.setWordWrap(True)
    lab.setProperty("role", role)
    lab.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
    if name:
        lab.setObjectName(name)
    return lab


class LabelButton(QPushButton):
    """A button showing lines of labels, as tall as they need at its width (``heightForWidth``), never narrower
    than ``min_width`` nor, at rest, wider than ``width_hint`` (the grid lays out as many a row as fit)."""

    def __init__(self, parent: QWidget | None = None, role: str = "", width_hint: int = 260):
        super().__init__(parent)
        self.width_hint = width_hint
        self.setMinimumHeight(TOUCH)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        if role:
            self.setProperty("role", role)
        self.lines = QVBoxLayout(self)
        self.lines.setContentsMargins(14, 10, 14, 12)
        self.lines.setSpacing(4)
        self.lines.addStretch(1)  # a short card in a row of tall ones: its lines at the top (see add_line)
        self._hint: QSize | None = None  # the size hint, until a line changes
        self._heights: dict[int, int] = {}  # height for width, until a line changes

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if not enter_presses(self, event):  # (Enter opens a card as Space does)
            super().keyPressEvent(event)

    def add_line(self, label: QLabel, at: int = -1) -> None:
        """Add ``label`` as line ``at`` (-1: after the others, above the stretch that keeps them at the top)."""
        self.lines.insertWidget(at if at >= 0 else self.lines.count() - 1, label)

    def set_line(self, label: QLabel, text: str) -> None:
        """Show ``text`` on ``label`` (hidden when empty), restyled only when it changed."""
        if show_text(label, text):
            self.text_changed()

    def words(self) -> str:
        """What the button says, its visible lines one a line (its accessible name, and what tests read)."""
        return "\n".join(lab.text() for lab in self.findChildren(QLabel) if lab.text() and not lab.isHidden())

    def update_name(self) -> None:
        self.setAccessibleName(self.words())

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        if self._hint is None:
            width = self.width_hint
            self._hint = QSize(width, max(TOUCH, self.heightForWidth(width)))
        return self._hint

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.text_changed()
        super().changeEvent(event)

    def childEvent(self, event: QChildEvent) -> None:  # noqa: N802 - Qt override
        # a line styled (its font from the theme, when first shown or restyled): its height is another
        if event.type() == QEvent.Type.ChildPolished:
            self.text_changed()
        super().childEvent(event)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(min(self.width_hint, 160), TOUCH)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt override
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt override
        height = self._heights.get(width)
        if height is None:
            height = self._heights[width] = max(TOUCH, self.lines.totalHeightForWidth(width))
        return height

    def text_changed(self) -> None:
        """A line's text changed: its size hints are worked out again."""
        self._hint = None
        self._heights.clear()


def flag(parent: QWidget, kind: str, name: str = "") -> QLabel:
    """A flag of a :class:`LabelButton`: a few words on a band whose colour ``kind`` selects in the theme."""
    lab = line(parent, "flag", name)
    lab.setProperty("kind", kind)
    return lab


def set_flag(label: QLabel, kind: str, text: str) -> None:
    """Show ``text`` on a flag of colour ``kind`` (hidden without text)."""
    set_role(label, "kind", kind)
    if show_text(label, text):
        button = label.parentWidget()
        if isinstance(button, LabelButton):
            button.text_changed()


class TextButton(LabelButton):
    """A big button whose text wraps onto as many lines as it needs (the dashboard's summary)."""

    def __init__(self, parent: QWidget | None = None, role: str = "", width_hint: int = 300):
        super().__init__(parent, role, width_hint)
        self.lines.setContentsMargins(12, 8, 12, 8)
        self.label = line(self, "button-label")
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.lines.insertStretch(0, 1)  # one text, in the middle of the row's height
        self.add_line(self.label)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt override
        self.set_line(self.label, text)
        self.setAccessibleName(text)

    def text(self) -> str:
        return self.label.text()
