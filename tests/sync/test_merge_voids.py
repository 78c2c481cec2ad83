"""A table's new events merged onto the state kept after the last merge (refapp.store.tablecache), when a void among
them cancels an event that came with it: the referee's tablet records a hand, voids it, and records the next one
between two syncs of the head referee's device."""

from __future__ import annotations

import random
import uuid

from refapp.store.verify import verify
from tests.sync.venue import AT, head_and_tablet


def test_a_void_of_an_event_merged_with_it_onto_a_kept_state(tmp_path):
    head, tablet, folder = head_and_tablet(tmp_path, 6)
    head.sync(folder)  # the head referee's device holds the table, and keeps its state after the last event
    assert head.store.conn.execute("SELECT count(*) FROM table_states").fetchone()[0] == 1
    rng = random.Random(7)
    book = tablet.book()
    riichi = {"id": str(uuid.uuid4()), "at": AT, "by": "T1", "type": "riichi", "seat": 2}
    book.commit(riichi)
    book.commit(
        {"id": str(uuid.uuid4()), "at": AT, "by": "T1", "type": "void", "target": riichi["id"], "reason": "wrong seat"}
    )
    tablet.record(rng)
    tablet.sync(folder)
    seats = [s.score for s in tablet.book().state.seats]
    sticks = tablet.book().state.riichi_sticks

    report = head.sync(folder)

    assert not [d.problem for d in report.devices if d.problem]
    assert sum(d.merged for d in report.devices) == 3
    on_head = head.book(tablet.table).state
    assert [s.score for s in on_head.seats] == seats
    assert on_head.riichi_sticks == sticks
    assert head.history() == tablet.history()
    assert verify(head.store).ok
    head.close()
    tablet.close()
