"""Benchmark: the referee screens: cold start, tap-to-preview, confirm-to-board, and memory, with 100,000 events.

Run from the repo root:  .venv/bin/python benchmarks/ui.py [--runs 200] [--starts 5] [--profile]

Everything that is timed runs in fresh processes (``QT_QPA_PLATFORM=offscreen``), so the figures are the app's and
not this script's (which builds the 100,000 events in memory):

* cold start to first frame, 5 processes each, measured from the moment this script spawns the process to the
  first paint event of the first window shown (``time.monotonic``, system-wide on Linux; an event filter on that
  window only: a filter on the whole application would make PySide wrap every object that receives an event, a cost
  of the measuring that grows with the number of widgets), then until that frame is done:
  (a) a bare PySide6 window: a ``QApplication`` and a 1024×768 ``QLabel``;
  (b) refapp as the ``refapp`` command starts it (``refapp.cli.main(["--data-dir", ...])``: the argument parser,
      ``refapp.app.run``), over a data folder holding one table with one hanchan played (b1), and over the
      100,000-event database (b2, for information). Each folder is opened once, untimed, before: as on a tablet
      that ran before, the start then paints the board kept from that run (``refapp.store.snapshot``) and opens
      the store, loads the rule sets and replays the table right after that first frame; "ready" is when the
      controller is attached (taps work from then on; a tap before waits in the event queue);
  the ratio of the p50s (b1 / a) against the goal, and the ready times for information.
* with 100,000 events in the store (one tournament of 20 tables, filled as ``benchmarks/history.py`` does, with the
  current table holding 3,000 of them): in one refapp process,
  tap → preview painted: ``window.start_ruling(seat)``, choose the offence (a warning or a point penalty, with its
  reason answered, and the penalty's amount), ``show_preview()``, until a paint event reached the preview panel;
  confirm → board painted: ``confirm_button.click()`` until a paint event reached the board;
  p50/p99/max over ``--runs`` of each (the confirms are real: each stores one event, with ``synchronous=FULL``);
* peak memory (``ru_maxrss``) of that refapp process, against the bare window process, with the RSS at each stage.

If a goal is missed the script profiles the guilty loop with cProfile in a fresh process and prints the top of it
(``--profile`` always profiles). Prints figures, never asserts; the last table is also printed as one ``RESULTS``
line for ``benchmarks/run_all.py``.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from _report import emit  # noqa: E402  (the RESULTS line benchmarks/run_all.py gathers)

GOALS = {"cold_ratio": 2.0, "tap_p99_ms": 16.0, "confirm_p99_ms": 16.0, "rss_mib": 150.0}
N_EVENTS = 100_000
CURRENT_TABLE = 3_000
N_TABLES = 20
PLAYERS = ["Ann", "Bob", "Cyd", "Dan"]

# -- the child processes --------------------------------------------------------------------------------------------

_FIRST_PAINT = r"""
import json, os, sys, time
T_SPAWN = float(sys.argv[1])
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

def peak_kib():
    # VmHWM, the peak RSS of this program (ru_maxrss would include the forked parent's, carried across exec)
    with open("/proc/self/status") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("VmHWM:"))

class FirstFrame(QObject):
    # The first paint event of the first top-level window shown, then quit once that whole frame is done (and, for
    # refapp, once the controller is attached: ``t_ready``). The filter is put on that window only, when it is
    # shown: a filter on the whole application would make PySide wrap every object that receives an event, an
    # overhead of the measuring itself that grows with the number of widgets.
    t_paint = t_frame = t_ready = None
    wait_ready = False
    def eventFilter(self, obj, ev):
        if self.t_paint is None and ev.type() == QEvent.Type.Paint:
            self.t_paint = time.monotonic()
            QTimer.singleShot(0, self.done)
        return False
    def done(self):
        self.t_frame = time.monotonic()
        if not self.wait_ready or self.t_ready is not None:
            QApplication.instance().quit()
    def ready(self):
        self.t_ready = time.monotonic()
        if self.t_frame is not None:
            QTimer.singleShot(0, QApplication.instance().quit)

