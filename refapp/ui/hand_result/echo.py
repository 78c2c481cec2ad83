"""The hand result restated in words with its arithmetic, for the preview: what was entered (who, from whom, the
value) and how the ledger's numbers add up ("Ron: Dana from Bruno, 3 han 40 fu = 5,200 + 300 (1 counter) + 1,000
(1 riichi stick) = 6,500"). The parts come from the ledger's own effect (its payment lines, the counters before the
hand, the sticks it gave): nothing here recomputes a payment."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

from ...domain.results import STICK
from ...domain.table import Effect, LineValue, TableState
from ..common.texts import points
from .value import LIMITS, limit_name

if TYPE_CHECKING:
    from ...core.types import EventJson


class HandWords(QObject):
    """(A QObject so that its counts are collected as plural forms for the translations.)"""

    def value_words(self, w: Mapping[str, Any], level: str) -> str:
        """ "3 han 40 fu", "6 han (haneman)", "mangan", "yakuman ×2", "8,000 points"."""
        if w.get("limit"):
            text = limit_name(str(w["limit"]))
            if int(w.get("yakuman") or 1) > 1:
                text += " ×" + str(w["yakuman"])
            return text
        if w.get("points") is not None:
            return self.tr("%1 points entered").replace("%1", points(int(w["points"])))
        han = int(w.get("han") or 0)
        if w.get("fu"):
            text = self.tr("%1 han %2 fu").replace("%1", str(han)).replace("%2", str(w["fu"]))
        else:
            text = self.tr("%1 han").replace("%1", str(han))
        named = _level_name(level)
        return text + f" ({named})" if named else text

    def counters(self, n: int) -> str:
        return self.tr("%n counter(s)", "", n)

    def sticks(self, n: int) -> str:
        return self.tr("%n riichi stick(s)", "", n)

    def win_lines(self, fields: EventJson, effect: Effect, state: TableState) -> list[str]:
        names = [s.player for s in state.seats]
        rs = state.ruleset
        counter_value = rs.scoring.counter_value if rs is not None else 0
        each_gets_counters = rs is not None and rs.scoring.multiple_ron_counters == "each"
        entered = {int(w["seat"]): w for w in fields.get("winners", [])}
        sticks = {_int(kw["seat"]): _int(kw["sticks"]) for key, kw in effect.lines if key == "sticks_to_winner"}
        out = []
        first = True
        for key, kw in effect.lines:
            if key not in ("ron", "tsumo"):
                continue
            seat = _int(kw["seat"])
            w: Mapping[str, Any] = entered.get(seat, {})
            value = self.value_words(w, str(kw.get("level") or ""))
            if key == "ron":
                head = (
                    self.tr("Ron: %1 from %2, %3")
                    .replace("%1", names[seat])
                    .replace("%2", names[_int(kw["discarder"])])
                    .replace("%3", value)
                )
                parts = [points(_int(kw["amount"]))]
                total = _int(kw["amount"])
            else:
                dealer_won = seat == effect.dealer_before
                who = self.tr("%1 (dealer)").replace("%1", names[seat]) if dealer_won else names[seat]
                head = self.tr("Tsumo: %1, %2").replace("%1", who).replace("%2", value)
                each = [_int(kw["non_dealer"])] * (3 if dealer_won else 2)
                pays = each if dealer_won else [_int(kw["dealer"]), *each]
                parts = [points(p) for p in pays]
                total = sum(pays)
            counters = effect.counters_before if (first or each_gets_counters or key == "tsumo") else 0
            if counters and counter_value:
                money = counters * counter_value
                parts.append(f"{points(money)} ({self.counters(counters)})")
                total += money
            if sticks.get(seat):
                parts.append(f"{points(STICK * sticks[seat])} ({self.sticks(sticks[seat])})")
                total += STICK * sticks[seat]
            got = effect.transfers[seat]
            if got != total:  # (never expected: the ledger's own total is what is shown)
                total = got
            tail = " + ".join(parts)
            out.append(f"{head} = {tail} = {points(total)}" if len(parts) > 1 else f"{head} = {tail}")
            first = False
        return out

    def draw_lines(self, fields: EventJson, effect: Effect, state: TableState) -> list[str]:
        names = [s.player for s in state.seats]
        if fields.get("kind") == "abortive":
            return [self.tr("Abortive draw: %1.").replace("%1", abortive_reason(str(fields.get("reason", ""))))]
        tenpai = [i for i in fields.get("tenpai", []) if not state.seats[i].dead_hand]
        noten = [i for i in range(len(names)) if i not in tenpai]
        if not tenpai:
            head = self.tr("Exhaustive draw: all noten.")
        elif not noten:
            head = self.tr("Exhaustive draw: all tenpai.")
        else:
            head = (
                self.tr("Exhaustive draw: tenpai %1; noten %2.")
                .replace("%1", ", ".join(names[i] for i in tenpai))
                .replace("%2", ", ".join(names[i] for i in noten))
            )
        out = [head]
        if fields.get("nagashi"):
            return out + self.nagashi_lines(effect, names)
        paid = sorted({-effect.transfers[i] for i in noten})
        got = sorted({effect.transfers[i] for i in tenpai})
        if tenpai and noten and len(paid) == 1 and len(got) == 1 and paid[0] > 0:
            out.append(
                self.tr("Noten payment: %1 each from %2; %3 each to %4.")
                .replace("%1", points(paid[0]))
                .replace("%2", ", ".join(names[i] for i in noten))
                .replace("%3", points(got[0]))
                .replace("%4", ", ".join(names[i] for i in tenpai))
            )
        return out

    def nagashi_lines(self, effect: Effect, names: list[str]) -> list[str]:
        """Each nagashi mangan with who pays it ("Nagashi mangan: Ann, paid as a mangan tsumo: 4,000 from Bob
        (dealer) + 2,000 from Cyd + 2,000 from Dan = 8,000"), from the ledger's own lines; then what is not paid."""
        out = []
        for key, kw in effect.lines:
            if key != "nagashi_mangan":
                continue
            dealer, paid = _int(kw["dealer"]), kw["paid"]
            if not isinstance(paid, Mapping):
                continue
            parts = []
            for payer, amount in sorted(paid.items()):
                who = self.tr("%1 (dealer)").replace("%1", names[payer]) if payer == dealer else names[payer]
                parts.append(self.tr("%1 from %2").replace("%1", points(amount)).replace("%2", who))
            seat = _int(kw["seat"])
            name = self.tr("%1 (dealer)").replace("%1", names[seat]) if seat == dealer else names[seat]
            out.append(
                self.tr("Nagashi mangan: %1, paid as a mangan tsumo: %2 = %3.")
                .replace("%1", name)
                .replace("%2", " + ".join(parts))
                .replace("%3", points(sum(paid.values())))
            )
        out.append(self.tr("No noten payments and no counter money; the riichi sticks stay on the table."))
        return out


def _level_name(level: str) -> str:
    """A limit reached by han and fu, as the scoring library names it ("mangan", "2x yakuman")."""
    if level in LIMITS:
        return limit_name(level)
    if level.endswith("x yakuman") and level[0].isdigit():
        return limit_name("yakuman") + " ×" + level.split("x", 1)[0]
    return ""


def abortive_reason(key: str) -> str:
    from PySide6.QtCore import QCoreApplication

    texts = {
        "nine terminals": QCoreApplication.translate("HandResultPanel", "Nine terminals"),
        "four winds": QCoreApplication.translate("HandResultPanel", "Four winds"),
        "four riichi": QCoreApplication.translate("HandResultPanel", "Four riichi"),
        "four kans": QCoreApplication.translate("HandResultPanel", "Four kans"),
        "triple ron": QCoreApplication.translate("HandResultPanel", "Triple ron"),
    }
    return texts.get(key, key)


def _int(value: LineValue) -> int:
    """A seat, a count or an amount of an explanation line."""
    return int(value) if isinstance(value, (int, float, Fraction, str)) else 0
