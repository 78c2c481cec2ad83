"""The three checks of the hand-check page as verdicts in words (``refapp.domain.hands`` decides; this module says
it): the waits (tenpai or noten: a noten riichi), a concealed kan after riichi (under the rule set's kan rule), and a
declared win (yaku, han, fu, or why it is not a win)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject

from ...domain import hands
from ...domain.table import TableState
from ..common.texts import offence_name, points
from ..tile_picker import TilePicker


@dataclass
class Verdict:
    role: str  # the look of the verdict: "" (a prompt), "info", "ruling", "error"
    text: str
    detail: list[str] = field(default_factory=list)
    groups: list[tuple[str, list[str]]] = field(default_factory=list)  # tiles to show (the waits)
    fault: tuple[str, str] | None = None  # (offence, hand notation) when the hand shows a fault
    result: Any = None  # the domain's result object
    win: dict[str, Any] | None = None  # a valid win, ready for Hand result: kind, seat, han, fu or limit


class HandVerdicts(QObject):
    def prompt(self, text: str) -> Verdict:
        return Verdict("", text)

    def no_table(self) -> Verdict:
        return Verdict("", self.tr("No table is open."))

    def pending_chi(self) -> Verdict:
        return Verdict("", self.tr("Finish the chi (or tap it to take it back)."))

    def _count_prompt(self, picker: TilePicker, need: int, what: str) -> Verdict:
        return Verdict(
            "",
            self.tr("%1: concealed tiles needed with these sets: %2; in the hand: %3.")
            .replace("%1", what)
            .replace("%2", str(need))
            .replace("%3", str(len(picker.concealed))),
        )

    def _fault(self, st: TableState, offence: str, notation: str, v: Verdict) -> None:
        assert st.ruleset is not None
        if offence not in st.ruleset.offences:
            v.detail.append(self.tr("%1 is not an offence of this rule set.").replace("%1", offence_name(offence)))
            return
        v.fault = (offence, notation)

    # -- waits ------------------------------------------------------------------------------------------------

    def waits(self, picker: TilePicker, st: TableState, seat: int) -> Verdict:
        melds, kans = picker.called_melds(), picker.concealed_kans()
        need = 13 - 3 * (len(melds) + len(kans))
        if len(picker.concealed) != need:
            return self._count_prompt(picker, need, self.tr("The waits check"))
        red = bool(st.ruleset and st.ruleset.scoring.red_fives)
        r = hands.waits(picker.concealed_notation(), melds, kans, red_fives=red)
        player = st.seats[seat].player
        if r.tenpai:
            v = Verdict("info", self.tr("Tenpai: waits %1").replace("%1", " ".join(r.waits)), result=r)
            v.groups = [(self.tr("Waits"), list(r.waits))]
            if r.dead_waits:
                v.detail.append(
                    self.tr("%1 not counted: the player holds all four (EMA §3.3.13).").replace(
                        "%1", " ".join(r.dead_waits)
                    )
                )
            return v
        v = Verdict("ruling", self.tr("Noten"), result=r)
        if r.dead_waits:
            v.detail.append(
                self.tr("Waits only on %1, and the player holds all four: not tenpai (EMA §3.3.13).").replace(
                    "%1", " ".join(r.dead_waits)
                )
            )
        elif r.shanten > 0:
            v.detail.append(self.tr("Shanten %1: not tenpai.").replace("%1", str(r.shanten)))
        if st.seats[seat].riichi:
            v.detail.append(self.tr("%1 has declared riichi: a noten riichi.").replace("%1", player))
            v.role = "error"
            self._fault(st, "noten_riichi", picker.notation(), v)
        return v

    # -- kan after riichi -------------------------------------------------------------------------------------

    def kan(self, picker: TilePicker, st: TableState, seat: int, drawn: str | None, kan_tile: str | None) -> Verdict:
        melds, kans = picker.called_melds(), picker.concealed_kans()
        if melds:
            return self.prompt(self.tr("A riichi hand has no called sets: take them back to check a kan."))
        need = 13 - 3 * len(kans)
        if len(picker.concealed) != need:
            return self._count_prompt(picker, need, self.tr("The riichi hand"))
        if not drawn:
            return self.prompt(self.tr("Tap “Drawn tile”, then the tile just drawn."))
        assert st.ruleset is not None
        rule = hands.kan_rule(st.ruleset)
        kan = kan_tile or drawn
        red = bool(st.ruleset.scoring.red_fives)
        r = hands.kan_after_riichi(picker.concealed_notation(), drawn, kan, kans, rule, red_fives=red)
        before = " ".join(r.waits_before) or self.tr("none")
        after = " ".join(r.waits_after or []) or self.tr("none")
        v = Verdict("info", "", result=r)
        v.groups = [(self.tr("Waits before the kan"), list(r.waits_before))]
        if r.waits_after is not None:
            v.groups.append((self.tr("After the kan"), list(r.waits_after)))
        if r.valid:
            if rule == "strict":
                v.text = (
                    self.tr("Valid: the kan keeps the waits (%1) and the three %2 can only be read as a pung.")
                    .replace("%1", before)
                    .replace("%2", r.kan)
                )
            else:
                v.text = self.tr("Valid: the kan keeps the waits (%1).").replace("%1", before)
            return v
        v.role = "error"
        reason = r.reason
        if reason == "kan_not_drawn_tile":
            v.text = (
                self.tr("INVALID: only the tile just drawn may be konged after riichi (drew %1, kan of %2).")
                .replace("%1", r.drawn)
                .replace("%2", r.kan)
            )
        elif reason == "no_pung":
            v.text = self.tr("INVALID: the riichi hand holds no concealed pung of %1.").replace("%1", r.kan)
        elif reason == "riichi_noten":
            v.text = self.tr("INVALID: the riichi hand was not tenpai: a noten riichi.")
        elif reason == "waits_changed":
            v.text = (
                self.tr("INVALID: the kan changes the waits (before %1, after %2).")
                .replace("%1", before)
                .replace("%2", after)
            )
        elif reason == "kan_tile_is_wait":
            v.text = (
                self.tr("INVALID: %1 is one of the waits (%2): the kan puts all four away.")
                .replace("%1", r.kan)
                .replace("%2", before)
            )
        elif reason == "not_only_pung":
            v.text = self.tr("INVALID: the three %1 can be read otherwise than as a pung.").replace("%1", r.kan)
            other = r.other_reading
            if other is not None:
                v.detail.append(
                    self.tr("Another reading: %1 + %2 waiting on %3.")
                    .replace("%1", " ".join(other.blocks))
                    .replace("%2", other.waiting)
                    .replace("%3", other.wait)
                )
        else:  # pragma: no cover - a reason added to the domain later
            v.text = r.message
        offence = "noten_riichi" if reason == "riichi_noten" else "invalid_kan_after_riichi"
        if st.seats[seat].riichi:
            self._fault(st, offence, picker.notation([("drawn", drawn), ("kantile", kan)]), v)
        else:
            v.detail.append(self.tr("%1 has not declared riichi.").replace("%1", st.seats[seat].player))
        return v

    # -- a declared win ---------------------------------------------------------------------------------------

    def win(
        self, picker: TilePicker, st: TableState, seat: int, win_tile: str | None, tsumo: bool, riichi: bool
    ) -> Verdict:
        melds, kans = picker.called_melds(), picker.concealed_kans()
        need = 14 - 3 * (len(melds) + len(kans))
        if len(picker.concealed) != need or win_tile is None:
            return self._count_prompt(picker, need, self.tr("A winning hand"))
        assert st.ruleset is not None
        r = hands.check_win(
            picker.concealed_notation(),
            win_tile,
            melds,
            kans,
            tsumo=tsumo,
            riichi=riichi,
            seat_wind=st.wind_of(seat),
            round_wind="ESWN"[min(st.round_wind, 3)],
            counters=st.counters,
            options=hands.win_options(st.ruleset),
        )
        v = Verdict("info", "", result=r)
        if r.yaku:
            v.detail.append(self.tr("Yaku: %1").replace("%1", ", ".join(f"{y['name']} {y['han']}" for y in r.yaku)))
        if r.valid:
            level = str(r.cost.get("yaku_level") or "") if r.cost else ""
            if r.han is not None and r.han >= 13 and level:
                v.text = self.tr("Valid win: %1").replace("%1", level)
                v.win = {"kind": "tsumo" if tsumo else "ron", "seat": seat, "limit": "yakuman"}
            else:
                v.text = self.tr("Valid win: %1 han %2 fu").replace("%1", str(r.han)).replace("%2", str(r.fu))
                v.win = {"kind": "tsumo" if tsumo else "ron", "seat": seat, "han": r.han, "fu": r.fu}
            v.detail.append(self._payment(r))
            v.detail.append(self.tr("Dora are not counted here."))
            return v
        texts = {
            "hand_not_winning": self.tr(
                "INVALID: not a winning hand (four sets and a pair, seven pairs or thirteen orphans)."
            ),
            "no_yaku": self.tr("INVALID: the hand has no yaku (dora do not count)."),
            "open_hand_riichi_not_allowed": self.tr("INVALID: riichi declared with an open hand."),
            "fewer_than_two_yaku": self.tr("INVALID: at %1 counters a win needs two yaku; this hand has %2.")
            .replace("%1", str(r.counters))
            .replace("%2", str(r.yaku_count)),
        }
        v.role = "error"
        v.text = texts.get(r.reason or "", r.message)
        self._fault(st, "invalid_win_revealed", picker.notation([("tsumo" if tsumo else "ron", win_tile)]), v)
        return v

    def _payment(self, r: hands.WinResult) -> str:
        cost = r.cost
        main = int(cost.get("main", 0)) + int(cost.get("main_bonus", 0)) if cost else 0
        other = int(cost.get("additional", 0)) + int(cost.get("additional_bonus", 0)) if cost else 0
        if not r.tsumo:
            return self.tr("Ron: %1").replace("%1", points(main))
        if r.seat_wind == "E":
            return self.tr("Tsumo: %1 from each").replace("%1", points(main))
        return (
            self.tr("Tsumo: %1 from the dealer, %2 from the others")
            .replace("%1", points(main))
            .replace("%2", points(other))
        )
