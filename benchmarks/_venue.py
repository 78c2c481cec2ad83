"""A venue for the benchmarks: the head referee's device, table tablets each with its table and history, their
journals in a shared folder (as benchmarks/sync.py describes)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from _fill import fill
from history import build_table

from refapp.store.db import Store
from refapp.store.devices import add_trust
from refapp.store.opening import open_store
from refapp.store.sync import sync, write_journal
from refapp.store.tablebook import TableBook


@dataclass
class Venue:
    folder: Path
    head: Store
    tablets: list[Store]
    events: int

    def close(self) -> None:
        for d in self.tablets:
            d.close()
        self.head.close()


def build_venue(root: Path, devices: int, events: int, rulesets: Mapping[str, Any]) -> Venue:
    folder = root / "shared"
    folder.mkdir()
    head = open_store(root / "head")
    head.create_tournament("Venue Open")
    write_journal(head, folder)
    assert head.key is not None
    tablets = []
    for i in range(devices):
        d = open_store(root / f"tablet-{i + 1:02d}")
        add_trust(d, head.key.fingerprint, "Head referee", role="head")
        sync(d, folder, rulesets)  # the tournament, from the head referee's device
        tablets.append(d)
    total = 0
    for i, d in enumerate(tablets):
        players = [f"P{i:02d}-{k}" for k in range(4)]
        table = d.setup_table("Venue Open", i + 1, [{"name": n} for n in players])
        own = d.count_events()
        log = [e for e, _, _ in build_table(events - own, players, rulesets, seed=1000 + i)]
        fill(d, [table], [log], rulesets)
        total += d.count_events()
        write_journal(d, folder)
    for i, d in enumerate(tablets):
        assert d.key is not None
        add_trust(head, d.key.fingerprint, f"Table {i + 1}")
    write_journal(head, folder)
    return Venue(folder, head, tablets, total + head.count_events())


def one_more(venue: Venue, rulesets: Mapping[str, Any], k: int) -> None:
    """Each tablet records one more entry and writes it to the folder."""
    for i, d in enumerate(venue.tablets):
        book = TableBook(d, d.tables(d.tournaments()[0]["id"])[0], rulesets)
        st = book.state
        at = "2026-11-21T18:00:00+01:00"
        if st.game_over or not st.started:
            seated = [f"P{i:02d}-{j}" for j in range(4)]
            book.commit(
                {"type": "hanchan_start", "id": f"x{k}-{i}", "at": at, "players": seated, "ruleset": "ema-2016"}
            )
        else:
            seats = st.seats
            free = [s for s in range(4) if not (seats[s].riichi or seats[s].dead_hand or seats[s].disqualified)]
            event = (
                {"type": "riichi", "id": f"x{k}-{i}", "at": at, "seat": free[0]}
                if free
                else {"type": "draw", "id": f"x{k}-{i}", "at": at, "tenpai": []}
            )
            book.commit(event)
        write_journal(d, folder=venue.folder)
