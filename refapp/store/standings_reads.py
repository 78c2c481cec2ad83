"""Tournament standings read from the store: each table's log (:meth:`Store.table_events`, the table's current
line) replayed with the rule sets its hanchans started with (:meth:`Store.rulesets`), then ranked by
:func:`refapp.domain.tournament.tournament_standings`.

A :class:`StandingsReader` keeps each table's hanchans between two reads: a table whose newest stored event is the
same as last time (:meth:`Store.last_event_id`; events are only ever added, so any change to a table adds a newer
one) is neither read nor replayed again, so the Standings page refreshed after an entry replays only the table that
changed. Between runs, the hanchans are kept in ``standings-cache.json`` (:mod:`refapp.store.standings_cache`),
written by the app and read by everyone: a start, ``refapp standings`` or the results export replays only the tables
that changed since.

Layer: feature (read models: the standings).
"""

from __future__ import annotations

import contextlib
import json
import os
import pickle
import subprocess
import sys
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..domain.events import LogError
from ..domain.gcpause import gc_paused
from ..domain.log_results import HanchanRecord, hanchan_records
from ..domain.rules import RuleSet
from ..domain.tournament import Standings, tournament_standings
from . import standings_cache
from .canonjson import loads_stored
from .db import Store
from .derive import Rulesets
from .errors import StoreError
from .helperproc import command, environment
from .history import tournament_ids
from .opening import open_store
from .refs import TableRef

APART_EVENTS = 60_000  # events to replay from which some tables are replayed in a helper process
APART_SHARE = 0.4  # the share of those events it replays (it starts a moment later, and shares the processor)
APART_OPTION = "--replay-tables"  # the bundled app's option that starts it (packaging/entry.py)
WRITE_AFTER = 10_000  # events replayed since the cache was written before it is written again (a change at one
# table is not worth a rewrite: the next read replays that table only)


class StandingsReader:
    def __init__(self, store: Store, catalog: Mapping[str, RuleSet], *, write_cache: bool = False):
        self.store = store
        self.catalog = getattr(catalog, "catalog", catalog)
        self.write_cache = write_cache
        self.replayed = 0  # events replayed since the cache was last written (or read)
        self._tables: dict[str, tuple[str | None, list[HanchanRecord]]] = {}
        self._keys: standings_cache.RulesetKeys | None = None
        self._pinned: object = None  # the store's stored rule sets the keys were made from
        self._disk: dict[str, tuple[str, list[Any]]] | None = None

    @property
    def folder(self) -> Path:
        return self.store.path.parent

    def _cache(self) -> tuple[standings_cache.RulesetKeys, dict[str, tuple[str, list[Any]]]]:
        pinned = self.store.pinned_rulesets()
        if self._keys is None or pinned is not self._pinned:  # read again after a rule set was stored
            self._keys = standings_cache.RulesetKeys(Rulesets(self.catalog, pinned))
            self._pinned = pinned
        if self._disk is None:
            self._disk = standings_cache.load(self.folder, self._keys)
        return self._keys, self._disk

    def records(self, table: TableRef) -> list[HanchanRecord]:
        """The hanchans of one table (replayed only if its log changed since the last read). Raises
        :class:`StoreError` naming the table when its log does not replay."""
        return self._records(table, self.store.last_event_id(table.table_id))

    def _records(self, table: TableRef, newest: str | None) -> list[HanchanRecord]:
        """:meth:`records`, the table's newest event just read."""
        kept = self._kept(table.table_id, newest)
        if kept is not None:
            return kept
        events = self.store.table_events(table.table_id)
        try:
            records = hanchan_records(events, self.store.rulesets(self.catalog), table.number)
        except LogError as exc:
            raise StoreError(
                key="log_does_not_replay", table=table.number, tournament=table.tournament, reason=exc
            ) from None
        self._tables[table.table_id] = (newest, records)
        self.replayed += len(events)
        return records

    def _kept(self, table_id: str, newest: str | None) -> list[HanchanRecord] | None:
        """The table's hanchans as kept in memory or in the file, when read after its newest event."""
        kept = self._tables.get(table_id)
        if kept is not None and kept[0] == newest:
            return kept[1]
        keys, disk = self._cache()
        on_disk = disk.get(table_id)
        if on_disk is None or on_disk[0] != newest:
            return None
        try:
            records = [standings_cache.record_from_json(d, keys) for d in on_disk[1]]
        except ValueError:
            return None  # not as written: read the table again
        self._tables[table_id] = (newest, records)
        return records

    def tournament_records(self, tournament_id: str) -> list[HanchanRecord]:
        """The hanchans of every table of the tournament (each table replayed only if its log changed since the last
        read; many events to replay: some tables in a helper process, :func:`serve`). Raises :class:`StoreError`
        naming a table whose log does not replay."""
        with gc_paused():  # (the logs read and replayed make many objects and no cycles: 3.9 -> 3.4 s at 300,000)
            tables = self.store.tables(tournament_id)
            newest = {t.table_id: self.store.last_event_id(t.table_id) for t in tables}
            apart = self._start_apart(tables, newest)
            if apart is not None:
                try:
                    for table in tables:
                        if table.table_id not in apart.tables:
                            self._records(table, newest[table.table_id])
                    self._take_apart(apart)
                finally:
                    apart.stop()
            records: list[HanchanRecord] = []
            for table in tables:
                records.extend(self._records(table, newest[table.table_id]))
        return records

    def _start_apart(self, tables: list[TableRef], newest: dict[str, str | None]) -> _Apart | None:
        """A helper process replaying some of the tables to replay, when there are enough events to replay for it to
        save time (:data:`APART_EVENTS`) and a second processor; None otherwise."""
        if (os.cpu_count() or 1) < 2:
            return None
        ids = [t.table_id for t in tables if self._kept(t.table_id, newest[t.table_id]) is None]
        count = "SELECT count(*) FROM events WHERE table_id = ?"  # (every event stored: its line and any other branch)
        counts = {t: int(self.store.conn.execute(count, (t,)).fetchone()[0]) for t in ids}
        todo = [(counts[t], t, newest[t]) for t in ids]
        if sum(n for n, _, _ in todo) < APART_EVENTS:
            return None
        share, given = APART_SHARE * sum(n for n, _, _ in todo), 0
        chosen: dict[str, str | None] = {}
        for n, table_id, head in sorted(todo, reverse=True):  # the largest first, each that brings it nearer its share
            if abs(given + n - share) < abs(given - share):
                chosen[table_id] = head
                given += n
        if not chosen or len(chosen) == len(todo):
            return None
        call = "from refapp.store.standings_reads import serve; serve()"
        try:
            proc = subprocess.Popen(
                command(APART_OPTION, call), stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=environment()
            )
        except OSError:
            return None
        job = (str(self.store.path.parent), list(chosen), dict(self.catalog))
        out = _Apart(proc, chosen, given)
        out.sender = threading.Thread(target=out.send, args=(pickle.dumps(job),), daemon=True)
        out.sender.start()
        return out

    def _take_apart(self, apart: _Apart) -> None:
        """What the helper replayed, for each of its tables still as it read them (else the table is replayed by the
        next :meth:`records`)."""
        said = apart.result()
        keys, _ = self._cache()
        for table_id, newest in apart.tables.items():
            found = said.get(table_id)
            if not isinstance(found, list) or len(found) != 2 or found[0] != newest:
                continue
            try:
                records = [standings_cache.record_from_json(d, keys) for d in found[1]]
            except (ValueError, TypeError):
                continue
            self._tables[table_id] = (newest, records)
        self.replayed += apart.events

    def standings(self, tournament_id: str) -> Standings | None:
        """The standings of the tournament (None when no hanchan was started in it)."""
        records = self.tournament_records(tournament_id)
        if self.write_cache and self.replayed >= WRITE_AFTER:
            keys, disk = self._cache()
            kept = {tid: entry for tid, entry in disk.items() if tid not in self._tables}
            standings_cache.save(self.folder, keys, self._tables, kept)
            self._disk = None  # read back what was written the next time the file is needed
            self.replayed = 0
        with gc_paused():
            return tournament_standings(records, self.catalog)


