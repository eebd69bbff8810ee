"""«Сдача дня»: one hand a day, the same for every player, and the par to beat.

- The day's deal is a pure function of the calendar date: game number ``day_number(day)``
  (``20261208`` for 8 December 2026: above any number the page gives a game, so no other game
  deals it), its first hand, dealt by East, under the default rules at the partnership table
  (``RULES``). Every computer seat plays at the hard level (``LEVEL``).
- The par (``par_steps``, ``par``) is that hand played with the hard level in South's seat too:
  the score South's team makes (the hand's total, ``TeamScore.hand``) and who took each trick.
  The computers' decisions are seeded from the game number and the position
  (``bots.decision_rng``), so a player who bids and plays as the hard level would meets the same
  moves from the table and scores the par exactly; ``python -m spades daily --date D`` prints it.
- ``trick_line``: who took each trick, as a line of symbols (ours ``WON``, theirs ``LOST``):
  the day's result shared without a card.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from .cards import NUM_CARDS, NUM_SEATS, Seat
from .rules import DEFAULT, Phase
from .state import Game
from .values import Value

if TYPE_CHECKING:
    from collections.abc import Generator

RULES = DEFAULT
LEVEL = "hard"  # every computer seat of the day's hand, and the par's South
FIRST_DAY = date(2000, 1, 1)  # the earliest date a day's deal is made for
WON, LOST = "■", "□"  # a trick taken by South's team, by the other


def day_number(day: date) -> int:
    """The game number of ``day``'s deal: its date as the digits YYYYMMDD."""
    return day.year * 10_000 + day.month * 100 + day.day


def parse_day(text: object) -> date | None:
    """The date of ``"YYYY-MM-DD"`` (ASCII digits, a real date from ``FIRST_DAY`` on), else None."""
    if not isinstance(text, str) or len(text) != 10 or text[4] != "-" or text[7] != "-":
        return None
    digits = text[:4] + text[5:7] + text[8:]
    if not all("0" <= ch <= "9" for ch in digits):
        return None
    try:
        day = date(int(text[:4]), int(text[5:7]), int(text[8:]))
    except ValueError:
        return None
    return day if day >= FIRST_DAY else None


def day_game(day: date) -> Game:
    """The day's game, before its first bid."""
    return Game(game=day_number(day), rules=RULES)


def team_score(game: Game) -> int:
    """What South's team scored in the game's first hand (once it is over)."""
    score = game.hands[0].score
    if score is None:
        raise ValueError("the day's hand is not over")
    return score[game.table.side_of[Seat.S]].hand


def trick_line(game: Game) -> str:
    """Who took each trick of the game's first hand so far: ``WON`` for South's team, ``LOST``."""
    side = game.table.side_of
    return "".join(WON if side[t.winner] == side[Seat.S] else LOST
                   for t in game.hands[0].tricks if t.winner is not None)


class Par(Value):
    """The par of a day: South's team's score with the hard level in every seat, the tricks'
    line (``trick_line``), and that hand's game (its record is the par's play)."""

    __slots__ = ("day", "score", "tricks", "game")
    day: date
    score: int
    tricks: str
    game: Game

    def __init__(self, day: date, score: int, tricks: str, game: Game) -> None:
        super().__init__(day, score, tricks, game)


def par_steps(day: date) -> Generator[int, None, Par]:
    """The par of ``day`` a decision at a time: a generator (sliced like ``Bot.think``) that
    yields, between slices of each decision's search, how many decisions are made so far, and
    returns the ``Par``. The computer players are imported here, when first asked for: the page
    reads the day's date and deal without them."""
    from .bots import decision_rng, think

    game = day_game(day)
    made = 0
    while game.phase is Phase.BID or game.phase is Phase.PLAY:
        view = game.view(game.to_move)  # type: ignore[arg-type]  # bidding or playing: a seat is to move
        steps = think(LEVEL, view, decision_rng(game.key, view))
        while True:
            try:
                next(steps)
            except StopIteration as done:
                action = done.value
                break
            yield made
        game.apply(action)
        made += 1
        yield made
    return Par(day, team_score(game), trick_line(game), game)


def par(day: date) -> Par:
    """``par_steps`` run to its end."""
    from .bots.base import finish

    return finish(par_steps(day))


DECISIONS = NUM_SEATS + NUM_CARDS  # the par's decisions: four bids and every card (its progress bar's end)

__all__ = ["DECISIONS", "FIRST_DAY", "LEVEL", "LOST", "Par", "RULES", "WON", "day_game", "day_number", "par",
           "par_steps", "parse_day", "team_score", "trick_line"]
