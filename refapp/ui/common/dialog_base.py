"""The base of the app's modal dialogs (PIN pad, undo): what is behind them is dimmed while they are open, and Esc
closes them as Back would (Qt's own handling of Esc in a dialog: reject)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtGui import QColor, QHideEvent, QPainter, QPaintEvent, QShowEvent
from PySide6.QtWidgets import QDialog, QHBoxLayout, QWidget

from .focus_ring import FocusRing
from .widgets import BigButton

DIM = QColor(0, 0, 0, 140)


class Backdrop(QWidget):
    """A dark veil over a whole window (it follows the window's size)."""

    def __init__(self, window: QWidget):
        super().__init__(window)
        self.setObjectName("backdrop")
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.setGeometry(window.rect())
        window.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        parent = self.parentWidget()
        if event.type() == QEvent.Type.Resize and parent is not None and obj is parent:
            self.setGeometry(parent.rect())
        return False

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        p = QPainter(self)
        p.fillRect(self.rect(), DIM)
        p.end()


class TouchDialog(QDialog):
    """A modal dialog over the main window, which is dimmed behind it while it is shown."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setModal(True)
        self.backdrop: Backdrop | None = None
        self.focus_ring = FocusRing(self)  # the keyboard's focus, drawn as in the window

    def answer_row(self, no: str, yes: str, yes_role: str = "primary") -> tuple[QHBoxLayout, BigButton, BigButton]:
        """The dialog's two answers side by side, big: ``no`` rejects (as Esc does), ``yes`` accepts; neither is the
        default button (Enter in a text field must not answer). Returns the row and both buttons."""
        row = QHBoxLayout()
        no_button = BigButton(no, self, role="cancel")
        yes_button = BigButton(yes, self, role=yes_role)
        for b in (no_button, yes_button):
            b.setAutoDefault(False)
            row.addWidget(b)
        no_button.clicked.connect(self.reject)
        yes_button.clicked.connect(self.accept)
        return row, no_button, yes_button

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        parent = self.parentWidget()
        host = parent.window() if parent is not None else None
        if host is not None and self.backdrop is None:
            self.backdrop = Backdrop(host)
            self.backdrop.show()
            self.backdrop.raise_()
        super().showEvent(event)
        if host is not None:  # centred over the window (a window manager may move it, never off the window)
            centre = host.mapToGlobal(host.rect().center())
            self.move(centre - QPoint(self.width() // 2, self.height() // 2))

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 - Qt override
        self._remove_backdrop()
        super().hideEvent(event)

    def done(self, result: int) -> None:
        self._remove_backdrop()
        super().done(result)

    def _remove_backdrop(self) -> None:
        if self.backdrop is not None:
            self.backdrop.hide()
            self.backdrop.deleteLater()
            self.backdrop = None


__all__ = ["Backdrop", "TouchDialog"]
