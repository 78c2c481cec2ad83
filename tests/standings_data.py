"""The tournaments of the standings tests, as table logs (plain dicts, as a log file holds them), and a store
holding them, committed through ``TableBook.commit`` as the app does.

Eight players, two tables, two hanchans under one rule set. In hanchan 2, Hal (a winner of hanchan 1) is disqualified
during play at table 1 and Sam plays his seat to the end. The numbers are worked out by hand in
``tests/domain/test_tournament_standings.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from refapp.store.db import Store
from refapp.store.opening import open_store
from refapp.store.tablebook import TableBook
from tests.logs import end, ev, hand, incident, ron, rulesets, start


def disqualify(seat: int, substitute: str) -> dict[str, Any]:
    return ev("incident", seat=seat, offence="disqualification", answers={}, substitute=substitute)


def wrc_tables() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    t1 = [
        # hanchan 1: Ann (East, dealer) ron mangan from Bob: 12,000
        start("wrc-2015", ("Ann", "Bob", "Cyd", "Dan"), hanchan=1),
        ron(1, hand(0, limit="mangan")),
        end(),
        # hanchan 2: Cyd ron 3 han 30 fu from Gus (3,900); Hal disqualified, Sam plays his seat; Sam ron 1 han 30 fu
        # from Ann (1,000)
        start("wrc-2015", ("Hal", "Ann", "Gus", "Cyd"), hanchan=2),
        ron(2, hand(3, han=3, fu=30)),
        disqualify(0, "Sam"),
        ron(1, hand(0, han=1, fu=30)),
        end(),
    ]
    t2 = [
        # hanchan 1: Hal ron haneman from Gus: 12,000
        start("wrc-2015", ("Eve", "Fay", "Gus", "Hal"), hanchan=1),
        ron(2, hand(3, limit="haneman")),
        end(),
        # hanchan 2: Fay ron 6,000 from Dan; Bob a 3-point penalty
        start("wrc-2015", ("Bob", "Dan", "Eve", "Fay"), hanchan=2),
        ron(1, hand(3, points=6000)),
        incident(0, "point_penalty", reason="conduct", amount=3000),
        end(),
    ]
    return t1, t2


def ema_tables() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    t1 = [
        # hanchan 1: Cyd 3 minutes late (3,000 off his table score); Ann (dealer) ron mangan from Bob: 12,000
        start("ema-2012", ("Ann", "Bob", "Cyd", "Dan"), hanchan=1),
        incident(2, "late_arrival", minutes=3),
        ron(1, hand(0, limit="mangan")),
        end(),
        # hanchan 2: Cyd ron mangan from Gus (8,000); Hal disqualified, Sam plays his seat; Sam ron 1 han 30 fu from
        # Ann (1,000)
        start("ema-2012", ("Hal", "Ann", "Gus", "Cyd"), hanchan=2),
        ron(2, hand(3, limit="mangan")),
        disqualify(0, "Sam"),
        ron(1, hand(0, han=1, fu=30)),
        end(),
    ]
    t2 = [
        # hanchan 1: Hal ron 3 han 30 fu from Gus: 3,900
        start("ema-2012", ("Eve", "Fay", "Gus", "Hal"), hanchan=1),
        ron(2, hand(3, han=3, fu=30)),
        end(),
        # hanchan 2: Dan ron 5,000 from Fay; Eve ron haneman from Bob (12,000)
        start("ema-2012", ("Bob", "Dan", "Eve", "Fay"), hanchan=2),
        ron(3, hand(1, points=5000)),
        ron(0, hand(2, limit="haneman")),
        end(),
    ]
    return t1, t2


def sg_tables() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    t1 = [
        # hanchan 1: Bob ron mangan from Cyd: 8,000
        start("sg-league", ("Ann", "Bob", "Cyd", "Dan"), hanchan=1),
        ron(2, hand(1, limit="mangan")),
        end(),
        # hanchan 2: Hal disqualified at once, Sam plays his seat; Ann ron mangan from Gus (8,000); Fay ron 3 han
        # 40 fu from Gus (5,200); Fay a 2,000-point penalty
        start("sg-league", ("Hal", "Ann", "Gus", "Fay"), hanchan=2),
        disqualify(0, "Sam"),
        ron(2, hand(1, limit="mangan")),
        ron(2, hand(3, han=3, fu=40)),
        incident(3, "point_penalty", reason="conduct", amount=2000),
        end(),
    ]
    t2 = [
        # hanchan 1: Hal ron mangan from Gus: 8,000
        start("sg-league", ("Eve", "Fay", "Gus", "Hal"), hanchan=1),
        ron(2, hand(3, limit="mangan")),
        end(),
        # hanchan 2: Dan misses it, Sue plays his seat from the start; Eve ron 2 han 50 fu from Cyd (3,200); Bob ron
        # 3 han 30 fu from Cyd (3,900)
        start("sg-league", ("Bob", "Dan", "Eve", "Cyd"), hanchan=2),
        ev("incident", seat=1, offence="missed_hanchan", answers={"during_play": False}, substitute="Sue"),
        ron(3, hand(2, han=2, fu=50)),
        ron(3, hand(0, han=3, fu=30)),
        end(),
    ]
    return t1, t2


def store_of(folder: Path, tournament: str, tables: Sequence[list[dict[str, Any]]], catalog: Any = None) -> Store:
    """A store with the tournament's tables (numbered from 1) and their logs, committed event by event."""
    store = open_store(folder)
    catalog = catalog or rulesets()
    for number, log in enumerate(tables, start=1):
        players = sorted({p for e in log if e["type"] == "hanchan_start" for p in e["players"]})
        table = store.setup_table(tournament, number, [{"name": p} for p in players])
        book = TableBook(store, table, catalog)
        for event in log:
            book.commit(dict(event))
    return store
