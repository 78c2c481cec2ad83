"""The hostile-input campaign's names, times and spreadsheets (``tests/fuzz/campaign.py``; issue 26, problems 8 and 9).

* **Names and times in table logs** (``refapp replay``, and ``refapp --log`` once): a player, a referee (``by``), a
  first-timer, a substitute named with each kind of character nobody can see (every C0 control a user meets, DEL,
  U+0085, each of the twelve bidirectional formatting characters, the zero-width space, the word joiner, the
  byte-order mark, the soft hyphen, the line separator, a Hangul filler, a tag character, a joiner between ASCII
  letters, a direction mark inside Arabic), a note with a control character, and events whose ``at`` is not an ISO
  8601 time with its offset. A case holds when the log is refused in one line naming the event, the field and the
  character (or the time). Names in every script (accents, CJK, Arabic, Persian with its joiner, emoji sequences and
  flags) must be accepted.
* **Names and times in bundles** (``refapp import``): a bundle whose events carry them, the chain computed again (as
  anyone can: it needs no key). Holds when refused naming the payload's field.
* **Names and times from another device** (``refapp sync``): events signed by a trusted tablet's own key. Holds
  when the sync goes on with one ``refused:`` line naming the field, nothing of that tablet stored, every other
  device merged, ``verify`` ok.
* **Spreadsheets** (``refapp export --format csv|results``): a tournament whose every typed text is hostile; holds
  when no cell of the file, read with ``,`` ``;`` tab or ``|`` (honouring quotes), starts a formula, and a reader of
  the file's own separator keeps each row's cells.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from refapp.store.opening import open_store
from tests.fuzz.campaign import Case

AT = "2026-11-22T10:00:00+01:00"
START = {"type": "hanchan_start", "id": "s1", "at": AT, "players": ["Ann", "Bob", "Cyd", "Dan"], "ruleset": "ema-2016"}

INVISIBLE: list[tuple[str, str]] = [
    ("NUL", "\x00"),
    ("a line feed", "\n"),
    ("a carriage return", "\r"),
    ("a tab", "\t"),
    ("an escape sequence", "\x1b[2J"),
    ("a bell", "\x07"),
    ("DEL", "\x7f"),
    ("U+0085 NEXT LINE", "\x85"),
    ("U+061C ARABIC LETTER MARK", "\u061c"),
    ("U+200E LEFT-TO-RIGHT MARK", "\u200e"),
    ("U+200F RIGHT-TO-LEFT MARK", "\u200f"),
    ("U+202A LEFT-TO-RIGHT EMBEDDING", "\u202a"),
    ("U+202B RIGHT-TO-LEFT EMBEDDING", "\u202b"),
    ("U+202C POP DIRECTIONAL FORMATTING", "\u202c"),
    ("U+202D LEFT-TO-RIGHT OVERRIDE", "\u202d"),
    ("U+202E RIGHT-TO-LEFT OVERRIDE", "\u202e"),
    ("U+2066 LEFT-TO-RIGHT ISOLATE", "\u2066"),
    ("U+2067 RIGHT-TO-LEFT ISOLATE", "\u2067"),
    ("U+2068 FIRST STRONG ISOLATE", "\u2068"),
    ("U+2069 POP DIRECTIONAL ISOLATE", "\u2069"),
    ("U+200B ZERO WIDTH SPACE", "\u200b"),
    ("U+2060 WORD JOINER", "\u2060"),
    ("U+FEFF BYTE ORDER MARK", "\ufeff"),
    ("U+00AD SOFT HYPHEN", "\u00ad"),
    ("U+2028 LINE SEPARATOR", "\u2028"),
    ("U+3164 HANGUL FILLER", "\u3164"),
    ("U+E0041 TAG LATIN CAPITAL LETTER A", "\U000e0041"),
    ("U+200D ZERO WIDTH JOINER between ASCII letters", "\u200dX"),
]

ACCEPTED_NAMES: list[tuple[str, list[str]]] = [
    ("accents", ["Zoë Müller", "Łukasz Żółć", "Jean-François", "Nguyễn Thị"]),
    ("CJK with an ideographic space, Korean", ["山田\u3000太郎", "김민준", "王小明", "佐藤 花子"]),
    ("Arabic, Hebrew, Persian with its zero-width non-joiner", ["محمد علی", "שרה כהן", "یاسمین\u200cمی", "Ann"]),
    (
        "emoji: a zero-width-joiner family, a flag of tags, a tile",
        [
            "👨\u200d👩\u200d👧",
            "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
            "Bob 🀄",
            "❤\ufe0f\u200d🔥",
        ],
    ),  # fmt: skip
]

BAD_TIMES: list[tuple[str, Any]] = [
    ("not a date", "not a date"),
    ("no offset", "2026-11-22T10:00:00"),
    ("a date only", "2026-11-22"),
    ("month 13", "2026-13-01T10:00:00Z"),
    ("30 February", "2026-02-30T10:00:00Z"),
    ("an offset of 24 hours", "2026-11-22T10:00:00+24:00"),
    ("a space for the T", "2026-11-22 10:00:00+01:00"),
    ("empty", ""),
]


def _write(text: str, name: str = "log.json") -> Callable[[Path], Path]:
    def make(tmp: Path) -> Path:
        f = tmp / name
        f.write_bytes(text.encode("utf-8", "surrogatepass"))
        return f

    return make


def _log(*events: dict[str, Any]) -> str:
    return json.dumps({"events": list(events)})


def _says(*patterns: str) -> Callable[[Path, Path, str, str], str | None]:
    """The refusal's one line must match every pattern (the event, the field, the character)."""

    def check(data: Path, tmp: Path, out: str, err: str) -> str | None:
        missing = [p for p in patterns if not re.search(p, err)]
        return f"the refusal does not say {missing[0]!r}: {err.strip()[:200]!r}" if missing else None

    return check


