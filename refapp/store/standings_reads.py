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

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..domain.events import LogError
from ..domain.gcpause import gc_paused
from ..domain.log_results import HanchanRecord, hanchan_records
from ..domain.rules import RuleSet
from ..domain.tournament import Standings, tournament_standings
from . import standings_cache
from .db import Store
from .derive import Rulesets
from .errors import StoreError
from .history import tournament_ids
from .refs import TableRef

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
        newest = self.store.last_event_id(table.table_id)
        kept = self._tables.get(table.table_id)
        if kept is not None and kept[0] == newest:
            return kept[1]
        keys, disk = self._cache()
        on_disk = disk.get(table.table_id)
        if on_disk is not None and on_disk[0] == newest:
            try:
                records = [standings_cache.record_from_json(d, keys) for d in on_disk[1]]
            except ValueError:
                pass  # not as written: read the table again
            else:
                self._tables[table.table_id] = (newest, records)
                return records
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

    def tournament_records(self, tournament_id: str) -> list[HanchanRecord]:
        """The hanchans of every table of the tournament (each table replayed only if its log changed since the last
        read). Raises :class:`StoreError` naming a table whose log does not replay."""
        records: list[HanchanRecord] = []
        with gc_paused():  # (the logs read and replayed make many objects and no cycles: 3.9 -> 3.4 s at 300,000)
            for table in self.store.tables(tournament_id):
                records.extend(self.records(table))
        return records

    def standings(self, tournament_id: str) -> Standings | None:
        """The standings of the tournament (None when no hanchan was started in it)."""
        records = self.tournament_records(tournament_id)
        if self.write_cache and self.replayed >= WRITE_AFTER:
            keys, disk = self._cache()
            kept = {tid: entry for tid, entry in disk.items() if tid not in self._tables}
            standings_cache.save(self.folder, keys, self._tables, kept)
            self._disk = None  # read back what was written the next time the file is needed
            self.replayed = 0
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
