"""This device's identity: an Ed25519 key pair kept in the data folder, and the fingerprint people read and type.

The private key signs this device's chain (``refapp.store.signing``); whoever holds it can speak for the device, and
without it the device can no longer extend the chain it has signed. So the key is created once, at first use, written
atomically with mode 0600, and never silently replaced: a damaged, unreadable or missing key file stops with a
message saying what to do.

A **fingerprint** names a public key for people: five words from a fixed list of 256 (one byte of a hash of the key
each, 40 bits) and a 3-digit check number, written ``orbit-marble-linen-goat-mango-737``. Every single typo is
caught before anything is compared: a mistyped letter gives a word not on the list (any two list words differ by
two edits or more), and a word replaced by another list word, two words swapped, or a mistyped digit all change the
check number. Parsing ignores case, and spaces, dashes, dots, commas and underscores between words and digits.

Layer: bottom (the device's key and fingerprints, which entity events name): imports no feature of the store.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from .errors import StoreError
from .fingerprint_words import WORDS
from .paths import read_regular

KEY_FILE = "device.key"  # PEM, PKCS#8, unencrypted, mode 0600
PUBLIC_KEY_FILE = "device.pub"  # PEM, SubjectPublicKeyInfo; derived from the private key, kept for people and tools
FINGERPRINT_WORDS = 5
CHECK_MODULUS = 997  # prime > 255: a changed word or two swapped words always change the check number
_FINGERPRINT_TAG = b"refapp device key fingerprint v1\n"
_INDEX = {w: i for i, w in enumerate(WORDS)}
_SEPARATORS = re.compile(r"[\s\-\u2010-\u2015_.,]+")  # spaces, hyphens and dashes (as phones autocorrect them), _ . ,
_TYPED = re.compile(r"[a-z]+|[0-9]+")


class KeyFileError(StoreError):
    """The device key cannot be used as it is on disk (the message says what to do; nothing was replaced)."""


class SignatureError(StoreError):
    """A signature, a key or a signed statement was refused (the message says which and why)."""


class FingerprintError(ValueError):
    """A typed fingerprint is not valid (the message names the word or number that is wrong)."""


# -- fingerprints -------------------------------------------------------------------------------------------------


def fingerprint(public_key: Ed25519PublicKey | bytes) -> str:
    """The fingerprint of a public key (an ``Ed25519PublicKey`` or its 32 raw bytes), e.g.
    ``orbit-marble-linen-goat-mango-737``."""
    raw = _raw_public(public_key)
    digest = hashlib.sha256(_FINGERPRINT_TAG + raw).digest()
    indexes = list(digest[:FINGERPRINT_WORDS])
    return "-".join([WORDS[i] for i in indexes] + [f"{_check(indexes):03d}"])


def parse_fingerprint(text: str) -> str:
    """The canonical fingerprint for what someone typed, or FingerprintError naming what is wrong.

    Case does not matter, nor spaces, dashes, dots, commas or underscores between the parts; words typed without
    spaces are split (no list word begins another, so only one way exists). The check number is verified.
    """
    shown = text.strip()
    if not shown:
        raise FingerprintError("the fingerprint is empty: type its five words and its 3-digit number")
    cleaned = _SEPARATORS.sub(" ", shown.lower())
    odd = sorted({c for c in cleaned if not (c == " " or "a" <= c <= "z" or "0" <= c <= "9")})
    if odd:
        chars = ", ".join(repr(c) for c in odd)
        raise FingerprintError(f"fingerprint {shown!r}: unexpected character {chars} (only words and digits)")
    words: list[str] = []
    digits = ""
    for token in _TYPED.findall(cleaned):
        if token.isdigit():
            digits += token
            continue
        if digits:
            raise FingerprintError(f"fingerprint {shown!r}: the number must come last, after the five words")
        words.extend(_split_words(token, shown))
    if len(words) != FINGERPRINT_WORDS:
        raise FingerprintError(
            f"fingerprint {shown!r} has {len(words)} word{'s' if len(words) != 1 else ''}: "
            f"a fingerprint has {FINGERPRINT_WORDS} words, then a 3-digit number"
        )
    if not digits:
        raise FingerprintError(f"fingerprint {shown!r}: the 3-digit number after the words is missing")
    if len(digits) != 3:
        raise FingerprintError(f"fingerprint {shown!r}: the number {digits} has {len(digits)} digits, not 3")
    if int(digits) != _check([_INDEX[w] for w in words]):
        raise FingerprintError(
            f"fingerprint {shown!r}: the number {digits} does not match the words, so a word or the number was "
            "mistyped (or two words were swapped): check each of them"
        )
    return "-".join(words + [digits])


def _check(indexes: list[int]) -> int:
    return sum((i + 1) * v for i, v in enumerate(indexes)) % CHECK_MODULUS


def _split_words(token: str, shown: str) -> list[str]:
    out: list[str] = []
    pos = 0
    while pos < len(token):
        # No word begins another: at most one word can start here.
        match = next((w for w in _candidates(token[pos]) if token.startswith(w, pos)), None)
        if match is None:
            rest = token[pos:]
            if out and len(rest) < 4:  # shorter than any word: the typo is more likely in the word before it
                rest = out.pop() + rest
            hint = _nearest(rest)
            tip = f" (did you mean {hint!r}?)" if hint else ""
            raise FingerprintError(f"fingerprint {shown!r}: {rest!r} is not one of the fingerprint words{tip}")
        out.append(match)
        pos += len(match)
    return out


def _candidates(first: str) -> list[str]:
    return [w for w in WORDS if w[0] == first]


def _nearest(typed: str) -> str | None:
    """The one list word a single typo away from ``typed`` (or from its start, when words were run together)."""
    found = set()
    for k in range(3, min(len(typed), 7) + 1):
        found |= {w for w in _edits1(typed[:k]) if w in _INDEX}
    return found.pop() if len(found) == 1 else None


def _edits1(s: str) -> set[str]:
    """Every string one change, insertion, deletion or swap of neighbours away from ``s``."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    cuts = [(s[:i], s[i:]) for i in range(len(s) + 1)]
    out = {a + b[1:] for a, b in cuts if b}
    out |= {a + b[1] + b[0] + b[2:] for a, b in cuts if len(b) > 1}
    out |= {a + c + b[1:] for a, b in cuts if b for c in letters}
    out |= {a + c + b for a, b in cuts for c in letters}
    return out


