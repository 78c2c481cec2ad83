"""One catalogue of what refapp tells its user (refapp/domain/catalogue.py), checked from the source.

Both ways: every message id raised anywhere in refapp has its sentence in the catalogue, and every sentence is raised
somewhere; each raise site gives the id and the parameters its sentence names, and no English text of its own (the
text is the catalogue's). Every template is in the French translation file, translated, with the same placeholders.
Then what the command line prints: the catalogue's English sentence, its parameters put in."""

from __future__ import annotations

import ast
import re
import sqlite3
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest

from refapp.core.confirm import ConfirmFirst
from refapp.core.errors import NothingToUndo
from refapp.domain.catalogue import CATALOGUE, CONTEXT, english
from refapp.domain.events import LogError
from refapp.domain.messages import Message
from refapp.store.errors import TableChanged, refused
from refapp.store.refs import TableRef
from refapp.store.roster import RosterError, parse_roster

ROOT = Path(__file__).resolve().parents[1]
# how many positional arguments come before the English message of each raiser (a keyed raise gives none of them
# past that: its text is the catalogue's)
BEFORE_MESSAGE = {"LogError": 2, "StoreError": 0, "RosterError": 0, "ReportError": 1, "ClockError": 1, "Message": 0}
# parameters a raise may give beyond its sentence's: a refusal carried inside another, said in its own words
CARRIED = {"reason_key", "reason_params"}


@dataclass
class Use:
    key: str
    where: str
    params: set[str] | None  # None: not known from the source (a ``**`` spread)
    text_given: bool  # an English text given beside the id


def _name(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _params(call: ast.Call) -> set[str] | None:
    names: set[str] = set()
    for k in call.keywords:
        if k.arg is None:
            return None
        if k.arg == "params":
            if not isinstance(k.value, ast.Dict) or any(not isinstance(x, ast.Constant) for x in k.value.keys):
                return None
            names |= {str(x.value) for x in k.value.keys if isinstance(x, ast.Constant)}
        elif k.arg != "key":
            names.add(k.arg)
    return names


def _key(call: ast.Call) -> str | None:
    for k in call.keywords:
        if k.arg == "key" and isinstance(k.value, ast.Constant) and isinstance(k.value.value, str):
            return k.value.value
    return None


def _class_key(cls: ast.ClassDef) -> str | None:
    for node in cls.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "key" for t in node.targets):
            if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str) and node.value.value:
                return node.value.value
    return None