def _label(c: str) -> str:
    return re.escape(f"U+{ord(c[0]):04X}")


def log_cases() -> list[Case]:
    cat = "table logs with hostile names and times: replay"
    cases: list[Case] = []
    for what, c in INVISIBLE:
        bad = START | {"id": "s2", "players": ["Ann", f"Bob{c}", "Cyd", "Dan"]}
        log = _log(START | {"players": ["Ann", "Bob", "Cyd", "Eve"]}, bad)
        cases.append(Case(cat, f"a player's name with {what}", ["replay", "{f}"], make=_write(log),
                          check=_says(r"event 1: players\.1: ", _label(c))))  # fmt: skip
    warning = {"type": "incident", "id": "i1", "at": AT, "seat": 1, "offence": "warning"}
    places = [
        ("the referee (by) with U+202E", START | {"by": "Sylvie\u202e"}, r"event 0: by: U\+202E"),
        ("a first-timer with U+200B", START | {"first_timers": ["Ann\u200b"]}, r"event 0: first_timers\.0: U\+200B"),
        (
            "an Arabic name with a right-to-left mark inside",
            START | {"players": ["محمد\u200fعلی", "B", "C", "D"]},
            r"event 0: players\.0: U\+200F RIGHT-TO-LEFT MARK",
        ),  # fmt: skip
    ]
    for what, event, says in places:
        cases.append(Case(cat, what, ["replay", "{f}"], make=_write(_log(event)), check=_says(says)))
    later = [
        (
            "a substitute with U+2066",
            warning | {"offence": "missed_hanchan", "substitute": "Eve\u2066"},
            r"event 1: substitute: U\+2066",
        ),  # fmt: skip
        ("a note with NUL", warning | {"note": "a\x00b"}, r"event 1: note: U\+0000 NULL"),
        ("a note with an escape sequence", warning | {"note": "\x1b[2J"}, r"event 1: note: U\+001B ESCAPE"),
    ]
    for what, event, says in later:
        cases.append(Case(cat, what, ["replay", "{f}"], make=_write(_log(START, event)), check=_says(says)))
    for what, value in BAD_TIMES:
        log = _log(START, {"type": "riichi", "id": "r1", "at": value, "seat": 1})
        cases.append(Case(cat, f"at: {what}", ["replay", "{f}"], make=_write(log), check=_says(r"event 1: at: ")))
    for what, names in ACCEPTED_NAMES:
        log = _log(START | {"players": names, "first_timers": names[:1]})
        cases.append(Case(cat, f"accepted: {what}", ["replay", "{f}"], make=_write(log), expect=0))
    cases.append(
        Case(
            "refapp --log (table log in a window)",
            "a player's name with U+202E",
            ["--log", "{f}", "--quit-after", "1"],
            make=_write(_log(START | {"players": ["Ann", "\u202eBob", "Cyd", "Dan"]})),
            expect=0,
            process=True,
        )
    )
    return cases


