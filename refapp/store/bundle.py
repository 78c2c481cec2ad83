"""Moving histories between devices: the JSON bundle (``refapp export`` / ``refapp import``).

A bundle (version 2) is a list of *lines*, the journal's format (:mod:`refapp.store.chain`, ``docs/store.md``): for
each event, what its hash covers and nothing derived. Tournaments, tables, players and rule sets travel as entity
events, so the bundle holds every device's chain from its first event::

    {"format": "refapp-bundle", "version": 2, "device_id": "<exporting device>", "exported_at": "<ISO time>",
     "tournament": "<id>" | null, "events": [<line>, ...]}

Import never trusts a column: every derived column comes from the payload and the table's replay here. It is all or
nothing: the bundle is checked on its own (format, every line, every payload, every chain), then against what is
stored (rows already stored must be identical, chains must link onto the stored ones, every device must be known here
or accepted with ``--accept-new-device``, every table's new events must follow its newest stored one: two devices
that wrote the same table after the same event are a *fork*, refused with a report), then every table that gets
events is replayed, and only then is anything stored, in one transaction. Version-1 bundles (every column of every
row, from refapp before schema 4) are still read: their lines get ``after`` from the bundle's order, and each row's
columns must equal the ones derived here. Importing the same bundle twice adds nothing the second time.

Layer: feature (bundles).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from ..domain.events import LogError, parse_events
from ..domain.jsontypes import Json, JsonObject
from ..domain.rules import RuleSet
from .bundle_v1 import lines_of_v1
from .chain import GENESIS, HASHED, hash_of, row_of
from .codec_bundle import FORMAT, VERSION, Bundle, encode, of_json
from .codec_bundle import where as place
from .codec_journal import from_row
from .coverage import heads_for_export, read_heads
from .db import Store
from .derive import ENTITY_TYPES
from .entities import parse_entity, tournament_of
from .errors import BundleError, StoreError
from .importing import TABLES, apply, plan
from .rulesets import load_catalog
from .schema import user_version
from .signing import sign_head

# -- export ----------------------------------------------------------------------------------------------------


def export_bundle(store: Store, tournament_id: str | None = None) -> JsonObject:
    """Every stored event (or those a tournament needs) as a bundle's JSON object (:func:`export`)."""
    return export(store, tournament_id).as_dict()


def export(store: Store, tournament_id: str | None = None) -> Bundle:
    """Every stored event (or those a tournament needs) as a :class:`Bundle`, ready for :func:`dumps`.

    With ``tournament_id``, each device's events are exported from its first event up to its last event of that
    tournament (its own events, its tables' and players' entity events): a hash chain can only be checked from its
    start, so events of another tournament recorded in between on the same device come along, untouched.
    """
    if user_version(store.conn) < 4:
        raise StoreError(
            "This database was written by an earlier refapp: open it once with the app (or any writing command) to "
            "upgrade it, then export."
        )
    exported_at = datetime.now(UTC).isoformat(timespec="seconds")
    if tournament_id is not None:
        if store.conn.execute("SELECT 1 FROM tournaments WHERE id = ?", (tournament_id,)).fetchone() is None:
            raise StoreError(f"No tournament with id {tournament_id}")
        query = "SELECT device_id, max(device_seq) FROM events WHERE tournament_id = ? GROUP BY device_id"
        ends = dict(store.conn.execute(query, (tournament_id,)).fetchall())
    else:
        ends = dict(store.conn.execute("SELECT device_id, max(device_seq) FROM events GROUP BY device_id").fetchall())
    own = ends.pop(store.device_id, None)
    ends, heads = heads_for_export(store.conn, ends)  # each other device's chain up to a head that vouches for it
    if own is not None:
        ends[store.device_id] = own
        if store.key is not None:
            row = store.conn.execute(
                "SELECT hash FROM events WHERE device_id = ? AND device_seq = ?", (store.device_id, own)
            ).fetchone()
            heads.append(sign_head(store.key, store.device_id, own, row[0]).to_json())
    sql = "WHERE " + " OR ".join("(device_id = ? AND device_seq <= ?)" for _ in ends) if ends else "WHERE 0"
    params = tuple(v for pair in ends.items() for v in pair)
    lines = tuple(from_row(r) for r in store.iter_rows(sql, params))
    return Bundle(store.device_id, exported_at, tournament_id, lines, tuple(heads))


def dumps(data: Bundle | JsonObject) -> str:
    """A bundle as compact JSON text (UTF-8 names kept readable): :func:`refapp.store.codec_bundle.encode`."""
    return encode(data)


# -- reading a bundle --------------------------------------------------------------------------------------------


