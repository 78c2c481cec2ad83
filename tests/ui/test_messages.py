"""What the domain and the store tell the user reaches the screen in the screen's language: a message id and its
parameters (refapp.domain.messages) said by refapp.ui.common.messages, the English line kept for the command line.

Checked both ways from the source: every id the domain and the store raise has its sentence, and every sentence is
for an id they raise. Then on the screen, in French: a full disk refusing a ruling, a riichi the ledger refuses, a
rule-set file changed under a hanchan, a roster that cannot be read; the command line still says it in English."""

from __future__ import annotations

import ast
from pathlib import Path

from PySide6.QtWidgets import QApplication

from refapp.app import install_translators
from refapp.domain.events import LogError
from refapp.domain.messages import Message
from refapp.ui.common.messages import said, templates

ROOT = Path(__file__).resolve().parents[2]
# the position of the id argument (``__init__``: a StoreError subclass calling its parent's)
RAISERS = {
    "LogError": 3,
    "StoreError": 1,
    "RosterError": 1,
    "ReportError": 2,
    "ClockError": 2,
    "Message": 1,
    "__init__": 1,
}


def raised_ids() -> dict[str, str]:
    """Every message id written in refapp/domain, refapp/store and refapp/core, with where."""
    found: dict[str, str] = {}
    files = [*(ROOT / "refapp" / "domain").rglob("*.py"), *(ROOT / "refapp" / "store").rglob("*.py")]
    files += [*(ROOT / "refapp" / "core").rglob("*.py")]
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            key = None
            if isinstance(node, ast.Call):
                name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
                if name in RAISERS:
                    arg = next((k.value for k in node.keywords if k.arg == "key"), None)
                    if arg is None and len(node.args) > RAISERS[name]:
                        arg = node.args[RAISERS[name]]
                    if isinstance(arg, ast.Constant) and arg.value:
                        key = arg.value
            elif isinstance(node, ast.Assign) and any(
                (isinstance(t, ast.Name) and t.id == "key") or (isinstance(t, ast.Attribute) and t.attr == "key")
                for t in node.targets
            ):
                if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str) and node.value.value:
                    key = node.value.value
            if key is not None:
                found.setdefault(key, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_every_message_id_has_its_sentence_and_every_sentence_its_id(qapp):
    ids = raised_ids()
    sentences = templates()
    assert len(ids) >= 40, "the scan finds the ids"
    assert {k: where for k, where in ids.items() if k not in sentences} == {}
    assert set(sentences) - set(ids) == set(), "a sentence no one raises"
    for key, (text, names) in sentences.items():  # each placeholder has its parameter, and each parameter is used
        used = {int(n) for n in __import__("re").findall(r"%(\d)", text)}
        assert used == set(range(1, len(names) + 1)), key


def test_an_id_is_said_with_its_parameters_and_without_one_the_english_line_is_kept(qapp):
    refused = LogError(
        3, "seat", "seat 2 (Bob) has already declared riichi this hand", "riichi_twice", {"player": "Bob"}
    )
    assert str(refused) == "event 3: seat: seat 2 (Bob) has already declared riichi this hand"  # the command line
    assert said(refused) == "Bob has already declared riichi in this hand."
    assert said(LogError(1, "points", "must be a multiple of 100")) == "must be a multiple of 100"
    assert said(ValueError("plain")) == "plain"
    notice = Message(
        "The rule set 'EMA 2016' was changed...", "ruleset_changed", ruleset="EMA Riichi Competition Rules 2016"
    )
    assert notice == "The rule set 'EMA 2016' was changed..." and said(notice).startswith("The rule set EMA Riichi")
    app = QApplication.instance()
    install_translators(app, "fr")
    try:
        assert said(refused) == "Bob a déjà déclaré riichi dans cette main."
        ruling = LogError(0, "offence", "...", "needs_hand_in_play", {"hanchan": 2, "ruling": "dead_hand"})
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
        notice = Message("...", "ruleset_changed", ruleset="EMA Riichi Competition Rules 2016")
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
        assert status.text() == f"{bad}\u00a0: ligne 1\u00a0: pas de colonne «\u00a0name\u00a0» dans l’en-tête"
    finally:
        install_translators(app, "en")
    from refapp.store.roster import RosterError, parse_roster

    try:
        parse_roster(bad.read_text(encoding="utf-8"), str(bad))
    except RosterError as exc:
        assert str(exc) == f"{bad}: line 1: no 'name' column in the header (nom_complet, club)"
