"""One line in words for any stored entry: "Ron: Dana from Bruno, 3 han 40 fu", "Riichi: Bob",
"Chombo: Cyd (invalid win, hand revealed)".

Used wherever the app names an entry to a person: the "Recorded: …" message after every confirm, the undo dialog.
Events are the stored dicts (``refapp.domain.events`` describes their fields); names are the seats' players in seat
order. Nothing here shows a raw value: an unknown reason or kind is left out rather than printed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication

from ...domain.offences import CHOICES, GENERIC, OFFENCES, OTHER_CAUSE
from .texts import answer_label, offence_name, points, ruling_name


def _lower_first(text: str) -> str:
    """ "Invalid win, hand revealed" → "invalid win, hand revealed" (an acronym such as "EMA" is kept)."""
    if len(text) > 1 and text[1].isupper():
        return text
    return text[:1].lower() + text[1:]


def _limit(key: str, multiple: int = 1) -> str:
    names = {
        "mangan": QCoreApplication.translate("Describe", "mangan"),
        "haneman": QCoreApplication.translate("Describe", "haneman"),
        "baiman": QCoreApplication.translate("Describe", "baiman"),
        "sanbaiman": QCoreApplication.translate("Describe", "sanbaiman"),
        "yakuman": QCoreApplication.translate("Describe", "yakuman"),
    }
    name = names.get(key, "")
    if key == "yakuman" and multiple > 1:
        return QCoreApplication.translate("Describe", "%1× yakuman").replace("%1", str(multiple))
    return name


def hand_value(value: Mapping[str, Any], tsumo: bool = False) -> str:
    """A winner's hand value in words: "3 han 40 fu", "mangan", "2× yakuman", "8,000 points"."""
    if value.get("limit"):
        return _limit(str(value["limit"]), int(value.get("yakuman") or 1))
    if value.get("points") is not None:
        if tsumo and value.get("dealer_points") is not None:
            return (
                QCoreApplication.translate("Describe", "%1 points each, %2 from the dealer")
                .replace("%1", points(value["points"]))
                .replace("%2", points(value["dealer_points"]))
            )
        if tsumo:
            return QCoreApplication.translate("Describe", "%1 points each").replace("%1", points(value["points"]))
        return QCoreApplication.translate("Describe", "%1 points").replace("%1", points(value["points"]))
    han, fu = value.get("han"), value.get("fu")
    if han is not None and fu is not None:
        return QCoreApplication.translate("Describe", "%1 han %2 fu").replace("%1", str(han)).replace("%2", str(fu))
    if han is not None:
        return QCoreApplication.translate("Describe", "%1 han").replace("%1", str(han))
    return ""


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return "?"


def _liable(winner: Mapping[str, Any], names: Sequence[str]) -> str:
    if winner.get("liable") is None:
        return ""
    return QCoreApplication.translate("Describe", ", %1 liable (pao)").replace("%1", _name(names, winner["liable"]))


def _win(event: Mapping[str, Any], names: Sequence[str], head_bump: bool = False) -> str:
    winners = [w for w in event.get("winners") or [] if isinstance(w, Mapping)]
    if event.get("kind") == "tsumo" and winners:
        w = winners[0]
        return QCoreApplication.translate("Describe", "Tsumo: %1, %2").replace(
            "%1", _name(names, w.get("seat"))
        ).replace("%2", hand_value(w, tsumo=True)) + _liable(w, names)
    discarder = _name(names, event.get("discarder"))
    bumped = [s for s in event.get("bumped") or [] if isinstance(s, int)]
    d = event.get("discarder")
    if head_bump and len(winners) > 1 and isinstance(d, int):
        # a log that gave every caller's value: the first from the discarder's right won, the others were bumped
        ordered = sorted(winners, key=lambda w: (int(w.get("seat") or 0) - d) % 4)
        winners, bumped = ordered[:1], [int(w.get("seat") or 0) for w in ordered[1:]]
    if len(winners) == 1:
        w = winners[0]
        text = QCoreApplication.translate("Describe", "Ron: %1 from %2, %3").replace(
            "%1", _name(names, w.get("seat"))
        ).replace("%2", discarder).replace("%3", hand_value(w)) + _liable(w, names)
        for seat in bumped:  # each caller bumped, by name: never said to have won
            text += QCoreApplication.translate("Describe", "; %1 bumped (head bump), receives nothing").replace(
                "%1", _name(names, seat)
            )
        return text
    each = [
        QCoreApplication.translate("Describe", "%1 (%2)")
        .replace("%1", _name(names, w.get("seat")))
        .replace("%2", hand_value(w) + _liable(w, names))
        for w in winners
    ]
    return (
        QCoreApplication.translate("Describe", "Ron: %1 from %2")
        .replace("%1", QCoreApplication.translate("Describe", " and ").join(each))
        .replace("%2", discarder)
    )


def _abortive(reason: str) -> str:
    reasons = {
        "nine terminals": QCoreApplication.translate("Describe", "nine terminals"),
        "four winds": QCoreApplication.translate("Describe", "four winds"),
        "four riichi": QCoreApplication.translate("Describe", "four riichi"),
        "four kans": QCoreApplication.translate("Describe", "four kans"),
        "triple ron": QCoreApplication.translate("Describe", "triple ron"),
    }
    why = reasons.get(reason)
    return (
        QCoreApplication.translate("Describe", "Abortive draw: %1").replace("%1", why)
        if why
        else QCoreApplication.translate("Describe", "Abortive draw")
    )


