"""The cases of the hostile-input campaign (``tests/fuzz/campaign.py``), by category."""

from __future__ import annotations

import json
import os
import random
import stat
from collections.abc import Callable
from pathlib import Path

from refapp.store.opening import open_store
from tests.fuzz.campaign import Case

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Ann", "Bob", "Cyd", "Dan"]
START = {"type": "hanchan_start", "id": "s1", "at": "2026-11-22T10:00:00+01:00", "players": PLAYERS,
         "ruleset": "ema-2016"}  # fmt: skip


def _write(name: str, data: bytes | str) -> Callable[[Path], Path]:
    def make(tmp: Path) -> Path:
        f = tmp / name
        f.write_bytes(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data)
        return f

    return make


def _log(*events: dict, **top) -> str:
    return json.dumps({"events": list(events), **top})


def _sparse(size: int) -> Callable[[Path], Path]:
    def make(tmp: Path) -> Path:
        f = tmp / "huge.json"
        with f.open("wb") as fh:
            fh.truncate(size)
        return f

    return make


def _folder(tmp: Path) -> Path:
    (tmp / "a-folder.json").mkdir()
    return tmp / "a-folder.json"


def _unreadable(tmp: Path) -> Path | str:
    f = tmp / "unreadable.json"
    f.write_text("{}")
    f.chmod(0)
    return "/proc/self/mem" if os.geteuid() == 0 else f  # root reads any file; /proc/self/mem refuses a read at 0


def _fifo_path(tmp: Path) -> Path:
    path = tmp / "a-fifo.json"
    os.mkfifo(path)
    return path


RNG = random.Random(12)
JUNK = RNG.randbytes(4096)

# Hostile JSON documents, as files: every JSON reader of the command line gets each one.
HOSTILE_JSON: list[tuple[str, Callable[[Path], Path | str]]] = [
    ("nesting 100,000 deep", _write("deep.json", "[" * 100_000 + "]" * 100_000)),
    ("nesting 50,000 deep, never closed", _write("deep-open.json", '{"a":' * 50_000)),
    (
        "nesting 5,000 deep inside an event's answers",
        _write(
            "deep-answers.json",
            '{"events": [{"type": "incident", "id": "i", "at": "2026-11-22T10:00:00Z", "seat": 1, '
            '"offence": "warning", "answers": {"x": ' + "[" * 5000 + "]" * 5000 + "}}]}",
        ),
    ),
    ("integer of 5,000 digits", _write("bigint.json", '{"events": [{"seat": ' + "9" * 5000 + "}]}")),
    ("lone high surrogate", _write("sur-high.json", '{"events": [{"type": "riichi", "id": "\\ud800"}]}')),
    (
        "lone low surrogate in a name",
        _write(
            "sur-low.json",
            '{"events": [{"type": "hanchan_start", "id": "s", "at": "2026-11-22T10:00:00Z", "ruleset": "ema-2016", '
            '"players": ["\\udc00", "B", "C", "D"]}]}',
        ),
    ),
    (
        "NaN in resume.overall",
        _write(
            "nan.json",
            '{"events": [{"type": "hanchan_start", "id": "s", "at": "2026-11-22T10:00:00Z", "ruleset": "ema-2016", '
            '"players": ["A", "B", "C", "D"], "resume": {"scores": [25000, 25000, 25000, 25000], '
            '"overall": [0, NaN, 0, 0]}}]}',
        ),
    ),
    ("Infinity", _write("inf.json", '{"events": [], "version": Infinity}')),
    ("-Infinity", _write("minf.json", '{"events": [-Infinity]}')),
    ("1e999 (overflows to infinity)", _write("1e999.json", '{"events": [1e999]}')),
    ("binary junk", _write("junk.json", JUNK)),
    ("a PNG image", _write("image.json", b"\x89PNG\r\n\x1a\n" + JUNK[:200])),
    ("NUL bytes", _write("nul.json", b"\x00" * 100)),
    ("empty file", _write("empty.json", b"")),
    ("whitespace only", _write("blank.json", b"  \n\t\n")),
    ("UTF-16 with a byte-order mark", _write("utf16.json", '{"events": []}'.encode("utf-16"))),
    ("invalid UTF-8", _write("latin1.json", b'{"events": ["caf\xe9"]}')),
    ("truncated JSON", _write("cut.json", '{"events": [{"type": "riichi", "se')),
    ("a JSON list", _write("list.json", "[1, 2, 3]")),
    ("a JSON string", _write("string.json", '"events"')),
    ("null", _write("null.json", "null")),
    ("file over the size limit (300 MB, sparse)", _sparse(300 * 2**20)),
    ("a folder", _folder),
    ("a missing file", lambda tmp: tmp / "missing.json"),
    ("a path through a file", lambda tmp: _write("plain.json", "{}")(tmp) / "inside.json"),
    ("an unreadable file", _unreadable),
    ("a name with a newline", _write("new\nline.json", "[")),
]

