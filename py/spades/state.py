"""The game state machine: dealing, bidding, play, the end of a hand and of the game.

``Game`` owns the rules of SPEC §2–4 and nothing else decides them:
- ``legal_actions()`` is the only home of the rules; it switches on the phase and hands off to
  one helper per phase.
- ``apply(action)`` checks the action against the same helpers and raises ``MalformedError``
  (not an action) or ``IllegalActionError`` (forbidden now), each with a reason in words.
- ``view(seat)`` is what one seat may know; bots and the page get views, never the state.

Phases: BID (each seat once, clockwise from the dealer's left; Blind Nil is one of the bids)
→ PLAY (13 tricks; the first bidder leads) → HAND_OVER (scored; ``DEAL`` starts the next hand,
dealt by the next seat clockwise) → … → GAME_OVER.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from .cards import (
    CARDS,
    HAND_SIZE,
    NUM_CARDS,
    NUM_RANKS,
    NUM_SEATS,
    SEATS,
    SPADE_MASK,
    SUIT_MASK,
    SUIT_SYMBOLS,
    TEAMS,
    Card,
    Seat,
    Team,
    FULL_SUIT,
    _SUIT_CHUNKS,
    _suit_chunk,
    cards_of,
    mask_of,
)
from .deal import deal_masks
from .messages import IllegalActionError, MalformedError
from .rules import (
    BLIND,
    BLIND_NIL_DEFICIT,
    DEAL,
    LOSING_SCORE,
    MAX_BID,
    MAX_HANDS,
    Phase,
    Rules,
)
from .scoring import TeamScore, score_hand

TRICKS_PER_HAND = HAND_SIZE
BID_ACTIONS = tuple(range(MAX_BID + 1))
FIRST_DEALER = Seat.E
DEFAULT_RULES = Rules()
_SPADE_LIMIT = NUM_RANKS  # a card index below this is a spade
_PLAY, _BID, _HAND_OVER = Phase.PLAY, Phase.BID, Phase.HAND_OVER
_NON_SPADES = ((1 << NUM_CARDS) - 1) & ~SPADE_MASK
_new_trick = tuple.__new__  # Trick(...) without the Python-level __new__, on the hot path
_NEXT = tuple(SEATS[(s + 1) % NUM_SEATS] for s in SEATS)


class Trick(NamedTuple):
    """A trick: who led, the cards in the order played, and who won (None while open)."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat | None = None

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(SEATS[(self.leader + i) % NUM_SEATS] for i in range(len(self.cards)))

    def to_json(self) -> dict:
        out: dict = {"leader": self.leader.name, "cards": [str(c) for c in self.cards]}
        if self.winner is not None:
            out["winner"] = self.winner.name
        return out


def trick_winner(leader: Seat, cards) -> Seat:
    """The highest spade if any spade was played, else the highest card of the led suit."""
    best = 0
    for i in range(1, len(cards)):
        if _beats(cards[i], cards[best]):
            best = i
    return SEATS[(leader + best) % NUM_SEATS]


def _beats(card: int, best: int) -> bool:
    if card < _SPADE_LIMIT:
        return best >= _SPADE_LIMIT or card > best
    return card // NUM_RANKS == best // NUM_RANKS and card > best


