"""Two refapp data folders converge through two real Syncthing instances (127.0.0.1 only): each device syncs with
its own copy of the venue's folder, Syncthing carries the journal files between the copies, and both end with the
same history. Syncthing carries only append-only files each written by one device: never a database."""

from __future__ import annotations

import random
import time
from pathlib import Path

from refapp.store.verify import verify
from tests.logs import rulesets
from tests.sync.venue import Device


def _wait_until(cond, timeout: float, what: str) -> float:
    t0 = time.perf_counter()
    while not cond():
        if time.perf_counter() - t0 > timeout:
            raise AssertionError(f"Syncthing did not carry {what} within {timeout:.0f} s")
        time.sleep(0.05)
    return time.perf_counter() - t0


def _journal_size(folder: Path, device: Device) -> int:
    path = folder / "refapp-venue" / device.store.device_id / "journal.jsonl"
    return path.stat().st_size if path.exists() else -1


def test_two_data_folders_converge_through_syncthing(syncthing_pair, tmp_path):
    pair = syncthing_pair
    head = Device(tmp_path / "head", "Head")  # uses Syncthing instance a's copy of the folder
    tablet = Device(tmp_path / "tablet", "T1")  # uses instance b's copy
    head.store.create_tournament("Venue Open")
    tablet.trust(head, "head")
    head.trust(tablet)

    def carried(src: Device, src_folder: Path, dst_folder: Path) -> None:
        """Until the other copy of the folder holds the device's files as they are here (Syncthing may carry the
        journal before the device file)."""
        pair.scan()
        size = _journal_size(src_folder, src)
        device_file = dst_folder / "refapp-venue" / src.store.device_id / "device.json"
        pair.timings[f"{src.name}_to_other"] = _wait_until(
            lambda: _journal_size(dst_folder, src) == size and device_file.is_file(), 30, f"{src.name}'s journal"
        )

    head.sync(pair.a.folder)
    carried(head, pair.a.folder, pair.b.folder)
    tablet.sync(pair.b.folder)  # the tournament, through Syncthing
    assert [t["name"] for t in tablet.store.tournaments()] == ["Venue Open"]
    tablet.set_up(4)
    rng = random.Random(11)
    for _ in range(6):
        tablet.record(rng)
    tablet.sync(pair.b.folder)
    carried(tablet, pair.b.folder, pair.a.folder)
    report = head.sync(pair.a.folder)
    row = next(r for r in report.devices if r.device_id == tablet.store.device_id)
    assert row.status == "trusted" and row.merged > 6 and not row.problem
    # and once more both ways: a ruling on each side (the head referee's device takes nothing it does not hold)
    tablet.record(rng)
    tablet.sync(pair.b.folder)
    carried(tablet, pair.b.folder, pair.a.folder)
    head.sync(pair.a.folder)
    carried(head, pair.a.folder, pair.b.folder)
    tablet.sync(pair.b.folder)
    assert head.history() == tablet.history()
    for d in (head, tablet):
        assert verify(d.store, rulesets()).ok
    # nothing but the devices' own files crossed: no database in either copy of the folder (Syncthing's own
    # temporary files, ".syncthing.NAME.tmp" while it writes a file it received, are its business)
    for folder in (pair.a.folder, pair.b.folder):
        names = {p.name for p in folder.rglob("*") if p.is_file() and ".stfolder" not in p.parts
                 and not (p.name.startswith(".syncthing.") and p.name.endswith(".tmp"))}  # fmt: skip
        assert names <= {"README.txt", "device.json", "journal.jsonl"}, names
    print(f"syncthing venue timings (s): {pair.timings}")
    head.close()
    tablet.close()
