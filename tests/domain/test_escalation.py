"""Warnings and warning ladders counted across tables (docs/rulings.md, "Warnings across tables").

An incident records the player's warnings and ladder steps at the tournament's other tables (``elsewhere``); the
fold adds them to the table's own counts. Hand-computed under the club league (session scope, the calls ladder: the
3rd call offence of a session is a dead hand) and under EMA 2016 (warnings numbered over the tournament). Logs
without the field replay exactly as refapp replayed them before it existed (frozen in
``tests/data/escalation-before-elsewhere.json``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from refapp.domain.events import LogError, parse_event, parse_events, resolve_voids
from refapp.domain.ledger import Ledger
from refapp.domain.ledger_json import effect_to_json, state_to_json
from tests.logs import end, ev, fold, rulesets, start

FROZEN = Path(__file__).resolve().parents[1] / "data" / "escalation-before-elsewhere.json"


def _run(events: list[dict]) -> dict:
    """Every event's ruling as stored and its explanation lines, and the final state (as the frozen file has them)."""
    ledger = Ledger(rulesets())
    effects = {}
    for i, e in resolve_voids(parse_events(events)):
        eff = ledger.apply(e, i, explain=True)
        lines = [[k, {a: (list(b) if isinstance(b, tuple) else b) for a, b in kw.items()}] for k, kw in eff.lines]
        effects[e.id] = {"ruling": effect_to_json(eff), "lines": lines}
    return {"events": events, "effects": effects, "state": state_to_json(ledger.state)}


ADDED_SINCE = {"dead_hand_rest"}  # lines the preview says since the file was frozen (what a dead hand means)


@pytest.mark.parametrize("name", ["sg-league", "ema-2016"])
def test_logs_without_the_field_replay_exactly_as_before(name):
    frozen = json.loads(FROZEN.read_text(encoding="utf-8"))[name]
    now = json.loads(json.dumps(_run(frozen["events"]), sort_keys=True, default=str))
    for effect in now["effects"].values():
        effect["lines"] = [line for line in effect["lines"] if line[0] not in ADDED_SINCE]
    assert now["effects"] == frozen["effects"]
    assert now["state"] == frozen["state"]
    assert not any("elsewhere" in e["ruling"].get("ruling", {}) for e in now["effects"].values())


def incident(seat: int, offence: str, elsewhere: dict | None = None, **kw) -> dict:
    fields = {"seat": seat, "offence": offence, **kw}
    if elsewhere is not None:
        fields["elsewhere"] = elsewhere
    return ev("incident", **fields)


def ruled(events: list[dict], event: dict):
    """The ruling ``event`` gets after ``events``, its stored form and the table's lines, without changing them."""
    ledger = Ledger(rulesets())
    for i, e in resolve_voids(parse_events(events)):
        ledger.apply(e, i)
    eff = ledger.preview(parse_event(event))
    return eff.ruling, effect_to_json(eff)["ruling"], eff.lines


# -- the club league: the calls ladder per session ----------------------------------------------------------------


def test_club_league_third_call_offence_of_the_session_at_another_table_is_a_dead_hand():
    # table 7, session 1: Bob (seat 1) had two call offences at table 3 this session (two warnings there)
    log = [start("sg-league", session=1)]
    r, stored, lines = ruled(log, incident(1, "silent_call", {"warnings": 2, "ladders": {"calls": 2}}))
    assert (r.kind, r.ladder, r.ladder_step, r.elsewhere_steps, r.warning_number) == ("dead_hand", "calls", 3, 2, 0)
    assert stored["kind"] == "dead_hand" and stored["rule_kind"] == "warning"
    assert stored["elsewhere"] == {"warnings": 0, "ladder": "calls", "steps": 2, "step": 3}
    keys = [k for k, _ in lines]
    assert keys.index("ladder_elsewhere") < keys.index("ladder_dead_hand")
    assert dict(lines)["ladder_elsewhere"] == {"seat": 1, "step": 3, "elsewhere": 2, "scope": "session"}

    first = incident(1, "silent_call", {"warnings": 2, "ladders": {"calls": 2}})
    st = fold([*log, first])
    bob = st.seats[1]
    assert bob.dead_hand and bob.ladders == {"calls": 1}  # the table's own count: one call offence here
    assert state_to_json(st)["seats"][1]["warnings"] == 2  # shown with the two warnings at table 3

    # the next hand, another call offence here: own 1 + 2 at table 3 + this one = the 4th, a dead hand again
    log2 = [*log, first, ev("draw", tenpai=[0])]
    r, _, _ = ruled(log2, incident(1, "empty_meld_call", {"warnings": 2, "ladders": {"calls": 2}}))
    assert (r.kind, r.ladder_step) == ("dead_hand", 4)

    # Cyd (seat 2) had one at table 3: his 2nd call offence is a warning, his 2nd warning
    r, stored, lines = ruled(log2, incident(2, "silent_call", {"warnings": 1, "ladders": {"calls": 1}}))
    assert (r.kind, r.ladder_step, r.warning_number, r.elsewhere_warnings) == ("warning", 2, 2, 1)
    assert stored["warning_number"] == 2
    assert stored["elsewhere"] == {"warnings": 1, "ladder": "calls", "steps": 1, "step": 2}
    assert dict(lines)["warning_number"] == {"seat": 2, "number": 2, "elsewhere": 1, "scope": "session"}


