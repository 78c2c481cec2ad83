"""The venue in the app: this device's fingerprint and shared folder, Sync now and the automatic sync, devices held
until trusted (PIN), the table switcher, a table written by another device (Take over, PIN), and the conflicts inbox
(keep a branch with a reason and the PIN; the other is set aside, shown in the history)."""

from __future__ import annotations

import random
from pathlib import Path

from PySide6.QtWidgets import QApplication

from refapp.store.devices import handover
from refapp.store.keys import parse_fingerprint
from tests.sync.venue import Device
from tests.ui.conftest import pin_keys

PIN = "2468"


def _pin(referee, pin: str = PIN):
    referee.dialogs.on_pin(lambda d: pin_keys(referee.qtbot, d, pin))


def _tables(referee, tab: str):
    """The Tables page: from the top bar once the tablet is part of a venue, else from Setup (PIN)."""
    w = referee.window
    if w.nav["tables"].isVisible():
        referee.tap(w.nav["tables"])
    else:
        _pin(referee)
        referee.tap(w.nav["setup"])
        referee.tap(w.setup.venue_button)
    page = w._page("venue")
    referee.tap(page.tabs.buttons[tab])
    return page


def _folder(referee, folder: Path) -> None:
    """The referee chooses the shared folder on This device (PIN) (the folder dialog answered by the test)."""
    page = _tables(referee, "device")
    page.device.pick_folder = lambda: str(folder)
    _pin(referee)
    referee.tap(page.device.choose)
    assert referee.controller.settings.sync_folder == str(folder)


def test_this_device_shows_its_fingerprint_and_syncs_with_the_folder(referee, tmp_path):
    referee.setup_table("ema-2016", pin=PIN, referee="Marie")
    assert not referee.window.nav["tables"].isVisible()  # one table, no shared folder: the top bar as before
    page = _tables(referee, "device")
    words, digits = page.device.words.text(), page.device.digits.text()
    fp = referee.controller.session.store.key.fingerprint
    assert parse_fingerprint(f"{words} {digits}") == fp  # five words and the number, read aloud
    assert not page.device.sync.isEnabled()  # no folder yet
    folder = tmp_path / "stick"
    folder.mkdir()
    _folder(referee, folder)
    assert referee.window.nav["tables"].isVisible()  # part of a venue now
    referee.tap(page.device.sync)
    assert "Syncing" in page.device.result.text()  # in a worker: the board answers meanwhile
    referee.qtbot.waitUntil(lambda: "Synced" in page.device.result.text(), timeout=10_000)
    journal = folder / "refapp-venue" / referee.controller.session.store.device_id / "journal.jsonl"
    assert journal.is_file() and journal.stat().st_size > 0
    # automatically: a riichi is written to the folder a moment later, without a tap
    _pin(referee)
    referee.tap(page.device.auto)
    assert referee.controller.settings.sync_auto
    before = journal.stat().st_size
    referee.tap(referee.window.nav["board"])
    referee.riichi(1)
    referee.qtbot.waitUntil(lambda: journal.stat().st_size > before, timeout=5000)
    assert "Synced" in referee.window.table_status.sync.text()


def _table_7(referee, tmp_path: Path, entries: int, seed: int) -> Device:
    """The referee's device with a table and the shared folder (synced once), and tablet T7, which trusts it as the
    head referee's: it reads the tournament from the folder, sets up table 7, records ``entries`` entries and writes
    its journal there."""
    referee.setup_table("ema-2016", pin=PIN, referee="Marie")
    folder = tmp_path / "share"
    folder.mkdir()
    _folder(referee, folder)
    referee.controller.venue.sync_now(wait=True)
    tablet = Device(tmp_path / "tablet", "T7")
    head_fp = referee.controller.session.store.key.fingerprint
    tablet.trust(type("Head", (), {"fingerprint": head_fp, "name": "Head referee"})(), "head")
    tablet.sync(folder)
    tablet.store.setup_table("Paris Riichi Open", 7, [{"name": n} for n in ("Eve", "Fay", "Gus", "Hal")])
    tablet.table = tablet.store.tables(tablet.store.tournaments()[0]["id"])[-1]
    rng = random.Random(seed)
    for _ in range(entries):
        tablet.record(rng)
    tablet.sync(folder)
    return tablet


