"""The hand checker page: build a player's hand with the tile picker, check it, and record the fault it shows.

Three checks (``refapp.domain.hands``): the waits (tenpai or noten: a noten riichi), a concealed kan
after riichi (under the table's rule set's kan rule), and a declared win (yaku, han, fu, or why it is not a win;
seat wind, round wind and counters from the table). Every check runs live as tiles are tapped (under 1 ms).

When the result is a fault, a big button records it: ``record(seat, offence, hand_tiles)`` is emitted, and the main
window opens the ruling flow of that offence with the hand attached (the same questions and preview as the palette).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from ..domain import hands
from .ruling import scroll
from .texts import offence_name, points, wind
from .tile_picker import TileButton, TilePicker, TileStrip, index_of
from .widgets import TOUCH, BigButton, Segmented, Toggle

CHECKS = ("waits", "kan", "win")
SLOT_SIZE = QSize(64, 80)


def set_text(widget, text: str) -> None:
    """Set a text only when it changes (fewer calls into Qt: see TileButton.paintEvent)."""
    if widget.text() != text:
        widget.setText(text)


def set_shown(widget: QWidget, shown: bool) -> None:
    if widget.isHidden() == shown:
        widget.setVisible(shown)


def _label(parent: QWidget, role: str = "", name: str = "") -> QLabel:
    lab = QLabel(parent)
    lab.setWordWrap(True)
    if role:
        lab.setProperty("role", role)
    if name:
        lab.setObjectName(name)
    return lab


class FaultButton(BigButton):
    """The big button recording a fault: its text (with the player's name) wraps onto more lines when narrow."""

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

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
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
        self.caption = _label(self, "question")
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


class HandCheckView(QWidget):
    """A page: the picker, the check, the verdict in words and tiles, and the button recording the fault."""

    record = Signal(int, str, str)  # seat, offence id, hand in tile notation
    back = Signal()

    def __init__(self, controller, parent: QWidget | None = None):
        super().__init__(parent)
        self.controller = controller
        self.seat = 0
        self.drawn: str | None = None
        self.kan_tile: str | None = None  # None: the drawn tile
        self.win_tile: str | None = None  # None: the tile added last
        self.fault: tuple[str, str] | None = None  # (offence, hand notation) when the result is a fault
        self.result: Any = None  # the last result object of refapp.domain.hands (None: nothing checked)

        lay = QVBoxLayout(self)
        top = QHBoxLayout()
        heads = QVBoxLayout()
        heads.setSpacing(0)
        self.title = _label(self, "title", "hand_check_title")
        self.subtitle = _label(self, "", "hand_check_subtitle")
        heads.addWidget(self.title)
        heads.addWidget(self.subtitle)
        top.addLayout(heads, 1)
        self.check = Segmented([(k, "") for k in CHECKS], 3, self)
        self.check.setObjectName("check_kind")
        self.check.set_value("waits")
        self.check.changed.connect(self._check_changed)
        self.check.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        top.addWidget(self.check)
        self.back_button = BigButton("", self, role="cancel")
        self.back_button.setObjectName("hand_check_back")
        self.back_button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.back_button.clicked.connect(self._back)
        top.addWidget(self.back_button)
        lay.addLayout(top)

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
        self.situation = _label(side, "citation", "hand_check_situation")
        body.addWidget(self.situation)
        # the result
        # one verdict label per look: Qt does not redo a label's style-sheet padding when its role changes
        roles = ("question", "ruling", "info", "error")
        self.verdicts = {role: _label(side, role, f"verdict_{role}") for role in roles}
        for label in self.verdicts.values():
            label.hide()
            body.addWidget(label)
        self.detail = _label(side, "", "hand_check_detail")
        body.addWidget(self.detail)
        self.strip = TileStrip(side, 56)  # the waits (before and after a kan) as tiles
        self.strip.setObjectName("hand_check_tiles")
        body.addWidget(self.strip)
        self.record_button = FaultButton("", side, role="danger")
        self.record_button.setObjectName("record_fault")
        self.record_button.clicked.connect(self._record)
        body.addWidget(self.record_button)
        body.addStretch(1)
        self.picker.set_side(side)
        self.side = side
        lay.addWidget(scroll(self.picker, self), 1)
        self.retranslate()
        self._show_options()

    @property
    def verdict(self) -> QLabel:
        """The verdict shown (an empty label when there is none)."""
        return next((lab for lab in self.verdicts.values() if lab.text()), self.verdicts["question"])

    # -- flow -------------------------------------------------------------------------------------------------

    def start(self, seat: int) -> None:
        """A fresh check of ``seat``'s hand, with the riichi and winds of the table now."""
        st = self.controller.state
        self.seat = seat
        self.drawn = self.kan_tile = self.win_tile = None
        rs = st.ruleset if st is not None else None
        self.picker.set_red_fives(bool(rs and rs.scoring.red_fives))
        self.picker.set_reserved([])
        riichi = bool(st and st.seats[seat].riichi)
        for t, on in ((self.tsumo, False), (self.riichi, riichi)):
            t.blockSignals(True)
            t.setChecked(on)
            t.blockSignals(False)
        self.check.set_value("waits")
        self.picker.clear()  # runs the check
        self._show_options()
        self._update_titles()
        self.run()

    def _back(self) -> None:
        self.picker.cancel_request()
        self.back.emit()

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
        if key == "win":
            allowed = self._win_allowed
        elif key == "drawn":
            allowed = self._drawn_allowed
        else:
            allowed = None
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

    # -- checks -----------------------------------------------------------------------------------------------

    def run(self) -> None:
        """Check the hand as it stands and show the verdict (called on every tap)."""
        st = self.controller.state
        self.fault = None
        self.result = None
        self.strip.set_groups([])  # (only repainted when it held tiles)
        if st is None or st.ruleset is None or not st.seats:
            self._show("", self.tr("No table is open."), "")
            return
        kind = self.check.value() or "waits"
        if self.picker.pending is not None:
            self._show("", self.tr("Finish the chi (or tap it to take it back)."), "")
            return
        try:
            if kind == "waits":
                self._run_waits(st)
            elif kind == "kan":
                self._run_kan(st)
            else:
                self._run_win(st)
        except hands.HandError as exc:
            self._show("error", str(exc), "")
        self._update_slots()

    def _need(self, total: int, melds: int) -> int:
        return total - 3 * melds

    def _count_prompt(self, need: int, what: str) -> str:
        have = len(self.picker.concealed)
        return (
            self.tr("%1: concealed tiles needed with these sets: %2; in the hand: %3.")
            .replace("%1", what)
            .replace("%2", str(need))
            .replace("%3", str(have))
        )

    def _red(self, st) -> bool:
        return bool(st.ruleset.scoring.red_fives)

    def _player(self, st) -> str:
        return st.seats[self.seat].player

    def _run_waits(self, st) -> None:
        melds, kans = self.picker.called_melds(), self.picker.concealed_kans()
        need = self._need(13, len(melds) + len(kans))
        if len(self.picker.concealed) != need:
            self._show("", self._count_prompt(need, self.tr("The waits check")), "")
            return
        r = hands.waits(self.picker.concealed_notation(), melds, kans, red_fives=self._red(st))
        self.result = r
        lines = []
        riichi = st.seats[self.seat].riichi
        if r.tenpai:
            verdict = self.tr("Tenpai: waits %1").replace("%1", " ".join(r.waits))
            self.strip.set_groups([(self.tr("Waits"), r.waits)])
            if r.dead_waits:
                lines.append(
                    self.tr("%1 not counted: the player holds all four (EMA §3.3.13).").replace(
                        "%1", " ".join(r.dead_waits)
                    )
                )
            role = "info"
        else:
            verdict = self.tr("Noten")
            if r.dead_waits:
                lines.append(
                    self.tr("Waits only on %1, and the player holds all four: not tenpai (EMA §3.3.13).").replace(
                        "%1", " ".join(r.dead_waits)
                    )
                )
            elif r.shanten > 0:
                lines.append(self.tr("Shanten %1: not tenpai.").replace("%1", str(r.shanten)))
            role = "ruling"
            if riichi:
                lines.append(self.tr("%1 has declared riichi: a noten riichi.").replace("%1", self._player(st)))
                role = "error"
                self._fault(st, "noten_riichi", self.picker.notation(), lines)
        self._show(role, verdict, "\n".join(lines))

    def _run_kan(self, st) -> None:
        melds, kans = self.picker.called_melds(), self.picker.concealed_kans()
        if melds:
            self._show("", self.tr("A riichi hand has no called sets: take them back to check a kan."), "")
            return
        need = self._need(13, len(kans))
        if len(self.picker.concealed) != need:
            self._show("", self._count_prompt(need, self.tr("The riichi hand")), "")
            return
        if not self.drawn:
            self._show("", self.tr("Tap “Drawn tile”, then the tile just drawn."), "")
            return
        rule = hands.kan_rule(st.ruleset)
        kan = self.kan_tile or self.drawn
        r = hands.kan_after_riichi(
            self.picker.concealed_notation(), self.drawn, kan, kans, rule, red_fives=self._red(st)
        )
        self.result = r
        before = " ".join(r.waits_before) or self.tr("none")
        after = " ".join(r.waits_after or []) or self.tr("none")
        groups = [(self.tr("Waits before the kan"), r.waits_before)]
        if r.waits_after is not None:
            groups.append((self.tr("After the kan"), r.waits_after))
        self.strip.set_groups(groups)
        lines: list[str] = []
        if r.valid:
            if rule == "strict":
                verdict = (
                    self.tr("Valid: the kan keeps the waits (%1) and the three %2 can only be read as a pung.")
                    .replace("%1", before)
                    .replace("%2", r.kan)
                )
            else:
                verdict = self.tr("Valid: the kan keeps the waits (%1).").replace("%1", before)
            self._show("info", verdict, "\n".join(lines))
            return
        reason = r.reason
        if reason == "kan_not_drawn_tile":
            verdict = (
                self.tr("INVALID: only the tile just drawn may be konged after riichi (drew %1, kan of %2).")
                .replace("%1", r.drawn)
                .replace("%2", r.kan)
            )
        elif reason == "no_pung":
            verdict = self.tr("INVALID: the riichi hand holds no concealed pung of %1.").replace("%1", r.kan)
        elif reason == "riichi_noten":
            verdict = self.tr("INVALID: the riichi hand was not tenpai: a noten riichi.")
        elif reason == "waits_changed":
            verdict = (
                self.tr("INVALID: the kan changes the waits (before %1, after %2).")
                .replace("%1", before)
                .replace("%2", after)
            )
        elif reason == "kan_tile_is_wait":
            verdict = (
                self.tr("INVALID: %1 is one of the waits (%2): the kan puts all four away.")
                .replace("%1", r.kan)
                .replace("%2", before)
            )
        elif reason == "not_only_pung":
            verdict = self.tr("INVALID: the three %1 can be read otherwise than as a pung.").replace("%1", r.kan)
            other = r.other_reading
            if other is not None:
                lines.append(
                    self.tr("Another reading: %1 + %2 waiting on %3.")
                    .replace("%1", " ".join(other.blocks))
                    .replace("%2", other.waiting)
                    .replace("%3", other.wait)
                )
        else:  # pragma: no cover - a reason added to the domain later
            verdict = r.message
        offence = "noten_riichi" if reason == "riichi_noten" else "invalid_kan_after_riichi"
        extras = [("drawn", self.drawn), ("kantile", kan)]
        if st.seats[self.seat].riichi:
            self._fault(st, offence, self.picker.notation(extras), lines)
        else:
            lines.append(self.tr("%1 has not declared riichi.").replace("%1", self._player(st)))
        self._show("error", verdict, "\n".join(lines))

    def _current_win_tile(self) -> str | None:
        if self.win_tile and self.win_tile in self.picker.concealed:
            return self.win_tile
        return self.picker.concealed[-1] if self.picker.concealed else None

    def _run_win(self, st) -> None:
        melds, kans = self.picker.called_melds(), self.picker.concealed_kans()
        need = self._need(14, len(melds) + len(kans))
        if len(self.picker.concealed) != need:
            self._show("", self._count_prompt(need, self.tr("A winning hand")), "")
            return
        win = self._current_win_tile()
        tsumo = self.tsumo.isChecked()
        r = hands.check_win(
            self.picker.concealed_notation(),
            win,
            melds,
            kans,
            tsumo=tsumo,
            riichi=self.riichi.isChecked(),
            seat_wind=st.wind_of(self.seat),
            round_wind="ESWN"[min(st.round_wind, 3)],
            counters=st.counters,
            options=hands.win_options(st.ruleset),
        )
        self.result = r
        lines = []
        if r.yaku:
            lines.append(self.tr("Yaku: %1").replace("%1", ", ".join(f"{y['name']} {y['han']}" for y in r.yaku)))
        if r.valid:
            if r.cost and r.han is not None and r.han >= 13 and r.cost.get("yaku_level"):
                verdict = self.tr("Valid win: %1").replace("%1", str(r.cost["yaku_level"]))
            else:
                verdict = self.tr("Valid win: %1 han %2 fu").replace("%1", str(r.han)).replace("%2", str(r.fu))
            lines.append(self._payment(r))
            lines.append(self.tr("Dora are not counted here."))
            self._show("info", verdict, "\n".join(lines))
            return
        texts = {
            "hand_not_winning": self.tr(
                "INVALID: not a winning hand (four sets and a pair, seven pairs or thirteen orphans)."
            ),
            "no_yaku": self.tr("INVALID: the hand has no yaku (dora do not count)."),
            "open_hand_riichi_not_allowed": self.tr("INVALID: riichi declared with an open hand."),
            "fewer_than_two_yaku": self.tr("INVALID: at %1 counters a win needs two yaku; this hand has %2.")
            .replace("%1", str(r.counters))
            .replace("%2", str(r.yaku_count)),
        }
        verdict = texts.get(r.reason or "", r.message)
        self._fault(st, "invalid_win_revealed", self.picker.notation([("tsumo" if tsumo else "ron", win)]), lines)
        self._show("error", verdict, "\n".join(lines))

    def _payment(self, r: hands.WinResult) -> str:
        cost = r.cost or {}
        main = int(cost.get("main", 0)) + int(cost.get("main_bonus", 0))
        other = int(cost.get("additional", 0)) + int(cost.get("additional_bonus", 0))
        if not r.tsumo:
            return self.tr("Ron: %1").replace("%1", points(main))
        if r.seat_wind == "E":
            return self.tr("Tsumo: %1 from each").replace("%1", points(main))
        return (
            self.tr("Tsumo: %1 from the dealer, %2 from the others")
            .replace("%1", points(main))
            .replace("%2", points(other))
        )

    # -- showing ----------------------------------------------------------------------------------------------

    def _fault(self, st, offence: str, notation: str, lines: list[str]) -> None:
        if offence not in st.ruleset.offences:
            lines.append(self.tr("%1 is not an offence of this rule set.").replace("%1", offence_name(offence)))
            return
        self.fault = (offence, notation)

    def _show(self, role: str, verdict: str, detail: str) -> None:
        for key, label in self.verdicts.items():
            mine = key == (role or "question")
            set_text(label, verdict if mine else "")
            set_shown(label, mine and bool(verdict))
        set_text(self.detail, detail)
        set_shown(self.detail, bool(detail))
        set_shown(self.strip, bool(self.strip.tiles()))
        st = self.controller.state
        if self.fault is not None and st is not None:
            player = self._player(st)
            offence = self.fault[0]
            text = {
                "noten_riichi": self.tr("Record noten riichi for %1"),
                "invalid_kan_after_riichi": self.tr("Record invalid kan after riichi for %1"),
                "invalid_win_revealed": self.tr("Record invalid win (hand revealed) for %1"),
            }[offence]
            if self.record_button.full_text() != text.replace("%1", player):
                self.record_button.setText(text.replace("%1", player))
        set_shown(self.record_button, self.fault is not None)

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
        self.record.emit(self.seat, offence, notation)

    # -- texts ------------------------------------------------------------------------------------------------

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        labels = {"waits": self.tr("Waits"), "kan": self.tr("Kan after riichi"), "win": self.tr("Win")}
        for key, b in self.check.buttons.items():
            b.setText(labels[key])
        self.back_button.setText(self.tr("Back"))
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