# Table logs that are valid JSON but carry hostile values.
HOSTILE_LOGS: list[tuple[str, str]] = [
    ("resume.counters = 10**20", _log({**START, "resume": {"scores": [25000] * 4, "counters": 10**20}})),
    ("resume.scores of 10**20", _log({**START, "resume": {"scores": [10**20, 0, 0, 0]}})),
    ("resume.overall of 1e300", _log({**START, "resume": {"scores": [25000] * 4, "overall": [1e300, 0, 0, 0]}})),
    ("seat 10**20", _log(START, {"type": "riichi", "id": "r", "at": "2026-11-22T10:00:00Z", "seat": 10**20})),
    ("seat true", _log(START, {"type": "riichi", "id": "r", "at": "2026-11-22T10:00:00Z", "seat": True})),
    (
        "han 10**20",
        _log(
            START,
            {
                "type": "win",
                "id": "w",
                "at": "2026-11-22T10:00:00Z",
                "kind": "ron",
                "discarder": 1,
                "winners": [{"seat": 0, "han": 10**20, "fu": 30}],
            },
        ),
    ),
    (
        "points 10**20",
        _log(
            START,
            {
                "type": "win",
                "id": "w",
                "at": "2026-11-22T10:00:00Z",
                "kind": "tsumo",
                "winners": [{"seat": 0, "points": 10**20}],
            },
        ),
    ),
    ("hanchan 10**20", _log({**START, "hanchan": 10**20})),
    (
        "answer of 10**20",
        _log(
            START,
            {
                "type": "incident",
                "id": "i",
                "at": "2026-11-22T10:00:00Z",
                "seat": 1,
                "offence": "point_penalty",
                "answers": {"amount": 10**20},
            },
        ),
    ),
    (
        "100,000 tenpai seats",
        _log(START, {"type": "draw", "id": "d", "at": "2026-11-22T10:00:00Z", "tenpai": [0, 1, 2, 3] * 25_000}),
    ),
    (
        "control characters in a name (an escape sequence, a line feed)",
        _log({**START, "players": ["A\x1b[31m\nB", "B", "C", "D"]}),
    ),
    (
        "void of itself",
        _log(START, {"type": "void", "id": "v", "at": "2026-11-22T10:00:00Z", "target": "v", "reason": "x"}),
    ),
    ("unknown key with a newline", json.dumps({"events": [], "bad\nkey": 1})),
    ("events is an object", json.dumps({"events": {"0": START}})),
    ("version 10**20", json.dumps({"events": [], "version": 10**20})),
]


# Odd but valid: accepted, printed as JSON, shown elided on the board.
ACCEPTED_LOGS: list[tuple[str, str]] = [
    ("a 1 MB player name", _log({**START, "players": ["A" * 2**20, "B", "C", "D"]})),
]


