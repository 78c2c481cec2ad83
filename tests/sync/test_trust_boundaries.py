"""Trust at the folder's edge: a device seen but not trusted is information, not damage; a bundle cannot add a ruling
under another device's name; a device is its key; a table written by a device that does not hold it waits for the
head referee."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

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
