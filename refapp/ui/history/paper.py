"""The part of an incident's detail page that goes on paper: the players' statements (with a box to type a new one,
a laptop keyboard assumed), the head referee's sign-off (a name, then the referee PIN of this tablet), and the button
that writes the incident's report as a PDF.

The page only says what was asked for (``statement_requested``, ``signoff_requested``, ``report_requested``): the
history view checks the PIN and records through the controller (:mod:`refapp.core.history`), then shows the result here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPlainTextEdit, QVBoxLayout, QWidget

from ...core.history import STATEMENT_MAX
from ..common.flow_grid import Choices
from ..common.flow_widgets import MainButton, wrapped_label
from ..common.widgets import BigButton
from .format import by_text, time_text

if TYPE_CHECKING:
    from ...core.types import IncidentNotes, Signoff


class PaperBox(QWidget):
    statement_requested = Signal(str, str)  # player, text
    signoff_requested = Signal(str)  # the head referee's name
    report_requested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 12, 0, 0)
        self.statements_head = wrapped_label(self, "group", "statements_head")
        lay.addWidget(self.statements_head)
        self.statements = wrapped_label(self, "", "statements")
        lay.addWidget(self.statements)
        self.player_label = wrapped_label(self, "question", "statement_player_label")
        lay.addWidget(self.player_label)
        self.players_box = QWidget(self)
        self.players_layout = QVBoxLayout(self.players_box)
        self.players_layout.setContentsMargins(0, 0, 0, 0)
        self.players: Choices | None = None
        lay.addWidget(self.players_box)
        self.text = QPlainTextEdit(self)
        self.text.setObjectName("statement_text")
        self.text.setMinimumHeight(120)
        self.text.setTabChangesFocus(True)
        self.text.textChanged.connect(self._update_buttons)
        lay.addWidget(self.text)
        self.count = wrapped_label(self, "", "statement_count")
        lay.addWidget(self.count)
        self.record_button = MainButton("", self)
        self.record_button.setObjectName("record_statement")
        self.record_button.clicked.connect(self._record)
        lay.addWidget(self.record_button)

        self.signoff_head = wrapped_label(self, "group", "signoff_head")
        lay.addWidget(self.signoff_head)
        self.signed = wrapped_label(self, "earlier", "signoff_state")
        lay.addWidget(self.signed)
        self.name_label = wrapped_label(self, "question", "signoff_name_label")
        lay.addWidget(self.name_label)
        row = QHBoxLayout()
        self.name = QLineEdit(self)
        self.name.setObjectName("signoff_name")
        self.name.setMaxLength(200)
        self.name.textChanged.connect(self._update_buttons)
        self.name.returnPressed.connect(self._sign)
        row.addWidget(self.name, 2)
        self.sign_button = MainButton("", self)
        self.sign_button.setObjectName("sign_off")
        self.sign_button.clicked.connect(self._sign)
        row.addWidget(self.sign_button, 1)
        lay.addLayout(row)

        self.message = QLabel(self)
        self.message.setObjectName("paper_message")
        self.message.setWordWrap(True)
        self.message.hide()
        lay.addWidget(self.message)
        self.report_button = BigButton("", self)
        self.report_button.setObjectName("incident_report")
        self.report_button.clicked.connect(self.report_requested)
        lay.addWidget(self.report_button)
        self._notes: IncidentNotes | None = None
        self._names: tuple[str, ...] = ()
        self._done: Signoff | None = None
        self.retranslate()

    # -- texts --------------------------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.statements_head.setText(self.tr("Player statements"))
        self.player_label.setText(self.tr("Whose statement?"))
        self.text.setPlaceholderText(self.tr("The player's own words"))
        self.record_button.setText(self.tr("Record the statement"))
        self.signoff_head.setText(self.tr("Head referee's sign-off"))
        self.name_label.setText(self.tr("Head referee's name"))
        self.name.setPlaceholderText(self.tr("Name"))
        self.sign_button.setText(self.tr("Sign off (PIN)"))
        self.report_button.setText(self.tr("Report (PDF)"))
        self._show_notes()
        self._update_buttons()

    def _show_notes(self) -> None:
        notes = self._notes
        if notes is not None and notes.statements:
            lines = []
            for s in notes.statements:
                if s.by:
                    head = (
                        self.tr("%1, recorded by %2 on %3:")
                        .replace("%1", s.player)
                        .replace("%2", by_text(s.by))
                        .replace("%3", time_text(s.at, long=True))
                    )
                else:
                    head = (
                        self.tr("%1, recorded on %2:").replace("%1", s.player).replace("%2", time_text(s.at, long=True))
                    )
                lines.append(head + "\n" + s.text)
            self.statements.setText("\n\n".join(lines))
        else:
            self.statements.setText(self.tr("No statement was recorded."))
        signed = notes.signed if notes is not None else None
        if signed is None:
            self.signed.setText(self.tr("Not signed."))
        else:
            self.signed.setText(
                self.tr("Signed off by %1 on %2.")
                .replace("%1", signed.by)
                .replace("%2", time_text(signed.at, long=True))
            )

    def _update_buttons(self) -> None:
        length = len(self.text.toPlainText().strip())
        self.count.setText(self.tr("%1 of %2 characters").replace("%1", str(length)).replace("%2", str(STATEMENT_MAX)))
        self.count.setVisible(length > STATEMENT_MAX * 3 // 4)
        chosen = self.players is not None and self.players.value() is not None
        self.record_button.setEnabled(chosen and 0 < length <= STATEMENT_MAX)
        self.sign_button.setEnabled(bool(self.name.text().strip()) and self._done is None)

    # -- one incident -----------------------------------------------------------------------------------------

    def show_incident(self, names: Sequence[str], notes: IncidentNotes, done: Signoff | None, referee: str) -> None:
        """The statements and sign-off of an incident; ``names``: who may make a statement; ``done``: the sign-off
        that already covers everything (no new one then); ``referee``: the name offered for the sign-off."""
        if tuple(names) != self._names or self.players is None:
            self._names = tuple(names)
            if self.players is not None:
                self.players.hide()  # deleteLater waits for the event loop: hidden at once so nothing overlaps
                self.players.deleteLater()
            self.players = Choices([(n, n) for n in names], self.players_box, max_columns=4)
            self.players.setObjectName("statement_players")
            self.players.changed.connect(lambda _k: self._update_buttons())
            self.players_layout.addWidget(self.players)
            self.players.show()
            self.text.clear()
        self.show_notes(notes, done)
        if not self.name.text().strip():
            self.name.setText(referee)
        self.message.hide()
        self._update_buttons()

    def show_notes(self, notes: IncidentNotes, done: Signoff | None) -> None:
        self._notes, self._done = notes, done
        self._show_notes()
        self._update_buttons()

    def say(self, text: str, error: bool = False) -> None:
        """A result under the form (recorded, refused, the report's file)."""
        self.message.setProperty("role", "error" if error else "info")
        self.message.style().unpolish(self.message)
        self.message.style().polish(self.message)
        self.message.setText(text)
        self.message.show()

    def statement_recorded(self) -> None:
        self.text.clear()

    # -- intents ------------------------------------------------------------------------------------------------

    def _record(self) -> None:
        player = self.players.value() if self.players is not None else None
        text = self.text.toPlainText().strip()
        if player and text and len(text) <= STATEMENT_MAX:
            self.statement_requested.emit(player, text)

    def _sign(self) -> None:
        name = self.name.text().strip()
        if name and self.sign_button.isEnabled():
            self.signoff_requested.emit(name)
