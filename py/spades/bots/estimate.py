"""Counting a hand's tricks for the bid, keeping the reasons that drove the count.

``estimate(held)`` values a 13-card hand (a mask) as expected tricks, suit by suit:
- side-suit aces and kings (aces ~1, a guarded king ~0.7, less in long suits where a ruff
  comes early; a queen with length and a higher honour a little);
- spades: the ace, a guarded king and queen, a jack with length, and every spade past the
  fourth (long trumps take tricks at the end);
- ruffs: a void, singleton or doubleton side suit with spare spades to trump it.
``nil_danger(suits)`` scores how likely the hand is to be forced to take a trick; a weak hand
with low danger can bid Nil. Each part notes a reason (code and parameters) for the hint.

With trumps above the ace (``over``: ``Rules.over_ace``, the jokers or the deuces high) the
spades are counted from the top: the highest (the big joker, or 2♦ high) is counted as the ace
would be (a sure trick), the next as the king, and so on down (``ranks``); with two above the
ace, A♠ counts as the queen and the two lowest spades rank below the two.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from ..cards import FULL_SUIT, NUM_CARDS, NUM_RANKS, OVER_ACE

if TYPE_CHECKING:
    from collections.abc import Sequence

A, K, Q, J, T = 12, 11, 10, 9, 8


@dataclass
class Estimate:
    tricks: float
    sure: list[int] = field(default_factory=list)  # cards counted as (near) sure tricks
    likely: list[int] = field(default_factory=list)  # honours counted as likely tricks
    long_spades: list[int] = field(default_factory=list)  # the spades when there are five or more
    ruffs: list[tuple[int, int]] = field(default_factory=list)  # (suit, length) of short side suits worth ruffs
    long_side: list[int] = field(default_factory=list)  # suits of six or more with discounted honours
    danger: float = 0.0  # nil danger
    spades: int = 0


# a void, singleton or doubleton side suit (by its length): the ruffs it is counted for, and each one's worth
RUFF_WANT = (2, 1, 1)
RUFF_WORTH = (0.9, 0.75, 0.35)

def _squeezed(over: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For the pattern ``over`` of the trumps above the ace a deck holds: their cards, lowest
    first, and for each pattern of those bits a hand holds, the same cards as a run of bits on the
    ace's."""
    slots = [i for i in range(OVER_ACE) if over >> i & 1]
    return (tuple(NUM_CARDS + i for i in slots),
            tuple(sum(1 << k for k, i in enumerate(slots) if held >> i & 1) for held in range(1 << OVER_ACE)))


_SQUEEZED = tuple(_squeezed(over) for over in range(1 << OVER_ACE))


def ranks(held: int, suit: int, over: int = 0) -> tuple[int, ...]:
    """Ranks held in a suit, highest first; with trumps ``over`` the ace, the spades' from the top
    (the highest as 12, the ace's rank)."""
    m = (held >> (suit * NUM_RANKS)) & FULL_SUIT
    if over and suit == 0:
        cards, squeeze = _SQUEEZED[over]
        shift = len(cards)
        return tuple(r - shift for r in _high_first(m | squeeze[held >> NUM_CARDS] << NUM_RANKS))
    return _high_first(m)


@cache  # the inference counts the hands of thousands of sampled deals per decision
def _high_first(m: int) -> tuple[int, ...]:
    """The set bits of ``m``, highest first."""
    return tuple(r for r in range(m.bit_length() - 1, -1, -1) if m >> r & 1)


def card(suit: int, rank: int, over: int = 0) -> int:
    """The card of ``ranks``' ``rank`` in ``suit``."""
    if over and suit == 0:
        above = _SQUEEZED[over][0]
        rank += len(above)
        return rank if rank < NUM_RANKS else above[rank - NUM_RANKS]
    return suit * NUM_RANKS + rank


