"""Trust at the folder's edge: a device seen but not trusted is information, not damage; a bundle cannot add a ruling
under another device's name; a device is its key; a table written by a device that does not hold it waits for the
head referee."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

from refapp.cli import main as cli
from tests.logs import rulesets
from tests.sync.venue import Device


def _venue(tmp: Path) -> tuple[Device, Device, Path]:
    folder = tmp / "shared"
    folder.mkdir()
    head = Device(tmp / "head", "Head")
    head.store.create_tournament("Venue Open")
    tablet = Device(tmp / "tablet", "T1")
    tablet.trust(head, "head")
    head.trust(tablet)
    head.sync(folder)
    tablet.sync(folder)
    tablet.set_up(1)
    rng = random.Random(5)
    for _ in range(4):
        tablet.record(rng)
    tablet.sync(folder)
    head.sync(folder)
    return head, tablet, folder


def _stranger(tmp: Path, folder: Path, head: Device, number: int = 9) -> Device:
    stranger = Device(tmp / "stranger", "Stranger")
    stranger.trust(head, "head")
    stranger.sync(folder)
    stranger.set_up(number)
    stranger.record(random.Random(1))
    stranger.sync(folder)
    return stranger


def test_a_device_seen_but_not_trusted_is_information_not_damage(tmp_path, capsys):
    """Every venue's normal state before the head referee taps Trust: `refapp verify` says ok (exit 0) and lists the
    device seen with its held events; real damage is still exit 1."""
    head, tablet, folder = _venue(tmp_path)
    stranger = _stranger(tmp_path, folder, head)
    head.sync(folder)
    assert head.store.conn.execute("SELECT count(*) FROM held").fetchone()[0] == stranger.own_events()
    head.close()
    capsys.readouterr()
    assert cli(["--data-dir", str(head.path), "verify"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("ok") and stranger.store.device_id in out and "not trusted" in out
    assert f"{stranger.own_events()} held" in out
    # damage stays damage
    conn = sqlite3.connect(head.path / "refapp.sqlite3")
    conn.execute("DROP TRIGGER events_no_update")
    assert (
        conn.execute(
            "UPDATE events SET note = 'changed' WHERE seq = (SELECT max(seq) FROM events WHERE table_id <> '')"
        ).rowcount
        == 1
    )
    conn.commit()
    conn.close()
    assert cli(["--data-dir", str(head.path), "verify"]) == 1
    tablet.close()
    stranger.close()


def test_verify_after_trusting_and_merging_names_no_seen_device(tmp_path, capsys):
    head, tablet, folder = _venue(tmp_path)
    stranger = _stranger(tmp_path, folder, head)
    head.sync(folder)
    head.trust(stranger)
    head.sync(folder)
    report = head.store.verify(rulesets())
    assert report.ok and not [n for n in report.notes if stranger.store.device_id in n]
    for d in (head, tablet, stranger):
        d.close()


def _forge_after(line: dict, note: str) -> dict:
    """An event appended to ``line``'s device chain by someone without its key: the hashes are public, so the chain
    links; only a signed head cannot be made."""
    import uuid

    from refapp.store.chain import hash_of
    from refapp.store.witness import _row

    forged = json.loads(json.dumps(line))
    forged["uuid"] = str(uuid.uuid4())
    forged["payload"] = {"id": forged["uuid"], "type": "incident", "seat": 2, "offence": "warning", "note": note,
                         "at": "2026-11-22T10:30:00+01:00", "by": line["payload"].get("by", "")}  # fmt: skip
    forged["device_seq"] = line["device_seq"] + 1
    forged["prev_hash"] = line["hash"]
    forged["after"] = line["uuid"]
    forged["hash"] = hash_of(_row(forged))
    return forged


@pytest.mark.parametrize("claimed_writer", ["head", "tablet"])
def test_a_forged_bundle_cannot_add_a_ruling_under_a_trusted_devices_name(tmp_path, capsys, claimed_writer):
    """Mallory appends a ruling to the tablet's chain in a bundle (the hashes link; she has no key) and hands it to
    the head referee: `refapp import` holds it and says so, nothing is stored, verify says ok, and the tablet's real
    next ruling still syncs in."""
    from refapp.store.bundle import export_bundle

    head, tablet, folder = _venue(tmp_path)
    data = export_bundle(head.store)
    mine = [ln for ln in data["events"] if ln["device_id"] == tablet.store.device_id and ln["table_id"]]
    forged = _forge_after(mine[-1], "forged by Mallory")
    data["events"].append(forged)
    data["device_id"] = (head if claimed_writer == "head" else tablet).store.device_id
    path = tmp_path / "bundle.json"
    path.write_text(json.dumps(data))
    before = head.store.count_events()
    head.close()
    capsys.readouterr()
    assert cli(["--data-dir", str(head.path), "import", str(path)]) == 0
    out = capsys.readouterr().out
    assert "1 event(s) held" in out
    head = Device(head.path, "Head")
    assert head.store.count_events() == before
    assert not head.store.conn.execute("SELECT 1 FROM events WHERE uuid = ?", (forged["uuid"],)).fetchone()
    assert head.store.verify(rulesets()).ok
    # the tablet's real next ruling (the same place in its chain) comes in at the next sync, the forgery is gone
    real = tablet.record(random.Random(77))
    tablet.sync(folder)
    report = head.sync(folder)
    row = next(r for r in report.devices if r.device_id == tablet.store.device_id)
    assert row.problem == "" and row.merged >= 1
    assert head.store.conn.execute("SELECT 1 FROM events WHERE uuid = ?", (real["id"],)).fetchone()
    assert not head.store.conn.execute("SELECT 1 FROM held").fetchone()
    assert head.store.verify(rulesets()).ok
    head.close()
    tablet.close()


def test_a_bundle_passes_on_the_signatures_that_vouch_for_it(tmp_path):
    """The head referee's device exports the tablet's rulings with the tablet's signed head: a third device that
    knows the tablet imports them all, held nothing."""
    from refapp.store.bundle import export_bundle, import_bundle

    head, tablet, folder = _venue(tmp_path)
    third = Device(tmp_path / "third", "Third")
    first = export_bundle(head.store)
    import_bundle(third.store, first, rulesets=rulesets(),
                  accept_devices=[head.store.device_id, tablet.store.device_id])  # fmt: skip
    tablet.record(random.Random(3))
    tablet.sync(folder)
    head.sync(folder)
    added = import_bundle(third.store, export_bundle(head.store), rulesets=rulesets())
    assert added["events"] >= 1 and "held" not in added
    mine = third.store.conn.execute("SELECT count(*) FROM events WHERE device_id = ?",
                                    (tablet.store.device_id,)).fetchone()[0]  # fmt: skip
    assert mine == tablet.own_events()
    for d in (head, tablet, third):
        d.close()
