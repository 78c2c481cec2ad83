"""The history's search: one for the app's History page and for ``refapp history --text``.

What is typed is cut into words and section numbers, case and accents folded (:mod:`refapp.domain.folding`), and
every word must match the incident, in any of these ways:

* it begins a word of the incident's offence, in the offence palette's vocabulary (:mod:`refapp.core.vocabulary`:
  its title in English and in every language shipped, its synonyms and rule-book terms): "faux ron", "false ron",
  "fals ro" find an invalid win; "ron" never finds "wrong";
* it begins a word of the ruling applied ("chombo", "chonbo", "avertissement", "pénalité"): "chombo" finds the
  incidents ruled a chombo;
* it is a section number of the incident's citation, or holds one ("5.1", "§5.1": 5.1 and 5.1.2, not 5.12);
* it is in the name of the player the incident is about, in the referee's note, or in a statement on it or the name
  of the player who made it ("phone" finds "Téléphone", "penalite" finds "pénalité").

Each word is looked up in the vocabulary once (:func:`terms`); the store then keeps what matches, a page at a time
(:func:`refapp.store.history.query`), so a search on a long history reads no more than a page of rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypedDict

from ..domain.folding import fold, is_number, tokens
from ..store import history
from ..store.db import Store
from ..store.history import DEFAULT_TYPES, HistoryError, Term, describe_counts, stored_effect
from ..store.rows import HistoryRow
from .vocabulary import Vocabulary, vocabulary


def terms(text: str | None, words: Vocabulary | None = None) -> tuple[Term, ...]:
    """The words of a search, each with the offences and rulings it names (``()`` for nothing typed). Text without a
    word or a number ("%") is looked for as typed in the notes, names and statements."""
    typed = (text or "").strip()
    if not typed:
        return ()
    found = tokens(typed)
    if not found:
        return (Term(fold(typed)),)
    vocab = words or vocabulary()
    out = []
    for token in dict.fromkeys(found):  # each word once
        if is_number(token):
            out.append(Term(token))
        else:
            out.append(Term(token, tuple(vocab.offences_for(token)), tuple(vocab.rulings_for(token))))
    return tuple(out)


class HistoryFilters(TypedDict, total=False):
    """A history search as a page or a command asks it: the filters of :func:`refapp.store.history.query` and the
    words searched (``text``, see above)."""

    tournament: str | None
    table: str | int | None
    player: str | None
    offence: str | None
    ruleset: str | None
    since: str | None
    until: str | None
    text: str | None
    include_voided: bool


def query(store: Store, *, text: str | None = None, **filters: Any) -> list[HistoryRow]:
    """History rows for the filters of :func:`refapp.store.history.query` and the search ``text`` (see above)."""
    return history.query(store, **filters, search=terms(text))


def table_ids(store: Store, ref: str | int, tournaments: Sequence[str] | None = None) -> list[str]:
    """The ids of the tables whose id is ``ref`` or whose number is ``ref`` (in ``tournaments`` if given)."""
    return history.table_ids(store, ref, tournaments)


def player_counts(store: Store, tournament_id: str, player: str) -> dict[str, int]:
    """A player's incidents in the tournament (id or name), not voided, by the kind of ruling applied (and
    ``incidents``: all of them): what the History page and ``refapp history --player`` show beside the rows."""
    return history.player_counts(store, tournament_id, player)


__all__ = [
    "DEFAULT_TYPES",
    "HistoryError",
    "describe_counts",
    "player_counts",
    "query",
    "stored_effect",
    "table_ids",
    "terms",
]
