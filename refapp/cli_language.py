"""The command line's refusals in the user's language: ``REFAPP_LANG=fr refapp ...`` prints the sentence of a
refusal's message id in French, from the same catalogue and translation file as the app.

A refusal raised with a message id (:mod:`refapp.domain.catalogue`) prints its catalogue sentence in English; when
``REFAPP_LANG`` names another language that has a translation file here, that sentence, and only it, is replaced by
its translation (the file, event and option names around it stay as they are: they name what the user typed). What
has no message id, an unknown language, or an unset ``REFAPP_LANG`` prints as before, in English; the log keeps
English. Qt's translations load only then (``QCoreApplication`` and ``QTranslator``, no window).
"""

from __future__ import annotations

import os

from .domain.catalogue import CATALOGUE, english

LANGUAGE = "REFAPP_LANG"


def _keyed(exc: BaseException) -> object | None:
    """The refusal with a message id in the catalogue: ``exc`` itself, the reason it carries, or what it wraps."""
    seen: set[int] = set()
    todo: list[object] = [exc]
    while todo:
        what = todo.pop(0)
        if what is None or id(what) in seen:
            continue
        seen.add(id(what))
        if getattr(what, "key", "") in CATALOGUE:
            return what
        todo += [getattr(what, "reason", None), getattr(what, "__cause__", None), getattr(what, "__context__", None)]
    return None


def in_language(line: str, exc: BaseException) -> str:
    """``line`` (what the command line prints for ``exc``) with its catalogue sentence in ``REFAPP_LANG``."""
    code = os.environ.get(LANGUAGE, "").strip()
    keyed = _keyed(exc) if code and code != "en" else None
    if keyed is None:
        return line
    params = getattr(keyed, "params", None) or {}
    sentence = english(str(getattr(keyed, "key", "")), params)
    if sentence not in line:
        return line
    from PySide6.QtCore import QCoreApplication

    from .ui.common.languages import install_translators, installed, is_available, remove_translators
    from .ui.common.messages import said

    if not is_available(code):
        return line
    app = QCoreApplication.instance() or QCoreApplication([])
    before = installed(app)  # an app already running in this process (a test) keeps its language
    install_translators(app, code)
    try:
        return line.replace(sentence, said(keyed))
    finally:
        if before is None:
            remove_translators(app)
        else:
            install_translators(app, before)


__all__ = ["LANGUAGE", "in_language"]
