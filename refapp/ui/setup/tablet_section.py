"""Setup: the referee's name, the language (each one found in the translations, named in its own words: see
:mod:`refapp.ui.common.languages`), the theme, and the slot of the referee PIN (``pin_section``)."""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit, QVBoxLayout, QWidget

from ...domain.inputs import refused_in_name
from ..common.flow_grid import Choices
from ..common.languages import available
from ..common.widgets import TOUCH
from .field import FieldError, invisible_char, mark, question


class TabletSection(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.referee_label = question(self)
        self.referee = QLineEdit(self)
        self.referee.setObjectName("referee")
        self.referee.setMinimumHeight(TOUCH - 8)
        self.referee_error = FieldError(self, "referee_error")
        lay.addWidget(self.referee_label)
        lay.addWidget(self.referee)
        lay.addWidget(self.referee_error)
        self.language_label = question(self)
        self.language = Choices([(lang.code, lang.name) for lang in available()], self, max_columns=3)
        self.language.setObjectName("language")
        lay.addWidget(self.language_label)
        lay.addWidget(self.language)
        self.theme_label = question(self)
        self.theme = Choices([("light", ""), ("dark", "")], self, max_columns=2)
        self.theme.setObjectName("theme")
        lay.addWidget(self.theme_label)
        lay.addWidget(self.theme)
        # the slot of the referee PIN: the page puts the lock model's PIN question and the screen setting here
        self.pin_section = QWidget(self)
        self.pin_section.setObjectName("pin_section")
        self.pin_slot = QVBoxLayout(self.pin_section)
        self.pin_slot.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.pin_section)

    def retranslate(self) -> None:
        self.referee_label.setText(self.tr("Referee's name"))
        self.language_label.setText(self.tr("Language"))
        self.theme_label.setText(self.tr("Theme"))
        self.theme.buttons["light"].setText(self.tr("Light"))
        self.theme.buttons["dark"].setText(self.tr("Dark, high contrast"))
        self.theme.rearrange()

    def check(self) -> bool:
        """Mark the referee's name if it holds a control or invisible formatting character (it goes into every
        event entered); True if it is fine (it may be empty)."""
        bad = refused_in_name(self.referee.text().strip())
        mark(self.referee, self.referee_error, invisible_char(bad) if bad else "")
        return bad is None
