"""A venue for the screenshots (docs/make_screenshots.py) and the layout tests: the app's device is the head referee's; three tablets sync
through a shared folder (tables 3 and 5), a fourth tablet takes table 5 over while the first keeps going (a
conflict), and a device nobody trusted yet has events held (table 9); at table 3 a player has two warnings, another a
point penalty, and the players have called the referee; the referee's tablet also wrote at table 3 without taking it
over (entries waiting for the head referee), and a copy of table 3's key was set up as a new device (a key conflict)."""

from __future__ import annotations

import random
import uuid
from pathlib import Path

from refapp.store import calls
from refapp.store.db import Store
from refapp.store.devices import add_trust, handover
from refapp.store.opening import open_store
from refapp.store.sync import sync
from refapp.store.tablebook import TableBook

AT = "2026-11-22T10:{:02d}:00+01:00"
NAMES = {3: ("Eva Novak", "Finn Berg", "Gaëlle Roux", "Hiro Sato"), 5: ("Inès Petit", "Jan Kowal", "Kim Park", "Léo Blanc"),
         9: ("Mia Rossi", "Noé Garnier", "Olga Ivanova", "Paul Meyer")}  # fmt: skip


def _record(store: Store, table, rng: random.Random, n: int, by: str) -> dict:
    from refapp.store.rulesets import load_catalog

    book = TableBook(store, store.table(table.table_id), load_catalog().rulesets)
    last = {}
    for i in range(n):
        st = book.state
        base = {"id": str(uuid.uuid4()), "at": AT.format(10 + i), "by": by}
        if not st.started:
            event = base | {"type": "hanchan_start", "players": list(NAMES[table.number]), "ruleset": "ema-2016"}
        elif rng.random() < 0.4:
            free = [s for s in range(4) if not st.seats[s].riichi]
            event = base | ({"type": "riichi", "seat": free[0]} if free else {"type": "draw", "tenpai": [0]})
        else:
            event = base | {"type": "win", "kind": "tsumo", "winners": [{"seat": rng.randrange(4), "han": 2, "fu": 30}]}
        book.commit(event)
        last = event
    return last


def build_venue(controller, root: Path) -> Path:
    """Make the venue around the app's device; returns the shared folder (set as the app's sync folder, synced)."""
    from refapp.store.rulesets import load_catalog

    rulesets = load_catalog().rulesets
    folder = root / "shared"
    folder.mkdir()
    venue = controller.venue
    venue.set_folder(str(folder))
    venue.sync_now(wait=True)
    head_fp = controller.session.store.key.fingerprint
    tournament = controller.table.tournament
    rng = random.Random(5)
    tablets = {}
    for name in ("Table 3", "Table 5", "Referee Luc", "Unknown"):
        store = open_store(root / name.replace(" ", "-"))
        add_trust(store, head_fp, "Head referee", "head")
        sync(store, folder, rulesets)
        tablets[name] = store
    for name, number in (("Table 3", 3), ("Table 5", 5), ("Unknown", 9)):
        store = tablets[name]
        table = store.setup_table(tournament, number, [{"name": n} for n in NAMES[number]])
        _record(store, table, rng, 6, name)
        sync(store, folder, rulesets)
    venue.sync_now(wait=True)
    for name in ("Table 3", "Table 5", "Referee Luc"):
        venue.trust(tablets[name].key.fingerprint, name, "table")
    venue.sync_now(wait=True)
    luc = tablets["Referee Luc"]
    sync(luc, folder, rulesets)
    five = next(t for t in luc.tables(luc.tournaments()[0]["id"]) if t.number == 5)
    handover(luc, five, "Luc")
    _record(luc, five, rng, 2, "Luc")
    t5 = tablets["Table 5"]
    _record(t5, next(t for t in t5.tables(t5.tournaments()[0]["id"]) if t.number == 5), rng, 1, "table")
    three = tablets["Table 3"]
    t3 = next(t for t in three.tables(three.tournaments()[0]["id"]) if t.number == 3)
    book = TableBook(three, t3, rulesets)
    for minute, seat, offence in ((20, 2, "warning"), (22, 2, "warning"), (25, 0, "point_penalty")):
        extra = {"answers": {"reason": "conduct", "amount": 1000}} if offence == "point_penalty" else {}
        book.commit({"type": "incident", "id": str(uuid.uuid4()), "at": AT.format(minute), "by": "Luc", "seat": seat,
                     "offence": offence} | extra)  # fmt: skip
    calls.call_referee(three, t3.tournament_id, t3.table_id, at=AT.format(30))
    sync(three, folder, rulesets)
    sync(luc, folder, rulesets)
    luc_three = next(t for t in luc.tables(luc.tournaments()[0]["id"]) if t.number == 3)
    _record(luc, luc_three, rng, 1, "Luc")  # without a handover: it waits for the head referee
    copy = root / "Table-3-copy"  # table 3's key files copied into a fresh data folder
    copy.mkdir()
    for key_file in ("device.key", "device.pub"):
        (copy / key_file).write_bytes((root / "Table-3" / key_file).read_bytes())
    tablets["Table 3 copy"] = open_store(copy)
    add_trust(tablets["Table 3 copy"], head_fp, "Head referee", "head")
    for store in tablets.values():
        sync(store, folder, rulesets)
        store.close()
    venue.sync_now(wait=True)
    return folder
