"""Reading the other seats' cards from what they did: deals that explain the bids and the plays.

A sampled deal (``knowledge.Sampler``) only respects counts and shown voids. But the other seats
did not act at random: the computer levels bid and play by rules, and a person mostly plays like
one of them. ``misses(evidence, hands)`` counts the other seats' actions that a deal does *not*
explain:
- a bid (not a Blind Nil) that neither ``bidding.bid_for`` (the medium and hard levels' count)
  nor the beginner's bid (``easy.easy_bid``) gives the seat's cards in the deal. A Nil for a
  number, or a number two or more away, counts twice. The partner is the hard level, whose bid
  search may move the count by one, or to a Nil on a hand whose Nil danger is under the
  ``nil_search_danger`` of the style it is given (the hard level's own);
- a card that neither ``sim.policy`` (the seat remembering every card, or, like the medium level,
  only the honours) nor the beginner's rule (``easy.easy_card``) would play at that moment.

``likely_hands(evidence, sampler, rng, tries)`` draws ``tries`` deals and keeps the first that
explains the most: the hard level searches over such deals. Each deal is read once (``read``:
one pass over the bids, one replay of the plays), for what it misses and how the opponents
lean. This is inference from public actions only (the seat's own cards, the bids and the cards
played), never another hand. With ``tries`` 1 it is one plain draw.

``seat_rules(evidence, reading, team)`` then reads *how* each opponent plays in that deal: the
policy, the beginner's rule when that explains more of its actions (``Reading.lean``), or, with
``Evidence.press``, the pressing break of the searching team's standing Nil
(``pressure.pressing``) when that explains at least ``press`` more of its cards than the policy
and no fewer than the beginner's rule does; the own team plays ``team``. The hard level plays
its playouts by those rules, so a beginner who keeps winning tricks is expected to, and so is
an opponent who presses its team's Nil with middle cards. With ``press``, an opponent's pressing
card counts as explained when deals are judged, too: the policy's soft break would read a middle
card played before the Nil bidder as the lowest card held.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, cast

from ..cards import SEATS
from ..rules import closest_bid, is_blind, least_bid, nil_stake, number_bids, opening_card, plain_bids, spade_count
from ..state import View
from .bidding import BidStyle, bid_for
from .easy import easy_bid, easy_play
from .estimate import estimate
from .knowledge import Sampler, played_by
from .pressure import NONE, pressing, pressure_card
from .sim import Sim, honours_policy, policy

if TYPE_CHECKING:
    from ..deal import SplitMix64
    from ..rules import Bid
    from .sim import Rule

DRAW_COST = 25  # a draw and its bids judged, in simulated card plays (measured under CPython)
NIL_LEAN = 9  # a Nil bidder is no beginner, whatever it plays


def plays_of(view: View) -> list[tuple[int, int]]:
    """The hand's plays so far in order, as (seat, card)."""
    out = []
    for trick in view.tricks + (view.trick,):
        for seat, card in zip(trick.seats, trick.cards):
            out.append((int(seat), int(card)))
    return out


