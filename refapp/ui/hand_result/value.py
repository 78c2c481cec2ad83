"""One winner's hand value: han + fu, a limit, or plain points; a liable seat (pao) and the hand it is liable for.

Nothing is assumed: the han starts empty, no fu and no limit are chosen until tapped, so an untouched value is never
recorded as a hand. :meth:`ValueEditor.problem` says in words what is still missing or impossible.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, Signal
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from ...domain.offences import PAO_YAKUMAN
from ..common.flow_widgets import FlowStepper, OptionalStepper, wrapped_label
from ..common.texts import pao_hand_name
from ..common.widgets import Segmented, Toggle

FU = ["20", "25", "30", "40", "50", "60", "70", "80", "90", "100", "110"]
LIMITS = ["mangan", "haneman", "baiman", "sanbaiman", "yakuman"]


def limit_name(key: str) -> str:
    names = {
        "mangan": QCoreApplication.translate("Limit", "Mangan"),
        "haneman": QCoreApplication.translate("Limit", "Haneman"),
        "baiman": QCoreApplication.translate("Limit", "Baiman"),
        "sanbaiman": QCoreApplication.translate("Limit", "Sanbaiman"),
        "yakuman": QCoreApplication.translate("Limit", "Yakuman"),
    }
    return names.get(key, key)


def clear_choice(seg: Segmented) -> None:
    """Un-tap a segmented choice (nothing chosen)."""
    checked = seg.group.checkedButton()
    if checked is not None:
        seg.group.setExclusive(False)
        checked.setChecked(False)
        seg.group.setExclusive(True)


class ValueEditor(QWidget):
    """Emits ``changed`` on every tap."""

    changed = Signal()

    def __init__(
        self,
        names: list[str],
        seat: int,
        tsumo: bool,
        dealer: bool,
        parent: QWidget | None = None,
        pao_hands: tuple[str, ...] = (),
    ):
        super().__init__(parent)
        self.names, self.seat, self.tsumo, self.dealer = names, seat, tsumo, dealer
        self.setObjectName(f"value_{seat}")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.head = wrapped_label(self, "question", f"value_head_{seat}")
        lay.addWidget(self.head)
        self.note = wrapped_label(self, "note", f"value_note_{seat}")
        self.note.hide()
        lay.addWidget(self.note)
        self.mode = Segmented([("han", ""), ("limit", ""), ("points", "")], 3, self)
        self.mode.setObjectName(f"mode_{seat}")
        lay.addWidget(self.mode)
        # han + fu
        self.han_page = QWidget(self)
        hl = QGridLayout(self.han_page)
        hl.setContentsMargins(0, 0, 0, 0)
        self.han_label = QLabel(self.han_page)
        self.han = OptionalStepper(1, 13, 1, 1, self.han_page)
        self.han.setObjectName(f"han_{seat}")
        self.fu_label = QLabel(self.han_page)
        self.fu = Segmented([(f, f) for f in FU], 6, self.han_page)
        self.fu.setObjectName(f"fu_{seat}")
        hl.addWidget(self.han_label, 0, 0)
        hl.addWidget(self.han, 0, 1)
        hl.addWidget(self.fu_label, 1, 0)
        hl.addWidget(self.fu, 1, 1)
        hl.setColumnStretch(1, 1)
        lay.addWidget(self.han_page)
        # limit
        self.limit_page = QWidget(self)
        ll = QVBoxLayout(self.limit_page)
        ll.setContentsMargins(0, 0, 0, 0)
        self.limit = Segmented([(x, "") for x in LIMITS], 3, self.limit_page)
        self.limit.setObjectName(f"limit_{seat}")
        self.yakuman_row = QWidget(self.limit_page)
        yl = QHBoxLayout(self.yakuman_row)
        yl.setContentsMargins(0, 0, 0, 0)
        self.yakuman_label = QLabel(self.yakuman_row)
        self.yakuman = FlowStepper(1, 6, 1, 1, self.yakuman_row)
        self.yakuman.setObjectName(f"yakuman_{seat}")
        yl.addWidget(self.yakuman_label)
        yl.addWidget(self.yakuman, 1)
        ll.addWidget(self.limit)
        ll.addWidget(self.yakuman_row)
        lay.addWidget(self.limit_page)
        # points
        self.points_page = QWidget(self)
        pl = QVBoxLayout(self.points_page)
        pl.setContentsMargins(0, 0, 0, 0)
        self.points_label = QLabel(self.points_page)
        self.points = OptionalStepper(100, 200000, 1000, 100, self.points_page)
        self.points.setObjectName(f"points_{seat}")
        pl.addWidget(self.points_label)
        pl.addWidget(self.points)
        self.dealer_label = QLabel(self.points_page)
        self.dealer_points: OptionalStepper | None = None
        if tsumo and not dealer:  # a non-dealer's tsumo: the dealer pays his own amount
            self.dealer_points = OptionalStepper(100, 200000, 2000, 100, self.points_page)
            self.dealer_points.setObjectName(f"dealer_points_{seat}")
            pl.addWidget(self.dealer_label)
            pl.addWidget(self.dealer_points)
        else:
            self.dealer_label.hide()
        lay.addWidget(self.points_page)
        # liability (pao): folded away until asked for
        self.pao_toggle = Toggle("", self)
        self.pao_toggle.setObjectName(f"pao_{seat}")
        lay.addWidget(self.pao_toggle)
        self.liable = Segmented([(str(i), n) for i, n in enumerate(names) if i != seat], 3, self)
        self.liable.setObjectName(f"liable_{seat}")
        lay.addWidget(self.liable)
        self.pao_hands = pao_hands
        self.pao_label = QLabel(self)
        self.pao_hand = Segmented([(h, "") for h in pao_hands], 2, self)
        self.pao_hand.setObjectName(f"pao_hand_{seat}")
        lay.addWidget(self.pao_label)
        lay.addWidget(self.pao_hand)
        for seg in (self.mode, self.fu, self.limit, self.liable, self.pao_hand):
            seg.changed.connect(self._tapped)
        for step in (self.han, self.points, self.yakuman, self.dealer_points):
            if step is not None:
                step.value_changed.connect(self._tapped)
        self.pao_toggle.toggled.connect(self._tapped)
        self.mode.set_value("han")
        self.retranslate()
        self._show()

    # -- what is shown ----------------------------------------------------------------------------------------

    def _tapped(self, *_: Any) -> None:
        self._show()
        self.changed.emit()

    def _show(self) -> None:
        mode = self.mode.value()
        self.han_page.setVisible(mode == "han")
        han = self.han.value() if self.han.is_set() else 0
        needs_fu = han < 5
        self.fu.setVisible(needs_fu)
        self.fu_label.setVisible(needs_fu)
        self.limit_page.setVisible(mode == "limit")
        self.yakuman_row.setVisible(self.limit.value() == "yakuman")
        self.points_page.setVisible(mode == "points")
        pao = self.pao_toggle.isChecked()
        self.liable.setVisible(pao)
        shown = pao and bool(self.pao_hands)
        self.pao_label.setVisible(shown)
        self.pao_hand.setVisible(shown)

    def set_value(self, han: int | None = None, fu: int | None = None, limit: str | None = None) -> None:
        """Fill in a value found elsewhere (the hand check): han and fu, or a limit."""
        if limit:
            self.mode.set_value("limit")
            self.limit.set_value(limit)
        elif han:
            self.mode.set_value("han")
            self.han.set_value(han)
            if fu and str(fu) in self.fu.buttons and han < 5:
                self.fu.set_value(str(fu))
        self._show()

    # -- the value --------------------------------------------------------------------------------------------

    def value(self) -> dict[str, Any]:
        """The winner's fields of the event (check :meth:`problem` first)."""
        out: dict[str, Any] = {"seat": self.seat}
        mode = self.mode.value()
        if mode == "limit":
            if self.limit.value():
                out["limit"] = self.limit.value()
                if out["limit"] == "yakuman" and self.yakuman.value() > 1:
                    out["yakuman"] = self.yakuman.value()
        elif mode == "points":
            if self.points.is_set():
                out["points"] = self.points.value()
            if self.dealer_points is not None and self.dealer_points.is_set():
                out["dealer_points"] = self.dealer_points.value()
        elif self.han.is_set():
            out["han"] = self.han.value()
            if self.han.value() < 5 and self.fu.value():
                out["fu"] = int(self.fu.value() or 0)
        if self.pao_toggle.isChecked():
            liable = self.liable.value()
            if liable is not None:
                out["liable"] = int(liable)
            if self.pao_hand.value():
                out["liable_hand"] = self.pao_hand.value()
        return out

    def problem(self) -> str:
        """What is missing or impossible in this value, in words ("" when it can be previewed)."""
        who = self.names[self.seat]
        mode = self.mode.value()
        text = ""
        if mode == "limit":
            if not self.limit.value():
                text = self.tr("%1's hand: choose the limit.")
        elif mode == "points":
            if not self.points.is_set():
                text = self.tr("%1's hand: set the points.")
            elif self.dealer_points is not None and not self.dealer_points.is_set():
                text = self.tr("%1's hand: set what the dealer pays.")
        elif not self.han.is_set():
            text = self.tr("%1's hand: set the han and fu (or a limit, or points).")
        elif self.han.value() < 5 and not self.fu.value():
            text = self.tr("%1's hand: choose the fu.")
        elif self.han.value() == 1 and int(self.fu.value() or 0) < 30:
            text = self.tr("%1's hand: 1 han %2 fu does not exist (1 han needs 30 fu or more).").replace(
                "%2", str(self.fu.value())
            )
        if not text and self.pao_toggle.isChecked():
            if self.liable.value() is None:
                text = self.tr("%1's hand: tap the liable player (or take Liability back).")
            elif self.pao_hands and not self.pao_hand.value():
                text = self.tr("%1's hand: choose the hand the liable player is liable for.")
            elif self.pao_hand.value() in PAO_YAKUMAN and not self._is_yakuman():
                text = self.tr("%1's hand: %2 is a yakuman: enter it as Limit → Yakuman.").replace(
                    "%2", pao_hand_name(self.pao_hand.value() or "")
                )
        return text.replace("%1", who)

    def _is_yakuman(self) -> bool:
        mode = self.mode.value()
        if mode == "points":
            return True
        if mode == "limit":
            return self.limit.value() == "yakuman"
        return self.han.is_set() and self.han.value() >= 13

    # -- texts ------------------------------------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        who = self.names[self.seat]
        self.head.setText(self.tr("Value of %1's hand").replace("%1", who))
        labels = {"han": self.tr("Han + fu"), "limit": self.tr("Limit"), "points": self.tr("Points")}
        for key, b in self.mode.buttons.items():
            b.setText(labels[key])
        self.han_label.setText(self.tr("Han"))
        self.fu_label.setText(self.tr("Fu"))
        for key, b in self.limit.buttons.items():
            b.setText(limit_name(key))
        self.yakuman_label.setText(self.tr("Yakuman multiple"))
        self.points_label.setText(self.tr("Each non-dealer pays") if self.tsumo else self.tr("The discarder pays"))
        self.dealer_label.setText(self.tr("The dealer pays"))
        self.pao_toggle.setText(self.tr("Liability (pao)"))
        self.pao_label.setText(self.tr("Liable for"))
        for key, b in self.pao_hand.buttons.items():
            b.setText(pao_hand_name(key))
        if not self.note.isHidden():
            self.note.setText(self.tr("From the hand check: dora are not counted."))

    def show_from_check(self) -> None:
        self.note.setText(self.tr("From the hand check: dora are not counted."))
        self.note.show()
