"""Real Syncthing instances on 127.0.0.1 for the sync tests (Debian's ``syncthing`` package, 1.19).

``start_pair(root)`` gives two running instances with temporary homes under ``root``, introduced to each other
through the REST API and sharing one folder (``Syncthing.folder`` on each side). Nothing leaves the machine: each
instance listens on one 127.0.0.1 port, its GUI/REST on another, and global and local discovery, relays, NAT
traversal, STUN, usage reporting, crash reporting and automatic upgrades are off in its ``config.xml`` before its
first start (otherwise it sends DNS queries and broadcasts as it starts).

Syncthing keeps ``.stfolder`` (its marker) in the shared folder and writes incoming files to
``.syncthing.<name>.tmp`` before renaming them into place: a reader of the folder should look only at its own
file names. A file being appended to while Syncthing scans may arrive as it was then, its last line half written.

Stopping asks each instance to shut down through the REST API, then ends its process group with SIGTERM (``serve``
runs a monitor parent and a child; a SIGKILL on the parent alone would leave the child holding the ports), and checks
that no process of the group is left.
"""

from __future__ import annotations

import atexit
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FOLDER_ID = "refapp-venue"
SKIP_ENV = "REFAPP_SKIP_SYNCTHING"  # "1": skip the Syncthing tests when the binary is missing (developers only)

# config.xml <options> before the first start: nothing may leave 127.0.0.1.
_OFFLINE_OPTIONS = {
    "globalAnnounceEnabled": "false",
    "localAnnounceEnabled": "false",
    "relaysEnabled": "false",
    "natEnabled": "false",  # also disables STUN (Syncthing skips STUN when NAT traversal is off) ...
    "stunKeepaliveStartS": "0",  # ... and so does a zero keep-alive, belt and braces
    "stunKeepaliveMinS": "0",
    "urAccepted": "-1",  # usage reporting declined
    "urSeen": "3",
    "crashReportingEnabled": "false",
    "autoUpgradeIntervalH": "0",
    "startBrowser": "false",
    "announceLANAddresses": "false",
    "restartOnWakeup": "false",
    "setLowPriority": "false",
    # Not about traffic: redial a lost peer within seconds, not a minute (tests may stop and restart one side).
    "reconnectionIntervalS": "1",
}


_RUNNING: set[int] = set()  # process groups started and not yet stopped, ended at exit if a run is interrupted


@atexit.register
def _end_leftovers() -> None:
    for pgid in list(_RUNNING):
        _killpg(pgid, signal.SIGTERM)


class SyncthingError(RuntimeError):
    """An instance did not start, answer or stop as expected (the message carries the end of its log)."""


