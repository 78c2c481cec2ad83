"""The incident history a referee consults before ruling: filters, newest first, voided incidents, counts."""

import pytest

from refapp.core import search
from refapp.store import history
from refapp.store.tablebook import TableBook
from tests.history_data import at, build
from tests.logs import ev, rulesets, void


@pytest.fixture
def sc(tmp_path):
    scenario = build(tmp_path)
    yield scenario
    scenario.store.close()


def ids(rows):
    return [r["uuid"] for r in rows]


def names(sc, *keys):
    return [sc.ids[k] for k in keys]


def test_first_page_lists_every_standing_incident_newest_first(sc):
    rows = history.query(sc.store)
    assert ids(rows) == names(
        sc, "lyon_bob_w", "dan_dead", "bob_chombo", "cyd_penalty", "hal_chombo", "bob_w2", "eve_w", "bob_w1"
    )
    assert all(r["type"] == "incident" and not r["voided"] for r in rows)


def test_a_row_says_where_when_who_what_and_the_ruling_applied(sc):
    (row,) = history.query(sc.store, offence="point_penalty")
    assert row["at"] == at("10:30")
    assert row["referee"] == "Marie"
    assert row["tournament"] == "Paris Riichi Open"
    assert (row["table"], row["hanchan"], row["round_wind"], row["hand"]) == (1, 1, "E", 1)
    assert (row["seat"], row["player"]) == (2, "Cyd")
    assert row["answers"] == {"reason": "conduct", "amount": 2000}
    assert row["ruling"]["ruling"]["kind"] == "point_penalty"
    assert row["ruling"]["ruling"]["amount"] == 2000
    assert row["ruling"]["transfers"] == [0, 0, -2000, 0]  # off Cyd's table score, to nobody
    assert row["note"] == "Phone rang"
    assert row["voided"] is False
    assert row["ruleset_id"] == "ema-2016"


def test_voided_incident_is_hidden_unless_asked_and_then_marked(sc):
    assert sc.ids["bob_w3"] not in ids(history.query(sc.store))
    rows = history.query(sc.store, include_voided=True)
    voided = [r for r in rows if r["voided"]]
    assert ids(voided) == names(sc, "bob_w3")


def test_filter_by_tournament_name_or_id(sc):
    lyon = names(sc, "lyon_bob_w")
    assert ids(history.query(sc.store, tournament="Lyon Club Night")) == lyon
    assert ids(history.query(sc.store, tournament="lyon club night")) == lyon  # name: case does not matter
    assert ids(history.query(sc.store, tournament=sc.lyon)) == lyon
    assert len(history.query(sc.store, tournament="Paris Riichi Open")) == 7
    assert history.query(sc.store, tournament="Berlin") == []


def test_filter_by_table_number_within_a_tournament_or_by_id(sc):
    table2 = names(sc, "hal_chombo", "eve_w")
    assert ids(history.query(sc.store, tournament="Paris Riichi Open", table=2)) == table2
    assert ids(history.query(sc.store, table=sc.t2.table_id)) == table2
    # table 1 exists in both tournaments: without a tournament, both are shown
    both = history.query(sc.store, table="1")
    assert {r["tournament"] for r in both} == {"Paris Riichi Open", "Lyon Club Night"}
    assert history.query(sc.store, table=7) == []


def test_filter_by_player_across_and_within_tournaments(sc):
    assert ids(history.query(sc.store, player="Bob")) == names(sc, "lyon_bob_w", "bob_chombo", "bob_w2", "bob_w1")
    assert ids(history.query(sc.store, player="Bob", tournament="Paris Riichi Open")) == names(
        sc, "bob_chombo", "bob_w2", "bob_w1"
    )
    assert history.query(sc.store, player="Zed") == []


def test_filter_by_offence_and_by_rule_set(sc):
    assert ids(history.query(sc.store, offence="invalid_win_revealed")) == names(sc, "bob_chombo", "hal_chombo")
    assert ids(history.query(sc.store, ruleset="wrc-2015")) == names(sc, "hal_chombo", "eve_w")
    assert ids(history.query(sc.store, ruleset="sg-league")) == names(sc, "lyon_bob_w")
    assert ids(history.query(sc.store, offence="warning", ruleset="ema-2016")) == names(sc, "bob_w2", "bob_w1")


