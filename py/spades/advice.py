"""Hints («Совет»): the action the strongest level would take, with the reasons in words.

- ``bid_hint(view, key)``: the hard level's bid (``HardBot.bid_choice_steps``: the count, then
  its playouts), the one the partner would make with these cards, and the parts that drove it
  (the playouts' verdict when they moved the count, sure tricks, long spades, voids and short
  suits to ruff, Nil on a weak hand, the bids already made). Blind Nil, when offered, is hinted
  from the score alone, with the bot's own reason.
- ``play_hint(view, rng)``: the hard level's card, and why, judged from the table: covering
  the partner's Nil, the partner already winning, avoiding bags, second hand low, …
- ``hint(view, rng)``: whichever of the two the phase asks for.

A ``Hint`` is data — the action and a tuple of ``Reason(code, params)`` — and renders itself
with ``text(lang)`` from the ``MESSAGES`` catalogue of ``spades.reasons`` ("ru" and "en"), the
one place where these words live. Both searches take their generator from ``bots.decision_rng`` like any
computer decision: the caller gives the game number as ``key``, and the same position of the same
game always gets the same hint — the bid or the card the hard level would choose in that seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from .bids import BIDDINGS
from .bots import decision_rng
from .bots.base import finish
from .bots.estimate import estimate
from .bots.hard import BidChoice, HardBot
from .bots.solo import draw_choice_why
from .cards import HIGH_TWO_OF_SPADES, RANK_OF, SUIT_OF, Card
from .reasons import MESSAGES, PARTNER, Hint, Reason, faces, suit_run
from .rules import MAX_BID, TRICKS_PER_HAND, Phase, bid_value, closest_bid, is_nil, number_bids
from .scoring import score_team
from .state import View

if TYPE_CHECKING:
    from collections.abc import Generator, Iterable

    from .bots.estimate import Estimate
    from .rules import Action, Bid

MAX_REASONS = 3


def hint(view: View, key: int = 0) -> Hint:
    """The hint for the seat of ``view`` in game ``key`` (its number): a bid or a card."""
    return finish(hint_steps(view, key))


# --- bidding ---------------------------------------------------------------------------------

def bid_choice_steps(view: View, key: int = 0, price_all: bool = False) -> Generator[None, None, BidChoice]:
    """The hard level's bid for the seat of ``view`` in game ``key``, seeded as every decision is
    (``decision_rng``): ``HardBot.bid_choice_steps``, playouts included, so the hint is the bid the
    partner would make holding these cards. ``price_all``: Nil is played out too (the Nil preview)."""
    return HardBot().bid_choice_steps(view, decision_rng(key, view), price_all)


def bid_hint(view: View, key: int = 0) -> Hint:
    """The hint for the bid of the seat of ``view`` in game ``key``: ``hint_of(bid_choice)``."""
    return hint_of(finish(bid_choice_steps(view, key)))


def hint_of(choice: BidChoice) -> Hint:
    """The hint that says a ``BidChoice``: its bid, and the parts that drove it (sure tricks,
    long spades, voids and short suits to ruff, Nil on a weak hand, the bids already made), with
    the playouts' verdict first when they moved the bid off the count. A Blind Nil is judged
    from the score alone: its one reason is the bot's own."""
    est = choice.est
    if est is None:
        return Hint(choice.bid, (Reason(*choice.why),))
    codes = dict(choice.notes)
    searched = [Reason(*choice.searched)] if choice.searched else []
    game = [Reason(code, codes[code]) for code in BIDDINGS if code in codes]  # the bidding game kept the bid
    if choice.bid == 0:
        return Hint(0, tuple(game + (searched or [Reason("nil")])))
    reasons: list[Reason] = game
    if "team_min" in codes:
        reasons.append(Reason("team_min", codes["team_min"]))
    jokers = [c for c in est.sure if Card(c).is_joker]
    if jokers:
        reasons.append(Reason("jokers" if len(jokers) > 1 else "joker", {"cards": faces(_sorted_for_hint(jokers))}))
    deuces = [c for c in est.sure if c >= HIGH_TWO_OF_SPADES and c not in jokers]  # deuces high
    if deuces:
        reasons.append(Reason("deuces" if len(deuces) > 1 else "deuce", {"cards": faces(_sorted_for_hint(deuces))}))
    sure = [c for c in est.sure if c < HIGH_TWO_OF_SPADES]
    if sure:
        cards = _sorted_for_hint(sure)
        reasons.append(Reason("sure" if len(cards) > 1 else "sure_one", {"cards": faces(cards)}))
    if est.long_spades:
        reasons.append(Reason("long_spades", {"cards": suit_run(est.long_spades)}))
    for suit, length in est.ruffs:
        reasons.append(Reason(("void", "singleton", "doubleton")[length], {"suit": suit}))
    if est.likely:
        cards = _sorted_for_hint(est.likely)
        reasons.append(Reason("likely" if len(cards) > 1 else "likely_one", {"cards": faces(cards)}))
    for suit in est.long_side:
        reasons.append(Reason("long_side", {"suit": suit}))
    if "weak" in codes:
        reasons.insert(0, Reason("weak"))
    reasons = searched + reasons[:MAX_REASONS]
    for code, params in choice.notes:
        if code in ("crowded", "partner_nil"):
            reasons.append(Reason(code, params))
    return Hint(choice.bid, tuple(reasons))


