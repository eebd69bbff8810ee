"""Cards, suits, seats and teams: small immutable values and the bitmask tables built on them.

Glossary
- A card is an index 0..51: ``suit * 13 + rank``; rank 0 is the two, rank 12 the ace. Four more
  indices are trumps above the ace, in their order: two house rules' cards. Deuces high makes 2♠
  and 2♦ the top trumps: dealt as ``HIGH_TWO_OF_SPADES`` (52) and ``HIGH_TWO_OF_DIAMONDS`` (53),
  written and drawn as 2♠ and 2♦ (``PRINTED``: the card a slot shows), following as spades; the
  jokers are ``LITTLE_JOKER`` (54, ``"LJ"``) and ``BIG_JOKER`` (55, ``"BJ"``). ``SUIT_OF`` and
  ``RANK_OF`` give any index's suit and rank (13 … 16 above the ace). Which cards a game deals is
  ``Rules.deck``: 52 in all (``STANDARD_DECK``, ``JOKER_DECK`` …).
  ``Card`` is an ``int`` subclass, so a card is immutable, hashable, ordered (by suit, then
  rank) and cheap; ``Card.parse("QH")`` and ``str(card)`` round-trip the two-character notation
  of docs/record.md, ``card.display`` is the form with a suit symbol (``"Q♥"``).
- A hand is a mask: bit ``i`` set when the hand holds card ``i``. ``SUIT_MASK[s]`` selects one
  suit (the spades' mask holds the jokers too), ``cards_of(mask)`` lists a mask's cards in
  ascending order of index (the jokers last).
- Seats go clockwise from the player: South, West, North, East. ``seat & 1`` is the team:
  0 for NS (us, South + North), 1 for EW (them).
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING

from .messages import MalformedError

if TYPE_CHECKING:
    from collections.abc import Iterable

SUIT_LETTERS = "SHDC"
RANK_LETTERS = "23456789TJQKA"
NUM_SUITS = len(SUIT_LETTERS)
NUM_RANKS = len(RANK_LETTERS)
NUM_CARDS = NUM_SUITS * NUM_RANKS
NUM_SEATS = 4
HAND_SIZE = NUM_CARDS // NUM_SEATS
HIGH_TWO_OF_SPADES = NUM_CARDS  # deuces high: 2♠ and 2♦ as the top trumps (2♦ over 2♠)
HIGH_TWO_OF_DIAMONDS = NUM_CARDS + 1
LITTLE_JOKER = NUM_CARDS + 2
BIG_JOKER = NUM_CARDS + 3
CARD_SLOTS = NUM_CARDS + 4  # the indices of every card a deck may hold: 4 of them are never dealt
JOKER_NAMES = ("LJ", "BJ")


class Suit(IntEnum):
    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
TRUMP = Suit.SPADES


class Card(int):
    """One of the 52 cards, a deuce high or a joker; an int 0..55 with the notation of docs/record.md."""

    __slots__ = ()

    def __new__(cls, index: int) -> "Card":
        if not 0 <= index < CARD_SLOTS:
            raise ValueError(f"card index out of range: {index!r}")
        return int.__new__(cls, index)

    @classmethod
    def of(cls, suit: int, rank: int) -> "Card":
        """The card of ``suit`` and ``rank`` (``RANK_OF``'s: the spades' 13 … 16 are above the ace)."""
        if rank >= NUM_RANKS:
            if suit != TRUMP or rank >= NUM_RANKS + OVER_ACE:
                raise ValueError(f"no card of suit {suit} and rank {rank}")
            return CARDS[NUM_CARDS + rank - NUM_RANKS]
        return CARDS[suit * NUM_RANKS + rank]

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Parse ``"QH"``; raises ``MalformedError`` (a ``ValueError``) naming the text when it is
        not a card."""
        card = _BY_NAME.get(text) if isinstance(text, str) else None
        if card is None:
            raise MalformedError("bad_card", text=repr(text))
        return card

    @property
    def suit(self) -> Suit:
        """The suit it follows as: a joker, and a deuce high, is a spade."""
        return SUITS[SUIT_OF[self]]

    @property
    def printed(self) -> "Card":
        """The card as its face shows it: a deuce high is the 2♠ or 2♦ it is printed as; any
        other card is itself."""
        return CARDS[PRINTED[self]]

    @property
    def rank(self) -> int:
        """0 (the two) … 12 (the ace); 13 and 14 for 2♠ and 2♦ high, 15 and 16 for the little and
        the big joker."""
        return RANK_OF[self]

    @property
    def is_joker(self) -> bool:
        return self >= LITTLE_JOKER

    @property
    def rank_letter(self) -> str:
        """The notation's rank letter; a joker's whole notation (``"LJ"``, ``"BJ"``)."""
        if self >= LITTLE_JOKER:
            return JOKER_NAMES[self - LITTLE_JOKER]
        return RANK_LETTERS[PRINTED[self] % NUM_RANKS]

    @property
    def rank_face(self) -> str:
        """The rank a player reads: ``"10"`` for the notation's ``T``, else its letter; a joker's
        whole notation. The one place where T is written 10."""
        rank = self.rank_letter
        return "10" if rank == "T" else rank

    @property
    def display(self) -> str:
        """The face a player reads: ``"10♥"``, ``"A♠"``; a joker as its notation, ``"BJ"``."""
        if self >= LITTLE_JOKER:
            return self.rank_face
        return self.rank_face + SUIT_SYMBOLS[PRINTED[self] // NUM_RANKS]

    def __str__(self) -> str:
        if self >= LITTLE_JOKER:
            return JOKER_NAMES[self - LITTLE_JOKER]
        return RANK_LETTERS[PRINTED[self] % NUM_RANKS] + SUIT_LETTERS[PRINTED[self] // NUM_RANKS]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:  # pickles and copies as the same card
        return (Card, (int(self),))


SUITS: tuple[Suit, ...] = tuple(Suit)
TWO_OF = tuple(s * NUM_RANKS for s in range(NUM_SUITS))  # each suit's two, by suit
# Any index's suit (a joker or a deuce high follows as a spade) and rank (those above the ace:
# 13 … 16), and the card its face shows (``Card.printed``): tables, for the hot paths
OVER_ACE = CARD_SLOTS - NUM_CARDS  # the trumps above the ace a deck may hold
SUIT_OF: tuple[int, ...] = tuple(i // NUM_RANKS for i in range(NUM_CARDS)) + (TRUMP,) * OVER_ACE
RANK_OF: tuple[int, ...] = (*(i % NUM_RANKS for i in range(NUM_CARDS)), *range(NUM_RANKS, NUM_RANKS + OVER_ACE))
PRINTED: tuple[int, ...] = (*range(NUM_CARDS), TWO_OF[Suit.SPADES], TWO_OF[Suit.DIAMONDS], LITTLE_JOKER, BIG_JOKER)
CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(CARD_SLOTS))
_BY_NAME: dict[str, Card] = {}
for _card in CARDS:  # a deuce high reads as the plain deuce: ``Rules.card`` places it in a game's deck
    _BY_NAME.setdefault(str(_card), _card)
    _BY_NAME.setdefault(str(_card).lower(), _card)

FULL_SUIT = (1 << NUM_RANKS) - 1
HIGH_DEUCES = (1 << HIGH_TWO_OF_SPADES) | (1 << HIGH_TWO_OF_DIAMONDS)
JOKER_MASK = (1 << LITTLE_JOKER) | (1 << BIG_JOKER)
SUIT_MASK: tuple[int, ...] = tuple(FULL_SUIT << (s * NUM_RANKS) | (HIGH_DEUCES | JOKER_MASK if s == TRUMP else 0)
                                   for s in range(NUM_SUITS))
STANDARD_DECK = (1 << NUM_CARDS) - 1
JOKER_DECK = STANDARD_DECK & ~(1 << TWO_OF[Suit.HEARTS]) & ~(1 << TWO_OF[Suit.DIAMONDS]) | JOKER_MASK
# deuces high: 2♠ and 2♦ dealt as the top trumps; with the jokers, 2♥ and 2♣ leave (pagat.com)
DEUCES_DECK = STANDARD_DECK & ~(1 << TWO_OF[Suit.SPADES]) & ~(1 << TWO_OF[Suit.DIAMONDS]) | HIGH_DEUCES
JOKER_DEUCES_DECK = DEUCES_DECK & ~(1 << TWO_OF[Suit.HEARTS]) & ~(1 << TWO_OF[Suit.CLUBS]) | JOKER_MASK
SPADE_MASK = SUIT_MASK[TRUMP]


# The cards of each suit's 13-bit patterns, filled in as they are met (hands repeat patterns):
# lists indexed by the pattern, so the hot path is a subscript, not a method call.
_SUIT_CHUNKS: tuple[list[tuple[Card, ...] | None], ...] = tuple([None] * (FULL_SUIT + 1) for _ in range(NUM_SUITS))


def _suit_chunk(suit: int, chunk: int) -> tuple[Card, ...]:
    """The cards of one suit's 13-bit pattern, memoised."""
    cards = _SUIT_CHUNKS[suit][chunk]
    if cards is None:
        base = suit * NUM_RANKS
        cards = tuple(CARDS[base + r] for r in range(NUM_RANKS) if (chunk >> r) & 1)
        _SUIT_CHUNKS[suit][chunk] = cards
    return cards


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, ascending (by suit index, then rank)."""
    # unrolled over the four suits: this is the hottest function of random games
    s0, s1, s2, s3 = _SUIT_CHUNKS
    out: list[Card] = []
    chunk = mask & FULL_SUIT
    if chunk:
        out += s0[chunk] or _suit_chunk(0, chunk)
    chunk = (mask >> NUM_RANKS) & FULL_SUIT
    if chunk:
        out += s1[chunk] or _suit_chunk(1, chunk)
    chunk = (mask >> (2 * NUM_RANKS)) & FULL_SUIT
    if chunk:
        out += s2[chunk] or _suit_chunk(2, chunk)
    chunk = (mask >> (3 * NUM_RANKS)) & FULL_SUIT
    if chunk:
        out += s3[chunk] or _suit_chunk(3, chunk)
    if mask >> NUM_CARDS:
        out += _TOP_CHUNKS[mask >> NUM_CARDS]
    return out


# the trumps above the ace of each pattern of their four bits
_TOP_CHUNKS = tuple(tuple(CARDS[NUM_CARDS + i] for i in range(OVER_ACE) if p >> i & 1) for p in range(1 << OVER_ACE))


_HIGH = {TWO_OF[Suit.SPADES]: HIGH_TWO_OF_SPADES, TWO_OF[Suit.DIAMONDS]: HIGH_TWO_OF_DIAMONDS}


def as_dealt(card: Card, deck: int) -> Card:
    """``card`` (as written: ``Card.parse``'s) as the ``deck`` (``Rules.deck``) holds it: a 2♠
    or 2♦ that deck lacks is its deuce high when the deck has that; any other card is itself."""
    if not deck >> card & 1:
        high = _HIGH.get(card)
        if high is not None and deck >> high & 1:
            return CARDS[high]
    return card


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


# Display order of a hand: spades, hearts, clubs, diamonds (alternating colours), high to low.
DISPLAY_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def sort_for_display(cards: Iterable[Card]) -> list[Card]:
    order = {s: i for i, s in enumerate(DISPLAY_SUIT_ORDER)}
    return sorted(cards, key=lambda c: (order[c.suit], -c.rank))  # a joker, a deuce high first, as the top spades


class Seat(IntEnum):
    S = 0
    W = 1
    N = 2
    E = 3

    @property
    def partner(self) -> "Seat":
        return SEATS[(self + 2) % NUM_SEATS]

    @property
    def team(self) -> "Team":
        return TEAMS[self & 1]

    @classmethod
    def parse(cls, text: str) -> "Seat":
        if not isinstance(text, str) or text not in cls.__members__:
            raise MalformedError("bad_seat", text=repr(text))
        return cls[text]

    def __str__(self) -> str:
        return self.name


class Team(IntEnum):
    NS = 0
    EW = 1

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (SEATS[self], SEATS[self + 2])

    @property
    def other(self) -> "Team":
        return TEAMS[1 - self]

    def __str__(self) -> str:
        return self.name


SEATS: tuple[Seat, ...] = tuple(Seat)
TEAMS: tuple[Team, ...] = tuple(Team)