def _button(root, name: str):
    from PySide6.QtWidgets import QPushButton

    return next(b for b in root.findChildren(QPushButton) if b.objectName() == name)


def test_a_device_not_trusted_is_held_then_trusted_with_the_pin_and_its_table_opens(referee, tmp_path, monkeypatch):
    tablet = _table_7(referee, tmp_path, entries=3, seed=1)
    page = _tables(referee, "device")
    referee.tap(page.device.sync)
    referee.qtbot.waitUntil(lambda: not referee.controller.venue.syncing, timeout=10_000)
    page = _tables(referee, "devices")
    label = page.devices.rows[tablet.fingerprint]
    assert "not trusted" in label.text() and "held" in label.text()
    assert [c.number for c in referee.controller.venue.tables()] == [1]  # table 7 is not merged
    from refapp.ui.venue.devices import TrustDialog

    def accept(dialog):
        dialog.show()
        assert dialog.name.text() == "Table 7"  # named after the table its held events concern
        dialog.accept()
        return dialog.result()

    monkeypatch.setattr(TrustDialog, "exec", accept)
    _pin(referee)
    referee.tap(_button(page.devices, f"trust_{tablet.fingerprint}"))
    assert "trusted" in page.devices.rows[tablet.fingerprint].text()
    # the switcher: both tables, a tap on table 7 shows it on the board
    page = _tables(referee, "tables")
    assert [c.number for c in referee.controller.venue.tables()] == [1, 7]
    card = page.tables.cards[tablet.table.table_id]
    assert "Table 7" in card.words() and "Written by Table 7" in card.words()
    referee.tap(card)
    w = referee.window
    assert w.pages.currentWidget() is w.board and referee.controller.table.number == 7
    # another device writes table 7: the strip says so and nothing can be recorded here until Take over
    assert w.table_status.isVisible() and "written by another device" in w.table_status.message.text()
    referee.controller.commit(referee.controller.new_event("riichi", seat=2))
    assert "another device" in w.banner.text()
    _pin(referee)
    referee.tap(w.table_status.action)
    assert not w.table_status.message.isVisible()
    assert referee.controller.commit(referee.controller.new_event("riichi", seat=2)) is not None


def test_a_conflict_is_shown_and_the_head_referee_keeps_one_branch(referee, tmp_path, monkeypatch):
    referee.setup_table("ema-2016", pin=PIN, referee="Marie")
    c = referee.controller
    folder = tmp_path / "share"
    folder.mkdir()
    _folder(referee, folder)
    c.venue.sync_now(wait=True)
    head = type("Head", (), {"fingerprint": c.session.store.key.fingerprint, "name": "Head referee"})()
    b, d = Device(tmp_path / "b", "TB"), Device(tmp_path / "d", "TD")
    for t in (b, d):
        t.trust(head, "head")
        t.sync(folder)
    b.store.setup_table("Paris Riichi Open", 5, [{"name": n} for n in ("Eve", "Fay", "Gus", "Hal")])
    b.table = b.store.tables(b.store.tournaments()[0]["id"])[-1]
    rng = random.Random(2)
    b.record(rng)
    b.sync(folder)
    d.sync(folder)
    for t in (b, d):
        c.venue.trust(t.fingerprint, t.name, "table")
    c.venue.sync_now(wait=True)  # the head referee's list of devices, to the tablets
    d.sync(folder)  # D now trusts B (through the head referee's list) and has table 5
    # D takes table 5 over while B goes on: two branches
    table = d.store.table(b.table.table_id)
    handover(d.store, table, "Luc")
    kept = d.record(rng, table)
    b.record(rng)
    for t in (b, d):
        t.sync(folder)
    c.venue.sync_now(wait=True)
    page = _tables(referee, "tables")
    card = page.tables.cards[b.table.table_id]
    assert "In conflict" in card.words() and card.property("state") == "conflict"
    page = _tables(referee, "conflicts")
    assert len(page.conflicts.keep_buttons) == 2
    keep = next(k for k in page.conflicts.keep_buttons if k.objectName() == "keep_5_2")
    from refapp.ui.venue.conflicts import ReasonDialog

    def answer(dialog):
        dialog.show()
        assert not dialog.yes.isEnabled()  # a reason is required
        dialog.choice.buttons["handed_over"].click()
        assert dialog.yes.isEnabled()
        dialog.accept()
        return dialog.result()

    monkeypatch.setattr(ReasonDialog, "exec", answer)
    _pin(referee)
    referee.tap(keep)
    views = c.venue.conflicts(include_resolved=True)
    assert views[0].state == "resolved" and "handed over" in views[0].resolutions[0]["reason"]
    standing = [br for br in views[0].branches if not br.set_aside]
    assert len(standing) == 1
    from PySide6.QtWidgets import QLabel

    assert "Settled by Marie" in "\n".join(lab.text() for lab in page.conflicts.findChildren(QLabel))
    QApplication.processEvents()
    for t in (b, d):
        t.close()
    assert kept["id"] in {br.first for br in views[0].branches}


