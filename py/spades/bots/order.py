"""The order the computer players pick cards in, on bitmask hands (``sim.policy`` and the
beginner's rule use it): a mask's lowest and highest card (``low``, ``high``), its card of
lowest or highest rank across the suits (``lowest_rank``, ``highest_rank``), a throw-away
(``discard_low``) and the danger to shed (``discard_high``), and its cards one by one
(``cards_of_mask``). Hot paths of every playout: written for speed (``policy`` calls them on
every card of every searched deal)."""

from __future__ import annotations

from ..cards import CARD_SLOTS, NUM_RANKS, NUM_SUITS, SUIT_MASK, SUIT_OF
from ..rules import NON_SPADES


def low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def high(mask: int) -> int:
    return mask.bit_length() - 1


def lowest_rank(mask: int) -> int:
    """The card of lowest rank in ``mask``; ties go to side suits, then to the shorter suit."""
    best = -1
    key = _NO_KEY
    for s in _RANK_ORDER:
        m = mask & SUIT_MASK[s]
        if m:
            c = (m & -m).bit_length() - 1
            k = _LOW_KEY[c] + m.bit_count()
            if k < key:
                key, best = k, c
    return best


def highest_rank(mask: int) -> int:
    """The card of highest rank in ``mask``; ties go to side suits, then to the shorter suit."""
    best = -1
    key = _NO_KEY
    for s in _RANK_ORDER:
        m = mask & SUIT_MASK[s]
        if m:
            c = m.bit_length() - 1
            k = _HIGH_KEY[c] + m.bit_count()
            if k < key:
                key, best = k, c
    return best


# lowest_rank's and highest_rank's order as one int per suit's candidate card: its rank (up or
# down), then side suits before spades, then the shorter suit (the suit's length is added; a
# suit holds at most 15 cards); on a full tie the earlier suit of _RANK_ORDER keeps it
_RANK_ORDER = (1, 2, 3, 0)
_LOW_KEY = tuple(((c - SUIT_OF[c] * NUM_RANKS + 64) * 2 + (SUIT_OF[c] == 0)) * 16 for c in range(CARD_SLOTS))
_HIGH_KEY = tuple(((64 - (c - SUIT_OF[c] * NUM_RANKS)) * 2 + (SUIT_OF[c] == 0)) * 16 for c in range(CARD_SLOTS))
_NO_KEY = 1 << 30


def discard_low(hand: int) -> int:
    """A throw-away: the lowest side-suit card (from the shortest suit on ties); spades last."""
    side = hand & NON_SPADES
    return lowest_rank(side if side else hand)


def discard_high(hand: int) -> int:
    """Shed danger: the highest side-suit card; spades last."""
    side = hand & NON_SPADES
    return highest_rank(side if side else hand)


def cards_of_mask(mask: int) -> list[int]:
    """The cards of ``mask``, lowest index first."""
    out = []
    while mask:
        lb = mask & -mask
        out.append(lb.bit_length() - 1)
        mask ^= lb
    return out


def followed(mask: int, voids: int) -> int:
    """The cards of ``mask`` in the suits a seat with the shown ``voids`` (a bit per suit) may
    still follow."""
    for s in range(NUM_SUITS):
        if voids >> s & 1:
            mask &= ~SUIT_MASK[s]
    return mask


__all__ = ["cards_of_mask", "discard_high", "discard_low", "followed", "high", "highest_rank", "low", "lowest_rank"]