def _bundle_with(mutate: Callable[[dict], None]) -> Callable[[Path], Path]:
    """A bundle exported from the campaign's pristine store, changed by ``mutate``."""

    def make(tmp: Path) -> Path:
        from refapp.store import bundle
        from tests.history_data import build

        store_dir = tmp / "exporter"
        build(store_dir).store.close()
        store = open_store(store_dir)
        try:
            data = bundle.export_bundle(store)
        finally:
            store.close()
        mutate(data)
        f = tmp / "bundle.json"
        f.write_text(json.dumps(data), encoding="utf-8")
        return f

    return make


def _set_event(key: str, value) -> Callable[[dict], None]:
    def mutate(data: dict) -> None:
        data["events"][0][key] = value

    return mutate


def _payload(text: str) -> Callable[[dict], None]:
    def mutate(data: dict) -> None:
        data["events"][-1]["payload"] = text

    return mutate


HOSTILE_BUNDLES: list[tuple[str, Callable[[dict], None], str]] = [
    ("a column of 10**20 (counters)", _set_event("counters", 10**20), ""),
    ("a payload nested 100,000 deep", _payload("[" * 100_000 + "]" * 100_000), ""),
    ("a payload that is not JSON", _payload("{not json"), ""),
    ("a payload with NaN", _payload('{"type": "riichi", "id": "x", "at": "2026-11-22T10:00:00Z", "seat": NaN}'), ""),
    (
        "a payload with a lone surrogate",
        _payload('{"type": "riichi", "id": "\\ud800", "at": "2026-11-22T10:00:00Z", "seat": 0}'),
        "",
    ),
    (
        "a payload integer of 5,000 digits",
        _payload('{"type": "riichi", "id": "x", "at": "2026-11-22T10:00:00Z", "seat": ' + "9" * 5000 + "}"),
        "",
    ),
    ("format of another program", lambda d: d.update(format="something-else"), ""),
    ("a table list replaced by a number", lambda d: d.update(players=7), ""),
]

TOML_CASES: list[tuple[str, Callable[[Path], Path | str], str]] = [
    ("an array nested 100,000 deep", _write("deep.toml", 'id = "x"\na = ' + "[" * 100_000 + "]" * 100_000), ""),
    (
        "an inline table nested 10,000 deep",
        _write("deept.toml", 'id = "x"\na = ' + "{b = " * 10_000 + "1" + "}" * 10_000),
        "",
    ),
    ("an integer of 5,000 digits", _write("bigint.toml", 'id = "x"\nstart_points = ' + "9" * 5000), ""),
    (
        "nan and inf",
        _write(
            "nan.toml",
            'id = "x"\nname = "X"\nversion = "1"\nextends = "ema-2016"\n[results]\numa = [nan, inf, -inf, 0]\n',
        ),
        "",
    ),
    ("a lone surrogate escape", _write("sur.toml", 'id = "x"\nname = "\\ud800"\n'), ""),
    ("binary junk", _write("junk.toml", JUNK), ""),
    ("empty file", _write("empty.toml", b""), ""),
    ("a folder", _folder, ""),
    ("a missing file", lambda tmp: tmp / "missing.toml", ""),
    ("an unreadable file", _unreadable, ""),
]


# -- exports -------------------------------------------------------------------------------------------------------


def _symlink_to_file(tmp: Path) -> Path:
    target = tmp / "real.json"
    target.write_text("old")
    link = tmp / "link.json"
    link.symlink_to(target)
    return link


def _device(tmp: Path) -> Path:
    """A private null device node (as root: an export that replaced it must not replace the system's /dev/null)."""
    node = tmp / "null-device"
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:
        return Path("/dev/null")  # a user cannot replace /dev/null
    return node


def _symlink_to_device(tmp: Path) -> Path:
    link = tmp / "null.json"
    link.symlink_to(_device(tmp))
    return link


