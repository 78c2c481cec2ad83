"""The incident history of the current tournament: newest first, filtered by taps, a page at a time; a filter's
choices and an entry's detail open in the same place.

Every row comes from the controller (``controller.history``: the core's history desk); this page never queries
the store itself. The time filters ("last hour", "today") are written in the time zone of the controller's clock,
the one this device records with, and compared with the recorded time as :mod:`refapp.store.history` does.

On a keyboard: Tab reaches the filters and the list; the arrows move in the list and Enter opens the row; Esc goes
one step back (a filter's choices, an entry, its report: back to where it was opened from; the list: the board).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListView,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ..common.collate import sorted_by, sorted_names
from ..common.flow_widgets import title_label as _title
from ..common.focus_ring import focus_page
from ..common.widgets import BigButton, Pages, kinetic
from .delegate import IncidentDelegate
from .detail import DetailPage
from .filters import FilterBar
from .format import offence_text
from .model import ROW_ROLE, IncidentModel
from .picker import PickerPage
from .report_page import ReportPage
from .reporting import ReportActions

if TYPE_CHECKING:
    from ...core.search import HistoryFilters
    from ...core.types import HistoryRow
    from ..shell.controller import Controller


class HistoryView(QWidget):
    def __init__(self, controller: Controller, parent: QWidget | None = None):
        super().__init__(parent)
        self.controller = controller
        self._counts: tuple[str, dict[str, int]] | None = None
        self._tournament_id: str | None = None
        self._picker_kind = ""
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.pages = Pages(self)
        lay.addWidget(self.pages)
        self._build_list_page()
        self.picker_page = PickerPage(self)
        self.picker_page.picked.connect(self.pick)
        self.picker_page.cancelled.connect(self._picker_cancelled)
        self.pages.addWidget(self.picker_page)
        self.detail_page = DetailPage(self)
        self.detail_page.back.connect(self.show_list)
        self.pages.addWidget(self.detail_page)
        self.paper = self.detail_page.paper
        self.report_page = ReportPage(self)
        self.pages.addWidget(self.report_page)
        self._row: HistoryRow | None = None  # the entry the detail page shows
        self.pages.currentChanged.connect(self._step_shown)
        self.reporting = ReportActions(self)  # statements, sign-offs and reports (refapp.ui.history.reporting)
        # the parts by the names tests and scripts use
        f, d = self.filters, self.detail_page
        self.table_filter, self.time_filter, self.search = f.table_filter, f.time_filter, f.search
        self.player_button, self.offence_button, self.voided_toggle = f.player_button, f.offence_button, f.voided_toggle
        self.picker_cancel, self.back_button = self.picker_page.cancel, d.back_button
        self.detail_title, self.detail_voided, self.detail_ruling = d.title, d.voided, d.ruling
        self.detail_when, self.detail_answers, self.detail_facts = d.when, d.answers, d.facts
        self.detail_citation, self.detail_note, self.detail_remarks = d.citation, d.note, d.remarks
        self.detail_hand_label, self.detail_hand = d.hand_label, d.hand
        controller.state_changed.connect(self._state_changed)
        self.retranslate()

    def _build_list_page(self) -> None:
        page = QWidget(self)
        lay = QVBoxLayout(page)
        head = QHBoxLayout()
        self.title = _title("", page)
        head.addWidget(self.title, 1)
        self.tournament_report_button = BigButton("", page)  # the whole tournament as a PDF
        self.tournament_report_button.setObjectName("tournament_report")
        self.tournament_report_button.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.tournament_report_button.setMinimumHeight(48)  # beside the title: 48 px (the theme), the list keeps rows
        self.tournament_report_button.clicked.connect(lambda: self.reporting.open_report("tournament"))
        head.addWidget(self.tournament_report_button)
        lay.addLayout(head)
        self.empty = QLabel(page)
        self.empty.setWordWrap(True)
        self.empty.setProperty("role", "title")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(self.empty, 1)
        self.filters = FilterBar(page)
        self.filters.changed.connect(self.reload)
        self.filters.pick.connect(self.open_picker)
        lay.addWidget(self.filters)
        self.counts = QLabel(page)
        self.counts.setObjectName("counts")
        self.counts.setWordWrap(True)
        self.counts.setProperty("role", "earlier")
        self.counts.hide()
        lay.addWidget(self.counts)
        self.list = QListView(page)
        self.list.setObjectName("incidents")
        self.model = IncidentModel(self.controller.rulesets, self._now, self.list)
        self.list.setModel(self.model)
        self.list.setItemDelegate(IncidentDelegate(self.list))
        self.list.setUniformItemSizes(True)
        self.list.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.list.setFrameShape(QFrame.Shape.NoFrame)
        self.list.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.list.clicked.connect(self._row_clicked)
        self.list.installEventFilter(self)  # Enter opens the row the arrows are on
        kinetic(self.list.viewport())
        lay.addWidget(self.list, 1)
        bottom = QHBoxLayout()
        self.status = QLabel(page)
        self.status.setObjectName("status")
        self.status.setWordWrap(True)
        bottom.addWidget(self.status, 1)
        self.more_button = BigButton("", page)
        self.more_button.setObjectName("more")
        self.more_button.setMaximumWidth(280)
        self.more_button.clicked.connect(self.more)
        bottom.addWidget(self.more_button)
        lay.addLayout(bottom)
        self.model.fetched.connect(self._update_status)
        self.list_page = page
        self.pages.addWidget(page)

    # -- texts --------------------------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.filters.retranslate()
        self.picker_page.retranslate()
        self.more_button.setText(self.tr("More"))
        self.tournament_report_button.setText(self.tr("Report (PDF)", "the tournament's incident report"))
        self.report_page.retranslate()
        self.empty.setText(self.tr("No table is open: set up the table first."))
        self._update_title()
        self._update_status()
        self._show_counts()
        self.model.retranslate()
        if self.pages.currentWidget() is self.picker_page:  # its choices are made again when it is opened again
            self._picker_cancelled()
        self.detail_page.retranslate()

    def _update_title(self) -> None:
        table = self.controller.table
        if table is None:
            self.title.setText(self.tr("History"))
        else:
            self.title.setText(self.tr("History — %1").replace("%1", table.tournament))

    def _update_status(self) -> None:
        n = self.model.rowCount()
        if self.model.canFetchMore():
            text = self.tr("The %n newest incident(s) shown; more below.", "", n)
        elif n:
            text = self.tr("%n incident(s).", "", n)
        else:
            text = self.tr("No incident matches these filters.")
        self.status.setText(text)
        self.more_button.setVisible(self.model.canFetchMore())

    def counts_text(self, player: str, counts: Mapping[str, int]) -> str:
        """``Bob, this tournament: 2 warnings, 1 dead hand, 0 chombos, 1 penalty`` (plurals by translation)."""
        st = self.controller.state
        chonbo = st is not None and st.ruleset is not None and st.ruleset.chombo_word == "chonbo"
        chombos = counts.get("chombos", 0)
        parts = [
            self.tr("%n warning(s)", "", counts.get("warnings", 0)),
            self.tr("%n dead hand(s)", "", counts.get("dead_hands", 0)),
            self.tr("%n chonbo(s)", "", chombos) if chonbo else self.tr("%n chombo(s)", "", chombos),
            self.tr("%n penalty(ies)", "", counts.get("penalties", 0)),
        ]
        return (
            self.tr("%1, this tournament: %2, %3, %4, %5")
            .replace("%1", player)
            .replace("%2", parts[0])
            .replace("%3", parts[1])
            .replace("%4", parts[2])
            .replace("%5", parts[3])
        )

    def _update_counts(self) -> None:
        """Ask for the selected player's counts (after each reload)."""
        player = self.filters.player
        if player and self.controller.table is not None:
            self._counts = (player, self.controller.history.player_counts(player))
        else:
            self._counts = None
        self._show_counts()

    def _show_counts(self) -> None:
        if self._counts is None:
            self.counts.hide()
            return
        self.counts.setText(self.counts_text(*self._counts))
        self.counts.show()

    # -- querying -----------------------------------------------------------------------------------------------

    def _now(self) -> datetime:
        now = self.controller.clock()
        return now.astimezone() if now.tzinfo is not None else now

    def _since(self) -> str | None:
        """The lower time bound, written in the time zone the controller's clock records in."""
        choice = self.filters.time_filter.value()
        if choice not in ("hour", "today"):
            return None
        recorded = self.controller.clock()
        if choice == "hour":
            start = recorded - timedelta(hours=1)
        else:
            local = self._now()
            midnight = local.replace(hour=0, minute=0, second=0, microsecond=0)
            start = midnight.astimezone(recorded.tzinfo) if recorded.tzinfo is not None else midnight
        return str(start.strftime("%Y-%m-%dT%H:%M:%S"))

    def filters_now(self) -> HistoryFilters:
        """The keyword arguments of :func:`refapp.store.history.query` for the filters on screen."""
        table = self.controller.table
        if table is None:
            return {}
        f = self.filters
        return {
            "tournament": table.tournament_id,
            "table": f.table_id,
            "player": f.player,
            "offence": f.offence,
            "since": self._since(),
            "text": f.search_text() or None,
            "include_voided": f.voided_toggle.isChecked(),
        }

    def reload(self) -> None:
        """Query the first page again with the filters on screen."""
        self.filters.search_timer.stop()
        if self.controller.table is None:
            self.model.reset(None)
        else:
            desk = self.controller.history
            kwargs = self.filters_now()
            self.model.reset(lambda offset, limit: desk.page(kwargs, offset, limit))
            self.list.scrollToTop()
        self._update_status()
        self._update_counts()

    def more(self) -> None:
        self.model.fetchMore(QModelIndex())
        self._update_status()

    def refresh(self) -> None:
        """Called when the page is shown: the open table may have changed, and events may have been added."""
        table = self.controller.table
        has_table = table is not None
        self.empty.setVisible(not has_table)
        for w in (self.filters, self.list, self.status, self.tournament_report_button):
            w.setVisible(has_table)
        if not has_table:
            self.more_button.hide()
        self.filters.set_open_table(table.table_id if table else None, table.number if table else None)
        tournament = table.tournament_id if table is not None else None
        if tournament != self._tournament_id:  # another tournament: its own tables, players and offences
            self._tournament_id = tournament
            self.filters.reset()
        self.filters.update_texts()
        self._update_title()
        self.reload()
        self.show_list()

    def _state_changed(self, _state: object) -> None:
        if self.isVisible() and self.pages.currentWidget() is self.list_page:
            self.reload()

    def row_texts(self) -> list[str]:
        """What each row of the list says (for tests and scripts)."""
        return [str(self.model.data(self.model.index(i))) for i in range(self.model.rowCount())]

    # -- the filters' choices -----------------------------------------------------------------------------------

    @property
    def picker_buttons(self) -> dict[str, BigButton]:
        return self.picker_page.buttons

    def open_picker(self, kind: str) -> None:
        """Show the choices of a filter as big buttons: ``table``, ``player`` or ``offence``."""
        if self.controller.table is None:
            return
        desk = self.controller.history
        f = self.filters
        self._picker_kind = kind
        if kind == "table":
            title = self.tr("Which table?")
            options = [(tid, self.tr("Table %1").replace("%1", str(n))) for tid, n in desk.table_choices()]
            current, columns = f.table_id or "", 4
        elif kind == "player":
            title = self.tr("Which player?")
            options = [("", self.tr("All players"))] + [(n, n) for n in sorted_names(desk.player_names())]
            current, columns = f.player or "", 3
        else:
            title = self.tr("Which offence?")
            present = [(o, offence_text(o)) for o in desk.offences_present()]
            options = [("", self.tr("All offences"))] + sorted_by(present, lambda kv: kv[1])
            current, columns = f.offence or "", 3
        self.picker_page.show_choices(title, options, current, columns)
        self.pages.setCurrentWidget(self.picker_page)

    def pick(self, key: str) -> None:
        """Choose ``key`` in the open picker (a table id, a player name, an offence id; "" for all)."""
        kind, self._picker_kind = self._picker_kind, ""
        f = self.filters
        if kind == "table":
            number = next((n for tid, n in self.controller.history.table_choices() if tid == key), None)
            f.choose_table(key or None, number)
        elif kind == "player":
            f.player = key or None
        elif kind == "offence":
            f.offence = key or None
        f.update_texts()
        self.show_list()
        self.reload()

    def _picker_cancelled(self) -> None:
        if self._picker_kind == "table":
            self.filters.restore_table_choice()
        self._picker_kind = ""
        self.show_list()

    # -- detail -------------------------------------------------------------------------------------------------

    def _row_clicked(self, index: QModelIndex) -> None:
        row = index.data(ROW_ROLE)
        if row is not None:
            self.open_detail(row)

    def show_list(self) -> None:
        self.pages.setCurrentWidget(self.list_page)

    @property
    def shown_row(self) -> HistoryRow | None:
        """The history row the detail page shows (None before one was opened)."""
        return self._row

    def open_detail(self, row: HistoryRow) -> None:
        """The entry as stored for one history row, with its statements, sign-off and report."""
        desk = self.controller.history
        extra = desk.incident_extra(row)
        self._row = row
        self.detail_page.show_entry(row, extra, self.controller.rulesets)
        self.paper.show_incident(
            desk.statement_players(row),
            desk.incident_notes(row),
            desk.signed_already(row),
            self.controller.settings.referee,
        )
        self.pages.setCurrentWidget(self.detail_page)

    def transfer_texts(self) -> list[list[str]]:
        return self.detail_page.transfer_texts()

    # -- keys ---------------------------------------------------------------------------------------------------

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if obj is self.list and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            keys = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)
            if event.key() in keys and not event.isAutoRepeat() and self.list.currentIndex().isValid():
                self._row_clicked(self.list.currentIndex())
                return True
        return super().eventFilter(obj, event)

    def go_back(self) -> bool:
        """Esc: one step back: a filter's choices (kept as they were), an entry or its report; False on the list
        (the shell then shows the board)."""
        page = self.pages.currentWidget()
        if page is self.picker_page:
            self._picker_cancelled()
        elif page is self.detail_page:
            self.show_list()
        elif page is self.report_page:
            self.report_page.back.emit()
        else:
            return False
        return True

    def first_focus(self) -> QWidget | None:
        """Where the keyboard starts on the step shown: the list (a filter's choices: the one chosen now)."""
        page = self.pages.currentWidget()
        if page is self.list_page:
            return self.list if self.list.isVisible() and self.model.rowCount() else None
        first = getattr(page, "first_focus", None)
        return first() if callable(first) else None

    def _step_shown(self, _index: int) -> None:
        """A step was opened: the keyboard starts on it. (Back on the list, Qt gives the focus back to where it was
        on the list: the filter button, the list.)"""
        if self.isVisible() and self.pages.currentWidget() is not self.list_page:
            focus_page(self)
