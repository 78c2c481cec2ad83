"""The hand checker, driven by taps: a real app over a fresh data folder, a player in riichi, the hand built on the
tile picker, the check's verdict as the screen shows it, and the fault recorded through the ruling flow with the hand
attached to the stored incident and shown in the history. Hands and verdicts are those of docs/hand-checks.md ("Waits
and tenpai", "A concealed kan after riichi"); the payments are EMA 2012 §3.4.6's mangan chombo (0 start)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QAbstractButton, QApplication, QScrollArea, QWidget

from refapp.app import build
from refapp.ui.tile_picker import ALL_TILES, hand_groups, split_tiles, tile_pixmap

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ("Ann", "Bob", "Cyd", "Dan")


def tap(qtbot, widget: QWidget) -> None:
    """A finger tap in the middle of ``widget``, scrolled into view first (a hidden target cannot be hit)."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QScrollArea):
            parent.ensureWidgetVisible(widget, 8, 8)
        parent = parent.parentWidget()
    QApplication.processEvents()
    assert not widget.visibleRegion().isEmpty(), f"{widget.objectName()!r} is not on screen"
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.rect().center())
    QApplication.processEvents()


def start(window, ruleset: str) -> None:
    s = window.setup
    s.tournament.setText("Paris Riichi Open")
    for edit, name in zip(s.players, PLAYERS, strict=True):
        edit.setText(name)
    s.ruleset.set_value(ruleset)
    s.referee.setText("Marie")
    s.pin_setup.choice.set_value("none")  # "No PIN (club night)": the PIN question is answered
    s.start_hanchan()


@pytest.fixture
def table(qtbot, tmp_path, request):
    """EMA 2012 (or the rule set of ``@pytest.mark.parametrize("table", [...], indirect=True)``), Cyd (West, seat 2)
    in riichi: one stick on the table."""
    ruleset = getattr(request, "param", "ema-2012")
    controller, window = build(tmp_path / "data", QApplication.instance())
    qtbot.addWidget(window)
    window.resize(1024, 768)
    window.show()
    start(window, ruleset)
    assert controller.commit(controller.new_event("riichi", seat=2)) is not None, controller.last_error
    yield controller, window
    window.show_board()  # no page left open that would read the closed store on the next test's language change
    window.close()
    window.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    controller.session.store.close()


def open_check(qtbot, window, seat: int = 2):
    """Tap the seat, then "Check this player's hand" at the top of the offence palette."""
    tap(qtbot, window.board.seats[seat])
    assert window.pages.currentWidget() is window.ruling
    palette = window.ruling.palette_page
    assert palette.check_hand_button.text() == "Check this player's hand"
    tap(qtbot, palette.check_hand_button)
    assert window.pages.currentWidget() is window.hand_check
    return window.hand_check


def tap_tiles(qtbot, view, text: str) -> None:
    for name in split_tiles(text):
        tap(qtbot, view.picker.buttons[name])


def minus(text: str) -> str:
    return text.replace("\u2212", "-")


def table_rows(panel) -> list[list[str]]:
    grid, rows = panel.table, []
    for r in range(grid.rowCount()):
        row = []
        for c in range(grid.columnCount()):
            item = grid.itemAtPosition(r, c)
            if item is not None and item.widget() is not None and not item.widget().isHidden():
                row.append(minus(item.widget().text()))
        if row:
            rows.append(row)
    return rows


# -- noten riichi, from the tiles to the history ------------------------------------------------------------------


