"""Breaking a Nil by pressure: another way than the policy's to go after an opponent's Nil.

The shared policy (``sim.policy``) breaks an opponent's Nil softly: it leads its lowest card and
plays low under the Nil bidder. Some players press instead, and their cards tell:
- on lead, a middle card (seven to jack) of a side suit the Nil bidder still follows, from the
  suit with the fewest cards still out; with none, the highest small card, else the lowest;
- before the Nil bidder in a suit it must follow, the highest middle card of that suit (the
  Nil bidder's small cards run out under it);
- once the Nil bidder's partner has taken over the trick, the highest card of the suit (or,
  void, the highest side card): rid of it while it is safe;
- void in the suit led before the Nil bidder: the highest spade, to draw the covering partner's
  trumps, while the Nil bidder must follow; if the Nil bidder is void too, the highest side card.
Under the Nil bidder's winning card, and whenever the seat's own contract needs every trick
left, it plays as the policy does.

``pressure_card`` is that card (or ``NONE`` where the policy's card stands); ``pressing`` is the
rule of a seat that plays it. The hard level reads from the opponents' cards whether they break
its team's Nil this way (``inference.seat_rules``) and, if so, expects it in its playouts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import NUM_RANKS, NUM_SUITS, SPADE_MASK, SUIT_MASK, SUIT_OF
from ..rules import NON_SPADES, TRICKS_PER_HAND, play_mask, winning_index
from .order import followed, high, highest_rank, low, lowest_rank
from .sim import policy, standing_nil, team_need

if TYPE_CHECKING:
    from .sim import Sim

NONE = -1  # no pressing card: the policy's card stands

MIDDLE = 0  # the sevens to the jacks of every suit
SMALL = 0  # the twos to the sixes of every suit
for _s in range(NUM_SUITS):
    MIDDLE |= 0b11111 << (_s * NUM_RANKS + 5)
    SMALL |= 0b11111 << (_s * NUM_RANKS)


def pressure_card(sim: Sim, seat: int) -> int:
    """The card ``seat`` presses an opponent's standing Nil with now, or ``NONE``."""
    nil_seat = standing_nil(sim, seat)
    if nil_seat < 0 or sim.nil[seat]:  # no standing Nil (``standing_nil``'s -1), or our own
        return NONE
    left = TRICKS_PER_HAND - sim.done
    if team_need(sim, seat & 1) >= left:
        return NONE
    hand = sim.held[seat]
    trick = sim.trick
    n = len(trick)
    nil_voids = sim.voids[nil_seat]
    if n == 0:
        legal = play_mask(hand, -1, sim.broken, sim.opening)
        side = legal & NON_SPADES
        if not side:
            return NONE
        pool = followed(side, nil_voids) or side
        middle = pool & MIDDLE
        if middle:
            out = ~sim.played
            best = min((s for s in range(1, NUM_SUITS) if middle & SUIT_MASK[s]),
                       key=lambda s: (SUIT_MASK[s] & out).bit_count())
            return high(middle & SUIT_MASK[best])
        small = pool & SMALL
        return highest_rank(small) if small else lowest_rank(pool)
    led = SUIT_OF[trick[0]]
    legal = play_mask(hand, led, sim.broken, sim.opening)
    following = legal & SUIT_MASK[led]
    if (nil_seat - sim.leader) & 3 < n:  # the Nil bidder has played to the trick
        if (sim.leader + winning_index(trick)) & 3 == nil_seat:
            return NONE  # under the Nil bidder's winning card: the policy's duck
        if following:
            return high(following)
        side = legal & NON_SPADES
        return highest_rank(side) if side else low(legal)
    if following:
        if nil_voids & (1 << led) or not following & MIDDLE:
            return NONE
        return high(following & MIDDLE)
    if nil_voids & (1 << led):
        side = legal & NON_SPADES
        return highest_rank(side) if side else NONE
    spades = legal & SPADE_MASK
    if spades and not sim.voids[nil_seat ^ 2] & 1:
        return high(spades)
    return NONE


def pressing(sim: Sim, seat: int) -> int:
    """The rule of a seat that presses an opponent's Nil (``pressure_card``), else plays the
    policy."""
    card = pressure_card(sim, seat)
    return card if card != NONE else policy(sim, seat)
