"""The board of the last state shown, kept so that the next start paints it at once.

A start has two steps (``refapp.app.run``): first the window with the board as it was when the app last showed it,
read from ``board.json`` here, then (right after that first frame) the store is opened and checked, the rule sets
loaded, the table replayed, and the board rendered again from the replayed state. ``board.json`` is a cache, never
a source: it is used only when it describes the table the settings open and that table's stored events are still
exactly the ones it was taken after (their number and the last one's id, checked in the database); otherwise the
start takes the ordinary way. It is written without a flush (a lost or torn file only means an ordinary start).

This module loads neither pydantic nor the domain: it is what the first step may import.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from typing import Any

from .paths import DB_NAME, SETTINGS_FILE

SNAPSHOT_FILE = "board.json"


def save_snapshot(
    data_dir: Path, table_id: str, events: int, last_event: str, table_number: int, facts: dict[str, Any] | None
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


def quick_start(data_dir: Path) -> dict[str, Any] | None:
    """``{"language", "theme", "table_number", "board"}`` for the first frame, or None when the snapshot is
    missing, unreadable, for another table, or older than the stored events (then the start takes the ordinary way;
    any problem with the settings or the database is reported by that way, not here)."""
    data_dir = Path(data_dir)
    try:
        settings = json.loads((data_dir / SETTINGS_FILE).read_text(encoding="utf-8"))
        snap = json.loads((data_dir / SNAPSHOT_FILE).read_text(encoding="utf-8"))
        language, theme = settings.get("language", "en"), settings.get("theme", "light")
        table_id = settings.get("table_id")
        if language not in ("en", "fr") or theme not in ("light", "dark") or not isinstance(table_id, str):
            return None
        if snap.get("table_id") != table_id or not isinstance(snap.get("board"), (dict, type(None))):
            return None
        if _stored(data_dir / DB_NAME, table_id) != (snap.get("events"), snap.get("last_event")):
            return None
        return {"language": language, "theme": theme, "table_number": snap["table_number"], "board": snap["board"]}
    except (OSError, ValueError, KeyError, AttributeError, sqlite3.Error):
        return None


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
