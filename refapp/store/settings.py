"""Typed settings in ``settings.json`` of the data folder, with versioned upgrades, and the referee PIN.

The PIN is stored only as a salted scrypt hash. After ``MAX_FAILURES`` wrong PINs in a row the tablet refuses PINs
for ``LOCKOUT_SECONDS``, doubling with each further lockout up to ``MAX_LOCKOUT_SECONDS``. Times are passed in
(``now``), so this is testable.

A damaged ``settings.json`` (a torn write, an editor, a hand) never stops the app: every setting that is still valid
is kept, the others fall back to their defaults, the damaged file is kept aside as ``settings.json.bad``, and the
caller is told what was reset (:class:`SettingsDamage`). The PIN record (salt, hash, failures, lockout) is also kept
in the database (:func:`save_settings` with the store, :func:`restore_pin` at start), so a damaged, missing or
replaced settings file never drops the PIN: the tablet stays locked. A PIN is only removed by a save through the app.

Layer: feature (the settings file).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ..domain.inputs import name_problem
from ..domain.messages import LANGUAGE_CODE
from .errors import StoreError
from .paths import SETTINGS_FILE
from .safejson import SMALL_BYTES, JsonInputError, one_line, read_json

if TYPE_CHECKING:
    from .db import Store

SETTINGS_VERSION = 1
MAX_FAILURES = 5
LOCKOUT_SECONDS = 60
MAX_LOCKOUT_SECONDS = 3600  # a referee locked out for longer cannot run the tournament
MAX_LOCKOUTS = 32
PIN_META_KEY = "referee_pin"  # the PIN record's copy in the database's meta table
PIN_FIELDS = ("pin_salt", "pin_hash", "pin_failures", "pin_lockouts", "pin_locked_until")


def _text(value: str) -> str:
    value.encode("utf-8")  # a lone surrogate ("\ud800") cannot be saved: refuse it here, not at the next save
    return value


class Settings(BaseModel):
    model_config = ConfigDict(extra="ignore", validate_assignment=True)

    version: int = SETTINGS_VERSION
    # any language code ("en", "fr", "pt_BR"): the app shows English when that language's translation is missing
    language: str = Field("en", pattern=LANGUAGE_CODE)
    theme: Literal["light", "dark"] = "light"
    referee: str = ""
    tournament_id: str | None = Field(None, max_length=200)
    table_id: str | None = Field(None, max_length=200)
    backup_every: int = Field(20, ge=1, le=100_000)
    no_pin: bool = False  # "No PIN (club night)" chosen in Setup: the tablet is never locked (refapp.ui.shell.lock)
    relock_after: int = Field(0, ge=0, le=3600)  # seconds of referee mode after a referee action (0: none)
    fullscreen: Literal["auto", "on", "off"] = "auto"  # auto: full screen on a small or portrait screen
    pin_salt: str | None = Field(None, pattern=r"^[0-9a-f]{32}$")
    pin_hash: str | None = Field(None, pattern=r"^[0-9a-f]{64}$")
    pin_failures: int = Field(0, ge=0, le=MAX_FAILURES)
    pin_lockouts: int = Field(0, ge=0, le=MAX_LOCKOUTS)
    pin_locked_until: str | None = None
    sync_folder: str = Field("", max_length=4096)  # the venue's shared folder ("": this device syncs with none)
    sync_auto: bool = False  # sync after each entry, when the folder changes, and every 30 seconds

    @field_validator("referee", "tournament_id", "table_id", "sync_folder")
    @classmethod
    def _plain_text(cls, value: str | None) -> str | None:
        return None if value is None else _text(value)

    @field_validator("referee")
    @classmethod
    def _a_name(cls, value: str) -> str:
        problem = name_problem(value)  # the referee's name goes into every event entered (``by``)
        if problem:
            raise ValueError(problem)
        return value

    @field_validator("pin_locked_until")
    @classmethod
    def _aware_time(cls, value: str | None) -> str | None:
        if value is not None and datetime.fromisoformat(value).tzinfo is None:
            raise ValueError("a lockout time needs its time zone")
        return value


# Ordered upgrade hooks: UPGRADES[n] takes raw data of version n to n + 1.
UPGRADES: dict[int, Any] = {}


@dataclass
class SettingsDamage:
    """What was wrong with ``settings.json`` and what was done about it."""

    path: Path
    detail: str  # one line, what was wrong
    kind: str = "file"  # "file" (unreadable: detail says why), "version" (a bad version), "values" (bad values)
    reset: list[str] = field(default_factory=list)  # settings that fell back to their defaults ("pin": the PIN)
    kept: list[str] = field(default_factory=list)  # settings read from the file
    kept_as: str | None = None  # the damaged file, kept aside under this name

    def message(self) -> str:
        """One line in English (the app shows its own translated words)."""
        reset = ", ".join(self.reset) if self.reset else "nothing"
        aside = f"; the damaged file was kept as {self.kept_as}" if self.kept_as else ""
        return f"{one_line(self.path)}: damaged settings ({self.detail}); reset to defaults: {reset}{aside}"


def _salvage(raw: dict[str, Any]) -> tuple[dict[str, Any], list[str], list[str]]:
    """The valid fields of ``raw`` (each checked alone), the names reset and the names kept. The PIN's salt and
    hash go together (one without the other is no PIN)."""
    good: dict[str, Any] = {}
    reset: list[str] = []
    for name in Settings.model_fields:
        if name == "version" or name not in raw:
            continue
        try:
            Settings.model_validate({name: raw[name]})
        except (ValidationError, ValueError, RecursionError):
            reset.append(name)
            continue
        good[name] = raw[name]
    if ("pin_salt" in good) != ("pin_hash" in good) or "pin_salt" in reset or "pin_hash" in reset:
        for name in ("pin_salt", "pin_hash"):
            good.pop(name, None)
        reset = [n for n in reset if n not in ("pin_salt", "pin_hash")] + ["pin"]
    return good, reset, sorted(good)


def load_settings(data_dir: Path) -> tuple[Settings, SettingsDamage | None]:
    """The settings, and what was damaged in the file (None when it was fine or missing). Every valid setting is
    kept; a damaged file is kept aside as ``settings.json.bad`` (the next save writes a good one)."""
    path = Path(data_dir) / SETTINGS_FILE
    if not path.exists() and not path.is_symlink():
        return Settings(), None
    detail = ""
    try:
        raw = read_json(path, max_bytes=SMALL_BYTES)
    except JsonInputError as exc:
        detail, raw = str(exc).removeprefix(f"{one_line(path)}: "), None
    if raw is not None and not isinstance(raw, dict):
        detail, raw = f"a JSON {type(raw).__name__}, not an object", None
    if raw is None:
        return Settings(), _set_aside(path, SettingsDamage(path, detail, reset=["every setting"]))
    kind = "values"
    version = raw.get("version", SETTINGS_VERSION)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        detail, kind = f"version {one_line(repr(version))[:40]} is not a settings version", "version"
        try:
            while version < SETTINGS_VERSION:
                raw = UPGRADES[version](raw)
                version += 1
        except Exception as exc:  # noqa: BLE001 - an upgrade hook meeting data it does not expect
            detail, kind = f"cannot upgrade from version {version} ({one_line(exc)[:80]})", "version"
    good, reset, kept = _salvage(raw)
    settings = Settings.model_validate(good)
    if reset and not detail:
        detail = "unusable value(s): " + ", ".join(reset)
    if not detail:
        return settings, None
    return settings, _set_aside(path, SettingsDamage(path, detail, kind, reset=reset, kept=kept))


def _set_aside(path: Path, damage: SettingsDamage) -> SettingsDamage:
    bad = path.with_suffix(".json.bad")
    try:
        os.replace(path, bad)
        damage.kept_as = bad.name
    except OSError:
        pass
    return damage


def _pin_record(settings: Settings) -> dict[str, Any]:
    return {name: getattr(settings, name) for name in PIN_FIELDS}


def restore_pin(settings: Settings, store: Store) -> bool:
    """Make the PIN record of ``settings`` agree with the copy kept in the database; True when the PIN was taken
    from the database (the file had lost it, or held another one). A PIN in either place wins over no PIN, so a
    damaged or replaced file never unlocks the tablet. A file's PIN the database has not seen yet (the first start
    after an upgrade) is copied into it."""
    stored = _stored_pin(store)
    if stored is not None and stored.get("pin_hash"):
        if stored == _pin_record(settings):
            return False
        for name in PIN_FIELDS:  # validated together: a bad copy leaves the settings as they are
            if name not in stored:
                return False
        try:
            Settings.model_validate(stored)
        except ValidationError:
            return False
        for name in PIN_FIELDS:
            setattr(settings, name, stored[name])
        return True
    if has_pin(settings):
        try:
            store.set_meta(PIN_META_KEY, json.dumps(_pin_record(settings)))
        except StoreError:
            pass  # a read-only folder: the file keeps the PIN
    return False


def _stored_pin(store: Store) -> dict[str, Any] | None:
    try:
        value = store.get_meta(PIN_META_KEY)
        record = json.loads(value) if value else None
    except (ValueError, RecursionError):
        return None
    return record if isinstance(record, dict) else None


def save_settings(data_dir: Path, settings: Settings, store: Store | None = None) -> None:
    """Write atomically (a temporary file, flushed, then renamed over the old one). With ``store``, the PIN record
    is first written to the database too (see :func:`restore_pin`); a store that refuses it (read-only) is skipped."""
    if store is not None:
        try:
            if _stored_pin(store) != _pin_record(settings):
                store.set_meta(PIN_META_KEY, json.dumps(_pin_record(settings)))
        except StoreError:
            pass
    path = Path(data_dir) / SETTINGS_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".json.tmp")
    with tmp.open("w", encoding="utf-8") as fh:
        fh.write(settings.model_dump_json(indent=2))
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def _hash(pin: str, salt: bytes) -> str:
    return hashlib.scrypt(pin.encode("utf-8"), salt=salt, n=2**14, r=8, p=1, dklen=32).hex()


def set_pin(settings: Settings, pin: str) -> None:
    if not (4 <= len(pin) <= 12 and pin.isdigit()):
        raise ValueError("the PIN is 4 to 12 digits")
    salt = secrets.token_bytes(16)
    settings.pin_salt, settings.pin_hash = salt.hex(), _hash(pin, salt)
    settings.pin_failures = settings.pin_lockouts = 0
    settings.pin_locked_until = None


def has_pin(settings: Settings) -> bool:
    return bool(settings.pin_hash and settings.pin_salt)


def locked_for(settings: Settings, now: datetime) -> int:
    """Seconds the PIN pad stays locked (0 if not locked), never more than ``MAX_LOCKOUT_SECONDS`` (a lockout
    stored far ahead, by a forged file or a clock set back, does not lock the referee out for years)."""
    if not settings.pin_locked_until:
        return 0
    try:
        until = datetime.fromisoformat(settings.pin_locked_until)
        seconds = (until - now).total_seconds()
    except (ValueError, TypeError, OverflowError):
        return MAX_LOCKOUT_SECONDS
    return max(0, min(MAX_LOCKOUT_SECONDS, int(seconds + 0.999)))


def check_pin(settings: Settings, pin: str, now: datetime) -> Literal["ok", "wrong", "locked"]:
    """Check a PIN and update the failure count and lockout in ``settings`` (the caller saves them)."""
    if not has_pin(settings):
        return "ok"
    if locked_for(settings, now):
        return "locked"
    assert settings.pin_salt is not None and settings.pin_hash is not None
    if hmac.compare_digest(_hash(pin, bytes.fromhex(settings.pin_salt)), settings.pin_hash):
        settings.pin_failures = 0
        settings.pin_lockouts = 0
        settings.pin_locked_until = None
        return "ok"
    if settings.pin_failures + 1 >= MAX_FAILURES:
        seconds = min(MAX_LOCKOUT_SECONDS, LOCKOUT_SECONDS * 2 ** min(settings.pin_lockouts, 16))
        settings.pin_lockouts = min(MAX_LOCKOUTS, settings.pin_lockouts + 1)
        settings.pin_failures = 0
        settings.pin_locked_until = (now + timedelta(seconds=seconds)).isoformat()
        return "locked"
    settings.pin_failures += 1
    return "wrong"
