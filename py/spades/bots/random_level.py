"""The random level: any legal action, uniformly (a floor for the arena)."""

from __future__ import annotations

from .base import Bot


class RandomBot(Bot):
    level = "random"

    def bid(self, view, rng):
        return rng.choice(view.legal)

    def play(self, view, rng):
        return rng.choice(view.legal)
