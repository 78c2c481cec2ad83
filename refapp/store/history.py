"""The offline incident history: what was ruled, where, against whom, newest first.

Read-only queries over the ``events`` table. Filters map onto the schema-v2 indexes (tournament, player, offence,
rule set, time) and the v3 ``target`` index (voided events), so a page of history stays well under 100 ms with
100,000 events (``benchmarks/history.py`` measures it).

Times are compared as recorded: ``at`` is the ISO 8601 text written by the device that entered the event (local
wall-clock time with its offset), and ``since`` / ``until`` are compared with that text, not converted between time
zones. ``until`` is inclusive of the whole unit given: ``until="2026-11-22"`` includes that whole day.

Layer: feature (read models: the history).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..domain.folding import fold, in_sections, is_number, sections_of
from ..domain.stored import RulingKind, StoredEffect
from .codec_effect import decode_json
from .db import Store, reading
from .rows import HistoryRow, IncidentSummary

DEFAULT_TYPES: tuple[str, ...] = ("incident",)
_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}([T ]\d{2}(:\d{2}(:\d{2}(\.\d+)?)?)?)?$")
# Sorts after every character that can follow a prefix of an ISO timestamp (digits, ':', '.', '+', '-', 'Z').
_AFTER_PREFIX = "~"

# Applied ruling kinds -> the counters a referee checks before ruling.
_COUNTED = {
    RulingKind.WARNING: "warnings",
    RulingKind.DEAD_HAND: "dead_hands",
    RulingKind.CHOMBO: "chombos",
    RulingKind.POINT_PENALTY: "penalties",
    RulingKind.RATING_PENALTY: "penalties",
}


class HistoryError(ValueError):
    """A filter that cannot be understood (the message names it)."""


def _time_bound(value: str, name: str) -> str:
    text = value.strip()
    if not _TIME.match(text) or not _real_time(text):
        raise HistoryError(
            f"{name}: {value!r} is not a date or time; use YYYY-MM-DD, YYYY-MM-DDTHH:MM or YYYY-MM-DDTHH:MM:SS "
            "(local time as recorded, no time zone)"
        )
    return text.replace(" ", "T")


def _real_time(text: str) -> bool:
    """Whether a date or date-time of the right shape names a real day and time (not 2026-13-45)."""
    from datetime import datetime

    try:
        datetime.fromisoformat(text.replace(" ", "T"))
    except ValueError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class Term:
    """One word of a search, looked up in the vocabulary by :func:`refapp.core.search.terms` (the one search of the
    app's History page and of ``refapp history --text``). An incident matches it when its offence is one of
    ``offences`` or its ruling applied one of ``rulings`` (a word of their names or synonyms begins with it, in any
    language), when ``text`` is a section number of its citation or holds one ("5.1": 5.1, 5.1.2), or when ``text``
    is in its player's name, its note, one of its statements or the name of who made it: case and accents ignored
    (``text`` is folded, :func:`refapp.domain.folding.fold`)."""

    text: str
    offences: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()


def _folded(value: str | None) -> str:
    return fold(value or "")


def _holds_section(citation: str | None, token: str) -> int:
    return int(bool(citation) and in_sections(token, sections_of(str(citation))))


def tournament_ids(store: Store, ref: str) -> list[str]:
    """Ids of the tournaments whose id is ``ref`` or whose name is ``ref`` (case-insensitive)."""
    rows = store.conn.execute(
        "SELECT id FROM tournaments WHERE id = ? OR name = ? COLLATE NOCASE ORDER BY created_at, id", (ref, ref)
    ).fetchall()
    return [r[0] for r in rows]


def table_ids(store: Store, ref: str | int, tournaments: Sequence[str] | None = None) -> list[str]:
    """Ids of the tables whose id is ``ref`` or whose number is ``ref`` (in ``tournaments`` if given)."""
    sql = "SELECT id FROM game_tables WHERE (id = ?"
    params: list[Any] = [str(ref)]
    number = _as_int(ref)
    if number is not None:
        sql += " OR number = ?"
        params.append(number)
    sql += ")"
    if tournaments is not None:
        sql += f" AND tournament_id IN ({', '.join('?' * len(tournaments))})"
        params.extend(tournaments)
    return [r[0] for r in store.conn.execute(sql, params)]


def _as_int(ref: str | int) -> int | None:
    if isinstance(ref, bool):
        return None
    if isinstance(ref, int):
        return ref
    text = str(ref).strip()
    # ASCII digits only ("²" is a digit to Python, not to int()), and no more than a table number can have
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


def _in(column: str, values: Sequence[Any], params: list[Any]) -> str:
    params.extend(values)
    return f"{column} IN ({', '.join('?' * len(values))})"


_COLUMNS = (
    "e.seq, e.uuid, e.at, e.referee, e.tournament_id, u.name, e.table_id, g.number, e.hanchan_no, e.round_wind, "
    "e.hand_no, e.counters, e.type, e.seat, e.player, e.offence, e.answers, e.ruling, e.ruleset_id, "
    "e.ruleset_version, e.note, e.target, e.device_id, "
    "EXISTS (SELECT 1 FROM events v WHERE v.target = e.uuid) AS voided, {aside} AS set_aside"
)
_ASIDE = "(SELECT s.resolution FROM set_aside s WHERE s.uuid = e.uuid)"


def _aside(store: Store) -> str:
    """The set-aside resolution of a row (a branch of a conflict the head referee did not keep), when the database
    has them (schema 5)."""
    found = store.conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'set_aside'").fetchone()
    return _ASIDE if found else "NULL"


def standing_sql(store: Store, alias: str = "e") -> str:
    """SQL true for an event that stands: not voided, not set aside by a conflict's resolution."""
    cond = f"NOT EXISTS (SELECT 1 FROM events v WHERE v.target = {alias}.uuid)"
    if _aside(store) != "NULL":
        cond += f" AND NOT EXISTS (SELECT 1 FROM set_aside s WHERE s.uuid = {alias}.uuid)"
    return cond


def query(
    store: Store,
    *,
    tournament: str | None = None,
    table: str | int | None = None,
    player: str | None = None,
    offence: str | None = None,
    ruleset: str | None = None,
    since: str | None = None,
    until: str | None = None,
    search: Sequence[Term] = (),
    types: Iterable[str] | None = DEFAULT_TYPES,
    include_voided: bool = False,
    limit: int | None = 50,
    offset: int = 0,
) -> list[HistoryRow]:
    """History rows matching every filter given, newest first (by recorded time, then by order stored).

    ``tournament``: id or name; ``table``: number or id; ``player``: exact name as seated; ``offence``: offence id;
    ``ruleset``: rule-set id; ``since`` / ``until``: date or date-time bounds on the recorded time (``until``
    includes the whole day, minute or second given); ``search``: the words of a search, every one matched
    (:class:`Term`; :func:`refapp.core.search.terms` makes them from what was typed); ``types``: event types
    (None: every type); voided events only with ``include_voided``; ``limit=None``: all.
    Raises :class:`HistoryError` for a malformed date.
    """
    where: list[str] = []
    params: list[Any] = []
    tournaments: list[str] | None = None
    if tournament is not None:
        tournaments = tournament_ids(store, tournament)
        if not tournaments:
            return []
        where.append(_in("e.tournament_id", tournaments, params))
    if table is not None:
        tables = table_ids(store, table, tournaments)
        if not tables:
            return []
        where.append(_in("e.table_id", tables, params))
    if player is not None:
        if tournaments is None:
            # lets SQLite use the (tournament_id, player, type) index instead of scanning every event
            where.append("e.tournament_id IN (SELECT id FROM tournaments)")
        where.append("e.player = ?")
        params.append(player)
    if offence is not None:
        where.append("e.offence = ?")
        params.append(offence)
    if ruleset is not None:
        where.append("e.ruleset_id = ?")
        params.append(ruleset)
    if since:
        where.append("e.at >= ?")
        params.append(_time_bound(since, "since"))
    if until:
        where.append("e.at <= ?")
        params.append(_time_bound(until, "until") + _AFTER_PREFIX)
    if types is not None:
        kinds = list(types)
        if not kinds:
            return []
        where.append(_in("e.type", kinds, params))
    if search:
        where.extend(_search_sql(store, search, tournaments, params))
    if not include_voided:
        where.append(standing_sql(store))
    sql = (
        f"SELECT {_COLUMNS.format(aside=_aside(store))} FROM events e JOIN game_tables g ON g.id = e.table_id "
        f"JOIN tournaments u ON u.id = e.tournament_id "
        f"{'WHERE ' + ' AND '.join(where) if where else ''} ORDER BY e.seq DESC"
    )
    if limit is not None:
        sql += " LIMIT ? OFFSET ?"
        params += [int(limit), int(offset)]
    elif offset:
        sql += " LIMIT -1 OFFSET ?"
        params.append(int(offset))
    with reading(store.path):
        return [_row(r) for r in store.conn.execute(sql, params)]


_CITATION = "json_extract(e.ruling, '$.ruling.citation')"
# A tournament's names, one index seek each (a skip-scan of the (tournament_id, player, type) index): not a walk
# through every event of the tournament.
_NAMES = """
WITH RECURSIVE names(player) AS (
    SELECT min(player) FROM events WHERE tournament_id = :t AND player > ''
    UNION ALL
    SELECT (SELECT min(player) FROM events WHERE tournament_id = :t AND player > names.player) FROM names
    WHERE names.player IS NOT NULL
)
SELECT player FROM names WHERE player IS NOT NULL
"""


def _names(store: Store, tournament_id: str) -> list[str]:
    """Every name an event of the tournament is about (its players, a substitute), each once."""
    return [str(r[0]) for r in store.conn.execute(_NAMES, {"t": tournament_id})]


def _search_sql(
    store: Store, search: Sequence[Term], tournaments: Sequence[str] | None, params: list[Any]
) -> list[str]:
    """One condition per word of a search (see :class:`Term`). The names and the statements of the tournaments
    searched are few: they are read and matched here once, and the incidents they name are handed to SQLite as a
    list; offences and rulings are compared by id; only the notes (and a section number's citations) are folded row
    by row."""
    conn = store.conn
    conn.create_function("refapp_fold", 1, _folded, deterministic=True)
    conn.create_function("refapp_section", 2, _holds_section, deterministic=True)
    scoped = list[Any]()
    scope = _in("tournament_id", tournaments, scoped) if tournaments is not None else "1"
    with reading(store.path):
        if tournaments is None:
            tournaments = [str(r[0]) for r in conn.execute("SELECT id FROM tournaments")]
        names = [n for t in tournaments for n in _names(store, t)]
        statements = conn.execute(
            f"SELECT payload FROM events WHERE table_id = '' AND type = 'statement' AND {scope}", scoped
        ).fetchall()
    folded_names = {n: fold(n) for n in names}
    said: list[tuple[str, str]] = []  # (incident, who made the statement and what was said, folded)
    for (payload,) in statements:
        try:
            p = json.loads(payload)
        except ValueError:  # a damaged row: verify names it; the search passes over it
            continue
        if isinstance(p, dict):
            said.append((str(p.get("incident") or ""), fold(f"{p.get('player') or ''}\n{p.get('text') or ''}")))
    out = []
    for term in search:
        token = term.text
        either = []
        if term.offences:
            either.append(_in("e.offence", term.offences, params))
        if term.rulings:  # the kind's id somewhere in the stored effect first (fast, in C), then in its place
            seen = " OR ".join(["instr(e.ruling, ?) > 0"] * len(term.rulings))
            params.extend(f'"{kind}"' for kind in term.rulings)
            either.append(
                f"(({seen}) AND " + _in("json_extract(e.ruling, '$.ruling.kind')", term.rulings, params) + ")"
            )
        if is_number(token):
            either.append(f"(instr(e.ruling, ?) > 0 AND refapp_section({_CITATION}, ?))")
            params += [token, token]
        who = sorted(n for n, folded in folded_names.items() if token in folded)
        if who:
            either.append("e.player IN (SELECT value FROM json_each(?))")
            params.append(json.dumps(who))
        stated = sorted({incident for incident, text in said if token in text})
        if stated:
            either.append("e.uuid IN (SELECT value FROM json_each(?))")
            params.append(json.dumps(stated))
        either.append("(e.note <> '' AND instr(refapp_fold(e.note), ?) > 0)")
        params.append(token)
        out.append("(" + " OR ".join(either) + ")")
    return out


def rows_by_id(store: Store, ids: Sequence[str]) -> list[HistoryRow]:
    """The history rows of the events with these uuids (voided and set-aside ones included), in the order stored."""
    if not ids:
        return []
    params: list[Any] = []
    cond = _in("e.uuid", list(ids), params)
    sql = (
        f"SELECT {_COLUMNS.format(aside=_aside(store))} FROM events e JOIN game_tables g ON g.id = e.table_id "
        f"JOIN tournaments u ON u.id = e.tournament_id WHERE {cond} ORDER BY e.seq"
    )
    with reading(store.path):
        return [_row(r) for r in store.conn.execute(sql, params)]


def _row(r: tuple[Any, ...]) -> HistoryRow:
    (
        seq,
        uuid,
        at,
        referee,
        tournament_id,
        tournament,
        table_id,
        number,
        hanchan,
        wind,
        hand,
        counters,
        type_,
        seat,
        player,
        offence,
        answers,
        ruling,
        ruleset_id,
        ruleset_version,
        note,
        target,
        device_id,
        voided,
        set_aside,
    ) = r
    return {
        "seq": seq,
        "uuid": uuid,
        "at": at,
        "referee": referee,
        "tournament": tournament,
        "tournament_id": tournament_id,
        "table": number,
        "table_id": table_id,
        "hanchan": hanchan,
        "round_wind": wind,
        "hand": hand,
        "counters": counters,
        "type": type_,
        "seat": seat,
        "player": player,
        "offence": offence,
        "answers": json.loads(answers),
        "ruling": decode_json(ruling, f"event {uuid}"),
        "ruleset_id": ruleset_id,
        "ruleset_version": ruleset_version,
        "note": note,
        "target": target,
        "device_id": device_id,
        "voided": bool(voided) or set_aside is not None,
        "set_aside": set_aside,  # the resolution that set it aside (a branch of a conflict), else None
    }


def stored_effect(row: HistoryRow | IncidentSummary) -> StoredEffect:
    """What a history row's event did, typed (its stored ``ruling`` column)."""
    return StoredEffect.from_json(row.get("ruling"))


def ruling_kind(row: HistoryRow | IncidentSummary) -> str:
    """The applied ruling's kind of a history row, as stored (``""`` for events that are not rulings)."""
    return stored_effect(row).kind_text


class IncidentRow(NamedTuple):
    """One incident as :func:`incident_rows` reads it: the columns a player's record lists, ``ruling`` as stored
    (the JSON text of the ruling applied, or None)."""

    seq: int
    uuid: str
    at: str
    referee: str
    table_id: str
    table: int  # the table's number
    hanchan: int
    round_wind: str
    hand: int
    player: str | None
    offence: str | None
    decision: Any  # the referee's choice, when the rule left one (``answers.decision``)
    ruling: str | None
    device_id: str
    voided: int  # 1: a void targets it
    set_aside: str | None  # the resolution that set it aside


def incident_rows(
    store: Store, tournament_id: str, player: str | None = None, *, tables: Sequence[str] = ()
) -> list[IncidentRow]:
    """The rows of :func:`incident_summaries`, as read (the ruling left as its stored JSON text): for a reader of
    many incidents that decodes each distinct ruling once (:mod:`refapp.store.records`)."""
    params: list[Any] = [tournament_id]
    where = "e.tournament_id = ? AND e.type = 'incident'"
    if player is not None:
        where += " AND e.player = ?"
        params.append(player)
    if tables:
        where += " AND NOT " + _in("e.table_id", list(tables), params)
    aside = _aside(store)
    sql = (
        "SELECT e.seq, e.uuid, e.at, e.referee, e.table_id, g.number, e.hanchan_no, e.round_wind, e.hand_no, e.player, "
        "e.offence, json_extract(e.answers, '$.decision'), json_extract(e.ruling, '$.ruling'), e.device_id, "
        f"EXISTS (SELECT 1 FROM events v WHERE v.target = e.uuid), {aside} "
        f"FROM events e JOIN game_tables g ON g.id = e.table_id WHERE {where} ORDER BY e.seq"
    )
    with reading(store.path):
        return list(map(IncidentRow._make, store.conn.execute(sql, params)))


def incident_summaries(
    store: Store, tournament_id: str, player: str | None = None, *, tables: Sequence[str] = ()
) -> list[IncidentSummary]:
    """The tournament's incidents (``player``'s only, if given), voided and set-aside ones included, in the order
    stored: what a player's record lists of each (:mod:`refapp.store.records`), read without the rest of the history
    row (``ruling`` is only the ruling applied, as stored: the ``ruling`` key of the stored effect, or ``{}``).
    ``tables``: leave out the incidents of these tables."""
    return [
        IncidentSummary(seq=r.seq, uuid=r.uuid, at=r.at, referee=r.referee, table_id=r.table_id, table=r.table,
                        hanchan=r.hanchan, round_wind=r.round_wind, hand=r.hand, player=r.player, offence=r.offence,
                        decision=r.decision, ruling=json.loads(r.ruling) if r.ruling else {}, device_id=r.device_id,
                        voided=bool(r.voided), set_aside=r.set_aside)
        for r in incident_rows(store, tournament_id, player, tables=tables)
    ]  # fmt: skip


def player_counts(store: Store, tournament_id: str, player: str) -> dict[str, int]:
    """Non-voided incidents of ``player`` in the tournament (id or name), by applied ruling kind.

    ``point_penalty`` and ``rating_penalty`` both count as penalties; ``incidents`` counts every incident, whatever
    its ruling (a "not penalized" one included).
    """
    ids = tournament_ids(store, tournament_id) or [tournament_id]
    params: list[Any] = []
    cond = _in("tournament_id", ids, params)
    rows = store.conn.execute(
        f"SELECT json_extract(ruling, '$.ruling.kind'), count(*) FROM events e WHERE {cond} AND player = ? "
        f"AND type = 'incident' AND {standing_sql(store)} GROUP BY 1",
        [*params, player],
    ).fetchall()
    counts = {"warnings": 0, "dead_hands": 0, "chombos": 0, "penalties": 0, "incidents": 0}
    for kind, n in rows:
        counts["incidents"] += n
        ruled = RulingKind.parse(kind)
        key = _COUNTED.get(ruled) if ruled is not None else None
        if key:
            counts[key] += n
    return counts


def describe_counts(counts: dict[str, int]) -> str:
    """``"2 warnings, 1 dead hand, 0 chombos, 0 penalties (3 incidents)"``."""

    def n(k: int, one: str, many: str) -> str:
        return f"{k} {one if k == 1 else many}"

    return (
        f"{n(counts['warnings'], 'warning', 'warnings')}, {n(counts['dead_hands'], 'dead hand', 'dead hands')}, "
        f"{n(counts['chombos'], 'chombo', 'chombos')}, {n(counts['penalties'], 'penalty', 'penalties')} "
        f"({n(counts['incidents'], 'incident', 'incidents')})"
    )
