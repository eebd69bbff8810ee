"""The page's table: who sits where and plays at which level, and what the settings offer.

One configuration, read by the controller, the saves, the renderer and the command line:
South is the player; North, the partner, always plays the strongest level; West and East play
at the level the settings choose (``OPPONENT_LEVELS``, ``DEFAULT_LEVEL`` to begin with). A game
is played to one of ``TARGETS`` (the options of ``rules.OPTIONS``), at one of the ``PACES``.
"""

from __future__ import annotations

from .cards import Seat
from .rules import OPTION, OPTIONS, TARGETS
from .seating import PARTNERS, Table

HUMAN = Seat.S
PARTNER_LEVEL = "hard"
OPPONENT_LEVELS = ("easy", "medium", "hard")
DEFAULT_LEVEL = "easy"
PACES = ("slow", "normal", "fast")  # the table's pace: how long the computers pause, a trick stays
DECKS = ("two", "four")  # the suits' colours: ♥♦ red and ♠♣ black, or ♦ blue and ♣ green too
CARD_SIZES = ("normal", "large")
FELTS = ("green", "blue", "claret")  # the table's colour
# the game's options as the settings offer them (``rules.OPTIONS``): chosen among values or on/off,
# the house rules among them apart
RULE_CHOICES = {option.name: option.offered for option in OPTIONS if not option.switch}
RULE_SWITCHES = tuple(option.name for option in OPTIONS if option.switch)
GAME_CHOICES = ("table",)  # the game's options the settings offer apart, before the rest
HOUSE_CHOICES = {name: values for name, values in RULE_CHOICES.items() if OPTION[name].house
                 and name not in GAME_CHOICES}
HOUSE_SWITCHES = tuple(name for name in RULE_SWITCHES if OPTION[name].house)
PENALTY_ONLY = ("bag_limit",)  # house choices with nothing to count to while the bag penalty is off
# every setting of the table chosen among values (radio buttons), and the values each may take
TABLE_CHOICES = {"level": OPPONENT_LEVELS, "pace": PACES, "deck": DECKS, "cards": CARD_SIZES, "felt": FELTS,
                 **RULE_CHOICES}


def seat_levels(opponents: str, table: Table = PARTNERS) -> dict[Seat, str]:
    """The computers' levels by seat: the partner at ``PARTNER_LEVEL``, the opponents (West and
    East; every seat but South's at a table without partners) at ``opponents``."""
    return {seat: PARTNER_LEVEL if table.partner_of[HUMAN] == seat else opponents
            for seat in table.seats if seat != HUMAN}


__all__ = ["HUMAN", "PARTNER_LEVEL", "OPPONENT_LEVELS", "DEFAULT_LEVEL", "CARD_SIZES", "DECKS", "FELTS", "PACES",
           "TARGETS", "GAME_CHOICES", "RULE_CHOICES", "RULE_SWITCHES", "HOUSE_CHOICES", "HOUSE_SWITCHES",
           "PENALTY_ONLY", "TABLE_CHOICES", "seat_levels"]
