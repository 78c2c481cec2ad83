"""The languages refapp speaks, found at run time: a language is ``translations/refapp_XX.ts`` and its compiled
``refapp_XX.qm`` (XX a language code: ``fr``, ``de``, ``pt_BR``). Adding one touches no Python file
(docs/translations.md).

English is the source language: always there, with or without its ``refapp_en.qm`` (which holds only its plural
forms, "1 warning", "2 warnings"). A language is named in its own words (``QLocale.nativeLanguageName``: "Français",
"Deutsch"); numbers are formatted for it (30,000 / 30 000). Installing a language whose ``.qm`` is missing installs
English instead and says so (:func:`install_translators` returns the code installed).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from ...domain.messages import LANGUAGE_CODE

SOURCE = "en"
CODE = re.compile(LANGUAGE_CODE)
_QM = re.compile(r"refapp_(.+)\.qm")

# What is installed now, per application: (the language's code, its translators).
_installed: dict[int, tuple[str, list[QTranslator]]] = {}


@dataclass(frozen=True, slots=True)
class Language:
    code: str
    name: str  # in the language itself, capitalised: "English", "Français"


def translations_folder() -> Path:
    """Where the compiled translations are (the package ``refapp.translations``)."""
    return Path(str(resources.files("refapp.translations")))


def codes() -> list[str]:
    """The codes of the languages found: English first, then the others by code."""
    found = set()
    folder = translations_folder()
    if folder.is_dir():
        for path in folder.iterdir():
            m = _QM.fullmatch(path.name)
            if m and CODE.fullmatch(m.group(1)):
                found.add(m.group(1))
    return [SOURCE] + sorted(found - {SOURCE})


def is_available(code: str) -> bool:
    return code in codes()


def locale_for(code: str) -> QLocale:
    """The locale a language formats numbers with (English as in the United Kingdom: 30,000)."""
    if code == SOURCE:
        return QLocale(QLocale.Language.English, QLocale.Country.UnitedKingdom)
    return QLocale(code)


def native_name(code: str) -> str:
    """The language's name in its own words, capitalised ("Français"); the code when Qt does not know it."""
    if code == SOURCE:
        return "English"
    locale = QLocale(code)
    name = locale.nativeLanguageName() if locale.language() != QLocale.Language.C else ""
    return name[:1].upper() + name[1:] if name else code


def available() -> list[Language]:
    """The languages found, English first (as Setup lists them)."""
    return [Language(code, native_name(code)) for code in codes()]


def install_translators(app: QCoreApplication, language: str) -> str:
    """Load refapp's and Qt's own translations for ``language`` (replacing the previous ones: Qt then sends a
    LanguageChange event to every widget, which re-translates in place). Returns the code installed: English when
    ``language`` has no translation file here."""
    code = language if is_available(language) else SOURCE
    locale = locale_for(code)
    QLocale.setDefault(locale)
    current = _installed.get(id(app))
    if current is not None and current[0] == code:
        return code  # already in place (a start installs them before its first frame)
    for old in current[1] if current else []:
        app.removeTranslator(old)
    installed = []
    ours = QTranslator(app)  # English: its plural forms only
    if ours.load(locale, "refapp", "_", str(translations_folder())):
        app.installTranslator(ours)
        installed.append(ours)
    if code != SOURCE:
        qt = QTranslator(app)  # Qt's own strings: standard buttons read "Annuler"
        if qt.load(locale, "qtbase", "_", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
            app.installTranslator(qt)
            installed.append(qt)
    _installed[id(app)] = (code, installed)
    return code


def installed_language(app: QCoreApplication) -> str:
    """The code of the language installed in ``app`` (English before any)."""
    current = _installed.get(id(app))
    return current[0] if current else SOURCE


def installed(app: QCoreApplication) -> str | None:
    """The code of the language installed in ``app``, or None when none was."""
    current = _installed.get(id(app))
    return current[0] if current else None


def remove_translators(app: QCoreApplication) -> None:
    """Remove refapp's and Qt's translations from ``app`` (as before any was installed)."""
    current = _installed.pop(id(app), None)
    for old in current[1] if current else []:
        app.removeTranslator(old)


__all__ = [
    "CODE",
    "SOURCE",
    "Language",
    "available",
    "codes",
    "install_translators",
    "installed",
    "installed_language",
    "is_available",
    "locale_for",
    "native_name",
    "remove_translators",
]
