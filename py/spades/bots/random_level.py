"""The random level: any legal action, uniformly (a floor for the arena)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from .base import Bot

if TYPE_CHECKING:
    from ..cards import Card
    from ..deal import SplitMix64
    from ..rules import Bid
    from ..state import View


class RandomBot(Bot):
    level = "random"

    def bid(self, view: View, rng: SplitMix64) -> Bid:
        return rng.choice(view.legal)

    def play(self, view: View, rng: SplitMix64) -> Card:
        return cast("Card", rng.choice(view.legal))  # in play, ``view.legal`` holds cards

    def draw(self, view: View, rng: SplitMix64) -> str:
        return cast("str", rng.choice(view.legal))
