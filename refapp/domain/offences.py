"""The offence vocabulary: ids, palette groups, names and the questions a referee may be asked.

The ids are the product's vocabulary (docs/rulesets.md): they appear in rule-set files, stored incidents,
exports and the command line. *How* each rule set rules an offence is data (``resources/rulesets/*.toml``); this
module only names things. English texts are marked with ``QT_TRANSLATE_NOOP`` so ``pyside6-lupdate`` collects them;
the UI translates them at display time (the domain never imports Qt).
"""

from __future__ import annotations

from dataclasses import dataclass

# The largest amount (table points) a rule set or a referee may give: far above any rule book's penalty (EMA 2012's
# 48,000 obstruction maximum), far below what would overflow a score. Not a rule: a guard against typing mistakes.
MAX_AMOUNT = 1_000_000


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name lupdate looks for
    return text


@dataclass(frozen=True)
class Question:
    id: str
    kind: str  # "bool" | "choice" | "int"
    label: str
    options: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = 0


@dataclass(frozen=True)
class OffenceDef:
    id: str
    group: str
    name: str


GROUPS: dict[str, str] = {
    "winning": QT_TRANSLATE_NOOP("Group", "Winning declarations"),
    "riichi": QT_TRANSLATE_NOOP("Group", "Riichi"),
    "calls": QT_TRANSLATE_NOOP("Group", "Calls and melds"),
    "tiles": QT_TRANSLATE_NOOP("Group", "Tiles"),
    "draw": QT_TRANSLATE_NOOP("Group", "Draw and liability"),
    "conduct": QT_TRANSLATE_NOOP("Group", "Conduct"),
    "attendance": QT_TRANSLATE_NOOP("Group", "Attendance"),
    "generic": QT_TRANSLATE_NOOP("Group", "Generic"),
}

# In palette order: the most common first within each group.
_OFFENCES = [
    ("invalid_win_revealed", "winning", QT_TRANSLATE_NOOP("Offence", "Invalid win, hand revealed")),
    ("empty_win_call", "winning", QT_TRANSLATE_NOOP("Offence", "Win called, hand not revealed")),
    ("wrong_win_word", "winning", QT_TRANSLATE_NOOP("Offence", "Wrong word for a win")),
    ("changed_call", "winning", QT_TRANSLATE_NOOP("Offence", "Changing a call")),
    ("noten_riichi", "riichi", QT_TRANSLATE_NOOP("Offence", "Noten riichi")),
    ("invalid_kan_after_riichi", "riichi", QT_TRANSLATE_NOOP("Offence", "Invalid concealed kan after riichi")),
    ("riichi_bet_missing", "riichi", QT_TRANSLATE_NOOP("Offence", "Riichi bet not placed")),
    ("riichi_not_announced", "riichi", QT_TRANSLATE_NOOP("Offence", "Riichi not said or discard not rotated")),
    ("riichi_open_hand", "riichi", QT_TRANSLATE_NOOP("Offence", "Riichi on an open hand")),
    ("empty_riichi", "riichi", QT_TRANSLATE_NOOP("Offence", "Empty riichi declaration")),
    ("empty_meld_call", "calls", QT_TRANSLATE_NOOP("Offence", "Empty call (chii, pon, kan)")),
    ("invalid_group", "calls", QT_TRANSLATE_NOOP("Offence", "Invalid group melded")),
    ("swap_calling", "calls", QT_TRANSLATE_NOOP("Offence", "Swap-calling (kuikae)")),
    ("claimed_tile_not_taken", "calls", QT_TRANSLATE_NOOP("Offence", "Claimed tile not taken")),
    ("call_with_dead_hand", "calls", QT_TRANSLATE_NOOP("Offence", "Calling with a dead hand")),
    ("silent_call", "calls", QT_TRANSLATE_NOOP("Offence", "Silent call")),
    ("chi_overridden_by_pon", "calls", QT_TRANSLATE_NOOP("Offence", "Chii overridden by a pon")),
    ("wrong_tile_count", "tiles", QT_TRANSLATE_NOOP("Offence", "Wrong tile count")),
    ("tiles_exposed", "tiles", QT_TRANSLATE_NOOP("Offence", "Tiles exposed")),
    ("wrong_wall_draw", "tiles", QT_TRANSLATE_NOOP("Offence", "Drawing from the wrong part of the wall")),
    ("false_tenpai_declaration", "draw", QT_TRANSLATE_NOOP("Offence", "False tenpai declaration at the draw")),
    ("passing_information", "conduct", QT_TRANSLATE_NOOP("Offence", "Passing information")),
    ("obstruction", "conduct", QT_TRANSLATE_NOOP("Offence", "Obstruction")),
    ("phone_or_device", "conduct", QT_TRANSLATE_NOOP("Offence", "Phone ringing or electronic device")),
    ("fault_caused_by_other", "conduct", QT_TRANSLATE_NOOP("Offence", "Fault caused by another player's fault")),
    ("game_disruption", "conduct", QT_TRANSLATE_NOOP("Offence", "Made the game impossible to continue")),
    ("cheating", "conduct", QT_TRANSLATE_NOOP("Offence", "Cheating")),
    ("late_arrival", "attendance", QT_TRANSLATE_NOOP("Offence", "Late arrival")),
    ("missed_hanchan", "attendance", QT_TRANSLATE_NOOP("Offence", "Missed hanchan (substitute)")),
    ("warning", "generic", QT_TRANSLATE_NOOP("Offence", "Warning")),
    ("point_penalty", "generic", QT_TRANSLATE_NOOP("Offence", "Point penalty")),
    ("dead_hand", "generic", QT_TRANSLATE_NOOP("Offence", "Dead hand")),
    ("no_fault_redeal", "generic", QT_TRANSLATE_NOOP("Offence", "Re-deal without penalty")),
    ("disqualification", "generic", QT_TRANSLATE_NOOP("Offence", "Disqualification")),
]
OFFENCES: dict[str, OffenceDef] = {i: OffenceDef(i, g, n) for i, g, n in _OFFENCES}

