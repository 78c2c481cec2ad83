"""The board of the last state shown, kept so that the next start paints it at once.

A start has two steps (``refapp.app.run``): first the window with the board as it was when the app last showed it,
read from ``board.json`` here, then (right after that first frame) the store is opened and checked, the rule sets
loaded, the table replayed, and the board rendered again from the replayed state. ``board.json`` is a cache, never
a source: it is used only when it describes the table the settings open and that table's stored events are still
exactly the ones it was taken after (their number and the last one's id, checked in the database); otherwise the
start takes the ordinary way. It is written without a flush (a lost or torn file only means an ordinary start).
Both files are read with the limits of :mod:`refapp.store.safejson`, and the board's every field is checked for
its type and range before the first frame uses it: a forged, damaged or stale ``board.json`` means an ordinary
start, never a frozen first frame.

This module loads neither pydantic nor the domain: it is what the first step may import.

Layer: feature (the board kept for the next start).
"""

from __future__ import annotations

import json
import math
import os
import re
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict, TypeGuard

from ..domain.messages import LANGUAGE_CODE
from .paths import DB_NAME, SETTINGS_FILE
from .safejson import SMALL_BYTES, JsonInputError, read_json

if TYPE_CHECKING:
    from ..domain.board import BoardFacts

SNAPSHOT_FILE = "board.json"


def save_snapshot(
    data_dir: Path,
    table_id: str,
    events: int,
    last_event: str | None,
    table_number: int,
    facts: BoardFacts | None,
) -> None:
    """Keep the board of the table's state after ``events`` stored events (the last one ``last_event``)."""
    data = {
        "table_id": table_id,
        "events": events,
        "last_event": last_event,
        "table_number": table_number,
        "board": facts,
    }
    path = Path(data_dir) / SNAPSHOT_FILE
    tmp = path.with_suffix(".json.tmp")
    try:
        tmp.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only or full disk: the next start simply takes the ordinary way


def _language(value: object) -> bool:
    return isinstance(value, str) and re.fullmatch(LANGUAGE_CODE, value) is not None


class QuickStart(TypedDict):
    """What the first frame needs (:func:`quick_start`): the settings' language, theme and full-screen choice, the
    open table's number and its board."""

    language: str
    theme: str
    fullscreen: str
    table_number: int
    board: BoardFacts | None


def quick_start(data_dir: Path) -> QuickStart | None:
    """``{"language", "theme", "fullscreen", "table_number", "board"}`` for the first frame, or None when the
    snapshot is missing, unreadable, for another table, or older than the stored events (then the start takes the
    ordinary way; any problem with the settings or the database is reported by that way, not here)."""
    data_dir = Path(data_dir)
    try:
        settings = read_json(data_dir / SETTINGS_FILE, max_bytes=SMALL_BYTES)
        snap = read_json(data_dir / SNAPSHOT_FILE, max_bytes=SMALL_BYTES)
        if not isinstance(settings, dict) or not isinstance(snap, dict):
            return None
        language, theme = settings.get("language", "en"), settings.get("theme", "light")
        fullscreen = settings.get("fullscreen", "auto")
        if fullscreen not in ("auto", "on", "off"):
            fullscreen = "auto"
        table_id = settings.get("table_id")
        if not _language(language) or theme not in ("light", "dark") or not isinstance(table_id, str):
            return None
        if snap.get("table_id") != table_id or not valid_board(snap.get("board")):
            return None
        number = snap.get("table_number")
        kept_after = (snap.get("events"), snap.get("last_event"))
        if _int(number, 1, 100_000) and _stored(data_dir / DB_NAME, table_id) == kept_after:
            return QuickStart(
                language=language, theme=theme, fullscreen=fullscreen, table_number=number, board=snap["board"]
            )
        return None
    except (JsonInputError, OSError, ValueError, sqlite3.Error):
        return None


def _int(value: Any, low: int, high: int) -> TypeGuard[int]:
    return type(value) is int and low <= value <= high


def _number(value: Any) -> bool:
    if type(value) is int:
        return abs(value) <= 10**12
    return type(value) is float and math.isfinite(value) and abs(value) <= 1e12


def _text(value: Any, longest: int = 1000) -> bool:
    if not isinstance(value, str) or len(value) > longest:
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


_SEAT_FLAGS = ("riichi", "dead_hand", "disqualified", "substitute")


def _valid_seat(seat: Any) -> bool:
    return (
        isinstance(seat, dict)
        and _text(seat.get("player"))
        and seat.get("wind") in ("E", "S", "W", "N")
        and _number(seat.get("score"))
        and _number(seat.get("overall"))
        and all(type(seat.get(k)) is bool for k in _SEAT_FLAGS)
        and _int(seat.get("warnings"), 0, 1000)
        and _int(seat.get("chombos"), 0, 1000)
        and isinstance(seat.get("extra"), dict)
        and len(seat["extra"]) <= 20
        and all(_text(k, 100) and _number(v) for k, v in seat["extra"].items())
    )


def valid_board(board: object) -> TypeGuard[BoardFacts | None]:
    """Whether ``board`` is what :func:`refapp.domain.board.board_facts` makes (or None: no hanchan), field by field:
    the first frame renders it without the domain, so nothing else may reach the board."""
    if board is None:
        return True
    return (
        isinstance(board, dict)
        and _int(board.get("hanchan"), 1, 100_000)
        and _int(board.get("round_wind"), 0, 3)
        and _int(board.get("hand"), 1, 4)
        and _int(board.get("dealer"), 0, 3)
        and _int(board.get("counters"), 0, 1000)
        and _int(board.get("riichi_sticks"), 0, 1000)
        and type(board.get("game_over")) is bool
        and _text(board.get("ruleset"))
        and _int(board.get("overall_unit", 1), 1, 1_000_000)  # (kept since the board names the unit)
        and isinstance(board.get("seats"), list)
        and len(board["seats"]) == 4
        and all(_valid_seat(seat) for seat in board["seats"])
    )


def _stored(db: Path, table_id: str) -> tuple[int, str | None]:
    """The number of the table's stored events and the id of the last one (read only, without a write lock)."""
    if not db.exists():
        return 0, None
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        (count,) = conn.execute("SELECT count(*) FROM events WHERE table_id = ?", (table_id,)).fetchone()
        last = conn.execute(
            "SELECT uuid FROM events WHERE table_id = ? ORDER BY seq DESC LIMIT 1", (table_id,)
        ).fetchone()
    finally:
        conn.close()
    return int(count), (last[0] if last else None)
