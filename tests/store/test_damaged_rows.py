"""Issue 26, problem 7: some damaged rows were not named. A bit flipped in a stored ruling made ``refapp verify`` end
with "unexpected error: JSONDecodeError"; ``refapp recover`` answered "Restored from the database as it was" while
verify still said damaged; the app's open checks passed and new rulings were written onto the damaged file.

Now every damaged row is named by its event (uuid, device and place in its chain) and its table, with exit 1; the
app's writable open never writes onto a damaged row (its full check, which the first write waits for, compares every
row with this device's signed digest and names what differs); ``refapp recover`` puts back what the journal, the
backups and the damaged file's sound rows hold, and names, with exit 1, what it could not.

The venue of every test (:func:`tests.store.flips.venue`): the head referee's device with its own table 2 (a hanchan
of rulings, an incident and its void; a backup half-way) and a tablet's table 1 merged through a shared folder."""

from __future__ import annotations

import random
import re
import sqlite3
import uuid
from pathlib import Path

import pytest

from refapp.store.checks import DAMAGE_MARK
from refapp.store.db import DB_NAME, DamagedDatabase
from refapp.store.opening import open_store
from refapp.store.tablebook import TableBook
from tests.logs import ev, rulesets
from tests.store import flips
from tests.store.util import files_of


def _event(v: flips.Venue, type_: str, table: int | None, own: bool = True, last: bool = False) -> tuple[str, int]:
    """The (device, place) of the first (or ``last``) stored event of that type and table, of this device or not."""
    found = sorted(
        (k for k, e in v.events.items() if e["type"] == type_ and e["table"] == table and (k[0] == v.own) == own),
        key=lambda k: v.events[k]["seq"],
    )
    return found[-1 if last else 0]


def _sql(v: flips.Venue, sql: str, *params: object) -> None:
    conn = sqlite3.connect(v.head / DB_NAME, isolation_level=None)
    for t in ("events", "tournaments", "game_tables", "players", "hanchans", "ruleset_contents"):
        conn.execute(f"DROP TRIGGER IF EXISTS {t}_no_update")
        conn.execute(f"DROP TRIGGER IF EXISTS {t}_no_delete")
    conn.execute(sql, params)
    conn.close()


def _seq(v: flips.Venue, key: tuple[str, int]) -> int:
    return int(v.events[key]["seq"])


def _verify(v: flips.Venue) -> tuple[object, str]:
    return flips.run("--data-dir", str(v.head), "verify")


def _only(out: str, v: flips.Venue, key: tuple[str, int]) -> bool:
    """Whether ``out`` names the damaged event with its table, and no other event (what follows a damaged row is not
    judged against it)."""
    others = [e["uuid"] for k, e in v.events.items() if k != key]
    return flips.named(out, v, key) and not any(re.search(rf"\b{re.escape(u)}\b", out) for u in others)


@pytest.fixture
def v(tmp_path: Path) -> flips.Venue:
    return flips.venue(tmp_path / "venue")


# -- verify names every damaged row ------------------------------------------------------------------------------


def test_a_ruling_that_is_not_json_any_more_is_named_with_its_table_not_an_unexpected_error(v):
    key = _event(v, "incident", 2, last=True)
    _sql(v, "UPDATE events SET ruling = '{\"ruling\"' || char(0x7f) || substr(ruling, 11) WHERE seq = ?", _seq(v, key))
    code, out = _verify(v)
    assert code == 1 and _only(out, v, key), out  # (not every other ruling of its table: they read)
    assert "column 'ruling'" in out


def test_a_payload_that_is_not_json_any_more_is_named_with_its_table(v):
    key = _event(v, "draw", 2)
    _sql(v, "UPDATE events SET payload = replace(payload, '\"tenpai\":', '\"tenpai\"') WHERE seq = ?", _seq(v, key))
    code, out = _verify(v)
    assert code == 1 and _only(out, v, key), out
    assert "its content was changed" in out and all("table 2" in line for line in out.splitlines()[1:-1]), out


def test_a_player_event_whose_payload_is_not_json_any_more_is_named_not_a_traceback(v):
    key = _event(v, "player", None)
    _sql(v, "UPDATE events SET payload = substr(payload, 2) WHERE seq = ?", _seq(v, key))
    code, out = _verify(v)
    assert code == 1 and flips.named(out, v, key), out
    assert "player event" in out


def test_a_stored_text_that_is_not_utf8_any_more_is_named_by_its_event_and_table(v):
    key = _event(v, "win", 1, own=False, last=True)
    _sql(v, "UPDATE events SET round_wind = CAST(X'D3' AS TEXT) WHERE seq = ?", _seq(v, key))
    code, out = _verify(v)
    assert code == 1 and flips.named(out, v, key), out
    assert "round_wind" in out


