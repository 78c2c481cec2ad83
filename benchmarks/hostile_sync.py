"""`refapp sync` over a hostile shared folder: time and peak memory against the same venue's plain sync.

    .venv/bin/python benchmarks/hostile_sync.py

A venue (the head referee's device, a tablet with a table and rulings) syncs through a folder; then the folder is
seeded with what anyone on the share could put there: a journal of 1,000,000 chained event lines with no signature
(147 MiB), a device nobody trusts whose one signed head covers 200,000 events, a device folder and a journal that are
links (to the data folder's database and key), a hard link, a FIFO and a device node (as root). Each `refapp sync`
runs as its own process; its peak memory is the kernel's account of that child. Printed: the plain sync (the
baseline), the first hostile sync, the second one (the journals judged already are not read again), the peak memory
of each, whether any file outside this device's own journal files changed (it must not) and whether anything of the
hostile devices was merged (it must not).
Goals (issue 26): every sync of any folder at or under 200 MiB.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from benchmarks._report import emit  # noqa: E402
from refapp.store.chain import GENESIS, canonical, hash_v2  # noqa: E402
from refapp.store.keys import load_or_create  # noqa: E402
from refapp.store.signing import sign_head  # noqa: E402
from refapp.store.syncfolder import DEVICE_FORMAT, venue_dir  # noqa: E402
from tests.sync.venue import head_and_tablet  # noqa: E402

MIB = 1 << 20


def _device_folder(folder: Path, name: str, key_dir: Path) -> tuple[Path, object]:
    key = load_or_create(key_dir)
    d = venue_dir(folder) / name
    d.mkdir(parents=True)
    body = {"format": DEVICE_FORMAT, "version": 1, "device": name, "key": key.public_hex}
    body["fingerprint"] = key.fingerprint
    (d / "device.json").write_text(canonical(body) + "\n")
    return d, key


def _chained(path: Path, device: str, n: int, key: object | None) -> None:
    """``n`` chained event lines (valid JSON, hashes right), signed at the end when ``key`` is given."""
    prev = GENESIS
    with path.open("w", encoding="utf-8") as fh:
        for s in range(1, n + 1):
            payload = {"at": "2026-11-22T10:00:00+01:00", "by": "", "id": f"00000000-0000-4000-8000-{s:012d}",
                       "seat": 0, "type": "riichi"}  # fmt: skip
            prev = hash_v2(prev, [payload["id"], device, s, "t", "x", None], canonical(payload))
            fh.write(canonical({"a": None, "o": "t", "p": payload, "s": s, "t": "x"}) + "\n")
        if key is not None:
            fh.write(canonical({"head": sign_head(key, device, n, prev).to_json()}) + "\n")  # type: ignore[arg-type]


def _snapshot(*roots: Path, skip: set[Path]) -> dict[str, str]:
    out = {}
    for root in roots:
        for base, _dirs, files in os.walk(root):
            for name in files:
                p = Path(base) / name
                if p in skip or p.is_symlink() or not stat.S_ISREG(p.lstat().st_mode):
                    continue
                digest = hashlib.sha256()
                with p.open("rb") as fh:  # a mebibyte at a time: this process stays small (it starts the syncs)
                    for chunk in iter(lambda fh=fh: fh.read(MIB), b""):
                        digest.update(chunk)
                out[str(p)] = digest.hexdigest()
    return out


def _sync(data: Path, folder: Path) -> tuple[float, float, int, str]:
    """(seconds, peak MiB, exit status, first line of output) of one `refapp sync` in its own process (its peak is
    the kernel's account of that child alone: ``wait4``)."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        argv = [sys.executable, "-m", "refapp", "--data-dir", str(data), "sync", str(folder)]
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    first = text.strip().splitlines()[:1]
    return elapsed, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status), first[0] if first else ""


def build(tmp: Path) -> None:
    """The venue (run in its own process, like :func:`seed`, so that the syncs' parent stays small: a child's peak
    memory counts what it shares with its parent before it starts refapp)."""
    head, tablet, folder = head_and_tablet(tmp, 200, seed=1)
    head.close()
    tablet.close()


