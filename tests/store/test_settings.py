"""settings.json damaged in every way a disk, an editor or a hand can damage it: the app still starts with the
settings it could keep, says what was reset, and never drops the referee PIN (a copy is kept in the database), so
the tablet stays locked."""

import json
from datetime import UTC, datetime, timedelta

import pytest

from refapp.store.opening import open_store
from refapp.store.settings import (
    LOCKOUT_SECONDS,
    MAX_LOCKOUT_SECONDS,
    Settings,
    check_pin,
    has_pin,
    load_settings,
    locked_for,
    restore_pin,
    save_settings,
    set_pin,
)

NOW = datetime(2026, 11, 22, 10, 0, tzinfo=UTC)


def write(folder, content) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    data = content if isinstance(content, bytes) else json.dumps(content).encode()
    (folder / "settings.json").write_bytes(data)


def load(folder):
    settings, damage = load_settings(folder)
    assert isinstance(settings, Settings)
    return settings, damage


@pytest.mark.parametrize("version", [0, -1, "x", True, 1.5, None, [1], 10**30])
def test_any_bad_version_keeps_the_other_settings(tmp_path, version):
    write(tmp_path, {"version": version, "language": "fr", "theme": "dark", "referee": "Sylvie"})
    settings, damage = load(tmp_path)
    assert (settings.language, settings.theme, settings.referee) == ("fr", "dark", "Sylvie")
    if version == 10**30:  # a newer refapp's file: read what this one knows, no damage
        assert damage is None
    else:
        assert damage is not None and "version" in damage.message() and damage.reset == []


def test_wrong_types_reset_only_those_settings(tmp_path):
    write(tmp_path, {"version": 1, "language": 5, "theme": "dark", "backup_every": "often", "referee": ["x"]})
    settings, damage = load(tmp_path)
    assert (settings.language, settings.theme, settings.backup_every, settings.referee) == ("en", "dark", 20, "")
    assert sorted(damage.reset) == ["backup_every", "language", "referee"]
    assert "theme" in damage.kept


@pytest.mark.parametrize("referee", ["Sylvie\u202e", "Syl\x00vie", "Sylvie\n", "\u200fسيلفي"])
def test_a_referee_name_with_a_control_or_invisible_character_is_reset_alone(tmp_path, referee):
    write(tmp_path, {"version": 1, "language": "fr", "referee": referee})
    settings, damage = load(tmp_path)
    assert (settings.language, settings.referee) == ("fr", "")
    assert damage is not None and damage.reset == ["referee"]
    with pytest.raises(ValueError, match="is not allowed in a name"):  # nor can the app set it
        settings.referee = referee
    settings.referee = "سيلفي Dupont"


@pytest.mark.parametrize(
    "content",
    [
        b"[" * 100_000 + b"]" * 100_000,
        b'{"a":' * 50_000,
        b"\xff\xfe junk",
        b"",
        b"[1, 2]",
        b'{"referee": "\\ud800"}',
        b'{"version": 1, "backup_every": ' + b"9" * 5000 + b"}",
        b'{"version": NaN}',
    ],
)
def test_damaged_files_give_defaults_and_a_one_line_report(tmp_path, content):
    write(tmp_path, content)
    settings, damage = load(tmp_path)
    assert settings.language == "en"
    message = damage.message()
    assert "settings.json" in message and "\n" not in message
    assert (tmp_path / "settings.json.bad").read_bytes() == content  # the damaged file is kept aside
    assert not (tmp_path / "settings.json").exists()
    save_settings(tmp_path, settings)  # and what is kept can be saved again
    assert json.loads((tmp_path / "settings.json").read_text())["version"] == 1


def test_a_folder_in_place_of_settings(tmp_path):
    (tmp_path / "settings.json").mkdir(parents=True)
    settings, damage = load(tmp_path)
    assert settings == Settings() and "folder" in damage.message()


@pytest.mark.parametrize(
    "fields",
    [
        {"pin_locked_until": "soon"},
        {"pin_locked_until": "2026-11-22T10:00:00"},  # no time zone: cannot be compared with the clock
        {"pin_locked_until": 12},
        {"pin_failures": -3},
        {"pin_failures": 10**30},
        {"pin_lockouts": 10**30},
        {"pin_lockouts": -1},
    ],
)
def test_bad_lockout_values_never_crash_the_pin_pad_and_keep_the_pin(tmp_path, fields):
    good = Settings()
    set_pin(good, "2468")
    write(tmp_path, {**json.loads(good.model_dump_json()), **fields})
    settings, damage = load(tmp_path)
    assert has_pin(settings), "the PIN itself was intact: kept"
    assert damage is not None and damage.reset
    assert locked_for(settings, NOW) == 0
    assert check_pin(settings, "0000", NOW) == "wrong"
    assert check_pin(settings, "2468", NOW) == "ok"