class Evidence:
    """What one seat's view says about the others, prepared once per decision."""

    __slots__ = ("view", "me", "style", "plays", "past", "bidders", "leader", "start", "press")

    def __init__(self, view: View, style: BidStyle, press: int = 0) -> None:
        self.view = view
        self.press = press  # the lean that reads the opponents as pressing the team's Nil (0: never)
        self.me = int(view.seat)
        self.style = style
        self.plays = plays_of(view)
        self.past = played_by(view)
        # (seat, its bid, the bids made before it) for every other seat that bid with its cards
        self.bidders: list[tuple[int, int, tuple[Bid | None, ...]]] = []
        before: list[Bid | None] = [None] * len(SEATS)
        for bidder, bid in zip(view.actors, view.bid_log):
            seat = int(bidder)
            if seat != self.me and not is_blind(bid):  # a bid made before looking says nothing of the cards
                self.bidders.append((seat, cast(int, bid), tuple(before)))
            before[seat] = bid
        self.leader = int((view.tricks[0] if view.tricks else view.trick).leader)
        bids = plain_bids(view.bids)
        n = len(SEATS)
        # the hand at its first lead, every seat's cards still to place (``replay_start``)
        stakes = [nil_stake(b, view.rules.nil_bonus) for b in bids]
        self.start = Sim([0] * n, view.rules.absent, [0] * n, bids, stakes, view.rules.spades_anytime,
                         self.leader, [], 0, [0] * n, view.rules.valuing(), opening=opening_card(view.rules))

    def full(self, hands: list[int]) -> list[int]:
        """A deal's full hands: the unseen cards ``hands`` (as ``Sampler.draw`` gives them) with
        the cards each seat has already played."""
        return [hands[s] | self.past[s] for s in range(len(SEATS))]

    def cost(self, tries: int) -> int:
        """The work of ``likely_hands`` beyond one plain draw, in simulated card plays (the
        search's budget unit): for each of ``tries`` deals the replayed plays, and about
        ``DRAW_COST`` for the draw and the bids; none for a single try."""
        return tries * (len(self.plays) + DRAW_COST) if tries > 1 else 0


class Reading(NamedTuple):
    """What one deal says of the other seats, from one pass over their bids and one replay of
    their plays (``read``): how many of their actions it does not explain, and, per seat, how
    far the opponents lean to the beginner's rules and to pressing the team's Nil."""

    misses: int
    lean: list[int]
    press: list[int]


class Deal(NamedTuple):
    """A deal searched (``likely_hands``): the unseen cards' hands and its ``Reading``."""

    hands: list[int]
    reading: Reading


def read(ev: Evidence, hands: list[int]) -> Reading:
    """The ``Reading`` of the deal ``hands`` (the unseen cards, as ``Sampler.draw`` gives them):
    each bid counted and each card replayed once, for the misses and the leans together."""
    full = ev.full(hands)
    bad, lean = read_bids(ev, full)
    press = [0] * len(SEATS)
    if ev.plays:
        bad += read_plays(ev, full, lean, press)
    return Reading(bad, lean, press)


def read_bids(ev: Evidence, full: list[int]) -> tuple[int, list[int]]:
    """The other seats' bids that the deal's full hands ``full`` do not explain (``misses``), and
    the opponents' lean to the beginner's bid: +1 where ``easy_bid`` gives its bid, −1 where
    ``bid_for`` does; a Nil, which a beginner never bids, −``NIL_LEAN``."""
    bad = 0
    lean = [0] * len(SEATS)
    me = ev.me
    partner = me ^ 2
    rules = ev.view.rules
    for seat, bid, before in ev.bidders:
        opponent = (seat ^ me) & 1
        if opponent and bid == 0:
            lean[seat] -= NIL_LEAN
        est = estimate(full[seat], rules.over_ace)
        spades = spade_count(full[seat])
        counted, _ = bid_for(seat, before, est, ev.style, rules, spades)
        easy = int(closest_bid(easy_bid(full[seat], least_bid(rules, before[seat ^ 2])),
                               number_bids(rules, before[seat ^ 2], spades)))
        if opponent and bid != 0:
            lean[seat] += (bid == easy) - (bid == counted)
        if counted == bid:
            continue
        if seat == partner and (est.danger < ev.style.nil_search_danger if bid == 0
                                else counted and abs(counted - bid) <= 1):
            continue  # the hard level's bid search moved its count
        if bid == easy:
            continue
        bad += 1 if (counted == 0) == (bid == 0) and abs(counted - bid) <= 1 else 2
    return bad, lean


def bid_misses(ev: Evidence, full: list[int]) -> int:
    """The other seats' bids that the deal's full hands ``full`` do not explain."""
    return read_bids(ev, full)[0]


def replay_start(ev: Evidence, full: list[int]) -> Sim:
    """The hand at its first lead with the deal's full hands ``full``, to replay the plays on."""
    sim = ev.start.copy()
    sim.held = full[:]
    return sim


