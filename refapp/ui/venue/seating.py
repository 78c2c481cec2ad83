"""The Seating tab of the head referee's desk: the tournament's players (a roster imported from CSV, as ``refapp
players import`` reads it), a plan made for S sessions from a seed or the next session by the standings, looked at
(each session's tables, pairs meeting more than once, the most times a player sits one wind) and then published to
the tables (signed entries, as ``refapp seating make`` publishes them); the plan as published, session by session.
Everything it does is :mod:`refapp.core.seating`'s; a refusal is one line under the button that acted."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import QFileDialog, QGridLayout, QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from ...core.errors import Refused
from ..common.flow_widgets import Feedback, FlowStepper, MainButton
from ..common.messages import said
from ..common.texts import wind
from ..common.widgets import WrapButton, set_role
from .words import local_time

if TYPE_CHECKING:
    from ...core.seating import Draft, PlanView, SeatingEntry
    from ...domain.seating import Quality, SessionSeating
    from ..shell.controller import Controller

WINDS = "ESWN"
STEPPER_WIDTH = 360  # the sessions' stepper and the seed: − and + close to the number


class Lines(QWidget):
    """Lines of text, each a label with its role and its name; the labels are kept and used again at the next
    painting (a plan read again after every sync makes no new widget)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.lay = QVBoxLayout(self)
        self.lay.setContentsMargins(0, 0, 0, 0)
        self.labels: list[QLabel] = []

    def show_lines(self, lines: list[tuple[str, str, str]]) -> None:
        """``lines``: (text, role, object name) each."""
        while len(self.labels) < len(lines):
            label = QLabel(self)
            label.setWordWrap(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.lay.addWidget(label)
            self.labels.append(label)
        for label, (text, role, name) in zip(self.labels, lines, strict=False):
            label.setText(text)
            label.setObjectName(name)
            set_role(label, "role", role)
            label.show()
        for label in self.labels[len(lines) :]:
            label.hide()
            label.setObjectName("")


class SeatingTab(QWidget):
    """Players, Make (or Next by the standings), the draft with its quality and Publish, then the published plan."""

    def __init__(self, controller: Controller, parent: QWidget | None = None):
        super().__init__(parent)
        self.controller = controller
        self.draft: Draft | None = None
        self.view: PlanView | None = None
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel(self)
        self.title.setObjectName("seating_title")
        self.title.setProperty("role", "title")
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        # the players
        self.players_title = self._group(lay)
        self.count = QLabel(self)
        self.count.setObjectName("seating_players")
        self.count.setWordWrap(True)
        lay.addWidget(self.count)
        self.name_label = QLabel(self)
        lay.addWidget(self.name_label)
        self.name = QLineEdit(self)
        self.name.setObjectName("seating_tournament_name")
        self.name.setMaxLength(200)
        lay.addWidget(self.name)
        self.import_button = WrapButton("", self)
        self.import_button.setObjectName("seating_import")
        self.import_button.clicked.connect(self._choose_roster)
        lay.addWidget(self.import_button)
        self.roster_said = Feedback(self, "seating_roster_said")
        lay.addWidget(self.roster_said)
        # making a plan
        self.make_title = self._group(lay)
        grid = QGridLayout()
        self.sessions_label = QLabel(self)
        self.sessions = FlowStepper(1, 30, 4, parent=self)
        self.sessions.setObjectName("seating_sessions")
        self.seed_label = QLabel(self)
        self.seed_label.setWordWrap(True)
        self.seed = QLineEdit(str(random.SystemRandom().randrange(1, 1_000_000)), self)
        self.seed.setObjectName("seating_seed")
        self.seed.setValidator(QIntValidator(0, 2_000_000_000, self))
        self.sessions.setMaximumWidth(STEPPER_WIDTH)
        self.seed.setMaximumWidth(STEPPER_WIDTH)
        grid.addWidget(self.sessions_label, 0, 0)
        grid.addWidget(self.sessions, 0, 1)
        grid.addWidget(self.seed_label, 1, 0)
        grid.addWidget(self.seed, 1, 1)
        grid.setColumnStretch(0, 1)
        lay.addLayout(grid)
        row = QHBoxLayout()
        self.make_button = WrapButton("", self)
        self.make_button.setObjectName("seating_make")
        self.make_button.clicked.connect(self.make)
        row.addWidget(self.make_button)
        self.next_button = WrapButton("", self)
        self.next_button.setObjectName("seating_next")
        self.next_button.clicked.connect(self.make_next)
        row.addWidget(self.next_button)
        lay.addLayout(row)
        self.make_said = Feedback(self, "seating_make_said")
        lay.addWidget(self.make_said)
        # the draft
        self.draft_lines = Lines(self)
        self.draft_lines.setObjectName("seating_draft")
        lay.addWidget(self.draft_lines)
        self.publish_button = MainButton("", self)
        self.publish_button.setObjectName("seating_publish")
        self.publish_button.clicked.connect(self.publish)
        lay.addWidget(self.publish_button)
        self.publish_said = Feedback(self, "seating_publish_said")
        lay.addWidget(self.publish_said)
        # the published plan
        self.plan_title = self._group(lay)
        self.plan_lines = Lines(self)
        self.plan_lines.setObjectName("seating_plan")
        lay.addWidget(self.plan_lines)
        lay.addStretch(1)
        self._paint_draft()

    def table_line(self, number: int, seats: tuple[str, ...]) -> str:
        """ "Table 3: Anna (East), Bruno (South), Chloé (West), Dan (North)"."""
        names = [self.tr("%1 (%2)").replace("%2", wind(WINDS[i])).replace("%1", p) for i, p in enumerate(seats)]
        return self.tr("Table %1: %2").replace("%2", ", ".join(names)).replace("%1", str(number))

    def _group(self, lay: QVBoxLayout) -> QLabel:
        label = QLabel(self)
        label.setProperty("role", "group")
        label.setWordWrap(True)
        lay.addWidget(label)
        return label

    # -- reading ----------------------------------------------------------------------------------------------------

    def refresh(self) -> None:
        try:
            self.view = self.controller.seating.view()
        except (Refused, ValueError) as exc:
            self.view = None
            self.roster_said.say(said(getattr(exc, "reason", exc)), error=True)
        shown = self.view.tournament_id if self.view is not None else None
        if self.draft is not None and self.draft.tournament_id != shown:
            self.draft = None  # made for another tournament than the one the desk now shows: never published here
            self._paint_draft()
        self._paint()

    def _paint(self) -> None:
        v = self.view
        none = v is None
        self.title.setText(self.tr("Seating: %1").replace("%1", v.tournament) if v is not None else self.tr("Seating"))
        n = len(v.players) if v is not None else 0
        self.count.setText(
            self.tr(
                "No tournament yet: name it and import its roster (CSV: name, optional federation_id and first_timer)."
            )
            if none
            else self.tr("%n player(s).", "", n)  # fmt: skip
        )
        self.name_label.setVisible(none)
        self.name.setVisible(none)
        for w in (self.make_button, self.next_button):
            w.setEnabled(not none)
        if v is None or not v.entries:
            self.plan_lines.show_lines([(self.tr("Nothing published yet."), "", "")])
            return
        lines = [(self.quality_text(v.quality), "", "seating_plan_quality")]
        for e in v.entries:
            lines += self._session(e.seating, f"plan_session_{e.session}", self.published_words(e))
        self.plan_lines.show_lines(lines)

    def _paint_draft(self) -> None:
        d = self.draft
        self.publish_button.setVisible(d is not None)
        self.draft_lines.setVisible(d is not None)
        if d is None:
            self.draft_lines.show_lines([])
            return
        lines = [(self.tr("Not published yet: look at it, then Publish."), "group", "")]
        lines.append((self.quality_text(d.quality), "", "seating_draft_quality"))
        if d.left_out:
            lines.append((self.tr("Left out (disqualified): %1").replace("%1", ", ".join(d.left_out)), "", ""))
        for s in d.sessions:
            lines += self._session(s, f"draft_session_{s.session}")
        self.draft_lines.show_lines(lines)

    def _session(self, s: SessionSeating, name: str, how: str = "") -> list[tuple[str, str, str]]:
        text = "\n".join(self.table_line(k, seats) for k, seats in enumerate(s.tables, 1))
        title = self.tr("Session %1").replace("%1", str(s.session))
        lines = [(title, "question", ""), (text, "", name)]
        if how:
            lines.insert(1, (how, "citation", f"{name}_how"))
        return lines

    def published_words(self, e: SeatingEntry) -> str:
        """How a session's entry was made, by whom and when: "Made from seed 7, by Marie, 14:02"."""
        how = {
            "made": self.tr("Made from seed %1").replace("%1", str(e.seed)),
            "standings": self.tr("By the standings"),
            "imported": self.tr("Imported from %1").replace("%1", e.reason[5:])
            if e.reason.startswith("from ")  # (the command line's reason: "from FILE.csv")
            else self.tr("Imported"),
            "changed": self.tr("Changed"),
        }.get(e.how, e.how)
        return self.tr("%1, by %2, %3").replace("%3", local_time(e.at)).replace("%2", e.by).replace("%1", how)

    def quality_text(self, q: Quality) -> str:
        return (
            self.tr("Pairs meeting more than once: %1. Most times a player sits the same wind: %2.")
            .replace("%1", str(q.repeat_pairs))
            .replace("%2", str(q.max_same_wind))
        )

    # -- acting -----------------------------------------------------------------------------------------------------

    def _choose_roster(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Roster (CSV)"), "", self.tr("CSV files (*.csv *.txt)"))
        if path:
            self.import_roster(Path(path))

    def import_roster(self, path: Path) -> bool:
        """Add a roster file's players to the tournament; what it did (or what is wrong with the file) in one line."""
        name = " ".join(self.name.text().split())
        if self.view is None and not name:
            self.roster_said.say(self.tr("Name the tournament first."), error=True, anchor=self.import_button)
            self.name.setFocus()
            return False
        try:
            done = self.controller.seating.import_roster(path, name)
        except Refused as exc:
            self.roster_said.say(said(exc.reason), error=True, anchor=self.import_button)
            return False
        self.refresh()
        text = self.tr("%n player(s) added", "", len(done.added))
        text = self.tr("%1, %2 changed, %3 already known.").replace("%1", text).replace(
            "%2", str(len(done.changed))).replace("%3", str(len(done.unchanged)))  # fmt: skip
        self.roster_said.say(text, anchor=self.import_button)
        return True

    def make(self) -> bool:
        """A plan for the sessions asked, from the seed: shown, not published."""
        seed = int(self.seed.text() or 0)
        return self._drafted(lambda: self.controller.seating.make(self.sessions.value(), seed), self.make_button)

    def make_next(self) -> bool:
        """The next session by the standings: shown, not published."""
        return self._drafted(self.controller.seating.next_session, self.next_button)

    def _drafted(self, how: object, button: QWidget) -> bool:
        self.publish_said.hide()
        try:
            self.draft = how()  # type: ignore[operator]
        except Refused as exc:
            self.draft = None
            self._paint_draft()
            self.make_said.say(said(exc.reason), error=True, anchor=button)
            return False
        self.make_said.hide()
        self._paint_draft()
        return True

    def publish(self) -> bool:
        d = self.draft
        if d is None:
            return False
        try:
            entries = self.controller.seating.publish(d)
        except Refused as exc:
            self.publish_said.say(said(exc.reason), error=True, anchor=self.publish_button)
            return False
        self.draft = None
        self._paint_draft()
        self.refresh()
        numbers = [e.session for e in entries]
        shown = f"{numbers[0]}–{numbers[-1]}" if len(numbers) > 1 else str(numbers[0])
        self.publish_said.say(
            self.tr("Published: session(s) %1. The tables get it at their next sync.").replace("%1", shown),
            anchor=self.plan_title,
        )
        return True

    def retranslate(self) -> None:
        self.players_title.setText(self.tr("Players"))
        self.name_label.setText(self.tr("Tournament name"))
        self.import_button.setText(self.tr("Import a roster (CSV)"))
        self.make_title.setText(self.tr("Make a plan"))
        self.sessions_label.setText(self.tr("Sessions"))
        self.seed_label.setText(self.tr("Seed (the same seed makes the same plan)"))
        self.make_button.setText(self.tr("Make"))
        self.next_button.setText(self.tr("Next session by the standings"))
        self.publish_button.setText(self.tr("Publish"))
        self.plan_title.setText(self.tr("Published plan"))
        self._paint()
        self._paint_draft()
