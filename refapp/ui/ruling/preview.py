"""The preview of an entry before Confirm: the ruling or the hand in words (with its arithmetic), who pays whom, the
sticks, counters, dealer and next hand, the citation, the rule-set note and source badge, the player's history.

Every preview is drawn from scratch: :meth:`PreviewPanel.show_effect` sets or hides every part, and
:meth:`PreviewPanel.show_refusal` hides them all but the title and the reason, so nothing of an earlier preview can
stay on screen, in any language.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from ...domain.numbers import AmountKind, Unit, ruling_amount_kind, shown
from ...domain.table import Effect, TableState
from ..common.flow_widgets import MainButton, scroll, title_label, wrapped_label
from ..common.texts import (
    amount,
    club_rule_text,
    digits,
    headed,
    line_text,
    overall_unit,
    points,
    round_name,
    ruleset_text,
    ruling_name,
    signed,
    status_badge,
)
from ..common.widgets import BigButton, set_role


class PreviewPanel(QWidget):
    """Emits ``confirm``, ``back`` (one step back, the answers kept) and ``cancel`` (leave the flow)."""

    confirm = Signal()
    back = Signal()
    cancel = Signal()

    def __init__(self, parent: QWidget | None = None, with_back: bool = False):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        self.title = title_label("", self)
        self.title.setObjectName("preview_title")
        lay.addWidget(self.title)
        self.error = wrapped_label(self, "error", "preview_error")  # why there is no preview, or no Confirm
        self.error.hide()
        lay.addWidget(self.error)
        inner = QWidget(self)
        self.body = QVBoxLayout(inner)
        self.echo = wrapped_label(inner, "ruling", "preview_echo")  # a hand result in words, with its arithmetic
        self.ruling = wrapped_label(inner, "ruling", "preview_ruling")
        self.answers = wrapped_label(inner, "", "preview_answers")  # the referee's answers, restated
        self.lines = wrapped_label(inner, "", "preview_lines")
        self.table = QGridLayout()
        self.table.setHorizontalSpacing(24)
        self.facts = wrapped_label(inner, "", "preview_facts")
        self.citation = wrapped_label(inner, "citation", "preview_citation")
        self.note = wrapped_label(inner, "note", "preview_note")
        self.badge = wrapped_label(inner, "badge", "status_badge")  # the source status, when not verified
        self.earlier = wrapped_label(inner, "earlier", "preview_earlier")
        for w in (self.echo, self.ruling, self.answers, self.lines):
            self.body.addWidget(w)
        self.body.addLayout(self.table)
        for w in (self.facts, self.citation, self.badge, self.note, self.earlier):
            self.body.addWidget(w)
        self.body.addStretch(1)
        lay.addWidget(scroll(inner, self), 1)
        self.note_edit = QLineEdit(self)
        self.note_edit.setObjectName("preview_note_edit")
        self.note_edit.setMinimumHeight(48)
        self.note_edit.hide()
        lay.addWidget(self.note_edit)
        row = QHBoxLayout()
        self.back_button = BigButton("", self, role="cancel")
        self.back_button.setObjectName("preview_back")
        self.back_button.setVisible(with_back)  # a one-step confirmation (the end of a hanchan) has no Back
        self.cancel_button = BigButton("", self, role="cancel")
        self.cancel_button.setObjectName("preview_cancel")
        self.confirm_button = MainButton("", self)
        self.confirm_button.setObjectName("preview_confirm")
        row.addWidget(self.back_button, 1)
        row.addWidget(self.cancel_button, 1)
        row.addWidget(self.confirm_button, 2)
        lay.addLayout(row)
        self.back_button.clicked.connect(self.back)
        self.cancel_button.clicked.connect(self.cancel)
        self.confirm_button.clicked.connect(self.confirm)
        self._cells: dict[tuple[int, int], QLabel] = {}
        self.retranslate()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.back_button.setText(self.tr("Back"))
        self.cancel_button.setText(self.tr("Cancel"))
        self.confirm_button.setText(self.tr("Confirm"))
        self.note_edit.setPlaceholderText(self.tr("Note (optional)"))

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if event.key() == Qt.Key.Key_Escape:
            self.back.emit()
            return
        super().keyPressEvent(event)

    def first_focus(self) -> QWidget | None:
        """Where the keyboard starts: Confirm (else Back, else Cancel)."""
        for b in (self.confirm_button, self.back_button, self.cancel_button):
            if b.isEnabled() and not b.isHidden():
                return b
        return None

    # -- showing ----------------------------------------------------------------------------------------------

    def clear(self) -> None:
        """Nothing shown (a flow starting: no earlier preview may be seen again)."""
        self.show_refusal("", "")
        self.error.hide()

    def show_refusal(self, title: str, message: str) -> None:
        """No preview can be made: the title and why, nothing else; Confirm off."""
        self.title.setText(title)
        for w in (self.echo, self.ruling, self.answers, self.lines, self.facts, self.citation, self.note, self.badge):
            w.clear()
            w.hide()
        self.earlier.clear()
        self.earlier.hide()
        for lab in self._cells.values():
            lab.hide()
        self.note_edit.hide()
        self.error.setText(message)
        self.error.show()
        self.confirm_button.setEnabled(False)

    def show_error(self, message: str) -> None:
        """A refusal at Confirm (the store did not take it): said under the preview, which stays."""
        self.error.setText(message)
        self.error.show()

    def show_effect(
        self,
        title: str,
        effect: Effect,
        state: TableState,
        counts: dict[str, int] | None = None,
        player: str | None = None,
        echo: list[str] | None = None,
        note: str | None = None,
        skip: frozenset[str] = frozenset(),
        answers: list[str] | None = None,
    ) -> None:
        """The whole preview of ``effect`` on ``state``. ``echo``: the entry restated in words (first lines);
        ``counts``/``player``: the player's history; ``note``: the editable note (None: no note field); ``skip``:
        the ledger's lines the echo already says; ``answers``: the referee's answers in words."""
        _shown(self.error, False)
        self.confirm_button.setEnabled(True)
        self.title.setText(title)
        rs = state.ruleset
        names = [s.player for s in state.seats]
        r = effect.ruling
        if r is not None:
            text = ruling_name(r.kind, rs.chombo_word if rs else "chombo")
            if r.kind == "point_penalty":
                unit = rs.results.overall_unit if rs is not None else 1
                text += " — " + amount(shown(r.amount, ruling_amount_kind(r.kind, r.scope), unit))
                text += self.tr(" (overall score)") if r.scope == "overall" else self.tr(" (table score)")
            if r.explain:
                text += "\n" + ruleset_text(r.explain)
            self.ruling.setText(text)
        else:
            self.ruling.clear()
        _shown(self.ruling, r is not None)
        self.echo.setText("\n".join(echo or []))
        _shown(self.echo, bool(echo))
        self.answers.setText(" · ".join(answers or []))
        _shown(self.answers, bool(answers))
        sentences = [t for key, kw in effect.lines if key not in skip and (t := line_text(key, kw, lambda s: names[s]))]
        self.lines.setText("\n".join(f"• {t}" for t in sentences))
        _shown(self.lines, bool(sentences))
        self._fill_table(effect, state)
        self.facts.setText("\n".join(self._facts(effect, state)))
        _shown(self.facts, True)
        citation = note_text = badge = ""
        if r is not None and rs is not None:
            if r.club_rule:  # a club's own ruling: the rule book's citation it inherited does not back it
                citation = club_rule_text(r.club_rule)
            elif r.citation:
                citation = self.tr("%1 %2").replace("%1", ruleset_text(rs.name)).replace("%2", ruleset_text(r.citation))
            note_text = ruleset_text(r.note) or ruleset_text(rs.note_for(f"offences.{r.offence}"))
            badge = status_badge(r.status)
        self.citation.setText(citation)
        _shown(self.citation, bool(citation))
        self.note.setText(self.tr("Rule-set note: %1").replace("%1", note_text) if note_text else "")
        _shown(self.note, bool(note_text))
        self.badge.setText("⚠ " + badge if badge else "")
        _shown(self.badge, bool(badge))
        if counts is not None and player:
            parts = [
                self.tr("%n warning(s)", "", counts.get("warnings", 0)),
                self.tr("%n dead hand(s)", "", counts.get("dead_hands", 0)),
                self.tr("%n chombo(s)", "", counts.get("chombos", 0)),
                self.tr("%n penalty(ies)", "", counts.get("penalties", 0)),
            ]
            self.earlier.setText(
                self.tr("Earlier in this tournament, %1: %2.").replace("%1", player).replace("%2", ", ".join(parts))
            )
        else:
            self.earlier.clear()
        _shown(self.earlier, counts is not None and bool(player))
        if note is not None:
            self.note_edit.setText(note)
        _shown(self.note_edit, note is not None)

    def _fill_table(self, effect: Effect, state: TableState) -> None:
        """Who pays whom: one row per seat (before, change, after, and the overall change when there is one). The
        cells are made once and reused: a preview only sets their texts."""
        headers = [self.tr("Player"), self.tr("Now"), self.tr("Change"), self.tr("After")]
        rows = [headers]
        show_overall = any(effect.overall)
        unit = state.ruleset.results.overall_unit if state.ruleset is not None else 1
        if show_overall:
            headers.append(headed(self.tr("Overall change"), overall_unit(unit)))
        for i, s in enumerate(state.seats):
            before = s.score
            row = [s.player, points(before), signed(effect.transfers[i]), points(before + effect.transfers[i])]
            if show_overall:
                row.append(digits(shown(effect.overall[i], AmountKind.OVERALL, unit), sign=True))
            rows.append(row)
        used = set()
        for r_i, row in enumerate(rows):
            for c_i, text in enumerate(row):
                lab = self._cells.get((r_i, c_i))
                if lab is None:
                    lab = QLabel(self.table.parentWidget())
                    lab.setProperty("role", "cell-head" if r_i == 0 else "cell")
                    lab.setAlignment(Qt.AlignmentFlag.AlignRight if c_i else Qt.AlignmentFlag.AlignLeft)
                    self.table.addWidget(lab, r_i, c_i)
                    self._cells[r_i, c_i] = lab
                lab.setText(text)
                if r_i and c_i == 2:
                    change = effect.transfers[r_i - 1]
                    set_role(lab, "sign", "plus" if change > 0 else "minus" if change < 0 else "")
                _shown(lab, True)
                used.add((r_i, c_i))
        for key, lab in self._cells.items():
            if key not in used:
                _shown(lab, False)

    def _facts(self, e: Effect, st: TableState) -> list[str]:
        out = []
        if e.off_table:
            unit = st.ruleset.results.overall_unit if st.ruleset is not None else 1
            text = (
                self.tr("%1 points leave the table (given to nobody).")
                if overall_unit(unit) is Unit.TABLE_POINTS
                else self.tr("%1 table points leave the table (given to nobody).")  # not the rule set's points
            )
            out.append(text.replace("%1", points(e.off_table)))
        out.append(
            self.tr("Riichi sticks on the table: %1 → %2")
            .replace("%1", str(e.sticks_before))
            .replace("%2", str(e.sticks_after))
        )
        out.append(
            self.tr("Counters: %1 → %2").replace("%1", str(e.counters_before)).replace("%2", str(e.counters_after))
        )
        names = [s.player for s in st.seats]
        if e.dealer_before == e.dealer_after:
            out.append(self.tr("Dealer: %1 (stays)").replace("%1", names[e.dealer_before]))
        else:
            out.append(
                self.tr("Dealer: %1 → %2").replace("%1", names[e.dealer_before]).replace("%2", names[e.dealer_after])
            )
        if e.game_over:
            out.append(self.tr("The hanchan ends."))
        else:
            nxt = round_name(*e.hand_after)
            game = st.ruleset.game if st.ruleset is not None else None
            if game is not None and game.extra_rounds is not None and e.hand_after[0] >= game.rounds:
                nxt = self.tr("%1 — extra round").replace("%1", nxt)
            out.append(self.tr("Next: %1").replace("%1", nxt))
        return out


def _shown(widget: QWidget, shown: bool) -> None:
    """Show or hide only when it changes (each change re-lays the page out: a preview is drawn on every tap)."""
    if widget.isHidden() == shown:
        widget.setVisible(shown)
