"""Fast bitmask playouts and the card-play policy shared by the medium and hard levels.

Glossary
- ``Sim`` is one hand in play as plain ints: each seat's cards still held (masks), the cards
  played (``played``, the *memory* a seat plays with), tricks taken, bids, Nil stakes, spades
  broken, the current trick and which suits each seat has shown void in.
- ``policy(sim, seat)`` is the card a seat plays, judged from its own cards and the public
  table only (``sim.held[seat]``, ``played``, ``voids``, bids, tricks): never another hand. The
  medium bot plays it on the real table; the hard bot runs it for all four seats in playouts
  over sampled deals (PIMC), so the playouts never peek either.
- ``hand_value(sim, team)``: what a finished hand is worth to a team against the other, scored
  by ``scoring.score_team`` from 0 with an empty bag bank and every bag at ``-BAG_COST``: the
  measure of the arena.
- ``Stakes``: the game's score around a hand that may end the game; its ``value(sim, team)`` is
  ``hand_value`` and, when the finished hand ends the game, the game's result.

The rules (legal plays, who wins a trick) come from the kernel, ``spades.rules``, on bitmasks.

The policy's modes, per seat and trick:
- ``nil``: it bid Nil — play the highest card that loses, lead low;
- covering the partner's Nil: win tricks the partner could otherwise be forced to take;
- breaking an opponent's Nil: lead low, never overtake the Nil bidder's winning card;
- ``win`` while the team's contract is short (or the opponents can still be set): second hand
  low, third hand high, cheapest winner in fourth seat, ruff only what the partner is not
  already winning, never overtake a partner's sure winner;
- ``duck`` once the contract is made: shed the highest cards that lose, avoid bags.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ..cards import CARD_SLOTS, NUM_CARDS, NUM_RANKS, NUM_SUITS, RANK_OF, SPADE_MASK, SUIT_MASK, SUIT_OF, Card
from ..rules import BAG_COST, BEATERS, NON_SPADES, TRICKS_PER_HAND, VALUING, game_outcome, play_mask, winning_index
from ..scoring import score_hand, score_team
from ..seating import PARTNERS, Table
from .order import cards_of_mask, discard_high, discard_low, followed, high, highest_rank, low, lowest_rank

if TYPE_CHECKING:
    from collections.abc import Callable, Generator, Iterable, Sequence
    from typing import TypeAlias

    from ..reasons import Why
    from ..rules import Bid, Rules

    Rule: TypeAlias = Callable[["Sim", int], int]  # how a seat plays: ``policy``, or ``easy.easy_play``

# the policy's modes (see above): the seat's own Nil, winning tricks, ducking them
NIL_MODE, WIN_MODE, DUCK_MODE = 0, 1, 2
# its contract made, a seat goes on winning tricks to set the other team while that team can lose
# at most this many more of the tricks left (``policy``'s ``reach``; ``reaching``)
SET_REACH = 1

NSUITS = NUM_SUITS
TRICKS = TRICKS_PER_HAND
ABOVE = tuple(SUIT_MASK[SUIT_OF[c]] & ~((2 << c) - 1) for c in range(CARD_SLOTS))
HONOURS = SPADE_MASK >> NUM_CARDS << NUM_CARDS  # the trumps above the ace, then J Q K A of each suit
for _s in range(NSUITS):
    for _r in (9, 10, 11, 12):  # J Q K A
        HONOURS |= 1 << (_s * NUM_RANKS + _r)
# LATER[leader][n]: the seats still to play after the n-th card of a trick ``leader`` led;
# LATER_OPPS[leader][n][team]: those of them not of ``team`` (the policy looks these up)
LATER = tuple(tuple(tuple((leader + k) & 3 for k in range(n + 1, 4)) for n in range(4)) for leader in range(4))

LATER_OPPS = tuple(tuple(tuple(tuple(s for s in later if s & 1 != team) for team in (0, 1)) for later in row)
                   for row in LATER)


class Sim:
    """One hand in play, as ints. ``bids`` are the bids as the record writes them (0..13 or
    ``"blind"``); ``nil[s]`` is the Nil stake of seat s (``rules.nil_stake``: 0, 100 or 200).
    ``played`` starts with the two card indices the game never deals (``Rules.absent``): a
    seat knows they are in no hand. ``rules`` are the game's, as a hand is valued
    (``Rules.valuing``)."""

    __slots__ = ("held", "played", "taken", "bids", "nil", "broken", "leader", "trick", "done", "voids", "rules",
                 "table", "turns", "players", "tricks", "opening")

    def __init__(self, held: list[int], played: int, taken: list[int], bids: Sequence[Bid | None], nil: list[int],
                 broken: bool, leader: int, trick: list[int], done: int, voids: list[int],
                 rules: Rules = VALUING, table: Table = PARTNERS, opening: int = 0) -> None:
        self.held = held
        self.played = played
        self.taken = taken
        self.bids = bids
        self.nil = nil
        self.broken = broken
        self.leader = leader
        self.trick = trick
        self.done = done
        self.voids = voids
        self.rules = rules
        self.table = table  # who plays after whom: ``turns[leader]``, a trick of ``players`` cards
        self.turns = table.turns
        self.players = table.players
        self.tricks = table.hand_size
        self.opening = opening  # the first trick's club (``rules.opening_card``) until that trick is over

    def copy(self) -> Sim:
        return type(self)(
            self.held[:], self.played, self.taken[:], self.bids, self.nil, self.broken,
            self.leader, self.trick[:], self.done, self.voids[:], self.rules, self.table, self.opening,
        )

    @property
    def to_move(self) -> int:
        return self.turns[self.leader][len(self.trick)]

    def play(self, card: int) -> None:
        trick = self.trick
        turn = self.turns[self.leader]
        seat = turn[len(trick)]
        bit = 1 << card
        self.held[seat] ^= bit
        self.played |= bit
        if (SPADE_MASK >> card) & 1:
            self.broken = True
        if trick:
            led = SUIT_OF[trick[0]]
            if SUIT_OF[card] != led:
                self.voids[seat] |= 1 << led
        trick.append(card)
        if len(trick) == self.players:
            winner = turn[winning_index(trick)]
            self.taken[winner] += 1
            self.done += 1
            self.leader = winner
            self.trick = []
            self.opening = 0

    def playout_steps(self, rules: Sequence[Rule] | None = None) -> Generator[None, None, None]:
        """Play the hand out: a generator that yields after every trick (see ``Bot.think``).
        Each seat plays by ``rules[seat]`` (a function like ``policy``), or by ``policy`` at
        every seat when ``rules`` is None."""
        rule_of = rules or (self.default_rule(),) * len(self.held)
        play = self.play
        turns = self.turns
        while self.done < self.tricks:
            done = self.done
            while self.done == done:  # to the end of this trick
                seat = turns[self.leader][len(self.trick)]
                play(rule_of[seat](self, seat))
            yield

    def default_rule(self) -> Rule:
        """How every seat plays when no rules are given: ``policy`` (``solo.SoloSim``: alone)."""
        return policy


def hand_value(sim: Sim, team: int) -> int:
    """The hand's points for ``team`` minus the other team's, bags at −BAG_COST each."""
    return team_points(sim, team) - team_points(sim, 1 - team)


class Stakes:
    """The game's score around a hand whose end may end the game (SPEC §4): the game's own
    ``rules`` (the target, the bag penalty), both teams' ``totals`` and bag ``banks`` before the
    hand, and the number of ``hands`` played once it is over (``knowledge.stakes_of`` makes it).

    ``value`` is what a finished hand is worth to a team: ``hand_value``, and, when the hand ends
    the game, the target's worth of points more for the team that wins it (as many less for the
    team that loses; a draw adds nothing). A contract that reaches the target is then worth more
    than any bags it risks, and the opponents' contract that would end the game is worth setting
    at any price; a hand that cannot end the game is valued as before."""

    __slots__ = ("rules", "totals", "banks", "hands", "outcomes")

    def __init__(self, rules: Rules, totals: Sequence[int], banks: Sequence[int], hands: int) -> None:
        self.rules = rules
        self.totals = totals
        self.banks = banks
        self.hands = hands
        # the game's winner after the hand, by (bids, taken): a search scores thousands of
        # playouts that end with the same few tricks taken
        self.outcomes: dict[tuple[Bid | int | None, ...], int | None] = {}

    def result(self, bids: Sequence[Bid | None], taken: Sequence[int], team: int) -> int:
        """+1 when the hand scored with ``bids`` and ``taken`` (by seat) ends the game won by
        ``team``, −1 when lost, 0 when it goes on or ends drawn."""
        key = (*bids, *taken)
        winner = self.outcomes.get(key, -1)
        if winner == -1:
            scores = score_hand(bids, taken, self.totals, self.banks, self.rules)
            outcome = game_outcome(self.rules, [score.total for score in scores], self.hands)
            winner = self.outcomes[key] = None if outcome is None else outcome.winner
        if winner is None:
            return 0
        return 1 if winner == team else -1

    def game_points(self, bids: Sequence[Bid | None], taken: Sequence[int], team: int) -> int:
        """What the game's ``result`` adds to the hand's points: the target's worth."""
        return self.rules.target * self.result(bids, taken, team)

    def value(self, sim: Sim, team: int) -> int:
        return hand_value(sim, team) + self.game_points(sim.bids, sim.taken, team)


