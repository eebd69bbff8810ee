"""The hot paths written for speed say what their plain definitions say: the rank order of
``lowest_rank`` and ``highest_rank`` (one int per card), and ``Stakes.result`` answering from its
memory as a fresh ``Stakes`` would."""

from __future__ import annotations

import random

from spades.bots.order import highest_rank, lowest_rank
from spades.bots.sim import Stakes
from spades.cards import CARD_SLOTS, NUM_RANKS, SUIT_MASK
from spades.rules import Rules


def _plain(mask: int, lowest: bool) -> int:
    """The documented order, spelled out: each suit's lowest (or highest) card, then by rank,
    side suits before spades, the shorter suit; a full tie to the first of clubs-hearts-diamonds
    order (suits 1, 2, 3), spades last."""
    candidates = []
    for order, s in enumerate((1, 2, 3, 0)):
        cards = [c for c in range(CARD_SLOTS) if mask & SUIT_MASK[s] & (1 << c)]
        if cards:
            c = min(cards) if lowest else max(cards)
            rank = c - s * NUM_RANKS
            candidates.append(((rank if lowest else -rank), s == 0, len(cards), order, c))
    return min(candidates)[-1] if candidates else -1


def test_the_rank_order_is_the_documented_one() -> None:
    rng = random.Random(2026)
    for i in range(20000):
        mask = rng.getrandbits(CARD_SLOTS) & rng.getrandbits(CARD_SLOTS)
        if i % 3 == 0:
            mask &= rng.getrandbits(CARD_SLOTS)  # fewer cards: more ties between suits
        assert lowest_rank(mask) == _plain(mask, True), hex(mask)
        assert highest_rank(mask) == _plain(mask, False), hex(mask)
    assert lowest_rank(0) == highest_rank(0) == -1


def test_stakes_answer_from_memory_as_fresh_stakes_would() -> None:
    rng = random.Random(7)
    rules = Rules()
    for totals in ((230, 100), (100, 230), (240, 240), (0, 0), (-150, 200)):
        remembering = Stakes(rules, totals, (3, 8), 5)
        for _ in range(400):
            bids = [rng.choice([0, 1, 2, 3, 4, 5]) for _ in range(4)]
            taken = [0] * 4
            for _ in range(13):
                taken[rng.randrange(4)] += 1
            for team in (0, 1):
                fresh = Stakes(rules, totals, (3, 8), 5)
                assert remembering.result(bids, taken, team) == fresh.result(bids, taken, team)
        assert remembering.outcomes  # it did remember