def _sorted_for_hint(cards: Iterable[int]) -> list[int]:
    """Spades first, then hearts, clubs, diamonds; high to low within a suit."""
    order = {0: 0, 1: 1, 3: 2, 2: 3}
    return sorted(cards, key=lambda c: (order[SUIT_OF[c]], -RANK_OF[c]))


# --- the bid's risk ---------------------------------------------------------------------------

@dataclass(frozen=True)
class BidRisk:
    """What a bid of South's may bring the team this hand, by ``scoring.score_team`` (the sheet's
    own count, bag penalty included): the contract made exactly, made with the bags the hand is
    likely to give, or set by one trick (a Nil: held, or broken by one trick)."""
    bid: Bid  # 0..13 or BLIND
    partner: Bid | None  # the partner's bid, or the count assumed while the partner has not bid
    partner_known: bool
    bank: int  # the team's bags in the bank
    to_penalty: int | None  # bags still to go before the −100 (None: no bag penalty)
    made: int
    likely: int
    set: int
    likely_tricks: int  # South's tricks by the hand's count (the "likely" row)


def bid_risk(view: View, bid: Bid, est: Estimate | None = None) -> BidRisk:
    """The risk of ``bid`` for the seat of ``view`` (South, while bidding). An unknown partner's
    bid is taken as its share of the tricks this hand does not count on: (13 − count) / 3, kept
    to the bids it may answer ``bid`` with.
    ``est``: the hand's ``estimate``, when the caller has it already."""
    team = view.team
    est = est or estimate(view.held, view.rules.over_ace)
    alone = view.partner is None  # a table without partners: the seat's own score
    partner_bid = view.partner_bid
    known = alone or partner_bid is not None
    if not known:  # kept to what the partner may bid after ``bid`` (the team's minimum, Suicide)
        share = max(1, min(MAX_BID, int((TRICKS_PER_HAND - est.tricks) / 3 + 0.5)))
        partner_bid = closest_bid(share, number_bids(view.rules, bid))
    partner_takes = 0 if alone or is_nil(partner_bid) else bid_value(partner_bid)
    bank = view.banks[team]
    rules = view.rules

    def points(mine: int) -> int:
        bids, taken = ((bid,), (mine,)) if alone else ((bid, partner_bid), (mine, partner_takes))
        return score_team(bids, taken, view.totals[team], bank, rules).hand

    if is_nil(bid):
        expected = 0
        made = likely = points(0)
        failed = points(1)
    else:  # a number bid
        expected = max(cast(int, bid), min(rules.layout.hand_size - partner_takes, int(est.tricks + 0.5)))
        made = points(cast(int, bid))
        likely = points(expected)
        failed = points(cast(int, bid) - 1)
    to_penalty = rules.bag_limit - bank if rules.bag_penalty else None
    return BidRisk(bid, partner_bid, known, bank, to_penalty, made, likely, failed, expected)


# --- play ------------------------------------------------------------------------------------

def play_hint(view: View, key: int = 0) -> Hint:
    return finish(play_hint_steps(view, key))


def play_hint_steps(view: View, key: int = 0) -> Generator[None, None, Hint]:
    """``play_hint`` a slice at a time (a generator returning the Hint), like ``Bot.think``."""
    card: Action  # the searched card's index, then the Card of ``view.legal``
    card, _, (code, params) = yield from HardBot().search_steps(view, decision_rng(key, view))
    card = next(c for c in view.legal if c == card)
    return Hint(card, (Reason(code, params),))


def hint_steps(view: View, key: int = 0) -> Generator[None, None, Hint]:
    """``hint`` a slice at a time: the bid's playouts or the card's search; at two, the draw's
    judgement of the hand each choice makes."""
    if view.phase is Phase.DRAW:
        action, why = draw_choice_why(view)
        return Hint(action, (Reason(*why),))
    if view.phase is Phase.BID:
        return hint_of((yield from bid_choice_steps(view, key)))
    return (yield from play_hint_steps(view, key))


__all__ = ["Hint", "Reason", "MESSAGES", "PARTNER", "BidRisk", "bid_risk",
           "hint", "hint_steps", "bid_choice_steps", "bid_hint", "hint_of", "play_hint"]
