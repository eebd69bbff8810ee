"""What one seat may know of a game: ``View``, made by ``Game.view``; bots and the page get views,
never the state."""

from __future__ import annotations

from typing import NamedTuple

from .bids import blind_numbers
from .cards import SEATS, TEAMS, Card, Seat, cards_of
from .rules import NIL, Outcome, Phase, Rules, blind_allowed, hand_actors, in_turn, is_blind, number_bids
from .scoring import TeamScore
from .seating import PARTNERS, Table
from .values import Value


class Trick(NamedTuple):
    """A trick: who led, the cards in the order played, and who won (None while open)."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat | None = None
    table: Table = PARTNERS  # the table it is played at: who plays after whom

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Who played its cards, in order."""
        return in_turn(self.leader, self.table, len(self.cards))

    def to_json(self) -> dict[str, str | list[str]]:
        out: dict[str, str | list[str]] = {"leader": self.leader.name, "cards": [str(c) for c in self.cards]}
        if self.winner is not None:
            out["winner"] = self.winner.name
        return out


class View(Value):
    """What one seat may know: its own cards and everything public. Never another hand."""

    __slots__ = ("seat", "rules", "phase", "hand_index", "dealer", "held", "bids", "bid_log", "tricks",
                 "trick", "taken", "spades_broken", "to_move", "legal", "totals", "banks", "sheet", "outcome",
                 "draws", "offered", "discarded")
    seat: Seat
    rules: Rules
    phase: Phase
    hand_index: int
    dealer: Seat
    held: int
    bids: tuple[int | str | None, ...]  # a bid: 0..13 or BLIND; None before the seat bids
    bid_log: tuple[int | str, ...]
    tricks: tuple[Trick, ...]
    trick: Trick
    taken: tuple[int, ...]
    spades_broken: bool
    to_move: Seat | None
    legal: tuple[int | str, ...]  # the actions (bids, cards or DEAL) this seat may take now
    totals: tuple[int, ...]
    banks: tuple[int, ...]
    sheet: tuple[tuple[TeamScore, ...], ...]  # each finished hand's rows, by side
    outcome: Outcome | None  # how the game ended, once it has
    draws: tuple[str, ...]  # the draw (two players): every turn's choice so far (public; the cards are not)
    offered: Card | None  # the draw: the card this seat looks at, on its turn
    discarded: int  # the draw: the cards this seat has seen and discarded (no other seat's)

    def __init__(self, seat: Seat, rules: Rules, phase: Phase, hand_index: int, dealer: Seat, held: int,
                 bids: tuple[int | str | None, ...], bid_log: tuple[int | str, ...], tricks: tuple[Trick, ...],
                 trick: Trick, taken: tuple[int, ...], spades_broken: bool, to_move: Seat | None,
                 legal: tuple[int | str, ...], totals: tuple[int, ...], banks: tuple[int, ...],
                 sheet: tuple[tuple[TeamScore, ...], ...] = (), outcome: Outcome | None = None,
                 draws: tuple[str, ...] = (), offered: Card | None = None, discarded: int = 0) -> None:
        super().__init__(seat, rules, phase, hand_index, dealer, held, bids, bid_log, tricks, trick, taken,
                         spades_broken, to_move, legal, totals, banks, sheet, outcome, draws, offered, discarded)

    def looked(self) -> View:
        """This view once the seat has looked at its cards: no blind bid is a choice any more."""
        seen = tuple(a for a in self.legal if not is_blind(a))
        return self._replace(legal=seen) if len(seen) < len(self.legal) else self

    @property
    def hand(self) -> list[Card]:
        return cards_of(self.held)

    @property
    def actors(self) -> tuple[Seat, ...]:
        """Who took each action of this hand so far (its draw, its bids, then its cards)."""
        return hand_actors(self.dealer, len(self.bid_log), (*self.tricks, self.trick), self.rules.layout,
                           len(self.draws))

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
        """Cards of this game's deck this seat has not seen: neither in its hand, nor played, nor
        discarded by it in the draw."""
        return self.rules.deck & ~self.held & ~self.played_mask & ~self.discarded

    @property
    def team(self) -> int:
        """This seat's side: its index in the totals (a ``Team`` at partnerships)."""
        side = self.rules.layout.side_of[self.seat]
        return TEAMS[side] if self.rules.table == PARTNERS.name else side

    @property
    def partner(self) -> Seat | None:
        """The partner's seat; None at a table without partners."""
        return self.rules.layout.partner_of[self.seat]

    @property
    def partner_bid(self) -> int | str | None:
        """The partner's bid so far; None before it, and at a table without partners."""
        partner = self.rules.layout.partner_of[self.seat]
        return None if partner is None else self.bids[partner]

    @property
    def action_count(self) -> int:
        """How many actions this hand has had so far (draws, bids and cards)."""
        return (len(self.draws) + len(self.bid_log) + self.rules.layout.players * len(self.tricks)
                + len(self.trick.cards))

    @property
    def last_trick(self) -> Trick | None:
        """The last finished trick of this hand (with its winner), or None before the first."""
        return self.tricks[-1] if self.tricks else None

    @property
    def hand_score(self) -> tuple[TeamScore, ...] | None:
        """The finished hand's score rows by side (``(NS, EW)``), or None while it is played."""
        if self.phase is Phase.HAND_OVER or self.phase is Phase.GAME_OVER:
            return self.sheet[-1] if self.sheet else None
        return None

    @property
    def held_counts(self) -> tuple[int, ...]:
        """How many cards each seat still holds (none, a seat that does not play)."""
        table = self.rules.layout
        if self.phase is Phase.DRAW:  # a card a turn of the draw
            counts = [0] * len(SEATS)
            for who in self.actors:
                counts[who] += 1
            return tuple(counts)
        counts = [table.hand_size - len(self.tricks) if seat in table.seats else 0 for seat in SEATS]
        for who in self.trick.seats:
            counts[who] -= 1
        return tuple(counts)

    @property
    def may_bid_blind(self) -> bool:
        """This seat has still to bid in this hand, and a blind bid would be allowed: Blind Nil
        (not where a number must be bid), or a blind number (``blind_bids``)."""
        if self.phase is not Phase.BID or self.bids[self.seat] is not None:
            return False
        rules, totals, seat = self.rules, self.totals, self.seat
        return (blind_allowed(rules, totals, seat) and NIL in number_bids(rules, self.partner_bid)
                or bool(blind_numbers(rules, totals, seat, self.partner_bid)))


__all__ = ["Trick", "View"]
