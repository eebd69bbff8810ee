"""Draw the table's faces: img/faces.svg, one SVG sprite of <symbol>s.

- ``p<suit>`` / ``q<suit>``: the four suit signs, upright and upside down, centred on (0, 0),
  80 units across: the pips every card face uses.
- ``c<rank><suit>``: a card's face in a 300 x 620 box (the part of the card right of its corner
  index; ``py/ui/art.py`` places it). 2–10 carry their pips as on a real card, the lower half
  turned upside down; J, Q, K a stylised bust, drawn twice head to head; an ace one large suit
  sign in a ring. ``cLJ`` / ``cBJ``: the little (black) and the big (coloured) joker, a jester.
- ``a<seat>``: the four players' faces, 64 x 64: South a brown monkey, North a yellow bird,
  West a blue otter, East a red fox.

Whatever takes the suit's colour is painted ``currentColor``, so the card's CSS colour (red,
black, or the four-colour deck's blue and green) colours its pips and its courts' robes; the
rest has fixed colours. Integer coordinates and shared symbols keep it small. Stdlib only; the
output is committed and is the same bytes every run: `python3 tools/faces.py` after a change.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "img" / "faces.svg"

SUITS = "SHDC"
RANKS = "23456789TJQKA"
JOKERS = ("LJ", "BJ")
SEATS = "SNWE"
W, H = 300, 620  # a face's box (py/ui/art.py sizes it in the card)
INK = "#2a2522"  # outlines
GOLD = "#e0a920"
SKIN = "#f6d6b3"

# The suit signs, 80 units across, centred on (0, 0).
PIP = {
    "S": '<path d="M0-40C-8-24-40-8-40 10C-40 22-30 29-20 29C-12 29-6 25-3 20C-4 28-8 34-15 40H15'
         'C8 34 4 28 3 20C6 25 12 29 20 29C30 29 40 22 40 10C40-8 8-24 0-40Z"/>',
    "H": '<path d="M0 38C-10 26-40 8-40-14C-40-30-29-38-19-38C-9-38-3-32 0-24C3-32 9-38 19-38'
         'C29-38 40-30 40-14C40 8 10 26 0 38Z"/>',
    "D": '<path d="M0-40Q14-18 30 0Q14 18 0 40Q-14 18-30 0Q-14-18 0-40Z"/>',
    "C": '<circle cy="-20" r="17"/><circle cx="-20" cy="8" r="17"/><circle cx="20" cy="8" r="17"/>'
         '<path d="M-6-4H6L4 8C4 22 8 32 15 40H-15C-8 32-4 22-4 8Z"/>',
}

# Where the pips sit, (x, y) in the face's box: three columns, the rows as on a real card. The
# pips below the middle are drawn upside down.
LEFT, MID, RIGHT = 56, 150, 244
TOP, BOTTOM = 64, 556
ROW = (BOTTOM - TOP) / 6  # a sixth of the height between the top and bottom rows


def y(sixths: float) -> int:
    return round(TOP + sixths * ROW)


LAYOUT: dict[str, list[tuple[int, int]]] = {
    "2": [(MID, y(0)), (MID, y(6))],
    "3": [(MID, y(0)), (MID, y(3)), (MID, y(6))],
    "4": [(x, r) for r in (y(0), y(6)) for x in (LEFT, RIGHT)],
    "5": [(x, r) for r in (y(0), y(6)) for x in (LEFT, RIGHT)] + [(MID, y(3))],
    "6": [(x, y(r)) for r in (0, 3, 6) for x in (LEFT, RIGHT)],
    "7": [(x, y(r)) for r in (0, 3, 6) for x in (LEFT, RIGHT)] + [(MID, y(1.5))],
    "8": [(x, y(r)) for r in (0, 3, 6) for x in (LEFT, RIGHT)] + [(MID, y(1.5)), (MID, y(4.5))],
    "9": [(x, y(r)) for r in (0, 2, 4, 6) for x in (LEFT, RIGHT)] + [(MID, y(3))],
    "T": [(x, y(r)) for r in (0, 2, 4, 6) for x in (LEFT, RIGHT)] + [(MID, y(1)), (MID, y(5))],
}


def pips(rank: str, suit: str) -> str:
    out = []
    for x, row in LAYOUT[rank]:
        kind = "q" if row > H / 2 else "p"
        out.append(f'<use href="#{kind}{suit}" x="{x}" y="{row}"/>')
    return "".join(out)


# --- the courts: a bust, drawn in the upper half (0..310), then turned for the lower half ---

ROBE = ('<path d="M46 310V262Q46 214 100 204H200Q254 214 254 262V310Z" fill="currentColor"/>'
        f'<path d="M110 204L150 262L190 204" fill="none" stroke="{GOLD}" stroke-width="10"/>')
HEAD = f'<ellipse cx="150" cy="150" rx="40" ry="46" fill="{SKIN}" stroke="{INK}" stroke-width="4"/>'
EYES = f'<circle cx="135" cy="145" r="5" fill="{INK}"/><circle cx="165" cy="145" r="5" fill="{INK}"/>'
SMILE = f'<path d="M138 172Q150 180 162 172" fill="none" stroke="{INK}" stroke-width="4"/>'
FIGURE = {
    "K": (ROBE + HEAD
          + f'<path d="M110 160Q112 222 150 228Q188 222 190 160Q176 186 150 186Q124 186 110 160Z"'
          f' fill="#9a6b3c" stroke="{INK}" stroke-width="4"/>' + EYES
          + f'<path d="M104 112L96 52L124 82L150 40L176 82L204 52L196 112Z" fill="{GOLD}"'
          f' stroke="{INK}" stroke-width="4" stroke-linejoin="round"/>'
          '<circle cx="150" cy="92" r="8" fill="currentColor"/>'),
    "Q": (f'<path d="M96 222V150Q96 90 150 90Q204 90 204 150V222Z" fill="#7a4a24" stroke="{INK}"'
          ' stroke-width="4"/>' + ROBE + HEAD + EYES + SMILE
          + f'<path d="M112 110L112 74L131 92L150 64L169 92L188 74L188 110Q150 98 112 110Z"'
          f' fill="{GOLD}" stroke="{INK}" stroke-width="4" stroke-linejoin="round"/>'
          '<circle cx="150" cy="66" r="7" fill="currentColor"/>'),
    "J": (ROBE + HEAD + EYES + SMILE
          + f'<path d="M102 128Q100 64 152 62Q204 62 204 124Q172 108 102 128Z" fill="currentColor"'
          f' stroke="{INK}" stroke-width="4"/>'
          f'<path d="M188 84Q226 30 262 44Q232 58 200 100Z" fill="{GOLD}" stroke="{INK}"'
          ' stroke-width="4"/>'),
}


def court(rank: str, suit: str) -> str:
    half = (f'<use href="#f{rank}"/><use href="#p{suit}" transform="translate(62 70) scale(.6)"/>')
    return (f'<rect x="8" y="8" width="284" height="604" rx="16" fill="#fbf3df" stroke="currentColor"'
            f' stroke-width="6"/>{half}<g transform="rotate(180 150 310)">{half}</g>'
            f'<path d="M14 310H286" stroke="{GOLD}" stroke-width="6"/>')


def ace(suit: str) -> str:
    return ('<circle cx="150" cy="310" r="134" fill="none" stroke="currentColor" stroke-width="5"/>'
            '<circle cx="150" cy="310" r="120" fill="none" stroke="currentColor" stroke-width="2"/>'
            + "".join(f'<use href="#pD" transform="translate({150 + dx} {310 + dy}) scale(.22)"/>'
                      for dx, dy in ((0, -134), (134, 0), (0, 134), (-134, 0)))
            + f'<use href="#p{suit}" transform="translate(150 310) scale(2.5)"/>')


def star(cx: int, cy: int, r: int) -> str:
    points = []
    for i in range(10):
        a = math.pi / 2 + i * math.pi / 5
        radius = r if i % 2 == 0 else r * 0.42
        points.append(f"{round(cx + radius * math.cos(a))} {round(cy - radius * math.sin(a))}")
    return "M" + "L".join(points) + "Z"


def joker(big: bool) -> str:
    """A jester's head with a three-pointed cap and bells, over a star."""
    left, middle, right = ("#c0172b", GOLD, "#1554c0") if big else ("#15171a", "#8d8d8d", "#15171a")
    bell = GOLD if big else "#d8d8d8"
    stroke = f' stroke="{INK}" stroke-width="5" stroke-linejoin="round"'
    collar = "".join(
        f'<path d="M{x} 372L{x + 28} 372L{x + 14} 418Z" fill="{(left, right)[i % 2]}"{stroke}/>'
        for i, x in enumerate(range(66, 234, 28)))
    return (f'<path d="M94 262Q60 200 30 180Q70 170 112 214Z" fill="{left}"{stroke}/>'
            f'<path d="M206 262Q240 200 270 180Q230 170 188 214Z" fill="{right}"{stroke}/>'
            f'<path d="M104 238Q120 150 150 112Q180 150 196 238Z" fill="{middle}"{stroke}/>'
            f'<circle cx="30" cy="180" r="15" fill="{bell}"{stroke}/>'
            f'<circle cx="270" cy="180" r="15" fill="{bell}"{stroke}/>'
            f'<circle cx="150" cy="108" r="15" fill="{bell}"{stroke}/>'
            + collar
            + f'<circle cx="150" cy="300" r="62" fill="{SKIN}"{stroke}/>'
            f'<path d="M88 262Q150 214 212 262Z" fill="{middle}"{stroke}/>'
            f'<circle cx="128" cy="296" r="7" fill="{INK}"/><circle cx="172" cy="296" r="7" fill="{INK}"/>'
            f'<path d="M120 322Q150 352 180 322" fill="none" stroke="{INK}" stroke-width="6"'
            ' stroke-linecap="round"/>'
            + ('<circle cx="112" cy="318" r="9" fill="#f2a3a3"/><circle cx="188" cy="318" r="9"'
               ' fill="#f2a3a3"/>' if big else "")
            + f'<path d="{star(150, 520, 70)}" fill="{left if big else INK}"{stroke}/>')


