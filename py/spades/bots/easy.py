"""Лёгкий (easy): the beginner of SPEC §5.

Bids 1 per side-suit ace and king and 1 per spade A K Q J 10 (at least 1: a beginner does not
bid Nil). Plays simply: wins a trick with its highest card when it can beat what is on the
table, otherwise plays its lowest; leads its highest side-suit card. It does not watch its
partner, the score, Nil bids or bags.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ..cards import BIG_JOKER, CARD_SLOTS, RANK_OF, SPADE_MASK, SUIT_MASK, SUIT_OF, mask_of
from ..rules import BEATERS, MAX_BID, NON_SPADES, least_bid, play_mask, winning_index
from .base import Bot, legal_card
from .order import high, highest_rank, low, lowest_rank
from .solo import easy_draw

if TYPE_CHECKING:
    from ..cards import Card
    from ..deal import SplitMix64
    from ..state import View
    from .sim import Sim

COUNTED_SIDE = (11, 12)  # K A
COUNTED_SPADES = tuple(range(8, RANK_OF[BIG_JOKER] + 1))  # 10 J Q K A and those above the ace


# the cards the beginner counts, as a mask: a spade of COUNTED_SPADES, a side card of COUNTED_SIDE
COUNTED = sum(1 << c for c in range(CARD_SLOTS)
              if RANK_OF[c] in (COUNTED_SPADES if SUIT_OF[c] == 0 else COUNTED_SIDE))


def easy_count(held: int) -> int:
    return (held & COUNTED).bit_count()


class EasyBot(Bot):
    level = "easy"

    def bid(self, view: View, rng: SplitMix64) -> int:
        return easy_bid(view.held, least_bid(view.rules, view.partner_bid), view.rules.layout.hand_size)

    def draw(self, view: View, rng: SplitMix64) -> str:
        return easy_draw(view)

    def play(self, view: View, rng: SplitMix64) -> Card:
        # in play, ``view.legal`` holds cards
        return legal_card(view, easy_card(mask_of(cast("tuple[Card, ...]", view.legal)),
                                          [int(c) for c in view.trick.cards]))


def easy_bid(held: int, least: int = 0, most: int = MAX_BID) -> int:
    """The beginner's bid: its count, at least 1 (a beginner does not bid Nil), at least
    ``least`` (the team's minimum, ``rules.least_bid``) and at most the hand's ``most`` tricks."""
    return max(1, least, min(most, easy_count(held)))


def easy_play(sim: Sim, seat: int) -> int:
    """The beginner's card for ``seat`` in a playout (``sim.Sim``): ``easy_card`` of its legal
    cards and the trick on the table."""
    trick = sim.trick
    return easy_card(play_mask(sim.held[seat], SUIT_OF[trick[0]] if trick else -1, sim.broken, sim.opening), trick)


def easy_card(legal: int, trick: list[int]) -> int:
    """The beginner's card from its legal cards (a mask) and the trick so far: lead the highest
    side-suit card; win with the highest card of the led suit (else the lowest trump); else
    play the lowest, side suits first."""
    if not trick:
        side = legal & ~SPADE_MASK
        return highest_rank(side or legal)
    winners = legal & BEATERS[trick[winning_index(trick)]]
    if winners:
        following = winners & SUIT_MASK[SUIT_OF[trick[0]]]
        return high(following) if following else low(winners)
    return lowest_rank(legal & NON_SPADES or legal)


__all__ = ["EasyBot", "easy_bid", "easy_card", "easy_count", "easy_play"]