def _dangling(tmp: Path) -> Path:
    link = tmp / "dangling.json"
    link.symlink_to(tmp / "not-yet.json")
    return link


def _written_through(data: Path, tmp: Path, out: str, err: str) -> str | None:
    link, target = tmp / "link.json", tmp / "real.json"
    if not link.is_symlink():
        return "the symlink was replaced by a file"
    text = target.read_text(encoding="utf-8")
    if not text.startswith('{"format":"refapp-bundle"'):
        return f"the link's target holds {text[:30]!r}, not the bundle"
    return None


def _dangling_written(data: Path, tmp: Path, out: str, err: str) -> str | None:
    if not (tmp / "dangling.json").is_symlink() or not (tmp / "not-yet.json").is_file():
        return "the dangling link was not written through"
    return None


def _umask_mode(data: Path, tmp: Path, out: str, err: str) -> str | None:
    mode = stat.S_IMODE((tmp / "out.json").stat().st_mode)
    umask = os.umask(0)
    os.umask(umask)
    return None if mode == 0o666 & ~umask else f"mode {mode:o}, expected {0o666 & ~umask:o} (umask {umask:03o})"


def _device_untouched(data: Path, tmp: Path, out: str, err: str) -> str | None:
    for node in (tmp / "null-device", Path("/dev/null")):
        if node.exists() and not stat.S_ISCHR(os.lstat(node).st_mode):
            return f"{node} is no longer a device"
    return None


EXPORT = ["--data-dir", "{data}", "export", "-o"]


def export_cases() -> list[Case]:
    cat = "exports (export -o)"
    cases = [
        Case(cat, "a device", [*EXPORT, "{f}"], make=_device, check=_device_untouched),
        Case(cat, "a FIFO", [*EXPORT, "{f}"], make=_fifo_path),
        Case(cat, "a folder", [*EXPORT, "{f}"], make=_folder),
        Case(cat, "a symlink to a device", [*EXPORT, "{f}"], make=_symlink_to_device, check=_device_untouched),
        Case(
            cat,
            "a symlink to a file: written through",
            [*EXPORT, "{f}"],
            make=_symlink_to_file,
            expect=0,
            check=_written_through,
        ),
        Case(
            cat,
            "a dangling symlink: written through",
            [*EXPORT, "{f}"],
            make=_dangling,
            expect=0,
            check=_dangling_written,
        ),
        Case(cat, "a file in a missing folder", [*EXPORT, "{tmp}/nope/out.json"]),
        Case(cat, "a file whose folder is a file", [*EXPORT, "{f}/out.json"], make=_write("plain", "x")),
        Case(cat, "a new file gets the umask's mode", [*EXPORT, "{tmp}/out.json"], expect=0, check=_umask_mode),
        Case(cat, "CSV to a FIFO", [*EXPORT, "{f}", "--format", "csv"], make=_fifo_path),
        Case(
            cat,
            "results CSV to a folder",
            [*EXPORT, "{f}", "--format", "results", "--tournament", "Paris Riichi Open"],
            make=_folder,
        ),
        Case(cat, "stdout closed (export -o -)", [*EXPORT, "-"], process=True, shell=">&-"),
        Case(cat, "stdout a full device (export -o -)", [*EXPORT, "-"], process=True, shell=">/dev/full"),
        Case(
            cat,
            "stdout closed (replay)",
            ["replay", str(ROOT / "tests/data/logs/ex01-ema2016-chombo.json")],
            process=True,
            shell=">&-",
        ),
        Case(
            cat,
            "stdout closed (history --json)",
            ["--data-dir", "{data}", "history", "--json"],
            process=True,
            shell=">&-",
        ),
        Case(cat, "stdin closed (replay -)", ["replay", "-"], process=True, shell="<&-"),
    ]
    return cases


# -- command-line arguments ----------------------------------------------------------------------------------------

