"""The clock page (a referee's page: the window asks for the PIN before it opens): the session's start and length, set
by the organiser for the whole tournament; extra time for this table after a long ruling; the tournament's ending rule
at time-up, where the rule set has no source or the tournament's regulations say otherwise.

Everything is big touch controls: steppers for the times, a choice of reasons (recorded in English and said in each
tablet's language); nothing to type. What is recorded goes through the clock model (:mod:`refapp.ui.clock.model`),
as entries of this tablet's history that travel to the other tablets with the venue's sync.
"""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QSizePolicy, QVBoxLayout, QWidget

from ...core.errors import Refused
from ...domain.rules import TimeLimit
from ..common.flow_grid import Choices, FlowGrid
from ..common.flow_widgets import FlowStepper, MainButton, scroll, title_label, wrapped_label
from ..common.messages import said
from ..common.texts import ruleset_text, status_badge
from ..common.widgets import BigButton, Pages, set_role
from ..setup.field import question
from .panel import REASONS, ClockTexts, hhmm, reason_text

if TYPE_CHECKING:
    from .model import SessionClockModel

PAGE_REASONS = REASONS[:5]  # "tournament regulations" is the ending rule's
RULES = ("rule_set", "finish_hand", "plus_1", "plus_2")


class _SignedStepper(FlowStepper):
    """Minutes of extra time: +5, −5."""

    def format(self, value: int) -> str:
        return f"+{value}" if value > 0 else ("−" + str(-value) if value < 0 else "0")


class _TwoDigits(FlowStepper):
    """An hour or a minute: 09, 05."""

    def format(self, value: int) -> str:
        return f"{value:02d}"


class _Numbered(QWidget):
    """A stepper under its question (compact: the steppers of a row share it, as in Setup)."""

    def __init__(self, stepper: FlowStepper, name: str, parent: QWidget):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.label = question(self)
        self.stepper = stepper
        stepper.setParent(self)
        stepper.setObjectName(name)
        stepper.label.setMinimumWidth(72)
        lay.addWidget(self.label)
        lay.addWidget(stepper)


TABS = ("table", "session", "rule")


