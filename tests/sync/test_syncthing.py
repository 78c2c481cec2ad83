"""Two real Syncthing instances pass a file from one shared folder to the other, and nothing else runs afterwards."""

from __future__ import annotations

import os
import time

import pytest

from . import conftest
from .syncthing import SKIP_ENV, SyncthingError, wait_for_file


def test_a_file_written_on_one_instance_appears_on_the_other(syncthing_pair):
    pair = syncthing_pair
    a, b = pair.a, pair.b
    # The running configuration is local-only: nothing may leave 127.0.0.1.
    for inst in (a, b):
        opts = inst.rest("GET", "/rest/config")["options"]
        assert opts["listenAddresses"] == [inst.address]
        assert not opts["globalAnnounceEnabled"] and not opts["localAnnounceEnabled"]
        assert not opts["relaysEnabled"] and not opts["natEnabled"]
        assert opts["urAccepted"] == -1 and not opts["crashReportingEnabled"] and opts["autoUpgradeIntervalH"] == 0
    # a dials b at its one 127.0.0.1 address; b has no address for a (discovery is off), it only accepts a's dial.
    assert {d["deviceID"]: d["addresses"] for d in a.rest("GET", "/rest/config/devices")}[b.device_id] == [b.address]
    assert {d["deviceID"]: d["addresses"] for d in b.rest("GET", "/rest/config/devices")}[a.device_id] == ["dynamic"]

    payload = os.urandom(4096)
    (a.folder / "journal").mkdir()
    (a.folder / "journal" / "device-a.jsonl").write_bytes(payload)
    t0 = time.perf_counter()
    a.scan()
    pair.timings["scan_a"] = time.perf_counter() - t0
    pair.timings["file_a_to_b"] = (
        time.perf_counter() - t0 + wait_for_file(b.folder / "journal" / "device-a.jsonl", payload)
    )

    # And back: the other direction, through the file watcher this time (no forced scan).
    reply = b"written on b\n"
    (b.folder / "journal" / "device-b.jsonl").write_bytes(reply)
    pair.timings["file_b_to_a_watcher"] = wait_for_file(a.folder / "journal" / "device-b.jsonl", reply)
    assert (b.folder / "journal" / "device-a.jsonl").read_bytes() == payload
    print(f"syncthing timings (s): {pair.timings}")


def test_stop_leaves_no_process_and_frees_the_ports(syncthing_pair):
    pair = syncthing_pair
    pgids = [pair.a.proc.pid, pair.b.proc.pid]
    pair.stop()
    for pgid in pgids:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            pass
        else:
            raise AssertionError(f"a Syncthing process of group {pgid} is still running")
    for inst in (pair.a, pair.b):
        try:
            inst.rest("GET", "/rest/system/ping", timeout=1)
        except (OSError, SyncthingError):
            continue
        raise AssertionError(f"{inst.name} still answers on its REST port")


def test_a_missing_syncthing_fails_unless_the_developer_opts_out(monkeypatch):
    monkeypatch.setattr(conftest, "binary", lambda: None)
    monkeypatch.delenv(SKIP_ENV, raising=False)
    with pytest.raises(pytest.fail.Exception, match="syncthing is not installed"):
        conftest.require_syncthing()
    monkeypatch.setenv(SKIP_ENV, "yes")  # only "1" opts out
    with pytest.raises(pytest.fail.Exception):
        conftest.require_syncthing()
    monkeypatch.setenv(SKIP_ENV, "1")
    with pytest.raises(pytest.skip.Exception):
        conftest.require_syncthing()
