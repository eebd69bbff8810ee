"""The ceiling: a tools-only level that sees all four hands and searches as the hard level does.

``CeilingBot`` is ``HardBot`` with the sampled deals replaced by the true one (``TrueDeal``), for
its bids and its cards: no honest player can know more, so its margin over a level is the most
a player of the same search could hope for, and the arena's ``--ceiling`` prints the hard
level's share of it. It is never a level of the page (not in ``spades.bots.LEVELS``, and the
command-line package is not shipped to the site); the arena seats it by its name, ``ceiling``,
and hands it the game (``act_with_game``) as well as the seat's view.

``GlimpseBot`` (the arena's ``glimpse``) measures what better-placed sampled deals are worth: in
its play (its bids are the hard level's), each deal it draws puts every unseen card with its true
holder with probability ``GLIMPSE_SHARE`` (0.5) and deals the rest as the hard level does (``Glimpse``). Its
margin between the hard level's and the ceiling's prices a reading of the hidden cards that gets
that share right. A tool like the ceiling, never a level of the page.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from spades.bots.hard import HardBot
from spades.bots.knowledge import Sampler

if TYPE_CHECKING:
    from spades.deal import SplitMix64
    from spades.rules import Action
    from spades.state import Game, View

CEILING = "ceiling"
GLIMPSE = "glimpse"
GLIMPSE_SHARE = 0.5  # the chance that a drawn deal puts an unseen card where it truly is


class TrueDeal(Sampler):
    """A ``Sampler`` that always draws the deal as it is: every seat's cards still held."""

    __slots__ = ("hands",)

    def __init__(self, hands: list[int]) -> None:  # no call to Sampler's: nothing is sampled
        self.hands = hands

    def draw(self, rng: SplitMix64) -> list[int]:
        return self.hands[:]


class CeilingBot(HardBot):
    level = CEILING

    def __init__(self) -> None:
        self.hands: list[int] = []

    def act_with_game(self, game: Game, view: View, rng: SplitMix64) -> Action:
        """The action for ``view``, knowing every hand of ``game``."""
        self.hands = list(game.hand.held)
        return self.act(view, rng)

    def play_sampler(self, view: View, vd: list[int], counts: list[int]) -> Sampler:
        return TrueDeal(self.hands)

    def bid_sampler(self, view: View) -> Sampler | None:
        return TrueDeal(self.hands)


class Glimpse(Sampler):
    """A ``Sampler`` whose deals put each unseen card with its true holder (``hands``) with
    probability ``share``, and deal the others as ``sampler`` does (the same counts and voids)."""

    __slots__ = ("sampler", "hands", "share")

    def __init__(self, sampler: Sampler, hands: list[int], share: float) -> None:  # no call to Sampler's: it wraps one
        self.sampler, self.hands, self.share = sampler, hands, share

    def draw(self, rng: SplitMix64) -> list[int]:
        base = self.sampler
        shown = [0] * len(self.hands)
        counts = list(base.counts)
        rest = []
        for c in base.cards:
            if rng.random() < self.share:
                seat = next(s for s, hand in enumerate(self.hands) if hand >> c & 1)
                shown[seat] |= 1 << c
                counts[seat] -= 1
            else:
                rest.append(c)
        others = copy.copy(base)
        others.cards, others.counts = rest, counts
        return [hand | more for hand, more in zip(others.draw(rng), shown)]


class GlimpseBot(CeilingBot):
    level = GLIMPSE
    share = GLIMPSE_SHARE

    def play_sampler(self, view: View, vd: list[int], counts: list[int]) -> Sampler:
        return Glimpse(Sampler(view, vd=vd, counts=counts), self.hands, self.share)

    def bid_sampler(self, view: View) -> Sampler | None:
        return None


__all__ = ["CEILING", "GLIMPSE", "CeilingBot", "Glimpse", "GlimpseBot", "TrueDeal"]
