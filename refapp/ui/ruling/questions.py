"""The questions of an offence: big toggles, steppers and choices, shown only when the rule that applies needs them
(the referee's decision and its choices, the penalty and the amounts allowed, the substitute's name). A question
still to answer is marked under it in words, and Preview stays off until every such question is answered."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from ...domain.numbers import ruling_amount_kind, unit_of
from ...domain.offences import MAX_AMOUNT, QUESTIONS
from ...domain.rules import RuleSet
from ...domain.rulings import Amounts, Answer, allowed_amounts, question_choices, questions_for, rule_for
from ...domain.table import TableState
from ..common.flow_widgets import MainButton, OptionalStepper, missing_mark, scroll, title_label, wrapped_label
from ..common.focus_ring import first_focusable
from ..common.texts import answer_label, offence_name, question_label, ruling_name
from ..common.widgets import BigButton, Segmented, Stepper
from .amount import PenaltyAmount
from .words import amount_text, words

SEATING = ("substitute", "disqualification")  # rulings that put a substitute in the seat
SEVERITY = (
    "not_penalized",
    "warning",
    "dead_hand",
    "point_penalty",
    "rating_penalty",
    "redeal",
    "chombo",
    "substitute",
    "disqualification",
)


def entry_unit(ruleset: RuleSet) -> int:
    """The unit a referee enters penalties in: the overall point where penalties hit the overall score (WRC)."""
    kind = ruling_amount_kind("point_penalty", ruleset.penalties.scope)
    return unit_of(kind, ruleset.results.overall_unit)[1]


class QuestionRow(QWidget):
    """One question: its label, its answer widget, the missing mark. A row is made once per question and kept: the
    panel shows the rows an offence asks and resets their answers (making widgets on every tap cost the referee a
    frame). The answer widget of the amount and of the referee's decision follows the rule (the amounts allowed, the
    choices): each variant is made the first time it is needed and kept, only the current one shown."""

    def __init__(self, qid: str, parent: QWidget):
        super().__init__(parent)
        self.qid = qid
        self.lay = QVBoxLayout(self)
        self.lay.setContentsMargins(0, 0, 0, 0)
        self.label = wrapped_label(self, "question", f"label_{qid}")
        self.mark = missing_mark(self, f"missing_{qid}")
        self.widget: QWidget | None = None
        self.variants: dict[Hashable, QWidget] = {}
        self.lay.addWidget(self.label)
        self.lay.addWidget(self.mark)

    def variant(self, key: Hashable, make: Callable[[], QWidget]) -> tuple[QWidget, bool]:
        """The answer widget for ``key`` shown (made if new, else the kept one: its answer is the caller's to
        reset); whether it was made now."""
        w = self.variants.get(key)
        made = w is None
        if w is None:
            w = self.variants[key] = make()
            w.setObjectName(f"q_{self.qid}")
            self.lay.insertWidget(1, w)
        if w is not self.widget:
            if self.widget is not None:
                self.widget.hide()
            w.show()
            self.widget = w
        return w, made


class QuestionsPanel(QWidget):
    """Emits ``changed`` on every answer (its owner then calls :meth:`refresh`), ``preview``/``back``/``cancel`` on
    its buttons."""

    back = Signal()
    cancel = Signal()
    preview = Signal()
    changed = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        self.title = title_label("", self)
        self.title.setObjectName("questions_title")
        lay.addWidget(self.title)
        self.inner = QWidget(self)
        self.form = QVBoxLayout(self.inner)
        self.rows: dict[str, QuestionRow] = {}  # the current offence's, in order
        self._kept: dict[str, QuestionRow] = {}  # every row made so far
        self.widgets: dict[str, QWidget] = {}
        self.missing_labels: dict[str, QLabel] = {}
        # the substitute who takes the seat (late arrival over the limit, missed hanchan, disqualification)
        self.substitute_row = QWidget(self.inner)
        sub = QVBoxLayout(self.substitute_row)
        sub.setContentsMargins(0, 0, 0, 0)
        self.substitute_label = wrapped_label(self.substitute_row, "question", "substitute_label")
        self.substitute = QLineEdit(self.substitute_row)
        self.substitute.setObjectName("substitute_name")
        self.substitute.setMaxLength(100)
        self.substitute.setMinimumHeight(48)
        self.substitute.textChanged.connect(lambda _t: self.changed.emit())
        sub.addWidget(self.substitute_label)
        sub.addWidget(self.substitute)
        self.none_label = wrapped_label(self.inner, "", "no_questions")
        self.form.addWidget(self.none_label)
        self.form.addWidget(self.substitute_row)
        self.form.addStretch(1)
        lay.addWidget(scroll(self.inner, self), 1)
        self.note = QLineEdit(self)
        self.note.setObjectName("question_note")
        self.note.setMinimumHeight(48)
        lay.addWidget(self.note)
        self.hint = wrapped_label(self, "earlier", "questions_hint")
        self.refusal = wrapped_label(self, "error", "questions_refusal")
        for lab in (self.hint, self.refusal):
            lab.hide()
            lay.addWidget(lab)
        row = QHBoxLayout()
        self.back_button = BigButton("", self, role="cancel")
        self.back_button.setObjectName("questions_back")
        self.cancel_button = BigButton("", self, role="cancel")
        self.cancel_button.setObjectName("questions_cancel")
        self.next_button = MainButton("", self)
        self.next_button.setObjectName("questions_preview")
        row.addWidget(self.back_button, 1)
        row.addWidget(self.cancel_button, 1)
        row.addWidget(self.next_button, 2)
        lay.addLayout(row)
        self.back_button.clicked.connect(self.back)
        self.cancel_button.clicked.connect(self.cancel)
        self.next_button.clicked.connect(self.preview)
        self.ruleset: RuleSet | None = None
        self.state: TableState | None = None
        self.seat = 0
        self.offence = ""
        self.player = ""
        self._amounts: Amounts | None = None
        self._choices: tuple[str, ...] = ()
        self.retranslate()

    # -- building ---------------------------------------------------------------------------------------------

    def build(self, ruleset: RuleSet, state: TableState, seat: int, offence: str) -> None:
        """The questions of ``offence`` for ``seat``, unanswered (yes/no start at no)."""
        self.ruleset, self.state, self.seat, self.offence = ruleset, state, seat, offence
        self.player = state.seats[seat].player
        self._amounts, self._choices = None, ()
        self.note.clear()
        self.substitute.blockSignals(True)
        self.substitute.clear()
        self.substitute.blockSignals(False)
        qids = questions_for(ruleset, offence)
        if list(self.rows) != list(qids):
            for r in self.rows.values():
                self.form.removeWidget(r)
                r.hide()
            self.rows = {}
            for n, qid in enumerate(qids):
                if qid not in self._kept:
                    self._kept[qid] = QuestionRow(qid, self.inner)
                row = self._kept[qid]
                self.rows[qid] = row
                self.form.insertWidget(n, row)
                row.show()
        self.missing_labels = {qid: row.mark for qid, row in self.rows.items()}
        self.widgets = {}
        for qid in qids:
            if qid not in ("amount", "decision"):  # (those two follow the rule: see refresh)
                self._show_variant(qid, question_choices(ruleset, qid), self._make)
        self.retranslate()  # (it refreshes too)

    def _make(self, qid: str) -> QWidget:
        q = QUESTIONS[qid]
        if q.kind == "int":
            return OptionalStepper(q.minimum, q.maximum, q.minimum, 1, self.inner)
        assert self.ruleset is not None
        keys = ("no", "yes") if q.kind == "bool" else question_choices(self.ruleset, qid)
        return Segmented([(k, "") for k in keys], columns=2, parent=self.inner, wrap=qid == "cause")  # (offence names)

    def _show_variant(self, qid: str, key: Hashable, make: Callable[[str], QWidget]) -> QWidget:
        """The answer widget of ``qid`` for ``key`` shown, unanswered (a yes/no at no)."""
        w, made = self.rows[qid].variant(key, lambda: make(qid))
        self.widgets[qid] = w
        if made:
            if isinstance(w, Stepper | PenaltyAmount):
                w.value_changed.connect(self.changed)  # the flow checks the answers (refresh, Preview's state)
            elif isinstance(w, Segmented):
                w.changed.connect(self.changed)
        if isinstance(w, OptionalStepper | Segmented | PenaltyAmount):
            w.clear()
        if isinstance(w, Segmented) and QUESTIONS[qid].kind == "bool":
            w.set_value("no")
        return w

    # -- what the rule needs ----------------------------------------------------------------------------------

    def kind(self) -> str | None:
        """The ruling the answers lead to so far (None while the referee's decision is open)."""
        if self.ruleset is None or self.state is None:
            return None
        rule = rule_for(self.ruleset, self.state, self.seat, self.offence, self._raw_answers())
        if rule.ruling != "referee_choice":
            return rule.ruling
        w = self.widgets.get("decision")
        return w.value() if isinstance(w, Segmented) else None

    def refresh(self) -> list[str]:
        """Show the questions the applicable rule needs, mark those still unanswered; return their ids."""
        rs, st = self.ruleset, self.state
        if rs is None or st is None:
            return []
        rule = rule_for(rs, st, self.seat, self.offence, self._raw_answers())
        if "decision" in self.rows:
            choices = tuple(sorted(rule.choices, key=lambda c: SEVERITY.index(c) if c in SEVERITY else 99))
            if rule.ruling == "referee_choice" and choices != self._choices:
                old = self.widgets.get("decision")
                keep = old.value() if isinstance(old, Segmented) else None
                seg = self._show_variant("decision", choices, lambda _q: self._decision_widget(choices))
                assert isinstance(seg, Segmented)
                for c, b in seg.buttons.items():  # (the chombo's word is the rule set's)
                    b.setText(ruling_name(c, rs.chombo_word))
                seg.set_value(keep)
                self._choices = choices
            _shown(self.rows["decision"], rule.ruling == "referee_choice")
        kind = self.kind()
        if "amount" in self.rows:
            needed = kind == "point_penalty" and rule.amount is None and not rule.per_minute
            if needed:
                amounts = allowed_amounts(rs, rule)
                if amounts != self._amounts:
                    self._amounts = amounts
                    unit = entry_unit(rs)
                    usual = tuple(a for a in rs.penalties.usual if not amounts.values and amounts.allows(a))
                    self._show_variant(
                        "amount", (amounts, unit, usual), lambda _q: self._amount_widget(amounts, unit, usual)
                    )
            _shown(self.rows["amount"], needed)
        _shown(self.substitute_row, kind in SEATING and not st.game_over)
        missing = []
        for qid, row in self.rows.items():
            absent = not row.isHidden() and self._value(qid) is None
            if absent:
                missing.append(qid)
                text = words().missing(qid, self._amounts, entry_unit(rs), bool(self._presets()))
                if row.mark.text() != text:
                    row.mark.setText(text)
            _shown(row.mark, absent)
        _shown(self.none_label, not self.rows and self.substitute_row.isHidden())
        return missing

    def _decision_widget(self, choices: tuple[str, ...]) -> Segmented:
        return Segmented([(c, "") for c in choices], columns=2, parent=self.inner)

    def _amount_widget(self, amounts: Amounts, unit: int, usual: tuple[int, ...]) -> QWidget:
        """The amounts allowed when the rule lists them; else the rule set's usual amounts and − and + in steps of
        its own step (in the unit entered: WRC points)."""
        if amounts.values:
            return Segmented([(str(a // unit), amount_text(a, unit)) for a in amounts.values], 2, self.inner)
        top = min(amounts.high, MAX_AMOUNT)
        step = max(1, amounts.step // unit)
        presets = [a // unit for a in usual if a % unit == 0]
        w = PenaltyAmount(
            presets, amounts.low // unit, top // unit, step, lambda v: amount_text(v * unit, unit), self.inner
        )
        w.setProperty("unit", unit)
        return w

    def _presets(self) -> dict[int, BigButton]:
        """The usual amounts offered as buttons now (none when the amount is not asked)."""
        w = self.widgets.get("amount")
        return w.presets if isinstance(w, PenaltyAmount) else {}

    # -- answers ----------------------------------------------------------------------------------------------

    def _value(self, qid: str) -> Any:
        w = self.widgets.get(qid)
        if isinstance(w, OptionalStepper | PenaltyAmount):
            return w.value() if w.is_set() else None
        if isinstance(w, Stepper):
            return w.value()
        if isinstance(w, Segmented):
            v = w.value()
            if QUESTIONS[qid].kind == "bool":
                return v == "yes"
            return v
        return None

    def _raw_answers(self) -> dict[str, Answer]:
        out: dict[str, Answer] = {}
        for qid in self.widgets:
            v = self._value(qid)
            if v is not None and qid not in ("amount", "decision"):
                out[qid] = v
        return out

    def answers(self) -> dict[str, Any]:
        """The answers as stored: only the questions shown, only those answered (amounts in table points)."""
        unit = entry_unit(self.ruleset) if self.ruleset is not None else 1
        out: dict[str, Any] = {}
        for qid, row in self.rows.items():
            if row.isHidden():
                continue
            v = self._value(qid)
            if v is None:
                continue
            out[qid] = int(v) * unit if qid == "amount" else v
        return out

    def answers_in_words(self) -> list[str]:
        """The answers as the page shows them ("Reason: Bad conduct", "Was the hand revealed? No"), for the
        preview."""
        out = []
        for qid, row in self.rows.items():
            w = self.widgets.get(qid)
            if row.isHidden() or w is None or self._value(qid) is None:
                continue
            if isinstance(w, Segmented):
                checked = w.group.checkedButton()
                shown = checked.text() if checked is not None else ""
            elif isinstance(w, Stepper):
                shown = w.label.text()
            elif isinstance(w, PenaltyAmount):
                shown = w.text()
            else:
                continue
            label = row.label.text()
            # (the label and its answer as a sentence of the language: French puts a no-break space before ':')
            if label.endswith("?"):
                out.append(f"{label} {shown}")
            else:
                out.append(self.tr("%1: %2").replace("%2", shown).replace("%1", label))
        return out

    def substitute_name(self) -> str:
        return self.substitute.text().strip() if not self.substitute_row.isHidden() else ""

    def set_answer(self, qid: str, value: Any) -> None:
        """For tests and scripts: answer as a referee would by tapping (amounts in table points)."""
        w = self.widgets[qid]
        unit = entry_unit(self.ruleset) if qid == "amount" and self.ruleset is not None else 1
        if isinstance(w, Stepper | PenaltyAmount):
            w.set_value(int(value) // unit)
        elif isinstance(w, Segmented):
            key = ("yes" if value else "no") if isinstance(value, bool) else str(value // unit if unit > 1 else value)
            w.buttons[key].click()

    def first_focus(self) -> QWidget | None:
        """Where the keyboard starts: the first question's answer (else Preview, when it is on)."""
        first = first_focusable(self.inner)
        if first is not None:
            return first
        return self.next_button if self.next_button.isEnabled() else self.back_button

    # -- the state of the Preview button ----------------------------------------------------------------------

    def show_state(self, missing: list[str], refusal: str) -> None:
        """Preview is on only with every answer given and nothing refused; the page says which."""
        self.hint.setText(words().hint() if missing else "")
        _shown(self.hint, bool(missing))
        self.refusal.setText(refusal if not missing else "")
        _shown(self.refusal, bool(refusal) and not missing)
        self.next_button.setEnabled(not missing and not refusal)

    @property
    def status(self) -> QLabel:
        """The line above the buttons saying why Preview is off (the hint or the refusal shown)."""
        return self.refusal if not self.refusal.isHidden() else self.hint

    # -- texts and keys ---------------------------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.note.setPlaceholderText(self.tr("Note (optional)"))
        self.back_button.setText(self.tr("Back"))
        self.cancel_button.setText(self.tr("Cancel"))
        self.next_button.setText(self.tr("Preview"))
        self.substitute_label.setText(self.tr("Substitute's name (optional)"))
        self.none_label.setText(self.tr("No questions for this offence."))
        if self.ruleset is None:
            return
        self.title.setText(f"{offence_name(self.offence)} — {self.player}")
        unit = entry_unit(self.ruleset)
        for qid, row in self.rows.items():
            label = question_label(qid)
            if qid == "amount" and unit > 1:
                label = self.tr("Penalty (points)")
            row.label.setText(label)
            w = self.widgets.get(qid)
            if isinstance(w, Segmented):
                for key, b in w.buttons.items():
                    if QUESTIONS[qid].kind == "bool":
                        b.setText(self.tr("Yes") if key == "yes" else self.tr("No"))
                    elif qid == "decision":
                        b.setText(ruling_name(key, self.ruleset.chombo_word))
                    elif qid == "amount":
                        b.setText(amount_text(int(key) * unit, unit))
                    else:
                        b.setText(answer_label(qid, key))
            elif isinstance(w, PenaltyAmount):
                w.retranslate()
        self.refresh()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if event.key() == Qt.Key.Key_Escape:
            self.back.emit()
            return
        super().keyPressEvent(event)


def _shown(widget: QWidget, shown: bool) -> None:
    """Show or hide only when it changes (each change re-lays the page out; this runs on every answer)."""
    if widget.isHidden() == shown:
        widget.setVisible(shown)
