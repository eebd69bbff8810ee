"""The page's table: who sits where and plays at which level, and what the settings offer.

One configuration, read by the controller, the saves, the renderer and the command line:
South is the player; North, the partner, always plays the strongest level; West and East play
at the level the settings choose (``OPPONENT_LEVELS``, ``DEFAULT_LEVEL`` to begin with). A game
is played to one of ``TARGETS``, at one of the ``PACES``.
"""

from __future__ import annotations

from .cards import Seat
from .rules import BAG_LIMITS, TARGETS, THIRTEEN_BONUSES

HUMAN = Seat.S
PARTNER_LEVEL = "hard"
OPPONENT_LEVELS = ("easy", "medium", "hard")
DEFAULT_LEVEL = "easy"
DEFAULT_TARGET = TARGETS[0]
PACES = ("slow", "normal", "fast")  # the table's pace: how long the computers pause, a trick stays
DECKS = ("two", "four")  # the suits' colours: ♥♦ red and ♠♣ black, or ♦ blue and ♣ green too
CARD_SIZES = ("normal", "large")
FELTS = ("green", "blue", "claret")  # the table's colour
MIN_TEAM_BIDS = (0, 4)  # the house rules the settings offer: the team minimum (0: none) …
HOUSE_CHOICES = {"min_team_bid": MIN_TEAM_BIDS, "thirteen_bonus": THIRTEEN_BONUSES, "bag_limit": BAG_LIMITS}
HOUSE_SWITCHES = ("jokers", "nil_tricks_count")  # … and those on or off
PENALTY_ONLY = ("bag_limit",)  # house choices with nothing to count to while the bag penalty is off
# every setting of the table chosen among values (radio buttons), and the values each may take
TABLE_CHOICES = {"target": TARGETS, "level": OPPONENT_LEVELS, "pace": PACES, "deck": DECKS, "cards": CARD_SIZES,
                 "felt": FELTS, **HOUSE_CHOICES}


def seat_levels(opponents: str) -> dict[Seat, str]:
    """The computers' levels by seat: the partner at ``PARTNER_LEVEL``, West and East at
    ``opponents``."""
    return {Seat.W: opponents, Seat.N: PARTNER_LEVEL, Seat.E: opponents}


__all__ = ["HUMAN", "PARTNER_LEVEL", "OPPONENT_LEVELS", "DEFAULT_LEVEL", "DEFAULT_TARGET",
           "CARD_SIZES", "DECKS", "FELTS", "PACES", "TARGETS", "MIN_TEAM_BIDS", "HOUSE_CHOICES", "HOUSE_SWITCHES",
           "PENALTY_ONLY", "TABLE_CHOICES", "seat_levels"]
