"""``standings-cache.json``: each table's hanchans as the standings last read them, kept so that the next start (or
``refapp standings``) does not replay every table again.

A cache, never a source (like ``board.json``): a table's entry is used only when the table's newest stored event is
still the one it was read after (:meth:`Store.last_event_id`; events are only ever added), the rule-set files are
the same (a fingerprint of their contents), the file was written by the same version of refapp in the same format,
and every field is well formed; otherwise that table, or the whole file, is read again from its log. The app writes
it (without a flush: a lost or torn file only means a slower read); ``refapp standings`` and the results export only
read it. Deleting it only means a slower first read.

Layer: feature (read models: the standings kept).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

from .. import __version__
from ..domain.log_results import HanchanLine, HanchanRecord
from ..domain.rules import RuleSet
from ..domain.standings import LineKind
from .derive import Rulesets, ruleset_content
from .paths import read_regular

CACHE_FILE = "standings-cache.json"
FORMAT = 2  # raise it whenever what a hanchan record holds, or how the walk of a log computes it, changes
MAX_BYTES = 256 * 2**20

Entry = tuple[str | None, list[HanchanRecord]]  # the table's newest event when read, its hanchans


class RulesetKeys:
    """Names for the rule sets a replay used, that the next read can resolve to the same content: a stored content
    by its hash, a rule set of the files by its id and the hash of its content."""

    def __init__(self, rulesets: Rulesets):
        self.by_key: dict[str, RuleSet] = {}
        self._key_of: dict[int, str] = {}
        for h, rs in rulesets.pinned.items():
            self._add(f"stored:{h}", rs)
        for rid, rs in rulesets.catalog.items():
            self._add(f"file:{rid}:{ruleset_content(rs)[0]}", rs)
        self.fingerprint = hashlib.sha256(
            "\n".join([str(FORMAT), __version__, *sorted(k for k in self.by_key if k.startswith("file:"))]).encode()
        ).hexdigest()

    def _add(self, key: str, rs: RuleSet) -> None:
        self.by_key[key] = rs
        self._key_of.setdefault(id(rs), key)

    def key_of(self, rs: RuleSet) -> str | None:
        return self._key_of.get(id(rs))


def _amount(x: Fraction | int) -> int | list[int]:
    if type(x) is int:
        return x
    f = Fraction(x)
    return f.numerator if f.denominator == 1 else [f.numerator, f.denominator]


def _line(line: HanchanLine) -> list[Any]:
    return [
        line.table, line.hanchan, line.seat, line.kind.value, line.player, line.substitute_for, line.score, line.rank,
        _amount(line.points), _amount(line.uma), _amount(line.oka), _amount(line.leftover), _amount(line.penalties),
        _amount(line.table_penalties), _amount(line.result), line.in_play,
    ]  # fmt: skip


def record_to_json(r: HanchanRecord, keys: RulesetKeys) -> dict[str, Any] | None:
    """A record as the file keeps it (None when its rule set cannot be named for the next read)."""
    key = keys.key_of(r.ruleset)
    if key is None:
        return None
    return {
        "table": r.table,
        "hanchan": r.hanchan,
        "ruleset": key,
        "in_play": r.in_play,
        "lines": [_line(x) for x in r.lines],
        "disqualified": list(r.disqualified),
        "resumed": [[name, _amount(x)] for name, x in r.resumed],
    }


def _int(v: Any, low: int = -(10**12), high: int = 10**12) -> int:
    if type(v) is not int or not low <= v <= high:
        raise ValueError("a whole number out of range")
    return v


def _text(v: Any) -> str:
    if type(v) is not str or len(v) > 1000:
        raise ValueError("not a name")
    return v


def _bool(v: Any) -> bool:
    if type(v) is not bool:
        raise ValueError("not true or false")
    return v


def _exact(v: Any) -> Fraction | int:
    if type(v) is int:
        return _int(v)
    if type(v) is list and len(v) == 2:
        f = Fraction(_int(v[0]), _int(v[1], 2, 10**6))
        if f.denominator == 1:
            raise ValueError("a whole amount written as a fraction")
        return f
    raise ValueError("not an amount")


_KINDS = {k.value: k for k in LineKind}
_BIG = 10**12


def _line_from(v: Any) -> HanchanLine:
    """One line as written (checked field by field, inline: a start reads tens of thousands)."""
    if type(v) is not list or len(v) != 16:
        raise ValueError("not a line")
    table, hanchan, seat, kind, player, sub, score, rank = v[:8]
    if not (
        type(table) is int
        and type(hanchan) is int
        and 0 <= table <= 10**6
        and 0 <= hanchan <= 10**6
        and seat in (0, 1, 2, 3)
        and type(seat) is int
        and kind in _KINDS
        and type(player) is str
        and type(sub) is str
        and len(player) <= 1000
        and len(sub) <= 1000
        and (score is None or (type(score) is int and -(10**8) <= score <= 10**8))
        and (rank is None or (type(rank) is int and 1 <= rank <= 4))
        and type(v[15]) is bool
    ):
        raise ValueError("not a line")
    amounts = v[8:15]
    if not (set(map(type, amounts)) == {int} and -_BIG <= min(amounts) and max(amounts) <= _BIG):
        amounts = [x if type(x) is int and -_BIG <= x <= _BIG else _exact(x) for x in amounts]
    return HanchanLine._make([table, hanchan, seat, _KINDS[kind], player, sub, score, rank, *amounts, v[15]])


def record_from_json(d: Any, keys: RulesetKeys) -> HanchanRecord:
    """The record a file keeps; :class:`ValueError` for anything not as :func:`record_to_json` writes it."""
    if type(d) is not dict or set(d) != {"table", "hanchan", "ruleset", "in_play", "lines", "disqualified", "resumed"}:
        raise ValueError("not a hanchan")
    rs = keys.by_key.get(d["ruleset"]) if type(d["ruleset"]) is str else None
    if rs is None:
        raise ValueError("a rule set not known here")
    if type(d["lines"]) is not list or type(d["disqualified"]) is not list or type(d["resumed"]) is not list:
        raise ValueError("not a hanchan")
    resumed = []
    for pair in d["resumed"]:
        if type(pair) is not list or len(pair) != 2:
            raise ValueError("not a carried-over score")
        resumed.append((_text(pair[0]), _exact(pair[1])))
    return HanchanRecord(
        _int(d["table"], 0, 10**6), _int(d["hanchan"], 0, 10**6), rs, _bool(d["in_play"]),
        tuple(_line_from(x) for x in d["lines"]), tuple(_text(x) for x in d["disqualified"]), tuple(resumed),
    )  # fmt: skip


def load(data_dir: Path, keys: RulesetKeys) -> dict[str, tuple[str, list[Any]]]:
    """The entries of the file, undecoded (``{table_id: (newest event id, records as written)}``); empty when the
    file is missing, unreadable, of another format, version or rule-set files."""
    try:
        path = Path(data_dir) / CACHE_FILE
        if path.stat().st_size > MAX_BYTES:
            return {}
        data = json.loads(read_regular(path, MAX_BYTES))  # a FIFO or a device in its place is never read
    except (OSError, ValueError, RecursionError):
        return {}
    if type(data) is not dict or data.get("format") != FORMAT or data.get("fingerprint") != keys.fingerprint:
        return {}
    tables = data.get("tables")
    if type(tables) is not dict:
        return {}
    out = {}
    for table_id, entry in tables.items():
        if type(entry) is dict and type(entry.get("newest")) is str and type(entry.get("hanchans")) is list:
            out[table_id] = (entry["newest"], entry["hanchans"])
    return out


def save(data_dir: Path, keys: RulesetKeys, entries: Mapping[str, Entry], kept: Mapping[str, Any]) -> None:
    """Write the tables' entries (``kept``: entries of the file not read this time, written back as they were)."""
    tables: dict[str, Any] = {tid: {"newest": newest, "hanchans": raw} for tid, (newest, raw) in kept.items()}
    for table_id, (newest, records) in entries.items():
        if newest is None:
            continue
        raw = [record_to_json(r, keys) for r in records]
        if all(x is not None for x in raw):
            tables[table_id] = {"newest": newest, "hanchans": raw}
    data = {"format": FORMAT, "fingerprint": keys.fingerprint, "tables": tables}
    path = Path(data_dir) / CACHE_FILE
    tmp = path.with_suffix(".json.tmp")
    try:
        tmp.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only or full disk: the next read replays the tables
