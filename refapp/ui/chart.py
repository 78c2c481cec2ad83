"""The score chart of a hanchan, drawn with QPainter (no QtCharts in PySide6-Essentials).

One line per player over the hands (``E1``, ``E2``, ... from ``TableState.history``, then the current or final
scores), table points on the y axis with grid lines, the starting score as a dashed reference line, and the player
names as a legend. Each player has a colour *and* a marker shape, so the lines stay apart for colour-blind readers
and on both themes (the colours are picked for the background: Okabe–Ito hues, darker on light, lighter on dark).
Everything is drawn in logical pixels with antialiasing, so it is crisp at any device pixel ratio.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

from ..domain.ledger import TableState
from .texts import points

# Okabe–Ito hues (blue, vermillion, bluish green, reddish purple), in a darker and a lighter variant, so each has
# at least 3:1 contrast against the light (#f4f4f2) and the dark (#000) theme backgrounds.
LIGHT_COLOURS = ("#0060a0", "#c04a00", "#00795a", "#a3367a")
DARK_COLOURS = ("#56b4e9", "#ff8c3a", "#2ee6a6", "#f09ad0")
MARKERS = ("circle", "square", "triangle", "diamond")


def _score(value: int) -> str:
    text = points(value)
    return "−" + text[1:] if text.startswith("-") else text  # one minus sign, as texts.signed writes it


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


class ScoreChart(QWidget):
    """Table scores over the hands of one hanchan."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setMinimumSize(360, 220)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self._labels: list[str] = []
        self._names: list[str] = []
        self._values: list[list[int]] = []
        self._reference: int | None = None

    # -- data -------------------------------------------------------------------------------------------------

    def set_series(
        self, labels: Sequence[str], names: Sequence[str], values: Sequence[Sequence[int]], reference: int | None
    ) -> None:
        """``values[p][i]``: player ``p``'s table score at ``labels[i]``; ``reference``: the starting score."""
        if any(len(v) != len(labels) for v in values) or len(values) != len(names):
            raise ValueError("one value per label for each named player")
        self._labels = list(labels)
        self._names = list(names)
        self._values = [list(v) for v in values]
        self._reference = reference
        self.update()

    def set_state(self, state: TableState | None, start_scores: Sequence[int] | None = None) -> None:
        """The lines of a table state: an optional ``Start`` point, each hand played, then ``Now`` (in play) or
        ``Final`` (over; left out when it repeats the last hand's scores)."""
        if state is None or not state.started or not state.seats:
            self.set_series([], [], [], None)
            return
        labels: list[str] = []
        columns: list[Sequence[int]] = []
        if start_scores is not None:
            labels.append(QCoreApplication.translate("ScoreChart", "Start"))
            columns.append(list(start_scores))
        for round_wind, hand, counters, scores in state.history:
            labels.append(hand_label(round_wind, hand, counters))
            columns.append(list(scores))
        current = [s.score for s in state.seats]
        if not state.game_over:
            labels.append(QCoreApplication.translate("ScoreChart", "Now"))
            columns.append(current)
        elif not columns or list(columns[-1]) != current:
            labels.append(QCoreApplication.translate("ScoreChart", "Final"))
            columns.append(current)
        values = [[col[p] for col in columns] for p in range(len(state.seats))]
        reference = state.ruleset.start_points if state.ruleset is not None else None
        self.set_series(labels, [s.player for s in state.seats], values, reference)

    def labels(self) -> list[str]:
        return list(self._labels)

    def names(self) -> list[str]:
        return list(self._names)

    def values(self) -> list[list[int]]:
        return [list(v) for v in self._values]

    def point_count(self) -> int:
        """Points on each player's line (0 when there is nothing to draw)."""
        return len(self._labels)

    def colours(self) -> list[QColor]:
        dark = self.palette().color(self.backgroundRole()).lightness() < 128
        return [QColor(c) for c in (DARK_COLOURS if dark else LIGHT_COLOURS)]

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(720, 340)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(360, 220)

    # -- drawing ----------------------------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        bg = self.palette().color(self.backgroundRole())
        fg = self.palette().color(self.foregroundRole())
        p.fillRect(self.rect(), bg)
        if not self._labels:
            p.setPen(fg)
            p.drawText(
                self.rect(),
                Qt.AlignmentFlag.AlignCenter,
                QCoreApplication.translate("ScoreChart", "No hand played yet."),
            )
            p.end()
            return
        grid = QColor(fg)
        grid.setAlphaF(0.18)
        muted = QColor(fg)
        muted.setAlphaF(0.75)
        small = QFont(self.font())
        small.setPixelSize(max(13, round(QFontMetricsF(self.font()).height() * 0.7)))
        fm = QFontMetricsF(small)
        legend_font = QFont(self.font())
        legend_font.setBold(True)
        lfm = QFontMetricsF(legend_font)

        # legend: a swatch with the player's marker, then the name; wraps onto a second row if needed
        colours = self.colours()
        x, y = 8.0, 6.0
        row_h = lfm.height() + 6
        items: list[tuple[QPointF, int]] = []
        p.setFont(legend_font)
        for i, name in enumerate(self._names):
            w = 34 + lfm.horizontalAdvance(name) + 18
            if x + w > self.width() - 8 and x > 8:
                x, y = 8.0, y + row_h
            items.append((QPointF(x, y), i))
            x += w
        for pos, i in items:
            c = colours[i % len(colours)]
            mid = pos.y() + row_h / 2
            p.setPen(QPen(c, 3))
            p.drawLine(QPointF(pos.x(), mid), QPointF(pos.x() + 26, mid))
            self._marker(p, QPointF(pos.x() + 13, mid), i, c, bg)
            p.setPen(fg)
            p.drawText(
                QRectF(pos.x() + 32, pos.y(), self.width(), row_h),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                self._names[i],
            )
        top = y + row_h + 8

        # y range: every value and the reference, padded, on whole grid steps
        flat = [v for vs in self._values for v in vs]
        if self._reference is not None:
            flat.append(self._reference)
        lo, hi = min(flat), max(flat)
        if hi - lo < 4000:
            lo, hi = lo - 2000, hi + 2000
        plot_h_guess = max(self.height() - top - fm.height() * 2 - 12, 40)
        step = _nice_step(hi - lo, max(2, int(plot_h_guess // (fm.height() * 2.2))))
        lo = math.floor(lo / step) * step
        hi = math.ceil(hi / step) * step
        if hi == lo:
            hi = lo + step
        ticks = list(range(int(lo), int(hi) + 1, step))
        axis_w = max(fm.horizontalAdvance(_score(t)) for t in ticks) + 12
        plot = QRectF(axis_w + 8, top, self.width() - axis_w - 8 - 20, self.height() - top - fm.height() - 14)
        if plot.width() < 20 or plot.height() < 20:
            p.end()
            return

        def ypos(v: float) -> float:
            return plot.bottom() - (v - lo) / (hi - lo) * plot.height()

        n = len(self._labels)

        def xpos(i: int) -> float:
            if n == 1:
                return plot.center().x()
            return plot.left() + 12 + i * (plot.width() - 24) / (n - 1)

        # horizontal grid lines and their labels
        p.setFont(small)
        for t in ticks:
            yy = ypos(t)
            p.setPen(QPen(grid, 1))
            p.drawLine(QPointF(plot.left(), yy), QPointF(plot.right(), yy))
            p.setPen(muted)
            p.drawText(
                QRectF(0, yy - fm.height() / 2, axis_w, fm.height()),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                _score(t),
            )
        # x labels, thinned out when they would overlap (the last one is always shown)
        label_w = max(fm.horizontalAdvance(s) for s in self._labels) + 10
        spacing = (plot.width() - 24) / max(n - 1, 1)
        every = max(1, math.ceil(label_w / spacing)) if n > 1 else 1
        for i, text in enumerate(self._labels):
            if i % every and i != n - 1:
                continue
            if i != n - 1 and n - 1 - i < every:  # would collide with the last label
                continue
            xx = xpos(i)
            p.setPen(QPen(grid, 1))
            p.drawLine(QPointF(xx, plot.top()), QPointF(xx, plot.bottom()))
            p.setPen(muted)
            p.drawText(
                QRectF(xx - label_w / 2, plot.bottom() + 4, label_w, fm.height() + 4),
                Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                text,
            )
        # the starting score
        if self._reference is not None:
            pen = QPen(fg, 2, Qt.PenStyle.DashLine)
            p.setPen(pen)
            yy = ypos(self._reference)
            p.drawLine(QPointF(plot.left(), yy), QPointF(plot.right(), yy))
        # one line per player, then the markers on top
        for i, vs in enumerate(self._values):
            c = colours[i % len(colours)]
            path = QPainterPath(QPointF(xpos(0), ypos(vs[0])))
            for k in range(1, n):
                path.lineTo(QPointF(xpos(k), ypos(vs[k])))
            pen = QPen(c, 3)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)
        for i, vs in enumerate(self._values):
            c = colours[i % len(colours)]
            for k in range(n):
                self._marker(p, QPointF(xpos(k), ypos(vs[k])), i, c, bg)
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
