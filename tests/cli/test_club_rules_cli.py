"""A club file that changes a ruling without a citation of its own (issue 29, problem 15): the ruling is the club's
rule, never backed by the rule book's citation it would inherit, wherever a citation is shown (`refapp offences`,
the incidents CSV, the incident report), and `refapp rulesets --check` says so in a warning line naming the file and
the key; a ladder the file adds, or changes, without a citation is warned of the same way. The file still loads: a
warning does not change the exit status (0), as the skipped club files listed by `refapp rulesets` do not.

The club extends EMA 2016, whose riichi on an open hand is a dead hand citing §5.3: the club makes it a warning
without a citation (its own rule), and swap-calling a warning citing "club rule 4" (its own citation).
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from refapp.cli import main
from refapp.store.derive import ruleset_content
from refapp.store.opening import open_store
from refapp.store.rulesets import check_file, load_catalog
from refapp.store.tablebook import TableBook
from tests.logs import rulesets
from tests.pdftext import pdf_text

CLUB = """
extends = "ema-2016"
id = "club-night"
name = "Our club"
version = "2026.1"

[offences.riichi_open_hand]
rules = [{ ruling = "warning" }]

[offences.swap_calling]
citation = "club rule 4"
rules = [{ ruling = "warning" }]
"""


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def warning(path: Path, key: str, what: str) -> str:
    return f"refapp: warning: {path}: key '{key}': {what} (give it a citation to cite your rules)"


def test_check_warns_of_a_ruling_changed_without_a_citation(tmp_path, capsys):
    f = tmp_path / "club.toml"
    f.write_text(CLUB, encoding="utf-8")
    code, out, err = run(capsys, "rulesets", "--check", str(f))
    assert code == 0
    assert out == f"{f}: ok: club-night (Our club, version 2026.1)\n"
    assert err.splitlines() == [
        warning(
            f,
            "offences.riichi_open_hand",
            "the ruling is changed without a citation of its own: shown as a club rule of 'Our club', not with the "
            "citation '§5.3' it inherits",
        )
    ]
    club, _ = check_file(f)
    ema = rulesets()["ema-2016"]
    mine = club.offences["riichi_open_hand"]
    assert (mine.citation, mine.club_rule, mine.note, mine.status) == ("", "Our club", "", "verified")
    assert ema.offences["riichi_open_hand"].citation == "§5.3"  # the rule book's stays its own
    cited = club.offences["swap_calling"]  # the club's citation: cited, no warning; the rule book's note not kept
    assert (cited.citation, cited.club_rule, cited.note, cited.status) == ("club rule 4", "", "", "verified")
    assert ema.offences["swap_calling"].note
    assert club.offences["noten_riichi"] == ema.offences["noten_riichi"]  # untouched: inherited whole


def test_a_ladder_without_a_citation_is_warned_of(tmp_path, capsys):
    """A club extending the SG league adds a conduct ladder (no citation), makes its calls ladder a dead hand from
    the 4th step (no citation), and adds a phone ladder citing its own rules: two warnings."""
    f = tmp_path / "club-sg.toml"
    f.write_text(
        'extends = "sg-league"\nid = "club-sg"\nname = "SG night"\nversion = "1"\n'
        "[ladders.conduct]\ndead_hand_from = 2\n"
        "[ladders.calls]\ndead_hand_from = 4\n"
        '[ladders.phone]\ndead_hand_from = 3\ncitation = "club rule 9"\n'
        '[offences.passing_information]\ncitation = "club rule 8"\n'
        'rules = [{ ruling = "warning", ladder = "conduct" }]\n'
        '[offences.phone_or_device]\ncitation = "club rule 9"\nrules = [{ ruling = "warning", ladder = "phone" }]\n',
        encoding="utf-8",
    )
    code, out, err = run(capsys, "rulesets", "--check", str(f))
    assert code == 0 and out == f"{f}: ok: club-sg (SG night, version 1)\n"
    assert err.splitlines() == [
        warning(
            f,
            "ladders.conduct",
            "a new ladder without a citation of its own: a club rule of 'SG night', shown as 'conduct'",
        ),
        warning(
            f,
            "ladders.calls",
            "the ladder is changed without a citation of its own: it is still named by the citation 'Calls Penalty' "
            "it inherits",
        ),
    ]


def test_a_club_rule_is_the_first_clubs_down_a_chain(tmp_path, capsys):
    """Club B extends the club above and changes nothing of the open-hand riichi: it is still the first club's rule,
    and B is not warned of it. Club C cites it ("C rule 1"): cited again."""
    folder = tmp_path / "rulesets"
    folder.mkdir()
    (folder / "club.toml").write_text(CLUB, encoding="utf-8")
    (folder / "b.toml").write_text('extends = "club-night"\nid = "b"\nname = "B"\nversion = "1"\n', encoding="utf-8")
    (folder / "c.toml").write_text(
        'extends = "club-night"\nid = "c"\nname = "C"\nversion = "1"\n'
        '[offences.riichi_open_hand]\ncitation = "C rule 1"\n',
        encoding="utf-8",
    )
    cat = load_catalog(folder)
    assert cat.errors == []
    b, c = cat.rulesets["b"].offences["riichi_open_hand"], cat.rulesets["c"].offences["riichi_open_hand"]
    assert (b.citation, b.club_rule) == ("", "Our club")
    assert (c.citation, c.club_rule) == ("C rule 1", "")
    assert cat.warnings["b"] == [] and cat.warnings["c"] == []
    code, _, err = run(capsys, "rulesets", "--check", str(folder / "b.toml"))
    assert code == 0 and err == ""


def test_a_file_cannot_name_a_club_rule_itself(tmp_path, capsys):
    f = tmp_path / "club.toml"
    f.write_text(CLUB.replace('rules = [{ ruling = "warning" }]\n', 'club_rule = "EMA"\nrules = []\n', 1))
    code, out, err = run(capsys, "rulesets", "--check", str(f))
    assert code == 2 and out == ""
    assert err == (
        f"refapp: {f}: key 'offences.riichi_open_hand.club_rule': set by refapp, not by a file (a ruling a club file "
        "changes without a citation is shown as the club's rule; give it a citation to cite your own rules)\n"
    )


def test_offences_lists_the_club_rule_instead_of_the_citation(tmp_path, capsys):
    data = tmp_path / "data"
    (data / "rulesets").mkdir(parents=True)
    (data / "rulesets" / "club.toml").write_text(CLUB, encoding="utf-8")
    code, out, _ = run(capsys, "--data-dir", str(data), "offences", "club-night")
    assert code == 0
    assert "  riichi_open_hand: Riichi on an open hand  [club rule: Our club]\n      warning\n" in out
    assert "  swap_calling: Swap-calling (kuikae)  [club rule 4]\n      warning\n" in out
    code, out, _ = run(capsys, "--data-dir", str(data), "offences", "club-night", "--json")
    rows = {r["id"]: r for r in json.loads(out)["offences"]}
    assert (rows["riichi_open_hand"]["citation"], rows["riichi_open_hand"]["club_rule"]) == ("", "Our club")
    assert (rows["swap_calling"]["citation"], rows["swap_calling"]["club_rule"]) == ("club rule 4", "")


def test_a_rule_set_without_club_rules_is_stored_as_before():
    """A rule set a hanchan keeps is stored by its content's hash: an offence that is no club's rule has no
    ``club_rule`` key in it, so the content of the shipped rule sets, and of a club's file that cites every ruling it
    changes, reads as it always did."""
    for rs in rulesets().values():
        assert '"club_rule"' not in ruleset_content(rs)[1], rs.id


@pytest.fixture
def club_day(tmp_path, qapp):
    """Our club's night, 30,000 each, East 1, Ann deals (EMA 2016 otherwise). Cyd (seat 2) declares riichi with an
    open hand (29,000, 1 stick): under the club's rule a warning, nothing else moves."""
    folder = tmp_path / "data"
    (folder / "rulesets").mkdir(parents=True)
    (folder / "rulesets" / "club.toml").write_text(CLUB, encoding="utf-8")
    store = open_store(folder)
    t = store.create_tournament("Club night", at="2026-11-22T19:00:00+01:00")
    book = TableBook(store, store.create_table(t, 1), load_catalog(folder / "rulesets").rulesets)

    def commit(eid: str, type_: str, **kw) -> None:
        book.commit({"type": type_, "id": eid, "at": "2026-11-22T19:05:00+01:00", "by": "Sylvie", **kw})

    commit("start-0001", "hanchan_start", players=["Ann", "Bob", "Cyd", "Dan"], ruleset="club-night", session=1)
    commit("riichi-0001", "riichi", seat=2)
    commit("open-0001", "incident", seat=2, offence="riichi_open_hand", answers={})
    assert [s.score for s in book.state.seats] == [30000, 30000, 29000, 30000]
    assert (book.state.riichi_sticks, book.state.seats[2].warnings, book.state.seats[2].dead_hand) == (1, 1, False)
    store.close()
    return folder


