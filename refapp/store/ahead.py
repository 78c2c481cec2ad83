"""Rows derived ahead of a long sync's merge, in a second process.

A first sync of a venue reads, checks and stores tens of thousands of other devices' events, and derives every column
of every row from the signed payload (the ruling as applied, the hand, the seated player...): about half of its time.
:class:`Ahead` starts a process that reads the same journals through the same :class:`~refapp.store.folderio.Folder`
(no link followed) and derives their rows with the same code (:func:`refapp.store.recovery.derive_from`), a device
ahead of the merge, while this process reads, checks and inserts; the merge then takes the rows it derived instead
of deriving them again. Every column is still derived on this device, and nothing is taken that this process did not
establish:

* the other process checks no signature, nor the chain. What it derived is used for a line only when the bytes it
  read are the bytes of the line this process read and checked against the device's signed head (the SHA-256 of
  the bytes, :func:`key`; both read them with the same reader, so the same bytes give the same values);
* a table's row is used only when the table's events in the database are exactly those the other process derived
  it after: none stored before this sync (the count in the database says so), and the same events in the same order
  merged since (each result says its place among the table's events the other process read; a table one of whose
  lines was derived here is derived here from then on);
* every rule set the other process looked up is known the same way here: a content named by its hash in both, or
  in neither (contents are named by their hash, so a content found in both is the same);
* it also says which payloads passed the check of anything coming in (:func:`refapp.domain.events.check_incoming`,
  a function of the payload alone): the merge does not check those again.

Anything else is derived here as before: a device read in another order, a fork, a table with older events, a line
the other process could not derive, a process that cannot start, stops, falls silent (:data:`SILENCE`) or falls
behind (the merge waits for a chunk at most about as long as deriving it would take: :data:`WAIT_PER_LINE`). The process
is started only for a sync with much to read (:data:`WORTH`); it has no window, so it writes and reads JSON with the
compiled path (:mod:`refapp.store.canonjson`), which the app's own process leaves off.

Layer: feature (the sync's merge, its rows derived ahead).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from operator import itemgetter
from pathlib import Path
from typing import Any

from ..domain.events import LogError, check_incoming
from ..domain.rules import RuleSet
from ..domain.table import TableState
from .codec_syncline import HeadLine, decode
from .derive import DERIVED, ENTITY_KINDS, Rulesets, entity_columns
from .folderio import Folder, FolderError
from .helperproc import command, environment
from .recovery import LineError, StoredTables, base_row, derive_from, path_in_batch, pinned_of
from .syncfolder import JOURNAL_FILE, last_head_after, new_lines, read_device
from .tablecache import state_text

WORTH = 8 << 20  # new journal bytes (about 20,000 events) from which a sync derives ahead
BATCH = 4000  # lines the other process derives at a time and sends (the merge takes up to as many at a time)
SILENCE = 60.0  # seconds without a word from the other process before the merge stops waiting for it
WAIT_MIN, WAIT_PER_LINE = 1.0, 100e-6  # the longest the merge waits for a chunk's rows (then derives them itself)
SERVE_OPTION = "--derive-ahead"  # the bundled app's option that starts the other process (packaging/entry.py)
KEY = "_read"  # a line's key (:func:`key`), kept in the line by the merge's reader and by the other process


def key(raw: bytes) -> bytes:
    """A line's key: the SHA-256 of its bytes as read. The other process's result for a line is taken for the line
    the merge read and checked only when the bytes are the same: the same reader gives the same values."""
    return hashlib.sha256(raw).digest()


@dataclass(frozen=True)
class Job:
    """One device's journal for the other process: its folder's name, and the offset where the last sync stopped
    reading it."""

    name: str
    offset: int


@dataclass
class _Result:
    table: str
    n: int  # its place among the table's events the other process derived in this sync (0: the first)
    values: tuple[Any, ...] | None  # the derived columns (DERIVED), or None for an entity event
    count: int  # the table's replay count after it (as the table cache keeps it)
    checked: bool  # its payload passed refapp.domain.events.check_incoming
    batch: int


@dataclass
class _Heard:
    """What the other process said so far (filled by the listening thread); results by the line's key (:func:`key`)."""

    results: dict[bytes, _Result] = field(default_factory=dict)
    queried: dict[int, dict[str, bool]] = field(default_factory=dict)
    states: dict[str, tuple[str, int, str]] = field(default_factory=dict)
    pending: list[str] = field(default_factory=list)  # device ids not yet finished, in the order it reads them
    names: dict[str, str] = field(default_factory=dict)  # folder name -> device id, as read
    ended: bool = False


