"""Issue 31 part 5 in the core: a hand result entered at the table waits for an opponent's tap when the tournament
says so (off by default); the seats that may confirm are those the result does not name; the next hand waits for it;
a referee confirms on the players' behalf; the head referee's desk sees which table waits, through the shared
folder too."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from refapp.core.confirm import ConfirmFirst, NotAnOpponent, RefereeOnlyConfirm, confirmers
from refapp.core.session import Session
from refapp.store import confirmations
from refapp.store.opening import open_store
from refapp.store.settings import Settings
from refapp.store.verify import verify
from tests.logs import rulesets

PIN = "2468"


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 22, 10, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=30)  # every entry a little later
        return self.now


def _session(tmp_path, name: str = "data") -> Session:
    store = open_store(tmp_path / name)
    table = store.setup_table("Paris Open", 7, [{"name": n} for n in ("Ann", "Bob", "Cyd", "Dan")])
    s = Session(store, rulesets(), Settings(referee="Marie"), tmp_path / name, clock=Clock())
    s.open_table(table)
    s.record(s.new_event("hanchan_start", players=["Ann", "Bob", "Cyd", "Dan"], ruleset="ema-2016"))
    s.lock.choose_pin(PIN)
    return s


def _table_mode(s: Session) -> None:
    s.lock.lock()
    assert not s.lock.referee_mode and s.who() == "table"


def _ron_bob_from_cyd(s: Session) -> dict:
    event = s.new_event("win", kind="ron", discarder=2, winners=[{"seat": 1, "han": 3, "fu": 40}])
    s.record(event)
    return event


def _turn_on(s: Session) -> None:
    assert s.lock.unlock(PIN) == "ok"
    s.confirmations.set_rule(True)
    s.lock.lock()


def test_off_by_default_nothing_waits(tmp_path):
    s = _session(tmp_path)
    _table_mode(s)
    _ron_bob_from_cyd(s)
    assert s.confirmations.rule().on is False
    assert s.confirmations.pending() is None
    s.record(s.new_event("riichi", seat=0))  # the next hand goes on
    assert confirmations.waiting(s.store, s.table.tournament_id) == {}


def test_a_table_result_waits_for_an_opponent_and_blocks_the_next_hand(tmp_path):
    s = _session(tmp_path)
    _turn_on(s)
    _table_mode(s)
    win = _ron_bob_from_cyd(s)
    waiting = s.confirmations.pending()
    assert waiting is not None and waiting.event["id"] == win["id"]
    assert waiting.confirmers == (0, 3), "Ann and Dan: not the winner (Bob), not the discarder (Cyd)"
    assert confirmations.waiting(s.store, s.table.tournament_id)[s.table.table_id].event == win["id"]
    scores = [seat.score for seat in s.state.seats]
    # the next hand waits: no riichi, no result, nothing stored
    n = len(s.events())
    with pytest.raises(ConfirmFirst) as err:
        s.record(s.new_event("riichi", seat=0))
    assert err.value.params == {"names": "Ann, Dan"}
    with pytest.raises(ConfirmFirst):
        s.record(s.new_event("draw", tenpai=[0]))
    assert len(s.events()) == n and [seat.score for seat in s.state.seats] == scores
    # the winner cannot confirm their own win, nor the discarder
    with pytest.raises(NotAnOpponent):
        s.confirmations.confirm(1)
    with pytest.raises(NotAnOpponent):
        s.confirmations.confirm(2)
    assert s.confirmations.pending() is not None
    # Dan confirms: nothing waits, the next hand goes on
    s.confirmations.confirm(3)
    assert s.confirmations.pending() is None
    assert confirmations.waiting(s.store, s.table.tournament_id) == {}
    done = confirmations.confirmations(s.store, s.table.tournament_id)[win["id"]]
    assert (done.seat, done.by) == (3, "table")
    s.record(s.new_event("riichi", seat=0))
    assert s.state.seats[0].riichi


def test_a_referee_confirms_on_the_players_behalf(tmp_path):
    s = _session(tmp_path)
    _turn_on(s)
    _table_mode(s)
    win = _ron_bob_from_cyd(s)
    with pytest.raises(RefereeOnlyConfirm):
        s.confirmations.confirm_as_referee()  # table mode: the PIN first
    assert s.confirmations.pending() is not None
    assert s.lock.unlock(PIN) == "ok"
    s.confirmations.confirm_as_referee()
    done = confirmations.confirmations(s.store, s.table.tournament_id)[win["id"]]
    assert (done.seat, done.by) == (None, "Marie")
    assert s.confirmations.pending() is None


def test_a_referees_own_entry_and_a_referee_are_not_held_up(tmp_path):
    s = _session(tmp_path)
    _turn_on(s)
    assert s.lock.unlock(PIN) == "ok"
    _ron_bob_from_cyd(s)  # entered by the referee: no confirmation asked
    assert s.confirmations.pending() is None
    _table_mode(s)
    _ron_bob_from_cyd(s)
    assert s.confirmations.pending() is not None
    assert s.lock.unlock(PIN) == "ok"
    s.record(s.new_event("riichi", seat=3))  # a referee is not blocked
    assert s.state.seats[3].riichi


def test_taking_the_result_back_ends_the_wait(tmp_path):
    s = _session(tmp_path)
    _turn_on(s)
    _table_mode(s)
    _ron_bob_from_cyd(s)
    assert s.can_take_back()
    s.undo("entered by mistake")
    assert s.confirmations.pending() is None
    assert confirmations.waiting(s.store, s.table.tournament_id) == {}


def test_a_result_entered_before_the_setting_was_turned_on_does_not_wait(tmp_path):
    s = _session(tmp_path)
    _table_mode(s)
    _ron_bob_from_cyd(s)
    _turn_on(s)
    assert s.confirmations.pending() is None


def test_who_may_confirm_each_kind_of_result():
    assert confirmers({"type": "win", "kind": "tsumo", "winners": [{"seat": 2}]}) == (0, 1, 3)
    assert confirmers({"type": "win", "kind": "ron", "discarder": 0, "winners": [{"seat": 1}, {"seat": 3}]}) == (2,)
    assert confirmers({"type": "draw", "tenpai": [0, 2]}) == (1, 3)
    assert confirmers({"type": "draw", "tenpai": [0, 1, 2, 3]}) == (0, 1, 2, 3), "all named: anyone"
    assert confirmers({"type": "draw", "tenpai": []}) == (0, 1, 2, 3), "none named: anyone"
    assert confirmers({"type": "draw", "kind": "abortive"}) == (0, 1, 2, 3)


def test_the_setting_and_the_confirmations_verify_and_reach_another_device(tmp_path):
    """Through a bundle (what the shared folder carries): the head referee's device sees the table wait, then not."""
    from refapp.store.bundle import export_bundle, import_bundle

    s = _session(tmp_path)
    _turn_on(s)
    _table_mode(s)
    _ron_bob_from_cyd(s)
    assert verify(s.store, rulesets()).ok
    head = open_store(tmp_path / "head")
    tablet = {s.store.device_id}
    import_bundle(head, export_bundle(s.store), rulesets=rulesets(), accept_devices=tablet)
    assert list(confirmations.waiting(head, s.table.tournament_id)) == [s.table.table_id]
    s.confirmations.confirm(0)
    import_bundle(head, export_bundle(s.store), rulesets=rulesets(), accept_devices=tablet)
    assert confirmations.waiting(head, s.table.tournament_id) == {}
    assert verify(head, rulesets()).ok
