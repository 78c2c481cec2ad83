"""The seating plan reaches the tables: the head referee publishes a plan on his device; after one sync of each
device through the shared folder, table 7's tablet gives its next hanchan (session 3: Anna East, Bruno South, Chloé
West, Dan North), started with one call with those players in those seats; a change published later (Eve for Dan)
arrives in one sync too and the tablet says what changed; every device verifies."""

from __future__ import annotations

import uuid

from refapp.core.session import Session
from refapp.domain.seating import SeatChange, SessionSeating
from refapp.store import seating
from refapp.store.players_import import import_players
from refapp.store.roster import RosterEntry
from refapp.store.settings import Settings
from refapp.store.verify import verify
from tests.logs import rulesets
from tests.sync.venue import TOURNAMENT, Device

NAMED = ["Anna", "Bruno", "Chloé", "Dan", "Eve"]
OTHERS = [f"Player {i:02d}" for i in range(1, 28)]


def session_tables(session: int, table7: tuple[str, str, str, str]) -> SessionSeating:
    """32 players at 8 tables; table 7 seats ``table7``, the others fill the rest in order."""
    rest = [p for p in NAMED + OTHERS if p not in table7]
    tables = [tuple(rest[4 * k : 4 * k + 4]) for k in range(7)]
    tables.insert(6, table7)
    return SessionSeating(session, tuple(tables))  # type: ignore[arg-type]


def test_a_published_plan_reaches_the_tablet_in_one_sync_and_starts_in_one_call(tmp_path):
    folder = tmp_path / "shared"
    folder.mkdir()
    head, tablet = Device(tmp_path / "head", "Head"), Device(tmp_path / "t7", "T7")
    tablet.trust(head, "head")
    head.trust(tablet)
    tid = import_players(head.store, TOURNAMENT, [RosterEntry(n) for n in NAMED + OTHERS]).tournament_id
    head.sync(folder)
    tablet.sync(folder)
    tablet.set_up(7)
    assert tablet.table is not None and tablet.table.tournament_id == tid
    book = tablet.book()  # sessions 1 and 2 were played at table 7 (players typed in Setup)
    for n in (1, 2):
        book.commit({"type": "hanchan_start", "id": str(uuid.uuid4()), "at": "2026-11-22T10:00:00+01:00", "by": "T7",
                     "players": ["T7-0", "T7-1", "T7-2", "T7-3"], "ruleset": "ema-2016", "session": n})  # fmt: skip
        book.commit({"type": "hanchan_end", "id": str(uuid.uuid4()), "at": "2026-11-22T11:30:00+01:00", "by": "T7",
                     "reason": "time limit"})  # fmt: skip
    s1, s2 = session_tables(1, ("Player 01", "Player 02", "Player 03", "Player 04")), session_tables(2, ("Player 05",
             "Player 06", "Player 07", "Player 08"))  # fmt: skip
    s3 = session_tables(3, ("Anna", "Bruno", "Chloé", "Dan"))
    seating.publish(head.store, tid, [s1, s2, s3], "imported", "Head")

    session = Session(tablet.store, rulesets(), Settings(), tablet.path)
    session.open_table(tablet.store.table(tablet.table.table_id))
    desk = session.setup
    assert desk.planned() is None, "nothing planned before the sync"
    head.sync(folder)
    tablet.sync(folder)  # one sync of the tablet
    planned = desk.planned()
    assert planned is not None
    assert (planned.tournament, planned.table, planned.session) == (TOURNAMENT, 7, 3)
    assert planned.seats == ("Anna", "Bruno", "Chloé", "Dan")
    assert (planned.ruleset, planned.changes) == ("ema-2016", ())

    # a substitute: Eve sits for Dan at table 7 (Dan moves to Eve's table), published later on the head's device
    s3b = session_tables(3, ("Anna", "Bruno", "Chloé", "Eve"))
    seating.publish(head.store, tid, [s3b], "changed", "Head", reason="Dan is ill")
    head.sync(folder)
    tablet.sync(folder)
    planned = desk.planned()
    assert planned is not None and planned.seats == ("Anna", "Bruno", "Chloé", "Eve")
    assert planned.changes == (SeatChange("Eve", None, 3), SeatChange("Dan", 3, None))

    # a table's tablet (trusted as a table, not as the head referee's) cannot re-seat the tournament
    seating.publish(tablet.store, tid, [session_tables(3, ("Anna", "Bruno", "Player 01", "Player 02"))], "changed",
                    "T7")  # fmt: skip
    tablet.sync(folder)
    head.sync(folder)
    on_head = seating.seating_plan(head.store, tid)
    assert on_head.ignored == 1 and on_head.current[3].seating == s3b
    stored = head.store.conn.execute("SELECT count(*) FROM events WHERE type = 'seating'").fetchone()[0]
    assert stored == 5, "the tablet's entry is kept, not counted"
    planned = desk.planned()  # (on the tablet its own entry counts: the tablet trusts itself)
    assert planned is not None and planned.seats == ("Anna", "Bruno", "Player 01", "Player 02")
    seating.publish(head.store, tid, [s3b], "changed", "Head", reason="back to the plan")
    head.sync(folder)
    tablet.sync(folder)
    planned = desk.planned()
    assert planned is not None and planned.seats == ("Anna", "Bruno", "Chloé", "Eve")

    desk.start_planned(planned)  # the one tap
    st = session.state
    assert st is not None and st.started and not st.game_over
    assert [seat.player for seat in st.seats] == ["Anna", "Bruno", "Chloé", "Eve"]
    assert (st.session, st.hanchan, st.ruleset.id) == (("number", 3), 3, "ema-2016")
    assert desk.planned() is None, "no card while the hanchan is in play"
    head.sync(folder)
    tablet.sync(folder)
    head.sync(folder)
    for d in (head, tablet):
        report = verify(d.store, rulesets())
        assert report.ok, report.message()
        d.close()
