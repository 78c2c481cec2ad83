# size: one form whose places are measured once so that no tap moves them: its layout and its taps read together
"""The hand-result form: what ended the hand (ron, tsumo, exhaustive draw, abortive draw where the rule set has
them), who, and each winner's value. Every tap is checked at once: the winner cannot be the discarder, a value must
be entered, a riichi player marked noten at a draw is flagged (a noten riichi, or noten: the referee says which);
Preview stays off, and the form says why, until the entry can be previewed.

Nothing on the form moves while it is filled (a second tap at the same spot must never choose something else): the
winners, the discarder and the values keep their places from the first tap to Preview. In landscape the values sit
beside the winners (no scrolling for an ordinary ron) in a column of a fixed width, there before the first winner is
tapped; in portrait below them. The room of the scroll bar is kept; a value's parts are pages of one height; what is
asked as the form is filled (a riichi player marked noten) appears below what was tapped, in room of its own. At a
ron a tap on another player moves the win to that player: a second winner is an explicit step ("Multiple ron").
Where the rule set has a head bump, the callers after the first from the discarder's right are bumped: the form
asks only the winner's value, and says who wins and who is bumped where it speaks, above Preview.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QGridLayout, QHBoxLayout, QSizePolicy, QVBoxLayout, QWidget

from ...domain.table import TableState
from ..common.flow_widgets import QWIDGETSIZE_MAX, FitScroll, MainButton, title_label, wrapped_label
from ..common.widgets import BigButton, NameButton, Segmented, Toggle
from .value import ValueEditor, clear_choice

WIDE = 940  # px of width from which the values may sit beside the winners
REASONS = ("nine terminals", "four winds", "four riichi", "four kans", "triple ron")


def keep_room(widget: QWidget) -> None:
    """Hidden, ``widget`` keeps its room: what follows it does not move when it appears or goes."""
    policy = widget.sizePolicy()
    policy.setRetainSizeWhenHidden(True)
    widget.setSizePolicy(policy)


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
        self.area = FitScroll(self.inner, self, gutter=True)  # (the bar appearing moves nothing sideways)
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
        self.seat_toggles: list[NameButton] = []
        self.noten_riichi_flags: dict[int, NotenFlag] = {}
        self._order: list[int] = []  # the players tapped, in the order tapped (the first winner first)
        self._conflict = ""  # a tap taken back (the winner tapped as discarder...): said until the next tap
        self._wide: bool | None = None
        self._value_room: int | None = None  # the width a value needs at its widest (its liability open)
        self.retranslate()

    # -- building ---------------------------------------------------------------------------------------------

    def build(self, state: TableState) -> None:
        """A fresh form for the hand in play: nothing chosen but Ron."""
        self.state = state
        self.inner = QWidget()
        self.inner.installEventFilter(self)  # (its width sets the columns' widths)
        self.form = QVBoxLayout(self.inner)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.editors, self.seat_toggles, self.noten_riichi_flags, self._conflict = {}, [], {}, ""
        self._order = []
        self._value_room = None
        self.nagashi_toggles: list[NameButton] = []
        names = [s.player for s in state.seats]
        kinds = ["ron", "tsumo", "draw"]
        if state.ruleset and state.ruleset.scoring.abortive_draws:
            kinds.append("abortive")
        self.kind = Segmented([(k, "") for k in kinds], 4, self.inner)
        self.kind.setObjectName("kind")
        self.form.addWidget(self.kind)
        self.columns = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.columns.setSpacing(8)
        self.form.addLayout(self.columns)
        # who: the winners (or the tenpai players), the second winner's step, the discarder, an abortive draw's why
        self.left = QWidget(self.inner)
        self.left.setObjectName("hand_who")
        left = QVBoxLayout(self.left)
        left.setContentsMargins(0, 0, 0, 0)
        # the values, and what is asked as the form is filled (nagashi, a noten riichi)
        self.right = QWidget(self.inner)
        self.right.setObjectName("hand_values")
        right = QVBoxLayout(self.right)
        right.setContentsMargins(0, 0, 0, 0)
        self.columns.addWidget(self.left, 0)
        self.columns.addWidget(self.right, 1)
        # the question, and beside it at a ron the step to a second winner; the row is as tall as that button at
        # every kind, so that the seat buttons are at the same place for every kind
        self.who_row = QWidget(self.left)
        who = QHBoxLayout(self.who_row)
        who.setContentsMargins(0, 0, 0, 0)
        left.addWidget(self.who_row)
        self.who_label = wrapped_label(self.who_row, "question", "who_label")
        who.addWidget(self.who_label, 1)
        self.another = Toggle("", self.who_row)  # a second winner is a step of its own, never a stray tap
        self.another.setObjectName("another_ron")
        self.another.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.another.toggled.connect(self._another_tapped)
        who.addWidget(self.another, 0, Qt.AlignmentFlag.AlignBottom)
        grid = self.seat_grid = QGridLayout()  # two equal columns, whatever the names' lengths
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        for i, n in enumerate(names):
            t = NameButton(n, self.left)
            t.setObjectName(f"seat_{i}")
            t.setEnabled(not state.seats[i].dead_hand)
            t.toggled.connect(lambda on, seat=i: self._seat_tapped(seat, on))
            self.seat_toggles.append(t)
            grid.addWidget(t, i // 2, i % 2)
        left.addLayout(grid)
        self.discarder_label = wrapped_label(self.left, "question", "discarder_label")
        left.addWidget(self.discarder_label)
        self.discarder = Segmented([(str(i), n) for i, n in enumerate(names)], 2, self.left, names=True)
        self.discarder.setObjectName("discarder")
        self.discarder.changed.connect(self._discarder_tapped)
        left.addWidget(self.discarder)
        self.reason = Segmented([(r, "") for r in REASONS], 1, self.left)  # (one a row: the column stays narrow)
        self.reason.setObjectName("abortive_reason")
        self.reason.changed.connect(lambda _k: self._touched())
        left.addWidget(self.reason)
        left.addStretch(1)
        self.value_hint = wrapped_label(self.right, "note", "value_hint")
        right.addWidget(self.value_hint)
        self.editor_box = QVBoxLayout()  # the values, in the order their winners were tapped
        self.editor_box.setContentsMargins(0, 0, 0, 0)
        right.addLayout(self.editor_box)
        # nagashi mangan, at an exhaustive draw where the rule set pays it (a dead hand cannot make it)
        self.nagashi_label = wrapped_label(self.right, "question", "nagashi_label")
        right.addWidget(self.nagashi_label)
        self.nagashi_grid = QWidget(self.right)
        self.nagashi_grid.setObjectName("nagashi")
        ngrid = QGridLayout(self.nagashi_grid)
        ngrid.setContentsMargins(0, 0, 0, 0)
        ngrid.setColumnStretch(0, 1)
        ngrid.setColumnStretch(1, 1)
        for i, n in enumerate(names):
            t = NameButton(n, self.nagashi_grid)
            t.setObjectName(f"nagashi_{i}")
            t.setEnabled(not state.seats[i].dead_hand)
            t.toggled.connect(lambda _on: self._touched())
            self.nagashi_toggles.append(t)
            ngrid.addWidget(t, i // 2, i % 2)
        right.addWidget(self.nagashi_grid)
        self.flags_box = QWidget(self.right)  # a riichi player marked noten: each flag keeps its room
        flags = QVBoxLayout(self.flags_box)
        flags.setContentsMargins(0, 0, 0, 0)
        for i, s in enumerate(state.seats):
            if s.riichi and not s.dead_hand:
                flag = NotenFlag(i, self.flags_box)
                flag.rule_button.clicked.connect(lambda _=False, seat=i: self.rule_noten_riichi.emit(seat))
                flag.noten_button.toggled.connect(lambda _on: self._touched())
                flag.rule_button.setVisible(bool(state.ruleset and "noten_riichi" in state.ruleset.offences))
                keep_room(flag)
                flag.hide()
                self.noten_riichi_flags[i] = flag
                flags.addWidget(flag)
        right.addWidget(self.flags_box)
        right.addStretch(1)
        self.form.addStretch(1)
        self.kind.changed.connect(self._on_kind)
        self.kind.set_value("ron")
        self.area.setWidget(self.inner)  # (the form of the last hand is deleted with it)
        self._wide = None
        self.retranslate()
        self._on_kind("ron")

    def _arrange(self) -> None:
        """The values beside the winners when the page is wide enough for both (the widest name on a seat button,
        a value with its liability open, the kind's own questions), below them otherwise; in landscape, the widths of
        the two columns follow the page's width only: half each, or more for the values when a value needs more.
        Measured from what the form may show, never from what it shows now: no tap changes them (a tap on another
        kind may: it is another form)."""
        if not hasattr(self, "columns"):
            return
        self.who_row.setMinimumHeight(max(self.another.minimumHeight(), self.another.sizeHint().height()))
        room = self.inner.width() - self.columns.spacing()
        values = max(self.value_room(), room // 2)
        left = room - values
        wide = self.width() >= WIDE and self._who_room() <= left and self._kind_room() <= values
        if wide != self._wide:
            self._wide = wide
            self.columns.setDirection(QBoxLayout.Direction.LeftToRight if wide else QBoxLayout.Direction.TopToBottom)
        if wide:
            self.left.setFixedWidth(left)
        else:
            self.left.setMinimumWidth(0)
            self.left.setMaximumWidth(QWIDGETSIZE_MAX)

    def _who_room(self) -> int:
        """The width the winners' column needs: two seat buttons side by side, the question and the step to a second
        winner beside it, an abortive draw's reasons."""
        space = self.seat_grid.spacing()
        widest = [
            max(b.sizeHint().width() for b in self.seat_toggles),
            max(b.sizeHint().width() for b in self.discarder.buttons.values()),
        ]
        reasons = max(b.sizeHint().width() for b in self.reason.buttons.values())
        words = max(self.who_label.fontMetrics().horizontalAdvance(w) for w in self.who_label.text().split() or [""])
        return max(2 * max(widest) + space, self.another.sizeHint().width() + space + words, reasons)

    def _kind_room(self) -> int:
        """The width the values' column needs for the kind shown: a value (see :meth:`value_room`), or at a draw
        the Nagashi mangan buttons and a riichi player's flag."""
        kind = self.kind.value()
        if kind in ("ron", "tsumo"):
            return self.value_room()
        if kind != "draw":
            return 0
        space = self.seat_grid.spacing()
        need = [2 * max(t.sizeHint().width() for t in self.nagashi_toggles) + space] if self.nagashi_allowed() else []
        for flag in self.noten_riichi_flags.values():
            need.append(flag.rule_button.sizeHint().width() + flag.noten_button.sizeHint().width() + space)
        return max(need, default=0)

    def value_room(self) -> int:
        """The width a winner's value needs at its widest (its liability questions open), in this language."""
        if self._value_room is None:
            names = self._names()
            rs = self.state.ruleset if self.state is not None else None
            hands = tuple(rs.scoring.pao_hands) if rs is not None else ()
            seat = min(range(len(names)), key=lambda i: len(names[i]))  # (the three longest names to be liable)
            probe = ValueEditor(names, seat, False, False, self.right, pao_hands=hands)
            probe.hide()
            probe.pao_toggle.setChecked(True)
            probe.ensurePolished()
            self._value_room = probe.minimumSizeHint().width()
            probe.setParent(None)
            probe.deleteLater()
        return self._value_room

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if watched is self.inner and event.type() == QEvent.Type.Resize:
            self._arrange()
        return super().eventFilter(watched, event)

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
        self._order = []
        self.another.blockSignals(True)
        self.another.setChecked(False)
        self.another.blockSignals(False)
        self.another.setVisible(kind == "ron")
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
        self.flags_box.setVisible(kind == "draw")
        self._conflict = ""
        self.retranslate()
        self._arrange()
        self._refresh_editors()
        self._touched(keep_conflict=False)

    def _uncheck(self, seat: int) -> None:
        t = self.seat_toggles[seat]
        t.blockSignals(True)
        t.setChecked(False)
        t.blockSignals(False)
        self._order = [s for s in self._order if s != seat]

    def _seat_tapped(self, seat: int, on: bool) -> None:
        kind = self.kind.value()
        self._conflict = ""
        names = self._names()
        if on and (kind == "tsumo" or (kind == "ron" and not self.another.isChecked())):
            for i, t in enumerate(self.seat_toggles):  # one winner: the toggles act as one choice
                if i != seat and t.isChecked():
                    self._uncheck(i)
        self._order = [s for s in self._order if s != seat] + ([seat] if on else [])
        if on and kind == "ron" and self.discarder.value() == str(seat):
            clear_choice(self.discarder)
            self._conflict = self.tr("%1 won: %1 cannot also be the discarder. Tap the discarder.").replace(
                "%1", names[seat]
            )
        if kind == "draw" and seat in self.noten_riichi_flags:
            self.noten_riichi_flags[seat].noten_button.setChecked(False)
        self._refresh_editors()
        self._touched(keep_conflict=True)

    def _another_tapped(self, on: bool) -> None:
        """Multiple ron: another player called ron on the same discard, the seat buttons take a second winner.
        Taken back, the first winner tapped stays the only one."""
        self._conflict = ""
        if not on:
            for seat in self.callers()[1:]:
                self._uncheck(seat)
        self._refresh_editors()
        self._touched()

    def _discarder_tapped(self, key: str) -> None:
        seat = int(key)
        self._conflict = ""
        if self.seat_toggles[seat].isChecked():
            self._uncheck(seat)
            name = self._names()[seat]
            self._conflict = self.tr("%1 discarded: %1 cannot also be a winner. Tap the winner.").replace("%1", name)
        self._refresh_editors()  # (a head bump: the discarder says who wins)
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

    def head_bump(self) -> bool:
        """Whether the rule set has a head bump: of several players calling ron on one discard, only the first from
        the discarder's right wins."""
        rs = self.state.ruleset if self.state is not None else None
        return rs is not None and rs.scoring.multiple_ron == "head_bump"

    def _names(self) -> list[str]:
        return [s.player for s in self.state.seats] if self.state is not None else []

    def callers(self) -> list[int]:
        """The players tapped as winners (at a draw, as tenpai), in the order they were tapped."""
        checked = [i for i, t in enumerate(self.seat_toggles) if t.isChecked()]
        return [s for s in self._order if s in checked] + [s for s in checked if s not in self._order]

    def winners_and_bumped(self) -> tuple[list[int], list[int]]:
        """The winners whose value is asked, in the order tapped, and the players bumped by a head bump: the
        callers after the first from the discarder's right (before the discarder is tapped, the first tapped)."""
        kind = self.kind.value()
        if kind not in ("ron", "tsumo"):
            return [], []
        callers = self.callers()
        if kind == "ron" and self.head_bump() and len(callers) > 1:
            d = self.discarder.value()
            if d is not None:
                callers = sorted(callers, key=lambda s: (s - int(d)) % 4)
            return callers[:1], callers[1:]
        return callers, []

    def _refresh_editors(self) -> None:
        st = self.state
        if st is None:
            return
        tsumo = self.kind.value() == "tsumo"
        wanted = self.winners_and_bumped()[0]
        for seat in list(self.editors):
            if seat not in wanted or self.editors[seat].tsumo != tsumo:
                ed = self.editors.pop(seat)
                self.editor_box.removeWidget(ed)
                ed.hide()
                ed.deleteLater()
        rs = st.ruleset
        hands = tuple(rs.scoring.pao_hands) if rs is not None else ()
        for seat in wanted:
            if seat not in self.editors:  # below the values already there: none of them moves
                ed = ValueEditor(self._names(), seat, tsumo, seat == st.dealer, self.right, pao_hands=hands)
                ed.changed.connect(self._touched)
                self.editors[seat] = ed
                self.editor_box.addWidget(ed)

    def _show_flags(self) -> None:
        kind = self.kind.value()
        self.value_hint.setVisible(kind in ("ron", "tsumo") and not self.editors)
        draw = kind == "draw"
        for seat, flag in self.noten_riichi_flags.items():
            flag.setVisible(draw and not self.seat_toggles[seat].isChecked())

    def bump_text(self) -> str:
        """A head bump in words, said where the form speaks (above Preview): who wins, and who is bumped (no value
        is asked); before the discarder is tapped, that the discarder decides (the form then asks for it)."""
        winners, bumped = self.winners_and_bumped()
        if not bumped:
            return ""
        names = self._names()
        d = self.discarder.value()
        if d is None:
            return self.tr("Head bump: only the first player from the discarder's right wins.")
        parts = [
            self.tr("Head bump: %1 wins, the first from %2's right.")
            .replace("%1", names[winners[0]])
            .replace("%2", names[int(d)])
        ]
        for seat in bumped:
            parts.append(self.tr("%1 is bumped: no value is asked.").replace("%1", names[seat]))
        return " ".join(parts)

    # -- the entry --------------------------------------------------------------------------------------------

    def problem(self) -> str:
        """Why the entry cannot be previewed yet, in words ("" when it can)."""
        if self._conflict:
            return self._conflict
        kind = self.kind.value()
        names = self._names()
        winners = self.callers()
        if kind in ("ron", "tsumo"):
            if kind == "ron" and not winners and self.discarder.value() is None:
                return self.tr("Tap the winner and the discarder.")
            if not winners:
                return self.tr("Tap the winner.")
            if kind == "ron" and self.another.isChecked() and len(winners) < 2:
                return self.tr("Multiple ron: tap the other player who called ron (or take back Multiple ron).")
            if kind == "ron" and self.discarder.value() is None:
                return self.tr("Tap the discarder.")
            for seat in self.editors:
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
        asked, bumped = self.winners_and_bumped()
        winners = [self.editors[s].value() for s in sorted(asked) if s in self.editors]
        if kind == "tsumo":
            return "win", {"kind": "tsumo", "winners": winners}
        d = self.discarder.value()
        fields = {"kind": "ron", "discarder": int(d) if d is not None else None, "winners": winners}
        if bumped:  # a head bump: the players bumped, with no value (they receive nothing)
            fields["bumped"] = bumped
        return "win", fields

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
        """Preview on only when nothing is missing and the ledger takes the entry; the form says why not, and a
        head bump (who wins, who is bumped) before that."""
        text = self.problem() or refusal
        said = " ".join(t for t in (self.bump_text(), text) if t)
        self.status.setText(said)
        self.status.setVisible(bool(said))
        self.next_button.setEnabled(not text)

    # -- texts and keys ---------------------------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            self._value_room = None  # (the words of a value take another width)
            self._arrange()
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
            "ron": self.tr("Winner"),
            "tsumo": self.tr("Winner"),
            "draw": self.tr("Tenpai players (a dead hand is always noten)"),
            "abortive": self.tr("Why"),
        }
        self.who_label.setText(who[self.kind.value() or "ron"])
        self.discarder_label.setText(self.tr("Discarder"))
        self.another.setText(self.tr("Multiple ron"))
        self.value_hint.setText(self.tr("The value of the winner's hand is asked here once the winner is tapped."))
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
