"""The game record of docs/record.md (``spades-game/1``): written from a game, read and replayed.

A game is its rules, its number and its actions. ``to_record(game)`` writes the JSON document
the page saves and exports; ``from_record(data)`` replays one into a ``Game``, checking every
action with the engine and raising ``RecordError`` that names the hand, the action's position,
the seat, the action and the reason. ``summary(game)`` is the output of ``spades replay``.

The bot protocol's partial record (each hand's ``deal`` holds only the requesting seat's
cards) is read by the same code: ``from_record(data, known=seat)`` rebuilds the game as that
seat may know it, the same state machine checking every action as far as public knowledge
allows, and ``view_from_partial_record`` is that game's view of the seat.

``read_json`` refuses a text too long or too deeply nested to be a record before parsing it
(the page reads its saves with it too, so a damaged save cannot overflow the stack).
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

from .cards import SEATS, Card, Seat, as_dealt, cards_of
from .messages import SpadesError, reason
from .rules import (
    BLIND,
    DISCARD,
    KEEP,
    Phase,
    Rules,
    RulesError,
    blind_number,
    first_to_act,
    in_turn,
    next_dealer,
    opening_club,
)
from .seating import Table
from .state import Game, View

if TYPE_CHECKING:
    from typing import Any

    from .messages import Params

FORMAT = "spades-game/1"
MAX_TEXT = 2_000_000  # characters: a whole 30-hand record is under 40,000
MAX_DEPTH = 32  # nesting of arrays and objects: a record needs 4
_NESTING = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


class RecordError(SpadesError, ValueError):
    """A record that is malformed or holds an illegal action: the refusal's ``code`` and
    ``params`` (``messages``: ``record.*``, or the rule an action broke) and the place in the
    record (``place``: a ``where.*`` code and its parameters, or None). ``text(lang)`` says it
    in words, the place first; ``str()`` is the command line's line (English, docs/record.md)."""

    def __init__(self, code: str, where: tuple[str, Params] | None = None, **params: object) -> None:
        self.code = code
        self.params = params
        self.place = where
        ValueError.__init__(self, self.text("en"))

    def where_text(self, lang: str) -> str:
        return "" if self.place is None else reason(self.place[0], self.place[1], lang)

    def text(self, lang: str = "ru") -> str:
        said = self.reason(lang)
        where = self.where_text(lang)
        return f"{where}: {said}" if where else said


def _hand(h: int) -> tuple[str, Params]:
    return "where.hand", {"hand": h}


def _action_text(action: object) -> str:
    return str(action) if not isinstance(action, str) else action


def to_record(game: Game) -> dict[str, Any]:
    hands = []
    for hand in game.hands:
        out: dict[str, Any] = {"dealer": hand.dealer.name}
        if hand.stock is not None and hand.known is not None:  # a partial record: what the seat saw
            out["seen"] = [str(c) for c in hand.stock if c is not None]
            out["draw"] = list(hand.draws)
        elif hand.stock is not None:  # the draw's table: the stock and every choice of the draw
            out["stock"] = [str(c) for c in hand.stock]
            out["draw"] = list(hand.draws)
        else:
            out["deal"] = {seat.name: [str(c) for c in cards_of(hand.deal[seat])] for seat in game.table.seats
                           if hand.known is None or seat == hand.known}
            opener = hand.opener
            if hand.known is not None and opener is not None and opener != hand.known and hand.plays:
                out["leader"] = opener.name  # first_trick_clubs: who led the first trick
        out["bids"] = list(hand.bid_log)
        out["plays"] = [str(c) for c in hand.plays]
        hands.append(out)
    record: dict[str, Any] = {"format": FORMAT, "rules": game.rules.to_json()}
    if game.number is not None:
        record["game"] = game.number
    record["hands"] = hands
    return record


