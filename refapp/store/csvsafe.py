"""Spreadsheet-safe CSV cells: a cell that a spreadsheet would run as a formula is written as text.

A player named ``=cmd|' /C calc'!A0``, a note starting with ``@SUM(...)``, a referee typing ``+33 6...``: in a CSV
opened by Excel or LibreOffice, a cell starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is read
as a formula (formula injection). :func:`safe_cell` puts an apostrophe in front of such text, which spreadsheets
show as text (the OWASP recommendation). Numbers written as numbers (``-5000``, ``-12.50``) stay numbers: they are
ours, not typed text, and the results must still add up in a spreadsheet.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def safe_cell(value: Any) -> Any:
    """``value`` as a CSV cell that no spreadsheet runs as a formula (numbers unchanged)."""
    if isinstance(value, str) and value.startswith(_FORMULA_START) and not _PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


def safe_row(row: Iterable[Any]) -> list[Any]:
    """Every cell of a CSV row through :func:`safe_cell`."""
    return [safe_cell(v) for v in row]