def watch_first_window(hook):
    # refapp shows its window full screen on a small screen (offscreen's is 800x600): watch both ways of showing
    def watched(original):
        def show(self):
            if self.isWindow() and not getattr(hook, "watching", False):
                hook.watching = True
                self.installEventFilter(hook)
            return original(self)
        return show
    QWidget.show = watched(QWidget.show)
    QWidget.showFullScreen = watched(QWidget.showFullScreen)

def wait_for_controller(hook):
    # refapp starts in two steps: the first frame (the board as last shown), then the controller is attached
    import refapp.ui.shell.main_window as mw
    attach = mw.MainWindow.attach
    def attached(self, controller):
        attach(self, controller)
        hook.ready()
    mw.MainWindow.attach = attached
    hook.wait_ready = True

def report(extra=None):
    out = {"first_paint": hook.t_paint - T_SPAWN, "frame": hook.t_frame - T_SPAWN,
           "ready": max(hook.t_frame, hook.t_ready or 0.0) - T_SPAWN, "peak_kib": peak_kib()}
    out.update(extra or {})
    print("RESULT " + json.dumps(out))
"""

BARE_CHILD = (
    _FIRST_PAINT
    + r"""
app = QApplication(sys.argv[:1])
hook = FirstFrame()
watch_first_window(hook)
from PySide6.QtWidgets import QLabel
label = QLabel("refapp")
label.resize(1024, 768)
label.show()
app.exec()
report()
"""
)

REFAPP_CHILD = (
    _FIRST_PAINT
    + r"""
app = QApplication(sys.argv[:1])  # refapp.app.run() reuses the running QApplication
hook = FirstFrame()
watch_first_window(hook)
wait_for_controller(hook)
from refapp.cli import main
code = main(["--data-dir", sys.argv[2]])
report({"exit": code})
"""
)

STAGES_CHILD = (
    _FIRST_PAINT
    + r"""
# Where a cold start goes. refapp starts in two steps (refapp.app.run): the first step paints the board as last shown
# (refapp.store.snapshot) without loading pydantic or the domain; the second, right after that first frame, opens
# and checks the store, loads the rule sets, replays the table and attaches the controller ("ready").
marks = {}
app = QApplication(sys.argv[:1])
hook = FirstFrame()
watch_first_window(hook)
wait_for_controller(hook)
marks["interpreter + PySide6 + QApplication"] = time.monotonic() - T_SPAWN
def mark(name, t0):
    marks[name] = marks.get(name, 0.0) + time.monotonic() - t0
t0 = time.monotonic(); import refapp.cli, refapp.app; mark("import refapp.cli, refapp.app", t0)
t0 = time.monotonic(); import refapp.store.snapshot, refapp.ui.shell.main_window, refapp.ui.common.theme
mark("import the window and board (no pydantic)", t0)
loaded_pydantic = "pydantic" in sys.modules

def wrap(owner, name, label):
    inner = getattr(owner, name)
    def timed(*a, **kw):
        t0 = time.monotonic()
        try:
            return inner(*a, **kw)
        finally:
            mark(label, t0)
    setattr(owner, name, timed)

wrap(refapp.store.snapshot, "quick_start", "step 1: read the snapshot, check it in the database")
wrap(refapp.app, "install_translators", "translators")
wrap(refapp.ui.common.theme, "apply_theme", "stylesheet")
wrap(refapp.ui.shell.main_window, "MainWindow", "step 1: the window and board")
wrap(refapp.app, "first_frame", "step 1 (total)")
wrap(refapp.app, "open_store", "step 2: open and check the store (PRAGMA quick_check)")
wrap(refapp.app, "build", "step 2 (total): pydantic, domain, store, rule sets, replay, attach")
code = refapp.cli.main(["--data-dir", sys.argv[2]])
marks["show → first frame done"] = hook.t_frame - T_SPAWN - (marks["interpreter + PySide6 + QApplication"]
    + sum(v for k, v in marks.items() if k.startswith("import")) + marks.get("step 1 (total)", 0.0))
