"""The players' records read at a venue (refapp.store.records): every incident of every table, as the head referee's
device holds them after a sync — voided ones, ones set aside by a conflict's resolution, steps on a warning ladder
counted across tables, incidents that recorded the player's other tables — each listed as the history read model
stores it, and the incidents read through their own index, never a walk of every event of the tournament (issue 28:
the Players tab's first visit after a venue sync)."""

from __future__ import annotations

import random
import uuid
from pathlib import Path
from typing import Any

from refapp.domain.stored import StoredEffect
from refapp.store import history, records
from refapp.store.branches import conflicts
from refapp.store.db import TableRef
from refapp.store.devices import handover, resolve
from refapp.store.tablebook import TableBook
from tests.logs import rulesets
from tests.store.util import query_plans
from tests.sync.venue import Device

T = "2026-11-22T{}:00+01:00"


def _enter(d: Device, table: TableRef, event: dict[str, Any]) -> dict[str, Any]:
    """Commit an entry at ``table`` on device ``d`` as the app does: an incident records the player's standing at
    the tournament's other tables (what this device knows of them)."""
    catalog = rulesets()
    book = TableBook(d.store, d.store.table(table.table_id), catalog)
    st = book.state
    event = {"id": str(uuid.uuid4()), "by": d.name} | event
    if event["type"] == "incident":
        away = records.elsewhere(d.store, catalog, tournament_id=table.tournament_id, table_id=table.table_id,
                                 player=st.seats[event["seat"]].player, ruleset=st.ruleset, session=st.session)  # fmt: skip
        if away:
            event |= {"elsewhere": away}
    book.commit(event)
    return event


def _settle(devices: list[Device], folder: Path) -> None:
    for _ in range(3):
        for d in devices:
            d.sync(folder)


def _venue(tmp: Path) -> tuple[list[Device], Path, dict[str, dict[str, Any]]]:
    """The head referee's device and tablets B and C (club league: the calls ladder counted per session, its 3rd
    step a dead hand). Bob plays hanchan 1 at B's table 1, then hanchan 2 at C's table 2; he is called for silent
    calls at both (the second one recording the first table's steps), a warning at table 2 is voided, and table 1,
    taken over on C while B went on recording, is a conflict resolved for C: B's incident there is set aside."""
    folder = tmp / "shared"
    folder.mkdir()
    head = Device(tmp / "head", "Head")
    tid = head.store.create_tournament("Venue Open")
    b, c = Device(tmp / "b", "B"), Device(tmp / "c", "C")
    for t in (b, c):
        t.trust(head, "head")
        head.trust(t)
    head.sync(folder)
    b.sync(folder)
    c.sync(folder)
    t1 = b.store.create_table(tid, 1)
    t2 = c.store.create_table(tid, 2)
    start = {"type": "hanchan_start", "ruleset": "sg-league", "session": 1}
    seen: dict[str, dict[str, Any]] = {}
    _enter(b, t1, start | {"at": T.format("19:00"), "players": ["Ann", "Bob", "Cyd", "Dan"], "hanchan": 1})
    seen["b1"] = _enter(b, t1, {"type": "incident", "at": T.format("19:10"), "seat": 1, "offence": "silent_call"})
    seen["b2"] = _enter(b, t1, {"type": "incident", "at": T.format("19:20"), "seat": 1, "offence": "silent_call"})
    seen["chombo"] = _enter(
        b, t1, {"type": "incident", "at": T.format("19:25"), "seat": 2, "offence": "invalid_win_revealed"}
    )
    _settle([head, b, c], folder)
    _enter(c, t2, start | {"at": T.format("20:00"), "players": ["Eve", "Fay", "Bob", "Hal"], "hanchan": 2})
    seen["c1"] = _enter(c, t2, {"type": "incident", "at": T.format("20:10"), "seat": 2, "offence": "silent_call"})
    seen["fay"] = _enter(c, t2, {"type": "incident", "at": T.format("20:15"), "seat": 1, "offence": "silent_call"})
    _enter(c, t2, {"type": "void", "at": T.format("20:16"), "target": seen["fay"]["id"], "reason": "wrong seat"})
    # table 1 taken over on C while B goes on recording: a conflict, resolved for C's branch
    table1 = c.store.table(t1.table_id)
    handover(c.store, table1, "Marie")
    seen["kept"] = _enter(
        c, table1, {"type": "incident", "at": T.format("20:30"), "seat": 3, "offence": "invalid_win_revealed"}
    )
    seen["aside"] = _enter(b, t1, {"type": "incident", "at": T.format("20:31"), "seat": 0, "offence": "silent_call"})
    _settle([head, b, c], folder)
    (found,) = conflicts(head.store.conn)
    resolve(head.store, t1.table_id, found.after, seen["kept"]["id"], "table 1 was handed over to C", "Head")
    _settle([head, b, c], folder)
    return [head, b, c], folder, seen


