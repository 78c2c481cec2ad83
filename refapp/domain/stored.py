"""The ruling as stored with each event, read back as typed values.

Every stored event keeps what it did to the table (the ``ruling`` column: transfers, sticks, counters, dealer,
hand, and for an incident the ruling applied). The history, the exports and the command line read it through
:meth:`StoredEffect.from_json` instead of indexing loose dicts, so a change of that shape is made in one place.

Schema versions: the rows written so far carry no version and are version 1 (the shape of
:func:`refapp.domain.ledger_json.effect_to_json`); keys added later by a newer version are ignored, keys an older
version did not write take their neutral value, and a ruling kind this version does not know is kept as text
(:attr:`StoredRuling.kind` is then None) so that nothing stored is ever refused for being read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any

from .jsontypes import Json
from .offences import RULING_KINDS

SCHEMA_VERSION = 1  # the shape written by ledger_json.effect_to_json; rows without a "schema" key are version 1


class RulingKind(StrEnum):
    """What an incident's ruling applied (the ``kind`` of a ruling)."""

    NOT_PENALIZED = "not_penalized"
    WARNING = "warning"
    DEAD_HAND = "dead_hand"
    CHOMBO = "chombo"
    POINT_PENALTY = "point_penalty"
    REDEAL = "redeal"
    SUBSTITUTE = "substitute"
    DISQUALIFICATION = "disqualification"
    RATING_PENALTY = "rating_penalty"
    REFEREE_CHOICE = "referee_choice"

    @classmethod
    def parse(cls, text: object) -> RulingKind | None:
        """The kind named by ``text``, or None (empty, or stored by a newer version)."""
        try:
            return cls(str(text))
        except ValueError:
            return None

    @property
    def is_penalty(self) -> bool:
        """A point or rating penalty (counted together as "penalties")."""
        return self in (RulingKind.POINT_PENALTY, RulingKind.RATING_PENALTY)


assert {k.value for k in RulingKind} == set(RULING_KINDS), "RulingKind and offences.RULING_KINDS differ"


def _int(value: Any, default: int = 0) -> int:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return default