SURROGATE = "\udcff"  # what Python makes of a byte that is not UTF-8 in a command-line argument


def argument_cases() -> list[Case]:
    cat = "command-line arguments"
    d = ["--data-dir", "{data}"]
    return [
        Case(cat, "history --limit 10**30", [*d, "history", "--limit", str(10**30)]),
        Case(cat, "history --offset 10**30", [*d, "history", "--offset", str(10**30)]),
        Case(cat, "history --limit of 5,000 digits", [*d, "history", "--limit", "9" * 5000]),
        Case(cat, "history --since garbage", [*d, "history", "--since", "yesterday-ish"]),
        Case(cat, "history --since 2026-13-45", [*d, "history", "--since", "2026-13-45"]),
        Case(cat, "history --player with a non-UTF-8 byte", [*d, "history", "--player", "B" + SURROGATE]),
        Case(cat, "history --text with a non-UTF-8 byte", [*d, "history", "--text", SURROGATE]),
        Case(cat, "history --tournament with a non-UTF-8 byte", [*d, "history", "--tournament", SURROGATE]),
        Case(cat, "history --table of 10,000 characters", [*d, "history", "--table", "7" * 10_000]),
        Case(cat, "history --offence unknown", [*d, "history", "--offence", "x" * 1000]),
        Case(cat, "export --tournament with a non-UTF-8 byte", [*d, "export", "-o", "-", "--tournament", SURROGATE]),
        Case(cat, "offences with a non-UTF-8 byte", ["offences", SURROGATE]),
        Case(cat, "an unknown option", ["history", "--frobnicate"]),
        Case(cat, "an unknown command", ["frobnicate"]),
        Case(cat, "hand waits: 200,000 characters", ["hand", "waits", "1m" * 100_000]),
        Case(cat, "hand waits: a non-UTF-8 byte", ["hand", "waits", "123m" + SURROGATE]),
        Case(
            cat,
            "hand win --counters 10**30",
            [
                "hand",
                "win",
                "123m456p789s11z222z",
                "--win-tile",
                "2z",
                "--seat-wind",
                "E",
                "--round-wind",
                "E",
                "--counters",
                str(10**30),
            ],
        ),
        Case(
            cat,
            "hand win --dora of 100,000 tiles",
            [
                "hand",
                "win",
                "123m456p789s11z222z",
                "--win-tile",
                "2z",
                "--seat-wind",
                "E",
                "--round-wind",
                "E",
                "--dora",
                "1m" * 100_000,
            ],
        ),
        Case(cat, "hand kan with junk", ["hand", "kan", "--riichi-hand", "\x00" * 10, "--drawn", "1m", "--kan", "1m"]),
        Case(cat, "--data-dir with a non-UTF-8 byte", ["--data-dir", "/tmp/" + SURROGATE, "history"]),
    ]


# -- data folders --------------------------------------------------------------------------------------------------


def _db_replaced(content: bytes | None) -> Callable[[Path], Path]:
    """Not a file in the scratch folder: replaces the database of a data folder (``{f}`` is that folder)."""

    def make(tmp: Path) -> Path:
        folder = tmp / "data2"
        folder.mkdir()
        db = folder / "refapp.sqlite3"
        if content is None:
            db.mkdir()
        else:
            db.write_bytes(content)
        return folder

    return make


def data_folder_cases() -> list[Case]:
    cat = "data folders"
    cases: list[Case] = []
    for cmd in (["history"], ["verify"], ["export", "-o", "-"]):
        name = " ".join(cmd[:1])
        # verify reports damage on stdout with exit status 1; the others refuse with one line and exit status 2
        damaged = {"expect": 1, "stream": "stdout"} if cmd == ["verify"] else {}
        cases += [
            Case(cat, f"{name}: --data-dir is a file", ["--data-dir", "{f}", *cmd], make=_write("afile", "x")),
            Case(cat, f"{name}: --data-dir is missing", ["--data-dir", "{tmp}/none", *cmd]),
            Case(
                cat,
                f"{name}: the database is a folder",
                ["--data-dir", "{f}", *cmd],
                make=_db_replaced(None),
                **damaged,
            ),
            Case(
                cat,
                f"{name}: the database is junk",
                ["--data-dir", "{f}", *cmd],
                make=_db_replaced(JUNK),
                **damaged,
            ),
        ]
    return cases