marks["first frame → ready (controller attached)"] = max(0.0, (hook.t_ready or 0.0) - hook.t_frame)
report({"marks": marks, "pydantic_before_first_frame": loaded_pydantic})
"""
)

MEASURE_CHILD = r"""
import cProfile, gc, json, os, sys, time
from pathlib import Path
folder, runs, profile = sys.argv[1], int(sys.argv[2]), sys.argv[3]
WARMUP = 10

def rss_mib():
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

def peak_kib():
    # VmHWM: the peak RSS of this program. Not ru_maxrss, which Linux carries over from the forked parent (this
    # benchmark, holding 100,000 built events) across exec.
    with open("/proc/self/status") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("VmHWM:"))

stages = {"python": rss_mib()}
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
stages["QApplication"] = rss_mib()
from refapp.app import build
stages["refapp imported"] = rss_mib()
controller, window = build(Path(folder), app)
stages["store + window built"] = rss_mib()
assert controller.state is not None and controller.state.started and not controller.state.game_over
flow = window.ruling
panel = flow.preview_panel
n0 = len(controller.session.book.events)


class Driver(QObject):
    # Runs the taps and confirms from inside app.exec(), as the app runs: the event loop also does what it does for
    # real (deferred deletes of the widgets a page replaces, queued updates). A step starts in a timer callback; it
    # ends when a paint event has reached the target and that frame is done (a zero timer queued from the paint).
    def __init__(self):
        super().__init__()
        self.i, self.waiting, self.t0 = 0, None, 0.0
        self.tap, self.confirm, self.kinds, self.phases, self.mark = [], [], [], [], []
        self.prof = cProfile.Profile() if profile != "-" else None
        self.watchdog = QTimer(self, singleShot=True, interval=10000, timeout=self.stuck)

    def eventFilter(self, obj, ev):
        if ev.type() == QEvent.Type.Paint and obj is self.waiting:
            self.waiting = None
            QTimer.singleShot(0, self.painted)
        return False

    def stuck(self):
        print(f"no paint after 10 s at run {self.i}: {controller.last_error}", file=sys.stderr)
        app.exit(2)

    def start_tap(self):
        if self.i == WARMUP:
            stages["after warm-up"] = rss_mib()
            self.gc0 = [s["collections"] for s in gc.get_stats()]
        if self.prof and self.i >= WARMUP:
            self.prof.enable()
        seat, offence = self.i % 4, ("point_penalty" if self.i % 2 else "warning")
        self.kind, self.step = offence, "tap"
        self.watchdog.start()
        self.t0 = time.perf_counter()
        window.start_ruling(seat)
        t_palette = time.perf_counter()
        flow.choose(offence)
        flow.questions.set_answer("reason", "conduct")  # (a warning asks its reason too)
        if offence == "point_penalty":
            flow.questions.set_answer("amount", 1000)  # (nothing is assumed: the referee taps the amount too)
        flow.show_preview()
        self.mark = [t_palette - self.t0, time.perf_counter() - t_palette]
        assert panel.confirm_button.isEnabled(), panel.error.text()
        self.waiting = panel

    def start_confirm(self):
        self.step = "confirm"
        self.t0 = time.perf_counter()
        panel.confirm_button.click()
        self.mark.append(time.perf_counter() - self.t0)
        assert window.pages.currentWidget() is window.board, controller.last_error
        self.waiting = window.board

    def painted(self):
        t = time.perf_counter() - self.t0
        self.watchdog.stop()
        if self.step == "tap":
            self.t_tap = t
            QTimer.singleShot(0, self.start_confirm)
            return
        if self.prof:
            self.prof.disable()
        if self.i >= WARMUP:
            self.tap.append(self.t_tap)
            self.confirm.append(t)
            self.kinds.append(self.kind)
            self.phases.append(self.mark)
        self.i += 1
        if self.i == WARMUP + runs:
            app.quit()
        else:
            QTimer.singleShot(0, self.start_tap)


driver = Driver()
panel.installEventFilter(driver)
window.board.installEventFilter(driver)
window.show()
stages["window shown"] = rss_mib()
QTimer.singleShot(200, driver.start_tap)  # after the first frames
code = app.exec()
if code:
    sys.exit(code)
