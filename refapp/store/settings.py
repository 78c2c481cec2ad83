"""Typed settings in ``settings.json`` of the data folder, with versioned upgrades, and the referee PIN.

The PIN is stored only as a salted scrypt hash. After ``MAX_FAILURES`` wrong PINs in a row the tablet refuses PINs
for ``LOCKOUT_SECONDS`` (doubling with each further lockout). Times are passed in (``now``), so this is testable.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .paths import SETTINGS_FILE

SETTINGS_VERSION = 1
MAX_FAILURES = 5
LOCKOUT_SECONDS = 60


class Settings(BaseModel):
    model_config = ConfigDict(extra="ignore", validate_assignment=True)

    version: int = SETTINGS_VERSION
    language: Literal["en", "fr"] = "en"
    theme: Literal["light", "dark"] = "light"
    referee: str = ""
    tournament_id: str | None = None
    table_id: str | None = None
    backup_every: int = Field(20, ge=1)
    pin_salt: str | None = None
    pin_hash: str | None = None
    pin_failures: int = 0
    pin_lockouts: int = 0
    pin_locked_until: str | None = None


# Ordered upgrade hooks: UPGRADES[n] takes raw data of version n to n + 1.
UPGRADES: dict[int, Any] = {}


def load_settings(data_dir: Path) -> tuple[Settings, str | None]:
    """The settings, and a warning if the file was unreadable (then defaults are used and the bad file is kept
    aside as ``settings.json.bad``; nothing else is lost)."""
    path = Path(data_dir) / SETTINGS_FILE
    if not path.exists():
        return Settings(), None
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(raw, dict):
            raise ValueError("not a JSON object")
        version = int(raw.get("version", 1))
        while version < SETTINGS_VERSION:
            raw = UPGRADES[version](raw)
            version += 1
        raw["version"] = SETTINGS_VERSION
        return Settings.model_validate(raw), None
    except (OSError, ValueError, ValidationError) as exc:
        bad = path.with_suffix(".json.bad")
        try:
            os.replace(path, bad)
        except OSError:
            pass
        first = str(exc).splitlines()[0]
        return Settings(), f"{path}: unreadable settings ({first}); defaults used, the file was kept as {bad.name}"


def save_settings(data_dir: Path, settings: Settings) -> None:
    """Write atomically (a temporary file, flushed, then renamed over the old one)."""
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
    """Seconds the PIN pad stays locked (0 if not locked)."""
    if not settings.pin_locked_until:
        return 0
    until = datetime.fromisoformat(settings.pin_locked_until)
    return max(0, int((until - now).total_seconds() + 0.999))


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
    settings.pin_failures += 1
    if settings.pin_failures >= MAX_FAILURES:
        seconds = LOCKOUT_SECONDS * 2**settings.pin_lockouts
        settings.pin_lockouts += 1
        settings.pin_failures = 0
        settings.pin_locked_until = (now + timedelta(seconds=seconds)).isoformat()
        return "locked"
    return "wrong"
