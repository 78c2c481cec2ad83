# size: the rule-set format as one validated model: its tables and their cross-checks are read together
"""Rule sets: the parameters the ledger and the rulings need, validated strictly by pydantic.

A rule set is data (a TOML file under ``resources/rulesets/`` or the user's ``rulesets/`` folder). This module only
parses and validates text handed to it; finding and reading files is the store's job (the domain reads no files).
Validation is strict: no coercion ("300" is not a number, "yes" is not a boolean), every amount is bounded, and a
mistake is reported as one line naming the file, the key and what is allowed. See docs/rulesets.md.
"""

from __future__ import annotations

import tomllib
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from annotated_types import Ge, Le
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    Strict,
    ValidationError,
    model_serializer,
    model_validator,
)

from .jsontypes import TomlTable, TomlValue
from .offences import FACTS, MAX_AMOUNT, OFFENCES, PAO_HANDS, QUESTIONS, RULING_KINDS, STATUSES
from .rule_errors import describe

MAX_FILE_BYTES = 1_000_000  # the largest shipped file is ~20 kB
MAX_DEPTH = 8  # tables and lists nest at most this deep (offences.X.rules.N.when.K is 6 levels)

Int = Annotated[int, Strict()]
Bool = Annotated[bool, Strict()]
Str = Annotated[str, Strict()]
Amount = Annotated[int, Strict(), Ge(0), Le(MAX_AMOUNT)]
Status = Literal["verified", "paraphrase", "unverified", "inferred"]
assert tuple(Status.__args__) == STATUSES  # type: ignore[attr-defined]
if TYPE_CHECKING:
    PaoHand = str  # one of PAO_HANDS: a Literal built from the catalogue at run time, which the checker cannot read
else:
    PaoHand = Literal[tuple(PAO_HANDS)]

# Keys that older versions of the format had, with why they went (a club file using one is told so).
REMOVED = {
    "scoring.winner_chooses_reading": "removed: the winner's choice of reading is not modelled (the hand checker "
    "always scores the most valuable reading); delete the key",
    "penalties.warning_ladder": "removed: declare the ladder in [ladders.NAME] (dead_hand_from = N) and give the "
    'rules that climb it ladder = "NAME"',
}


class RuleSetError(ValueError):
    """A rule-set file that cannot be used; the message names the file, the key and what is expected."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Scoring(_Strict):
    """How a hand's value turns into payments."""

    kiriage: Bool = False
    kazoe_limit: Literal["yakuman", "sanbaiman", "none"] = "sanbaiman"
    max_yakuman: Annotated[int, Strict(), Ge(1), Le(6)] = Field(1, description="highest yakuman multiple paid")
    counter_value: Annotated[int, Strict(), Ge(0), Le(10_000)] = Field(
        300, description="per counter on a ron; a third from each payer on a tsumo"
    )
    noten_payment: Annotated[int, Strict(), Ge(0), Le(100_000)] = Field(
        3000, description="paid in all by the noten seats to the tenpai seats at an exhaustive draw"
    )
    multiple_ron: Literal["allowed", "head_bump"] = "allowed"
    multiple_ron_counters: Literal["each", "first"] = Field(
        "each", description="on a multiple ron, every winner is paid the counters, or only the first"
    )
    abortive_draws: Bool = False
    five_counter_two_yaku: Bool = False
    pao: Literal["split_on_ron", "full_liable"] = "split_on_ron"
    pao_hands: list[PaoHand] = Field(default_factory=lambda: ["big_three_dragons", "big_four_winds"])
    kuikae: Literal["allowed", "forbidden"] = "forbidden"
    # a concealed kan after riichi must keep the waits ("waits"), and also read only as a pung ("strict")
    kan_after_riichi: Literal["waits", "strict"] = "strict"
    open_tanyao: Bool = True
    red_fives: Bool = False
    nagashi_mangan: Bool = Field(
        False,
        description="at an exhaustive draw, a nagashi mangan is paid as a mangan tsumo, instead of noten payments",
    )

    @model_validator(mode="after")
    def _distinct_hands(self) -> Scoring:
        if len(set(self.pao_hands)) != len(self.pao_hands):
            raise ValueError(f"pao_hands lists a hand twice: {self.pao_hands}")
        return self


