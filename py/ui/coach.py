"""The coach: the hint, the bid's risk preview, the Nil's chance, the analysis and the review.

The bid hint and the Nil's chance come from one search, the hard level's bid for South's view
(``advice.bid_choice_steps``), worked out in the game's worker while the bid panel is open.

Everything here reads the session's game and never changes it: the hint raises a card or bids
through the controller, the review and the analysis look at hands already played. The work is
the computer players' and the engine's (``players``, ``spades.advice``, ``spades.analysis``,
``review.hand_review``), imported when first used; long work is done a slice at a time
(``slices``) and dropped when the table has moved on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from spades import Card, Phase
from spades.record import to_record
from spades.rules import DISCARD, KEEP, TRICKS_PER_HAND, is_blind
from spades.values import Value

from .play import SOUTH, Session
from .review import hand_review
from .slices import ABANDONED, reporting, sliced, while_true
from .strings import language, t

if TYPE_CHECKING:

    from spades.advice import BidRisk
    from spades.analysis import Decision
    from spades.rules import Bid

    from .turns import Screen


class Analysis(Value):
    """«Разбор сдачи» of one hand: how many of South's decisions are priced of how many, and,
    once all are, the costliest (``spades.analysis.costliest``; None while under way) and the
    bid's own verdict (its ``Decision``: the best bid beside South's; None for a Blind Nil)."""

    __slots__ = ("game", "hand", "done", "total", "listed", "bid")
    game: int | None
    hand: int
    done: int
    total: int
    listed: tuple | None
    bid: Decision | None

    def __init__(self, game: int | None, hand: int, done: int, total: int, listed: tuple | None = None,
                 bid: Decision | None = None) -> None:
        super().__init__(game, hand, done, total, listed, bid)


class Review(Value):
    """The hand under review (0-based) and how many of its tricks are shown (0: the bids), at
    most ``last`` (the hand's tricks: 13, 17 at three)."""

    __slots__ = ("hand", "step", "last")
    hand: int
    step: int
    last: int

    def __init__(self, hand: int, step: int = 0, last: int = TRICKS_PER_HAND) -> None:
        super().__init__(hand, max(0, min(last, step)), last)


class Coach:
    def __init__(self, session: Session, screen: Screen) -> None:
        self.session = session
        self.screen = screen
        self._bid: tuple = (None, None)  # (the position's key, South's bid hint there: a ``Hint``)
        self._working: tuple | None = None  # the key of the bid hint being worked out
        self.awaited = False  # «Совет» was pressed before its bid was worked out: the table waits
        self.nil_chances: dict = {}  # (game, hand) -> how often South's Nil holds (playouts)
        self.analysis: Analysis | None = None
        self._review: tuple = (None, None)  # (the session's epoch, Review) of the open review
        self._reviewed: tuple = (None, None)  # ((epoch, hand), hand_review) replayed once

    # --- the hint ---------------------------------------------------------------------------

    def _bid_key(self) -> tuple:
        """South's bidding position: the game, the hand, the bids so far in it, and whether the
        cards were looked at (before, Blind Nil may be the hint). Asked at every slice of the
        search: counted, not rebuilt from the game's history."""
        session = self.session
        game = session.game
        return (game.number, len(game.hands), len(game.hand.bid_log), session.looked)

    def bid_hint(self) -> tuple[Bid, str] | None:
        """The «Совет» for South's bid in this position, ``(bid, reason)`` in the page's language:
        the hard level's bid (``advice.bid_choice_steps``), or None while ``work_out_bid`` works
        it out."""
        key, advice = self._bid
        if advice is None or key != self._bid_key():
            return None
        return cast("Bid", advice.action), advice.text(language())

    async def work_out_bid(self) -> None:
        """Work out South's bid hint once South is to bid, a slice at a time (the page stays
        live; the hard level's playouts take a moment), then show it. With the cards seen, Nil
        is played out too, and the same playouts give the Nil's chance for the preview."""
        from spades.advice import bid_choice_steps, hint_of

        session = self.session
        game, mark = session.game, session.mark()
        if game.phase is not Phase.BID or game.to_move is not SOUTH or not session.dealt:
            return
        key = self._bid_key()
        while self._working == key:  # a handler is working it out already: wait for it
            await self.screen.pause(0.05)
        if self._bid[0] == key:
            return
        view = session.view()
        if session.looked:
            view = view.looked()
        price = session.looked and 0 in view.legal

        def still_bidding() -> bool:  # South has not bid meanwhile, nor looked, nor a new game begun
            return mark.current and session.game is game and self._bid_key() == key

        self._working = key
        try:
            steps = while_true(bid_choice_steps(view, session.number, price_all=price), still_bidding)
            choice, _ = await sliced(steps, self.screen.pause)
        finally:
            self._working = None
        if choice is ABANDONED or not still_bidding():
            return
        self._bid = (key, hint_of(choice))
        if price:
            self.nil_chances = {(game.number, len(game.hands)): choice.nil_held()}
        self.screen.render()

    async def play_hint(self) -> None:
        """The «Совет» for South's card: the card is raised and the reason said."""
        from . import players

        session = self.session
        mark, seq = session.mark(), session.seq
        steps = players.hint_steps(session.view(), session.number, lang=language())
        (action, reason), _ = await sliced(steps, self.screen.pause)
        if not mark.current or seq != session.seq:
            return  # the table moved on while the hint was being worked out
        if isinstance(action, Card):
            session.selected = action
            session.status = f"{t('button.hint.play')}: {action.display} — {reason}"
        elif action in (KEEP, DISCARD):  # the draw (two players)
            session.status = f"{t('button.hint.play')}: {t('button.' + str(action))} — {reason}"

    # --- the bid's preview --------------------------------------------------------------------

    def bid_risks(self) -> dict[Bid, BidRisk]:
        """South's bids (0..13) -> ``advice.BidRisk``: the risk preview beside the bid buttons."""
        from spades.advice import bid_risk
        from spades.bots.estimate import estimate

        view = self.session.view()
        est = estimate(view.held, view.rules.over_ace)  # counted once for all the bids
        return {n: bid_risk(view, n, est) for n in view.legal if not is_blind(n)}

    def nil_chance(self) -> float | None:
        """How often South's Nil holds in the hard level's playouts of this hand, or None while
        it is being worked out (``work_out_bid``)."""
        game = self.session.game
        return self.nil_chances.get((game.number, len(game.hands)))

    # --- the analysis -------------------------------------------------------------------------

    def analysis_shown(self) -> Analysis | None:
        """The analysis of the hand on the table, if one was asked for."""
        game, state = self.session.game, self.analysis
        if state is None or (state.game, state.hand) != (game.number, self.session.view().hand_index):
            return None
        return state

    async def analyse(self) -> None:
        """«Разбор сдачи»: South's bid and cards in the hand just finished, priced by the hard
        level from South's own knowledge at the time (``spades.analysis.analyse_steps``), a
        slice at a time, with progress; then the costliest decisions are listed."""
        from spades import analysis

        session = self.session
        game = session.game
        if game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
            return
        hand = session.view().hand_index
        if self.analysis_shown() is not None:
            return  # done or under way
        total = len(analysis.decisions_of(game, hand, SOUTH))
        self.analysis = state = Analysis(game.number, hand, 0, total)
        mark, hands = session.mark(), len(game.hands)
        self.screen.render()
        await self.screen.pause(0)  # the progress shows before the first slice, in a task of its own

        def still_shown() -> bool:  # the summary of this hand is still on the table
            return (mark.current and session.game is game and len(game.hands) == hands
                    and game.phase in (Phase.HAND_OVER, Phase.GAME_OVER) and self.analysis is state)

        def progress(decision: Decision) -> None:  # one more decision priced: drawn in a task of its own
            nonlocal state
            if state.done + 1 < total:  # the last is drawn with the list, when the handler returns
                self.analysis = state = state._replace(done=state.done + 1)
                self.screen.render()

        decisions = await sliced(while_true(reporting(analysis.analyse_steps(game, hand, SOUTH), progress),
                                            still_shown), self.screen.pause)
        if decisions[0] is ABANDONED or not still_shown():
            if self.analysis is state:
                self.analysis = None  # the next hand was dealt, a new game begun, …: moot
            return
        bid = next((d for d in decisions[0] if d.kind == "bid"), None)
        self.analysis = Analysis(game.number, hand, total, total, tuple(analysis.costliest(decisions[0])), bid)

    # --- the review ---------------------------------------------------------------------------

    @property
    def review(self) -> Review | None:
        """The review open on this game (a review belongs to the game it was opened on)."""
        epoch, review = self._review
        return review if epoch == self.session.epoch else None

    @review.setter
    def review(self, review: Review | None) -> None:
        self._review = (self.session.epoch, review)

    def review_hand(self) -> dict | None:
        """The hand under review (``review.hand_review`` of the record), replayed once per hand
        opened, not at every render: a finished hand does not change."""
        review = self.review
        if review is None:
            return None
        key = (self.session.epoch, review.hand)
        if self._reviewed[0] != key:
            self._reviewed = (key, hand_review(to_record(self.session.game), review.hand))
        return self._reviewed[1]

    def open_review(self, hand: int, step: int = 0) -> None:
        """Open the review of finished hand ``hand`` (0-based) at trick ``step``."""
        if 0 <= hand < len(self.session.view().sheet) and 0 <= step <= self.session.game.table.hand_size:
            self.review = Review(hand, step, self.session.game.table.hand_size)
            self.session.panel = "review"

    def step_review(self, delta: int) -> None:
        """One trick forward (``+1``) or back (``-1``); ``0`` and the hand's size (13, 17 at three)
        go to an end."""
        review = self.review
        if review is not None:
            last = self.session.game.table.hand_size
            step = 0 if delta == 0 else (last if delta == last else review.step + delta)
            self.review = Review(review.hand, step, review.last)

    # --- the page's events (``Controller.handle``) ---------------------------------------------

    def do_review(self, value: int | str) -> None:
        """Open the review of finished hand ``value`` (1-based), at its bids (no trick yet)."""
        try:
            hand = int(value)
        except (TypeError, ValueError):
            return
        self.open_review(hand - 1)

    def do_review_at(self, value: str) -> None:
        """Open the review of hand H at trick T (``"H:T"``, both 1-based; T = 0 opens it at the
        bids): from the analysis."""
        try:
            hand, trick = (int(part) for part in str(value).split(":"))
        except ValueError:
            return
        self.open_review(hand - 1, trick)

    def do_review_step(self, value: int | str) -> None:
        try:
            delta = int(value)
        except (TypeError, ValueError):
            return
        self.step_review(delta)


__all__ = ["Analysis", "Coach", "Review"]
