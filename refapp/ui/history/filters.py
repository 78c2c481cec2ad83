"""The history's filters as big buttons: table (all, this one, another), time (any, last hour, today), player,
offence, show voided, and the optional search over the notes. They are laid out in as few rows as their texts allow
at the current width (wider in French than in English), so no label and no hint is ever cut."""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QSizePolicy, QVBoxLayout, QWidget

from ..common.widgets import TOUCH, BigButton, Segmented, Toggle
from .format import offence_text

SEARCH_DELAY_MS = 300  # typing in the search waits for a pause before asking the store


class FilterBar(QWidget):
    changed = Signal()  # a filter changed: query again
    pick = Signal(str)  # "table", "player" or "offence": show the picker of that filter

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.rows = QVBoxLayout(self)
        self.rows.setContentsMargins(0, 0, 0, 0)
        self.rows.setSpacing(6)
        self.setObjectName("history_filters")
        self.table_id: str | None = None  # None: every table
        self.player: str | None = None
        self.offence: str | None = None
        self.table_choice = "all"  # "all", "this" or "pick"
        self.picked_number: int | None = None
        self.this_table: int | None = None  # the open table's number
        self.this_table_id: str | None = None  # and its id
        self.table_filter = Segmented([("all", ""), ("this", ""), ("pick", "")], 3, self)
        self.table_filter.setObjectName("table_filter")
        self.table_filter.set_value("all")
        self.time_filter = Segmented([("all", ""), ("hour", ""), ("today", "")], 3, self)
        self.time_filter.setObjectName("time_filter")
        self.time_filter.set_value("all")
        self.time_filter.changed.connect(lambda _k: self.changed.emit())
        for seg in (self.table_filter, self.time_filter):
            seg.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.player_button = BigButton("", self)
        self.player_button.setObjectName("player_filter")
        self.player_button.clicked.connect(lambda: self.pick.emit("player"))
        self.offence_button = BigButton("", self)
        self.offence_button.setObjectName("offence_filter")
        self.offence_button.clicked.connect(lambda: self.pick.emit("offence"))
        self.voided_toggle = Toggle("", self)
        self.voided_toggle.setObjectName("show_voided")
        self.voided_toggle.toggled.connect(lambda _c: self.changed.emit())
        self.search = QLineEdit(self)
        self.search.setObjectName("search")
        self.search.setClearButtonEnabled(True)
        self.search.setMinimumHeight(TOUCH)
        self.search_timer = QTimer(self)
        self.search_timer.setSingleShot(True)
        self.search_timer.setInterval(SEARCH_DELAY_MS)
        self.search_timer.timeout.connect(self.changed)
        self.search.textChanged.connect(lambda _t: self.search_timer.start())
        self.search.returnPressed.connect(self.changed)
        self.table_filter.changed.connect(self._table_changed)
        self._shape: tuple[int, ...] = ()
        self._boxes: list[tuple[QWidget, QHBoxLayout]] = []  # the rows of filters
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)  # the list gets the height

    # -- texts --------------------------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.table_filter.buttons["all"].setText(self.tr("All tables"))
        self.time_filter.buttons["all"].setText(self.tr("Any time"))
        self.time_filter.buttons["hour"].setText(self.tr("Last hour"))
        self.time_filter.buttons["today"].setText(self.tr("Today"))
        self.voided_toggle.setText(self.tr("Show voided"))
        self.search.setPlaceholderText(self.tr("Search notes"))
        self.update_texts()

    def update_texts(self) -> None:
        """The texts that say the current choice (the table picked, the player, the offence)."""
        this = self.this_table
        self.table_filter.buttons["this"].setText(
            self.tr("This table (%1)").replace("%1", str(this)) if this is not None else self.tr("This table")
        )
        self.table_filter.buttons["this"].setEnabled(this is not None)
        if self.picked_number is not None:
            self.table_filter.buttons["pick"].setText(self.tr("Table %1").replace("%1", str(self.picked_number)))
        else:
            self.table_filter.buttons["pick"].setText(self.tr("Other table…"))
        self.player_button.setText(
            self.tr("Player: %1").replace("%1", self.player) if self.player else self.tr("Player: all")
        )
        self.offence_button.setText(
            self.tr("Offence: %1").replace("%1", offence_text(self.offence))
            if self.offence
            else self.tr("Offence: all")
        )
        for b, chosen in ((self.player_button, self.player), (self.offence_button, self.offence)):
            b.setProperty("role", "primary" if chosen else "")
            b.style().unpolish(b)
            b.style().polish(b)
        self.arrange()  # longer texts may need another row

    # -- choices ------------------------------------------------------------------------------------------------

    def set_open_table(self, table_id: str | None, number: int | None) -> None:
        self.this_table_id, self.this_table = table_id, number
        if self.table_choice == "this":
            self.table_id = table_id

    def reset(self) -> None:
        """Every filter back to "all" (another tournament: its own tables, players and offences)."""
        self.table_id = self.player = self.offence = None
        self.table_choice, self.picked_number = "all", None
        self.table_filter.set_value("all")
        self.update_texts()

    def _table_changed(self, key: str) -> None:
        if key == "pick":
            self.pick.emit("table")
            return
        self.table_choice, self.picked_number = key, None
        self.table_id = self.this_table_id if key == "this" else None
        self.update_texts()
        self.changed.emit()

    def choose_table(self, table_id: str | None, number: int | None) -> None:
        """A table picked in the picker (the open table counts as "this table")."""
        if table_id is not None and table_id == self.this_table_id:
            self.table_choice, self.picked_number = "this", None
        elif table_id is not None:
            self.table_choice, self.picked_number = "pick", number
        else:
            self.table_choice, self.picked_number = "all", None
        self.table_filter.set_value(self.table_choice)
        self.table_id = table_id
        self.update_texts()

    def restore_table_choice(self) -> None:
        """The table picker was cancelled: the previous choice stays."""
        self.table_filter.set_value(self.table_choice)

    def search_text(self) -> str:
        return self.search.text().strip()

    # -- layout -------------------------------------------------------------------------------------------------

    def _widgets(self) -> list[QWidget]:
        return [
            self.table_filter,
            self.time_filter,
            self.player_button,
            self.offence_button,
            self.voided_toggle,
            self.search,
        ]

    def _need(self, w: QWidget) -> int:
        need = max(w.sizeHint().width(), w.minimumSizeHint().width())
        if w is self.search:  # the hint shown whole, and room for the clear button once something is typed
            fm = self.search.fontMetrics()
            need = max(need, 200, fm.horizontalAdvance(self.search.placeholderText()) + 64)
        return need

    def arrange(self) -> None:
        """Lay the filters out in as few rows as their texts allow at this width; the choices (table, time) and
        the rest never share a row, so the buttons stay where they were when a filter's text changes."""
        spacing = self.rows.spacing()
        avail = self.width()
        rows: list[list[QWidget]] = []
        groups: list[list[QWidget]] = [
            [self.table_filter, self.time_filter],
            [self.player_button, self.offence_button, self.voided_toggle, self.search],
        ]
        for group in groups:
            rows.append([])
            used = 0
            for w in group:
                need = self._need(w)
                if rows[-1] and used + spacing + need > avail:
                    rows.append([])
                    used = 0
                used += need + (spacing if rows[-1] else 0)
                rows[-1].append(w)
        self.search.setMinimumWidth(min(self._need(self.search), max(avail, 120)))
        shape = tuple(len(r) for r in rows)
        if shape == self._shape:
            return
        self._shape = shape
        # the rows are kept (never deleted and made again): each filter moves to the row it goes in now
        while len(self._boxes) < len(rows):
            box = QWidget(self)
            box.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
            line = QHBoxLayout(box)
            line.setContentsMargins(0, 0, 0, 0)
            line.setSpacing(spacing)
            self.rows.addWidget(box)
            self._boxes.append((box, line))
        for _box, line in self._boxes:
            for w in self._widgets():
                line.removeWidget(w)
        for i, (box, line) in enumerate(self._boxes):
            for w in rows[i] if i < len(rows) else []:
                w.setParent(box)
                line.addWidget(w)  # no stretch factor: each gets at least its size hint, extra space is shared
                w.show()
            box.setVisible(i < len(rows))
        self.rows.invalidate()
        self.updateGeometry()  # fewer or more rows: the page gives the list the height left

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.arrange()
