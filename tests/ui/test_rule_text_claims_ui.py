"""What the referee reads of the cells that said more than their rule book (issue 29, problem 14): the ruling, its
explanation, the source badge of a reading, and every number of the preview and the board after it.

EMA 2012 §5.3 says of a riichi on an open hand only that it "results in a dead hand": the returned bet is a reading,
badged. The SG league's rating points are only for "Did whatever that made the game impossible to continue"; its
dead hand for a dead-wall tile only for "the 1st replacement tile"; other exposed tiles are a reading.
"""

from __future__ import annotations

from .conftest import preview_table

READING = "⚠ Not stated in the rule book: a reading, check the printed rule book"


def minus(text: str) -> str:
    return text.replace("\u2212", "-")


def lines_of(label) -> list[str]:
    return [ln.removeprefix("• ") for ln in label.text().splitlines() if ln]


def test_ema2012_riichi_on_an_open_hand_returns_the_bet_as_a_reading(referee):
    """EMA 2012, 0 each (no starting points), East 1, Ann deals. Cyd declares riichi (−1,000, 1 stick) on an open
    hand. Preview: a dead hand, the riichi void and its bet back to Cyd (−1,000 → 0), 1 stick → 0; §5.3 cited; the
    badge says the bet is a reading. After Confirm: 0 each, 0 sticks, Cyd not in riichi, her hand dead."""
    w = referee.window
    referee.setup_table("ema-2012")
    referee.riichi(2)
    assert referee.centre() == ("East 1", "0 counters", "1 riichi stick")
    referee.ruling(2, "riichi_open_hand")
    pp = w.ruling.preview_panel
    assert pp.ruling.text().splitlines() == [
        "Dead hand",
        "Attempting riichi on an open hand: dead hand. The riichi is void and the bet goes back, as for a riichi "
        "not said or not rotated.",
    ]
    assert pp.citation.text() == "EMA 2012 §5.3"
    assert pp.badge.isVisible() and pp.badge.text() == READING
    assert pp.note.isVisible() and "a reading" in pp.note.text() and "says only" in pp.note.text()
    assert [[minus(c) for c in row] for row in preview_table(pp)[1:]] == [
        ["Ann", "0", "0", "0"],
        ["Bob", "0", "0", "0"],
        ["Cyd", "-1,000", "+1,000", "0"],
        ["Dan", "0", "0", "0"],
    ]
    assert "Riichi sticks on the table: 1 → 0" in lines_of(pp.facts)
    referee.tap(pp.confirm_button)
    assert [minus(s) for s in referee.scores()] == ["0", "0", "0", "0"]
    assert referee.centre() == ("East 1", "0 counters", "0 riichi sticks")
    assert not w.board.seats[2].in_riichi()


def test_sg_tiles_knocked_from_the_wall_are_a_reading_and_the_first_replacement_tile_a_dead_hand(referee):
    """SG league, 25,000 each. Bob knocks over two wall tiles: not penalized, as a reading (badged), nothing said of
    them staying exposed. Then he knocks over and reveals the first replacement tile of the dead wall: a dead hand,
    cited, no badge; 25,000 each all along."""
    w = referee.window
    referee.setup_table("sg-league")
    referee.ruling(1, "tiles_exposed", {"source": "wall", "count": 2})
    pp = w.ruling.preview_panel
    assert pp.ruling.text().splitlines() == [
        "Not penalized",
        "Not in the source: not penalized, and the tiles go back where they came from.",
    ]
    assert pp.badge.text() == READING
    assert "stay exposed" not in pp.ruling.text()
    referee.tap(pp.confirm_button)
    referee.ruling(1, "tiles_exposed", {"source": "dead_wall", "count": 1, "first_replacement_tile": True})
    assert pp.ruling.text().splitlines() == [
        "Dead hand",
        "Knocked and revealed the first replacement tile of the dead wall.",
    ]
    assert pp.citation.text().startswith("SG club league Dead Hand: knocked and revealed the 1st replacement tile")
    assert pp.badge.isHidden()
    referee.tap(pp.confirm_button)
    assert referee.scores() == ["25,000"] * 4
    assert w.board.seats[1].badges.text() == "DEAD HAND"


def test_sg_obstruction_offers_rating_points_only_when_the_game_cannot_continue(referee):
    """SG league: obstruction asks whether the game can no longer continue. No: the referee chooses a warning or a
    disqualification (no rating penalty offered). Yes: 20 rating points off Dan, the table untouched."""
    w = referee.window
    referee.setup_table("sg-league")
    referee.tap(w.board.seats[3])
    referee.tap(w.ruling.palette_page.buttons["obstruction"])
    q = w.ruling.questions
    decision = q.widgets["decision"]
    assert sorted(decision.buttons) == ["disqualification", "warning"]
    assert [b.text() for b in decision.buttons.values()] == ["Warning", "Disqualification"]
    referee.answer(q.widgets["cannot_continue"], True)
    assert q.rows["decision"].isHidden()
    referee.tap(q.next_button)
    pp = w.ruling.preview_panel
    assert pp.ruling.text().splitlines()[0] == "Rating penalty"
    assert "Dan loses 20 rating points (offline)." in lines_of(pp.lines)
    assert pp.citation.text() == "SG club league Did whatever that made the game impossible to continue"
    referee.tap(pp.confirm_button)
    assert referee.scores() == ["25,000"] * 4
