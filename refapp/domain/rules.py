"""Rule sets: the parameters the ledger and the rulings need, validated by pydantic.

A rule set is data (a TOML file under ``resources/rulesets/`` or the user's ``rulesets/`` folder). This module only
parses and validates text handed to it; finding and reading files is the store's job (the domain reads no files).
"""

from __future__ import annotations

import tomllib
from typing import Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from .offences import FACTS, OFFENCES, QUESTIONS, RULING_KINDS


class RuleSetError(ValueError):
    """A rule-set file that cannot be used; the message names the file, the key and what is expected."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Scoring(_Strict):
    """How a hand's value turns into payments."""

    kiriage: bool = False
    kazoe_limit: Literal["yakuman", "sanbaiman", "none"] = "sanbaiman"
    max_yakuman: int = Field(1, ge=1, le=6, description="highest yakuman multiple paid (1 = no double yakuman)")
    counter_value: int = Field(300, ge=0, description="per counter on a ron; a third from each payer on a tsumo")
    multiple_ron: Literal["allowed", "head_bump"] = "allowed"
    abortive_draws: bool = False
    five_counter_two_yaku: bool = False
    winner_chooses_reading: bool = False
    pao: Literal["split_on_ron", "full_liable"] = "split_on_ron"
    kuikae: Literal["allowed", "forbidden"] = "forbidden"
    # a concealed kan after riichi must keep the waits ("waits"), and also read only as a pung ("strict")
    kan_after_riichi: Literal["waits", "strict"] = "strict"
    open_tanyao: bool = True
    red_fives: bool = False


class GameEnd(_Strict):
    """Length of the game and the ways it stops early."""

    rounds: int = Field(2, ge=1, le=4, description="1 = East only, 2 = East and South (hanchan)")
    bankruptcy: bool = False
    dealer_leading_stop: bool = False
    leftover_riichi: Literal["winner", "lost"] = "winner"


class Results(_Strict):
    """Hanchan results: (table score − return points) + uma + oka."""

    start_points: int = 30000
    return_points: int = 30000
    uma: tuple[int, int, int, int] = (15000, 5000, -5000, -15000)
    oka: int = Field(0, ge=0, description="bonus to first place, in table points")
    ties: Literal["split", "seat_order"] = "split"
    overall_unit: int = Field(1000, gt=0, description="table points per overall point, for display")

    @model_validator(mode="after")
    def _uma_sums_to_zero(self) -> Results:
        if sum(self.uma) != 0:
            raise ValueError(f"uma must add up to 0, got {list(self.uma)} (sum {sum(self.uma)})")
        return self


class Chombo(_Strict):
    """What a chombo costs (RULES.md §3, D3)."""

    mode: Literal["mangan_table", "flat_each_table", "overall_points", "after_uma"] = "mangan_table"
    amount: int = Field(4000, ge=0, description="flat_each_table: paid to each; overall/after_uma: deducted")
    league_points: int = Field(0, ge=0, description="league points deducted (extra['league'])")
    voided_by_simultaneous_win: bool = True


class Penalties(_Strict):
    """Point penalties (RULES.md §9)."""

    scope: Literal["table", "overall"] = "overall"
    min: int = Field(1000, ge=0)
    max: int = Field(48000, ge=0)
    step: int = Field(1000, gt=0)
    late_per_minute: int = Field(1000, ge=0, description="table points per minute late (1 overall point = 1,000)")
    late_max_minutes: int = Field(10, ge=0)
    missed_hanchan_penalty: int = Field(30000, ge=0, description="deducted from overall for a missed hanchan")
    missed_hanchan_uma: int | None = Field(None, description="EMA 2012: the absent player's fixed uma")
    warning_ladder: int | None = Field(None, ge=1, description="the n-th and later ladder warning is a dead hand")
    warning_scope: Literal["hanchan", "session", "tournament"] = "session"
    first_timer_exemption: bool = False
    substitute_mid_session_last: bool = Field(
        False, description="EMA 2012 §5.7: a mid-session substitute takes last uma"
    )
    exposure_chombo_threshold: int | None = Field(None, ge=1, description="None = referee judges")
    exposure_includes_dead_wall: bool = True


Condition = Union[bool, int, str, list[Union[bool, int, str]], dict[str, int]]


