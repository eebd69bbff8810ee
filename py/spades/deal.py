"""Seeded dealing: the same game number and hand index give the same deal everywhere.

The generator is SplitMix64 written out here (not ``random``), so the deals never change with
the Python version: CPython and Pyodide, now and later, shuffle identically. The shuffle is
Fisher–Yates with unbiased bounded draws; the shuffled deck is dealt one card at a time,
clockwise, starting with the seat to the dealer's left, to the seats of the table (the cards it
puts aside skipped). At the two-player table the shuffled deck is the draw's stock (``shuffled``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import CARD_SLOTS, NUM_CARDS, NUM_SEATS, PRINTED, STANDARD_DECK, Seat
from .rules import first_to_act
from .seating import PARTNERS, Table

if TYPE_CHECKING:
    from collections.abc import MutableSequence, Sequence
    from typing import TypeVar

    _T = TypeVar("_T")

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
_TWO_53 = float(1 << 53)
# below(n)'s bound for the draws it takes, for the small n it is asked for most
_LIMITS = (0,) + tuple((1 << 64) - ((1 << 64) % n) for n in range(1, 129))


def mix64(value: int) -> int:
    """SplitMix64's finaliser: a strong 64-bit hash of a 64-bit value."""
    z = value & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def derive_seed(*parts: int) -> int:
    """Fold integers (game number, hand index, position…) into one 64-bit seed."""
    seed = 0x5350414445530000  # "SPADES\0\0"
    for part in parts:
        seed = mix64((seed ^ part) & MASK64)
    return seed


class SplitMix64:
    """A tiny, portable PRNG. ``below(n)`` is unbiased; ``random()`` is in [0, 1)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        # mix64 written out: the bots draw from this on their hot path
        z = self.state = (self.state + GOLDEN) & MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _LIMITS[n] if n < len(_LIMITS) else (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        return (self.next64() >> 11) / _TWO_53

    def choice(self, items: Sequence[_T]) -> _T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[_T]) -> None:
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]


def _radix_groups(top: int) -> list[tuple[tuple[int, ...], int]]:
    """Split the Fisher–Yates bounds top, top-1, …, 2 into groups whose product fits in
    64 bits; each group is then served by one bounded draw."""
    groups: list[tuple[tuple[int, ...], int]] = []
    group: list[int] = []
    product = 1
    for n in range(top, 1, -1):
        if product * n > MASK64:
            groups.append((tuple(group), product))
            group, product = [], 1
        group.append(n)
        product *= n
    groups.append((tuple(group), product))
    return groups


_DECK_GROUPS = _radix_groups(NUM_CARDS)


def _shuffle(game: int, hand_index: int, deck: list[int]) -> None:
    """Fisher–Yates over ``deck`` in place. The bounded draws are the mixed-radix digits of
    one unbiased draw below the product of a group of bounds: exact, and four generator
    calls per deck instead of 51."""
    rng = SplitMix64(derive_seed(game, hand_index))
    i = NUM_CARDS - 1
    for group, product in _DECK_GROUPS:
        x = rng.below(product)
        for n in group:
            x, j = divmod(x, n)
            deck[i], deck[j] = deck[j], deck[i]
            i -= 1


def _dealt_as(deck: int) -> tuple[int, ...]:
    """Each card of the shuffle (0..51) as the pack ``deck`` (``Rules.pack``) deals it: itself, or
    in its place a card of the pack above the ace. A deuce high is dealt where its printed deuce
    would have been; the jokers take the places of the cards still missing, the little one the
    lower (2♥ and 2♦, or 2♥ and 2♣ with the deuces high). So a game number deals the same way
    under any pack but for those cards."""
    placed = _DEALT_AS.get(deck)
    if placed is None:
        order = list(range(NUM_CARDS))
        extra = [c for c in range(NUM_CARDS, CARD_SLOTS) if deck >> c & 1]
        for card in [c for c in extra if PRINTED[c] != c]:
            order[PRINTED[card]] = card
        missing = [c for c in range(NUM_CARDS) if not deck >> c & 1 and order[c] == c]
        for place, card in zip(missing, [c for c in extra if PRINTED[c] == c]):
            order[place] = card
        placed = _DEALT_AS[deck] = tuple(order)
    return placed


_DEALT_AS: dict[int, tuple[int, ...]] = {}  # ``_dealt_as``'s, by deck


_BITS: dict[int, tuple[int, ...]] = {}  # ``deal_masks``: each card of the shuffle as a bit, by deck


def shuffled(game: int, hand_index: int, deck: int = STANDARD_DECK) -> list[int]:
    """The hand's deck in the order it is dealt (the draw's stock, top first): every card of
    the pack ``deck`` (``Rules.pack``; ``_dealt_as``)."""
    order = list(range(NUM_CARDS))
    _shuffle(game, hand_index, order)
    if deck == STANDARD_DECK:
        return order
    placed = _dealt_as(deck)
    return [placed[card] for card in order]


def deal_masks(game: int, hand_index: int, dealer: Seat, deck: int = STANDARD_DECK,
               table: Table = PARTNERS) -> tuple[int, int, int, int]:
    """The deal as four hand masks, indexed by seat: one card at a time clockwise from the
    dealer's left to the table's seats, the cards it puts aside skipped (``deck``: the pack of
    ``Rules.pack``); a seat that does not play gets none."""
    order = list(range(NUM_CARDS))
    _shuffle(game, hand_index, order)
    bits = _BITS[deck] if deck in _BITS else _BITS.setdefault(deck, tuple(1 << c for c in _dealt_as(deck)))
    masks = [0, 0, 0, 0]
    if table.players == NUM_SEATS:  # the usual deal, kept flat
        first = first_to_act(dealer)
        for offset in range(NUM_SEATS):
            mask = 0
            for card in order[offset::NUM_SEATS]:
                mask |= bits[card]
            masks[(first + offset) % NUM_SEATS] = mask
        return masks[0], masks[1], masks[2], masks[3]
    seat = first_to_act(dealer, table)
    for card in order:
        if not table.aside >> card & 1:
            masks[seat] |= bits[card]
            seat = table.next[seat]
    return masks[0], masks[1], masks[2], masks[3]
