"""The computers' turns and the table's animations, between readable pauses.

``Turns.run`` lets the computers act until it is South's turn: each decision is thought a slice
at a time (``slices``), shown after a pause less the time it took, and applied through the
session. A finished trick stays on the table for ``Timing.trick``, then flies to its winner
(``gather``); ``deal`` shows the deal. The page gives the *screen*: ``render()``,
``pause(seconds)`` (ends early on a tap), ``deal(dealer)`` and ``gather(winner)``.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from spades import Phase, Seat, SpadesError
from spades.cards import NUM_CARDS
from spades.claim import claim_plan
from spades.table import PACES
from spades.values import Value

from . import hand_moves
from .fmt import seat_name
from .play import SOUTH, Mark, Session
from .slices import sliced
from .strings import t

if TYPE_CHECKING:
    from typing import Protocol

    class Screen(Protocol):
        """What the page gives the table to draw on and to wait with (``app.Page``)."""

        def render(self) -> None: ...

        async def pause(self, seconds: float) -> None: ...  # ends early on a tap

        async def deal(self, dealer: Seat) -> None: ...

        async def gather(self, winner: Seat) -> None: ...


class Timing(Value):
    """Pauses and animation lengths in seconds; ``FAST`` (``?fast=1``) makes them all zero."""

    __slots__ = ("bid", "play", "trick", "gather", "deal_card", "deal_flight", "draw")
    bid: float
    play: float
    trick: float
    gather: float
    deal_card: float
    deal_flight: float
    draw: float  # a computer's turn of the draw (two players)

    def __init__(self, bid: float = 0.6, play: float = 0.6, trick: float = 0.9, gather: float = 0.35,
                 deal_card: float = 0.025, deal_flight: float = 0.3, draw: float = 0.25) -> None:
        super().__init__(bid, play, trick, gather, deal_card, deal_flight, draw)

    @property
    def deal_total(self) -> float:
        """How long the deal animation lasts: one card after another, the last one's flight."""
        return NUM_CARDS * self.deal_card + self.deal_flight


NORMAL = Timing()
FAST = Timing(0, 0, 0, 0, 0, 0, 0)
# the pace setting (``spades.table.PACES``): how long the computers' pauses and a finished trick last,
# against the normal pace (the animations keep their length)
PACE = dict(zip(PACES, (1.6, 1.0, 0.4)))