def test_the_export_says_the_club_rule(club_day, capsys, tmp_path):
    out_file = tmp_path / "incidents.csv"
    code, _, err = run(capsys, "--data-dir", str(club_day), "export", "--format", "csv", "-o", str(out_file))
    assert code == 0, err
    (row,) = list(csv.DictReader(io.StringIO(out_file.read_text(encoding="utf-8-sig"))))
    assert (row["offence"], row["ruling"], row["citation"]) == ("riichi_open_hand", "warning", "club rule (Our club)")
    code, out, _ = run(capsys, "--data-dir", str(club_day), "verify")  # the stored ruling derives again the same
    assert code == 0 and out.startswith("ok: ")


@pytest.mark.parametrize(
    "lang, said",
    [
        ("en", ["Rule book Club rule (Our club)", "Source A rule of the club's own file, not of the rule book."]),
        (
            "fr",
            ["Règlement cité Règle du club (Our club)", "Source Une règle propre au club, pas une règle du règlement."],
        ),
    ],
)
def test_the_report_says_the_club_rule(club_day, capsys, tmp_path, lang, said):
    folder = club_day
    pdf = tmp_path / "report.pdf"
    code, _, err = run(
        capsys, "--data-dir", str(folder), "report", "--incident", "open-0001", "--lang", lang, "-o", str(pdf)
    )
    assert code == 0, err
    text = " ".join(pdf_text(pdf).split())
    for line in said:
        assert line in text, text
    assert "§5.3" not in text and "checked against" not in text and "vérifiée sur le texte" not in text
    code, out, _ = run(capsys, "--data-dir", str(folder), "verify")
    assert code == 0 and out.startswith("ok: ")
