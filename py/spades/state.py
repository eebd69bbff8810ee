"""The game state machine: dealing, bidding, play, the end of a hand and of the game.

``Game`` applies the rules of the kernel (``rules``: legal plays and bids, the trick's winner,
the order of play, the game's end) and the scoring (``scoring``); it states none of them itself.
- ``legal_actions()`` switches on the phase and asks the kernel; ``apply(action)`` checks the
  action with the same kernel and raises ``MalformedError`` (not an action) or
  ``IllegalActionError`` (forbidden now), each with a reason in words.
- The game keeps its history: ``actions()`` lists every action, ``rewound(n)`` replays the
  first n of them (undo and hand review stand on this; the record is the same history).
- ``view(seat)`` is what one seat may know; bots and the page get views, never the state. A
  game rebuilt from one seat's partial record (``known=seat``: the bot protocol) is the same
  state machine, and gives that seat the same view.

The table (``rules.Rules.layout``, from ``seating``) says who plays and who scores together.

Phases: DRAW (the two-player table only: the draw, turn about from the dealer's left) → BID
(each seat once, clockwise from the dealer's left; Blind Nil is one of the bids) → PLAY (a
trick per card of a hand; the first bidder leads) → HAND_OVER (scored by side; ``DEAL`` starts
the next hand, dealt by the next seat clockwise) → … → GAME_OVER.
"""

from __future__ import annotations

from .cards import (
    CARDS,
    NUM_SEATS,
    SEATS,
    SPADE_MASK,
    SUIT_OF,
    SUIT_SYMBOLS,
    Card,
    Seat,
    cards_of,
    mask_of,
)
from .deal import deal_masks, shuffled
from .messages import IllegalActionError, MalformedError
from .rules import (
    BEATERS,
    DEAL,
    DEFAULT,
    DISCARD,
    KEEP,
    Outcome,
    Phase,
    Rules,
    bid_error,
    first_to_act,
    game_outcome,
    hand_actors,
    legal_bids,
    next_dealer,
    next_seat,
    opening_card,
    play_error,
    play_mask,
    shown_voids,
    spade_count,
)
from .scoring import TeamScore, score_hand
from .seating import PARTNERS, Table
from .view import Trick, View

_PLAY, _BID, _HAND_OVER = Phase.PLAY, Phase.BID, Phase.HAND_OVER
_new_trick = tuple.__new__  # Trick(...) without the Python-level __new__, on the hot path
DRAW_CHOICES = [KEEP, DISCARD]
# a hand's given cards by seat, or the draw's stock (None for a card a partial record does not show)
Deal = dict[Seat, list[Card]] | list[Card | None]


