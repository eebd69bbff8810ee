"""The tables the game is played at: who plays, who scores together, how many cards, how dealt.

Part of the rules kernel (``rules`` re-exports it and its ``Rules`` carries the table as the
option ``"table"``). A ``Table`` is data; the engine, the simulator of the computer players, the
records and the page read these facts and none restates them:

- ``seats``: the seats that play, clockwise from South (the seat indices stay S 0, W 1, N 2,
  E 3 at every table; a seat that does not play holds nothing and never moves);
- ``sides``: who scores together, each a tuple of seats; side 0 holds South. Partnerships are
  NS and EW; at a solo table every seat is its own side, named by its seat;
- ``hand_size``: the cards each seat holds and the tricks of a hand (13; 17 for three players,
  who play without the 2♣: ``aside``, a mask of the cards put out of the game before the deal);
- ``draw``: the two-player game's draw replaces the deal (``Game``, ``deal.shuffled``): the
  stock is the shuffled deck, and on each turn the player to draw looks at the top card and
  either keeps it and discards the next, or discards it and keeps the next, until each holds
  ``hand_size`` cards;
- ``refuses``: the options that make no sense at the table (a team's minimum without teams).

Derived, for the hot paths: ``next[seat]`` (the next seat to play clockwise, for any seat),
``turns[leader]`` (a trick's seats in turn from its leader),
``side_of[seat]`` (−1 for a seat that does not play), ``partner_of[seat]`` (None at a solo
table), ``first_dealer`` (the seat on South's right: South bids first in the first hand).
"""

from __future__ import annotations

from .cards import HAND_SIZE, NUM_CARDS, NUM_RANKS, SEATS, Seat, Suit

# the options a table without partners refuses: they speak of a team of two
TEAM_OPTIONS = ("min_team_bid", "nil_tricks_count", "bidding")
TWO_OF_CLUBS = Suit.CLUBS * NUM_RANKS
THREES_HAND = (NUM_CARDS - 1) // 3  # three players: 17 cards each, the 2♣ put aside


class Table:
    """One table (see the module's text). Compared by identity: ``TABLES`` holds each once."""

    __slots__ = ("name", "seats", "sides", "hand_size", "aside", "draw", "refuses", "players", "next",
                 "side_of", "partner_of", "first_dealer", "side_names", "solo", "turns")

    def __init__(self, name: str, seats: tuple[Seat, ...], sides: tuple[tuple[Seat, ...], ...], hand_size: int,
                 aside: int = 0, draw: bool = False, refuses: tuple[str, ...] = (),
                 side_names: tuple[str, ...] | None = None) -> None:
        self.name = name
        self.seats = seats
        self.sides = sides
        self.hand_size = hand_size
        self.aside = aside
        self.draw = draw
        self.refuses = refuses
        self.players = len(seats)
        self.next = tuple(next(s for k in range(1, len(SEATS) + 1)
                               if (s := SEATS[(seat + k) % len(SEATS)]) in seats) for seat in SEATS)
        self.side_of = tuple(next((i for i, side in enumerate(sides) if seat in side), -1) for seat in SEATS)
        self.partner_of = tuple(next((s for s in sides[self.side_of[seat]] if s != seat), None)
                                if seat in seats else None for seat in SEATS)
        self.first_dealer = next(s for s in seats if self.next[s] == Seat.S)
        self.side_names = side_names or tuple("".join(s.name for s in side) for side in sides)
        self.solo = all(len(side) == 1 for side in sides)
        # turns[leader]: the seats of a round (a trick) from ``leader``, in turn; none for a seat
        # that does not play
        self.turns = tuple(self._round(seat) if seat in seats else () for seat in SEATS)

    def _round(self, first: Seat) -> tuple[Seat, ...]:
        seats = [first]
        while len(seats) < self.players:
            seats.append(self.next[seats[-1]])
        return tuple(seats)

    def __repr__(self) -> str:
        return f"TABLES[{self.name!r}]"

    def __reduce__(self) -> tuple[object, tuple[str]]:  # copies and pickles as the same table
        return table_named, (self.name,)

    def opponents(self, seat: int) -> tuple[Seat, ...]:
        """The seats playing against ``seat``: every seat of the other sides."""
        mine = self.side_of[seat]
        return tuple(s for s in self.seats if self.side_of[s] != mine)


S, W, N, E = SEATS
PARTNERS = Table("partners", (S, W, N, E), ((S, N), (W, E)), HAND_SIZE, side_names=("NS", "EW"))
TABLES = {table.name: table for table in (
    PARTNERS,
    Table("two", (S, N), ((S,), (N,)), HAND_SIZE, draw=True, refuses=(*TEAM_OPTIONS, "first_trick_clubs")),
    Table("cutthroat", (S, W, N, E), ((S,), (W,), (N,), (E,)), HAND_SIZE, refuses=TEAM_OPTIONS),
    Table("cutthroat3", (S, W, E), ((S,), (W,), (E,)), THREES_HAND, aside=1 << TWO_OF_CLUBS, refuses=TEAM_OPTIONS),
)}
TABLE_NAMES = tuple(TABLES)
MOST_CARDS = max(table.hand_size for table in TABLES.values())


def table_named(name: str) -> Table:
    return TABLES[name]

__all__ = ["MOST_CARDS", "PARTNERS", "TABLES", "TABLE_NAMES", "TEAM_OPTIONS", "Table", "table_named"]
