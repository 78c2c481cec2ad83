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