def nesting_depth(text: str) -> int:
    """How deeply the arrays and objects of a JSON text nest (strings skipped), cheaply."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return text.count("[") + text.count("{")
    depth = deepest = 0
    for match in _NESTING.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in "]}":
            depth -= 1
    return deepest


def read_json(text: str, max_text: int = MAX_TEXT, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON document of a record's text, or a ``RecordError`` when it is not JSON, or is
    too long or too deeply nested to be a record (refused before parsing)."""
    if not isinstance(text, str):
        raise RecordError("record.not_text")
    if len(text) > max_text:
        raise RecordError("record.too_long", chars=len(text))
    if nesting_depth(text) > max_depth:
        raise RecordError("record.too_deep", depth=max_depth)
    try:
        return json.loads(text)
    except (ValueError, TypeError, RecursionError) as exc:
        raise RecordError("record.not_json", error=str(exc)) from None


def parse_hand(cards: object, seat: Seat, where: tuple[str, Params], deck: int, size: int) -> list[Card]:
    """One seat's ``size`` dealt cards of ``deck`` (the rules' mask) from a record, or a
    ``RecordError`` saying what is wrong."""
    if not isinstance(cards, list) or len(cards) != size:
        raise RecordError("record.hand_size", where, seat=seat.name, cards=size)
    return _distinct_cards(cards, where, deck)


def _distinct_cards(texts: list[object], where: tuple[str, Params], deck: int) -> list[Card]:
    """The cards of ``texts``, each of ``deck`` and none twice, or a ``RecordError``."""
    parsed = []
    for text in texts:
        try:
            parsed.append(as_dealt(Card.parse(text), deck))  # type: ignore[arg-type]  # checked: not a card text, refused
        except ValueError:
            raise RecordError("record.deal_card", where, text=text) from None
        if not (deck >> parsed[-1]) & 1:
            raise RecordError("record.not_in_deck", where, card=parsed[-1].display)
    if len(set(parsed)) != len(parsed):
        raise RecordError("record.dealt_twice", where)
    return parsed


def _parse_deal(raw: object, where: tuple[str, Params], deck: int, table: Table) -> dict[Seat, list[Card]]:
    if not isinstance(raw, dict) or set(raw) != {s.name for s in table.seats}:
        raise RecordError("record.deal_seats", where, seats=", ".join(s.name for s in table.seats))
    deal = {seat: parse_hand(raw[seat.name], seat, where, deck, table.hand_size) for seat in table.seats}
    if len({c for cards in deal.values() for c in cards}) != table.players * table.hand_size:
        raise RecordError("record.dealt_twice", where)
    return deal


def _parse_stock(raw: object, where: tuple[str, Params], deck: int) -> list[Card | None]:
    """The draw's stock: every card of ``deck``, once, top first."""
    size = deck.bit_count()
    if not isinstance(raw, list) or len(raw) != size:
        raise RecordError("record.stock", where, cards=size)
    return list(_distinct_cards(raw, where, deck))


def seen_in_draw(stock: list[str], draws: int, first: Seat, table: Table, seat: Seat) -> list[str]:
    """The cards ``seat`` has seen of the draw's ``stock`` after ``draws`` turns taken from
    ``first``: both cards of each of its turns, and the top card when its turn is next (the
    bot protocol's ``seen``)."""
    out: list[str] = []
    turns = len(stock) // 2
    for turn, who in enumerate(in_turn(first, table, turns)):
        if who == seat and turn < draws:
            out += stock[2 * turn:2 * turn + 2]
        elif who == seat and turn == draws:
            out.append(stock[2 * turn])
    return out


