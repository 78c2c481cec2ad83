"""Importing a bundle's lines: checked against what is stored, derived, then stored in one transaction.

See :mod:`refapp.store.bundle` for what a bundle promises. :func:`plan` finds every problem (nothing is written);
:func:`apply` stores the rows :func:`plan` derived, then adopts what no event covers yet (the projection rows of a
version-1 bundle, rows of hash version 1) with this device's own entity events, in the same transaction.

Layer: feature (bundles and syncs: importing lines).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from ..domain.events import LogError, check_incoming
from ..domain.inputs import name_problem
from ..domain.rules import RuleSet
from . import tablecache
from .codec_effect import decode_json
from .codec_journal import encode as encode_line
from .codec_journal import line_of
from .coverage import EVERYTHING, coverage, keep_head, unvouched
from .db import Store
from .derive import DERIVED, ENTITY_KINDS, columns, entity_columns
from .entities import PROJECTION_COLUMNS, TOURNAMENT_ENTITIES, adoption_payloads, entity_row
from .errors import BundleError
from .recovery import LineError, derive_rows, insert_rows, pinned_of
from .signing import SignedHead

TABLES = ("tournaments", "game_tables", "players", "hanchans", "events")  # what an import counts


class Deriver(Protocol):
    """What makes the rows of the new lines instead of :func:`refapp.store.recovery.derive_rows` (a long sync's rows
    derived ahead: :mod:`refapp.store.ahead`)."""

    def rows(
        self, conn: Any, lines: list[dict[str, Any]], rulesets: Mapping[str, RuleSet], states: dict[str, Any]
    ) -> list[dict[str, Any]]: ...

    def checked(self, lines: list[dict[str, Any]]) -> set[str]:
        """The hashes of the lines whose payload already passed :func:`refapp.domain.events.check_incoming`."""
        ...


_DIRECT = ("at", "referee", "type", "seat", "offence", "answers", "note")


@dataclass
class Plan:
    problems: list[str] = field(default_factory=list)
    rows: list[dict[str, Any]] = field(default_factory=list)  # the new rows, complete, in bundle order
    extra: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # new projection rows of a v1 bundle
    states: dict[str, tuple[str, int, Any]] = field(default_factory=dict)  # each table's state after the new rows
    held: list[dict[str, Any]] = field(default_factory=list)  # new lines no signed head vouches for (kept aside)
    heads: list[dict[str, Any]] = field(default_factory=list)  # the signed heads that vouch for the new lines


def _where(i: int, line: dict[str, Any]) -> str:
    return f"events[{i}] (uuid {line['uuid']})"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _stored_line(store: Store, uuid_: str) -> dict[str, Any] | None:
    rows = list(store.iter_rows("WHERE uuid = ?", (uuid_,)))
    return line_of(rows[0]) if rows else None


def _stored_hashes(store: Store, uuids: list[str]) -> dict[str, tuple[str, int, str]]:
    """(device, device_seq, hash) of the events already stored among ``uuids`` (looked up 500 at a time)."""
    out = {}
    for k in range(0, len(uuids), 500):
        part = uuids[k : k + 500]
        sql = f"SELECT uuid, device_id, device_seq, hash FROM events WHERE uuid IN ({', '.join('?' * len(part))})"
        out.update({r[0]: (r[1], r[2], r[3]) for r in store.conn.execute(sql, part)})
    return out


def _differs(stored: dict[str, Any], line: dict[str, Any]) -> str | None:
    """The first field in which a line differs from the stored one (None if identical)."""
    for key in ("device_id", "device_seq", "tournament_id", "table_id", "prev_hash"):
        if stored.get(key) != line.get(key):
            return key
    a, b = stored.get("row") or {}, line.get("row") or {}
    for key in sorted(set(a) | set(b)):
        if a.get(key) != b.get(key) and key != "payload":
            return key
    pa, pb = stored["payload"], line["payload"]
    for key in sorted(set(pa) | set(pb)):
        if pa.get(key) != pb.get(key):
            return key if line["hash_v"] == 1 else f"payload.{key}"
    return "hash" if stored["hash"] != line["hash"] else None


def plan(
    store: Store,
    lines: list[dict[str, Any]],
    extra: dict[str, list[dict[str, Any]]],
    accept_devices: set[str] | None,
    rulesets: Mapping[str, RuleSet] | None,
    keep_forks: bool = False,
    heads: list[SignedHead] | None = None,
    derive: Deriver | None = None,
) -> Plan:
    """Every problem of importing ``lines``, and the rows to store. ``heads``: the bundle's signed heads; each
    device's new lines are imported only as far as a signed head of that device vouches for them (or the device is
    new here and accepted by name), the rest is held (:mod:`refapp.store.coverage`). ``None``: the lines are
    vouched for already (the venue's sync checks every line against its device's signed head). ``derive``: what
    makes the rows instead of :func:`refapp.store.recovery.derive_rows` (a long sync's, derived ahead)."""
    conn = store.conn
    out = Plan()
    problems = out.problems
    new: list[int] = []
    known = _stored_hashes(store, [line["uuid"] for line in lines])
    for i, line in enumerate(lines):
        have = known.get(line["uuid"])
        if have is None:
            new.append(i)
        elif have == (line["device_id"], line["device_seq"], line["hash"]):
            continue  # the same event (its hash covers its content)
        elif (what := _differs(_stored_line(store, line["uuid"]) or {}, line)) is not None:
            problems.append(
                f"{_where(i, line)}: already stored with a different {what!r}: two copies of this event disagree"
            )
    passed = derive.checked([lines[i] for i in new]) if derive is not None else set()
    for i in new:  # names, texts and times as anything coming in (refapp.domain.inputs)
        if lines[i]["hash"] in passed:
            continue
        try:
            check_incoming(lines[i]["payload"])
        except LogError as exc:
            kind = lines[i]["payload"].get("type")
            problems.append(f"{_where(i, lines[i])}: field 'payload' is refused ({kind}): {exc.field}: {exc.message}")
    own = [i for i in new if lines[i]["device_id"] == store.device_id]
    if own:  # only this device writes its chain: a bundle never adds to it
        i = own[0]
        problems.append(
            f"{_where(i, lines[i])}: device {store.device_id} is this device, and this event of it was never recorded "
            "here: a bundle cannot add to this device's own history (refapp recover puts back what its journal or "
            "backups hold)"
        )
    if accept_devices is not None:
        devices = {r[0] for r in conn.execute("SELECT DISTINCT device_id FROM events")} | {store.device_id}
        unknown = sorted({lines[i]["device_id"] for i in new} - devices - accept_devices)
        if unknown:
            problems.append(
                f"events of device(s) this store has never seen: {', '.join(unknown)}. Check where the bundle comes "
                "from; to take it, import it again with --accept-new-device DEVICE_ID for each"
            )
    if heads is not None and not problems:
        me = (store.device_id, store.key.public_hex if store.key is not None else None)
        covered, out.heads = coverage(conn, lines, heads, accept_devices or (), me)
        covered[store.device_id] = EVERYTHING  # (refused above: a bundle never adds to this device's chain)
        held = unvouched(lines, new, covered)
        out.held = [lines[i] for i in sorted(held)]
        new = [i for i in new if i not in held]
    problems += _links(store, lines, new)
    tables, tournaments = _known(store, lines, extra, out, problems)
    for i in new:
        line = lines[i]
        p = line["payload"]
        if p.get("type") in TOURNAMENT_ENTITIES and p["tournament"] not in tournaments:
            problems.append(f"{_where(i, line)}: field 'tournament': no tournament with id {p['tournament']}")
        if line["table_id"] == "":
            continue
        if line["table_id"] not in tables:
            problems.append(f"{_where(i, line)}: field 'table_id': no table with id {line['table_id']}")
        elif tables[line["table_id"]][0] != line["tournament_id"]:
            problems.append(f"{_where(i, line)}: field 'tournament_id' is not the tournament of its table")
    problems += _order(store, lines, set(new), tables, keep_forks)
    if problems or rulesets is None:
        return out
    new_lines = [lines[i] for i in new]
    try:
        rows = (derive.rows if derive is not None else derive_rows)(conn, new_lines, rulesets, out.states)
    except LineError as exc:
        line = new_lines[exc.index]
        number = tables.get(line["table_id"], ("", "?"))[1]
        problems.append(
            f"table {number} ({line['table_id']}): its log would not replay: {_where(new[exc.index], line)}: {exc}"
        )
        return out
    for i, row in zip(new, rows):
        derived = row.pop("_derived", None)
        if derived is not None:  # version 1: the row's own columns must be the derived ones
            problems += _compare(i, lines[i], derived)
    out.rows = rows
    problems += _hanchans(store, extra, rows)
    return out


def _links(store: Store, lines: list[dict[str, Any]], new: list[int]) -> list[str]:
    """Each device's new lines must link onto the device's newest stored event (or start its chain)."""
    problems = []
    first: dict[str, int] = {}
    for i in new:
        first.setdefault(lines[i]["device_id"], i)
    for device, i in first.items():
        line, seq = lines[i], lines[i]["device_seq"]
        top = store.conn.execute("SELECT max(device_seq) FROM events WHERE device_id = ?", (device,)).fetchone()[0] or 0
        if seq <= top:
            problems.append(
                f"{_where(i, line)}: device {device} #{seq} is already stored as another event: the two copies of "
                "this device's history disagree"
            )
        elif seq > top + 1:
            have = f"only up to #{top}" if top else "none of them"
            problems.append(
                f"{_where(i, line)}: the bundle starts device {device} at #{seq} but this store has {have}: import "
                "an earlier bundle of that device first (or export the whole history)"
            )
        elif top:
            (h,) = store.conn.execute(
                "SELECT hash FROM events WHERE device_id = ? AND device_seq = ?", (device, top)
            ).fetchone()
            if h != line["prev_hash"]:
                where = f"{_where(i, line)}: field 'prev_hash'"
                problems.append(f"{where} does not link onto the stored event #{top} of device {device}")
    return problems


def _known(
    store: Store, lines: list[dict[str, Any]], extra: dict[str, list[dict[str, Any]]], out: Plan, problems: list[str]
) -> tuple[dict[str, tuple[str, Any]], set[str]]:
    """Tables (id -> tournament, number) and tournaments known here or brought by the bundle; a v1 bundle's new
    projection rows go into ``out.extra`` (rows already stored must be identical)."""
    conn = store.conn
    tables = {r[0]: (r[1], r[2]) for r in conn.execute("SELECT id, tournament_id, number FROM game_tables")}
    tournaments = {r[0] for r in conn.execute("SELECT id FROM tournaments")}
    for line in lines:
        p = line["payload"]
        if p.get("type") == "tournament":
            tournaments.add(p["tournament"])
        elif p.get("type") == "table":
            tables.setdefault(p["table"], (p["tournament"], p["number"]))
    for table in ("tournaments", "game_tables", "players"):
        cols = PROJECTION_COLUMNS[table]
        out.extra[table] = []
        for i, row in enumerate(extra.get(table, [])):
            stored = conn.execute(f"SELECT {', '.join(cols)} FROM {table} WHERE id = ?", (row["id"],)).fetchone()
            if stored is None:
                for col in ("name", "federation_id") if table != "game_tables" else ():
                    if isinstance(row.get(col), str) and (problem := name_problem(row[col])):
                        problems.append(f"{table}[{i}] (id {row['id']}): field {col!r}: {problem}")
                out.extra[table].append(row)
                if table == "tournaments":
                    tournaments.add(row["id"])
                elif table == "game_tables":
                    tables.setdefault(row["id"], (row["tournament_id"], row["number"]))
                continue
            for col, value in zip(cols, stored):
                if row[col] != value:
                    problems.append(
                        f"{table}[{i}] (id {row['id']}): already stored with a different {col!r} "
                        f"(stored {_short(value)}, bundle {_short(row[col])})"
                    )
                    break
    for table in ("game_tables", "players"):
        for i, row in enumerate(extra.get(table, [])):
            if row["tournament_id"] not in tournaments:
                problems.append(
                    f"{table}[{i}] (id {row['id']}): field 'tournament_id': no tournaments row with id "
                    f"{row['tournament_id']}"
                )
    return tables, tournaments


def _order(
    store: Store, lines: list[dict[str, Any]], new: set[int], tables: dict[str, Any], keep_forks: bool = False
) -> list[str]:
    """Each table's new events must follow its newest stored one, one after the other. A version-1 line follows the
    previous line of its table in the bundle. Two events that follow the same one are a fork: refused, unless
    ``keep_forks`` (the venue's sync: both branches are kept and the table is in conflict), where a new event may
    follow any event of its table stored here or earlier in the lines."""
    if keep_forks:
        return _order_any(store, lines, new, tables)
    problems = []
    heads: dict[str, str | None] = {}
    previous: dict[str, str | None] = {}
    followers: dict[tuple[str, str | None], tuple[str, str]] = {}  # (table, after) -> (uuid, device) of new lines
    for i, line in enumerate(lines):
        table = line["table_id"]
        if table == "":
            continue
        if line["hash_v"] == 1:
            line["after"] = previous.get(table)
        previous[table] = line["uuid"]
        if i not in new:
            continue
        if table not in heads:
            heads[table] = store.last_event_id(table)
        after = line["after"]
        if after == heads[table]:
            heads[table] = line["uuid"]
            followers[(table, after)] = (line["uuid"], line["device_id"])
            continue
        number = tables.get(table, ("", "?"))[1]
        other = followers.get((table, after)) or _follower(store, table, after)
        if other is not None:
            problems.append(
                f"table {number} ({table}): a fork: {_where(i, line)} of device {line['device_id']} and event "
                f"{other[0]} of device {other[1]} both follow event {after or '(the table start)'}: two devices wrote "
                "this table; nothing was imported (the head referee must settle which ruling stands)"
            )
        else:
            problems.append(
                f"{_where(i, line)}: table {number}: it follows event {after} which this store does not have: import "
                "the bundle that holds it first"
            )
        heads[table] = line["uuid"]  # report each fork once
    return problems


def _order_any(store: Store, lines: list[dict[str, Any]], new: set[int], tables: dict[str, Any]) -> list[str]:
    problems = []
    known: dict[str, str] = {}  # uuid -> table of the lines so far
    for i, line in enumerate(lines):
        table, after = line["table_id"], line["after"]
        if table != "" and i in new and after is not None and known.get(after) != table:
            row = store.conn.execute("SELECT table_id FROM events WHERE uuid = ?", (after,)).fetchone()
            if row is None or row[0] != table:
                number = tables.get(table, ("", "?"))[1]
                problems.append(
                    f"{_where(i, line)}: table {number}: it follows event {after} which this store does not have"
                )
        known[line["uuid"]] = table
    return problems


def _follower(store: Store, table: str, after: str | None) -> tuple[str, str] | None:
    """The stored event that follows ``after`` at the table (the next one in stored order)."""
    if after is None:
        row = store.conn.execute(
            "SELECT uuid, device_id FROM events WHERE table_id = ? ORDER BY seq LIMIT 1", (table,)
        ).fetchone()
    else:
        row = store.conn.execute(
            "SELECT uuid, device_id FROM events WHERE table_id = ? AND seq > (SELECT seq FROM events WHERE uuid = ?) "
            "ORDER BY seq LIMIT 1",
            (table, after),
        ).fetchone()
    return (row[0], row[1]) if row else None


def _compare(i: int, line: dict[str, Any], derived: dict[str, Any]) -> list[str]:
    """A version-1 row's columns against those derived from its payload and its table's replay."""
    row = line["row"]
    entity = line["payload"].get("type") in ENTITY_KINDS
    direct = entity_columns(line["payload"]) if entity else columns(line["payload"], {}, {})
    for col in DERIVED:
        if col == "target" or col not in row:
            continue
        want = direct[col] if col in _DIRECT else derived[col]
        have = row[col]
        if col == "ruling":
            same = decode_json(have) == decode_json(want)
        elif col == "answers":
            same = json.loads(have) == json.loads(want)
        else:
            same = have == want
        if not same:
            source = "its payload says" if col in _DIRECT else "its payload and the table's replay say"
            return [f"{_where(i, line)}: field {col!r} is {_short(have)} but {source} {_short(want)}"]
    return []


def _hanchans(store: Store, extra: dict[str, list[dict[str, Any]]], rows: list[dict[str, Any]]) -> list[str]:
    """A version-1 bundle's hanchan rows must be those its events imply (they are written from the events)."""
    if not extra.get("hanchans"):
        return []
    implied = {r["uuid"]: r for r in rows if r.get("type") == "hanchan_start"}
    problems = []
    for i, h in enumerate(extra.get("hanchans", [])):
        stored = store.conn.execute("SELECT 1 FROM hanchans WHERE id = ?", (h["id"],)).fetchone()
        r = implied.get(h["id"])
        if r is None:
            if stored is None:
                problems.append(f"hanchans[{i}] (id {h['id']}): no hanchan_start event with this id")
            continue
        want = {"table_id": r["table_id"], "number": r["hanchan_no"], "ruleset_id": r["ruleset_id"]}
        want |= {"ruleset_version": r["ruleset_version"], "created_at": r["at"], "device_id": r["device_id"]}
        for col, value in want.items():
            if h[col] != value:
                where = f"hanchans[{i}] (id {h['id']}): field {col!r}"
                problems.append(f"{where} is {_short(h[col])} but its event says {_short(value)}")
                break
    return problems


def apply(
    store: Store,
    lines: list[dict[str, Any]],
    extra: dict[str, list[dict[str, Any]]],
    rulesets: Mapping[str, RuleSet],
    accept_devices: set[str] | None,
    keep_forks: bool = False,
    count: bool = True,
    heads: list[SignedHead] | None = None,
    derive: Deriver | None = None,
) -> dict[str, int]:
    """Store what :func:`plan` accepted, all or nothing; return how many rows each table gained (``count=False``:
    only ``events``; counting every table scans it, twice per call)."""
    conn = store.conn

    def counts() -> dict[str, int]:
        if not count:
            return dict.fromkeys(TABLES, 0)
        return {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}

    with store.writing() as w:
        before = counts()
        p = plan(store, lines, extra, accept_devices, rulesets, keep_forks, heads, derive)
        if p.problems:
            raise BundleError(p.problems)
        for head in p.heads:
            keep_head(conn, head)
        conn.executemany(  # what no signed head vouches for waits aside, as a sync holds it (a sync's line wins)
            "INSERT OR IGNORE INTO held (device_id, device_seq, line) VALUES (?, ?, ?)",
            [(ln["device_id"], ln["device_seq"], encode_line(ln)) for ln in p.held],
        )
        for table in ("tournaments", "game_tables", "players"):
            cols = PROJECTION_COLUMNS[table]
            for row in p.extra.get(table, []):
                conn.execute(
                    f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
                    [row[c] for c in cols],
                )
        # in chain order (a device's events keep their order); a table's entity event may come after the table's
        # first events (rows adopted by the exporting device), so references are checked at the commit
        conn.execute("PRAGMA defer_foreign_keys = ON")
        insert_rows(conn, p.rows)
        if p.states:
            tablecache.save(conn, p.states, pinned_of(conn, []))
        own = sorted((r for r in p.rows if r["device_id"] == store.device_id), key=lambda r: r["device_seq"])
        w.rows.extend(own)  # journaled after the commit, like any event of this device
        w.refresh()
        at = datetime.now(UTC).isoformat(timespec="seconds")
        if p.extra and any(p.extra.values()) or any(r["hash_v"] == 1 for r in p.rows):  # what no event covers yet
            for payload in adoption_payloads(conn, store.device_id, at, lambda: str(uuid.uuid4())):
                if payload["type"] != "device" or not store.device_id:
                    w.add(entity_row(store.device_id, payload, check=False))
        added = counts()
    store.forget_pinned()
    # what the bundle brought (this device's own adoption events are not counted)
    result = {t: added[t] - before[t] for t in TABLES}
    result["events"] = len(p.rows)
    if p.held:  # what no signed head vouches for (refapp.store.coverage)
        result["held"] = len(p.held)
    return result
