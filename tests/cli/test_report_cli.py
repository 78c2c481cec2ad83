"""`refapp report`, `refapp signoff` and `refapp statement`, as a head referee runs them: the PDF's text (read back
with pdftotext, as anyone would copy it) holds every part of an incident, in English and in French; a wrong PIN
signs nothing; bad input is one line and exit status 2; `refapp verify` stays ok.

The day, built by hand (Championnat de Paris, table 3, session 2, hanchan 1 under EMA 2012, then hanchan 2 under EMA
2016; the dealer is Émile, East):

* 10:05 Zoé declares riichi (1,000 on the table);
* 10:06 Ann (West) reveals an invalid win: an EMA 2012 chombo (§3.4.6, verified), a mangan paid at the table: Ann
  pays 4,000 to the dealer Émile and 2,000 to Zoé and to Dan (−8,000); Zoé's riichi bet goes back to her
  (+2,000 + 1,000 = +3,000); no stick left; the hand is re-dealt, no counter;
* 10:20 Dan, a point penalty of 2,000 for conduct (the note "Téléphone pendant la main"): 2,000 leave the table;
* 10:30 a warning on Émile, voided at 10:31 ("wrong seat");
* hanchan 2, 11:00: Bob reveals an invalid win under EMA 2016: a chombo of 20,000 after uma whose source is not
  verified (the 2016 list of chombo offences was not seen).
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from refapp.cli import main
from refapp.store.opening import open_store
from refapp.store.settings import Settings, load_settings, save_settings, set_pin
from refapp.store.tablebook import TableBook
from tests.logs import rulesets
from tests.pdftext import pdf_text

PLAYERS = ["Émile", "Zoé", "Ann", "Dan"]


def at(hhmm: str) -> str:
    return f"2026-11-22T{hhmm}:00+01:00"


def local(hhmm: str) -> str:
    """How the report shows a recorded time: the device's local time, with the date."""
    return datetime.fromisoformat(at(hhmm)).astimezone().strftime("%d/%m/%Y %H:%M")


def build(folder: Path) -> dict[str, str]:
    store = open_store(folder)
    t = store.create_tournament("Championnat de Paris", at=at("09:00"))
    book = TableBook(store, store.create_table(t, 3), rulesets())
    ids: dict[str, str] = {}

    def commit(name: str, type_: str, when: str, **kw) -> dict:
        event = {"type": type_, "id": f"{name}-0001", "at": at(when), "by": "Marie-Hélène", **kw}
        book.commit(event)
        ids[name] = event["id"]
        return event

    commit("start1", "hanchan_start", "10:00", players=PLAYERS, ruleset="ema-2012", session=2, hanchan=1)
    commit("riichi", "riichi", "10:05", seat=1)
    commit("chombo", "incident", "10:06", seat=2, offence="invalid_win_revealed", answers={"simultaneous_win": False})
    commit("penalty", "incident", "10:20", seat=3, offence="point_penalty",
           answers={"reason": "conduct", "amount": 2000}, note="Téléphone pendant la main")  # fmt: skip
    commit("warning", "incident", "10:30", seat=0, offence="warning")
    commit("void", "void", "10:31", target=ids["warning"], reason="wrong seat")
    commit("end1", "hanchan_end", "10:50", reason="time limit")
    commit("start2", "hanchan_start", "11:00", players=["Émile", "Bob", "Ann", "Dan"], ruleset="ema-2016",
           session=2, hanchan=2)  # fmt: skip
    commit("chombo16", "incident", "11:10", seat=1, offence="invalid_win_revealed")
    store.close()
    return ids


@pytest.fixture
def day(tmp_path, qapp):
    """The data folder and the ids of its entries (``qapp``: the PDF writer uses the tests' QApplication)."""
    folder = tmp_path / "data"
    return folder, build(folder)