class ExtraRounds(_Strict):
    """When nobody has reached ``target`` at the end of the last round, play goes on into up to ``winds`` more winds
    (South after an East-only game, West after South); with ``sudden_death`` the game ends as soon as a hand ends
    with someone at or above the target, otherwise at the end of an extra wind where someone is (docs/rulings.md)."""

    target: Annotated[int, Strict(), Ge(1), Le(MAX_AMOUNT)] = Field(
        30000, description="the score someone must reach for the game to end"
    )
    winds: Annotated[int, Strict(), Ge(1), Le(3)] = Field(1, description="how many more winds may be played")
    sudden_death: Bool = Field(True, description="the game ends at the end of the first hand where the target is met")


class GameEnd(_Strict):
    """Length of the game and the ways it stops early."""

    rounds: Annotated[int, Strict(), Ge(1), Le(4)] = Field(2, description="1 = East only, 2 = East and South")
    bankruptcy: Bool = False
    dealer_leading_stop: Bool = False
    leftover_riichi: Literal["winner", "lost"] = "winner"
    leftover_split: Literal["exact", "round_down_100"] = Field(
        "exact", description="tied winners share leftover sticks exactly, or rounded down to 100"
    )
    extra_rounds: ExtraRounds | None = Field(
        None, description="extra winds until someone reaches a target; absent: none"
    )
    dealer_repeat: Literal["win_or_tenpai", "win", "tenpai", "none"] = Field(
        "win_or_tenpai",
        description="what keeps the deal with the dealer: a win, tenpai at an exhaustive draw, both, none",
    )

    @model_validator(mode="after")
    def _winds(self) -> GameEnd:
        x = self.extra_rounds
        if x is not None and self.rounds + x.winds > 4:
            if self.rounds == 4:
                raise ValueError("extra_rounds cannot follow a 4-round game: there is no wind after North")
            raise ValueError(
                f"extra_rounds goes past North: winds = {x.winds} after a {self.rounds}-round game "
                f"(at most {4 - self.rounds})"
            )
        return self


class Results(_Strict):
    """Hanchan results: (table score − return points) + uma + oka."""

    start_points: Amount | dict[Literal["1", "2", "3", "4"], Amount] = Field(
        30000, description="one number, or one per game length: { 1 = 20000, 2 = 25000 }"
    )
    return_points: Amount = 30000
    uma: tuple[
        Annotated[int, Strict(), Ge(-MAX_AMOUNT), Le(MAX_AMOUNT)],
        Annotated[int, Strict(), Ge(-MAX_AMOUNT), Le(MAX_AMOUNT)],
        Annotated[int, Strict(), Ge(-MAX_AMOUNT), Le(MAX_AMOUNT)],
        Annotated[int, Strict(), Ge(-MAX_AMOUNT), Le(MAX_AMOUNT)],
    ] = (15000, 5000, -5000, -15000)
    oka: Amount = Field(0, description="bonus to first place, in table points")
    ties: Literal["split", "seat_order"] = "split"
    overall_unit: Annotated[int, Strict(), Ge(1), Le(MAX_AMOUNT)] = Field(
        1000, description="table points per overall point: overall scores and overall penalties are shown in it"
    )

    @model_validator(mode="after")
    def _uma(self) -> Results:
        if sum(self.uma) != 0:
            raise ValueError(f"uma must add up to 0, got {list(self.uma)} (sum {sum(self.uma)})")
        if list(self.uma) != sorted(self.uma, reverse=True):
            raise ValueError(f"uma goes from first to last place, largest first, got {list(self.uma)}")
        return self


