"""What the domain and the store tell the user, said in the screen's language.

The domain, the store and the core raise errors (and return notices) with a message id and its parameters (``key``,
``params``: :mod:`refapp.domain.messages`); the sentence of every id is in the catalogue
(:mod:`refapp.domain.catalogue`), whose English the command line prints. :func:`said` gives the same sentence in the
current language (``QCoreApplication.translate("Message", template)``), its parameters put in (a rule set's name, a
ruling and a liability hand in words); what has no id is shown in English, as the command line prints it.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QCoreApplication

from ...domain.catalogue import CATALOGUE, CONTEXT, Params, fill
from ...domain.messages import Message
from .texts import pao_hand_name, ruleset_text, ruling_name


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
    if name == "hands" and isinstance(value, (list, tuple)):
        return ", ".join(pao_hand_name(h) for h in value) or QCoreApplication.translate("Message", "none")
    return str(value)


def said(what: object) -> str:
    """The message of an error or a notice in the current language (its English text when it has no known id)."""
    key = getattr(what, "key", "") or ""
    entry = CATALOGUE.get(key) if key else None
    if entry is None:
        english = getattr(what, "message", None)  # a LogError's message, without "event N: field:"
        return english if isinstance(english, str) and english else str(what)
    template, names = entry
    params: Params = getattr(what, "params", None) or {}
    if params.get("reason_key"):  # a refusal that carries another (a re-seat's hand the ledger refused): said too
        inner_params = params.get("reason_params")
        inner = Message(
            str(params.get("reason", "")),
            str(params["reason_key"]),
            **(dict(inner_params) if isinstance(inner_params, Mapping) else {}),
        )
        params = {**params, "reason": said(inner)}
    return fill(QCoreApplication.translate(CONTEXT, template), names, params, _shown)


__all__ = ["said"]
