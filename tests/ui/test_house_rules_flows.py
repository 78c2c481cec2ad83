"""Japanese-style house rules on the screens: the Nagashi mangan entry of Hand result (at an exhaustive draw, under a
rule set that pays it) and the board in an extra round, tapped through as a referee would. Every expected number is
worked out by hand in the test's docstring (docs/rulings.md, "Japanese-style house rules").

The club files sit in the data folder's ``rulesets`` folder before the app starts: the example file of the docs
(docs/online-ranked.toml: 25,000 each, nagashi mangan) and an East-only club with extra rounds.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from refapp.app import install_translators

from .conftest import preview_table
from .layout import SIZE_IDS, SIZES, layout_problems

ROOT = Path(__file__).resolve().parents[2]
EAST_ONLY = """extends = "japanese-modern"
id = "club-east"
name = "Club East"
version = "1"

[game]
rounds = 1
extra_rounds = { target = 30000, winds = 1, sudden_death = true }
"""


@pytest.fixture
def club_files(tmp_path) -> Path:
    """Written before the app is built (this fixture comes first in the tests' arguments)."""
    folder = tmp_path / "data" / "rulesets"
    folder.mkdir(parents=True)
    (folder / "online-ranked.toml").write_text((ROOT / "docs" / "online-ranked.toml").read_text(encoding="utf-8"))
    (folder / "club-east.toml").write_text(EAST_ONLY, encoding="utf-8")
    long_name = EAST_ONLY.replace('id = "club-east"', 'id = "club-long"')  # the table line on two lines
    long_name = long_name.replace(
        'name = "Club East"', 'name = "Club East, a long name: our online ranked rules (2026)"'
    )
    (folder / "club-long.toml").write_text(long_name, encoding="utf-8")
    no_repeat = 'extends = "japanese-modern"\nid = "club-none"\nname = "Club None"\nversion = "1"\n'
    (folder / "club-none.toml").write_text(no_repeat + '[game]\ndealer_repeat = "none"\n', encoding="utf-8")
    return folder


def minus(text: str) -> str:
    return text.replace("\u2212", "-")


def lines_of(label) -> list[str]:
    return [ln.removeprefix("• ") for ln in label.text().splitlines() if ln]


def test_nagashi_mangan_at_an_exhaustive_draw(club_files, referee):
    """Online ranked rules, East 1, 25,000 each, Ann deals. Cyd declares riichi (24,000, one stick). Exhaustive draw:
    Cyd tenpai, Bob made nagashi mangan. Bob is paid as a mangan tsumo by a non-dealer: 4,000 from Ann (the dealer),
    2,000 from Cyd, 2,000 from Dan = 8,000; no noten payments (Cyd gets nothing), no counter money, the stick stays.
    After: Ann 21,000, Bob 33,000, Cyd 22,000, Dan 23,000; a counter; Ann is noten: Bob deals East 2."""
    w = referee.window
    referee.setup_table("online-ranked")
    referee.riichi(2)
    entry = referee.open_hand_result()
    assert not entry.nagashi_grid.isVisible(), "offered at an exhaustive draw only"
    referee.tap(entry.kind.buttons["draw"])
    assert entry.nagashi_label.isVisible()
    assert entry.nagashi_label.text() == "Nagashi mangan (paid as a mangan tsumo, instead of the noten payments)"
    assert [t.text() for t in entry.nagashi_toggles] == ["Ann", "Bob", "Cyd", "Dan"]
    referee.tap(entry.seat_toggles[2])
    referee.tap(entry.nagashi_toggles[1])
    referee.preview_hand()
    pp = w.hand.preview_panel
    assert pp.echo.text().splitlines() == [
        "Exhaustive draw: tenpai Cyd; noten Ann, Bob, Dan.",
        "Nagashi mangan: Bob, paid as a mangan tsumo: 4,000 from Ann (dealer) + 2,000 from Cyd + 2,000 from Dan = "
        "8,000.",
        "No noten payments and no counter money; the riichi sticks stay on the table.",
    ]
    assert [[minus(c) for c in row] for row in preview_table(pp)] == [
        ["Player", "Now", "Change", "After"],
        ["Ann", "25,000", "-4,000", "21,000"],
        ["Bob", "25,000", "+8,000", "33,000"],
        ["Cyd", "24,000", "-2,000", "22,000"],
        ["Dan", "25,000", "-2,000", "23,000"],
    ]
    assert lines_of(pp.facts) == [
        "Riichi sticks on the table: 1 → 1",
        "Counters: 0 → 1",
        "Dealer: Ann → Bob",
        "Next: East 2",
    ]
    referee.confirm_hand()
    assert w.pages.currentWidget() is w.board
    assert referee.scores() == ["21,000", "33,000", "22,000", "23,000"]
    assert referee.centre() == ("East 2", "1 counter", "1 riichi stick")
    assert referee.dealer() == "Bob"
    stored = referee.controller.session.store.table_events(referee.controller.table.table_id)
    assert {k: stored[-1][k] for k in ("type", "kind", "tenpai", "nagashi")} == {
        "type": "draw",
        "kind": "exhaustive",
        "tenpai": [2],
        "nagashi": [1],
    }


def test_no_nagashi_mangan_where_the_rule_set_does_not_pay_it(club_files, referee):
    referee.setup_table("ema-2016")
    entry = referee.open_hand_result()
    referee.tap(entry.kind.buttons["draw"])
    assert not entry.nagashi_grid.isVisible() and not entry.nagashi_label.isVisible()
    referee.tap(entry.seat_toggles[1])
    referee.preview_hand()
    referee.confirm_hand()
    stored = referee.controller.session.store.table_events(referee.controller.table.table_id)
    assert "nagashi" not in stored[-1]  # the entries of other rule sets are written as before


def draw_all_noten(referee) -> None:
    entry = referee.open_hand_result()
    referee.tap(entry.kind.buttons["draw"])
    referee.preview_hand()


def test_the_board_in_an_extra_round_and_the_end_on_sudden_death(club_files, referee, qtbot):
    """An East-only club, extra rounds to 30,000 with sudden death, 25,000 each. East 1 to East 4 end in draws with
    nobody tenpai: nothing paid, a counter each. After East 4 nobody has 30,000: the board shows South 1 with
    "Extra round · target 30,000" under it, 4 counters. South 1: Bob tsumo mangan, 4,000 from Ann (dealer), 2,000 from
    Cyd and Dan, and 4 counters × 100 from each: Bob 25,000 + 8,000 + 1,200 = 34,200, Ann 20,600, Cyd and Dan 22,600.
    Bob has 30,000 or more: the hanchan ends. Results: Bob (34,200 − 30,000) + 10,000 + 20,000 (oka) = 34,200; Cyd and
    Dan tie for second and third at 22,600: −7,400 + 0 = −7,400; Ann −9,400 − 10,000 = −19,400."""
    w = referee.window
    referee.setup_table("club-east")
    extra = w.board.centre.extra
    assert not extra.isVisible()
    for _ in range(3):
        draw_all_noten(referee)
        referee.confirm_hand()
    assert referee.centre() == ("East 4", "3 counters", "0 riichi sticks")
    assert not extra.isVisible()
    draw_all_noten(referee)
    assert lines_of(w.hand.preview_panel.lines) == [
        "Nobody has reached 30,000: the game goes on into South, an extra round."
    ]
    assert lines_of(w.hand.preview_panel.facts)[-1] == "Next: South 1 — extra round"
    referee.confirm_hand()
    assert referee.centre() == ("South 1", "4 counters", "0 riichi sticks")
    assert extra.isVisible() and extra.text() == "Extra round · target\u00a030,000"
    assert referee.dealer() == "Ann"
    # the standings say it too
    referee.tap(w.nav["results"])
    assert w.results.subtitle.text() == (
        "Table 1 · hanchan 1 · Club East — South 1 — extra round, target 30,000 · counters: 4 · riichi sticks: 0"
    )
    # in French, on the board
    install_translators(QApplication.instance(), "fr")
    try:
        referee.tap(w.nav["board"])
        assert extra.text().replace("\u202f", " ").replace("\u00a0", " ") == "Tour supplémentaire · objectif 30 000"
        assert w.board.centre.round.text() == "Sud 1"
    finally:
        install_translators(QApplication.instance(), "en")
    entry = referee.open_hand_result()
    referee.tap(entry.kind.buttons["tsumo"])
    referee.tap(entry.seat_toggles[1])
    ed = entry.editors[1]
    referee.tap(ed.mode.buttons["limit"])
    referee.tap(ed.limit.buttons["mangan"])
    referee.preview_hand()
    assert "Bob has reached 30,000: the game ends." in lines_of(w.hand.preview_panel.lines)
    referee.confirm_hand()
    assert referee.scores() == ["20,600", "34,200", "22,600", "22,600"]
    assert w.board.centre.round.text() == "Hanchan 1 over"
    assert not extra.isVisible()
    referee.tap(w.nav["results"])
    assert w.results.subtitle.text() == (
        "Table 1 · hanchan 1 · Club East — over: the target was reached in an extra round"
    )
    rows = w.results.table_texts()
    finals = {row[1]: minus(row[rows[0].index("Final")]) for row in rows[1:]}
    assert finals == {"Bob": "+34,200", "Cyd": "-7,400", "Dan": "-7,400", "Ann": "-19,400"}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_board_in_an_extra_round_fits_every_size(club_files, referee, size, lang):
    """Nothing cut or scrolling sideways on the board in an extra round (its line under the round, a riichi stick,
    4 counters and a long rule-set name in the centre), at the four sizes in both languages."""
    w = referee.window
    referee.setup_table("club-long", players=("Anne-Sophie Vandenberghe", "Bob", "Cyd", "Dan"))
    c = referee.controller
    for _ in range(4):  # East 1 to 4, nobody tenpai: South 1, an extra round
        assert c.commit(c.new_event("draw", tenpai=[])) is not None, c.last_error
    c.commit(c.new_event("riichi", seat=2))
    try:
        install_translators(QApplication.instance(), lang)
        w.resize(*size)
        QApplication.processEvents()
        assert w.size().toTuple() == size
        assert w.board.centre.extra.isVisible()
        assert layout_problems(w) == []
        assert w.board.centre.round.geometry().bottom() < w.board.centre.extra.geometry().top()
    finally:
        install_translators(QApplication.instance(), "en")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_nagashi_entry_and_its_preview_fit_every_size(club_files, referee, size, lang):
    """Nothing cut or scrolling sideways on the Hand result form with the Nagashi mangan choices (two of them and a
    tenpai player ticked) and on its preview, at the four sizes in both languages."""
    w = referee.window
    referee.setup_table("online-ranked", players=("Anne-Sophie Vandenberghe", "Bob", "Cyd", "Dan"))
    referee.riichi(2)
    try:
        install_translators(QApplication.instance(), lang)
        w.resize(*size)
        QApplication.processEvents()
        entry = referee.open_hand_result()
        referee.tap(entry.kind.buttons["draw"])
        referee.tap(entry.seat_toggles[2])
        referee.tap(entry.nagashi_toggles[0])
        referee.tap(entry.nagashi_toggles[1])
        assert layout_problems(w) == []
        referee.preview_hand()
        assert len(w.hand.preview_panel.echo.text().splitlines()) == 4  # the draw, two nagashi, what is not paid
        assert layout_problems(w) == []
    finally:
        install_translators(QApplication.instance(), "en")


def test_without_dealer_repeats_the_preview_says_the_deal_passes(club_files, referee):
    """No dealer repeats, 25,000 each. Ann (the dealer) alone tenpai: 1,000 from each (Ann 28,000, the others
    24,000); the deal passes to Bob all the same, with a counter."""
    w = referee.window
    referee.setup_table("club-none")
    entry = referee.open_hand_result()
    referee.tap(entry.kind.buttons["draw"])
    assert not entry.nagashi_grid.isVisible()
    referee.tap(entry.seat_toggles[0])
    referee.preview_hand()
    pp = w.hand.preview_panel
    assert lines_of(pp.lines) == ["Ann is the dealer but does not keep the deal under this rule set."]
    assert lines_of(pp.facts)[1:] == ["Counters: 0 → 1", "Dealer: Ann → Bob", "Next: East 2"]
    referee.confirm_hand()
    assert referee.scores() == ["28,000", "24,000", "24,000", "24,000"]
    assert referee.centre() == ("East 2", "1 counter", "0 riichi sticks")
    assert referee.dealer() == "Bob"


@pytest.mark.parametrize(
    ("key", "kw", "text"),
    [
        ("target_reached", {"seats": [1], "target": 30000}, "Bob has reached 30,000: the game ends."),
        ("target_reached", {"seats": [1, 3], "target": 30000}, "Bob, Dan have reached 30,000: the game ends."),
        ("extra_rounds_over", {"target": 30000}, "The extra rounds are over and nobody reached 30,000: the game ends."),
        (
            "extra_round",
            {"wind": 2, "target": 30000},
            "Nobody has reached 30,000: the game goes on into West, an extra round.",
        ),
    ],
)
def test_the_ends_of_extra_rounds_in_words(qapp, key, kw, text):
    from refapp.ui.common.texts import line_text

    assert line_text(key, kw, lambda s: ["Ann", "Bob", "Cyd", "Dan"][s]) == text