class Chombo(_Strict):
    """What a chombo costs."""

    mode: Literal["mangan_table", "flat_each_table", "overall_points", "after_uma"] = "mangan_table"
    amount: Amount = Field(4000, description="flat_each_table: paid to each; overall/after_uma: deducted")
    mangan: tuple[Annotated[int, Strict(), Ge(0), Le(100_000)], Annotated[int, Strict(), Ge(0), Le(100_000)]] = Field(
        (4000, 2000), description="mangan_table: paid to (or by) the dealer, and between two non-dealers"
    )
    league_points: Annotated[int, Strict(), Ge(0), Le(100)] = Field(0, description="league points deducted")
    voided_by_simultaneous_win: Bool = True


class Penalties(_Strict):
    """Point penalties, lateness, substitutes, warnings and exposed tiles."""

    scope: Literal["table", "overall"] = "overall"
    min: Amount = 1000
    max: Amount | None = Field(None, description="largest penalty the referee may enter; absent = no cap")
    step: Annotated[int, Strict(), Ge(1), Le(MAX_AMOUNT)] = 1000
    late_per_minute: Annotated[int, Strict(), Ge(0), Le(100_000)] = 1000
    late_max_minutes: Annotated[int, Strict(), Ge(0), Le(180)] = 10
    missed_hanchan_penalty: Amount = Field(30000, description="deducted from the absent player's overall score")
    missed_hanchan_uma: Annotated[int, Strict(), Ge(-MAX_AMOUNT), Le(0)] = Field(
        0, description="the absent player's fixed uma (EMA 2012: -30000)"
    )
    missed_hanchan_replaces_late: Bool = Field(
        False, description="a late player then substituted keeps only the missed-hanchan penalty"
    )
    substitute_result: Literal["scored", "fixed"] = Field(
        "scored", description="the substitute is scored normally, or given the absent player's fixed result"
    )
    substitute_mid_session_last: Bool = Field(False, description="a substitute after play began takes last uma")
    disqualified_result: Literal["none", "missed_hanchan"] = Field(
        "none",
        description="a player disqualified during a hanchan gets no result of his own for it, or the absent player's "
        "(the missed-hanchan penalty and fixed uma, in a line of his own marked disqualified)",
    )
    warning_scope: Literal["hanchan", "session", "tournament"] = "session"
    first_timer_exemption: Bool = False
    exposure_chombo_threshold: Annotated[int, Strict(), Ge(1), Le(34)] | None = None
    exposure_includes_dead_wall: Bool = True
    usual: list[Amount] = Field(
        default_factory=list,
        description="the usual point penalties, offered as buttons (table points; from smallest to largest, each "
        "between min and max and a multiple of step)",
    )

    @model_validator(mode="after")
    def _bounds(self) -> Penalties:
        if self.max is not None and self.min > self.max:
            raise ValueError(f"min ({self.min}) is above max ({self.max}): no penalty could be given")
        for amount in self.usual:
            if amount < self.min or (self.max is not None and amount > self.max) or amount % self.step:
                top = f" to {self.max}" if self.max is not None else " or more"
                raise ValueError(
                    f"usual: {amount} is not a penalty the referee may give ({self.min}{top}, in steps of {self.step})"
                )
        if self.usual != sorted(set(self.usual)):
            raise ValueError(f"usual lists each amount once, from smallest to largest, got {self.usual}")
        return self


class Standings(_Strict):
    """The tournament ranking: where disqualified players and substitutes go, and how equal totals rank."""

    disqualified: Literal["not_listed", "bottom", "by_total"] = Field(
        "bottom", description="not listed in the ranking, ranked at the bottom, or placed by the total like the others"
    )
    substitutes: Literal["listed", "not_listed"] = Field(
        "listed", description="substitutes are listed apart from the ranking (never ranked), or left out"
    )
    ties: Literal["shared", "table_points"] = Field(
        "shared", description="equal totals share the place, or the larger sum of table points ranks first"
    )