def tournament_standings_of(store: Store, tournament_id: str, catalog: Mapping[str, RuleSet]) -> Standings | None:
    """The standings of a tournament, read once."""
    return StandingsReader(store, catalog).standings(tournament_id)


def find_tournament(store: Store, ref: str | None) -> tuple[str, str]:
    """(id, name) of the tournament whose id or name is ``ref``; without ``ref``, the only one, else the latest
    created. Raises :class:`LookupError` with one line saying what is wrong."""
    known = store.tournaments()
    if ref is None:
        if not known:
            raise LookupError("no tournament recorded yet")
        latest = known[-1]
        return str(latest["id"]), str(latest["name"])
    ids = tournament_ids(store, ref)
    if not ids:
        names = ", ".join(repr(t["name"]) for t in known) or "none yet"
        raise LookupError(f"no tournament with id or name {ref!r} (known: {names})")
    if len(ids) > 1:
        raise LookupError(f"{len(ids)} tournaments are named {ref!r}: give the id instead ({', '.join(ids)})")
    name = next((t["name"] for t in known if t["id"] == ids[0]), ref)
    return ids[0], str(name)


class _Apart:
    """The helper process replaying some tables: its job sent, its answer read."""

    def __init__(self, proc: subprocess.Popen[bytes], tables: dict[str, str | None], events: int):
        self.proc, self.tables, self.events = proc, tables, events
        self.sender: threading.Thread | None = None

    def send(self, job: bytes) -> None:
        """Write the job (in a thread of its own: the process reads it once started)."""
        stdin = self.proc.stdin
        if stdin is not None:
            with contextlib.suppress(OSError), stdin:  # (a helper that stopped: its tables are replayed here)
                stdin.write(job)

    def result(self) -> dict[str, Any]:
        """``{table_id: [newest event id, records as the cache writes them]}``; empty when it said nothing usable."""
        try:
            assert self.proc.stdout is not None
            with self.proc.stdout:
                out = self.proc.stdout.read()
            said = loads_stored(out.decode("utf-8")) if self.proc.wait() == 0 else {}
        except (OSError, ValueError):
            said = {}
        return said if isinstance(said, dict) else {}

    def stop(self) -> None:
        """End it if it still runs (a read that stopped on a table that does not replay), and wait for it."""
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        if self.proc.stdout is not None:
            self.proc.stdout.close()


def serve() -> None:
    """The helper process: replay the tables of its job (folder, table ids, rule sets) from the folder's database,
    read only, and write their hanchans as one JSON object; a table that does not replay is left out (the reader
    replays it and names it)."""
    folder, table_ids, catalog = pickle.load(sys.stdin.buffer)
    store = open_store(Path(folder), read_only=True)
    reader = StandingsReader(store, catalog)
    keys, _ = reader._cache()
    out: dict[str, Any] = {}
    with gc_paused():
        for table_id in table_ids:
            newest = store.last_event_id(table_id)
            try:
                records = reader._records(store.table(table_id), newest)
            except (StoreError, KeyError, LookupError):
                continue
            raw = [standings_cache.record_to_json(r, keys) for r in records]
            if all(x is not None for x in raw):
                out[table_id] = [newest, raw]
    store.close()
    sys.stdout.write(json.dumps(out, ensure_ascii=False, separators=(",", ":")))
