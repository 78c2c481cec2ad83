"""Every amount as it is shown: the one place that decides an amount's unit and writes its digits.

The ledger keeps every amount in table points (a chombo of 20 WRC points is stored as 20,000). What a person reads
depends on the kind of amount, decided here once for every screen, export, report and command:

* **table points, always**: table scores, hand payments, riichi sticks and counters, noten and nagashi payments, a
  penalty taken off the table score (EMA 2012), a chombo paid at the table (mangan or flat payments), points that
  left the table;
* **the rule set's overall unit** (``[results] overall_unit``: WRC 1 point = 1,000 table points; EMA and the others
  1, table points): overall scores and their changes, a hanchan's result (uma, oka, leftover sticks in the result,
  penalties, final), the tournament's standings, a penalty off the overall score, a chombo off the overall score or
  off the hanchan result after uma, the missed-hanchan penalty;
* **their own units**, never converted: rating points and league points.

:func:`shown` turns an amount (table points) into a :class:`Shown`: the value in its unit, exact, and the unit's
label key. Its digits are written by a hook (:data:`Digits`): the app passes one built on ``QLocale`` (30,000 /
30 000, ``refapp.ui.common.texts``), the command line and the exports use :func:`plain_digits`. An amount in another
unit than table points is always said with its unit ("20 points"); table points, the unit of the table, are written
bare where nothing else could be meant. ``tests/test_contracts.py`` checks that no other module formats an amount.

No pydantic, no Qt: the board's first frame imports it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction


class Unit(StrEnum):
    """What an amount is counted in; the value is the label key (English; the app translates it)."""

    TABLE_POINTS = "table points"
    POINTS = "points"  # the rule set's overall point (WRC: 1 point = 1,000 table points)
    RATING_POINTS = "rating points"
    LEAGUE_POINTS = "league points"


class AmountKind(StrEnum):
    """Which unit an amount is shown in (see the module's text)."""

    TABLE = "table"  # table points always
    OVERALL = "overall"  # the rule set's overall unit
    RATING = "rating"
    LEAGUE = "league"


Digits = Callable[[int | float], str]
"""Writes a number ≥ 0 (an int, or a float rounded to the hundredth) in digits, with the separators of a language."""


def printed(x: Fraction | int | float) -> int | float:
    """An exact amount for output: an int when whole, else rounded to the hundredth (a three-way tie's 1/3)."""
    if type(x) is int:
        return x
    x = Fraction(x)
    return int(x) if x.denominator == 1 else round(float(x), 2)


def plain_digits(n: int | float) -> str:
    """The digits the command line writes, whatever the language: ``30,000``, ``12.5``, ``333.33``."""
    if isinstance(n, int):
        return f"{n:,}"
    return f"{n:,.2f}".rstrip("0").rstrip(".")


@dataclass(frozen=True, slots=True)
class Shown:
    """An amount as it is shown: ``value`` in ``unit`` (exact) and the unit."""

    value: Fraction | int
    unit: Unit

    @property
    def number(self) -> int | float:
        """The value for output (JSON, a CSV cell): an int when whole, else to the hundredth."""
        return printed(self.value)

    @property
    def labelled(self) -> bool:
        """Whether it is said with its unit: every unit but table points, the table's own."""
        return self.unit is not Unit.TABLE_POINTS

    @property
    def singular(self) -> bool:
        """Whether its unit's word is singular in English ("1 point", "−1 point")."""
        return abs(self.value) == 1

    def digits(self, number: Digits = plain_digits, *, minus: str = "-", sign: bool = False) -> str:
        """The value in digits, without the unit: ``-20``; ``sign``: a change, ``+4,000`` (0 stays ``0``)."""
        n = self.number
        body = number(abs(n))
        if n < 0:
            return minus + body
        return "+" + body if sign and n > 0 else body

    def text(self, number: Digits = plain_digits, *, minus: str = "-", sign: bool = False) -> str:
        """In English, with its unit when :attr:`labelled`: ``20 points``, ``1 point``, ``20,000`` (the command
        line's words; the app says the unit in its language, ``refapp.ui.common.texts``)."""
        digits = self.digits(number, minus=minus, sign=sign)
        if not self.labelled:
            return digits
        word = self.unit.value[:-1] if self.singular else self.unit.value
        return f"{digits} {word}"


def unit_of(kind: AmountKind, overall_unit: int = 1) -> tuple[Unit, int]:
    """The unit an amount of ``kind`` is shown in and how many table points make one of it (``overall_unit``: the
    rule set's ``[results] overall_unit``)."""
    if kind is AmountKind.OVERALL:
        return (Unit.POINTS, overall_unit) if overall_unit != 1 else (Unit.TABLE_POINTS, 1)
    if kind is AmountKind.RATING:
        return Unit.RATING_POINTS, 1
    if kind is AmountKind.LEAGUE:
        return Unit.LEAGUE_POINTS, 1
    return Unit.TABLE_POINTS, 1


def shown(amount: Fraction | int | float, kind: AmountKind = AmountKind.TABLE, overall_unit: int = 1) -> Shown:
    """``amount`` (table points, as the ledger keeps it; rating or league points for those kinds) as it is shown."""
    unit, per = unit_of(kind, overall_unit)
    if per == 1:
        value: Fraction | int = amount if type(amount) is int else _exact(amount)
    else:
        value = _exact(Fraction(amount) / per)
    return Shown(value, unit)


def in_unit(value: Fraction | int | float, kind: AmountKind = AmountKind.TABLE, overall_unit: int = 1) -> Shown:
    """A value already counted in its unit (the board's facts keep the overall score so, :func:`shown` made it)."""
    return Shown(_exact(value), unit_of(kind, overall_unit)[0])


def _exact(x: Fraction | int | float) -> Fraction | int:
    f = Fraction(x)
    return f.numerator if f.denominator == 1 else f


def ruling_amount_kind(kind: str, scope: str = "", chombo_mode: str = "") -> AmountKind:
    """The kind of a ruling's amount: a point penalty (or a missed hanchan) off the overall score, or off the table;
    a chombo off the overall score or after uma, or paid at the table; a rating penalty."""
    if kind == "rating_penalty":
        return AmountKind.RATING
    if kind == "chombo":
        return AmountKind.OVERALL if chombo_mode in ("overall_points", "after_uma") else AmountKind.TABLE
    return AmountKind.OVERALL if scope == "overall" else AmountKind.TABLE


def ruling_amount(
    kind: str, amount: int, scope: str = "", chombo_mode: str = "", overall_unit: int = 1
) -> Shown | None:
    """What a ruling takes from the offender, as every screen, report and command says it beside the ruling's name
    (``Point penalty — 10 points``): a point or rating penalty, the missed-hanchan penalty of a substitution, a
    chombo off the overall score or after uma. None when there is nothing to say: no amount, or a chombo paid at the
    table (its payments are said seat by seat)."""
    if not amount or kind not in ("point_penalty", "rating_penalty", "substitute", "chombo"):
        return None
    what = ruling_amount_kind(kind, scope, chombo_mode)
    if kind == "chombo" and what is AmountKind.TABLE:
        return None
    return shown(amount, what, overall_unit)