def team_points(sim: Sim, team: int) -> int:
    """A team's points for the finished hand: ``score_team`` from 0 under the game's rules, no
    penalty, bags at −BAG_COST."""
    bids, taken = sim.bids, sim.taken
    other = team + 2
    return score_team((bids[team], bids[other]), (taken[team], taken[other]), 0, 0, sim.rules,
                      -BAG_COST).hand


def team_need(sim: Sim, team: int) -> int:
    """Tricks the team's non-Nil bidders still need for their contract (≤ 0 when made); under
    ``nil_tricks_count`` a failed Nil's tricks count toward its partner's."""
    nil = sim.nil
    if not nil[team] and not nil[team + 2]:  # the common case, written out
        bids, taken = sim.bids, sim.taken
        return bids[team] - taken[team] + bids[team + 2] - taken[team + 2]  # type: ignore[operator]
    need = 0
    for s in (team, team + 2):
        if not nil[s]:
            bid: int = sim.bids[s]  # type: ignore[assignment]  # not a Nil: a number (no cast: the hot path)
            need += bid - sim.taken[s]
    if sim.rules.nil_tricks_count and (not nil[team]) != (not nil[team + 2]):
        need -= sim.taken[team if nil[team] else team + 2]
    return need


def _sure(card: int, hand: int, sim: Sim, later_opps: Iterable[int]) -> bool:
    """Will ``card`` hold against everyone still to play (by rank, and against ruffs)?"""
    out = ABOVE[card] & ~hand & ~sim.played
    if out:
        return False
    if not (SPADE_MASK >> card) & 1:
        suit_bit = 1 << SUIT_OF[card]
        spades_out = SPADE_MASK & ~hand & ~sim.played
        if spades_out:
            for o in later_opps:
                if sim.voids[o] & suit_bit and not sim.voids[o] & 1:
                    return False
    return True