# -- the app's own files at start (real processes) -----------------------------------------------------------------


def _app_files(settings: bytes | None, board: bytes | None) -> Callable[[Path], Path]:
    """A data folder (``{f}``) holding a real table, with settings.json and board.json replaced."""

    def make(tmp: Path) -> Path:
        from tests.history_data import build

        folder = tmp / "app"
        sc = build(folder)
        sc.store.close()
        base = {"version": 1, "table_id": sc.t1.table_id, "tournament_id": sc.paris}
        (folder / "settings.json").write_text(json.dumps(base))
        if settings is not None:
            (folder / "settings.json").write_bytes(settings.replace(b"TABLE", sc.t1.table_id.encode()))
        if board is not None:
            (folder / "board.json").write_bytes(board.replace(b"TABLE", sc.t1.table_id.encode()))
        return folder

    return make


def _board(facts) -> bytes:
    return json.dumps(
        {"table_id": "TABLE", "events": 14, "last_event": "x", "table_number": 1, "board": facts}
    ).encode()


def start_cases() -> list[Case]:
    cat = "app start over hostile files"
    quit_ = ["--quit-after", "1"]
    settings = {
        "settings.json nested 100,000 deep": b"[" * 100_000 + b"]" * 100_000,
        'settings.json "version": 0': b'{"version": 0, "table_id": "TABLE"}',
        'settings.json "version": "x"': b'{"version": "x"}',
        'settings.json "version": 10**30': b'{"version": 1000000000000000000000000000000}',
        "settings.json with a bad lockout time": b'{"pin_salt": "00", "pin_hash": "00", "pin_locked_until": "soon"}',
        "settings.json with a salt that is not hex": b'{"pin_salt": "zz", "pin_hash": "00"}',
        "settings.json with 10**30 lockouts": b'{"pin_lockouts": 1000000000000000000000000000000, '
        b'"pin_locked_until": "2026-01-01T00:00:00+00:00"}',
        "settings.json binary junk": JUNK,
        "settings.json a folder": None,
        "settings.json with a lone surrogate": b'{"referee": "\\ud800", "table_id": "TABLE"}',
    }
    cases = []
    for name, content in settings.items():
        if content is None:

            def make(tmp: Path) -> Path:
                folder = _app_files(None, None)(tmp)
                (folder / "settings.json").unlink()
                (folder / "settings.json").mkdir()
                return folder
        else:
            make = _app_files(content, None)
        cases.append(Case(cat, name, ["--data-dir", "{f}", *quit_], make=make, expect=0, process=True))
    boards = {
        "board.json nested 100,000 deep": b"[" * 100_000 + b"]" * 100_000,
        "board.json with seats of the wrong type": _board({"seats": "x"}),
        "board.json with 10**30 counters": _board(
            {
                "hanchan": 1,
                "round_wind": "E",
                "hand": 1,
                "dealer": 0,
                "counters": 10**30,
                "riichi_sticks": 0,
                "game_over": False,
                "ruleset": "x",
                "seats": [],
            }
        ),
        "board.json binary junk": JUNK,
        "board.json naming another table": _board(None).replace(b"TABLE", b"another"),
    }

    def club_file(text: str) -> Callable[[Path], Path]:
        def make(tmp: Path) -> Path:
            folder = _app_files(None, None)(tmp)
            (folder / "rulesets").mkdir()
            (folder / "rulesets" / "club.toml").write_text(text, encoding="utf-8")
            return folder

        return make

    def replaced(name: str, how: str) -> Callable[[Path], Path]:
        def make(tmp: Path) -> Path:
            folder = _app_files(None, None)(tmp)
            target = folder / name
            target.unlink(missing_ok=True)
            if how == "folder":
                target.mkdir()
            else:
                target.write_bytes(b"")
            return folder

        return make

    others = {
        "a club rule-set file nested 100,000 deep": club_file('id = "x"\na = ' + "[" * 100_000 + "]" * 100_000),
        "a club rule-set file with an integer of 5,000 digits": club_file('id = "x"\nstart_points = ' + "9" * 5000),
        "board.json a folder": replaced("board.json", "folder"),
        "board.json empty": replaced("board.json", "empty"),
        "settings.json empty": replaced("settings.json", "empty"),
        "the database a folder": replaced("refapp.sqlite3", "folder"),
        "the database empty (0 bytes)": replaced("refapp.sqlite3", "empty"),
        "--data-dir is a file": lambda tmp: _write("afile", "x")(tmp),
    }
    for name, make in others.items():
        cases.append(Case(cat, name, ["--data-dir", "{f}", *quit_], make=make, expect=0, process=True))
    cases.append(Case(cat, "no display at all", ["--data-dir", "{data}"], process=True, no_display=True))
    for name, content in boards.items():
        cases.append(
            Case(cat, name, ["--data-dir", "{f}", *quit_], make=_app_files(None, content), expect=0, process=True)
        )
    return cases