class Ahead:
    """The merge's side: start the other process on ``jobs`` (in the order the merge is expected to take them),
    then :meth:`rows` in place of :func:`refapp.store.recovery.derive_rows`; :meth:`close` at the sync's end."""

    def __init__(
        self, root: Path, venue: str, jobs: list[Job], rulesets: Mapping[str, RuleSet], pinned: Mapping[str, RuleSet]
    ):
        self._heard = _Heard(pending=[j.name for j in jobs])
        self._cond = threading.Condition()
        self._merged: dict[str, int] = {}  # table -> its events merged in this sync (whoever derived them)
        self._lost: set[str] = set()  # tables with a line derived here: the other process's rows no longer follow
        self.used = self.derived_here = 0  # rows taken from the other process / derived in this one
        self._silent = False
        self.started, self.finished = time.monotonic(), 0.0  # (seconds from its start until it finished: figures)
        catalog = dict(rulesets.catalog if isinstance(rulesets, Rulesets) else rulesets)
        call = "from refapp.store.ahead import serve; serve()"
        self._proc = subprocess.Popen(
            command(SERVE_OPTION, call), stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=environment()
        )
        assert self._proc.stdin is not None and self._proc.stdout is not None
        self._out = self._proc.stdout
        job = pickle.dumps((str(root), venue, jobs, catalog, dict(pinned)), protocol=pickle.HIGHEST_PROTOCOL)
        self._listener = threading.Thread(target=self._listen, args=(job,), name="refapp-ahead", daemon=True)
        self._listener.start()

    # -- listening ----------------------------------------------------------------------------------------------------

    def _listen(self, job: bytes) -> None:
        heard = self._heard
        try:
            assert self._proc.stdin is not None
            with self._proc.stdin as to:  # (written here: the process takes a moment to start reading)
                to.write(job)
            while True:
                msg = pickle.load(self._out)  # (what this device's own process sends)
                with self._cond:
                    kind = msg[0]
                    if kind == "rows":
                        _, batch, runs, queried, states = msg
                        heard.queried[batch] = queried
                        for table, results in runs:
                            for h, n, values, count, checked in results:
                                heard.results[h] = _Result(table, n, values, count, checked, batch)
                        heard.states.update(states)
                    elif kind == "device":  # (folder name, device id)
                        heard.names[msg[1]] = msg[2]
                    elif kind == "done":
                        if msg[1] in heard.pending:
                            heard.pending.remove(msg[1])
                    elif kind == "end":
                        break
                    self._cond.notify_all()
        except (EOFError, OSError, ValueError, pickle.UnpicklingError):
            pass
        finally:
            with self._cond:
                self.finished = time.monotonic() - self.started
                heard.ended = True
                self._cond.notify_all()

    def _wait_for(self, lines: list[dict[str, Any]]) -> None:
        """Until the other process derived these lines, or has finished their device, or stopped; at most about as
        long as deriving them here would take (:data:`WAIT_PER_LINE`: a process busy with a long journal before them
        does not hold the merge up)."""
        heard = self._heard
        device = lines[-1]["device_id"]
        last = lines[-1].get(KEY)
        if last is None:  # (a line not read by the merge's reader: derived here)
            return
        deadline = time.monotonic() + max(WAIT_MIN, WAIT_PER_LINE * len(lines))
        with self._cond:
            while not heard.ended and not self._silent and last not in heard.results:
                if not any(heard.names.get(n, n) == device for n in heard.pending):  # not among what it reads, or read
                    break
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                if not self._cond.wait(min(left, SILENCE)) and left >= SILENCE:  # fallen silent: not waited for again
                    self._silent = True

    # -- the merge's rows ---------------------------------------------------------------------------------------------

    def checked(self, lines: list[dict[str, Any]]) -> set[str]:
        """The hashes of those lines whose payload the other process found acceptable as anything coming in
        (:func:`refapp.domain.events.check_incoming`: the same code on the same content)."""
        if not lines:
            return set()
        self._wait_for(lines)
        with self._cond:
            found = self._heard.results
            return {line["hash"] for line in lines if (r := found.get(line.get(KEY, b""))) is not None and r.checked}

    def rows(
        self,
        conn: Any,
        lines: list[dict[str, Any]],
        rulesets: Mapping[str, RuleSet],
        states: dict[str, tuple[str, int, Any]] | None = None,
    ) -> list[dict[str, Any]]:
        """:func:`refapp.store.recovery.derive_rows`, taking each row the other process derived where it is the one
        this process would derive (see the module's docstring)."""
        if lines:
            self._wait_for(lines)
        with self._cond:
            results = [self._heard.results.pop(ln.get(KEY, b""), None) for ln in lines]
            queried_of = dict(self._heard.queried)
            kept = dict(self._heard.states)
        taken: dict[int, _Result] = {}
        refused: set[str] = set()
        at: dict[str, int] = {}  # table -> its events merged in this sync, as the lines go
        for i, (line, r) in enumerate(zip(lines, results, strict=True)):
            table = line["table_id"]
            if r is None or line["hash_v"] != 2 or r.table != table:
                refused.add(table)
                continue
            if table:  # (an entity event of the table too: the table's stored events are all counted)
                if table in refused or table in self._lost:
                    continue
                if table not in at:
                    at[table] = self._merged.get(table, 0)
                    if at[table] != self._stored(conn, table):  # events of it stored before this sync, or since
                        refused.add(table)
                        continue
                if r.n != at[table]:  # (in the order of the other process's reading: the same events before it)
                    refused.add(table)
                    continue
                at[table] += 1
            taken[i] = r
        taken = {i: r for i, r in taken.items() if lines[i]["table_id"] not in refused}
        if taken:
            pins = pinned_of(conn, lines)
            queried: dict[str, bool] = {}
            for b in {r.batch for r in taken.values()}:
                queried |= queried_of.get(b, {})
            if any((key in pins) != found for key, found in queried.items()):
                taken = {}
        rest = [ln for i, ln in enumerate(lines) if i not in taken]
        here = iter(derive_from(StoredTables(conn, pins_from=lines), rest, rulesets, states) if rest else [])
        out = []
        heads: dict[str, tuple[str, int]] = {}
        for i, line in enumerate(lines):
            r = taken.get(i)
            table = line["table_id"]
            if table:
                self._merged[table] = self._merged.get(table, 0) + 1
            if r is None:
                out.append(next(here))
                self._lost.add(table)
                continue
            row = base_row(line)
            row.update(entity_columns(row["_p"]) if r.values is None else zip(DERIVED, r.values, strict=True))
            out.append(row)
            if r.values is not None:
                heads[table] = (line["uuid"], r.count)
        self.used += len(taken)
        self.derived_here += len(rest)
        if states is not None:
            for table, (head, count) in heads.items():
                if (found := kept.get(table)) is not None and found[0] == head and found[1] == count:
                    states[table] = found
        return out

    @staticmethod
    def _stored(conn: Any, table: str) -> int:
        return int(conn.execute("SELECT count(*) FROM events WHERE table_id = ?", (table,)).fetchone()[0])

    def close(self) -> None:
        if self._proc.poll() is None:
            self._proc.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._proc.wait(5)
        self._listener.join(5)
        with contextlib.suppress(OSError, ValueError):
            self._out.close()