class HandState:
    """One hand: its deal, bids, plays and tricks. Mutated only by ``Game``.

    ``deal`` and ``held`` are masks by seat. In a game rebuilt from what one seat may know (the
    bot protocol), ``known`` is that seat and the other seats' masks are 0: their cards are
    checked only against what is public (see ``Game._play_unseen``). ``broken``: spades may be led
    at any time (``rules.spades_anytime``), as if broken from the start.

    At the draw's table ``stock`` is the shuffled deck, top first; ``draws`` the choices made
    (``KEEP``, ``DISCARD``) and ``discards`` by seat the cards each has seen and discarded. The
    deal is the seats' cards once the draw is over (empty masks till then)."""

    __slots__ = ("index", "dealer", "deal", "held", "bids", "bid_log", "tricks", "taken", "known", "spades_broken",
                 "trick", "leader", "win_seat", "win_card", "to_move", "score", "legal", "led", "table", "players",
                 "next", "size", "stock", "draws", "discards", "opening", "opener")

    def __init__(self, index: int, dealer: Seat, deal: tuple[int, ...], known: Seat | None = None,
                 broken: bool = False, table: Table = PARTNERS, stock: tuple[Card | None, ...] | None = None,
                 opening: int = 0) -> None:
        self.index = index
        self.dealer = dealer
        self.deal = deal
        self.known = known
        self.held = list(deal)
        self.table = table
        self.players = table.players
        self.next = table.next
        self.size = table.hand_size
        self.bids: list[int | str | None] = [None] * NUM_SEATS  # a bid: 0..13 (17 at three) or BLIND
        self.bid_log: list[int | str] = []
        self.tricks: list[Trick] = []
        self.taken = [0] * NUM_SEATS
        self.spades_broken = broken
        self.trick: list[Card] = []
        self.to_move = self.leader = first_to_act(dealer, table)  # bids first and, but for ``opening``, leads
        self.opening = opening  # ``rules.opening_card``: the club that leads the first trick (0: none)
        # … and who holds it (None: not known, in a partial record), to lead once the bids are in
        self.opener = next((seat for seat in table.seats if deal[seat] & opening), None) if opening else None
        self.win_seat = self.leader
        self.win_card = 0
        self.score: tuple[TeamScore, ...] | None = None
        self.legal = -1  # the mask legal_actions() last computed for this position, or -1
        self.led = -1  # the suit led to the current trick, −1 before its lead
        self.stock = stock
        self.draws: list[str] = []
        self.discards = [0] * NUM_SEATS

    @property
    def plays(self) -> list[Card]:
        """Every card played in this hand, in order."""
        return [c for t in self.tricks for c in t.cards] + self.trick

    def current_trick(self) -> Trick:
        return Trick(self.leader, tuple(self.trick), None, self.table)

    def spades(self, seat: Seat) -> int | None:
        """The spades ``seat`` holds (Mirror's bid, Whiz's number); None when its cards are not known."""
        return spade_count(self.held[seat]) if self.known is None or seat == self.known else None

    def take_turn(self, action: str) -> bool:
        """A turn of the draw (``Game._draw``, the action checked): the seat to move keeps one
        card and discards the other; True when every seat holds its hand (the deal is made)."""
        seat = self.to_move
        stock = self.stock
        assert stock is not None
        top = 2 * len(self.draws)
        kept, thrown = (stock[top], stock[top + 1]) if action == KEEP else (stock[top + 1], stock[top])
        if kept is not None and thrown is not None:
            self.held[seat] |= 1 << kept
            self.discards[seat] |= 1 << thrown
        elif self.known is None or seat == self.known:  # only another seat's cards may be unknown
            raise MalformedError("bad_action", text="draw: the cards of this turn are not known")
        self.draws.append(action)
        if len(self.draws) < self.players * self.size:
            self.to_move = self.next[seat]
            return False
        self.deal = tuple(self.held)
        self.to_move = self.leader
        return True

    @property
    def offered(self) -> Card | None:
        """The draw: the card the seat to move looks at (the stock's top), or None."""
        stock = self.stock
        return None if stock is None or 2 * len(self.draws) >= len(stock) else stock[2 * len(self.draws)]


