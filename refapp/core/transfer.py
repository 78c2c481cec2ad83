"""What leaves and enters a data folder as files (``refapp export`` and ``refapp import``): a bundle of signed events
(every event, or those a tournament needs) taken to another device, the incidents as CSV, the results as an
EMA-style CSV. docs/cli.md says each format.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import IO

from ..domain.jsontypes import Json
from ..domain.rules import RuleSet
from ..store import bundle, exports
from ..store.db import Store


@dataclass(frozen=True, slots=True)
class BundleOut:
    """A bundle ready to write: its text (one line of JSON, with its newline), its events, the devices they are of."""

    text: str
    events: int
    devices: int


@dataclass(frozen=True, slots=True)
class BundleIn:
    """What an import added: the rows each stored table gained (in :attr:`tables` order), and the events held back
    (no signed head of their device vouches for them yet)."""

    added: Mapping[str, int]
    held: int
    tables: tuple[str, ...] = tuple(bundle.TABLES)

    @property
    def anything(self) -> bool:
        return any(self.added.values())


def export_bundle(store: Store, tournament_id: str | None = None) -> BundleOut:
    """Every stored event as a bundle (with ``tournament_id``: each device's events that tournament needs). Raises
    StoreError (DamagedDatabase: a damaged row is never exported)."""
    data = bundle.export(store, tournament_id)
    return BundleOut(bundle.dumps(data) + "\n", len(data.events), len({e.device_id for e in data.events}))


def import_bundle(store: Store, data: Json, rulesets: Mapping[str, RuleSet],
                  accept_devices: Iterable[str] = ()) -> BundleIn:  # fmt: skip
    """Merge a bundle (the JSON document read) in one transaction; ``accept_devices``: devices never seen here whose
    events may come in. Raises BundleError listing the problems, or StoreError; nothing is stored then."""
    added = bundle.import_bundle(store, data, rulesets=rulesets, accept_devices=accept_devices)
    held = added.pop("held", 0)
    return BundleIn(added, held)


def export_incidents_csv(store: Store, out: IO[str], *, separator: str, rulesets: Mapping[str, RuleSet],
                         tournament: str | None = None) -> int:  # fmt: skip
    """One CSV row per incident (oldest first; voided ones included, marked), of every tournament or of
    ``tournament`` (id or name); each amount in the unit of its hanchan's rule set. Returns the number of rows."""
    return exports.export_incidents_csv(store, out, separator=separator, rulesets=rulesets, tournament=tournament)


def export_results_csv(store: Store, tournament_id: str, out: IO[str], *, separator: str,
                       rulesets: Mapping[str, RuleSet]) -> int:  # fmt: skip
    """The EMA-style results: one row per player per hanchan of every table (those in play too, as if they ended
    now), with the tournament's places. Returns the number of rows. Raises StoreError naming a table that does not
    replay."""
    return exports.export_results_csv(store, tournament_id, out, rulesets=rulesets, separator=separator)


__all__ = ["BundleIn", "BundleOut", "export_bundle", "export_incidents_csv", "export_results_csv", "import_bundle"]
