"""Hand results from the board: ron (one or several winners), tsumo, exhaustive draw with tenpai toggles, abortive
draw where the rule set has them. A value is han + fu, a limit, or plain points; a liable seat for pao."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QStackedWidget, QVBoxLayout, QWidget

from ..domain.events import LogError
from ..domain.ledger import TableState
from .ruling import PreviewPanel, _title, scroll
from .texts import pao_hand_name
from .widgets import BigButton, Segmented, Stepper, Toggle

FU = ["20", "25", "30", "40", "50", "60", "70", "80", "90", "100", "110"]
LIMITS = ["mangan", "haneman", "baiman", "sanbaiman", "yakuman"]


class ValueEditor(QWidget):
    """One winner's hand value."""

    def __init__(
        self,
        title: str,
        names: list[str],
        seat: int,
        tsumo: bool,
        dealer: bool,
        parent=None,
        pao_hands: tuple[str, ...] = (),
    ):
        super().__init__(parent)
        self.seat, self.tsumo, self.dealer = seat, tsumo, dealer
        lay = QVBoxLayout(self)
        head = QLabel(title, self)
        head.setProperty("role", "question")
        lay.addWidget(head)
        self.mode = Segmented(
            [("han", self.tr("Han + fu")), ("limit", self.tr("Limit")), ("points", self.tr("Points"))], 3, self
        )
        self.mode.setObjectName(f"mode_{seat}")
        lay.addWidget(self.mode)
        self.pages = QStackedWidget(self)
        # han + fu
        hp = QWidget(self)
        hl = QVBoxLayout(hp)
        hl.setContentsMargins(0, 0, 0, 0)
        self.han = Stepper(1, 13, 1, 1, hp)
        self.han.setObjectName(f"han_{seat}")
        self.fu = Segmented([(f, self.tr("%1 fu").replace("%1", f)) for f in FU], 6, hp)
        self.fu.setObjectName(f"fu_{seat}")
        self.fu.set_value("30")
        hl.addWidget(QLabel(self.tr("Han"), hp))
        hl.addWidget(self.han)
        hl.addWidget(QLabel(self.tr("Fu"), hp))
        hl.addWidget(self.fu)
        # limit
        lp = QWidget(self)
        ll = QVBoxLayout(lp)
        ll.setContentsMargins(0, 0, 0, 0)
        self.limit = Segmented([(x, _limit_name(x)) for x in LIMITS], 3, lp)
        self.limit.setObjectName(f"limit_{seat}")
        self.limit.set_value("mangan")
        self.yakuman = Stepper(1, 6, 1, 1, lp)
        ll.addWidget(self.limit)
        ll.addWidget(QLabel(self.tr("Yakuman multiple"), lp))
        ll.addWidget(self.yakuman)
        # points
        pp = QWidget(self)
        pl = QVBoxLayout(pp)
        pl.setContentsMargins(0, 0, 0, 0)
        label = self.tr("Each non-dealer pays") if tsumo else self.tr("The discarder pays")
        pl.addWidget(QLabel(label, pp))
        self.points = Stepper(100, 200000, 1000, 100, pp)
        self.points.setObjectName(f"points_{seat}")
        pl.addWidget(self.points)
        self.dealer_points = Stepper(100, 200000, 2000, 100, pp)
        if tsumo and not dealer:
            pl.addWidget(QLabel(self.tr("The dealer pays"), pp))
            pl.addWidget(self.dealer_points)
        for page in (hp, lp, pp):
            self.pages.addWidget(page)
        lay.addWidget(self.pages)
        lay.addWidget(QLabel(self.tr("Liable seat (pao)"), self))
        self.liable = Segmented(
            [("none", self.tr("None"))] + [(str(i), n) for i, n in enumerate(names) if i != seat], 4, self
        )
        self.liable.setObjectName(f"liable_{seat}")
        self.liable.set_value("none")
        lay.addWidget(self.liable)
        # the rule set's liability hands: a liable seat is entered with the hand it is liable for
        self.pao_label = QLabel(self.tr("Liable for"), self)
        self.pao_hand = Segmented([(h, pao_hand_name(h)) for h in pao_hands], 2, self)
        self.pao_hand.setObjectName(f"pao_hand_{seat}")
        if pao_hands:
            self.pao_hand.set_value(pao_hands[0])
        lay.addWidget(self.pao_label)
        lay.addWidget(self.pao_hand)
        self.liable.changed.connect(self._liable_changed)
        self._liable_changed("none")
        self.mode.changed.connect(lambda key: self.pages.setCurrentIndex(["han", "limit", "points"].index(key)))
        self.mode.set_value("han")

    def value(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat}
        mode = self.mode.value()
        if mode == "limit":
            out["limit"] = self.limit.value()
            if out["limit"] == "yakuman" and self.yakuman.value() > 1:
                out["yakuman"] = self.yakuman.value()
        elif mode == "points":
            out["points"] = self.points.value()
            if self.tsumo and not self.dealer:
                out["dealer_points"] = self.dealer_points.value()
        else:
            out["han"] = self.han.value()
            if self.han.value() < 5:
                out["fu"] = int(self.fu.value() or 30)
        liable = self.liable.value()
        if liable and liable != "none":
            out["liable"] = int(liable)
            if self.pao_hand.value():
                out["liable_hand"] = self.pao_hand.value()
        return out

    def _liable_changed(self, key: str) -> None:
        shown = bool(key and key != "none")
        self.pao_label.setVisible(shown)
        self.pao_hand.setVisible(shown)


