"""Languages as a registry: a language is ``translations/refapp_XX.ts`` and its compiled ``.qm``, found at run time.

A new language is added the way docs/translations.md says, with no Python file touched: the translation script
writes its ``.ts`` (every entry to translate), a translator fills some, the script compiles it; Setup then lists it by
its own name and the screens speak it. A language whose ``.qm`` is missing shows English and says so; the setting
is kept. Settings take any language code; the ordinal and the search keywords are per language too."""

from __future__ import annotations

import importlib.util
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

from refapp.app import build, install_translators
from refapp.store.settings import Settings, load_settings
from refapp.ui.common import languages
from refapp.ui.common.texts import ordinal
from tests.ui.conftest import close_app

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location("update_translations", ROOT / "packaging" / "update_translations.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_languages_are_the_translation_files_found(qapp):
    assert languages.codes() == ["en", "fr"]
    assert [(lang.code, lang.name) for lang in languages.available()] == [("en", "English"), ("fr", "Français")]


@pytest.fixture(scope="module")
def german(tmp_path_factory) -> Path:
    """The translations folder with German added as docs/translations.md says: the script writes
    ``refapp_de.ts``, two entries are translated, the script compiles every language."""
    script = _script()
    folder = tmp_path_factory.mktemp("translations")
    for path in (ROOT / "translations").iterdir():
        if path.suffix in (".ts", ".qm"):
            shutil.copy(path, folder / path.name)
    script.lupdate(folder, ["de"])  # what `update_translations.py --add de` does first
    ts = folder / "refapp_de.ts"
    tree = ET.parse(ts)
    wanted = {("MainWindow", "Board"): "Spielfeld", ("TabletSection", "Language"): "Sprache"}
    for ctx in tree.getroot():
        for message in ctx.findall("message"):
            key = (ctx.find("name").text, message.find("source").text)
            if key in wanted:
                translation = message.find("translation")
                translation.attrib.pop("type", None)
                translation.text = wanted[key]
    tree.write(ts, encoding="utf-8", xml_declaration=True)
    script.lrelease(folder, folder)
    assert (folder / "refapp_de.qm").exists()
    return folder


def test_a_language_added_with_its_translation_file_is_listed_and_spoken(qtbot, tmp_path, german, monkeypatch):
    monkeypatch.setattr(languages, "translations_folder", lambda: german)
    assert languages.codes() == ["en", "de", "fr"]
    assert languages.native_name("de") == "Deutsch"
    app = QApplication.instance()
    controller, window = build(tmp_path / "data", app)
    qtbot.addWidget(window)
    try:
        window.show_setup(force=True)
        choice = window.setup.language
        assert {k: b.text() for k, b in choice.buttons.items()} == {"en": "English", "de": "Deutsch", "fr": "Français"}
        choice.buttons["de"].click()
        QApplication.processEvents()  # Qt's LanguageChange: every widget re-translates
        assert controller.settings.language == "de"
        assert load_settings(tmp_path / "data")[0].language == "de", "saved"
        assert window.nav["board"].text() == "Spielfeld"
        assert window.setup.tablet_section.language_label.text() == "Sprache"
        assert window.nav["history"].text() == "History", "an entry not translated yet stays in English"
        choice.buttons["en"].click()
        QApplication.processEvents()
        assert window.nav["board"].text() == "Board"
    finally:
        install_translators(app, "en")
        close_app(controller, window)


def test_a_language_without_its_translation_file_shows_english_and_says_so(qtbot, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(Settings(language="de").model_dump_json(), encoding="utf-8")
    app = QApplication.instance()
    controller, window = build(data, app)
    qtbot.addWidget(window)
    window.show()
    try:
        assert languages.installed_language(app) == "en"
        assert window.nav["board"].text() == "Board"
        assert window.banner.isVisible()
        assert "The language de has no translation file here (translations/refapp_de.qm)" in window.banner.text()
        assert controller.settings.language == "de", "the setting is kept (the file may come with the next release)"
        window.show_setup(force=True)
        assert window.setup.language.value() == "en"
    finally:
        install_translators(app, "en")
        close_app(controller, window)


def test_settings_take_any_language_code():
    assert Settings(language="pt_BR").language == "pt_BR"
    with pytest.raises(ValueError):
        Settings(language="Deutsch!")


def test_the_ordinal_is_said_by_each_language(qapp):
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th", "112th",
    ]  # fmt: skip
    install_translators(qapp, "fr")
    try:
        assert [ordinal(n) for n in (1, 2, 3, 11, 21)] == ["1er", "2e", "3e", "11e", "21e"]
        assert QCoreApplication.translate("Ordinal", "%1st") == "%1e"
    finally:
        install_translators(qapp, "en")


def test_search_words_of_any_language_are_found_by_its_code():
    from refapp.ui.ruling.search import KeywordError, parse_keywords

    keywords = parse_keywords(
        '[offences.invalid_win_revealed]\nen = ["false ron"]\nfr = ["faux ron"]\nde = ["falsches Ron"]\n', "k.toml"
    )
    assert keywords.offences["invalid_win_revealed"] == ("false ron", "faux ron", "falsches Ron")
    with pytest.raises(KeywordError, match=r"k.toml: offences.invalid_win_revealed.Deutsch: not a language code"):
        parse_keywords('[offences.invalid_win_revealed]\nen = ["x"]\nDeutsch = ["y"]\n', "k.toml")
    with pytest.raises(KeywordError, match=r"k.toml: offences.invalid_win_revealed: expected en = \[...\]"):
        parse_keywords('[offences.invalid_win_revealed]\nfr = ["y"]\n', "k.toml")
