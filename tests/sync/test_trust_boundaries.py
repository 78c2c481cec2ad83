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
from refapp.store.devices import keep_key
from refapp.store.verify import verify
from tests.logs import rulesets
from tests.sync.venue import Device, head_and_tablet

pytestmark = pytest.mark.usefixtures("both_merges")  # (tests/sync/conftest.py)


def _venue(tmp: Path) -> tuple[Device, Device, Path]:
    head, tablet, folder = head_and_tablet(tmp, 4)
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
    report = verify(head.store, rulesets())
    assert report.ok and not [n for n in report.notes if stranger.store.device_id in n]
    for d in (head, tablet, stranger):
        d.close()


def _forge_after(line: dict, note: str) -> dict:
    """An event appended to ``line``'s device chain by someone without its key: the hashes are public, so the chain
    links; only a signed head cannot be made."""
    import uuid

    from refapp.store.chain import hash_of, row_of

    forged = json.loads(json.dumps(line))
    forged["uuid"] = str(uuid.uuid4())
    forged["payload"] = {"id": forged["uuid"], "type": "incident", "seat": 2, "offence": "warning", "note": note,
                         "at": "2026-11-22T10:30:00+01:00", "by": line["payload"].get("by", "")}  # fmt: skip
    forged["device_seq"] = line["device_seq"] + 1
    forged["prev_hash"] = line["hash"]
    forged["after"] = line["uuid"]
    forged["hash"] = hash_of(row_of(forged))
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
    assert verify(head.store, rulesets()).ok
    # the tablet's real next ruling (the same place in its chain) comes in at the next sync, the forgery is gone
    real = tablet.record(random.Random(77))
    tablet.sync(folder)
    report = head.sync(folder)
    row = next(r for r in report.devices if r.device_id == tablet.store.device_id)
    assert row.problem == "" and row.merged >= 1
    assert head.store.conn.execute("SELECT 1 FROM events WHERE uuid = ?", (real["id"],)).fetchone()
    assert not head.store.conn.execute("SELECT 1 FROM held").fetchone()
    assert verify(head.store, rulesets()).ok
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


# -- a device is its key --------------------------------------------------------------------------------------------


def _clone(tmp: Path, of: Device, folder: Path, head: Device, number: int) -> Device:
    """A fresh data folder given a copy of ``of``'s key files: a new device id with the same key."""
    import shutil

    target = tmp / f"clone-of-{of.name}"
    target.mkdir()
    for name in ("device.key", "device.pub"):
        shutil.copy(of.path / name, target / name)
    clone = Device(target, f"{of.name}-clone")
    assert clone.store.device_id != of.store.device_id and clone.fingerprint == of.fingerprint
    clone.trust(head, "head")
    clone.sync(folder)
    clone.set_up(number)
    rng = random.Random(21)
    for _ in range(3):
        clone.record(rng)
    clone.sync(folder)
    return clone


