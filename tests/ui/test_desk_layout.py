"""Setup, History and Results fit every screen the app is checked at, in English and in French: no sideways
scrolling, nothing outside the window, no text cut, no control cut by its container or squeezed
(``tests/ui/layout.py``), and no placeholder cut short. Each state a referee meets is rendered: Setup empty, filled
and with errors; History's list, its filters and a ruling's detail; Results while the hanchan is played, and
finished with a substitute, with the chart."""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QLocale
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QLineEdit,
    QPushButton,
    QStyle,
    QStyleOptionButton,
    QWidget,
)

from refapp.app import build, install_translators
from tests.ui.layout import SIZE_IDS, SIZES, layout_problems, settle

LANGS = ["en", "fr"]
PLAYERS = ("Émile Zola-Dubois", "Zoé Martin", "Ann Lefèvre", "Daniel Wu")


def placeholder_problems(window: QWidget) -> list[str]:
    """An empty field whose placeholder (the hint in the field) does not fit: the hint is cut short."""
    out = []
    for edit in window.findChildren(QLineEdit):
        if not edit.isVisibleTo(window) or edit.text() or not edit.placeholderText():
            continue
        room = edit.contentsRect().width() - edit.textMargins().left() - edit.textMargins().right() - 8
        if edit.isClearButtonEnabled():
            room -= 24  # the clear button appears as soon as something is typed
        need = edit.fontMetrics().horizontalAdvance(edit.placeholderText())
        if need > room:
            out.append(f"{edit.objectName() or 'field'}: hint {edit.placeholderText()!r} needs {need} px, has {room}")
    return out


def button_problems(window: QWidget) -> list[str]:
    """A button whose text is wider than the inside of the button (its width less the theme's padding and border):
    the text is cut at both ends."""
    out = []
    for b in window.findChildren(QPushButton):
        if not b.isVisibleTo(window) or not b.text() or isinstance(getattr(b, "label", None), QLabel):
            continue
        opt = QStyleOptionButton()
        b.initStyleOption(opt)
        inside = b.style().subElementRect(QStyle.SubElement.SE_PushButtonContents, opt, b).width()
        need = max(b.fontMetrics().horizontalAdvance(line) for line in b.text().split("\n"))
        if need > inside + 1:
            out.append(f"button {b.text()!r}: text needs {need} px, has {inside}")
    return out


def commit(controller, type_: str, **fields: Any) -> dict[str, Any]:
    event = controller.new_event(type_, **fields)
    assert controller.commit(event) is not None, controller.last_error
    return event


def fill_setup(window, players=PLAYERS, tournament="Championnat de France de Riichi 2026") -> None:
    s = window.setup
    s.tournament.setText(tournament)
    for edit, name in zip(s.players, players, strict=True):
        edit.setText(name)
    s.ruleset.set_value("ema-2016")
    s.referee.setText("Marie-Hélène Duval")
    if not s.pin_setup.answered():
        s.pin_setup.choice.buttons["none"].click()  # "No PIN (club night)"


def play(window) -> None:
    """A few hands with incidents (a penalty with a note, a warning, a voided dead hand) at EMA 2016."""
    c = window.controller
    fill_setup(window)
    window.setup.start_hanchan()
    assert c.state is not None and c.state.started
    commit(c, "riichi", seat=1)
    commit(c, "win", kind="ron", discarder=3, winners=[{"seat": 1, "han": 3, "fu": 40}])
    commit(c, "incident", seat=2, offence="wrong_win_word", answers={"corrected_at_once": True, "revealed": False})
    commit(c, "draw", tenpai=[0, 2])
    commit(
        c,
        "incident",
        seat=1,
        offence="point_penalty",
        answers={"reason": "conduct", "amount": 2000},
        note="Le téléphone a sonné pendant la main, deuxième fois de la journée",
    )
    commit(c, "incident", seat=0, offence="warning")
    commit(c, "incident", seat=3, offence="dead_hand")
    c.undo("wrong seat")
    commit(c, "riichi", seat=3)
    commit(c, "win", kind="tsumo", winners=[{"seat": 3, "limit": "mangan"}])


def finish_with_substitute(window) -> None:
    c = window.controller
    play(window)
    commit(c, "incident", seat=2, offence="missed_hanchan", answers={"during_play": True}, substitute="Paul Remplaçant")
    commit(c, "hanchan_end", reason="time limit")


LONG_NAMES = {
    "Ann": "Émile Zola-Dubois", "Bob": "Zoé Martin", "Cyd": "Ann Lefèvre", "Dan": "Daniel Wu",
    "Eve": "Marie-Hélène Duval-Lacroix", "Fay": "Fay Okonkwo", "Gus": "Gustave Beaumarchais", "Hal": "Hal Nakamura",
    "Sam": "Samuel Remplaçant-Petit",
}  # fmt: skip


def tournament(window) -> None:
    """Two tables, two hanchans of WRC 2015 (tests/standings_data.py) with long names: a tie, a disqualified
    player not listed, a substitute apart; then hanchan 3 in play at table 1."""
    from refapp.store.tablebook import TableBook
    from tests.standings_data import wrc_tables

    c = window.controller
    for number, log in enumerate(wrc_tables(), start=1):
        for e in log:
            if e["type"] == "hanchan_start":
                e["players"] = [LONG_NAMES[p] for p in e["players"]]
            if e.get("substitute"):
                e["substitute"] = LONG_NAMES[e["substitute"]]
        table = c.session.store.setup_table("Championnat de France de Riichi 2026", number)
        book = TableBook(c.session.store, table, c.rulesets)
        for e in log:
            book.commit(e)
    c.open_table(c.session.store.tables(c.session.store.tournaments()[0]["id"])[0])
    players = [LONG_NAMES[p] for p in ("Ann", "Bob", "Cyd", "Dan")]
    commit(c, "hanchan_start", players=players, ruleset="wrc-2015", hanchan=3)