class Game:
    """A whole game. ``Game(game=N)`` deals hand 1 from game number N, dealt by the seat on
    South's right (East at four: ``Table.first_dealer``).

    ``deal`` gives hand 1's cards instead ({seat: cards}; at the draw's table, the stock: the
    deck's cards, top first); with ``known=seat`` it may give only that seat's cards (what the
    seat may know: the bot protocol)."""

    def __init__(
        self,
        game: int | None = 0,
        rules: Rules | None = None,
        dealer: Seat | None = None,
        deal: Deal | None = None,
        known: Seat | None = None,
    ) -> None:
        if game is not None and (type(game) is not int or game < 0):
            raise MalformedError("bad_action", text=f"game {game!r}")
        self.number = game
        self.rules = rules or DEFAULT
        self.table = self.rules.layout
        self.known = known
        self.hands: list[HandState] = []
        self.totals = [0] * len(self.table.sides)
        self.banks = [0] * len(self.table.sides)
        self.outcome: Outcome | None = None  # how the game ended (rules.Outcome), once it has
        self.phase = Phase.BID
        self._given: dict[int, tuple[Seat, Deal | None]] = {}  # each hand's dealer and given deal
        if dealer is None:
            dealer = self.table.first_dealer
        self._start_hand(dealer, deal)

    # --- phases -----------------------------------------------------------------------------

    @property
    def to_move(self) -> Seat | None:
        if self.phase is _PLAY or self.phase is _BID or self.phase is Phase.DRAW:
            return self.hand.to_move
        return None

    @property
    def over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    def legal_actions(self) -> list[Card] | list[int | str] | list[str]:  # cards, bids or [DEAL]
        phase = self.phase
        if phase is _PLAY:
            hand = self.hand
            legal = play_mask(hand.held[hand.to_move], hand.led, hand.spades_broken, hand.opening)
            hand.legal = legal  # apply() need not compute it again
            return cards_of(legal)
        if phase is _BID:
            return self.legal_bids(self.hand.to_move)
        if phase is _HAND_OVER:
            return [DEAL]
        if phase is Phase.DRAW:
            return list(DRAW_CHOICES)
        return []

    def apply(self, action: int | str) -> None:
        """Apply one action of the seat to move; raises MalformedError / IllegalActionError."""
        if self.phase is _PLAY:
            # the hottest code of every random game: kept flat, the rules come from the kernel
            card = action if type(action) is Card else self._as_card(action)
            hand = self.hand
            seat = hand.to_move
            held = hand.held[seat]
            trick = hand.trick
            legal = hand.legal
            if legal < 0:
                legal = play_mask(held, hand.led, hand.spades_broken, hand.opening)
            if (legal >> card) & 1:
                hand.held[seat] = held ^ (1 << card)
            else:  # illegal, unless the mover's cards are not known (a partial record)
                error = self.why_illegal(card)
                if error is not None:
                    raise error
            hand.legal = -1
            if (SPADE_MASK >> card) & 1:
                hand.spades_broken = True
            if not trick:
                hand.led = SUIT_OF[card]
                hand.win_card = card
                hand.win_seat = seat
            elif (BEATERS[hand.win_card] >> card) & 1:
                hand.win_card = card
                hand.win_seat = seat
            trick.append(card)
            if len(trick) < hand.players:
                hand.to_move = hand.next[seat]
                return
            winner = hand.win_seat
            hand.tricks.append(_new_trick(Trick, (hand.leader, tuple(trick), winner, hand.table)))
            hand.taken[winner] += 1
            hand.trick = []
            hand.led = -1
            hand.opening = 0  # the first trick is over
            hand.leader = hand.to_move = winner
            if len(hand.tricks) == hand.size:
                self._finish_hand()
        elif self.phase is _BID:
            self._bid(action)
        elif self.phase is Phase.DRAW:
            self._draw(action)
        elif self.phase is _HAND_OVER:
            if action != DEAL:
                raise IllegalActionError("hand_over")
            self.next_hand()
        else:
            raise IllegalActionError("game_over")

    # --- the history ------------------------------------------------------------------------

    def actions(self) -> list[int | str]:
        """Every action of the game in order, ``DEAL`` between hands: the game is its setup
        (number, rules, the deals a record gave) plus this list."""
        out: list[int | str] = []
        for hand in self.hands:
            if hand.index:
                out.append(DEAL)
            out += hand.draws
            out += hand.bid_log
            out += hand.plays
        return out

    def actors(self) -> list[Seat | None]:
        """Who took each of ``actions()``: a seat, or None for a ``DEAL`` (``rules.hand_actors``)."""
        out: list[Seat | None] = []
        for hand in self.hands:
            if hand.index:
                out.append(None)
            out += hand_actors(hand.dealer, len(hand.bid_log), [*hand.tricks, hand.current_trick()], hand.table,
                               len(hand.draws))
        return out

    def rewound(self, count: int) -> "Game":
        """A new game: the same setup with only the first ``count`` of ``actions()``."""
        actions = self.actions()
        if not 0 <= count <= len(actions):
            raise ValueError(f"no position {count}: the game has {len(actions)} actions")
        dealer, deal = self._given[0]
        game = Game(self.number, self.rules, dealer, deal, self.known)
        for action in actions[:count]:
            if action == DEAL and isinstance(action, str):
                dealer, deal = self._given[len(game.hands)]
                game.next_hand(deal, dealer)
            else:
                game.apply(action)
        return game

    # --- dealing ----------------------------------------------------------------------------

    def _start_hand(self, dealer: Seat, deal: Deal | None) -> None:
        index = len(self.hands)
        self._given[index] = (dealer, deal)
        table = self.table
        if deal is None and self.number is None:
            raise MalformedError("bad_action", text="deal: no game number and no deal")
        stock = None
        if table.draw:  # the deal is the draw's, from the stock
            masks: tuple[int, ...] = (0,) * NUM_SEATS
            order = shuffled(self.number or 0, index, self.rules.pack) if deal is None else deal
            stock = tuple(None if c is None else CARDS[c] for c in order)
        elif deal is None:
            masks = deal_masks(self.number, index, dealer, self.rules.pack, table)  # type: ignore[arg-type]
        else:
            masks = tuple(mask_of(deal.get(seat, ())) for seat in SEATS)  # type: ignore[union-attr]
        self.hand = HandState(index, dealer, masks, self.known, self.rules.spades_anytime, table, stock,
                              opening_card(self.rules))
        self.hands.append(self.hand)
        self.phase = Phase.DRAW if table.draw else Phase.BID

    def next_hand(self, deal: Deal | None = None, dealer: Seat | None = None) -> None:
        """Start the next hand: by default dealt from the game number by the next seat
        clockwise; a record may give the deal and the dealer. ``apply(DEAL)`` calls this."""
        if dealer is None:
            dealer = next_dealer(self.hand.dealer, self.table)
        self._start_hand(dealer, deal)

    def _draw(self, action: object) -> None:
        """One turn of the draw: ``KEEP`` the card looked at and discard the next, or
        ``DISCARD`` it and keep the next; the deal is made when every seat holds a hand."""
        if not isinstance(action, str) or action not in DRAW_CHOICES:
            if type(action) is int or isinstance(action, Card) or action == DEAL:
                raise IllegalActionError("drawing")
            raise MalformedError("bad_action", text=repr(action))
        if self.hand.take_turn(action):
            self.phase = Phase.BID

    @property
    def key(self) -> int:
        """The key of this game's computer decisions and hints (``bots.decision_rng``): its number, or 0."""
        return self.number or 0

    def with_number(self, number: int) -> "Game":
        """This game, carrying game number ``number`` from now on (the hands still to come are
        dealt from it): for a record that gave every deal and no number."""
        if type(number) is not int or number < 0:
            raise MalformedError("bad_action", text=f"game {number!r}")
        self.number = number
        return self

    # --- bidding ----------------------------------------------------------------------------

    def legal_bids(self, seat: Seat) -> list[int | str]:
        """The bids ``seat`` may make, in order (``rules.legal_bids``): now, after the partner's
        bid; between hands, in the next hand before anyone bids."""
        if self.phase is not _BID:
            return legal_bids(self.rules, self.totals, seat)
        return legal_bids(self.rules, self.totals, seat, self._partner_bid(seat), self.hand.spades(seat))

    def _partner_bid(self, seat: Seat) -> int | str | None:
        partner = self.table.partner_of[seat]
        return None if partner is None else self.hand.bids[partner]

    def _bid(self, action: int | str) -> None:
        hand = self.hand
        seat = hand.to_move
        error = bid_error(self.rules, self.totals, seat, action, self._partner_bid(seat), hand.spades(seat))
        if error is not None:
            raise error
        hand.bids[seat] = action
        hand.bid_log.append(action)
        if len(hand.bid_log) == hand.players:
            if hand.opening:  # first_trick_clubs: the holder of the club leads
                if hand.opener is None:
                    raise MalformedError("bad_action", text="first_trick_clubs: the opening club's holder is unknown")
                hand.leader = hand.win_seat = hand.opener
            self.phase = Phase.PLAY
            hand.to_move = hand.leader
        else:
            hand.to_move = next_seat(seat, self.table)

    # --- play -------------------------------------------------------------------------------

    def _as_card(self, action: object) -> Card:
        if isinstance(action, Card):
            return action
        if isinstance(action, str):
            if action == DEAL:
                raise IllegalActionError("not_hand_over")
            return self.rules.card(Card.parse(action))  # or MalformedError("bad_card")
        if type(action) is int:
            raise IllegalActionError("not_bidding")
        raise MalformedError("bad_card", text=repr(action))

    def why_illegal(self, card: Card) -> IllegalActionError | None:
        """The reason ``card`` may not be played now by the seat to move, or None."""
        if self.phase is not Phase.PLAY:
            return IllegalActionError("not_playing")
        hand = self.hand
        seat = hand.to_move
        if hand.known is not None and seat != hand.known:
            return self._unseen_error(card)
        return play_error(hand.held[seat], hand.led, hand.spades_broken, card, hand.opening)

    def _unseen_error(self, card: Card) -> IllegalActionError | None:
        """What is public against a card of a seat whose cards are not known: it was played
        already, the known seat holds it, or the seat has shown out of its suit."""
        hand = self.hand
        seat = hand.to_move
        if card in hand.plays:
            return IllegalActionError("already_played", card=card.display)
        if not (self.rules.deck >> card) & 1:
            return IllegalActionError("not_in_deck", card=card.display)
        known = hand.known
        if known is not None and (hand.deal[known] >> card) & 1:
            return IllegalActionError("held_by", card=card.display, seat=SEATS[known].name)
        if known is not None and (hand.discards[known] >> card) & 1:  # the draw: it saw that card go
            return IllegalActionError("discarded", card=card.display, seat=SEATS[known].name)
        suit = SUIT_OF[card]
        if shown_voids(hand.tricks + [hand.current_trick()])[seat] >> suit & 1:
            return IllegalActionError("shown_void", seat=seat.name, suit=SUIT_SYMBOLS[suit])
        return None

    def _finish_hand(self) -> None:
        hand = self.hand
        hand.score = score_hand(hand.bids, hand.taken, self.totals, self.banks, self.rules)
        self.totals = [s.total for s in hand.score]
        self.banks = [s.bank for s in hand.score]
        self.outcome = game_outcome(self.rules, self.totals, len(self.hands))
        self.phase = Phase.GAME_OVER if self.outcome is not None else Phase.HAND_OVER

    # --- what a seat may know ---------------------------------------------------------------

    def view(self, seat: Seat) -> "View":
        seat = Seat(seat)
        hand = self.hand
        if hand.known is not None and seat != hand.known:
            raise ValueError(f"only {SEATS[hand.known].name}'s cards are known here")
        legal = tuple(self.legal_actions()) if self.to_move == seat else ()
        offered = hand.offered if self.phase is Phase.DRAW and hand.to_move == seat else None
        return View(seat, self.rules, self.phase, hand.index, hand.dealer, hand.held[seat], tuple(hand.bids),
                    tuple(hand.bid_log), tuple(hand.tricks), hand.current_trick(), tuple(hand.taken),
                    hand.spades_broken, self.to_move, legal, tuple(self.totals), tuple(self.banks),
                    tuple(h.score for h in self.hands if h.score is not None), self.outcome, tuple(hand.draws),
                    offered, hand.discards[seat])


__all__ = ["Game", "View", "Trick", "HandState", "shown_voids"]
