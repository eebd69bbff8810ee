"""The hand review: built from the game record only (docs/record.md).

``hand_review(record, index)`` replays one finished hand of a record with the engine and
returns what the review shows: the dealer, the bids by seat, every trick (leader, cards,
winner) and each seat's 13 dealt cards. ``held_after(review, step)`` is what each seat still
holds after ``step`` tricks: after a hand every card may be shown. (The score chart is drawn from
the view's score sheet: ``ui.panels.chart``.)
"""

from __future__ import annotations

from spades import SEATS, Card, from_record, summary


def hand_review(record: dict, index: int) -> dict:
    """The finished hand ``index`` (0-based) of ``record``, replayed with the engine."""
    hand = record["hands"][index]
    # the whole record is replayed: a hand's bids may depend on the score before it (Blind Nil)
    replayed = summary(from_record(record))["hands"][index]
    return {"index": index, "dealer": replayed["dealer"], "bids": replayed["bids"],
            "tricks": replayed["tricks"], "deal": hand["deal"], "taken": replayed["taken"]}


def held_after(review: dict, step: int) -> dict[str, list[Card]]:
    """Each seat's cards after the first ``step`` tricks of the review."""
    played = {c for trick in review["tricks"][:step] for c in trick["cards"]}
    return {seat.name: [Card.parse(c) for c in review["deal"][seat.name] if c not in played]
            for seat in SEATS}


__all__ = ["hand_review", "held_after"]
