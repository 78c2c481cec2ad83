"""Benchmark: the event store and the incident history with 100,000 stored events.

Run from the repo root:  .venv/bin/python benchmarks/history.py [KEEP_DIR]
(with KEEP_DIR, an empty folder, the database is kept there for a look afterwards)

Fills a store in a temporary folder with 100,000 valid events (two tournaments, 10 tables, every shipped rule set,
hands and incidents with some voided), built with a stepped ledger so every table replays. The rows are hashed
like ``Store.append`` does and inserted in one transaction (not timed as append). Then prints, against the goals:

* append: ``Store.append`` (one event, committed with synchronous=FULL) and ``TableBook.commit`` (append + apply),
  p50/p99 over 1,000 appends each onto the 100k database;
* rebuild on start: ``TableBook(...)`` for the largest table and for every table;
* history: the first page and each filter, p50 (and max) over 20 runs, plus the per-player counts and the History
  and Setup pages' other look-ups (the filters' choices, a row's detail, the next hanchan's numbers);
* baseline: a bare ``SELECT count(*) FROM events`` in the same run, to compare machines;
* and, for information: a whole-store bundle export and import (twice), and the query plans.
"""

from __future__ import annotations

import copy
import gc
import json
import random
import statistics
import sys
import tempfile
import time
import types
from datetime import timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _fill import START, fill  # noqa: E402
from _report import emit  # noqa: E402

from refapp.domain.events import LogError, parse_event  # noqa: E402
from refapp.domain.ledger import Ledger  # noqa: E402
from refapp.domain.ledger_json import effect_to_json  # noqa: E402
from refapp.domain.offences import OFFENCES  # noqa: E402
from refapp.store import bundle, history, history_detail, setup_reads  # noqa: E402
from refapp.store.db import Store  # noqa: E402
from refapp.store.opening import open_store
from refapp.store.rulesets import load_catalog  # noqa: E402
from refapp.store.tablebook import TableBook  # noqa: E402

N_EVENTS = 100_000
N_APPENDS = 1_000
RUNS = 20
# events per table: one long table (the rebuild worst case) and nine ordinary ones; tables 1-8 in the big tournament
TABLE_SIZES = [28_000] + [8_000] * 9
BIG_TOURNAMENT_TABLES = 8
INCIDENT_RATE = 0.10
VOID_RATE = 0.08  # of incidents
LIMITS = ("mangan", "haneman", "baiman")
NOTES = ("", "", "", "phone rang during the hand", "slow play after a warning", "argued with the referee", "")
GOALS = {"append_p99_ms": 10.0, "rebuild_s": 1.0, "query_ms": 100.0}


def _value(rng: random.Random) -> dict[str, Any]:
    if rng.random() < 0.8:
        han = rng.randint(1, 4)
        return {"han": han, "fu": rng.choice((30, 40)) if han >= 2 else 30}
    return {"limit": rng.choice(LIMITS)}


def _incident(rng: random.Random, rs: Any, state: Any) -> dict[str, Any]:
    seat = rng.randrange(4)
    roll = rng.random()
    if roll < 0.45:
        body: dict[str, Any] = {"offence": "warning"}
    elif roll < 0.65:
        body = {"offence": "dead_hand"}
    elif roll < 0.85:
        p = rs.penalties
        body = {"offence": "point_penalty", "answers": {"reason": "conduct", "amount": max(p.min, p.step)}}
    elif roll < 0.95:
        body = {"offence": "empty_meld_call"}
    else:
        body = {"offence": "invalid_win_revealed"}
    note = rng.choice(NOTES)
    return {"type": "incident", "seat": seat, **body, **({"note": note} if note else {})}