class TimeLimit(_Strict):
    """What happens when a session's time is up (docs/rulings.md, "The session clock"): the hand in play is finished
    and is the last (``finish_hand``), or ``extra_hands`` more are played after it (``finish_hand_plus``); a chombo
    in the last hand ends it (``last_hand_chombo = "ends"``: the hand is not re-dealt) or is re-dealt as usual."""

    after_time: Literal["finish_hand", "finish_hand_plus"] = Field(
        "finish_hand", description="the hand in play is the last, or more hands are played after it"
    )
    extra_hands: Annotated[int, Strict(), Ge(0), Le(8)] = Field(
        0, description="with finish_hand_plus: how many hands are played after the one in play at time-up"
    )
    last_hand_chombo: Literal["ends", "redeal"] = Field(
        "ends", description="a chombo in the last hand ends the hanchan (not re-dealt), or the hand is re-dealt"
    )

    @model_validator(mode="after")
    def _hands(self) -> TimeLimit:
        if self.after_time == "finish_hand_plus" and self.extra_hands < 1:
            raise ValueError("finish_hand_plus needs extra_hands: 1 or more hands after the one in play")
        if self.after_time == "finish_hand" and self.extra_hands:
            raise ValueError(f"extra_hands ({self.extra_hands}) goes with after_time = 'finish_hand_plus'")
        return self


class Note(_Strict):
    """A note on a parameter: what it means for the referee, and how sure the project is of it."""

    text: Str = Field(min_length=1)
    status: Status = "verified"


class Ladder(_Strict):
    """A warning ladder: the offences whose rules say ``ladder = NAME`` count together per player; from the
    ``dead_hand_from``-th on, the warning becomes a dead hand (the SG league's "Calls Penalty": 3; docs/rulings.md,
    "Warnings and the SG calls ladder")."""

    dead_hand_from: Annotated[int, Strict(), Ge(1), Le(20)]
    citation: Str = ""
    status: Status = "verified"


Condition = Union[Bool, Int, Str, list[Union[Bool, Int, Str]], dict[Str, Int]]


class Rule(_Strict):
    """One branch of an offence's ruling: the first rule whose ``when`` matches the answers and facts applies."""

    when: dict[Str, Condition] = Field(default_factory=dict)
    ruling: Literal[RULING_KINDS]  # type: ignore[valid-type]
    amount: Amount | None = Field(None, description="point penalty or chombo amount (table points)")
    amounts: list[Amount] = Field(default_factory=list, description="the only amounts the referee may enter")
    amount_min: Amount | None = None
    amount_max: Amount | None = None
    per_minute: Bool = False
    scope: Literal["table", "overall"] | None = None
    return_riichi: Bool = False
    void_call: Bool = False
    ladder: Str | None = None
    choices: list[Literal[RULING_KINDS]] = Field(default_factory=list)  # type: ignore[valid-type]
    explain: Str = ""
    status: Status | None = Field(None, description="this rule's source status, if not the offence's")

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
        kinds = set(self.choices) | {self.ruling}
        if self.ladder is not None and "warning" not in kinds:
            raise ValueError("'ladder' goes with a warning (ruling = 'warning', or a choice of it)")
        bands = bool(self.amounts) or self.amount_min is not None or self.amount_max is not None
        if bands and ("point_penalty" not in kinds or self.amount is not None or self.per_minute):
            raise ValueError("'amounts', 'amount_min' and 'amount_max' bound a point penalty the referee enters")
        if self.amount_min is not None and self.amount_max is not None and self.amount_min > self.amount_max:
            raise ValueError(f"amount_min ({self.amount_min}) is above amount_max ({self.amount_max})")
        return self