# -- keys, signatures ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeviceKey:
    """This device's key pair. ``created``: made by this call; ``notices``: what was put right on loading."""

    private: Ed25519PrivateKey
    path: Path
    created: bool = False
    notices: tuple[str, ...] = field(default=())

    @property
    def public(self) -> Ed25519PublicKey:
        return self.private.public_key()

    @property
    def public_bytes(self) -> bytes:
        """The 32 raw bytes of the public key."""
        return _raw_public(self.public)

    @property
    def public_hex(self) -> str:
        return self.public_bytes.hex()

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.public_bytes)

    def sign(self, data: bytes) -> bytes:
        """The 64-byte Ed25519 signature of ``data`` (deterministic: the same bytes always give the same one)."""
        return self.private.sign(data)


def sign(key: DeviceKey, data: bytes) -> bytes:
    """The 64-byte Ed25519 signature of ``data`` by this device's key."""
    return key.sign(data)


def verify(public_key: Ed25519PublicKey | bytes | str, data: bytes, signature: bytes) -> None:
    """Check that ``signature`` was made over ``data`` by ``public_key`` (the key object, its 32 raw bytes or their
    64 hex digits); raise SignatureError saying why not."""
    pub = load_public_key(public_key)
    if not isinstance(signature, bytes):
        raise SignatureError(f"the signature is a {type(signature).__name__}, not 64 bytes")
    if len(signature) != 64:
        raise SignatureError(f"the signature has {len(signature)} bytes; an Ed25519 signature has 64")
    try:
        pub.verify(signature, data)
    except InvalidSignature:
        raise SignatureError(
            f"the signature is not one made by the key {fingerprint(pub)} over these bytes "
            "(forged, altered after signing, or signed by another key)"
        ) from None


def load_public_key(value: Ed25519PublicKey | bytes | str) -> Ed25519PublicKey:
    """A public key from the object itself, its 32 raw bytes or their 64 hex digits (SignatureError if not one)."""
    if isinstance(value, Ed25519PublicKey):
        return value
    raw = value
    if isinstance(value, str):
        if not re.fullmatch(r"[0-9a-f]{64}", value):
            raise SignatureError(f"public key {value[:80]!r} is not 64 lowercase hexadecimal digits")
        raw = bytes.fromhex(value)
    if not isinstance(raw, bytes) or len(raw) != 32:
        raise SignatureError(f"a public key has 32 bytes, not {len(raw) if isinstance(raw, bytes) else raw!r}")
    return Ed25519PublicKey.from_public_bytes(raw)


def _raw_public(key: Ed25519PublicKey | bytes) -> bytes:
    if isinstance(key, bytes):
        if len(key) != 32:
            raise SignatureError(f"a public key has 32 bytes, not {len(key)}")
        return key
    return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


# -- the key files ------------------------------------------------------------------------------------------------


def load_or_create(data_dir: Path) -> DeviceKey:
    """This device's key from ``data_dir``, created (with its public key beside it) when neither file exists.

    Never replaces an existing key: a damaged or unreadable key file, or a missing one whose public key is still
    there, raises KeyFileError with what to do. A key file readable by others is tightened to 0600 (a notice).
    """
    data_dir = Path(data_dir)
    key_path, pub_path = data_dir / KEY_FILE, data_dir / PUBLIC_KEY_FILE
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise KeyFileError(f"cannot create the data folder {data_dir} for the device key: {exc.strerror}") from exc
    created = False
    if not key_path.exists() and not key_path.is_symlink():
        # The public key is written after the private key: with it there and the key (still) not, the key is lost.
        if pub_path.exists() and not key_path.exists():
            raise KeyFileError(_lost_message(key_path, pub_path))
        private = Ed25519PrivateKey.generate()
        pem = private.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        created = _write_new(key_path, pem, 0o600)  # False: another process made one meanwhile; use that one
    private, notices = _load_private(key_path)
    notices += _check_public(private, pub_path, just_created=created)
    return DeviceKey(private, key_path, created=created, notices=tuple(notices))


