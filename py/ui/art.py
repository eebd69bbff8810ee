"""The cards' faces and the players' faces as HTML: plain markup over one SVG sprite.

The drawings are ``img/faces.svg`` (made by ``tools/faces.py``; the build puts it into index.html):
a face per card, ``c<rank><suit>`` (``c7S``, ``cTH``, the jokers ``cLJ`` and ``cBJ``), and a face
per seat, ``a<seat>``. Here they are only referenced (``<svg><use href="#c7S"/></svg>``), so the
HTML is small and works without Python: js/boot.js repaints a saved table before Python starts. The pips are painted
``currentColor``: the card's colour classes (``fmt.colour``) colour them, the four-colour deck too.
Cards are named by their notation (docs/record.md: ``"7S"``, ``"TH"``, ``"LJ"``, ``"BJ"``), so a
card the engine does not deal yet can be drawn already.
"""

from __future__ import annotations

from spades.cards import JOKER_NAMES, RANK_LETTERS, SUIT_LETTERS, SUIT_SYMBOLS, Card

from .fmt import escape

SPRITE = "img/faces.svg"  # in the page's own HTML once built: its symbols are referenced as "#c7S"
JOKERS = JOKER_NAMES  # the little (black) and the big (coloured) joker
SEATS = "SNWE"
# the words that name each seat's face, "{name}: the fox" (ui.strings)
AVATARS = {"S": "avatar.S", "N": "avatar.N", "W": "avatar.W", "E": "avatar.E"}
SIGNS = dict(zip(SUIT_LETTERS, SUIT_SYMBOLS))


def symbols() -> list[str]:
    """Every symbol this module references in the sprite (a test holds the sprite to them)."""
    cards = [f"c{rank}{suit}" for suit in SUIT_LETTERS for rank in RANK_LETTERS]
    return cards + [f"c{name}" for name in JOKERS] + [f"a{seat}" for seat in SEATS]


def face(code: str) -> str:
    """A card's face, the inside of its element: the corner index (rank over a small suit sign,
    the part South's fanned hand leaves in view) and the drawing. ``code`` is the card's
    notation, a rank letter and a suit letter (``"QH"``, ``"TS"``) or a joker (``"LJ"``, ``"BJ"``);
    ValueError for anything else."""
    if code in JOKERS:
        # a star for the index: filled and red on the big joker, outlined and black on the little
        corner = (f'<span class="corner joker-{"big" if code == "BJ" else "little"}" aria-hidden="true">'
                  f'<span class="rank">{"★" if code == "BJ" else "☆"}</span></span>')
    elif len(code) == 2 and code[0] in RANK_LETTERS and code[1] in SUIT_LETTERS:
        rank = Card.parse(code).display[:-1]  # "10", not "T"
        wide = " wide" if len(rank) > 1 else ""
        corner = (f'<span class="corner" aria-hidden="true"><span class="rank{wide}">{rank}</span>'
                  f'<span class="pip">{SIGNS[code[1]]}</span></span>')
    else:
        raise ValueError(f"not a card's notation: {code!r}")
    return f'{corner}<svg class="art" aria-hidden="true"><use href="#c{code}"/></svg>'


def avatar(seat: str, label: str) -> str:
    """A seat's player's face (S, N, W or E), named ``label`` for screen readers."""
    if len(seat) != 1 or seat not in SEATS:
        raise ValueError(f"not a seat: {seat!r}")
    return (f'<svg class="avatar avatar-{seat}" role="img" aria-label="{escape(label)}">'
            f'<use href="#a{seat}"/></svg>')


__all__ = ["AVATARS", "JOKERS", "SPRITE", "avatar", "face", "symbols"]