def _venue_of_two(referee, tmp_path):
    """The app is the head referee's device; tablets B (table 5) and D trust it and each other through its list."""
    c = referee.controller
    folder = tmp_path / "share"
    folder.mkdir()
    _folder(referee, folder)
    c.venue.sync_now(wait=True)
    head = type("Head", (), {"fingerprint": c.session.store.key.fingerprint, "name": "Head referee"})()
    b, d = Device(tmp_path / "b", "TB"), Device(tmp_path / "d", "TD")
    for t in (b, d):
        t.trust(head, "head")
        t.sync(folder)
    b.store.setup_table("Paris Riichi Open", 5, [{"name": n} for n in ("Eve", "Fay", "Gus", "Hal")])
    b.table = b.store.tables(b.store.tournaments()[0]["id"])[-1]
    b.record(random.Random(2))
    b.sync(folder)
    d.sync(folder)
    for t in (b, d):
        c.venue.trust(t.fingerprint, t.name, "table")
    c.venue.sync_now(wait=True)
    d.sync(folder)
    return folder, b, d


def test_entries_written_without_holding_the_table_are_flagged_and_the_head_referee_lets_them_stand(
    referee, tmp_path, monkeypatch
):
    """Tablet D writes at table 5 (B's) without a handover: the card says In conflict, the table on the board does
    not show D's entry, Conflicts names it with two buttons; Let them stand (reason, PIN) puts it in the table."""
    referee.setup_table("ema-2016", pin=PIN, referee="Marie")
    c = referee.controller
    folder, b, d = _venue_of_two(referee, tmp_path)
    intruding = d.record(random.Random(8), d.store.table(b.table.table_id))
    d.sync(folder)
    c.venue.sync_now(wait=True)
    page = _tables(referee, "tables")
    card = page.tables.cards[b.table.table_id]
    assert "In conflict" in card.words() and card.property("state") == "conflict"
    assert intruding["id"] not in [e["id"] for e in c.session.store.table_events(b.table.table_id)]
    page = _tables(referee, "conflicts")
    from PySide6.QtWidgets import QLabel

    words = "\n".join(lab.text() for lab in page.conflicts.findChildren(QLabel))
    assert "Table 5" in words and "which did not hold the table" in words and "TD" in words and "TB did" in words
    stand = _button(page.conflicts, "unheld_accept_5")
    from refapp.ui.venue.conflicts import ReasonDialog

    def answer(dialog):
        dialog.show()
        assert not dialog.yes.isEnabled()
        dialog.choice.buttons["took_over"].click()
        dialog.accept()
        return dialog.result()

    monkeypatch.setattr(ReasonDialog, "exec", answer)
    _pin(referee)
    referee.tap(stand)
    assert intruding["id"] in [e["id"] for e in c.session.store.table_events(b.table.table_id)]
    words = "\n".join(lab.text() for lab in page.conflicts.findChildren(QLabel))
    assert "Let stand by Marie" in words and "without a handover" in words
    page = _tables(referee, "tables")
    assert "In conflict" not in page.tables.cards[b.table.table_id].words()
    for t in (b, d):
        t.close()