def _said(why: list[str] | None, code: str, card: int) -> int:
    """``card``, noting in ``why`` (when asked) the code of the rule that chose it."""
    if why is not None:
        why.append(code)
    return card


def breaking_nil(why: list[str] | None, opp_nil: int, later: Sequence[int], wseat: int, losers: int,
                 beaters: int, following: int) -> int | None:
    """Following to a trick while an opponent's Nil (``opp_nil``) stands: the card that leaves
    the trick to it — the lowest loser while it is still to play, the highest loser under its
    winning card (a beater when forced) — or None when the trick gives it nothing to do."""
    if opp_nil in later:
        if losers:
            return _said(why, "break_nil", lowest_rank(losers) if following else discard_low(losers))
    elif wseat == opp_nil:
        if losers:
            return _said(why, "break_nil_under", highest_rank(losers) if following else discard_high(losers))
        return _said(why, "break_nil_forced", low(beaters))
    return None


def policy(sim: Sim, seat: int, why: list[str] | None = None, reach: int = SET_REACH) -> int:
    """The card ``seat`` plays now (see the module's docstring for the modes). When ``why`` is a
    list, the code of the rule that chose the card is appended to it (``REASONS``): the reason
    the partner gives at the table and the hint shows comes from here, not guessed afterwards.
    Its contract made, the seat goes for the other team's set while that team can lose at most
    ``reach`` more tricks (``SET_REACH``), and ducks otherwise."""
    hand = sim.held[seat]
    trick = sim.trick
    n = len(trick)
    led = SUIT_OF[trick[0]] if n else -1
    legal = play_mask(hand, led, sim.broken, sim.opening)
    if legal & (legal - 1) == 0:
        return _said(why, "only", legal.bit_length() - 1)

    team = seat & 1
    partner = seat ^ 2
    nil = sim.nil
    taken = sim.taken
    left = TRICKS - sim.done
    partner_nil = nil[partner] and taken[partner] == 0
    opp_nil = -1  # ``standing_nil``, written out on the hot path
    if nil[seat ^ 1] and taken[seat ^ 1] == 0:
        opp_nil = seat ^ 1
    elif nil[seat ^ 3] and taken[seat ^ 3] == 0:
        opp_nil = seat ^ 3
    need = team_need(sim, team)
    if nil[seat]:
        mode = NIL_MODE
    elif need > 0:
        mode = WIN_MODE
    else:
        opp_need = team_need(sim, 1 - team)
        mode = WIN_MODE if opp_need > 0 and left - opp_need <= reach else DUCK_MODE  # set them, or duck

    if n == 0:
        return _lead(sim, seat, hand, legal, mode, partner_nil, opp_nil, (seat ^ 1, seat ^ 3), need, left, why)

    # --- following -------------------------------------------------------------------------
    leader = sim.leader
    best = winning_index(trick) if n > 1 else 0
    wcard = trick[best]
    wseat = (leader + best) & 3
    following = legal & SUIT_MASK[led]
    beaters = legal & BEATERS[wcard]
    losers = legal & ~beaters
    later = LATER[leader][n]
    later_opps = LATER_OPPS[leader][n][team]

    if mode == NIL_MODE:
        if losers:
            return _said(why, "own_nil", highest_rank(losers) if following else discard_high(losers))
        return _said(why, "own_nil_forced", high(beaters) if n == 3 else low(beaters))

    if partner_nil:
        if partner in later:
            if beaters:
                if following:
                    return _said(why, "cover_partner_nil", high(beaters))
                return _said(why, "cover_partner_nil", low(beaters))
            return _said(why, "cover_cannot", lowest_rank(legal) if following else discard_low(legal))
        if wseat == partner:
            if beaters:
                return _said(why, "cover_partner_nil", low(beaters))
            return _said(why, "cover_cannot", lowest_rank(legal) if following else discard_low(legal))

    if opp_nil >= 0 and (mode != WIN_MODE or need < left):
        card = breaking_nil(why, opp_nil, later, wseat, losers, beaters, following)
        if card is not None:
            return card

    if wseat == partner:
        sure = n == 3 or _sure(wcard, hand, sim, later_opps)
        if mode == DUCK_MODE:
            return _said(why, "partner_winning_shed", _shed(losers, following, beaters, n))
        if not sure and n == 2 and beaters:
            winners = [c for c in cards_of_mask(beaters) if _sure(c, hand, sim, later_opps)]
            if winners:
                return _said(why, "take_over", winners[0])
        if losers:
            return _said(why, "partner_winning", lowest_rank(losers) if following else discard_low(losers))
        return _said(why, "partner_winning_forced", low(beaters))

    if mode == DUCK_MODE:
        return _said(why, "avoid_bags", _shed(losers, following, beaters, n))

    # mode win: the opponents hold the trick
    if not beaters:
        return _said(why, "cant_win", lowest_rank(legal) if following else discard_low(legal))
    if n == 3:
        return _said(why, "win_cheap", low(beaters))
    if following:
        winners = [c for c in cards_of_mask(beaters) if _sure(c, hand, sim, later_opps)]
        if n == 1:  # second hand low, unless the trick is needed and a sure winner is at hand
            if winners and (need >= left - 1 or RANK_OF[wcard] >= 9):
                return _said(why, "sure_winner", winners[0])
            return _said(why, "second_low", lowest_rank(losers) if losers else low(beaters))
        # third hand high: the cheapest sure winner, else the top card
        if winners:
            return _said(why, "sure_winner", winners[0])
        return _said(why, "third_high", high(beaters))
    # void in the led suit: ruff as cheaply as will hold
    # partner may still win it in fourth seat; ruff only with need
    if n == 1 and later and (partner in later) and not sim.voids[partner] & (1 << led) and need < left - 2:
        return _said(why, "ruff_later", discard_low(losers) if losers else low(beaters))
    for c in cards_of_mask(beaters):
        if _sure(c, hand, sim, later_opps):
            return _said(why, "ruff", c)
    return _said(why, "ruff", low(beaters))


