"""The hostile-input campaign: every command-line command and reader of outside input against deep nesting, huge
integers, lone surrogates, NaN, binary junk, empty files, folders, missing and unreadable files, special files as
export targets, a closed standard output, damaged settings and snapshots, and hostile shared folders for
``refapp sync`` (``tests/fuzz/campaign_venue.py``: a sync that goes on past a bad device is judged by its own check),
and names, times and spreadsheets (``tests/fuzz/campaign_names.py``: names with invisible characters and times without
an offset in table logs, bundles and journals; CSVs read with every separator).

A case *holds* when refapp answers as the user must be answered: the expected exit status (2 for bad input), one
line on stderr naming what is wrong (no traceback), nothing on stdout when refused, and the data folder's stored
content (every database row, settings.json) unchanged. Anything else *breaks*, with what happened.

    .venv/bin/python -m tests.fuzz.campaign            # every case; a table of tried / held / broke per category
    .venv/bin/python -m tests.fuzz.campaign -v         # and every case's outcome

Most cases run ``refapp.cli.main`` in this process (fast); the cases that need a real process (a closed standard
output, a full device, the app's start over hostile files, a FIFO to read) run ``python -m refapp``; an in-process
case that does not answer within a minute is stopped and counted as a hang. ``tests/fuzz/test_campaign.py``
runs the whole campaign in the test suite. A case with an ``owner`` is a known break in a part of refapp that is
being changed elsewhere; it is reported but does not fail the test.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import io
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
IN_PROCESS_TIMEOUT = 60.0  # seconds: an in-process case still running then is a hang


@dataclass
class Case:
    category: str
    name: str
    argv: list[str]  # "{data}" is the data folder, "{tmp}" a scratch folder, "{f}" the file made by ``make``
    make: Callable[[Path], Path | str] | None = None  # builds the input in the scratch folder, returns its path
    expect: int = 2
    stdin: bytes | None = None
    process: bool = False  # run as a real process
    shell: str = ""  # process cases: a shell redirection applied to refapp (e.g. ">&-")
    check: Callable[[Path, Path, str, str], str | None] | None = None  # (data, tmp, out, err) -> what is wrong
    owner: str = ""  # a known break owned by another part of refapp (reported, not failed)
    stream: str = "stderr"  # where the one line goes (``refapp verify`` reports damage on stdout)
    no_display: bool = False  # process cases: run with no display at all (no DISPLAY, no QT_QPA_PLATFORM)
    # builds, into an empty folder, "data" (the data folder, instead of the pristine one) and "tmp" (what the scratch
    # folder starts with); built once per run and copied for each case that names it
    setup: Callable[[Path], None] | None = None


@dataclass
class Outcome:
    case: Case
    held: bool
    detail: str = ""


@dataclass
class Report:
    outcomes: list[Outcome] = field(default_factory=list)

    def broke(self, include_owned: bool = False) -> list[Outcome]:
        return [o for o in self.outcomes if not o.held and (include_owned or not o.case.owner)]


# -- the data folder -----------------------------------------------------------------------------------------------


def pristine(folder: Path) -> Path:
    """A real data folder: two tournaments, three tables, incidents and voids (``tests.history_data``)."""
    from tests.history_data import build

    build(folder).store.close()
    return folder


def fingerprint(data: Path) -> str:
    """The stored content of a data folder: every database row and settings.json (not the WAL's bytes)."""
    h = hashlib.sha256()
    db = data / "refapp.sqlite3"
    if db.is_file():
        try:
            conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
            try:
                for line in conn.iterdump():
                    h.update(line.encode("utf-8", "surrogatepass"))
            finally:
                conn.close()
        except sqlite3.Error as exc:
            h.update(f"unreadable {exc}".encode())
            h.update(db.read_bytes())
    for name in ("settings.json",):
        f = data / name
        h.update(f.read_bytes() if f.is_file() else b"-")
    return h.hexdigest()


# -- running one case ----------------------------------------------------------------------------------------------


def _fill(argv: list[str], data: Path, tmp: Path, f: Path | str | None) -> list[str]:
    return [a.replace("{data}", str(data)).replace("{tmp}", str(tmp)).replace("{f}", str(f)) for a in argv]


class _NoAnswer(BaseException):
    """Raised by the alarm of an in-process run that did not answer in time (a hang)."""


def run_in_process(
    argv: list[str], stdin: bytes | None, timeout: float = IN_PROCESS_TIMEOUT
) -> tuple[int | None, str, str, str]:
    """``main(argv)`` with captured streams: (exit status, stdout, stderr, traceback or ""). A run that does not
    answer within ``timeout`` seconds is stopped by an alarm (on the main thread) and reported as a hang."""
    from refapp.cli import main

    out, err = io.StringIO(), io.StringIO()
    fake_in = io.TextIOWrapper(io.BytesIO(stdin or b""), encoding="utf-8")
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = fake_in, out, err
    code: int | None
    crash = ""
    alarm = threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")
    if alarm:
        previous = signal.signal(signal.SIGALRM, _no_answer)
        signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except _NoAnswer:
        code, crash = None, f"no answer within {timeout:.0f} s"
    except BaseException as exc:  # noqa: BLE001 - a traceback is exactly what the campaign looks for
        code, crash = None, f"{type(exc).__name__}: {str(exc)[:120]}"
    finally:
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        sys.stdin, sys.stdout, sys.stderr = saved
        gc.enable()  # `refapp replay` turns the collector off for its one-shot run
    return code, out.getvalue(), err.getvalue(), crash


def _no_answer(signum: int, frame: object) -> None:
    raise _NoAnswer


def run_process(
    argv: list[str], stdin: bytes | None, shell: str, timeout: float = 20, no_display: bool = False
) -> tuple[int | None, str, str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    if not no_display:
        env["QT_QPA_PLATFORM"] = "offscreen"
    env["PYTHONPATH"] = str(ROOT)
    cmd = [sys.executable, "-m", "refapp", *argv]
    if shell:
        cmd = ["sh", "-c", 'exec "$@" ' + shell, "sh", *cmd]
    redirects_stdout = ">" in shell and "2>" not in shell
    try:
        proc = subprocess.run(
            cmd,
            input=stdin,
            stdout=None if redirects_stdout else subprocess.PIPE,
            stderr=subprocess.PIPE,
            timeout=timeout,
            env=env,
            cwd=ROOT,
        )
    except subprocess.TimeoutExpired:
        return None, "", "", f"no answer within {timeout:.0f} s"
    out = (proc.stdout or b"").decode("utf-8", "replace")
    err = (proc.stderr or b"").decode("utf-8", "replace")
    crash = ""
    if "Traceback" in err or proc.returncode < 0:
        lines = [line for line in err.splitlines() if line.strip()]
        crash = lines[-1] if lines else f"killed by signal {-proc.returncode}"
    return proc.returncode, out, err, crash


_QT_NOISE = ("This plugin does not support", "QFont::", "propagateSizeHints")


def judge(case: Case, code: int | None, out: str, err: str, crash: str, changed: bool) -> str | None:
    """What is wrong with an answer, or None when the case held."""
    if crash:
        return f"traceback: {crash}"
    if code != case.expect:
        first = (err.strip().splitlines() or [""])[0][:120]
        return f"exit status {code} (expected {case.expect}); stderr: {first!r}"
    lines = [line for line in err.splitlines() if line.strip() and not line.startswith(_QT_NOISE)]
    if case.stream == "stdout":
        told, lines = [line for line in out.splitlines() if line.strip()], lines
        if lines or len(told) != 1:
            return f"expected one line on stdout and nothing on stderr, got {told[:2]!r} / {lines[:2]!r}"
    elif case.expect != 0:
        if len(lines) != 1:
            return f"{len(lines)} lines on stderr: {lines[:3]!r}"
        if not lines[0].startswith("refapp: "):
            return f"stderr line does not start with 'refapp: ': {lines[0][:120]!r}"
        if out.strip() and case.expect == 2:
            return f"printed on stdout although refused: {out[:80]!r}"
    elif lines and not case.process:
        return f"accepted, but stderr says {lines[0][:120]!r}"
    if changed:
        return "the stored data changed"
    return None


def run_case(case: Case, base: Path, scratch_root: Path) -> Outcome:
    """Run one case on a copy of ``base`` (the data folder; for a case with a ``setup``, the folder it built)."""
    work = Path(tempfile.mkdtemp(dir=scratch_root))
    data, tmp = work / "data", work / "tmp"
    try:
        if case.setup is None:
            shutil.copytree(base, data)
            tmp.mkdir()
        else:
            shutil.copytree(base / "data", data)
            shutil.copytree(base / "tmp", tmp, symlinks=True)
        f = case.make(tmp) if case.make else None
        argv = _fill(case.argv, data, tmp, f)
        before = fingerprint(data)
        if case.process:
            code, out, err, crash = run_process(argv, case.stdin, case.shell, no_display=case.no_display)
        else:
            code, out, err, crash = run_in_process(argv, case.stdin)
        changed = fingerprint(data) != before if case.expect != 0 or case.check is None else False
        problem = judge(case, code, out, err, crash, changed)
        if problem is None and case.check is not None:
            problem = case.check(data, tmp, out, err)
        return Outcome(case, problem is None, problem or (err.strip().splitlines() or [""])[-1][:160])
    finally:
        _unlock(work)
        shutil.rmtree(work, ignore_errors=True)


def _unlock(folder: Path) -> None:
    for path in folder.rglob("*"):
        with contextlib.suppress(OSError):
            if not path.is_symlink():
                path.chmod(0o700 if path.is_dir() else 0o600)


def run_all(cases: list[Case], verbose: bool = False) -> Report:
    report = Report()
    with tempfile.TemporaryDirectory(prefix="refapp-campaign-") as root:
        base = pristine(Path(root) / "base")
        built: dict[Callable[[Path], None], Path] = {}
        for case in cases:
            if case.setup is not None and case.setup not in built:
                built[case.setup] = Path(root) / f"setup{len(built)}"
                built[case.setup].mkdir()
                case.setup(built[case.setup])
            outcome = run_case(case, built[case.setup] if case.setup else base, Path(root))
            report.outcomes.append(outcome)
            if verbose:
                mark = "held " if outcome.held else ("KNOWN" if case.owner else "BROKE")
                print(f"{mark} {case.category}: {case.name}: {outcome.detail}", flush=True)
    return report


def print_table(report: Report) -> None:
    cats: dict[str, list[Outcome]] = {}
    for o in report.outcomes:
        cats.setdefault(o.case.category, []).append(o)
    print("| category | tried | held | broke |\n|---|---|---|---|")
    for cat, outs in cats.items():
        broke = [o for o in outs if not o.held]
        print(f"| {cat} | {len(outs)} | {len(outs) - len(broke)} | {len(broke)} |")
    total = len(report.outcomes)
    broke_all = report.broke(include_owned=True)
    print(f"| **all** | {total} | {total - len(broke_all)} | {len(broke_all)} |")
    for o in broke_all:
        owner = f" [known, {o.case.owner}]" if o.case.owner else ""
        print(f"BROKE{owner} {o.case.category}: {o.case.name}: {o.detail}")


def main(argv: list[str] | None = None) -> int:
    from tests.fuzz.campaign_cases import all_cases

    args = argv if argv is not None else sys.argv[1:]
    started = time.perf_counter()
    report = run_all(all_cases(), verbose="-v" in args)
    print_table(report)
    print(f"{len(report.outcomes)} cases in {time.perf_counter() - started:.0f} s")
    return 1 if report.broke() else 0


if __name__ == "__main__":
    sys.exit(main())