def _seen_stock(raw: dict[str, Any], seat: Seat, where: tuple[str, Params], deck: int, table: Table,
                dealer: Seat) -> list[Card | None]:
    """A partial record's stock at two: the cards ``seat`` saw (``seen_in_draw``) in their
    places, None for every other."""
    seen = raw.get("seen")
    if not isinstance(seen, list):
        raise RecordError("record.seen", where, seat=seat.name)
    cards = _distinct_cards(seen, where, deck)
    stock: list[Card | None] = [None] * deck.bit_count()
    places = [place for turn, who in enumerate(in_turn(first_to_act(dealer, table), table, len(stock) // 2))
              if who == seat for place in (2 * turn, 2 * turn + 1)]
    if len(cards) > len(places):
        raise RecordError("record.seen", where, seat=seat.name)
    for place, card in zip(places, cards):
        stock[place] = card
    return stock


def _own_deal(raw: dict[str, Any], seat: Seat, where: tuple[str, Params], deck: int,
              size: int) -> dict[Seat, list[Card]]:
    """A partial record's deal: the cards of ``seat`` only."""
    deal = raw.get("deal")
    if not isinstance(deal, dict) or seat.name not in deal:
        raise RecordError("record.own_missing", where, seat=seat.name)
    others = sorted(set(deal) - {seat.name})
    if others:
        raise RecordError("record.others_shown", where, seats=", ".join(others))
    return {seat: parse_hand(deal[seat.name], seat, where, deck, size)}


def _place_opening(deal: dict[Seat, list[Card]], leader: object, club: Card | None, where: tuple[str, Params],
                   table: Table) -> None:
    """A partial hand under ``first_trick_clubs`` whose seat does not hold the opening club: its
    ``"leader"`` (the seat that led the first trick, public once it has) is given that card."""
    if club is None or any(club in cards for cards in deal.values()):
        return
    if leader is None:
        return  # the bids can go on; the play cannot start without it (``Game``'s refusal)
    try:
        seat = Seat.parse(leader) if isinstance(leader, str) else None
    except ValueError:
        seat = None
    if seat is None or seat not in table.seats or seat in deal:
        raise RecordError("record.leader", where, leader=leader)
    deal[seat] = [club]


def from_record(data: object, known: Seat | None = None) -> Game:
    """Replay a record into a game; raises ``RecordError`` on anything wrong.

    With ``known=seat`` the record is partial (the bot protocol): each hand gives only that
    seat's cards, and the game number, if any, is ignored."""
    if not isinstance(data, dict):
        raise RecordError("record.not_object")
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        raise RecordError("record.format", format=fmt)
    try:
        rules = Rules.from_json(data.get("rules"))
    except RulesError as exc:
        raise RecordError(exc.code, ("where.rules", {}), error=exc.why, key=exc.key,
                          value=json.dumps(exc.value, ensure_ascii=False, default=str)) from None
    except TypeError as exc:  # not keyword arguments at all
        raise RecordError("record.rules_object", ("where.rules", {}), error=str(exc)) from None
    number = data.get("game") if known is None else None
    if number is not None and (type(number) is not int or number < 0):
        raise RecordError("record.game_number", ("where.game", {}), number=number)
    hands = data.get("hands")
    if not isinstance(hands, list) or not hands:
        raise RecordError("record.no_hands")
    table = rules.layout

    game: Game | None = None
    for h, raw in enumerate(hands, 1):
        where = _hand(h)
        if not isinstance(raw, dict):
            raise RecordError("record.hand_object", where)
        dealer = None
        if raw.get("dealer") is not None:  # a seat: S is 0, so never `dealer or default`
            try:
                dealer = Seat.parse(raw["dealer"])
            except ValueError:
                raise RecordError("record.dealer", where, dealer=raw["dealer"]) from None
        deal: dict[Seat, list[Card]] | list[Card | None] | None
        if known is not None and table.draw:
            at = dealer if dealer is not None else (
                table.first_dealer if game is None else next_dealer(game.hand.dealer, table))
            deal = _seen_stock(raw, known, where, rules.deck, table, at)
        elif known is not None:
            deal = _own_deal(raw, known, where, rules.deck, table.hand_size)
            _place_opening(deal, raw.get("leader"), opening_club(rules), where, table)
        elif table.draw:
            deal = _parse_stock(raw["stock"], where, rules.deck) if raw.get("stock") is not None else None
        else:
            deal = _parse_deal(raw["deal"], where, rules.deck, table) if raw.get("deal") is not None else None
        if deal is None and number is None:
            raise RecordError("record.no_deal", where)
        if game is None:
            game = Game(game=number, rules=rules, dealer=dealer, deal=deal, known=known)
        else:
            if game.phase is Phase.GAME_OVER:
                raise RecordError("record.game_over", where)
            if game.phase is not Phase.HAND_OVER:
                raise RecordError("record.unfinished", where, hand=h - 1)
            game.next_hand(deal, dealer)
        _replay_actions(game, raw, h)
    assert game is not None
    return game


def view_from_partial_record(data: object, seat: Seat) -> View:
    """The view of ``seat`` after the actions of ``data``, a record with only its cards."""
    seat = Seat(seat)
    return from_record(data, known=seat).view(seat)


def _replay_actions(game: Game, raw: dict[str, Any], h: int) -> None:
    draw = raw.get("draw", []) if game.table.draw else []
    bids = raw.get("bids", [])
    plays = raw.get("plays", [])
    if not isinstance(bids, list) or not isinstance(plays, list) or not isinstance(draw, list):
        raise RecordError("record.lists", _hand(h))
    if bids and game.table.draw and len(draw) != game.table.players * game.table.hand_size:
        raise RecordError("record.bids_early", _hand(h))
    if plays and len(bids) != game.table.players:
        if game.table.players == len(SEATS):
            raise RecordError("record.plays_early", _hand(h))
        raise RecordError("record.plays_early_n", _hand(h), count=game.table.players)
    for kind, actions in (("draw", draw), ("bid", bids), ("play", plays)):
        for i, action in enumerate(actions, 1):
            seat = game.to_move
            where = ("where." + kind, {"hand": h, "index": i, "seat": seat.name if seat is not None else "-",
                                       "action": _action_text(action)})
            if seat is None:
                raise RecordError("record.hand_over", where)
            if kind == "draw" and (not isinstance(action, str) or action not in (KEEP, DISCARD)):
                raise RecordError("record.draw", where)
            if kind == "bid" and type(action) is not int and action != BLIND and not blind_number(action):
                raise RecordError("record.not_bid", where)
            if kind == "play" and not isinstance(action, str):
                raise RecordError("record.not_card", where)
            try:
                game.apply(action)
            except SpadesError as exc:  # the rule the action broke, in the engine's words
                raise RecordError(exc.code, where, **exc.params) from None


def summary(game: Game) -> dict[str, Any]:
    """The document ``python -m spades replay`` prints (docs/record.md)."""
    hands = []
    for hand in game.hands:
        tricks = [t.to_json() for t in hand.tricks]
        if hand.trick:
            tricks.append(hand.current_trick().to_json())
        seats = game.table.seats
        out: dict[str, Any] = {"dealer": hand.dealer.name}
        if hand.stock is not None:
            out["draw"] = list(hand.draws)
        out.update({
            "bids": {s.name: hand.bids[s] for s in seats if hand.bids[s] is not None},
            "tricks": tricks,
            "taken": {s.name: hand.taken[s] for s in seats},
        })
        if hand.score is not None:
            out["score"] = {side: s.to_json() for side, s in zip(game.table.side_names, hand.score)}
        hands.append(out)
    return {"hands": hands, "next": next_action(game), "game": result(game)}


def next_action(game: Game) -> dict[str, Any]:
    if game.phase is Phase.GAME_OVER:
        return {"phase": "over"}
    if game.phase is Phase.HAND_OVER:
        seat = first_to_act(next_dealer(game.hand.dealer, game.table), game.table)
        if game.table.draw:
            return {"phase": Phase.DRAW.value, "seat": seat.name, "legal": [KEEP, DISCARD]}
        return {"phase": "bid", "seat": seat.name, "legal": game.legal_bids(seat)}
    legal = game.legal_actions()
    return {
        "phase": game.phase.value,
        "seat": game.to_move.name,  # type: ignore[union-attr]
        "legal": [a if not isinstance(a, Card) else str(a) for a in legal],
    }


def result(game: Game) -> dict[str, bool | str | None]:
    outcome = game.outcome
    if outcome is None:
        return {"over": game.over, "winner": None}
    winner = "draw" if outcome.winner is None else game.table.side_names[outcome.winner]
    return {"over": game.over, "winner": winner}


__all__ = ["FORMAT", "RecordError", "to_record", "from_record", "read_json", "summary",
           "view_from_partial_record"]
