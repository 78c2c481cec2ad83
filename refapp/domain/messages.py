"""Messages for the user: English text, and a message id with its parameters for the screen.

The domain and the store say what happened in English: the command line prints that line as it is, and the log
keeps it. What can also reach the screen carries a message id (``key``) and its parameters (``params``), so that the
user interface says it in the screen's language (:mod:`refapp.ui.common.messages` holds the translated sentence of every
id). Exceptions carry ``key`` and ``params`` themselves (:class:`refapp.domain.events.LogError`,
``refapp.store.errors.StoreError``); a message that is not an exception is a :class:`Message`, a ``str`` (its English
text) that also knows its id, so that code and tests that treat it as text are unchanged.
"""

from __future__ import annotations

# A language, as the translation files name it (translations/refapp_XX.qm): "en", "fr", "pt_BR".
LANGUAGE_CODE = r"^[a-z]{2,3}(_[A-Z]{2})?$"


class Message(str):
    """English text (the ``str`` itself) with a message id and its parameters."""

    key: str
    params: dict[str, object]

    def __new__(cls, text: str, key: str = "", **params: object) -> Message:
        message = super().__new__(cls, text)
        message.key = key
        message.params = params
        return message


__all__ = ["LANGUAGE_CODE", "Message"]
