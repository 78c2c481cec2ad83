"""The Players tab of the head referee's desk: every player of the tournament with their incidents counted across
all tables and sessions (players with incidents first, then by name), a filter by name for a long list, and a tap
on a player shows their incidents and where they stand now on the rule set's warnings and ladders
(:mod:`refapp.ui.venue.player_detail`).

The records (:func:`refapp.store.records.records`, a fifth of a second for 160 players over 100,000 events) are read
ahead in a worker (:class:`RecordsAhead`) a moment after the desk is shown and after each sync, and kept while nothing
new is stored (:meth:`refapp.core.results.ResultsDesk.records_kept`): the Tables page's first paint never waits for
them, a tap on Players while they are read waits only for the rest of that read, and a visit after nothing changed
shows them at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QApplication, QFrame, QLabel, QLineEdit, QScrollArea, QVBoxLayout, QWidget

from ...domain.gcpause import gc_paused
from ..common.collate import collator
from ..common.flow_grid import FlowGrid
from ..common.focus_ring import move_focus
from ..common.texts import ruleset_text
from ..common.widgets import BigButton, kinetic, set_role
from ..ruling.search import fold
from ..shell.worker import Job, run
from .player_detail import PlayerDetail
from .tile import LabelButton, flag, line, set_flag

if TYPE_CHECKING:
    from ...core.types import LadderPosition, PlayerRecord, RecordCounts, Records, Store
    from ..shell.controller import Controller
    from .desk import VenueDesk

FILTER_FROM = 12  # players: from this many on, the list has a filter by name
GROW_STEP = 8  # rows made ahead at each turn of the event loop (a few milliseconds)


class CountWords(QObject):
    """A player's counts in words, plural forms included (the class name is the texts' context)."""

    def counts(self, c: RecordCounts) -> str:
        """``2 warnings · 1 dead hand``: the kinds that count, or that there is none."""
        parts = []
        if c.warnings:
            parts.append(self.tr("%n warning(s)", "", c.warnings))
        if c.dead_hands:
            parts.append(self.tr("%n dead hand(s)", "", c.dead_hands))
        if c.chombos:
            parts.append(self.tr("%n chombo(s)", "", c.chombos))
        if c.penalties:
            parts.append(self.tr("%n penalty(ies)", "", c.penalties))
        if c.ladder_steps:
            parts.append(self.tr("%n ladder step(s)", "", c.ladder_steps))
        others = c.incidents - c.warnings - c.dead_hands - c.chombos - c.penalties
        if others > 0:
            parts.append(self.tr("%n other incident(s)", "", others))
        return " · ".join(parts) if parts else self.tr("No incident")

    def not_counted(self, n: int) -> str:
        return self.tr("%n voided or set aside, not counted", "", n)

    def record(self, p: PlayerRecord) -> str:
        """The counts, and how many incidents are listed but not counted (voided or set aside)."""
        text = self.counts(p.counts)
        left = sum(1 for i in p.incidents if not i.counted)
        return text + " (" + self.not_counted(left) + ")" if left else text

    def players(self, n: int, with_incidents: int) -> str:
        return self.tr("%n player(s)", "", n) + " · " + self.tr("%n with incidents", "", with_incidents)


def ladder_name(ladder: LadderPosition) -> str:
    """A warning ladder as its rule set names it ("Calls Penalty"), else its id."""
    return ruleset_text(ladder.citation) or ladder.ladder


def next_dead_hand(p: PlayerRecord) -> str:
    """The name of the first ladder on which the player's next offence would be a dead hand ("" for none)."""
    return next((ladder_name(lad) for lad in p.ladders if lad.next_dead_hand and lad.steps), "")


