"""The head referee's dashboard and the table switcher: the tournament at a glance (tables in play and finished,
the tables calling the referee, the conflicts, the events held), then a card per table that tells its state at arm's
length; a tap on a card shows that table on the board.

Everything comes from cheap reads (:meth:`refapp.ui.venue.desk.VenueDesk.tables`: each table's newest entry, the
open calls, when each device's journal was last read), never a replay: the page paints at once whatever the
history's size. The cards are kept and updated in place when the page is refreshed (after a sync, an entry, a call).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLabel, QScrollArea, QVBoxLayout, QWidget

from ..common.flow_grid import FlowGrid
from ..common.texts import round_name
from ..common.widgets import set_role
from .tile import LabelButton, TextButton, flag, line, set_flag
from .words import local_time

if TYPE_CHECKING:
    from .desk import TableCard, VenueDesk


class TableTile(LabelButton):
    """One table's card: its number, the hanchan and hand, the newest entry, who writes it and when this device last
    read that device's journal, and the flags (called, in conflict, finished, on the board)."""

    def __init__(self, table_id: str, parent: QWidget | None = None):
        super().__init__(parent, role="tile")
        self.table_id = table_id
        self.card: TableCard | None = None
        self.number = line(self, "tile-number")
        self.number.setWordWrap(False)  # "Table 12" always fits; a wrapped label costs a text layout per paint
        self.state = line(self, "tile-state")
        self.info = line(self, "tile-line")  # the newest entry, then who writes the table
        for lab in (self.number, self.state, self.info):
            self.add_line(lab)
        self.flags: dict[str, QLabel] = {}  # made when first needed: most tables have none

    def show_card(self, card: TableCard) -> None:
        self.card = card
        self.setObjectName(f"table_{card.number}")
        state = "called" if card.called_at else "conflict" if card.conflict else "open" if card.is_open else ""
        set_role(self, "state", state or ("finished" if card.finished else "idle"))
        self.set_line(self.number, self.tr("Table %1").replace("%1", str(card.number)))
        called = self.tr("Referee called at %1").replace("%1", local_time(card.called_at)) if card.called_at else ""
        self._flag("called", called, at=1)
        if card.hanchan == 0:
            text = self.tr("Nothing recorded yet")
        elif card.finished:
            text = self.tr("Hanchan %1 over").replace("%1", str(card.hanchan))
        else:
            hand = round_name(card.round_wind, card.hand)
            text = self.tr("Hanchan %1, %2").replace("%1", str(card.hanchan)).replace("%2", hand)
        self.set_line(self.state, text)
        last = self.tr("Last entry %1").replace("%1", local_time(card.last_at)) if card.last_at else ""
        self.set_line(self.info, "\n".join(t for t in (last, self._writer(card)) if t))
        unconfirmed = card.unconfirmed_at
        waits = self.tr("Result not confirmed (%1)").replace("%1", local_time(unconfirmed)) if unconfirmed else ""
        self._flag("unconfirmed", waits)
        self._flag("conflict", self.tr("In conflict") if card.conflict else "")
        self._flag("finished", self.tr("Finished") if card.finished and card.hanchan else "")
        self._flag("board", self.tr("On the board") if card.is_open else "")
        self.update_name()

    def _writer(self, card: TableCard) -> str:
        if card.held_here:
            return self.tr("Written on this device")
        if card.last_read:
            text = self.tr("Written by %1 · synced %2").replace("%1", card.holder)
            return text.replace("%2", local_time(card.last_read))
        return self.tr("Written by %1 · never synced").replace("%1", card.holder)

    def _flag(self, kind: str, text: str, at: int = -1) -> None:
        """Show the flag ``kind`` with ``text`` (hidden without), made the first time it has one, at line ``at``
        (-1: after the others)."""
        lab = self.flags.get(kind)
        if lab is None:
            if not text:
                return
            lab = self.flags[kind] = flag(self, kind, f"flag_{kind}")
            self.add_line(lab, at)
        set_flag(lab, kind, text)


