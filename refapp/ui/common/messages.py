"""What the domain and the store tell the user, said in the screen's language.

The domain and the store raise errors (and return notices) with English text, for the command line and the log, and a
message id with its parameters (``key``, ``params``: :mod:`refapp.domain.messages`). :func:`said` gives the sentence
of that id in the current language, its parameters put in (a rule set's name, a ruling and a liability hand in
words too); what has no id here is shown in English, as the command line prints it. Every id the domain and the
store use has its sentence here (``tests/ui/test_messages.py`` checks both ways).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from PySide6.QtCore import QCoreApplication

from ...domain.messages import Message
from .texts import pao_hand_name, ruleset_text, ruling_name

_PLACEHOLDER = re.compile(r"%(\d)")


def templates() -> dict[str, tuple[str, tuple[str, ...]]]:
    """Message id → (the sentence in the current language, the names of its parameters %1, %2...)."""
    return {
        # the ledger refused an entry (refapp.domain.ledger, refapp.store.derive)
        "not_holder": (
            QCoreApplication.translate(
                "Message",
                "Nothing was recorded: table %1 is written by another device (%2). Take the table over on this "
                "tablet first (Take over, with the referee's PIN).",
            ),
            ("table", "device"),
        ),
        "not_started": (
            QCoreApplication.translate("Message", "No hanchan has been started at this table: start one in Setup."),
            (),
        ),
        "hanchan_over": (
            QCoreApplication.translate("Message", "Hanchan %1 is over: start the next hanchan first."),
            ("hanchan",),
        ),
        "hanchan_not_over": (
            QCoreApplication.translate("Message", "Hanchan %1 is not over: end it first."),
            ("hanchan",),
        ),
        "unknown_ruleset": (QCoreApplication.translate("Message", "The rule set %1 is not known here."), ("ruleset",)),
        "not_a_player": (QCoreApplication.translate("Message", "%1 is not one of the players."), ("player",)),
        "disqualified_seated": (
            QCoreApplication.translate("Message", "%1 was disqualified and cannot be seated."),
            ("player",),
        ),
        "rounds_only": (QCoreApplication.translate("Message", "%1 plays %2 round(s) only."), ("ruleset", "rounds")),
        "extra_winds_only": (
            QCoreApplication.translate("Message", "%1 plays %2 round(s) and at most %3 extra wind(s)."),
            ("ruleset", "rounds", "winds"),
        ),
        "riichi_twice": (
            QCoreApplication.translate("Message", "%1 has already declared riichi in this hand."),
            ("player",),
        ),
        "riichi_dead_hand": (
            QCoreApplication.translate("Message", "%1 has a dead hand and cannot declare riichi."),
            ("player",),
        ),
        "dealer_points_of_dealer": (
            QCoreApplication.translate("Message", "The winner is the dealer: give the points paid by each."),
            (),
        ),
        "win_dead_hand": (QCoreApplication.translate("Message", "%1 has a dead hand and cannot win."), ("player",)),
        "no_abortive_draws": (QCoreApplication.translate("Message", "%1 has no abortive draws."), ("ruleset",)),
        "no_nagashi_mangan": (QCoreApplication.translate("Message", "%1 has no nagashi mangan."), ("ruleset",)),
        "no_head_bump": (
            QCoreApplication.translate("Message", "%1 has no head bump: every player who called ron wins."),
            ("ruleset",),
        ),
        "head_bump_order": (
            QCoreApplication.translate("Message", "%1 is nearer the discarder's right than %2: %1 wins the head bump."),
            ("player", "winner"),
        ),
        "nagashi_dead_hand": (
            QCoreApplication.translate("Message", "%1 has a dead hand and cannot make nagashi mangan."),
            ("player",),
        ),
        "substitute_not_seated": (
            QCoreApplication.translate("Message", "A substitute is named only when the ruling seats one."),
            (),
        ),
        "already_plays": (QCoreApplication.translate("Message", "%1 already plays at this table."), ("player",)),
        "needs_hand_in_play": (
            QCoreApplication.translate("Message", "Hanchan %1 is over: a ruling of %2 needs a hand in play."),
            ("hanchan", "ruling"),
        ),
        "not_in_riichi": (
            QCoreApplication.translate("Message", "%1 has not declared riichi in this hand."),
            ("player",),
        ),
        "already_substituted": (
            QCoreApplication.translate("Message", "%1's seat is already played by a substitute."),
            ("player",),
        ),
        "not_liability_hand": (
            QCoreApplication.translate("Message", "%1 is not a liability hand under %2."),
            ("hand", "ruleset"),
        ),
        "name_liable": (QCoreApplication.translate("Message", "Name the seat liable for %1."), ("hand",)),
        "liability_yakuman": (
            QCoreApplication.translate("Message", "%1 is a yakuman: enter the limit yakuman."),
            ("hand",),
        ),
        "duplicate_id": (QCoreApplication.translate("Message", "This entry is already stored."), ()),
        "void_no_target": (QCoreApplication.translate("Message", "The entry to undo is not stored at this table."), ()),
        "void_of_void": (
            QCoreApplication.translate("Message", "An undo cannot be undone: enter the entry again instead."),
            (),
        ),
        "voided_twice": (QCoreApplication.translate("Message", "This entry was already undone."), ()),
        # the store (refapp.store)
        "damaged": (
            QCoreApplication.translate("Message", "The database %1 is damaged (%2). It has not been changed."),
            ("path", "detail"),
        ),
        "missing_events": (
            QCoreApplication.translate(
                "Message",
                "%1 confirmed ruling(s) and other events are missing from the database %2: %3. Recover them before "
                "anything else is written.",
            ),
            ("count", "path", "shown"),
        ),
        "folder_in_use": (
            QCoreApplication.translate(
                "Message",
                "The data folder %1 is in use by another refapp. Only one refapp can write it at a time: use the "
                "window already open, or close it first.",
            ),
            ("folder",),
        ),
        "table_changed": (
            QCoreApplication.translate(
                "Message",
                "The ruling was NOT saved: table %1 changed since it was shown (another window or an import stored "
                "an event). The table has been reloaded: check the preview and confirm again.",
            ),
            ("table",),
        ),
        "disk_full": (
            QCoreApplication.translate(
                "Message",
                "The disk is full: refapp cannot open its database in %1. The database itself is not damaged and was "
                "not changed. Free some space and start again.",
            ),
            ("folder",),
        ),
        "not_saved_full": (
            QCoreApplication.translate(
                "Message", "The ruling was NOT saved: the disk is full. Free some space and confirm again."
            ),
            (),
        ),
        "not_saved_read_only": (
            QCoreApplication.translate(
                "Message",
                "The ruling was NOT saved: the data folder is read-only. Choose a writable data folder and confirm "
                "again.",
            ),
            (),
        ),
        "not_saved": (
            QCoreApplication.translate("Message", "The ruling was NOT saved: the database refused it (%1)."),
            ("reason",),
        ),
        "cannot_open_folder": (
            QCoreApplication.translate("Message", "Cannot open the data folder %1: %2"),
            ("folder", "reason"),
        ),
        "read_only_empty": (
            QCoreApplication.translate(
                "Message", "Cannot open the data folder %1: it is read-only and holds no database."
            ),
            ("folder",),
        ),
        "newer_schema": (
            QCoreApplication.translate("Message", "Cannot open %1: it was written by a newer refapp. Update refapp."),
            ("path",),
        ),
        "read_only_upgrade": (
            QCoreApplication.translate(
                "Message", "The data folder of %1 is read-only and its database needs an upgrade."
            ),
            ("path",),
        ),
        "cannot_open_database": (
            QCoreApplication.translate("Message", "Cannot open the database %1: %2"),
            ("path", "reason"),
        ),
        "no_good_backup": (
            QCoreApplication.translate("Message", "No good backup in %1: the damaged database was left as it is."),
            ("folder",),
        ),
        "nothing_to_recover": (
            QCoreApplication.translate(
                "Message",
                "No good backup in %1 and no journal to recover from: the damaged database was left as it is.",
            ),
            ("folder",),
        ),
        "recovery_failed": (
            QCoreApplication.translate(
                "Message", "The recovery could not build a sound database (%1): nothing was changed."
            ),
            ("reason",),
        ),
        "log_does_not_replay": (
            QCoreApplication.translate("Message", "Table %1 of %2: its log does not replay (%3)."),
            ("table", "tournament", "reason"),
        ),
        "read_only_stale": (
            QCoreApplication.translate(
                "Message",
                "The data folder %1 is read-only and its database has changes that were never written into it: what "
                "is shown may be stale (the newest rulings may be missing).",
            ),
            ("folder",),
        ),
        "ruleset_removed": (
            QCoreApplication.translate(
                "Message",
                "The rule set %1 of this hanchan is no longer in the rule-set folder: this hanchan keeps the rules it "
                "started with.",
            ),
            ("ruleset",),
        ),
        "ruleset_changed": (
            QCoreApplication.translate(
                "Message",
                "The rule set %1 was changed after this hanchan started: this hanchan keeps the rules it started "
                "with; the changed rules apply from the next hanchan.",
            ),
            ("ruleset",),
        ),
        # reports, sign-offs and statements (refapp.store.reports, refapp.core.history)
        "signoff_no_name": (QCoreApplication.translate("Message", "The head referee's name is empty."), ()),
        "signed_off_already": (
            QCoreApplication.translate(
                "Message", "Already signed off by %1 at %2; nothing was recorded on this incident since."
            ),
            ("by", "at"),
        ),
        "statement_empty": (QCoreApplication.translate("Message", "The statement is empty."), ()),
        "statement_too_long": (
            QCoreApplication.translate("Message", "The statement has %1 characters; at most %2."),
            ("length", "most"),
        ),
        "statement_not_seated": (
            QCoreApplication.translate("Message", "%1 did not play at that hanchan (its players: %2)."),
            ("player", "players"),
        ),
        # the core's own refusals (refapp.core.errors)
        "no_table": (QCoreApplication.translate("Message", "No table is open: set up the table first."), ()),
        "nothing_to_undo": (QCoreApplication.translate("Message", "Nothing to undo."), ()),
        "referee_only_undo": (
            QCoreApplication.translate("Message", "Only the referee can undo this entry (with the PIN)."),
            (),
        ),
        "referee_only_table": (
            QCoreApplication.translate(
                "Message", "Only the referee shows another table on this tablet (with the PIN): it stays on its table."
            ),
            (),
        ),
        "start_needs_confirmation": (
            QCoreApplication.translate(
                "Message",
                "Nothing was started: confirm first what Setup found (another rule set than the tournament's, or a "
                "player in play at another table).",
            ),
            (),
        ),
        "referee_only_reseat": (
            QCoreApplication.translate("Message", "Only a referee can re-seat the table (with the PIN)."),
            (),
        ),
        # a hand result confirmed by an opponent (refapp.core.confirm)
        "confirm_first": (
            QCoreApplication.translate(
                "Message",
                "Nothing was recorded: the last hand result waits for a confirmation by %1 (or a referee).",
            ),
            ("names",),
        ),
        "confirm_not_opponent": (
            QCoreApplication.translate("Message", "%1 is named by this result: another player confirms it."),
            ("player",),
        ),
        "referee_only_confirm": (
            QCoreApplication.translate("Message", "Only a referee can confirm on the players' behalf (with the PIN)."),
            (),
        ),
        # a re-seat that cannot be made (refapp.domain.reseat)
        "reseat_four": (QCoreApplication.translate("Message", "A table has four seats."), ()),
        "reseat_same_seat": (
            QCoreApplication.translate(
                "Message", "Two players are put in the same seat (%1): each seat takes one player."
            ),
            ("winds",),
        ),
        "reseat_twice": (
            QCoreApplication.translate("Message", "%1 is named twice: four different players sit at a table."),
            ("player",),
        ),
        "reseat_no_name": (QCoreApplication.translate("Message", "Every seat needs a player's name."), ()),
        "reseat_unchanged": (
            QCoreApplication.translate("Message", "This is the seating as recorded: there is nothing to re-seat."),
            (),
        ),
        "reseat_no_hanchan": (
            QCoreApplication.translate(
                "Message", "No hanchan has been started at this table: there is nothing to re-seat."
            ),
            (),
        ),
        "reseat_replay": (
            QCoreApplication.translate("Message", "The entry of %1 cannot be played under the new seats: %2"),
            ("when", "reason"),
        ),
        "report_no_table": (
            QCoreApplication.translate("Message", "No table is open: open one to report its tournament."),
            (),
        ),
        # the session clock (refapp.store.clock)
        "clock_minutes": (
            QCoreApplication.translate("Message", "A session lasts 1 to %1 minutes."),
            ("most",),
        ),
        "extra_no_reason": (QCoreApplication.translate("Message", "Say why the table is given extra time."), ()),
        "extra_minutes": (
            QCoreApplication.translate(
                "Message", "Extra time is 1 to %1 minutes, or a negative number to take some back."
            ),
            ("most",),
        ),
        "extra_below_zero": (
            QCoreApplication.translate(
                "Message", "Table %1 has %2 minute(s) of extra time in session %3: that much cannot be taken back."
            ),
            ("table", "given", "session"),
        ),
        # a name, a text or a time entered or brought in (refapp.domain.inputs, refapp.domain.events.check_incoming)
        "name_refused": (
            QCoreApplication.translate(
                "Message", "%1 is not allowed in a name (no control or invisible formatting character)."
            ),
            ("char",),
        ),
        "text_refused": (
            QCoreApplication.translate(
                "Message", "%1 is not allowed in a text (no control character but tab and line feed)."
            ),
            ("char",),
        ),
        "time_refused": (
            QCoreApplication.translate(
                "Message", "%1 is not an ISO 8601 time with its offset (such as 2026-11-22T10:00:00+01:00)."
            ),
            ("value",),
        ),
        # a roster (refapp.store.roster, refapp.core.setup): "FILE: line N: what", as the command line says it
        "roster_unreadable": (QCoreApplication.translate("Message", "%1: %2"), ("file", "reason")),
        "roster_empty": (
            QCoreApplication.translate("Message", "%1: the file is empty (expected a header row with a 'name' column)"),
            ("file",),
        ),
        "roster_not_csv": (
            QCoreApplication.translate("Message", "%1: line %2: not valid CSV (%3)"),
            ("file", "line", "reason"),
        ),
        "roster_no_name_column": (
            QCoreApplication.translate("Message", "%1: line 1: no 'name' column in the header"),
            ("file",),
        ),
        "roster_fields": (
            QCoreApplication.translate("Message", "%1: line %2: %3 fields, the header has %4"),
            ("file", "line", "fields", "header"),
        ),
        "roster_no_name": (
            QCoreApplication.translate("Message", "%1: line %2: field 'name' is empty"),
            ("file", "line"),
        ),
        "roster_long_name": (
            QCoreApplication.translate("Message", "%1: line %2: field 'name' is longer than 60 characters"),
            ("file", "line"),
        ),
        "roster_twice": (
            QCoreApplication.translate("Message", "%1: line %2: player %3 is already on line %4"),
            ("file", "line", "player", "first"),
        ),
        "roster_first_timer": (
            QCoreApplication.translate("Message", "%1: line %2: field 'first_timer' must be yes or no"),
            ("file", "line"),
        ),
        "roster_name_char": (
            QCoreApplication.translate(
                "Message",
                "%1: line %2, column %3 ('%4'): %5 is not allowed in a name (no control or invisible formatting "
                "character)",
            ),
            ("file", "line", "column", "field", "char"),
        ),
        "roster_no_players": (QCoreApplication.translate("Message", "%1: no players after the header"), ("file",)),
        # the seating plan (refapp.core.seating)
        "seating_too_few": (
            QCoreApplication.translate("Message", "%1 player(s): a table needs four players (add %2 substitute(s))"),
            ("count", "more"),
        ),
        "seating_not_four": (
            QCoreApplication.translate(
                "Message",
                "%1 players is not a multiple of four (no table of three): add %2 substitute(s) to make %3, or "
                "remove %4 player(s)",
            ),
            ("count", "more", "total", "fewer"),
        ),
        "seating_no_tournament": (
            QCoreApplication.translate("Message", "No tournament yet: import a roster first."),
            (),
        ),
    }


def _shown(name: str, value: object) -> str:
    """A parameter in words: a rule set's name, a ruling and a liability hand translated, the rest as it is."""
    if name == "ruleset" and isinstance(value, str):
        return ruleset_text(value) or value
    if name == "ruling" and isinstance(value, str):
        try:
            return ruling_name(value)
        except KeyError:
            return value.replace("_", " ")
    if name == "hand" and isinstance(value, str):
        return pao_hand_name(value)
    return str(value)


def said(what: object) -> str:
    """The message of an error or a notice in the current language (its English text when it has no known id)."""
    key = getattr(what, "key", "") or ""
    entry = templates().get(key) if key else None
    if entry is None:
        english = getattr(what, "message", None)  # a LogError's message, without "event N: field:"
        return english if isinstance(english, str) and english else str(what)
    text, names = entry
    params: Mapping[str, object] = getattr(what, "params", None) or {}
    if params.get("reason_key"):  # a refusal that carries another (a re-seat's hand the ledger refused): said too
        inner_params = params.get("reason_params")
        inner = Message(
            str(params.get("reason", "")),
            str(params["reason_key"]),
            **(dict(inner_params) if isinstance(inner_params, Mapping) else {}),
        )
        params = {**params, "reason": said(inner)}
    values = [_shown(name, params.get(name, "")) for name in names]

    def value(m: re.Match[str]) -> str:
        n = int(m.group(1))
        return values[n - 1] if 1 <= n <= len(values) else m.group(0)

    return _PLACEHOLDER.sub(value, text)


__all__ = ["said", "templates"]