def test_a_copied_key_under_a_new_device_id_is_a_conflict_and_merges_nothing(tmp_path, capsys):
    """T1's key files copied into a fresh data folder: its rulings on another table are not merged at the head
    referee's device (trust follows the key, not the name), `refapp devices` does not list T1 twice as trusted, and
    `refapp conflicts` shows the key under two device ids until the head referee keeps one."""
    head, tablet, folder = _venue(tmp_path)
    clone = _clone(tmp_path, tablet, folder, head, 7)
    report = head.sync(folder)
    row = next(r for r in report.devices if r.device_id == clone.store.device_id)
    assert row.status == "conflict" and row.merged == 0 and tablet.fingerprint in row.problem
    assert head.store.conn.execute(
        "SELECT count(*) FROM events WHERE device_id = ?", (clone.store.device_id,)
    ).fetchone() == (0,)
    assert not any(t.number == 7 for t in head.store.tables(head.store.tournaments()[0]["id"]))
    from refapp.store.venue_reads import devices as device_rows

    shown = {r.device_id: r.status for r in device_rows(head.store)}
    assert shown[tablet.store.device_id] == "trusted" and shown[clone.store.device_id] == "conflict"
    head.close()
    capsys.readouterr()
    assert cli(["--data-dir", str(head.path), "conflicts", "--json"]) == 0
    found = [c for c in json.loads(capsys.readouterr().out) if c["kind"] == "key"]
    assert len(found) == 1 and found[0]["state"] == "open" and found[0]["fingerprint"] == tablet.fingerprint
    assert [d["device"] for d in found[0]["devices"]] == [tablet.store.device_id, clone.store.device_id]
    assert [d["stands"] for d in found[0]["devices"]] == [True, False]
    # the head referee keeps the new one (T1 was reinstalled from its key backup): the clone's rulings merge now, and
    # nothing more of the old id is taken
    code = cli(["--data-dir", str(head.path), "conflicts", "keep-key", "--fingerprint", tablet.fingerprint,
                "--device", clone.store.device_id, "--reason", "T1 reinstalled from its key backup"])  # fmt: skip
    assert code == 0
    head = Device(head.path, "Head")
    head.sync(folder)
    assert any(t.number == 7 for t in head.store.tables(head.store.tournaments()[0]["id"]))
    tablet.record(random.Random(2))
    tablet.sync(folder)
    before = head.store.conn.execute("SELECT count(*) FROM events WHERE device_id = ?",
                                     (tablet.store.device_id,)).fetchone()  # fmt: skip
    head.sync(folder)
    assert head.store.conn.execute("SELECT count(*) FROM events WHERE device_id = ?",
                                   (tablet.store.device_id,)).fetchone() == before  # fmt: skip
    assert verify(head.store, rulesets()).ok
    for d in (head, tablet, clone):
        d.close()


def test_a_bundle_bringing_a_copied_key_holds_it(tmp_path):
    """The clone's history in a bundle, its device accepted by name: still held, its key speaks for T1 here."""
    from refapp.store.bundle import export_bundle, import_bundle

    head, tablet, folder = _venue(tmp_path)
    clone = _clone(tmp_path, tablet, folder, head, 7)
    added = import_bundle(head.store, export_bundle(clone.store), rulesets=rulesets(),
                          accept_devices=[clone.store.device_id])  # fmt: skip
    assert added.get("held") == clone.own_events()
    assert head.store.conn.execute(
        "SELECT count(*) FROM events WHERE device_id = ?", (clone.store.device_id,)
    ).fetchone() == (0,)
    for d in (head, tablet, clone):
        d.close()


# -- a table written by a device that does not hold it -------------------------------------------------------------


def _three(tmp: Path) -> tuple[Device, Device, Device, Path]:
    head, b, folder = _venue(tmp)
    c = Device(tmp / "c", "T2")
    c.trust(head, "head")
    head.trust(c)
    head.sync(folder)
    c.sync(folder)
    c.set_up(2)
    c.sync(folder)
    b.sync(folder)
    head.sync(folder)
    c.sync(folder)
    return head, b, c, folder


def _line(d: Device, table_id: str) -> list[str]:
    return [e["id"] for e in d.store.table_events(table_id)]


