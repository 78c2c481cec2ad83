"""A real refapp process for the crash test: commits random valid rulings through the store and prints
``ack <uuid>`` only after each commit returned, while a thread takes backups one after the other (so that a kill
often lands in the middle of one). Usage: python crash_feeder.py DATA_DIR SEED."""

from __future__ import annotations

import random
import sys
import threading
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from refapp.store.backup import backup
from refapp.store.opening import open_store
from refapp.store.rulesets import load_catalog  # noqa: E402
from refapp.store.tablebook import TableBook  # noqa: E402

AT = "2026-11-22T10:00:00+00:00"


def next_event(rng: random.Random, book: TableBook) -> dict:
    st = book.state
    base = {"id": str(uuid.uuid4()), "at": AT, "by": "crash-test"}
    if not st.started or st.game_over:
        rs = rng.choice(["wrc-2015", "ema-2012", "sg-league", "ema-2008-mt"])
        return base | {"type": "hanchan_start", "players": ["Ann", "Bob", "Cyd", "Dan"], "ruleset": rs}
    roll = rng.random()
    free = [i for i, s in enumerate(st.seats) if not s.riichi and not s.dead_hand]
    undo = book.last_undoable()
    if roll < 0.08 and undo is not None and undo["type"] != "hanchan_start":
        return base | {"type": "void", "target": undo["id"], "reason": "undo"}
    if roll < 0.3 and free:
        return base | {"type": "riichi", "seat": rng.choice(free)}
    if roll < 0.5:
        seat = rng.randrange(4)
        offence, answers = rng.choice(
            [("warning", {}), ("dead_hand", {}), ("invalid_win_revealed", {}), ("wrong_tile_count", {})]
        )
        return base | {"type": "incident", "seat": seat, "offence": offence, "answers": answers}
    if roll < 0.7:
        alive = [i for i, s in enumerate(st.seats) if not s.dead_hand]
        return base | {"type": "draw", "tenpai": rng.sample(alive, rng.randint(0, len(alive)))}
    alive = [i for i, s in enumerate(st.seats) if not s.dead_hand]
    if not alive:
        return base | {"type": "draw", "tenpai": []}
    winner = rng.choice(alive)
    value = rng.choice([{"han": 2, "fu": 30}, {"limit": "mangan"}, {"han": 1, "fu": 40}])
    if rng.random() < 0.5:
        return base | {"type": "win", "kind": "tsumo", "winners": [{"seat": winner, **value}]}
    discarder = rng.choice([i for i in range(4) if i != winner])
    return base | {"type": "win", "kind": "ron", "discarder": discarder, "winners": [{"seat": winner, **value}]}


def main() -> None:
    data_dir, seed = Path(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    store = open_store(data_dir)
    tournaments = store.tournaments()
    tid = tournaments[0]["id"] if tournaments else store.create_tournament("Crash Open", AT)
    tables = store.tables(tid)
    table = tables[0] if tables else store.create_table(tid, 1, AT)
    book = TableBook(store, table, load_catalog().rulesets)

    def backups() -> None:
        while True:
            backup(store, keep=3)

    threading.Thread(target=backups, daemon=True).start()
    print("ready", flush=True)
    while True:
        event = next_event(rng, book)
        book.commit(event)
        print(f"ack {event['id']}", flush=True)


if __name__ == "__main__":
    main()