# -- the other process ------------------------------------------------------------------------------------------------


class _GiveUp(Exception):
    """A line the memory below cannot derive (it needs a table's stored log): derived by the merge instead."""

    def __init__(self, table: str):
        self.table = table


class _Recording(Rulesets):
    """The rule sets, noting each id or hash looked up and whether it was a stored content's."""

    def __init__(self, catalog: Mapping[str, RuleSet], pinned: Mapping[str, RuleSet], seen: dict[str, bool]):
        super().__init__(catalog, pinned)
        self.seen = seen

    def __getitem__(self, key: str) -> RuleSet:
        self.seen[key] = key in self.pinned
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        if isinstance(key, str):
            self.seen[key] = key in self.pinned
        return super().__contains__(key)


_DERIVED_OF = itemgetter(*DERIVED)


@dataclass
class _Table:
    n: int = 0  # events derived this sync
    head: str | None = None
    state: TableState | None = None
    count: int = 0  # the replay's count (as the table cache keeps it)


class _Memory:
    """What the other process knows of the tables: only what it derived in this sync (a table with stored events
    is derived by the merge: it checks)."""

    def __init__(self, catalog: Mapping[str, RuleSet], pinned: Mapping[str, RuleSet]):
        self.catalog = catalog
        self.pins: dict[str, RuleSet] = dict(pinned)
        self.tables: dict[str, _Table] = {}
        self.seen: dict[str, bool] = {}

    # (recovery.StoredTables' interface)
    def rulesets(self, rulesets: Mapping[str, RuleSet], lines: list[dict[str, Any]]) -> Rulesets:
        for line in lines:  # as the merge will have stored them by then (the first content of a hash is kept)
            p = line.get("payload")
            if isinstance(p, dict) and p.get("type") == "ruleset" and p.get("hash") not in self.pins:
                with contextlib.suppress(ValueError, KeyError, TypeError):
                    self.pins[p["hash"]] = RuleSet.model_validate(p["content"])
        return _Recording(self.catalog, self.pins, self.seen)

    def kept(self, table: str, after: str | None, rs: Mapping[str, RuleSet]) -> tuple[TableState, int] | None:
        t = self.tables.get(table)
        if t is None or t.state is None or t.head != after:
            return None
        return t.state.clone(), t.count  # (a replay changes the state it resumes from: a failed one is retried)

    def log_before(
        self, table: str, after: str | None, hash_v: int, batch: dict[str, tuple[str, str | None, dict[str, Any]]]
    ) -> list[dict[str, Any]]:
        if table in self.tables or hash_v != 2:
            raise _GiveUp(table)
        segment, node = path_in_batch(batch, after)
        if node is not None:  # (it follows an event of another sync)
            raise _GiveUp(table)
        return segment


