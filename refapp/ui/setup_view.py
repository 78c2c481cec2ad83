"""Setup: tournament, table, players (typed or from a CSV roster), rule set, first-timer flags, referee, language,
theme, referee PIN; then start a hanchan (or continue a table kept on paper)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from ..store.db import StoreError
from ..store.roster import RosterError, parse_roster
from .ruling import _title, scroll
from .texts import ruleset_text, wind
from .widgets import BigButton, Segmented, Stepper, Toggle


class SetupView(QWidget):
    done = Signal()
    language_changed = Signal(str)

    def __init__(self, controller, parent: QWidget | None = None):
        super().__init__(parent)
        self.controller = controller
        lay = QVBoxLayout(self)
        self.title = _title("", self)
        lay.addWidget(self.title)
        inner = QWidget(self)
        form = QVBoxLayout(inner)
        self.labels: dict[str, QLabel] = {}

        def label(key: str) -> QLabel:
            lab = QLabel(inner)
            lab.setProperty("role", "question")
            self.labels[key] = lab
            form.addWidget(lab)
            return lab

        label("tournament")
        self.tournament = QLineEdit(inner)
        self.tournament.setObjectName("tournament")
        form.addWidget(self.tournament)
        label("table")
        self.table_number = Stepper(1, 999, 1, 1, inner)
        self.table_number.setObjectName("table_number")
        form.addWidget(self.table_number)
        label("players")
        grid = QGridLayout()
        self.players: list[QLineEdit] = []
        self.first_timers: list[Toggle] = []
        self.seat_labels: list[QLabel] = []
        for i in range(4):
            edit = QLineEdit(inner)
            edit.setObjectName(f"player_{i}")
            edit.setMinimumHeight(48)
            ft = Toggle("", inner)
            ft.setObjectName(f"first_timer_{i}")
            self.players.append(edit)
            self.first_timers.append(ft)
            seat_label = QLabel(inner)
            self.seat_labels.append(seat_label)
            grid.addWidget(seat_label, i, 0)
            grid.addWidget(edit, i, 1)
            grid.addWidget(ft, i, 2)
        form.addLayout(grid)
        self.roster_button = BigButton("", inner)
        self.roster_button.clicked.connect(self.import_roster)
        self.roster_combo = QComboBox(inner)
        self.roster_combo.setMinimumHeight(48)
        self.roster_combo.hide()
        form.addWidget(self.roster_button)
        form.addWidget(self.roster_combo)
        label("ruleset")
        ids = sorted(controller.rulesets)
        self.ruleset = Segmented([(i, ruleset_text(controller.rulesets[i].name)) for i in ids], 3, inner)
        self.ruleset.setObjectName("ruleset")
        self.ruleset.set_value("wrc-2015" if "wrc-2015" in ids else ids[0])
        form.addWidget(self.ruleset)
        label("referee")
        self.referee = QLineEdit(inner)
        self.referee.setObjectName("referee")
        form.addWidget(self.referee)
        label("language")
        self.language = Segmented([("en", "English"), ("fr", "Français")], 2, inner)
        self.language.setObjectName("language")
        self.language.changed.connect(self._language)
        form.addWidget(self.language)
        label("theme")
        self.theme = Segmented([("light", ""), ("dark", "")], 2, inner)
        self.theme.setObjectName("theme")
        self.theme.changed.connect(self._theme)
        form.addWidget(self.theme)
        # -- the table helper's widgets: the referee PIN question, the screen (refapp.ui.pin_setup, screen_setup)
        from .pin_setup import PinSetup
        from .screen_setup import ScreenSetup

        self.pin_setup = PinSetup(controller, inner)
        form.addWidget(self.pin_setup)
        self.screen_setup = ScreenSetup(controller, inner)
        form.addWidget(self.screen_setup)
        # --
        form.addStretch(1)
        lay.addWidget(scroll(inner, self), 1)
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self.message.setProperty("role", "error")
        self.message.hide()
        lay.addWidget(self.message)
        row = QHBoxLayout()
        self.save_button = BigButton("", self)
        self.start_button = BigButton("", self, role="primary")
        self.start_button.setObjectName("start_hanchan")
        row.addWidget(self.save_button)
        row.addWidget(self.start_button)
        lay.addLayout(row)
        self.save_button.clicked.connect(self.save)
        self.start_button.clicked.connect(self.start_hanchan)
        self.roster: list = []
        self.retranslate()

    def retranslate(self) -> None:
        self.title.setText(self.tr("Setup"))
        texts = {
            "tournament": self.tr("Tournament"),
            "table": self.tr("Table number"),
            "players": self.tr("Players, in seat order from East (the button beside a name marks a first timer)"),
            "ruleset": self.tr("Rule set"),
            "referee": self.tr("Referee name"),
            "language": self.tr("Language"),
            "theme": self.tr("Theme"),
        }
        for key, lab in self.labels.items():
            lab.setText(texts[key])
        for ft in self.first_timers:
            ft.setText(self.tr("First timer"))
        for letter, lab in zip("ESWN", self.seat_labels, strict=True):
            lab.setText(wind(letter))
        self.theme.buttons["light"].setText(self.tr("Light"))
        self.theme.buttons["dark"].setText(self.tr("Dark, high contrast"))
        self.roster_button.setText(self.tr("Import players from a CSV roster"))
        self.save_button.setText(self.tr("Save settings"))
        self.start_button.setText(self.tr("Start a hanchan"))

    def refresh(self) -> None:
        c = self.controller
        s = c.settings
        self.message.hide()
        self.referee.setText(s.referee)
        self.language.set_value(s.language)
        self.theme.set_value(s.theme)
        self.pin_setup.refresh()  # (table helper)
        self.screen_setup.refresh()  # (table helper)
        table = c.table
        if table is not None:
            self.tournament.setText(table.tournament)
            self.table_number.set_value(table.number)
        st = c.state
        if st is not None and st.started:
            for edit, seat in zip(self.players, st.seats, strict=False):
                edit.setText(seat.player)
            for ft, seat in zip(self.first_timers, st.seats, strict=False):
                ft.setChecked(seat.first_timer)
            if st.ruleset is not None:
                self.ruleset.set_value(st.ruleset.id)

    def _language(self, lang: str) -> None:
        self.controller.settings.language = lang
        self.controller.save_settings()
        self.language_changed.emit(lang)

    def _theme(self, theme: str) -> None:
        from .theme import apply_theme

        self.controller.settings.theme = theme
        self.controller.save_settings()
        apply_theme(theme)

    def import_roster(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Roster (CSV)"), "", self.tr("CSV files (*.csv *.txt)"))
        if path:
            self.load_roster(Path(path))

    def load_roster(self, path: Path) -> bool:
        try:
            self.roster = parse_roster(path.read_text(encoding="utf-8"), str(path))
        except (OSError, UnicodeDecodeError, RosterError) as exc:
            self.show_message(str(exc))
            return False
        self.roster_combo.clear()
        self.roster_combo.addItems([e.name for e in self.roster])
        self.roster_combo.show()
        for edit, entry in zip(self.players, self.roster, strict=False):
            edit.setText(entry.name)
        firsts = {e.name for e in self.roster if e.first_timer}
        for edit, ft in zip(self.players, self.first_timers, strict=True):
            ft.setChecked(edit.text() in firsts)
        self.show_message(self.tr("%n player(s) imported.", "", len(self.roster)), error=False)
        return True

    def show_message(self, text: str, error: bool = True) -> None:
        self.message.setProperty("role", "error" if error else "info")
        self.message.setText(text)
        self.message.style().unpolish(self.message)
        self.message.style().polish(self.message)
        self.message.show()

    def save(self) -> bool:
        s = self.controller.settings
        s.referee = self.referee.text().strip()
        if not self.pin_setup.apply():  # (table helper) the PIN question answered, or said why not at the field
            return False
        self.controller.save_settings()
        self.show_message(self.tr("Settings saved."), error=False)
        return True

    def start_hanchan(self) -> None:
        names = [e.text().strip() for e in self.players]
        if any(not n for n in names) or len({n.casefold() for n in names}) != 4:
            self.show_message(self.tr("Enter four different player names."))
            return
        tournament = self.tournament.text().strip()
        if not tournament:
            self.show_message(self.tr("Enter the tournament name."))
            return
        if not self.save():
            return
        c = self.controller
        st = c.state
        if st is not None and st.started and not st.game_over:
            self.show_message(self.tr("The current hanchan is not over: end it from the Results page first."))
            return
        try:
            table = self._table(tournament, self.table_number.value())
        except StoreError as exc:
            self.show_message(str(exc))
            return
        if c.table is None or c.table.table_id != table.table_id:
            c.open_table(table)
        firsts = [n for n, ft in zip(names, self.first_timers, strict=True) if ft.isChecked()]
        event = c.new_event("hanchan_start", players=names, ruleset=self.ruleset.value(), first_timers=firsts)
        if c.commit(event) is not None:
            self.done.emit()
        else:
            self.show_message(c.last_error)

    def _table(self, tournament: str, number: int):
        # the tournament, its new players and the table in one transaction (refapp.store.db.Store.setup_table)
        roster = {e.name: e for e in self.roster}
        players = []
        for name in (e.text().strip() for e in self.players):
            entry = roster.get(name)
            players.append(
                {
                    "name": name,
                    "first_timer": entry.first_timer if entry else False,
                    "federation_id": entry.federation_id if entry else "",
                }
            )
        return self.controller.store.setup_table(tournament, number, players)
