"""The history list's model: rows fetched a page at a time (``PAGE``) through a fetch function, never all at once.

The list asks for the next page when it is scrolled to its end (Qt's ``fetchMore``) or the More button is tapped,
so it stays fast with 100,000 stored events. Rows stored meanwhile shift the offsets: a row already shown is not
added twice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractListModel, QCoreApplication, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal

from ...domain.rules import RuleSet
from .format import hand_text, offence_text, ruling_text, time_text

if TYPE_CHECKING:
    from ...core.types import HistoryRow

PAGE = 50  # rows fetched at a time

Fetch = Callable[[int, int], "list[HistoryRow]"]

TITLE_ROLE = Qt.ItemDataRole.UserRole + 1
META_ROLE = Qt.ItemDataRole.UserRole + 2
RULING_ROLE = Qt.ItemDataRole.UserRole + 3
VOIDED_ROLE = Qt.ItemDataRole.UserRole + 4
ROW_ROLE = Qt.ItemDataRole.UserRole + 5


class IncidentModel(QAbstractListModel):
    """History rows, fetched a page at a time from a query function ``(offset, limit) -> rows``."""

    fetched = Signal()  # a further page was fetched (by the More button or by scrolling to the end)

    def __init__(self, rulesets: Mapping[str, RuleSet], today: Callable[[], datetime], parent: QObject | None = None):
        super().__init__(parent)
        self.rulesets = rulesets
        self.today = today
        self.rows: list[HistoryRow] = []
        self._fetch: Fetch | None = None
        self._more = False
        self._seen: set[str] = set()

    def reset(self, fetch: Fetch | None) -> None:
        self.beginResetModel()
        self._fetch = fetch
        self.rows, self._seen, self._more = [], set(), False
        if fetch is not None:
            self._take(fetch(0, PAGE + 1))
        self.endResetModel()

    def _take(self, page: list[HistoryRow]) -> list[HistoryRow]:
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

    def title(self, row: HistoryRow) -> str:
        return (
            QCoreApplication.translate("IncidentModel", "%1 — %2")
            .replace("%1", offence_text(row.get("offence")))
            .replace("%2", row.get("player") or "")
        )

    def meta(self, row: HistoryRow) -> str:
        return (
            QCoreApplication.translate("IncidentModel", "%1 · Table %2 · %3")
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
                parts.append(QCoreApplication.translate("IncidentModel", "VOIDED"))
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