def test_a_row_whose_table_id_was_changed_is_named_with_the_table_its_neighbours_say(v):
    key = _event(v, "draw", 2)
    _sql(v, "UPDATE events SET table_id = substr(table_id, 1, 35) || 'x' WHERE seq = ?", _seq(v, key))
    code, out = _verify(v)
    assert code == 1 and _only(out, v, key), out  # (not the next events of its table, which follow it)


def test_a_row_moved_to_another_place_of_its_chain_is_the_one_named(v):
    key = _event(v, "riichi", 2)
    _sql(v, "UPDATE events SET device_seq = device_seq + 1000 WHERE seq = ?", _seq(v, key))
    code, out = _verify(v)
    assert code == 1, out
    assert f"uuid {v.events[key]['uuid']} " in out and "table 2" in out and "place in its device's chain" in out
    after = (key[0], key[1] + 1)  # the next event of the chain is sound: not named as damaged
    assert f"uuid {v.events[after]['uuid']} " not in out, out


def test_the_newest_row_moved_to_a_seq_never_given_is_named(v):
    key = max(v.events, key=lambda k: v.events[k]["seq"])  # still after every other row: no order is broken
    _sql(v, "UPDATE events SET seq = seq + 2 WHERE seq = ?", _seq(v, key))
    code, out = _verify(v)
    assert code == 1 and _only(out, v, key) and "not one SQLite ever gave" in out, out


def test_an_event_whose_payload_names_another_type_is_named_by_the_type_it_was_signed_with(v):
    key = _event(v, "player", None, own=False)
    _sql(v, "UPDATE events SET payload = replace(payload, '\"type\":\"player\"', '\"type\":\"playmr\"') "
         "WHERE seq = ?", _seq(v, key))  # fmt: skip
    code, out = _verify(v)
    assert code == 1 and _only(out, v, key) and "a player event" in out and "playmr event" not in out, out


def test_a_record_sqlite_cannot_decode_is_named(v):
    key = _event(v, "win", 2)
    path = v.head / DB_NAME
    rowid, at, record, end = next(c for c in flips.cells(path) if c[0] == _seq(v, key))
    data = bytearray(path.read_bytes())
    size, body = flips._varint(bytes(data), record)  # the record's header: its size, then every column's type
    data[record + size - 1] = 0x7F  # the last column's type: a text longer than the record
    path.write_bytes(bytes(data))
    code, out = _verify(v)
    assert code == 1 and flips.named(out, v, key), out
    assert "cannot be read whole" in out


@pytest.mark.parametrize(
    "sql, what",
    [
        ("UPDATE digest SET signature = upper(signature)", "digest"),  # (the same bytes read as hex, not as written)
        ("UPDATE device_keys SET key = substr(key, 1, 40) || '#' || substr(key, 42)", "key"),  # (no key: exit 2)
        ("UPDATE heads SET events = events + 1 WHERE device_id <> (SELECT value FROM meta WHERE key = 'device_id')",
         "signature"),
    ],
)  # fmt: skip
def test_a_changed_signature_or_key_is_damage_named_exit_1(v, sql, what):
    _sql(v, sql)
    code, out = _verify(v)
    assert code == 1 and what in out, out
    with pytest.raises(DamagedDatabase):
        _ruling(v.head)


def test_a_record_whose_columns_shifted_is_named_with_the_table_its_journal_line_says(v):
    key = _event(v, "incident", 2, last=True)  # this device's newest event: no event follows it at its table
    path = v.head / DB_NAME
    _, _, record, _ = next(c for c in flips.cells(path) if c[0] == _seq(v, key))
    data = bytearray(path.read_bytes())
    assert data[record + 3] == 13 + 2 * 36  # the device id's type in the record's header: a text of 36 bytes
    data[record + 3] -= 4  # now 34: every column after it is read two bytes off
    path.write_bytes(bytes(data))
    code, out = _verify(v)
    assert code == 1 and flips.named(out, v, key) and "unknown table" not in out, out
    assert "recorded: the database was replaced" not in out  # (the row was changed, or it was replaced)


def _record(v: flips.Venue, key: tuple[str, int]) -> tuple[bytearray, int, int]:
    """The database file's bytes, and where the event's cell and record start."""
    path = v.head / DB_NAME
    _, at, record, _ = next(c for c in flips.cells(path) if c[0] == _seq(v, key))
    return bytearray(path.read_bytes()), at, record