def lines_of(data: Any) -> tuple[list[str], list[dict[str, Any]], dict[str, list[dict[str, Any]]]]:
    """(problems, the bundle's lines, the projection rows of a version-1 bundle). Shape and types only."""
    if isinstance(data, dict) and data.get("format") == FORMAT and data.get("version") == 1:
        return lines_of_v1(data)
    problems, found = of_json(data)
    if found is None:
        return problems, [], {}
    return [], [line.as_dict() for line in found.events], {}


def check_payloads(lines: list[dict[str, Any]]) -> list[str]:
    """Every payload must be a valid event (entity or ledger) with the line's id and place."""
    problems: list[str] = []
    ledger: list[int] = []
    for i, line in enumerate(lines):
        p, where = line["payload"], place(i, line)
        if p.get("id") != line["uuid"]:
            problems.append(f"{where}: field 'uuid' is {line['uuid']!r} but its payload says {p.get('id')!r}")
            continue
        if p.get("type") in ENTITY_TYPES:
            try:
                parse_entity(p, i)
            except LogError as exc:
                problems.append(
                    f"{where}: field 'payload' is not a valid {p['type']} event: {exc.field}: {exc.message}"
                )
                continue
            if line["table_id"] != "" or line["tournament_id"] != tournament_of(p) or line["after"] is not None:
                problems.append(f"{where}: its tournament, table or 'after' is not its {p['type']} event's")
        else:
            if line["table_id"] == "":
                problems.append(f"{where}: field 'table_id': a ledger event belongs to a table")
            ledger.append(i)
    if problems:
        return problems
    try:
        parse_events([lines[i]["payload"] for i in ledger])
    except LogError as exc:
        i = ledger[exc.index if exc.index is not None else 0]
        detail = f"{exc.field}: {exc.message}" if exc.field else exc.message
        problems.append(f"{place(i, lines[i])}: field 'payload' is not a valid event: {detail}")
    return problems


def check_chains(lines: list[dict[str, Any]]) -> list[str]:
    """Each device's lines in the bundle: contiguous, in list order, every hash right, every link right."""
    problems: list[str] = []
    last: dict[str, tuple[int, dict[str, Any]]] = {}
    broken: set[str] = set()  # one problem per device: what follows a break says nothing more
    for i, line in enumerate(lines):
        where, device = place(i, line), line["device_id"]
        if device in broken:
            continue
        row = row_of(line)
        problem = None
        if hash_of(row) != line["hash"]:
            problem = f"{where}: field 'hash' does not match the event's content (changed after it was stored)"
        elif device not in last:
            if line["device_seq"] == 1 and line["prev_hash"] != GENESIS:
                problem = f"{where}: field 'prev_hash': the first event of device {device} links to nothing"
        else:
            j, prev = last[device]
            if line["device_seq"] != prev["device_seq"] + 1:
                problem = (
                    f"{where}: field 'device_seq': device {device} #{line['device_seq']} follows #{prev['device_seq']}"
                    f" (events[{j}]): events are missing or out of order"
                )
            elif line["prev_hash"] != prev["hash"]:
                problem = (
                    f"{where}: field 'prev_hash' does not link to the previous event of device {device} (events[{j}])"
                )
        if problem:
            problems.append(problem)
            broken.add(device)
        last[device] = (i, line)
    return problems


def validate_bundle(data: Any, store: Store | None = None) -> list[str]:
    """Everything wrong with ``data`` as a bundle on its own (and, with ``store``, against what is stored; the
    derivation of columns and the replay are checked by :func:`import_bundle` only)."""
    problems, lines, extra = lines_of(data)
    if problems:
        return problems
    problems = check_payloads(lines) or check_chains(lines)
    if not problems and store is not None:
        problems = plan(store, lines, extra, accept_devices=None, rulesets=None).problems
    return problems


def import_bundle(
    store: Store,
    data: Json,
    *,
    rulesets: Mapping[str, RuleSet] | None = None,
    accept_devices: Iterable[str] = (),
) -> dict[str, int]:
    """Merge a bundle into ``store`` in one transaction; return how many rows each table gained (``TABLES``).

    ``rulesets``: the rule sets known here (default: the built-ins and the data folder's); every table that gets
    events is replayed with them and the rule-set contents its hanchans started with. ``accept_devices``: devices
    this store has not seen before whose events may come in. Raises :class:`BundleError` listing the problems."""
    problems, lines, extra = lines_of(data)
    if not problems:
        problems = check_payloads(lines) or check_chains(lines)
    more, heads = read_heads(data)
    problems += more
    if problems:
        raise BundleError(problems)
    if store.read_only:
        raise StoreError("The data folder is read-only: nothing was imported.")
    if rulesets is None:
        rulesets = load_catalog(store.path.parent / "rulesets").rulesets
    return apply(store, lines, extra, rulesets, set(accept_devices), heads=heads)


__all__ = ["BundleError", "FORMAT", "HASHED", "TABLES", "VERSION", "dumps", "export_bundle", "import_bundle"]