class PlayerRow(LabelButton):
    """One player: the name, the counts, and a flag when the next offence on a ladder would be a dead hand."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, role="tile", width_hint=340)
        self.record: PlayerRecord | None = None
        self.name = line(self, "tile-state")
        self.counts = line(self, "tile-line")
        self.danger = flag(self, "conflict")
        for lab in (self.name, self.counts, self.danger):
            self.add_line(lab)

    def show_record(self, p: PlayerRecord, words: CountWords) -> None:
        self.record = p
        set_role(self, "state", "incidents" if p.has_incidents else "idle")
        self.set_line(self.name, p.player)
        self.set_line(self.counts, words.record(p))
        ladder = next_dead_hand(p)
        danger = self.tr("Next offence on %1: a dead hand").replace("%1", ladder) if ladder else ""
        set_flag(self.danger, "conflict", danger)
        self.update_name()


class RecordsAhead(QObject):
    """The players' records read ahead in a worker, so that a tap on Players only shows them: started a moment after
    the desk is shown and after each sync (:meth:`soon`), kept by the results desk when read. A tap while they are
    read waits for that read (:meth:`wait`), never for a second one."""

    DELAY_MS = 250  # after the desk's first paint (the read would share the interpreter with it)
    read = Signal(object)  # the records read ahead (Records)

    def __init__(self, controller: Controller, venue: VenueDesk, parent: QObject | None = None):
        super().__init__(parent)
        self.controller, self.venue = controller, venue
        self.job: Job | None = None
        self._read: list[tuple[tuple[str, int], Records]] = []  # what the running job read (for wait)
        self._again = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(self.DELAY_MS)
        self._timer.timeout.connect(self.start)

    def soon(self) -> None:
        self._timer.start()

    def start(self) -> None:
        """Read the records in a worker, unless those kept are current (one read at a time: asked again while one
        runs, it runs again when it ends)."""
        self._timer.stop()
        if self.job is not None:
            self._again = True
            return
        tournament = self.venue.tournament_id()
        ahead = self.controller.results.records_ahead(tournament) if tournament is not None else None
        if ahead is None:
            return
        session = self.controller.session
        read: list[tuple[tuple[str, int], Records]] = []

        def work(_progress: object) -> tuple[tuple[str, int], Records]:
            store: Store = session.worker_store()
            try:
                found = ahead(store)
            finally:
                store.close()
            read.append(found)
            return found

        self._read = read
        self.job = run(self, work, self._ended, name="refapp-records")

    def _ended(self, found: tuple[tuple[str, int], Records] | None, exc: BaseException | None) -> None:
        self.job = None
        if found is not None:  # (a read that failed: the tab reads them itself, and says why)
            self.controller.results.keep_records(*found)
            self.read.emit(found[1])
        if self._again:
            self._again = False
            self.start()

    def wait(self) -> None:
        """The records being read ahead, if any, kept once read (a tap on Players while they are read)."""
        job = self.job
        if job is None or job.runner is None:
            return
        job.runner.join()
        if self._read:
            self.controller.results.keep_records(*self._read[0])


class PlayersTab(QWidget):
    """The players' list (with a filter), or one player's incidents; its own scrolling (the filter stays above)."""

    scrolls_itself = True  # the page adds it as it is (not in a scroll area)
    shown_player = Signal(str)  # a player's incidents are shown ("" : the list again)

    def __init__(
        self,
        controller: Controller,
        venue: VenueDesk,
        parent: QWidget | None = None,
        ahead: RecordsAhead | None = None,
    ):
        super().__init__(parent)
        self.controller, self.venue = controller, venue  # its desk is made when the tab is first shown
        self.ahead = ahead  # the records read ahead (the desk's), if any
        self.words = CountWords(self)
        self.records: Records | None = None
        self.player = ""  # the player whose incidents are shown ("" : the list)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.back = BigButton("", self)
        self.back.setObjectName("players_back")
        self.back.clicked.connect(lambda: self.show_player(""))
        lay.addWidget(self.back)
        self.filter = QLineEdit(self)
        self.filter.setObjectName("players_filter")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(lambda _: self._apply_filter())
        lay.addWidget(self.filter)
        self.area = QScrollArea(self)
        self.area.setWidgetResizable(True)
        self.area.setFrameShape(QFrame.Shape.NoFrame)
        self.area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        kinetic(self.area.viewport())
        inner = QWidget(self.area)
        inner_lay = QVBoxLayout(inner)
        inner_lay.setContentsMargins(0, 0, 0, 0)
        self.summary = QLabel(inner)
        self.summary.setObjectName("players_summary")
        self.summary.setWordWrap(True)
        self.summary.setProperty("role", "question")
        inner_lay.addWidget(self.summary)
        self.grid = FlowGrid(inner, max_columns=3)
        self.grid.setObjectName("players_grid")
        inner_lay.addWidget(self.grid)
        self.detail = PlayerDetail(inner)
        self.detail.hide()
        inner_lay.addWidget(self.detail)
        inner_lay.addStretch(1)
        self.area.setWidget(inner)
        lay.addWidget(self.area, 1)
        self.rows: list[PlayerRow] = []
        self._ahead: Records | None = None  # records read ahead, shown once their rows are made (prepare)
        self._order: list[PlayerRecord] = []  # their players, in the list's order
        self._next = 0  # the next of them to fill a row
        self._grower = QTimer(self)
        self._grower.setInterval(0)
        self._grower.timeout.connect(self._grow_some)
        self.retranslate()

    def refresh(self) -> None:
        """Read the records (again only when something new was stored) and show the list or the player. (The
        collector is paused meanwhile: 160 rows are thousands of objects and no cycle, and a full pass over the app's
        heap after a venue sync took longer than the rows.)"""
        with gc_paused():
            self._refresh()

    def _refresh(self) -> None:
        tournament = self.venue.tournament_id()
        if self.ahead is not None:
            self.ahead.wait()
        records = self.controller.results.records_kept(tournament) if tournament is not None else None
        if records is not self.records:
            self.records = records
            self._fill()
        if self.player and (records is None or records.player(self.player) is None):
            self.player = ""
        self._show()

    def _fill(self) -> None:
        # the rows are filled in a hidden grid, shown once at the end: a row shown in a visible grid lays the grid out
        # again (160 players: a fifth of a second). Not while the keyboard is on a row: hiding would move it.
        focused = QApplication.focusWidget()
        hide = self.grid.isVisible() and not (focused is not None and self.grid.isAncestorOf(focused))
        if hide:
            self.grid.hide()
        try:
            self._fill_rows()
        finally:
            if hide:
                self.grid.show()

    def _fill_rows(self) -> None:
        players = self._sorted(self.records.players) if self.records is not None else []
        while len(self.rows) < len(players):
            self._new_row()
        for row, p in zip(self.rows, players):
            row.show_record(p, self.words)
        for row in self.rows[len(players) :]:
            row.record = None
            row.hide()
        self.filter.setVisible(len(players) >= FILTER_FROM)
        with_incidents = sum(1 for p in players if p.has_incidents)  # as each row says: voided ones do not count
        if not players:
            self.summary.setText(self.tr("No player in this tournament yet."))
        else:
            self.summary.setText(self.words.players(len(players), with_incidents))
        self._apply_filter()

    @staticmethod
    def _sorted(players: Sequence[PlayerRecord]) -> list[PlayerRecord]:
        """Players with incidents first, then by name."""
        c = collator()
        return sorted(players, key=lambda p: (not p.has_incidents, c.sortKey(p.player)))

    def _new_row(self) -> PlayerRow:
        row = PlayerRow(self.grid)
        row.clicked.connect(lambda _=False, r=row: self.show_player(r.record.player if r.record else ""))
        self.rows.append(row)
        return row

    def prepare(self, records: Records) -> None:
        """Show ``records`` (read ahead) while the tab is not shown, so that a visit only lays them out: the rows are
        made, filled and styled a few at each turn of the event loop (the desk goes on answering taps meanwhile;
        made at the tap, 160 rows took a third of it), then laid out in the grid."""
        self._ahead = records
        self._order = self._sorted(records.players)
        self._next = 0
        self._grower.start()

    def _grow_some(self) -> None:
        with gc_paused():
            for _ in range(GROW_STEP):
                if self._next >= len(self._order):
                    self._grower.stop()
                    self._fill_ahead()
                    return
                row = self.rows[self._next] if self._next < len(self.rows) else self._new_row()
                row.show_record(self._order[self._next], self.words)  # (styled once, with its state)
                row.ensurePolished()
                self._next += 1

    def _fill_ahead(self) -> None:
        records, self._ahead = self._ahead, None
        if records is not None and not self.isVisible() and records is not self.records:
            self.records = records
            self._fill()

    def _apply_filter(self) -> None:
        typed = fold(self.filter.text().strip()) if not self.filter.isHidden() else ""
        shown = [r for r in self.rows if r.record is not None and (not typed or typed in fold(r.record.player))]
        keep = set(shown)
        for r in self.rows:
            visible = r in keep and not self.player
            if r.isHidden() == visible:  # only a change: each one lays the grid out again
                r.setVisible(visible)
        if shown != self.grid.items:
            self.grid.set_items(shown)

    def show_player(self, name: str) -> None:
        """Show that player's incidents ("" : the list again)."""
        was = self.player
        self.player = name
        self._show()
        self.area.verticalScrollBar().setValue(0)
        self.shown_player.emit(name)
        if self.isVisible():  # the keyboard goes on from Back, or from the player's row
            row = next((r for r in self.rows if r.record is not None and r.record.player == was), None)
            move_focus(self.back if name else row if row is not None and row.isVisible() else None)

    def _show(self) -> None:
        record = self.records.player(self.player) if self.records is not None and self.player else None
        listing = record is None
        self.back.setVisible(not listing)
        self.filter.setVisible(listing and len([r for r in self.rows if r.record is not None]) >= FILTER_FROM)
        self.summary.setVisible(listing)
        self.grid.setVisible(listing)
        for r in self.grid.items:
            if r.isHidden() == listing:
                r.setVisible(listing)
        if record is not None and self.records is not None:
            self.detail.show_record(record, self.records, self.words)
        self.detail.setVisible(not listing)

    def retranslate(self) -> None:
        self.back.setText(self.tr("← All players"))
        self.filter.setPlaceholderText(self.tr("Find a player by name"))
        if self.records is not None and self.isVisible():
            self._fill()
            self._show()
        elif not self.isVisible():
            self.records = None  # (filled ahead in the other language: filled again when shown)
