"""Issue 14 item 4: a referee finds an offence in his own words. Quick buttons for the four commonest rulings at the
top of the palette; the search matches titles, synonyms and rule-book terms in English and French (kept as data in
``resources/offence_keywords.toml``), citation numbers of the current rule set, and what an offence can be ruled
under the current rule set ("chombo" finds every offence that can be a chombo); a line says when nothing matches."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parents[2]


def rules_of(ruleset: str) -> dict:
    return tomllib.loads((ROOT / "resources" / "rulesets" / f"{ruleset}.toml").read_text(encoding="utf-8"))


def can_be(ruleset: str, kind: str) -> set[str]:
    """The offences the rule-set FILE can rule as ``kind`` (a rule's ruling, or one of a referee's choices)."""
    offences = rules_of(ruleset)["offences"]
    return {
        oid
        for oid, off in offences.items()
        if any(r["ruling"] == kind or kind in r.get("choices", []) for r in off["rules"])
    }


def search(referee, text: str) -> list[str]:
    palette = referee.window.ruling.palette_page
    palette.search.setText(text)
    QApplication.processEvents()
    return palette.visible_offences()


@pytest.fixture
def palette_of(referee):
    def open_(ruleset: str, seat: int = 1):
        referee.setup_table(ruleset)
        referee.tap(referee.window.board.seats[seat])
        return referee.window.ruling.palette_page

    return open_


def test_quick_buttons_for_the_four_commonest_rulings_sit_at_the_top(referee, palette_of):
    palette = palette_of("ema-2016")
    quick = palette.quick
    assert [b.text() for b in quick.values()] == ["Chombo", "Dead hand", "Warning", "Point penalty"]
    tops = [b.mapTo(palette, b.rect().topLeft()).y() for b in quick.values()]
    assert max(tops) < palette.search.mapTo(palette, palette.search.rect().topLeft()).y()
    # the hand check is an ordinary button, no bigger than the quick ones
    check = palette.check_hand_button
    assert check.height() <= quick["dead_hand"].height() and check.property("role") != "primary"
    referee.tap(quick["dead_hand"])
    w = referee.window
    q = w.ruling.questions
    assert w.ruling.currentWidget() is q  # which offence the dead hand is for (issue 29)
    referee.tap(q.widgets["cause"].buttons["other"])
    referee.tap(q.next_button)
    assert w.ruling.currentWidget() is w.ruling.preview_panel
    assert w.ruling.preview_panel.title.text() == "Dead hand — Bob"


def test_the_chombo_button_shows_every_offence_that_can_be_a_chombo(referee, palette_of):
    palette = palette_of("ema-2016")
    referee.tap(palette.quick["chombo"])
    shown = set(palette.visible_offences())
    assert shown == can_be("ema-2016", "chombo")
    assert shown == {
        "invalid_win_revealed",
        "wrong_win_word",
        "changed_call",
        "noten_riichi",
        "invalid_kan_after_riichi",
        "call_with_dead_hand",
        "tiles_exposed",
    }


@pytest.mark.parametrize(
    "ruleset", ["wrc-2015", "ema-2012", "ema-2016", "japanese-modern", "sg-league", "ema-2008-mt", "wrc-2025"]
)
def test_chombo_and_chonbo_find_every_possible_chombo_of_each_rule_set(referee, palette_of, ruleset):
    palette_of(ruleset)
    expected = can_be(ruleset, "chombo")
    assert expected, ruleset
    for word in ("chombo", "Chonbo", "CHOMBO"):
        assert expected <= set(search(referee, word)), word


@pytest.mark.parametrize(
    ("words", "found"),
    [
        ("false ron", "invalid_win_revealed"),
        ("false tsumo", "invalid_win_revealed"),
        ("faux ron", "invalid_win_revealed"),
        ("fausse annonce", "empty_win_call"),
        ("mahjong", "invalid_win_revealed"),
        ("noten riichi", "noten_riichi"),
        ("kuikae", "swap_calling"),
        ("telephone", "phone_or_device"),
        ("téléphone", "phone_or_device"),
        ("retard", "late_arrival"),
        ("late", "late_arrival"),
        ("remplaçant", "missed_hanchan"),
        ("main morte", "dead_hand"),
        ("avertissement", "warning"),
        ("pénalité", "point_penalty"),
        ("penalite", "point_penalty"),
        ("ANNONCE VIDE", "empty_win_call"),
    ],
)
def test_the_referees_words_in_english_and_french(referee, palette_of, words, found):
    palette_of("ema-2016")
    assert found in search(referee, words)


def test_word_prefixes_not_substrings(referee, palette_of):
    """A word of its own: "ron" never finds "wRONg" by its letters."""
    from refapp.ui.ruling.search import matches

    palette_of("ema-2016")
    assert not matches("ron", ["Wrong word for a win"])
    assert matches("ron", ["false ron"]) and matches("fals ro", ["false ron"])
    assert matches("reveler", ["Révéler des tuiles"]) and matches("RÉVÉLER", ["reveler des tuiles"])
    found = search(referee, "ron")
    assert "invalid_win_revealed" in found and "empty_win_call" in found


def test_a_citation_number_finds_the_offences_citing_it_in_this_rule_set(referee, palette_of):
    palette_of("ema-2016")
    offences = rules_of("ema-2016")["offences"]

    def cites(number: str) -> set[str]:
        import re

        out = set()
        for oid, off in offences.items():
            sections = re.findall(r"\d+(?:\.\d+)*", off.get("citation", ""))
            if any(s == number or s.startswith(number + ".") for s in sections):
                out.add(oid)
        return out

    for number in ("5.1", "§5.1", "5.1.2", "3.4.6", "5.5"):
        expected = cites(number.lstrip("§"))
        assert expected, number
        assert set(search(referee, number)) == expected, number
    assert "silent_call" in search(referee, "5.1") and "obstruction" not in search(referee, "5.1")


def test_no_match_says_so_and_suggests(referee, palette_of):
    palette = palette_of("ema-2016")
    assert search(referee, "xyzzy") == []
    assert palette.no_match.isVisible()
    assert palette.no_match.text() == (
        "No offence matches “xyzzy” — try a word of the rule book (chombo, dead hand, false ron, late) or a section "
        "number (5.1)."
    )
    assert search(referee, "") and not palette.no_match.isVisible()


def test_the_keywords_are_data_for_every_offence_in_both_languages():
    from refapp.domain.offences import OFFENCES
    from refapp.ui.ruling.search import load_keywords

    data = tomllib.loads((ROOT / "resources" / "offence_keywords.toml").read_text(encoding="utf-8"))
    assert set(data["offences"]) == set(OFFENCES)
    for oid, words in data["offences"].items():
        assert words.get("en") and words.get("fr"), oid
    keywords = load_keywords()
    assert "faux ron" in keywords.offences["invalid_win_revealed"]


def test_a_bad_keyword_file_is_refused_with_its_name(tmp_path):
    from refapp.ui.ruling.search import KeywordError, parse_keywords

    with pytest.raises(KeywordError, match=r"offence_keywords.toml: offences.no_such_offence: unknown offence"):
        parse_keywords('[offences.no_such_offence]\nen = ["x"]\nfr = ["y"]\n', "offence_keywords.toml")


def _rows(palette) -> dict[str, list[list[str]]]:
    """Each group's offences as laid out on screen: rows from the top, each row's offences from the left."""
    out: dict[str, list[list[str]]] = {}
    for group, header in palette.headers.items():
        if header.isHidden():
            continue
        shown = [
            (oid, b) for oid, b in palette.buttons.items() if not b.isHidden() and palette._boxes[group].indexOf(b) >= 0
        ]
        rows: dict[int, list[tuple[int, str]]] = {}
        for oid, b in shown:
            rows.setdefault(b.geometry().y(), []).append((b.geometry().x(), oid))
        out[group] = [[oid for _x, oid in sorted(row)] for _y, row in sorted(rows.items())]
    return out


@pytest.mark.parametrize("filter_", ["chombo button", "search"])
def test_a_filtered_palette_leaves_no_hole_in_its_grid(referee, palette_of, filter_):
    """Issue 29 problem 13: the Chonbo filter (or any search) hid the other offences where they stood, leaving empty
    cells between the ones shown. Each group shows its offences packed two to a row, in palette order, left column
    first, every row full but the last, the columns aligned, and the whole grid again once the filter is cleared."""
    palette = palette_of("ema-2016")
    referee.window.resize(1024, 768)
    full = _rows(palette)
    if filter_ == "chombo button":
        referee.tap(palette.quick["chombo"])
    else:
        palette.search.setText("wrong")
    for _ in range(3):
        QApplication.processEvents()
    shown = palette.visible_offences()
    assert 0 < len(shown) < sum(len(r) for rows in full.values() for r in rows), "a filter shows fewer"
    rows = _rows(palette)
    lefts = {palette.buttons[row[0]].geometry().x() for rs in rows.values() for row in rs}
    rights = {palette.buttons[row[1]].geometry().x() for rs in rows.values() for row in rs if len(row) == 2}
    assert len(lefts) == 1 and len(rights) <= 1, "two aligned columns"
    widths = {palette.buttons[oid].width() for oid in shown}
    assert max(widths) - min(widths) <= 4, f"every offence half the width, a lone one too: {sorted(widths)}"
    for group, group_rows in rows.items():
        assert all(len(r) == 2 for r in group_rows[:-1]) and len(group_rows[-1]) in (1, 2), (group, group_rows)
        members = [oid for row in group_rows for oid in row]
        assert members == [oid for oid in shown if oid in members], "in palette order"
        tops = [palette.buttons[r[0]].geometry().y() for r in group_rows]
        assert all(b - a < 2 * palette.buttons[r[0]].height() for a, b, r in zip(tops, tops[1:], group_rows)), (
            "no empty row between two rows"
        )
    palette.search.clear()
    for _ in range(3):
        QApplication.processEvents()
    assert _rows(palette) == full
