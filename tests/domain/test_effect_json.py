"""The ruling as applied is stored as JSON with its event: every number in it must be a JSON number, also when the
leftover riichi sticks of a hanchan split three ways (found by the UI benchmark: the store refused such an end)."""

import json

from refapp.domain.events import parse_event
from refapp.domain.ledger import Ledger
from refapp.domain.ledger_json import effect_to_json
from tests.logs import end, riichi, rulesets, start


def test_a_three_way_split_of_the_leftover_stick_is_stored_as_numbers():
    ledger = Ledger(rulesets())
    events = [start("ema-2016"), riichi(0), end()]  # Ann's stick is left; Bob, Cyd and Dan tie for first
    effect = None
    for i, e in enumerate(events):
        effect = ledger.apply(parse_event(e, i), i, explain=True)
    out = effect_to_json(effect)
    assert json.loads(json.dumps(out)) == out, "every value is a JSON number"
    assert out["game_over"] is True