def log_window_cases() -> list[Case]:
    cat = "refapp --log (table log in a window)"
    picks = ["nesting 100,000 deep", "integer of 5,000 digits", "lone high surrogate", "NaN in resume.overall",
             "binary junk", "a folder", "a missing file"]  # fmt: skip
    return [
        Case(cat, name, ["--log", "{f}", "--quit-after", "1"], make=make, expect=0, process=True)
        for name, make in HOSTILE_JSON
        if name in picks
    ]


def all_cases() -> list[Case]:
    cases: list[Case] = []
    for name, make in HOSTILE_JSON:
        cases.append(Case("JSON files: replay", name, ["--data-dir", "{data}", "replay", "{f}"], make=make))
        cases.append(Case("JSON files: import", name, ["--data-dir", "{data}", "import", "{f}"], make=make))
    cases.append(Case("JSON files: replay", "junk on standard input", ["replay", "-"], stdin=JUNK))
    cases.append(
        Case(
            "JSON files: import",
            "junk on standard input",
            ["--data-dir", "{data}", "import", "-"],
            stdin=b"[" * 100_000,
        )
    )
    for name, text in HOSTILE_LOGS:
        cases.append(
            Case("table logs with hostile values: replay", name, ["replay", "{f}"], make=_write("log.json", text))
        )
    for name, text in ACCEPTED_LOGS:
        cases.append(
            Case(
                "table logs with hostile values: replay",
                name,
                ["replay", "{f}"],
                make=_write("log.json", text),
                expect=0,
            )
        )
    for name, mutate, owner in HOSTILE_BUNDLES:
        cases.append(
            Case(
                "bundles with hostile values: import",
                name,
                ["--data-dir", "{data}", "import", "{f}"],
                make=_bundle_with(mutate),
                owner=owner,
            )
        )
    for name, make, owner in TOML_CASES:
        cases.append(
            Case("rule-set files: rulesets --check", name, ["rulesets", "--check", "{f}"], make=make, owner=owner)
        )
    from tests.fuzz.campaign_hostile import hostile_cases
    from tests.fuzz.campaign_names import names_cases
    from tests.fuzz.campaign_venue import venue_cases

    return (
        cases
        + export_cases()
        + argument_cases()
        + data_folder_cases()
        + start_cases()
        + log_window_cases()
        + venue_cases()
        + hostile_cases()
        + names_cases()
    )
