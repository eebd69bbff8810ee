"""«Остальные мои»: a claim of every remaining trick, offered only when it is certain.

A seat about to lead may claim the rest of the hand when its own knowledge proves that each of
its cards wins, whatever the others hold and however they play (``claim_plan``). The proof reads
only what the seat knows: its hand, the cards it has seen, and the suits each other seat has
shown out of. Every unseen card is taken as possibly in any hand not shown void in its suit.

The plan is to lead the spades first, from the top, then each side suit from the top (the side
suits first while spades may not be led yet: then no other seat may hold a spade). It holds
when, in each suit the claimer holds, every card of its beats every unseen card of the suit
another seat may hold, or the claimer's cards above them all ("masters") are at least as many
as the most cards of the suit any other seat may hold (each must follow to every round while
it can, so the suit is gone from the others before the claimer's low cards are led); and once
the spades are led, no other seat can have a spade left to ruff a side card: none may hold
more spades than the claimer leads (or the claimer has no side card). A seat may hold an unseen
card unless it has shown out of its suit, and no more cards than it has left.
Nothing in it depends on how the others' cards lie, so the claim is certain. A hand whose
tricks are certain only by a finer argument (the count of a suit, a squeeze) is not offered:
a claim must never be wrong.

``play_claim(game)`` then plays the tricks out at once, in the record, so the record replays:
the claimer's cards in the plan's order, each other seat its lowest legal card (it cannot
change who wins).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import SPADE_MASK, SUIT_MASK, TRUMP, Card
from .rules import Phase, opening_card, shown_voids

if TYPE_CHECKING:
    from .state import Game
    from .view import View


def _top(mask: int) -> int:
    """The highest card index in ``mask`` (−1 when empty)."""
    return mask.bit_length() - 1


def claim_plan(view: View) -> tuple[Card, ...] | None:
    """The cards of the seat of ``view``, in the order that wins every remaining trick whatever
    the others hold, or None when that is not certain (see the module): the seat must be about
    to lead, in play."""
    if view.phase is not Phase.PLAY or view.to_move != view.seat or view.trick.cards or view.held.bit_count() < 2:
        return None  # a last trick alone is played, not claimed
    if opening_card(view.rules) and not view.tricks:
        return None  # the first trick's lead is the rule's (first_trick_clubs), not the claimer's
    table = view.rules.layout
    voids = shown_voids(view.tricks)
    unseen = view.unseen_mask
    held = view.held
    size = held.bit_count()  # every seat holds as many cards when a trick is to be led
    holdable = [sum(unseen & SUIT_MASK[suit] for suit in range(4) if not voids[seat] >> suit & 1)
                for seat in table.seats if seat != view.seat]  # per other seat: the unseen cards it may hold
    plan: list[int] = []
    side_suits = tuple(s for s in range(4) if s != TRUMP)
    spades_last = bool(held & SPADE_MASK and held & ~SPADE_MASK and not view.spades_broken)  # no spade lead yet
    for suit in (*side_suits, TRUMP) if spades_last else (TRUMP, *side_suits):
        mine = held & SUIT_MASK[suit]
        if not mine:
            continue
        theirs = [mask & SUIT_MASK[suit] for mask in holdable]
        top = max(_top(mask) for mask in theirs)
        masters = sum(1 for c in range(top + 1, mine.bit_length()) if mine >> c & 1)
        most = max(min(size, mask.bit_count()) for mask in theirs)  # the longest the suit may be in a hand
        if masters < mine.bit_count() and most > masters:
            return None  # a card of mine may meet a higher one still held
        plan.extend(sorted((c for c in range(mine.bit_length()) if mine >> c & 1), reverse=True))
    led = 0 if spades_last else (held & SPADE_MASK).bit_count()  # the spade rounds before the side suits
    if held & ~SPADE_MASK and any(min(size, (mask & SPADE_MASK).bit_count()) > led for mask in holdable):
        return None  # a seat may still hold a spade to ruff a side card
    return tuple(Card(c) for c in plan)


def play_claim(game: Game) -> int:
    """Play out the claim of the seat to lead in ``game`` (``claim_plan`` of its view): every
    remaining trick, the claimer's plan against each other seat's lowest legal card. Returns the
    tricks played; raises ``ValueError`` when the claim is not certain."""
    seat = game.to_move
    if seat is None:
        raise ValueError("no claim: nobody is to lead")
    plan = claim_plan(game.view(seat))
    if plan is None:
        raise ValueError(f"no claim: {seat.name} cannot be sure of every remaining trick")
    for card in plan:
        game.apply(card)
        for _ in range(game.rules.layout.players - 1):
            game.apply(min(game.legal_actions()))
        last = game.view(seat).last_trick
        if last is None or last.winner != seat:  # pragma: no cover - the proof forbids it
            raise AssertionError("a certain claim lost a trick")
    return len(plan)


def claim_actions(game: Game) -> list[int | str]:
    """The actions ``play_claim`` would take in ``game`` (played on a copy): what the page
    applies one by one, so that the record, the saves and the statistics see plain plays."""
    copy = game.rewound(len(game.actions()))
    before = len(copy.actions())
    play_claim(copy)
    return copy.actions()[before:]


__all__ = ["claim_actions", "claim_plan", "play_claim"]
