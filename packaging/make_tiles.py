"""Draw the 34 mahjong tiles (plus the three red fives and a back) as SVG files in resources/tiles/.

    .venv/bin/python packaging/make_tiles.py

Everything is drawn with shapes and stroked paths: no font is needed, so a tile looks the same on every machine.
Pins are coloured circles in the classic layouts, sou are bamboo sticks (1s is a bird), man tiles are a bold
numeral over a red stylised 萬, winds are a bold E/S/W/N, the white dragon is an empty blue frame, the green dragon
a green 発 and the red dragon a red 中 built from rectangles. Faces are ivory with rounded corners and an edge, on
a 60 × 80 view box (3:4). Drawn for refapp, MIT licence (resources/tiles/LICENSE). The output is deterministic.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "resources" / "tiles"

W, H = 60, 80
IVORY = "#fffdf3"
INK = "#1b1b1b"
RED = "#c62828"
GREEN = "#17733b"
DARK_GREEN = "#0d4f27"
BLUE = "#1e4fa3"

# Stroke glyphs on a 10 × 16 box (y down), drawn with round caps: digits and the wind letters.
GLYPHS = {
    "1": "M2.6,3.6 L6,0.8 V15.2",
    "2": "M1,4.2 C1,1.9 2.8,0.8 5,0.8 C7.4,0.8 9,2.2 9,4.4 C9,7 6.4,9 1,15.2 H9.4",
    "3": "M1.1,2.4 C2.1,1.3 3.4,0.8 5,0.8 C7.4,0.8 8.9,2.1 8.9,4.1 C8.9,6.3 7.2,7.6 4.4,7.6 C7.5,7.6 9.3,9.2 9.3,11.5 "
    "C9.3,13.9 7.4,15.2 4.9,15.2 C3.2,15.2 1.7,14.6 0.7,13.4",
    "4": "M7,15.2 V0.8 L0.7,11 H9.6",
    "5": "M8.9,0.8 H2.2 L1.3,7.4 C2.4,6.4 3.6,6 5,6 C7.7,6 9.4,7.8 9.4,10.6 C9.4,13.4 7.5,15.2 4.8,15.2 "
    "C3,15.2 1.6,14.6 0.6,13.4",
    "6": "M8.5,2 C7.7,1.2 6.6,0.8 5.4,0.8 C2.5,0.8 0.7,3.6 0.7,8.4 C0.7,12.8 2.3,15.2 5.1,15.2 C7.7,15.2 9.4,13.3 "
    "9.4,10.7 C9.4,8.1 7.7,6.4 5.2,6.4 C3.2,6.4 1.6,7.5 0.8,9.4",
    "7": "M0.7,0.8 H9.4 C6.6,4.6 4.6,9.4 4,15.2",
    "8": "M5,7.6 C2.9,7.6 1.3,6.3 1.3,4.2 C1.3,2.1 2.9,0.8 5,0.8 C7.1,0.8 8.7,2.1 8.7,4.2 C8.7,6.3 7.1,7.6 5,7.6 "
    "C2.4,7.6 0.7,9.2 0.7,11.4 C0.7,13.7 2.5,15.2 5,15.2 C7.5,15.2 9.3,13.7 9.3,11.4 C9.3,9.2 7.6,7.6 5,7.6 Z",
    "9": "M1.5,14 C2.3,14.8 3.4,15.2 4.6,15.2 C7.5,15.2 9.3,12.4 9.3,7.6 C9.3,3.2 7.7,0.8 4.9,0.8 C2.3,0.8 0.6,2.7 "
    "0.6,5.3 C0.6,7.9 2.3,9.6 4.8,9.6 C6.8,9.6 8.4,8.5 9.2,6.6",
    "E": "M9,0.8 H1.2 V15.2 H9 M1.2,8 H7.6",
    "S": "M8.9,2.7 C8,1.4 6.6,0.8 5,0.8 C2.8,0.8 1.1,2 1.1,4.1 C1.1,6.2 2.9,7.1 5,7.8 C7.4,8.6 9.2,9.6 9.2,11.9 "
    "C9.2,14.1 7.4,15.2 5,15.2 C3.2,15.2 1.6,14.5 0.7,13.1",
    "W": "M-0.6,0.8 L2.2,15.2 L5,4.6 L7.8,15.2 L10.6,0.8",
    "N": "M1.2,15.2 V0.8 L8.8,15.2 V0.8",
}

# A stylised 萬 (red mark of the man suit) on a 20 × 21 box.
MAN_MARK = (
    "M1.5,3 H18.5 M7,0.6 V5.4 M13,0.6 V5.4 "  # the grass radical
    "M5,7.2 H15 V12.2 H5 Z M10,7.2 V12.2 M5,9.7 H15 "  # the field
    "M2.8,20.4 V14.2 H17.2 V18.9 C17.2,20 16.6,20.4 15.6,20.4 M10,12.2 V17 M6.6,19 L10,16.2 L13.4,19"  # the base
)

# A stylised 発 (green dragon) on a 20 × 20 box.
HATSU = (
    "M2.8,1.8 H8 L3.2,7.2 M4.6,4.4 L7.4,6.4 "  # left half of the top
    "M11.6,1.4 L13,3 M11.4,5 C13.6,5 16,5.8 18,7.6 M16.6,1.8 L15,3.4 "  # right half of the top
    "M4.2,9.6 H15.8 M1.8,13.6 H18.2 "  # two bars
    "M8,9.6 V13.8 C7.8,16.8 6.2,18.6 3.4,19.6 M12.6,9.6 V19.8"  # the legs
)


def _f(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def tile_svg(body: Iterable[str], title: str, back: bool = False) -> str:
    face = (
        [
            '<rect x="0.8" y="0.8" width="58.4" height="78.4" rx="7" fill="#0b5245" stroke="#073a31" '
            'stroke-width="1"/>',
            '<rect x="0.8" y="0.8" width="58.4" height="75" rx="7" fill="url(#back)" stroke="#0a4a3e" '
            'stroke-width="1"/>',
            '<rect x="5" y="5" width="50" height="66.6" rx="4" fill="none" stroke="#7cc7b4" stroke-width="1.2"/>',
            '<path d="M30,18 L42,38 L30,58 L18,38 Z" fill="none" stroke="#7cc7b4" stroke-width="1.4"/>',
            '<circle cx="30" cy="38" r="3" fill="#7cc7b4"/>',
        ]
        if back
        else [
            '<rect x="0.8" y="0.8" width="58.4" height="78.4" rx="7" fill="#cdbf98" stroke="#8f8466" '
            'stroke-width="1"/>',
            '<rect x="0.8" y="0.8" width="58.4" height="75" rx="7" fill="url(#face)" stroke="#a69b7c" '
            'stroke-width="1"/>',
            '<rect x="2.4" y="2.4" width="55.2" height="71.8" rx="5.6" fill="none" stroke="#ffffff" '
            'stroke-opacity="0.8" stroke-width="0.8"/>',
        ]
    )
    defs = (
        "<defs>"
        '<linearGradient id="face" x1="0" y1="0" x2="0.35" y2="1">'
        '<stop offset="0" stop-color="#fffef8"/><stop offset="1" stop-color="#f1e9d2"/></linearGradient>'
        '<linearGradient id="back" x1="0" y1="0" x2="0.35" y2="1">'
        '<stop offset="0" stop-color="#179a80"/><stop offset="1" stop-color="#0e7060"/></linearGradient>'
        "</defs>"
    )
    lines = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W * 2}" height="{H * 2}" viewBox="0 0 {W} {H}">',
        f"<title>{title}</title>",
        defs,
        *face,
        *body,
        "</svg>",
    ]
    return "\n".join(lines) + "\n"


def stroke(d: str, colour: str, width: float, x: float, y: float, scale: float) -> str:
    """A stroked path from a glyph box, placed at (x, y) and scaled (the stroke width is in box units)."""
    return (
        f'<path transform="translate({_f(x)},{_f(y)}) scale({_f(scale)})" d="{d}" fill="none" stroke="{colour}" '
        f'stroke-width="{_f(width)}" stroke-linecap="round" stroke-linejoin="round"/>'
    )


def glyph(ch: str, colour: str, cx: float, top: float, scale: float, width: float = 2.6) -> str:
    return stroke(GLYPHS[ch], colour, width, cx - 5 * scale, top, scale)


# -- pins -----------------------------------------------------------------------------------------------------------


def pin(cx: float, cy: float, r: float, colour: str) -> list[str]:
    return [
        f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="{colour}"/>',
        f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r * 0.7)}" fill="{IVORY}"/>',
        f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r * 0.48)}" fill="{colour}"/>',
        f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r * 0.16)}" fill="{IVORY}"/>',
    ]


PIN_LAYOUTS: dict[int, list[tuple[float, float, float, str]]] = {
    2: [(30, 22, 11, GREEN), (30, 54, 11, BLUE)],
    3: [(16, 17, 9.5, BLUE), (30, 38, 9.5, RED), (44, 59, 9.5, GREEN)],
    4: [(18.5, 23, 10, BLUE), (41.5, 23, 10, GREEN), (18.5, 53, 10, GREEN), (41.5, 53, 10, BLUE)],
    5: [
        (16.5, 18.5, 9, BLUE),
        (43.5, 18.5, 9, GREEN),
        (30, 38, 9, RED),
        (16.5, 57.5, 9, GREEN),
        (43.5, 57.5, 9, BLUE),
    ],
    6: [(19.5, 16, 8.6, GREEN), (40.5, 16, 8.6, GREEN)] + [(x, y, 8.6, RED) for y in (42, 60.5) for x in (19.5, 40.5)],
    7: [(15, 12.5, 7.2, GREEN), (30, 20.5, 7.2, GREEN), (45, 28.5, 7.2, GREEN)]
    + [(x, y, 7.6, RED) for y in (46, 63) for x in (20, 40)],
    8: [(x, y, 7.8, BLUE) for y in (13, 29.6, 46.2, 62.8) for x in (20, 40)],
    9: [(x, y, 7.6, c) for y, c in ((16.5, BLUE), (38, RED), (59.5, GREEN)) for x in (14.5, 30, 45.5)],
}


def pins(n: int, red_five: bool = False) -> list[str]:
    if n == 1:
        out = [f'<circle cx="30" cy="38" r="20" fill="{GREEN}"/>', f'<circle cx="30" cy="38" r="17" fill="{IVORY}"/>']
        for i in range(16):  # a ring of small petals
            out.append(f'<circle cx="30" cy="23.2" r="1.7" fill="{GREEN}" transform="rotate({_f(22.5 * i)} 30 38)"/>')
        out += [
            f'<circle cx="30" cy="38" r="12.6" fill="{BLUE}"/>',
            f'<circle cx="30" cy="38" r="9.4" fill="{IVORY}"/>',
            f'<circle cx="30" cy="38" r="7.4" fill="{RED}"/>',
            f'<circle cx="30" cy="38" r="3.4" fill="{IVORY}"/>',
            f'<circle cx="30" cy="38" r="1.8" fill="{RED}"/>',
        ]
        return out
    out = []
    for cx, cy, r, colour in PIN_LAYOUTS[n]:
        out += pin(cx, cy, r, RED if red_five else colour)
    return out


# -- sou ------------------------------------------------------------------------------------------------------------


def stick(cx: float, cy: float, h: float, colour: str, angle: float = 0, w: float = 7) -> list[str]:
    """A bamboo stick: a rounded body, a node across the middle, darker caps and a light stripe."""
    x, y = cx - w / 2, cy - h / 2
    rot = f' transform="rotate({_f(angle)} {_f(cx)} {_f(cy)})"' if angle else ""
    dark = DARK_GREEN if colour == GREEN else "#8e1b1b" if colour == RED else "#143a7a"
    return [
        f"<g{rot}>",
        f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="{_f(w / 2.2)}" fill="{colour}"/>',
        f'<rect x="{_f(x - 0.6)}" y="{_f(y)}" width="{_f(w + 1.2)}" height="2.4" rx="1.2" fill="{dark}"/>',
        f'<rect x="{_f(x - 0.6)}" y="{_f(y + h - 2.4)}" width="{_f(w + 1.2)}" height="2.4" rx="1.2" fill="{dark}"/>',
        f'<rect x="{_f(x - 0.6)}" y="{_f(cy - 1.1)}" width="{_f(w + 1.2)}" height="2.2" rx="1.1" fill="{dark}"/>',
        f'<line x1="{_f(cx)}" y1="{_f(y + 3.6)}" x2="{_f(cx)}" y2="{_f(cy - 2.4)}" stroke="{IVORY}" '
        f'stroke-opacity="0.75" stroke-width="1" stroke-linecap="round"/>',
        f'<line x1="{_f(cx)}" y1="{_f(cy + 2.4)}" x2="{_f(cx)}" y2="{_f(y + h - 3.6)}" stroke="{IVORY}" '
        f'stroke-opacity="0.75" stroke-width="1" stroke-linecap="round"/>',
        "</g>",
    ]


SOU_LAYOUTS: dict[int, list[tuple[float, float, float, str, float]]] = {
    2: [(30, 22, 26, GREEN, 0), (30, 54, 26, GREEN, 0)],
    3: [(30, 22, 26, GREEN, 0), (19, 54, 26, GREEN, 0), (41, 54, 26, GREEN, 0)],
    4: [(x, y, 26, GREEN, 0) for y in (22, 54) for x in (19, 41)],
    5: [(x, y, 24, GREEN, 0) for y in (20, 56) for x in (14.5, 45.5)] + [(30, 38, 24, RED, 0)],
    6: [(x, y, 26, GREEN, 0) for y in (22, 54) for x in (15, 30, 45)],
    7: [(30, 14, 18, RED, 0)] + [(x, y, 20, GREEN, 0) for y in (38, 61) for x in (15, 30, 45)],
    8: [(x, 22, 26, GREEN, a) for x, a in ((13.5, 18), (23.5, -18), (36.5, 18), (46.5, -18))]
    + [(x, 54, 26, GREEN, a) for x, a in ((13.5, -18), (23.5, 18), (36.5, -18), (46.5, 18))],
    9: [(x, y, 20, RED if x == 30 else GREEN, 0) for y in (15, 38, 61) for x in (15, 30, 45)],
}


def bird() -> list[str]:
    """1s: a peacock-like bird with a fanned tail."""
    out = []
    for angle in (-38, -19, 0, 19, 38):
        out += [
            f'<g transform="rotate({angle} 30 54)">',
            f'<path d="M30,54 C27.6,45 27.6,33 30,22 C32.4,33 32.4,45 30,54 Z" fill="{GREEN}"/>',
            f'<circle cx="30" cy="20" r="4.4" fill="{BLUE}"/>',
            f'<circle cx="30" cy="20" r="2.1" fill="{RED}"/>',
            "</g>",
        ]
    out += [
        f'<ellipse cx="30" cy="56" rx="9.5" ry="11.5" fill="{DARK_GREEN}"/>',
        f'<ellipse cx="30" cy="58" rx="5.5" ry="7.5" fill="{GREEN}"/>',
        f'<circle cx="30" cy="42.5" r="5.6" fill="{DARK_GREEN}"/>',
        f'<path d="M27.6,39 L30,33.5 L32.4,39 Z" fill="{RED}"/>',
        f'<circle cx="28" cy="42" r="1.2" fill="{IVORY}"/>',
        f'<path d="M24.8,43.2 L20.6,45 L24.9,46 Z" fill="{RED}"/>',
        f'<path d="M26,67 L24,72 M34,67 L36,72" stroke="{RED}" stroke-width="1.8" stroke-linecap="round"/>',
    ]
    return out


def sou(n: int, red_five: bool = False) -> list[str]:
    if n == 1:
        return bird()
    out = []
    for cx, cy, h, colour, angle in SOU_LAYOUTS[n]:
        out += stick(cx, cy, h, RED if red_five else colour, angle)
    return out


# -- man, honours ---------------------------------------------------------------------------------------------------


def man(n: int, red_five: bool = False) -> list[str]:
    numeral = RED if red_five else INK
    return [
        glyph(str(n), numeral, 30, 5, 2.0, 2.8),
        stroke(MAN_MARK, RED, 2, 30 - 10 * 1.42, 42.5, 1.42),
    ]


def wind(letter: str) -> list[str]:
    scale = 2.8 if letter != "W" else 2.5
    top = 38 - 8 * scale
    return [glyph(letter, INK, 30, top, scale, 2.7)]


def white() -> list[str]:
    return [
        f'<rect x="12" y="13" width="36" height="50" rx="3" fill="none" stroke="{BLUE}" stroke-width="4"/>',
        f'<rect x="18.5" y="19.5" width="23" height="37" rx="1.5" fill="none" stroke="{BLUE}" stroke-width="1.6"/>',
    ]


def green() -> list[str]:
    return [stroke(HATSU, GREEN, 2.3, 30 - 10 * 2.1, 38 - 10.5 * 2.1, 2.1)]


def red() -> list[str]:
    bars = [(12, 24, 36, 5.5), (12, 45, 36, 5.5), (12, 24, 5.5, 26.5), (42.5, 24, 5.5, 26.5), (27.25, 10, 5.5, 57)]
    return [f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" fill="{RED}"/>' for x, y, w, h in bars]


HONOURS = {
    1: ("East wind", lambda: wind("E")),
    2: ("South wind", lambda: wind("S")),
    3: ("West wind", lambda: wind("W")),
    4: ("North wind", lambda: wind("N")),
    5: ("White dragon", white),
    6: ("Green dragon", green),
    7: ("Red dragon", red),
}


def tiles() -> dict[str, str]:
    """File stem -> SVG text for every tile."""
    out: dict[str, str] = {}
    for n in range(1, 10):
        out[f"{n}m"] = tile_svg(man(n), f"{n} man")
        out[f"{n}p"] = tile_svg(pins(n), f"{n} pin")
        out[f"{n}s"] = tile_svg(sou(n), f"{n} sou")
    for n, (title, draw) in HONOURS.items():
        out[f"{n}z"] = tile_svg(draw(), title)
    out["0m"] = tile_svg(man(5, True), "red 5 man")
    out["0p"] = tile_svg(pins(5, True), "red 5 pin")
    out["0s"] = tile_svg(sou(5, True), "red 5 sou")
    out["back"] = tile_svg([], "tile back", back=True)
    return out


LICENSE = """\
The tile images in this folder (*.svg) were drawn for refapp by packaging/make_tiles.py: shapes and stroked
paths only, no fonts and no third-party artwork. They are part of refapp and under the same licence.

MIT License

Copyright (c) refapp contributors

Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated
documentation files (the "Software"), to deal in the Software without restriction, including without limitation the
rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to permit
persons to whom the Software is furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or substantial portions of the
Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE
WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR
COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR
OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
"""


def main(out: Path = OUT) -> int:
    out.mkdir(parents=True, exist_ok=True)
    drawn = tiles()
    for stem, svg in drawn.items():
        (out / f"{stem}.svg").write_text(svg, encoding="utf-8")
    (out / "LICENSE").write_text(LICENSE, encoding="utf-8")
    print(f"{len(drawn)} tiles written to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT))
