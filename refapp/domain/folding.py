"""Text as every search of refapp compares it: case and accents folded, cut into words and section numbers.

One set of rules for the offence palette, the history's search (the app's History page and ``refapp history
--text``) and the players' filter: "Pénalité" and "penalite" are the same word, "§5.1.2" is one section number
("5.1.2"), and a section number typed finds that section and the sections below it ("5.1" finds 5.1 and 5.1.2, not
5.12 nor 15.1).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

SECTION = re.compile(r"\d+(?:\.\d+)*")
_TOKEN = re.compile(r"§?\d+(?:\.\d+)*|[^\W_]+")


def fold(text: str) -> str:
    """Lower case without accents: "Révéler" → "reveler"."""
    if text.isascii():  # most names and notes: no accent to take off
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def tokens(text: str) -> list[str]:
    """The words and section numbers of a text, folded ("§5.1.2" stays one token: "5.1.2")."""
    return [t.lstrip("§") for t in _TOKEN.findall(fold(text))]


def is_number(token: str) -> bool:
    """A section number (a token that starts with a digit)."""
    return bool(token) and token[0].isdigit()


def words_of(texts: Iterable[str]) -> list[str]:
    """The distinct words of ``texts``, folded (numbers left out: they are matched against sections)."""
    return sorted({t for text in texts for t in tokens(text) if not is_number(t)})


def begins_a_word(token: str, words: Iterable[str]) -> bool:
    """Whether ``token`` begins one of ``words`` ("fals" begins "false"; "ron" does not begin "wrong")."""
    return any(w.startswith(token) for w in words)


def sections_of(text: str) -> list[str]:
    """The section numbers of a citation: "§3.4.6 (+ §3.4.11)" → ["3.4.6", "3.4.11"]."""
    return SECTION.findall(text)


def in_sections(token: str, sections: Iterable[str]) -> bool:
    """Whether the section ``token`` is one of ``sections`` or holds one of them ("5.1" holds "5.1.2")."""
    return any(s == token or s.startswith(token + ".") for s in sections)


__all__ = ["SECTION", "begins_a_word", "fold", "in_sections", "is_number", "sections_of", "tokens", "words_of"]
