"""Reading the other seats' cards from what they did: deals that explain the bids and the plays.

A sampled deal (``knowledge.Sampler``) only respects counts and shown voids. But the other seats
did not act at random: the computer levels bid and play by rules, and a person mostly plays like
one of them. ``misses(evidence, hands)`` counts the other seats' actions that a deal does *not*
explain:
- a bid (not a Blind Nil) that neither ``bidding.bid_for`` (the medium and hard levels' count)
  nor the beginner's bid (``easy.easy_bid``) gives the seat's cards in the deal. A Nil for a
  number, or a number two or more away, counts twice. The partner is the hard level, whose bid
  search may move the count by one, or to a Nil on a hand whose Nil danger is under the
  ``partner_nil_danger`` it is given (the hard level's ``NIL_DANGER_SEARCH``);
- a card that neither ``sim.policy`` (the seat remembering every card, or, like the medium level,
  only the honours) nor the beginner's rule (``easy.easy_card``) would play at that moment.

``likely_hands(evidence, sampler, rng, tries)`` draws ``tries`` deals and keeps the first that
explains the most: the hard level searches over such deals. This is inference from public
actions only (the seat's own cards, the bids and the cards played), never another hand. With
``tries`` 1 it is one plain draw.
"""

from __future__ import annotations

from ..cards import NUM_RANKS, SEATS
from ..rules import BLIND, first_to_act, nil_stake, play_mask
from ..state import View
from .bidding import BidStyle, bid_for
from .easy import easy_bid, easy_card
from .estimate import estimate
from .knowledge import Sampler, played_by
from .sim import HONOURS, Sim, policy

DRAW_COST = 25  # a draw and its bids judged, in simulated card plays (measured under CPython)


def plays_of(view: View) -> list[tuple[int, int]]:
    """The hand's plays so far in order, as (seat, card)."""
    out = []
    for trick in view.tricks + (view.trick,):
        for seat, card in zip(trick.seats, trick.cards):
            out.append((int(seat), int(card)))
    return out


class Evidence:
    """What one seat's view says about the others, prepared once per decision."""

    __slots__ = ("view", "me", "style", "partner_nil_danger", "plays", "past", "bidders", "leader")

    def __init__(self, view: View, style: BidStyle, partner_nil_danger: float) -> None:
        self.view = view
        self.me = int(view.seat)
        self.style = style
        self.partner_nil_danger = partner_nil_danger
        self.plays = plays_of(view)
        self.past = played_by(view)
        first = int(first_to_act(view.dealer))
        # (seat, its bid, the bids made before it) for every other seat that bid with its cards
        self.bidders = []
        before: list = [None] * len(SEATS)
        for k, bid in enumerate(view.bid_log):
            seat = (first + k) % len(SEATS)
            if seat != self.me and bid != BLIND:
                self.bidders.append((seat, bid, tuple(before)))
            before[seat] = bid
        self.leader = int((view.tricks[0] if view.tricks else view.trick).leader)

    def cost(self, tries: int) -> int:
        """The work of ``likely_hands`` beyond one plain draw, in simulated card plays (the
        search's budget unit): for each of ``tries`` deals the replayed plays, and about
        ``DRAW_COST`` for the draw and the bids; none for a single try."""
        return tries * (len(self.plays) + DRAW_COST) if tries > 1 else 0


def bid_misses(ev: Evidence, full: list[int]) -> int:
    """The other seats' bids that the deal's full hands ``full`` do not explain."""
    bad = 0
    partner = ev.me ^ 2
    for seat, bid, before in ev.bidders:
        est = estimate(full[seat])
        counted, _ = bid_for(seat, before, est, ev.style)
        if counted == bid:
            continue
        if seat == partner and (est.danger < ev.partner_nil_danger if bid == 0
                                else counted and abs(counted - bid) <= 1):
            continue  # the hard level's bid search moved its count
        if bid == easy_bid(full[seat]):
            continue
        bad += 1 if (counted == 0) == (bid == 0) and abs(counted - bid) <= 1 else 2
    return bad


def play_misses(ev: Evidence, full: list[int], stop: int) -> int:
    """The other seats' cards that no rule would have played holding the deal's full hands
    ``full`` (``explained``); counting stops at ``stop``."""
    view = ev.view
    bids = list(view.bids)
    sim = Sim(full[:], 0, [0] * 4, bids, [nil_stake(b) for b in bids], False, ev.leader, [], 0,
              [0] * 4)
    me = ev.me
    bad = 0
    for seat, card in ev.plays:
        if seat != me and not explained(sim, seat, card):
            bad += 1
            if bad >= stop:
                return bad
        sim.play(card)
    return bad


def explained(sim: Sim, seat: int, card: int) -> bool:
    """Would ``seat`` play ``card`` now by the policy remembering every card, or only the
    honours and no voids (the medium level's memory), or by the beginner's rule?"""
    if policy(sim, seat) == card:
        return True
    played, vd = sim.played, sim.voids
    sim.played = (played & HONOURS) | sum(1 << c for c in sim.trick)
    sim.voids = [0] * len(SEATS)
    medium = policy(sim, seat)
    sim.played, sim.voids = played, vd
    if medium == card:
        return True
    trick = sim.trick
    legal = play_mask(sim.held[seat], trick[0] // NUM_RANKS if trick else -1, sim.broken)
    return easy_card(legal, trick) == card


def misses(ev: Evidence, hands: list[int], stop: int = 99) -> int:
    """How many of the other seats' bids and plays the deal ``hands`` (the unseen cards, as
    ``sample_hands`` gives them) does not explain; counting stops at ``stop``."""
    past = ev.past
    full = [hands[s] | past[s] for s in range(len(SEATS))]
    bad = bid_misses(ev, full) if ev.bidders else 0
    if bad >= stop or not ev.plays:
        return bad
    return bad + play_misses(ev, full, stop - bad)


def likely_hands(ev: Evidence, sampler: Sampler, rng, tries: int) -> list[int]:
    """Of ``tries`` deals drawn by ``sampler``, the first that explains the most (one that
    explains all is taken at once)."""
    best = sampler.draw(rng)
    if tries <= 1:
        return best
    fewest = misses(ev, best)
    for _ in range(tries - 1):
        if not fewest:
            break
        hands = sampler.draw(rng)
        bad = misses(ev, hands, fewest)
        if bad < fewest:
            best, fewest = hands, bad
    return best


__all__ = ["Evidence", "explained", "likely_hands", "misses", "plays_of"]