class Offence(_Strict):
    """One offence as this rule set rules it: the questions asked, the ordered rules, the citation."""

    questions: list[Str] = Field(default_factory=list)
    citation: Str = ""
    note: Str = ""
    status: Status = "verified"
    requires_riichi: Bool = Field(False, description="only a seat that declared riichi in this hand can commit it")
    optional: list[Str] = Field(
        default_factory=list,
        description="questions an entry may leave unanswered (the app asks them and waits for the answer; an entry "
        "typed on the command line may omit them)",
    )
    rules: list[Rule] = Field(min_length=1)
    club_rule: Str = Field(
        "",
        description="set by refapp, never by a file: the club whose file changed this ruling without a citation of "
        "its own (:func:`extend`); shown instead of a citation",
    )

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if not self.club_rule:  # an offence that is no club's rule is stored (and hashed) as it always was
            data.pop("club_rule", None)
        return data

    @model_validator(mode="after")
    def _consistent(self) -> Offence:
        for q in self.questions:
            if q not in QUESTIONS:
                raise ValueError(f"unknown question {q!r} (known: {', '.join(QUESTIONS)})")
        for q in self.optional:
            if q not in self.questions or QUESTIONS[q].kind != "choice":
                raise ValueError(f"optional: {q!r} is not one of this offence's choice questions")
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


SECTIONS: dict[str, type[_Strict]] = {
    "scoring": Scoring,
    "game": GameEnd,
    "results": Results,
    "chombo": Chombo,
    "penalties": Penalties,
    "standings": Standings,
    "time_limit": TimeLimit,
}


class RuleSet(_Strict):
    id: Str = Field(pattern=r"^[a-z0-9][a-z0-9-]{0,63}$")
    name: Str = Field(min_length=1, max_length=200)
    version: Str = Field(min_length=1, max_length=100)
    source: Str = ""
    chombo_word: Literal["chombo", "chonbo"] = "chombo"
    scoring: Scoring = Scoring()
    game: GameEnd = GameEnd()
    results: Results = Results()
    chombo: Chombo = Chombo()
    penalties: Penalties = Penalties()
    standings: Standings = Standings()
    time_limit: TimeLimit = TimeLimit()
    ladders: dict[Annotated[str, Strict(), Field(pattern=r"^[a-z][a-z0-9_]*$")], Ladder] = Field(default_factory=dict)
    notes: dict[Str, Note | Str] = Field(default_factory=dict, description="dotted key -> note (text + status)")
    offences: dict[Str, Offence] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _cross_checks(self) -> RuleSet:
        for key in self.notes:
            head, _, rest = key.partition(".")
            ok = (head in SECTIONS and (not rest or rest in SECTIONS[head].model_fields)) or (
                head == "offences" and rest in OFFENCES
            )
            if not ok:
                raise ValueError(f"notes: {key!r} names no parameter (e.g. 'results.uma' or 'offences.noten_riichi')")
        for oid, off in self.offences.items():
            for n, rule in enumerate(off.rules):
                if rule.ladder is not None and rule.ladder not in self.ladders:
                    known = ", ".join(sorted(self.ladders)) or "none declared"
                    raise ValueError(
                        f"offences.{oid}.rules.{n}.ladder: no ladder {rule.ladder!r} in [ladders] ({known})"
                    )
        sp = self.results.start_points
        if isinstance(sp, dict) and str(self.game.rounds) not in sp:
            raise ValueError(
                f"results.start_points gives no value for a {self.game.rounds}-round game "
                f"(game.rounds = {self.game.rounds}; given for {', '.join(sorted(sp))})"
            )
        return self

    @property
    def start_points(self) -> int:
        """The starting score of this rule set's game length."""
        sp = self.results.start_points
        return sp[str(self.game.rounds)] if isinstance(sp, dict) else sp  # type: ignore[index]

    @property
    def starting_total(self) -> int:
        return 4 * self.start_points

    def note_for(self, key: str) -> str:
        note = self.notes.get(key)
        return note.text if isinstance(note, Note) else (note or "")

    def status_for(self, key: str) -> str | None:
        """The source status of a parameter's note (None: no note, or a plain-text note that claims nothing)."""
        note = self.notes.get(key)
        return note.status if isinstance(note, Note) else None


