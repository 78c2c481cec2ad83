"""Render incident reports into docs/screenshots/ from a demo tournament (a fresh temporary data folder), through the
command line a head referee would use, and the PDF's pages to PNG with ``pdftoppm`` (poppler-utils):

    .venv/bin/python docs/make_report_screenshots.py

* ``report_en.png``, ``report_fr.png``: the report of one incident (a chombo at a table with a riichi stick, its
  payments, the player's statement and the head referee's sign-off), in English and in French;
* ``report_tournament.png``: the first page of the tournament's report (its summary), in English.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from refapp.store.opening import open_store

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
OUT = ROOT / "docs" / "screenshots"
DPI = 110


def demo(folder: Path) -> dict[str, str]:
    """Championnat de Paris 2026, table 7, session 2: a riichi, a chombo, a penalty, a warning entered on the wrong
    player and voided; then a hanchan under EMA 2016 with a chombo whose source is not verified."""
    from refapp.store.rulesets import load_catalog
    from refapp.store.tablebook import TableBook

    store = open_store(folder)
    t = store.create_tournament("Championnat de Paris 2026", at="2026-11-22T09:00:00+01:00")
    book = TableBook(store, store.create_table(t, 7), load_catalog().rulesets)
    ids: dict[str, str] = {}
    players = ["Émile Zola-Dubois", "Zoé Martin", "Ann Lefèvre", "Daniel Wu"]

    def commit(name: str, type_: str, hhmm: str, **kw) -> None:
        event = {"type": type_, "id": f"{name}-20261122", "at": f"2026-11-22T{hhmm}:00+01:00", "by": "Marie", **kw}
        book.commit(event)
        ids[name] = event["id"]

    commit("start", "hanchan_start", "10:00", players=players, ruleset="ema-2012", session=2, hanchan=3)
    commit("riichi", "riichi", "10:12", seat=1)
    commit("chombo", "incident", "10:14", seat=2, offence="invalid_win_revealed", answers={"simultaneous_win": False},
           note="Declared ron on the 6 of bamboo; the hand waits on 3-6 of characters.")  # fmt: skip
    commit("penalty", "incident", "10:31", seat=3, offence="point_penalty",
           answers={"reason": "conduct", "amount": 2000}, note="Phone rang during the hand")  # fmt: skip
    commit("warning", "incident", "10:40", seat=0, offence="warning")
    commit("void", "void", "10:41", target=ids["warning"], reason="wrong seat")
    commit("warning2", "incident", "10:42", seat=1, offence="warning")
    commit("end", "hanchan_end", "11:15", reason="time limit")
    commit("start2", "hanchan_start", "11:30", players=players, ruleset="ema-2016", session=2, hanchan=4)
    commit("chombo2", "incident", "11:52", seat=0, offence="invalid_win_revealed")
    store.close()
    return ids


def refapp(folder: Path, *argv: str, stdin: str = "") -> None:
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    cmd = [sys.executable, "-m", "refapp", "--data-dir", str(folder), *argv]
    subprocess.run(cmd, check=True, env=env, input=stdin, text=True, capture_output=True)


def page_png(pdf: Path, page: int, target: Path) -> None:
    stem = target.with_suffix("")
    subprocess.run(["pdftoppm", "-r", str(DPI), "-png", "-singlefile", "-f", str(page), "-l", str(page), str(pdf),
                    str(stem)], check=True)  # fmt: skip
    print(f"wrote {target.relative_to(ROOT)}")


def main() -> int:
    if shutil.which("pdftoppm") is None:
        print("pdftoppm is needed: apt-get install poppler-utils", file=sys.stderr)
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "data"
        ids = demo(folder)
        refapp(folder, "statement", "--incident", ids["chombo"], "--player", "Ann Lefèvre", "--by", "Marie",
               "--text", "I saw the 6 of bamboo and thought my hand was complete. I showed it at once.")  # fmt: skip
        refapp(folder, "signoff", "--incident", ids["chombo"], "--by", "Jean-Pierre Morel")
        for lang in ("en", "fr"):
            pdf = Path(tmp) / f"incident-{lang}.pdf"
            refapp(folder, "report", "--incident", ids["chombo"], "--lang", lang, "-o", str(pdf))
            page_png(pdf, 1, OUT / f"report_{lang}.png")
        pdf = Path(tmp) / "tournament.pdf"
        refapp(folder, "report", "--lang", "en", "-o", str(pdf))
        page_png(pdf, 1, OUT / "report_tournament.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
