"""Setup: the tournament and table, the session and hanchan numbers, the players (typed, suggested from a CSV
roster or the tournament's players), the rule set, the referee, the language, the theme and the referee PIN; then
start a hanchan.

The page is made of sections (:mod:`refapp.ui.setup`); what it stores goes through the controller
(``controller.setup``: the tournament, its new players and the table in one transaction, then the hanchan's start).
An error is shown at the field it concerns, with the reason under it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QLabel, QScrollArea, QSizePolicy, QVBoxLayout, QWidget

from ...core.errors import Refused
from ...core.setup import HanchanRequest, seatings
from ..common.flow_widgets import scroll
from ..common.flow_widgets import title_label as _title
from ..common.languages import SOURCE, is_available
from ..common.messages import said
from ..common.theme import apply_theme
from ..common.widgets import BigButton, WrapButton
from .field import question
from .pin_setup import PinSetup
from .players_section import PlayersSection
from .ruleset_section import RuleSetSection
from .screen_setup import ScreenSetup
from .table_section import TableSection
from .tablet_section import TabletSection

if TYPE_CHECKING:
    from ..shell.controller import Controller


class SetupView(QWidget):
    done = Signal()
    language_changed = Signal(str)
    venue = Signal()  # the venue's page: this device's shared folder and the devices of the tournament
    clock_requested = Signal()  # the session clock's page (refapp.ui.clock.page)

    def __init__(self, controller: Controller, parent: QWidget | None = None):
        super().__init__(parent)
        self.controller = controller
        lay = QVBoxLayout(self)
        self.title = _title("", self)
        lay.addWidget(self.title)
        inner = QWidget(self)
        form = QVBoxLayout(inner)
        form.setSpacing(6)
        self.groups: dict[str, QLabel] = {}

        def group(key: str) -> None:
            lab = question(inner)
            lab.setProperty("role", "group")
            self.groups[key] = lab
            form.addWidget(lab)

        group("table")
        self.table_section = TableSection(inner)
        form.addWidget(self.table_section)
        group("players")
        self.players_section = PlayersSection(inner)
        form.addWidget(self.players_section)
        group("ruleset")
        self.ruleset_section = RuleSetSection(controller.rulesets, inner)
        form.addWidget(self.ruleset_section)
        group("tablet")
        self.tablet_section = TabletSection(inner)
        form.addWidget(self.tablet_section)
        # the lock model's PIN question ("a PIN, or No PIN (club night)") and the screen, in the section's slot

        slot = self.tablet_section.pin_slot
        self.pin_setup = PinSetup(controller, self.tablet_section.pin_section)
        self.screen_setup = ScreenSetup(controller, self.tablet_section.pin_section)
        slot.addWidget(self.pin_setup)
        slot.addWidget(self.screen_setup)
        self.venue_button = WrapButton("", self.tablet_section.pin_section)
        self.venue_button.setObjectName("setup_venue")
        self.venue_button.clicked.connect(self.venue)
        slot.addWidget(self.venue_button)
        form.addStretch(1)
        self.area: QScrollArea = scroll(inner, self)
        lay.addWidget(self.area, 1)
        self.message = QLabel(self)  # what happened to Save or Start (not a field's error: those are at the field)
        self.message.setObjectName("setup_message")
        self.message.setWordWrap(True)
        self.message.setProperty("role", "error")
        self.message.hide()
        lay.addWidget(self.message)
        row = QHBoxLayout()
        self.save_button = BigButton("", self)
        self.save_button.setObjectName("save_settings")
        self.start_button = BigButton("", self, role="primary")
        self.start_button.setObjectName("start_hanchan")
        # the important button is the bigger one; Save keeps the width of its text
        self.save_button.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.clock_button = WrapButton("", self)
        self.clock_button.setMinimumWidth(150)  # two lines at most, where the row is short of room
        self.clock_button.setObjectName("session_clock")
        self.clock_button.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        row.addWidget(self.save_button)
        row.addWidget(self.clock_button)
        row.addWidget(self.start_button, 1)
        lay.addLayout(row)
        # the fields, by the names the rest of the app and the tests use
        t, p, s = self.table_section, self.players_section, self.tablet_section
        self.tournament, self.table_number, self.session, self.hanchan = (
            t.tournament,
            t.table_number,
            t.session,
            t.hanchan,
        )
        self.players, self.first_timers, self.roster_button = p.players, p.first_timers, p.roster_button
        self.ruleset = self.ruleset_section.choices
        self.referee, self.language, self.theme = s.referee, s.language, s.theme
        self.pin_section, self.pin = s.pin_section, self.pin_setup.pin
        self._message: Callable[[], str] | None = None
        self._message_error = True
        self._known: dict[str, tuple[bool, str]] = {}  # name -> (first timer, federation id): tournament, roster
        self._roster: dict[str, tuple[bool, str]] = {}
        self.save_button.clicked.connect(self.save)
        self.start_button.clicked.connect(self.start_hanchan)
        self.clock_button.clicked.connect(self.clock_requested)
        self.language.changed.connect(self._language)
        self.theme.changed.connect(self._theme)
        p.import_roster.connect(self.import_roster)
        t.where_changed.connect(self._defaults)
        self.retranslate()

    # -- texts --------------------------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.title.setText(self.tr("Setup"))
        texts = {
            "table": self.tr("Table"),
            "players": self.tr("Players"),
            "ruleset": self.tr("Rule set"),
            "tablet": self.tr("Referee and tablet"),
        }
        for key, lab in self.groups.items():
            lab.setText(texts[key])
        self.venue_button.setText(self.tr("Other devices of the tournament: shared folder, fingerprints"))
        for section in (self.table_section, self.players_section, self.ruleset_section, self.tablet_section):
            section.retranslate()
        self.save_button.setText(self.tr("Save settings"))
        self.start_button.setText(self.tr("Start a hanchan"))
        self.clock_button.setText(self.tr("Session clock"))
        if self._message is not None:
            self.message.setText(self._message())
        if any(e.isVisible() for e in self.players_section.errors):
            self.players_section.check()
        if self.table_section.tournament_error.isVisible():
            self.table_section.check()
        if self.tablet_section.referee_error.isVisible():
            self.tablet_section.check()

    def show_message(self, text: Callable[[], str] | str, error: bool = True) -> None:
        """Say what happened to Save or Start under the form; ``text`` as a function is said again in the new
        language after a switch."""
        self._message = text if callable(text) else (lambda: text)
        self.message.setProperty("role", "error" if error else "info")
        self.message.style().unpolish(self.message)
        self.message.style().polish(self.message)
        self.message.setText(self._message())
        self.message.show()

    def hide_message(self) -> None:
        self._message = None
        self.message.hide()

    def field_errors(self) -> dict[str, str]:
        """The errors shown at the fields, by field name (for tests and scripts)."""
        out = {}
        for edit, error in zip(self.players, self.players_section.errors, strict=True):
            if error.isVisibleTo(self):
                out[edit.objectName()] = error.text()
        t = self.table_section
        if t.tournament_error.isVisibleTo(self):
            out["tournament"] = t.tournament_error.text()
        if self.tablet_section.referee_error.isVisibleTo(self):
            out["referee"] = self.tablet_section.referee_error.text()
        pin = self.pin_setup
        if pin.error.isVisibleTo(self):
            out["pin"] = pin.error.text()
        return out

    # -- state --------------------------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Fill the form from the settings and the open table (called when the page is shown)."""
        c = self.controller
        s = c.settings
        self.hide_message()
        self.area.verticalScrollBar().setValue(0)
        self.referee.setText(s.referee)
        self.tablet_section.check()  # clears a mark left from an earlier visit (settings.json holds a good name)
        self.language.set_value(s.language if is_available(s.language) else SOURCE)
        self.theme.set_value(s.theme)
        self.pin_setup.refresh()
        self.screen_setup.refresh()
        self.table_section.set_tournaments(c.setup.tournament_names())
        table = c.table
        self.clock_button.setVisible(table is not None)  # the clock is the open table's tournament's
        if table is not None:
            self.tournament.setText(table.tournament)
            self.table_number.set_value(table.number)
        st = c.state
        if st is not None and st.started:
            self.players_section.seat([seat.player for seat in st.seats], [seat.first_timer for seat in st.seats])
            if st.ruleset is not None:
                self.ruleset.set_value(st.ruleset.id)
        self._defaults()

    def _defaults(self) -> None:
        """The next hanchan's number and session at the table typed, and the players known in its tournament."""
        desk = self.controller.setup
        tournament = self.tournament.text().strip()
        nxt = desk.next_hanchan(tournament, self.table_number.value())
        self.hanchan.set_value(nxt.hanchan)
        self.session.set_value(nxt.session)
        known = {p.name: (p.first_timer, p.federation_id) for p in desk.known_players(tournament)} if tournament else {}
        self._known = {**known, **self._roster}
        self.players_section.set_known({n: v[0] for n, v in self._known.items()})

    def _language(self, lang: str) -> None:
        self.controller.settings.language = lang
        self.controller.save_settings()
        self.language_changed.emit(lang)

    choose_language = _language

    def _theme(self, theme: str) -> None:
        self.controller.settings.theme = "dark" if theme == "dark" else "light"
        self.controller.save_settings()
        apply_theme(theme)

    # -- roster -------------------------------------------------------------------------------------------------

    def import_roster(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Roster (CSV)"), "", self.tr("CSV files (*.csv *.txt)"))
        if path:
            self.load_roster(Path(path))

    def load_roster(self, path: Path) -> bool:
        """Read a CSV roster: its names are suggested in the seats (a roster of four or fewer is seated from
        East); what is wrong with the file is said under the roster button."""
        try:
            entries = self.controller.setup.read_roster(path)
        except ValueError as exc:
            self.players_section.show_roster_status(said(exc), error=True)
            return False
        self._roster = {e.name: (e.first_timer, e.federation_id) for e in entries}
        self._defaults()
        if len(entries) <= 4:
            self.players_section.seat([e.name for e in entries], [e.first_timer for e in entries])
        n = len(entries)
        self.players_section.show_roster_status(self.tr("%n player(s) imported.", "", n), error=False)
        return True

    # -- save, start --------------------------------------------------------------------------------------------

    def save(self) -> bool:
        """Keep the referee's name and the answer to the PIN question; False (the reason at the field) when the
        name holds a control or invisible formatting character, or the PIN question is not answered or the PIN is
        not 4 to 12 digits."""
        c = self.controller
        self.hide_message()
        if not self.tablet_section.check():
            self.area.ensureWidgetVisible(self.referee, 8, 96)
            self.referee.setFocus()
            return False
        c.settings.referee = self.referee.text().strip()
        if not self.pin_setup.apply():  # the reason is shown at the question, scrolled into view
            return False
        c.save_settings()
        self.show_message(lambda: self.tr("Settings saved."), error=False)
        return True

    def start_hanchan(self) -> None:
        self.hide_message()
        table_ok = self.table_section.check()
        players_ok = self.players_section.check()
        if not (table_ok and players_ok):
            first = self.tournament if not table_ok else next(e for e in self.players if e.property("error"))
            self.area.ensureWidgetVisible(first, 8, 96)
            first.setFocus()
            return
        if not self.save():
            return
        names = self.players_section.names()
        federation = {name: fed for name, (_first, fed) in self._known.items()}
        request = HanchanRequest(
            tournament=self.tournament.text().strip(),
            table=self.table_number.value(),
            players=seatings(names, self.players_section.first_timer_flags(), federation),
            ruleset=self.ruleset.value() or "",
            session=self.session.value(),
            hanchan=self.hanchan.value(),
        )
        try:
            self.controller.setup.start_hanchan(request)
        except Refused as refused:
            if refused.in_play:
                self.show_message(
                    lambda: self.tr("This table's hanchan is not over: end it from the Results page first.")
                )
            else:
                reason = refused.reason
                self.show_message(lambda: said(reason))  # (said again in the new language after a switch)
            return
        self.done.emit()