stages["after the runs"] = rss_mib()
out = {
    "tap": driver.tap, "confirm": driver.confirm, "kinds": driver.kinds, "phases": driver.phases,
    "peak_kib": peak_kib(), "stages": stages,
    "table_events": len(controller.session.book.events), "stored": len(controller.session.book.events) - n0,
    "store_events": controller.session.store.count_events(),
    "gc_collections": [s["collections"] - b for s, b in zip(gc.get_stats(), driver.gc0)],
    "backups": len(list((Path(folder) / "backups").glob("*.sqlite3"))),
    "preview_cells": len(panel.findChildren(__import__("PySide6.QtWidgets", fromlist=["QLabel"]).QLabel)),
}
if driver.prof:
    driver.prof.dump_stats(profile)
print("RESULT " + json.dumps(out))
"""


PYCACHE: str | None = None  # set by main(): a bytecode cache outside the work tree


def _env(bytecode: bool = True) -> dict[str, str]:
    """The children's environment. With ``bytecode``, Python may cache compiled modules in ``PYCACHE`` (as an
    installed app or a PyInstaller bundle has them); without, every start compiles refapp's sources again (what a
    ``PYTHONDONTWRITEBYTECODE=1`` environment with an editable install does)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    env.pop("QT_SCALE_FACTOR", None)
    if bytecode and PYCACHE:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = PYCACHE
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def _result(proc: subprocess.CompletedProcess) -> dict[str, Any]:
    for line in proc.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[7:])
    raise RuntimeError(f"child failed ({proc.returncode}):\n{proc.stdout[-2000:]}\n{proc.stderr[-4000:]}")


def spawn(code: str, *args: str, timeout: float = 600, bytecode: bool = True) -> tuple[dict[str, Any], float]:
    """Run ``code`` in a fresh interpreter; its RESULT line, and the wall time from spawn to exit."""
    t0 = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-c", code, repr(t0), *args],
        cwd=ROOT,
        env=_env(bytecode),
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    wall = time.monotonic() - t0
    return _result(proc), wall


def spawn_measure(folder: Path, runs: int, profile: str = "-") -> dict[str, Any]:
    proc = subprocess.run(
        [sys.executable, "-c", MEASURE_CHILD, str(folder), str(runs), profile],
        cwd=ROOT,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=1800,
    )
    return _result(proc)


# -- data folders ---------------------------------------------------------------------------------------------------


def _event(type_: str, **kw: Any) -> dict[str, Any]:
    import uuid

    at = datetime(2026, 11, 22, 18, 0, tzinfo=UTC).isoformat(timespec="seconds")
    return {"type": type_, "id": str(uuid.uuid4()), "at": at, "by": "bench", **kw}


def make_folder(folder: Path, sizes: list[int], quiet: bool = False) -> dict[str, Any]:
    """A data folder whose settings open table 1 of one tournament; table k holds ``sizes[k]`` events built by
    ``benchmarks/history.py`` (valid, voids included), then a fresh EMA 2016 hanchan on table 1 ready to play."""
    import history as hb  # benchmarks/history.py

    from refapp.store.opening import open_store
    from refapp.store.rulesets import load_catalog
    from refapp.store.settings import Settings, save_settings
    from refapp.store.tablebook import TableBook

    rulesets = load_catalog().rulesets
    t0 = time.perf_counter()
    players = [PLAYERS if t == 0 else [f"P{t + 1:02d}{k}" for k in "abcd"] for t in range(len(sizes))]
    logs = [hb.build_table(n, players[t], rulesets, seed=t + 1) for t, n in enumerate(sizes)]
    t_build = time.perf_counter() - t0
    store = open_store(folder)
    tid = store.create_tournament("Paris Riichi Open")
    tables = []
    for t in range(len(sizes)):
        tables.append(store.create_table(tid, t + 1))
        for name in players[t]:
            store.add_player(tid, name)
    t0 = time.perf_counter()
    n = hb.fill(store, tables, [[e for e, _, _ in log] for log in logs], rulesets)
    t_fill = time.perf_counter() - t0
    del logs
    gc.collect()
    book = TableBook(store, tables[0], rulesets)
    if not book.state.game_over:
        book.commit(_event("hanchan_end", reason="time limit"))
    book.commit(_event("hanchan_start", players=PLAYERS, ruleset="ema-2016"))
    store.close()
    save_settings(folder, Settings(tournament_id=tid, table_id=tables[0].table_id))
    size = (folder / "refapp.sqlite3").stat().st_size
    info = {"events": n + 2, "tables": len(sizes), "current": sizes[0] + 2, "build_s": t_build, "fill_s": t_fill}
    info["db_mb"] = size / 1e6
    if not quiet:
        print(
            f"  {folder.name}: {n + 2:,} events in {len(sizes)} table(s), current table {sizes[0] + 2:,} events; "
            f"built in {t_build:.1f} s, inserted in {t_fill:.1f} s; database {size / 1e6:.1f} MB"
        )
    return info