_QUESTIONS = [
    Question("revealed", "bool", QT_TRANSLATE_NOOP("Question", "Was the hand revealed?")),
    Question(
        "tiles_shown",
        "choice",
        QT_TRANSLATE_NOOP("Question", "Which tiles were shown?"),
        (
            QT_TRANSLATE_NOOP("Answer", "None"),
            QT_TRANSLATE_NOOP("Answer", "Two (for the pon)"),
            QT_TRANSLATE_NOOP("Answer", "The whole hand"),
        ),
    ),
    Question("first_call_win", "bool", QT_TRANSLATE_NOOP("Question", "Was the first call a win (ron)?")),
    Question("corrected_at_once", "bool", QT_TRANSLATE_NOOP("Question", "Corrected at once?")),
    Question("count", "int", QT_TRANSLATE_NOOP("Question", "How many tiles were exposed?"), minimum=1, maximum=34),
    Question(
        "source",
        "choice",
        QT_TRANSLATE_NOOP("Question", "Exposed from where?"),
        (
            QT_TRANSLATE_NOOP("Answer", "The wall"),
            QT_TRANSLATE_NOOP("Answer", "The dead wall"),
            QT_TRANSLATE_NOOP("Answer", "Own hand"),
            QT_TRANSLATE_NOOP("Answer", "An opponent's hand"),
        ),
    ),
    Question(
        "phase",
        "choice",
        QT_TRANSLATE_NOOP("Question", "When?"),
        (
            QT_TRANSLATE_NOOP("Answer", "During play"),
            QT_TRANSLATE_NOOP("Answer", "During dealing"),
            QT_TRANSLATE_NOOP("Answer", "While building the walls"),
        ),
    ),
    Question("no_fault", "bool", QT_TRANSLATE_NOOP("Question", "Through no player's fault?")),
    Question("cannot_continue", "bool", QT_TRANSLATE_NOOP("Question", "Can the game no longer continue fairly?")),
    Question("before_discard", "bool", QT_TRANSLATE_NOOP("Question", "Noticed before the player discarded?")),
    Question("minutes", "int", QT_TRANSLATE_NOOP("Question", "Minutes late"), minimum=1, maximum=180),
    Question(
        "tenpai_before_dead_hand",
        "bool",
        QT_TRANSLATE_NOOP("Question", "Did the player show the hand was tenpai before the dead hand?"),
    ),
    Question("simultaneous_win", "bool", QT_TRANSLATE_NOOP("Question", "Did another player win at the same moment?")),
    Question("during_play", "bool", QT_TRANSLATE_NOOP("Question", "Did the substitution happen after play began?")),
    Question("dead_wall_tile", "bool", QT_TRANSLATE_NOOP("Question", "Was it a tile of the dead wall?")),
    Question(
        "first_replacement_tile",
        "bool",
        QT_TRANSLATE_NOOP("Question", "Was it the first replacement tile of the dead wall?"),
    ),
    Question("tile_revealed", "bool", QT_TRANSLATE_NOOP("Question", "Was the tile revealed or its face touched?")),
    Question("serious", "bool", QT_TRANSLATE_NOOP("Question", "Serious or repeated?")),
    Question("win_call", "bool", QT_TRANSLATE_NOOP("Question", "Was it a win declaration (ron or tsumo)?")),
    Question("knowingly", "bool", QT_TRANSLATE_NOOP("Question", "Did the player know the hand was dead?")),
    Question("is_kan", "bool", QT_TRANSLATE_NOOP("Question", "Was it a kan?")),
    Question("tile_mixed_in", "bool", QT_TRANSLATE_NOOP("Question", "Was the tile mixed into the hand?")),
    Question("after_wall_end", "bool", QT_TRANSLATE_NOOP("Question", "Was it drawn after the wall ran out?")),
    Question("amount", "int", QT_TRANSLATE_NOOP("Question", "Penalty (table points)"), minimum=0, maximum=MAX_AMOUNT),
    Question(
        "reason",
        "choice",
        QT_TRANSLATE_NOOP("Question", "Reason"),
        (
            QT_TRANSLATE_NOOP("Answer", "Bad conduct"),
            QT_TRANSLATE_NOOP("Answer", "Procedure error"),
            QT_TRANSLATE_NOOP("Answer", "Disturbance"),
            QT_TRANSLATE_NOOP("Answer", "Other"),
        ),
    ),
    Question("decision", "choice", QT_TRANSLATE_NOOP("Question", "Referee's decision")),
    # a dead hand's offence: its choices are the rule set's (rulings.question_choices), and "other"
    Question("cause", "choice", QT_TRANSLATE_NOOP("Question", "For which offence?")),
]
QUESTIONS: dict[str, Question] = {q.id: q for q in _QUESTIONS}

