"""Names in the order of the current language (Qt's collation: "Émile" before "Zoé"), never by code point."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from PySide6.QtCore import QCollator, QLocale, Qt

T = TypeVar("T")


def collator() -> QCollator:
    """A case-insensitive collator for the current language (``QLocale()``: the language shown)."""
    c = QCollator(QLocale())
    c.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    c.setNumericMode(True)  # "Table 2" before "Table 10"
    return c


def sorted_names(names: Iterable[str]) -> list[str]:
    """``names`` in the current language's alphabetical order."""
    return sorted_by(names, lambda n: n)


def sorted_by(items: Iterable[T], text: Callable[[T], str]) -> list[T]:
    """``items`` ordered by their ``text`` in the current language's alphabetical order."""
    c = collator()
    return sorted(items, key=lambda item: c.sortKey(text(item)))
