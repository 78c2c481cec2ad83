"""The incident history of the current tournament: newest first, filtered by taps, a page at a time.

The list never loads everything: it asks :func:`refapp.store.history.query` for one page (``PAGE`` rows) and the
next page when the list is scrolled to its end (Qt's ``fetchMore``) or the More button is tapped, so it stays fast
with 100,000 stored events. Filters are big buttons (table, player, offence, time, show voided); the text search
over the notes is optional. Tapping a row opens the ruling as stored: transfers per player, sticks, counters,
dealer, citation, answers, note, referee, time, and whether (and why) it was voided.

Times are shown in the device's local time. The time filters ("last hour", "today") compare the recorded ISO text
as :mod:`refapp.store.history` does, with bounds written in the time zone of the controller's clock, the one this
device records with.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QCoreApplication,
    QDate,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
    QTime,
    QTimer,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QSizePolicy,
    QStackedWidget,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from ..domain.hands import HandError
from ..domain.offences import OFFENCES, QUESTIONS
from ..domain.rules import RuleSet
from ..domain.rulings import questions_for
from ..store import history
from ..store.db import Store
from .ruling import _title, scroll
from .texts import answer_label, offence_name, points, question_label, round_name, ruleset_text, ruling_name, signed
from .tile_picker import TileStrip, hand_groups
from .widgets import TOUCH, BigButton, Segmented, Toggle, kinetic

PAGE = 50  # rows fetched at a time
ROW_HEIGHT = 76  # logical pixels: a comfortable tap target (>= 64)


# -- formatting, shared by the list and the detail page ------------------------------------------------------


def _local(at: str) -> datetime | None:
    try:
        when = datetime.fromisoformat(at)
    except ValueError:
        return None
    return when.astimezone() if when.tzinfo is not None else when


def time_text(at: str, today: datetime | None = None, long: bool = False) -> str:
    """``10:05`` for today (local time), ``22/11/2026 10:05`` for another day (or always with ``long``)."""
    from PySide6.QtCore import QLocale

    when = _local(at)
    if when is None:
        return at
    loc = QLocale()
    clock = loc.toString(QTime(when.hour, when.minute), QLocale.FormatType.ShortFormat)
    if not long and today is not None and when.date() == today.date():
        return clock
    day = loc.toString(QDate(when.year, when.month, when.day), QLocale.FormatType.ShortFormat)
    return f"{day} {clock}"


def hand_text(row: Mapping[str, Any]) -> str:
    letter = str(row.get("round_wind") or "E")
    wind = "ESWN".index(letter) if letter in "ESWN" else 0
    return round_name(wind, int(row.get("hand") or 1))


def offence_text(offence: str | None) -> str:
    if not offence:
        return ""
    return offence_name(offence) if offence in OFFENCES else offence


def ruling_text(row: Mapping[str, Any], rulesets: Mapping[str, RuleSet]) -> str:
    """The applied ruling's name, with the amount of a point penalty: ``Point penalty 2,000``."""
    inner = (row.get("ruling") or {}).get("ruling") or {}
    kind = str(inner.get("kind") or "")
    if not kind:
        return ""
    rs = rulesets.get(str(row.get("ruleset_id") or ""))
    try:
        name = ruling_name(kind, rs.chombo_word if rs else "chombo")
    except KeyError:
        name = kind
    if kind in ("point_penalty", "rating_penalty") and inner.get("amount"):
        name = (
            QCoreApplication.translate("HistoryView", "%1 %2")
            .replace("%1", name)
            .replace("%2", points(inner["amount"]))
        )
    return name


def answer_text(qid: str, value: Any) -> str:
    if isinstance(value, bool):
        return (
            QCoreApplication.translate("HistoryView", "Yes")
            if value
            else QCoreApplication.translate("HistoryView", "No")
        )
    if qid == "amount" and isinstance(value, int):
        return points(value)
    if qid in QUESTIONS and isinstance(value, str):
        return answer_label(qid, value)
    return str(value)


# -- the list --------------------------------------------------------------------------------------------------

TITLE_ROLE = Qt.ItemDataRole.UserRole + 1
META_ROLE = Qt.ItemDataRole.UserRole + 2
RULING_ROLE = Qt.ItemDataRole.UserRole + 3
VOIDED_ROLE = Qt.ItemDataRole.UserRole + 4
ROW_ROLE = Qt.ItemDataRole.UserRole + 5