# -- figures --------------------------------------------------------------------------------------------------------


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def ms(x: float) -> str:
    return f"{x * 1000:.1f} ms"


def met(ok: bool) -> str:
    return "met" if ok else "NOT met"


def print_profile(path: str, title: str, n: int = 25) -> None:
    import pstats

    print()
    print(f"profile: {title} (cProfile, cumulative time, top {n})")
    stats = pstats.Stats(path)
    stats.sort_stats("cumulative").print_stats(n)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=200, help="taps and confirms to time (default 200)")
    ap.add_argument("--starts", type=int, default=5, help="cold starts per kind (default 5)")
    ap.add_argument("--profile", action="store_true", help="always profile the tap/confirm loop")
    args = ap.parse_args()

    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs; QT_QPA_PLATFORM=offscreen")
    with tempfile.TemporaryDirectory() as tmp:
        small, big = Path(tmp) / "one-table", Path(tmp) / "100k"
        print("data folders:")
        make_folder(small, [60])
        sizes = [CURRENT_TABLE] + [(N_EVENTS - CURRENT_TABLE) // (N_TABLES - 1)] * (N_TABLES - 1)
        sizes[-1] += N_EVENTS - sum(sizes)
        info = make_folder(big, sizes)
        gc.collect()

        # -- cold starts --------------------------------------------------------------------------------------------
        global PYCACHE
        PYCACHE = str(Path(tmp) / "pycache")
        spawn(BARE_CHILD)  # untimed: fills the bytecode cache and the OS file cache
        spawn(REFAPP_CHILD, str(small))  # each folder is opened once untimed, as on a tablet that ran before: that
        spawn(REFAPP_CHILD, str(big))  # run leaves the board snapshot the next start paints first (store/snapshot.py)
        starts: dict[str, list[tuple[dict, float]]] = {"bare": [], "refapp": [], "refapp100k": [], "nocache": []}
        for _ in range(args.starts):  # interleaved, so a noisy moment hits every kind alike
            starts["bare"].append(spawn(BARE_CHILD))
            starts["refapp"].append(spawn(REFAPP_CHILD, str(small)))
            starts["refapp100k"].append(spawn(REFAPP_CHILD, str(big)))
            starts["nocache"].append(spawn(REFAPP_CHILD, str(small), bytecode=False))
        print()
        print(
            f"cold start to first frame, {args.starts} fresh processes each (p50; min-max), with a bytecode cache "
            "unless said"
        )
        p50 = {}
        for key, label in (
            ("bare", "(a) bare PySide6 QLabel window"),
            ("refapp", "(b1) refapp, one table"),
            ("refapp100k", "(b2) refapp, 100,000-event store"),
            ("nocache", "(b3) refapp, one table, no bytecode"),
        ):
            paint = [r["first_paint"] for r, _ in starts[key]]
            frame = [r["frame"] for r, _ in starts[key]]
            ready = [r["ready"] for r, _ in starts[key]]
            p50[key] = statistics.median(frame)
            p50[key + "_ready"] = statistics.median(ready)
            print(
                f"  {label:36} first paint {ms(statistics.median(paint)):>9}   frame done {ms(p50[key]):>9} "
                f"({ms(min(frame))}-{ms(max(frame))})"
                + ("" if key == "bare" else f"   ready (controller attached) {ms(p50[key + '_ready']):>9}")
            )
        ratio = p50["refapp"] / p50["bare"]
        ratio_big = p50["refapp100k"] / p50["bare"]
        ratio_nocache = p50["nocache"] / p50["bare"]
        stages = {folder: [spawn(STAGES_CHILD, str(folder))[0] for _ in range(3)] for folder in (small, big)}
        marks = {folder: [r["marks"] for r in runs] for folder, runs in stages.items()}
        early = any(r["pydantic_before_first_frame"] for runs in stages.values() for r in runs)
        print(
            "  where refapp's cold start goes (median of 3 more processes each; pydantic loaded before the first "
            f"frame: {'yes' if early else 'no'}):"
        )
        print(f"    {'':62} {'one table':>9} {'100k store':>12}")
        for key in marks[small][0]:
            one, many = ([m.get(key, 0.0) for m in marks[f]] for f in (small, big))
            print(f"    {key:62} {ms(statistics.median(one)):>9} {ms(statistics.median(many)):>12}")

        # -- tap / confirm / memory -----------------------------------------------------------------------------------
        res = spawn_measure(big, args.runs)
        tap, confirm = res["tap"], res["confirm"]
        rss = res["peak_kib"] / 1024
        bare_rss = statistics.median(r["peak_kib"] for r, _ in starts["bare"]) / 1024
        small_rss = statistics.median(r["peak_kib"] for r, _ in starts["refapp"]) / 1024
        print()
        print(
            f"with {res['store_events']:,} events in the store (current table {info['current']:,} before the runs, "
            f"{res['table_events']:,} after): {len(tap)} taps and {len(confirm)} confirms, after 10 warm-up rounds "
            f"(half warnings, half point penalties; {res['stored']} events stored, {res['backups']} automatic backups "
            f"taken, GC collections per generation {res['gc_collections']}; "
            f"{res['preview_cells']} labels on the preview page at the end)"
        )
        for label, xs in (("tap → preview painted", tap), ("confirm → board painted", confirm)):
            print(
                f"  {label:26} p50 {ms(statistics.median(xs)):>8}   p90 {ms(pct(xs, 90)):>8}   "
                f"p99 {ms(pct(xs, 99)):>8}   max {ms(max(xs)):>8}"
            )
        for kind in ("warning", "point_penalty"):
            tk = [t for t, k in zip(tap, res["kinds"]) if k == kind]
            ck = [t for t, k in zip(confirm, res["kinds"]) if k == kind]
            print(
                f"    {kind:24} tap p50 {ms(statistics.median(tk))} p99 {ms(pct(tk, 99))}; "
                f"confirm p50 {ms(statistics.median(ck))} p99 {ms(pct(ck, 99))}"
            )
        backup_runs = [i for i, (_, _, c) in enumerate(res["phases"]) if c > 0.1]
        rest = [t for i, t in enumerate(confirm) if i not in backup_runs]
        print(
            f"    confirms that took an automatic backup (every 20 stored events, a copy of the whole "
            f"{info['db_mb']:.0f} MB database): {len(backup_runs)}; the others: p50 {ms(statistics.median(rest))}, "
            f"p99 {ms(pct(rest, 99))}"
        )
        ph = list(zip(*res["phases"]))
        loop_tap = [t - a - b for t, (a, b, _) in zip(tap, res["phases"])]
        loop_confirm = [t - c for t, (_, _, c) in zip(confirm, res["phases"])]
        parts = [
            ("start_ruling (palette)", ph[0]),
            ("choose + show_preview", ph[1]),
            ("then the event loop until the preview is painted", loop_tap),
            ("confirm click (commit, render, backup)", ph[2]),
            ("then the event loop until the board is painted", loop_confirm),
        ]
        print("    where the time goes (p50 / p99):")
        for name, xs in parts:
            print(f"      {name:50} {ms(statistics.median(xs)):>9} / {ms(pct(xs, 99)):>9}")
        slow = sorted(range(len(confirm)), key=lambda i: -confirm[i])[:5]
        print(f"    slowest confirms: {', '.join(f'run {i}: {ms(confirm[i])}' for i in slow)}")
        print()
        print(
            "memory (RSS, MiB) of the refapp process by stage: "
            + ", ".join(f"{k} {v:.0f}" for k, v in res["stages"].items())
        )

        # -- summary ------------------------------------------------------------------------------------------------
        rows = [
            (
                "cold start ratio refapp / bare (p50 frame)",
                f"{ratio:.2f}×",
                f"≤ {GOALS['cold_ratio']:g}×",
                ratio <= GOALS["cold_ratio"],
            ),
            ("  same with the 100k store (information)", f"{ratio_big:.2f}×", "", None),
            (
                "  to ready (controller attached), one table / 100k",
                f"{p50['refapp_ready'] / p50['bare']:.2f}× / {p50['refapp100k_ready'] / p50['bare']:.2f}×",
                "information",
                None,
            ),
            ("  one table, no bytecode cache (information)", f"{ratio_nocache:.2f}×", "", None),
            (
                "tap → preview painted, p99",
                ms(pct(tap, 99)),
                f"≤ {GOALS['tap_p99_ms']:g} ms",
                pct(tap, 99) * 1000 <= GOALS["tap_p99_ms"],
            ),
            (
                "confirm → board painted, p99",
                ms(pct(confirm, 99)),
                f"≤ {GOALS['confirm_p99_ms']:g} ms",
                pct(confirm, 99) * 1000 <= GOALS["confirm_p99_ms"],
            ),
            (
                "peak memory (VmHWM), refapp with 100k store",
                f"{rss:.0f} MiB",
                f"≤ {GOALS['rss_mib']:g} MiB",
                rss <= GOALS["rss_mib"],
            ),
            ("  bare window process (information)", f"{bare_rss:.0f} MiB", f"ratio {rss / bare_rss:.2f}×", None),
            ("  refapp, one table, at first frame (info)", f"{small_rss:.0f} MiB", "", None),
        ]
        print()
        print(f"{'figure':46} {'value':>10}   {'goal':14} result")
        print("-" * 82)
        for label, value, goal, ok in rows:
            print(f"{label:46} {value:>10}   {goal:14} {'' if ok is None else met(ok)}")
        emit("ui", [(label.strip(), value, goal, ok) for label, value, goal, ok in rows])

        # -- profiles -----------------------------------------------------------------------------------------------
        slow_loop = pct(tap, 99) * 1000 > GOALS["tap_p99_ms"] or pct(confirm, 99) * 1000 > GOALS["confirm_p99_ms"]
        if args.profile or slow_loop:
            prof = str(Path(tmp) / "loop.prof")
            spawn_measure(big, args.runs, prof)
            print_profile(prof, f"{args.runs} taps + confirms with the 100k store")
        if ratio > GOALS["cold_ratio"] or args.profile:
            prof = str(Path(tmp) / "start.prof")
            script = Path(tmp) / "start.py"
            script.write_text(REFAPP_CHILD, encoding="utf-8")
            subprocess.run(
                [sys.executable, "-m", "cProfile", "-o", prof, str(script), repr(time.monotonic()), str(small)],
                cwd=ROOT,
                env=_env(),
                capture_output=True,
                text=True,
                timeout=300,
            )
            print_profile(prof, "cold start of refapp (one table) to the first frame", 30)
            imp = subprocess.run(
                [sys.executable, "-X", "importtime", str(script), repr(time.monotonic()), str(small)],
                cwd=ROOT,
                env=_env(),
                capture_output=True,
                text=True,
                timeout=300,
            )
            heavy = []
            for line in imp.stderr.splitlines():
                parts = line.split("|")
                if len(parts) == 3 and parts[1].strip().isdigit():
                    heavy.append((int(parts[1]), parts[2].rstrip()))
            print("imports of the cold start, cumulative, top 15 (python -X importtime):")
            for us, name in sorted(heavy, reverse=True)[:15]:
                print(f"  {us / 1000:8.1f} ms  {name}")


if __name__ == "__main__":
    main()
