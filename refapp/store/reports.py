"""Incident reports: what a report holds beyond the history page, and the two entries only a report shows.

* A **sign-off** (the head referee signed the incident's report off) and a **player statement** (a player's own
  account of the incident) are entity events of the device's chain (:mod:`refapp.store.entities`: ``signoff`` and
  ``statement``), hash-chained and checked by ``refapp verify`` like any other; no table of their own. They carry
  their tournament, so one query over ``events`` by tournament finds them (the ``events_tournament`` index).
* The **source status** of the ruling applied (verified, from a summary, not verified, a reading) is not stored with
  the event. When every rule of the offence in the hanchan's rule set has the same status (and explanation), that is
  it; otherwise the rule that applied depends on the table at that moment, and the table is replayed up to the
  incident (:class:`refapp.store.derive.TableReplay`, as ``refapp verify`` does).

Everything else a report says comes from the history's own read models (:mod:`refapp.store.history`,
:mod:`refapp.store.history_detail`), so the report and the History page say the same thing.

Layer: feature (read models: incident reports, sign-offs and statements).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ..domain.catalogue import Param, english
from ..domain.events import HanchanStart, LogError, check_incoming, parse_event
from ..domain.rules import RuleSet
from ..domain.table import SessionKey, session_of
from . import history
from .db import Store, reading
from .derive import replay_to, resolve
from .entities import STATEMENT_MAX, entity_row, parse_entity
from .history_detail import IncidentExtra, incident_extra
from .rows import HistoryRow


class ReportError(ValueError):
    """A report, sign-off or statement that cannot be made; ``field`` names what is wrong (``incident``,
    ``tournament``, ``player``, ``text``, ``by``) and the message says why, in one line (English). What the app's
    pages can meet is raised with a message id and its parameters only: the message is then the id's sentence in
    the catalogue (:mod:`refapp.domain.catalogue`)."""

    def __init__(self, field: str, message: str = "", key: str = "", **params: Param):
        message = message or (english(key, params) if key else "")
        super().__init__(message)
        self.field, self.message = field, message
        self.key, self.params = key, params


@dataclass(frozen=True, slots=True)
class Signoff:
    """The head referee ``by`` signed the incident off at ``at`` (with the device's referee PIN if ``pin``)."""

    id: str
    incident: str
    by: str
    at: str
    pin: bool
    seq: int


@dataclass(frozen=True, slots=True)
class Statement:
    """A player's statement on an incident, recorded by ``by`` at ``at``."""

    id: str
    incident: str
    player: str
    text: str
    by: str
    at: str
    seq: int


@dataclass(frozen=True, slots=True)
class IncidentNotes:
    """The sign-offs and statements of one incident, oldest first."""

    signoffs: tuple[Signoff, ...] = ()
    statements: tuple[Statement, ...] = ()

    @property
    def signed(self) -> Signoff | None:
        """The newest sign-off, or None (not signed)."""
        return self.signoffs[-1] if self.signoffs else None

    def after_signoff(self, statement: Statement) -> bool:
        """Whether a statement was recorded after the newest sign-off (the sign-off does not cover it)."""
        signed = self.signed
        return signed is not None and statement.seq > signed.seq


@dataclass(frozen=True, slots=True)
class ReportIncident:
    """One incident as a report shows it."""

    row: HistoryRow  # the history row (refapp.store.history)
    extra: IncidentExtra  # the hanchan's players, the void, the hand attached
    notes: IncidentNotes
    session: SessionKey | None  # ("number", 2) or ("day", "2026-11-22"); None: unknown
    status: str | None  # the source status of the rule applied; None: unknown (the table's log does not replay)
    explain: str  # the rule's explanation, as the rule set says it ("" if none)


@dataclass(frozen=True, slots=True)
class Report:
    """What a report holds: one incident, or every incident of a tournament in report order (by table, session,
    hanchan, then as entered)."""

    tournament: str
    tournament_id: str
    incidents: tuple[ReportIncident, ...]
    whole: bool  # a tournament report


# -- finding --------------------------------------------------------------------------------------------------


def find_incident(store: Store, ref: str) -> HistoryRow:
    """The history row of the incident whose id is ``ref``, or whose id starts with ``ref`` (at least 4
    characters, as the history shows the first 8). Raises :class:`ReportError` naming the incident."""
    text = ref.strip().lower()
    shown = ref if len(ref) <= 60 else ref[:57] + "..."
    if not text:
        raise ReportError("incident", "no incident id given (see refapp history: the ID column)")
    with reading(store.path):
        found = store.conn.execute("SELECT uuid, type FROM events WHERE uuid = ?", (text,)).fetchall()
        if not found and len(text) >= 4:
            found = store.conn.execute(
                "SELECT uuid, type FROM events WHERE uuid >= ? AND uuid < ? AND table_id <> '' ORDER BY seq LIMIT 3",
                (text, text + "\uffff"),
            ).fetchall()
    incidents = [u for u, t in found if t == "incident"]
    if len(incidents) > 1:
        raise ReportError("incident", f"several incidents have an id starting with {shown!r}: give more of the id")
    if not incidents:
        if found:
            raise ReportError("incident", f"{shown!r} is a {found[0][1]} entry, not an incident")
        raise ReportError("incident", f"no incident with id {shown!r} (see refapp history: the ID column)")
    return history.rows_by_id(store, incidents)[0]


def notes_for(store: Store, tournament_id: str, incidents: Iterable[str] | None = None) -> dict[str, IncidentNotes]:
    """The sign-offs and statements of a tournament's incidents (of ``incidents`` only, if given), by incident."""
    wanted = set(incidents) if incidents is not None else None
    signoffs: dict[str, list[Signoff]] = {}
    statements: dict[str, list[Statement]] = {}
    with reading(store.path):
        # the (tournament, player, type) index finds them at once (an entity event has no player), however many
        # events the tournament holds; "+seq" keeps SQLite from walking the whole tournament for the order
        rows = store.conn.execute(
            "SELECT seq, uuid, type, payload FROM events WHERE tournament_id = ? AND player IS NULL "
            "AND type IN ('signoff', 'statement') AND +table_id = '' ORDER BY +seq",
            (tournament_id,),
        ).fetchall()
    for seq, uid, kind, text in rows:
        p = json.loads(text)
        incident = str(p.get("incident") or "")
        if wanted is not None and incident not in wanted:
            continue
        by, at = str(p.get("by") or ""), str(p.get("at") or "")
        if kind == "signoff":
            signoffs.setdefault(incident, []).append(Signoff(uid, incident, by, at, bool(p.get("pin")), seq))
        else:
            player, said = str(p.get("player") or ""), str(p.get("text") or "")
            statements.setdefault(incident, []).append(Statement(uid, incident, player, said, by, at, seq))
    keys = set(signoffs) | set(statements)
    return {k: IncidentNotes(tuple(signoffs.get(k, ())), tuple(statements.get(k, ()))) for k in keys}


def seated(store: Store, row: HistoryRow) -> list[str]:
    """The players who may make a statement on an incident: the hanchan's four, and whoever played the seat."""
    names = list(incident_extra(store, row).names)
    player = row.get("player")
    if player and player not in names:
        names.append(str(player))
    return names


# -- the report's contents ------------------------------------------------------------------------------------


def _replayed(
    store: Store, rulesets: Mapping[str, RuleSet], table_id: str, wanted: set[str]
) -> dict[str, tuple[SessionKey | None, str, str]]:
    """For each wanted incident of the table: (session, source status, explanation), from a replay up to it. An
    incident the replay does not reach (a log that does not replay) is left out."""
    out: dict[str, tuple[SessionKey | None, str, str]] = {}
    for eid, replay in replay_to(store.table_events(table_id), store.rulesets(rulesets), wanted):
        ruling = replay.effect.ruling if replay.effect is not None else None
        status = ruling.status if ruling is not None else ""
        explain = ruling.explain if ruling is not None else ""
        out[eid] = (replay.state.session, status, explain)
    return out


def _session_key(session: SessionKey | None) -> tuple[int, int, str]:
    if session is None:
        return (2, 0, "")
    kind, value = session
    return (0, int(value), "") if kind == "number" else (1, 0, str(value))


def _start_of(store: Store, table_id: str, hanchan: int) -> dict[str, Any] | None:
    """The ``hanchan_start`` payload of a table's hanchan (the one that stands), or None."""
    row = store.conn.execute(
        "SELECT e.payload FROM hanchans h JOIN events e ON e.uuid = h.id WHERE h.table_id = ? AND h.number = ? "
        "AND NOT EXISTS (SELECT 1 FROM events v WHERE v.target = h.id) ORDER BY e.seq DESC LIMIT 1",
        (table_id, hanchan),
    ).fetchone()
    return json.loads(row[0]) if row is not None else None


def _known(
    rulesets: Mapping[str, RuleSet], start: dict[str, Any] | None, offence: str
) -> tuple[SessionKey | None, str, str] | None:
    """(session, status, explanation) of an incident without a replay: when every rule of the offence in the
    hanchan's rule set has the same source status and explanation, whichever applied; else None."""
    if start is None:
        return None
    rs = resolve(rulesets, start)
    off = rs.offences.get(offence) if rs is not None else None
    if off is None:
        return None
    said = {(r.status or off.status, r.explain) for r in off.rules}
    if len(said) != 1:
        return None
    try:
        event = parse_event(start)
    except LogError:
        return None
    if not isinstance(event, HanchanStart):
        return None
    session = session_of(event)
    status, explain = said.pop()
    return session, status, explain


def _gather(store: Store, rulesets: Mapping[str, RuleSet], rows: list[HistoryRow]) -> list[ReportIncident]:
    pinned = store.rulesets(rulesets)
    known: dict[str, tuple[SessionKey | None, str, str]] = {}
    to_replay: dict[str, set[str]] = {}
    starts: dict[tuple[str, int], dict[str, Any] | None] = {}
    for r in rows:
        key = (str(r["table_id"]), int(r["hanchan"]))
        if key not in starts:
            starts[key] = _start_of(store, *key)
        found = _known(pinned, starts[key], str(r["offence"] or ""))
        if found is not None:
            known[str(r["uuid"])] = found
        else:
            to_replay.setdefault(key[0], set()).add(str(r["uuid"]))
    for table_id, ids in to_replay.items():  # the rule that applied depends on the table at that moment
        known.update(_replayed(store, rulesets, table_id, ids))
    notes: dict[str, IncidentNotes] = {}
    for tid in {str(r["tournament_id"]) for r in rows}:
        notes.update(notes_for(store, tid, [str(r["uuid"]) for r in rows if r["tournament_id"] == tid]))
    out = []
    for r in rows:
        session, status, explain = known.get(str(r["uuid"]), (None, None, ""))
        out.append(
            ReportIncident(
                row=r,
                extra=incident_extra(store, r),
                notes=notes.get(str(r["uuid"]), IncidentNotes()),
                session=session,
                status=status,
                explain=explain,
            )
        )
    return out


def incident_report(store: Store, rulesets: Mapping[str, RuleSet], ref: str) -> Report:
    """The report of one incident (its id, or the start of it: :func:`find_incident`)."""
    row = find_incident(store, ref)
    (one,) = _gather(store, rulesets, [row])
    return Report(str(row["tournament"]), str(row["tournament_id"]), (one,), whole=False)


def tournament_report(store: Store, rulesets: Mapping[str, RuleSet], tournament_id: str) -> Report:
    """The report of every incident of a tournament (voided ones included), by table, session, hanchan, then in
    the order entered."""
    found = store.conn.execute("SELECT name FROM tournaments WHERE id = ?", (tournament_id,)).fetchone()
    if found is None:
        raise ReportError("tournament", f"no tournament with id {tournament_id!r}")
    rows = history.query(store, tournament=tournament_id, include_voided=True, limit=None)
    items = _gather(store, rulesets, rows)
    items.sort(key=lambda i: (int(i.row["table"]), _session_key(i.session), int(i.row["hanchan"]), i.row["seq"]))
    return Report(str(found[0]), tournament_id, tuple(items), whole=True)


# -- recording ------------------------------------------------------------------------------------------------


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _incident_row(store: Store, incident_id: str) -> HistoryRow:
    rows = [r for r in history.rows_by_id(store, [incident_id]) if r["type"] == "incident"]
    if not rows:
        raise ReportError("incident", f"no incident with id {incident_id!r}")
    return rows[0]


def can_sign(store: Store, row: HistoryRow, notes: IncidentNotes | None = None) -> Signoff | None:
    """None when the incident may be signed off; else the sign-off that already covers everything recorded on it
    (nothing was added or voided since)."""
    if notes is None:
        notes = notes_for(store, str(row["tournament_id"]), [str(row["uuid"])]).get(str(row["uuid"]), IncidentNotes())
    signed = notes.signed
    if signed is None:
        return None
    void = store.conn.execute("SELECT max(seq) FROM events WHERE target = ?", (row["uuid"],)).fetchone()[0]
    newest = max([s.seq for s in notes.statements] + [int(void or 0)])
    return signed if newest < signed.seq else None


def sign_off(store: Store, incident_id: str, by: str, *, pin: bool, at: str | None = None) -> Signoff:
    """Record the head referee's sign-off of an incident (``pin``: the device's referee PIN was given). Refused
    (:class:`ReportError`) when the name is empty or the incident was already signed off with nothing added since."""
    name = by.strip()
    if not name:
        raise ReportError("by", key="signoff_no_name")
    payload: dict[str, Any] = {"type": "signoff", "id": str(uuid.uuid4()), "at": at or _now(), "by": name}
    payload["incident"] = incident_id
    with store.writing() as w:
        row = _incident_row(store, incident_id)
        payload |= {"tournament": str(row["tournament_id"]), "pin": bool(pin)}
        _check(payload, "by")
        done = can_sign(store, row)
        if done is not None:
            raise ReportError("incident", key="signed_off_already", by=done.by, at=done.at)
        seq = w.add(entity_row(store.device_id, payload))
    return Signoff(payload["id"], incident_id, name, payload["at"], bool(pin), seq)


def add_statement(store: Store, incident_id: str, player: str, text: str, by: str, at: str | None = None) -> Statement:
    """Record a player's statement on an incident, as typed by ``by``. The player must be one who played at that
    hanchan (:func:`seated`); the text is 1 to ``STATEMENT_MAX`` characters."""
    said = text.strip()
    if not said:
        raise ReportError("text", key="statement_empty")
    if len(said) > STATEMENT_MAX:
        raise ReportError("text", key="statement_too_long", length=len(said), most=STATEMENT_MAX)
    payload = {"type": "statement", "id": str(uuid.uuid4()), "at": at or _now(), "by": by.strip()}
    payload |= {"incident": incident_id, "player": player.strip(), "text": said}
    with store.writing() as w:
        row = _incident_row(store, incident_id)
        names = seated(store, row)
        if payload["player"] not in names:
            raise ReportError("player", key="statement_not_seated", player=payload["player"], players=", ".join(names))
        payload["tournament"] = str(row["tournament_id"])
        _check(payload, "text")
        seq = w.add(entity_row(store.device_id, payload))
    return Statement(payload["id"], incident_id, payload["player"], said, payload["by"], payload["at"], seq)


def _check(payload: dict[str, Any], default_field: str) -> None:
    try:
        parse_entity(payload)
        check_incoming(payload)  # names without control or invisible formatting characters (refapp.domain.inputs)
    except LogError as exc:
        field = exc.field.split(".")[0] if exc.field else default_field
        message = exc.message.removeprefix(f"{field}: ")
        raise ReportError(field, message, exc.key, **exc.params) from None
