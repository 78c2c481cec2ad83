"""How a history row is drawn: "offence — player" and the ruling on the first line; the time, table and hand on the
second, and a VOIDED mark (struck-through, muted) on a voided incident. The row the keyboard is on (the list's current
row, while the keyboard is in use) is framed in the theme's focus colours (:mod:`refapp.ui.focus_ring`)."""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtCore import QCoreApplication, QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPalette, QPen
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from ..common.focus_ring import focus_colours
from .model import META_ROLE, RULING_ROLE, TITLE_ROLE, VOIDED_ROLE

ROW_HEIGHT = 76  # logical pixels: a comfortable tap target (>= 64)


def _is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Base).lightness() < 128


class FirstLine(NamedTuple):
    """What a row's first line shows: the title and the ruling as drawn (elided if need be), and whether the ruling
    went down to the second line."""

    title: str
    ruling: str
    ruling_width: int
    below: bool


class IncidentDelegate(QStyledItemDelegate):
    """Two lines per row: "offence — player" and the ruling; then time, table and hand, and a VOIDED mark."""

    @staticmethod
    def first_line(fm: QFontMetrics, index: QModelIndex | QPersistentModelIndex, width: int) -> FirstLine:
        """The ruling beside the title when both fit in ``width``; else under it, on the second line's right, so
        the player's name is not cut for the ruling's amount ("Invalid win, hand revealed — Bob Martin" above,
        "Chonbo 20 points" below). A voided row keeps its ruling beside the title (VOIDED takes the second line)."""
        title = str(index.data(TITLE_ROLE) or "")
        ruling = str(index.data(RULING_ROLE) or "")
        need = fm.horizontalAdvance(ruling) + 4
        below = not index.data(VOIDED_ROLE) and fm.horizontalAdvance(title) + 16 + need > width and need <= width // 2
        ruling_w = need if below else min(need, width // 2)
        title_w = width if below else width - ruling_w - 16
        return FirstLine(
            fm.elidedText(title, Qt.TextElideMode.ElideRight, title_w),
            ruling if below else fm.elidedText(ruling, Qt.TextElideMode.ElideRight, ruling_w),
            ruling_w,
            below,
        )

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:  # noqa: N802 - Qt override
        fm = QFontMetrics(option.font)
        return QSize(option.rect.width(), max(ROW_HEIGHT, int(fm.height() * 2.6) + 16))

    def paint(
        self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        painter.save()
        pal = option.palette
        dark = _is_dark(pal)
        rect = option.rect
        base = pal.color(QPalette.ColorRole.Base)
        text = pal.color(QPalette.ColorRole.Text)
        if option.state & QStyle.StateFlag.State_Selected:
            base = QColor("#3a3a3a") if dark else QColor("#dde7f3")
        elif index.row() % 2:
            base = base.lighter(130) if dark else base.darker(104)
        painter.fillRect(rect, base)
        muted = QColor(text)
        muted.setAlphaF(0.72)
        voided = bool(index.data(VOIDED_ROLE))
        red = QColor("#ff6b6b") if dark else QColor("#b3261e")
        accent = QColor("#8ec5ff") if dark else QColor("#1d4e89")
        pad = 14
        inner = rect.adjusted(pad, 8, -pad, -8)
        half = inner.height() // 2

        big = QFont(option.font)
        big.setPixelSize(max(15, option.font.pixelSize() if option.font.pixelSize() > 0 else 17) + 2)
        big.setBold(True)
        big.setStrikeOut(voided)
        small = QFont(option.font)
        small.setPixelSize(max(13, (option.font.pixelSize() if option.font.pixelSize() > 0 else 17) - 1))

        painter.setFont(big)
        bfm = QFontMetrics(big)
        bottom = QRect(inner.left(), inner.top() + half, inner.width(), inner.height() - half)
        top = QRect(inner.left(), inner.top(), inner.width(), half)
        row = self.first_line(bfm, index, inner.width())
        painter.setPen(accent if not voided else muted)
        painter.drawText(
            bottom if row.below else top, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, row.ruling
        )
        title_rect = top.adjusted(0, 0, -(row.ruling_width + 16 if not row.below and row.ruling_width else 0), 0)
        painter.setPen(text if not voided else muted)
        painter.drawText(title_rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, row.title)

        painter.setFont(small)
        sfm = QFontMetrics(small)
        mark_w = row.ruling_width + 16 if row.below else 0
        if voided:
            mark = QCoreApplication.translate("IncidentDelegate", "VOIDED")
            bold = QFont(small)
            bold.setBold(True)
            painter.setFont(bold)
            mark_w = QFontMetrics(bold).horizontalAdvance(mark) + 16
            painter.setPen(red)
            painter.drawText(bottom, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, mark)
            painter.setFont(small)
        painter.setPen(muted)
        meta = str(index.data(META_ROLE) or "")
        meta_rect = bottom.adjusted(0, 0, -mark_w, 0)
        painter.drawText(
            meta_rect,
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            sfm.elidedText(meta, Qt.TextElideMode.ElideRight, meta_rect.width()),
        )
        line = QColor(text)
        line.setAlphaF(0.2)
        painter.setPen(line)
        painter.drawLine(rect.left(), rect.bottom(), rect.right(), rect.bottom())
        view = option.widget
        focus = focus_colours(view) if view is not None and option.state & QStyle.StateFlag.State_HasFocus else None
        if focus is not None:  # the row the keyboard is on
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(QPen(focus[0], 4))
            painter.drawRoundedRect(rect.adjusted(4, 4, -4, -4), 8, 8)
        painter.restore()
