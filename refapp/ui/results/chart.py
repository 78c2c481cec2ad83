"""The score chart of a hanchan, drawn with QPainter (no QtCharts in PySide6-Essentials).

One line per player over the hands (``E1``, ``E2``, ... then the current or final scores: the page gives the
points of :class:`refapp.domain.standings.HanchanReport`), table points on the y axis with grid lines, the starting
score as a dashed reference line, and the player names as a legend. The tournament's standings draw the players'
totals over the hanchans with the same chart (in the rule set's unit: WRC points on the axis). Each player has a
colour *and* a marker shape, so the lines stay apart for colour-blind readers and on both themes (the colours are
picked for the background: Okabe–Ito hues, darker on light, lighter on dark).
Everything is drawn in logical pixels with antialiasing, so it is crisp at any device pixel ratio.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

from ...domain import numbers
from ..common.texts import digits

MIN_W, MIN_H, MAX_H = 320, 220, 460  # logical pixels

# Okabe–Ito hues (blue, vermillion, bluish green, reddish purple), in a darker and a lighter variant, so each has
# at least 3:1 contrast against the light (#f4f4f2) and the dark (#000) theme backgrounds.
LIGHT_COLOURS = ("#0060a0", "#c04a00", "#00795a", "#a3367a")
DARK_COLOURS = ("#56b4e9", "#ff8c3a", "#2ee6a6", "#f09ad0")
MARKERS = ("circle", "square", "triangle", "diamond")


def hand_label(round_wind: int, hand: int, counters: int = 0) -> str:
    """``E1``, ``S3``; a repeated hand carries its counters: ``E1-1``."""
    letters = (
        QCoreApplication.translate("ScoreChart", "E", "East, one letter"),
        QCoreApplication.translate("ScoreChart", "S", "South, one letter"),
        QCoreApplication.translate("ScoreChart", "W", "West, one letter"),
        QCoreApplication.translate("ScoreChart", "N", "North, one letter"),
    )
    label = f"{letters[min(round_wind, 3)]}{hand}"
    return f"{label}-{counters}" if counters else label


def _nice_step(span: float, max_lines: int) -> int:
    """A grid step of 1, 2 or 5 times a power of ten (at least 1,000) giving at most ``max_lines`` lines."""
    raw = max(span / max(max_lines, 1), 1.0)
    power = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * power >= raw:
            return max(int(m * power), 1000)
    return max(int(10 * power), 1000)


@dataclass
class _Layout:
    """Where everything of the chart goes at its current size (computed once per paint, and for tests)."""

    legend: list[tuple[QPointF, int, str]]  # swatch position, player index, the name as drawn (elided if needed)
    row_h: float
    plot: QRectF
    lo: float
    hi: float
    ticks: list[int]
    axis_w: float
    shown: list[int]  # the hand labels drawn (the others are thinned out so they never collide)
    texts: list[tuple[str, QRectF]]  # every text drawn and its box


class ScoreChart(QWidget):
    """Table scores over the hands of one hanchan. Its height follows its width (a wide page, a taller chart)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setMinimumSize(MIN_W, MIN_H)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self._labels: list[str] = []
        self._names: list[str] = []
        self._values: list[list[int]] = []
        self._reference: int | None = None
        self._unit = 1

    # -- data -------------------------------------------------------------------------------------------------

    def set_series(
        self,
        labels: Sequence[str],
        names: Sequence[str],
        values: Sequence[Sequence[int]],
        reference: int | None,
        unit: int = 1,
    ) -> None:
        """``values[p][i]``: player ``p``'s table score at ``labels[i]``; ``reference``: the starting score. The
        values are table points; ``unit`` is how many make one of the numbers on the axis (WRC points: 1,000)."""
        if any(len(v) != len(labels) for v in values) or len(values) != len(names):
            raise ValueError("one value per label for each named player")
        self._labels = list(labels)
        self._names = list(names)
        self._values = [list(v) for v in values]
        self._reference = reference
        self._unit = max(1, unit)
        self.update()

    def _tick(self, value: int) -> str:
        """A grid line's number, in the chart's unit (table points, or the rule set's points)."""
        return digits(numbers.shown(value, numbers.AmountKind.OVERALL, self._unit))

    def clear(self) -> None:
        self.set_series([], [], [], None)

    def labels(self) -> list[str]:
        return list(self._labels)

    def names(self) -> list[str]:
        return list(self._names)

    def values(self) -> list[list[int]]:
        return [list(v) for v in self._values]

    def unit(self) -> int:
        return self._unit

    def point_count(self) -> int:
        """Points on each player's line (0 when there is nothing to draw)."""
        return len(self._labels)

    def colours(self) -> list[QColor]:
        dark = self.palette().color(self.backgroundRole()).lightness() < 128
        return [QColor(c) for c in (DARK_COLOURS if dark else LIGHT_COLOURS)]

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(720, self.heightForWidth(720))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(MIN_W, MIN_H)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt override
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt override
        return int(max(MIN_H, min(MAX_H, width * 0.55)))

    # -- layout -----------------------------------------------------------------------------------------------

    def _fonts(self) -> tuple[QFont, QFont]:
        small = QFont(self.font())
        small.setPixelSize(max(13, round(QFontMetricsF(self.font()).height() * 0.7)))
        legend = QFont(self.font())
        legend.setBold(True)
        return small, legend

    def _layout(self) -> _Layout | None:
        if not self._labels:
            return None
        small, legend_font = self._fonts()
        fm, lfm = QFontMetricsF(small), QFontMetricsF(legend_font)
        width = float(self.width())
        texts: list[tuple[str, QRectF]] = []
        # legend: a swatch with the player's marker, then the name; wraps onto more rows, a name too long is elided
        x, y = 8.0, 6.0
        row_h = lfm.height() + 6
        legend: list[tuple[QPointF, int, str]] = []
        for i, name in enumerate(self._names):
            shown = lfm.elidedText(name, Qt.TextElideMode.ElideRight, max(width - 8 - 32 - 8, 40))
            w = 32 + lfm.horizontalAdvance(shown) + 18
            if x + w > width - 8 and x > 8:
                x, y = 8.0, y + row_h
            legend.append((QPointF(x, y), i, shown))
            texts.append((shown, QRectF(x + 32, y, lfm.horizontalAdvance(shown), row_h)))
            x += w
        top = y + row_h + 8 + fm.height() / 2  # the top grid line's number stays below the legend
        # y range: every value and the reference, padded, on whole grid steps
        flat = [v for vs in self._values for v in vs]
        if self._reference is not None:
            flat.append(self._reference)
        lo, hi = float(min(flat)), float(max(flat))
        if hi - lo < 4000:
            lo, hi = lo - 2000, hi + 2000
        plot_h_guess = max(self.height() - top - fm.height() * 2 - 12, 40)
        step = _nice_step(hi - lo, max(2, int(plot_h_guess // (fm.height() * 2.2))))
        lo = math.floor(lo / step) * step
        hi = math.ceil(hi / step) * step
        if hi == lo:
            hi = lo + step
        ticks = list(range(int(lo), int(hi) + 1, step))
        axis_w = max(fm.horizontalAdvance(self._tick(t)) for t in ticks) + 12
        below = fm.height() / 2 + 4  # the bottom grid line's number, then the hand labels under it
        plot = QRectF(axis_w + 8, top, width - axis_w - 8 - 20, self.height() - top - below - fm.height() - 6)
        if plot.width() < 20 or plot.height() < 20:
            return None
        for t in ticks:
            yy = plot.bottom() - (t - lo) / (hi - lo) * plot.height()
            tw = fm.horizontalAdvance(self._tick(t))
            texts.append((self._tick(t), QRectF(axis_w - tw, yy - fm.height() / 2, tw, fm.height())))
        # hand labels, thinned out so that no two collide (the last one is always shown)
        n = len(self._labels)
        label_w = max(fm.horizontalAdvance(s) for s in self._labels) + 10
        spacing = (plot.width() - 24) / max(n - 1, 1)
        every = max(1, math.ceil(label_w / spacing)) if n > 1 else 1
        shown_labels = [i for i in range(n) if (i % every == 0 and n - 1 - i >= every) or i == n - 1]
        for i in shown_labels:
            xx = self._x(plot, i, n)
            tw = fm.horizontalAdvance(self._labels[i])
            left = min(max(xx - tw / 2, 0.0), width - tw)  # the first and last labels stay inside the chart
            texts.append((self._labels[i], QRectF(left, plot.bottom() + below, tw, fm.height())))
        return _Layout(legend, row_h, plot, lo, hi, ticks, axis_w, shown_labels, texts)

    @staticmethod
    def _x(plot: QRectF, i: int, n: int) -> float:
        if n == 1:
            return plot.center().x()
        return plot.left() + 12 + i * (plot.width() - 24) / (n - 1)

    def text_rects(self) -> list[tuple[str, QRectF]]:
        """Every text the chart draws at its current size, with its box (for tests: nothing collides)."""
        lay = self._layout()
        return lay.texts if lay is not None else []

    # -- drawing ----------------------------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        bg = self.palette().color(self.backgroundRole())
        fg = self.palette().color(self.foregroundRole())
        p.fillRect(self.rect(), bg)
        lay = self._layout()
        if lay is None:
            if not self._labels:
                p.setPen(fg)
                p.drawText(
                    self.rect(),
                    Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                    QCoreApplication.translate("ScoreChart", "No hand played yet."),
                )
            p.end()
            return
        grid = QColor(fg)
        grid.setAlphaF(0.18)
        muted = QColor(fg)
        muted.setAlphaF(0.75)
        small, legend_font = self._fonts()
        colours = self.colours()
        plot, lo, hi = lay.plot, lay.lo, lay.hi
        p.setFont(legend_font)
        for pos, i, shown in lay.legend:
            c = colours[i % len(colours)]
            mid = pos.y() + lay.row_h / 2
            p.setPen(QPen(c, 3))
            p.drawLine(QPointF(pos.x(), mid), QPointF(pos.x() + 26, mid))
            self._marker(p, QPointF(pos.x() + 13, mid), i, c, bg)
            p.setPen(fg)
            p.drawText(
                QRectF(pos.x() + 32, pos.y(), self.width(), lay.row_h),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                shown,
            )

        def ypos(v: float) -> float:
            return plot.bottom() - (v - lo) / (hi - lo) * plot.height()

        n = len(self._labels)
        p.setFont(small)
        fm = QFontMetricsF(small)
        for t in lay.ticks:  # horizontal grid lines and their labels
            yy = ypos(t)
            p.setPen(QPen(grid, 1))
            p.drawLine(QPointF(plot.left(), yy), QPointF(plot.right(), yy))
            p.setPen(muted)
            p.drawText(
                QRectF(0, yy - fm.height() / 2, lay.axis_w, fm.height()),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                self._tick(t),
            )
        hand_texts = lay.texts[len(lay.texts) - len(lay.shown) :]
        for i, (text, box) in zip(lay.shown, hand_texts, strict=True):  # the hand labels, each on its grid line
            xx = self._x(plot, i, n)
            p.setPen(QPen(grid, 1))
            p.drawLine(QPointF(xx, plot.top()), QPointF(xx, plot.bottom()))
            p.setPen(muted)
            p.drawText(box.adjusted(-2, 0, 2, 4), Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, text)
        if self._reference is not None:  # the starting score
            p.setPen(QPen(fg, 2, Qt.PenStyle.DashLine))
            yy = ypos(self._reference)
            p.drawLine(QPointF(plot.left(), yy), QPointF(plot.right(), yy))
        for i, vs in enumerate(self._values):  # one line per player, then the markers on top
            c = colours[i % len(colours)]
            path = QPainterPath(QPointF(self._x(plot, 0, n), ypos(vs[0])))
            for k in range(1, n):
                path.lineTo(QPointF(self._x(plot, k, n), ypos(vs[k])))
            pen = QPen(c, 3)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)
        for i, vs in enumerate(self._values):
            c = colours[i % len(colours)]
            for k in range(n):
                self._marker(p, QPointF(self._x(plot, k, n), ypos(vs[k])), i, c, bg)
        p.end()

    @staticmethod
    def _marker(p: QPainter, at: QPointF, index: int, colour: QColor, bg: QColor) -> None:
        r = 5.5
        p.setPen(QPen(bg, 1.5))
        p.setBrush(colour)
        shape = MARKERS[index % len(MARKERS)]
        if shape == "circle":
            p.drawEllipse(at, r, r)
        elif shape == "square":
            p.drawRect(QRectF(at.x() - r * 0.9, at.y() - r * 0.9, r * 1.8, r * 1.8))
        elif shape == "triangle":
            p.drawPolygon(
                QPolygonF(
                    [
                        QPointF(at.x(), at.y() - r * 1.15),
                        QPointF(at.x() + r, at.y() + r * 0.75),
                        QPointF(at.x() - r, at.y() + r * 0.75),
                    ]
                )
            )
        else:
            p.drawPolygon(
                QPolygonF(
                    [
                        QPointF(at.x(), at.y() - r * 1.2),
                        QPointF(at.x() + r * 1.2, at.y()),
                        QPointF(at.x(), at.y() + r * 1.2),
                        QPointF(at.x() - r * 1.2, at.y()),
                    ]
                )
            )
