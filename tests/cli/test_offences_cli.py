"""The offence catalogue of every rule set: each entry carries its source status as a field of its own, and no text
a referee sees carries an internal marker or the name of an internal document (issue 13 item 14)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from refapp.cli import main
from refapp.domain.offences import OFFENCES, STATUSES

ROOT = Path(__file__).resolve().parents[2]
# (document names from outside the repository: tests/test_contracts.py looks for them everywhere)
MARKERS = re.compile(r"\[(unverified|not retrieved|inferred)\]")
ALL = ["ema-2008-mt", "ema-2012", "ema-2016", "ema-2025", "japanese-modern", "sg-league", "wrc-2015", "wrc-2025"]


def test_no_internal_markers_in_resources_code_or_translations():
    """`grep -rlE '\\[(unverified|not retrieved|inferred)\\]' resources refapp translations` finds nothing."""
    found = []
    for folder in ("resources", "refapp", "translations"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix not in (".png", ".ico", ".qm", ".pyc"):
                if MARKERS.search(path.read_text(encoding="utf-8", errors="replace")):
                    found.append(str(path.relative_to(ROOT)))
    assert found == []


def _texts(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in _texts(v)]
    return []


@pytest.mark.parametrize("ruleset", ALL)
def test_offences_json_has_a_status_field_and_no_marker(ruleset, capsys):
    assert main(["offences", ruleset, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [o["id"] for o in data["offences"]] == list(OFFENCES)
    for o in data["offences"]:
        assert o["status"] in STATUSES
        for text in _texts({k: v for k, v in o.items() if k != "status"}):
            assert not MARKERS.search(text), (o["id"], text)
            assert not re.search(r"\bD\d{1,2}\b", text), (o["id"], text)  # the analysis' decision numbers


def test_offences_text_marks_unverified_entries(capsys):
    assert main(["offences", "ema-2016"]) == 0
    text = capsys.readouterr().out
    assert "  riichi_bet_missing: Riichi bet not placed  [§5.3]  [source not verified]\n" in text
    assert "      note: The 2016 text was not seen: the 2012 ruling is used.\n" in text
    assert main(["offences", "wrc-2025"]) == 0
    assert "  wrong_tile_count: Wrong tile count  [§12.3 (chonbo)]  [from a summary of the rule book]\n" in (
        capsys.readouterr().out
    )


def _rule_lines(text: str) -> list[str]:
    """The lines of `refapp offences` that state a ruling (indented, not a note)."""
    return [line.strip() for line in text.splitlines() if line.startswith("      ") and "note" not in line[:12]]


def test_wrc_amounts_are_listed_in_points_and_the_ruling_spelt_chonbo(capsys):
    """WRC 2015 §7.1: "(1 overall score point is equivalent to 1,000 points at the table.)"; §7.2 Calling with a
    dead hand: "If the hand was formally declared to be dead: 20 points penalty, the game continues." WRC 2025 §12.3:
    calling with a dead hand knowingly, 30 points (call voided); lateness 1 point per minute. The rule sets store the
    amounts in table points (20,000, 30,000, 1,000) and spell the ruling "chonbo": the listing says 20 points, 30
    points, 1 point per minute and chonbo, never "chombo"."""
    assert main(["offences", "wrc-2015"]) == 0
    text = capsys.readouterr().out
    assert "      if dead_hand=True: point penalty (20 points, overall score, call void)\n" in text
    assert "      point penalty (1 point per minute, overall score)\n" in text
    assert (
        "  invalid_win_revealed: Invalid win, hand revealed  [§7.2 Empty call (win, hand shown)]\n      chonbo\n"
        in text
    )
    assert "20,000" not in text and "1,000" not in text
    assert [line for line in _rule_lines(text) if "chombo" in line] == []
    assert main(["offences", "wrc-2025"]) == 0
    text = capsys.readouterr().out
    assert "      if knowingly=True: point penalty (30 points, overall score, call void)\n" in text
    assert "      if serious=True: point penalty (5 points, overall score)\n" in text
    assert "30,000" not in text and "5,000" not in text
    assert [line for line in _rule_lines(text) if "chombo" in line] == []
    # EMA 2012 keeps table points and its own spelling: "1000 points per minute" (§5.6), "8000 or 12,000 points
    # (chombo level), or in serious or repeated cases ... between 12,000 and 48,000" (§5.5)
    assert main(["offences", "ema-2012"]) == 0
    text = capsys.readouterr().out
    assert "      point penalty (1,000 per minute, table score)\n" in text
    assert "      referee's choice: point penalty / disqualification (8,000 or 12,000)\n" in text
    assert "      if serious=True: referee's choice: point penalty / disqualification (12,000 to 48,000)\n" in text
    assert "  invalid_win_revealed: Invalid win, hand revealed  [§3.4.6]\n      chombo\n" in text


def test_offences_json_gives_the_referees_words_and_the_raw_amount_apart(capsys):
    """`refapp offences wrc-2015 --json`: each rule keeps its data (the amount in table points, 20,000) and says it as
    a referee reads it ("text": 20 points, chonbo); the rule set's unit and spelling are given too."""
    assert main(["offences", "wrc-2015", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["chombo_word"], data["overall_unit"]) == ("chonbo", 1000)
    by_id = {o["id"]: o for o in data["offences"]}
    rule = by_id["call_with_dead_hand"]["rules"][0]
    assert (rule["amount"], rule["text"]) == (
        20000,
        "if dead_hand=True: point penalty (20 points, overall score, call void)",
    )
    assert by_id["invalid_win_revealed"]["rules"] == [{"ruling": "chombo", "text": "chonbo"}]
    texts = [r["text"] for o in data["offences"] for r in o["rules"]]
    assert [t for t in texts if "chombo" in t or "20,000" in t or "30,000" in t] == []
    assert main(["offences", "wrc-2025", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    rule = next(o for o in data["offences"] if o["id"] == "call_with_dead_hand")["rules"][1]
    assert (rule["amount"], rule["text"]) == (
        30000,
        "if knowingly=True: point penalty (30 points, overall score, call void)",
    )
