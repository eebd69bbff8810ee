"""Which cards may be played and which card wins a trick: the kernel's rules of play on bitmasks
(``rules`` re-exports them; SPEC §2).

- ``play_mask`` (which cards of a hand may be played now) and ``play_error`` (why a card may not);
- ``beats`` and its table ``BEATERS`` (the cards that beat the card winning so far), and
  ``winning_index`` (the position of a trick's winning card).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import CARD_SLOTS, CARDS, SPADE_MASK, SUIT_MASK, SUIT_OF, SUIT_SYMBOLS, TRUMP
from .messages import IllegalActionError

if TYPE_CHECKING:
    from collections.abc import Sequence

NON_SPADES = ((1 << CARD_SLOTS) - 1) & ~SPADE_MASK  # every side-suit card


def play_mask(held: int, led: int, spades_broken: bool, opening: int = 0) -> int:
    """The cards of ``held`` that may be played; ``led`` is the suit led to this trick, or −1
    when leading. Follow the led suit when holding it (else anything); no spade lead before
    spades are broken, unless only spades are left. ``opening`` (the first trick under
    ``first_trick_clubs``: ``opening_card``): it is led, and a hand out of clubs plays no spade
    to it unless it holds nothing else."""
    if opening:
        if led < 0:
            return held & opening or held
        return held & SUIT_MASK[led] or held & NON_SPADES or held
    if led >= 0:
        return held & SUIT_MASK[led] or held
    if spades_broken:
        return held
    return held & NON_SPADES or held


def play_error(held: int, led: int, spades_broken: bool, card: int, opening: int = 0) -> IllegalActionError | None:
    """Why ``card`` may not be played from ``held`` now (see ``play_mask``), or None."""
    if not (held >> card) & 1:
        return IllegalActionError("not_in_hand", card=CARDS[card].display)
    if (play_mask(held, led, spades_broken, opening) >> card) & 1:
        return None
    if opening and led < 0:
        return IllegalActionError("first_trick_lead", card=CARDS[opening.bit_length() - 1].display)
    if opening and not held & SUIT_MASK[led]:
        return IllegalActionError("first_trick_spade")
    if led >= 0:
        return IllegalActionError("must_follow", suit=SUIT_SYMBOLS[led])
    return IllegalActionError("spades_not_broken")


def beats(card: int, best: int) -> bool:
    """Does ``card`` beat ``best``, the card winning the trick so far? A spade (a joker is one)
    beats any other suit; otherwise only a higher card of the same suit beats it (a discard never
    wins). The indices rank the spades: 2♠ … A♠, then 2♠ and 2♦ high, the little and the big joker."""
    if SUIT_OF[card] == TRUMP:
        return SUIT_OF[best] != TRUMP or card > best
    return SUIT_OF[card] == SUIT_OF[best] and card > best


# BEATERS[best]: the mask of the cards that beat ``best`` (the hot paths look this up)
BEATERS: tuple[int, ...] = tuple(
    sum(1 << c for c in range(CARD_SLOTS) if beats(c, best)) for best in range(CARD_SLOTS)
)


def winning_index(cards: Sequence[int]) -> int:
    """The position (0..3) of the card winning the trick ``cards`` (in the order played)."""
    best = 0
    top = cards[0]
    for i in range(1, len(cards)):
        card = cards[i]
        if (BEATERS[top] >> card) & 1:
            best, top = i, card
    return best