@cache
def reaching(reach: int) -> Rule:
    """``policy`` going for the other team's set while that team can lose at most ``reach``
    more tricks: ``policy`` itself at ``SET_REACH``. (One rule per reach, so that rules compare
    by identity.)"""
    if reach == SET_REACH:
        return policy

    def rule(sim: Sim, seat: int) -> int:
        return policy(sim, seat, None, reach)
    return rule


def policy_why(sim: Sim, seat: int) -> tuple[int, Why]:
    """``policy``'s card and the rule that chose it, with what its words name (``policy_reason``):
    the reason the medium level gives, and the hard level's when its search keeps the card."""
    why: list[str] = []
    card = policy(sim, seat, why)
    return card, policy_reason(why[-1], sim, seat, card)


def policy_reason(code: str, sim: Sim, seat: int, card: int) -> Why:
    """The policy's rule ``code`` (``sim.policy``'s ``why``) with what its words name: the card,
    or the opponent whose Nil is being broken (the first in the policy's order)."""
    if code in ("sure_winner", "lead_winner"):
        return code, {"card": Card(card).display}
    if code.startswith("break_nil"):
        return code, {"seat": standing_nil(sim, seat)}
    return code, {}


def standing_nil(sim: Sim, seat: int) -> int:
    """The opponent of ``seat`` whose Nil still stands (the left-hand one first, as ``policy``
    looks), or -1."""
    for o in (seat ^ 1, seat ^ 3):
        if sim.nil[o] and sim.taken[o] == 0:
            return o
    return -1