def _draw(event: Mapping[str, Any], names: Sequence[str]) -> str:
    if event.get("kind") == "abortive":
        return _abortive(str(event.get("reason") or ""))
    tenpai = [s for s in event.get("tenpai") or [] if isinstance(s, int)]
    if not tenpai:
        text = QCoreApplication.translate("Describe", "Exhaustive draw: all noten")
    elif len(tenpai) == len(names):
        text = QCoreApplication.translate("Describe", "Exhaustive draw: all tenpai")
    else:
        text = QCoreApplication.translate("Describe", "Exhaustive draw: tenpai %1").replace(
            "%1", ", ".join(_name(names, s) for s in sorted(tenpai))
        )
    nagashi = [s for s in event.get("nagashi") or [] if isinstance(s, int)]
    if nagashi:
        text += QCoreApplication.translate("Describe", "; nagashi mangan: %1").replace(
            "%1", ", ".join(_name(names, s) for s in sorted(nagashi))
        )
    return text


def _why(event: Mapping[str, Any]) -> str:
    """What a generic ruling (a warning, a point penalty, a dead hand) was given for: the dead hand's offence, else
    the reason chosen ("" when the entry says neither)."""
    answers = event.get("answers")
    if not isinstance(answers, Mapping):
        return ""
    cause, reason = answers.get("cause"), answers.get("reason")
    if isinstance(cause, str) and (cause in OFFENCES or cause == OTHER_CAUSE):
        return answer_label("cause", cause)
    if isinstance(reason, str) and reason in CHOICES["reason"]:
        return answer_label("reason", reason)
    return ""


def _incident(event: Mapping[str, Any], names: Sequence[str], ruling: str, chombo_word: str) -> str:
    who = _name(names, event.get("seat"))
    offence = str(event.get("offence") or "")
    try:
        # a generic offence names the ruling itself ("Point penalty: Cyd (point penalty)"): its reason instead
        what = _why(event) if offence in GENERIC and ruling else offence_name(offence)
    except KeyError:
        what = ""
    try:
        decided = ruling_name(ruling, chombo_word) if ruling else ""
    except KeyError:
        decided = ""
    if decided and what:
        return (
            QCoreApplication.translate("Describe", "%1: %2 (%3)")
            .replace("%1", decided)
            .replace("%2", who)
            .replace("%3", _lower_first(what))
        )
    if decided:
        return QCoreApplication.translate("Describe", "%1: %2").replace("%1", decided).replace("%2", who)
    if what:
        return QCoreApplication.translate("Describe", "%1: %2").replace("%1", what).replace("%2", who)
    return QCoreApplication.translate("Describe", "Ruling: %1").replace("%1", who)


def describe(
    event: Mapping[str, Any],
    names: Sequence[str],
    ruling: str = "",
    chombo_word: str = "chombo",
    target: Mapping[str, Any] | None = None,
    target_ruling: str = "",
    amount: str = "",
    target_amount: str = "",
    head_bump: bool = False,
) -> str:
    """The entry in words. ``ruling`` is the applied ruling's kind for an incident ("chombo", "warning": the
    event itself holds only the offence and the answers), ``amount`` what it took from the offender, in its unit
    (``texts.ruling_amount``: "10 points"); ``target`` is the entry a void cancels (and ``target_ruling`` and
    ``target_amount`` its ruling and amount). ``head_bump``: the table's rule set has a head bump (a ron with
    several winners' values then names the first from the discarder's right as the winner, the others as
    bumped)."""
    kind = event.get("type")
    if kind == "riichi":
        return QCoreApplication.translate("Describe", "Riichi: %1").replace("%1", _name(names, event.get("seat")))
    if kind == "win":
        return _win(event, names, head_bump)
    if kind == "draw":
        return _draw(event, names)
    if kind == "incident":
        text = _incident(event, names, ruling, chombo_word)
        if amount and ruling:
            text = QCoreApplication.translate("Describe", "%1 — %2", "a ruling and its amount")
            text = text.replace("%1", _incident(event, names, ruling, chombo_word)).replace("%2", amount)
        return text
    if kind == "void":
        if target is None:
            return QCoreApplication.translate("Describe", "Undo")
        return QCoreApplication.translate("Describe", "Undo of %1").replace(
            "%1", describe(target, names, target_ruling, chombo_word, amount=target_amount, head_bump=head_bump)
        )
    if kind == "hanchan_start":
        players = ", ".join(str(p) for p in event.get("players") or [])
        number = event.get("hanchan")
        if isinstance(number, int):
            return (
                QCoreApplication.translate("Describe", "Start of hanchan %1: %2")
                .replace("%1", str(number))
                .replace("%2", players)
            )
        return QCoreApplication.translate("Describe", "Start of the hanchan: %1").replace("%1", players)
    if kind == "hanchan_end":
        return QCoreApplication.translate("Describe", "End of the hanchan")
    return QCoreApplication.translate("Describe", "An entry")


__all__ = ["describe", "hand_value"]
