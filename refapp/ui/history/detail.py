"""One history entry as stored: the ruling, whether (when, by whom, why) it was voided, when and where, the
referee, the rule set, the answers, the hand attached, who paid whom, the sticks, counters and dealer, the citation
and the note. Every value in words."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from ...domain.hands import HandError
from ...domain.offences import QUESTIONS
from ...domain.rules import RuleSet
from ...domain.rulings import questions_for
from ...domain.stored import RulingKind, StoredEffect
from ..ruling import _title, scroll
from ..texts import points, round_name, ruleset_text, ruling_name, signed
from ..tile_picker import TileStrip, hand_groups
from ..widgets import BigButton
from .format import answer_line, by_text, extra_text, hand_text, offence_text, ruling_text, time_text, void_reason_text

if TYPE_CHECKING:
    from ...store.history_detail import IncidentExtra


def _label(parent: QWidget, name: str, role: str = "") -> QLabel:
    lab = QLabel(parent)
    lab.setObjectName(name)
    lab.setWordWrap(True)
    if role:
        lab.setProperty("role", role)
    return lab


class DetailPage(QWidget):
    back = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        self.title = _title("", self)
        lay.addWidget(self.title)
        inner = QWidget(self)
        body = QVBoxLayout(inner)
        self.voided = _label(inner, "detail_voided", "error")
        self.ruling = _label(inner, "detail_ruling", "ruling")
        self.remarks = _label(inner, "detail_remarks", "earlier")
        self.when = _label(inner, "detail_when")
        self.answers = _label(inner, "detail_answers")
        self.hand_label = _label(inner, "detail_hand")  # the hand attached by the hand checker, as tiles too
        self.hand = TileStrip(inner, 48)
        self.hand.setObjectName("detail_hand_tiles")
        self.table_box = QWidget(inner)
        self.table = QGridLayout(self.table_box)
        self.table.setContentsMargins(0, 8, 0, 8)
        self.table.setHorizontalSpacing(28)
        self.moved = _label(inner, "detail_moved")
        self.facts = _label(inner, "detail_facts")
        self.citation = _label(inner, "detail_citation", "citation")
        self.note = _label(inner, "detail_note", "note")
        for w in (self.voided, self.ruling, self.remarks, self.when, self.answers, self.hand_label, self.hand):
            body.addWidget(w)
        body.addWidget(self.table_box, 0, Qt.AlignmentFlag.AlignLeft)
        for w in (self.moved, self.facts, self.citation, self.note):
            body.addWidget(w)
        body.addStretch(1)
        lay.addWidget(scroll(inner, self), 1)
        self.back_button = BigButton("", self, role="cancel")
        self.back_button.setObjectName("back")
        self.back_button.clicked.connect(self.back)
        lay.addWidget(self.back_button)
        self._cells: list[QLabel] = []
        self._positions: list[tuple[int, int]] = []  # each cell's row and column
        self._shown: tuple[dict[str, Any], IncidentExtra, Mapping[str, RuleSet]] | None = None

    def retranslate(self) -> None:
        self.back_button.setText(self.tr("Back to the list"))
        if self._shown is not None:
            self.show_entry(*self._shown)  # from what was read: no store access (the store may be closing)

    # -- one entry ----------------------------------------------------------------------------------------------

    def show_entry(self, row: dict[str, Any], extra: IncidentExtra, rulesets: Mapping[str, RuleSet]) -> None:
        self._shown = (row, extra, rulesets)
        effect = StoredEffect.from_json(row.get("ruling"))
        ruling = effect.ruling
        rs = rulesets.get(str(row.get("ruleset_id") or ""))
        names = extra.names

        def name(seat: int) -> str:
            return names[seat] if 0 <= seat < len(names) else self.tr("Seat %1").replace("%1", str(seat + 1))

        self.title.setText(
            self.tr("%1 — %2").replace("%1", offence_text(row.get("offence"))).replace("%2", row.get("player") or "")
        )
        self._show_void(bool(row.get("voided")), extra)
        self.ruling.setText(self._ruling_text(row, effect, rs, rulesets))
        self.ruling.setVisible(bool(self.ruling.text()))
        remarks = []
        if ruling is not None and ruling.warning_number:
            remarks.append(self.tr("Warning number %1 for this player.").replace("%1", str(ruling.warning_number)))
        if ruling is not None and ruling.voided_by_win:
            remarks.append(self.tr("Voided by a simultaneous win."))
        self.remarks.setText("\n".join(remarks))
        self.remarks.setVisible(bool(remarks))
        lines = [
            self.tr("When: %1").replace("%1", time_text(row["at"], long=True)),
            self.tr("Where: table %1, hanchan %2, %3, counters: %4")
            .replace("%1", str(row.get("table")))
            .replace("%2", str(row.get("hanchan")))
            .replace("%3", hand_text(row))
            .replace("%4", str(row.get("counters") or 0)),
            self.tr("Entered by: %1").replace("%1", by_text(row.get("referee"))),
        ]
        if rs is not None:
            lines.append(self.tr("Rule set: %1").replace("%1", ruleset_text(rs.name)))
        self.when.setText("\n".join(lines))
        self._show_answers(row, rs)
        self._show_hand(extra.hand_tiles)
        self._fill_transfers(effect, name)
        self.facts.setText("\n".join(self._facts(effect, name)))
        self.facts.setVisible(bool(self.facts.text()))
        citation = ruling.citation if ruling is not None else ""
        if citation:
            prefix = ruleset_text(rs.name) + " " if rs is not None else ""
            self.citation.setText(prefix + ruleset_text(citation))
        self.citation.setVisible(bool(citation))
        note = row.get("note") or ""
        self.note.setText(self.tr("Note: %1").replace("%1", note))
        self.note.setVisible(bool(note))

    def _show_void(self, voided: bool, extra: IncidentExtra) -> None:
        void = extra.void
        if voided and void is not None:
            text = (
                self.tr("VOIDED on %1 by %2: %3")
                .replace("%1", time_text(void.at, long=True))
                .replace("%2", by_text(void.by))
                .replace("%3", void_reason_text(void.reason))
            )
        else:
            text = self.tr("VOIDED")
        self.voided.setText(text)
        self.voided.setVisible(voided)

    def _ruling_text(
        self, row: dict[str, Any], effect: StoredEffect, rs: RuleSet | None, rulesets: Mapping[str, RuleSet]
    ) -> str:
        ruling = effect.ruling
        if ruling is None:
            return ""
        kind = ruling.kind
        if kind is RulingKind.POINT_PENALTY:
            scope = self.tr("overall score") if ruling.overall_scope else self.tr("table score")
            return (
                self.tr("%1 — %2 (%3)")
                .replace("%1", ruling_name(kind.value))
                .replace("%2", points(ruling.amount))
                .replace("%3", scope)
            )
        text = ruling_text(row, rulesets)
        if kind is RulingKind.CHOMBO and rs is not None and ruling.amount:
            if rs.chombo.mode in ("overall_points", "after_uma"):
                where = (
                    self.tr("from the overall score")
                    if rs.chombo.mode == "overall_points"
                    else self.tr("from the hanchan result, after uma")
                )
                text = self.tr("%1 — %2 %3").replace("%1", text).replace("%2", points(ruling.amount))
                text = text.replace("%3", where)
        return text

    def _show_answers(self, row: dict[str, Any], rs: RuleSet | None) -> None:
        answers = row.get("answers") or {}
        if not answers:
            self.answers.hide()
            return
        order = list(QUESTIONS)
        if rs is not None and row.get("offence") in rs.offences:
            order = questions_for(rs, str(row["offence"])) + order  # as the referee was asked
        lines = [self.tr("Answers:")]
        for qid in sorted(answers, key=lambda q: order.index(q) if q in order else len(order)):
            lines.append(answer_line(qid, answers[qid]))
        self.answers.setText("\n".join(lines))
        self.answers.show()

    def _show_hand(self, hand: str) -> None:
        try:
            groups = hand_groups(hand)
        except HandError:  # stored by a newer version, or damaged: the notation alone
            groups = []
        self.hand_label.setText(self.tr("Hand: %1").replace("%1", hand))
        self.hand_label.setVisible(bool(hand))
        self.hand.set_groups(groups if len(groups) > 1 else [("", g) for _c, g in groups])
        self.hand.setVisible(bool(groups))

    def _fill_transfers(self, effect: StoredEffect, name: Callable[[int], str]) -> None:
        for c in self._cells:
            self.table.removeWidget(c)
            c.hide()  # deleteLater waits for the event loop: hidden at once so nothing overlaps
            c.deleteLater()
        self._cells, self._positions = [], []
        if not effect.moved_points:
            self.table_box.hide()
            self.moved.setText(self.tr("No points moved."))
            self.moved.show()
            return
        self.moved.hide()
        transfers, overall, extra = effect.transfers, effect.overall, effect.extra
        show_overall, show_extra = any(overall), any(any(e.values()) for e in extra)
        head = [self.tr("Player"), self.tr("Table score")]
        if show_overall:
            head.append(self.tr("Overall score"))
        if show_extra:
            head.append(self.tr("Other"))
        rows = [head]
        for i in range(max(len(transfers), len(overall))):
            row = [name(i), signed(transfers[i] if i < len(transfers) else 0)]
            if show_overall:
                row.append(signed(overall[i] if i < len(overall) else 0))
            if show_extra:
                e = extra[i] if i < len(extra) else {}
                row.append(", ".join(extra_text(k, v) for k, v in e.items() if v))
            rows.append(row)
        for r_i, row in enumerate(rows):
            for c_i, text in enumerate(row):
                lab = QLabel(text, self.table_box)
                lab.setProperty("role", "cell-head" if r_i == 0 else "cell")
                if r_i and c_i in (1, 2) and text[:1] in ("+", "−"):
                    lab.setProperty("sign", "plus" if text[0] == "+" else "minus")
                lab.setAlignment(
                    (Qt.AlignmentFlag.AlignRight if c_i else Qt.AlignmentFlag.AlignLeft) | Qt.AlignmentFlag.AlignVCenter
                )
                self.table.addWidget(lab, r_i, c_i)
                lab.show()  # a child added to a widget already shown once stays hidden unless shown
                self._cells.append(lab)
                self._positions.append((r_i, c_i))
        self.table_box.show()

    def transfer_texts(self) -> list[list[str]]:
        """The transfer table, header first (for tests and scripts)."""
        out: dict[tuple[int, int], str] = {}
        for cell, (r, c) in zip(self._cells, self._positions, strict=True):
            if cell.isVisibleTo(self):
                out[(r, c)] = cell.text()
        if not out:
            return []
        n_rows, n_cols = 1 + max(r for r, _ in out), 1 + max(c for _, c in out)
        return [[out.get((r, c), "") for c in range(n_cols)] for r in range(n_rows)]

    def _facts(self, effect: StoredEffect, name: Callable[[int], str]) -> list[str]:
        """What else the entry did, each only when it changed something."""
        out: list[str] = []
        if effect.off_table:
            out.append(self.tr("%1 points left the table (given to nobody).").replace("%1", points(effect.off_table)))
        if effect.sticks is not None and effect.sticks[0] != effect.sticks[1]:
            out.append(
                self.tr("Riichi sticks on the table: %1 → %2")
                .replace("%1", str(effect.sticks[0]))
                .replace("%2", str(effect.sticks[1]))
            )
        if effect.sticks_returned:
            out.append(
                self.tr("Riichi bets returned: %1").replace("%1", ", ".join(name(s) for s in effect.sticks_returned))
            )
        # after a hand (or a re-deal) the counters and the dealer are said even when they stay
        hand_over = effect.redeal or effect.game_over or (effect.hand is not None and effect.hand[0] != effect.hand[1])
        if effect.counters is not None and (hand_over or effect.counters[0] != effect.counters[1]):
            out.append(
                self.tr("Counters: %1 → %2")
                .replace("%1", str(effect.counters[0]))
                .replace("%2", str(effect.counters[1]))
            )
        if effect.dealer is not None and effect.dealer[0] != effect.dealer[1]:
            out.append(
                self.tr("Dealer: %1 → %2").replace("%1", name(effect.dealer[0])).replace("%2", name(effect.dealer[1]))
            )
        elif effect.dealer is not None and hand_over:
            out.append(self.tr("Dealer: %1 (stays)").replace("%1", name(effect.dealer[0])))
        if effect.redeal:
            out.append(self.tr("The same hand was re-dealt."))
        if effect.game_over:
            out.append(self.tr("The hanchan ended."))
        elif effect.hand is not None and effect.hand[0] != effect.hand[1]:
            out.append(self.tr("Next: %1").replace("%1", round_name(*effect.hand[1])))
        return out