# -- bundles -------------------------------------------------------------------------------------------------------


def _bundle_changed(kind: str, change: dict[str, Any]) -> Callable[[Path], Path]:
    """A bundle exported from a real data folder whose first ``kind`` event's payload is changed by ``change``, its
    device's chain computed again from there (as anyone can: the hashes need no key)."""

    def make(tmp: Path) -> Path:
        from refapp.store import bundle
        from refapp.store.chain import hash_of, row_of
        from tests.history_data import build

        build(tmp / "exporter").store.close()
        store = open_store(tmp / "exporter")
        try:
            data = bundle.export_bundle(store)
        finally:
            store.close()
        lines = data["events"]
        i = next(k for k, ln in enumerate(lines) if ln["payload"]["type"] == kind)
        lines[i]["payload"] = lines[i]["payload"] | change
        device, prev = lines[i]["device_id"], lines[i]["prev_hash"]
        for line in lines[i:]:
            if line["device_id"] == device:
                line["prev_hash"] = prev
                line["hash"] = prev = hash_of(row_of(line))
        f = tmp / "bundle.json"
        f.write_text(json.dumps(data), encoding="utf-8")
        return f

    return make


def bundle_cases() -> list[Case]:
    cat = "bundles with hostile names and times: import"
    imp = ["--data-dir", "{data}", "import", "{f}"]
    refused = r"field 'payload' is refused \("
    return [
        Case(
            cat,
            "an event timed 'not a date'",
            imp,
            make=_bundle_changed("win", {"at": "not a date"}),
            check=_says(refused, r"at: 'not a date' is not an ISO 8601 time"),
        ),  # fmt: skip
        Case(
            cat,
            "an event timed without its offset",
            imp,
            make=_bundle_changed("incident", {"at": "2026-11-22T10:00"}),
            check=_says(refused, r"at: "),
        ),  # fmt: skip
        Case(
            cat,
            "a hanchan's player named with U+202E",
            imp,
            make=_bundle_changed("hanchan_start", {"players": ["Ann", "Bob\u202e", "Cyd", "Dan"]}),
            check=_says(refused, r"players\.1: U\+202E"),
        ),  # fmt: skip
        Case(
            cat,
            "a player entity named with NUL",
            imp,
            make=_bundle_changed("player", {"name": "Ann\x00"}),
            check=_says(refused, r"name: U\+0000 NULL"),
        ),  # fmt: skip
        Case(
            cat,
            "a tournament entity named with a line feed",
            imp,
            make=_bundle_changed("tournament", {"name": "Paris\nOpen"}),
            check=_says(refused, r"name: U\+000A"),
        ),  # fmt: skip
        Case(
            cat,
            "an incident whose referee has an escape sequence",
            imp,
            make=_bundle_changed("incident", {"by": "\x1b[31mSylvie"}),
            check=_says(refused, r"by: U\+001B"),
        ),  # fmt: skip
        Case(
            cat,
            "a tournament created 'yesterday'",
            imp,
            make=_bundle_changed("tournament", {"created_at": "yesterday"}),
            check=_says(refused, r"created_at: "),
        ),  # fmt: skip
    ]


# -- another device's journal (sync) ---------------------------------------------------------------------------------


def sync_cases() -> list[Case]:
    from tests.fuzz.campaign_venue import SYNC, _added, synced, venue

    cat = "shared folders: names and times (`sync`)"
    warning = {"type": "incident", "seat": 1, "offence": "warning"}

    def case(name: str, payload: dict[str, Any], *also: str, merged: bool = False) -> Case:
        check = synced(None if merged else "journal", *also, bad_merged=merged, refusals=0 if merged else 1)
        return Case(cat, name, SYNC, make=_added(payload), expect=0, check=check, setup=venue)

    return [
        case("a ruling timed 'not a date' (signed by the tablet)", warning | {"at": "not a date"}, r"at: 'not a date'"),
        case("a ruling timed without its offset (signed)", warning | {"at": "2026-11-22T10:05:00"}, r"\bat: "),
        case("a referee named with NUL (signed)", warning | {"by": "Syl\x00vie"}, r"by: U\+0000 NULL"),
        case("a referee named with U+202E (signed)", warning | {"by": "\u202eSylvie"}, r"by: U\+202E"),
        case(
            "a substitute named with U+2067 (signed)",
            warning | {"offence": "missed_hanchan", "substitute": "E\u2067"},
            r"substitute: U\+2067",
        ),  # fmt: skip
        case("a note with an escape sequence (signed)", warning | {"note": "\x1b[2J"}, r"note: U\+001B"),
        case("a referee named in Arabic with an emoji (signed, control)", warning | {"by": "محمد علی 🀄"}, merged=True),
    ]