def test_a_copied_key_is_shown_and_the_head_referee_keeps_one_device(referee, tmp_path, monkeypatch):
    import shutil

    referee.setup_table("ema-2016", pin=PIN, referee="Marie")
    c = referee.controller
    folder, b, d = _venue_of_two(referee, tmp_path)
    copy = tmp_path / "copy"
    copy.mkdir()
    for name in ("device.key", "device.pub"):
        shutil.copy(b.path / name, copy / name)
    clone = Device(copy, "TB-copy")
    clone.trust(type("Head", (), {"fingerprint": c.session.store.key.fingerprint, "name": "Head referee"})(), "head")
    clone.sync(folder)
    c.venue.sync_now(wait=True)
    page = _tables(referee, "tables")
    assert page.tables.keys.isVisible() and "1 device key" in page.tables.keys.text()
    page = _tables(referee, "devices")
    from PySide6.QtWidgets import QLabel

    label = page.devices.rows[f"{b.fingerprint}_{clone.store.device_id}"]
    assert "key of another device" in label.text()
    page = _tables(referee, "conflicts")
    words = "\n".join(lab.text() for lab in page.conflicts.findChildren(QLabel))
    assert "is used by 2 devices" in words and "speaks for the key" in words and "refused" in words
    keep = _button(page.conflicts, "keep_key_2")
    from refapp.ui.venue.conflicts import ReasonDialog

    def answer(dialog):
        dialog.show()
        dialog.choice.buttons["reinstalled"].click()
        dialog.accept()
        return dialog.result()

    monkeypatch.setattr(ReasonDialog, "exec", answer)
    _pin(referee)
    referee.tap(keep)
    view = c.venue.key_conflicts()[0]
    assert view.state == "resolved" and [x["device"] for x in view.devices if x["stands"]] == [clone.store.device_id]
    for t in (b, d, clone):
        t.close()


def test_a_device_name_with_an_invisible_character_is_marked_in_the_trust_dialog(referee):
    from refapp.ui.venue.devices import TrustDialog

    fp = referee.controller.session.store.key.fingerprint
    dialog = TrustDialog(fp, "Table 7", "table", referee.window)
    dialog.show()
    before = dialog.height()
    dialog.name.setText("Table\u202e7")  # pasted
    assert not dialog.yes.isEnabled() and dialog.name_error.isVisible()
    assert dialog.height() > before and dialog.height() >= dialog.sizeHint().height()  # room for the reason
    assert dialog.name_error.text() == (
        "This name holds U+202E RIGHT-TO-LEFT OVERRIDE, a control or invisible formatting character: type the name "
        "again."
    )
    dialog.name.setText("Table 7")
    assert dialog.yes.isEnabled() and not dialog.name_error.isVisible()
    dialog.close()


def test_a_long_sync_from_the_desk_derives_the_rows_ahead_and_the_table_shows_its_score(referee, tmp_path, monkeypatch):
    """A sync with much to read derives the rows in a second process (refapp.store.ahead), started from the app's
    worker: the table it brings shows on the board the scores its tablet shows."""
    from refapp.store import ahead as derive_ahead
    from refapp.store.devices import add_trust

    monkeypatch.setattr(derive_ahead, "WORTH", 0)  # (a small venue: derived ahead all the same)
    used: list[int] = []
    close = derive_ahead.Ahead.close
    monkeypatch.setattr(derive_ahead.Ahead, "close", lambda self: (used.append(self.used), close(self))[-1])
    tablet = _table_7(referee, tmp_path, entries=40, seed=5)
    add_trust(referee.controller.session.store, tablet.fingerprint, "Table 7")
    page = _tables(referee, "device")
    referee.tap(page.device.sync)
    referee.qtbot.waitUntil(lambda: not referee.controller.venue.syncing, timeout=20_000)
    assert used and used[-1] >= 40  # the rows of table 7 came from the second process
    page = _tables(referee, "tables")
    referee.tap(page.tables.cards[tablet.table.table_id])
    shown = [int("".join(ch for ch in text if ch.isdigit()) or 0) * (-1 if text.lstrip()[:1] in "-−" else 1)
             for text in referee.scores()]  # fmt: skip
    expected = [s.score for s in tablet.book().state.seats]
    assert shown == expected and len(set(expected)) > 1  # (hands were won and lost)
    tablet.close()