# The answer of "cause" that names no offence of the palette.
OTHER_CAUSE = "other"
OTHER_CAUSE_LABEL = QT_TRANSLATE_NOOP("Answer", "Another offence")
# The offences of the palette's last group that name a ruling, not a fault: never the cause of a dead hand.
GENERIC = frozenset(o.id for o in OFFENCES.values() if o.group == "generic")

# Answer ids of the choice questions (what is stored), in the order of their labels above. The choices of "cause"
# (and of "decision") depend on the rule set: refapp.domain.rulings.question_choices.
CHOICES: dict[str, tuple[str, ...]] = {
    "tiles_shown": ("none", "two", "all"),
    "source": ("wall", "dead_wall", "own_hand", "opponent_hand"),
    "phase": ("play", "dealing", "wall_building"),
    "reason": ("conduct", "procedure", "disturbance", "other"),
}

# Facts the rules may test besides the answers: computed from the table state by the ruling engine.
FACTS = {
    "first_timer": "the player carries a first-timer flag and the rule set exempts first-timers",
    "kuikae_allowed": "the rule set allows swap-calling (scoring.kuikae = 'allowed')",
    "dead_hand": "the seat's dead hand was recorded (formally declared) in this hand",
    "riichi": "the seat has declared riichi in this hand",
    "dealer": "the seat is the dealer",
    "over_threshold": "the exposed tiles reach the rule set's chombo threshold",
    "late_over_max": "the minutes late exceed the rule set's maximum",
}

