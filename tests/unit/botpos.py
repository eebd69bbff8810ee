"""Hand-made positions for the computer players' scenario tests.

``position(hands, bids, plays, voids)``: ``hands`` gives some cards per seat ("AH KH 2C"), the
rest of the deck is dealt out in a fixed order to fill each seat to 13 cards, keeping each
seat out of the suits listed in ``voids`` (e.g. ``{"W": "C"}``). Hand 1 is dealt by East, so
bids and the first lead go S, W, N, E.
"""

from __future__ import annotations

from spades import Card, Game, Rules, Seat, SplitMix64

SUITS = "SHDC"


def full_deal(hands: dict, voids: dict | None = None) -> dict:
    voids = voids or {}
    deal = {Seat[s]: [Card.parse(c) for c in hands.get(s, "").split()] for s in "SWNE"}
    used = {c for cards in deal.values() for c in cards}
    assert len(used) == sum(len(c) for c in deal.values()), "a card given twice"
    rest = sorted((Card(i) for i in range(52) if Card(i) not in used), key=lambda c: (c.rank, c.suit))
    # seats with voids first, then the others: the low ranks up (all suits in turn), each to the seat with the
    # most room left that may hold its suit (ties in the order S, W, N, E)
    for constrained in (True, False):
        for card in list(rest):
            seats = [s for s in deal if len(deal[s]) < 13 and SUITS[card // 13] not in voids.get(s.name, "")
                     and (bool(voids.get(s.name)) == constrained)]
            if not seats:
                continue
            room = max(13 - len(deal[s]) for s in seats)
            deal[next(s for s in seats if 13 - len(deal[s]) == room)].append(card)
            rest.remove(card)
    assert all(len(h) == 13 for h in deal.values()), {s.name: len(h) for s, h in deal.items()}
    return deal


def position(hands: dict, bids=(3, 3, 3, 3), plays: str = "", voids: dict | None = None,
             rules: Rules | None = None) -> Game:
    game = Game(game=None, rules=rules, deal=full_deal(hands, voids))
    for b in bids:
        game.apply(b)
    for c in plays.split():
        game.apply(Card.parse(c))
    return game


def decide(game: Game, player, seed: int = 1):
    return player.act(game.view(game.to_move), SplitMix64(seed))