def _load_private(path: Path) -> tuple[Ed25519PrivateKey, list[str]]:
    notices: list[str] = []
    try:
        st = path.stat()
    except OSError as exc:
        raise KeyFileError(_damaged_message(path, f"cannot be read: {exc.strerror}")) from exc
    if not path.is_file():
        raise KeyFileError(_damaged_message(path, "it is not a regular file"))
    if os.name == "posix" and st.st_mode & 0o077:
        try:
            os.chmod(path, 0o600)
        except OSError as exc:
            raise KeyFileError(
                f"the device key {path} can be read by other users (mode {st.st_mode & 0o777:o}) and its "
                f"permissions cannot be tightened ({exc.strerror}): make it readable by its owner only (chmod 600)"
            ) from exc
        notices.append(
            f"the device key {path} could be read by other users (mode {st.st_mode & 0o777:o}); it is now 600"
        )
    try:
        data = read_regular(path, 1 << 16)
    except OSError as exc:
        raise KeyFileError(_damaged_message(path, f"cannot be read: {exc.strerror or exc}")) from exc
    try:
        private = serialization.load_pem_private_key(data, password=None)
    except (ValueError, TypeError, UnsupportedAlgorithm) as exc:
        detail = "empty" if not data.strip() else f"not a readable PEM private key: {str(exc).splitlines()[0]}"
        raise KeyFileError(_damaged_message(path, detail)) from None
    if not isinstance(private, Ed25519PrivateKey):
        raise KeyFileError(_damaged_message(path, f"it holds a {type(private).__name__}, not an Ed25519 key"))
    return private, notices


def _check_public(private: Ed25519PrivateKey, pub_path: Path, just_created: bool) -> list[str]:
    public = private.public_key()
    pem = public.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    if not pub_path.exists() and _write_new(pub_path, pem, 0o644):
        return [] if just_created else [f"the public key {pub_path} was missing; it was written again from the key"]
    try:
        data = read_regular(pub_path, 1 << 16)
        stored = serialization.load_pem_public_key(data)
    except (OSError, ValueError, TypeError, UnsupportedAlgorithm):
        stored = None
    if not isinstance(stored, Ed25519PublicKey) or _raw_public(stored) != _raw_public(public):
        raise KeyFileError(
            f"the public key {pub_path} does not belong to the device key {pub_path.with_name(KEY_FILE)} "
            f"(fingerprint {fingerprint(public)}): if that is this device's key, delete {pub_path.name} and it will "
            f"be written again; if the two files came from different backups, restore both from the same one"
        )
    return []


def _damaged_message(path: Path, detail: str) -> str:
    return (
        f"The device key {path} is damaged ({detail}). It has not been replaced: this device signs its journal "
        f"with it, and a new key cannot extend the chain signed so far. Restore {path.name} (and "
        f"{PUBLIC_KEY_FILE}) from a backup of the data folder; if there is none, move both aside: refapp then makes "
        "a new key, and the head referee must trust this device again under its new fingerprint."
    )


def _lost_message(key_path: Path, pub_path: Path) -> str:
    try:
        fp = f" (fingerprint {fingerprint(_read_public(pub_path))})"
    except (OSError, ValueError, TypeError, UnsupportedAlgorithm, SignatureError):
        fp = ""
    return (
        f"The device key {key_path} is missing, but its public key {pub_path.name}{fp} is still there. No new key "
        f"was made: this device signs its journal with that key, and a new one cannot extend the chain signed so "
        f"far. Restore {key_path.name} from a backup of the data folder; if there is none, move {pub_path.name} "
        "aside: refapp then makes a new key, and the head referee must trust this device again under its new "
        "fingerprint."
    )


def _read_public(path: Path) -> bytes:
    key = serialization.load_pem_public_key(path.read_bytes())
    if not isinstance(key, Ed25519PublicKey):
        raise ValueError("not an Ed25519 public key")
    return _raw_public(key)


def _write_new(path: Path, data: bytes, mode: int) -> bool:
    """Write ``data`` to ``path`` atomically (temporary file, fsync, link) unless ``path`` exists: returns whether
    it was written. Never overwrites, so two processes starting at once end up with one key."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), mode)
        try:
            if hasattr(os, "fchmod"):
                os.fchmod(fd, mode)  # exactly ``mode``, whatever the umask
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(tmp, path)  # fails if ``path`` exists: an existing key is never replaced
        except FileExistsError:
            return False
        except OSError:  # a file system without hard links
            if path.exists():
                return False
            os.replace(tmp, path)
        _fsync_dir(path.parent)
        return True
    except OSError as exc:
        raise KeyFileError(f"cannot write {path}: {exc.strerror}") from exc
    finally:
        try:
            tmp.unlink()
        except FileNotFoundError:
            pass


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # Windows cannot open a folder; its renames are durable enough
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
