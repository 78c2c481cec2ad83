"""The history's one search (refapp.core.search), on the small real store of tests/history_data.py: what a referee
types finds the incidents by the offence palette's words in English and in French, the ruling applied, a section
number of the citation, a player's name, the note and the players' statements, case and accents ignored.

Issue 29, problem 8: "chombo", "chonbo", "faux ron", a player's name and a word from a statement all answered
"No incident matches these filters" while a chombo was listed.

The store holds (tests/history_data.py): Paris, table 1 (EMA 2016) Bob's warnings ("talking during play"), Cyd's
point penalty ("Phone rang", §5.5), Bob's chombo (invalid win, §3.4.6, §5.1.2), Dan's dead hand (§3.4.7); table 2
(WRC 2015) Eve's warning (§7.1), Hal's chombo (§7.2); Lyon, Bob's warning ("Téléphone sonne pendant la main").
"""

import pytest

from refapp.core import search
from refapp.core.vocabulary import offence_names, parse_translations, ruling_names, vocabulary
from refapp.store import reports
from tests.history_data import build

CHOMBOS = ["bob_chombo", "hal_chombo"]
WARNINGS = ["lyon_bob_w", "bob_w2", "eve_w", "bob_w1"]


@pytest.fixture(scope="module")
def sc(tmp_path_factory):
    scenario = build(tmp_path_factory.mktemp("search"))
    # Gus, at Hal's table, says what he saw; Fay too (statements are searched with their player's name)
    hal = scenario.ids["hal_chombo"]
    reports.add_statement(scenario.store, hal, "Gus", "Il a crié « ron » puis montré une main sans yaku.", "Paul")
    reports.add_statement(scenario.store, hal, "Fay", "I did not see the discard.", "Paul")
    yield scenario
    scenario.store.close()


def found(sc, text, **filters):
    names = {v: k for k, v in sc.ids.items()}
    return [names[r["uuid"]] for r in search.query(sc.store, text=text, **filters)]


@pytest.mark.parametrize(
    "typed",
    ["chombo", "Chombo", "CHONBO", "chonbo", "faux ron", "false ron", "fals ro", "Déclaration vide de victoire",
     "declaration VIDE", "main révélée", "main revelee", "invalid win"],
)  # fmt: skip
def test_the_palettes_words_in_english_and_french_find_the_chombos(sc, typed):
    assert found(sc, typed) == CHOMBOS


def test_the_ruling_applied_is_found_by_its_name_in_either_language(sc):
    assert found(sc, "warning") == found(sc, "avertissement") == found(sc, "Avertissement") == WARNINGS
    assert found(sc, "main morte") == found(sc, "dead hand") == ["dan_dead"]
    assert found(sc, "points de pénalité") == found(sc, "point penalty") == ["cyd_penalty"]
    # a warning's offence is no chombo: the words of the ruling applied, not of what the offence could have been
    assert not set(found(sc, "chombo")) & set(WARNINGS)


def test_a_section_number_finds_the_citation_that_holds_it(sc):
    assert found(sc, "5.1") == found(sc, "§5.1") == found(sc, "5.1.2") == ["bob_chombo"]
    assert found(sc, "§5.5") == ["cyd_penalty"]
    assert found(sc, "3.4") == ["dan_dead", "bob_chombo"]
    assert found(sc, "7") == ["hal_chombo", "eve_w"]
    assert found(sc, "5.12") == found(sc, "1.2") == []  # not 5.1.2 by its letters


def test_a_players_name_finds_their_incidents(sc):
    assert found(sc, "Bob") == found(sc, "bob") == ["lyon_bob_w", "bob_chombo", "bob_w2", "bob_w1"]
    assert found(sc, "hal") == ["hal_chombo"]
    assert found(sc, "Bob", tournament="Lyon Club Night") == ["lyon_bob_w"]


def test_a_statement_is_found_by_its_words_and_by_who_made_it(sc):
    assert found(sc, "crié") == found(sc, "CRIE") == found(sc, "discard") == ["hal_chombo"]
    assert found(sc, "Gus") == found(sc, "fay") == ["hal_chombo"]


def test_the_note_is_found_case_and_accents_ignored(sc):
    assert found(sc, "telephone") == found(sc, "TÉLÉPHONE") == ["lyon_bob_w"]
    assert found(sc, "phone") == ["lyon_bob_w", "cyd_penalty"]  # in "Téléphone" too
    assert found(sc, "talking") == ["bob_w1"]


def test_every_word_typed_must_match_the_same_incident(sc):
    assert found(sc, "chombo hal") == found(sc, "hal chonbo") == ["hal_chombo"]
    assert found(sc, "faux ron bob") == ["bob_chombo"]
    assert found(sc, "warning phone") == ["lyon_bob_w"]
    assert found(sc, "chombo eve") == found(sc, "zzz") == []


def test_the_search_goes_with_the_other_filters_and_the_pages(sc):
    assert found(sc, "chombo", table=2, tournament="Paris Riichi Open") == ["hal_chombo"]
    assert found(sc, "warning", player="Bob") == ["lyon_bob_w", "bob_w2", "bob_w1"]
    assert found(sc, "warning", limit=2) + found(sc, "warning", limit=2, offset=2) == WARNINGS
    assert found(sc, "warning", include_voided=True) == ["lyon_bob_w", "bob_w3", "bob_w2", "eve_w", "bob_w1"]
    assert found(sc, "   ") == found(sc, None) == found(sc, "") and len(found(sc, "")) == 8  # nothing typed: all


def test_the_words_of_an_offence_come_from_one_catalogue_in_every_language():
    # the French title is read from the translation file the screen shows it from (no copy of it elsewhere)
    assert offence_names("invalid_win_revealed") == [
        "Invalid win, hand revealed",
        "Déclaration vide de victoire, main révélée",
    ]
    assert ruling_names("chombo")[:2] == ["Chombo", "Chonbo"]
    assert "Avertissement" in ruling_names("warning")
    vocab = vocabulary()
    assert "invalid_win_revealed" in vocab.offences_for("faux")
    assert "chombo" in vocab.rulings_for("chonbo")
    # word beginnings: "ong" is inside "wrong", it begins no word of the offence's
    assert "wrong_win_word" in vocab.offences_for("wron") and "wrong_win_word" not in vocab.offences_for("ong")


def test_a_translation_file_gives_only_the_names_it_translates():
    ts = """<?xml version="1.0" encoding="utf-8"?><!DOCTYPE TS><TS version="2.1" language="de">
    <context><name>Offence</name>
      <message><source>Invalid win, hand revealed</source><translation>Falscher Sieg</translation></message>
      <message><source>Old name</source><translation type="vanished">Alt</translation></message>
      <message><source>Not yet</source><translation type="unfinished"></translation></message>
    </context>
    <context><name>Other</name><message><source>Cancel</source><translation>Abbrechen</translation></message></context>
    </TS>"""
    assert parse_translations(ts) == {"Offence": {"Invalid win, hand revealed": "Falscher Sieg"}, "Ruling": {}}