def run(capsys, folder: Path, *argv: str, stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        code = main(["--data-dir", str(folder), *argv])
    except SystemExit as exc:  # a usage error (argparse): one line, status 2
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def squeeze(text: str) -> str:
    """Each line with its runs of spaces made one (the columns of the layout)."""
    return "\n".join(re.sub(r" {2,}", "  ", line.strip()) for line in text.splitlines())


def flat(text: str) -> str:
    """The text as one line, every run of spaces and line breaks one space (a sentence may wrap; columns read in
    their order)."""
    return " ".join(text.split())


def report(capsys, folder: Path, tmp_path: Path, lang: str, *what: str) -> str:
    out_file = tmp_path / f"report-{lang}.pdf"
    code, out, err = run(capsys, folder, "report", *what, "--lang", lang, "-o", str(out_file))
    assert code == 0 and err == "", err
    assert out.startswith(f"wrote {out_file}: ")
    return flat(pdf_text(out_file))


# -- one incident, every part of it ----------------------------------------------------------------------------

ENGLISH = [
    "Incident report Championnat de Paris",  # the running head
    "Invalid win, hand revealed — Ann",
    "Tournament  Championnat de Paris",
    "Table  3  Time  {10:06}",
    "Session  2  Hanchan  1",
    "Hand  East 1  Counters  0",
    "Entered by  Marie-Hélène  Rule set  EMA 2012",
    "Voided  No",
    "Incident ID  chombo-0001",
    "Offence  Invalid win, hand revealed",
    "Offender  Ann",
    "Questions and answers",
    "Did another player win at the same moment? No",
    "Chombo",
    "Rule book  EMA 2012 §3.4.6",
    "Source  Source checked against the rule book's text.",
    "Seat  Wind  Player  Role  Table score",
    "1  East  Émile  Dealer  +4,000",
    "2  South  Zoé  +3,000",
    "3  West  Ann  Offender  −8,000",
    "4  North  Dan  +2,000",
    "Riichi sticks on the table: 1 → 0",
    "Riichi bets returned: Zoé",
    "The same hand was re-dealt.",
    "Statement of Ann, recorded by Sylvie on {now}",
    "“I thought it was a win: I misread my hand.”",
    "Signed off by Marie-Hélène Duval on {now} (the signing device had no referee PIN).",
    "Signature of the head referee:",
]
FRENCH = [
    "Rapport d’incident Championnat de Paris",  # the running head
    "Déclaration vide de victoire, main révélée — Ann",
    "Tournoi  Championnat de Paris",
    "Table  3  Heure  {10:06}",
    "Session  2  Hanchan  1",
    "Main  Est 1  Compteurs  0",
    "Saisi par  Marie-Hélène  Règlement  EMA 2012",
    "Annulé  Non",
    "Identifiant  chombo-0001",
    "Faute  Déclaration vide de victoire, main révélée",
    "Fautif  Ann",
    "Questions et réponses",
    "Un autre joueur a-t-il gagné au même moment ? Non",
    "Chombo",
    "Règlement cité  EMA 2012 §3.4.6",
    "Source  Source vérifiée sur le texte du règlement.",
    "Place  Vent  Joueur  Rôle  Score à la table",
    "1  Est  Émile  Donneur  +4 000",
    "2  Sud  Zoé  +3 000",
    "3  Ouest  Ann  Fautif  −8 000",
    "4  Nord  Dan  +2 000",
    "Bâtons de riichi sur la table : 1 → 0",
    "Mises de riichi rendues : Zoé",
    "La main a été redistribuée.",
    "Déclaration de Ann, enregistrée par Sylvie le {now}",
    "« I thought it was a win: I misread my hand. »",
    "Visé par Marie-Hélène Duval le {now} (l’appareil signataire n’avait pas de code PIN d’arbitre).",
    "Signature de l’arbitre principal :",
]


def _expected(lines: list[str], now: str) -> list[str]:
    return [flat(line.replace("{10:06}", local("10:06")).replace("{now}", now)) for line in lines]


@pytest.mark.parametrize("lang, lines", [("en", ENGLISH), ("fr", FRENCH)])
def test_report_of_an_incident_with_a_statement_and_a_signoff(day, capsys, tmp_path, lang, lines):
    folder, ids = day
    before = _count(folder) + 2  # with the statement and the sign-off
    text = "I thought it was a win: I misread my hand."
    code, out, err = run(capsys, folder, "statement", "--incident", ids["chombo"][:8], "--player", "Ann",
                         "--text", text, "--by", "Sylvie")  # fmt: skip
    assert code == 0 and err == ""
    assert out.startswith(f"recorded the statement of Ann on incident {ids['chombo']} ")
    code, out, err = run(capsys, folder, "signoff", "--incident", ids["chombo"], "--by", "Marie-Hélène Duval")
    assert code == 0 and err == "" and "(this device has no referee PIN)" in out
    now = datetime.now().astimezone().strftime("%d/%m/%Y %H:%M")  # recorded just now (a minute may turn: rerun)
    got = report(capsys, folder, tmp_path, lang, "--incident", ids["chombo"][:8])
    for line in _expected(lines, now):
        assert line in got, f"{line!r} not in the report:\n{got}"
    assert "Not signed" not in got and "Non visé" not in got
    code, out, _ = run(capsys, folder, "verify")
    assert code == 0 and out.startswith(f"ok: {before} events")  # the statement and the sign-off checked too


@pytest.mark.parametrize(
    "lang, lines",
    [
        ("en", ["Point penalty — Dan", "Referee's note  Téléphone pendant la main", "Reason: Bad conduct",
                "Penalty (table points): 2,000", "Point penalty — 2,000 (table score)", "Rule book  EMA 2012 §5.5, §5.6",
                "4  North  Dan  Offender  −2,000", "2,000 points left the table (given to nobody).",
                "No statement was recorded.", "Not signed."]),
        ("fr", ["Points de pénalité — Dan", "Note de l’arbitre  Téléphone pendant la main", "Motif : Mauvais comportement",
                "Pénalité (points à la table) : 2 000", "Points de pénalité — 2 000 (score à la table)",
                "Règlement cité  EMA 2012 §5.5, §5.6", "4  Nord  Dan  Fautif  −2 000",
                "2 000 points ont quitté la table (donnés à personne).", "Aucune déclaration enregistrée.",
                "Non visé."]),
    ],
)  # fmt: skip
def test_report_of_a_penalty_says_the_answers_the_amount_and_the_points_that_left(day, capsys, tmp_path, lang, lines):
    folder, ids = day
    got = report(capsys, folder, tmp_path, lang, "--incident", ids["penalty"])
    for line in map(flat, lines):
        assert line in got, f"{line!r} not in the report:\n{got}"


@pytest.mark.parametrize(
    "lang, void, kept",
    [
        ("en", "VOIDED on {10:31} by Marie-Hélène: wrong seat", "Voided  VOIDED on {10:31}"),
        ("fr", "ANNULÉ le {10:31} par Marie-Hélène : mauvaise place", "Annulé  ANNULÉ le {10:31}"),
    ],
)
def test_report_of_a_voided_incident_says_when_by_whom_and_why(day, capsys, tmp_path, lang, void, kept):
    folder, ids = day
    got = report(capsys, folder, tmp_path, lang, "--incident", ids["warning"])
    assert flat(void.replace("{10:31}", local("10:31"))) in got
    assert flat(kept.replace("{10:31}", local("10:31"))) in got
    assert ("Warning — Émile" if lang == "en" else "Avertissement — Émile") in got


@pytest.mark.parametrize(
    "lang, lines",
    [
        ("en", ["Chombo — 20,000 from the hanchan result, after uma", "Rule book  EMA 2016 §3.4.6, §5.1.2",
                "Source  Source not verified: check the printed rule book", "Rule set  EMA 2016",
                "2  South  Bob  Offender", "Session  2  Hanchan  2"]),
        ("fr", ["Chombo — 20 000 retirés du résultat du hanchan, après uma", "Règlement cité  EMA 2016 §3.4.6, §5.1.2",
                "Source  Source non vérifiée : vérifiez le règlement imprimé", "Règlement  EMA 2016",
                "2  Sud  Bob  Fautif", "Session  2  Hanchan  2"]),
    ],
)  # fmt: skip
def test_report_of_an_unverified_cell_shows_the_badge(day, capsys, tmp_path, lang, lines):
    folder, ids = day
    got = report(capsys, folder, tmp_path, lang, "--incident", ids["chombo16"])
    for line in map(flat, lines):
        assert line in got, f"{line!r} not in the report:\n{got}"


# -- the tournament ------------------------------------------------------------------------------------------


def test_tournament_report_summary_first_then_each_incident_by_table_and_session(day, capsys, tmp_path):
    folder, ids = day
    run(capsys, folder, "signoff", "--incident", ids["penalty"], "--by", "Marie-Hélène Duval")
    out_file = tmp_path / "all.pdf"
    code, out, err = run(capsys, folder, "report", "--lang", "en", "-o", str(out_file))  # the only tournament
    assert code == 0 and err == ""
    assert out == f"wrote {out_file}: 4 incident(s), 5 page(s), in English\n"
    pages = pdf_text(out_file).split("\f")
    summary = squeeze(pages[0])
    assert "Tournament incident report" in summary and "Championnat de Paris" in summary
    assert "4 incidents at 1 table, 1 voided, 1 signed off, 3 not signed" in summary
    assert "Table 3 · session 2" in summary
    # one row each, numbered, in the order of the table and the time (a long cell wraps onto a second line)
    rows = [line for line in summary.splitlines() if re.match(r"^\d  \d\d/\d\d/", line)]
    assert [r.split("  ")[0] for r in rows] == ["1", "2", "3", "4"]
    times = [local(t) for t in ("10:06", "10:20", "10:30", "11:10")]
    assert [r.split("  ")[1] for r in rows] == times
    cells = [r.split("  ") for r in rows]  # No., time, hanchan, hand, player, offence, ruling, signed off
    assert [c[2:5] for c in cells] == [["1", "East 1", "Ann"], ["1", "East 1", "Dan"], ["1", "East 1", "Émile"],
                                       ["2", "East 1", "Bob"]]  # fmt: skip
    assert [c[-1] for c in cells[::2] + cells[3:]] == ["not signed"] * 3
    assert cells[1][-1].startswith("Marie-")  # the head referee's long name wraps in its column
    assert "(voided)" in summary and "Duval" in summary
    # then one page each, in that order, with its place in the report
    for n, (page, title) in enumerate(
        zip(
            pages[1:5],
            [
                "Invalid win, hand revealed — Ann",
                "Point penalty — Dan",
                "Warning — Émile",
                "Invalid win, hand revealed — Bob",
            ],
        ),  # fmt: skip
        1,
    ):
        text = squeeze(page)
        assert f"Incident {n} of 4 · table 3 · session 2" in text and title in text
        assert f"Page {n + 1} of 5" in text


def test_tournament_report_in_french_names_its_parts_in_french(day, capsys, tmp_path):
    folder, _ = day
    got = report(capsys, folder, tmp_path, "fr", "--tournament", "Championnat de Paris")
    assert "Rapport des incidents du tournoi" in got and "Récapitulatif" in got
    assert "4 incidents à 1 table, 1 annulé, 0 visé, 4 non visés" in got
    assert "Incident 3 sur 4 · table 3 · session 2" in got and "Page 1 sur 5" in got


# -- the sign-off's PIN --------------------------------------------------------------------------------------


def _with_pin(folder: Path, pin: str) -> None:
    settings = Settings(referee="Sylvie")
    set_pin(settings, pin)
    save_settings(folder, settings)


def test_signoff_asks_the_pin_and_refuses_a_wrong_one_with_the_app_lockout(day, capsys, monkeypatch):
    folder, ids = day
    before = _count(folder)
    _with_pin(folder, "2468")
    sign = ("signoff", "--incident", ids["chombo"], "--by", "Marie-Hélène Duval", "--pin-stdin")
    code, out, err = run(capsys, folder, *sign, stdin="1111\n", monkeypatch=monkeypatch)
    assert (code, out) == (2, "")
    assert err == "refapp: signoff: wrong referee PIN: nothing was signed\n"
    assert load_settings(folder)[0].pin_failures == 1  # counted, as a wrong PIN on the tablet's pad
    code, out, err = run(capsys, folder, *sign, stdin="\n", monkeypatch=monkeypatch)
    assert code == 2 and "no PIN given" in err
    code, out, err = run(capsys, folder, *sign, stdin="2468\n", monkeypatch=monkeypatch)
    assert code == 0 and err == ""
    assert out.startswith(f"signed off incident {ids['chombo']} (invalid_win_revealed, Ann, table 3, hanchan 1) by ")
    assert out.rstrip().endswith("with the referee PIN")
    assert load_settings(folder)[0].pin_failures == 0
    # signed, and nothing recorded on it since: a second sign-off is refused
    code, out, err = run(capsys, folder, *sign, stdin="2468\n", monkeypatch=monkeypatch)
    assert code == 2 and err.startswith("refapp: --incident: Already signed off by Marie-Hélène Duval at ")
    # five wrong PINs lock the PIN for a minute, even the right one then
    for _ in range(5):
        code, _, err = run(capsys, folder, "signoff", "--incident", ids["penalty"], "--by", "X", "--pin-stdin",
                           stdin="0000\n", monkeypatch=monkeypatch)  # fmt: skip
        assert code == 2
    assert err == "refapp: signoff: too many wrong PINs: the PIN is locked for 60 seconds\n"
    code, _, err = run(capsys, folder, "signoff", "--incident", ids["penalty"], "--by", "X", "--pin-stdin",
                       stdin="2468\n", monkeypatch=monkeypatch)  # fmt: skip
    assert code == 2 and "locked for" in err
    code, out, _ = run(capsys, folder, "verify")
    assert code == 0 and out.startswith(f"ok: {before + 1} events")  # the one sign-off made


def test_a_statement_after_the_signoff_is_marked_and_allows_a_new_signoff(day, capsys, tmp_path):
    folder, ids = day
    assert run(capsys, folder, "signoff", "--incident", ids["penalty"], "--by", "Marie")[0] == 0
    assert run(capsys, folder, "statement", "--incident", ids["penalty"], "--player", "Dan", "--text", "Sorry.")[0] == 0
    got = report(capsys, folder, tmp_path, "en", "--incident", ids["penalty"])
    assert "(recorded after the sign-off)" in got and "Statement of Dan, recorded on" in got
    assert run(capsys, folder, "signoff", "--incident", ids["penalty"], "--by", "Marie")[0] == 0
    got = report(capsys, folder, tmp_path, "en", "--incident", ids["penalty"])
    assert got.count("Signed off by Marie on") == 2  # the earlier one, then the one covering the statement


# -- bad input -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv, message",
    [
        (["report", "--incident", "nope", "--lang", "en", "-o", "{tmp}/x.pdf"],
         "refapp: --incident: no incident with id 'nope' (see refapp history: the ID column)"),
        (["report", "--incident", "{riichi}", "--lang", "en", "-o", "{tmp}/x.pdf"],
         "refapp: --incident: 'riichi-0001' is a riichi entry, not an incident"),
        (["report", "--tournament", "Lyon", "--lang", "en", "-o", "{tmp}/x.pdf"],
         "refapp: --tournament: no tournament with id or name 'Lyon' (known: 'Championnat de Paris')"),
        (["report", "--lang", "en", "-o", "{tmp}"],
         "refapp: {tmp}: is a folder, not a regular file; refapp writes exports only to regular files"),
        (["report", "--lang", "en", "-o", "/dev/null"],
         "refapp: /dev/null: is a device, not a regular file; refapp writes exports only to regular files"),
        (["report", "--lang", "de", "-o", "{tmp}/x.pdf"],
         "refapp: --lang: 'de' has no translation here (languages: en, fr)"),  # the languages found (refapp.ui.common.languages)
        (["statement", "--incident", "{chombo}", "--player", "Zed", "--text", "hello"],
         "refapp: --player: Zed did not play at that hanchan (its players: Émile, Zoé, Ann, Dan)."),
        (["statement", "--incident", "{chombo}", "--player", "Ann", "--text", "   "],
         "refapp: --text: The statement is empty."),
        (["statement", "--incident", "{chombo}", "--player", "Ann", "--text", "x" * 2001],
         "refapp: --text: The statement has 2001 characters; at most 2000."),
        (["statement", "--incident", "{chombo}", "--player", "Ann", "--text", "bell\x07"],
         "refapp: --text: control character '\\x07' not allowed"),
        (["signoff", "--incident", "{chombo}", "--by", "  "],
         "refapp: --by: The head referee's name is empty."),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_status_2_and_stores_nothing(day, capsys, tmp_path, argv, message):
    folder, ids = day
    subs = {"{tmp}": str(tmp_path), "{chombo}": ids["chombo"], "{riichi}": ids["riichi"]}

    def fill(text: str) -> str:
        for k, v in subs.items():
            text = text.replace(k, v)
        return text

    before = _count(folder)
    code, out, err = run(capsys, folder, *[fill(a) for a in argv])
    assert code == 2 and out == ""
    assert err == fill(message) + "\n"
    assert _count(folder) == before
    assert not (tmp_path / "x.pdf").exists()


def _count(folder: Path) -> int:
    store = open_store(folder, read_only=True)
    try:
        return store.count_events()
    finally:
        store.close()


# -- no display ----------------------------------------------------------------------------------------------


def test_report_needs_no_display(day, tmp_path):
    folder, ids = day
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    out_file = tmp_path / "headless.pdf"
    done = subprocess.run(
        [sys.executable, "-m", "refapp", "--data-dir", str(folder), "report", "--incident", ids["chombo"],
         "--lang", "fr", "-o", str(out_file)],
        env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "Déclaration vide de victoire, main révélée — Ann" in pdf_text(out_file)
