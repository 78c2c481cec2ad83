"""Devices of a venue for the tests: a data folder each, a table each, rulings recorded as the board records them."""

from __future__ import annotations

import json
import random
import uuid
from pathlib import Path
from typing import Any

from refapp.store.branches import line_texts
from refapp.store.db import TableRef
from refapp.store.devices import add_trust
from refapp.store.opening import open_store
from refapp.store.sync import SyncReport, sync
from refapp.store.tablebook import TableBook
from tests.logs import rulesets

AT = "2026-11-22T10:00:00+01:00"
TOURNAMENT = "Venue Open"


class Device:
    """One tablet: its store (data folder ``path``) and, once set up, the table it writes."""

    def __init__(self, path: Path, name: str):
        self.path, self.name = path, name
        self.store = open_store(path)
        self.table: TableRef | None = None

    @property
    def fingerprint(self) -> str:
        assert self.store.key is not None
        return self.store.key.fingerprint

    def trust(self, other: Device, role: str = "table") -> None:
        add_trust(self.store, other.fingerprint, other.name, role)

    def sync(self, folder: Path) -> SyncReport:
        return sync(self.store, folder, rulesets())

    def set_up(self, number: int) -> None:
        players = [f"{self.name}-{k}" for k in range(4)]
        self.table = self.store.setup_table(TOURNAMENT, number, [{"name": n} for n in players])

    def book(self, table: TableRef | None = None) -> TableBook:
        t = table or self.table
        assert t is not None
        return TableBook(self.store, self.store.table(t.table_id), rulesets())

    def record(self, rng: random.Random, table: TableRef | None = None) -> dict[str, Any]:
        """One valid entry at the table, as the board makes it (riichi, a draw, a win, a new hanchan)."""
        book = self.book(table)
        st = book.state
        base = {"id": str(uuid.uuid4()), "at": AT, "by": self.name}
        if not st.started or st.game_over:
            names = [f"{self.name}-{k}" for k in range(4)]
            event = base | {"type": "hanchan_start", "players": names, "ruleset": rng.choice(["ema-2016", "wrc-2015"])}
        else:
            free = [s for s in range(4) if not st.seats[s].riichi]
            roll = rng.random()
            if free and roll < 0.4:
                event = base | {"type": "riichi", "seat": rng.choice(free)}
            elif roll < 0.7:
                event = base | {"type": "win", "kind": "tsumo", "winners": [{"seat": rng.randrange(4), "han": 1,
                                                                            "fu": 30}]}  # fmt: skip
            else:
                event = base | {"type": "draw", "tenpai": sorted(rng.sample(range(4), rng.randint(0, 3)))}
        book.commit(event)
        return event

    def own_events(self) -> int:
        return int(self.store.conn.execute(
            "SELECT count(*) FROM events WHERE device_id = ?", (self.store.device_id,)).fetchone()[0])  # fmt: skip

    def history(self) -> dict[str, Any]:
        """What must be the same on every device after they converge: every event (by device and place in its
        chain, with its hash) and every table's line."""
        conn = self.store.conn
        events = sorted(conn.execute("SELECT device_id, device_seq, uuid, hash FROM events").fetchall())
        tables = {t: [json.loads(p)["id"] for p in line_texts(conn, t, self.store.device_id)]
                  for (t,) in conn.execute("SELECT id FROM game_tables")}  # fmt: skip
        return {"events": events, "tables": tables}

    def close(self) -> None:
        self.store.close()


def head_and_tablet(tmp: Path, entries: int, seed: int = 5) -> tuple[Device, Device, Path]:
    """The head referee's device and tablet T1 trusting each other through ``tmp/shared``: the tournament synced to
    the tablet, its table 1 set up and ``entries`` random entries recorded (the first starts a hanchan), then the
    tablet synced once more (the head referee's device has not read those entries yet)."""
    folder = tmp / "shared"
    folder.mkdir()
    head = Device(tmp / "head", "Head")
    head.store.create_tournament(TOURNAMENT)
    tablet = Device(tmp / "tablet", "T1")
    tablet.trust(head, "head")
    head.trust(tablet)
    head.sync(folder)
    tablet.sync(folder)
    tablet.set_up(1)
    rng = random.Random(seed)
    for _ in range(entries):
        tablet.record(rng)
    tablet.sync(folder)
    return head, tablet, folder