class Rule(_Strict):
    """One branch of an offence's ruling: the first rule whose ``when`` matches the answers and facts applies."""

    when: dict[str, Condition] = Field(default_factory=dict)
    ruling: Literal[RULING_KINDS]  # type: ignore[valid-type]
    amount: int | None = Field(None, ge=0, description="point penalty or chombo amount (table points)")
    per_minute: bool = False
    scope: Literal["table", "overall"] | None = None
    return_riichi: bool = False
    void_call: bool = False
    ladder: bool = False
    choices: list[Literal[RULING_KINDS]] = Field(default_factory=list)  # type: ignore[valid-type]
    explain: str = ""

    @model_validator(mode="after")
    def _shape(self) -> Rule:
        for key, cond in self.when.items():
            if isinstance(cond, dict) and (not cond or set(cond) - {"min", "max"}):
                raise ValueError(f"when.{key}: a range is {{min = N, max = N}}")
        if self.ruling == "referee_choice":
            if len(self.choices) < 2 or "referee_choice" in self.choices:
                raise ValueError("referee_choice needs 'choices': two or more other rulings")
        elif self.choices:
            raise ValueError("'choices' goes with ruling = 'referee_choice'")
        return self


class Offence(_Strict):
    """One offence as this rule set rules it: the questions asked, the ordered rules, the citation."""

    questions: list[str] = Field(default_factory=list)
    citation: str = ""
    note: str = ""
    rules: list[Rule] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> Offence:
        for q in self.questions:
            if q not in QUESTIONS:
                raise ValueError(f"unknown question {q!r} (known: {', '.join(QUESTIONS)})")
        for n, rule in enumerate(self.rules):
            for key in rule.when:
                if key not in self.questions and key not in FACTS:
                    raise ValueError(
                        f"rules.{n}.when: {key!r} is neither one of this offence's questions "
                        f"({', '.join(self.questions) or 'none'}) nor a fact ({', '.join(FACTS)})"
                    )
        if self.rules[-1].when:
            raise ValueError("the last rule must have no 'when': it is the default")
        return self


class RuleSet(_Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    version: str
    source: str = ""
    chombo_word: Literal["chombo", "chonbo"] = "chombo"
    scoring: Scoring = Scoring()
    game: GameEnd = GameEnd()
    results: Results = Results()
    chombo: Chombo = Chombo()
    penalties: Penalties = Penalties()
    notes: dict[str, str] = Field(default_factory=dict, description="dotted key -> [unverified]/[inferred] note")
    offences: dict[str, Offence] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _known_offences_and_notes(self) -> RuleSet:
        for oid in self.offences:
            if oid not in OFFENCES:
                raise ValueError(f"offences: unknown offence id {oid!r}")
        sections = {"scoring": Scoring, "game": GameEnd, "results": Results, "chombo": Chombo, "penalties": Penalties}
        for key in self.notes:
            head, _, rest = key.partition(".")
            ok = (head in sections and (not rest or rest in sections[head].model_fields)) or (
                head == "offences" and rest in OFFENCES
            )
            if not ok:
                raise ValueError(f"notes: {key!r} names no parameter (e.g. 'results.uma' or 'offences.noten_riichi')")
        return self

    @property
    def starting_total(self) -> int:
        return 4 * self.results.start_points

    def note_for(self, key: str) -> str:
        return self.notes.get(key, "")


def _deep_merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _deep_merge(out[key], value)
        else:
            out[key] = value
    return out


def _format_loc(loc: tuple[Any, ...]) -> str:
    return ".".join(str(p) for p in loc) or "(top level)"


def parse_ruleset_text(
    text: str, source: str, bases: dict[str, dict[str, Any]] | None = None
) -> tuple[RuleSet, dict[str, Any]]:
    """Parse and validate one rule-set file's text.

    ``bases`` maps rule-set ids to their raw (merged) data, for files that say ``extends = "<id>"``. Returns the
    validated rule set and its raw merged data (so further files may extend it). Raises :class:`RuleSetError` with a
    message naming ``source``, the key and what is expected.
    """
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RuleSetError(f"{source}: not valid TOML: {exc}") from None
    parent = raw.pop("extends", None)
    if parent is not None:
        if not isinstance(parent, str) or not bases or parent not in bases:
            known = ", ".join(sorted(bases or {})) or "none"
            raise RuleSetError(f"{source}: key 'extends': unknown rule set {parent!r} (known: {known})")
        raw = _deep_merge(bases[parent], raw)
    try:
        ruleset = RuleSet.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = _format_loc(first["loc"])
        more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
        value = first.get("input")
        shown = "" if isinstance(value, dict) else f", got {value!r}"
        raise RuleSetError(f"{source}: key '{where}': {first['msg']}{shown}{more}") from None
    return ruleset, raw
