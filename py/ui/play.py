"""The game session: the game at the table, what is shown of it, and its saving.

``Session`` holds the game being played (``spades.Game``: actions reach it only through
``apply``, and it is read through ``view(Seat.S)`` and its public state), the settings it is
played with, and the little that is only presentation: whether this hand's deal was shown, the
raised card, a finished trick still on the table, the open panel, the status line and the
notice. Every write to the store goes through ``stored``: a full or forbidden storage is said,
never raised. The other parts of the table (``controller``, ``turns``, ``coach``, ``files``,
``prefs``, ``stats.Desk``) act on one ``Session``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from spades import BLIND, DEAL, Card, Game, Phase, Seat, SpadesError
from spades.rules import DISCARD, KEEP, is_blind, is_nil
from spades.table import HUMAN, PARTNER_LEVEL

from . import days, saves, stats
from .fmt import bid_text, number, partner_words, seat_name, side_scores, signed
from .strings import language, set_language, t

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TypeVarTuple, Unpack

    from spades import Trick, View
    from spades.reasons import Why
    from spades.rules import Action

    from .days import DayPlay
    from .saves import Store

    Args = TypeVarTuple("Args")

SOUTH = HUMAN
MAX_GAME_NUMBER = 999_999
# the table's sounds, by what happened (js/main.mjs synthesises each): a card played, a trick
# gathered, South's turn, a hand's end, a Nil broken (its bidder took a trick)
SOUNDS = ("card", "trick", "turn", "hand", "nil")


def reason_text(error: SpadesError) -> str:
    """The engine's reason in the page's language, as a sentence for the status line."""
    text = error.reason(language())
    return text[:1].upper() + text[1:]


def in_progress(game: Game) -> bool:
    """A game that someone has started playing and that is not over."""
    return not game.over and bool(game.actions())


def parse_game_number(text: object) -> int | None:
    """A game number from the address (``?game=N``): ASCII digits only, 1..999999; anything
    else (``²``, ``-3``, ``1e3``, an empty or huge text) is ignored."""
    if not isinstance(text, str) or not 0 < len(text) <= len(str(MAX_GAME_NUMBER)):
        return None
    if not all("0" <= ch <= "9" for ch in text):
        return None
    number = int(text)
    return number if 0 < number <= MAX_GAME_NUMBER else None


def new_game_number() -> int:
    return random.randint(1, MAX_GAME_NUMBER)


class Mark:
    """The table's position when some work began (a computer's thought, an animation, an
    analysis): ``current`` turns false once a new game, an opened record or an undo replaced
    it, and the work is moot."""

    __slots__ = ("session", "epoch")

    def __init__(self, session: Session) -> None:
        self.session = session
        self.epoch = session.epoch

    @property
    def current(self) -> bool:
        return self.epoch == self.session.epoch


class Session:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.settings, damaged = saves.load_settings(store)
        set_language(self.settings.lang)
        self.game: Game = Game(game=0, rules=self.settings.rules)
        self.level = self.settings.level
        self.undos = 0  # South's decisions taken back in this game (kept in the record)
        self.started = 0  # this play of the game number, for the statistics (kept in the record)
        self.replayed: list[dict] = []  # the hands played again, as first played (``hand_moves``)
        self.daily: DayPlay | None = None  # «Сдача дня» on the table (``daily``), saved on its own
        self.epoch = 0  # counts the positions that replaced one another (``Mark``)
        self.seq = 0  # counts events and computer actions: tests wait for it to move on
        self.dealt = False  # this hand's deal was shown
        self.looked = False  # South has seen this hand's cards (no Blind Nil then)
        self.selected: Card | None = None  # the raised card
        self.shown_trick: Trick | None = None  # a finished trick still on the table
        self.peek = False  # the last finished trick is shown instead of the current one
        self.busy = False  # an animation is under way
        self.confirm: tuple[int, int | None] | None = None  # (the game asked for, the unfinished one)
        self.panel: str | None = None
        self.failed: str | None = None  # a computer player's error: the table stops there
        self.partner_said: tuple | None = None  # (North's last action, its reason: code, params)
        self.partner_line = ""  # North's action with its reason, while the computers act
        self.status = ""
        self.notice = ""
        self.sounds: list[str] = []  # what the table sounds like since the last render (``SOUNDS``)
        if damaged:
            self.notice = t("settings.damaged", fields=", ".join(damaged))

    # --- the game at the table ---------------------------------------------------------------

    def mark(self) -> Mark:
        return Mark(self)

    def view(self) -> View:
        return self.game.view(SOUTH)

    @property
    def number(self) -> int:
        """The game number: the key of every computer decision and hint of this game."""
        return self.game.key

    def level_of(self, seat: Seat) -> str:
        return PARTNER_LEVEL if seat == self.partner else self.level

    @property
    def partner(self) -> Seat | None:
        """South's partner (North), or None at a table without partners."""
        return self.game.table.partner_of[SOUTH]

    @property
    def starting(self) -> bool:
        """This hand has not begun: no bid made, no card drawn (its deal not shown yet)."""
        view = self.view()
        return (view.phase is Phase.BID and not view.bid_log) or (view.phase is Phase.DRAW and not view.draws)

    @property
    def blind_pending(self) -> bool:
        """South may bid Blind Nil in this hand and has not looked at the cards yet."""
        return self.dealt and not self.looked and self.view().may_bid_blind

    @property
    def south_turn(self) -> bool:
        return self.dealt and not self.busy and self.game.to_move == SOUTH and not self.confirm

    @property
    def can_deal(self) -> bool:
        """«Раздать» would deal now: a hand is over, or this hand's deal was not shown yet."""
        game = self.game
        return not self.busy and not self.confirm and (
            game.phase is Phase.HAND_OVER or (game.phase in (Phase.BID, Phase.DRAW) and not self.dealt))

    def start(self, url_game: int | None = None) -> None:
        """Continue the saved game, or start game ``url_game`` (asking first when that would
        lose an unfinished game), or a new one."""
        try:
            saved = saves.load_game(self.store)
        except saves.DamagedSave as exc:
            self.notice = saves.damaged_notice(self.store, exc)
            saved = None
        if saved is None:
            self.new_game(url_game)
            return
        game, level, self.undos, self.started, self.replayed = saved
        numberless = game.number is None
        if numberless:  # a record that gave every deal: the hands to come need a number
            game.with_number(url_game or new_game_number())
            self.notice = t("game.numberless", number=game.number)
        self.adopt(game, level)
        if numberless:
            self.save()
            return
        if url_game is not None and url_game != game.number:
            if in_progress(game):
                self.confirm = (url_game, game.number)
                return
            self.new_game(url_game)

    def new_game(self, number: int | None = None) -> None:
        """Game ``number`` (a new number when None), with the current settings."""
        if number is None:
            number = new_game_number()
        self.undos, self.replayed = 0, []
        self.started = random.randint(1, 2**31 - 1)
        self.clear_seen()  # nothing of the new game has been shown yet
        self.adopt(Game(game=number, rules=self.settings.rules), self.settings.level)
        self.save()

    def adopt(self, game: Game, level: str) -> None:
        """Put ``game`` on the table, as it was last shown (``saves.load_seen``), in place of «Сдача дня»'s."""
        self.epoch += 1
        if self.daily is not None:  # another game replaces the day's: it is left
            self.daily = None
            self.stored(self.store.set, saves.DAILY_KEY, "")
        self.game = game
        self.level = level
        view = game.view(SOUTH)
        seen = saves.load_seen(self.store, game)
        self.dealt = seen is not None or not self.starting
        self.looked = bool(seen) or not view.may_bid_blind
        self.failed = None
        self.peek = False
        self.partner_said = saves.load_said(self.store, game)
        if self.panel == "review":  # a review belongs to the game it was opened on
            self.panel = None
        self.selected = None
        self.shown_trick = None
        self.busy = False
        self.confirm = None
        self.status = self.prompt()

    def apply_deal(self) -> None:
        """The next hand is dealt (its deal is shown by ``Turns.deal``)."""
        self.game.apply(DEAL)
        self.save()

    def rewind(self, point: int) -> None:
        """Take the game back to its first ``point`` actions (``undo_point``)."""
        self.epoch += 1  # a computer still thinking about the old position stops
        self.game = self.game.rewound(point)
        self.undos += 1
        self.selected = None
        self.shown_trick = None
        self.peek = False
        self.save()

    def undo_point(self) -> int | None:
        """How many of the game's actions to keep to take back South's last decision of this
        hand (its bid or its card, and the computers' actions after it); None when there is
        nothing to take back: South has not acted in this hand yet, or the hand is scored."""
        view = self.view()
        if view.phase not in (Phase.BID, Phase.PLAY, Phase.DRAW):
            return None
        mine = [k for k, seat in enumerate(view.actors) if seat == SOUTH]
        if not mine:
            return None
        return len(self.game.actions()) - view.action_count + mine[-1]

    def apply(self, action: Action, reason: Why | None = None) -> None:
        """The one engine call for an action of the seat to move (``reason``: North's own
        words for it) and the save; then, each in a method of its own, the line that says it
        (``said``), the partner's reason kept (``keep_said``), what the table does after it
        (``after``: sounds, the finished trick, the statistics) and the status line. Raises the
        engine's ``SpadesError`` for an illegal action, changing nothing."""
        game = self.game
        seat = cast("Seat", game.to_move)  # an action is the seat to move's
        tricks = len(game.hand.tricks)
        game.apply(action)
        self.save()
        if isinstance(action, str) and action not in (BLIND, KEEP, DISCARD) and not is_blind(action):
            action = game.rules.card(Card.parse(action))
        text = said(game, seat, action)
        if seat == self.partner:
            text = self.keep_said(action, reason, text)
        self.after(action, tricks)
        self.status = text

    def keep_said(self, action: Action, reason: Why | None, text: str) -> str:
        """The partner's reason for the action it just took: kept for the table and a reload
        (None: not asked or not said), and joined to the status line ``text``."""
        self.partner_said = (action, reason) if reason else None
        if not reason:  # nothing said (a claim's card, the reasons off): a reload shows nothing either
            self.stored(saves.forget_said, self.store)
            return text
        at = len(self.game.actions()) - 1  # the action just applied
        self.stored(saves.save_said, self.store, self.game, at, action, reason)
        self.partner_line = t("status.partner_why", said=text.rstrip("."), why=partner_words(reason))
        return self.partner_line

    def after(self, action: Action, tricks: int) -> None:
        """What follows an action on the table: its sound, a finished trick left in view (a Nil
        broken by it sounds), and the statistics and the sound at a hand's end."""
        view = self.view()
        if isinstance(action, Card):
            self.sound("card")
        last = view.last_trick
        if len(view.tricks) > tricks and last is not None:
            self.shown_trick = last
            winner = last.winner
            if winner is not None and is_nil(view.bids[winner]) and view.taken[winner] == 1:
                self.sound("nil")
        if view.phase is Phase.HAND_OVER or view.phase is Phase.GAME_OVER:
            self.count_stats()
            self.sound("hand")

    def sound(self, name: str) -> None:
        """Something the table sounds like (``SOUNDS``), for the page to play unless muted."""
        if self.settings.sound:
            self.sounds.append(name)

    # --- words ------------------------------------------------------------------------------

    def prompt(self) -> str:
        """The status line when nothing else is to be said: what happens next."""
        game = self.game
        if self.daily is not None and game.hands[0].score is not None:
            return t("day.summary.next")  # «Сдача дня»: one hand (it may end the game), against its par
        if game.phase is Phase.GAME_OVER:
            return result_text(game)
        if game.phase is Phase.HAND_OVER:
            rows = self.view().hand_score
            assert rows is not None, "the hand is over"
            if game.table.solo:
                scores = ", ".join(t("side.score", side=seat_name(side[0]), score=signed(row.hand))
                                   for side, row in zip(game.table.sides, rows))
                return t("status.hand_over.solo", scores=scores)
            ns, ew = (s.hand for s in rows)
            return t("status.hand_over", ns=signed(ns), ew=signed(ew))
        if not self.dealt:
            return t("status.press_deal")
        seat = game.to_move
        if seat != SOUTH:
            key = {Phase.BID: "status.waiting_bid", Phase.DRAW: "status.drawing"}.get(game.phase, "status.waiting")
            return t(key, seat=seat_name(seat))  # type: ignore[arg-type]  # bidding or playing: a seat
        if game.phase is Phase.DRAW:
            return t("status.draw")
        if game.phase is Phase.BID:
            if not self.blind_pending:
                return t("status.your_bid")
            return t("status.your_blind" if BLIND in self.view().legal else "status.your_blind_bid")
        return t("status.your_lead") if not self.view().trick.cards else t("status.your_follow")

    # --- the store --------------------------------------------------------------------------

    def stored(self, write: Callable[[Unpack[Args]], object], *args: Unpack[Args]) -> bool:
        """Run one write to the store; a full or forbidden storage must not stop the table: it
        is said in the notice instead."""
        try:
            write(*args)
        except Exception:
            self.storage_refused()
            return False
        return True

    def storage_refused(self) -> None:
        """A write the storage refused (here, or later by the page's own storage)."""
        self.notice = t("storage.unavailable")

    def save(self) -> None:
        self.stored(saves.save_game, self.store, self.game, self.level, self.undos, self.started, self.replayed,
                    self.daily)

    def save_seen(self) -> None:
        self.stored(saves.save_seen, self.store, self.game, self.looked)

    def clear_seen(self) -> None:
        self.stored(self.store.set, saves.TABLE_KEY, "")

    def count_stats(self) -> None:
        """The statistics count this game as it stands (its entry replaces itself: a reload or
        a second call changes nothing)."""
        if self.daily is not None:  # «Сдача дня»: the record of days
            self.stored(days.count, self.store, self.daily, self.game)
            return
        record = saves.game_record(self.game, self.level, self.undos, self.started, self.replayed)
        self.stored(stats.save, self.store, stats.record_game(stats.load(self.store), record))