def test_club_league_the_next_session_starts_again():
    # session 1 at this table: Bob's 3rd call offence (2 elsewhere) is a dead hand; session 2 here: none recorded
    # elsewhere in session 2, so his call offence is a 1st warning again
    log = [
        start("sg-league", session=1),
        incident(1, "silent_call", {"warnings": 2, "ladders": {"calls": 2}}),
        end(),
        start("sg-league", session=2),
    ]
    st = fold(log)
    assert st.seats[1].ladders == {} and state_to_json(st)["seats"][1]["warnings"] == 0
    r, stored, _ = ruled(log, incident(1, "silent_call"))
    assert (r.kind, r.ladder_step, r.warning_number) == ("warning", 1, 1)
    assert "elsewhere" not in stored
    # a call offence at another table in session 2 is counted when recorded
    r, _, _ = ruled(log, incident(1, "silent_call", {"warnings": 1, "ladders": {"calls": 1}}))
    assert (r.kind, r.ladder_step, r.warning_number) == ("warning", 2, 2)


def test_club_league_a_warning_off_the_ladder_counts_warnings_only():
    # the generic warning does not climb the calls ladder: two warnings elsewhere make it the 3rd warning
    log = [start("sg-league", session=1)]
    r, stored, _ = ruled(log, incident(0, "warning", {"warnings": 2, "ladders": {"calls": 2}}))
    assert (r.kind, r.ladder, r.warning_number, r.elsewhere_warnings) == ("warning", "", 3, 2)
    assert stored["elsewhere"] == {"warnings": 2}


# -- EMA: warnings numbered over the tournament --------------------------------------------------------------


def test_ema_warning_numbers_follow_the_player_across_tables():
    # table 3: Eve's first warning of the tournament
    table3 = [start("ema-2016", players=("Eve", "Fay", "Gus", "Hal"), session=1)]
    r, stored, _ = ruled(table3, incident(0, "warning"))
    assert (r.warning_number, stored["warning_number"]) == (1, 1)
    # table 7, the next session: one warning at table 3 recorded with it: her 2nd
    w2 = incident(1, "warning", {"warnings": 1})
    table7 = [start("ema-2016", players=("Fay", "Eve", "Hal", "Gus"), session=2)]
    r, stored, lines = ruled(table7, w2)
    assert (r.warning_number, r.elsewhere_warnings) == (2, 1)
    assert stored["elsewhere"] == {"warnings": 1}
    assert dict(lines)["warning_number"] == {"seat": 1, "number": 2, "elsewhere": 1, "scope": "tournament"}
    # again at table 7: her own one here + the one at table 3 + this one = the 3rd (never counted twice)
    r, _, _ = ruled([*table7, w2], incident(1, "warning", {"warnings": 1}))
    assert r.warning_number == 3
    # the board shows 2 warnings after the second one
    assert state_to_json(fold([*table7, w2]))["seats"][1]["warnings"] == 2
    # voided, the incident no longer counts, nor what it recorded
    st = fold([*table7, w2, ev("void", target=w2["id"], reason="wrong player")])
    assert state_to_json(st)["seats"][1]["warnings"] == 0


def test_the_replay_is_the_same_whatever_the_other_tables_hold():
    log = [start("ema-2016", session=1), incident(2, "warning", {"warnings": 4}), incident(2, "warning")]
    first, second = fold(log), fold(json.loads(json.dumps(log)))
    assert state_to_json(first) == state_to_json(second)
    # the second incident recorded nothing elsewhere (an older refapp, or none then): own 1 + 1
    r, _, _ = ruled(log[:2], log[2])
    assert r.warning_number == 2


@pytest.mark.parametrize(
    ("elsewhere", "field"),
    [
        ({"warnings": -1}, "elsewhere.warnings"),
        ({"warnings": True}, "elsewhere.warnings"),
        ({"warnings": 1001}, "elsewhere.warnings"),
        ({"ladders": {"Calls": 1}}, "elsewhere.ladders.Calls.[key]"),
        ({"ladders": {"calls": -2}}, "elsewhere.ladders.calls"),
        ({"bogus": 1}, "elsewhere.bogus"),
    ],
)
def test_a_bad_elsewhere_is_refused_naming_its_field(elsewhere, field):
    with pytest.raises(LogError) as info:
        parse_event(incident(0, "warning", elsewhere), 3)
    assert (info.value.index, info.value.field) == (3, field)
