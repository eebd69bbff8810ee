"""What a seat knows from its view, and deals of the unseen cards consistent with it.

- ``voids(view)``: the suits each seat has shown out of (it did not follow the led suit).
- ``to_sim(view, memory=...)``: the view as a ``Sim`` (other seats' hands left empty), with
  ``played`` holding what the seat remembers: every card (``memory="all"``), or only the honours
  and the current trick (``memory="honours"``, the medium level).
- ``Sampler(view).draw(rng)``: the other three hands drawn from the unseen cards, each seat
  getting as many as it still holds and never a card of a suit it has shown void in; optionally
  weighted so that Nil bidders rarely hold high cards and high bidders hold more of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import NUM_SEATS, RANK_OF, SUIT_OF, TRUMP
from ..rules import NIL, bid_value, is_blind, nil_stake, opening_card, plain_bids
from ..state import View, shown_voids
from .order import cards_of_mask
from .sim import Sim, Stakes, remembered_honours
from .solo import SoloSim, draw_weights

if TYPE_CHECKING:
    from ..deal import SplitMix64
    from ..rules import Bid


def voids(view: View) -> list[int]:
    """Per seat, a 4-bit mask of the suits it has shown void in."""
    return shown_voids(view.tricks + (view.trick,))


def played_by(view: View) -> list[int]:
    """Per seat, the mask of the cards it has played this hand."""
    out = [0] * NUM_SEATS
    for trick in view.tricks + (view.trick,):
        for seat, card in zip(trick.seats, trick.cards):
            out[seat] |= 1 << card
    return out


def to_sim(view: View, memory: str = "all", others: list[int] | None = None) -> Sim:
    held = list(others) if others is not None else [0] * NUM_SEATS
    held[view.seat] = view.held
    played = view.played_mask
    if memory != "all":
        played = remembered_honours(played, view.trick.cards)
    played |= view.rules.absent  # never dealt: in no hand
    bids = plain_bids(view.bids)
    nil = [nil_stake(b, view.rules.nil_bonus) for b in view.bids]
    args = (held, played, list(view.taken), bids, nil, view.spades_broken, int(view.trick.leader),
            [int(c) for c in view.trick.cards], len(view.tricks),
            voids(view) if memory == "all" else [0] * NUM_SEATS, view.rules.valuing(), view.rules.layout,
            0 if view.tricks else opening_card(view.rules))
    return SoloSim(*args) if view.rules.layout.solo else Sim(*args)


def stakes_of(view: View) -> Stakes:
    """The score around this seat's hand (``sim.Stakes``): the game's rules, totals and banks,
    and the hands played once it is over."""
    return Stakes(view.rules, view.totals, view.banks, view.hand_index + 1)


def remaining_counts(view: View) -> list[int]:
    """How many cards each seat still holds (none, a seat that does not play)."""
    per_seat = played_by(view)
    table = view.rules.layout
    return [table.hand_size - per_seat[s].bit_count() if s in table.seats else 0 for s in range(NUM_SEATS)]


DRAW_TRIES = 19  # weighted draws before ``Sampler.matched`` places the cards for certain
DISCARDS = NUM_SEATS  # the draw's discard pile, as a fifth place a sampled card may go


def card_weight(card: int, bid: Bid | None) -> float:
    """How likely a seat with ``bid`` is to hold ``card`` (relative; 1 is neutral)."""
    rank = RANK_OF[card]
    spade = SUIT_OF[card] == TRUMP
    if bid is None or is_blind(bid):  # not bid yet, or bid without looking at the cards
        return 1.0
    if bid == NIL:
        # a Nil bidder rarely keeps aces, kings or high spades (or a joker)
        if spade:
            return 0.15 if rank >= 10 else (0.5 if rank >= 7 else 1.0)
        return 0.3 if rank >= 11 else (0.7 if rank >= 9 else 1.0)
    if rank >= 11 or (spade and rank >= 9):
        return 0.7 + 0.15 * min(bid_value(bid), 6)
    return 1.0


class Sampler:
    """Deals of the unseen cards for one seat's view (``draw``), with what every draw
    shares worked out once: the unseen cards, the seats each may go to (not to a seat void in
    its suit) and the weights."""

    __slots__ = ("me", "held", "counts", "cards", "elig", "weight", "others")

    def __init__(self, view: View, weighted: bool = True, vd: list[int] | None = None,
                 counts: list[int] | None = None) -> None:
        me = int(view.seat)
        vd = vd if vd is not None else voids(view)
        self.me = me
        self.held = view.held
        self.counts = counts if counts is not None else remaining_counts(view)
        self.cards = cards = cards_of_mask(view.unseen_mask)
        others: list[int] = [int(s) for s in view.rules.layout.seats if s != me]
        draw = view.rules.layout.draw
        if draw:  # the draw's discards: the unseen cards no one holds
            others.append(DISCARDS)
            self.counts = self.counts + [len(cards) - sum(self.counts[s] for s in others[:-1])]
        self.others = others
        self.elig: dict[int, list[int]] = {}
        self.weight: dict[int, list[float]] = {}
        bids = view.bids
        for c in cards:
            bit = 1 << SUIT_OF[c]
            self.elig[c] = [s for s in others if s == DISCARDS or not vd[s] & bit]
            self.weight[c] = [card_weight(c, bids[s]) if weighted else 1.0 for s in range(NUM_SEATS)] + [1.0]
            if draw and weighted:  # what the other player's turns of the draw say of the card
                mine, thrown = draw_weights(view, c)
                self.weight[c][others[0]] *= mine
                self.weight[c][DISCARDS] = thrown

    def draw(self, rng: SplitMix64) -> list[int]:
        """Masks of the other seats' hands (own seat's entry is its real hand)."""
        me, counts, weights = self.me, self.counts, self.weight
        random = rng.random
        elig = self.elig
        for _ in range(DRAW_TRIES):
            need = [counts[s] if s != me else 0 for s in range(len(counts))]
            hands = [0] * len(counts)
            hands[me] = self.held
            # most constrained cards first, random order within
            order = self.cards[:]
            rng.shuffle(order)
            order.sort(key=lambda c: len(elig[c]))  # fewest seats first
            ok = True
            for c in order:
                e = elig[c]
                if len(e) == 3 and need[e[0]] and need[e[1]] and need[e[2]]:
                    # the common case early in a hand, as the general one below computes it
                    a, b, d = e
                    weight = weights[c]
                    wa, wb, wd = need[a] * weight[a], need[b] * weight[b], need[d] * weight[d]
                    x = random() * (wa + wb + wd) - wa
                    s = a if x < 0 else (b if x - wb < 0 else d)
                    hands[s] |= 1 << c
                    need[s] -= 1
                    continue
                seats = [s for s in e if need[s]]  # need[s] never goes below 0
                if not seats:
                    ok = False
                    break
                if len(seats) == 1:
                    s = seats[0]
                else:
                    weight = weights[c]
                    ws = [need[s] * weight[s] for s in seats]
                    total = 0.0
                    for w in ws:  # added in order, not ``sum``: Python 3.12 and later (Pyodide's) sum
                        total += w  # floats with a compensation that CPython 3.11 lacks
                    x = random() * total
                    s = seats[-1]
                    for seat, w in zip(seats, ws):
                        x -= w
                        if x < 0:
                            s = seat
                            break
                hands[s] |= 1 << c
                need[s] -= 1
            if ok:
                return hands[:NUM_SEATS]
        return self.matched(rng)

    def matched(self, rng: SplitMix64) -> list[int]:
        """A deal that keeps every shown void, found for certain where the weighted draws kept
        running into a dead end: the cards, in a random order, each placed with a seat that may
        hold it, moving cards already placed along a chain of seats to make room (augmenting
        paths, as in Kuhn's matching). The real deal is one such deal, so one is always found;
        it is not weighted by the bids."""
        me = self.me
        order = self.cards[:]
        rng.shuffle(order)
        room = {s: self.counts[s] for s in self.others}
        holder: dict[int, int] = {}

        def place(card: int, tried: set[int]) -> bool:
            for s in self.elig[card]:
                if s in tried:
                    continue
                tried.add(s)
                if room[s]:
                    room[s] -= 1
                    holder[card] = s
                    return True
                if any(place(other, tried) for other in [c for c, at in holder.items() if at == s]):
                    holder[card] = s  # the card moved on left its place at s to this one
                    return True
            return False

        for card in order:
            if not place(card, set()):
                raise AssertionError(f"no deal keeps the shown voids (seat {me}'s view)")
        hands = [0] * len(self.counts)
        hands[me] = self.held
        for card, s in holder.items():
            hands[s] |= 1 << card
        return hands[:NUM_SEATS]


__all__ = ["voids", "played_by", "to_sim", "Sampler", "DRAW_TRIES", "remaining_counts"]