def _number(value: Any) -> Fraction | int:
    """An amount as stored (an int, or a float rounded to the hundredth for a split) as an exact number."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        exact = Fraction(str(value))
        return exact.numerator if exact.denominator == 1 else exact
    return 0


def _pair(value: Any) -> tuple[int, int] | None:
    if isinstance(value, Sequence) and not isinstance(value, str) and len(value) == 2:
        return _int(value[0]), _int(value[1])
    return None


def _hand(value: Any) -> tuple[tuple[int, int], tuple[int, int]] | None:
    if isinstance(value, Sequence) and not isinstance(value, str) and len(value) == 2:
        before, after = _pair(value[0]), _pair(value[1])
        if before is not None and after is not None:
            return before, after
    return None


def _ints(value: Any) -> tuple[int, ...]:
    if isinstance(value, Sequence) and not isinstance(value, str):
        return tuple(_int(v) for v in value)
    return ()


@dataclass(frozen=True, slots=True)
class StoredRuling:
    """The ruling applied by an incident, as stored."""

    kind: RulingKind | None  # None: a kind this version does not know (see ``kind_text``)
    kind_text: str  # the kind as stored ("" for none)
    rule_kind: RulingKind | None = None  # what the rule said before a ladder, a simultaneous win or a choice
    rule_kind_text: str | None = None  # that kind as stored (None: null or not stored)
    amount: int = 0  # table points of a point penalty, or a chombo's amount
    scope: str = ""  # a point penalty's score: "table" or "overall"
    citation: str = ""
    club_rule: str = ""  # the club whose own rule it was (no citation: docs/rulesets.md, "Citing a club's rules")
    warning_number: int = 0  # the player's warnings with this one (0: not a warning)
    voided_by_win: bool = False
    elsewhere_warnings: int = 0  # of warning_number, the warnings at other tables the incident recorded
    elsewhere_ladder: str = ""  # the warning ladder it climbed, when steps at other tables were counted
    elsewhere_steps: int = 0  # the steps on it at other tables the incident recorded
    ladder_step: int = 0  # its step on that ladder, those included (0: not recorded)

    @classmethod
    def from_json(cls, data: Json) -> StoredRuling | None:
        if not isinstance(data, Mapping) or not data.get("kind"):
            return None
        away = data.get("elsewhere")
        if not isinstance(away, Mapping):
            away = {}
        return cls(
            kind=RulingKind.parse(data.get("kind")),
            kind_text=str(data.get("kind")),
            rule_kind=RulingKind.parse(data.get("rule_kind")),
            rule_kind_text=None if data.get("rule_kind") is None else str(data.get("rule_kind")),
            amount=_int(data.get("amount")),
            scope=str(data.get("scope") or ""),
            citation=str(data.get("citation") or ""),
            club_rule=str(data.get("club_rule") or ""),
            warning_number=_int(data.get("warning_number")),
            voided_by_win=bool(data.get("voided_by_win")),
            elsewhere_warnings=_int(away.get("warnings")),
            elsewhere_ladder=str(away.get("ladder") or ""),
            elsewhere_steps=_int(away.get("steps")),
            ladder_step=_int(away.get("step")),
        )

    @property
    def overall_scope(self) -> bool:
        return self.scope == "overall"


@dataclass(frozen=True, slots=True)
class StoredEffect:
    """What one stored event did to the table. Seats are numbered from the hanchan's first East (0-3)."""

    schema: int = SCHEMA_VERSION
    transfers: tuple[int, ...] = ()  # table points per seat
    overall: tuple[Fraction | int, ...] = ()  # overall-score changes per seat
    extra: tuple[Mapping[str, Fraction | int], ...] = ()  # other scores per seat: {"league": 2, "rating": -1}
    off_table: Fraction | int = 0  # points that left the table (given to nobody; a three-way split: a fraction)
    sticks: tuple[int, int] | None = None  # riichi sticks on the table: before, after
    sticks_returned: tuple[int, ...] = ()  # seats whose riichi bet went back
    counters: tuple[int, int] | None = None
    dealer: tuple[int, int] | None = None
    hand: tuple[tuple[int, int], tuple[int, int]] | None = None  # (round wind, hand number): before, after
    redeal: bool = False
    game_over: bool = False
    ruling: StoredRuling | None = None
    unknown: tuple[str, ...] = field(default=())  # keys written by a newer version, not read here

    _KNOWN = frozenset(
        ("schema", "transfers", "overall", "extra", "off_table", "sticks", "sticks_returned", "counters", "dealer",
         "hand", "redeal", "game_over", "ruling")
    )  # fmt: skip

    @classmethod
    def from_json(cls, data: Json) -> StoredEffect:
        """Read a stored ``ruling`` column (a dict, as decoded; ``{}`` for events that did nothing)."""
        if not isinstance(data, Mapping):
            return cls()
        extra: list[Mapping[str, Fraction | int]] = []
        raw_extra = data.get("extra")
        if isinstance(raw_extra, Sequence) and not isinstance(raw_extra, str):
            for e in raw_extra:
                extra.append({str(k): _number(v) for k, v in e.items()} if isinstance(e, Mapping) else {})
        raw_overall = data.get("overall")
        overall = (
            tuple(_number(v) for v in raw_overall)
            if isinstance(raw_overall, Sequence) and not isinstance(raw_overall, str)
            else ()
        )
        return cls(
            schema=_int(data.get("schema"), SCHEMA_VERSION) or SCHEMA_VERSION,
            transfers=_ints(data.get("transfers")),
            overall=overall,
            extra=tuple(extra),
            off_table=_number(data.get("off_table")),
            sticks=_pair(data.get("sticks")),
            sticks_returned=_ints(data.get("sticks_returned")),
            counters=_pair(data.get("counters")),
            dealer=_pair(data.get("dealer")),
            hand=_hand(data.get("hand")),
            redeal=bool(data.get("redeal")),
            game_over=bool(data.get("game_over")),
            ruling=StoredRuling.from_json(data.get("ruling")),
            unknown=tuple(sorted(str(k) for k in data if k not in cls._KNOWN)),
        )

    @property
    def kind(self) -> RulingKind | None:
        """The applied ruling's kind (None for an event without a ruling, or a kind stored by a newer version)."""
        return self.ruling.kind if self.ruling is not None else None

    @property
    def kind_text(self) -> str:
        """The applied ruling's kind as stored (``""`` for an event without a ruling)."""
        return self.ruling.kind_text if self.ruling is not None else ""

    @property
    def moved_points(self) -> bool:
        """Whether any score moved (table, overall or another score)."""
        return any(self.transfers) or any(self.overall) or any(any(e.values()) for e in self.extra)
