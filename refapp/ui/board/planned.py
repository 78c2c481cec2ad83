"""The seating plan at the table: under the board, "Session 3 — Table 7: Anna (East), Bruno (South), Chloé (West),
Dan (North)" with one big **Start** that starts that hanchan with those players in those seats (one tap from the
board), and, when the head referee published a change of that session later, what changed at this table.

The plan is the head referee's (published on his device, brought by the venue's sync: :mod:`refapp.store.seating`);
which hanchan comes next at this table is the core's (:meth:`refapp.core.setup.SetupDesk.planned`). The card shows
while no hanchan is in play at the open table; it is read again when the table changes (an entry, a start, another
table opened) and after every sync. Setup's typed entry stays for club nights and what the plan does not cover.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from ...core.errors import Refused
from ..common.messages import said
from ..common.texts import ruleset_text, wind
from ..common.widgets import TOUCH, BigButton

if TYPE_CHECKING:
    from ...core.setup import PlannedTable
    from ..shell.controller import Controller
    from ..shell.main_window import MainWindow

_WINDS = "ESWN"


class PlannedPanel(QFrame):
    """Hidden until :meth:`show_plan` gives it a hanchan to offer."""

    start_requested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("planned_panel")
        self.setProperty("role", "planned")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(12, 6, 12, 6)
        lay.setSpacing(14)
        words = QVBoxLayout()
        words.setSpacing(2)
        self.title = QLabel(self)
        self.title.setObjectName("planned_title")
        self.title.setProperty("role", "planned-title")
        self.title.setWordWrap(True)
        self.changes = QLabel(self)
        self.changes.setObjectName("planned_changes")
        self.changes.setProperty("role", "planned-changes")
        self.changes.setWordWrap(True)
        self.ruleset = QLabel(self)
        self.ruleset.setObjectName("planned_ruleset")
        self.ruleset.setProperty("role", "planned-small")
        for label in (self.title, self.changes):
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            words.addWidget(label)
        words.addStretch(1)
        words.insertStretch(0, 1)
        lay.addLayout(words, 1)
        side = QVBoxLayout()  # Start, and under it the rule set the hanchan starts with
        side.setSpacing(2)
        self.start_button = BigButton("", self, role="primary")  # one word, as wide as it needs
        self.start_button.setObjectName("start_planned")
        self.start_button.setMinimumSize(int(TOUCH * 2.6), TOUCH)
        self.start_button.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Preferred)
        side.addWidget(self.start_button)
        self.ruleset.setAlignment(Qt.AlignmentFlag.AlignCenter)
        side.addWidget(self.ruleset)
        lay.addLayout(side)
        self.start_button.clicked.connect(self.start_requested)
        self.hide()
        self.retranslate()

    def show_plan(self, title: str, changes: str, ruleset: str) -> None:
        self.title.setText(title)
        self.changes.setText(changes)
        self.changes.setVisible(bool(changes))
        self.ruleset.setText(ruleset)
        self.show()

    def retranslate(self) -> None:
        self.start_button.setText(self.tr("Start"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


class PlannedStart(QObject):
    """Keeps the board's plan card in step with the open table and the plan, and starts the planned hanchan."""

    def __init__(self, window: MainWindow, controller: Controller):
        super().__init__(window)
        self._window = weakref.ref(window)  # the window owns this object: no reference back
        self.controller = controller
        self.panel = PlannedPanel(window.board)
        window.board.put_below(self.panel)
        self.panel.start_requested.connect(self.start)
        controller.state_changed.connect(self.refresh)
        venue = getattr(controller, "venue", None)  # the plan and its changes come with the venue's sync
        if venue is not None:
            venue.changed.connect(self.refresh)
        self.planned: PlannedTable | None = None
        self.refresh()

    def refresh(self, _what: object = None) -> None:
        """Read the open table's next planned hanchan again and show it (or hide the card)."""
        self.planned = self.controller.setup.planned()
        self._show()

    def retranslate(self) -> None:
        self._show()

    def _show(self) -> None:
        was = self.panel.isHidden()
        self._paint()
        if self.panel.isHidden() != was:  # the seats have more or less room
            window = self._window()
            if window is not None:
                QTimer.singleShot(0, window.board.refit)  # once the board's layout gave the card its height

    def _paint(self) -> None:
        p = self.planned
        if p is None:
            self.panel.hide()
            return
        seats = ", ".join(self.tr("%1 (%2)").replace("%1", name).replace("%2", wind(_WINDS[i]))
                          for i, name in enumerate(p.seats))  # fmt: skip
        title = (
            self.tr("Session %1 — Table %2: %3")
            .replace("%1", str(p.session))
            .replace("%2", str(p.table))
            .replace("%3", seats)
        )
        rulesets: Any = self.controller.rulesets
        name = ruleset_text(rulesets[p.ruleset].name) if p.ruleset in rulesets else p.ruleset
        self.panel.show_plan(title, self.change_words(p), self.tr("Rule set: %1").replace("%1", name))

    def change_words(self, p: PlannedTable) -> str:
        """What changed at this table since the session was first published, in one line ("" when nothing)."""
        parts = []
        for c in p.changes:
            if c.was is None and c.now is not None:
                parts.append(self.tr("%1 joins (%2)").replace("%1", c.player).replace("%2", wind(_WINDS[c.now])))
            elif c.now is None:
                parts.append(self.tr("%1 leaves this table").replace("%1", c.player))
            elif c.was is not None:
                parts.append(self.tr("%1 now %2 (was %3)").replace("%1", c.player)
                             .replace("%2", wind(_WINDS[c.now])).replace("%3", wind(_WINDS[c.was])))  # fmt: skip
        if not parts:
            return ""
        joined = parts[0]
        for part in parts[1:]:
            joined = self.tr("%1; %2").replace("%1", joined, 1).replace("%2", part, 1)
        return self.tr("Changed by the head referee: %1.").replace("%1", joined)

    def start(self) -> None:
        """The one tap: start the planned hanchan (nothing is started when the plan changed meanwhile)."""
        window = self._window()
        p = self.planned
        if window is None or p is None:
            return
        window.clear_error()
        now = self.controller.setup.planned()
        if now != p:  # a sync brought a change since the card was painted: show it first
            self.refresh()
            return
        try:
            self.controller.setup.start_planned(p)
        except Refused as refused:
            window.show_error(said(refused.reason))
            return
        self.refresh()


__all__ = ["PlannedPanel", "PlannedStart"]
