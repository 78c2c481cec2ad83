"""The hand-result form: what ended the hand (ron, tsumo, exhaustive draw, abortive draw where the rule set has
them), who, and each winner's value. Every tap is checked at once: the winner cannot be the discarder, a value must
be entered, a riichi player marked noten at a draw is flagged (a noten riichi, or noten: the referee says which);
Preview stays off, and the form says why, until the entry can be previewed.

In landscape the values sit beside the winners (no scrolling for an ordinary ron); in portrait below them.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent, QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QGridLayout, QHBoxLayout, QVBoxLayout, QWidget

from ...domain.table import TableState
from ..common.flow_widgets import MainButton, scroll, title_label, wrapped_label
from ..common.widgets import BigButton, Segmented, Toggle
from .value import ValueEditor, clear_choice

WIDE = 940  # px of width from which the values sit beside the winners
REASONS = ("nine terminals", "four winds", "four riichi", "four kans", "triple ron")


class NotenFlag(QWidget):
    """A riichi player marked noten at an exhaustive draw: rule a noten riichi, or record the player noten."""

    def __init__(self, seat: int, parent: QWidget):
        super().__init__(parent)
        self.seat = seat
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 4, 0, 4)
        self.text = wrapped_label(self, "badge", f"noten_riichi_{seat}")
        lay.addWidget(self.text)
        row = QHBoxLayout()
        self.rule_button = BigButton("", self, role="danger")
        self.rule_button.setObjectName(f"rule_noten_riichi_{seat}")
        self.noten_button = Toggle("", self)
        self.noten_button.setObjectName(f"keep_noten_{seat}")
        row.addWidget(self.rule_button)
        row.addWidget(self.noten_button)
        lay.addLayout(row)


class HandResultPanel(QWidget):
    """Emits ``changed`` on every tap, ``preview``/``cancel`` on its buttons, ``rule_noten_riichi(seat)``."""

    preview = Signal()
    cancel = Signal()
    changed = Signal()
    rule_noten_riichi = Signal(int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        self.title = title_label("", self)
        self.title.setObjectName("hand_title")
        lay.addWidget(self.title)
        self.inner = QWidget(self)
        self.form = QVBoxLayout(self.inner)
        self.area = scroll(self.inner, self)
        lay.addWidget(self.area, 1)
        self.status = wrapped_label(self, "earlier", "hand_status")
        self.status.hide()
        lay.addWidget(self.status)
        row = QHBoxLayout()
        self.cancel_button = BigButton("", self, role="cancel")
        self.cancel_button.setObjectName("hand_cancel")
        self.next_button = MainButton("", self)
        self.next_button.setObjectName("hand_preview")
        row.addWidget(self.cancel_button, 1)
        row.addWidget(self.next_button, 2)
        lay.addLayout(row)
        self.cancel_button.clicked.connect(self.cancel)
        self.next_button.clicked.connect(self.preview)
        self.state: TableState | None = None
        self.editors: dict[int, ValueEditor] = {}
        self.seat_toggles: list[Toggle] = []
        self.noten_riichi_flags: dict[int, NotenFlag] = {}
        self._conflict = ""  # a tap taken back (the winner tapped as discarder...): said until the next tap
        self._wide: bool | None = None
        self.retranslate()

    # -- building ---------------------------------------------------------------------------------------------

    def build(self, state: TableState) -> None:
        """A fresh form for the hand in play: nothing chosen but Ron."""
        self.state = state
        self.inner = QWidget()
        self.form = QVBoxLayout(self.inner)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.editors, self.seat_toggles, self.noten_riichi_flags, self._conflict = {}, [], {}, ""
        self.nagashi_toggles: list[Toggle] = []
        names = [s.player for s in state.seats]
        kinds = ["ron", "tsumo", "draw"]
        if state.ruleset and state.ruleset.scoring.abortive_draws:
            kinds.append("abortive")
        self.kind = Segmented([(k, "") for k in kinds], 4, self.inner)
        self.kind.setObjectName("kind")
        self.form.addWidget(self.kind)
        self.columns = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.form.addLayout(self.columns)
        self.left = QWidget(self.inner)
        self.left.setObjectName("hand_who")
        left = QVBoxLayout(self.left)
        left.setContentsMargins(0, 0, 0, 0)
        self.right = QWidget(self.inner)
        self.right.setObjectName("hand_values")
        self.editor_box = QVBoxLayout(self.right)
        self.editor_box.setContentsMargins(0, 0, 0, 0)
        self.columns.addWidget(self.left, 1)
        self.columns.addWidget(self.right, 1)
        self.who_label = wrapped_label(self.left, "question", "who_label")
        left.addWidget(self.who_label)
        grid = QGridLayout()
        for i, n in enumerate(names):
            t = Toggle(n, self.left)
            t.setObjectName(f"seat_{i}")
            t.setEnabled(not state.seats[i].dead_hand)
            t.toggled.connect(lambda on, seat=i: self._seat_tapped(seat, on))
            self.seat_toggles.append(t)
            grid.addWidget(t, i // 2, i % 2)
        left.addLayout(grid)
        self.discarder_label = wrapped_label(self.left, "question", "discarder_label")
        left.addWidget(self.discarder_label)
        self.discarder = Segmented([(str(i), n) for i, n in enumerate(names)], 2, self.left)
        self.discarder.setObjectName("discarder")
        self.discarder.changed.connect(self._discarder_tapped)
        left.addWidget(self.discarder)
        self.reason = Segmented([(r, "") for r in REASONS], 2, self.left)
        self.reason.setObjectName("abortive_reason")
        self.reason.changed.connect(lambda _k: self._touched())
        left.addWidget(self.reason)
        # nagashi mangan, at an exhaustive draw where the rule set pays it (a dead hand cannot make it)
        self.nagashi_label = wrapped_label(self.left, "question", "nagashi_label")
        left.addWidget(self.nagashi_label)
        self.nagashi_grid = QWidget(self.left)
        self.nagashi_grid.setObjectName("nagashi")
        ngrid = QGridLayout(self.nagashi_grid)
        ngrid.setContentsMargins(0, 0, 0, 0)
        for i, n in enumerate(names):
            t = Toggle(n, self.nagashi_grid)
            t.setObjectName(f"nagashi_{i}")
            t.setEnabled(not state.seats[i].dead_hand)
            t.toggled.connect(lambda _on: self._touched())
            self.nagashi_toggles.append(t)
            ngrid.addWidget(t, i // 2, i % 2)
        left.addWidget(self.nagashi_grid)
        for i, s in enumerate(state.seats):
            if s.riichi and not s.dead_hand:
                flag = NotenFlag(i, self.left)
                flag.rule_button.clicked.connect(lambda _=False, seat=i: self.rule_noten_riichi.emit(seat))
                flag.noten_button.toggled.connect(lambda _on: self._touched())
                flag.rule_button.setVisible(bool(state.ruleset and "noten_riichi" in state.ruleset.offences))
                flag.hide()
                self.noten_riichi_flags[i] = flag
                left.addWidget(flag)
        left.addStretch(1)
        self.editor_box.addStretch(1)
        self.form.addStretch(1)
        self.kind.changed.connect(self._on_kind)
        self.kind.set_value("ron")
        self.area.setWidget(self.inner)  # (the form of the last hand is deleted with it)
        self._wide = None
        self._arrange()
        self.retranslate()
        self._on_kind("ron")

    def _arrange(self) -> None:
        """Values beside the winners when the page is wide enough, below them otherwise."""
        wide = self.width() >= WIDE
        if wide == self._wide or not hasattr(self, "columns"):
            return
        self._wide = wide
        self.columns.setDirection(QBoxLayout.Direction.LeftToRight if wide else QBoxLayout.Direction.TopToBottom)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._arrange()

    # -- taps -------------------------------------------------------------------------------------------------

    def _on_kind(self, kind: str) -> None:
        for t in self.seat_toggles:
            t.blockSignals(True)
            t.setChecked(False)
            t.setVisible(kind != "abortive")
            t.blockSignals(False)
        clear_choice(self.discarder)
        self.discarder_label.setVisible(kind == "ron")
        self.discarder.setVisible(kind == "ron")
        self.reason.setVisible(kind == "abortive")
        nagashi = kind == "draw" and self.nagashi_allowed()
        self.nagashi_label.setVisible(nagashi)
        self.nagashi_grid.setVisible(nagashi)
        for t in self.nagashi_toggles:
            t.blockSignals(True)
            t.setChecked(False)
            t.blockSignals(False)
        for flag in self.noten_riichi_flags.values():
            flag.noten_button.setChecked(False)
        self._conflict = ""
        self.retranslate()
        self._refresh_editors()
        self._touched(keep_conflict=False)

    def _seat_tapped(self, seat: int, on: bool) -> None:
        kind = self.kind.value()
        self._conflict = ""
        names = self._names()
        if on and kind == "tsumo":  # one winner: the toggles act as one choice
            for i, t in enumerate(self.seat_toggles):
                if i != seat and t.isChecked():
                    t.blockSignals(True)
                    t.setChecked(False)
                    t.blockSignals(False)
        if on and kind == "ron" and self.discarder.value() == str(seat):
            clear_choice(self.discarder)
            self._conflict = self.tr("%1 won: %1 cannot also be the discarder. Tap the discarder.").replace(
                "%1", names[seat]
            )
        if kind == "draw" and seat in self.noten_riichi_flags:
            self.noten_riichi_flags[seat].noten_button.setChecked(False)
        self._refresh_editors()
        self._touched(keep_conflict=True)

    def _discarder_tapped(self, key: str) -> None:
        seat = int(key)
        self._conflict = ""
        if self.seat_toggles[seat].isChecked():
            t = self.seat_toggles[seat]
            t.blockSignals(True)
            t.setChecked(False)
            t.blockSignals(False)
            name = self._names()[seat]
            self._conflict = self.tr("%1 discarded: %1 cannot also be a winner. Tap the winner.").replace("%1", name)
        self._refresh_editors()
        self._touched(keep_conflict=True)

    def _touched(self, keep_conflict: bool = False) -> None:
        if not keep_conflict:
            self._conflict = ""
        self._show_flags()
        self.changed.emit()

    def nagashi_allowed(self) -> bool:
        """Whether the rule set pays nagashi mangan (the form then offers it at an exhaustive draw)."""
        rs = self.state.ruleset if self.state is not None else None
        return rs is not None and rs.scoring.nagashi_mangan

    def _names(self) -> list[str]:
        return [s.player for s in self.state.seats] if self.state is not None else []

    def _refresh_editors(self) -> None:
        st = self.state
        if st is None:
            return
        kind = self.kind.value()
        wanted = [i for i, t in enumerate(self.seat_toggles) if t.isChecked()] if kind in ("ron", "tsumo") else []
        for seat in list(self.editors):
            if seat not in wanted or self.editors[seat].tsumo != (kind == "tsumo"):
                ed = self.editors.pop(seat)
                self.editor_box.removeWidget(ed)
                ed.hide()
                ed.deleteLater()
        rs = st.ruleset
        hands = tuple(rs.scoring.pao_hands) if rs is not None else ()
        for seat in wanted:
            if seat not in self.editors:
                ed = ValueEditor(self._names(), seat, kind == "tsumo", seat == st.dealer, self.right, pao_hands=hands)
                ed.changed.connect(self._touched)
                self.editors[seat] = ed
                order = sorted(self.editors).index(seat)
                self.editor_box.insertWidget(order, ed)

    def _show_flags(self) -> None:
        self.right.setVisible(bool(self.editors))  # a draw: the players take the whole width
        draw = self.kind.value() == "draw"
        for seat, flag in self.noten_riichi_flags.items():
            flag.setVisible(draw and not self.seat_toggles[seat].isChecked())

    # -- the entry --------------------------------------------------------------------------------------------

    def problem(self) -> str:
        """Why the entry cannot be previewed yet, in words ("" when it can)."""
        if self._conflict:
            return self._conflict
        kind = self.kind.value()
        names = self._names()
        winners = [i for i, t in enumerate(self.seat_toggles) if t.isChecked()]
        if kind in ("ron", "tsumo"):
            if kind == "ron" and not winners and self.discarder.value() is None:
                return self.tr("Tap the winner and the discarder.")
            if not winners:
                return self.tr("Tap the winner.")
            if kind == "ron" and self.discarder.value() is None:
                return self.tr("Tap the discarder.")
            for seat in sorted(self.editors):
                text = self.editors[seat].problem()
                if text:
                    return text
        elif kind == "abortive" and not self.reason.value():
            return self.tr("Choose why the hand was aborted.")
        elif kind == "draw":
            for seat, flag in self.noten_riichi_flags.items():
                if flag.isVisibleTo(self) and not flag.noten_button.isChecked():
                    return self.tr(
                        "%1 declared riichi and is marked noten: rule a noten riichi, or record as noten."
                    ).replace("%1", names[seat])
        return ""

    def event_fields(self) -> tuple[str, dict[str, Any]]:
        """The event type and fields described by the form (check :meth:`problem` first)."""
        kind = self.kind.value()
        checked = [i for i, t in enumerate(self.seat_toggles) if t.isChecked()]
        if kind == "draw":
            fields: dict[str, Any] = {"kind": "exhaustive", "tenpai": checked}
            nagashi = [i for i, t in enumerate(self.nagashi_toggles) if t.isChecked()]
            if nagashi and self.nagashi_allowed():
                fields["nagashi"] = nagashi
            return "draw", fields
        if kind == "abortive":
            return "draw", {"kind": "abortive", "reason": self.reason.value() or ""}
        winners = [self.editors[s].value() for s in sorted(self.editors)]
        if kind == "tsumo":
            return "win", {"kind": "tsumo", "winners": winners}
        d = self.discarder.value()
        return "win", {"kind": "ron", "discarder": int(d) if d is not None else None, "winners": winners}

    def prefill(self, kind: str, seat: int, han: int | None, fu: int | None, limit: str | None = None) -> None:
        """Fill in a win found by the hand check: the kind, the winner and the value (the referee checks it)."""
        self.kind.set_value(kind)
        self._on_kind(kind)
        self.seat_toggles[seat].setChecked(True)
        ed = self.editors.get(seat)
        if ed is not None:
            ed.set_value(han=han, fu=fu, limit=limit)
            ed.show_from_check()
        self._touched()

    def show_state(self, refusal: str) -> None:
        """Preview on only when nothing is missing and the ledger takes the entry; the form says why not."""
        text = self.problem() or refusal
        self.status.setText(text)
        self.status.setVisible(bool(text))
        self.next_button.setEnabled(not text)

    # -- texts and keys ---------------------------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.title.setText(self.tr("Hand result"))
        self.cancel_button.setText(self.tr("Cancel"))
        self.next_button.setText(self.tr("Preview"))
        if self.state is None or not hasattr(self, "kind"):
            return
        labels = {
            "ron": self.tr("Ron"),
            "tsumo": self.tr("Tsumo"),
            "draw": self.tr("Exhaustive draw"),
            "abortive": self.tr("Abortive draw"),
        }
        for key, b in self.kind.buttons.items():
            b.setText(labels[key])
        who = {
            "ron": self.tr("Winner (several for a multiple ron)"),
            "tsumo": self.tr("Winner"),
            "draw": self.tr("Tenpai players (a dead hand is always noten)"),
            "abortive": self.tr("Why"),
        }
        self.who_label.setText(who[self.kind.value() or "ron"])
        self.discarder_label.setText(self.tr("Discarder"))
        self.nagashi_label.setText(self.tr("Nagashi mangan (paid as a mangan tsumo, instead of the noten payments)"))
        reasons = {
            "nine terminals": self.tr("Nine terminals"),
            "four winds": self.tr("Four winds"),
            "four riichi": self.tr("Four riichi"),
            "four kans": self.tr("Four kans"),
            "triple ron": self.tr("Triple ron"),
        }
        for key, b in self.reason.buttons.items():
            b.setText(reasons[key])
        names = self._names()
        for seat, flag in self.noten_riichi_flags.items():
            flag.text.setText(
                self.tr("%1 declared riichi and is marked noten: a noten riichi?").replace("%1", names[seat])
            )
            flag.rule_button.setText(self.tr("Rule a noten riichi"))
            flag.noten_button.setText(self.tr("Record as noten"))

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if event.key() == Qt.Key.Key_Escape:
            self.cancel.emit()
            return
        super().keyPressEvent(event)


__all__ = ["HandResultPanel", "NotenFlag"]