class ClockPage(QWidget):
    """Three parts, one tap apart: this table's extra time, the session, the ending rule. ``done`` when the
    referee goes back to the board."""

    done = Signal()

    def __init__(self, model: SessionClockModel, parent: QWidget | None = None):
        super().__init__(parent)
        self.model = model
        self.texts = ClockTexts(self)
        lay = QVBoxLayout(self)
        self.title = title_label("", self)
        lay.addWidget(self.title)
        self.tabs = Choices([(k, "") for k in TABS], self, max_columns=3)
        self.tabs.setObjectName("clock_tabs")
        lay.addWidget(self.tabs)
        self.parts = Pages(self)
        lay.addWidget(self.parts, 1)

        # this table's extra time
        inner, form = self._part("table")
        self.extra_group = wrapped_label(inner, "group")
        self.extra_now = wrapped_label(inner, "", "clock_extra_now")
        minutes_row = FlowGrid(inner, max_columns=1, spacing=24, fill=False)
        self.minutes_box = _Numbered(_SignedStepper(-30, 60, 5, 1), "clock_extra_minutes", minutes_row)
        minutes_row.add(self.minutes_box)
        self.minutes = self.minutes_box.stepper
        self.reason_label = question(inner)
        self.reason = Choices([(r, "") for r in PAGE_REASONS], inner, max_columns=5)
        self.reason.setObjectName("clock_reason")
        self.extra_button = MainButton("", self)
        self.extra_button.setObjectName("clock_give_extra")
        for w in (self.extra_group, self.extra_now, minutes_row, self.reason_label, self.reason):
            form.addWidget(w)
        form.addStretch(1)

        # the session
        inner, form = self._part("session")
        self.session_group = wrapped_label(inner, "group")
        self.session_now = wrapped_label(inner, "", "clock_session_now")
        numbers = FlowGrid(inner, max_columns=4, spacing=24, fill=False)
        self.session_box = _Numbered(FlowStepper(1, 10_000, 1, 1), "clock_session", numbers)
        self.hour_box = _Numbered(_TwoDigits(0, 23, 14, 1), "clock_hour", numbers)
        self.minute_box = _Numbered(_TwoDigits(0, 59, 0, 1), "clock_minute", numbers)
        self.length_box = _Numbered(FlowStepper(5, 720, 90, 5), "clock_length", numbers)
        for box in (self.session_box, self.hour_box, self.minute_box, self.length_box):
            numbers.add(box)
        self.session, self.hour = self.session_box.stepper, self.hour_box.stepper
        self.minute, self.length = self.minute_box.stepper, self.length_box.stepper
        self.set_button = MainButton("", self)
        self.set_button.setObjectName("clock_set")
        for w in (self.session_group, self.session_now, numbers):
            form.addWidget(w)
        form.addStretch(1)

        # the ending rule
        inner, form = self._part("rule")
        self.rule_group = wrapped_label(inner, "group")
        self.rule_now = wrapped_label(inner, "question", "clock_rule_now")
        self.rule_source = wrapped_label(inner, "citation", "clock_rule_source")
        self.rule_badge = wrapped_label(inner, "badge", "clock_rule_badge")
        self.rule_label = question(inner)
        self.rule = Choices([(k, "") for k in RULES], inner, max_columns=2)
        self.rule.setObjectName("clock_rule")
        self.chombo_label = question(inner)
        self.chombo = Choices([("ends", ""), ("redeal", "")], inner, max_columns=2)
        self.chombo.setObjectName("clock_chombo")
        self.rule_button = MainButton("", self)
        self.rule_button.setObjectName("clock_set_rule")
        for w in (self.rule_group, self.rule_now, self.rule_source, self.rule_badge, self.rule_label, self.rule):
            form.addWidget(w)
        for w in (self.chombo_label, self.chombo):
            form.addWidget(w)
        form.addStretch(1)

        self.message = wrapped_label(self, "info", "clock_message")
        self.message.hide()
        lay.addWidget(self.message)
        self.back_button = BigButton("", self)
        self.back_button.setObjectName("clock_back")
        self.back_button.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        row = QHBoxLayout()  # the part's own button beside Back, always in view
        row.addWidget(self.back_button)
        self.part_buttons = {"table": self.extra_button, "session": self.set_button, "rule": self.rule_button}
        for button in self.part_buttons.values():
            row.addWidget(button, 1)
        lay.addLayout(row)

        self.tabs.changed.connect(self.show_part)
        self.set_button.clicked.connect(self.set_session)
        self.extra_button.clicked.connect(self.give_extra_time)
        self.rule_button.clicked.connect(self.set_rule)
        self.back_button.clicked.connect(self.done)
        self.session.value_changed.connect(lambda _: self.refresh(keep_inputs=True))
        self.reason.changed.connect(lambda _: self._enable())
        self.rule.changed.connect(lambda _: self._enable())
        self.chombo.changed.connect(lambda _: self._enable())
        self.tabs.set_value("table")
        self.retranslate()

    def _part(self, key: str) -> tuple[QWidget, QVBoxLayout]:
        inner = QWidget(self)
        form = QVBoxLayout(inner)
        form.setSpacing(6)
        area = scroll(inner, self.parts)
        area.setObjectName(f"clock_part_{key}")
        self.parts.addWidget(area)
        return inner, form

    def show_part(self, key: str) -> None:
        """Show one of the three parts: ``table``, ``session`` or ``rule``."""
        self.tabs.set_value(key)
        self.parts.setCurrentIndex(TABS.index(key))
        for part, button in self.part_buttons.items():
            button.setVisible(part == key)
        self.message.hide()
        self._relayout()

    def _relayout(self) -> None:
        """The flowing grids count their columns again for the width they have now, and their height is asked
        again (a grid of more rows needs more height: a part shown after a resize would be cut)."""
        for grid in self.findChildren(FlowGrid):
            grid.rearrange()
            grid.updateGeometry()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._relayout()

    # -- texts --------------------------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.tabs.buttons["table"].setText(self.tr("Extra time"))
        self.tabs.buttons["session"].setText(self.tr("Session"))
        self.tabs.buttons["rule"].setText(self.tr("At time-up"))
        self.session_box.label.setText(self.tr("Session"))
        self.hour_box.label.setText(self.tr("Start: hour"))
        self.minute_box.label.setText(self.tr("Start: minute"))
        self.length_box.label.setText(self.tr("Length (minutes)"))
        self.set_button.setText(self.tr("Set the session clock"))
        self.minutes_box.label.setText(self.tr("Minutes (− takes back time given by mistake)"))
        self.reason_label.setText(self.tr("Why"))
        reasons = {
            "long ruling": self.tr("Long ruling"),
            "referee call": self.tr("Referee call"),
            "tiles rebuilt": self.tr("Tiles rebuilt"),
            "late start": self.tr("Late start"),
            "correction": self.tr("Correction"),
        }
        for key, b in self.reason.buttons.items():
            b.setText(reasons[key])
        self.extra_button.setText(self.tr("Give extra time"))
        self.session_group.setText(self.tr("The session, for the whole tournament"))
        self.rule_group.setText(self.tr("What happens at time-up"))
        self.rule_label.setText(self.tr("For the whole tournament"))
        labels = {
            "rule_set": self.tr("As each hanchan's rule set says"),
            "finish_hand": self.tr("The hand in play is the last"),
            "plus_1": self.tr("The hand in play, then 1 more"),
            "plus_2": self.tr("The hand in play, then 2 more"),
        }
        for key, b in self.rule.buttons.items():
            b.setText(labels[key])
        self.chombo_label.setText(self.tr("A chombo in the last hand"))
        self.chombo.buttons["ends"].setText(self.tr("ends the hanchan"))
        self.chombo.buttons["redeal"].setText(self.tr("is re-dealt"))
        self.rule_button.setText(self.tr("Set for the tournament"))
        self.back_button.setText(self.tr("Back to the board"))
        for grid in (self.tabs, self.reason, self.rule, self.chombo):
            grid.rearrange()
        self.refresh(keep_inputs=True)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # -- state --------------------------------------------------------------------------------------------------

    def start(self) -> None:
        """Fill the page afresh (when it is opened): the inputs from what is recorded, or sensible defaults."""
        self.message.hide()
        self.reason.group.setExclusive(False)
        for b in self.reason.buttons.values():
            b.setChecked(False)
        self.reason.group.setExclusive(True)
        self.minutes.set_value(5)
        self.refresh(keep_inputs=False)
        tc = self.model.table_clock()
        self.show_part("table" if tc is not None and tc.session is not None else "session")

    def _table_session(self) -> int | None:
        tc = self.model.table_clock()
        return tc.hands.session if tc is not None and tc.hands is not None else None

    def refresh(self, keep_inputs: bool = True) -> None:
        """Say what is recorded; with ``keep_inputs`` False, set the inputs from it too."""
        c = self.model.c
        table = c.table
        tc = self.model.table_clock()
        entries = self.model.entries()
        if table is None:
            self.title.setText(self.tr("Session clock: no table is open"))
        else:
            self.title.setText(
                self.tr("Session clock: table %1, %2").replace("%1", str(table.number)).replace("%2", table.tournament)
            )
        session = self._table_session()
        if not keep_inputs:
            self.session.set_value(session or (max(entries.sessions) if entries.sessions else 1))
        chosen = entries.sessions.get(self.session.value())
        if chosen is not None:
            said = self.texts.session(chosen.session, chosen.start, chosen.clock.ends_at(), chosen.minutes)
            self.session_now.setText(self.tr("%1, set by %2").replace("%1", said).replace("%2", chosen.by))
        else:
            self.session_now.setText(self.tr("No clock set for session %1.").replace("%1", str(self.session.value())))
        if not keep_inputs:
            start = chosen.start.astimezone() if chosen is not None else self.model.now().astimezone()
            self.hour.set_value(start.hour)
            self.minute.set_value(start.minute)
            self.length.set_value(chosen.minutes if chosen is not None else 90)
        # extra time for this table
        number = str(table.number) if table is not None else "?"
        if session is None:
            self.extra_group.setText(self.tr("Extra time for table %1").replace("%1", number))
            self.extra_now.setText(self.tr("No hanchan with a session number is in play at this table."))
        else:
            self.extra_group.setText(
                self.tr("Extra time for table %1 in session %2").replace("%1", number).replace("%2", str(session))
            )
            given = tc.extras if tc is not None else ()
            lines = [self.texts.extra_entry(e.minutes, e.reason, e.by, e.at) for e in given]
            self.extra_now.setText("\n".join(lines) if lines else self.tr("No extra time given."))
        # the ending rule
        self.rule_now.setText(self.texts.rule(tc.rule) if tc is not None else "")
        self.rule_now.setVisible(tc is not None)
        source = self.texts.rule_source(tc) if tc is not None and tc.rule_by_organiser is not None else ""
        badge = ""
        if tc is not None and tc.rule_by_organiser is None and tc.ruleset is not None:
            key = "time_limit.after_time"
            note = ruleset_text(tc.ruleset.note_for(key))
            source = self.tr("%1: %2").replace("%1", ruleset_text(tc.ruleset.name)).replace("%2", note) if note else ""
            badge = status_badge(tc.ruleset.status_for(key))
        self.rule_source.setText(source)
        self.rule_source.setVisible(bool(source))
        self.rule_badge.setText(badge)
        self.rule_badge.setVisible(bool(badge))
        if not keep_inputs:
            override = entries.override
            if override is None:
                self.rule.set_value("rule_set")
                self.chombo.set_value("ends")
            else:
                key = "finish_hand" if override.after_time == "finish_hand" else f"plus_{override.extra_hands}"
                self.rule.set_value(key if key in self.rule.buttons else "plus_2")
                self.chombo.set_value(override.last_hand_chombo)
        self._enable()

    def _enable(self) -> None:
        c = self.model.c
        has_table = c.table is not None
        self.set_button.setEnabled(has_table)
        self.extra_button.setEnabled(has_table and self._table_session() is not None and bool(self.reason.value()))
        by_rule_set = self.rule.value() == "rule_set"
        for b in self.chombo.buttons.values():
            b.setEnabled(not by_rule_set)
        self.rule_button.setEnabled(has_table and self.rule.value() is not None)

    def say(self, text: str, error: bool = False) -> None:
        self.message.setText(text)
        set_role(self.message, "role", "error" if error else "info")
        self.message.show()

    # -- recording ----------------------------------------------------------------------------------------------

    def set_session(self) -> None:
        day = self.model.now().astimezone()
        start = day.replace(hour=self.hour.value(), minute=self.minute.value(), second=0, microsecond=0)
        try:
            self.model.set_session(self.session.value(), start, self.length.value())
        except Refused as refused:
            self.say(said(refused.reason), error=True)
            return
        self.refresh(keep_inputs=True)
        end = start + timedelta(minutes=self.length.value())
        self.say(
            self.tr("Session %1 set: %2 to %3.")
            .replace("%1", str(self.session.value()))
            .replace("%2", hhmm(start))
            .replace("%3", hhmm(end))
        )

    def give_extra_time(self) -> None:
        session, reason = self._table_session(), self.reason.value()
        if session is None or reason is None:
            return
        minutes = self.minutes.value()
        if minutes == 0:
            self.say(self.tr("0 minutes changes nothing: choose how many minutes."), error=True)
            return
        try:
            self.model.give_extra_time(session, minutes, reason)
        except Refused as refused:
            self.say(said(refused.reason), error=True)
            return
        self.refresh(keep_inputs=True)
        table = self.model.c.table
        self.say(
            self.tr("Table %1: %2 (%3).")
            .replace("%1", str(table.number) if table is not None else "?")
            .replace("%2", self.texts.amount(minutes))
            .replace("%3", reason_text(reason))
        )

    def chosen_rule(self) -> TimeLimit | None:
        key = self.rule.value()
        if key in (None, "rule_set"):
            return None
        chombo = "redeal" if self.chombo.value() == "redeal" else "ends"
        if key == "finish_hand":
            return TimeLimit(after_time="finish_hand", last_hand_chombo=chombo)
        return TimeLimit(after_time="finish_hand_plus", extra_hands=int(str(key)[-1]), last_hand_chombo=chombo)

    def set_rule(self) -> None:
        rule = self.chosen_rule()
        try:
            self.model.set_ending_rule(rule, "tournament regulations" if rule is not None else "")
        except Refused as refused:
            self.say(said(refused.reason), error=True)
            return
        self.refresh(keep_inputs=True)
        if rule is None:
            self.say(self.tr("At time-up each hanchan follows its rule set again."))
        else:
            self.say(self.texts.rule(rule))

    def go_back(self) -> bool:
        """Esc: back to the board."""
        self.done.emit()
        return True


__all__ = ["ClockPage"]