def test_a_record_whose_header_was_damaged_is_named_as_its_indexes_hold_it(v):
    key = _event(v, "win", 1, own=False, last=True)  # merged after the backup: neither the journal nor a backup has it
    data, _, record = _record(v, key)
    assert data[record + 2] == 13 + 2 * 36  # the uuid's type in the record's header: a text of 36 bytes
    data[record + 2] -= 8  # 32: the uuid, the device id, its place... are read four bytes off
    (v.head / DB_NAME).write_bytes(bytes(data))
    code, out = _verify(v)
    assert code == 1 and flips.named(out, v, key), out
    assert f"uuid {v.events[key]['uuid']} (device {key[0]} #{key[1]}, table 1)" in out


def test_a_row_whose_rowid_was_changed_in_the_file_is_named_though_the_open_refuses_it(v):
    key = _event(v, "riichi", 2)
    data, at, _ = _record(v, key)
    size_end = at + 1 if data[at] < 0x80 else at + 2  # the cell: its size, then its rowid (one byte here)
    assert data[size_end] == _seq(v, key)
    data[size_end] += 1  # the next event's seq: the table's b-tree is out of order
    (v.head / DB_NAME).write_bytes(bytes(data))
    code, out = _verify(v)
    assert code == 1 and flips.named(out, v, key) and "its indexes hold it at seq" in out, out


def test_a_row_the_table_no_longer_gives_is_named_as_its_indexes_list_it_and_recover_names_it(v):
    key = _event(v, "win", 1, own=False, last=True)  # merged after the backup: no other copy holds it here
    data, at, _ = _record(v, key)
    size_end = at + 1 if data[at] < 0x80 else at + 2
    data[size_end] |= 0x80  # the rowid's varint now runs into the record: the cell is read off its page
    (v.head / DB_NAME).write_bytes(bytes(data))
    code, out = _verify(v)
    assert code == 1 and flips.named(out, v, key) and "its indexes still list it" in out, out
    code, out = _recover(v)
    assert code == 1 and flips.named(out, v, key), out
    assert _verify(v)[0] == 0


def test_recover_names_what_it_leaves_out_with_the_tables_even_when_the_tables_own_event_is_left_out(tmp_path):
    v = flips.venue(tmp_path / "venue", "tablet")  # no backup: the head's events are in this database only
    key = _event(v, "table", None, own=False)  # the head's table 2
    _sql(v, "UPDATE events SET payload = replace(payload, '\"number\":2', '\"number\":3') WHERE seq = ?",
         _seq(v, key))  # fmt: skip
    code, out = _recover(v)
    assert code == 1, out
    left = sorted(set(v.events) - set(_stored(v)))
    assert key in left and left, out
    for k in left:  # the table's rulings named with their table, though its own event is left out
        assert flips.named(out, v, k), (k, out)
    assert _verify(v)[0] == 0


# -- the app never writes onto a damaged row -----------------------------------------------------------------------


def _ruling(folder: Path) -> None:
    store = open_store(folder)
    try:
        table = next(t for t in store.tables(store.tournaments()[0]["id"]) if t.number == 2)
        TableBook(store, table, rulesets()).commit(ev("incident", seat=0, offence="warning", id=str(uuid.uuid4())))
    finally:
        store.close()


def test_the_app_refuses_to_write_a_ruling_onto_a_damaged_row_and_says_which(v):
    key = _event(v, "win", 1, own=False)
    _sql(v, "UPDATE events SET counters = counters + 8 WHERE seq = ?", _seq(v, key))
    before = files_of(v.head)
    with pytest.raises(DamagedDatabase) as err:
        _ruling(v.head)
    assert flips.named(str(err.value), v, key) and "counters" in str(err.value)
    assert files_of(v.head) == before  # nothing written (the note for the next start aside)
    assert (v.head / DAMAGE_MARK).is_file()
    with pytest.raises(DamagedDatabase) as again:  # the next start checks fully before it opens
        open_store(v.head)
    assert flips.named(str(again.value), v, key)


def test_a_payload_read_as_null_is_damage_the_app_names_not_a_traceback(v):
    key = _event(v, "draw", 2)
    data, _, record = _record(v, key)
    size, at = flips._varint(bytes(data), record)
    for _ in range(21):  # the record's header: the types of seq, uuid, ... note, then the payload's
        _, at = flips._varint(bytes(data), at)
    assert data[at] >= 0x80  # a long text: two bytes
    data[at : at + 2] = b"\x80\x00"  # NULL (the columns after it read from where the payload was)
    (v.head / DB_NAME).write_bytes(bytes(data))
    with pytest.raises(DamagedDatabase) as err:
        _ruling(v.head)
    assert flips.named(str(err.value), v, key), err.value


