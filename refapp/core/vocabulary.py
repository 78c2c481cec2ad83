"""The words a referee finds an offence or a ruling by, in every language refapp speaks, without Qt.

Three sources, each kept in one place:

* the English names (:data:`refapp.domain.offences.OFFENCES`, :data:`~refapp.domain.offences.RULING_NAMES`);
* their translations, read from the translation files themselves (``translations/refapp_XX.ts``, contexts
  ``Offence`` and ``Ruling``): the title the French screen shows is the word the French search finds, with no copy
  of it anywhere else;
* the synonyms, rule-book terms and table words of ``resources/offence_keywords.toml``, per language.

The offence palette (:mod:`refapp.ui.ruling.search`) and the history's search (:mod:`refapp.core.search`: the app's
History page and ``refapp history --text``) both read it, so a word that finds an offence in one finds it in the
other. Words are folded as :mod:`refapp.domain.folding` says (case and accents ignored).
"""

from __future__ import annotations

import re
import tomllib
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from ..domain.folding import begins_a_word, words_of
from ..domain.messages import LANGUAGE_CODE
from ..domain.offences import OFFENCES, RULING_KINDS, RULING_NAMES

FILE = "offence_keywords.toml"
_TS = re.compile(r"refapp_(.+)\.ts")
CONTEXTS = ("Offence", "Ruling")  # the translation contexts of the offences' and the rulings' names
CHONBO = "Chonbo"  # the WRC spelling of chombo (refapp.ui.common.texts.ruling_name): a name of the chombo ruling too


class KeywordError(ValueError):
    """The keyword file is not as described at its top (names the file and the entry)."""


@dataclass(frozen=True)
class Keywords:
    offences: dict[str, tuple[str, ...]]  # offence id -> every term, in every language of the file
    rulings: dict[str, tuple[str, ...]]  # ruling kind -> every term


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


# -- the names' translations ------------------------------------------------------------------------------------


def parse_translations(text: str, contexts: Iterable[str] = CONTEXTS) -> dict[str, dict[str, str]]:
    """``{context: {English source: translation}}`` of a translation file's text (Qt's ``.ts`` format) for
    ``contexts``; a message without a translation, or one Qt no longer uses (vanished, obsolete), is left out."""
    wanted = set(contexts)
    out: dict[str, dict[str, str]] = {c: {} for c in wanted}
    root = ET.fromstring(text)
    for context in root.iter("context"):
        name = context.findtext("name") or ""
        if name not in wanted:
            continue
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            translation = message.find("translation")
            if translation is None or translation.get("type") in ("vanished", "obsolete"):
                continue
            said = (translation.text or "").strip()
            if source and said:
                out[name][source] = said
    return out


@lru_cache(maxsize=1)
def translations() -> dict[str, dict[str, dict[str, str]]]:
    """``{language code: {context: {source: translation}}}`` for the offences' and rulings' names, from every
    translation file shipped (``translations/refapp_XX.ts``)."""
    out: dict[str, dict[str, dict[str, str]]] = {}
    folder = resources.files("refapp.translations")
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        found = _TS.fullmatch(entry.name)
        if found is None or not re.fullmatch(LANGUAGE_CODE, found.group(1)):
            continue
        out[found.group(1)] = parse_translations(entry.read_text(encoding="utf-8"))
    return out


def names(context: str, source: str) -> list[str]:
    """An English name and its translation in every language shipped (each once)."""
    found = [source]
    for by_context in translations().values():
        said = by_context.get(context, {}).get(source)
        if said and said not in found:
            found.append(said)
    return found


def offence_names(offence: str) -> list[str]:
    """An offence's title in English and in every language shipped ("Invalid win, hand revealed", "Déclaration vide
    de victoire, main révélée")."""
    return names("Offence", OFFENCES[offence].name)


def ruling_names(kind: str) -> list[str]:
    """A ruling's name in English and in every language shipped (chombo: its WRC spelling "Chonbo" too)."""
    out = names("Ruling", RULING_NAMES[kind])
    if kind == "chombo":
        out += [n for n in names("Ruling", CHONBO) if n not in out]
    return out


# -- the vocabulary ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Vocabulary:
    """Each offence's and each ruling's words, folded: its names in every language and its keywords."""

    offences: dict[str, list[str]]
    rulings: dict[str, list[str]]

    def offences_for(self, token: str) -> list[str]:
        """The offences one of whose words begins with ``token`` (a folded word), in the palette's order."""
        return [oid for oid, words in self.offences.items() if begins_a_word(token, words)]

    def rulings_for(self, token: str) -> list[str]:
        """The ruling kinds one of whose words begins with ``token``."""
        return [kind for kind, words in self.rulings.items() if begins_a_word(token, words)]


@lru_cache(maxsize=1)
def vocabulary() -> Vocabulary:
    """The shipped vocabulary (made once: the translation files are read at the first search)."""
    kw = load_keywords()
    offences = {oid: words_of([*offence_names(oid), *kw.offences.get(oid, ())]) for oid in OFFENCES}
    rulings = {
        kind: words_of([*ruling_names(kind), *kw.rulings.get(kind, ())])
        for kind in RULING_KINDS
        if kind != "referee_choice"  # never stored as the ruling applied
    }
    return Vocabulary(offences, rulings)


__all__ = [
    "FILE",
    "KeywordError",
    "Keywords",
    "Vocabulary",
    "load_keywords",
    "offence_names",
    "parse_keywords",
    "parse_translations",
    "ruling_names",
    "translations",
    "vocabulary",
]