def remembered_honours(played: int, trick: Iterable[int]) -> int:
    """The cards a seat with the medium level's memory knows are out: the honours played, and
    the trick on the table."""
    known = played & HONOURS
    for c in trick:
        known |= 1 << c
    return known


NO_VOIDS = [0, 0, 0, 0]  # a memory with no voids (``honours_policy``; ``policy`` only reads them)


def honours_policy(sim: Sim, seat: int) -> int:
    """``policy`` for a seat that remembers only ``remembered_honours`` and no voids (the medium
    level's memory, ``knowledge.to_sim(view, memory="honours")``)."""
    played, voids = sim.played, sim.voids
    sim.played = remembered_honours(played, sim.trick)
    sim.voids = NO_VOIDS
    try:
        return policy(sim, seat)
    finally:
        sim.played, sim.voids = played, voids


def _shed(losers: int, following: int, beaters: int, n: int) -> int:
    """Duck: the highest card that loses; if every card wins, take it with the highest."""
    if losers:
        return highest_rank(losers) if following else discard_high(losers)
    return high(beaters) if n == 3 else low(beaters)


def _lead(sim: Sim, seat: int, hand: int, legal: int, mode: int, partner_nil: int | bool, opp_nil: int,
          opps: tuple[int, ...], need: int, left: int, why: list[str] | None) -> int:
    voids = sim.voids
    if mode == NIL_MODE:
        return _said(why, "own_nil_lead", lowest_rank(legal))
    if partner_nil:
        # lead winners, highest first, in suits the partner still holds (a suit's top card is
        # sure when any of its cards is: only the suits' tops are looked at)
        winners = []
        for s in range(NSUITS):
            m = legal & SUIT_MASK[s]
            if m and _sure(high(m), hand, sim, opps):
                winners.append(high(m))
        if winners:
            return _said(why, "cover_partner_nil", max(winners, key=lambda c: (RANK_OF[c], SUIT_OF[c] != 0)))
        return _said(why, "cover_partner_nil", highest_rank(legal))
    if opp_nil >= 0 and (mode != WIN_MODE or need < left):
        return _said(why, "break_nil", lowest_rank(followed(legal, voids[opp_nil]) or legal))
    if mode == DUCK_MODE:
        return _said(why, "avoid_bags", lowest_rank(legal))
    # win: cash sure winners in side suits the opponents still follow
    bad_suits = 0
    for o in opps:
        if not voids[o] & 1:  # may hold spades to ruff with
            bad_suits |= voids[o]
    spades_out = SPADE_MASK & ~hand & ~sim.played
    side = legal & NON_SPADES
    for s in (1, 2, 3):
        m = side & SUIT_MASK[s]
        if m and (not bad_suits & (1 << s) or not spades_out):
            c = high(m)
            if not ABOVE[c] & ~hand & ~sim.played:
                return _said(why, "lead_winner", c)
    spades = legal & SPADE_MASK
    if spades and any(not voids[o] & 1 for o in opps):
        # draw trumps with the top spade — only while an opponent may still hold one
        top = high(spades)
        if not ABOVE[top] & ~hand & ~sim.played and spades_out:
            return _said(why, "draw_trumps", top)
    # no sure winner: lead low from a side suit the opponents follow, short suits first
    pick = (followed(side, bad_suits) if spades_out else side) or side
    if pick:
        if hand & SPADE_MASK:
            # a short suit with trumps left: set up a ruff
            shortest = None
            for s in (1, 2, 3):
                m = pick & SUIT_MASK[s]
                if m and (shortest is None or m.bit_count() < (pick & SUIT_MASK[shortest]).bit_count()):
                    shortest = s
            m = pick & SUIT_MASK[shortest]  # type: ignore[index]
            if m.bit_count() <= 1:
                return _said(why, "lead_short", low(m))
        return _said(why, "lead_low", lowest_rank(pick))
    return _said(why, "lead_low", low(legal))
