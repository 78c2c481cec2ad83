"""Device keys: created once and kept, never silently replaced; fingerprints people can read, type and mistype."""

from __future__ import annotations

import hashlib
import itertools
import os
import random
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from refapp.store import keys
from refapp.store.fingerprint_words import WORDS
from refapp.store.keys import (
    KEY_FILE,
    PUBLIC_KEY_FILE,
    DeviceKey,
    FingerprintError,
    KeyFileError,
    SignatureError,
    fingerprint,
    load_or_create,
    parse_fingerprint,
    verify,
)

ROOT = Path(__file__).resolve().parents[2]
# The documented example (docs/venue.md): the key whose 32-byte seed is 00 01 02 … 1f.
EXAMPLE_SEED = bytes(range(32))
EXAMPLE_PUBLIC = "03a107bff3ce10be1d70dd18e74bc09967e4d6309ba50d5f1ddc8664125531b8"
EXAMPLE_FINGERPRINT = "orbit-marble-linen-goat-mango-737"


def _key(seed: bytes) -> DeviceKey:
    return DeviceKey(Ed25519PrivateKey.from_private_bytes(seed), Path("unused"))


def _fingerprints(n: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    return [fingerprint(rng.randbytes(32)) for _ in range(n)]


def _osa(a: str, b: str) -> int:
    d = [[i + j if i * j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i, j in itertools.product(range(1, len(a) + 1), range(1, len(b) + 1)):
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
        if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
            d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[-1][-1]


# -- the word list and the fingerprint format ---------------------------------------------------------------------


def test_the_word_list_is_fixed_and_every_word_is_two_typos_from_any_other():
    assert len(WORDS) == len(set(WORDS)) == 256
    assert all(w.isascii() and w.isalpha() and w.islower() and 4 <= len(w) <= 6 for w in WORDS)
    assert list(WORDS) == sorted(WORDS)
    close = [(a, b) for a, b in itertools.combinations(WORDS, 2) if _osa(a, b) < 2]
    assert close == []
    prefixes = [(a, b) for a, b in itertools.permutations(WORDS, 2) if b.startswith(a)]
    assert prefixes == []  # words typed without spaces split one way only
    # Changing the list would change every device's fingerprint: it is fixed forever.
    digest = hashlib.sha256(" ".join(WORDS).encode()).hexdigest()
    assert digest == "5ae7cb0712f9db1d4ca0ef8925e3b86ba5e27b6dc847f79a9f7927d634012c1f", (
        "the fingerprint word list changed: every device's fingerprint would change"
    )


def test_the_documented_example_key_has_the_documented_fingerprint():
    key = _key(EXAMPLE_SEED)
    assert key.public_hex == EXAMPLE_PUBLIC
    assert key.fingerprint == EXAMPLE_FINGERPRINT
    assert fingerprint(bytes.fromhex(EXAMPLE_PUBLIC)) == EXAMPLE_FINGERPRINT
    assert fingerprint(key.public) == EXAMPLE_FINGERPRINT
    assert EXAMPLE_FINGERPRINT in (ROOT / "docs" / "venue.md").read_text()


def test_a_fingerprint_is_five_list_words_and_a_three_digit_check_number():
    for fp in _fingerprints(200):
        *words, number = fp.split("-")
        assert len(words) == 5 and all(w in WORDS for w in words)
        assert len(number) == 3 and number.isdigit()
        assert int(number) == sum((i + 1) * WORDS.index(w) for i, w in enumerate(words)) % 997


def test_different_keys_get_different_fingerprints():
    fps = _fingerprints(2000)
    assert len(set(fps)) == len(fps)


def test_typed_fingerprints_round_trip_whatever_the_case_spaces_and_dashes():
    for fp in _fingerprints(100):
        words = fp.split("-")
        typed = [
            fp,
            fp.upper(),
            " ".join(words),
            "  " + "   ".join(w.capitalize() for w in words) + "  ",
            "".join(words),  # run together
            "".join(words[:-1]) + " " + words[-1],
            " – ".join(words),  # an en dash, as phones autocorrect
            ", ".join(words),
            "_".join(words),
            "-".join(words[:-1]) + "-" + " ".join(words[-1]),  # the digits read one by one
        ]
        for text in typed:
            assert parse_fingerprint(text) == fp, text


def test_every_single_character_substitution_is_refused():
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789- "
    for fp in _fingerprints(6, seed=11):
        for i, c in enumerate(fp):
            for a in alphabet:
                if a == c or (c == "-" and a == " "):  # the same, or a separator for a separator
                    continue
                typo = fp[:i] + a + fp[i + 1 :]
                with pytest.raises(FingerprintError):
                    parse_fingerprint(typo)


def test_deleted_inserted_or_swapped_letters_and_digits_are_refused():
    for fp in _fingerprints(6, seed=12):
        for i, c in enumerate(fp):
            if c != "-":  # a missing separator only runs two words together
                with pytest.raises(FingerprintError):
                    parse_fingerprint(fp[:i] + fp[i + 1 :])
            for a in "aeiourstn7-":
                # A separator inside a word splits it (inside the number, or beside another separator, it is
                # only a separator: the number may be typed digit by digit).
                if a == "-" and (i == 0 or fp[i - 1] == "-" or c == "-" or fp[i - 1].isdigit()):
                    continue
                with pytest.raises(FingerprintError):
                    parse_fingerprint(fp[:i] + a + fp[i:])
            if i + 1 < len(fp) and c != fp[i + 1] and "-" not in fp[i : i + 2]:
                with pytest.raises(FingerprintError):
                    parse_fingerprint(fp[:i] + fp[i + 1] + c + fp[i + 2 :])


def test_a_word_replaced_by_another_list_word_or_two_words_swapped_is_refused():
    for fp in _fingerprints(4, seed=13):
        *words, number = fp.split("-")
        for pos in range(5):
            for w in WORDS:
                if w != words[pos]:
                    changed = words[:pos] + [w] + words[pos + 1 :]
                    with pytest.raises(FingerprintError, match="does not match the words"):
                        parse_fingerprint("-".join(changed + [number]))
        for a, b in itertools.combinations(range(5), 2):
            if words[a] != words[b]:
                swapped = list(words)
                swapped[a], swapped[b] = swapped[b], swapped[a]
                with pytest.raises(FingerprintError, match="swapped"):
                    parse_fingerprint(" ".join(swapped + [number]))


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("", "the fingerprint is empty"),
        ("   ", "the fingerprint is empty"),
        ("orbit marble linen goat 737", "has 4 words: a fingerprint has 5 words, then a 3-digit number"),
        ("orbit marble linen goat mango lemon 737", "has 6 words"),
        ("orbit marble linen goat mango", "the 3-digit number after the words is missing"),
        ("orbit marble linen goat mango 7377", "the number 7377 has 4 digits, not 3"),
        ("orbit marble 737 linen goat mango", "the number must come last"),
        ("orbit marbel linen goat mango 737", "'marbel' is not one of the fingerprint words (did you mean 'marble'?)"),
        ("orbit marble linen goatt mango 737", "'goatt' is not one of the fingerprint words (did you mean 'goat'?)"),
        ("orbit marble linen goat mango 738", "the number 738 does not match the words"),
        ("orbit marble linen goat mangö 737", "unexpected character 'ö'"),
        ("orbit/marble/linen/goat/mango/737", "unexpected character '/'"),
    ],
)
def test_a_mistyped_fingerprint_gets_a_message_naming_what_is_wrong(typed, message):
    with pytest.raises(FingerprintError) as exc:
        parse_fingerprint(typed)
    assert message in str(exc.value)
    assert "\n" not in str(exc.value)


# -- signatures ---------------------------------------------------------------------------------------------------


def test_a_signature_verifies_and_any_change_is_refused():
    key, other = _key(EXAMPLE_SEED), _key(bytes(32))
    data = b"refapp-test\nsome bytes\n"
    sig = key.sign(data)
    assert sig == keys.sign(key, data) and len(sig) == 64  # Ed25519 is deterministic
    verify(key.public, data, sig)
    verify(key.public_bytes, data, sig)
    verify(key.public_hex, data, sig)
    with pytest.raises(SignatureError, match="forged, altered after signing, or signed by another key"):
        verify(key.public, data + b"x", sig)
    flipped = bytes([sig[0] ^ 1]) + sig[1:]
    with pytest.raises(SignatureError, match=f"the key {EXAMPLE_FINGERPRINT}"):
        verify(key.public, data, flipped)
    with pytest.raises(SignatureError):
        verify(key.public, data, os.urandom(64))  # forged
    with pytest.raises(SignatureError):
        verify(other.public, data, sig)  # another key
    with pytest.raises(SignatureError, match="has 63 bytes; an Ed25519 signature has 64"):
        verify(key.public, data, sig[:63])
    with pytest.raises(SignatureError, match="not 64 lowercase hexadecimal digits"):
        verify(key.public_hex.upper(), data, sig)
    with pytest.raises(SignatureError, match="32 bytes, not 31"):
        verify(key.public_bytes[:31], data, sig)


# -- the key files ------------------------------------------------------------------------------------------------


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_key_is_made_at_first_use_and_kept(tmp_path):
    data = tmp_path / "data"
    first = load_or_create(data)
    assert first.created and first.notices == ()
    assert sorted(p.name for p in data.iterdir()) == [KEY_FILE, PUBLIC_KEY_FILE]  # no temporary file left
    if os.name == "posix":
        assert _mode(data / KEY_FILE) == 0o600
        assert _mode(data / PUBLIC_KEY_FILE) == 0o644
    again = load_or_create(data)
    assert not again.created and again.notices == ()
    assert again.public_bytes == first.public_bytes and again.fingerprint == first.fingerprint
    # The public key file is the standard PEM form of the same key, for people and tools.
    pub = serialization.load_pem_public_key((data / PUBLIC_KEY_FILE).read_bytes())
    assert fingerprint(pub) == first.fingerprint
    # And the key signs: what it signs verifies against the public key file.
    verify(pub, b"x", again.sign(b"x"))


def test_two_processes_starting_at_once_end_up_with_one_key(tmp_path):
    code = "import sys; from pathlib import Path; from refapp.store.keys import load_or_create; " + (
        "print(load_or_create(Path(sys.argv[1])).fingerprint)"
    )
    procs = [
        subprocess.Popen([sys.executable, "-c", code, str(tmp_path)], stdout=subprocess.PIPE, text=True, cwd=ROOT)
        for _ in range(4)
    ]
    outs = {p.communicate(timeout=60)[0].strip() for p in procs}
    assert all(p.returncode == 0 for p in procs)
    assert outs == {load_or_create(tmp_path).fingerprint}
    assert sorted(p.name for p in tmp_path.iterdir()) == [KEY_FILE, PUBLIC_KEY_FILE]


@pytest.mark.parametrize(
    ("content", "detail"),
    [
        (b"", "empty"),
        (b"\x00" * 100, "not a readable PEM private key"),
        (None, "not a readable PEM private key"),  # a torn copy: the file cut in half
        (
            ec.generate_private_key(ec.SECP256R1()).private_bytes(
                serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
            ),
            "it holds a",
        ),
    ],
)
def test_a_damaged_key_file_is_refused_and_never_replaced(tmp_path, content, detail):
    load_or_create(tmp_path)
    path = tmp_path / KEY_FILE
    public = (tmp_path / PUBLIC_KEY_FILE).read_bytes()
    if content is None:
        content = path.read_bytes()[:60]
    path.write_bytes(content)
    with pytest.raises(KeyFileError) as exc:
        load_or_create(tmp_path)
    msg = str(exc.value)
    assert f"The device key {path} is damaged" in msg and detail in msg
    assert "It has not been replaced" in msg and "Restore device.key" in msg and "must trust this device again" in msg
    assert "\n" not in msg
    assert path.read_bytes() == content  # untouched
    assert (tmp_path / PUBLIC_KEY_FILE).read_bytes() == public
    assert sorted(p.name for p in tmp_path.iterdir()) == [KEY_FILE, PUBLIC_KEY_FILE]


def test_a_missing_key_with_its_public_key_still_there_is_not_silently_replaced(tmp_path):
    good = load_or_create(tmp_path)
    (tmp_path / KEY_FILE).unlink()
    with pytest.raises(KeyFileError) as exc:
        load_or_create(tmp_path)
    msg = str(exc.value)
    assert f"The device key {tmp_path / KEY_FILE} is missing" in msg
    assert f"(fingerprint {good.fingerprint})" in msg and "No new key was made" in msg
    assert "move device.pub aside" in msg
    assert not (tmp_path / KEY_FILE).exists()
    # Following the message: moving the public key aside gives a new key, with a new fingerprint.
    (tmp_path / PUBLIC_KEY_FILE).rename(tmp_path / "device.pub.old")
    fresh = load_or_create(tmp_path)
    assert fresh.created and fresh.fingerprint != good.fingerprint


def test_a_missing_public_key_is_written_again_from_the_key(tmp_path):
    good = load_or_create(tmp_path)
    (tmp_path / PUBLIC_KEY_FILE).unlink()
    again = load_or_create(tmp_path)
    assert again.fingerprint == good.fingerprint and not again.created
    assert len(again.notices) == 1 and "was missing; it was written again" in again.notices[0]
    assert fingerprint(serialization.load_pem_public_key((tmp_path / PUBLIC_KEY_FILE).read_bytes())) == good.fingerprint


@pytest.mark.parametrize("content", [b"garbage", None])
def test_a_public_key_that_does_not_belong_to_the_key_is_refused(tmp_path, content):
    load_or_create(tmp_path)
    if content is None:  # another device's public key (two files restored from different backups)
        load_or_create(tmp_path / "other")
        content = (tmp_path / "other" / PUBLIC_KEY_FILE).read_bytes()
    (tmp_path / PUBLIC_KEY_FILE).write_bytes(content)
    with pytest.raises(KeyFileError, match="does not belong to the device key"):
        load_or_create(tmp_path)
    assert (tmp_path / PUBLIC_KEY_FILE).read_bytes() == content


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_a_key_readable_by_others_is_tightened_to_owner_only(tmp_path):
    good = load_or_create(tmp_path)
    (tmp_path / KEY_FILE).chmod(0o644)
    again = load_or_create(tmp_path)
    assert again.fingerprint == good.fingerprint
    assert _mode(tmp_path / KEY_FILE) == 0o600
    assert len(again.notices) == 1 and "could be read by other users (mode 644); it is now 600" in again.notices[0]


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_a_key_readable_by_others_that_cannot_be_tightened_is_refused(tmp_path, monkeypatch):
    load_or_create(tmp_path)
    (tmp_path / KEY_FILE).chmod(0o640)

    def refuse(path, mode):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(keys.os, "chmod", refuse)
    with pytest.raises(KeyFileError, match=r"can be read by other users \(mode 640\).*chmod 600"):
        load_or_create(tmp_path)


def test_an_unreadable_key_file_is_refused_with_the_reason(tmp_path, monkeypatch):
    import refapp.store.keys as keys_module

    good = load_or_create(tmp_path)
    real = keys_module.read_regular

    def read_regular(path, limit=None):
        if Path(path).name == KEY_FILE:
            raise PermissionError(13, "Permission denied")  # as for a user other than its owner (tests run as root)
        return real(path, limit)

    monkeypatch.setattr(keys_module, "read_regular", read_regular)
    with pytest.raises(KeyFileError, match="cannot be read: Permission denied"):
        load_or_create(tmp_path)
    monkeypatch.undo()
    assert load_or_create(tmp_path).fingerprint == good.fingerprint


def test_a_key_path_that_is_a_folder_or_a_broken_link_is_refused(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / KEY_FILE).mkdir()
    with pytest.raises(KeyFileError, match="not a regular file"):
        load_or_create(tmp_path / "a")
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / KEY_FILE).symlink_to(tmp_path / "b" / "gone")
    with pytest.raises(KeyFileError, match="is damaged"):
        load_or_create(tmp_path / "b")
    assert not (tmp_path / "b" / "gone").exists()


def test_a_data_folder_that_cannot_be_made_is_reported(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(KeyFileError, match="cannot create the data folder"):
        load_or_create(tmp_path / "file" / "data")