# --- the players' faces, 64 x 64 ---

DARK = "#2b1d12"


def eyes(y_: int, left: int = 24, right: int = 40, r: int = 3) -> str:
    return (f'<circle cx="{left}" cy="{y_}" r="{r}" fill="{DARK}"/>'
            f'<circle cx="{right}" cy="{y_}" r="{r}" fill="{DARK}"/>')


AVATAR = {
    # South: a brown monkey
    "S": ('<circle cx="10" cy="33" r="9" fill="#7a4b22"/><circle cx="54" cy="33" r="9" fill="#7a4b22"/>'
          '<circle cx="10" cy="33" r="5" fill="#e7bf95"/><circle cx="54" cy="33" r="5" fill="#e7bf95"/>'
          '<circle cx="32" cy="32" r="24" fill="#8b5a2b"/><path d="M27 10Q32 2 37 10Z" fill="#8b5a2b"/>'
          '<circle cx="25" cy="29" r="9" fill="#e7bf95"/><circle cx="39" cy="29" r="9" fill="#e7bf95"/>'
          '<ellipse cx="32" cy="42" rx="15" ry="11" fill="#e7bf95"/>' + eyes(29, 25, 39)
          + f'<circle cx="29" cy="39" r="1.5" fill="{DARK}"/><circle cx="35" cy="39" r="1.5" fill="{DARK}"/>'
          f'<path d="M25 45Q32 51 39 45" fill="none" stroke="{DARK}" stroke-width="2" stroke-linecap="round"/>'),
    # North, the partner: a yellow bird
    "N": ('<path d="M27 12Q24 2 31 6Q35-1 38 11Z" fill="#e49b12"/>'
          '<ellipse cx="11" cy="40" rx="6" ry="11" fill="#e0a81c"/><ellipse cx="53" cy="40" rx="6" ry="11"'
          ' fill="#e0a81c"/><circle cx="32" cy="35" r="24" fill="#f6c935"/>'
          '<ellipse cx="32" cy="48" rx="13" ry="9" fill="#fbe596"/>'
          '<circle cx="19" cy="40" r="4" fill="#f59e8a"/><circle cx="45" cy="40" r="4" fill="#f59e8a"/>'
          + eyes(31, 24, 40, 4) + '<circle cx="25" cy="30" r="1" fill="#fff"/><circle cx="41" cy="30" r="1"'
          ' fill="#fff"/><path d="M26 37H38L32 46Z" fill="#ef7d1a" stroke-linejoin="round"/>'),
    # West: a blue otter
    "W": ('<circle cx="13" cy="18" r="6" fill="#2c5e91"/><circle cx="51" cy="18" r="6" fill="#2c5e91"/>'
          '<ellipse cx="32" cy="34" rx="24" ry="23" fill="#3f7fbf"/>'
          '<circle cx="26" cy="43" r="9" fill="#d3e5f5"/><circle cx="38" cy="43" r="9" fill="#d3e5f5"/>'
          + eyes(29, 22, 42) + f'<ellipse cx="32" cy="37" rx="5" ry="3.5" fill="{DARK}"/>'
          f'<path d="M29 47Q32 50 35 47M13 41L21 42M13 46L21 45M51 41L43 42M51 46L43 45" fill="none"'
          f' stroke="{DARK}" stroke-width="1.5" stroke-linecap="round"/>'),
    # East: a red fox
    "E": ('<path d="M7 4L28 18L11 31Z" fill="#d9482b"/><path d="M57 4L36 18L53 31Z" fill="#d9482b"/>'
          '<path d="M11 11L22 20L13 26Z" fill="#5c1d10"/><path d="M53 11L42 20L51 26Z" fill="#5c1d10"/>'
          '<path d="M6 27Q32 8 58 27Q56 42 32 58Q8 42 6 27Z" fill="#d9482b"/>'
          '<path d="M8 31Q22 31 32 45Q42 31 56 31Q50 47 32 58Q14 47 8 31Z" fill="#fff4e6"/>'
          + eyes(29, 22, 42) + f'<circle cx="32" cy="52" r="3.5" fill="{DARK}"/>'),
}


