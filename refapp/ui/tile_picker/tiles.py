"""Tiles: names and notation, the SVG pictures rendered at the device pixel ratio, a tile button, a strip of
captioned tile groups, and a box that flows its items onto lines. (The picker itself is in :mod:`.picker`.)"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources

from PySide6.QtCore import QByteArray, QCoreApplication, QEvent, QPoint, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFontMetrics,
    QKeyEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QPixmap,
    QResizeEvent,
)
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QAbstractButton, QSizePolicy, QWidget

from ...domain import hands
from ..common.widgets import TOUCH, enter_presses

SUIT_ROWS: tuple[tuple[str, ...], ...] = (
    tuple(f"{n}m" for n in range(1, 10)),
    tuple(f"{n}p" for n in range(1, 10)),
    tuple(f"{n}s" for n in range(1, 10)),
    tuple(f"{n}z" for n in range(1, 8)),
)
ALL_TILES: tuple[str, ...] = tuple(t for row in SUIT_ROWS for t in row)
RED_FIVES = ("0m", "0p", "0s")
TILE_SIZE = QSize(60, 80)  # the image: 3:4
BUTTON_SIZE = QSize(TOUCH, 80)  # the touch target around it
MELD_KINDS = ("chi", "pon", "kan", "ankan")
MELD_SIZE = {"chi": 3, "pon": 3, "kan": 4, "ankan": 4}
EXTRA_KINDS = ("drawn", "kantile", "ron", "tsumo")


# -- tiles ----------------------------------------------------------------------------------------------------------


def index_of(name: str) -> int:
    """34-format index of a tile name; a red five ``0m`` is a 5m."""
    return hands.parse_tile(name, red_fives=True).index


def sort_key(name: str) -> tuple[int, int]:
    return index_of(name), 0 if name.startswith("0") else 1


def sorted_tiles(names: Iterable[str]) -> list[str]:
    return sorted(names, key=sort_key)


def notation(names: Iterable[str]) -> str:
    """``["1z", "2m", "1m"]`` -> ``"12m1z"`` (sorted, red fives as 0)."""
    names = list(names)
    if not names:
        return ""
    return hands.tiles_notation(hands.parse_tiles("".join(names), red_fives=True))


def split_tiles(text: str) -> list[str]:
    """``"123m11z"`` -> ``["1m", "2m", "3m", "1z", "1z"]`` (red fives kept as ``0m``)."""
    return [t.name for t in hands.parse_tiles(text, red_fives=True)]


def tile_words(name: str) -> str:
    """The tile in words, for screen readers and tooltips."""
    honours = {
        "1z": QCoreApplication.translate("Tile", "East wind"),
        "2z": QCoreApplication.translate("Tile", "South wind"),
        "3z": QCoreApplication.translate("Tile", "West wind"),
        "4z": QCoreApplication.translate("Tile", "North wind"),
        "5z": QCoreApplication.translate("Tile", "White dragon"),
        "6z": QCoreApplication.translate("Tile", "Green dragon"),
        "7z": QCoreApplication.translate("Tile", "Red dragon"),
    }
    if name in honours:
        return honours[name]
    if name == "back":
        return QCoreApplication.translate("Tile", "Tile back")
    rank, suit = name[0], name[1]
    if rank == "0":
        text = {
            "m": QCoreApplication.translate("Tile", "Red 5 man"),
            "p": QCoreApplication.translate("Tile", "Red 5 pin"),
            "s": QCoreApplication.translate("Tile", "Red 5 sou"),
        }[suit]
        return text
    text = {
        "m": QCoreApplication.translate("Tile", "%1 man"),
        "p": QCoreApplication.translate("Tile", "%1 pin"),
        "s": QCoreApplication.translate("Tile", "%1 sou"),
    }[suit]
    return text.replace("%1", rank)


_RENDERERS: dict[str, QSvgRenderer | None] = {}
_PIXMAPS: dict[tuple[str, int, int, float], QPixmap] = {}


def _renderer(name: str) -> QSvgRenderer | None:
    if name not in _RENDERERS:
        try:
            data = resources.files("refapp.resources").joinpath("tiles", f"{name}.svg").read_bytes()
        except (FileNotFoundError, OSError):
            data = b""
        r = QSvgRenderer(QByteArray(data)) if data else None
        _RENDERERS[name] = r if r is not None and r.isValid() else None
    return _RENDERERS[name]


def tile_pixmap(name: str, size: QSize, dpr: float = 1.0) -> QPixmap:
    """The tile drawn at ``size`` (device-independent pixels) for a screen of device pixel ratio ``dpr``."""
    key = (name, size.width(), size.height(), round(dpr, 2))
    pix = _PIXMAPS.get(key)
    if pix is not None:
        return pix
    pix = QPixmap(max(1, round(size.width() * dpr)), max(1, round(size.height() * dpr)))
    pix.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pix)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    target = QRectF(0, 0, pix.width(), pix.height())
    renderer = _renderer(name)
    if renderer is not None:
        renderer.render(painter, target)
    else:  # a missing file: a plain tile with its notation, never a crash
        painter.setBrush(QColor("#fffdf3"))
        painter.setPen(QPen(QColor("#8f8466"), 2))
        painter.drawRoundedRect(target.adjusted(1, 1, -1, -1), 8, 8)
        painter.setPen(QColor("#1b1b1b"))
        painter.drawText(target, Qt.AlignmentFlag.AlignCenter, name)
    painter.end()
    pix.setDevicePixelRatio(dpr)
    _PIXMAPS[key] = pix
    return pix


def _fit(rect: QRect, aspect: QSize = TILE_SIZE) -> QRectF:
    """The largest rect of the tile's aspect ratio centred in ``rect``."""
    w, h = rect.width(), rect.height()
    scale = min(w / aspect.width(), h / aspect.height())
    tw, th = aspect.width() * scale, aspect.height() * scale
    return QRectF(rect.x() + (w - tw) / 2, rect.y() + (h - th) / 2, tw, th)