def test_a_lost_digest_is_not_signed_again_over_a_damaged_row(v):
    key = _event(v, "incident", 2)
    _sql(v, "UPDATE events SET ruling = replace(ruling, 'warning', 'disqualification') WHERE seq = ?", _seq(v, key))
    _sql(v, "DELETE FROM digest")
    with pytest.raises(DamagedDatabase) as err:
        open_store(v.head).close()
    assert flips.named(str(err.value), v, key)
    code, out = _verify(v)
    assert code == 1 and flips.named(out, v, key), out  # (signed again, the damage would have passed as sound)


def test_a_damaged_row_is_never_copied_into_a_journal_rebuilt_at_the_open(v):
    key = _event(v, "riichi", 2)
    _sql(v, "UPDATE events SET payload = replace(payload, '\"seat\":1', '\"seat\":3') WHERE seq = ?", _seq(v, key))
    journal = next((v.head / "journal").glob("*.jsonl"))
    journal.unlink()
    with pytest.raises(DamagedDatabase) as err:
        open_store(v.head).close()
    assert flips.named(str(err.value), v, key)
    assert not journal.exists() or '"seat":3' not in journal.read_text(encoding="utf-8")


# -- recover puts back what a copy holds, and names what none does -------------------------------------------------


def _recover(v: flips.Venue) -> tuple[object, str]:
    return flips.run("--data-dir", str(v.head), "recover")


def _stored(v: flips.Venue) -> dict[tuple[str, int], str]:
    conn = sqlite3.connect(f"file:{v.head / DB_NAME}?mode=ro", uri=True)
    try:
        return {(d, k): h for d, k, h in conn.execute("SELECT device_id, device_seq, hash FROM events")}
    finally:
        conn.close()


def _all_back(v: flips.Venue) -> bool:
    return _stored(v) == {key: e["hash"] for key, e in v.events.items()}


def test_recover_derives_a_damaged_column_again_instead_of_keeping_the_database_as_it_was(v):
    key = _event(v, "win", 1, own=False, last=True)  # merged after the backup: only the database holds it
    _sql(v, "UPDATE events SET ruling = replace(ruling, '\"transfers\"', '\"transfers \"') WHERE seq = ?", _seq(v, key))
    code, out = _recover(v)
    assert code == 0 and "as it was" not in out, out
    assert _verify(v)[0] == 0 and _all_back(v)


def test_recover_takes_from_a_backup_an_event_of_another_device_whose_content_was_changed(v):
    key = _event(v, "riichi", 1, own=False)  # before the backup; the tablet's events after it are only here
    _sql(v, "UPDATE events SET payload = replace(payload, '\"seat\":', '\"seat\": ') WHERE seq = ?", _seq(v, key))
    code, out = _recover(v)
    assert code == 0, out
    assert _verify(v)[0] == 0 and _all_back(v), out


def test_recover_puts_right_a_changed_hash_from_the_link_of_the_event_after_it(v):
    key = _event(v, "win", 1, own=False)  # after the backup, not the tablet's newest: no other copy holds it
    key = next(k for k in sorted(v.events) if k[0] == key[0] and v.events[k]["seq"] > 33)
    _sql(v, "UPDATE events SET hash = CASE substr(hash, 1, 1) WHEN 'f' THEN '0' ELSE 'f' END || substr(hash, 2) "
         "WHERE seq = ?", _seq(v, key))  # fmt: skip
    assert _verify(v)[0] == 1
    code, out = _recover(v)
    assert code == 0, out
    assert _verify(v)[0] == 0 and _all_back(v)


def test_recover_names_every_event_no_copy_holds_exits_1_and_a_sync_brings_them_back(v):
    tablet = sorted(k for k in v.events if k[0] != v.own)
    after_backup = [k for k in tablet if v.events[k]["seq"] > 33]  # merged after the backup: no other copy here
    key = after_backup[1]
    _sql(v, "UPDATE events SET payload = replace(payload, '\"at\":\"2026', '\"at\":\"2027') WHERE seq = ?",
         _seq(v, key))  # fmt: skip
    code, out = _recover(v)
    # it, what follows it in the tablet's chain, and the event before it, which no signed head covers any more (the
    # tablet's newest head covers the damaged one; the backup's, only what came before)
    lost = after_backup
    assert code == 1, out
    for k in lost:
        assert flips.named(out, v, k), (k, out)
    assert "next sync of the venue's shared folder" in out
    assert _verify(v)[0] == 0  # what is left is sound, and the app can write again
    assert set(v.events) - set(_stored(v)) == set(lost)
    from tests.sync.venue import Device

    head = Device(v.head, "Head")
    try:
        head.sync(v.shared)
    finally:
        head.close()
    assert _all_back(v) and _verify(v)[0] == 0