@pytest.mark.parametrize("fields", [{"pin_salt": "zz"}, {"pin_salt": "00"}, {"pin_hash": 5}, {"pin_hash": "xyz"}])
def test_a_damaged_pin_is_dropped_from_the_file_but_restored_from_the_database(tmp_path, fields):
    store = open_store(tmp_path)
    good = Settings()
    set_pin(good, "2468")
    save_settings(tmp_path, good, store)
    raw = json.loads((tmp_path / "settings.json").read_text())
    write(tmp_path, {**raw, **fields})
    settings, damage = load(tmp_path)
    assert not has_pin(settings) and "pin" in damage.reset
    assert restore_pin(settings, store) is True
    assert has_pin(settings) and check_pin(settings, "2468", NOW) == "ok"
    store.close()


def test_pin_lockouts_are_capped(tmp_path):
    settings = Settings()
    set_pin(settings, "2468")
    now = NOW
    waits = []
    for _ in range(12):  # twelve lockouts in a row
        for _ in range(5):
            result = check_pin(settings, "0000", now)
        assert result == "locked"
        waits.append(locked_for(settings, now))
        now += timedelta(seconds=waits[-1])
    assert waits[:3] == [LOCKOUT_SECONDS, 2 * LOCKOUT_SECONDS, 4 * LOCKOUT_SECONDS]
    assert max(waits) == MAX_LOCKOUT_SECONDS


def test_a_lockout_far_in_the_future_is_capped(tmp_path):
    settings = Settings()
    set_pin(settings, "2468")
    settings.pin_locked_until = "9999-01-01T00:00:00+00:00"  # a forged file, or a clock set back by years
    assert locked_for(settings, NOW) == MAX_LOCKOUT_SECONDS


# -- the PIN's copy in the database -------------------------------------------------------------------------------


@pytest.fixture
def locked_folder(tmp_path):
    """A data folder whose settings have a referee PIN, saved through the store (as the app saves them)."""
    store = open_store(tmp_path)
    settings = Settings(language="fr", referee="Sylvie")
    set_pin(settings, "2468")
    check_pin(settings, "1111", NOW)  # one wrong PIN: the count is kept too
    save_settings(tmp_path, settings, store)
    store.close()
    return tmp_path


@pytest.mark.parametrize(
    "damage",
    ["deleted", "empty", "junk", "deep", "version 0", "pin removed", "replaced by a fresh file"],
)
def test_the_pin_survives_any_damage_to_settings_json(locked_folder, damage):
    path = locked_folder / "settings.json"
    raw = json.loads(path.read_text())
    if damage == "deleted":
        path.unlink()
    elif damage == "empty":
        path.write_bytes(b"")
    elif damage == "junk":
        path.write_bytes(b"\x00\xff" * 100)
    elif damage == "deep":
        path.write_bytes(b"[" * 100_000)
    elif damage == "version 0":
        path.write_text(json.dumps({**raw, "version": 0}))
    elif damage == "pin removed":
        path.write_text(json.dumps({k: v for k, v in raw.items() if not k.startswith("pin_")}))
    else:
        path.write_text(json.dumps({"version": 1}))
    settings, _ = load_settings(locked_folder)
    store = open_store(locked_folder)
    try:
        restored = restore_pin(settings, store)
    finally:
        store.close()
    assert has_pin(settings), "the tablet stays locked"
    assert restored is (damage not in ("version 0",))
    assert settings.pin_failures == 1
    assert check_pin(settings, "2468", NOW) == "ok"


def test_a_first_start_after_the_upgrade_copies_the_pin_into_the_database(tmp_path):
    settings = Settings()
    set_pin(settings, "2468")
    save_settings(tmp_path, settings)  # an older refapp: settings.json only
    store = open_store(tmp_path)
    loaded, _ = load_settings(tmp_path)
    assert restore_pin(loaded, store) is False  # nothing to restore: the file had it
    (tmp_path / "settings.json").unlink()
    fresh, _ = load_settings(tmp_path)
    assert restore_pin(fresh, store) is True and has_pin(fresh)
    store.close()


def test_no_pin_anywhere_stays_no_pin(tmp_path):
    store = open_store(tmp_path)
    settings, damage = load_settings(tmp_path)
    assert damage is None and restore_pin(settings, store) is False and not has_pin(settings)
    store.close()
