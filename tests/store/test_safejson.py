"""The one reader of outside JSON (`refapp.store.safejson`): every hostile document ends in one line naming the file
(and the field where it can), before anything deep or huge reaches the rest of refapp."""

import json
import os
import stat
import sys

import pytest

from refapp.store.safejson import MAX_DEPTH, JsonInputError, loads, read_json


def refused(data, source="log.json", **limits) -> str:
    with pytest.raises(JsonInputError) as info:
        loads(data, source, **limits)
    message = str(info.value)
    assert message.startswith(f"{source}: ")
    assert "\n" not in message and "Traceback" not in message
    return message


def test_plain_documents_are_read():
    assert loads(b'{"events": [{"a": [1, 2.5, "x", null, true]}]}', "f") == {
        "events": [{"a": [1, 2.5, "x", None, True]}]
    }
    assert loads('{"name": "Élodie \\u00c9 \\ud83d\\ude00"}', "f") == {"name": "Élodie É 😀"}
    assert loads(b'\xef\xbb\xbf{"a": 1}', "f") == {"a": 1}  # a byte-order mark from a text editor


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 100_000])
def test_deep_nesting_is_refused_before_the_parser_recurses(depth):
    message = refused("[" * depth + "]" * depth)
    assert f"nested deeper than {MAX_DEPTH} levels" in message


def test_deep_nesting_without_closing_brackets_is_refused():
    assert "nested deeper" in refused("[" * 100_000)
    assert "nested deeper" in refused('{"a":' * 50_000)


def test_nesting_at_the_limit_is_read():
    assert loads("[" * MAX_DEPTH + "]" * MAX_DEPTH, "f") is not None


def test_brackets_inside_strings_do_not_count():
    text = json.dumps({"note": "[" * 1000 + '\\"{{{' + "}" * 3000})
    assert loads(text, "f")["note"].startswith("[[[")


def test_deep_nesting_of_interleaved_pairs_is_found():
    # "[[][[][[]..." never has two openers in a row after the first pass: the depth still grows by one per step
    text = "[" + "[[]" * 200 + "]" * 200 + "]"
    assert "nested deeper" in refused(text)


def test_huge_integer_names_the_field_and_place():
    message = refused('{"events": [{"seat": ' + "9" * 5000 + "}]}")
    assert "5,000 digits" in message and "'seat'" in message and "line 1" in message


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity", "1e999", "-1e400"])
def test_nan_and_infinity_are_refused_with_the_field(literal):
    message = refused('{"resume": {\n "overall": [0, ' + literal + ", 0, 0]}}")
    assert "'overall'" in message and "line 2" in message and "finite" in message


@pytest.mark.parametrize("escape", ["\\ud800", "\\udc00", "\\ud800x", "\\ud800\\ud800\\udc00"])
def test_lone_surrogates_are_refused(escape):
    message = refused('{"players": ["Ann", "' + escape + '"]}')
    assert "'players'" in message and "lone surrogate" in message


def test_an_escaped_backslash_before_u_is_not_a_surrogate():
    assert loads('{"note": "C:\\\\ud800"}', "f") == {"note": "C:\\ud800"}


def test_bytes_that_are_not_utf8_name_the_offset():
    assert "not UTF-8 text" in refused(b'{"a": "\xff"}') and "byte 7" in refused(b'{"a": "\xff"}')


def test_size_limit():
    assert "larger than" in refused(b"[" + b"0," * 600 + b"0]", max_bytes=1000)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"", "is empty"),
        (b"   \n", "is empty"),
        (b"\x00\x01\x02binary", "not valid JSON"),
        (b'{"a": 1', "not valid JSON"),
        (b"{'a': 1}", "not valid JSON"),
    ],
)
def test_junk(data, words):
    assert words in refused(data)


def test_source_with_a_newline_stays_one_line():
    with pytest.raises(JsonInputError) as info:
        loads(b"", "bad\nname.json")
    assert "\n" not in str(info.value)


# -- files -------------------------------------------------------------------------------------------------------


def read_refused(path, **kw) -> str:
    with pytest.raises(JsonInputError) as info:
        read_json(path, **kw)
    message = str(info.value)
    assert message.startswith(str(path)) and "\n" not in message
    return message


def test_missing_file(tmp_path):
    assert "no such file" in read_refused(tmp_path / "nope.json")


def test_folder_instead_of_a_file(tmp_path):
    assert "is a folder" in read_refused(tmp_path)


def test_unreadable_file(tmp_path, monkeypatch):
    f = tmp_path / "secret.json"
    f.write_text("{}")
    f.chmod(0)
    if os.geteuid() == 0:  # root reads any file: refuse it as the system would refuse another user

        def denied(*args, **kwargs):
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr("refapp.store.paths.os.open", denied)
    assert "permission denied" in read_refused(f)


def test_file_over_the_limit_is_refused_without_reading_it(tmp_path):
    f = tmp_path / "big.json"
    with f.open("wb") as fh:
        fh.truncate(5_000)  # sparse: its size alone is refused
    assert "larger than" in read_refused(f, max_bytes=1000)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_a_device_a_fifo_or_a_socket_is_refused_never_read(tmp_path):
    """A device never ends, a FIFO would block forever: neither is read (``-`` reads standard input)."""
    assert "is a device or socket" in read_refused("/dev/zero", max_bytes=1000)
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    assert "is a FIFO" in read_refused(fifo) and "- to read standard input" in read_refused(fifo)


def test_reads_a_file(tmp_path):
    f = tmp_path / "ok.json"
    f.write_text('{"a": [1]}', encoding="utf-8")
    assert read_json(f) == {"a": [1]}
    assert stat.S_ISREG(f.stat().st_mode)


def test_stdin(monkeypatch):
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b'{"a": 2}')))
    assert read_json("-") == {"a": 2}
    monkeypatch.setattr(sys, "stdin", None)
    with pytest.raises(JsonInputError, match="standard input is closed"):
        read_json("-")
