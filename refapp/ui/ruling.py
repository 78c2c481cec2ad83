"""The ruling loop: tap a seat → offence palette → the offence's questions → preview → confirm.

Nothing is applied before Confirm, and Confirm applies only what the store accepted (see the controller).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from ..domain.events import LogError
from ..domain.ledger import Effect, TableState
from ..domain.offences import CHOICES, GROUPS, MAX_AMOUNT, OFFENCES, QUESTIONS
from ..domain.rules import RuleSet
from ..domain.rulings import questions_for
from .texts import (
    answer_label,
    group_name,
    line_text,
    offence_name,
    overall_amount,
    overall_in_units,
    points,
    question_label,
    round_name,
    ruleset_text,
    ruling_name,
    signed,
    status_badge,
)
from .widgets import BigButton, Segmented, Stepper, WrapButton, kinetic, set_role


def _title(text: str, parent: QWidget) -> QLabel:
    lab = QLabel(text, parent)
    lab.setProperty("role", "title")
    lab.setWordWrap(True)
    return lab


def scroll(inner: QWidget, parent: QWidget) -> QScrollArea:
    area = QScrollArea(parent)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(inner)
    kinetic(area.viewport())
    return area


class OffencePalette(QWidget):
    """Offences grouped by kind (winning, riichi, calls, tiles...), most common first; the search is optional."""

    chosen = Signal(str)
    cancelled = Signal()
    check_hand = Signal()  # "Check this player's hand": the main window opens the hand checker

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        self.title = _title("", self)
        lay.addWidget(self.title)
        self.check_hand_button = BigButton(self.tr("Check this player's hand"), self, role="primary")
        self.check_hand_button.setObjectName("check_hand")
        self.check_hand_button.clicked.connect(self.check_hand)
        lay.addWidget(self.check_hand_button)
        self.search = QLineEdit(self)
        self.search.setPlaceholderText(self.tr("Search (optional)"))
        self.search.setClearButtonEnabled(True)
        self.search.setMinimumHeight(48)
        self.search.textChanged.connect(self._filter)
        lay.addWidget(self.search)
        inner = QWidget(self)
        self.grid = QVBoxLayout(inner)
        self.buttons: dict[str, BigButton] = {}
        self.headers: dict[str, QLabel] = {}
        for group in GROUPS:
            header = QLabel(inner)
            header.setProperty("role", "group")
            self.headers[group] = header
            self.grid.addWidget(header)
            box = QGridLayout()
            members = [o for o in OFFENCES.values() if o.group == group]
            for n, off in enumerate(members):
                b = WrapButton("", inner, role="offence")
                b.setProperty("offence", off.id)
                b.clicked.connect(lambda _=False, oid=off.id: self.chosen.emit(oid))
                self.buttons[off.id] = b
                box.addWidget(b, n // 2, n % 2)
            self.grid.addLayout(box)
        self.grid.addStretch(1)
        lay.addWidget(scroll(inner, self), 1)
        self.cancel = BigButton(self.tr("Cancel"), self, role="cancel")
        self.cancel.clicked.connect(self.cancelled)
        lay.addWidget(self.cancel)
        self.retranslate()

    def retranslate(self) -> None:
        for group, header in self.headers.items():
            header.setText(group_name(group))
        for oid, b in self.buttons.items():
            b.setText(offence_name(oid))
        self.search.setPlaceholderText(self.tr("Search (optional)"))
        self.cancel.setText(self.tr("Cancel"))
        self.check_hand_button.setText(self.tr("Check this player's hand"))

    def show_for(self, player: str, ruleset: RuleSet) -> None:
        self.title.setText(self.tr("Offence by %1").replace("%1", player))
        self.search.clear()
        for oid, b in self.buttons.items():
            b.setEnabled(oid in ruleset.offences)
        self._filter("")

    def _filter(self, text: str) -> None:
        needle = text.strip().lower()
        for group in GROUPS:
            visible = 0
            for oid, b in self.buttons.items():
                if OFFENCES[oid].group != group:
                    continue
                show = not needle or needle in b.text().lower() or needle in oid
                b.setVisible(show)
                visible += show
            self.headers[group].setVisible(visible > 0)


class QuestionsPanel(QWidget):
    """The offence's questions as big toggles, steppers and segmented choices; an optional note."""

    back = Signal()
    preview = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        self.title = _title("", self)
        lay.addWidget(self.title)
        self.inner = QWidget(self)
        self.form = QVBoxLayout(self.inner)
        lay.addWidget(scroll(self.inner, self), 1)
        self.note = QLineEdit(self)
        self.note.setMinimumHeight(48)
        self.note.setPlaceholderText(self.tr("Note (optional)"))
        lay.addWidget(self.note)
        row = QHBoxLayout()
        self.back_button = BigButton(self.tr("Back"), self, role="cancel")
        self.next_button = BigButton(self.tr("Preview"), self, role="primary")
        row.addWidget(self.back_button)
        row.addWidget(self.next_button)
        lay.addLayout(row)
        self.back_button.clicked.connect(self.back)
        self.next_button.clicked.connect(self.preview)
        self.widgets: dict[str, QWidget] = {}

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.note.setPlaceholderText(self.tr("Note (optional)"))
            self.back_button.setText(self.tr("Back"))
            self.next_button.setText(self.tr("Preview"))
        super().changeEvent(event)

    def build(self, ruleset: RuleSet, offence: str, player: str) -> None:
        while self.form.count():
            item = self.form.takeAt(0)
            if item.widget():
                item.widget().deleteLater()
        self.widgets = {}
        self.note.clear()
        self.title.setText(f"{offence_name(offence)} — {player}")
        rules = ruleset.offences[offence].rules
        for qid in questions_for(ruleset, offence):
            q = QUESTIONS[qid]
            label = QLabel(question_label(qid), self.inner)
            label.setWordWrap(True)
            label.setProperty("role", "question")
            if q.kind == "bool":
                w: QWidget = Segmented([("no", self.tr("No")), ("yes", self.tr("Yes"))], columns=2, parent=self.inner)
                w.set_value("no")
            elif qid == "amount":
                # WRC-style rule sets (overall penalties, 1 point = 1,000): the referee enters points, not table points
                p = ruleset.penalties
                unit = _entry_unit(ruleset)
                top = p.max if p.max is not None else MAX_AMOUNT
                w = Stepper(p.min // unit, top // unit, p.min // unit, max(1, p.step // unit), self.inner)
                w.setProperty("unit", unit)
                if unit > 1:
                    label.setText(self.tr("Penalty (points)"))
            elif q.kind == "int":
                w = Stepper(q.minimum, q.maximum, q.minimum, 1, self.inner)
            elif qid == "decision":
                choices = sorted({c for r in rules for c in r.choices}, key=_severity)
                w = Segmented([(c, ruling_name(c, ruleset.chombo_word)) for c in choices], columns=2, parent=self.inner)
            else:
                w = Segmented([(k, answer_label(qid, k)) for k in CHOICES[qid]], columns=2, parent=self.inner)
            w.setObjectName(f"q_{qid}")
            self.form.addWidget(label)
            self.form.addWidget(w)
            self.widgets[qid] = w
        if not self.widgets:
            info = QLabel(self.tr("No questions for this offence."), self.inner)
            self.form.addWidget(info)
        self.form.addStretch(1)

    def answers(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for qid, w in self.widgets.items():
            if isinstance(w, Stepper):
                out[qid] = w.value() * int(w.property("unit") or 1)
            elif isinstance(w, Segmented):
                v = w.value()
                if QUESTIONS[qid].kind == "bool":
                    out[qid] = v == "yes"
                elif v is not None:
                    out[qid] = v
        return out

    def set_answer(self, qid: str, value: Any) -> None:
        """For tests and scripts: answer as a referee would by tapping."""
        w = self.widgets[qid]
        if isinstance(w, Stepper):
            w.set_value(int(value) // int(w.property("unit") or 1))
        elif isinstance(w, Segmented):
            key = ("yes" if value else "no") if isinstance(value, bool) else str(value)
            w.buttons[key].click()


def _entry_unit(ruleset: RuleSet) -> int:
    """The unit a referee enters penalties in: the overall point where penalties hit the overall score."""
    return ruleset.results.overall_unit if ruleset.penalties.scope == "overall" else 1


def _severity(kind: str) -> int:
    order = [
        "not_penalized",
        "warning",
        "dead_hand",
        "point_penalty",
        "rating_penalty",
        "redeal",
        "chombo",
        "substitute",
        "disqualification",
    ]
    return order.index(kind) if kind in order else len(order)


class PreviewPanel(QWidget):
    """The ruling in plain words, who pays whom, sticks, re-deal, counters, dealer, citation, notes, history."""

    confirm = Signal()
    cancel = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        self.title = _title("", self)
        lay.addWidget(self.title)
        inner = QWidget(self)
        self.body = QVBoxLayout(inner)
        self.ruling = QLabel(inner)
        self.ruling.setProperty("role", "ruling")
        self.ruling.setWordWrap(True)
        self.lines = QLabel(inner)
        self.lines.setWordWrap(True)
        self.table = QGridLayout()
        self.table.setHorizontalSpacing(24)
        self.facts = QLabel(inner)
        self.facts.setWordWrap(True)
        self.citation = QLabel(inner)
        self.citation.setWordWrap(True)
        self.citation.setProperty("role", "citation")
        self.note = QLabel(inner)
        self.note.setWordWrap(True)
        self.note.setProperty("role", "note")
        self.badge = QLabel(inner)  # the source status: shown when the ruling's source is not verified
        self.badge.setWordWrap(True)
        self.badge.setProperty("role", "badge")
        self.badge.setObjectName("status_badge")
        self.earlier = QLabel(inner)
        self.earlier.setWordWrap(True)
        self.earlier.setProperty("role", "earlier")
        for w in (self.ruling, self.lines):
            self.body.addWidget(w)
        self.body.addLayout(self.table)
        for w in (self.facts, self.citation, self.badge, self.note, self.earlier):
            self.body.addWidget(w)
        self.body.addStretch(1)
        lay.addWidget(scroll(inner, self), 1)
        self.error = QLabel(self)
        self.error.setWordWrap(True)
        self.error.setProperty("role", "error")
        self.error.hide()
        lay.addWidget(self.error)
        self.note_edit = QLineEdit(self)
        self.note_edit.setMinimumHeight(48)
        self.note_edit.setPlaceholderText(self.tr("Note (optional)"))
        self.note_edit.hide()
        lay.addWidget(self.note_edit)
        row = QHBoxLayout()
        self.cancel_button = BigButton(self.tr("Cancel"), self, role="cancel")
        self.confirm_button = BigButton(self.tr("Confirm"), self, role="primary")
        row.addWidget(self.cancel_button)
        row.addWidget(self.confirm_button)
        lay.addLayout(row)
        self.cancel_button.clicked.connect(self.cancel)
        self.confirm_button.clicked.connect(self.confirm)
        self._cells: dict[tuple[int, int], QLabel] = {}

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.cancel_button.setText(self.tr("Cancel"))
            self.confirm_button.setText(self.tr("Confirm"))
            self.note_edit.setPlaceholderText(self.tr("Note (optional)"))
        super().changeEvent(event)

    def show_effect(
        self,
        title: str,
        effect: Effect,
        state: TableState,
        counts: dict[str, int] | None = None,
        player: str | None = None,
    ) -> None:
        self.error.hide()
        self.confirm_button.setEnabled(True)
        self.title.setText(title)
        rs = state.ruleset
        names = [s.player for s in state.seats]
        r = effect.ruling
        if r is not None:
            kind = ruling_name(r.kind, rs.chombo_word if rs else "chombo")
            text = kind
            if r.kind == "point_penalty":
                unit = rs.results.overall_unit if rs is not None else 1
                text += " — " + (
                    overall_amount(r.amount, unit) + self.tr(" (overall score)")
                    if r.scope == "overall"
                    else points(r.amount) + self.tr(" (table score)")
                )
            if r.explain:
                text += "\n" + ruleset_text(r.explain)
            self.ruling.setText(text)
            self.ruling.show()
        else:
            self.ruling.hide()
        sentences = [t for key, kw in effect.lines if (t := line_text(key, kw, lambda s: names[s]))]
        self.lines.setText("\n".join(f"• {t}" for t in sentences))
        self.lines.setVisible(bool(sentences))
        self._fill_table(effect, state)
        self.facts.setText("\n".join(self._facts(effect, state)))
        if r is not None and rs is not None:
            self.citation.setText(
                self.tr("%1 %2").replace("%1", ruleset_text(rs.name)).replace("%2", ruleset_text(r.citation))
            )
            self.citation.setVisible(bool(r.citation))
            note = ruleset_text(r.note) or ruleset_text(rs.note_for(f"offences.{r.offence}"))
            self.note.setText(self.tr("Rule-set note: %1").replace("%1", note) if note else "")
            self.note.setVisible(bool(note))
            badge = status_badge(r.status)
            self.badge.setText("⚠ " + badge if badge else "")
            self.badge.setVisible(bool(badge))
        else:
            self.citation.hide()
            self.note.hide()
            self.badge.hide()
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
            self.earlier.show()
        else:
            self.earlier.hide()

    def show_error(self, message: str) -> None:
        self.error.setText(message)
        self.error.show()

    def _fill_table(self, effect: Effect, state: TableState) -> None:
        """Who pays whom: one row per seat (before, change, after, and the overall change when there is one). The
        cells are made once and reused: a preview only sets their texts."""
        headers = [self.tr("Player"), self.tr("Now"), self.tr("Change"), self.tr("After")]
        rows = [headers]
        show_overall = any(effect.overall)
        if show_overall:
            headers.append(self.tr("Overall change"))
        unit = state.ruleset.results.overall_unit if state.ruleset is not None else 1
        for i, s in enumerate(state.seats):
            before = s.score
            row = [s.player, points(before), signed(effect.transfers[i]), points(before + effect.transfers[i])]
            if show_overall:
                row.append(signed(overall_in_units(effect.overall[i], unit)))
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
                lab.show()
                used.add((r_i, c_i))
        for key, lab in self._cells.items():
            if key not in used:
                lab.hide()

    def _facts(self, e: Effect, st: TableState) -> list[str]:
        out = []
        if e.off_table:
            out.append(self.tr("%1 points leave the table (given to nobody).").replace("%1", points(e.off_table)))
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
            out.append(self.tr("Next: %1").replace("%1", round_name(*e.hand_after)))
        return out


class RulingFlow(QStackedWidget):
    """Palette → questions → preview, for one seat. ``finished`` is emitted after a confirm or a cancel."""

    finished = Signal()
    check_hand = Signal(int)  # (shell interface) "Check this player's hand" was tapped for this seat

    def __init__(self, controller, parent: QWidget | None = None):
        super().__init__(parent)
        self.controller = controller
        self.palette = OffencePalette(self)
        self.questions = QuestionsPanel(self)
        self.preview_panel = PreviewPanel(self)
        for w in (self.palette, self.questions, self.preview_panel):
            self.addWidget(w)
        self.palette.chosen.connect(self._chosen_in_palette)
        self.palette.cancelled.connect(self.finished)
        self.questions.back.connect(lambda: self.setCurrentWidget(self.palette))
        self.questions.preview.connect(self.show_preview)
        self.preview_panel.cancel.connect(self.finished)
        self.preview_panel.confirm.connect(self.confirm)
        self.palette.check_hand.connect(lambda: self.check_hand.emit(self.seat))  # (shell interface)
        self.seat = 0
        self.offence = ""
        self.event: dict[str, Any] | None = None
        self.hand_tiles = ""  # a hand from the hand checker, attached by show_preview (set after start, before choose)

    def start(self, seat: int, hand_tiles: str = "") -> None:
        st = self.controller.state
        self.seat, self.offence, self.event, self.hand_tiles = seat, "", None, hand_tiles
        self.palette.show_for(st.seats[seat].player, st.ruleset)
        self.setCurrentWidget(self.palette)

    def retranslate(self) -> None:
        """(shell interface) The page in the current language, on the same step with the same answers."""
        self.palette.retranslate()
        if not self.isVisible():
            return
        if self.currentWidget() is self.preview_panel:
            self.show_preview()
        elif self.currentWidget() is self.questions:
            answers = self.questions.answers()
            self.choose(self.offence)
            for qid, value in answers.items():
                self.questions.set_answer(qid, value)

    def _chosen_in_palette(self, offence: str) -> None:
        self.hand_tiles = ""  # an offence tapped in the palette carries no checked hand
        self.choose(offence)

    def choose(self, offence: str) -> None:
        st = self.controller.state
        self.offence = offence
        self.questions.build(st.ruleset, offence, st.seats[self.seat].player)
        if self.questions.widgets:
            self.setCurrentWidget(self.questions)
        else:
            self.show_preview()

    def show_preview(self, hand_tiles: str = "") -> None:
        st = self.controller.state
        player = st.seats[self.seat].player
        fields: dict[str, Any] = {"seat": self.seat, "offence": self.offence, "answers": self.questions.answers()}
        if self.questions.note.text().strip():
            fields["note"] = self.questions.note.text().strip()
        hand_tiles = hand_tiles or self.hand_tiles
        if hand_tiles:
            fields["hand_tiles"] = hand_tiles
        self.event = self.controller.new_event("incident", **fields)
        title = f"{offence_name(self.offence)} — {player}"
        self.preview_panel.note_edit.setText(fields.get("note", ""))
        self.preview_panel.note_edit.show()
        self.setCurrentWidget(self.preview_panel)
        try:
            effect = self.controller.preview(self.event)
        except LogError as exc:
            self.preview_panel.title.setText(title)
            qid = exc.field.removeprefix("answers.")
            named = f"{question_label(qid)} — " if qid in QUESTIONS else ""
            self.preview_panel.show_error(named + exc.message)
            self.preview_panel.confirm_button.setEnabled(False)
            return
        self.preview_panel.show_effect(title, effect, st, self.controller.player_counts(player), player)

    def confirm(self) -> None:
        if self.event is None:
            return
        note = self.preview_panel.note_edit.text().strip()
        if note:
            self.event["note"] = note
        else:
            self.event.pop("note", None)
        if self.controller.commit(self.event) is not None:
            self.event = None
            self.finished.emit()
        else:
            self.preview_panel.show_error(self.controller.last_error)
