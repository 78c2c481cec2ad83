"""Benchmark: the head referee's desk in the app over 40 tables and 100,000 stored events — the dashboard's first
paint (the Tables page: the summary and a card per table), its refresh after an entry, and the Players tab (every
player's record across the tournament) shown the first time and again with nothing new stored.

Run from the repo root:  .venv/bin/python benchmarks/desk.py   (offscreen unless QT_QPA_PLATFORM says otherwise)

The data folder: one tournament of 40 tables of 2,500 events each (the tables of ``benchmarks/history.py``), 40
players each at 4 tables, 5 tables calling the referee, opened by the app (``refapp.app.build``) at table 1 at
1280×800. A step is timed from the tap's call (``window.show_tables``, a tab's tap) until its page has been laid
out and painted (``processEvents`` then a synchronous ``repaint``). Medians of 5 runs; the first paint is the first
visit of a fresh start (one run per start, 5 starts). The baseline is the same step for the board (the page every
tap returns to) in the same run.
"""

from __future__ import annotations

import functools
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _fill import fill  # noqa: E402
from _report import emit  # noqa: E402
from history import build_table  # noqa: E402

from refapp.store.opening import open_store

N_TABLES = 40
PER_TABLE = 2_500
RUNS = 5
GOALS_MS = {"dashboard": 100.0}


def make_folder(folder: Path) -> int:
    from refapp.store import calls
    from refapp.store.rulesets import load_catalog
    from refapp.store.settings import Settings, save_settings

    rulesets = load_catalog().rulesets
    players = [[f"P{(t + s) % N_TABLES:02d}" for s in (0, 10, 20, 30)] for t in range(N_TABLES)]
    logs = [build_table(PER_TABLE, players[t], rulesets, seed=t + 1) for t in range(N_TABLES)]
    store = open_store(folder)
    tid = store.create_tournament("World Riichi Open")
    tables = [store.create_table(tid, t + 1) for t in range(N_TABLES)]
    for name in sorted({p for ps in players for p in ps}):
        store.add_player(tid, name)
    n = fill(store, tables, [[e for e, _, _ in log] for log in logs], rulesets)
    for t in tables[5:10]:
        calls.call_referee(store, tid, t.table_id)
    store.close()
    save_settings(folder, Settings(tournament_id=tid, table_id=tables[0].table_id))
    return n


def settle(app: Any) -> None:
    """Let the app finish what a start or a tap queued (the board's second step, timers due now)."""
    end = time.perf_counter() + 0.3
    while time.perf_counter() < end:
        app.processEvents()


def painted_ms(app: Any, step: Any, page: Any) -> float:
    """``step()`` then everything it queued, then ``page`` painted: milliseconds."""
    t0 = time.perf_counter()
    step()
    app.processEvents()
    page.repaint()
    return (time.perf_counter() - t0) * 1000


def main() -> None:
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    from refapp.app import build, install_translators

    app = QApplication.instance() or QApplication(sys.argv[:1])
    install_translators(app, "en")
    first, board, refresh, players_first, players_kept = [], [], [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        n = make_folder(Path(tmp))
        print(f"data folder: {n:,} events, 1 tournament, {N_TABLES} tables, 40 players, 5 tables calling; "
              f"built in {time.perf_counter() - t0:.1f} s")  # fmt: skip
        for run in range(RUNS):
            controller, window = build(Path(tmp), app)
            window.resize(1280, 800)
            window.show()
            settle(app)
            to_tables = functools.partial(window.show_tables, "tables")
            first.append(painted_ms(app, to_tables, window))  # the page is made, too
            venue = window._page("venue")
            cards = venue.tables.cards
            assert len(cards) == N_TABLES, len(cards)
            called = [c for c in cards.values() if c.card is not None and c.card.called_at]
            assert len(called) == 5, len(called)
            settle(app)
            board.append(painted_ms(app, window.show_board, window.board))
            # an entry at table 1 (a warning), then the dashboard again: the cards are read again
            event = controller.new_event("incident", seat=run % 4, offence="warning")
            assert controller.commit(event) is not None, controller.last_error
            settle(app)
            refresh.append(painted_ms(app, to_tables, venue))
            tap_players = venue.tabs.buttons["players"].click
            players_first.append(painted_ms(app, tap_players, venue))
            assert venue.players.records is not None and len(venue.players.records.players) == 40
            venue.tabs.buttons["tables"].click()
            app.processEvents()
            players_kept.append(painted_ms(app, tap_players, venue))
            window.close()
            window.deleteLater()
            controller.deleteLater()
            QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
            controller.session.store.close()
    runs = {"first": first, "board": board, "refresh": refresh, "players_first": players_first,
            "players_kept": players_kept}  # fmt: skip
    med = {k: statistics.median(v) for k, v in runs.items()}
    print("runs (ms): " + "; ".join(f"{k} " + " ".join(f"{x:.0f}" for x in v) for k, v in runs.items()))
    print()
    print(f"baseline: the board painted (same window)             median {med['board']:6.1f} ms")
    print(f"dashboard, first paint after a start (40 cards)       median {med['first']:6.1f} ms   goal ≤ "
          f"{GOALS_MS['dashboard']:g} ms   ({med['first'] / med['board']:.1f}× the board)")  # fmt: skip
    print(f"dashboard after an entry at one table                 median {med['refresh']:6.1f} ms   goal ≤ "
          f"{GOALS_MS['dashboard']:g} ms")  # fmt: skip
    print(f"Players tab, first visit (every player's record)      median {med['players_first']:6.1f} ms   "
          f"(the records read: benchmarks/records.py)")  # fmt: skip
    print(f"Players tab again, nothing new stored (kept)          median {med['players_kept']:6.1f} ms")
    emit(
        "desk",
        [
            ("dashboard first paint, 40 tables / 100,000 events", f"{med['first']:.0f} ms",
             f"≤ {GOALS_MS['dashboard']:g} ms", med["first"] <= GOALS_MS["dashboard"]),
            ("  after an entry at one table", f"{med['refresh']:.0f} ms", f"≤ {GOALS_MS['dashboard']:g} ms",
             med["refresh"] <= GOALS_MS["dashboard"]),
            ("  baseline: the board painted", f"{med['board']:.0f} ms", "", None),
            ("Players tab, first visit (all records; see records)", f"{med['players_first']:.0f} ms", "", None),
            ("  again, nothing new stored", f"{med['players_kept']:.0f} ms", "", None),
        ],
    )  # fmt: skip


if __name__ == "__main__":
    main()
