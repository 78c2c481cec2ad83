"""Render the user guide's screenshots (docs/user-guide.md) into docs/screenshots/ from a demo tournament (a fresh
temporary data folder).

    .venv/bin/python docs/make_screenshots.py            # offscreen
    xvfb-run -a .venv/bin/python docs/make_screenshots.py --real-window   # a real X11 window, grabbed from the screen
    xvfb-run -a -s "-screen 0 1920x1400x24" .venv/bin/python docs/make_screenshots.py --real-window --sizes

``--sizes`` renders every page (board, palette, questions, preview, hand result (as it opens, a ron, a double ron)
and its preview, hand check, history, results, the tournament's standings, setup (and its flags before a hanchan
under another rule set with players in play at another table, and the confirmation it asks), the session clock's
page, the venue's pages; at a table under WRC 2015, a head bump and its preview; and, at a table under the example
club file docs/online-ranked.toml, the Nagashi mangan entry, its preview and the board in an extra round) at
1024×768, 1280×800, 1366×768 and 800×1280 in English and French into ``docs/screenshots/sizes/`` (not kept in git:
pictures to look at, not to ship), and prints what the layout checker of the tests (``tests/ui/layout.py``) finds
cut or scrolling sideways on each. ``--only hand_*,wrc_head*`` keeps the pictures of the pages named so.

Screens: the board (light at 1280×800, dark, portrait 800×1280, a riichi waiting for its Confirm with the last entry
said in words, the session clock at time-up, the referee called, in English and French at 1280×800 and 800×1280),
the offence palette (and its search), the questions, a preview, the hand-result pad and its preview, the hand check,
the history, the results with the score chart, the tournament's standings, setup; and the board and a preview in
French. The tablet has a referee PIN (2468): the boards show table mode, the referee's screens are taken in referee
mode.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PIN = "2468"
sys.path.insert(0, str(ROOT))
OUT = ROOT / "docs" / "screenshots"


def demo(window, controller) -> None:
    """A few hands of an EMA 2016 hanchan, with incidents, so every screen has something to show."""
    setup = window.setup
    setup.tournament.setText("Paris Riichi Open 2026")
    setup.table_number.set_value(7)
    for edit, name in zip(setup.players, ["Ann Lefèvre", "Bob Martin", "Chloé Dubois", "Daniel Wu"], strict=True):
        edit.setText(name)
    setup.ruleset.set_value("ema-2016")
    setup.referee.setText("Marie")
    setup.pin_setup.choice.set_value("pin")
    setup.pin_setup.pin.setText(PIN)
    setup.pin_setup.pin_again.setText(PIN)
    setup.pin_setup.relock.set_value("300")  # the referee's screens below, one after the other, without the PIN pad
    setup.start_hanchan()
    c = controller

    def commit(type_: str, **fields) -> None:
        assert c.commit(c.new_event(type_, **fields)) is not None, c.last_error

    commit("riichi", seat=1)
    commit("win", kind="ron", discarder=3, winners=[{"seat": 1, "han": 3, "fu": 40}])
    commit("incident", seat=2, offence="wrong_win_word", answers={"corrected_at_once": True, "revealed": False})
    commit("draw", tenpai=[0, 2])
    commit("riichi", seat=3)
    commit("win", kind="tsumo", winners=[{"seat": 3, "limit": "mangan"}])
    commit("incident", seat=0, offence="wrong_tile_count", answers={})
    commit("riichi", seat=2)


def switch_table(window, controller, table_id: str) -> None:
    """The switcher, as a referee uses it: another table is a referee action (the PIN first, in table mode); the
    tablet is left in the mode it was in."""
    referee = controller.referee_mode
    controller.unlock(PIN)
    window.open_other_table(table_id)
    if referee:
        controller.unlock(PIN)
    else:
        controller.lock()


CLUB = ROOT / "docs" / "online-ranked.toml"  # the example club file: nagashi mangan, extra rounds


def house_rules_table(window, controller) -> str:
    """Table 8 under the example club file: eight draws with nobody tenpai take it into West 1, an extra round (nobody
    has 30,000). Returns its table id; the table open before is open again after."""
    back = controller.table.table_id
    setup = window.setup
    setup.table_number.set_value(8)
    for edit, name in zip(setup.players, ["Emma Petit", "Félix Bernard", "Hana Sato", "Ivo Novak"], strict=True):
        edit.setText(name)
    setup.ruleset.set_value("online-ranked")
    setup.confirm_start = lambda check: True  # not the tournament's rule set (EMA 2016): Start anyway
    setup.start_hanchan()
    del setup.confirm_start
    c = controller
    for _ in range(8):
        assert c.commit(c.new_event("draw", tenpai=[])) is not None, c.last_error
    eight = c.table.table_id
    switch_table(window, controller, back)
    return eight


def wrc_table(window, controller) -> str:
    """Table 1 of another tournament under WRC 2015 (1 point = 1,000 table points): a ron, Bob's chonbo (20 points)
    and Cyd's 10-point penalty, so the pages show amounts in WRC points. Returns its table id; the table open before
    is open again after."""
    back = controller.table.table_id
    setup = window.setup
    setup.tournament.setText("World Riichi Open 2026")
    setup.table_number.set_value(1)
    for edit, name in zip(setup.players, ["Ann Lefèvre", "Bob Martin", "Chloé Dubois", "Daniel Wu"], strict=True):
        edit.setText(name)
    setup.ruleset.set_value("wrc-2015")
    setup.start_hanchan()
    c = controller
    for type_, fields in (
        ("win", {"kind": "ron", "discarder": 3, "winners": [{"seat": 0, "han": 3, "fu": 40}]}),
        ("incident", {"seat": 1, "offence": "invalid_win_revealed", "answers": {"simultaneous_win": False}}),
        ("incident", {"seat": 2, "offence": "point_penalty", "answers": {"reason": "conduct", "amount": 10_000}}),
    ):
        assert c.commit(c.new_event(type_, **fields)) is not None, c.last_error
    wrc = c.table.table_id
    # table 2, over: its results in points (uma, penalty, final, overall)
    setup.table_number.set_value(2)
    for edit, name in zip(setup.players, ["Emma Petit", "Félix Bernard", "Hana Sato", "Ivo Novak"], strict=True):
        edit.setText(name)
    setup.start_hanchan()
    for type_, fields in (
        ("win", {"kind": "ron", "discarder": 2, "winners": [{"seat": 1, "limit": "mangan"}]}),
        ("incident", {"seat": 3, "offence": "point_penalty", "answers": {"reason": "conduct", "amount": 5_000}}),
        ("hanchan_end", {"reason": "time limit"}),
    ):
        assert c.commit(c.new_event(type_, **fields)) is not None, c.last_error
    switch_table(window, controller, back)
    return wrc


def grab(window, name: str, real: bool) -> None:
    from PySide6.QtWidgets import QApplication

    from tests.ui.layout import settle

    app = QApplication.instance()
    for _ in range(3):
        app.processEvents()
    settle()  # the work the page started in a worker (the standings, a sync) shown
    if real:
        pixmap = window.screen().grabWindow(window.winId())
    else:
        pixmap = window.grab()
    (OUT / name).parent.mkdir(parents=True, exist_ok=True)
    pixmap.save(str(OUT / f"{name}.png"))
    print(OUT / f"{name}.png")


SIZES = [(1024, 768), (1280, 800), (1366, 768), (800, 1280)]


def pages(window, controller, eight: str | None = None, wrc: str | None = None):
    """Each page of the app in turn, as (name, a function that shows it); with ``eight`` (the table of
    :func:`house_rules_table`), its Nagashi mangan entry, that entry's preview and its board in an extra round; with
    ``wrc`` (the table of :func:`wrc_table`), the pages that show its amounts in WRC points."""

    def palette() -> None:
        controller.unlock(PIN)
        window.start_ruling(2)

    def questions() -> None:
        palette()
        window.ruling.choose("invalid_win_revealed")

    def preview() -> None:
        questions()
        window.ruling.questions.set_answer("simultaneous_win", False)
        window.ruling.show_preview()

    def hand_result_start() -> None:  # the form as it opens: nothing tapped
        window.show_board()
        window.start_hand_result()

    def hand_result() -> None:
        window.show_board()
        window.start_hand_result()
        entry = window.hand.entry
        entry.seat_toggles[2].click()
        entry.discarder.buttons["1"].click()
        for _ in range(3):
            entry.editors[2].han.plus.click()
        entry.editors[2].fu.buttons["40"].click()

    def hand_preview() -> None:
        hand_result()
        window.hand.show_preview()

    def hand_double_ron() -> None:  # Chloé and Daniel both ron Bob: the second winner through Multiple ron
        hand_result()
        entry = window.hand.entry
        entry.another.click()
        entry.seat_toggles[3].click()
        entry.editors[3].mode.buttons["limit"].click()
        entry.editors[3].limit.buttons["mangan"].click()

    def hand_check() -> None:
        from refapp.ui.tile_picker import split_tiles

        controller.unlock(PIN)
        window.open_hand_check(2)
        window.hand_check.picker.clear()
        for t in split_tiles("123m456p789s1122z"):
            window.hand_check.picker.tap(t)

    def board() -> None:
        window.show_board()
        controller.lock()

    def reseat() -> None:  # Ann really sat South and Bob East: the seating given, before Preview
        window.show_board()
        controller.unlock(PIN)
        window.start_reseat()
        page = window.reseat_page
        page.rows[0].wind.set_value("1")
        page.rows[1].wind.set_value("0")

    def reseat_preview() -> None:
        reseat()
        window.reseat_page.show_preview()

    def board_confirm() -> None:  # the tournament asks for an opponent's tap: a draw entered by the table waits
        window.show_board()
        if controller.pending_confirmation() is None:
            controller.unlock(PIN)
            controller.set_confirm_rule(True)
            controller.lock()
            st = controller.state
            assert st is not None
            tenpai = [st.dealer, (st.dealer + 1) % 4]  # the dealer tenpai keeps the deal: the round stays
            assert controller.commit(controller.new_event("draw", tenpai=tenpai)) is not None, controller.last_error
        controller.lock()
        window.notice.hide()

    def confirm_done() -> None:  # (not a page) a referee confirms, and the setting is off again for what follows
        controller.unlock(PIN)
        controller.confirm_as_referee()
        controller.set_confirm_rule(False)
        window.show_board()

    def keyboard_focus() -> None:  # the board as a laptop's Tab leaves it: the third seat framed
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest
        from PySide6.QtWidgets import QApplication

        board()
        window.activateWindow()
        QApplication.processEvents()
        for _ in range(40):  # Tab, as on a laptop, until the third seat has the focus
            if QApplication.focusWidget() is window.board.seats[2]:
                break
            QTest.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_Tab)

    def setup() -> None:
        controller.unlock(PIN)
        window.show_setup()

    def setup_check() -> None:  # table 9 under WRC 2015 with players in play at table 7: flagged before Start
        setup()
        s = window.setup
        s.table_number.set_value(9)
        s.players_section.seat(["Ann Lefèvre", "Jade Moreau", "Daniel Wu", "Léo Garnier"], [False] * 4)
        s.ruleset.set_value("wrc-2015")
        s.show_check()
        s.area.ensureWidgetVisible(s.players[0], 8, 8)

    def setup_check_ruleset() -> None:  # the same, scrolled to the rule sets: the tournament's, and the flag
        setup_check()
        s = window.setup
        s.area.ensureWidgetVisible(s.ruleset_section.flag, 8, 8)

    def start_check() -> None:  # Start: the confirmation over Setup
        from refapp.ui.setup.start_check import StartCheckDialog

        setup_check()
        StartCheckDialog(window.setup.start_check(), controller.rulesets, window.setup).show()

    def venue(tab: str):
        def show() -> None:
            window.show_board()
            controller.unlock(PIN)
            window.show_tables(tab)
            if tab == "players":  # the list (a player shown before, at another table, is left)
                window._page("venue").players.show_player("")

        return show

    def player() -> None:  # one player's incidents across the tournament
        venue("players")()
        window._page("venue").players.show_player("Gaëlle Roux")

    def seating(publish: bool):
        def show() -> None:  # the desk's Seating tab: a plan of 3 sessions made (seed 7); then published
            from PySide6.QtWidgets import QApplication, QScrollArea

            def app_events() -> None:
                for _ in range(3):
                    QApplication.processEvents()

            venue("seating")()
            tab = window._page("venue").seating
            tab.sessions.set_value(3)
            tab.seed.setText("7")
            if not publish or tab.draft is None:
                tab.make()
            if publish:
                tab.publish()
            area = tab.parentWidget()
            while area is not None and not isinstance(area, QScrollArea):
                area = area.parentWidget()
            if area is not None:
                app_events()
                first = tab.make_title if not publish else tab.publish_said  # the plan made; the plan published
                area.verticalScrollBar().setValue(first.mapTo(area.widget(), first.rect().topLeft()).y() - 8)

        return show

    def not_held() -> None:  # the board of a table another device writes: Take over
        table5 = next(c for c in controller.venue.tables() if c.number == 5)
        switch_table(window, controller, table5.table_id)
        controller.lock()

    def back_to_seven() -> None:
        table7 = next(c for c in controller.venue.tables() if c.number == 7)
        switch_table(window, controller, table7.table_id)

    seven = controller.table.table_id if controller.table is not None else ""

    def hand_nagashi() -> None:  # an exhaustive draw at table 8: Félix tenpai, Ivo made nagashi mangan
        assert eight is not None
        switch_table(window, controller, eight)
        controller.unlock(PIN)
        window.start_hand_result()
        entry = window.hand.entry
        entry.kind.buttons["draw"].click()
        entry.seat_toggles[1].click()
        entry.nagashi_toggles[3].click()

    def hand_nagashi_preview() -> None:
        hand_nagashi()
        window.hand.show_preview()

    def board_extra_round() -> None:
        assert eight is not None
        switch_table(window, controller, eight)
        window.show_board()
        controller.lock()

    def on_wrc(show):
        def shown() -> None:
            assert wrc is not None
            window.show_board()
            switch_table(window, controller, wrc)
            show()

        return shown

    def wrc_preview() -> None:  # a 10-point penalty for Daniel, before Confirm
        controller.unlock(PIN)
        window.start_ruling(3)
        window.ruling.choose("point_penalty")
        window.ruling.questions.set_answer("reason", "conduct")
        window.ruling.questions.set_answer("amount", 10_000)
        window.ruling.show_preview()

    def wrc_head_bump() -> None:  # Daniel and Chloé call ron on Bob's discard: Chloé, on Bob's right, wins
        controller.unlock(PIN)
        window.start_hand_result()
        entry = window.hand.entry
        entry.seat_toggles[3].click()
        entry.another.click()
        entry.seat_toggles[2].click()
        entry.discarder.buttons["1"].click()
        entry.editors[2].mode.buttons["limit"].click()
        entry.editors[2].limit.buttons["mangan"].click()

    def wrc_head_bump_preview() -> None:
        wrc_head_bump()
        window.hand.show_preview()

    def wrc_penalty_question() -> None:  # a point penalty: the reason chosen, the usual amounts as buttons
        controller.unlock(PIN)
        window.start_ruling(3)
        window.ruling.choose("point_penalty")
        window.ruling.questions.set_answer("reason", "conduct")

    def wrc_dead_hand_question() -> None:  # which offence the dead hand is for
        controller.unlock(PIN)
        window.start_ruling(1)
        window.ruling.choose("dead_hand")

    def wrc_dead_hand_preview() -> None:  # what a dead hand means for the rest of the hand
        wrc_dead_hand_question()
        window.ruling.questions.set_answer("cause", "swap_calling")
        window.ruling.show_preview()

    def wrc_warning_question() -> None:  # a warning asks its reason
        controller.unlock(PIN)
        window.start_ruling(2)
        window.ruling.choose("warning")

    def wrc_two() -> None:  # table 2 of the WRC tournament, over
        two = next(t for t in controller.venue.tables() if t.number == 2)  # (the open table's tournament)
        switch_table(window, controller, two.table_id)

    def history_search(text: str):
        def show() -> None:  # the history's search (refapp.core.search): "" clears it
            window.show_board()
            window.show_history()
            window.history.search.setText(text)
            window.history.reload()

        return show

    published: list[bool] = []

    def wrc_planned() -> None:  # table 2 of the WRC tournament, over: the plan's session 2 and its Start, changed once
        from refapp.domain.seating import SessionSeating
        from refapp.store import seating

        wrc_two()
        table = controller.table
        if not published:  # the head referee's plan (published here: on a venue, it comes with the sync)
            store = controller.session.store
            first = (("Ann Lefèvre", "Emma Petit", "Chloé Dubois", "Hana Sato"),
                     ("Bob Martin", "Félix Bernard", "Daniel Wu", "Ivo Novak"))  # fmt: skip
            seating.publish(store, table.tournament_id, [SessionSeating(2, first)], "made", "Marie", seed=7)
            changed = (("Ann Lefèvre", "Emma Petit", "Daniel Wu", "Hana Sato"),
                       ("Bob Martin", "Félix Bernard", "Chloé Dubois", "Ivo Novak"))  # fmt: skip
            seating.publish(store, table.tournament_id, [SessionSeating(2, changed)], "changed", "Marie")
            published.append(True)
        window.planned.refresh()
        controller.lock()

    def wrc_detail() -> None:  # Bob's chonbo in the history
        window.show_history()
        view = window.history
        view.open_detail(next(r for r in view.model.rows if r.get("offence") == "invalid_win_revealed"))

    points = [
        ("wrc_board", on_wrc(lambda: controller.lock())),
        ("wrc_preview", on_wrc(wrc_preview)),
        ("wrc_head_bump", on_wrc(wrc_head_bump)),
        ("wrc_head_bump_preview", on_wrc(wrc_head_bump_preview)),
        ("wrc_penalty_question", on_wrc(wrc_penalty_question)),
        ("wrc_dead_hand_question", on_wrc(wrc_dead_hand_question)),
        ("wrc_dead_hand_preview", on_wrc(wrc_dead_hand_preview)),
        ("wrc_warning_question", on_wrc(wrc_warning_question)),
        ("wrc_history", on_wrc(window.show_history)),
        ("wrc_detail", on_wrc(wrc_detail)),
        ("wrc_results", on_wrc(lambda: (window.show_results(), window.results.show_scope("hanchan")))),
        ("wrc_results_over", on_wrc(lambda: (wrc_two(), window.show_results(), window.results.show_scope("hanchan")))),
        ("wrc_planned", on_wrc(wrc_planned)),
        ("wrc_standings", on_wrc(lambda: (window.show_results(), window.results.show_scope("tournament")))),
        ("wrc_player", on_wrc(lambda: (venue("players")(), window._page("venue").players.show_player("Bob Martin")))),
        ("back_from_wrc", lambda: (window.show_board(), switch_table(window, controller, seven))),
    ]
    house = [
        *(points if wrc is not None else []),
        ("hand_nagashi", hand_nagashi),
        ("hand_nagashi_preview", hand_nagashi_preview),
        ("board_extra_round", board_extra_round),
        ("back_from_eight", lambda: switch_table(window, controller, seven)),
    ]
    return [
        ("board", board),
        ("keyboard_focus", keyboard_focus),
        ("palette", palette),
        ("palette_chombo", lambda: (palette(), window.ruling.palette_page.quick["chombo"].click())),  # filtered
        ("questions", questions),
        ("preview", preview),
        ("hand_result_start", hand_result_start),
        ("hand_result", hand_result),
        ("hand_preview", hand_preview),
        ("hand_double_ron", hand_double_ron),
        ("hand_check", hand_check),
        ("history", lambda: (window.show_board(), window.show_history())),
        ("history_search", history_search("avertissement gaelle")),
        ("back_from_search", history_search("")),
        ("results", lambda: (window.show_board(), window.show_results(), window.results.show_scope("hanchan"))),
        ("standings", lambda: (window.show_board(), window.show_results(), window.results.show_scope("tournament"))),
        ("setup", setup),
        ("setup_check", setup_check),
        ("setup_check_ruleset", setup_check_ruleset),
        ("start_check", start_check),
        ("clock", lambda: (window.show_board(), controller.unlock(PIN), window.show_clock())),
        ("reseat", reseat),
        ("reseat_preview", reseat_preview),
        ("board_confirm", board_confirm),
        ("tables_confirm", lambda: (board_confirm(), venue("tables")()) if controller.venue.folder else None),
        ("back_from_confirm", confirm_done),
        *(house if eight is not None else []),
        ("tables", venue("tables")),
        ("players", venue("players")),
        ("player", player),
        ("seating", seating(False)),
        ("seating_published", seating(True)),
        ("conflicts", venue("conflicts")),
        ("devices", venue("devices")),
        ("this_device", venue("device")),
        ("board_other_device", not_held),
        ("back", back_to_seven),
    ][: None if controller.venue.folder else -10]


def clock_shots(window, controller, real: bool) -> None:
    """The board's session clock: a 90-minute session from 13:00, this table given 5 minutes after a long ruling at
    14:12, and time up at 14:36 (the controller's clock moved by hand: the pictures do not depend on the day)."""
    from datetime import datetime, timedelta

    start = datetime.now().astimezone().replace(hour=13, minute=0, second=0, microsecond=0)
    now = [start + timedelta(minutes=72)]
    controller.clock = lambda: now[0]
    controller.unlock(PIN)
    clock = controller.session_clock
    clock.set_session(1, start, 90)
    clock.give_extra_time(1, 5, "long ruling")
    controller.lock()
    window.resize(1280, 800)
    window.show_board()
    window.notice.hide()
    now[0] = start + timedelta(minutes=96)
    window.clock_panel.update_view()
    grab(window, "board_clock", real)


def planned_shots(app, window, controller, real: bool) -> None:
    """The seating plan at table 7: its hanchan of session 1 over, the head referee's plan gives it session 3 (Anna,
    Bruno, Chloé, Dan), shown under the board with its Start, in both languages."""
    from refapp.app import install_translators
    from refapp.domain.seating import SessionSeating
    from refapp.store import seating
    from refapp.store.players_import import import_players
    from refapp.store.roster import RosterEntry

    c = controller
    c.unlock(PIN)
    c.answer_call()  # (the call of the pictures before)
    assert c.commit(c.new_event("hanchan_end", reason="time limit")) is not None, c.last_error
    table, store = c.table, c.session.store
    names = ["Anna", "Bruno", "Chloé", "Dan", *(f"Player {i:02d}" for i in range(1, 25))]
    import_players(store, table.tournament, [RosterEntry(n) for n in names])
    tables = [tuple(names[4 + 4 * k : 8 + 4 * k]) for k in range(6)]
    tables.insert(6, ("Anna", "Bruno", "Chloé", "Dan"))
    seating.publish(store, table.tournament_id, [SessionSeating(3, tuple(tables))], "made", "Marie", seed=7)
    c.lock()
    window.show_board()
    window.notice.hide()
    window.planned.refresh()
    for lang, suffix in (("en", ""), ("fr", "_fr")):
        install_translators(app, lang)
        window.resize(1280, 800)
        grab(window, f"board_planned{suffix}", real)
    install_translators(app, "en")


def every_size(
    app, window, controller, real: bool, eight: str | None = None, wrc: str | None = None, only: str = ""
) -> int:
    """Every page at every size in both languages, with what the layout checker finds on each (``only``: the pages
    whose names match one of these comma-separated patterns, ``hand_*,wrc_head_bump*``)."""
    from fnmatch import fnmatch

    sys.path.insert(0, str(ROOT / "tests" / "ui"))
    from layout import layout_problems
    from PySide6.QtWidgets import QDialog

    from refapp.app import install_translators

    out = OUT / "sizes"
    found = 0
    for lang in ("en", "fr"):
        install_translators(app, lang)
        for width, height in SIZES:
            window.resize(width, height)
            for name, show in pages(window, controller, eight, wrc):
                show()
                if name.startswith("back"):  # (not a page: the open table again)
                    continue
                if only and not any(fnmatch(name, p.strip()) for p in only.split(",")):
                    for dialog in [w for w in app.topLevelWidgets() if isinstance(w, QDialog) and w.isVisible()]:
                        dialog.close()  # (a page left out with its dialog open: closed before the next all the same)
                    continue
                for _ in range(3):
                    app.processEvents()
                grab(window, f"sizes/{name}_{width}x{height}_{lang}", real)
                for problem in layout_problems(window):
                    found += 1
                    print(f"  {name} {width}x{height} {lang}: {problem}")
                for dialog in [w for w in app.topLevelWidgets() if isinstance(w, QDialog) and w.isVisible()]:
                    dialog.close()  # (a page shown with its dialog open: closed before the next)
            window.show_board()
    install_translators(app, "en")
    controller.session.store.close()
    print(f"{found} layout problem(s); the pictures are in {out}")
    return 1 if found else 0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--real-window", action="store_true", help="use the X11 screen (run under xvfb-run)")
    parser.add_argument("--sizes", action="store_true", help="every page at the four sizes in both languages")
    parser.add_argument("--only", default="", metavar="PAGES", help="with --sizes: only these pages (hand_*,board)")
    args = parser.parse_args()
    if not args.real_window:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from refapp.app import build, install_translators
    from refapp.ui.common.theme import apply_theme

    app = QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "data" / "rulesets").mkdir(parents=True)
        (Path(tmp) / "data" / "rulesets" / CLUB.name).write_text(CLUB.read_text(encoding="utf-8"), encoding="utf-8")
        controller, window = build(Path(tmp) / "data", app)
        window.resize(1280, 800)
        window.show()
        demo(window, controller)
        from tests.sync.venue_demo import build_venue

        build_venue(controller, Path(tmp))
        real = args.real_window
        if args.sizes:
            eight = house_rules_table(window, controller)
            wrc = wrc_table(window, controller)
            return every_size(app, window, controller, real, eight, wrc, args.only)
        window.show_board()
        controller.lock()  # the board as the players see it: table mode
        grab(window, "board", real)
        window.resize(1024, 768)
        controller.unlock(PIN)
        window.start_ruling(2)
        grab(window, "palette", real)
        window.ruling.palette_page.search.setText("faux ron")  # the referee's words, French or English
        grab(window, "palette_search", real)
        window.ruling.choose("invalid_win_revealed")
        grab(window, "questions", real)
        window.ruling.questions.set_answer("simultaneous_win", False)
        window.ruling.show_preview()
        grab(window, "preview", real)
        window.start_ruling(3)  # a point penalty: the reason chosen, the rule set's usual amounts as buttons
        window.ruling.choose("point_penalty")
        window.ruling.questions.set_answer("reason", "conduct")
        grab(window, "penalty_question", real)
        window.start_ruling(1)  # a dead hand: for which offence, then what it means for the rest of the hand
        window.ruling.choose("dead_hand")
        grab(window, "dead_hand_question", real)
        window.ruling.questions.set_answer("cause", "swap_calling")
        window.ruling.show_preview()
        grab(window, "dead_hand_preview", real)
        window.show_board()
        window.start_hand_result()
        entry = window.hand.entry
        entry.seat_toggles[2].click()  # Chloé, in riichi, rons Bob (Ann has a dead hand)
        entry.discarder.buttons["1"].click()
        for _ in range(3):
            entry.editors[2].han.plus.click()
        entry.editors[2].fu.buttons["40"].click()
        grab(window, "hand_result", real)
        window.hand.show_preview()  # the entry restated with its arithmetic
        grab(window, "hand_preview", real)
        # the hand check, from the palette of the seat in riichi (Chloé, seat 2)
        from refapp.ui.tile_picker import split_tiles

        for name, tiles in (
            ("hand_check_noten", "1358m456p789s135z"),
            ("hand_check_tenpai", "123m456p789s1122z"),
        ):
            window.open_hand_check(2)
            view = window.hand_check
            view.picker.clear()
            for t in split_tiles(tiles):
                view.picker.tap(t)
            grab(window, name, real)
        window.show_board()
        window.show_history()
        grab(window, "history", real)
        window.show_results()
        grab(window, "results", real)
        window.results.show_scope("tournament")  # the tournament's standings, one tap away
        grab(window, "standings", real)
        window.results.show_scope("hanchan")
        controller.unlock(PIN)
        window.show_setup()
        grab(window, "setup", real)
        # the players were found in the wrong seats: the re-seat page and its preview (nothing stored)
        for name in ("reseat", "reseat_preview"):
            dict(pages(window, controller))[name]()
            grab(window, name, real)
        window.show_board()
        # a hand result waits for an opponent's tap: the bar on the board, the flag on the head referee's card
        window.resize(1280, 800)
        for name in ("board_confirm", "tables_confirm", "back_from_confirm"):
            dict(pages(window, controller))[name]()
            if not name.startswith("back"):
                grab(window, name, real)
        window.resize(1024, 768)
        # the venue: the tables at a glance, the conflicts inbox, the devices, this device, a table another writes
        shows = dict(pages(window, controller))
        window.resize(1280, 800)
        venue_pages = ("tables", "players", "player", "seating", "conflicts", "devices", "this_device",
                       "board_other_device")  # fmt: skip
        for name in (*venue_pages, "back"):
            shows[name]()
            if name != "back":
                grab(window, name, real)
        window.resize(1024, 768)
        # French, switched at runtime on an open preview and on the board
        controller.unlock(PIN)
        window.start_ruling(0)
        window.ruling.choose("late_arrival")
        window.ruling.questions.set_answer("minutes", 3)
        window.ruling.show_preview()
        install_translators(app, "fr")
        grab(window, "preview_fr", real)
        window.show_board()
        controller.lock()
        window.resize(1280, 800)
        grab(window, "board_fr", real)
        install_translators(app, "en")
        controller.lock()
        window.resize(1280, 800)
        apply_theme("dark")
        grab(window, "board_dark", real)
        apply_theme("light")
        window.resize(800, 1280)
        grab(window, "board_portrait", real)
        # a riichi waits for its Confirm, the last entry said in words
        window.resize(1280, 800)
        window.declare_riichi(1)
        window.ask_riichi(3)
        grab(window, "board_riichi", real)
        clock_shots(window, controller, real)
        # the players call the referee: shown until a referee answers, in both languages and orientations
        window.board.close_riichi_bars()
        window.notice.hide()
        window.board.call.call_button.click()
        for lang, suffix in (("en", ""), ("fr", "_fr")):
            install_translators(app, lang)
            window.resize(1280, 800)
            grab(window, f"board_called{suffix}", real)
            window.resize(800, 1280)
            grab(window, f"board_called_portrait{suffix}", real)
        install_translators(app, "en")
        planned_shots(app, window, controller, real)
        controller.session.store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