def test_recover_writes_a_signed_head_found_in_capitals_as_it_was_written(tmp_path):
    v = flips.venue(tmp_path / "venue", "tablet")  # no backup: the head's signed head is in this database only
    _sql(v, "UPDATE heads SET signature = upper(signature) WHERE device_id <> (SELECT value FROM meta "
         "WHERE key = 'device_id')")  # fmt: skip
    assert _verify(v)[0] == 1
    code, out = _recover(v)
    assert code == 0, out
    assert _verify(v)[0] == 0 and _all_back(v)


def test_recover_never_takes_a_chain_rewritten_without_its_devices_key(v):
    from refapp.store.chain import row_hash_v2

    conn = sqlite3.connect(v.head / DB_NAME, isolation_level=None)
    conn.execute("DROP TRIGGER events_no_update")
    tablet = sorted(k for k in v.events if k[0] != v.own)
    prev = None
    for device, k in tablet[-3:]:  # the tablet's newest events changed, and their chain hashed again (no key)
        seq = _seq(v, (device, k))
        row = dict(zip(["uuid", "device_id", "device_seq", "tournament_id", "table_id", "after", "payload",
                        "prev_hash"], conn.execute('SELECT uuid, device_id, device_seq, tournament_id, table_id, '
                                                   '"after", payload, prev_hash FROM events WHERE seq = ?',
                                                   (seq,)).fetchone()))  # fmt: skip
        row["payload"] = row["payload"].replace('"by":"T1"', '"by":"Mallory"')
        row["prev_hash"] = prev or row["prev_hash"]
        prev = row_hash_v2(row["prev_hash"], row)
        conn.execute("UPDATE events SET payload = ?, referee = 'Mallory', prev_hash = ?, hash = ? WHERE seq = ?",
                     (row["payload"], row["prev_hash"], prev, seq))  # fmt: skip
    conn.close()
    assert _verify(v)[0] == 1
    code, out = _recover(v)
    assert code == 1 and all(flips.named(out, v, k) for k in tablet[-3:]), out
    assert _verify(v)[0] == 0
    conn = sqlite3.connect(f"file:{v.head / DB_NAME}?mode=ro", uri=True)
    assert conn.execute("SELECT count(*) FROM events WHERE payload LIKE '%Mallory%'").fetchone() == (0,)
    conn.close()


def test_a_changed_cached_table_state_never_gives_merged_events_wrong_columns(v):
    from tests.sync.venue import Device

    conn = sqlite3.connect(v.head / DB_NAME, isolation_level=None)
    table, state = conn.execute("SELECT table_id, state FROM table_states").fetchone()
    assert '"hand":' in state
    conn.execute("UPDATE table_states SET state = replace(state, '\"hand\":', '\"hand\":1')")  # hand 2: hand 12
    conn.close()
    tablet = Device(v.root / "tablet", "T1")
    tablet.table = tablet.store.table(table)
    for _ in range(3):
        tablet.record(random.Random(3))
    tablet.sync(v.shared)
    tablet.close()
    head = Device(v.head, "Head")
    assert head.sync(v.shared).devices[0].merged == 3
    head.close()
    code, out = flips.run("--data-dir", str(v.head), "verify", "--deep")
    assert code == 0, out  # (merged from the changed state, they had hand 12 and were signed as such)


# -- the campaign's class ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind, trials", [("column", 24), ("projection", 12), ("file", 18), ("page", 18), ("cache", 6)])
def test_random_damage_to_one_stored_row_is_named_refused_and_recovered(tmp_path, kind, trials):
    """Seventy-eight flips with a fixed seed, in every column of the stored events, in the projections and
    signatures, in the records of the database file, anywhere in its pages and in a cached table state: each one
    held as
    :func:`tests.store.flips.judge` says (verify names it with exit 1, the app writes nothing onto it, recover gives
    every event back or names, with exit 1, what it cannot; a flip in unused bytes changes nothing)."""
    broke = []
    for t in range(trials):
        verdict = flips.trial(tmp_path / f"{kind}-{t}", kind, random.Random(f"issue26-{kind}-{t}"))
        if not verdict.held:
            broke.append(" || ".join(verdict.why))
    assert not broke, "\n".join(broke)