def build_table(n: int, players: list[str], rulesets: dict[str, Any], seed: int) -> list[tuple[dict, dict, dict]]:
    """``n`` events of one table as (event, context, ruling as applied), valid in order (voids included)."""
    rng = random.Random(seed)
    ids = sorted(rulesets)
    ledger = Ledger(rulesets)
    out: list[tuple[dict, dict, dict]] = []
    hanchan = 0
    ctx_of = types.SimpleNamespace(rulesets=rulesets)

    def push(data: dict[str, Any]) -> dict[str, Any]:
        data = {"id": f"t{seed}-e{len(out)}", "at": "2026-11-21T09:00:00+01:00", "by": "bench", **data}
        ctx_of.state = ledger.state
        context = TableBook.context(ctx_of, data)  # type: ignore[arg-type]
        effect = ledger.apply(parse_event(data, len(out)), len(out), explain=True)
        assert effect is not None
        out.append((data, context, effect_to_json(effect)))
        return data

    while len(out) < n:
        st = ledger.state
        if not st.started or st.game_over:
            hanchan += 1
            seated = players[hanchan % 4 :] + players[: hanchan % 4]
            push({"type": "hanchan_start", "players": seated, "ruleset": ids[(seed + hanchan) % len(ids)]})
            continue
        rs = st.ruleset
        roll = rng.random()
        if roll < INCIDENT_RATE and len(out) < n - 1:
            before = copy.deepcopy(st, {id(rs): rs})
            try:
                target = push(_incident(rng, rs, st))
            except LogError:  # an offence this rule set rules differently (referee's choice, ...): skip it
                ledger.state = before
                continue
            if rng.random() < VOID_RATE and len(out) < n:
                # a void right after its target: the state is the one before the target
                ctx_of.state = before
                void = {"id": f"t{seed}-e{len(out)}", "at": "2026-11-21T09:00:00+01:00", "by": "bench", "type": "void"}
                void |= {"target": target["id"], "reason": "entered by mistake"}
                out.append((void, TableBook.context(ctx_of, void), effect_to_json_void(before)))  # type: ignore[arg-type]
                ledger.state = before
            continue
        alive = [s for s in range(4) if not st.seats[s].dead_hand and not st.seats[s].disqualified]
        free = [s for s in alive if not st.seats[s].riichi]
        playing = [s for s in range(4) if not st.seats[s].disqualified]
        if free and roll < 0.35:
            push({"type": "riichi", "seat": rng.choice(free)})
        elif alive and len(playing) > 1 and roll < 0.65:
            winner = rng.choice(alive)
            push(
                {
                    "type": "win",
                    "kind": "ron",
                    "discarder": rng.choice([s for s in playing if s != winner]),
                    "winners": [{"seat": winner, **_value(rng)}],
                }
            )
        elif alive and roll < 0.85:
            push({"type": "win", "kind": "tsumo", "winners": [{"seat": rng.choice(alive), **_value(rng)}]})
        else:
            push({"type": "draw", "tenpai": [s for s in alive if rng.random() < 0.5]})
        if len(out) < n and rng.random() < 0.01 and not ledger.state.game_over:
            push({"type": "hanchan_end", "reason": "time limit"})
    return out[:n]


def effect_to_json_void(state: Any) -> dict[str, Any]:
    n = len(state.seats)
    hand = [state.round_wind, state.hand]
    return {
        "transfers": [0] * n,
        "overall": [0] * n,
        "off_table": 0,
        "sticks": [state.riichi_sticks] * 2,
        "sticks_returned": [],
        "counters": [state.counters] * 2,
        "dealer": [state.dealer] * 2,
        "hand": [hand, hand],
        "redeal": False,
        "game_over": state.game_over,
        "extra": [{} for _ in range(n)],
    }


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.2f} ms"


def pct(times: list[float], p: float) -> float:
    s = sorted(times)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def timed(fn: Any, runs: int = RUNS) -> tuple[list[float], Any]:
    times, out = [], None
    for _ in range(runs):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return times, out


