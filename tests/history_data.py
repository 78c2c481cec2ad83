"""A small real store for the history, bundle and CLI tests: two tournaments, three tables, three rule sets.

Everything is committed through ``TableBook.commit`` (stored first, then applied), as the app does.

Paris Riichi Open
  table 1 (EMA 2016): Ann, Bob, Cyd, Dan
    10:00 start; 10:05 Bob warning ("talking during play"); 10:10 Ann 12,000 ron from Bob;
    10:15 Bob warning; 10:20 Bob warning (voided at 10:21, "entered twice"); 10:30 Cyd point penalty 2,000
    ("Phone rang"); 10:40 Bob chombo (-20,000 after uma); 10:50 Cyd 1,300 ron from Dan; 11:00 end (time limit).
    11:30 hanchan 2 starts; 11:31 ends at once (four-way tie); 12:00 hanchan 3 starts; 12:05 Dan dead hand.
  table 2 (WRC 2015): Eve, Fay, Gus, Hal
    10:02 start; 10:12 Eve warning; 10:22 Hal chombo (-20 overall points); 10:32 Fay mangan ron from Gus;
    10:42 end.
Lyon Club Night (recorded after Paris)
  table 1 (sg-league): Bob, Ivy, Jon, Kim
    2026-11-23 19:00 start; 19:10 Bob warning ("Téléphone sonne pendant la main").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from refapp.store.db import Store, TableRef
from refapp.store.opening import open_store
from refapp.store.tablebook import TableBook
from tests.logs import end, ev, hand, ron, rulesets, start, void

DAY = "2026-11-22"


def at(hhmm: str, day: str = DAY) -> str:
    return f"{day}T{hhmm}:00+01:00"


@dataclass
class Scenario:
    store: Store
    paris: str
    lyon: str
    t1: TableRef
    t2: TableRef
    lyon1: TableRef
    ids: dict[str, str] = field(default_factory=dict)  # name -> event id

    def counts(self) -> dict[str, int]:
        return row_counts(self.store)


def row_counts(store: Store) -> dict[str, int]:
    tables = ("tournaments", "game_tables", "players", "hanchans", "events")
    return {t: store.conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in tables}


def _commit(book: TableBook, ids: dict[str, str], name: str | None, event: dict[str, Any]) -> None:
    book.commit(event)
    if name:
        ids[name] = event["id"]


def build(data_dir: Path) -> Scenario:
    store = open_store(data_dir)
    paris = store.create_tournament("Paris Riichi Open", at=at("09:00"))
    lyon = store.create_tournament("Lyon Club Night", at=at("18:00", "2026-11-23"))
    for name, fed in (("Ann", "04010001"), ("Bob", "04010002"), ("Cyd", "04010003"), ("Dan", "")):
        store.add_player(paris, name, federation_id=fed)
    for name in ("Eve", "Fay", "Gus", "Hal"):
        store.add_player(paris, name)
    t1 = store.create_table(paris, 1)
    t2 = store.create_table(paris, 2)
    lyon1 = store.create_table(lyon, 1)
    sc = Scenario(store, paris, lyon, t1, t2, lyon1)
    rs = rulesets()
    a = TableBook(store, t1, rs)
    b = TableBook(store, t2, rs)
    ids = sc.ids
    # interleaved as on a real day: both tables are ruled from the same device
    _commit(a, ids, "t1_start", start("ema-2016", at=at("10:00"), by="Marie"))
    _commit(b, ids, "t2_start", start("wrc-2015", players=("Eve", "Fay", "Gus", "Hal"), at=at("10:02")))
    w1 = ev("incident", seat=1, offence="warning", note="talking during play", at=at("10:05"), by="Marie")
    _commit(a, ids, "bob_w1", w1)
    _commit(a, ids, "ann_ron", {**ron(1, hand(0, limit="mangan")), "at": at("10:10")})
    _commit(b, ids, "eve_w", ev("incident", seat=0, offence="warning", at=at("10:12"), by="Paul"))
    _commit(a, ids, "bob_w2", ev("incident", seat=1, offence="warning", at=at("10:15"), by="Marie"))
    w3 = ev("incident", seat=1, offence="warning", at=at("10:20"), by="Marie")
    _commit(a, ids, "bob_w3", w3)
    _commit(a, ids, "void_w3", {**void(w3, "entered twice"), "at": at("10:21"), "by": "Marie"})
    _commit(b, ids, "hal_chombo", ev("incident", seat=3, offence="invalid_win_revealed", at=at("10:22"), by="Paul"))
    pen = ev(
        "incident",
        seat=2,
        offence="point_penalty",
        answers={"reason": "conduct", "amount": 2000},
        note="Phone rang",
        at=at("10:30"),
        by="Marie",
    )
    _commit(a, ids, "cyd_penalty", pen)
    _commit(b, ids, "fay_ron", {**ron(2, hand(1, limit="mangan")), "at": at("10:32")})
    _commit(a, ids, "bob_chombo", ev("incident", seat=1, offence="invalid_win_revealed", at=at("10:40"), by="Marie"))
    _commit(b, ids, "t2_end", {**end(), "at": at("10:42")})
    _commit(a, ids, "cyd_ron", {**ron(3, hand(2, han=1, fu=30)), "at": at("10:50")})
    _commit(a, ids, "t1_end", {**end(), "at": at("11:00")})
    _commit(a, ids, "h2_start", start("ema-2016", at=at("11:30")))
    _commit(a, ids, "h2_end", {**end(), "at": at("11:31")})
    _commit(a, ids, "h3_start", start("ema-2016", at=at("12:00")))
    _commit(a, ids, "dan_dead", ev("incident", seat=3, offence="dead_hand", at=at("12:05"), by="Marie"))
    c = TableBook(store, lyon1, rs)
    day2 = "2026-11-23"
    _commit(c, ids, "lyon_start", start("sg-league", players=("Bob", "Ivy", "Jon", "Kim"), at=at("19:00", day2)))
    lw = ev("incident", seat=0, offence="warning", note="Téléphone sonne pendant la main", at=at("19:10", day2))
    _commit(c, ids, "lyon_bob_w", lw)
    return sc
