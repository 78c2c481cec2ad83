"""Messages for the user: a message id with its parameters, and its English text.

What the domain, the store and the core tell the user is a message id (``key``) and its parameters (``params``): the
sentence of every id is in the catalogue (:mod:`refapp.domain.catalogue`), in English for the command line and the log,
and in the screen's language through the translation files (:mod:`refapp.ui.common.messages`). Exceptions carry
``key`` and ``params`` themselves (:class:`refapp.domain.events.LogError`, ``refapp.store.errors.StoreError``); a
message that is not an exception is a :class:`Message`, a ``str`` (its English text) that also knows its id, so that
code and tests that treat it as text are unchanged: ``Message(key="seating_no_tournament")``.
"""

from __future__ import annotations

from .catalogue import Param, english

# A language, as the translation files name it (translations/refapp_XX.qm): "en", "fr", "pt_BR".
LANGUAGE_CODE = r"^[a-z]{2,3}(_[A-Z]{2})?$"


class Message(str):
    """English text (the ``str`` itself) with a message id and its parameters."""

    key: str
    params: dict[str, Param]

    def __new__(cls, text: str = "", key: str = "", **params: Param) -> Message:
        message = super().__new__(cls, text or (english(key, params) if key else ""))
        message.key = key
        message.params = params
        return message


__all__ = ["LANGUAGE_CODE", "Message"]
