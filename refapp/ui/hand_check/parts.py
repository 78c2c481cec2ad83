"""Small widgets of the hand-check page: the big fault button that wraps its text, and the captioned tile slots."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from ..common.widgets import TOUCH, BigButton
from ..tile_picker import TileButton

SLOT_SIZE = QSize(64, 80)


def set_text(widget: QLabel | BigButton, text: str) -> None:
    """Set a text only when it changes (fewer calls into Qt: see TileButton.paintEvent)."""
    if widget.text() != text:
        widget.setText(text)


def set_shown(widget: QWidget, shown: bool) -> None:
    if widget.isHidden() == shown:
        widget.setVisible(shown)


def label(parent: QWidget, role: str = "", name: str = "") -> QLabel:
    lab = QLabel(parent)
    lab.setWordWrap(True)
    if role:
        lab.setProperty("role", role)
    if name:
        lab.setObjectName(name)
    return lab


class FaultButton(BigButton):
    """A big button whose text (with the player's name) wraps onto more lines when narrow."""

    def __init__(self, text: str = "", parent: QWidget | None = None, role: str = ""):
        super().__init__("", parent, role)
        self._text = text
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self._wrap()

    def setText(self, text: str) -> None:  # noqa: N802 - Qt override
        self._text = text
        self._wrap()

    def full_text(self) -> str:
        return self._text

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(super().sizeHint().width(), self.height() if self.height() > TOUCH else TOUCH)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._wrap()

    def _wrap(self) -> None:
        fm = self.fontMetrics()
        room = max(40, self.width() - 40)
        lines: list[str] = []
        for word in self._text.split():
            if lines and fm.horizontalAdvance(lines[-1] + " " + word) <= room:
                lines[-1] += " " + word
            else:
                lines.append(word)
        text = "\n".join(lines)
        if text != super().text():
            super().setText(text)
        height = max(TOUCH, len(lines) * fm.lineSpacing() + 28)
        if height != self.minimumHeight():
            self.setFixedHeight(height)


class Slot(QWidget):
    """A captioned tile the check needs besides the hand (drawn tile, kan tile, winning tile): tap, then a tile."""

    def __init__(self, key: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.key = key
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        self.caption = label(self, "question")
        self.caption.setWordWrap(False)
        self.button = TileButton("back", self, SLOT_SIZE)
        self.button.setObjectName(f"slot_{key}")
        self.button.setCheckable(True)
        lay.addWidget(self.caption)
        lay.addWidget(self.button, 0, Qt.AlignmentFlag.AlignLeft)

    def set_tile(self, name: str | None) -> None:
        if self.button.tile == (name or "back"):
            return
        self.button.tile = name or "back"
        if name:
            self.button.retranslate()
        else:
            self.button.setAccessibleName(self.caption.text())
            self.button.setToolTip(self.caption.text())
        self.button.update()
