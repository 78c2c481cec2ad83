"""Tournament standings read from the store: each table's log (:meth:`Store.table_events`, the table's current
line) replayed with the rule sets its hanchans started with (:meth:`Store.rulesets`), then ranked by
:func:`refapp.domain.tournament.tournament_standings`.

A :class:`StandingsReader` keeps each table's hanchans between two reads: a table whose newest stored event is the
same as last time (:meth:`Store.last_event_id`; events are only ever added, so any change to a table adds a newer
one) is neither read nor replayed again, so the Standings page refreshed after an entry replays only the table that
changed. ``refapp standings`` and the results export read once.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..domain.events import LogError
from ..domain.log_results import HanchanRecord, hanchan_records
from ..domain.rules import RuleSet
from ..domain.tournament import Standings, tournament_standings
from .db import Store, StoreError, TableRef
from .history import tournament_ids


class StandingsReader:
    def __init__(self, store: Store, catalog: Mapping[str, RuleSet]):
        self.store = store
        self.catalog = catalog
        self._tables: dict[str, tuple[str | None, list[HanchanRecord]]] = {}

    def records(self, table: TableRef) -> list[HanchanRecord]:
        """The hanchans of one table (replayed only if its log changed since the last read). Raises
        :class:`StoreError` naming the table when its log does not replay."""
        newest = self.store.last_event_id(table.table_id)
        kept = self._tables.get(table.table_id)
        if kept is not None and kept[0] == newest:
            return kept[1]
        events = self.store.table_events(table.table_id)
        try:
            records = hanchan_records(events, self.store.rulesets(self.catalog), table.number)
        except LogError as exc:
            raise StoreError(f"table {table.number} of {table.tournament}: its log does not replay: {exc}") from None
        self._tables[table.table_id] = (newest, records)
        return records

    def standings(self, tournament_id: str) -> Standings | None:
        """The standings of the tournament (None when no hanchan was started in it)."""
        records: list[HanchanRecord] = []
        for table in self.store.tables(tournament_id):
            records.extend(self.records(table))
        return tournament_standings(records, _catalog_of(self.catalog))


def _catalog_of(rulesets: Mapping[str, RuleSet]) -> Mapping[str, RuleSet]:
    return getattr(rulesets, "catalog", rulesets)


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
