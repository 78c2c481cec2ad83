"""Setup: the rule set the hanchan is played under (one big button each, in the current language's order). None is
chosen for the organiser on a first start: the hanchan starts once one is (:meth:`RuleSetSection.check` says so at the
field)."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ...domain.rules import RuleSet
from ..common.collate import sorted_by
from ..common.flow_grid import Choices
from ..common.texts import ruleset_text
from .field import FieldError


class RuleSetSection(QWidget):
    def __init__(self, rulesets: Mapping[str, RuleSet], parent: QWidget | None = None):
        super().__init__(parent)
        self.rulesets = rulesets
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        # the reason above the buttons (a long list): in view with the section's title when scrolled to
        self.error = FieldError(self, "ruleset_error")
        lay.addWidget(self.error)
        ids = sorted_by(rulesets, lambda i: ruleset_text(rulesets[i].name))
        self.choices = Choices([(i, ruleset_text(rulesets[i].name)) for i in ids], self)
        self.choices.setObjectName("ruleset")
        self.choices.changed.connect(lambda _key: self.check() if self.error.isVisibleTo(self) else None)
        lay.addWidget(self.choices)
        self.tournament_note = QLabel(self)  # the rule set the tournament ranks under (Setup's check)
        self.tournament_note.setObjectName("tournament_ruleset")
        self.tournament_note.setWordWrap(True)
        lay.addWidget(self.tournament_note)
        self.flag = QLabel(self)  # a hanchan under another rule set than the tournament's
        self.flag.setObjectName("other_ruleset")
        self.flag.setProperty("role", "flag")
        self.flag.setProperty("kind", "attention")
        self.flag.setWordWrap(True)
        self.flag.hide()
        lay.addWidget(self.flag)

    def show_check(self, note: str, flag: str) -> None:
        """Say what the tournament ranks under and flag a rule set that is not the tournament's."""
        self.tournament_note.setText(note)
        self.tournament_note.setVisible(bool(note))
        self.flag.setText(flag)
        self.flag.setVisible(bool(flag))

    def retranslate(self) -> None:
        for rid, button in self.choices.buttons.items():
            button.setText(ruleset_text(self.rulesets[rid].name))
        self.choices.rearrange()
        if self.error.isVisibleTo(self):
            self.check()

    def check(self) -> bool:
        """Say at the field that no rule set is chosen yet (the organiser chooses); True once one is."""
        chosen = self.choices.value() is not None
        self.error.setText("" if chosen else self.tr("Choose the rule set this hanchan is played under."))
        self.error.setVisible(not chosen)
        return chosen

    def clear_errors(self) -> None:
        self.error.hide()

    def first_choice(self) -> QWidget | None:
        """The first rule set's button (where the focus goes when none is chosen)."""
        return next(iter(self.choices.items), None)