class TablesTab(QWidget):
    """The dashboard's summary, then a card per table: the tables calling the referee first (the oldest call
    first), then the others by number."""

    open_table = Signal(str)  # a table id: show it on the board
    show_tab = Signal(str)  # "conflicts" or "devices": the summary's taps

    def __init__(self, venue: VenueDesk, parent: QWidget | None = None):
        super().__init__(parent)
        self.venue = venue
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.summary = QLabel(self)
        self.summary.setObjectName("tables_summary")
        self.summary.setWordWrap(True)
        self.summary.setProperty("role", "question")
        lay.addWidget(self.summary)
        self.taps = FlowGrid(self, max_columns=3)
        self.taps.setObjectName("tables_taps")
        self.calls = TextButton(self.taps, role="danger")
        self.calls.setObjectName("summary_calls")
        self.calls.clicked.connect(self.show_first_call)
        self.conflicts = TextButton(self.taps, role="conflict")
        self.conflicts.setObjectName("summary_conflicts")
        self.conflicts.clicked.connect(lambda: self.show_tab.emit("conflicts"))
        self.keys = TextButton(self.taps, role="conflict")
        self.keys.setObjectName("summary_keys")
        self.keys.clicked.connect(lambda: self.show_tab.emit("conflicts"))
        self.held = TextButton(self.taps)
        self.held.setObjectName("summary_held")
        self.held.clicked.connect(lambda: self.show_tab.emit("devices"))
        lay.addWidget(self.taps)
        self.grid = FlowGrid(self, max_columns=4)
        self.grid.setObjectName("tables_grid")
        lay.addWidget(self.grid)
        lay.addStretch(1)
        self.cards: dict[str, TableTile] = {}  # by table id
        self.order: list[str] = []

    def refresh(self) -> None:
        cards = self.venue.tables()
        ids = {c.table_id for c in cards}
        for table_id in [t for t in self.cards if t not in ids]:
            gone = self.cards.pop(table_id)
            gone.hide()
            gone.deleteLater()
        for card in cards:
            tile = self.cards.get(card.table_id)
            if tile is None:
                tile = self.cards[card.table_id] = TableTile(card.table_id, self.grid)
                tile.clicked.connect(lambda _=False, t=card.table_id: self.open_table.emit(t))
            tile.show_card(card)
        called = sorted((c for c in cards if c.called_at), key=lambda c: (c.called_at, c.number))
        order = [c.table_id for c in called] + [c.table_id for c in cards if not c.called_at]
        if order != self.order:
            self.order = order
            self.grid.set_items([self.cards[t] for t in order])
        self._summary(cards, called)

    def _summary(self, cards: list[TableCard], called: list[TableCard]) -> None:
        if not cards:
            self.summary.setText(self.tr("No table is set up yet (Setup)."))
        else:
            playing = sum(1 for c in cards if c.hanchan and not c.finished)
            finished = sum(1 for c in cards if c.hanchan and c.finished)
            waiting = len(cards) - playing - finished
            parts = [self.tr("%n in play", "", playing), self.tr("%n finished", "", finished)]
            if waiting:
                parts.append(self.tr("%n with nothing recorded yet", "", waiting))
            head = self.tr("%n table(s)", "", len(cards))
            self.summary.setText(self.tr("%1: %2").replace("%1", head).replace("%2", ", ".join(parts)))
        numbers = ", ".join(str(c.number) for c in called)
        self.calls.setText(self.tr("%n table(s) calling the referee: %1", "", len(called)).replace("%1", numbers))
        conflicts = sum(1 for c in cards if c.conflict)
        self.conflicts.setText(self.tr("%n table(s) in conflict: see Conflicts", "", conflicts))
        keys = sum(1 for k in self.venue.key_conflicts(include_resolved=False))
        self.keys.setText(self.tr("%n device key(s) used by two devices: see Conflicts", "", keys))
        held = sum(h.events for h in self.venue.held())
        self.held.setText(self.tr("%n event(s) held from devices not trusted: see Devices", "", held))
        counts = ((self.calls, len(called)), (self.conflicts, conflicts), (self.keys, keys), (self.held, held))
        shown = [b for b, n in counts if n]
        for b in (self.calls, self.conflicts, self.keys, self.held):
            b.setVisible(b in shown)
        if shown != self.taps.items:
            self.taps.set_items(shown)
        self.taps.setVisible(bool(shown))

    def show_first_call(self) -> None:
        """The summary's call: the first calling table's card (the oldest call) brought into view, with the focus."""
        tile = next((t for t in (self.cards.get(i) for i in self.order) if t is not None and t.card and
                     t.card.called_at), None)  # fmt: skip
        if tile is None:
            return
        area = self.parentWidget()
        while area is not None and not isinstance(area, QScrollArea):
            area = area.parentWidget()
        if area is not None:
            area.ensureWidgetVisible(tile, 0, 40)
        tile.setFocus()

    def retranslate(self) -> None:
        if self.isVisible():
            self.refresh()
