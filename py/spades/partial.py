"""A seat's view rebuilt from a partial game record (the bot protocol of RECORD.md).

In a bot request each hand's ``deal`` holds only the requesting seat's 13 cards. That is
enough to rebuild everything the seat may know — bids, tricks, scores, its own cards — without
ever inventing the other hands. What can be checked is checked: the seat's own cards, the order
of bids and plays, the legality of every bid, the seat's own plays (in hand, following suit,
spades broken), and that no card is played twice or is played by another seat while the
requesting seat holds it. Errors are ``RecordError`` with the same location line as replay.
"""

from __future__ import annotations

from .cards import HAND_SIZE, NUM_SEATS, SEATS, Card, Seat, cards_of, mask_of
from .messages import IllegalActionError
from .record import FORMAT, RecordError, parse_hand
from .rules import BLIND, MAX_BID, Phase, Rules
from .scoring import score_hand
from .state import Trick, View, blind_allowed, game_result, play_mask, trick_winner


def _own_cards(raw, seat: Seat, where: str) -> int:
    deal = raw.get("deal")
    if not isinstance(deal, dict) or seat.name not in deal:
        raise RecordError(where, f"deal: the cards of {seat.name} are missing")
    others = sorted(set(deal) - {seat.name})
    if others:
        raise RecordError(where, f"deal: the request shows other seats' cards ({', '.join(others)})")
    return mask_of(parse_hand(deal[seat.name], seat, where))


def view_from_partial_record(data, seat: Seat) -> View:
    """The view of ``seat`` after the actions of ``data`` (a record with only its cards)."""
    seat = Seat(seat)
    if not isinstance(data, dict):
        raise RecordError("", "a record must be a JSON object")
    if data.get("format", FORMAT) != FORMAT:
        raise RecordError("", f"unknown format {data.get('format')!r}")
    try:
        rules = Rules.from_json(data.get("rules"))
    except (TypeError, ValueError) as exc:
        raise RecordError("rules", str(exc)) from None
    hands = data.get("hands")
    if not isinstance(hands, list) or not hands:
        raise RecordError("", "a record needs a non-empty list of hands")

    totals, banks, sheet = [0, 0], [0, 0], []
    winner = None
    dealer = Seat.E
    for h, raw in enumerate(hands, 1):
        where = f"hand {h}"
        if not isinstance(raw, dict):
            raise RecordError(where, "a hand must be an object")
        if winner is not None:
            raise RecordError(where, "the game was already over")
        if h > 1:
            dealer = SEATS[(dealer + 1) % NUM_SEATS]
        if raw.get("dealer") is not None:
            try:
                dealer = Seat.parse(raw["dealer"])
            except ValueError as exc:
                raise RecordError(where, f"dealer: {exc}") from None
        dealt = _own_cards(raw, seat, where)
        held = dealt
        bids_raw, plays_raw = raw.get("bids", []), raw.get("plays", [])
        if not isinstance(bids_raw, list) or not isinstance(plays_raw, list):
            raise RecordError(where, "bids and plays must be lists")
        if len(bids_raw) > NUM_SEATS or (plays_raw and len(bids_raw) != NUM_SEATS):
            raise RecordError(where, "plays before all four bids" if plays_raw else "more than four bids")

        bids: list = [None] * NUM_SEATS
        mover = SEATS[(dealer + 1) % NUM_SEATS]
        for i, bid in enumerate(bids_raw, 1):
            at = f"{where}, bid {i} ({mover.name}, {bid})"
            if bid == BLIND and isinstance(bid, str):
                if not blind_allowed(rules, totals, mover):
                    code = "blind_not_trailing" if rules.blind_nil else "blind_disabled"
                    raise RecordError(at, IllegalActionError(code).reason("en"))
            elif type(bid) is not int:
                raise RecordError(at, "not a bid")
            elif not 0 <= bid <= MAX_BID:
                raise RecordError(at, IllegalActionError("bid_range").reason("en"))
            bids[mover] = bid
            mover = SEATS[(mover + 1) % NUM_SEATS]

        leader = SEATS[(dealer + 1) % NUM_SEATS]
        mover = leader
        tricks: list[Trick] = []
        trick: list[Card] = []
        taken = [0] * NUM_SEATS
        played = 0
        broken = False
        for i, text in enumerate(plays_raw, 1):
            at = f"{where}, play {i} ({mover.name}, {text})"
            if len(tricks) == HAND_SIZE:
                raise RecordError(at, "the hand is already over")
            try:
                card = Card.parse(text)
            except ValueError:
                raise RecordError(at, "not a card") from None
            if (played >> card) & 1:
                raise RecordError(at, "this card was already played")
            if mover == seat:
                if not (held >> card) & 1:
                    reason = IllegalActionError("not_in_hand", card=card.display).reason("en")
                    raise RecordError(at, reason)
                if not (play_mask(held, trick, broken) >> card) & 1:
                    error = (
                        IllegalActionError("must_follow", suit=trick[0].suit.symbol)
                        if trick
                        else IllegalActionError("spades_not_broken")
                    )
                    raise RecordError(at, error.reason("en"))
                held ^= 1 << card
            elif (dealt >> card) & 1:
                raise RecordError(at, f"{seat.name} holds this card")
            played |= 1 << card
            broken = broken or card.suit == 0
            trick.append(card)
            if len(trick) == NUM_SEATS:
                win = trick_winner(leader, trick)
                tricks.append(Trick(leader, tuple(trick), win))
                taken[win] += 1
                trick, leader, mover = [], win, win
            else:
                mover = SEATS[(mover + 1) % NUM_SEATS]

        if len(tricks) == HAND_SIZE:
            score = score_hand(bids, taken, totals, banks, rules.bag_penalty)
            totals, banks = [s.total for s in score], [s.bank for s in score]
            sheet.append(score)
            winner = game_result(rules, totals, h)
            phase = Phase.GAME_OVER if winner is not None else Phase.HAND_OVER
            to_move = None
        elif h < len(hands):
            raise RecordError(f"hand {h + 1}", f"hand {h} is not finished")
        elif len(bids_raw) < NUM_SEATS:
            phase, to_move = Phase.BID, SEATS[(dealer + 1 + len(bids_raw)) % NUM_SEATS]
        else:
            phase, to_move = Phase.PLAY, mover

    legal: tuple = ()
    if to_move == seat:
        if phase is Phase.BID:
            legal = tuple(range(MAX_BID + 1)) + ((BLIND,) if blind_allowed(rules, totals, seat) else ())
        else:
            legal = tuple(cards_of(play_mask(held, trick, broken)))
    return View(
        seat=seat,
        rules=rules,
        phase=phase,
        hand_index=len(hands) - 1,
        dealer=dealer,
        held=held,
        bids=tuple(bids),
        bid_log=tuple(bids_raw),
        tricks=tuple(tricks),
        trick=Trick(leader, tuple(trick)),
        taken=tuple(taken),
        spades_broken=broken,
        to_move=to_move,
        legal=legal,
        totals=tuple(totals),
        banks=tuple(banks),
        sheet=tuple(sheet),
        winner=winner,
        blind_offer=BLIND in legal,
    )
