"""What the table shows, as plain values: computed first, then drawn by ``render``.

``table_view(ctl)`` asks each part of the table (``controller``) what is on screen now —
South's view of the game, the presentation state, the hint and the bid's preview when the bid
panel is up, the analysis, the review's hand, the statistics' figures when their panel is open
— and returns a ``TableView``. ``render.regions(view)`` turns it into HTML without computing
anything of the game: the hint, the risk figures, the undo point, the replayed hand and the
stored statistics are worked out here, once per render, and only when shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spades import Phase
from spades.claim import claim_plan
from spades.scoring import boston
from spades.values import Value

from . import stats
from .fmt import partner_words
from .play import in_progress, result_text

if TYPE_CHECKING:
    from typing import TypeAlias

    from spades import Card, Trick, View
    from spades.advice import BidRisk
    from spades.rules import Action, Bid

    from .coach import Analysis, Review
    from .controller import Controller
    from .daily import DayShown
    from .saves import Settings

    PartnerSaid: TypeAlias = tuple[Action, str]  # North's last action and its reason in its words
    BidHint: TypeAlias = tuple[Bid, str]  # «Совет»: the bid and its reasons in words
    Confirm: TypeAlias = tuple[int, "int | None"]  # (the game asked for, the unfinished one)
    ReviewedHand: TypeAlias = dict[str, Any]  # ``review.hand_review``: a finished hand replayed
    StatsTotals: TypeAlias = dict[str, Any]  # ``stats.totals``: the statistics' figures


class TableView(Value):
    __slots__ = ("game", "number", "level", "settings", "dealt", "busy", "selected", "shown_trick", "peek",
                 "confirm", "panel", "notice", "south_turn", "blind_pending", "can_undo", "under_way",
                 "result", "partner_said", "bid_hint", "bid_risks", "nil_chance", "analysis", "noise",
                 "review", "review_hand", "stats", "confirm_reset", "bostons", "claim", "day", "coached")
    game: View  # South's view of the game
    number: int | None  # the game number
    level: str  # the opponents' level of this game
    settings: Settings  # what the next game is played with
    dealt: bool  # this hand's deal was shown
    busy: bool  # an animation is under way
    selected: Card | None  # the raised card
    shown_trick: Trick | None  # a finished trick still on the table
    peek: bool  # the last finished trick is shown
    confirm: Confirm | None
    panel: str | None
    notice: str
    south_turn: bool
    blind_pending: bool  # South may bid Blind Nil and has not looked yet
    can_undo: bool
    under_way: bool  # the game was begun (it may be over): settings apply to the next game
    result: str | None  # the game's result, once over
    partner_said: PartnerSaid | None  # when the partner explains
    bid_hint: BidHint | None  # when South is to bid and it is worked out (``Coach.work_out_bid``)
    bid_risks: dict[Bid, BidRisk] | None  # when the bid buttons are up
    nil_chance: float | None  # the Nil's chance, once worked out
    analysis: Analysis | None  # of the hand in the summary
    noise: float  # the analysis lists no cost under this (``spades.analysis.NOISE``)
    review: Review | None  # when the review is open
    review_hand: ReviewedHand | None  # the reviewed hand
    stats: StatsTotals | None  # when the statistics panel is open
    confirm_reset: bool  # «Сбросить статистику» is asking
    bostons: tuple[int, ...]  # per finished hand, the side (0 NS, 1 EW) that took every trick, or −1
    claim: bool  # South is to lead and sure of every remaining trick: «Остальные мои» is offered
    day: DayShown | None  # «Сдача дня» on the table: its par, the result, the departures (``daily``)
    coached: bool  # «Совет», the bid's preview and undo are offered (not in a day played for the record)

    def __init__(self, **fields: Any) -> None:
        super().__init__(*(fields[name] for name in self._fields))


def table_view(ctl: Controller) -> TableView:
    session, coach = ctl.session, ctl.coach
    view = session.view()
    game = session.game
    coached = ctl.daily.coached
    bidding = session.south_turn and game.phase is Phase.BID and coached
    over = game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    analysis = coach.analysis_shown() if over else None
    noise = 0.0
    if analysis is not None and analysis.listed is not None:
        from spades.analysis import NOISE  # the analysis was run: imported (controller.LATER)

        noise = NOISE
    return TableView(
        game=view, number=game.number, level=session.level, settings=session.settings,
        dealt=session.dealt, busy=session.busy, selected=session.selected, shown_trick=session.shown_trick,
        peek=session.peek, confirm=session.confirm, panel=session.panel, notice=session.notice,
        south_turn=session.south_turn, blind_pending=session.blind_pending,
        can_undo=coached and session.undo_point() is not None, under_way=in_progress(game) or game.over,
        result=result_text(game) if game.phase is Phase.GAME_OVER else None,
        partner_said=(session.partner_said[0], partner_words(session.partner_said[1]))
        if session.partner_said is not None and session.settings.explain else None,
        bid_hint=coach.bid_hint() if bidding else None,
        bid_risks=coach.bid_risks() if bidding and not session.blind_pending else None,
        nil_chance=coach.nil_chance(), analysis=analysis, noise=noise,
        review=coach.review, review_hand=coach.review_hand(),
        stats=stats.totals(stats.load(session.store), ctl.daily.today) if session.panel == "stats" else None,
        confirm_reset=ctl.desk.confirm_reset,
        bostons=tuple(next((side for side in range(len(game.table.sides)) if boston(h.taken, side, game.table)), -1)
                      for h in game.hands if h.score is not None),
        claim=session.south_turn and not session.busy and claim_plan(view) is not None,
        day=ctl.daily.shown(), coached=coached,
    )


__all__ = ["TableView", "table_view"]