def test_noten_riichi_found_recorded_with_the_hand_and_shown_in_the_history(table, qtbot):
    controller, window = table
    view = open_check(qtbot, window)
    assert view.title.text() == "Hand check — Cyd"
    assert "riichi declared" in view.subtitle.text()
    hand = "1358m456p789s135z"  # 13 tiles, three away from tenpai
    tap_tiles(qtbot, view, hand)
    assert view.picker.info.text().startswith("Tiles: 13")
    assert [b.tile for b in view.picker.visible_hand_buttons()] == split_tiles(hand)  # the hand row, sorted
    tap(qtbot, view.check.buttons["waits"])
    assert view.verdict.text() == "Noten"
    assert view.verdict.objectName() == "verdict_error"
    assert "Cyd has declared riichi: a noten riichi." in view.detail.text()
    assert view.record_button.isVisible()
    assert view.record_button.full_text() == "Record noten riichi for Cyd"

    tap(qtbot, view.record_button)
    assert window.pages.currentWidget() is window.ruling
    ruling = window.ruling
    assert ruling.currentWidget() is ruling.questions  # a chombo asks about a simultaneous win first
    tap(qtbot, ruling.questions.widgets["simultaneous_win"].buttons["no"])
    tap(qtbot, ruling.questions.next_button)
    pp = ruling.preview_panel
    assert ruling.currentWidget() is pp
    assert pp.title.text() == "Noten riichi — Cyd"
    assert pp.ruling.text() == "Chombo"
    assert pp.citation.text() == "EMA 2012 §3.4.6"
    # L-CH-MAN: a non-dealer chombo pays 4,000 to the dealer and 2,000 to the others; Cyd's riichi stick goes back
    assert table_rows(pp) == [
        ["Player", "Now", "Change", "After"],
        ["Ann", "0", "+4,000", "4,000"],
        ["Bob", "0", "+2,000", "2,000"],
        ["Cyd", "-1,000", "-7,000", "-8,000"],
        ["Dan", "0", "+2,000", "2,000"],
    ]
    assert "Riichi sticks on the table: 1 → 0" in pp.facts.text()
    assert ruling.draft["hand_tiles"] == hand
    tap(qtbot, pp.confirm_button)
    assert window.pages.currentWidget() is window.board
    assert [minus(p.score.text()) for p in window.board.seats] == ["4,000", "2,000", "-8,000", "2,000"]

    stored = [e for e in controller.session.store.table_events(controller.table.table_id) if e["type"] == "incident"]
    assert len(stored) == 1
    assert stored[0]["offence"] == "noten_riichi" and stored[0]["seat"] == 2
    assert stored[0]["hand_tiles"] == hand

    tap(qtbot, window.nav["history"])
    history = window.history
    assert history.model.rowCount() == 1
    rect = history.list.visualRect(history.model.index(0))
    qtbot.mouseClick(history.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())  # tap the row
    assert history.pages.currentWidget() is history.detail_page
    assert history.detail_hand_label.isVisible()
    assert history.detail_hand_label.text() == f"Hand: {hand}"
    assert history.detail_hand.isVisible() and history.detail_hand.tiles() == split_tiles(hand)


def test_tenpai_shows_its_waits_as_tiles_and_no_fault(table, qtbot):
    _controller, window = table
    view = open_check(qtbot, window)
    tap_tiles(qtbot, view, "123m456p789s1122z")  # docs/hand-checks.md, waits: 1z 2z
    assert view.verdict.text() == "Tenpai: waits 1z 2z"
    assert view.verdict.objectName() == "verdict_info"
    assert view.strip.isVisible() and view.strip.tiles() == ["1z", "2z"]
    assert not view.record_button.isVisible()
    # tap a tile of the hand row: it goes back, and the check says what is missing
    tap(qtbot, view.picker.visible_hand_buttons()[-1])
    assert view.picker.concealed_notation() == "123m456p789s112z"
    assert "needed with these sets: 13; in the hand: 12" in view.verdict.text()


def test_dead_wait_on_own_kan_is_not_tenpai(table, qtbot):
    """docs/hand-checks.md, waits: 23m456p789s11z + concealed kan 1111m: structural waits 1m 4m, live wait 4m only."""
    _controller, window = table
    view = open_check(qtbot, window)
    tap(qtbot, view.picker.mode.buttons["ankan"])
    tap(qtbot, view.picker.buttons["1m"])
    assert [m.notation for m in view.picker.melds] == ["ankan:1111m"]
    assert view.picker.mode.value() == "hand"
    tap_tiles(qtbot, view, "23m456p789s11z")
    assert view.verdict.text() == "Tenpai: waits 4m"
    assert "1m not counted" in view.detail.text()


def test_a_fifth_copy_cannot_be_added(table, qtbot):
    _controller, window = table
    view = open_check(qtbot, window)
    picker = view.picker
    for _ in range(4):
        tap(qtbot, picker.buttons["1m"])
    assert picker.concealed == ["1m"] * 4
    assert not picker.buttons["1m"].isEnabled()  # greyed out
    qtbot.mouseClick(picker.buttons["1m"], Qt.MouseButton.LeftButton)
    picker.tap("1m")  # even a scripted tap
    assert picker.concealed == ["1m"] * 4
    # a pon or a kan needs three or four free copies
    tap_tiles(qtbot, view, "55p")
    tap(qtbot, picker.mode.buttons["pon"])
    assert not picker.buttons["5p"].isEnabled()
    assert picker.buttons["6p"].isEnabled()
    tap(qtbot, picker.mode.buttons["ankan"])
    assert not picker.buttons["5p"].isEnabled()
    tap(qtbot, picker.buttons["7s"])
    assert picker.melds[-1].notation == "ankan:7777s"
    tap(qtbot, picker.mode.buttons["pon"])
    assert not picker.buttons["7s"].isEnabled()  # all four are in the kan
    # a chi: honours are off, and only tiles that can still make a run
    tap(qtbot, picker.mode.buttons["chi"])
    assert not picker.buttons["1z"].isEnabled()
    tap(qtbot, picker.buttons["3s"])
    assert picker.buttons["5s"].isEnabled() and not picker.buttons["6s"].isEnabled()
    assert not picker.buttons["3p"].isEnabled()  # another suit
    tap_tiles(qtbot, view, "54s")
    assert picker.melds[-1].notation == "chi:345s"
    assert picker.total() == 12  # 6 concealed + two sets of three (the kan counts three)
    # Clear starts again
    tap(qtbot, picker.clear_button)
    assert picker.concealed == [] and picker.melds == [] and picker.buttons["1m"].isEnabled()


