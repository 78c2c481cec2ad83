"""The hand-check page: build a player's hand with the tile picker, check it, and act on the verdict.

Every check runs live as tiles are tapped (:mod:`.checks`). A fault is recorded through the ruling flow
(``record(seat, offence, hand_tiles)``: the same questions and preview as the palette, the hand attached); a valid
win goes to Hand result (``to_hand_result(prefill)``: the winner, han and fu filled in). Each seat's hand is kept
for the hand in play: the page reopens with it (after Back from the ruling's questions too).

The shell talks to this page through :meth:`HandCheckView.start`, :meth:`HandCheckView.retranslate` and the signals
``record``, ``to_hand_result``, ``back`` (one step back: the palette) and ``cancelled`` (leave: the board).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent, QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from ...domain import hands
from ..common.flow_widgets import scroll
from ..common.texts import wind
from ..common.widgets import BigButton, Segmented, Toggle
from ..tile_picker import MeldEntry, TilePicker, TileStrip, index_of
from .checks import HandVerdicts, Verdict
from .parts import FaultButton, Slot, label, set_shown, set_text

if TYPE_CHECKING:
    from ..shell.controller import Controller

CHECKS = ("waits", "kan", "win")


@dataclass
class Kept:
    """A seat's hand as the referee left it, for the hand in play (``key``)."""

    key: tuple[Any, ...]
    concealed: list[str]
    melds: list[MeldEntry]
    drawn: str | None
    kan_tile: str | None
    win_tile: str | None
    check: str
    tsumo: bool
    riichi: bool


