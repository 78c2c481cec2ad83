"""What refapp accepts from outside as a name, a free text or a time.

A **name** (a player, a substitute, a tournament, a referee, a device, a federation id) refuses every character that
a reader cannot see or that changes how the text around it is shown:

* every control character (Unicode category Cc: NUL, line feed, carriage return, tab, escape, DEL, U+0080–U+009F);
* every format character (category Cf): the direction marks and the bidirectional embeddings, overrides and isolates
  (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), the zero-width space U+200B, the word joiner U+2060 and the
  invisible operators, the byte-order mark U+FEFF, the soft hyphen U+00AD, the interlinear annotations, tag
  characters...; two exceptions, both needed by real names and never able to reorder text: the zero-width joiner
  U+200D and non-joiner U+200C *between two characters outside ASCII* (emoji sequences such as 👨‍👩‍👧, Persian and
  Indic names), and the tag characters of an emoji subdivision flag (🏴 then tags then CANCEL TAG);
* the line and paragraph separators U+2028, U+2029; a lone surrogate (category Cs, which UTF-8 cannot store);
* the blank letters that show nothing: U+034F COMBINING GRAPHEME JOINER, the Hangul fillers U+115F, U+1160, U+3164,
  U+FFA0, and U+17B4, U+17B5.

So a name with a direction mark inside Arabic text is refused too (the mark is invisible; the letters alone are
shown the same way). Accents, CJK, Arabic and Hebrew letters, emoji with their variation selectors and spaces
(the no-break and the ideographic ones too) are names like any other.

A **free text** (a note, a reason, a statement) refuses the control characters except the tab and the line feed,
and lone surrogates; direction marks stay allowed there (a sentence mixing Arabic and French needs them).

A **time** is ISO 8601 with its offset: ``2026-11-22T10:00:00+01:00`` or ``...Z`` (seconds and fractions optional),
a real date and time.

:func:`refused_in_name` and :func:`refused_in_text` return the first character refused (else ``None``);
:func:`char_label` names it for a message (``U+202E RIGHT-TO-LEFT OVERRIDE``); :func:`is_time` says whether a time is
one. These are checks of input as it comes in (typed, imported, read from a table log, a bundle or another device's
journal); what is already stored is never judged again by them.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime

from .catalogue import english

_JOINERS = "\u200c\u200d"
_BLANK_LETTERS = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0")
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})
# an emoji subdivision flag: the black flag, tag letters or digits, and the cancel tag
_FLAG = re.compile("\U0001f3f4[\U000e0020-\U000e007e]+\U000e007f")
_TAGS_FROM = "\U000e0000"

# Unicode gives the control characters no name (only aliases): these are their usual names.
_CONTROL_NAMES = (
    "NULL", "START OF HEADING", "START OF TEXT", "END OF TEXT", "END OF TRANSMISSION", "ENQUIRY", "ACKNOWLEDGE",
    "BELL", "BACKSPACE", "CHARACTER TABULATION", "LINE FEED", "LINE TABULATION", "FORM FEED", "CARRIAGE RETURN",
    "SHIFT OUT", "SHIFT IN", "DATA LINK ESCAPE", "DEVICE CONTROL ONE", "DEVICE CONTROL TWO", "DEVICE CONTROL THREE",
    "DEVICE CONTROL FOUR", "NEGATIVE ACKNOWLEDGE", "SYNCHRONOUS IDLE", "END OF TRANSMISSION BLOCK", "CANCEL",
    "END OF MEDIUM", "SUBSTITUTE", "ESCAPE", "INFORMATION SEPARATOR FOUR", "INFORMATION SEPARATOR THREE",
    "INFORMATION SEPARATOR TWO", "INFORMATION SEPARATOR ONE",
)  # fmt: skip
_C1_NAMES = {0x7F: "DELETE", 0x85: "NEXT LINE"}

TIME_EXAMPLE = "2026-11-22T10:00:00+01:00"
_TIME = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,6})?)?(Z|[+-][0-9]{2}:[0-9]{2})")
# the times of :data:`_TIME` that are real whatever the month (up to the 28th; year 1 on; hours 00-23, minutes and
# seconds 00-59, an offset under 24 hours): the common case, told without parsing the date (a log of 100,000 events)
_REAL_TIME = re.compile(
    r"(?!0000)[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,6})?)?"
    r"(Z|[+-]([01][0-9]|2[0-3]):[0-5][0-9])"
)


def char_label(ch: str) -> str:
    """``U+202E RIGHT-TO-LEFT OVERRIDE``: the character's code point and name."""
    cp = ord(ch)
    if cp < 0x20:
        name = _CONTROL_NAMES[cp]
    elif cp in _C1_NAMES:
        name = _C1_NAMES[cp]
    elif 0xD800 <= cp <= 0xDFFF:
        name = "(a lone surrogate)"
    else:
        name = unicodedata.name(ch, "(a control character)")
    return f"U+{cp:04X} {name}"


def _outside_ascii(ch: str) -> bool:
    return ch > "\x7f" and unicodedata.category(ch)[0] in "LMNPS"


def refused_in_name(text: str) -> str | None:
    """The first character a name refuses (see the module), or ``None``."""
    if text.isascii():
        if text.isprintable():
            return None
    elif text.isprintable():  # no Cc, Cf, Zl, Zp, Cs: only the blank letters are left to find
        return next((c for c in text if c in _BLANK_LETTERS), None)
    if _TAGS_FROM <= max(text, default=""):
        text = _FLAG.sub("\U0001f3f4", text)
    last = len(text) - 1
    for i, c in enumerate(text):
        if c in _BLANK_LETTERS:
            return c
        if unicodedata.category(c) not in _REFUSED_CATEGORIES:
            continue
        if c in _JOINERS and 0 < i < last and _outside_ascii(text[i - 1]) and _outside_ascii(text[i + 1]):
            continue
        return c
    return None


def refused_in_text(text: str) -> str | None:
    """The first character a free text refuses (a control character other than tab and line feed, a lone
    surrogate), or ``None``."""
    if text.isprintable():
        return None
    for c in text:
        if c in "\t\n":
            continue
        if unicodedata.category(c) in ("Cc", "Cs"):
            return c
    return None


def is_time(text: object) -> bool:
    """Whether ``text`` is an ISO 8601 time with its offset (``2026-11-22T10:00:00+01:00``, ``...Z``)."""
    if not isinstance(text, str):
        return False
    if _REAL_TIME.fullmatch(text):
        return True  # (a day of month up to the 28th, every number in range: a real time, no calendar needed)
    if not _TIME.fullmatch(text):
        return False
    try:
        datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:  # 2026-13-45, 25:00, an offset of 24 hours
        return False
    return True


def name_problem(text: str) -> str:
    """One line saying what a name refuses, or ``""``."""
    bad = refused_in_name(text)
    if bad is None:
        return ""
    return english("name_refused", {"char": char_label(bad)})


def text_problem(text: str) -> str:
    """One line saying what a free text refuses, or ``""``."""
    bad = refused_in_text(text)
    if bad is None:
        return ""
    return english("text_refused", {"char": char_label(bad)})


def time_problem(text: object) -> str:
    """One line saying what is wrong with a time, or ``""``."""
    if is_time(text):
        return ""
    return english("time_refused", {"value": time_shown(text)})


def time_shown(text: object) -> str:
    """A time that is not one, as a message shows it (quoted, cut at 40 characters)."""
    return repr(text) if len(repr(text)) <= 40 else repr(text)[:37] + "..."