def _limit_name(key: str) -> str:
    from PySide6.QtCore import QCoreApplication

    names = {
        "mangan": QCoreApplication.translate("Limit", "Mangan"),
        "haneman": QCoreApplication.translate("Limit", "Haneman"),
        "baiman": QCoreApplication.translate("Limit", "Baiman"),
        "sanbaiman": QCoreApplication.translate("Limit", "Sanbaiman"),
        "yakuman": QCoreApplication.translate("Limit", "Yakuman"),
    }
    return names[key]


class HandResultPanel(QWidget):
    """Choose what ended the hand, who, and the value; then preview."""

    preview = Signal()
    cancel = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        self.title = _title(self.tr("Hand result"), self)
        lay.addWidget(self.title)
        self.inner = QWidget(self)
        self.form = QVBoxLayout(self.inner)
        lay.addWidget(scroll(self.inner, self), 1)
        row = QHBoxLayout()
        self.cancel_button = BigButton(self.tr("Cancel"), self, role="cancel")
        self.next_button = BigButton(self.tr("Preview"), self, role="primary")
        row.addWidget(self.cancel_button)
        row.addWidget(self.next_button)
        lay.addLayout(row)
        self.cancel_button.clicked.connect(self.cancel)
        self.next_button.clicked.connect(self.preview)
        self.state: TableState | None = None
        self.editors: dict[int, ValueEditor] = {}

    def build(self, state: TableState) -> None:
        self.state = state
        while self.form.count():
            item = self.form.takeAt(0)
            if item.widget():
                item.widget().deleteLater()
        names = [s.player for s in state.seats]
        kinds = [("ron", self.tr("Ron")), ("tsumo", self.tr("Tsumo")), ("draw", self.tr("Exhaustive draw"))]
        if state.ruleset and state.ruleset.scoring.abortive_draws:
            kinds.append(("abortive", self.tr("Abortive draw")))
        self.kind = Segmented(kinds, 4, self.inner)
        self.kind.setObjectName("kind")
        self.form.addWidget(self.kind)
        alive = [not s.dead_hand for s in state.seats]
        # who
        self.who_label = QLabel(self.inner)
        self.who_label.setProperty("role", "question")
        self.form.addWidget(self.who_label)
        self.seat_toggles = []
        seat_row = QHBoxLayout()
        for i, n in enumerate(names):
            t = Toggle(n, self.inner)
            t.setObjectName(f"seat_{i}")
            t.toggled.connect(self._refresh_editors)
            self.seat_toggles.append(t)
            seat_row.addWidget(t)
        self.form.addLayout(seat_row)
        self.discarder_label = QLabel(self.tr("Discarder"), self.inner)
        self.discarder_label.setProperty("role", "question")
        self.form.addWidget(self.discarder_label)
        self.discarder = Segmented([(str(i), n) for i, n in enumerate(names)], 4, self.inner)
        self.discarder.setObjectName("discarder")
        self.discarder.changed.connect(self._refresh_editors)
        self.form.addWidget(self.discarder)
        self.reason = Segmented(
            [
                ("nine terminals", self.tr("Nine terminals")),
                ("four winds", self.tr("Four winds")),
                ("four riichi", self.tr("Four riichi")),
                ("four kans", self.tr("Four kans")),
                ("triple ron", self.tr("Triple ron")),
            ],
            3,
            self.inner,
        )
        self.form.addWidget(self.reason)
        self.editor_box = QVBoxLayout()
        self.form.addLayout(self.editor_box)
        self.form.addStretch(1)
        self._alive = alive
        self.kind.changed.connect(self._on_kind)
        self.kind.set_value("ron")
        self._on_kind("ron")

    def _on_kind(self, kind: str) -> None:
        texts = {
            "ron": self.tr("Winner(s)"),
            "tsumo": self.tr("Winner"),
            "draw": self.tr("Tenpai players (a dead hand is always noten)"),
            "abortive": self.tr("Why"),
        }
        self.who_label.setText(texts[kind])
        for i, t in enumerate(self.seat_toggles):
            t.setVisible(kind != "abortive")
            t.setEnabled(self._alive[i])
            t.setChecked(False)
        self.discarder_label.setVisible(kind == "ron")
        self.discarder.setVisible(kind == "ron")
        self.reason.setVisible(kind == "abortive")
        self._refresh_editors()

    def _refresh_editors(self, *_: Any) -> None:
        assert self.state is not None
        kind = self.kind.value()
        if kind == "tsumo":  # one winner: the toggles act as a choice
            checked = [i for i, t in enumerate(self.seat_toggles) if t.isChecked()]
            if len(checked) > 1:
                sender = self.sender()
                for t in self.seat_toggles:
                    if t is not sender:
                        t.blockSignals(True)
                        t.setChecked(False)
                        t.blockSignals(False)
        wanted = [i for i, t in enumerate(self.seat_toggles) if t.isChecked()] if kind in ("ron", "tsumo") else []
        if kind == "ron" and self.discarder.value() is not None:
            wanted = [i for i in wanted if i != int(self.discarder.value())]
        for seat in list(self.editors):
            if seat not in wanted or self.editors[seat].tsumo != (kind == "tsumo"):
                self.editors.pop(seat).deleteLater()
        names = [s.player for s in self.state.seats]
        for seat in wanted:
            if seat not in self.editors:
                title = self.tr("Value of %1's hand").replace("%1", names[seat])
                rs = self.state.ruleset
                hands = tuple(rs.scoring.pao_hands) if rs is not None else ()
                ed = ValueEditor(
                    title, names, seat, kind == "tsumo", seat == self.state.dealer, self.inner, pao_hands=hands
                )
                self.editors[seat] = ed
                self.editor_box.addWidget(ed)

    def event_fields(self) -> tuple[str, dict[str, Any]]:
        """The event type and fields described by the panel (validated by the ledger at preview)."""
        kind = self.kind.value()
        checked = [i for i, t in enumerate(self.seat_toggles) if t.isChecked()]
        if kind == "draw":
            return "draw", {"kind": "exhaustive", "tenpai": checked}
        if kind == "abortive":
            return "draw", {"kind": "abortive", "reason": self.reason.value() or ""}
        winners = [self.editors[s].value() for s in sorted(self.editors)]
        if kind == "tsumo":
            return "win", {"kind": "tsumo", "winners": winners}
        d = self.discarder.value()
        return "win", {"kind": "ron", "discarder": int(d) if d is not None else None, "winners": winners}


