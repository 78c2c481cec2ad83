"""`refapp device`, `devices`, `devices trust`, `sync` and `conflicts`, as a head referee runs them at a venue."""

from __future__ import annotations

import json
import random

from refapp.cli import main
from refapp.store.devices import handover
from refapp.store.keys import parse_fingerprint
from tests.sync.venue import Device


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_device_prints_its_fingerprint_made_on_first_use_and_the_same_after(tmp_path, capsys):
    data = tmp_path / "head"
    code, out, err = run(capsys, "--data-dir", data, "device", "--json")
    assert code == 0 and err == ""
    shown = json.loads(out)
    assert (
        set(shown) == {"fingerprint", "device", "key"}
        and parse_fingerprint(shown["fingerprint"]) == shown["fingerprint"]
    )
    code, out, _ = run(capsys, "--data-dir", data, "device")
    words, number = shown["fingerprint"].rsplit("-", 1)
    assert f"fingerprint: {shown['fingerprint']}" in out and f"read aloud: {words.replace('-', ' ')}" in out
    assert run(capsys, "--data-dir", data, "device", "--json")[1] == json.dumps(shown) + "\n"


def test_a_tablet_is_held_until_trusted_then_merged_and_listed(tmp_path, capsys):
    folder = tmp_path / "stick"
    folder.mkdir()
    head = tmp_path / "head"
    run(capsys, "--data-dir", head, "device")
    head_fp = json.loads(run(capsys, "--data-dir", head, "device", "--json")[1])["fingerprint"]
    tablet = Device(tmp_path / "tablet", "T3")
    code, out, _ = run(capsys, "--data-dir", tablet.path, "devices", "trust", head_fp, "--name", "Head", "--head")
    # (the tablet's store is open in this process: the command is refused with one line, the folder being in use)
    assert code == 2
    tablet.trust(type("H", (), {"fingerprint": head_fp, "name": "Head"})(), "head")
    tablet.store.setup_table("Venue Open", 3, [{"name": n} for n in "ABCD"])
    tablet.table = tablet.store.tables(tablet.store.tournaments()[0]["id"])[0]
    for _ in range(3):
        tablet.record(random.Random(1))
    tablet.sync(folder)
    code, out, err = run(capsys, "--data-dir", head, "sync", folder, "--json")
    assert code == 0, err
    report = json.loads(out)
    row = next(d for d in report["devices"] if d["fingerprint"] == tablet.fingerprint)
    assert (row["status"], row["merged"], row["held"]) == ("untrusted", 0, tablet.own_events())
    code, out, _ = run(capsys, "--data-dir", head, "devices", "--json")
    listed = {d["fingerprint"]: d for d in json.loads(out)}
    assert listed[tablet.fingerprint]["status"] == "untrusted" and listed[tablet.fingerprint]["held"] > 0
    code, out, _ = run(capsys, "--data-dir", head, "devices", "trust", tablet.fingerprint.replace("-", " "),
                       "--name", "Table 3")  # fmt: skip
    assert code == 0 and f"{tablet.fingerprint} (Table 3): trusted" in out and "merged" in out
    code, out, _ = run(capsys, "--data-dir", head, "devices")
    assert "Table 3  [trusted]" in out
    code, out, _ = run(capsys, "--data-dir", head, "verify")
    assert code == 0 and out.startswith("ok:")
    tablet.close()


def test_a_mistyped_fingerprint_and_a_missing_folder_are_one_line_each(tmp_path, capsys):
    head = tmp_path / "head"
    run(capsys, "--data-dir", head, "device")
    code, out, err = run(capsys, "--data-dir", head, "devices", "trust", "orbit marbel linen goat mango 737",
                         "--name", "x")  # fmt: skip
    assert code == 2 and out == "" and err.count("\n") == 1 and "did you mean 'marble'" in err
    code, out, err = run(capsys, "--data-dir", head, "sync", tmp_path / "no-stick")
    assert code == 2 and err.count("\n") == 1 and "no such folder" in err


def test_conflicts_are_listed_and_resolved_from_the_command_line(tmp_path, capsys):
    folder = tmp_path / "share"
    folder.mkdir()
    head = Device(tmp_path / "head", "Head")
    head.store.create_tournament("Venue Open")
    b, c = Device(tmp_path / "b", "TB"), Device(tmp_path / "c", "TC")
    for t in (b, c):
        t.trust(head, "head")
        head.trust(t)
    head.sync(folder)
    for t in (b, c):
        t.sync(folder)
    b.set_up(2)
    rng = random.Random(3)
    b.record(rng)
    b.sync(folder)
    c.sync(folder)
    table = c.store.table(b.table.table_id)
    handover(c.store, table, "Luc")
    kept = c.record(rng, table)
    b.record(rng)
    for t in (b, c, head):
        t.sync(folder)
    head.close()
    code, out, _ = run(capsys, "--data-dir", head.path, "conflicts")
    assert code == 0 and "table 2 (Venue Open): open" in out and out.count("  branch ") == 2
    code, out, err = run(capsys, "--data-dir", head.path, "conflicts", "resolve", "--table", 2, "--keep",
                         kept["id"][:8], "--reason", "handed over to C", "--referee", "Marie")  # fmt: skip
    assert code == 0, err
    assert f"the branch {kept['id']} stands" in out
    code, out, _ = run(capsys, "--data-dir", head.path, "conflicts")
    assert out == "no open conflict\n"
    code, out, _ = run(capsys, "--data-dir", head.path, "conflicts", "--all", "--json")
    shown = json.loads(out)
    assert shown[0]["state"] == "resolved" and shown[0]["resolutions"][0]["reason"] == "handed over to C"
    code, out, err = run(capsys, "--data-dir", head.path, "conflicts", "resolve", "--table", 9, "--keep", "x",
                         "--reason", "r")  # fmt: skip
    assert code == 2 and "no open conflict at that table" in err
    for t in (b, c):
        t.close()