class TileButton(QAbstractButton):
    """One tile as a touch target: the tile image, dimmed when disabled, ringed when checked. Not a QPushButton, so
    the theme's push-button padding and borders (sized for text) leave it alone."""

    def __init__(self, name: str, parent: QWidget | None = None, size: QSize = BUTTON_SIZE):
        super().__init__(parent)
        self.tile = name
        self._size = size
        self.setFixedSize(size)
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.setProperty("role", "tile")
        self.setObjectName(f"tile_{name}")
        self.retranslate()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if not enter_presses(self, event):  # (Enter taps the tile as Space does)
            super().keyPressEvent(event)

    def retranslate(self) -> None:
        self.setAccessibleName(tile_words(self.tile))
        self.setToolTip(f"{tile_words(self.tile)} ({self.tile})")

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return self._size

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return self._size

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        # as few painter calls as will do: the picker repaints 40 tiles at a time, and under Python 3.11 every
        # void call into PySide6 6.12.0 drops a reference to None (harmless from Python 3.12, where None is immortal)
        p = QPainter(self)
        target = _fit(self.rect().adjusted(2, 2, -2, -2))
        if self.isDown():
            target.translate(0, 2)
        size = QSize(round(target.width()), round(target.height()))
        pixmap = tile_pixmap(self.tile, size, self.devicePixelRatioF())
        if not self.isEnabled():
            p.setOpacity(0.28)
            p.drawPixmap(target.topLeft(), pixmap)
            return
        p.drawPixmap(target.topLeft(), pixmap)
        if not (self.isDown() or self.isChecked() or self.hasFocus()):
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.isDown():
            path = QPainterPath()
            path.addRoundedRect(target, 7, 7)
            p.fillPath(path, QColor(0, 0, 0, 50))
        if self.isChecked() or self.hasFocus():
            colour = self.palette().highlight().color() if self.hasFocus() else QColor("#e07b00")
            p.setPen(QPen(colour, 3.5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(target.adjusted(1.5, 1.5, -1.5, -1.5), 7, 7)


class TileStrip(QWidget):
    """Tiles as images (not buttons), in captioned groups that wrap to the width: results and the history."""

    def __init__(self, parent: QWidget | None = None, tile_height: int = 56):
        super().__init__(parent)
        self.tile_size = QSize(round(tile_height * 3 / 4), tile_height)
        self.groups: list[tuple[str, list[str]]] = []
        sp = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        sp.setHeightForWidth(True)
        self.setSizePolicy(sp)

    def set_tiles(self, names: Sequence[str]) -> None:
        self.set_groups([("", list(names))] if names else [])

    def set_groups(self, groups: Sequence[tuple[str, Sequence[str]]]) -> None:
        fresh = [(caption, list(names)) for caption, names in groups if names]
        if fresh != self.groups:
            self.groups = fresh
            self.updateGeometry()
            self.update()

    def tiles(self) -> list[str]:
        return [t for _c, names in self.groups for t in names]

    def _caption_font(self):
        font = self.font()
        if font.pixelSize() > 0:  # the themes give sizes in pixels
            font.setPixelSize(max(12, round(font.pixelSize() * 0.88)))
        else:
            font.setPointSizeF(max(8.0, font.pointSizeF() * 0.88))
        return font

    def _caption_height(self) -> int:
        return QFontMetrics(self._caption_font()).height() + 2 if any(c for c, _n in self.groups) else 0

    def _layout(self, width: int) -> tuple[list[tuple[int, int, str, list[str]]], int]:
        """(x, line, caption, tiles) per group and the number of lines."""
        gap, step = 14, self.tile_size.width() + 2
        metrics = QFontMetrics(self._caption_font())
        out, x, line = [], 0, 0
        for caption, names in self.groups:
            need = max(len(names) * step - 2, metrics.horizontalAdvance(caption) if caption else 0)
            if x and x + need > width:
                x, line = 0, line + 1
            out.append((x, line, caption, names))
            x += need + gap
        return out, (line + 1 if self.groups else 0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt override
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt override
        _, lines = self._layout(width)
        return lines * (self.tile_size.height() + self._caption_height() + 6)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        n = sum(len(names) for _c, names in self.groups)
        width = max(self.tile_size.width(), n * (self.tile_size.width() + 2) + 14 * max(0, len(self.groups) - 1))
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(self.tile_size.width() * 4, self.heightForWidth(self.tile_size.width() * 4))

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        placed, _ = self._layout(self.width())
        cap_h = self._caption_height()
        line_h = self.tile_size.height() + cap_h + 6
        dpr = self.devicePixelRatioF()
        small = self._caption_font()
        for x, line, caption, names in placed:
            y = line * line_h
            if caption:
                p.setFont(small)
                p.setPen(self.palette().windowText().color())
                p.drawText(QRect(x, y, 400, cap_h), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, caption)
            for i, name in enumerate(names):
                p.drawPixmap(
                    QPoint(x + i * (self.tile_size.width() + 2), y + cap_h), tile_pixmap(name, self.tile_size, dpr)
                )
        p.end()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.updateGeometry()
        super().changeEvent(event)


class FlowBox(QWidget):
    """Widgets left to right, wrapping to the next line, each standing on its line's bottom (the hand row: bare
    tiles next to captioned melds). Placed by hand rather than by a QLayout subclass: PySide's layout virtuals
    (``itemAt`` returning no item) leak references at this rate of use."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 4):
        super().__init__(parent)
        self.spacing = spacing
        self.items: list[QWidget] = []

    def add(self, widget: QWidget) -> None:
        """Add a child (placed at the next relayout)."""
        if widget.parentWidget() is not self:
            widget.setParent(self)
        self.items.append(widget)
        widget.show()

    def remove(self, widget: QWidget) -> None:
        if widget in self.items:
            self.items.remove(widget)

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt override
        return self._place(width, move=False)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt override
        return True

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.relayout()

    def relayout(self) -> None:
        self._place()

    def _place(self, width: int | None = None, move: bool = True) -> int:
        width = self.width() if width is None else width
        gap = self.spacing
        x = y = line_h = 0
        line: list[tuple[QWidget, int, QSize]] = []

        def put() -> None:
            for w, ix, size in line:
                rect = QRect(QPoint(ix, y + line_h - size.height()), size)
                if w.geometry() != rect:
                    w.setGeometry(rect)

        for w in self.items:
            if w.isHidden():
                continue
            hint = w.sizeHint().expandedTo(w.minimumSize())
            extra = 3 * gap if w.property("group") else 0
            if x and x + extra + hint.width() > width:
                if move:
                    put()
                x, y, line_h, line = 0, y + line_h + gap, 0, []
            elif x:
                x += extra
            line.append((w, x, hint))
            x += hint.width() + gap
            line_h = max(line_h, hint.height())
        if move:
            put()
        return max(y + line_h, BUTTON_SIZE.height())


# -- hand notation --------------------------------------------------------------------------------------------------


@dataclass
class MeldEntry:
    kind: str  # chi, pon, kan (called) or ankan (concealed kan)
    tiles: list[str] = field(default_factory=list)

    @property
    def notation(self) -> str:
        return f"{self.kind}:{notation(self.tiles)}"


def meld_caption(kind: str) -> str:
    return {
        "chi": QCoreApplication.translate("TilePicker", "Chi"),
        "pon": QCoreApplication.translate("TilePicker", "Pon"),
        "kan": QCoreApplication.translate("TilePicker", "Open kan"),
        "ankan": QCoreApplication.translate("TilePicker", "Concealed kan"),
        "drawn": QCoreApplication.translate("TilePicker", "Drawn"),
        "kantile": QCoreApplication.translate("TilePicker", "Kan of"),
        "ron": QCoreApplication.translate("TilePicker", "Ron on"),
        "tsumo": QCoreApplication.translate("TilePicker", "Tsumo on"),
        "": QCoreApplication.translate("TilePicker", "Hand"),
    }.get(kind, kind)


def hand_groups(text: str) -> list[tuple[str, list[str]]]:
    """A hand notation as captioned groups for a :class:`TileStrip`: the concealed tiles, then each meld and extra.
    Raises :class:`refapp.domain.hands.HandError` on bad notation."""
    groups: list[tuple[str, list[str]]] = []
    concealed: list[str] = []
    for token in str(text or "").split():
        kind, sep, body = token.partition(":")
        if not sep:
            concealed += split_tiles(token)
            continue
        kind = kind.lower()
        if kind not in MELD_KINDS + EXTRA_KINDS:
            raise hands.HandError(f"hand: unknown group {kind!r} in {text!r}")
        tiles = split_tiles(body)
        if kind in ("kan", "ankan") and len(tiles) == 1:
            tiles *= 4
        groups.append((meld_caption(kind), tiles))
    head = [(meld_caption(""), sorted_tiles(concealed))] if concealed else []
    return head + groups
