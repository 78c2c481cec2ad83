"""The session clock travels with the venue's sync like every event: the head referee sets the session on his device
and gives one table extra time; after a sync each tablet's clock says so, the other tables get no extra time, and
every device verifies."""

from __future__ import annotations

import uuid
from datetime import datetime

from refapp.domain.clock import Phase
from refapp.store import clock
from refapp.store.verify import verify
from tests.logs import rulesets
from tests.sync.test_venue import _settle, _venue

START = datetime.fromisoformat("2026-11-22T14:00:00+01:00")


def test_the_session_and_one_tables_extra_time_reach_every_tablet(tmp_path):
    devices, folder = _venue(tmp_path, 3)
    head, t1, t2 = devices
    for d in (t1, t2):
        assert d.table is not None
        names = [f"{d.name}-{k}" for k in range(4)]
        d.book().commit({"type": "hanchan_start", "id": str(uuid.uuid4()), "at": "2026-11-22T14:00:00+01:00",
                         "by": d.name, "players": names, "ruleset": "wrc-2015", "session": 1})  # fmt: skip
    _settle(devices, folder)
    assert t1.table is not None and t2.table is not None
    tournament = t1.table.tournament_id
    clock.set_session(head.store, tournament, 1, START, 90, "Head")
    clock.give_extra_time(head.store, head.store.table(t1.table.table_id), 1, 5, "long ruling", "Head")
    _settle(devices, folder)
    now = datetime.fromisoformat("2026-11-22T15:32:00+01:00")
    mine = clock.read_table_clock(t1.store, t1.table, rulesets())
    theirs = clock.read_table_clock(t2.store, t2.table, rulesets())
    assert [(e.minutes, e.reason, e.by) for e in mine.extras] == [(5, "long ruling", "Head")]
    s1, s2 = mine.status(now), theirs.status(now)
    assert s1 is not None and (s1.phase, s1.remaining, s1.extra_minutes) == (Phase.RUNNING, 180, 5)
    assert s2 is not None and (s2.phase, s2.hands_left, s2.extra_minutes) == (Phase.TIME_UP, 0, 0)
    for d in devices:
        report = verify(d.store, rulesets())
        assert report.ok, report.message()
        d.close()