def test_entries_written_by_a_device_that_does_not_hold_the_table_wait_for_the_head_referee(tmp_path, capsys):
    """T2 writes two rulings at T1's table without a handover (nobody else wrote after them: no fork). They are not
    merged into the table on any device; the table is flagged; `refapp conflicts` names them; once the head referee
    lets them stand, every device has them in the table."""
    head, b, c, folder = _three(tmp_path)
    table = b.table
    assert table is not None
    before = _line(b, table.table_id)
    rng = random.Random(4)
    intruding = [c.record(rng, c.store.table(table.table_id)) for _ in range(2)]
    c.sync(folder)
    head.sync(folder)
    b.sync(folder)
    from refapp.store.branches import in_conflict

    for d in (head, b):
        assert _line(d, table.table_id) == before, d.name
        assert in_conflict(d.store.conn, table.table_id), d.name
        assert verify(d.store, rulesets()).ok, d.name
    assert all(head.store.conn.execute("SELECT 1 FROM events WHERE uuid = ?", (e["id"],)).fetchone()
               for e in intruding)  # stored: the chain of T2 stays whole  # fmt: skip
    head.close()
    capsys.readouterr()
    assert cli(["--data-dir", str(head.path), "conflicts", "--json"]) == 0
    found = [u for u in json.loads(capsys.readouterr().out) if u["kind"] == "unheld"]
    assert len(found) == 1 and found[0]["first"] == intruding[0]["id"] and found[0]["entries"] == 2
    assert found[0]["table"] == table.number and found[0]["state"] == "open"
    code = cli(["--data-dir", str(head.path), "conflicts", "unheld", "--table", str(table.number), "--first",
                intruding[0]["id"], "--accept", "--reason", "T1 broke down; T2 took the table without a handover"])  # fmt: skip
    assert code == 0
    head = Device(head.path, "Head")
    for _ in range(2):
        for d in (head, b, c):
            d.sync(folder)
    for d in (head, b, c):
        assert _line(d, table.table_id) == before + [e["id"] for e in intruding], d.name
        assert not in_conflict(d.store.conn, table.table_id), d.name
        assert verify(d.store, rulesets()).ok, d.name
    for d in (head, b, c):
        d.close()


def test_entries_set_aside_by_the_head_referee_stay_out_and_the_holder_goes_on(tmp_path):
    head, b, c, folder = _three(tmp_path)
    table = b.table
    assert table is not None
    before = _line(b, table.table_id)
    intruding = c.record(random.Random(4), c.store.table(table.table_id))
    c.sync(folder)
    head.sync(folder)
    from refapp.store.branches import conflicts, in_conflict
    from refapp.store.devices import rule_unheld

    rule_unheld(head.store, table.table_id, intruding["id"], "set_aside", "T2 had no business at table 1", "Marie")
    head.sync(folder)
    b.sync(folder)
    more = b.record(random.Random(6))  # the holder goes on: after the same entry as T2's
    for _ in range(2):
        for d in (head, b, c):
            d.sync(folder)
    for d in (head, b):
        assert _line(d, table.table_id) == before + [more["id"]], d.name
        assert not in_conflict(d.store.conn, table.table_id) and not conflicts(d.store.conn), d.name
        assert verify(d.store, rulesets()).ok, d.name
    for d in (head, b, c):
        d.close()


def _copy_of(folder: Path, tablet: Device, copy_id: str) -> None:
    """A device folder under ``copy_id`` showing the tablet's key, its journal the tablet's chain written again as
    ``copy_id``'s and signed with the tablet's key (a copied data folder under a new id)."""
    from refapp.store.chain import GENESIS, canonical
    from refapp.store.codec_syncline import event_of, to_journal
    from refapp.store.keys import load_or_create
    from refapp.store.signing import sign_head
    from refapp.store.syncfolder import DEVICE_FORMAT, device_dir, venue_dir

    key = load_or_create(tablet.path)
    d = venue_dir(folder) / copy_id
    d.mkdir()
    body = {"format": DEVICE_FORMAT, "version": 1, "device": copy_id, "key": key.public_hex,
            "fingerprint": key.fingerprint}  # fmt: skip
    (d / "device.json").write_text(canonical(body) + "\n")
    prev, out, n = GENESIS, [], 0
    for raw in (device_dir(folder, tablet.store.device_id) / "journal.jsonl").read_bytes().splitlines():
        obj = json.loads(raw)
        if "head" in obj:
            continue
        prev, n = to_journal(copy_id, event_of(obj), prev)["hash"], n + 1
        out.append(canonical(obj))
    out.append(canonical({"head": sign_head(key, copy_id, n, prev).to_json()}))
    (d / "journal.jsonl").write_text("\n".join(out) + "\n")


COUNT = "SELECT count(*) FROM events WHERE device_id = ?"