class HandResultFlow(QStackedWidget):
    finished = Signal()

    def __init__(self, controller, parent: QWidget | None = None):
        super().__init__(parent)
        self.controller = controller
        self.entry = HandResultPanel(self)
        self.preview_panel = PreviewPanel(self)
        self.addWidget(self.entry)
        self.addWidget(self.preview_panel)
        self.entry.cancel.connect(self.finished)
        self.entry.preview.connect(self.show_preview)
        self.preview_panel.cancel.connect(lambda: self.setCurrentWidget(self.entry))
        self.preview_panel.confirm.connect(self.confirm)
        self.event: dict[str, Any] | None = None

    def start(self) -> None:
        self.entry.build(self.controller.state)
        self.setCurrentWidget(self.entry)

    def show_preview(self) -> None:
        type_, fields = self.entry.event_fields()
        self.event = self.controller.new_event(type_, **fields)
        self.setCurrentWidget(self.preview_panel)
        title = self.tr("Hand result")
        if type_ == "win" and not fields["winners"]:
            self.preview_panel.title.setText(title)
            self.preview_panel.show_error(self.tr("Tap the winner first (the discarder cannot be a winner)."))
            self.preview_panel.confirm_button.setEnabled(False)
            return
        if type_ == "win" and fields["kind"] == "ron" and fields.get("discarder") is None:
            self.preview_panel.title.setText(title)
            self.preview_panel.show_error(self.tr("Tap the discarder first."))
            self.preview_panel.confirm_button.setEnabled(False)
            return
        try:
            from ..domain.events import parse_event

            parse_event(self.event)
            effect = self.controller.preview(self.event)
        except LogError as exc:
            self.preview_panel.title.setText(title)
            self.preview_panel.show_error(
                str(exc.message if exc.field in ("", "type") else f"{exc.field}: {exc.message}")
            )
            self.preview_panel.confirm_button.setEnabled(False)
            return
        self.preview_panel.show_effect(title, effect, self.controller.state)

    def confirm(self) -> None:
        if self.event is not None and self.controller.commit(self.event) is not None:
            self.event = None
            self.finished.emit()
        else:
            self.preview_panel.show_error(self.controller.last_error)