def test_every_incident_at_the_venue_is_listed_as_stored(tmp_path):
    devices, _, seen = _venue(tmp_path)
    head = devices[0]
    store = head.store
    (tid,) = [t["id"] for t in store.tournaments()]
    rows = history.query(store, tournament=tid, include_voided=True, types=None, limit=None)
    voided = {r["target"] for r in rows if r["type"] == "void"}
    incidents = sorted((r for r in rows if r["type"] == "incident"), key=lambda r: (r["at"], r["seq"]))
    rec = records.records(store, rulesets(), tid)
    rs = rulesets()["sg-league"]
    assert [p.player for p in rec.players] == ["Ann", "Bob", "Cyd", "Dan", "Eve", "Fay", "Hal"]
    for p in rec.players:
        mine = [r for r in incidents if r["player"] == p.player]
        assert [i.uuid for i in p.incidents] == [r["uuid"] for r in mine], p.player  # oldest first
        for i, r in zip(p.incidents, mine):
            ruling = StoredEffect.from_json(r["ruling"]).ruling
            assert ruling is not None
            assert (i.table, i.table_id, i.hanchan, i.round_wind, i.hand, i.offence, i.at, i.referee, i.device_id) == (
                r["table"], r["table_id"], r["hanchan"], r["round_wind"], r["hand"], r["offence"], r["at"],
                r["referee"], r["device_id"])  # fmt: skip
            assert (i.ruling, i.amount, i.scope, i.warning_number, i.elsewhere_warnings, i.elsewhere_steps) == (
                ruling.kind_text, ruling.amount, ruling.scope, ruling.warning_number, ruling.elsewhere_warnings,
                ruling.elsewhere_steps)  # fmt: skip
            assert (i.voided, i.set_aside) == (r["uuid"] in voided, r["set_aside"] is not None)
            assert i.session == ("number", 1)
            assert (i.chombo_mode, i.chombo_word, i.overall_unit) == (rs.chombo.mode, rs.chombo_word,
                                                                     rs.results.overall_unit)  # fmt: skip
    # what the head referee reads of them: the voided and the set-aside one listed, not counted
    by_id = {i.uuid: i for p in rec.players for i in p.incidents}
    assert by_id[seen["fay"]["id"]].voided and not by_id[seen["fay"]["id"]].set_aside
    assert by_id[seen["aside"]["id"]].set_aside and not by_id[seen["aside"]["id"]].voided
    fay, ann = rec.player("Fay"), rec.player("Ann")
    assert fay is not None and ann is not None
    assert (fay.counts.incidents, fay.has_incidents, ann.counts.incidents) == (0, False, 0)
    # Bob's silent calls: two at table 1, the third at table 2 recorded them (the calls ladder's 3rd step)
    bob = rec.player("Bob")
    assert bob is not None
    assert [(i.table, i.ladder, i.ladder_step, i.elsewhere_steps) for i in bob.incidents] == [
        (1, "calls", 1, 0), (1, "calls", 2, 0), (2, "calls", 3, 2)]  # fmt: skip
    assert {lad.ladder: (lad.steps, lad.next_step) for lad in bob.ladders}["calls"] == (3, 4)
    assert bob.counts.ladder_steps == 3
    for d in devices:
        d.close()


def test_the_records_read_the_incidents_through_their_own_index(tmp_path):
    d = Device(tmp_path / "head", "Head")
    tid = d.store.create_tournament("Venue Open")
    d.set_up(1)
    d.record(random.Random(1))
    steps = query_plans(d.store.conn, lambda: records.records(d.store, rulesets(), tid))
    incidents = [step for sql, step in steps if "e.type = 'incident'" in sql and " e " in step]
    assert incidents == ["SEARCH e USING INDEX events_incidents (tournament_id=?)"], steps
    d.close()