def serve() -> None:
    """The other process's start: its job from standard input, what it derives to standard output."""
    job = pickle.load(sys.stdin.buffer)
    writer = sys.stdout.buffer
    sys.stdout = sys.stderr  # (nothing else may write there)

    class _Out:
        @staticmethod
        def send(msg: Any) -> None:
            pickle.dump(msg, writer, protocol=pickle.HIGHEST_PROTOCOL)
            writer.flush()

    work(_Out(), *job)


def work(out: Any, root: str, venue: str, jobs: list[Job], catalog: Mapping[str, RuleSet], pinned: Any) -> None:
    """The other process: derive the rows of each job's journal, in order, and send them (see :class:`Ahead`)."""
    memory = _Memory(catalog, pinned)
    batches = iter(range(1 << 62))
    refused: set[str] = set()
    try:
        with Folder.open_root(Path(root)) as top:
            place = top.sub(venue) if venue else top
            if place is None:
                return
            with place:
                for job in jobs:
                    try:
                        _device(out, place, job, memory, batches, refused)
                    except Exception:  # noqa: BLE001 - whatever it is, the merge derives what was not sent
                        pass
                    out.send(("done", job.name))
        out.send(("end",))
    except (OSError, ValueError, EOFError):
        return


def _device(out: Any, place: Folder, job: Job, memory: _Memory, batches: Any, refused: set[str]) -> None:
    d = place.sub(job.name)
    if d is None:
        return
    with d:
        dev = read_device(d)
        out.send(("device", job.name, dev.device_id))
        fh = d.open_file(JOURNAL_FILE)
        if fh is None:
            return
        with fh:
            size = os.fstat(fh.fileno()).st_size
            last = last_head_after(fh, job.offset, size) if size > job.offset else None
            if last is None:
                return
            stop_at = last[0] + len(last[1]) + 1
            batch: list[dict[str, Any]] = []
            for pos, raw in new_lines(fh, job.offset):
                if pos > stop_at:
                    break
                line = _line(raw)
                if line is None:
                    continue
                batch.append(line)
                if len(batch) >= BATCH:
                    _derive(out, batch, memory, next(batches), refused)
                    batch = []
            if batch:
                _derive(out, batch, memory, next(batches), refused)