@pytest.mark.parametrize("table", ["ema-2016"], indirect=True)
def test_invalid_kan_after_riichi_gives_the_reason_and_records_it(table, qtbot):
    """docs/hand-checks.md, kan after riichi: 6667778889m123p, draws 6m, kan 6m: the waits go from 6789m to 789m: INVALID (both rules)."""
    controller, window = table
    view = open_check(qtbot, window)
    tap(qtbot, view.check.buttons["kan"])
    tap_tiles(qtbot, view, "6667778889m123p")
    assert view.verdict.text() == "Tap “Drawn tile”, then the tile just drawn."
    tap(qtbot, view.slots["drawn"].button)
    assert view.picker.info.text() == "Tap the tile just drawn."
    tap(qtbot, view.picker.buttons["6m"])
    assert view.drawn == "6m" and view.slots["drawn"].button.tile == "6m"
    assert view.slots["kantile"].button.tile == "6m"  # the kan is of the drawn tile unless told otherwise
    assert not view.picker.buttons["6m"].isEnabled()  # three in the hand and the one drawn
    assert view.verdict.text() == "INVALID: the kan changes the waits (before 6m 7m 8m 9m, after 7m 8m 9m)."
    assert view.strip.tiles() == ["6m", "7m", "8m", "9m", "7m", "8m", "9m"]
    assert view.record_button.full_text() == "Record invalid kan after riichi for Cyd"
    tap(qtbot, view.record_button)
    ruling = window.ruling
    if ruling.currentWidget() is ruling.questions:
        tap(qtbot, ruling.questions.widgets["simultaneous_win"].buttons["no"])
        tap(qtbot, ruling.questions.next_button)
    pp = ruling.preview_panel
    assert pp.title.text() == "Invalid concealed kan after riichi — Cyd"
    assert pp.ruling.text().startswith("Chombo")
    tap(qtbot, pp.confirm_button)
    stored = [e for e in controller.session.store.table_events(controller.table.table_id) if e["type"] == "incident"]
    assert stored[-1]["offence"] == "invalid_kan_after_riichi"
    assert stored[-1]["hand_tiles"] == "6667778889m123p drawn:6m kantile:6m"


@pytest.mark.parametrize(
    ("table", "verdict"),
    [
        ("ema-2016", "INVALID: the three 1m can be read otherwise than as a pung."),  # strict: 123m ×3 reading
        ("japanese-modern", "Valid: the kan keeps the waits (4m 5m)."),  # the waits rule only
    ],
    indirect=["table"],
)
def test_the_kan_rule_comes_from_the_rule_set(table, qtbot, verdict):
    """docs/hand-checks.md, kan after riichi: 1112223335m123p, draws 1m, kan 1m: waits 4m 5m before and after; strict refuses it."""
    _controller, window = table
    view = open_check(qtbot, window)
    tap(qtbot, view.check.buttons["kan"])
    tap_tiles(qtbot, view, "1112223335m123p")
    tap(qtbot, view.slots["drawn"].button)
    tap(qtbot, view.picker.buttons["1m"])
    assert view.verdict.text() == verdict
    assert view.record_button.isVisible() == verdict.startswith("INVALID")


def test_kan_of_another_tile_than_the_drawn_one(table, qtbot):
    """docs/hand-checks.md, kan after riichi: 3334m567p789s111z, draws 5z, kan 3m: INVALID (kan ≠ drawn)."""
    _controller, window = table
    view = open_check(qtbot, window)
    tap(qtbot, view.check.buttons["kan"])
    tap_tiles(qtbot, view, "3334m567p789s111z")
    tap(qtbot, view.slots["drawn"].button)
    tap(qtbot, view.picker.buttons["5z"])
    tap(qtbot, view.slots["kantile"].button)
    tap(qtbot, view.picker.buttons["3m"])
    assert view.verdict.text().startswith("INVALID: only the tile just drawn may be konged after riichi (drew 5z")
    assert view.fault is not None and view.fault[1] == "3334m567p789s111z drawn:5z kantile:3m"


