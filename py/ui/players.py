"""The computer players and the hint, as the table sees them: one function each.

``think(number, view, level)`` is the decision of the bot of ``level`` (``spades.bots``) for the
seat of ``view`` in game ``number``, a slice at a time; its generator is
``bots.decision_rng(number, view)``, the seeding every driver uses, so the same game number and
the same moves always give the same game (``python -m spades play`` included). The bot gets the
seat's view only, never the game. ``hint_steps(view, number)`` is the «Совет» for the player
(``spades.advice``): the action and its reason in words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades.advice import hint_steps as advice_hint_steps
from spades.bots import decision_rng, make_player
from spades.bots import think as bot_think
from spades.bots.base import finish
from spades.table import OPPONENT_LEVELS, PARTNER_LEVEL

if TYPE_CHECKING:
    from collections.abc import Generator

    from spades import View
    from spades.reasons import Why
    from spades.rules import Action

LEVELS = OPPONENT_LEVELS


def think(number: int, view: View, level: str) -> Generator[None, None, Action]:
    """The computer's decision for ``view`` as a generator that returns the action
    (``Bot.think``): yields between slices of its work."""
    return bot_think(level, view, decision_rng(number, view))


def think_why(number: int, view: View, level: str) -> Generator[None, None, tuple[Action, Why | None]]:
    """``think``, returning ``(action, reason)``: what decided it (``Bot.think_why``)."""
    return make_player(level).think_why(view, decision_rng(number, view))


def hint(view: View, number: int = 0, looked: bool = True, lang: str = "ru") -> tuple[object, str]:
    """The suggested action for the player and why, in words of ``lang`` (a bid or a card)."""
    return finish(hint_steps(view, number, looked, lang))


def hint_steps(view: View, number: int = 0, looked: bool = True,
               lang: str = "ru") -> Generator[None, None, tuple[object, str]]:
    """``hint`` a slice at a time (a generator). Once the player has looked at the cards,
    Blind Nil is no longer a choice to suggest."""
    advice = yield from advice_hint_steps(view.looked() if looked else view, number)
    return advice.action, advice.text(lang)


__all__ = ["think", "think_why", "hint", "hint_steps", "LEVELS", "PARTNER_LEVEL"]