def binary() -> str | None:
    """The ``syncthing`` executable, or None when it is not installed."""
    return shutil.which("syncthing")


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Syncthing:
    """One Syncthing instance: its home, its shared folder, its ports and (once started) its process."""

    name: str
    home: Path
    folder: Path
    gui_port: int = field(default_factory=free_port)
    listen_port: int = field(default_factory=free_port)
    api_key: str = field(default_factory=lambda: secrets.token_hex(16))
    device_id: str = ""
    proc: subprocess.Popen[bytes] | None = None

    @property
    def address(self) -> str:
        return f"tcp://127.0.0.1:{self.listen_port}"

    @property
    def log(self) -> Path:
        return self.home / "syncthing.log"

    # -- set-up -------------------------------------------------------------------------------------------------

    def generate(self) -> None:
        """Create the home (keys, config), learn the device id and make the config local-only."""
        exe = binary()
        if exe is None:
            raise SyncthingError("syncthing is not installed")
        self.home.mkdir(parents=True, exist_ok=True)
        self.folder.mkdir(parents=True, exist_ok=True)
        common = {"capture_output": True, "text": True, "env": _env(), "timeout": 60}
        out = subprocess.run(
            [exe, "generate", f"--home={self.home}", "--no-default-folder", "--skip-port-probing"], **common
        )
        if out.returncode != 0:
            raise SyncthingError(f"{self.name}: syncthing generate failed: {out.stderr.strip()[-500:]}")
        out = subprocess.run([exe, "serve", f"--home={self.home}", "--device-id"], **common)
        self.device_id = out.stdout.strip()
        if out.returncode != 0 or len(self.device_id) != 63:
            raise SyncthingError(f"{self.name}: syncthing serve --device-id gave {out.stdout!r} {out.stderr!r}")
        self._edit_config()

    def _edit_config(self) -> None:
        path = self.home / "config.xml"
        tree = ET.parse(path)
        root = tree.getroot()
        gui = root.find("gui")
        assert gui is not None
        gui.set("tls", "false")
        _set(gui, "address", f"127.0.0.1:{self.gui_port}")
        _set(gui, "apikey", self.api_key)
        opts = root.find("options")
        assert opts is not None
        for el in opts.findall("listenAddress") + opts.findall("globalAnnounceServer"):
            opts.remove(el)
        ET.SubElement(opts, "listenAddress").text = self.address
        for key, value in _OFFLINE_OPTIONS.items():
            _set(opts, key, value)
        _set(opts, "stunServer", "")
        _set(opts, "releasesURL", "")
        _set(opts, "urURL", "")
        _set(opts, "crashReportingURL", "")
        own = root.find("device")
        assert own is not None and own.get("id") == self.device_id
        own.set("name", self.name)
        for addr in own.findall("address"):
            addr.text = self.address
        tree.write(path, encoding="utf-8", xml_declaration=False)

    # -- running ------------------------------------------------------------------------------------------------

    def start(self, timeout: float = 30.0) -> float:
        """Start ``syncthing serve`` in its own session and wait for the REST API; returns the seconds it took."""
        exe = binary()
        assert exe is not None
        t0 = time.perf_counter()
        logf = self.log.open("ab")
        try:
            self.proc = subprocess.Popen(
                [exe, "serve", f"--home={self.home}", "--no-browser", "--no-restart", "--no-upgrade"]
                + ["--no-default-folder"],
                stdin=subprocess.DEVNULL,
                stdout=logf,
                stderr=subprocess.STDOUT,
                env=_env(),
                start_new_session=True,
            )
        finally:
            logf.close()
        _RUNNING.add(self.proc.pid)
        deadline = t0 + timeout
        while True:
            if self.proc.poll() is not None:
                raise SyncthingError(f"{self.name} exited with status {self.proc.returncode} at start{self._tail()}")
            try:
                if self.rest("GET", "/rest/system/ping", timeout=1) == {"ping": "pong"}:
                    return time.perf_counter() - t0
            except (OSError, SyncthingError):
                pass
            if time.perf_counter() > deadline:
                raise SyncthingError(
                    f"{self.name} did not answer on 127.0.0.1:{self.gui_port} in {timeout} s{self._tail()}"
                )
            time.sleep(0.05)

    def rest(self, method: str, path: str, body: Any = None, timeout: float = 10) -> Any:
        """Call the REST API (JSON in and out); an HTTP error raises SyncthingError with the answer's text."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(f"http://127.0.0.1:{self.gui_port}{path}", data=data, method=method)
        req.add_header("X-API-Key", self.api_key)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                text = resp.read().decode()
        except urllib.error.HTTPError as exc:
            raise SyncthingError(f"{self.name}: {method} {path} -> {exc.code} {exc.read().decode()[:300]}") from exc
        return json.loads(text) if text.strip() else None

    def add_device(self, other: Syncthing, dial: bool = True) -> None:
        """Introduce ``other`` by its device id (the defaults template filled in), with its one 127.0.0.1 address if
        this side is to dial it; otherwise ``dynamic``, which finds nothing with discovery off: this side waits."""
        device = self.rest("GET", "/rest/config/defaults/device")
        addresses = [other.address] if dial else ["dynamic"]
        device.update({"deviceID": other.device_id, "name": other.name, "addresses": addresses})
        self.rest("POST", "/rest/config/devices", device)

    def add_folder(self, peers: list[Syncthing]) -> None:
        """Share the folder ``FOLDER_ID`` (``self.folder``) with ``peers``; scans are forced by the tests."""
        folder = self.rest("GET", "/rest/config/defaults/folder")
        folder.update(
            {
                "id": FOLDER_ID,
                "label": FOLDER_ID,
                "path": str(self.folder),
                "type": "sendreceive",
                "devices": [{"deviceID": d.device_id} for d in [self, *peers]],
                "fsWatcherEnabled": True,
                "fsWatcherDelayS": 1,
                "rescanIntervalS": 3600,
            }
        )
        self.rest("POST", "/rest/config/folders", folder)

    def connected_to(self, other: Syncthing) -> bool:
        conns = self.rest("GET", "/rest/system/connections")["connections"]
        return bool(conns.get(other.device_id, {}).get("connected"))

    def folder_state(self) -> str:
        return self.rest("GET", f"/rest/db/status?folder={FOLDER_ID}")["state"]

    def scan(self) -> None:
        """Force a scan of the shared folder (returns once the scan is done)."""
        self.rest("POST", f"/rest/db/scan?folder={FOLDER_ID}", timeout=30)

    def request_stop(self) -> None:
        """Ask the instance to shut down (REST, else SIGTERM to its group); ``stop`` waits for it."""
        if self.proc is None or self.proc.poll() is not None:
            return
        try:
            self.rest("POST", "/rest/system/shutdown", timeout=2)
        except (OSError, SyncthingError):
            _killpg(self.proc.pid, signal.SIGTERM)

    def stop(self, timeout: float = 10.0) -> None:
        """Shut down, then SIGTERM (then SIGKILL) the process group if it lingers; check that none of it is left."""
        if self.proc is None:
            return
        pgid = self.proc.pid  # start_new_session: the group id is the leader's pid
        self.request_stop()
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            _killpg(pgid, signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                _killpg(pgid, signal.SIGKILL)
                self.proc.wait(timeout)
        # The monitor's child is in the same group: give it a moment to follow, then make sure.
        deadline = time.perf_counter() + timeout
        while _group_alive(pgid):
            if time.perf_counter() > deadline:
                _killpg(pgid, signal.SIGKILL)
                raise SyncthingError(f"{self.name}: a process of group {pgid} outlived the shutdown (killed)")
            _killpg(pgid, signal.SIGTERM)
            time.sleep(0.05)
        _RUNNING.discard(pgid)
        self.proc = None

    def _tail(self) -> str:
        try:
            return "\n--- end of its log ---\n" + self.log.read_text(errors="replace")[-1500:]
        except OSError:
            return ""


@dataclass
class Pair:
    """Two running instances sharing ``FOLDER_ID``, and how long each step took (seconds)."""

    a: Syncthing
    b: Syncthing
    timings: dict[str, float]

    def scan(self) -> None:
        """Force a scan of the shared folder on both sides (each returns once its scan is done)."""
        self.a.scan()
        self.b.scan()

    def stop(self) -> None:
        """Stop both (asked at once: each takes about a second to close its connections)."""
        for inst in (self.a, self.b):
            inst.request_stop()
        errors = []
        for inst in (self.a, self.b):
            try:
                inst.stop()
            except SyncthingError as exc:
                errors.append(str(exc))
        if errors:
            raise SyncthingError("; ".join(errors))


def start_pair(root: Path, timeout: float = 60.0) -> Pair:
    """Two instances under ``root`` (``root/a``, ``root/b``), introduced and connected, the folder idle on both.

    They are started one after the other (starting both at once sometimes stalled for 20 s on this machine kind),
    and only ``a`` dials: when both dialed each other at once, the two handshakes blocked each other until
    Syncthing's 20 s Hello timeout in 3 of 53 introductions. ``b`` learns ``a`` first, so ``a``'s first dial is
    accepted.
    """
    a = Syncthing("refapp-a", root / "a" / "home", root / "a" / "shared")
    b = Syncthing("refapp-b", root / "b" / "home", root / "b" / "shared")
    pair = Pair(a, b, {})
    try:
        t0 = time.perf_counter()
        a.generate()
        b.generate()
        pair.timings["generate"] = time.perf_counter() - t0
        pair.timings["start_a"] = a.start()
        pair.timings["start_b"] = b.start()
        t0 = time.perf_counter()
        b.add_device(a, dial=False)
        a.add_device(b)
        b.add_folder([a])
        a.add_folder([b])
        _wait(lambda: a.connected_to(b) and b.connected_to(a), timeout, "the two instances to connect", pair)
        _wait(lambda: a.folder_state() == "idle" and b.folder_state() == "idle", timeout, "the folder to be idle", pair)
        pair.timings["introduce"] = time.perf_counter() - t0
    except BaseException:
        pair.stop()
        raise
    return pair


def wait_for_file(path: Path, content: bytes, timeout: float = 30.0) -> float:
    """Poll until ``path`` holds exactly ``content``; returns the seconds waited (SyncthingError on timeout)."""
    t0 = time.perf_counter()
    while True:
        try:
            if path.read_bytes() == content:
                return time.perf_counter() - t0
        except OSError:
            pass
        if time.perf_counter() - t0 > timeout:
            raise SyncthingError(f"{path} did not arrive with the expected content within {timeout} s")
        time.sleep(0.005)


def _wait(cond: Any, timeout: float, what: str, pair: Pair) -> None:
    deadline = time.perf_counter() + timeout
    while not cond():
        if time.perf_counter() > deadline:
            raise SyncthingError(f"timed out after {timeout} s waiting for {what}{pair.a._tail()}{pair.b._tail()}")
        time.sleep(0.02)


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.update({"STNOUPGRADE": "1", "STHASHING": "minio", "STNODEFAULTFOLDER": "1", "STNORESTART": "1"})
    return env


def _set(parent: ET.Element, tag: str, text: str) -> None:
    el = parent.find(tag)
    if el is None:
        el = ET.SubElement(parent, tag)
    el.text = text


def _killpg(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except ProcessLookupError:
        pass


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
