"""«Пики» — the pure Spades engine: cards, dealing, rules, scoring, the game record.

Nothing here imports the browser; the same code runs under CPython and under Pyodide.

    >>> from spades import Game, Seat
    >>> game = Game(game=12345)
    >>> view = game.view(Seat.S)        # what South may know
    >>> game.apply(game.legal_actions()[3])
"""

from .cards import CARDS, SEATS, TEAMS, Card, Seat, Suit, Team, cards_of, mask_of
from .deal import SplitMix64, deal_masks, derive_seed
from .messages import IllegalActionError, MalformedError, SpadesError, reason
from .record import FORMAT, RecordError, from_record, summary, to_record, view_from_partial_record
from .rules import BLIND, DEAL, Cause, Outcome, Phase, Rules, trick_winner
from .scoring import TeamScore, score_hand, score_team
from .state import Game, Trick, View

__all__ = [
    "BLIND", "CARDS", "Cause", "DEAL", "FORMAT", "SEATS", "TEAMS", "Card", "Game", "IllegalActionError",
    "MalformedError", "Outcome", "Phase", "RecordError", "Rules", "Seat", "SpadesError", "SplitMix64",
    "Suit", "Team", "TeamScore", "Trick", "View", "cards_of", "deal_masks", "derive_seed",
    "from_record", "mask_of", "reason", "score_hand", "score_team", "summary", "to_record",
    "trick_winner", "view_from_partial_record",
]
