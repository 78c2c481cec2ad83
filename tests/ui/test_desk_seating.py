"""The desk's Seating tab, as the head referee uses it: a roster imported from a CSV file (the count of players
shown), a plan made for 3 sessions of 16 players from a seed — each session's tables and the plan's quality on the
screen, the same as ``refapp seating show --json`` and ``check --json`` say once it is published — then Publish (the
entries stored, read back through the core); the PIN in table mode; a player count that is not a multiple of four
and a roster that cannot be read, each refused in one line with nothing stored."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtWidgets import QApplication, QLabel

from refapp.cli import main
from refapp.core import seating as core_seating
from refapp.ui.venue import seating as seating_tab
from tests.ui.conftest import pin_keys

PIN = "2468"
SIXTEEN = [f"Player {i:02d}" for i in range(1, 17)]
WINDS = ("East", "South", "West", "North")


def roster(tmp_path: Path, names: list[str], name: str = "roster.csv") -> Path:
    path = tmp_path / name
    path.write_text("name,federation_id\n" + "".join(f"{n},\n" for n in names), encoding="utf-8")
    return path


def choose(monkeypatch, path: Path) -> None:
    """The file dialog answers with this file, as the referee would pick it."""
    monkeypatch.setattr(seating_tab.QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))


def cli(capsys, data: Path, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    try:
        code = main(["--data-dir", str(data), *argv])
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def seating_page(referee):
    w = referee.window
    w.show_tables("tables")
    page = w._page("venue")
    referee.tap(page.tabs.buttons["seating"])
    assert page.stack.currentIndex() == 2
    return page


def shown(tab, name: str) -> str:
    QApplication.processEvents()
    labels = [x for x in tab.findChildren(QLabel, name) if x.isVisible()]  # (those of a repaint before: hidden)
    assert len(labels) == 1, f"{name} is not on the screen"
    return labels[0].text()


def lines_of(plan: list[dict], session: int) -> str:
    return "\n".join(
        f"Table {row['table']}: " + ", ".join(f"{p} ({w})" for p, w in zip(row["seats"], WINDS, strict=True))
        for row in plan
        if row["session"] == session
    )


def test_import_make_three_sessions_for_sixteen_and_publish(referee, monkeypatch, tmp_path, capsys):
    w, c = referee.window, referee.controller
    tab = seating_page(referee).seating
    # a fresh device: no tournament yet, the tab asks its name
    assert tab.name.isVisible() and tab.count.text().startswith("No tournament yet")
    referee.type_into(tab.name, "Paris Open")
    choose(monkeypatch, roster(tmp_path, SIXTEEN))
    referee.tap(tab.import_button)
    assert tab.roster_said.text() == "16 players added, 0 changed, 0 already known."
    assert tab.roster_said.property("role") == "info"
    assert tab.title.text() == "Seating: Paris Open" and tab.count.text() == "16 players."
    assert not tab.name.isVisible()

    # make 3 sessions from seed 11: shown, not yet published
    referee.tap(tab.sessions.minus)
    assert tab.sessions.value() == 3
    referee.type_into(tab.seed, "11")
    referee.tap(tab.make_button)
    assert tab.publish_button.isVisible() and not tab.make_said.isVisible()
    tid = c.session.seating.tournament_id()
    assert core_seating.plan_view(c.session.store, tid).entries == (), "nothing stored before Publish"
    drafted = {n: shown(tab, f"draft_session_{n}") for n in (1, 2, 3)}
    assert not [x for x in tab.findChildren(QLabel, "draft_session_4") if x.isVisible()]
    draft_quality = shown(tab, "seating_draft_quality")

    referee.tap(tab.publish_button)
    assert tab.publish_said.text() == "Published: session(s) 1–3. The tables get it at their next sync."
    assert not tab.publish_button.isVisible()
    # stored: three signed entries of this device, made from seed 11, by the referee named in the settings
    view = core_seating.plan_view(c.session.store, tid)
    assert [e.session for e in view.entries] == [1, 2, 3]
    assert {(e.how, e.seed, e.by) for e in view.entries} == {("made", 11, c.settings.referee or "referee")}
    for e in view.entries:
        assert sorted(p for seats in e.seating.tables for p in seats) == SIXTEEN
        assert len(e.seating.tables) == 4

    # the screen says what the command line says of the same store
    code, out, _ = cli(capsys, referee.data_dir, "seating", "show", "--tournament", "Paris Open", "--json")
    plan = json.loads(out)
    assert code == 0 and len(plan) == 12
    code, out, _ = cli(capsys, referee.data_dir, "seating", "check", "--tournament", "Paris Open", "--json")
    check = json.loads(out)
    expected_quality = (
        f"Pairs meeting more than once: {check['repeat_pairs']}. "
        f"Most times a player sits the same wind: {check['max_same_wind']}."
    )
    for n in (1, 2, 3):
        assert drafted[n] == lines_of(plan, n), f"session {n} as drafted"
        assert shown(tab, f"plan_session_{n}") == lines_of(plan, n), f"session {n} as published"
    assert draft_quality == expected_quality
    assert shown(tab, "seating_plan_quality") == expected_quality
    by = c.settings.referee or "referee"
    assert shown(tab, "plan_session_2_how").startswith(f"Made from seed 11, by {by}, ")
    assert (check["repeat_pairs"], check["max_same_wind"]) == (0, 1), "16 players, 3 sessions: no pair meets twice"
    assert w.pages.currentWidget() is w._page("venue")

    # then the next session by the standings (no result yet: by name), shown and published as session 4
    referee.tap(tab.next_button)
    fourth = shown(tab, "draft_session_4")
    assert fourth.count("\n") == 3 and fourth.startswith("Table 1: ")
    assert not [x for x in tab.findChildren(QLabel, "draft_session_1") if x.isVisible()]
    referee.tap(tab.publish_button)
    view = core_seating.plan_view(c.session.store, tid)
    assert [(e.session, e.how) for e in view.entries] == [(1, "made"), (2, "made"), (3, "made"), (4, "standings")]
    assert shown(tab, "plan_session_4") == fourth
    assert shown(tab, "plan_session_4_how").startswith(f"By the standings, by {by}, ")


def test_the_seating_tab_asks_the_pin_in_table_mode(referee, qtbot):
    referee.setup_table("wrc-2015", pin=PIN)
    c, w = referee.controller, referee.window
    assert c.modes.mode.name == "TABLE"
    w.show_tables("tables")
    page = w._page("venue")
    referee.dialogs.on_pin(lambda d: pin_keys(qtbot, d, "1111"))  # a wrong PIN: the Tables tab stays
    referee.tap(page.tabs.buttons["seating"])
    assert referee.dialogs.kinds()[-1] == "PinDialog"
    assert page.tabs.value() == "tables" and page.stack.currentIndex() == 0
    assert "seating" not in page.made
    referee.dialogs.on_pin(lambda d: pin_keys(qtbot, d, PIN))
    referee.tap(page.tabs.buttons["seating"])
    assert page.tabs.value() == "seating" and page.stack.currentIndex() == 2
    assert page.seating.title.text() == "Seating: Paris Riichi Open"
    assert page.seating.count.text() == "4 players."  # the table's four players
    assert len(referee.dialogs.seen) == 2
    assert c.referee_mode and w._in_referee_action(), "on the Seating tab: a referee action (no relock meanwhile)"
    referee.tap(page.tabs.buttons["players"])  # leaving it ends the referee action, as leaving Setup
    assert c.modes.mode.name == "TABLE" and not w._in_referee_action()
    referee.dialogs.on_pin(lambda d: pin_keys(qtbot, d, PIN))
    referee.tap(page.tabs.buttons["seating"])  # the PIN again
    assert page.tabs.value() == "seating" and len(referee.dialogs.seen) == 3
    w.show_board()  # and so does leaving the Tables page from it
    assert c.modes.mode.name == "TABLE"


def test_a_count_not_a_multiple_of_four_and_a_bad_roster_are_refused(referee, monkeypatch, tmp_path, capsys):
    c = referee.controller
    tab = seating_page(referee).seating
    referee.type_into(tab.name, "Paris Open")
    choose(monkeypatch, roster(tmp_path, SIXTEEN[:14]))
    referee.tap(tab.import_button)
    assert tab.count.text() == "14 players."
    referee.tap(tab.make_button)
    assert tab.make_said.isVisible() and tab.make_said.property("role") == "error"
    assert tab.make_said.text() == (
        "14 players is not a multiple of four (no table of three): add 2 substitute(s) to make 16, or remove 2 "
        "player(s)"
    )
    assert not tab.publish_button.isVisible()
    assert core_seating.plan_view(c.session.store, c.session.seating.tournament_id()).entries == ()
    # the same line as the command line's (on a folder of its own: the app holds its own)
    other = tmp_path / "cli"
    assert cli(capsys, other, "players", "import", str(tmp_path / "roster.csv"), "--tournament", "Paris Open")[0] == 0
    code, _, err = cli(capsys, other, "seating", "make", "--tournament", "Paris Open", "--sessions", "3")
    assert code == 2 and tab.make_said.text() in err

    # a roster with a name twice: the line and the player, as `refapp players import` says it; nothing added
    bad = roster(tmp_path, ["Zoe", "Yann", "Zoe"], "bad.csv")
    choose(monkeypatch, bad)
    referee.tap(tab.import_button)
    assert tab.roster_said.property("role") == "error"
    assert tab.roster_said.text() == f"{bad}: line 4: player Zoe is already on line 2"
    assert "\n" not in tab.roster_said.text()
    assert tab.count.text() == "14 players."
    code, _, err = cli(capsys, other, "players", "import", str(bad), "--tournament", "Paris Open")
    assert (code, err) == (2, f"refapp: {bad}: line 4: player Zoe is already on line 2\n")  # as Setup says it


def test_the_seating_tab_in_french(referee, monkeypatch, tmp_path):
    from refapp.app import install_translators
    from tests.ui.test_desk_language import switch_both_ways

    tab = seating_page(referee).seating
    referee.type_into(tab.name, "Open de Paris")
    choose(monkeypatch, roster(tmp_path, SIXTEEN))
    referee.tap(tab.import_button)
    referee.tap(tab.make_button)  # 4 sessions by default
    switch_both_ways(tab)
    try:
        install_translators(QApplication.instance(), "fr")
        QApplication.processEvents()
        assert tab.title.text() == "Placement\u00a0: Open de Paris" and tab.count.text() == "16 joueurs."
        first = shown(tab, "draft_session_1").split("\n")[0]
        assert first.startswith("Table 1\u00a0: ") and first.endswith(" (Nord)") and " (Est), " in first
        assert shown(tab, "seating_draft_quality").startswith("Paires qui se rencontrent plus d’une fois\u00a0: ")
        assert tab.publish_button.text() == "Publier"
        # a player count not a multiple of four, said in French
        choose(monkeypatch, roster(tmp_path, ["Zoe", "Yann"], "two.csv"))
        referee.tap(tab.import_button)
        assert tab.roster_said.text() == "2 joueurs ajoutés, 0 modifié(s), 0 déjà connu(s)."
        referee.tap(tab.make_button)
        assert tab.make_said.text() == (
            "18 joueurs, ce n’est pas un multiple de quatre (pas de table à trois)\u00a0: ajoutez 2 remplaçant(s) pour "
            "arriver à 20, ou retirez 2 joueur(s)"
        )
    finally:
        install_translators(QApplication.instance(), "en")


def test_a_plan_made_for_one_tournament_is_never_published_to_another(referee, monkeypatch, tmp_path):
    from refapp.store.players_import import import_players
    from refapp.store.roster import RosterEntry

    c = referee.controller
    page = seating_page(referee)
    tab = page.seating
    referee.type_into(tab.name, "Paris Open")
    choose(monkeypatch, roster(tmp_path, SIXTEEN))
    referee.tap(tab.import_button)
    referee.tap(tab.make_button)
    assert tab.publish_button.isVisible()
    paris = c.session.seating.tournament_id()
    # meanwhile another tournament becomes the desk's (the newest, here): the plan made for Paris is dropped
    lyon = import_players(c.session.store, "Lyon Open", [RosterEntry(n) for n in SIXTEEN]).tournament_id
    page.refresh()
    assert tab.title.text() == "Seating: Lyon Open"
    assert not tab.publish_button.isVisible() and tab.draft is None
    assert not [x for x in tab.findChildren(QLabel, "draft_session_1") if x.isVisible()]
    for tid in (paris, lyon):
        assert core_seating.plan_view(c.session.store, tid).entries == ()
