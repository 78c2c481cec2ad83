"""Finding an offence in the referee's words: titles, synonyms and rule-book terms in every language of
``resources/offence_keywords.toml`` (an entry's words per language code: ``en``, ``fr``...) and the titles in every
language shipped (:mod:`refapp.core.vocabulary`, the history's search reads the same words), the citation numbers
of the current rule set, and the words of every ruling the current rule set can give an offence ("chombo" finds
every offence that can be a chombo).

Matching ignores case and accents and compares word beginnings: every word typed must begin a word of the offence's
texts ("fals ro" finds "false ron"; "ron" never finds "wrong"). A typed number ("5.1", "§3.4.6") finds the offences
whose citation holds that section or one below it (5.1 finds 5.1 and 5.1.2, not 5.12). No Qt here: the palette
passes the titles in the screen's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ...core.vocabulary import FILE, KeywordError, Keywords, load_keywords, offence_names, parse_keywords
from ...domain.folding import SECTION as _SECTION
from ...domain.folding import fold, in_sections, is_number, tokens, words_of
from ...domain.offences import OFFENCES
from ...domain.rules import RuleSet


def _matches(wanted: list[str], words: list[str], sections: Iterable[str]) -> bool:
    for token in wanted:
        if is_number(token):
            if not in_sections(token, sections):
                return False
        elif not any(w.startswith(token) for w in words):
            return False
    return True


def matches(query: str, texts: Iterable[str], sections: Iterable[str] = ()) -> bool:
    """True when every word of ``query`` begins a word of ``texts`` and every number of it is one of ``sections``
    or a section below one ("5.1" for "5.1.2")."""
    return _matches(tokens(query), words_of(texts), list(sections))


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
    for oid in OFFENCES:
        if oid not in ruleset.offences:
            continue
        texts = [titles.get(oid, ""), *offence_names(oid), *kw.offences.get(oid, ())]
        for kind in sorted(possible_rulings(ruleset, oid)):
            texts.extend(kw.rulings.get(kind, ()))
            if ruling_names and kind in ruling_names:
                texts.append(ruling_names[kind])
        citation = citations.get(oid, "")
        texts.append(citation)
        index.words[oid] = words_of(texts)
        index.sections[oid] = _SECTION.findall(ruleset.offences[oid].citation + " " + citation)
    return index


__all__ = [
    "FILE",
    "KeywordError",
    "Keywords",
    "OffenceIndex",
    "build_index",
    "fold",
    "load_keywords",
    "matches",
    "parse_keywords",
    "possible_rulings",
    "tokens",
    "words_of",
]