def test_filter_by_date_and_time_range(sc):
    assert ids(history.query(sc.store, since="2026-11-23")) == names(sc, "lyon_bob_w")
    # until a date includes that whole day
    assert len(history.query(sc.store, until="2026-11-22")) == 7
    # until a minute includes that minute
    assert ids(history.query(sc.store, since="2026-11-22T10:12", until="2026-11-22T10:22")) == names(
        sc, "hal_chombo", "bob_w2", "eve_w"
    )
    assert ids(history.query(sc.store, since="2026-11-22 10:30", until="2026-11-22 10:30:00")) == names(
        sc, "cyd_penalty"
    )


@pytest.mark.parametrize("bad", ["yesterday", "22/11/2026", "2026-11-22T10:00+01:00", ""])
def test_a_malformed_date_is_refused_with_its_name(sc, bad):
    if bad == "":
        assert len(history.query(sc.store, since=bad)) == 8  # empty: no bound
        return
    with pytest.raises(history.HistoryError, match="since"):
        history.query(sc.store, since=bad)


def test_text_in_notes_ignores_case_and_accents(sc):
    assert ids(search.query(sc.store, text="PHONE RANG")) == names(sc, "cyd_penalty")
    assert ids(search.query(sc.store, text="phone")) == names(sc, "lyon_bob_w", "cyd_penalty")  # "Téléphone" too
    assert ids(search.query(sc.store, text="téléphone")) == names(sc, "lyon_bob_w")
    assert ids(search.query(sc.store, text="TÉLÉPHONE")) == names(sc, "lyon_bob_w")
    assert ids(search.query(sc.store, text="telephone sonne")) == names(sc, "lyon_bob_w")
    assert search.query(sc.store, text="100%") == []  # LIKE wildcards are taken literally
    assert search.query(sc.store, text="_") == []


def test_all_types_and_paging(sc):
    everything = history.query(sc.store, types=None, include_voided=True, limit=None)
    # every event of a table (tournaments, tables and players are events too, but of no table: not history rows)
    tables = sc.store.conn.execute("SELECT count(*) FROM events WHERE table_id <> ''").fetchone()[0]
    assert len(everything) == tables == 21
    assert [r["seq"] for r in everything] == sorted((r["seq"] for r in everything), reverse=True)
    page1 = history.query(sc.store, limit=3)
    page2 = history.query(sc.store, limit=3, offset=3)
    page3 = history.query(sc.store, limit=3, offset=6)
    assert ids(page1 + page2 + page3) == ids(history.query(sc.store))
    assert len(page3) == 2
    voids = history.query(sc.store, types=("void",))
    assert [(r["target"], r["note"]) for r in voids] == [(sc.ids["bob_w3"], "entered twice")]


def test_counts_before_ruling_exclude_voided_incidents(sc):
    # Bob's third warning was entered twice and voided: the referee sees his second warning, not a third
    counts = history.player_counts(sc.store, sc.paris, "Bob")
    assert counts == {"warnings": 2, "dead_hands": 0, "chombos": 1, "penalties": 0, "incidents": 3}
    assert history.describe_counts(counts) == "2 warnings, 0 dead hands, 1 chombo, 0 penalties (3 incidents)"
    # another tournament keeps its own count
    assert history.player_counts(sc.store, "Lyon Club Night", "Bob")["warnings"] == 1
    assert history.player_counts(sc.store, sc.paris, "Cyd")["penalties"] == 1
    assert history.player_counts(sc.store, sc.paris, "Nobody")["incidents"] == 0


def test_a_new_void_changes_the_counts_and_the_page(sc):
    book = TableBook(sc.store, sc.t1, rulesets())
    book.commit({**void({"id": sc.ids["dan_dead"]}, "wrong seat"), "at": at("12:06")})
    assert history.player_counts(sc.store, sc.paris, "Dan")["dead_hands"] == 0
    assert sc.ids["dan_dead"] not in ids(history.query(sc.store))
    book.commit(ev("incident", seat=2, offence="dead_hand", at=at("12:07")))
    assert history.player_counts(sc.store, sc.paris, "Cyd") == {
        "warnings": 0,
        "dead_hands": 1,
        "chombos": 0,
        "penalties": 1,
        "incidents": 2,
    }
    assert history.query(sc.store, limit=1)[0]["player"] == "Cyd"
