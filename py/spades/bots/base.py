"""The shape every level shares: ``act`` dispatches on the phase to ``bid`` or ``play``."""

from __future__ import annotations

from ..rules import Phase
from ..state import View


class Bot:
    level = "base"

    def act(self, view: View, rng):
        if not view.legal:
            raise ValueError(f"{self.level}: seat {view.seat.name} has nothing to do now")
        if view.phase is Phase.BID:
            action = self.bid(view, rng)
        else:
            action = self.play(view, rng)
        assert action in view.legal, (self.level, action, view.legal)
        return action

    def bid(self, view: View, rng):  # pragma: no cover - every level overrides
        raise NotImplementedError

    def play(self, view: View, rng):  # pragma: no cover
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
