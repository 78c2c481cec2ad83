"""Setup as a referee uses it: errors at the field they concern, the session and hanchan numbers, names in the
language's order, one transaction through the controller, and every text in the language chosen."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from refapp.app import install_translators
from refapp.store.db import Store

from .conftest import Referee


def events(referee: Referee, type_: str) -> list[dict]:
    book = referee.controller.session.book
    return [e for e in (book.events if book else []) if e["type"] == type_]


def fill(referee: Referee, players, tournament: str = "Paris Riichi Open") -> None:
    w = referee.window
    if w.pages.currentWidget() is not w.setup:
        referee.tap(w.nav["setup"])
    s = w.setup
    referee.type_into(s.tournament, tournament)
    for edit, name in zip(s.players, players, strict=True):
        referee.type_into(edit, name)
    referee.tap(s.ruleset.buttons["wrc-2015"])
    if not s.pin_setup.answered():
        referee.tap(s.pin_setup.choice.buttons["none"])  # "No PIN (club night)"


def test_a_name_seated_twice_is_marked_at_the_second_field_and_nothing_starts(referee):
    w = referee.window
    fill(referee, ("Ann", "Bob", "ann", "Dan"))
    referee.tap(w.setup.start_button)
    s = w.setup
    assert w.pages.currentWidget() is s and referee.controller.state is None
    assert s.field_errors() == {"player_2": "Ann is already seated at East: each player once."}
    assert s.players[2].property("error") and not s.players[0].property("error")
    assert not s.message.isVisible() and not w.banner.isVisible()  # at the field, not in a banner
    assert s.players[2].visibleRegion().isEmpty() is False  # scrolled to it
    # corrected: the mark goes away and the hanchan starts
    referee.type_into(s.players[2], "Cyd")
    referee.tap(s.start_button)
    assert w.pages.currentWidget() is w.board
    assert s.field_errors() == {}


def test_missing_names_and_tournament_are_marked_each_at_its_field(referee):
    w = referee.window
    fill(referee, ("Ann", "", "Cyd", ""), tournament="")
    referee.tap(w.setup.start_button)
    assert w.setup.field_errors() == {
        "tournament": "Enter the tournament's name.",
        "player_1": "Enter this player's name.",
        "player_3": "Enter this player's name.",
    }
    assert referee.controller.session.store.tournaments() == []  # nothing stored


def test_a_bad_pin_is_marked_at_the_pin_field(referee):
    w = referee.window
    fill(referee, ("Ann", "Bob", "Cyd", "Dan"))
    referee.tap(w.setup.pin_setup.choice.buttons["pin"])
    referee.type_into(w.setup.pin, "12")
    referee.tap(w.setup.start_button)
    assert w.setup.field_errors() == {"pin": "The PIN must be 4 to 12 digits."}
    assert referee.controller.state is None


def test_field_errors_and_settings_saved_follow_a_language_switch(referee, qtbot):
    w = referee.window
    s = w.setup
    fill(referee, ("Ann", "Bob", "Ann", "Dan"))
    referee.tap(s.start_button)
    referee.tap(s.save_button)
    assert s.message.text() == "Settings saved."
    referee.tap(s.players[2])  # the error stays until the next Start
    s.choose_language("fr")
    qtbot.waitUntil(lambda: s.save_button.text() == "Enregistrer les réglages")
    assert s.message.isVisible() and s.message.text() == "Réglages enregistrés."
    assert s.field_errors()["player_2"] == "Ann est déjà assis à Est : un joueur une seule fois.".replace(
        " :", "\u00a0:"
    )
    assert s.title.text() == w.nav["setup"].text() == "Réglages"
    s.choose_language("en")
    qtbot.waitUntil(lambda: s.message.text() == "Settings saved.")
    assert s.title.text() == w.nav["setup"].text() == "Setup"


def test_setup_stores_through_the_controller_in_one_transaction(referee, monkeypatch):
    calls = []
    real = Store.setup_table

    def spy(store, tournament, number, players=()):
        calls.append((tournament, number, [p["name"] for p in players]))
        return real(store, tournament, number, players)

    monkeypatch.setattr(Store, "setup_table", spy)
    referee.setup_table("ema-2016")
    assert calls == [("Paris Riichi Open", 1, ["Ann", "Bob", "Cyd", "Dan"])]


def test_session_and_hanchan_numbers_default_to_the_previous_hanchan(referee):
    w = referee.window
    c = referee.controller
    fill(referee, ("Ann", "Bob", "Cyd", "Dan"))
    s = w.setup
    assert (s.session.value(), s.hanchan.value()) == (1, 1)  # a new tournament
    referee.tap(s.session.plus)
    referee.tap(s.start_button)
    (first,) = events(referee, "hanchan_start")
    assert (first["session"], first["hanchan"]) == (2, 1)
    assert c.commit(c.new_event("hanchan_end", reason="time limit")) is not None
    referee.tap(w.nav["setup"])
    assert (s.session.value(), s.hanchan.value()) == (2, 2)  # the same session, the next hanchan
    referee.tap(s.start_button)
    assert [(e["session"], e["hanchan"]) for e in events(referee, "hanchan_start")] == [(2, 1), (2, 2)]
    assert c.state.hanchan == 2
    # another table of the same tournament: its first hanchan, in the tournament's latest session
    referee.tap(w.nav["setup"])
    referee.tap(s.table_number.plus)
    assert (s.session.value(), s.hanchan.value()) == (2, 1)


def test_names_are_suggested_in_the_languages_alphabetical_order(referee, tmp_path):
    w = referee.window
    s = w.setup
    roster = tmp_path / "roster.csv"
    roster.write_text("name,first_timer\nZoé,no\nÉmile,yes\nbob,no\nAnn,no\nÉdouard,no\n", encoding="utf-8")
    assert s.load_roster(roster)
    assert s.players_section.suggestions() == ["Ann", "bob", "Édouard", "Émile", "Zoé"]
    assert s.players_section.roster_status.text() == "5 players imported."
    referee.type_into(s.players[0], "Émile")
    s.players[0].editingFinished.emit()
    assert s.first_timers[0].isChecked()  # the roster's flag
    install_translators(QApplication.instance(), "fr")
    try:
        s.players_section.set_known(dict.fromkeys(["Zoé", "Émile", "zack", "Eve"], False))
        assert s.players_section.suggestions() == ["Émile", "Eve", "zack", "Zoé"]
    finally:
        install_translators(QApplication.instance(), "en")


def test_tournaments_kept_are_suggested_in_alphabetical_order(referee):
    store = referee.controller.session.store
    for name in ("Zürich Open", "Étoile de Lyon", "Amsterdam Cup"):
        store.setup_table(name, 1, [])
    referee.window.show_setup(force=True)
    assert referee.window.setup.table_section.suggested_tournaments() == [
        "Amsterdam Cup",
        "Étoile de Lyon",
        "Zürich Open",
    ]


def test_a_bad_roster_is_said_under_the_roster_button(referee, tmp_path):
    s = referee.window.setup
    bad = tmp_path / "bad.csv"
    bad.write_text("nom_complet\nAnn\n", encoding="utf-8")
    assert not s.load_roster(bad)
    status = s.players_section.roster_status
    assert status.isVisible() and status.property("role") == "error"
    assert status.text().startswith(f"{bad}: line 1: no 'name' column")
    assert not s.message.isVisible()


def test_a_hanchan_in_play_is_not_restarted_and_nothing_is_stored(referee):
    w = referee.window
    referee.setup_table("ema-2016")
    store = referee.controller.session.store
    before = store.count_events()
    referee.tap(w.nav["setup"])
    s = w.setup
    referee.type_into(s.players[3], "Eve")  # a new name: it must not be stored either
    referee.tap(s.start_button)
    assert w.pages.currentWidget() is s
    assert s.message.text() == "This table's hanchan is not over: end it from the Results page first."
    assert store.count_events() == before
    assert "Eve" not in {p["name"] for p in store.players(referee.controller.table.tournament_id)}


def test_a_table_roster_is_seated_and_its_ids_and_first_timers_are_stored(referee, tmp_path):
    w = referee.window
    s = w.setup
    roster = tmp_path / "table7.csv"
    roster.write_text("name;ema;first_timer\nAnn;04000001;no\nBob;04000002;yes\nCyd;;\nDan;04000004;x\n", "utf-8")
    referee.type_into(s.tournament, "Paris Riichi Open")
    assert s.load_roster(roster)
    assert [e.text() for e in s.players] == ["Ann", "Bob", "Cyd", "Dan"]
    assert [t.isChecked() for t in s.first_timers] == [False, True, False, True]
    referee.tap(s.ruleset.buttons["wrc-2015"])
    referee.tap(s.pin_setup.choice.buttons["none"])  # "No PIN (club night)"
    referee.tap(s.start_button)
    assert w.pages.currentWidget() is w.board
    c = referee.controller
    stored = {p["name"]: (p["first_timer"], p["federation_id"]) for p in c.session.store.players(c.table.tournament_id)}
    assert stored == {
        "Ann": (False, "04000001"),
        "Bob": (True, "04000002"),
        "Cyd": (False, ""),
        "Dan": (True, "04000004"),
    }
    (start,) = events(referee, "hanchan_start")
    assert start["first_timers"] == ["Bob", "Dan"]


def test_a_pasted_name_with_an_invisible_or_control_character_is_marked_at_its_field(referee):
    w = referee.window
    s = w.setup
    fill(referee, ("Ann", "Bob", "Cyd", "Dan"))
    # pasted from a web page or a chat: what the referee cannot see
    s.tournament.setText("Paris Riichi Open\u200b")
    s.players[1].setText("\u202eBob")
    s.players[3].setText("محمد\u200fعلی")
    s.referee.setText("Sylvie\x00")
    referee.tap(s.start_button)
    assert w.pages.currentWidget() is s and referee.controller.state is None
    again = "a control or invisible formatting character: type the name again."
    assert s.field_errors() == {
        "tournament": f"This name holds U+200B ZERO WIDTH SPACE, {again}",
        "player_1": f"This name holds U+202E RIGHT-TO-LEFT OVERRIDE, {again}",
        "player_3": f"This name holds U+200F RIGHT-TO-LEFT MARK, {again}",
    }
    assert referee.controller.session.store.tournaments() == []  # nothing stored
    # the referee's name is checked when the settings are kept (Save, or Start once the seats are right)
    referee.type_into(s.tournament, "Paris Riichi Open")
    referee.type_into(s.players[1], "Bob")
    s.players[3].setText("محمد علی")
    referee.tap(s.start_button)
    assert s.field_errors() == {"referee": f"This name holds U+0000 NULL, {again}"}
    assert referee.controller.session.store.tournaments() == [] and referee.controller.settings.referee != "Sylvie\x00"
    referee.type_into(s.referee, "Sylvie")
    referee.tap(s.start_button)
    assert w.pages.currentWidget() is w.board and s.field_errors() == {}
    assert [seat.player for seat in referee.controller.state.seats] == ["Ann", "Bob", "Cyd", "محمد علی"]


def test_a_roster_with_a_control_or_invisible_character_is_refused_naming_line_column_and_character(
    referee, tmp_path, qtbot
):
    s = referee.window.setup
    for content, says in [
        ('name;ema\nAnn;1\n"Bob\nEve";2\n', ": line 3, column 1 ('name'): U+000A LINE FEED is not allowed in a name"),
        ("nom,ema\nAnn,1\nBob\x00,2\n", ": line 3, column 1 ('nom'): U+0000 NULL is not allowed in a name"),
        ("name,ema\nAnn,04\u202e01\n", ": line 2, column 2 ('ema'): U+202E RIGHT-TO-LEFT OVERRIDE is not allowed"),
        ("name\nمحمد\u200fعلی\n", ": line 2, column 1 ('name'): U+200F RIGHT-TO-LEFT MARK is not allowed in a name"),
    ]:
        roster = tmp_path / "roster.csv"
        roster.write_text(content, encoding="utf-8")
        assert not s.load_roster(roster)
        status = s.players_section.roster_status
        assert status.property("role") == "error" and status.text().startswith(f"{roster}{says}")
        assert status.text().endswith("in a name (no control or invisible formatting character)")
        assert s.players_section.suggestions() == []  # nothing imported
    s.choose_language("fr")
    qtbot.waitUntil(lambda: s.save_button.text() == "Enregistrer les réglages")
    assert not s.load_roster(roster)
    assert s.players_section.roster_status.text() == (
        f"{roster}\u00a0: ligne 2, colonne 1 («\u00a0name\u00a0»)\u00a0: U+200F RIGHT-TO-LEFT MARK n’est pas admis dans "
        "un nom (aucun caractère de contrôle ni de mise en forme invisible)"
    )
    s.choose_language("en")
    qtbot.waitUntil(lambda: s.save_button.text() == "Save settings")
