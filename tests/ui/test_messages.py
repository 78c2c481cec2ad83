"""What the domain and the store tell the user reaches the screen in the screen's language: a message id and its
parameters (refapp.domain.messages), its sentence from the catalogue (refapp.domain.catalogue) translated by
refapp.ui.common.messages; the command line prints the same sentence in English (tests/test_catalogue.py checks the
catalogue both ways against the source).

On the screen, in French: a full disk refusing a ruling, a riichi the ledger refuses, a rule-set file changed under a
hanchan, a roster that cannot be read; the command line says the same sentence in English."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from refapp.app import install_translators
from refapp.domain.events import LogError
from refapp.domain.messages import Message
from refapp.store.errors import FolderInUse
from refapp.ui.common.messages import said


def test_an_id_is_said_with_its_parameters_and_without_one_the_english_line_is_kept(qapp):
    refused = LogError(3, "seat", key="riichi_twice", params={"player": "Bob"})
    assert str(refused) == "event 3: seat: Bob has already declared riichi in this hand."  # the command line
    assert said(refused) == "Bob has already declared riichi in this hand."  # the screen: the same sentence
    assert said(LogError(1, "points", "must be a multiple of 100")) == "must be a multiple of 100"
    assert said(ValueError("plain")) == "plain"
    notice = Message(key="ruleset_changed", ruleset="EMA Riichi Competition Rules 2016")
    assert notice.startswith("The rule set EMA Riichi Competition Rules 2016 was changed after this hanchan started")
    assert said(notice) == notice
    app = QApplication.instance()
    install_translators(app, "fr")
    try:
        assert said(refused) == "Bob a déjà déclaré riichi dans cette main."
        ruling = LogError(0, "offence", key="needs_hand_in_play", params={"hanchan": 2, "ruling": "dead_hand"})
        assert (
            said(ruling)
            == "Le hanchan 2 est terminé\u00a0: une décision «\u00a0Main morte\u00a0» demande une main en cours."
        )
    finally:
        install_translators(app, "en")


def test_a_full_disk_is_said_in_french_on_the_preview(referee):
    w = referee.window
    c = referee.controller
    referee.setup_table("ema-2016")
    pages = c.session.store.conn.execute("PRAGMA page_count").fetchone()[0]
    c.session.store.conn.execute(
        f"PRAGMA max_page_count = {pages}"
    )  # SQLite now answers SQLITE_FULL, as on a full disk
    app = QApplication.instance()
    install_translators(app, "fr")
    try:
        referee.ruling(1, "point_penalty", {"reason": "conduct", "amount": 1000}, note="x" * 20000)
        pp = w.ruling.preview_panel
        referee.tap(pp.confirm_button)
        assert pp.error.text() == (
            "La décision n’a PAS été enregistrée\u00a0: le disque est plein. Libérez de la place et confirmez de nouveau."
        )
        assert "disk is full" in c.last_error or "disque est plein" in c.last_error
    finally:
        c.session.store.conn.execute("PRAGMA max_page_count = 1073741823")
        install_translators(app, "en")


def test_a_refused_riichi_and_a_changed_rule_set_are_said_in_french(referee, monkeypatch):
    w = referee.window
    c = referee.controller
    referee.setup_table("ema-2016", players=("Ann", "Bob", "Cyd", "Dan"))
    referee.ruling(1, "dead_hand", {"cause": "other"})
    referee.tap(w.ruling.preview_panel.confirm_button)
    app = QApplication.instance()
    install_translators(app, "fr")
    try:
        w.ask_riichi(1)  # Bob has a dead hand: the bar says why there is no riichi
        bar = w.board.seats[1].confirm
        assert bar.isVisible()
        assert (
            bar.message.text() == "Pas de riichi pour Bob\u00a0: Bob a une main morte et ne peut pas déclarer riichi."
        )
        notice = Message(key="ruleset_changed", ruleset="EMA Riichi Competition Rules 2016")
        monkeypatch.setattr(type(c.session.book), "ruleset_notice", lambda self: notice)
        c.open_table(c.table)
        assert w.banner.isVisible() and w.banner.text().startswith("Le jeu de règles ")
        assert "garde les règles avec lesquelles il a commencé" in w.banner.text()
    finally:
        install_translators(app, "en")


def test_a_roster_that_cannot_be_read_is_said_in_french_and_in_english_on_the_command_line(referee, tmp_path):
    bad = tmp_path / "roster.csv"
    bad.write_text("nom_complet;club\nAnn;Paris\n", encoding="utf-8")
    s = referee.window.setup
    app = QApplication.instance()
    install_translators(app, "fr")
    try:
        assert not s.load_roster(bad)
        status = s.players_section.roster_status
        assert status.text() == (
            f"{bad}\u00a0: ligne 1\u00a0: pas de colonne «\u00a0name\u00a0» dans l’en-tête (nom_complet, club)"
        )
    finally:
        install_translators(app, "en")
    from refapp.store.roster import RosterError, parse_roster

    try:
        parse_roster(bad.read_text(encoding="utf-8"), str(bad))
    except RosterError as exc:
        assert str(exc) == f"{bad}: line 1: no 'name' column in the header (nom_complet, club)"


def test_a_liability_hand_and_a_busy_folder_are_said_with_their_details_in_both_languages(qapp, tmp_path):
    hands = LogError(
        2,
        "winners.0.liable_hand",
        key="not_liability_hand",
        params={"hand": "all_green", "ruleset": "EMA 2012", "hands": ["big_three_dragons", "four_kongs"]},
    )
    assert hands.message == (
        "All Green is not a liability hand under EMA 2012 (its liability hands: Big Three Dragons, Four Kongs)."
    )
    busy = FolderInUse(tmp_path, 4242)
    assert str(busy).startswith(f"The data folder {tmp_path} is in use by another refapp (process 4242).")
    assert said(busy) == str(busy) and said(hands) == hands.message  # English: the command line's sentence
    app = QApplication.instance()
    install_translators(app, "fr")
    try:
        assert said(hands).endswith(
            "selon EMA 2012 (ses mains à responsabilité\u00a0: Trois grands dragons, Quatre kongs)."
        )
        assert said(busy).startswith(
            f"Le dossier de données {tmp_path} est utilisé par un autre refapp (processus 4242)."
        )
        nothing = LogError(
            2, "x", key="not_liability_hand", params={"hand": "all_green", "ruleset": "EMA 2012", "hands": []}
        )
        assert said(nothing).endswith("(ses mains à responsabilité\u00a0: aucune).")
    finally:
        install_translators(app, "en")
