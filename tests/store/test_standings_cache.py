"""``standings-cache.json``: each table's hanchans kept between runs, used only while they are still what the table's
log gives, and never a source: a changed table, changed rule-set files, a damaged or forged file all mean reading the
logs again, with the same standings."""

from __future__ import annotations

import json

import pytest

from refapp.cli import main
from refapp.store import standings_reads
from refapp.store.db import Store
from refapp.store.opening import open_store
from refapp.store.standings_cache import CACHE_FILE
from refapp.store.standings_reads import StandingsReader
from refapp.store.tablebook import TableBook
from tests.logs import club_rulesets, ev, rulesets
from tests.standings_data import ema_tables, store_of
from tests.store.util import files_of


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setattr(standings_reads, "WRITE_AFTER", 1)  # a small tournament is worth keeping in the tests
    folder = tmp_path / "data"
    store_of(folder, "EMA Open", ema_tables()).close()
    return folder


def tournament(store: Store) -> str:
    return store.tournaments()[0]["id"]


def fresh(store: Store, catalog=None):
    """The standings read from the logs alone, no cache."""
    return standings_reads.tournament_standings_of(store, tournament(store), catalog or rulesets())


def test_the_app_keeps_the_cache_and_the_next_read_replays_nothing(folder):
    store = open_store(folder)
    app = StandingsReader(store, rulesets(), write_cache=True)
    st = app.standings(tournament(store))
    assert app.replayed == 0 and (folder / CACHE_FILE).exists()  # written, and counted from zero again
    later = StandingsReader(store, rulesets())  # a start, or refapp standings: nothing is replayed
    again = later.standings(tournament(store))
    assert later.replayed == 0
    assert again.ranking == st.ranking and again.records == st.records and again.substitutes == st.substitutes
    # an entry at table 2: only table 2 is read again, and its new warning changes nothing else
    table2 = store.tables(tournament(store))[1]
    TableBook(store, table2, rulesets()).commit(ev("incident", seat=0, offence="warning"))
    third = StandingsReader(store, rulesets())
    assert third.standings(tournament(store)).ranking == fresh(store).ranking
    assert third.replayed == len(store.table_events(table2.table_id))
    store.close()


def test_a_new_hand_at_a_table_is_in_the_next_read(folder):
    store = open_store(folder)
    StandingsReader(store, rulesets(), write_cache=True).standings(tournament(store))
    table1 = store.tables(tournament(store))[0]
    book = TableBook(store, table1, rulesets())
    # hanchan 3 at table 1: Ann (dealer) ron mangan from Cyd, in play: Ann 12,000 + 30,000 uma more
    book.commit(ev("hanchan_start", players=["Ann", "Bob", "Cyd", "Dan"], ruleset="ema-2012", hanchan=3))
    book.commit(ev("win", kind="ron", discarder=2, winners=[{"seat": 0, "limit": "mangan"}]))
    st = StandingsReader(store, rulesets()).standings(tournament(store))
    assert st == fresh(store)
    assert (st.ranking[0].name, st.ranking[0].total, st.ranking[0].in_play) == ("Ann", 51000 + 42000, True)
    store.close()


def test_changed_rule_set_files_mean_reading_every_table_again(folder, tmp_path):
    store = open_store(folder)
    StandingsReader(store, rulesets(), write_cache=True).standings(tournament(store))
    club = club_rulesets(tmp_path / "club", club='id = "club"\nname = "Club"\nversion = "1"\n')
    reader = StandingsReader(store, club)
    assert reader.standings(tournament(store)) == fresh(store, club)
    assert reader.replayed == sum(len(store.table_events(t.table_id)) for t in store.tables(tournament(store)))
    store.close()


def _first_line(data: dict) -> list:
    return next(iter(data["tables"].values()))["hanchans"][0]["lines"][0]


def _set(data: dict, index: int, value) -> str:
    _first_line(data)[index] = value
    return json.dumps(data)


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: "{not json",
        lambda data: json.dumps({**data, "format": 99}),
        lambda data: json.dumps([data]),
        lambda data: _set(data, 14, "42000"),  # a result written as text
        lambda data: _set(data, 3, "winner"),  # a kind of line refapp does not write
        lambda data: _set(data, 2, 4),  # a fifth seat
        lambda data: json.dumps(data).replace('"stored:', '"stored:0'),  # a rule set not known here
    ],
    ids=["not json", "other format", "not an object", "text", "kind", "seat", "unknown rule set"],
)
def test_a_damaged_or_forged_cache_is_not_used(folder, damage):
    store = open_store(folder)
    StandingsReader(store, rulesets(), write_cache=True).standings(tournament(store))
    path = folder / CACHE_FILE
    path.write_text(damage(json.loads(path.read_text(encoding="utf-8"))), encoding="utf-8")
    reader = StandingsReader(store, rulesets())
    assert reader.standings(tournament(store)) == fresh(store)
    assert reader.replayed > 0
    store.close()


def test_a_forged_amount_is_refused_table_by_table(folder):
    store = open_store(folder)
    StandingsReader(store, rulesets(), write_cache=True).standings(tournament(store))
    path = folder / CACHE_FILE
    data = json.loads(path.read_text(encoding="utf-8"))
    table1 = store.tables(tournament(store))[0].table_id
    line = data["tables"][table1]["hanchans"][0]["lines"][0]
    line[14] = [84000, 1]  # a whole result written as a fraction: never written so
    path.write_text(json.dumps(data), encoding="utf-8")
    reader = StandingsReader(store, rulesets())
    assert reader.standings(tournament(store)) == fresh(store)
    assert reader.replayed == len(store.table_events(table1))  # table 1 read again, table 2 from the cache
    store.close()


def test_refapp_standings_reads_the_cache_and_writes_nothing(folder, capsys):
    before = files_of(folder)
    assert main(["--data-dir", str(folder), "standings", "--json"]) == 0
    assert files_of(folder) == before and not (folder / CACHE_FILE).exists()
    first = json.loads(capsys.readouterr().out)
    store = open_store(folder)
    StandingsReader(store, rulesets(), write_cache=True).standings(tournament(store))
    store.close()
    kept = files_of(folder)
    assert main(["--data-dir", str(folder), "standings", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == first and files_of(folder) == kept


@pytest.mark.parametrize("what", ["a folder", "nested", "a huge number"])
def test_a_hostile_cache_file_is_ignored(folder, what):
    path = folder / CACHE_FILE
    if what == "a folder":
        path.mkdir()
    elif what == "nested":
        path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    else:
        path.write_text('{"format": 1, "fingerprint": "' + "9" * 10_000 + '", "tables": ' + "9" * 10_000 + "}")
    store = open_store(folder)
    reader = StandingsReader(store, rulesets(), write_cache=True)
    assert reader.standings(tournament(store)) == fresh(store)
    store.close()