def seed(tmp: Path) -> None:
    """The hostile folder."""
    folder = tmp / "shared"
    d, _ = _device_folder(folder, "unsigned", tmp / "k1")
    _chained(d / "journal.jsonl", "unsigned", 1_000_000, None)
    d, key = _device_folder(folder, "stranger", tmp / "k2")
    _chained(d / "journal.jsonl", "stranger", 200_000, key)
    victim_db, victim_key = tmp / "head" / "refapp.sqlite3", tmp / "head" / "device.key"
    (venue_dir(folder) / "linked").symlink_to(tmp / "head", target_is_directory=True)
    d, _ = _device_folder(folder, "linkjournal", tmp / "k3")
    (d / "journal.jsonl").symlink_to(victim_db)
    d, _ = _device_folder(folder, "hardlink", tmp / "k4")
    shutil.copy(victim_key, tmp / "key-copy")
    os.link(tmp / "key-copy", d / "journal.jsonl")
    d, _ = _device_folder(folder, "fifo", tmp / "k5")
    os.mkfifo(d / "journal.jsonl")
    if os.geteuid() == 0:
        d, _ = _device_folder(folder, "node", tmp / "k6")
        os.mknod(d / "journal.jsonl", stat.S_IFCHR | 0o600, os.makedev(1, 5))


def main() -> int:
    if sys.argv[1:2] in (["--build"], ["--seed"]):
        (build if sys.argv[1] == "--build" else seed)(Path(sys.argv[2]))
        return 0
    tmp = Path(tempfile.mkdtemp(prefix="refapp-hostile-"))
    try:
        subprocess.run([sys.executable, __file__, "--build", str(tmp)], check=True)
        folder = tmp / "shared"
        plain = _sync(tmp / "head", folder)
        subprocess.run([sys.executable, __file__, "--seed", str(tmp)], check=True)
        victim_db = tmp / "head" / "refapp.sqlite3"
        own_dirs = [p for p in venue_dir(folder).iterdir() if (p / "journal.jsonl").exists() and p.name not in (
            "unsigned", "stranger", "linkjournal", "hardlink", "fifo", "node", "linked")]  # fmt: skip
        size = sum(p.stat().st_size for p in venue_dir(folder).rglob("journal.jsonl") if p.is_file()
                   and not p.is_symlink())  # fmt: skip
        print(f"hostile folder: {size / MIB:.0f} MiB of journals")
        skip = {p / "journal.jsonl" for p in own_dirs} | {tmp / "head" / n for n in ("refapp.sqlite3",
                "refapp.sqlite3-wal", "refapp.sqlite3-shm", "refapp.journal", "refapp.lock")}  # fmt: skip
        before = _snapshot(tmp / "head", tmp / "tablet", folder, skip=skip)
        first = _sync(tmp / "head", folder)
        second = _sync(tmp / "head", folder)
        after = _snapshot(tmp / "head", tmp / "tablet", folder, skip=skip)
        changed = sorted(k for k in before if before.get(k) != after.get(k))
        import sqlite3

        conn = sqlite3.connect(victim_db)
        merged = conn.execute(
            "SELECT count(*) FROM events WHERE device_id IN ('unsigned', 'stranger', 'linkjournal', 'hardlink')"
        ).fetchone()[0]
        held = conn.execute("SELECT count(*) FROM held WHERE device_id = 'stranger'").fetchone()[0]
        conn.close()
        print(f"plain sync:          {plain[0]:6.2f} s, peak {plain[1]:6.1f} MiB ({plain[3]})")
        print(f"first hostile sync:  {first[0]:6.2f} s, peak {first[1]:6.1f} MiB, exit {first[2]}")
        print(f"second hostile sync: {second[0]:6.2f} s, peak {second[1]:6.1f} MiB, exit {second[2]}")
        print(f"files changed outside this device's journal files: {len(changed)} {changed[:3]}")
        print(f"events of the hostile devices merged: {merged}; events of the untrusted one held: {held}")
        peak = max(first[1], second[1])
        emit(
            "hostile",
            [
                ("hostile sync: peak memory", f"{peak:.0f} MiB (plain {plain[1]:.0f})", "≤ 200 MiB", peak <= 200),
                ("hostile sync: first / again", f"{first[0]:.1f} s / {second[0]:.2f} s", "", None),
                ("hostile sync: files changed outside", f"{len(changed)}", "0", not changed),
                ("hostile sync: forged events merged", f"{merged}", "0", merged == 0),
            ],
        )
        return 0
    finally:
        if os.environ.get("REFAPP_BENCH_KEEP"):
            print(f"kept: {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
