"""A table state written as JSON and read back is the same state: the next events do exactly the same to it.

The store keeps such states so that merging another device's new events does not replay whole tables again; a
state that came back even slightly different would give those events wrong stored rulings (verify would then say
so, but the referee's history would be wrong until it is rebuilt)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refapp.domain.events import resolve_voids
from refapp.domain.ledger import Ledger
from refapp.domain.ledger_json import effect_to_json
from refapp.domain.state_json import dump_state, load_state
from tests.domain.test_ledger_properties import RULESET_IDS, RULESETS, SETTINGS, _everything, parse, table_logs


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
@SETTINGS
@given(data=st.data())
def test_a_state_read_back_from_json_goes_on_exactly_as_the_original(ruleset_id: str, data: st.DataObject) -> None:
    dicts = data.draw(table_logs(ruleset_id, incidents=True))
    standing = list(resolve_voids(parse(dicts)))
    cut = data.draw(st.integers(1, len(standing)))
    original = Ledger(RULESETS)
    for index, event in standing[:cut]:
        original.apply(event, index)
    rs = original.state.ruleset
    key = rs.id if rs is not None else None
    text = json.dumps(dump_state(original.state, key))  # through real JSON text, as the store keeps it
    copy = Ledger(RULESETS)
    copy.state = load_state(json.loads(text), RULESETS)
    assert _everything(copy.state) == _everything(original.state)
    assert dump_state(copy.state, key) == dump_state(original.state, key)
    for index, event in standing[cut:]:
        a = original.apply(event, index, explain=True)
        b = copy.apply(event, index, explain=True)
        assert a is not None and b is not None
        assert effect_to_json(a) == effect_to_json(b)
        assert a.lines == b.lines
    assert _everything(copy.state) == _everything(original.state)


def test_a_state_of_another_format_is_refused() -> None:
    with pytest.raises(ValueError, match="not a table state"):
        load_state({"format": 99}, RULESETS)
