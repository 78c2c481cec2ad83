"""Exact amounts as they are printed (JSON output, the board): no pydantic, no Qt, importable by the first frame."""

from __future__ import annotations

from fractions import Fraction


def printed(x: Fraction | int | float) -> int | float:
    """An exact amount for output: an int when whole, else rounded to the hundredth (a three-way tie's 1/3)."""
    if type(x) is int:
        return x
    x = Fraction(x)
    return int(x) if x.denominator == 1 else round(float(x), 2)
