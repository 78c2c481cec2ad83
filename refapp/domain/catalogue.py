# size: one table of every sentence refapp tells its user, one entry per message id: a list, read by its ids
"""The catalogue of what refapp tells its user: one English sentence per message id, in one place.

The domain, the store and the core raise an error (or return a notice) with a message id and its parameters only
(``key``, ``params``); the sentence is here. :func:`english` fills it in English: the error's ``str()``, which the
command line prints and the log keeps. The app says the same id in its language: ``refapp.ui.common.messages`` looks
the template up here, translates it with ``QCoreApplication.translate("Message", template)`` and fills the same
parameters (a rule set's, a ruling's and a liability hand's name in words). ``translations/refapp_fr.ts`` holds the
French of every template: ``pyside6-lupdate`` finds them by the marker ``QT_TRANSLATE_NOOP("Message", ...)`` below.

A template names its parameters: ``%1``, ``%2``... are the parameters listed after it, in that order (Qt's
placeholders, so that a translation may put them in another order). To add a message: add its id here with its
English sentence and the names of its parameters, raise it with the id and those parameters
(``LogError(index, field, key="...", params={...})``, ``StoreError(key="...", name=...)``, ``Message(key="...", ...)``),
then run ``packaging/update_translations.py`` and translate the new entry (``docs/architecture.md``, "Messages").
``tests/test_catalogue.py`` checks both ways that every id raised is here and every id here is raised, with the same
parameters.

Qt-free: this module imports no Qt (the marker is a local function that returns its text).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from pathlib import PurePath
from typing import TypeAlias

from .offences import PAO_HANDS, RULING_NAMES


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name pyside6-lupdate looks for
    return text


CONTEXT = "Message"  # the context of every template in the translation files

# message id → (its English template, the names of its parameters %1, %2...)
CATALOGUE: dict[str, tuple[str, tuple[str, ...]]] = {
    # the ledger refused an entry (refapp.domain.ledger, refapp.store.derive)
    "not_holder": (
        QT_TRANSLATE_NOOP(
            "Message",
            "Nothing was recorded: table %1 is written by another device (%2). Take the table over on this device "
            "first (a handover, with the referee's PIN).",
        ),
        ("table", "device"),
    ),
    "not_started": (
        QT_TRANSLATE_NOOP("Message", "No hanchan has been started at this table: start one first."),
        (),
    ),
    "hanchan_over": (
        QT_TRANSLATE_NOOP("Message", "Hanchan %1 is over: start the next hanchan first."),
        ("hanchan",),
    ),
    "hanchan_not_over": (
        QT_TRANSLATE_NOOP("Message", "Hanchan %1 is not over: end it first."),
        ("hanchan",),
    ),
    "unknown_ruleset": (
        QT_TRANSLATE_NOOP("Message", "The rule set %1 is not known here (known: %2)."),
        ("ruleset", "known"),
    ),
    "not_a_player": (
        QT_TRANSLATE_NOOP("Message", "%1 is not one of the players."),
        ("player",),
    ),
    "disqualified_seated": (
        QT_TRANSLATE_NOOP("Message", "%1 was disqualified and cannot be seated."),
        ("player",),
    ),
    "rounds_only": (
        QT_TRANSLATE_NOOP("Message", "%1 plays %2 round(s) only."),
        ("ruleset", "rounds"),
    ),
    "extra_winds_only": (
        QT_TRANSLATE_NOOP("Message", "%1 plays %2 round(s) and at most %3 extra wind(s)."),
        ("ruleset", "rounds", "winds"),
    ),
    "riichi_twice": (
        QT_TRANSLATE_NOOP("Message", "%1 has already declared riichi in this hand."),
        ("player",),
    ),
    "riichi_dead_hand": (
        QT_TRANSLATE_NOOP("Message", "%1 has a dead hand and cannot declare riichi."),
        ("player",),
    ),
    "dealer_points_of_dealer": (
        QT_TRANSLATE_NOOP("Message", "The winner is the dealer: give the points paid by each."),
        (),
    ),
    "win_dead_hand": (
        QT_TRANSLATE_NOOP("Message", "%1 has a dead hand and cannot win."),
        ("player",),
    ),
    "no_abortive_draws": (
        QT_TRANSLATE_NOOP("Message", "%1 has no abortive draws."),
        ("ruleset",),
    ),
    "no_nagashi_mangan": (
        QT_TRANSLATE_NOOP("Message", "%1 has no nagashi mangan."),
        ("ruleset",),
    ),
    "no_head_bump": (
        QT_TRANSLATE_NOOP("Message", "%1 has no head bump: every player who called ron wins."),
        ("ruleset",),
    ),
    "head_bump_order": (
        QT_TRANSLATE_NOOP("Message", "%1 is nearer the discarder's right than %2: %1 wins the head bump."),
        ("player", "winner"),
    ),
    "nagashi_dead_hand": (
        QT_TRANSLATE_NOOP("Message", "%1 has a dead hand and cannot make nagashi mangan."),
        ("player",),
    ),
    "substitute_not_seated": (
        QT_TRANSLATE_NOOP("Message", "A substitute is named only when the ruling seats one."),
        (),
    ),
    "already_plays": (
        QT_TRANSLATE_NOOP("Message", "%1 already plays at this table."),
        ("player",),
    ),
    "needs_hand_in_play": (
        QT_TRANSLATE_NOOP("Message", "Hanchan %1 is over: a ruling of %2 needs a hand in play."),
        ("hanchan", "ruling"),
    ),
    "not_in_riichi": (
        QT_TRANSLATE_NOOP("Message", "%1 has not declared riichi in this hand."),
        ("player",),
    ),
    "already_substituted": (
        QT_TRANSLATE_NOOP("Message", "%1's seat is already played by a substitute."),
        ("player",),
    ),
    "not_liability_hand": (
        QT_TRANSLATE_NOOP("Message", "%1 is not a liability hand under %2 (its liability hands: %3)."),
        ("hand", "ruleset", "hands"),
    ),
    "name_liable": (
        QT_TRANSLATE_NOOP("Message", "Name the seat liable for %1."),
        ("hand",),
    ),
    "liability_yakuman": (
        QT_TRANSLATE_NOOP("Message", "%1 is a yakuman: enter the limit yakuman."),
        ("hand",),
    ),
    "duplicate_id": (
        QT_TRANSLATE_NOOP("Message", "This entry is already stored."),
        (),
    ),
    "void_no_target": (
        QT_TRANSLATE_NOOP("Message", "The entry to undo is not stored at this table."),
        (),
    ),
    "void_of_void": (
        QT_TRANSLATE_NOOP("Message", "An undo cannot be undone: enter the entry again instead."),
        (),
    ),
    "voided_twice": (
        QT_TRANSLATE_NOOP("Message", "This entry was already undone."),
        (),
    ),
    # the store (refapp.store)
    "damaged": (
        QT_TRANSLATE_NOOP("Message", "The database %1 is damaged (%2). It has not been changed."),
        ("path", "detail"),
    ),
    "missing_events": (
        QT_TRANSLATE_NOOP(
            "Message",
            "%1 confirmed ruling(s) and other events are missing from the database %2: %3. Recover them before "
            "anything else is written.",
        ),
        ("count", "path", "shown"),
    ),
    "folder_in_use": (
        QT_TRANSLATE_NOOP(
            "Message",
            "The data folder %1 is in use by another refapp. Only one refapp can write it at a time: use the window "
            "already open, or close it first.",
        ),
        ("folder",),
    ),
    "folder_in_use_by": (
        QT_TRANSLATE_NOOP(
            "Message",
            "The data folder %1 is in use by another refapp (process %2). Only one refapp can write it at a time: use "
            "the window already open, or close it first.",
        ),
        ("folder", "pid"),
    ),
    "table_changed": (
        QT_TRANSLATE_NOOP(
            "Message",
            "The ruling was NOT saved: table %1 changed since it was shown (another window or an import stored an "
            "event). The table has been reloaded: check the preview and confirm again.",
        ),
        ("table",),
    ),
    "disk_full": (
        QT_TRANSLATE_NOOP(
            "Message",
            "The disk is full: refapp cannot open its database in %1. The database itself is not damaged and was not "
            "changed. Free some space and start again.",
        ),
        ("folder",),
    ),
    "not_saved_full": (
        QT_TRANSLATE_NOOP("Message", "The ruling was NOT saved: the disk is full. Free some space and confirm again."),
        (),
    ),
    "not_saved_read_only": (
        QT_TRANSLATE_NOOP(
            "Message",
            "The ruling was NOT saved: the data folder is read-only. Choose a writable data folder and confirm again.",
        ),
        (),
    ),
    "not_saved": (
        QT_TRANSLATE_NOOP("Message", "The ruling was NOT saved: the database refused it (%1)."),
        ("reason",),
    ),
    "cannot_open_folder": (
        QT_TRANSLATE_NOOP("Message", "Cannot open the data folder %1: %2"),
        ("folder", "reason"),
    ),
    "read_only_empty": (
        QT_TRANSLATE_NOOP("Message", "Cannot open the data folder %1: it is read-only and holds no database."),
        ("folder",),
    ),
    "newer_schema": (
        QT_TRANSLATE_NOOP("Message", "Cannot open %1: it was written by a newer refapp. Update refapp."),
        ("path",),
    ),
    "read_only_upgrade": (
        QT_TRANSLATE_NOOP("Message", "The data folder of %1 is read-only and its database needs an upgrade."),
        ("path",),
    ),
    "cannot_open_database": (
        QT_TRANSLATE_NOOP("Message", "Cannot open the database %1: %2"),
        ("path", "reason"),
    ),
    "no_good_backup": (
        QT_TRANSLATE_NOOP("Message", "No good backup in %1: the damaged database was left as it is."),
        ("folder",),
    ),
    "nothing_to_recover": (
        QT_TRANSLATE_NOOP(
            "Message",
            "No good backup in %1 and no journal to recover from: the damaged database was left as it is.",
        ),
        ("folder",),
    ),
    "recovery_failed": (
        QT_TRANSLATE_NOOP("Message", "The recovery could not build a sound database (%1): nothing was changed."),
        ("reason",),
    ),
    "log_does_not_replay": (
        QT_TRANSLATE_NOOP("Message", "Table %1 of %2: its log does not replay (%3)."),
        ("table", "tournament", "reason"),
    ),
    "read_only_stale": (
        QT_TRANSLATE_NOOP(
            "Message",
            "The data folder %1 is read-only and its database has changes that were never written into it: what is "
            "shown may be stale (the newest rulings may be missing).",
        ),
        ("folder",),
    ),
    "ruleset_removed": (
        QT_TRANSLATE_NOOP(
            "Message",
            "The rule set %1 of this hanchan is no longer in the rule-set folder: this hanchan keeps the rules it "
            "started with.",
        ),
        ("ruleset",),
    ),
    "ruleset_changed": (
        QT_TRANSLATE_NOOP(
            "Message",
            "The rule set %1 was changed after this hanchan started: this hanchan keeps the rules it started with; the "
            "changed rules apply from the next hanchan.",
        ),
        ("ruleset",),
    ),
    # reports, sign-offs and statements (refapp.store.reports, refapp.core.history)
    "signoff_no_name": (
        QT_TRANSLATE_NOOP("Message", "The head referee's name is empty."),
        (),
    ),
    "signed_off_already": (
        QT_TRANSLATE_NOOP("Message", "Already signed off by %1 at %2; nothing was recorded on this incident since."),
        ("by", "at"),
    ),
    "statement_empty": (
        QT_TRANSLATE_NOOP("Message", "The statement is empty."),
        (),
    ),
    "statement_too_long": (
        QT_TRANSLATE_NOOP("Message", "The statement has %1 characters; at most %2."),
        ("length", "most"),
    ),
    "statement_not_seated": (
        QT_TRANSLATE_NOOP("Message", "%1 did not play at that hanchan (its players: %2)."),
        ("player", "players"),
    ),
    # the core's own refusals (refapp.core.errors)
    "no_table": (
        QT_TRANSLATE_NOOP("Message", "No table is open: set up the table first."),
        (),
    ),
    "nothing_to_undo": (
        QT_TRANSLATE_NOOP("Message", "Nothing to undo."),
        (),
    ),
    "referee_only_undo": (
        QT_TRANSLATE_NOOP("Message", "Only the referee can undo this entry (with the PIN)."),
        (),
    ),
    "referee_only_table": (
        QT_TRANSLATE_NOOP(
            "Message",
            "Only the referee shows another table on this tablet (with the PIN): it stays on its table.",
        ),
        (),
    ),
    "start_needs_confirmation": (
        QT_TRANSLATE_NOOP(
            "Message",
            "Nothing was started: confirm first what the check found (another rule set than the tournament's, or a "
            "player in play at another table).",
        ),
        (),
    ),
    "referee_only_reseat": (
        QT_TRANSLATE_NOOP("Message", "Only a referee can re-seat the table (with the PIN)."),
        (),
    ),
    # a hand result confirmed by an opponent (refapp.core.confirm)
    "confirm_first": (
        QT_TRANSLATE_NOOP(
            "Message",
            "Nothing was recorded: the last hand result waits for a confirmation by %1 (or a referee).",
        ),
        ("names",),
    ),
    "confirm_not_opponent": (
        QT_TRANSLATE_NOOP("Message", "%1 is named by this result: another player confirms it."),
        ("player",),
    ),
    "referee_only_confirm": (
        QT_TRANSLATE_NOOP("Message", "Only a referee can confirm on the players' behalf (with the PIN)."),
        (),
    ),
    # a re-seat that cannot be made (refapp.domain.reseat)
    "reseat_four": (
        QT_TRANSLATE_NOOP("Message", "A table has four seats."),
        (),
    ),
    "reseat_same_seat": (
        QT_TRANSLATE_NOOP("Message", "Two players are put in the same seat (%1): each seat takes one player."),
        ("winds",),
    ),
    "reseat_twice": (
        QT_TRANSLATE_NOOP("Message", "%1 is named twice: four different players sit at a table."),
        ("player",),
    ),
    "reseat_no_name": (
        QT_TRANSLATE_NOOP("Message", "Every seat needs a player's name."),
        (),
    ),
    "reseat_unchanged": (
        QT_TRANSLATE_NOOP("Message", "This is the seating as recorded: there is nothing to re-seat."),
        (),
    ),
    "reseat_no_hanchan": (
        QT_TRANSLATE_NOOP("Message", "No hanchan has been started at this table: there is nothing to re-seat."),
        (),
    ),
    "reseat_replay": (
        QT_TRANSLATE_NOOP("Message", "The entry of %1 cannot be played under the new seats: %2"),
        ("when", "reason"),
    ),
    "report_no_table": (
        QT_TRANSLATE_NOOP("Message", "No table is open: open one to report its tournament."),
        (),
    ),
    # the session clock (refapp.store.clock)
    "clock_minutes": (
        QT_TRANSLATE_NOOP("Message", "A session lasts 1 to %1 minutes."),
        ("most",),
    ),
    "extra_no_reason": (
        QT_TRANSLATE_NOOP("Message", "Say why the table is given extra time."),
        (),
    ),
    "extra_minutes": (
        QT_TRANSLATE_NOOP("Message", "Extra time is 1 to %1 minutes, or a negative number to take some back."),
        ("most",),
    ),
    "extra_below_zero": (
        QT_TRANSLATE_NOOP(
            "Message",
            "Table %1 has %2 minute(s) of extra time in session %3: that much cannot be taken back.",
        ),
        ("table", "given", "session"),
    ),
    # a name, a text or a time entered or brought in (refapp.domain.inputs, refapp.domain.events.check_incoming)
    "name_refused": (
        QT_TRANSLATE_NOOP("Message", "%1 is not allowed in a name (no control or invisible formatting character)."),
        ("char",),
    ),
    "text_refused": (
        QT_TRANSLATE_NOOP("Message", "%1 is not allowed in a text (no control character but tab and line feed)."),
        ("char",),
    ),
    "time_refused": (
        QT_TRANSLATE_NOOP("Message", "%1 is not an ISO 8601 time with its offset (such as 2026-11-22T10:00:00+01:00)."),
        ("value",),
    ),
    # a roster (refapp.store.roster, refapp.core.setup): "FILE: line N: what", as the command line says it
    "roster_unreadable": (
        QT_TRANSLATE_NOOP("Message", "%1: %2"),
        ("file", "reason"),
    ),
    "roster_empty": (
        QT_TRANSLATE_NOOP("Message", "%1: the file is empty (expected a header row with a 'name' column)"),
        ("file",),
    ),
    "roster_not_csv": (
        QT_TRANSLATE_NOOP("Message", "%1: line %2: not valid CSV (%3)"),
        ("file", "line", "reason"),
    ),
    "roster_no_name_column": (
        QT_TRANSLATE_NOOP("Message", "%1: line 1: no 'name' column in the header (%2)"),
        ("file", "columns"),
    ),
    "roster_fields": (
        QT_TRANSLATE_NOOP("Message", "%1: line %2: %3 fields, the header has %4"),
        ("file", "line", "fields", "header"),
    ),
    "roster_no_name": (
        QT_TRANSLATE_NOOP("Message", "%1: line %2: field 'name' is empty"),
        ("file", "line"),
    ),
    "roster_long_name": (
        QT_TRANSLATE_NOOP("Message", "%1: line %2: field 'name' is longer than 60 characters"),
        ("file", "line"),
    ),
    "roster_twice": (
        QT_TRANSLATE_NOOP("Message", "%1: line %2: player %3 is already on line %4"),
        ("file", "line", "player", "first"),
    ),
    "roster_first_timer": (
        QT_TRANSLATE_NOOP("Message", "%1: line %2: field 'first_timer' must be yes or no, not %3"),
        ("file", "line", "value"),
    ),
    "roster_name_char": (
        QT_TRANSLATE_NOOP(
            "Message",
            "%1: line %2, column %3 ('%4'): %5 is not allowed in a name (no control or invisible formatting character)",
        ),
        ("file", "line", "column", "field", "char"),
    ),
    "roster_no_players": (
        QT_TRANSLATE_NOOP("Message", "%1: no players after the header"),
        ("file",),
    ),
    # the seating plan (refapp.core.seating)
    "seating_too_few": (
        QT_TRANSLATE_NOOP("Message", "%1 player(s): a table needs four players (add %2 substitute(s))"),
        ("count", "more"),
    ),
    "seating_not_four": (
        QT_TRANSLATE_NOOP(
            "Message",
            "%1 players is not a multiple of four (no table of three): add %2 substitute(s) to make %3, or remove %4 "
            "player(s)",
        ),
        ("count", "more", "total", "fewer"),
    ),
    "seating_no_tournament": (
        QT_TRANSLATE_NOOP("Message", "No tournament yet: import a roster first."),
        (),
    ),
}

_PLACEHOLDER = re.compile(r"%(\d)")


# a message's parameter (the catalogue's sentence says where each goes): a name, a number, a path, an error (its
# words), a list of names, the parameters of a message given as the reason of another
Param: TypeAlias = "str | int | float | Fraction | PurePath | BaseException | Sequence[str] | Params | None"
Params: TypeAlias = "Mapping[str, Param]"


def fill(template: str, names: tuple[str, ...], params: Params, shown: Callable[[str, object], str]) -> str:
    """``template`` with each ``%N`` replaced by its parameter (``names[N - 1]``), as ``shown(name, value)`` says it."""
    values = [shown(name, params.get(name, "")) for name in names]

    def value(m: re.Match[str]) -> str:
        n = int(m.group(1))
        return values[n - 1] if 1 <= n <= len(values) else m.group(0)

    return _PLACEHOLDER.sub(value, template)


def english_value(name: str, value: object) -> str:
    """A parameter in English words: a liability hand (``hand``, ``hands``: a list) and a ruling by their names, the
    rest as it is."""
    if name == "hand" and isinstance(value, str):
        return PAO_HANDS.get(value, value)
    if name == "ruling" and isinstance(value, str):
        return RULING_NAMES.get(value, value.replace("_", " "))
    if name == "hands" and isinstance(value, (list, tuple)):
        return ", ".join(PAO_HANDS.get(str(h), str(h)) for h in value) or "none"
    return str(value)


def english(key: str, params: Params | None = None) -> str:
    """The sentence of message ``key`` in English, its parameters put in (``KeyError``: an id not in the catalogue)."""
    template, names = CATALOGUE[key]
    return fill(template, names, params or {}, english_value)


__all__ = ["CATALOGUE", "CONTEXT", "QT_TRANSLATE_NOOP", "english", "english_value", "fill"]
