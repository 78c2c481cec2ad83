"""Finding an offence in the referee's words: titles, synonyms and rule-book terms in every language of
``resources/offence_keywords.toml`` (an entry's words per language code: ``en``, ``fr``...), the citation numbers
of the current rule set, and the words of every ruling the current rule set can give an offence ("chombo" finds
every offence that can be a chombo).

Matching ignores case and accents and compares word beginnings: every word typed must begin a word of the offence's
texts ("fals ro" finds "false ron"; "ron" never finds "wrong"). A typed number ("5.1", "§3.4.6") finds the offences
whose citation holds that section or one below it (5.1 finds 5.1 and 5.1.2, not 5.12). No Qt here: the palette
passes the titles in the screen's language.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from ...domain.messages import LANGUAGE_CODE
from ...domain.offences import OFFENCES, RULING_KINDS
from ...domain.rules import RuleSet

FILE = "offence_keywords.toml"
_SECTION = re.compile(r"\d+(?:\.\d+)*")
_TOKEN = re.compile(r"§?\d+(?:\.\d+)*|[^\W_]+")


class KeywordError(ValueError):
    """The keyword file is not as described at its top (names the file and the entry)."""


@dataclass(frozen=True)
class Keywords:
    offences: dict[str, tuple[str, ...]]  # offence id -> every term, in every language of the file
    rulings: dict[str, tuple[str, ...]]  # ruling kind -> every term


def fold(text: str) -> str:
    """Lower case without accents: "Révéler" → "reveler"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def tokens(text: str) -> list[str]:
    """The words and section numbers of a text, folded ("§5.1.2" stays one token: "5.1.2")."""
    return [t.lstrip("§") for t in _TOKEN.findall(fold(text))]


def _is_number(token: str) -> bool:
    return bool(token) and token[0].isdigit()


def words_of(texts: Iterable[str]) -> list[str]:
    """The distinct words of ``texts``, folded (numbers left out: they are matched against sections)."""
    return sorted({t for text in texts for t in tokens(text) if not _is_number(t)})


def _matches(wanted: list[str], words: list[str], sections: Iterable[str]) -> bool:
    for token in wanted:
        if _is_number(token):
            if not any(s == token or s.startswith(token + ".") for s in sections):
                return False
        elif not any(w.startswith(token) for w in words):
            return False
    return True


def matches(query: str, texts: Iterable[str], sections: Iterable[str] = ()) -> bool:
    """True when every word of ``query`` begins a word of ``texts`` and every number of it is one of ``sections``
    or a section below one ("5.1" for "5.1.2")."""
    return _matches(tokens(query), words_of(texts), list(sections))


def parse_keywords(text: str, name: str = FILE) -> Keywords:
    """Read and check the keyword file: every offence and ruling named exists, every entry has English terms and any
    other language's (keyed by its code, as the translation files name it) as lists of texts."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise KeywordError(f"{name}: not a TOML file ({exc})") from None
    unknown = set(data) - {"offences", "rulings"}
    if unknown:
        raise KeywordError(f"{name}: {sorted(unknown)[0]}: unknown table (expected offences, rulings)")
    out: dict[str, dict[str, tuple[str, ...]]] = {"offences": {}, "rulings": {}}
    known = {"offences": set(OFFENCES), "rulings": set(RULING_KINDS)}
    for table in ("offences", "rulings"):
        entries = data.get(table, {})
        if not isinstance(entries, dict):
            raise KeywordError(f"{name}: {table}: expected a table of entries")
        for key, entry in entries.items():
            where = f"{name}: {table}.{key}"
            if key not in known[table]:
                raise KeywordError(f"{where}: unknown {'offence' if table == 'offences' else 'ruling'}")
            if not isinstance(entry, dict) or "en" not in entry:
                raise KeywordError(f"{where}: expected en = [...] (and a list for each other language: fr = [...])")
            terms: list[str] = []
            for lang in entry:
                if not re.fullmatch(LANGUAGE_CODE, lang):
                    raise KeywordError(f"{where}.{lang}: not a language code (en, fr, pt_BR...)")
                words = entry.get(lang)
                if not isinstance(words, list) or not words or not all(isinstance(w, str) and w for w in words):
                    raise KeywordError(f"{where}.{lang}: expected a list of words")
                terms.extend(words)
            out[table][key] = tuple(terms)
    return Keywords(out["offences"], out["rulings"])


@lru_cache(maxsize=1)
def load_keywords() -> Keywords:
    """The shipped keyword file (a broken file is a bug of the release: it raises :class:`KeywordError`)."""
    text = resources.files("refapp.resources").joinpath(FILE).read_text(encoding="utf-8")
    return parse_keywords(text)


def possible_rulings(ruleset: RuleSet, offence: str) -> set[str]:
    """Every ruling the rule set can give the offence: each rule's ruling and a referee's choices."""
    off = ruleset.offences.get(offence)
    if off is None:
        return set()
    kinds = {r.ruling for r in off.rules} | {c for r in off.rules for c in r.choices}
    return kinds - {"referee_choice"}


@dataclass
class OffenceIndex:
    """The search index of one rule set in one screen language (rebuilt when either changes)."""

    words: dict[str, list[str]] = field(default_factory=dict)  # each offence's words, folded (made once)
    sections: dict[str, list[str]] = field(default_factory=dict)

    def find(self, query: str) -> list[str]:
        """The offences matching ``query``, in palette order (all of them for an empty query)."""
        wanted = tokens(query)
        return [oid for oid in self.words if _matches(wanted, self.words[oid], self.sections[oid])]


def build_index(
    ruleset: RuleSet,
    titles: Mapping[str, str],
    citations: Mapping[str, str],
    ruling_names: Mapping[str, str] | None = None,
    keywords: Keywords | None = None,
) -> OffenceIndex:
    """``titles``: each offence's title in the screen's language; ``citations``: each offence's citation as shown
    (the rule set's, translated); ``ruling_names``: each ruling kind's name in the screen's language."""
    kw = keywords or load_keywords()
    index = OffenceIndex()
    for oid, off in OFFENCES.items():
        if oid not in ruleset.offences:
            continue
        texts = [titles.get(oid, ""), off.name, *kw.offences.get(oid, ())]
        for kind in sorted(possible_rulings(ruleset, oid)):
            texts.extend(kw.rulings.get(kind, ()))
            if ruling_names and kind in ruling_names:
                texts.append(ruling_names[kind])
        citation = citations.get(oid, "")
        texts.append(citation)
        index.words[oid] = words_of(texts)
        index.sections[oid] = _SECTION.findall(ruleset.offences[oid].citation + " " + citation)
    return index
