"""A touch tile picker: the 34 tiles as big buttons, a hand row, called melds and concealed kans. No typing.

Tiles are the SVG files of ``resources/tiles`` (drawn by ``packaging/make_tiles.py``), rendered with
``QSvgRenderer`` into pixmaps at the widget's device pixel ratio, so they stay crisp on a high-DPI tablet.

Hand notation (``hand_tiles`` of an incident): the concealed tiles in tile notation, then space-separated
``KIND:TILES`` groups: ``chi:``, ``pon:``, ``kan:`` (called sets), ``ankan:`` (a concealed kan), and the tiles a check
used: ``drawn:`` and ``kantile:`` (a kan after riichi), ``ron:`` or ``tsumo:`` (the winning tile, which is also among
the concealed tiles). Example: ``123m456p11z pon:555p ankan:1111m ron:1z``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources

from PySide6.QtCore import QByteArray, QCoreApplication, QEvent, QPoint, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import (
    QAbstractButton,
    QBoxLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ..domain import hands
from .widgets import TOUCH, BigButton, Segmented

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

    def retranslate(self) -> None:
        self.setAccessibleName(tile_words(self.tile))
        self.setToolTip(f"{tile_words(self.tile)} ({self.tile})")

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return self._size

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return self._size

    def paintEvent(self, _event) -> None:  # noqa: N802 - Qt override
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

    def paintEvent(self, _event) -> None:  # noqa: N802 - Qt override
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

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt override
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

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
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


# -- the picker -----------------------------------------------------------------------------------------------------


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


class TilePicker(QWidget):
    """Tap tiles to build a hand; tap a tile of the hand row to take it back.

    Modes: ``hand`` (concealed tiles), ``chi`` (tap the three tiles), ``pon``, ``kan`` (open kan) and ``ankan``
    (concealed kan): one tap on the tile. No fifth copy of a tile can ever be added (its button greys out).
    ``request_tile(key, prompt)`` makes the next tap answer a question of the caller (the drawn tile, the winning
    tile): ``picked(key, tile)`` is emitted instead of adding the tile.
    """

    changed = Signal()
    picked = Signal(str, str)

    def __init__(self, parent: QWidget | None = None, red_fives: bool = False):
        super().__init__(parent)
        self.red_fives = red_fives
        self.concealed: list[str] = []  # in the order tapped
        self.melds: list[MeldEntry] = []
        self.pending: MeldEntry | None = None  # a chi being tapped
        self.reserved: list[str] = []  # tiles held elsewhere (the drawn tile): they count towards the four copies
        self.highlight: str | None = None  # a concealed tile to ring (the winning tile)
        self._request: tuple[str, str, Callable[[str], bool] | None] | None = None
        self._side: QWidget | None = None
        self._wide: bool | None = None

        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(6)
        self.info = QLabel(self)
        self.info.setObjectName("hand_info")
        self.info.setWordWrap(True)
        self.info.setProperty("role", "question")
        outer.addWidget(self.info)
        self.hand_box = FlowBox(self)
        self.hand_box.setObjectName("hand_row")
        self.empty = QLabel(self.hand_box)
        self.empty.setProperty("role", "note")
        self.empty.setMinimumHeight(BUTTON_SIZE.height())
        self.hand_box.add(self.empty)
        # the row's height is set from its width (_fit_hand_row): nested height-for-width layouts squeeze the tiles
        self.hand_box.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        outer.addWidget(self.hand_box)
        self.body = QBoxLayout(QBoxLayout.Direction.LeftToRight)  # the tiles, and the caller's panel beside them
        self.body.setSpacing(12)
        outer.addLayout(self.body)
        outer.addStretch(1)

        self.left = QWidget(self)
        left = QVBoxLayout(self.left)
        left.setContentsMargins(0, 0, 0, 0)
        left.setSpacing(6)
        self.mode = Segmented([(k, "") for k in ("hand", "chi", "pon", "kan", "ankan")], 5, self.left)
        self.mode.setObjectName("picker_mode")
        self.mode.set_value("hand")
        self.mode.changed.connect(self._mode_changed)
        left.addWidget(self.mode)
        board = QWidget(self.left)
        board.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        tiles = QGridLayout(board)
        tiles.setContentsMargins(0, 0, 0, 0)
        tiles.setHorizontalSpacing(3)
        tiles.setVerticalSpacing(4)
        self.buttons: dict[str, TileButton] = {}
        for r, names in enumerate(SUIT_ROWS):
            row_names = list(names) + ([RED_FIVES[r]] if r < 3 else [])
            for c, name in enumerate(row_names):
                b = TileButton(name, board)
                b.clicked.connect(lambda _=False, t=name: self.tap(t))
                self.buttons[name] = b
                tiles.addWidget(b, r, c)
                if name in RED_FIVES:
                    b.setVisible(red_fives)
        # the honours row has room left for the clear button
        self.clear_button = BigButton("", board, role="cancel")
        self.clear_button.setObjectName("clear_hand")
        self.clear_button.clicked.connect(self.clear)
        tiles.addWidget(self.clear_button, 3, 7, 1, 2, Qt.AlignmentFlag.AlignVCenter)
        self.board = board
        left.addWidget(board, 0, Qt.AlignmentFlag.AlignLeft)
        left.addStretch(1)
        self.left.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.body.addWidget(self.left, 0, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.hand_buttons: list[TileButton] = []
        self.meld_boxes: list[QFrame] = []
        self._meld_signature: list = []
        self.retranslate()
        self._refresh()

    # -- layout -----------------------------------------------------------------------------------------------

    def set_side(self, widget: QWidget) -> None:
        """A caller's panel, right of the tiles when there is room, else under them."""
        self._side = widget
        widget.setParent(self)
        self._wide = None
        self._place_side()

    def _place_side(self) -> None:
        if self._side is None:
            return
        need = self.left.sizeHint().width() + self.body.spacing() + 340
        wide = self.width() >= need
        if wide == self._wide:
            return
        self._wide = wide
        if self.body.indexOf(self._side) < 0:
            self.body.addWidget(self._side)
        self.body.setDirection(QBoxLayout.Direction.LeftToRight if wide else QBoxLayout.Direction.TopToBottom)
        self.body.setStretchFactor(self._side, 1 if wide else 0)
        top = Qt.AlignmentFlag.AlignTop if wide else Qt.AlignmentFlag(0)
        self.body.setAlignment(self.left, Qt.AlignmentFlag.AlignLeft | top)
        self.body.invalidate()
        self.updateGeometry()
        self._side.show()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._place_side()
        self._fit_hand_row()

    def _fit_hand_row(self) -> None:
        height = self.hand_box.heightForWidth(max(self.hand_box.width(), self.width()))
        if height != self.hand_box.height() or height != self.hand_box.minimumHeight():
            self.hand_box.setFixedHeight(height)

    # -- texts ------------------------------------------------------------------------------------------------

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        texts = {
            "hand": self.tr("Hand"),
            "chi": self.tr("Chi"),
            "pon": self.tr("Pon"),
            "kan": self.tr("Open kan"),
            "ankan": self.tr("Concealed kan"),
        }
        for key, b in self.mode.buttons.items():
            b.setText(texts[key])
        self.clear_button.setText(self.tr("Clear"))
        self.empty.setText(self.tr("Tap the tiles below to build the hand."))
        for b in [*self.buttons.values(), *self.hand_buttons]:
            b.retranslate()
        self._refresh()

    # -- state ------------------------------------------------------------------------------------------------

    def set_red_fives(self, red_fives: bool) -> None:
        self.red_fives = red_fives
        for name in RED_FIVES:
            self.buttons[name].setVisible(red_fives)
        self.board.adjustSize()
        if not red_fives and any(t in RED_FIVES for t in self.all_tiles()):
            self.clear()
        self._refresh()

    def total(self) -> int:
        """Tiles in the hand, a meld counting three (a kan too), as for the tile count of a hand."""
        return len(self.concealed) + 3 * len(self.melds)

    def all_tiles(self) -> list[str]:
        out = list(self.concealed) + self.reserved
        for m in self.melds:
            out += m.tiles
        if self.pending is not None:
            out += self.pending.tiles
        return out

    def used(self, name: str) -> int:
        """Copies of ``name``'s tile already used (a red five counts as a five)."""
        i = index_of(name)
        return sum(1 for t in self.all_tiles() if index_of(t) == i)

    def concealed_sorted(self) -> list[str]:
        return sorted_tiles(self.concealed)

    def concealed_notation(self) -> str:
        return notation(self.concealed)

    def called_melds(self) -> list[str]:
        return [m.notation for m in self.melds if m.kind != "ankan"]

    def concealed_kans(self) -> list[str]:
        return [notation(m.tiles) for m in self.melds if m.kind == "ankan"]

    def notation(self, extras: Sequence[tuple[str, str]] = ()) -> str:
        """The hand as stored with an incident: ``123m456p11z pon:555p ankan:1111m`` (+ ``ron:1z``...)."""
        parts = [self.concealed_notation()] if self.concealed else []
        parts += [m.notation for m in self.melds]
        parts += [f"{k}:{notation([t])}" for k, t in extras if t]
        return " ".join(parts)

    def _can_add(self, name: str, copies: int) -> bool:
        if self.used(name) + copies > 4:
            return False
        if self.red_fives and name in RED_FIVES:
            return not any(t == name for t in self.all_tiles()) and copies == 1
        if self.red_fives and index_of(name) in (4, 13, 22):  # one five of each suit is red
            plain = sum(1 for t in self.all_tiles() if t == name)
            return plain + copies <= 3
        return True

    def can_add_to_hand(self, name: str) -> bool:
        return self.total() < 14 and self._can_add(name, 1)

    def allowed(self, name: str) -> bool:
        """Can a tap on ``name`` do something now?"""
        if self._request is not None:
            _key, _prompt, ok = self._request
            return ok(name) if ok is not None else self.used(name) < 4
        mode = self.mode.value() or "hand"
        if mode == "hand":
            return self.can_add_to_hand(name)
        if len(self.melds) >= 4 or self.total() + 3 > 14:
            return False
        if mode == "chi":
            if name.endswith("z") or not self._can_add(name, 1):
                return False
            tiles = (self.pending.tiles if self.pending else []) + [name]
            idx = [index_of(t) for t in tiles]
            return len(set(idx)) == len(idx) and len({i // 9 for i in idx}) == 1 and max(idx) - min(idx) <= 2
        if name in RED_FIVES:  # a pon or kan of fives takes the red five with the plain ones
            return False
        return self._can_add(name, MELD_SIZE[mode])

    # -- taps -------------------------------------------------------------------------------------------------

    def tap(self, name: str) -> None:
        """What a tap on a tile of the picker does."""
        if not self.allowed(name):
            return
        if self._request is not None:
            key = self._request[0]
            self._request = None
            self.mode.set_value("hand")
            self._refresh()
            self.picked.emit(key, name)
            return
        mode = self.mode.value() or "hand"
        if mode == "hand":
            self.concealed.append(name)
        elif mode == "chi":
            if self.pending is None:
                self.pending = MeldEntry("chi")
            self.pending.tiles.append(name)
            if len(self.pending.tiles) == 3:
                self.pending.tiles = sorted_tiles(self.pending.tiles)
                self.melds.append(self.pending)
                self.pending = None
                self.mode.set_value("hand")
        else:
            tiles = [name] * MELD_SIZE[mode]
            if self.red_fives and index_of(name) in (4, 13, 22) and not self._red_used(name):
                tiles[0] = "0" + name[1]  # with red fives, a pon or kan of fives holds the red one if free
            self.melds.append(MeldEntry(mode, sorted_tiles(tiles)))
            self.mode.set_value("hand")
        self._refresh()
        self.changed.emit()

    def _red_used(self, name: str) -> bool:
        return ("0" + name[1]) in self.all_tiles()

    def remove_concealed(self, position: int) -> None:
        """Take back a tile of the hand row (``position`` in the sorted row)."""
        shown = self.concealed_sorted()
        if not 0 <= position < len(shown):
            return
        name = shown[position]
        # remove the copy tapped last, so the order of the others (and the default winning tile) stays
        for i in range(len(self.concealed) - 1, -1, -1):
            if self.concealed[i] == name:
                del self.concealed[i]
                break
        if self.highlight == name and name not in self.concealed:
            self.highlight = None
        self._refresh()
        self.changed.emit()

    def remove_meld(self, position: int) -> None:
        if 0 <= position < len(self.melds):
            del self.melds[position]
            self._refresh()
            self.changed.emit()

    def cancel_pending(self) -> None:
        self.pending = None
        self._refresh()
        self.changed.emit()

    def clear(self) -> None:
        self.concealed, self.melds, self.pending, self.highlight = [], [], None, None
        self._request = None
        self.mode.set_value("hand")
        self._refresh()
        self.changed.emit()

    def set_hand(self, concealed: Sequence[str], melds: Sequence[MeldEntry] = ()) -> None:
        """Replace the hand (scripts and tests; a referee taps)."""
        self.concealed = list(concealed)
        self.melds = [MeldEntry(m.kind, list(m.tiles)) for m in melds]
        self.pending = None
        self._refresh()
        self.changed.emit()

    def set_reserved(self, tiles: Sequence[str]) -> None:
        self.reserved = [t for t in tiles if t]
        self._refresh()

    def set_highlight(self, name: str | None) -> None:
        if name != self.highlight:
            self.highlight = name
            self._refresh()

    def request_tile(self, key: str, prompt: str, allowed: Callable[[str], bool] | None = None) -> None:
        """The next tap on the picker answers ``key``: ``picked(key, tile)`` instead of adding the tile."""
        self._request = (key, prompt, allowed)
        self.pending = None
        self.mode.group.setExclusive(False)
        for b in self.mode.buttons.values():
            b.setChecked(False)
        self.mode.group.setExclusive(True)
        self._refresh()

    def requesting(self) -> str | None:
        return self._request[0] if self._request else None

    def cancel_request(self) -> None:
        if self._request is not None:
            self._request = None
            self.mode.set_value("hand")
            self._refresh()

    def _mode_changed(self, _key: str) -> None:
        self._request = None
        self.pending = None
        self._refresh()

    # -- drawing ----------------------------------------------------------------------------------------------

    def _refresh(self) -> None:
        """Bring the buttons and the hand row up to date, calling Qt only for what changed (see paintEvent)."""
        for name, b in self.buttons.items():
            ok = self.allowed(name)
            if b.isEnabled() != ok:
                b.setEnabled(ok)
        shown = self.concealed_sorted()
        ringed = False  # one copy of the highlighted tile is ringed
        for i, name in enumerate(shown):
            if i < len(self.hand_buttons):
                b = self.hand_buttons[i]
                if b.tile != name:
                    b.tile = name
                    b.retranslate()
                    b.update()
            else:
                b = TileButton(name, self.hand_box)
                b.setObjectName(f"hand_{i}")
                b.setCheckable(True)
                b.clicked.connect(lambda _=False, pos=i, btn=b: self._hand_tapped(pos, btn))
                self.hand_box.add(b)
                self.hand_buttons.append(b)
            ring = name == self.highlight and not ringed
            ringed = ringed or ring
            if b.isChecked() != ring:
                b.setChecked(ring)
            if b.isHidden():
                b.show()
        for b in self.hand_buttons[len(shown) :]:
            if not b.isHidden():
                b.hide()
        melds = self.melds + ([self.pending] if self.pending else [])
        signature = [(m.kind, tuple(m.tiles), m is self.pending) for m in melds]
        if signature != self._meld_signature:
            self._meld_signature = signature
            for w in self.meld_boxes:
                self.hand_box.remove(w)
                w.hide()
                w.deleteLater()
            self.meld_boxes = []
            for i, meld in enumerate(melds):
                box = self._meld_box(meld, i, pending=meld is self.pending)
                self.hand_box.add(box)
                self.meld_boxes.append(box)
        empty = not shown and not melds
        if self.empty.isHidden() == empty:
            self.empty.setVisible(empty)
        self.hand_box.relayout()
        info = self._info_text()
        if self.info.text() != info:
            self.info.setText(info)
        self._fit_hand_row()

    def visible_hand_buttons(self) -> list[TileButton]:
        """The tiles of the hand row, sorted (buttons past the hand are kept hidden for reuse)."""
        return self.hand_buttons[: len(self.concealed)]

    def _hand_tapped(self, position: int, button: TileButton) -> None:
        name = button.tile
        if self._request is not None:  # answering with a tile of the hand (the winning tile)
            key = self._request[0]
            self._request = None
            self.mode.set_value("hand")
            self._refresh()
            self.picked.emit(key, name)
            return
        self.remove_concealed(position)

    def _meld_box(self, meld: MeldEntry, position: int, pending: bool) -> QFrame:
        box = QFrame(self.hand_box)
        box.setProperty("group", True)
        lay = QVBoxLayout(box)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        caption = QLabel(meld_caption(meld.kind) + ("…" if pending else ""), box)
        caption.setProperty("role", "note")
        lay.addWidget(caption)
        row = QHBoxLayout()
        row.setSpacing(2)
        for name in meld.tiles:
            b = TileButton(name, box)
            b.setObjectName(f"meld_{position}_{name}")
            b.setToolTip(self.tr("Tap to take this set back"))
            if pending:
                b.clicked.connect(self.cancel_pending)
            else:
                b.clicked.connect(lambda _=False, pos=position: self.remove_meld(pos))
            row.addWidget(b)
        lay.addLayout(row)
        box.setFixedSize(box.sizeHint())
        return box

    def _info_text(self) -> str:
        if self._request is not None:
            return self._request[1]
        mode = self.mode.value() or "hand"
        count = self.tr("Tiles: %1").replace("%1", str(self.total()))
        if mode == "chi":
            return self.tr("%1 — chi: tap the three tiles of the run.").replace("%1", count)
        if mode in ("pon", "kan", "ankan"):
            what = {"pon": self.tr("pon"), "kan": self.tr("open kan"), "ankan": self.tr("concealed kan")}[mode]
            return self.tr("%1 — %2: tap the tile.").replace("%1", count).replace("%2", what)
        if not self.total():
            return self.tr("Tiles: 0")
        return self.tr("%1 — tap a tile of the hand to take it back.").replace("%1", count)