class Turns:
    def __init__(self, session: Session, screen: Screen, timing: Timing = NORMAL) -> None:
        self.session = session
        self.screen = screen
        self.timing = timing
        self.running = False
        self.think_ms: list[float] = []  # each computer decision's time, for the benchmark

    async def run(self) -> bool:
        """Let the computers act until it is South's turn, the hand ends, or a new position
        replaces this one (then False: the caller runs the new position's turns)."""
        session = self.session
        if self.running:
            return True
        self.running = True
        mark = session.mark()
        moved = False
        session.partner_line = ""  # the partner's action with its reason, if it acts in this run
        try:
            while mark.current:
                if session.shown_trick is not None:
                    await self.gather(mark)
                    moved = True
                    continue
                game = session.game
                if (game.phase not in (Phase.BID, Phase.PLAY, Phase.DRAW) or not session.dealt or session.confirm
                        or session.failed):
                    break
                seat = game.to_move
                if seat == SOUTH:
                    break
                self.screen.render()
                # «Остальные мои» (not in «Сдача дня»: its table plays every card, as its par's does)
                if game.phase is Phase.PLAY and seat is not None and not session.daily and claim_plan(game.view(seat)):
                    await self.screen.pause(self.paced(self.timing.play))
                    if not mark.current:
                        break
                    hand_moves.claim(session)
                    session.seq += 1
                    moved = True
                    self.screen.render()
                    continue
                began = time.perf_counter()
                chosen = await self.choose(seat)  # type: ignore[arg-type]  # bidding or playing: a seat
                if not mark.current or chosen is None:
                    break
                # the readable pause, less the time the computer spent thinking
                wanted = self.paced({Phase.BID: self.timing.bid, Phase.DRAW: self.timing.draw}.get(
                    game.phase, self.timing.play))
                await self.screen.pause(max(0.0, wanted - (time.perf_counter() - began)))
                if not mark.current:
                    break
                try:
                    session.apply(*chosen)
                except SpadesError as exc:  # a bot's illegal action: the same as its crash
                    self.failed(seat, exc)  # type: ignore[arg-type]
                    break
                session.seq += 1
                moved = True
                self.screen.render()
        finally:
            self.running = False
        if not mark.current:
            return False
        if moved:
            if session.south_turn:
                session.sound("turn")
            last = "" if session.game.over else session.status
            # the partner's reason stays in view when the opponents acted after it
            said = session.partner_line if session.partner_line != last else ""
            session.status = " ".join(text for text in (said, last, session.prompt()) if text)
            self.screen.render()
        return True

    async def busy_pause(self, seconds: float) -> None:
        """A pause in which the table counts as at work (``data-busy``; a tap ends it early)."""
        self.running = True
        self.screen.render()
        try:
            await self.screen.pause(seconds)
        finally:
            self.running = False

    def paced(self, seconds: float) -> float:
        """A pause of the normal pace, at the pace the player chose."""
        return seconds * PACE.get(self.session.settings.pace, 1.0)

    async def choose(self, seat: Seat) -> tuple | None:
        """The computer's action and its reason (None unless the partner explains), thought a
        slice at a time; None when the computer failed."""
        from . import players

        session = self.session
        view = session.game.view(seat)
        level = session.level_of(seat)
        try:
            if seat == session.partner and session.settings.explain:  # the partner says why
                chosen, seconds = await sliced(players.think_why(session.number, view, level), self.screen.pause)
            else:
                action, seconds = await sliced(players.think(session.number, view, level), self.screen.pause)
                chosen = (action, None)
        except Exception as exc:
            self.failed(seat, exc)
            return None
        self.think_ms.append(seconds * 1000)
        return chosen

    def failed(self, seat: Seat, exc: Exception) -> None:
        """A computer player's bug: say so and stop at this move. Playing some other card for
        it would make a game that no longer replays the same from its record."""
        session = self.session
        error = f"{type(exc).__name__}: {exc}"
        print(f"Пики: computer player at {seat.name} failed: {error}")
        session.failed = error
        session.notice = t("bot.failed", seat=seat_name(seat), error=error)
        session.status = session.notice

    async def gather(self, mark: Mark) -> None:
        """The finished trick stays a moment, then flies to its winner."""
        session = self.session
        trick: Any = session.shown_trick  # a finished ``Trick``: its winner is known
        session.busy = True
        self.screen.render()
        await self.screen.pause(self.paced(self.timing.trick))
        if mark.current:
            await self.screen.gather(trick.winner)
        if mark.current:
            session.sound("trick")
            session.shown_trick = None
            session.busy = False
            winner = trick.winner
            session.status = t("status.trick_won.you") if winner == SOUTH else t(
                "status.trick_won", seat=seat_name(winner))
            self.screen.render()

    async def deal(self) -> None:
        """Show this hand's deal; South may bid once the cards have arrived."""
        session = self.session
        session.dealt = False
        session.looked = not session.view().may_bid_blind
        session.selected = None
        session.busy = True
        session.status = t("status.dealing")
        mark = session.mark()
        self.screen.render()
        await self.screen.deal(session.view().dealer)  # none fly at two: the cards are drawn
        if not mark.current:
            return
        session.busy = False
        session.dealt = True
        session.save_seen()
        session.status = session.prompt()
        if session.south_turn:
            session.sound("turn")


__all__ = ["FAST", "NORMAL", "Timing", "Turns"]