def symbol(name: str, body: str, box: str) -> str:
    return f'<symbol id="{name}" viewBox="{box}">{body}</symbol>'


def sprite() -> str:
    parts = ['<svg xmlns="http://www.w3.org/2000/svg">\n<defs>']
    for suit in SUITS:
        parts.append(f'<g id="p{suit}" transform="scale(1.1)">{PIP[suit]}</g><g id="q{suit}" transform="rotate(180)">'
                     f'<use href="#p{suit}"/></g>')
    for rank, figure in FIGURE.items():
        parts.append(f'<g id="f{rank}">{figure}</g>')
    parts.append("</defs>")
    box = f"0 0 {W} {H}"
    for suit in SUITS:
        for rank in RANKS:
            body = pips(rank, suit) if rank in LAYOUT else ace(suit) if rank == "A" else court(rank, suit)
            parts.append(symbol(f"c{rank}{suit}", body, box))
    for name in JOKERS:
        parts.append(symbol(f"c{name}", joker(name == "BJ"), box))
    for seat in SEATS:
        parts.append(symbol(f"a{seat}", AVATAR[seat], "0 0 64 64"))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def write(path: Path = OUT) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(sprite(), encoding="utf-8")
    return path


def main() -> int:
    path = write(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
    print(f"faces: wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