def test_win_check_uses_the_table_winds_and_records_an_invalid_win(table, qtbot):
    controller, window = table
    view = open_check(qtbot, window)
    tap(qtbot, view.check.buttons["win"])
    assert view.situation.text() == "Seat wind West, round wind East, counters: 0."
    assert view.riichi.isChecked()  # Cyd is in riichi on the board
    tap_tiles(qtbot, view, "123m456p789s11z23s")
    tap(qtbot, view.slots["win"].button)
    tap(qtbot, view.picker.buttons["1s"])  # the winning tile: added to the hand
    assert view.slots["win"].button.tile == "1s"
    assert view.verdict.text().startswith("Valid win: ")
    assert "Riichi 1" in view.detail.text()
    assert not view.record_button.isVisible()
    # an open hand without yaku: no riichi, a pon of 5p
    tap(qtbot, view.picker.clear_button)
    tap(qtbot, view.riichi)
    tap(qtbot, view.picker.mode.buttons["pon"])
    tap(qtbot, view.picker.buttons["5p"])
    tap_tiles(qtbot, view, "234m678s11z999p")
    assert view.verdict.text() == "INVALID: the hand has no yaku (dora do not count)."
    assert view.record_button.full_text() == "Record invalid win (hand revealed) for Cyd"
    tap(qtbot, view.record_button)
    ruling = window.ruling
    tap(qtbot, ruling.questions.widgets["simultaneous_win"].buttons["no"])
    tap(qtbot, ruling.questions.next_button)
    assert ruling.preview_panel.title.text() == "Invalid win, hand revealed — Cyd"
    assert ruling.draft["hand_tiles"] == "234m999p678s11z pon:555p ron:9p"


def test_an_offence_tapped_in_the_palette_after_a_check_carries_no_hand(table, qtbot):
    _controller, window = table
    view = open_check(qtbot, window)
    tap_tiles(qtbot, view, "1358m456p789s135z")
    tap(qtbot, view.record_button)
    ruling = window.ruling
    assert ruling.hand_tiles == "1358m456p789s135z"
    tap(qtbot, ruling.questions.back_button)  # back to the hand check it came from, then to the palette
    assert window.pages.currentWidget() is window.hand_check
    tap(qtbot, window.hand_check.back_button)
    tap(qtbot, ruling.palette_page.buttons["warning"])
    tap(qtbot, ruling.questions.widgets["reason"].buttons["conduct"])
    tap(qtbot, ruling.questions.next_button)
    assert ruling.currentWidget() is ruling.preview_panel
    assert "hand_tiles" not in ruling.draft


def test_back_returns_to_the_palette_and_every_target_is_64px(table, qtbot):
    _controller, window = table
    view = open_check(qtbot, window)
    tap_tiles(qtbot, view, "1358m456p789s135z")
    small = [
        f"{b.objectName() or b.text()} {b.width()}×{b.height()}"
        for b in view.findChildren(QAbstractButton)
        if b.isVisible() and (b.width() < 64 or b.height() < 64)
    ]
    assert small == []
    tap(qtbot, view.back_button)
    assert window.pages.currentWidget() is window.ruling
    assert window.ruling.currentWidget() is window.ruling.palette_page


# -- tiles and notation -------------------------------------------------------------------------------------------


def test_the_tile_images_are_shipped_and_drawn_at_the_device_pixel_ratio(qapp):
    tiles = ROOT / "resources" / "tiles"
    for name in (*ALL_TILES, "0m", "0p", "0s", "back"):
        renderer = QSvgRenderer(str(tiles / f"{name}.svg"))
        assert renderer.isValid(), name
        box = renderer.viewBoxF()
        assert (box.width(), box.height()) == (60, 80), name  # 3:4
    assert "MIT" in (tiles / "LICENSE").read_text(encoding="utf-8")
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = data["tool"]["setuptools"]["package-data"]["refapp.resources"]
    assert "tiles/*.svg" in shipped and "tiles/LICENSE" in shipped
    pix = tile_pixmap("7z", QSize(60, 80), 2.0)
    assert (pix.width(), pix.height(), pix.devicePixelRatio()) == (120, 160, 2.0)


def test_hand_notation_groups():
    assert hand_groups("123m11z pon:555p ankan:1m ron:1z") == [
        ("Hand", ["1m", "2m", "3m", "1z", "1z"]),
        ("Pon", ["5p", "5p", "5p"]),
        ("Concealed kan", ["1m", "1m", "1m", "1m"]),
        ("Ron on", ["1z"]),
    ]