class IncidentModel(QAbstractListModel):
    """History rows, fetched a page at a time from a query function ``(offset, limit) -> rows``."""

    fetched = Signal()  # a further page was fetched (by the More button or by scrolling to the end)

    def __init__(self, rulesets: Mapping[str, RuleSet], today: Callable[[], datetime], parent=None):
        super().__init__(parent)
        self.rulesets = rulesets
        self.today = today
        self.rows: list[dict[str, Any]] = []
        self._fetch: Callable[[int, int], list[dict[str, Any]]] | None = None
        self._more = False
        self._seen: set[str] = set()

    def reset(self, fetch: Callable[[int, int], list[dict[str, Any]]] | None) -> None:
        self.beginResetModel()
        self._fetch = fetch
        self.rows, self._seen, self._more = [], set(), False
        if fetch is not None:
            self._take(fetch(0, PAGE + 1))
        self.endResetModel()

    def _take(self, page: list[dict[str, Any]]) -> list[dict[str, Any]]:
        self._more = len(page) > PAGE
        fresh = [r for r in page[:PAGE] if r["uuid"] not in self._seen]  # rows stored meanwhile shift the offsets
        self._seen.update(r["uuid"] for r in fresh)
        self.rows.extend(fresh)
        return fresh

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self.rows)

    def canFetchMore(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> bool:  # noqa: N802, B008
        return not parent.isValid() and self._more and self._fetch is not None

    def fetchMore(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> None:  # noqa: N802, B008
        if not self.canFetchMore(parent):
            return
        assert self._fetch is not None
        page = self._fetch(len(self.rows), PAGE + 1)
        before = len(self.rows)
        self._more = len(page) > PAGE
        fresh = [r for r in page[:PAGE] if r["uuid"] not in self._seen]
        if fresh:
            self.beginInsertRows(QModelIndex(), before, before + len(fresh) - 1)
            self._seen.update(r["uuid"] for r in fresh)
            self.rows.extend(fresh)
            self.endInsertRows()
        self.fetched.emit()

    def title(self, row: Mapping[str, Any]) -> str:
        return (
            QCoreApplication.translate("HistoryView", "%1 — %2")
            .replace("%1", offence_text(row.get("offence")))
            .replace("%2", row.get("player") or "")
        )

    def meta(self, row: Mapping[str, Any]) -> str:
        return (
            QCoreApplication.translate("HistoryView", "%1 · Table %2 · %3")
            .replace("%1", time_text(row["at"], self.today()))
            .replace("%2", str(row.get("table")))
            .replace("%3", hand_text(row))
        )

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        row = self.rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            parts = [self.meta(row), self.title(row), ruling_text(row, self.rulesets)]
            if row.get("voided"):
                parts.append(QCoreApplication.translate("HistoryView", "VOIDED"))
            return " · ".join(p for p in parts if p)
        if role == TITLE_ROLE:
            return self.title(row)
        if role == META_ROLE:
            return self.meta(row)
        if role == RULING_ROLE:
            return ruling_text(row, self.rulesets)
        if role == VOIDED_ROLE:
            return bool(row.get("voided"))
        if role == ROW_ROLE:
            return row
        return None

    def retranslate(self) -> None:
        if self.rows:
            self.dataChanged.emit(self.index(0), self.index(len(self.rows) - 1))


def _is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Base).lightness() < 128


class IncidentDelegate(QStyledItemDelegate):
    """Two lines per row: "offence — player" and the ruling; then time, table and hand, and a VOIDED mark."""

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex) -> QSize:  # noqa: N802 - Qt override
        fm = QFontMetrics(option.font)
        return QSize(option.rect.width(), max(ROW_HEIGHT, int(fm.height() * 2.6) + 16))

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex) -> None:
        painter.save()
        pal = option.palette
        dark = _is_dark(pal)
        rect = option.rect
        base = pal.color(QPalette.ColorRole.Base)
        text = pal.color(QPalette.ColorRole.Text)
        if option.state & QStyle.StateFlag.State_Selected:
            base = QColor("#3a3a3a") if dark else QColor("#dde7f3")
        elif index.row() % 2:
            base = base.lighter(130) if dark else base.darker(104)
        painter.fillRect(rect, base)
        muted = QColor(text)
        muted.setAlphaF(0.72)
        voided = bool(index.data(VOIDED_ROLE))
        red = QColor("#ff6b6b") if dark else QColor("#b3261e")
        accent = QColor("#8ec5ff") if dark else QColor("#1d4e89")
        pad = 14
        inner = rect.adjusted(pad, 8, -pad, -8)
        half = inner.height() // 2

        big = QFont(option.font)
        big.setPixelSize(max(15, option.font.pixelSize() if option.font.pixelSize() > 0 else 17) + 2)
        big.setBold(True)
        big.setStrikeOut(voided)
        small = QFont(option.font)
        small.setPixelSize(max(13, (option.font.pixelSize() if option.font.pixelSize() > 0 else 17) - 1))

        ruling = str(index.data(RULING_ROLE) or "")
        painter.setFont(big)
        bfm = QFontMetrics(big)
        ruling_w = min(bfm.horizontalAdvance(ruling) + 4, inner.width() // 2)
        top = QRect(inner.left(), inner.top(), inner.width(), half)
        painter.setPen(accent if not voided else muted)
        painter.drawText(
            top,
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            bfm.elidedText(ruling, Qt.TextElideMode.ElideRight, ruling_w),
        )
        title_rect = QRect(inner.left(), inner.top(), inner.width() - ruling_w - 16, half)
        painter.setPen(text if not voided else muted)
        title = str(index.data(TITLE_ROLE) or "")
        painter.drawText(
            title_rect,
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            bfm.elidedText(title, Qt.TextElideMode.ElideRight, title_rect.width()),
        )

        painter.setFont(small)
        sfm = QFontMetrics(small)
        bottom = QRect(inner.left(), inner.top() + half, inner.width(), inner.height() - half)
        mark_w = 0
        if voided:
            mark = QCoreApplication.translate("HistoryView", "VOIDED")
            bold = QFont(small)
            bold.setBold(True)
            painter.setFont(bold)
            mark_w = QFontMetrics(bold).horizontalAdvance(mark) + 16
            painter.setPen(red)
            painter.drawText(bottom, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, mark)
            painter.setFont(small)
        painter.setPen(muted)
        meta = str(index.data(META_ROLE) or "")
        meta_rect = bottom.adjusted(0, 0, -mark_w, 0)
        painter.drawText(
            meta_rect,
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            sfm.elidedText(meta, Qt.TextElideMode.ElideRight, meta_rect.width()),
        )
        line = QColor(text)
        line.setAlphaF(0.2)
        painter.setPen(line)
        painter.drawLine(rect.left(), rect.bottom(), rect.right(), rect.bottom())
        painter.restore()


# -- store look-ups the views need besides history.query -----------------------------------------------------
# (read-only; they belong in refapp.store.history and can move there unchanged)


def offences_present(store: Store, tournament_id: str) -> list[str]:
    """Offence ids with at least one incident in the tournament (voided ones included). One indexed probe each."""
    found = []
    for oid in OFFENCES:
        hit = store.conn.execute(
            "SELECT 1 FROM events WHERE offence = ? AND tournament_id = ? AND type = 'incident' LIMIT 1",
            (oid, tournament_id),
        ).fetchone()
        if hit:
            found.append(oid)
    return found


def seat_names(store: Store, table_id: str, hanchan: int) -> list[str]:
    """The players of a table's hanchan, in seat order (from its start event), or [] if unknown."""
    row = store.conn.execute(
        "SELECT e.payload FROM hanchans h JOIN events e ON e.uuid = h.id WHERE h.table_id = ? AND h.number = ? "
        "AND NOT EXISTS (SELECT 1 FROM events v WHERE v.target = h.id) ORDER BY e.seq DESC LIMIT 1",
        (table_id, hanchan),
    ).fetchone()
    if row is None:
        return []
    return [str(p) for p in json.loads(row[0]).get("players", [])]


def void_of(store: Store, event_id: str) -> dict[str, Any] | None:
    """The void that cancelled an event: its time, referee and reason."""
    row = store.conn.execute(
        "SELECT at, referee, payload FROM events WHERE target = ? ORDER BY seq LIMIT 1", (event_id,)
    ).fetchone()
    if row is None:
        return None
    return {"at": row[0], "referee": row[1], "reason": json.loads(row[2]).get("reason", "")}


def hand_of(store: Store, event_id: str) -> str:
    """The hand attached to an incident by the hand checker (tile notation), or ""."""
    row = store.conn.execute("SELECT payload FROM events WHERE uuid = ?", (event_id,)).fetchone()
    return str(json.loads(row[0]).get("hand_tiles") or "") if row is not None else ""


# -- the view ----------------------------------------------------------------------------------------------------


class HistoryView(QWidget):
    """Incidents of the current tournament, newest first; a picker page and a detail page in the same place."""

    def __init__(self, controller, parent: QWidget | None = None):
        super().__init__(parent)
        self.controller = controller
        self.table_id: str | None = None  # the table filter (None: all tables)
        self.player: str | None = None
        self.offence: str | None = None
        self._table_choice = "all"
        self._picked_number: int | None = None
        self._detail_row: dict[str, Any] | None = None
        self._detail_extra: tuple[list[str], dict[str, Any] | None] = ([], None)
        self._picker_kind = ""
        self._counts: tuple[str, dict[str, int]] | None = None
        self._tournament_id: str | None = None
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.pages = QStackedWidget(self)
        lay.addWidget(self.pages)
        self._build_list_page()
        self._build_picker_page()
        self._build_detail_page()
        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(300)
        self._search_timer.timeout.connect(self.reload)
        self.search.textChanged.connect(lambda _t: self._search_timer.start())
        self.search.returnPressed.connect(self.reload)
        controller.state_changed.connect(self._state_changed)
        self.retranslate()

    # -- building ---------------------------------------------------------------------------------------------

    def _build_list_page(self) -> None:
        page = QWidget(self)
        lay = QVBoxLayout(page)
        self.title = _title("", page)
        lay.addWidget(self.title)
        self.empty = QLabel(page)
        self.empty.setWordWrap(True)
        self.empty.setProperty("role", "title")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(self.empty, 1)
        self.filters = QWidget(page)
        rows = QVBoxLayout(self.filters)
        rows.setContentsMargins(0, 0, 0, 0)
        rows.setSpacing(6)
        self.table_filter = Segmented([("all", ""), ("this", ""), ("pick", "")], 3, self.filters)
        self.table_filter.setObjectName("table_filter")
        self.table_filter.set_value("all")
        self.table_filter.changed.connect(self._table_changed)
        self.time_filter = Segmented([("all", ""), ("hour", ""), ("today", "")], 3, self.filters)
        self.time_filter.setObjectName("time_filter")
        self.time_filter.set_value("all")
        self.time_filter.changed.connect(lambda _k: self.reload())
        for seg in (self.table_filter, self.time_filter):
            seg.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.player_button = BigButton("", self.filters)
        self.player_button.setObjectName("player_filter")
        self.player_button.clicked.connect(lambda: self.open_picker("player"))
        self.offence_button = BigButton("", self.filters)
        self.offence_button.setObjectName("offence_filter")
        self.offence_button.clicked.connect(lambda: self.open_picker("offence"))
        self.voided_toggle = Toggle("", self.filters)
        self.voided_toggle.setObjectName("show_voided")
        self.voided_toggle.toggled.connect(lambda _c: self.reload())
        self.search = QLineEdit(self.filters)
        self.search.setObjectName("search")
        self.search.setClearButtonEnabled(True)
        self.search.setMinimumHeight(TOUCH)
        self.filter_rows = rows
        self._filter_shape: tuple[int, ...] = ()
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
        self._arrange_filters()
        self.pages.addWidget(page)

    def _filter_widgets(self) -> list[QWidget]:
        return [
            self.table_filter,
            self.time_filter,
            self.player_button,
            self.offence_button,
            self.voided_toggle,
            self.search,
        ]

    def _arrange_filters(self) -> None:
        """Lay the filters out in as few rows as their texts allow at this width (wider in French than in
        English; one row per group on a narrow window), so no label is ever cut."""
        spacing = self.filter_rows.spacing()
        m = self.list_page.layout().contentsMargins()
        avail = self.width() - m.left() - m.right()
        rows: list[list[tuple[QWidget, int]]] = []
        # the choices (table, time) and the rest (player, offence, voided, search) never share a row, so the
        # buttons stay where they were when a filter's text changes
        groups = [
            [self.table_filter, self.time_filter],
            [self.player_button, self.offence_button, self.voided_toggle, self.search],
        ]
        for group in groups:
            rows.append([])
            used = 0
            for w in group:
                need = max(w.sizeHint().width(), w.minimumSizeHint().width())
                if w is self.search:
                    need = max(need, 200)
                if rows[-1] and used + spacing + need > avail:
                    rows.append([])
                    used = 0
                rows[-1].append((w, need))
                used += need + (spacing if len(rows[-1]) > 1 else 0)
        shape = tuple(len(r) for r in rows)
        if shape == self._filter_shape:
            return
        self._filter_shape = shape
        for w in self._filter_widgets():
            w.setParent(self.filters)  # out of the old row layouts (deleted below), kept in the frame
        while self.filter_rows.count():
            item = self.filter_rows.takeAt(0)
            if item.layout() is not None:
                item.layout().deleteLater()
        for row in rows:
            box = QHBoxLayout()
            box.setSpacing(spacing)
            for w, _need in row:
                box.addWidget(w)  # no stretch factor: each gets at least its size hint, extra space is shared
                w.show()
            self.filter_rows.addLayout(box)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._arrange_filters()

    def _build_picker_page(self) -> None:
        page = QWidget(self)
        lay = QVBoxLayout(page)
        self.picker_title = _title("", page)
        lay.addWidget(self.picker_title)
        inner = QWidget(page)
        self.picker_grid = QGridLayout(inner)
        self.picker_grid.setAlignment(Qt.AlignmentFlag.AlignTop)
        lay.addWidget(scroll(inner, page), 1)
        self.picker_inner = inner
        self.picker_cancel = BigButton("", page, role="cancel")
        self.picker_cancel.clicked.connect(self._picker_cancelled)
        lay.addWidget(self.picker_cancel)
        self.picker_buttons: dict[str, BigButton] = {}
        self.picker_page = page
        self.pages.addWidget(page)

    def _build_detail_page(self) -> None:
        page = QWidget(self)
        lay = QVBoxLayout(page)
        self.detail_title = _title("", page)
        lay.addWidget(self.detail_title)
        inner = QWidget(page)
        body = QVBoxLayout(inner)
        self.detail_voided = QLabel(inner)
        self.detail_voided.setObjectName("detail_voided")
        self.detail_voided.setWordWrap(True)
        self.detail_voided.setProperty("role", "error")
        self.detail_ruling = QLabel(inner)
        self.detail_ruling.setObjectName("detail_ruling")
        self.detail_ruling.setWordWrap(True)
        self.detail_ruling.setProperty("role", "ruling")
        self.detail_remarks = QLabel(inner)
        self.detail_remarks.setObjectName("detail_remarks")
        self.detail_remarks.setWordWrap(True)
        self.detail_remarks.setProperty("role", "earlier")
        self.detail_when = QLabel(inner)
        self.detail_when.setObjectName("detail_when")
        self.detail_when.setWordWrap(True)
        self.detail_answers = QLabel(inner)
        self.detail_answers.setObjectName("detail_answers")
        self.detail_answers.setWordWrap(True)
        self.detail_hand_label = QLabel(inner)  # the hand attached by the hand checker, in notation and as tiles
        self.detail_hand_label.setObjectName("detail_hand")
        self.detail_hand_label.setWordWrap(True)
        self.detail_hand = TileStrip(inner, 48)
        self.detail_hand.setObjectName("detail_hand_tiles")
        self.detail_table_box = QWidget(inner)
        self.detail_table = QGridLayout(self.detail_table_box)
        self.detail_table.setContentsMargins(0, 8, 0, 8)
        self.detail_table.setHorizontalSpacing(28)
        self.detail_moved = QLabel(inner)
        self.detail_moved.setObjectName("detail_moved")
        self.detail_facts = QLabel(inner)
        self.detail_facts.setObjectName("detail_facts")
        self.detail_facts.setWordWrap(True)
        self.detail_citation = QLabel(inner)
        self.detail_citation.setObjectName("detail_citation")
        self.detail_citation.setWordWrap(True)
        self.detail_citation.setProperty("role", "citation")
        self.detail_note = QLabel(inner)
        self.detail_note.setObjectName("detail_note")
        self.detail_note.setWordWrap(True)
        self.detail_note.setProperty("role", "note")
        for w in (
            self.detail_voided,
            self.detail_ruling,
            self.detail_remarks,
            self.detail_when,
            self.detail_answers,
            self.detail_hand_label,
            self.detail_hand,
        ):
            body.addWidget(w)
        body.addWidget(self.detail_table_box, 0, Qt.AlignmentFlag.AlignLeft)
        body.addWidget(self.detail_moved)
        for w in (self.detail_facts, self.detail_citation, self.detail_note):
            body.addWidget(w)
        body.addStretch(1)
        lay.addWidget(scroll(inner, page), 1)
        self.back_button = BigButton("", page, role="cancel")
        self.back_button.setObjectName("back")
        self.back_button.clicked.connect(self.show_list)
        lay.addWidget(self.back_button)
        self._detail_cells: list[QLabel] = []
        self.detail_page = page
        self.pages.addWidget(page)

    # -- texts ------------------------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.table_filter.buttons["all"].setText(self.tr("All tables"))
        self.table_filter.buttons["this"].setText(self._this_table_text())
        self.time_filter.buttons["all"].setText(self.tr("Any time"))
        self.time_filter.buttons["hour"].setText(self.tr("Last hour"))
        self.time_filter.buttons["today"].setText(self.tr("Today"))
        self.voided_toggle.setText(self.tr("Show voided"))
        self.search.setPlaceholderText(self.tr("Search notes"))
        self.more_button.setText(self.tr("More"))
        self.picker_cancel.setText(self.tr("Cancel"))
        self.back_button.setText(self.tr("Back to the list"))
        self._update_filter_texts()
        self._update_title()
        self._update_status()
        self._show_counts()
        self.model.retranslate()
        if self.pages.currentWidget() is self.picker_page:  # its buttons are rebuilt when it is opened again
            self._picker_cancelled()
        if self._detail_row is not None and self.pages.currentWidget() is self.detail_page:
            self._render_detail(self._detail_row, *self._detail_extra)  # no store access: the store may be closing

    def _this_table_text(self) -> str:
        table = self.controller.table
        if table is None:
            return self.tr("This table")
        return self.tr("This table (%1)").replace("%1", str(table.number))

    def _update_filter_texts(self) -> None:
        if self._picked_number is not None:
            self.table_filter.buttons["pick"].setText(self.tr("Table %1").replace("%1", str(self._picked_number)))
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
        self.player_button.setProperty("role", "primary" if self.player else "")
        self.offence_button.setProperty("role", "primary" if self.offence else "")
        for b in (self.player_button, self.offence_button):
            b.style().unpolish(b)
            b.style().polish(b)
        if hasattr(self, "list_page"):
            self._arrange_filters()  # longer texts may need another row

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
        """Ask the store for the selected player's counts (after each reload)."""
        if self.player and self.controller.table is not None:
            self._counts = (self.player, self.controller.player_counts(self.player))
        else:
            self._counts = None
        self._show_counts()

    def _show_counts(self) -> None:
        if self._counts is None:
            self.counts.hide()
            return
        self.counts.setText(self.counts_text(*self._counts))
        self.counts.show()

    # -- querying ---------------------------------------------------------------------------------------------

    def _now(self) -> datetime:
        now = self.controller.clock()
        return now.astimezone() if now.tzinfo is not None else now

    def _since(self) -> str | None:
        """The lower time bound, written in the time zone the controller's clock records in."""
        choice = self.time_filter.value()
        if choice not in ("hour", "today"):
            return None
        recorded = self.controller.clock()
        if choice == "hour":
            start = recorded - timedelta(hours=1)
        else:
            local = self._now()
            midnight = local.replace(hour=0, minute=0, second=0, microsecond=0)
            start = midnight.astimezone(recorded.tzinfo) if recorded.tzinfo is not None else midnight
        return start.strftime("%Y-%m-%dT%H:%M:%S")

    def filters_now(self) -> dict[str, Any]:
        """The keyword arguments of :func:`history.query` for the filters on screen."""
        table = self.controller.table
        if table is None:
            return {}
        text = self.search.text().strip()
        return {
            "tournament": table.tournament_id,
            "table": self.table_id,
            "player": self.player,
            "offence": self.offence,
            "since": self._since(),
            "text": text or None,
            "include_voided": self.voided_toggle.isChecked(),
        }

    def reload(self) -> None:
        """Query the first page again with the filters on screen."""
        self._search_timer.stop()
        table = self.controller.table
        if table is None:
            self.model.reset(None)
        else:
            store = self.controller.store
            kwargs = self.filters_now()

            def fetch(offset: int, limit: int) -> list[dict[str, Any]]:
                return history.query(store, **kwargs, limit=limit, offset=offset)

            self.model.reset(fetch)
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
        self.empty.setText(self.tr("No table is open: set up the table first."))
        for w in (self.filters, self.list, self.status):
            w.setVisible(has_table)
        if not has_table:
            self.more_button.hide()
        tournament = table.tournament_id if table is not None else None
        if tournament != self._tournament_id:  # another tournament: its own tables, players and offences
            self._tournament_id = tournament
            self.table_id = self.player = self.offence = None
            self._table_choice, self._picked_number = "all", None
            self.table_filter.set_value("all")
            self._update_filter_texts()
        elif self.table_id is not None and has_table and self._table_choice == "this":
            self.table_id = table.table_id
        self.table_filter.buttons["this"].setEnabled(has_table)
        self.table_filter.buttons["this"].setText(self._this_table_text())
        self._update_title()
        self.reload()
        self.pages.setCurrentWidget(self.list_page)

    def _state_changed(self, _state: object) -> None:
        if self.isVisible() and self.pages.currentWidget() is self.list_page:
            self.reload()

    # -- filters ----------------------------------------------------------------------------------------------

    def _table_changed(self, key: str) -> None:
        table = self.controller.table
        if key == "pick":
            self.open_picker("table")
            return
        self._table_choice = key
        self._picked_number = None
        self.table_id = table.table_id if key == "this" and table is not None else None
        self._update_filter_texts()
        self.reload()

    def open_picker(self, kind: str) -> None:
        """Show the choices of a filter as big buttons: ``table``, ``player`` or ``offence``."""
        table = self.controller.table
        if table is None:
            return
        store = self.controller.store
        self._picker_kind = kind
        options: list[tuple[str, str]] = []
        if kind == "table":
            self.picker_title.setText(self.tr("Which table?"))
            options = [
                (t.table_id, self.tr("Table %1").replace("%1", str(t.number)))
                for t in store.tables(table.tournament_id)
            ]
        elif kind == "player":
            self.picker_title.setText(self.tr("Which player?"))
            names = {p["name"] for p in store.players(table.tournament_id)}
            st = self.controller.state
            names.update(s.player for s in (st.seats if st else []))
            options = [("", self.tr("All players"))] + [(n, n) for n in sorted(names, key=str.casefold)]
        elif kind == "offence":
            self.picker_title.setText(self.tr("Which offence?"))
            present = offences_present(store, table.tournament_id)
            options = [("", self.tr("All offences"))] + sorted(
                ((o, offence_text(o)) for o in present), key=lambda kv: kv[1].casefold()
            )
        for b in self.picker_buttons.values():
            self.picker_grid.removeWidget(b)
            b.hide()
            b.deleteLater()
        self.picker_buttons = {}
        columns = 4 if kind == "table" else 3
        for n, (key, label) in enumerate(options):
            b = BigButton(label, self.picker_inner)
            b.setProperty("key", key)
            current = {"table": self.table_id, "player": self.player, "offence": self.offence}[kind] or ""
            if key == current:
                b.setProperty("role", "primary")
            b.clicked.connect(lambda _=False, k=key: self.pick(k))
            self.picker_buttons[key] = b
            self.picker_grid.addWidget(b, n // columns, n % columns)
            b.show()
        self.pages.setCurrentWidget(self.picker_page)

    def pick(self, key: str) -> None:
        """Choose ``key`` in the open picker (a table id, a player name, an offence id; "" for all)."""
        kind = self._picker_kind
        table = self.controller.table
        if kind == "table" and table is not None:
            if key == table.table_id:
                self._table_choice, self._picked_number = "this", None
                self.table_filter.set_value("this")
            else:
                number = next(
                    (t.number for t in self.controller.store.tables(table.tournament_id) if t.table_id == key), None
                )
                self._table_choice, self._picked_number = "pick", number
                self.table_filter.set_value("pick")
            self.table_id = key or None
        elif kind == "player":
            self.player = key or None
        elif kind == "offence":
            self.offence = key or None
        self._picker_kind = ""
        self._update_filter_texts()
        self.pages.setCurrentWidget(self.list_page)
        self.reload()

    def _picker_cancelled(self) -> None:
        if self._picker_kind == "table":
            self.table_filter.set_value(self._table_choice)
        self._picker_kind = ""
        self.pages.setCurrentWidget(self.list_page)

    def row_texts(self) -> list[str]:
        """What each row of the list says (for tests and scripts)."""
        return [str(self.model.data(self.model.index(i))) for i in range(self.model.rowCount())]

    # -- detail -----------------------------------------------------------------------------------------------

    def _row_clicked(self, index: QModelIndex) -> None:
        row = index.data(ROW_ROLE)
        if row is not None:
            self.open_detail(row)

    def show_list(self) -> None:
        self._detail_row = None
        self.pages.setCurrentWidget(self.list_page)

    def open_detail(self, row: dict[str, Any]) -> None:
        """The ruling as stored for one history row."""
        store = self.controller.store
        names = seat_names(store, row["table_id"], int(row.get("hanchan") or 0))
        void = void_of(store, row["uuid"]) if row.get("voided") else None
        if row.get("offence") and "hand_tiles" not in row:
            row = {**row, "hand_tiles": hand_of(store, row["uuid"])}
        self._detail_row = row
        self._detail_extra = (names, void)
        self._render_detail(row, names, void)
        self.pages.setCurrentWidget(self.detail_page)

    def _render_detail(self, row: dict[str, Any], names: list[str], void: dict[str, Any] | None) -> None:
        rulesets = self.controller.rulesets
        stored = row.get("ruling") or {}
        inner = stored.get("ruling") or {}
        rs = rulesets.get(str(row.get("ruleset_id") or ""))

        def name(seat: int) -> str:
            return names[seat] if 0 <= seat < len(names) else self.tr("Seat %1").replace("%1", str(seat + 1))

        self.detail_title.setText(
            self.tr("%1 — %2").replace("%1", offence_text(row.get("offence"))).replace("%2", row.get("player") or "")
        )
        if row.get("voided"):
            if void:
                text = (
                    self.tr("VOIDED on %1 by %2: %3")
                    .replace("%1", time_text(void["at"], long=True))
                    .replace("%2", void["referee"] or "?")
                    .replace("%3", void["reason"] or "")
                )
            else:
                text = self.tr("VOIDED")
            self.detail_voided.setText(text)
            self.detail_voided.show()
        else:
            self.detail_voided.hide()
        # the ruling
        kind = str(inner.get("kind") or "")
        amount = inner.get("amount") or 0
        text = ruling_text(row, rulesets) if kind != "point_penalty" else ruling_name(kind)
        if kind == "point_penalty":
            scope = self.tr("overall score") if inner.get("scope") == "overall" else self.tr("table score")
            text = self.tr("%1 — %2 (%3)").replace("%1", text).replace("%2", points(amount)).replace("%3", scope)
        elif kind == "chombo" and rs is not None and amount and rs.chombo.mode in ("overall_points", "after_uma"):
            where = (
                self.tr("from the overall score")
                if rs.chombo.mode == "overall_points"
                else self.tr("from the hanchan result, after uma")
            )
            text = self.tr("%1 — %2 %3").replace("%1", text).replace("%2", points(amount)).replace("%3", where)
        self.detail_ruling.setText(text)
        self.detail_ruling.setVisible(bool(text))
        remarks = []
        if inner.get("warning_number"):
            remarks.append(self.tr("Warning number %1 for this player.").replace("%1", str(inner["warning_number"])))
        if inner.get("voided_by_win"):
            remarks.append(self.tr("Voided by a simultaneous win."))
        self.detail_remarks.setText("\n".join(remarks))
        self.detail_remarks.setVisible(bool(remarks))
        # when, where, who
        lines = [
            self.tr("When: %1").replace("%1", time_text(row["at"], long=True)),
            self.tr("Where: table %1, hanchan %2, %3, counters: %4")
            .replace("%1", str(row.get("table")))
            .replace("%2", str(row.get("hanchan")))
            .replace("%3", hand_text(row))
            .replace("%4", str(row.get("counters") or 0)),
            self.tr("Referee: %1").replace("%1", row.get("referee") or "?"),
        ]
        if rs is not None:
            lines.append(self.tr("Rule set: %1").replace("%1", ruleset_text(rs.name)))
        self.detail_when.setText("\n".join(lines))
        # answers
        answers = row.get("answers") or {}
        if answers:
            answer_lines = [self.tr("Answers:")]
            order = list(QUESTIONS)
            if rs is not None and row.get("offence") in rs.offences:
                order = questions_for(rs, str(row["offence"])) + order  # as the referee was asked
            for qid in sorted(answers, key=lambda q: order.index(q) if q in order else len(order)):
                label = question_label(qid) if qid in QUESTIONS else qid
                value = answer_text(qid, answers[qid])
                if label.endswith("?"):
                    answer_lines.append(self.tr("• %1 %2").replace("%1", label).replace("%2", value))
                else:
                    answer_lines.append(self.tr("• %1: %2").replace("%1", label).replace("%2", value))
            self.detail_answers.setText("\n".join(answer_lines))
            self.detail_answers.show()
        else:
            self.detail_answers.hide()
        self._show_hand(str(row.get("hand_tiles") or ""))
        self._fill_transfers(stored, name)
        self.detail_facts.setText("\n".join(self._facts(stored, name)))
        citation = str(inner.get("citation") or "")
        if citation:
            prefix = ruleset_text(rs.name) + " " if rs is not None else ""
            self.detail_citation.setText(prefix + ruleset_text(citation))
        self.detail_citation.setVisible(bool(citation))
        note = row.get("note") or ""
        self.detail_note.setText(self.tr("Note: %1").replace("%1", note))
        self.detail_note.setVisible(bool(note))

    def _show_hand(self, hand: str) -> None:
        try:
            groups = hand_groups(hand)
        except HandError:  # stored by a newer version, or damaged: the notation alone
            groups = []
        self.detail_hand_label.setText(self.tr("Hand: %1").replace("%1", hand))
        self.detail_hand_label.setVisible(bool(hand))
        self.detail_hand.set_groups(groups if len(groups) > 1 else [("", g) for _c, g in groups])
        self.detail_hand.setVisible(bool(groups))

    def _fill_transfers(self, stored: Mapping[str, Any], name: Callable[[int], str]) -> None:
        for c in self._detail_cells:
            self.detail_table.removeWidget(c)
            c.hide()  # deleteLater waits for the event loop: hidden at once so nothing overlaps
            c.deleteLater()
        self._detail_cells = []
        transfers = list(stored.get("transfers") or [])
        overall = list(stored.get("overall") or [])
        extra = list(stored.get("extra") or [])
        n = max(len(transfers), len(overall))
        if not (any(transfers) or any(overall) or any(extra)):
            self.detail_table_box.hide()
            self.detail_moved.setText(self.tr("No points moved."))
            self.detail_moved.show()
            return
        self.detail_moved.hide()
        head = [self.tr("Player"), self.tr("Table score")]
        show_overall = any(overall)
        show_extra = any(extra)
        if show_overall:
            head.append(self.tr("Overall score"))
        if show_extra:
            head.append(self.tr("Other"))
        rows = [head]
        for i in range(n):
            t = transfers[i] if i < len(transfers) else 0
            row = [name(i), signed(t)]
            if show_overall:
                row.append(signed(overall[i] if i < len(overall) else 0))
            if show_extra:
                e = extra[i] if i < len(extra) else {}
                row.append(", ".join(self._extra_text(k, v) for k, v in e.items()))
            rows.append(row)
        for r_i, row in enumerate(rows):
            for c_i, text in enumerate(row):
                lab = QLabel(text, self.detail_table_box)
                lab.setProperty("role", "cell-head" if r_i == 0 else "cell")
                if r_i and c_i in (1, 2) and text[:1] in ("+", "−"):
                    lab.setProperty("sign", "plus" if text[0] == "+" else "minus")
                lab.setAlignment(
                    (Qt.AlignmentFlag.AlignRight if c_i else Qt.AlignmentFlag.AlignLeft) | Qt.AlignmentFlag.AlignVCenter
                )
                self.detail_table.addWidget(lab, r_i, c_i)
                lab.show()  # a child added to a widget already shown once stays hidden unless shown
                self._detail_cells.append(lab)
        self.detail_table_box.show()

    def _extra_text(self, key: str, value: Any) -> str:
        if key == "league":
            return self.tr("%1 league points").replace("%1", signed(value))
        if key == "rating":
            return self.tr("%1 rating points").replace("%1", signed(value))
        return f"{key} {signed(value)}"

    def transfer_texts(self) -> list[list[str]]:
        """The detail page's transfer table, header first (for tests and scripts)."""
        out: dict[tuple[int, int], str] = {}
        for cell in self._detail_cells:
            idx = self.detail_table.indexOf(cell)
            if idx >= 0 and cell.isVisibleTo(self.detail_page):
                r, c, _, _ = self.detail_table.getItemPosition(idx)
                out[(r, c)] = cell.text()
        if not out:
            return []
        n_rows, n_cols = 1 + max(r for r, _ in out), 1 + max(c for _, c in out)
        return [[out.get((r, c), "") for c in range(n_cols)] for r in range(n_rows)]

    def _facts(self, stored: Mapping[str, Any], name: Callable[[int], str]) -> list[str]:
        out: list[str] = []
        if stored.get("off_table"):
            out.append(
                self.tr("%1 points left the table (given to nobody).").replace("%1", points(stored["off_table"]))
            )
        sticks = stored.get("sticks") or []
        if len(sticks) == 2:
            out.append(
                self.tr("Riichi sticks on the table: %1 → %2")
                .replace("%1", str(sticks[0]))
                .replace("%2", str(sticks[1]))
            )
        returned = stored.get("sticks_returned") or []
        if returned:
            out.append(self.tr("Riichi bets returned: %1").replace("%1", ", ".join(name(int(s)) for s in returned)))
        counters = stored.get("counters") or []
        if len(counters) == 2:
            out.append(self.tr("Counters: %1 → %2").replace("%1", str(counters[0])).replace("%2", str(counters[1])))
        dealer = stored.get("dealer") or []
        if len(dealer) == 2:
            if dealer[0] == dealer[1]:
                out.append(self.tr("Dealer: %1 (stays)").replace("%1", name(int(dealer[0]))))
            else:
                out.append(
                    self.tr("Dealer: %1 → %2").replace("%1", name(int(dealer[0]))).replace("%2", name(int(dealer[1])))
                )
        if stored.get("redeal"):
            out.append(self.tr("The same hand was re-dealt."))
        hand = stored.get("hand") or []
        if stored.get("game_over"):
            out.append(self.tr("The hanchan ended."))
        elif len(hand) == 2 and list(hand[0]) != list(hand[1]):
            out.append(self.tr("Next: %1").replace("%1", round_name(int(hand[1][0]), int(hand[1][1]))))
        return out