def play_mask(held: int, trick, spades_broken: bool) -> int:
    """The cards of ``held`` that may be played to ``trick`` (the cards so far): follow the
    led suit when holding it; no spade lead before spades are broken unless only spades are
    left. The one statement of the play rules (``Game.apply`` inlines a copy for speed)."""
    if trick:
        return held & SUIT_MASK[trick[0] // NUM_RANKS] or held
    if spades_broken:
        return held
    return held & _NON_SPADES or held


def blind_allowed(rules: Rules, totals, seat: Seat) -> bool:
    """Blind Nil: on in the settings, and the seat's team trails by 100 points or more."""
    team = seat & 1
    return rules.blind_nil and totals[1 - team] - totals[team] >= BLIND_NIL_DEFICIT


def game_result(rules: Rules, totals, hands_played: int) -> Team | str | None:
    """SPEC §4 after a hand: the winning team, ``"draw"``, or None while the game goes on."""
    ns, ew = totals
    if hands_played >= MAX_HANDS:
        return "draw" if ns == ew else (Team.NS if ns > ew else Team.EW)
    target = rules.target
    ended = ns >= target or ew >= target or ns < LOSING_SCORE or ew < LOSING_SCORE
    if ended and ns != ew:
        return Team.NS if ns > ew else Team.EW
    return None


class HandState:
    """One hand: its deal, bids, plays and tricks. Mutated only by ``Game``."""

    __slots__ = (
        "index", "dealer", "deal", "held", "bids", "bid_log", "tricks", "taken",
        "spades_broken", "trick", "leader", "win_seat", "win_card", "to_move", "score",
    )

    def __init__(self, index: int, dealer: Seat, deal: tuple[int, int, int, int]) -> None:
        self.index = index
        self.dealer = dealer
        self.deal = deal
        self.held = list(deal)
        self.bids: list = [None] * NUM_SEATS
        self.bid_log: list = []
        self.tricks: list[Trick] = []
        self.taken = [0] * NUM_SEATS
        self.spades_broken = False
        self.trick: list[Card] = []
        self.leader = SEATS[(dealer + 1) % NUM_SEATS]
        self.win_seat = self.leader
        self.win_card = 0
        self.to_move = self.leader
        self.score: tuple[TeamScore, TeamScore] | None = None

    @property
    def plays(self) -> list[Card]:
        """Every card played in this hand, in order."""
        return [c for t in self.tricks for c in t.cards] + self.trick

    def current_trick(self) -> Trick:
        return Trick(self.leader, tuple(self.trick))


class Game:
    """A whole game. ``Game(game=N)`` deals hand 1 from game number N, dealt by East."""

    def __init__(
        self,
        game: int | None = 0,
        rules: Rules | None = None,
        dealer: Seat = FIRST_DEALER,
        deal: dict | None = None,
    ) -> None:
        if game is not None and (type(game) is not int or game < 0):
            raise MalformedError("bad_action", text=f"game {game!r}")
        self.game = game
        self.rules = rules or DEFAULT_RULES
        self.hands: list[HandState] = []
        self.totals = [0, 0]
        self.banks = [0, 0]
        self.winner: Team | str | None = None
        self.phase = Phase.BID
        self._start_hand(dealer, deal)

    # --- phases -----------------------------------------------------------------------------

    @property
    def to_move(self) -> Seat | None:
        if self.phase is _PLAY or self.phase is _BID:
            return self.hand.to_move
        return None

    @property
    def over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    def legal_actions(self) -> list:
        phase = self.phase
        if phase is _PLAY:
            hand = self.hand
            held = hand.held[hand.to_move]
            if hand.trick:  # the rule of play_mask, inlined on this hot path
                suit = hand.trick[0] // NUM_RANKS
                follow = (held >> (suit * NUM_RANKS)) & FULL_SUIT
                if follow:
                    return list(_SUIT_CHUNKS[suit].get(follow) or _suit_chunk(suit, follow))
                return cards_of(held)
            if hand.spades_broken:
                return cards_of(held)
            return cards_of(held & _NON_SPADES or held)
        if phase is _BID:
            return self.legal_bids(self.hand.to_move)
        if phase is _HAND_OVER:
            return [DEAL]
        return []

    def apply(self, action) -> None:
        """Apply one action of the seat to move; raises MalformedError / IllegalActionError."""
        if self.phase is _PLAY:
            # The play path is inlined here: it is the hottest code of every playout.
            card = action if type(action) is Card else self._as_card(action)
            hand = self.hand
            seat = hand.to_move
            held = hand.held[seat]
            trick = hand.trick
            if trick:  # the rule of play_mask
                legal = held & SUIT_MASK[trick[0] // NUM_RANKS] or held
            elif hand.spades_broken:
                legal = held
            else:
                legal = held & _NON_SPADES or held
            if not (legal >> card) & 1:
                raise self.why_illegal(card)  # type: ignore[misc]
            hand.held[seat] = held ^ (1 << card)
            if card < _SPADE_LIMIT:
                hand.spades_broken = True
            if not trick:
                hand.win_card = card
                hand.win_seat = seat
            else:
                best = hand.win_card  # _beats(card, best), inlined
                if (best >= _SPADE_LIMIT or card > best) if card < _SPADE_LIMIT else (
                    card > best and card // NUM_RANKS == best // NUM_RANKS
                ):
                    hand.win_card = card
                    hand.win_seat = seat
            trick.append(card)
            if len(trick) < NUM_SEATS:
                hand.to_move = _NEXT[seat]
                return
            winner = hand.win_seat
            hand.tricks.append(_new_trick(Trick, (hand.leader, tuple(trick), winner)))
            hand.taken[winner] += 1
            hand.trick = []
            hand.leader = hand.to_move = winner
            if len(hand.tricks) == TRICKS_PER_HAND:
                self._finish_hand()
        elif self.phase is _BID:
            self._bid(action)
        elif self.phase is _HAND_OVER:
            if action != DEAL:
                raise IllegalActionError("hand_over")
            self.next_hand()
        else:
            raise IllegalActionError("game_over")

    # --- dealing ----------------------------------------------------------------------------

    def _start_hand(self, dealer: Seat, deal: dict | None) -> None:
        index = len(self.hands)
        if deal is None:
            if self.game is None:
                raise MalformedError("bad_action", text="deal: no game number and no deal")
            masks = deal_masks(self.game, index, dealer)
        else:
            masks = tuple(mask_of(deal[seat]) for seat in SEATS)  # type: ignore[assignment]
        self.hand = HandState(index, dealer, masks)
        self.hands.append(self.hand)
        self.phase = Phase.BID

    def next_hand(self, deal: dict | None = None, dealer: Seat | None = None) -> None:
        """Start the next hand: by default dealt from the game number by the next seat
        clockwise; a record may give the deal and the dealer. ``apply(DEAL)`` calls this."""
        if dealer is None:
            dealer = SEATS[(self.hand.dealer + 1) % NUM_SEATS]
        self._start_hand(dealer, deal)

    # --- bidding ----------------------------------------------------------------------------

    def blind_allowed(self, seat: Seat) -> bool:
        return blind_allowed(self.rules, self.totals, seat)

    def legal_bids(self, seat: Seat) -> list:
        """The bids ``seat`` may make (in order): 0..13, plus ``BLIND`` where allowed."""
        bids: list = list(BID_ACTIONS)
        if self.blind_allowed(seat):
            bids.append(BLIND)
        return bids

    def _bid(self, action) -> None:
        hand = self.hand
        seat = hand.to_move
        if action == BLIND and isinstance(action, str):
            if not self.rules.blind_nil:
                raise IllegalActionError("blind_disabled")
            if not self.blind_allowed(seat):
                raise IllegalActionError("blind_not_trailing")
        elif type(action) is not int:
            if isinstance(action, Card) or (isinstance(action, str) and len(action) == 2):
                raise IllegalActionError("not_playing")
            raise MalformedError("bad_bid", text=repr(action))
        elif not 0 <= action <= MAX_BID:
            raise IllegalActionError("bid_range")
        hand.bids[seat] = action
        hand.bid_log.append(action)
        if len(hand.bid_log) == NUM_SEATS:
            self.phase = Phase.PLAY
            hand.to_move = hand.leader
        else:
            hand.to_move = SEATS[(seat + 1) % NUM_SEATS]

    # --- play -------------------------------------------------------------------------------

    def _as_card(self, action) -> Card:
        if isinstance(action, Card):
            return action
        if isinstance(action, str):
            if action == DEAL:
                raise IllegalActionError("not_hand_over")
            try:
                return Card.parse(action)
            except ValueError:
                raise MalformedError("bad_card", text=repr(action)) from None
        if type(action) is int:
            raise IllegalActionError("not_bidding")
        raise MalformedError("bad_card", text=repr(action))

    def why_illegal(self, card: Card) -> IllegalActionError | None:
        """The reason ``card`` may not be played now by the seat to move, or None."""
        if self.phase is not Phase.PLAY:
            return IllegalActionError("not_playing")
        hand = self.hand
        held = hand.held[hand.to_move]
        if not (held >> card) & 1:
            return IllegalActionError("not_in_hand", card=card.display)
        if (play_mask(held, hand.trick, hand.spades_broken) >> card) & 1:
            return None
        if hand.trick:
            return IllegalActionError("must_follow", suit=SUIT_SYMBOLS[hand.trick[0] // NUM_RANKS])
        return IllegalActionError("spades_not_broken")

    def _finish_hand(self) -> None:
        hand = self.hand
        hand.score = score_hand(hand.bids, hand.taken, self.totals, self.banks, self.rules.bag_penalty)
        self.totals = [s.total for s in hand.score]
        self.banks = [s.bank for s in hand.score]
        self.winner = self._game_result()
        self.phase = Phase.GAME_OVER if self.winner is not None else Phase.HAND_OVER

    def _game_result(self) -> Team | str | None:
        return game_result(self.rules, self.totals, len(self.hands))

    # --- what a seat may know ---------------------------------------------------------------

    def view(self, seat: Seat) -> "View":
        seat = Seat(seat)
        hand = self.hand
        legal = tuple(self.legal_actions()) if self.to_move == seat else ()
        return View(
            seat=seat,
            rules=self.rules,
            phase=self.phase,
            hand_index=hand.index,
            dealer=hand.dealer,
            held=hand.held[seat],
            bids=tuple(hand.bids),
            bid_log=tuple(hand.bid_log),
            tricks=tuple(hand.tricks),
            trick=hand.current_trick(),
            taken=tuple(hand.taken),
            spades_broken=hand.spades_broken,
            to_move=self.to_move,
            legal=legal,
            totals=tuple(self.totals),
            banks=tuple(self.banks),
            sheet=tuple(h.score for h in self.hands if h.score is not None),
            winner=self.winner,
            blind_offer=BLIND in legal,
        )


@dataclass(frozen=True)
class View:
    """What one seat may know: its own cards and everything public. Never another hand."""

    seat: Seat
    rules: Rules
    phase: Phase
    hand_index: int
    dealer: Seat
    held: int
    bids: tuple
    bid_log: tuple
    tricks: tuple[Trick, ...]
    trick: Trick
    taken: tuple[int, ...]
    spades_broken: bool
    to_move: Seat | None
    legal: tuple
    totals: tuple[int, ...]
    banks: tuple[int, ...]
    sheet: tuple = field(default=())
    winner: object = None
    blind_offer: bool = False

    @property
    def hand(self) -> list[Card]:
        return cards_of(self.held)

    @property
    def played_mask(self) -> int:
        mask = 0
        for trick in self.tricks:
            for c in trick.cards:
                mask |= 1 << c
        for c in self.trick.cards:
            mask |= 1 << c
        return mask

    @property
    def unseen_mask(self) -> int:
        """Cards this seat has not seen: neither in its hand nor played."""
        return ((1 << NUM_CARDS) - 1) & ~self.held & ~self.played_mask

    @property
    def team(self) -> Team:
        return TEAMS[self.seat & 1]

    @property
    def partner(self) -> Seat:
        return SEATS[(self.seat + 2) % NUM_SEATS]


__all__ = ["Game", "View", "Trick", "HandState", "trick_winner", "CARDS"]