def _line(raw: bytes) -> dict[str, Any] | None:
    """What deriving needs of an event line (version 2), read with the merge's own reader (the same bytes give the
    same values); None for a head line, a version-1 line (derived by the merge) or what the merge refuses anyway.
    Nothing here is checked against the chain: the merge takes a row only for the line whose bytes it checked."""
    try:
        obj = decode(raw, "")
    except FolderError:
        return None
    if isinstance(obj, HeadLine) or obj.v1_columns is not None:
        return None
    return {"hash_v": 2, "uuid": obj.uuid, "table_id": obj.table_id, "after": obj.after, "payload": obj.payload,
            KEY: key(raw)}  # fmt: skip


def _bare(line: dict[str, Any]) -> dict[str, Any]:
    """What a row needs to be derived here (its other columns are the merge's: it has the line)."""
    return {"uuid": line["uuid"], "table_id": line["table_id"], "hash_v": line["hash_v"], "_p": line["payload"]}


def _derive(out: Any, lines: list[dict[str, Any]], memory: _Memory, batch: int, refused: set[str]) -> None:
    """Derive and send what can be of ``lines`` (a table that cannot be derived here is left to the merge from then
    on, with every later line of it)."""
    todo = [ln for ln in lines if ln["hash_v"] == 2 and ln["table_id"] not in refused]
    while todo:
        memory.seen = {}
        states: dict[str, tuple[str, int, Any]] = {}
        try:
            rows = derive_from(memory, todo, memory.catalog, states, _bare)
        except _GiveUp as exc:
            refused.add(exc.table)
        except LineError as exc:
            if not todo[exc.index]["table_id"]:
                todo = todo[: exc.index] + todo[exc.index + 1 :]
                continue
            refused.add(todo[exc.index]["table_id"])
        else:
            break
        todo = [ln for ln in todo if ln["table_id"] not in refused]
    if not todo:
        return
    runs: dict[str, list[tuple[str, int, tuple[Any, ...] | None, int, bool]]] = {}
    counts: dict[str, int] = {}  # table -> its replay's count so far in these lines
    for line, row in zip(todo, rows, strict=True):
        table = line["table_id"]
        try:
            check_incoming(line["payload"])
            checked = True
        except LogError:
            checked = False
        t = memory.tables.setdefault(table, _Table()) if table else None
        values: tuple[Any, ...] | None = None
        if line["payload"].get("type") not in ENTITY_KINDS:
            assert t is not None  # (a table's event)
            counts[table] = counts.get(table, t.count) + 1
            values = _DERIVED_OF(row)
        n = 0
        if t is not None:
            n, t.n = t.n, t.n + 1
        runs.setdefault(table, []).append((line[KEY], n, values, counts.get(table, 0), checked))
    texts: dict[str, tuple[str, int, str]] = {}
    memo: dict[int, str] = {}
    for table, (head, count, state) in states.items():
        t = memory.tables[table]
        t.head, t.state, t.count = head, state, count
        texts[table] = (head, count, state_text(table, head, count, state, memory.pins, memo))
    out.send(("rows", batch, list(runs.items()), dict(memory.seen), texts))