# -- parsing --------------------------------------------------------------------------------------------------------


def _depth(value: Any, limit: int, level: int = 0) -> bool:
    """True if ``value`` nests no deeper than ``limit``."""
    if level > limit:
        return False
    if isinstance(value, dict):
        return all(_depth(v, limit, level + 1) for v in value.values())
    if isinstance(value, list):
        return all(_depth(v, limit, level + 1) for v in value)
    return True


def load_toml(text: str, source: str) -> TomlTable:
    """Decode one rule-set file's text, guarded against huge files and deep nesting."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_FILE_BYTES:
        raise RuleSetError(f"{source}: file too large ({size:,} bytes; a rule-set file is at most {MAX_FILE_BYTES:,})")
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RuleSetError(f"{source}: not valid TOML: {exc}") from None
    except RecursionError:
        raise RuleSetError(f"{source}: nested too deeply (tables and lists nest at most {MAX_DEPTH} levels)") from None
    except ValueError as exc:  # an integer of more than 4,300 digits (Python refuses to convert it)
        first = str(exc).split(";")[0]
        raise RuleSetError(f"{source}: a number is far too long ({first})") from None
    if not _depth(raw, MAX_DEPTH):
        raise RuleSetError(f"{source}: nested too deeply (tables and lists nest at most {MAX_DEPTH} levels)")
    return raw


def deep_merge(base: TomlTable, over: TomlTable) -> TomlTable:
    """``over`` on top of ``base``: tables merge key by key; anything else (a list, a value) replaces."""
    out = dict(base)
    for key, value in over.items():
        here = out.get(key)
        out[key] = deep_merge(here, value) if isinstance(value, dict) and isinstance(here, dict) else value
    return out


# -- a club file on top of the rule set it extends ----------------------------------------------------------------

# The keys of an offence entry that make its ruling: a club file that changes one of them changes the ruling.
RULING_KEYS = ("rules", "questions", "requires_riichi")


def check_own(own: TomlTable, source: str) -> None:
    """Refuse, in a file's own keys, what refapp sets itself (``club_rule``: :func:`extend`)."""
    offences = own.get("offences")
    for oid, entry in offences.items() if isinstance(offences, dict) else ():
        if isinstance(entry, dict) and "club_rule" in entry:
            raise RuleSetError(
                f"{source}: key 'offences.{oid}.club_rule': set by refapp, not by a file (a ruling a club file "
                "changes without a citation is shown as the club's rule; give it a citation to cite your own rules)"
            )


def _club_name(own: TomlTable) -> str:
    """How a club file's rules are named: its own name, else its id (a name it inherits is the rule book's)."""
    name = own.get("name")
    return name if isinstance(name, str) and name.strip() else str(own.get("id", ""))


def _dict(value: TomlValue) -> TomlTable:
    return value if isinstance(value, dict) else {}