RULING_KINDS = (
    "not_penalized",
    "warning",
    "dead_hand",
    "chombo",
    "point_penalty",
    "redeal",
    "substitute",
    "disqualification",
    "rating_penalty",
    "referee_choice",
)
RULING_NAMES = {
    "not_penalized": QT_TRANSLATE_NOOP("Ruling", "Not penalized"),
    "warning": QT_TRANSLATE_NOOP("Ruling", "Warning"),
    "dead_hand": QT_TRANSLATE_NOOP("Ruling", "Dead hand"),
    "chombo": QT_TRANSLATE_NOOP("Ruling", "Chombo"),
    "point_penalty": QT_TRANSLATE_NOOP("Ruling", "Point penalty"),
    "redeal": QT_TRANSLATE_NOOP("Ruling", "Re-deal, no penalty"),
    "substitute": QT_TRANSLATE_NOOP("Ruling", "Replaced by a substitute"),
    "disqualification": QT_TRANSLATE_NOOP("Ruling", "Disqualification"),
    "rating_penalty": QT_TRANSLATE_NOOP("Ruling", "Rating penalty"),
    "referee_choice": QT_TRANSLATE_NOOP("Ruling", "At the referee's discretion"),
}

# How sure the project is of what a rule-set entry says (a separate field, never text inside a note):
# verified = read in the rule book's own text; paraphrase = from a summary of the rule book, not its wording;
# unverified = from a secondary source, or an earlier edition's ruling carried over; inferred = deduced, the rule book
# does not state it.
STATUSES = ("verified", "paraphrase", "unverified", "inferred")
STATUS_BADGES = {
    "verified": "",
    "paraphrase": QT_TRANSLATE_NOOP("Status", "From a summary of the rule book: check its printed wording"),
    "unverified": QT_TRANSLATE_NOOP("Status", "Source not verified: check the printed rule book"),
    "inferred": QT_TRANSLATE_NOOP("Status", "Not stated in the rule book: a reading, check the printed rule book"),
}

# Hands for which a player can be liable (pao). A rule set lists those it applies (scoring.pao_hands).
PAO_HANDS: dict[str, str] = {
    "big_three_dragons": QT_TRANSLATE_NOOP("Pao", "Big Three Dragons"),
    "big_four_winds": QT_TRANSLATE_NOOP("Pao", "Big Four Winds"),
    "four_kongs": QT_TRANSLATE_NOOP("Pao", "Four Kongs"),
    "all_honours": QT_TRANSLATE_NOOP("Pao", "All Honours"),
    "all_terminals": QT_TRANSLATE_NOOP("Pao", "All Terminals"),
    "all_green": QT_TRANSLATE_NOOP("Pao", "All Green"),
    "rinshan_after_kong": QT_TRANSLATE_NOOP("Pao", "Out with a replacement tile"),
}
# What makes the discarder (or the player who fed the meld) liable, as the referee checks it at the table.
PAO_TRIGGERS: dict[str, str] = {
    "big_three_dragons": QT_TRANSLATE_NOOP("Pao", "fed the third dragon pung or kong"),
    "big_four_winds": QT_TRANSLATE_NOOP("Pao", "fed the fourth wind pung or kong"),
    "four_kongs": QT_TRANSLATE_NOOP("Pao", "fed the tile that immediately completed the fourth kong"),
    "all_honours": QT_TRANSLATE_NOOP("Pao", "fed the fourth honour pung or kong"),
    "all_terminals": QT_TRANSLATE_NOOP("Pao", "fed the fourth terminal pung or kong"),
    "all_green": QT_TRANSLATE_NOOP("Pao", "fed the fourth green set"),
    "rinshan_after_kong": QT_TRANSLATE_NOOP("Pao", "fed the tile of the melded kong that gave the replacement tile"),
}
# Liability hands that are yakuman: the win they are entered with must be a yakuman (or plain points).
PAO_YAKUMAN = frozenset(PAO_HANDS) - {"rinshan_after_kong"}