class HandCheckView(QWidget):
    """A page: the picker, the check, the verdict in words and tiles, and the buttons acting on it."""

    record = Signal(int, str, str)  # seat, offence id, hand in tile notation
    to_hand_result = Signal(object)  # a valid win: {"kind", "seat", "han", "fu"} or {"kind", "seat", "limit"}
    back = Signal()
    cancelled = Signal()

    def __init__(self, controller: Controller, parent: QWidget | None = None):
        super().__init__(parent)
        self.controller = controller
        self.seat = 0
        self.drawn: str | None = None
        self.kan_tile: str | None = None  # None: the drawn tile
        self.win_tile: str | None = None  # None: the tile added last
        self.fault: tuple[str, str] | None = None  # (offence, hand notation) when the result is a fault
        self.win: dict[str, Any] | None = None  # a valid win found
        self.result: Any = None  # the last result object of refapp.domain.hands (None: nothing checked)
        self.kept: dict[int, Kept] = {}
        self._key: tuple[Any, ...] = ()  # the hand in play when the page was started
        self.words = HandVerdicts(self)

        lay = QVBoxLayout(self)
        self.bar = QBoxLayout(QBoxLayout.Direction.LeftToRight)  # the title, then the checks and Back/Cancel
        top = QHBoxLayout()
        heads = QVBoxLayout()
        heads.setSpacing(0)
        self.title = label(self, "title", "hand_check_title")
        self.subtitle = label(self, "", "hand_check_subtitle")
        heads.addWidget(self.title)
        heads.addWidget(self.subtitle)
        self.bar.addLayout(heads, 1)
        self.bar.addLayout(top)
        self.check = Segmented([(k, "") for k in CHECKS], 3, self)
        self.check.setObjectName("check_kind")
        self.check.set_value("waits")
        self.check.changed.connect(self._check_changed)
        self.check.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        top.addWidget(self.check)
        # Back (the palette) and Cancel (the board), beside the checks: the tiles need the height
        self.back_button = BigButton("", self, role="cancel")
        self.back_button.setObjectName("hand_check_back")
        self.back_button.clicked.connect(self._back)
        self.cancel_button = BigButton("", self, role="cancel")
        self.cancel_button.setObjectName("hand_check_cancel")
        self.cancel_button.clicked.connect(self._cancel)
        for b in (self.back_button, self.cancel_button):
            b.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
            top.addWidget(b)
        lay.addLayout(self.bar)

        self.picker = TilePicker(self)
        self.picker.changed.connect(self.run)
        self.picker.picked.connect(self._picked)
        side = QWidget(self.picker)
        side.setObjectName("hand_check_side")
        body = QVBoxLayout(side)
        body.setContentsMargins(0, 0, 0, 0)
        # the options of each check
        self.slots_row = QHBoxLayout()
        self.slots = {key: Slot(key, side) for key in ("drawn", "kantile", "win")}
        for slot in self.slots.values():
            slot.button.clicked.connect(lambda _=False, k=slot.key: self._slot_tapped(k))
            self.slots_row.addWidget(slot)
        self.slots_row.addStretch(1)
        body.addLayout(self.slots_row)
        toggles = QHBoxLayout()
        self.tsumo = Toggle("", side)
        self.tsumo.setObjectName("win_tsumo")
        self.riichi = Toggle("", side)
        self.riichi.setObjectName("win_riichi")
        for t in (self.tsumo, self.riichi):
            t.toggled.connect(lambda _c: self.run())
            toggles.addWidget(t)
        body.addLayout(toggles)
        self.situation = label(side, "citation", "hand_check_situation")
        body.addWidget(self.situation)
        # one verdict label per look: Qt does not redo a label's style-sheet padding when its role changes
        roles = ("question", "ruling", "info", "error")
        self.verdicts = {role: label(side, role, f"verdict_{role}") for role in roles}
        for lab in self.verdicts.values():
            lab.hide()
            body.addWidget(lab)
        self.detail = label(side, "", "hand_check_detail")
        body.addWidget(self.detail)
        self.strip = TileStrip(side, 56)  # the waits (before and after a kan) as tiles
        self.strip.setObjectName("hand_check_tiles")
        body.addWidget(self.strip)
        self.record_button = FaultButton("", side, role="danger")
        self.record_button.setObjectName("record_fault")
        self.record_button.clicked.connect(self._record)
        body.addWidget(self.record_button)
        self.to_hand_result_button = FaultButton("", side, role="primary")
        self.to_hand_result_button.setObjectName("win_to_hand_result")
        self.to_hand_result_button.clicked.connect(self._send_win)
        body.addWidget(self.to_hand_result_button)
        body.addStretch(1)
        self.picker.set_side(side)
        self.side = side
        lay.addWidget(scroll(self.picker, self), 1)
        self.retranslate()
        self._show_options()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        narrow = self.width() < 1000  # the title on a line of its own, the buttons under it
        self.bar.setDirection(QBoxLayout.Direction.TopToBottom if narrow else QBoxLayout.Direction.LeftToRight)

    @property
    def verdict(self) -> QLabel:
        """The verdict shown (an empty label when there is none)."""
        return next((lab for lab in self.verdicts.values() if lab.text()), self.verdicts["question"])

    # -- flow -------------------------------------------------------------------------------------------------

    def _hand_key(self) -> tuple[Any, ...]:
        """The hand in play: a hand kept for a seat is shown again only in the same hand (a chombo's re-deal is a new
        hand: the chombos are counted in; a re-deal without penalty is not told apart)."""
        st = self.controller.state
        table = self.controller.table
        if st is None:
            return ()
        chombos = sum(s.chombos for s in st.seats)
        where = (st.hanchan, st.hands_played, st.round_wind, st.hand, st.counters, chombos)
        return (table.table_id if table else "", *where)

    def start(self, seat: int) -> None:
        """The check of ``seat``'s hand: the hand kept for this seat in this hand, else an empty one (with the riichi
        and winds of the table now)."""
        st = self.controller.state
        self.seat = seat
        self._key = self._hand_key()
        kept = self.kept.get(seat)
        if kept is not None and kept.key != self._key:
            kept = None
        rs = st.ruleset if st is not None else None
        self.picker.set_red_fives(bool(rs and rs.scoring.red_fives))
        self.picker.set_reserved([])
        riichi = bool(st and st.seats[seat].riichi)
        self.drawn = kept.drawn if kept else None
        self.kan_tile = kept.kan_tile if kept else None
        self.win_tile = kept.win_tile if kept else None
        for t, on in ((self.tsumo, kept.tsumo if kept else False), (self.riichi, kept.riichi if kept else riichi)):
            t.blockSignals(True)
            t.setChecked(on)
            t.blockSignals(False)
        self.check.set_value(kept.check if kept else "waits")
        self.picker.cancel_request()
        if kept is not None:
            self.picker.set_hand(kept.concealed, [MeldEntry(m.kind, list(m.tiles)) for m in kept.melds])
        else:
            self.picker.clear()
        self._show_options()
        self._update_titles()
        self.run()

    def keep(self) -> None:
        """Remember the hand on the page for its seat and the hand it was started in (done when leaving the page)."""
        if self.controller.state is None or not self._key:
            return
        self.kept[self.seat] = Kept(
            self._key,
            list(self.picker.concealed),
            [MeldEntry(m.kind, list(m.tiles)) for m in self.picker.melds],
            self.drawn,
            self.kan_tile,
            self.win_tile,
            self.check.value() or "waits",
            self.tsumo.isChecked(),
            self.riichi.isChecked(),
        )

    def _back(self) -> None:
        self.picker.cancel_request()
        self.keep()
        self.back.emit()

    def _cancel(self) -> None:
        self.picker.cancel_request()
        self.keep()
        self.cancelled.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if event.key() == Qt.Key.Key_Escape:
            self.go_back()
            return
        super().keyPressEvent(event)

    def go_back(self) -> bool:
        """Esc: a tile being asked for (the drawn tile, the winning tile) is no longer asked; else back to the
        offence palette, as Back."""
        key = self.picker.requesting()
        if key is not None:
            self.picker.cancel_request()
            self.slots[key].button.setChecked(False)
            self.run()
            return True
        self._back()
        return True

    def _check_changed(self, _key: str) -> None:
        self.picker.cancel_request()
        self._show_options()
        self.run()

    def _show_options(self) -> None:
        kind = self.check.value()
        self.slots["drawn"].setVisible(kind == "kan")
        self.slots["kantile"].setVisible(kind == "kan")
        self.slots["win"].setVisible(kind == "win")
        self.tsumo.setVisible(kind == "win")
        self.riichi.setVisible(kind == "win")
        self.situation.setVisible(kind in ("win", "kan"))
        self._update_titles()
        self.picker.set_reserved([self.drawn] if kind == "kan" and self.drawn else [])

    def _slot_tapped(self, key: str) -> None:
        slot = self.slots[key]
        if self.picker.requesting() == key:  # a second tap: never mind
            self.picker.cancel_request()
            slot.button.setChecked(False)
            self.run()
            return
        prompts = {
            "drawn": self.tr("Tap the tile just drawn."),
            "kantile": self.tr("Tap the tile of the kan (the drawn tile, unless the player konged another)."),
            "win": self.tr("Tap the winning tile (in the hand row or below)."),
        }
        allowed = {"win": self._win_allowed, "drawn": self._drawn_allowed}.get(key)
        for other in self.slots.values():
            other.button.setChecked(other.key == key)
        self.picker.request_tile(key, prompts[key], allowed)

    def _drawn_allowed(self, name: str) -> bool:
        replaced = 1 if self.drawn and index_of(self.drawn) == index_of(name) else 0  # the old drawn tile goes
        return self.picker.used(name) - replaced < 4

    def _win_allowed(self, name: str) -> bool:
        return name in self.picker.concealed or self.picker.can_add_to_hand(name)

    def _picked(self, key: str, name: str) -> None:
        for slot in self.slots.values():
            slot.button.setChecked(False)
        if key == "drawn":
            self.drawn = name
            self.picker.set_reserved([name])
        elif key == "kantile":
            self.kan_tile = None if name == self.drawn else name
        elif key == "win":
            # a hand still short of its winning tile takes it; a complete hand points at a copy it holds
            need = 14 - 3 * len(self.picker.melds)
            short = len(self.picker.concealed) < need
            if (short or name not in self.picker.concealed) and self.picker.can_add_to_hand(name):
                self.picker.concealed.append(name)
            self.win_tile = name
            self.picker.set_hand(self.picker.concealed, self.picker.melds)
        self.run()

    def _current_win_tile(self) -> str | None:
        if self.win_tile and self.win_tile in self.picker.concealed:
            return self.win_tile
        return self.picker.concealed[-1] if self.picker.concealed else None

    # -- checks -----------------------------------------------------------------------------------------------

    def run(self) -> None:
        """Check the hand as it stands and show the verdict (called on every tap)."""
        st = self.controller.state
        if st is None or st.ruleset is None or not st.seats:
            v = self.words.no_table()
        elif self.picker.pending is not None:
            v = self.words.pending_chi()
        else:
            kind = self.check.value() or "waits"
            try:
                if kind == "waits":
                    v = self.words.waits(self.picker, st, self.seat)
                elif kind == "kan":
                    v = self.words.kan(self.picker, st, self.seat, self.drawn, self.kan_tile)
                else:
                    win = self._current_win_tile()
                    v = self.words.win(self.picker, st, self.seat, win, self.tsumo.isChecked(), self.riichi.isChecked())
            except hands.HandError as exc:
                v = Verdict("error", str(exc))
        self.fault, self.result, self.win = v.fault, v.result, v.win
        self.strip.set_groups(v.groups)
        self._show(v)
        if st is not None and st.seats:
            self._update_slots()

    # -- showing ----------------------------------------------------------------------------------------------

    def _show(self, v: Verdict) -> None:
        for key, lab in self.verdicts.items():
            mine = key == (v.role or "question")
            set_text(lab, v.text if mine else "")
            set_shown(lab, mine and bool(v.text))
        detail = "\n".join(v.detail)
        set_text(self.detail, detail)
        set_shown(self.detail, bool(detail))
        set_shown(self.strip, bool(self.strip.tiles()))
        st = self.controller.state
        player = st.seats[self.seat].player if st is not None and st.seats else ""
        if self.fault is not None:
            text = {
                "noten_riichi": self.tr("Record noten riichi for %1"),
                "invalid_kan_after_riichi": self.tr("Record invalid kan after riichi for %1"),
                "invalid_win_revealed": self.tr("Record invalid win (hand revealed) for %1"),
            }[self.fault[0]].replace("%1", player)
            if self.record_button.full_text() != text:
                self.record_button.setText(text)
        set_shown(self.record_button, self.fault is not None)
        if self.win is not None:
            text = self.tr("Enter this win in Hand result")
            if self.to_hand_result_button.full_text() != text:
                self.to_hand_result_button.setText(text)
        set_shown(self.to_hand_result_button, self.win is not None and not (st is not None and st.game_over))

    def _update_slots(self) -> None:
        self.slots["drawn"].set_tile(self.drawn)
        self.slots["kantile"].set_tile(self.kan_tile or self.drawn)
        win = self._current_win_tile() if self.check.value() == "win" else None
        self.slots["win"].set_tile(win)
        self.picker.set_highlight(win)

    def _record(self) -> None:
        if self.fault is None:
            return
        offence, notation = self.fault
        self.keep()
        self.record.emit(self.seat, offence, notation)

    def _send_win(self) -> None:
        if self.win is not None:
            self.keep()
            self.to_hand_result.emit(dict(self.win))

    # -- texts ------------------------------------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        labels = {"waits": self.tr("Waits"), "kan": self.tr("Kan after riichi"), "win": self.tr("Win")}
        for key, b in self.check.buttons.items():
            b.setText(labels[key])
        self.back_button.setText(self.tr("Back"))
        self.cancel_button.setText(self.tr("Cancel"))
        self.slots["drawn"].caption.setText(self.tr("Drawn tile"))
        self.slots["kantile"].caption.setText(self.tr("Kan of"))
        self.slots["win"].caption.setText(self.tr("Winning tile"))
        self.tsumo.setText(self.tr("Tsumo"))
        self.riichi.setText(self.tr("Riichi"))
        self._update_titles()
        self.run()

    def _update_titles(self) -> None:
        st = self.controller.state
        if st is None or not st.seats:
            self.title.setText(self.tr("Hand check"))
            self.subtitle.setText("")
            return
        seat = st.seats[self.seat]
        self.title.setText(self.tr("Hand check — %1").replace("%1", seat.player))
        facts = [wind(st.wind_of(self.seat))]
        if seat.riichi:
            facts.append(self.tr("riichi declared"))
        self.subtitle.setText(" · ".join(facts))
        if self.check.value() == "kan":
            rule = hands.kan_rule(st.ruleset) if st.ruleset else "strict"
            self.situation.setText(
                self.tr("Rule: the waits must not change, and the three tiles must only be readable as a pung.")
                if rule == "strict"
                else self.tr("Rule: the waits must not change.")
            )
        else:
            self.situation.setText(
                self.tr("Seat wind %1, round wind %2, counters: %3.")
                .replace("%1", wind(st.wind_of(self.seat)))
                .replace("%2", wind("ESWN"[min(st.round_wind, 3)]))
                .replace("%3", str(st.counters))
            )