def result_text(game: Game) -> str:
    """The game's result, once it is over: who won, and the score."""
    winner = game.outcome.winner  # type: ignore[union-attr]  # the game is over
    if game.table.solo:
        scores = side_scores(game.rules, game.totals)
        if winner is None:
            return t("result.draw.solo", scores=scores)
        if winner == game.table.side_of[SOUTH]:
            return t("result.win.solo", scores=scores)
        return t("result.loss.solo", seat=seat_name(game.table.sides[winner][0]), scores=scores)
    ns, ew = game.totals
    mine = game.table.side_of[SOUTH]
    key = "result.draw" if winner is None else ("result.win" if winner == mine else "result.loss")
    return t(key, ns=number(ns), ew=number(ew))


def said(game: Game, seat: Seat, action: Action) -> str:
    """The status line for ``seat``'s ``action``: «Вы сыграли …», «Запад заказал …», «Вы
    оставили 7♥, в сброс ушла 2♣» (South's own turn of the draw: it saw both cards)."""
    if action in (KEEP, DISCARD) and not isinstance(action, Card):
        return drawn_text(game, seat, action)
    if isinstance(action, Card):
        key = "status.you_play" if seat == SOUTH else "status.bot_play"
        return t(key, seat=seat_name(seat), card=action.display)
    key = "status.you_bid" if seat == SOUTH else "status.bot_bid"
    return t(key, seat=seat_name(seat), bid=bid_text(action))


def drawn_text(game: Game, seat: Seat, action: Action) -> str:
    """The status line for a turn of the draw just taken: South saw both cards, and says which
    it kept; another seat's cards are not shown."""
    if seat != SOUTH:
        return t("status.bot_draw", seat=seat_name(seat))
    hand = game.hands[-1]
    top = 2 * (len(hand.draws) - 1)
    first, second = hand.stock[top], hand.stock[top + 1]  # type: ignore[index]  # the draw's stock
    assert first is not None and second is not None, "the page's game knows every card"
    if action == KEEP:
        return t("status.you_keep", kept=first.display, thrown=second.display)
    return t("status.you_discard", kept=second.display, thrown=first.display)


__all__ = ["MAX_GAME_NUMBER", "Mark", "SOUTH", "Session", "in_progress", "new_game_number", "result_text",
           "parse_game_number", "reason_text"]