SCENARIOS: dict[str, Callable[[Any], None]] = {
    "fresh": lambda w: None,
    "played": play,
    "finished": finish_with_substitute,
    "tournament": tournament,
}


@pytest.fixture(scope="module")
def windows(qapp) -> Iterator[Callable[[str], Any]]:
    """One app per scenario, built once for the module (rendering only: each test sets the page and the size)."""
    built: dict[str, tuple[Any, Any]] = {}
    folder = tempfile.TemporaryDirectory()

    def get(name: str):
        if name not in built:
            install_translators(qapp, "en")
            controller, window = build(Path(folder.name) / name, qapp)
            window.show()
            SCENARIOS[name](window)
            built[name] = (controller, window)
        return built[name][1]

    yield get
    for controller, window in built.values():
        window.close()
        window.deleteLater()
        controller.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    for controller, _ in built.values():
        controller.session.store.close()
    install_translators(qapp, "en")
    QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedKingdom))
    folder.cleanup()


def render(qapp, window, lang: str, size: tuple[int, int], show: Callable[[], None]) -> list[str]:
    install_translators(qapp, lang)
    window.resize(*size)
    show()
    for _ in range(3):
        qapp.processEvents()
    settle()  # (the standings are worked out in a worker)
    assert window.size().toTuple() == size
    return layout_problems(window) + placeholder_problems(window) + button_problems(window)


# -- Setup ----------------------------------------------------------------------------------------------------


def _setup_errors(window) -> None:
    window.show_setup(force=True)
    s = window.setup
    s.tournament.setText("")
    for edit, name in zip(s.players, ("Ann", "Bob", "Ann", ""), strict=True):
        edit.setText(name)
    s.start_hanchan()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("state", ["empty", "filled", "errors"])
def test_setup_fits(qapp, windows, state, lang, size):
    if state == "empty":
        window = windows("fresh")
        show = lambda: window.show_setup(force=True)  # noqa: E731
    elif state == "filled":
        window = windows("played")
        show = lambda: window.show_setup(force=True)  # noqa: E731
    else:
        window = windows("fresh")
        show = lambda: _setup_errors(window)  # noqa: E731
    assert render(qapp, window, lang, size, show) == []
    assert window.pages.currentWidget() is window.setup


# -- History ----------------------------------------------------------------------------------------------------


def _history(window, what: str) -> None:
    window.show_history()
    view = window.history
    view.voided_toggle.setChecked(True)
    QApplication.processEvents()
    if what == "filters":
        view.open_picker("player")
    elif what == "detail":
        row = next(r for r in view.model.rows if r.get("offence") == "point_penalty")
        view.open_detail(row)
    elif what == "voided":
        row = next(r for r in view.model.rows if r.get("voided"))
        view.open_detail(row)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("what", ["list", "filters", "detail", "voided"])
def test_history_fits(qapp, windows, what, lang, size):
    window = windows("played")
    assert render(qapp, window, lang, size, lambda: _history(window, what)) == []
    assert window.pages.currentWidget() is window.history
    if what == "list":  # the filters leave the list most of the page: at least four rows in view
        assert window.history.list.viewport().height() >= 4 * 76


# -- Results ----------------------------------------------------------------------------------------------------


def chart_problems(chart) -> list[str]:
    """Texts of the chart drawn over each other or outside it (legend names, axis numbers, hand labels)."""
    QApplication.processEvents()
    chart.grab()  # lays the chart out as painted
    texts = chart.text_rects()
    frame = chart.rect()
    out = [f"{t!r} outside the chart" for t, r in texts if not frame.contains(r.toAlignedRect())]
    for i, (a, ra) in enumerate(texts):
        for b, rb in texts[i + 1 :]:
            if ra.intersects(rb):
                out.append(f"{a!r} collides with {b!r}")
    return out


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("state", ["played", "finished"])
def test_results_and_chart_fit(qapp, windows, state, lang, size):
    window = windows(state)
    assert render(qapp, window, lang, size, window.show_results) == []
    view = window.results
    assert window.pages.currentWidget() is view
    assert view.chart.isVisible() and view.chart.point_count() > 0
    assert chart_problems(view.chart) == []
    # one line per player when the table fits the page, two lines only when it does not
    assert view.table.stacked == (view.table.natural_width() > view.table.width())
    if state == "finished" and lang == "fr":
        assert view.title.text() == "Résultats du hanchan 1"


def _standings(window) -> None:
    window.show_results()
    window.results.show_scope("tournament")


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("state", ["finished", "tournament"])
def test_tournament_standings_and_chart_fit(qtbot, qapp, windows, state, lang, size):
    window = windows(state)
    assert render(qapp, window, lang, size, lambda: _standings(window)) == []
    view = window.results.tournament
    assert view.isVisible() and view.ranking.isVisible() and view.chart.point_count() > 0
    assert chart_problems(view.chart) == []
    assert view.ranking.stacked == (view.ranking.natural_width() > view.ranking.width())
    if state == "tournament":  # every part shown: the ranking, the player not listed, the substitute, the chart
        assert view.not_listed.isVisible() and view.substitutes.isVisible() and len(view.chart.names()) == 4
    window.results.show_scope("hanchan")  # the next test of this window starts on this hanchan's results