def read_plays(ev: Evidence, full: list[int], lean: list[int], press: list[int]) -> int:
    """Replay the hand's plays on the deal's full hands ``full`` once: returns how many of the
    other seats' cards no rule would have played (``explained``; with ``ev.press``, an
    opponent's ``pressure_card`` too), and adds to the opponents' ``lean`` how many more of
    their cards the beginner's rule explains than ``by_policy``, and to their ``press`` (with
    ``ev.press``) how many more ``pressure_card`` explains, counted where it has a card."""
    sim = replay_start(ev, full)
    me = ev.me
    bad = 0
    for seat, card in ev.plays:
        if seat != me:
            usual = by_policy(sim, seat, card)
            beginner = easy_play(sim, seat) == card
            pressed = pressure_card(sim, seat) if ev.press and (seat ^ me) & 1 else NONE
            if (seat ^ me) & 1:
                lean[seat] += beginner - usual
                if pressed != NONE:
                    press[seat] += (pressed == card) - usual
            if not (usual or beginner or pressed == card):
                bad += 1
        sim.play(card)
    return bad


def explained(sim: Sim, seat: int, card: int) -> bool:
    """Would ``seat`` play ``card`` now by the policy (``by_policy``) or by the beginner's rule?"""
    return by_policy(sim, seat, card) or easy_play(sim, seat) == card


def by_policy(sim: Sim, seat: int, card: int) -> bool:
    """Would ``seat`` play ``card`` now by the policy, remembering every card or, like the
    medium level, only the honours?"""
    return policy(sim, seat) == card or honours_policy(sim, seat) == card


def misses(ev: Evidence, hands: list[int]) -> int:
    """How many of the other seats' bids and plays the deal ``hands`` (the unseen cards, as
    ``Sampler.draw`` gives them) does not explain."""
    return read(ev, hands).misses


def likely_hands(ev: Evidence, sampler: Sampler, rng: SplitMix64, tries: int) -> Deal:
    """Of ``tries`` deals drawn by ``sampler``, the first that explains the most (one that
    explains all is taken at once), with its ``Reading``: each deal is read once."""
    best = sampler.draw(rng)
    reading = read(ev, best)
    for _ in range(tries - 1):
        if not reading.misses:
            break
        hands = sampler.draw(rng)
        other = read(ev, hands)
        if other.misses < reading.misses:
            best, reading = hands, other
    return Deal(best, reading)


def seat_rules(ev: Evidence, reading: Reading, team: Rule = policy) -> tuple[Rule, ...]:
    """How each seat plays in the playouts of a deal read as ``reading`` (``read``): a rule per
    seat, ``policy``, the beginner's ``easy_play`` or, with ``ev.press``, ``pressure.pressing``.

    This seat and its partner play ``team``: the policy, or as the level plans its own team's
    play (the hard level's goes for a set earlier, ``HardBot.team_reach``). The opponents play
    the beginner's rule when, with the deal's cards, that rule explains more of their actions
    than the policy does (``Reading.lean``, summed over the two: one level sits on both seats,
    since the table sets one for both opponents and the arena plays a level against a level, so
    what either did is evidence about both): a beginner does not duck, does not watch its
    partner, and sets contracts a cooperative opponent would let through. They press the team's
    standing Nil (``pressing``) when that explains at least ``ev.press`` more of their cards than
    the policy and no fewer than the beginner's rule does: while the Nil bidder's low cards
    last, its team plays against middle cards, not the policy's soft break."""
    beginner, pressure = sum(reading.lean), sum(reading.press)
    if ev.press and pressure >= ev.press and pressure >= beginner:
        opponents = pressing
    else:
        opponents = easy_play if beginner > 0 else policy
    return tuple(opponents if (s ^ ev.me) & 1 else team for s in range(len(SEATS)))


__all__ = ["Deal", "Evidence", "Reading", "bid_misses", "by_policy", "explained", "likely_hands", "misses",
           "plays_of", "read", "seat_rules"]
