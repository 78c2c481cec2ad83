"""The touch tile picker: the 34 tiles as big buttons, a hand row, called melds and concealed kans. No typing.

Hand notation (``hand_tiles`` of an incident): the concealed tiles in tile notation, then space-separated
``KIND:TILES`` groups: ``chi:``, ``pon:``, ``kan:`` (called sets), ``ankan:`` (a concealed kan), and the tiles a check
used: ``drawn:`` and ``kantile:`` (a kan after riichi), ``ron:`` or ``tsumo:`` (the winning tile, which is also among
the concealed tiles). Example: ``123m456p11z pon:555p ankan:1111m ron:1z``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QFrame, QGridLayout, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from ..common.widgets import BigButton, Segmented
from .tiles import (
    BUTTON_SIZE,
    MELD_SIZE,
    RED_FIVES,
    SUIT_ROWS,
    FlowBox,
    MeldEntry,
    TileButton,
    index_of,
    meld_caption,
    notation,
    sorted_tiles,
)

# -- the picker -----------------------------------------------------------------------------------------------------


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

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._place_side()
        self._fit_hand_row()

    def _fit_hand_row(self) -> None:
        height = self.hand_box.heightForWidth(max(self.hand_box.width(), self.width()))
        if height != self.hand_box.height() or height != self.hand_box.minimumHeight():
            self.hand_box.setFixedHeight(height)

    # -- texts ------------------------------------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
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
        for tile in [*self.buttons.values(), *self.hand_buttons]:
            tile.retranslate()
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