def test_a_copy_read_first_by_a_new_device_does_not_take_the_trusted_devices_place(tmp_path):
    """The head referee trusted T1's fingerprint before T1 had synced; once the head referee's device merged T1, its
    list names T1's device id. A new tablet then finds, under an id read before T1's, a copy of T1's key signing T1's
    chain again: the copy is a conflict and nothing of it is merged; T1 is trusted and all of it merged."""
    head, tablet, folder = _venue(tmp_path)
    real, copy_id = tablet.store.device_id, "0000-copy"  # (read before the real tablet's folder)
    _copy_of(folder, tablet, copy_id)
    newcomer = Device(tmp_path / "newcomer", "T9")
    newcomer.trust(head, "head")
    rows = {r.device_id: r for r in newcomer.sync(folder).devices}
    assert rows[copy_id].status == "conflict" and rows[copy_id].merged == 0
    assert rows[real].status == "trusted" and rows[real].merged == tablet.own_events()
    assert newcomer.store.conn.execute(COUNT, (copy_id,)).fetchone() == (0,)
    for dv in (head, tablet, newcomer):
        dv.close()


def test_a_key_nobody_has_named_yet_shown_under_two_ids_holds_both_until_the_head_referee_keeps_one(tmp_path):
    """The head referee's device has not merged T1 yet (its list names T1's fingerprint only) when a new tablet finds
    T1 and a copy of T1's key signing T1's chain again under another id: nothing says which id the key speaks for, so
    neither is merged and both show as a conflict. The head referee's device sees the copy as one (it merged T1
    first), keeps T1; the new tablet then merges T1 and never the copy."""
    head, tablet, folder = head_and_tablet(tmp_path, 4)
    real, copy_id = tablet.store.device_id, "0000-copy"
    _copy_of(folder, tablet, copy_id)
    newcomer = Device(tmp_path / "newcomer", "T9")
    newcomer.trust(head, "head")
    rows = {r.device_id: r for r in newcomer.sync(folder).devices}
    assert rows[copy_id].status == "conflict" and rows[copy_id].merged == 0
    assert rows[real].status == "conflict" and rows[real].merged == 0
    assert "another device id too" in rows[real].problem
    assert newcomer.store.conn.execute(COUNT, (real,)).fetchone() == (0,)
    seen = {r.device_id: r for r in head.sync(folder).devices}  # the copy was read first there too: held all the same
    assert seen[copy_id].status == "conflict" and seen[real].status == "conflict"
    keep_key(head.store, tablet.fingerprint, real, "T1 is the tablet at table 1", "Marie")
    seen = {r.device_id: r for r in head.sync(folder).devices}
    assert seen[real].status == "trusted" and seen[real].merged == tablet.own_events()
    rows = {r.device_id: r for r in newcomer.sync(folder).devices}
    assert rows[real].status == "trusted" and rows[real].merged == tablet.own_events()
    assert rows[copy_id].status == "conflict" and rows[copy_id].merged == 0
    for dv in (head, newcomer):
        assert dv.store.conn.execute(COUNT, (copy_id,)).fetchone() == (0,)
    for dv in (head, tablet, newcomer):
        dv.close()


def test_a_device_file_showing_a_key_it_cannot_sign_with_does_not_stop_the_real_device(tmp_path):
    """Anyone on the share can write a device file showing T1's public key under another id; without T1's private key
    its journal carries no head signed for that id, so a new tablet still reads T1 as trusted and merges it."""
    from refapp.store.syncfolder import DEVICE_FORMAT, venue_dir

    head, tablet, folder = _venue(tmp_path)
    fake = venue_dir(folder) / "0000-fake"
    fake.mkdir()
    body = {"format": DEVICE_FORMAT, "version": 1, "device": "0000-fake", "key": tablet.store.key.public_hex,
            "fingerprint": tablet.fingerprint}  # fmt: skip
    (fake / "device.json").write_text(json.dumps(body) + "\n")
    (fake / "journal.jsonl").write_text('{"head": {"format": "x"}}\n')
    newcomer = Device(tmp_path / "newcomer", "T9")
    newcomer.trust(head, "head")
    rows = {r.device_id: r for r in newcomer.sync(folder).devices}
    real = tablet.store.device_id
    assert rows[real].status == "trusted" and rows[real].merged > 0
    assert rows["0000-fake"].merged == 0 and rows["0000-fake"].status != "trusted"
    for dv in (head, tablet, newcomer):
        dv.close()