def extend(parent: TomlTable, own: TomlTable, source: str) -> tuple[TomlTable, list[str]]:
    """A club file's own keys (``own``, without ``extends``) on top of the merged raw data of the rule set it extends.

    A ruling the club file changes (an offence's rules, questions or requires_riichi) or adds is the club's: the note
    and source status the rule book's entry gives its own ruling are not inherited (the club's own stay). Without a
    citation of its own it is the club's rule: the rule book's citation is dropped too and ``club_rule`` names the
    club, shown instead of a citation; a citation in the club file makes the ruling cited again. Returns the merged
    data and the warnings, one line each naming ``source`` and the key: those rulings, and the ladders the file adds
    or changes without a citation (docs/rulesets.md, "Citing a club's rules")."""
    merged = deep_merge(parent, own)
    club, warnings = _club_name(own), []
    theirs_all = _dict(parent.get("offences"))
    mine_all, merged_offences = own.get("offences"), merged.get("offences")
    if isinstance(mine_all, dict) and isinstance(merged_offences, dict):
        offences = dict(merged_offences)
        for oid, mine in mine_all.items():
            stands = offences.get(oid)
            if not isinstance(mine, dict) or not isinstance(stands, dict):
                continue  # validation names it
            theirs = _dict(theirs_all.get(oid))
            changed = not theirs or any(k in mine and mine[k] != theirs.get(k) for k in RULING_KEYS)
            entry = dict(stands)
            if changed:  # what the rule book's entry said of its own ruling's source is not said of the club's
                for key in ("note", "status"):
                    if key not in mine:
                        entry.pop(key, None)
            if mine.get("citation"):
                entry.pop("club_rule", None)  # the club cites its own rule
            elif changed:
                cited = theirs.get("citation") if isinstance(theirs.get("citation"), str) else ""
                entry["citation"], entry["club_rule"] = "", club
                what = "the ruling is changed" if theirs else "a ruling"
                instead = f", not with the citation {cited!r} it inherits" if cited else ""
                warnings.append(
                    f"{source}: key 'offences.{oid}': {what} without a citation of its own: shown as a club rule "
                    f"of {club!r}{instead} (give it a citation to cite your rules)"
                )
            offences[oid] = entry
        merged["offences"] = offences
    parent_ladders = _dict(parent.get("ladders"))
    for name, mine in _dict(own.get("ladders")).items():
        if not isinstance(mine, dict) or mine.get("citation"):
            continue
        inherited = parent_ladders.get(name)
        steps = inherited.get("dead_hand_from") if isinstance(inherited, dict) else None
        if isinstance(inherited, dict) and mine.get("dead_hand_from", steps) == steps:
            continue  # not changed: still the rule book's ladder
        named = inherited.get("citation") if isinstance(inherited, dict) else ""
        what = "the ladder is changed" if isinstance(inherited, dict) else "a new ladder"
        shown = (
            f"it is still named by the citation {named!r} it inherits"
            if named
            else f"a club rule of {club!r}, shown as {name!r}"
        )
        warnings.append(
            f"{source}: key 'ladders.{name}': {what} without a citation of its own: {shown} (give it a citation to "
            "cite your rules)"
        )
    return merged, warnings


def validate_raw(raw: TomlTable, source: str) -> RuleSet:
    """Validate merged raw data; raise :class:`RuleSetError` with one line: file, key, what is allowed."""
    offences = raw.get("offences")
    if isinstance(offences, dict):
        for oid in offences:
            if oid not in OFFENCES:
                raise RuleSetError(f"{source}: key 'offences.{oid}': unknown offence id (valid: {', '.join(OFFENCES)})")
    try:
        return RuleSet.model_validate(raw)
    except ValidationError as exc:
        key, what = describe(exc.errors(), raw, RuleSet, REMOVED)
        raise RuleSetError(f"{source}: key '{key}': {what}") from None


def parse_ruleset_text(text: str, source: str, bases: dict[str, TomlTable] | None = None) -> tuple[RuleSet, TomlTable]:
    """Parse and validate one rule-set file's text.

    ``bases`` maps rule-set ids to their raw (merged) data, for files that say ``extends = "<id>"``. Returns the
    validated rule set and its raw merged data (so further files may extend it). Raises :class:`RuleSetError` with a
    message naming ``source``, the key and what is expected.
    """
    raw = load_toml(text, source)
    check_own(raw, source)
    parent = raw.pop("extends", None)
    if parent is not None:
        if not isinstance(parent, str) or not bases or parent not in bases:
            known = ", ".join(sorted(bases or {})) or "none"
            raise RuleSetError(f"{source}: key 'extends': unknown rule set {parent!r} (known: {known})")
        raw, _ = extend(bases[parent], raw, source)
    return validate_raw(raw, source), raw