def estimate(held: int, over: int = 0) -> Estimate:
    """The hand's count (see the module); ``over``: the trumps above the ace the game deals
    (``Rules.over_ace``)."""
    est = Estimate(0.0)
    total = 0.0
    # spades
    suits = (ranks(held, 0, over), ranks(held, 1), ranks(held, 2), ranks(held, 3))  # for the count and the danger
    sp = suits[0]
    n = len(sp)
    est.spades = n
    st = 0.0
    counted = 0
    if A in sp:
        st += 1.0
        counted += 1
        est.sure.append(card(0, A, over))
    if K in sp:
        v = 1.0 if A in sp else (0.85 if n >= 2 else 0.3)
        st += v
        counted += 1
        (est.sure if v >= 0.85 else est.likely).append(card(0, K, over))
    if Q in sp:
        above = (A in sp) + (K in sp)
        v = 1.0 if above == 2 else (0.8 if n >= 3 else (0.5 if above else 0.25))
        st += v
        counted += 1
        (est.sure if v >= 0.95 else est.likely).append(card(0, Q, over))
    if J in sp and n >= 4:
        above = (A in sp) + (K in sp) + (Q in sp)
        v = 1.0 if above == 3 else (0.6 if above else 0.45)
        st += v
        counted += 1
        est.likely.append(card(0, J, over))
    if n >= 5:
        est.long_spades = [card(0, r, over) for r in sp]
    long_extra = max(0, n - 4)
    # the spades past the fourth that are not already honours counted above
    extra_low = max(0, min(long_extra, n - counted))
    st += 0.85 * extra_low
    spare = max(0, n - counted - extra_low)  # low spades free to ruff with
    total += st
    # side suits
    for s in (1, 2, 3):
        rs = suits[s]
        ln = len(rs)
        t = 0.0
        if A in rs:
            v = 1.0 if ln <= 5 else (0.8 if ln == 6 else 0.6)
            t += v
            est.sure.append(card(s, A))
        if K in rs:
            if ln == 1:
                v = 0.25
            elif A in rs:
                v = 0.9 if ln <= 4 else (0.6 if ln <= 6 else 0.3)
            else:
                v = 0.7 if ln <= 4 else (0.45 if ln <= 6 else 0.2)
            t += v
            (est.sure if v >= 0.85 else est.likely).append(card(s, K))
        if Q in rs and 3 <= ln <= 5:
            v = 0.45 if (A in rs or K in rs) else 0.25
            t += v
            if v >= 0.4:
                est.likely.append(card(s, Q))
        if ln >= 6 and (A in rs or K in rs):
            est.long_side.append(s)
        total += t
        # ruffing value
        if spare > 0 and ln <= 2:
            want = RUFF_WANT[ln]
            per = RUFF_WORTH[ln]
            use = min(want, spare)
            if use:
                total += per * use
                spare -= use if ln < 2 else 0
                est.ruffs.append((s, ln))
    est.tricks = total
    est.danger = nil_danger(suits)
    return est


def nil_danger(suits: Sequence[Sequence[int]]) -> float:
    """How likely the hand is to be forced to take a trick (0 safe, ≥ 1 risky), from its ranks
    per suit (``ranks``: the spades first, as the jokers count them). Each suit's part is a run of
    additions worked out once per suit's ranks (``_spade_danger``, ``_side_danger``) and added in
    the order of the cards, so the sum is the same to the last bit however it is cached."""
    d = 0.0
    for x in _spade_danger(tuple(suits[0])):
        d += x
    for s in (1, 2, 3):
        for x in _side_danger(tuple(suits[s])):
            d += x
    return d


@cache
def _spade_danger(sp: tuple[int, ...]) -> tuple[float, ...]:
    """The spades' additions to ``nil_danger``, in order: a high spade, a middling one among
    three or more, and every spade past the third."""
    out = []
    for r in sp:
        if r >= J:
            out.append(2.0)
        elif r >= 7:  # 9, 10
            out.append(0.6 if len(sp) >= 3 else 0.35)
    if len(sp) >= 4:
        out.append(0.6 * (len(sp) - 3))
    return tuple(out)


@cache
def _side_danger(rs: tuple[int, ...]) -> tuple[float, ...]:
    """A side suit's additions to ``nil_danger``, in order: each honour (and a bare nine or ten)
    by how few cards below it guard it."""
    out = []
    for i, r in enumerate(rs):
        lower = len(rs) - 1 - i  # cards below this one in the suit
        if r == A:
            out.append(2.0 if lower < 4 else 1.2)
        elif r == K:
            out.append(1.2 if lower < 2 else (0.6 if lower < 4 else 0.3))
        elif r == Q:
            out.append(0.7 if lower < 2 else (0.3 if lower < 3 else 0.1))
        elif r == J:
            out.append(0.35 if lower < 2 else 0.1)
        elif r >= 7 and lower < 1:
            out.append(0.15)
    return tuple(out)