# -- spreadsheets ------------------------------------------------------------------------------------------------------

TOURNAMENT = '=HYPERLINK("http://x","open");=1'
PLAYERS = ["Bob;=cmd|' /C calc'!A0;", "+1+1;-2+3", "@SUM(A1)|=1", 'Ann "=2+2", =3']
READERS = {",": "comma", ";": "semicolon", "\t": "tab", "|": "pipe"}


def _hostile_tournament(folder: Path) -> None:
    """``folder/data``: a finished hanchan whose every typed text is hostile (names refapp accepts)."""
    from refapp.store.rulesets import load_catalog
    from refapp.store.tablebook import TableBook

    (folder / "tmp").mkdir()
    store = open_store(folder / "data")
    tid = store.create_tournament(TOURNAMENT)
    for name, fed in zip(PLAYERS, ("=1;=2", "@4", "-3,=4", "+33|=5"), strict=True):
        store.add_player(tid, name, federation_id=fed)
    table = store.create_table(tid, 1)
    book = TableBook(store, table, load_catalog().rulesets)
    base = {"at": AT, "by": "=referee();@x"}
    book.commit(base | {"type": "hanchan_start", "id": "s", "players": PLAYERS, "ruleset": "ema-2016"})
    book.commit(base | {"type": "incident", "id": "i1", "seat": 0, "offence": "warning", "note": "\t=1+2;\n=3+4"})
    book.commit(base | {"type": "incident", "id": "i2", "seat": 2, "offence": "warning", "note": "ok, -1+1|@x"})
    book.commit(base | {"type": "hanchan_end", "id": "e", "reason": "time limit"})
    store.close()


def _runs(cell: str) -> bool:
    rest = cell.lstrip(' \t\r\n"\u00a0\u3000')
    return rest[:1] in ("=", "+", "-", "@", "＝", "＋", "－", "＠") and not re.fullmatch(
        r"[+-]?[0-9]+([.,][0-9]+)?", rest.rstrip(' \t\r\n"')
    )


def _no_formula(separator: str) -> Callable[[Path, Path, str, str], str | None]:
    def check(data: Path, tmp: Path, out: str, err: str) -> str | None:
        text = (tmp / "out.csv").read_text(encoding="utf-8-sig")
        flat = text.replace("\r\n", "\n").replace("\r", "\n")  # a carriage return ends a line there too
        for sep, name in READERS.items():
            cells = [c for row in csv.reader(io.StringIO(flat), delimiter=sep) for c in row]
            bad = [c for c in cells if _runs(c)]
            if bad:
                return f"a {name} reader gets a formula cell: {bad[0][:60]!r}"
        rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=separator))
        if {len(r) for r in rows} != {len(rows[0])}:
            return f"a reader of the file's separator gets rows of {sorted({len(r) for r in rows})} cells"
        return None

    return check


def csv_cases() -> list[Case]:
    cat = "spreadsheets (`export --format csv|results`)"
    cases = []
    for fmt in ("csv", "results"):
        for sep, name in ((",", "comma"), (";", "semicolon"), ("\t", "tab")):
            argv = ["--data-dir", "{data}", "export", "--format", fmt, "-o", "{tmp}/out.csv"]
            argv += ["--tournament", TOURNAMENT] if fmt == "results" else []
            argv += ["--separator", name] if name != "comma" else []
            cases.append(Case(cat, f"{fmt}, {name}-separated: read with , ; tab |", argv, expect=0,
                              check=_no_formula(sep), setup=_hostile_tournament))  # fmt: skip
    return cases


def names_cases() -> list[Case]:
    return log_cases() + bundle_cases() + sync_cases() + csv_cases()