def uses() -> list[Use]:
    """Every message id refapp raises or says, with where, the parameters given and whether a text is given too."""
    found: list[Use] = []
    trees = {p: ast.parse(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "refapp").rglob("*.py"))}
    keyed_classes: dict[str, str] = {}  # an error class whose id is a class attribute (and no __init__ of its own)
    for path, tree in trees.items():
        where = str(path.relative_to(ROOT))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and (key := _class_key(node)):
                init = next((n for n in node.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"), None)
                if init is None:
                    keyed_classes[node.name] = key
                    continue
                for call in ast.walk(init):  # its parameters are what it passes to its parent's __init__
                    if isinstance(call, ast.Call) and _name(call) == "__init__" and _key(call) is None:
                        given = any(not isinstance(a, ast.Name) or a.id != "self" for a in call.args)
                        found.append(Use(key, f"{where}:{call.lineno}", _params(call), given))
            elif isinstance(node, ast.Call) and (key := _key(node)) is not None:
                name = _name(node)
                if name == "english":
                    continue
                before = BEFORE_MESSAGE.get(name, 0) + (name == "__init__" and _is_unbound(node))
                given = len(node.args) > before
                found.append(Use(key, f"{where}:{node.lineno}", _params(node), given))
            elif (
                isinstance(node, ast.Call)
                and _name(node) == "english"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                arg = node.args[1] if len(node.args) > 1 else None
                params = (
                    {str(k.value) for k in arg.keys if isinstance(k, ast.Constant)}
                    if isinstance(arg, ast.Dict)
                    else None
                )
                found.append(Use(str(node.args[0].value), f"{where}:{node.lineno}", params, False))
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node) in keyed_classes and _key(node) is None:
                found.append(
                    Use(
                        keyed_classes[_name(node)],
                        f"{path.relative_to(ROOT)}:{node.lineno}",
                        _params(node),
                        bool(node.args),
                    )
                )
    return found


def _is_unbound(call: ast.Call) -> bool:
    """``Parent.__init__(self, ...)`` (its first argument is ``self``), not ``super().__init__(...)``."""
    return isinstance(call.func, ast.Attribute) and not isinstance(call.func.value, ast.Call)


def test_every_id_raised_is_in_the_catalogue_and_every_id_there_is_raised():
    found = uses()
    assert len({u.key for u in found}) >= 80, "the scan finds the ids"
    assert {u.key: u.where for u in found if u.key not in CATALOGUE} == {}, "an id raised without its sentence"
    assert set(CATALOGUE) - {u.key for u in found} == set(), "a sentence no one raises"


def test_a_raise_gives_the_id_and_the_parameters_its_sentence_names_and_no_text_of_its_own():
    found = uses()
    assert [u.where for u in found if u.text_given] == []
    wrong = {
        u.where: (u.key, sorted(u.params), sorted(CATALOGUE[u.key][1]))
        for u in found
        if u.params is not None and u.key in CATALOGUE and u.params - CARRIED != set(CATALOGUE[u.key][1])
    }
    assert wrong == {}
    assert sum(u.params is not None for u in found) >= len(found) - 2, "the parameters of nearly every site are known"


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_each_placeholder_of_a_template_has_its_parameter(key):
    template, names = CATALOGUE[key]
    assert {int(n) for n in re.findall(r"%(\d)", template)} == set(range(1, len(names) + 1))
    assert len(set(names)) == len(names)


def test_every_template_is_translated_into_french_with_the_same_placeholders():
    root = ET.parse(ROOT / "translations" / "refapp_fr.ts").getroot()
    french: dict[str, ET.Element] = {}
    for context in root.iter("context"):
        if context.findtext("name") == CONTEXT:
            for message in context.iter("message"):
                french[message.findtext("source") or ""] = message.find("translation")  # type: ignore[assignment]
    for key, (template, _names) in CATALOGUE.items():
        assert template in french, key
        translation = french[template]
        assert translation.get("type") is None and translation.text, key  # finished
        assert sorted(re.findall(r"%\d", translation.text)) == sorted(re.findall(r"%\d", template)), key
        assert not re.search(r"[^\u00a0\u202f][:;?!](\s|$)", translation.text.replace("http:", "")), (key, "nbsp")


def test_the_command_line_prints_the_catalogue_sentence_with_its_parameters():
    riichi = LogError(3, "seat", key="riichi_twice", params={"player": "Bob"})
    assert str(riichi) == "event 3: seat: Bob has already declared riichi in this hand."
    assert riichi.message == english("riichi_twice", {"player": "Bob"}) and riichi.key == "riichi_twice"
    ruling = LogError(0, "offence", key="needs_hand_in_play", params={"hanchan": 2, "ruling": "dead_hand"})
    assert ruling.message == "Hanchan 2 is over: a ruling of Dead hand needs a hand in play."
    hand = LogError(4, "winners.0.liable", key="name_liable", params={"hand": "big_three_dragons"})
    assert str(hand) == "event 4: winners.0.liable: Name the seat liable for Big Three Dragons."
    changed = TableChanged(TableRef("t", "t7", 7, "Open"), "a", "b")
    assert str(changed).startswith("The ruling was NOT saved: table 7 changed since it was shown")
    assert (changed.key, changed.params) == ("table_changed", {"table": 7})
    assert str(NothingToUndo()) == "Nothing to undo."
    assert str(ConfirmFirst("Ann")) == (
        "Nothing was recorded: the last hand result waits for a confirmation by Ann (or a referee)."
    )
    notice = Message(key="seating_too_few", count=3, more=1)
    assert notice == "3 player(s): a table needs four players (add 1 substitute(s))" and notice.params["more"] == 1
    with pytest.raises(RosterError) as err:
        parse_roster("nom_complet;club\nAnn;Paris\n", "roster.csv")
    assert str(err.value) == "roster.csv: line 1: no 'name' column in the header (nom_complet, club)"
    assert LogError(1, "points", "must be a multiple of 100").message == "must be a multiple of 100"  # no id: as given


def test_a_database_refusal_is_said_once_for_the_command_line_and_the_screen():
    full = sqlite3.OperationalError("database or disk is full")
    assert str(refused(full)) == "The ruling was NOT saved: the disk is full. Free some space and confirm again."
    other = refused(sqlite3.OperationalError("constraint failed"))
    assert (other.key, str(other)) == (
        "not_saved",
        "The ruling was NOT saved: the database refused it (constraint failed).",
    )


def test_an_id_not_in_the_catalogue_is_refused_where_it_is_raised():
    with pytest.raises(KeyError):
        LogError(1, "seat", key="no_such_message")
