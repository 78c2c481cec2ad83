"""Benchmark: the head referee's desk after a venue sync, every table written by another device (issue 28).

Run from the repo root:  .venv/bin/python benchmarks/desk_venue.py [--devices 40] [--events 2500]
(``--devices 75 --events 4000`` for the 300,000-event venue.)

``benchmarks/desk.py`` opens tables this device wrote itself; at a venue, the head referee's device holds tables that
other devices wrote and that it merged from the shared folder, and what the desk reads of them (who holds a table,
whether its device is trusted, its conflicts) costs differently. Here a venue of N tablets × M events is built
(``benchmarks/_venue.py``: each tablet sets up its table, records, writes its journal; the head referee's device
trusts them), the head referee's device syncs it all, and the app is started on that device's data folder at
1280×800. Timed, from the tap's call until the page is laid out and painted, medians of 5 starts:

* the Tables page's first paint (a card per table);
* the Players tab's first visit (every player's record across the tournament), what the referee waits for after the
  tap until the records are on screen: the records are read ahead in a worker a moment after the desk is shown
  (refapp.ui.venue.players.RecordsAhead), and a tap during that read waits for the rest of it. Timed twice: tapped
  a second after the desk appeared (the referee looks at the tables first: the goal's figure), and tapped at once,
  the moment the desk is painted (the read ahead not started yet: the tab reads them itself), both against the goal;
* the board's longest stall (a 10 ms timer on the GUI thread) during that second, while the records are read ahead;
* the baseline, in the same run: the board painted in the same window.
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _report import emit  # noqa: E402
from _venue import build_venue  # noqa: E402
from desk import painted_ms, settle  # noqa: E402
from stall import Stalls  # noqa: E402

from refapp.store.settings import Settings, save_settings  # noqa: E402
from refapp.store.sync import sync  # noqa: E402

RUNS = 5
LOOK_S = 1.0  # the referee looks at the tables this long before tapping Players
GOALS_MS = {100_000: (100.0, 300.0), 300_000: (250.0, None)}  # events: (Tables page, Players tab)
STALL_MS = 50.0  # the board's longest stall (the goal set for syncs, kept while the records are read ahead)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--devices", type=int, default=40)
    ap.add_argument("--events", type=int, default=2500)
    opts = ap.parse_args()
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    from refapp.app import build, install_translators
    from refapp.store.rulesets import load_catalog

    app = QApplication.instance() or QApplication(sys.argv[:1])
    install_translators(app, "en")
    rulesets = load_catalog(None).rulesets
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}")
    first, board, players_first, players_at_once, stalls = [], [], [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        t0 = time.perf_counter()
        venue = build_venue(root, opts.devices, opts.events, rulesets)
        t1 = time.perf_counter()
        report = sync(venue.head, venue.folder, rulesets)
        merged = sum(d.merged for d in report.devices)
        tournament = venue.head.tournaments()[0]["id"]
        n = venue.events
        print(f"venue: {opts.devices} tablets, {n:,} events, built in {t1 - t0:.0f} s; the head referee's device "
              f"merged {merged:,} events in {time.perf_counter() - t1:.1f} s")  # fmt: skip
        venue.close()
        head = root / "head"
        save_settings(head, Settings(tournament_id=tournament))
        for run in range(2 * RUNS):
            look = run % 2 == 0  # in turn: tapped after a look at the tables, tapped at once
            controller, window = build(head, app)
            assert controller is not None and window is not None
            window.resize(1280, 800)
            window.show()
            settle(app)
            first.append(painted_ms(app, functools.partial(window.show_tables, "tables"), window))
            page = window.venue_page
            assert len(page.tables.cards) == opts.devices, len(page.tables.cards)
            if look:
                ticks = Stalls()
                ticks.start()
                end = time.perf_counter() + LOOK_S
                while time.perf_counter() < end:
                    app.processEvents()
                    time.sleep(0.001)
                stalls.append(ticks.stop())
            tap = painted_ms(app, page.tabs.buttons["players"].click, page)
            assert page.players.records is not None and page.players.grid.items
            (players_first if look else players_at_once).append(tap)
            settle(app)
            while page.ahead.job is not None:  # (a read ahead still running ends before the window closes)
                app.processEvents()
            board.append(painted_ms(app, window.show_board, window.board))
            window.close()
            window.deleteLater()
            controller.deleteLater()
            QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
            controller.session.store.close()
    runs = {"first": first, "board": board, "players": players_first, "at once": players_at_once, "stall": stalls}
    med = {k: statistics.median(v) for k, v in runs.items()}
    print("runs (ms): " + "; ".join(f"{k} " + " ".join(f"{x:.0f}" for x in v) for k, v in runs.items()))
    print(f"load average after the runs {os.getloadavg()[0]:.2f}")
    size = f"{n // 1000:,}k"
    goal_tables, goal_players = GOALS_MS[300_000] if n > 200_000 else GOALS_MS[100_000]
    print(f"baseline: the board painted (same window)              median {med['board']:6.1f} ms")
    print(f"Tables page, first paint after the sync ({size} events)   median {med['first']:6.1f} ms   goal ≤ "
          f"{goal_tables:g} ms")  # fmt: skip
    print(f"Players tab, first visit, tapped {LOOK_S:g} s after the desk     median {med['players']:6.1f} ms"
          + (f"   goal ≤ {goal_players:g} ms" if goal_players else ""))  # fmt: skip
    print(f"Players tab, first visit, tapped at once               median {med['at once']:6.1f} ms"
          + (f"   goal ≤ {goal_players:g} ms" if goal_players else ""))  # fmt: skip
    print(f"the board's longest stall while the records are read ahead  median {med['stall']:6.1f} ms   goal ≤ "
          f"{STALL_MS:g} ms (as during a sync)")  # fmt: skip
    emit(
        "desk_venue",
        [
            (f"desk first paint, {opts.devices} tables of other devices / {size} events", f"{med['first']:.0f} ms",
             f"≤ {goal_tables:g} ms", med["first"] <= goal_tables),
            (f"Players tab first visit, {size} (tapped {LOOK_S:g} s after the desk)", f"{med['players']:.0f} ms",
             f"≤ {goal_players:g} ms" if goal_players else "",
             med["players"] <= goal_players if goal_players else None),
            ("  the same, tapped the moment the desk is painted", f"{med['at once']:.0f} ms",
             f"≤ {goal_players:g} ms" if goal_players else "",
             med["at once"] <= goal_players if goal_players else None),
            ("  the board's longest stall while the records are read ahead", f"{med['stall']:.0f} ms",
             f"≤ {STALL_MS:g} ms", med["stall"] <= STALL_MS),
            ("  baseline: the board painted", f"{med['board']:.0f} ms", "", None),
        ],
    )  # fmt: skip


if __name__ == "__main__":
    main()
