"""Point sticks drawn with QPainter, readable across the table: the 1,000-point riichi stick (one red dot) and the
100-point counter stick (eight black dots, four at each end)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

RATIO = 6.0  # length / thickness of a drawn stick (a real one is nearer 8: shorter reads better on a card)
_FILL = QColor("#fbf8ef")
_EDGE = QColor("#2b2b2b")
_RED = QColor("#c62828")
_BLACK = QColor("#1b1b1b")


class StickIcon(QWidget):
    """A horizontal point stick: ``kind`` is "riichi" (1,000 points, one red dot) or "counter" (100 points, eight
    black dots). Its thickness is set with :meth:`set_thickness`; the length follows (:data:`RATIO`)."""

    def __init__(self, kind: str, parent: QWidget | None = None, thickness: int = 16):
        super().__init__(parent)
        self.kind = kind
        self.thickness = thickness
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAttribute(Qt.WidgetAttribute.WA_TranslucentBackground)
        self.set_thickness(thickness)

    def set_thickness(self, thickness: int) -> None:
        self.thickness = max(6, int(thickness))
        self.setFixedSize(self.sizeHint())
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(int(self.thickness * RATIO) + 4, self.thickness + 4)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        t = float(self.thickness)
        body = QRectF(2, 2, t * RATIO, t)
        p.setPen(QPen(_EDGE, max(1.5, t / 10)))
        p.setBrush(_FILL)
        p.drawRoundedRect(body, t / 3, t / 3)
        p.setPen(Qt.PenStyle.NoPen)
        cy = body.center().y()
        if self.kind == "riichi":
            r = t * 0.28
            p.setBrush(_RED)
            p.drawEllipse(body.center(), r, r)
        else:
            r = t * 0.12
            p.setBrush(_BLACK)
            step = t * 0.34
            for end in (body.left() + t * 0.9, body.right() - t * 0.9 - step):
                for dx in (0.0, step):
                    for dy in (-step / 2, step / 2):
                        p.drawEllipse(QRectF(end + dx - r, cy + dy - r, 2 * r, 2 * r))
        p.end()


__all__ = ["RATIO", "StickIcon"]
