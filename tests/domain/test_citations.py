"""Citations point at paragraphs that say what is ruled (issue 13 item 12); what no paragraph says carries no
citation and a source status instead."""

from __future__ import annotations

from refapp.domain.rulings import decide
from tests.logs import fold, rulesets, start


def rs(rid: str):
    return rulesets()[rid]


def test_wrc2015_cites_only_chapter_7_paragraphs_that_say_it():
    """WRC 2015 §7.2 "Wrong word" lists the valid terms ("Using alternative terms is not penalized, as long as the
    player makes clear what he is intending to do"): it says nothing of silent calls, and chapter 7 has no call
    priority. Parameters from other chapters (head bump, kan after riichi, liability) carry a not-verified note."""
    wrc = rs("wrc-2015")
    for oid in ("silent_call", "chi_overridden_by_pon"):
        assert wrc.offences[oid].citation == "", oid
    assert wrc.offences["chi_overridden_by_pon"].status == "unverified"
    assert "does not cover silent calls" in wrc.offences["silent_call"].note
    for key in ("scoring.multiple_ron", "scoring.kan_after_riichi", "scoring.pao"):
        assert wrc.status_for(key) == "unverified" and "secondary source" in wrc.note_for(key), key


def test_wrc2015_changed_call_takes_back_the_pung_melded_after_a_ron_call():
    """WRC 2015 §7.2 Changing a call: "Saying "ron", taking time, then saying "pon" will be considered as changing a
    call: the player must do the ron, or be penalized for "empty call". If he melds the pung, he will have to take it
    back." The take-back belongs to the ron-then-pon case, not to a changed chii or pon."""
    wrc = rs("wrc-2015")
    st = fold([start("wrc-2015")])
    ron_then_pon = decide(wrc, st, 1, "changed_call", {"first_call_win": True})
    assert (
        ron_then_pon.kind == "dead_hand" and "A pung melded after the ron call is taken back." in ron_then_pon.explain
    )
    other = decide(wrc, st, 1, "changed_call", {})
    assert other.kind == "not_penalized" and "taken back" not in other.explain


def test_ema2012_cites_nothing_outside_the_sections_read():
    """EMA 2012's §3.3 (calls) and §3.4.2 (the exhaustive draw) are not among the sections read (§3.4.6-3.4.8 and
    §5): swap-calling, call priority and false tenpai cite nothing and say where their reading comes from."""
    ema = rs("ema-2012")
    for oid in ("swap_calling", "chi_overridden_by_pon", "false_tenpai_declaration"):
        assert ema.offences[oid].citation == "", oid
        assert ema.offences[oid].status == "unverified", oid
        assert ema.offences[oid].note, oid


def test_ema2016_cites_the_2016_layout_of_chapter_5():
    """EMA 2016's chapter 5: 5.6 Telephones, 5.7 Being late, 5.8 Substitute players."""
    ema = rs("ema-2016")
    assert ema.offences["phone_or_device"].citation == "§5.6"
    assert ema.offences["late_arrival"].citation == "§5.7"
    assert ema.offences["missed_hanchan"].citation == "§5.8"
    assert ema.offences["disqualification"].citation == "§5.5, §5.8"
    assert all(ema.offences[o].status == "unverified" for o in ("phone_or_device", "late_arrival", "missed_hanchan"))


def test_mahjongtime_cites_only_its_own_sections():
    """The MahjongTime text read is §3.4.6-3.7: "ron or mahjong" (§3.3.11-12) and swap-calling are not in it, and
    its riichi rules say nothing of an empty riichi declaration."""
    mt = rs("ema-2008-mt")
    for oid in ("wrong_win_word", "swap_calling", "empty_riichi"):
        assert mt.offences[oid].citation == "", oid
    assert mt.offences["wrong_win_word"].status == "unverified"
    assert "wall" not in mt.offences["empty_riichi"].note  # no longer describes the four-tiles-left rule


def test_an_empty_riichi_cites_nothing_under_ema_2012_and_2016():
    """EMA 2012 §5.3 (riichi) covers the bet, the word and the rotated discard and a riichi on an open hand; it says
    nothing of an empty riichi declaration ("Not named in the rules"): the entry is a reading, with its note and
    status, and no citation. EMA 2016's §5.3 was not seen: the same."""
    assert rs("ema-2012").offences["empty_riichi"].citation == ""
    assert rs("ema-2012").offences["empty_riichi"].status == "inferred"
    assert "read by analogy" in rs("ema-2012").offences["empty_riichi"].note
    assert rs("ema-2016").offences["empty_riichi"].citation == ""
    assert rs("ema-2016").offences["empty_riichi"].status == "unverified"
    assert rs("ema-2016").offences["empty_riichi"].note


def test_a_reading_cites_only_a_paragraph_that_states_the_ruling_applied():
    """Every `inferred` offence entry of the eight rule sets that cites a paragraph is one whose ruling that paragraph
    states (checked one by one against the rule books): an offence ruled as obstruction cites the obstruction
    paragraph, a warning cites where the rule book speaks of warnings, an invalid win not revealed cites the
    paragraph that makes an invalid win declaration a chombo. Any new one must be added here after the same check."""
    checked = {
        ("ema-2008-mt", "empty_win_call"): "§3.4.6",  # "invalidly declaring a win" is a chombo
        ("ema-2012", "game_disruption"): "§5.5",  # ruled as obstruction
        ("ema-2012", "warning"): "§5.4",  # "the opponents should give the offending player a clear warning"
        ("ema-2016", "swap_calling"): "§3.3.2",  # swap-calling forbidden from 2016; the sanction is the reading
        ("ema-2016", "game_disruption"): "§5.5",  # ruled as obstruction
        ("japanese-modern", "empty_win_call"): "Chombo: invalid declaration of a win",
        ("wrc-2015", "game_disruption"): "§7.2 Obstruction",
        ("wrc-2015", "warning"): "§7.1 Not penalized",  # "For trivial offences"
        ("wrc-2025", "game_disruption"): "§12.3 (disqualification)",  # "repeated or serious obstruction"
        ("wrc-2025", "empty_win_call"): "§12.3 (chonbo)",  # "empty win declaration"
    }
    found = {
        (rid, oid): off.citation
        for rid, r in rulesets().items()
        for oid, off in r.offences.items()
        if off.status == "inferred" and off.citation
    }
    assert found == checked


def test_wrc2025_an_empty_win_call_not_shown_is_a_reading():
    """WRC 2025 §12.3 lists among the chonbo offences an "empty win declaration", and says no more: "whether shown or
    not" is the wording of the WRC 2022 summary. A win called with the hand not shown is still ruled a chonbo, as a
    reading (status inferred), and the note says the summary does not say it."""
    off = rs("wrc-2025").offences["empty_win_call"]
    assert off.status == "inferred" and off.citation == "§12.3 (chonbo)"
    assert "does not say whether the hand was shown" in off.note and "read as" in off.note
    assert [r.ruling for r in off.rules] == ["chombo"]
    assert rs("wrc-2025").offences["invalid_win_revealed"].status == "paraphrase"
