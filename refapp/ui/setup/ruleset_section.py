"""Setup: the rule set the hanchan is played under (one big button each, in the current language's order)."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtWidgets import QVBoxLayout, QWidget

from ...domain.rules import RuleSet
from ..common.collate import sorted_by
from ..common.flow_grid import Choices
from ..common.texts import ruleset_text

DEFAULT = "wrc-2015"


class RuleSetSection(QWidget):
    def __init__(self, rulesets: Mapping[str, RuleSet], parent: QWidget | None = None):
        super().__init__(parent)
        self.rulesets = rulesets
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        ids = sorted_by(rulesets, lambda i: ruleset_text(rulesets[i].name))
        self.choices = Choices([(i, ruleset_text(rulesets[i].name)) for i in ids], self)
        self.choices.setObjectName("ruleset")
        self.choices.set_value(DEFAULT if DEFAULT in rulesets else (ids[0] if ids else None))
        lay.addWidget(self.choices)

    def retranslate(self) -> None:
        for rid, button in self.choices.buttons.items():
            button.setText(ruleset_text(self.rulesets[rid].name))
        self.choices.rearrange()