def main() -> None:
    rulesets = load_catalog().rulesets
    t0 = time.perf_counter()
    players = [[f"P{t + 1:02d}{k}" for k in "abcd"] for t in range(len(TABLE_SIZES))]
    logs = [build_table(n, players[t], rulesets, seed=t + 1) for t, n in enumerate(TABLE_SIZES)]
    t_build = time.perf_counter() - t0

    keep = sys.argv[1] if len(sys.argv) > 1 else None  # a folder to keep the database in, for a look afterwards
    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(Path(keep or tmp))
        big = store.create_tournament("Paris Riichi Open")
        small = store.create_tournament("Lyon Club Night")
        tables = []
        for t in range(len(TABLE_SIZES)):
            tid = big if t < BIG_TOURNAMENT_TABLES else small
            tables.append(
                store.create_table(tid, t + 1 if t < BIG_TOURNAMENT_TABLES else t - BIG_TOURNAMENT_TABLES + 1)
            )
            for name in players[t]:
                store.add_player(tid, name, federation_id=f"EMA-{name}")
        t0 = time.perf_counter()
        n = fill(store, tables, [[e for e, _, _ in log] for log in logs], rulesets)
        t_fill = time.perf_counter() - t0
        kinds: dict[str, int] = {}
        for log in logs:
            for e, _, _ in log:
                kinds[e["type"]] = kinds.get(e["type"], 0) + 1
        print(f"store: {n:,} events in {len(tables)} tables, 2 tournaments; built in {t_build:.1f} s, ", end="")
        print(f"inserted in one transaction in {t_fill:.2f} s (not timed as appends)")
        print("       " + ", ".join(f"{k} {v:,}" for k, v in sorted(kinds.items())))
        size = store.path.stat().st_size
        print(f"       database file {size / 1e6:.1f} MB")
        # the 100,000 built event dicts are not the app's: free them, or the garbage collector's full passes over
        # them (about 1 s each) land inside the timings below
        del logs
        gc.collect()

        # -- baseline -----------------------------------------------------------------------------------------------
        base, _ = timed(lambda: store.conn.execute("SELECT count(*) FROM events").fetchone())
        baseline = statistics.median(base)
        scan, _ = timed(lambda: store.conn.execute("SELECT count(*) FROM events WHERE note LIKE '%zzz%'").fetchone())
        print()
        print(f"baseline: SELECT count(*) FROM events                      p50 {ms(baseline)}")
        print(f"          (a full scan, count(*) WHERE note LIKE '%zzz%':  p50 {ms(statistics.median(scan))})")

        # -- rebuild on start ---------------------------------------------------------------------------------------
        print()
        largest = tables[0]
        rb_one, book = timed(lambda: TableBook(store, largest, rulesets), runs=3)
        rb_all, _ = timed(lambda: [TableBook(store, t, rulesets) for t in tables], runs=3)
        rb_read, _ = timed(lambda: [store.table_events(t.table_id) for t in tables], runs=3)
        goal = GOALS["rebuild_s"]
        print(
            f"rebuild on start, largest table ({TABLE_SIZES[0]:,} events): "
            f"median {statistics.median(rb_one):.3f} s   goal ≤ {goal:g} s: "
            f"{'met' if statistics.median(rb_one) <= goal else 'NOT met'}"
        )
        print(
            f"rebuild on start, all {len(tables)} tables ({n:,} events):      "
            f"median {statistics.median(rb_all):.3f} s   (goal ≤ {goal:g} s: "
            f"{'met' if statistics.median(rb_all) <= goal else 'NOT met'})"
        )
        print(
            f"  of which reading the logs (SELECT payload + json.loads): {statistics.median(rb_read):.3f} s; "
            f"parse + fold: {statistics.median(rb_all) - statistics.median(rb_read):.3f} s"
        )

        # -- history ------------------------------------------------------------------------------------------------
        print()
        some = history.query(store, limit=1)[0]
        mid = (START + timedelta(seconds=n // 2)).date().isoformat()
        cases: list[tuple[str, dict[str, Any]]] = [
            ("first page (50 incidents)", {}),
            ("second page (offset 50)", {"offset": 50}),
            ("page 20 (offset 950)", {"offset": 950}),
            ("tournament (big, by name)", {"tournament": "Paris Riichi Open"}),
            ("tournament (small, by id)", {"tournament": small}),
            ("table 1 of the big tournament", {"tournament": big, "table": 1}),
            ("table number (any tournament)", {"table": 3}),
            ("player", {"player": some["player"]}),
            ("player in tournament", {"tournament": big, "player": "P01a"}),
            ("offence point_penalty", {"offence": "point_penalty"}),
            ("offence invalid_win_revealed", {"offence": "invalid_win_revealed"}),
            ("rule set wrc-2015", {"ruleset": "wrc-2015"}),
            ("since one day", {"since": mid}),
            ("until one day", {"until": mid}),
            ("since-until one hour", {"since": f"{mid}T12:00", "until": f"{mid}T12:59"}),
            ("text 'phone'", {"text": "phone"}),
            ("text not found", {"text": "zzz-nothing"}),
            ("include voided", {"include_voided": True}),
            ("all event types", {"types": None}),
            ("player + offence + rule set", {"player": "P01a", "offence": "warning", "ruleset": "ema-2016"}),
        ]
        qgoal = GOALS["query_ms"] / 1000
        print(
            f"history ({RUNS} runs each)                     p50          max   rows   goal ≤ {GOALS['query_ms']:g} ms"
        )
        worst = 0.0
        for label, kw in cases:
            times, rows = timed(lambda kw=kw: history.query(store, **kw))
            p50 = statistics.median(times)
            worst = max(worst, p50)
            flag = "" if p50 <= qgoal else "  NOT met"
            print(f"  {label:40} {ms(p50)} {ms(max(times))} {len(rows):6}  {p50 / baseline:5.1f}x baseline{flag}")
        times, counts = timed(lambda: history.player_counts(store, big, "P01a"))
        p50 = statistics.median(times)
        worst = max(worst, p50)
        print(f"  {'player_counts (P01a)':40} {ms(p50)} {ms(max(times))}         {history.describe_counts(counts)}")
        # the History and Setup pages' other look-ups: the filters' choices, a row's detail, the next hanchan
        row = history.query(store, tournament=big, include_voided=True, limit=1)[0]
        lookups: list[tuple[str, Any]] = [
            ("offences present (offence filter)", lambda: history_detail.offences_present(store, big, OFFENCES)),
            ("player names (player filter)", lambda: history_detail.player_names(store, big)),
            ("tables (table filter)", lambda: history_detail.table_numbers(store, big)),
            ("a row's detail (seats, void, hand)", lambda: history_detail.incident_extra(store, row)),
            ("setup: next hanchan at table 1", lambda: setup_reads.next_hanchan(store, "Paris Riichi Open", 1)),
        ]
        for label, fn in lookups:
            times, _ = timed(fn)
            p50 = statistics.median(times)
            worst = max(worst, p50)
            flag = "" if p50 <= qgoal else "  NOT met"
            print(f"  {label:40} {ms(p50)} {ms(max(times))}         {p50 / baseline:5.1f}x baseline{flag}")
        print(f"  worst p50 {worst * 1000:.2f} ms: goal {'met' if worst <= qgoal else 'NOT met'}")

        # -- append -------------------------------------------------------------------------------------------------
        print()
        target = tables[-1]
        raw: list[float] = []
        last = store.last_event_id(target.table_id)
        for i in range(N_APPENDS):
            event = {"id": f"bench-append-{i}", "at": "2026-11-23T10:00:00+01:00", "by": "bench", "type": "incident"}
            event |= {"seat": i % 4, "offence": "warning", "note": "append benchmark"}
            t1 = time.perf_counter()
            store.append(target, event, {"hanchan": 99, "player": "X"}, {"ruling": {"kind": "warning"}}, after=last)
            raw.append(time.perf_counter() - t1)
            last = event["id"]
        book = TableBook(store, tables[1], rulesets)
        if book.state.game_over:
            book.commit({"id": "bench-start", "at": "2026-11-23T10:00:00+01:00", "by": "bench"} | _start(players[1]))
        committed: list[float] = []
        for i in range(N_APPENDS):
            event = {"id": f"bench-commit-{i}", "at": "2026-11-23T10:00:00+01:00", "by": "bench", "type": "incident"}
            event |= {"seat": i % 4, "offence": "empty_meld_call"}
            t1 = time.perf_counter()
            book.commit(event)
            committed.append(time.perf_counter() - t1)
        agoal = GOALS["append_p99_ms"] / 1000
        rb = statistics.median(rb_one)
        summary = [
            (f"store rebuild on start, a {TABLE_SIZES[0]:,}-event table", f"{rb:.2f} s", f"≤ {goal:g} s", rb <= goal),
            (f"  all {len(tables)} tables ({n:,} events)", f"{statistics.median(rb_all):.2f} s", "", None),
            (
                "history: first page and filters, worst p50",
                f"{worst * 1000:.1f} ms",
                f"≤ {GOALS['query_ms']:g} ms",
                worst <= qgoal,
            ),
            ("  baseline: SELECT count(*)", ms(baseline).strip(), "", None),
        ]
        for label, times in (("Store.append", raw), ("TableBook.commit (append + apply)", committed)):
            summary.append(
                (
                    f"{label} + commit, p50 / p99 ({n:,} stored)",
                    f"{statistics.median(times) * 1000:.2f} / {pct(times, 99) * 1000:.2f} ms",
                    f"p99 ≤ {GOALS['append_p99_ms']:g} ms",
                    pct(times, 99) <= agoal,
                )
            )
        for label, times in (("Store.append", raw), ("TableBook.commit (append + apply)", committed)):
            p99 = pct(times, 99)
            print(
                f"{label:36} p50 {ms(statistics.median(times))}  p99 {ms(p99)}  max {ms(max(times))}   "
                f"goal p99 ≤ {GOALS['append_p99_ms']:g} ms: {'met' if p99 <= agoal else 'NOT met'}"
            )

        # -- bundles and plans (for information; verify and the checks at open: benchmarks/store.py) ---------------
        print()
        emit("history", summary)
        t1 = time.perf_counter()
        data = bundle.export_bundle(store)
        text = bundle.dumps(data)
        t_export = time.perf_counter() - t1
        with tempfile.TemporaryDirectory() as other_dir:
            other = open_store(Path(other_dir))
            t1 = time.perf_counter()
            added = bundle.import_bundle(other, json.loads(text), rulesets=rulesets, accept_devices={store.device_id})
            t_import = time.perf_counter() - t1
            t1 = time.perf_counter()
            again = bundle.import_bundle(other, json.loads(text), rulesets=rulesets)
            t_again = time.perf_counter() - t1
            other.close()
        print(
            f"bundle of {len(data['events']):,} events ({len(text) / 1e6:.0f} MB): export {t_export:.2f} s, "
            f"import into an empty store {t_import:.2f} s ({added['events']:,} added, every column derived), "
            f"again {t_again:.2f} s ({again['events']} added)"
        )
        print()
        print("query plans:")
        for label, kw in (cases[0], cases[3], cases[7], cases[9], cases[12]):
            print(f"  {label}:")
            for line in plan(store, kw):
                print(f"    {line}")
        store.close()


def _start(players: list[str]) -> dict[str, Any]:
    return {"type": "hanchan_start", "players": players, "ruleset": "ema-2016"}


def plan(store: Store, kw: dict[str, Any]) -> list[str]:
    captured: list[tuple[str, list[Any]]] = []

    class Spy:
        def __init__(self, conn: Any):
            self.conn = conn

        def execute(self, sql: str, params: Any = ()):
            if sql.startswith("SELECT e.seq"):
                captured.append((sql, list(params)))
            return self.conn.execute(sql, params)

        def __getattr__(self, name: str) -> Any:
            return getattr(self.conn, name)

    spy = types.SimpleNamespace(conn=Spy(store.conn), path=store.path)
    history.query(spy, **kw)  # type: ignore[arg-type]
    sql, params = captured[0]
    return [r[3] for r in store.conn.execute("EXPLAIN QUERY PLAN " + sql, params)]


if __name__ == "__main__":
    main()
