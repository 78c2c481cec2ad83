"""The ruling as stored, read back typed: what the ledger wrote, rows of the first schema, and rows of a newer one."""

import json
from fractions import Fraction

from refapp.domain.events import parse_event
from refapp.domain.ledger import Ledger
from refapp.domain.ledger_json import effect_to_json
from refapp.domain.offences import RULING_KINDS
from refapp.domain.stored import SCHEMA_VERSION, RulingKind, StoredEffect
from tests.logs import ev, riichi, rulesets, start


def stored(*events):
    """The stored ``ruling`` column of the last event, as the store keeps it (JSON text, decoded)."""
    led = Ledger(rulesets())
    eff = None
    for i, e in enumerate(events):
        eff = led.apply(parse_event(e, i), i, explain=True)
    return json.loads(json.dumps(effect_to_json(eff)))


def test_a_mangan_chombo_with_a_riichi_bet_reads_back_as_applied():
    row = stored(
        start(
            "ema-2012", resume={"scores": [31000, 30000, 27000, 31000], "hand": 2, "counters": 1, "riichi_sticks": 1}
        ),
        riichi(2),
        ev("incident", seat=3, offence="invalid_win_revealed"),
    )
    eff = StoredEffect.from_json(row)
    assert eff.schema == SCHEMA_VERSION == 1
    assert eff.kind is RulingKind.CHOMBO and eff.kind_text == "chombo"
    assert eff.ruling is not None and eff.ruling.citation == "§3.4.6"
    assert eff.transfers == (2000, 4000, 3000, -8000)
    assert eff.sticks == (2, 1) and eff.sticks_returned == (2,)
    assert eff.counters == (1, 1) and eff.dealer == (1, 1) and eff.hand == ((0, 2), (0, 2))
    assert eff.redeal and not eff.game_over and eff.moved_points
    assert eff.unknown == ()


def test_a_point_penalty_keeps_its_amount_and_scope():
    eff = StoredEffect.from_json(
        stored(start("ema-2012"), ev("incident", seat=2, offence="late_arrival", answers={"minutes": 7}))
    )
    assert eff.kind is RulingKind.POINT_PENALTY and eff.kind.is_penalty
    assert eff.ruling is not None and (eff.ruling.amount, eff.ruling.scope) == (7000, "table")
    assert eff.off_table == 7000 and eff.transfers == (0, 0, -7000, 0)


def test_league_points_and_a_three_way_split_read_as_exact_numbers():
    eff = StoredEffect.from_json(stored(start("sg-league"), ev("incident", seat=0, offence="invalid_win_revealed")))
    assert eff.extra == ({"league": -2}, {}, {}, {})
    third = StoredEffect.from_json({"overall": [3333.33, -10000, 3333.33, 3333.34]})
    assert third.overall[0] == Fraction("3333.33") and third.overall[1] == -10000


def test_an_event_without_a_ruling_reads_as_nothing_done():
    eff = StoredEffect.from_json({})
    assert eff.kind is None and eff.kind_text == "" and eff.ruling is None
    assert not eff.moved_points and eff.sticks is None and eff.hand is None
    assert StoredEffect.from_json(None) == StoredEffect()


def test_a_row_of_the_first_schema_without_the_later_keys_still_reads():
    # no "extra", "sticks_returned", "off_table", "redeal"; a ruling without rule_kind / warning_number / voided_by_win
    old = {
        "transfers": [0, -1000, 0, 0],
        "sticks": [0, 0],
        "counters": [0, 0],
        "dealer": [0, 0],
        "hand": [[0, 1], [0, 1]],
        "ruling": {"kind": "warning", "amount": 0, "citation": "§2.1"},
    }
    eff = StoredEffect.from_json(old)
    assert eff.kind is RulingKind.WARNING and eff.ruling is not None and eff.ruling.warning_number == 0
    assert eff.extra == () and eff.sticks_returned == () and eff.off_table == 0 and not eff.redeal


def test_a_newer_schema_keeps_its_unknown_kind_as_text_and_ignores_new_keys():
    newer = {"schema": 3, "transfers": [0, 0, 0, 0], "ruling": {"kind": "yellow_card"}, "cards": [1, 0, 0, 0]}
    eff = StoredEffect.from_json(newer)
    assert eff.schema == 3 and eff.kind is None and eff.kind_text == "yellow_card"
    assert eff.unknown == ("cards",)


def test_every_ruling_kind_of_the_rule_sets_is_an_enum_member():
    assert [k.value for k in RulingKind] == list(RULING_KINDS)
