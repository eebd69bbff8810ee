"""The ceiling: a tools-only level that sees all four hands and searches as the hard level does.

``CeilingBot`` is ``HardBot`` with the sampled deals replaced by the true one (``TrueDeal``), for
its bids and its cards: no honest player can know more, so its margin over a level is the most
a player of the same search could hope for, and the arena's ``--ceiling`` prints the hard
level's share of it. It is never a level of the page (not in ``spades.bots.LEVELS``, and the
command-line package is not shipped to the site); the arena seats it by its name, ``ceiling``,
and hands it the game (``act_with_game``) as well as the seat's view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades.bots.hard import HardBot
from spades.bots.knowledge import Sampler

if TYPE_CHECKING:
    from spades.deal import SplitMix64
    from spades.rules import Action
    from spades.state import Game, View

CEILING = "ceiling"


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


__all__ = ["CEILING", "CeilingBot", "TrueDeal"]
