"""The hand review: built from the game record only (docs/record.md).

``hand_review(record, index)`` replays one finished hand of a record with the engine and
returns what the review shows: the dealer, the bids by seat, every trick (leader, cards,
winner) and each seat's dealt cards (at two, the cards it drew). ``held_after(review, step)`` is what each seat still
holds after ``step`` tricks: after a hand every card may be shown. (The score chart is drawn from
the view's score sheet: ``ui.panels.chart``.)
"""

from __future__ import annotations

from spades import Card, cards_of, from_record, summary
from spades.cards import as_dealt


def hand_review(record: dict, index: int) -> dict:
    """The finished hand ``index`` (0-based) of ``record``, replayed with the engine."""
    # the whole record is replayed: a hand's bids may depend on the score before it (Blind Nil)
    game = from_record(record)
    replayed = summary(game)["hands"][index]
    dealt = game.hands[index].deal
    deal = {seat.name: [str(c) for c in cards_of(dealt[seat])] for seat in game.table.seats}
    return {"index": index, "dealer": replayed["dealer"], "bids": replayed["bids"], "table": game.table.name,
            "tricks": replayed["tricks"], "deal": deal, "taken": replayed["taken"], "deck": game.rules.deck}


def held_after(review: dict, step: int) -> dict[str, list[Card]]:
    """Each seat's cards after the first ``step`` tricks of the review."""
    played = {c for trick in review["tricks"][:step] for c in trick["cards"]}
    deck = review["deck"]  # the cards as the game deals them: a deuce high is a trump (``cards.as_dealt``)
    return {seat: [as_dealt(Card.parse(c), deck) for c in cards if c not in played]
            for seat, cards in review["deal"].items()}


__all__ = ["hand_review", "held_after"]
