"""The table's controller: a player's action becomes one engine call, then a save and a render.

``Controller`` holds the game being played (``spades.Game``: it applies actions to it and reads
it only through ``view(Seat.S)`` and the game's public state) and the little that is only
presentation: whether this hand's deal was shown, the raised card, a finished trick still on
the table, the open panel, the status line. The page (``py/app.py``) gives it a *screen* with
``render()``, ``pause(seconds)`` (ends early on a tap), ``deal(dealer)`` and ``gather(winner)``
(the animations), and a store (localStorage). ``handle(action, value)`` is the single entry
point for the page's events; ``run()`` lets the computers act, one decision between pauses.

The computer players and the coach (``LATER``: ``spades.bots``, ``spades.advice``,
``spades.analysis`` and ``players``) are imported where they are first used, not with this
module, as python-chess imports its SVG code only when asked: a first visit's start-up does not
pay for them, and the page imports them just after it is ready (``py/app.py``).
"""

from __future__ import annotations

import asyncio
import json
import random
import time

from spades import BLIND, DEAL, Card, Game, IllegalActionError, Phase, Seat, SpadesError, Team
from spades.rules import TRICKS_PER_HAND, first_to_act, next_seat
from spades.table import HUMAN, PARTNER_LEVEL
from spades.values import Value

from spades.cards import NUM_CARDS
from spades.reasons import Reason
from spades.record import MAX_TEXT, to_record

from . import saves, stats
from .fmt import bid_text, seat_name
from .review import hand_review
from .strings import language, set_language, t

SOUTH = HUMAN
# imported when first used (see above), in this order: each one's own imports come before it
LATER = ("spades.bots", "spades.advice", "spades.analysis", "ui.players")
MAX_GAME_NUMBER = 999_999
# the largest file worth reading: the longest text of a record or of the statistics, at four bytes
# (UTF-8's most) a character; the page reads no larger file (a player may drop a film on it)
FILE_BYTES = 4 * max(MAX_TEXT, stats.MAX_TEXT)
SLICE_SECONDS = 0.03  # a computer thinks this long at most before the page gets a turn


class Timing(Value):
    """Pauses and animation lengths in seconds; ``FAST`` (``?fast=1``) makes them all zero."""

    __slots__ = ("bid", "play", "trick", "gather", "deal_card", "deal_flight")
    bid: float
    play: float
    trick: float
    gather: float
    deal_card: float
    deal_flight: float

    def __init__(self, bid: float = 0.6, play: float = 0.6, trick: float = 0.9, gather: float = 0.35,
                 deal_card: float = 0.025, deal_flight: float = 0.3) -> None:
        super().__init__(bid, play, trick, gather, deal_card, deal_flight)

    @property
    def deal_total(self) -> float:
        """How long the deal animation lasts: one card after another, the last one's flight."""
        return NUM_CARDS * self.deal_card + self.deal_flight


NORMAL = Timing()
FAST = Timing(0, 0, 0, 0, 0, 0)


def reason_text(error: SpadesError) -> str:
    """The engine's reason in the page's language, as a sentence for the status line."""
    text = error.reason(language())
    return text[:1].upper() + text[1:]


ABANDONED = object()  # what ``while_true`` returns for work that no longer matters


def while_true(steps, still):
    """A sliced computation (see ``Bot.think``) that stops, returning ``ABANDONED``, at the first
    slice after ``still()`` turns false: work for a position the table has left."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
        if not still():
            return ABANDONED
        yield


def in_progress(game: Game) -> bool:
    """A game that someone has started playing and that is not over."""
    return not game.over and bool(game.actions())


def parse_game_number(text) -> int | None:
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


class Controller:
    def __init__(self, store, screen, timing: Timing = NORMAL) -> None:
        self.store = store
        self.screen = screen
        self.timing = timing
        self.settings, damaged = saves.load_settings(store)
        set_language(self.settings.lang)
        self.game: Game = Game(game=0, rules=self.settings.rules())
        self.level = self.settings.level
        self.dealt = False
        self.looked = False
        self.selected: Card | None = None
        self.shown_trick = None
        self.busy = False
        self.status = ""
        self.pending_reason = None  # the partner's reason for the action being applied
        self.partner_said: tuple | None = None  # (North's last action, its reason: code, params)
        self.partner_line = ""
        self.nil_chances: dict = {}  # (game, hand) -> how often South's Nil holds (playouts)
        # «Разбор сдачи»: ((game, hand), plays priced, plays in all, the costliest or None)
        self.analysis: tuple | None = None
        self.notice = ""
        self.confirm: tuple[int, int] | None = None
        self.panel: str | None = None
        self.generation = 0
        self.running = False
        self.seq = 0  # counts events and computer actions: tests wait for it to move on
        self._hint_key = None
        self._hint = None
        self.failed: str | None = None  # a computer player's error: the table stops there
        self.peek = False  # the last finished trick is shown instead of the current one
        self.review: tuple[int, int] | None = None  # (hand index, tricks shown) in the review
        self.stats_confirm = False  # «Сбросить статистику» asks first
        self._review_cache: tuple = (None, None)
        self.undos = 0  # South's decisions taken back in this game (kept in the record)
        self.started = 0  # this play of the game number, for the statistics (kept in the record)
        self.download: tuple[str, str] | None = None  # (file name, text) for the page to save
        self.clipboard: str | None = None  # the query of this game's address, for the page to copy
        self.think_ms: list[float] = []  # each computer decision's time, for the benchmark
        if damaged:
            self.notice = t("settings.damaged", fields=", ".join(damaged))

    # --- start, new games -------------------------------------------------------------------

    def start(self, url_game: int | None = None) -> None:
        """Continue the saved game, or start game ``url_game`` (asking first when that would
        lose an unfinished game), or a new one."""
        try:
            saved = saves.load_game(self.store)
        except saves.DamagedSave as exc:
            kept, total = saves.keep_damaged(self.store)
            reason = exc.text(language())
            if kept < total:
                self.notice = t("save.damaged.cut", reason=reason, key=saves.DAMAGED_KEY,
                                kept=kept, total=total)
            else:
                self.notice = t("save.damaged", reason=reason, key=saves.DAMAGED_KEY)
            saved = None
        if saved is None:
            self.new_game(url_game)
            return
        game, level, self.undos, self.started = saved
        numberless = game.game is None
        if numberless:  # a record that gave every deal: the hands to come need a number
            game.with_number(url_game or new_game_number())
            self.notice = t("game.numberless", number=game.game)
        self._adopt(game, level)
        if numberless:
            self.save()
            return
        if url_game is not None and url_game != game.game:
            if in_progress(game):
                self.confirm = (url_game, game.game)
                return
            self.new_game(url_game)

    def new_game(self, number: int | None = None) -> None:
        if number is None:
            number = new_game_number()
        self.undos = 0
        self.started = random.randint(1, 2**31 - 1)
        self.store_seen_clear()  # nothing of the new game has been shown yet
        self._adopt(Game(game=number, rules=self.settings.rules()), self.settings.level)
        self.save()

    def _adopt(self, game: Game, level: str) -> None:
        self.generation += 1
        self.game = game
        self.level = level
        view = game.view(SOUTH)
        seen = saves.load_seen(self.store, game)
        self.dealt = seen is not None or not (view.phase is Phase.BID and not view.bid_log)
        self.looked = bool(seen) or not view.may_bid_blind
        self.failed = None
        self.peek = False
        self.review = None  # a review belongs to the game it was opened on
        self.partner_said = saves.load_said(self.store, game)
        if self.panel == "review":
            self.panel = None
        self.selected = None
        self.shown_trick = None
        self.busy = False
        self.confirm = None
        self.status = self.prompt()

    def stored(self, write, *args) -> bool:
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
        self.stored(saves.save_game, self.store, self.game, self.level, self.undos, self.started)

    def count_stats(self) -> None:
        """The statistics count this game as it stands (its entry replaces itself: a reload or
        a second call changes nothing)."""
        record = saves.game_record(self.game, self.level, self.undos, self.started)
        self.stored(stats.save, self.store, stats.record_game(stats.load(self.store), record))

    def save_seen(self) -> None:
        self.stored(saves.save_seen, self.store, self.game, self.looked)

    # --- what the page shows ----------------------------------------------------------------

    def view(self):
        return self.game.view(SOUTH)

    @property
    def number(self) -> int:
        """The game number: the key of every computer decision and hint of this game."""
        return self.game.game or 0

    def level_of(self, seat: Seat) -> str:
        return PARTNER_LEVEL if seat is Seat.N else self.level

    def bid_hint(self):
        """The «Совет» for South's bid in this position: ``(bid, reason)``, computed once."""
        from . import players

        view = self.view()
        key = (self.number, view.hand_index, view.action_count, self.looked, language())
        if self._hint_key != key:
            self._hint = players.hint(view, self.number, looked=self.looked, lang=language())
            self._hint_key = key
        return self._hint

    @property
    def blind_pending(self) -> bool:
        """South may bid Blind Nil in this hand and has not looked at the cards yet."""
        return self.dealt and not self.looked and self.view().may_bid_blind

    @property
    def south_turn(self) -> bool:
        return self.dealt and not self.busy and self.game.to_move == SOUTH and not self.confirm

    def prompt(self) -> str:
        """The status line when nothing else is to be said: what happens next."""
        game = self.game
        if game.phase is Phase.GAME_OVER:
            return self.result_text()
        if game.phase is Phase.HAND_OVER:
            ns, ew = (s.hand for s in self.view().hand_score)
            return t("status.hand_over", ns=ns, ew=ew)
        if not self.dealt:
            return t("status.press_deal")
        seat = game.to_move
        if seat != SOUTH:
            key = "status.waiting_bid" if game.phase is Phase.BID else "status.waiting"
            return t(key, seat=seat_name(seat))
        if game.phase is Phase.BID:
            return t("status.your_blind") if self.blind_pending else t("status.your_bid")
        return t("status.your_lead") if not self.view().trick.cards else t("status.your_follow")

    def result_text(self) -> str:
        ns, ew = self.game.totals
        winner = self.game.winner
        key = "result.draw" if winner == "draw" else ("result.win" if winner == Team.NS else "result.loss")
        return t(key, ns=ns, ew=ew)

    # --- the page's events ------------------------------------------------------------------

    async def handle(self, action: str, value=None) -> None:
        """One event of the page: a button's ``data-action`` (or bid, card) and its value."""
        method = getattr(self, "do_" + action.replace("-", "_"), None)
        if method is None:
            return
        self.seq += 1
        result = method() if value is None else method(value)
        if asyncio.iscoroutine(result):
            await result
        self.screen.render()
        await self.run()

    def do_card(self, code: str):
        """A click on one of South's cards: explain, raise, or play the raised card."""
        if self.busy or not self.dealt:
            return None
        card = Card.parse(code)
        game = self.game
        if game.phase is not Phase.PLAY:
            self.status = reason_text(IllegalActionError("not_playing"))
            return None
        if game.to_move != SOUTH:
            self.status = t("status.not_your_turn", seat=seat_name(game.to_move))
            return None
        error = game.why_illegal(card)
        if error is not None:
            self.selected = None
            self.status = reason_text(error)
            return None
        if self.selected == card:
            return self._act(card)
        self.selected = card
        self.status = t("status.selected", card=card.display)
        return None

    def do_play_card(self, code: str):
        """Enter on a card: play it at once when it may be played, else explain."""
        self.selected = None
        card = Card.parse(code)
        if self.south_turn and self.game.phase is Phase.PLAY and self.game.why_illegal(card) is None:
            self.selected = card
        return self.do_card(code)

    def do_play(self):
        if self.selected is not None and self.south_turn and self.game.phase is Phase.PLAY:
            return self._act(self.selected)
        return None

    def do_bid(self, value):
        if self.south_turn and self.game.phase is Phase.BID and not self.blind_pending:
            return self._act(int(value))
        return None

    def do_blind_nil(self):
        if self.south_turn and self.blind_pending:
            self.looked = True
            self.save_seen()
            return self._act(BLIND)
        return None

    def do_look(self):
        self.looked = True
        self.save_seen()
        self.status = self.prompt()

    async def do_hint(self):
        if not self.south_turn or self.blind_pending:
            return None
        if self.game.phase is Phase.BID:
            return self._act(self.bid_hint()[0])
        from . import players

        generation, seq = self.generation, self.seq
        (action, reason), _ = await self._sliced(players.hint_steps(self.view(), self.number, lang=language()))
        if generation != self.generation or seq != self.seq:
            return None  # the table moved on while the hint was being worked out
        if isinstance(action, Card):
            self.selected = action
            self.status = f"{t('button.hint.play')}: {action.display} — {reason}"
        return None

    @property
    def can_deal(self) -> bool:
        """«Раздать» would deal now: a hand is over, or this hand's deal was not shown yet."""
        game = self.game
        return not self.busy and not self.confirm and (
            game.phase is Phase.HAND_OVER or (game.phase is Phase.BID and not self.dealt))

    async def do_deal(self):
        game = self.game
        if not self.can_deal:
            return
        if game.phase is Phase.HAND_OVER:
            game.apply(DEAL)
            self.save()
        self.dealt = False
        self.looked = not self.view().may_bid_blind
        self.selected = None
        self.busy = True
        self.status = t("status.dealing")
        generation = self.generation
        self.screen.render()
        await self.screen.deal(self.view().dealer)
        if generation != self.generation:
            return
        self.busy = False
        self.dealt = True
        self.save_seen()
        self.status = self.prompt()

    def do_new_game(self):
        """«Новая партия» at any time, with the current settings; asks first while a game is
        in progress (``confirm-new`` starts it, ``confirm-keep`` goes back to the game)."""
        self.panel = None
        if in_progress(self.game) and not self.failed:
            self.confirm = (new_game_number(), self.game.game)
            return
        self.new_game()

    # --- looking back, taking back ------------------------------------------------------------

    def undo_point(self) -> int | None:
        """How many of the game's actions to keep to take back South's last decision of this
        hand (its bid or its card, and the computers' actions after it); None when there is
        nothing to take back: South has not acted in this hand yet, or the hand is scored."""
        view = self.view()
        if view.phase not in (Phase.BID, Phase.PLAY):
            return None
        # who took each action of this hand: the bidders from the dealer's left, then the tricks
        seats = []
        bidder = first_to_act(view.dealer)
        for _ in view.bid_log:
            seats.append(bidder)
            bidder = next_seat(bidder)
        for trick in view.tricks + (view.trick,):
            seats += trick.seats
        mine = [k for k, seat in enumerate(seats) if seat == SOUTH]
        if not mine:
            return None
        return len(self.game.actions()) - view.action_count + mine[-1]

    def do_undo(self):
        if self.busy or self.confirm or self.failed:
            return
        point = self.undo_point()
        if point is None:
            self.status = t("status.no_undo")
            return
        self.generation += 1  # a computer still thinking about the old position stops
        self.game = self.game.rewound(point)
        self.undos += 1
        self.selected = None
        self.shown_trick = None
        self.peek = False
        self.save()
        self.status = t("status.undone") + " " + self.prompt()

    def do_last_trick(self):
        """Show the last finished trick of this hand (who played what, who won); again hides it."""
        trick = self.view().last_trick
        if trick is None or self.shown_trick is not None:
            self.peek = False
            self.status = t("status.no_last_trick") if trick is None else self.status
            return
        self.peek = not self.peek
        if self.peek:
            cards = ", ".join(f"{seat_name(s)} {c.display}" for s, c in zip(trick.seats, trick.cards))
            self.status = t("status.last_trick", cards=cards, seat=seat_name(trick.winner))
        else:
            self.status = self.prompt()

    def do_share(self):
        """«Поделиться раздачей»: the address of this game number, for the page to copy."""
        if parse_game_number(str(self.game.game)) is None:  # the address would not open this game
            self.status = t("status.no_share", number=self.game.game)
            return
        self.clipboard = f"?game={self.game.game}"

    def do_review(self, value):
        """Open the review of finished hand ``value`` (1-based), at its bids (no trick yet)."""
        try:
            index = int(value) - 1
        except (TypeError, ValueError):
            return
        if 0 <= index < len(self.view().sheet):
            self.review = (index, 0)
            self.panel = "review"

    def do_review_at(self, value):
        """Open the review of hand H at trick T (``"H:T"``, both 1-based; T = 0 opens it at the
        bids): from the analysis."""
        try:
            hand, trick = (int(part) for part in str(value).split(":"))
        except ValueError:
            return
        if 0 <= hand - 1 < len(self.view().sheet) and 0 <= trick <= TRICKS_PER_HAND:
            self.review = (hand - 1, trick)
            self.panel = "review"

    async def do_analysis(self):
        """«Разбор сдачи»: South's bid and cards in the hand just finished, priced by the hard level from
        South's own knowledge at the time (``spades.analysis``), a slice at a time, with
        progress; then the costliest decisions are listed."""
        from spades import analysis

        game = self.game
        if game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
            return
        key = (game.game, self.view().hand_index)
        if self.analysis is not None and self.analysis[0] == key:
            return  # done or under way
        plays = analysis.decisions_of(game, key[1], SOUTH)
        self.analysis = (key, 0, len(plays), None)
        generation = self.generation
        hands = len(game.hands)
        self.screen.render()
        await self.screen.pause(0)  # the progress shows before the first slice, in a task of its own

        def still_shown() -> bool:  # the summary of this hand is still on the table
            return (generation == self.generation and self.game is game and len(game.hands) == hands
                    and game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
                    and self.analysis is not None and self.analysis[0] == key)

        decisions = []
        for done, index in enumerate(plays, 1):
            decision, _ = await self._sliced(while_true(analysis.price_steps(game, index, SOUTH), still_shown))
            if decision is not ABANDONED:
                decisions.append(decision)
                await self.screen.pause(0)  # the progress is drawn in a task of its own, not after a slice
            if decision is ABANDONED or not still_shown():
                if self.analysis is not None and self.analysis[0] == key:
                    self.analysis = None  # the next hand was dealt, a new game begun, …: moot
                return
            if done < len(plays):  # the last is drawn with the list, when the handler returns
                self.analysis = (key, done, len(plays), None)
                self.screen.render()
        self.analysis = (key, len(plays), len(plays), analysis.costliest(decisions))

    def review_hand(self) -> dict | None:
        """The hand under review (``review.hand_review`` of the record), replayed once per hand
        opened, not at every render: a finished hand does not change."""
        if self.review is None:
            return None
        index = self.review[0]
        if self._review_cache[0] != (self.generation, index):
            self._review_cache = ((self.generation, index), hand_review(to_record(self.game), index))
        return self._review_cache[1]

    def do_review_step(self, value):
        """One trick forward (``+1``) or back (``-1``) in the review; ``0`` and ``13`` go to an end."""
        if self.review is None:
            return
        index, step = self.review
        try:
            delta = int(value)
        except (TypeError, ValueError):
            return
        last = TRICKS_PER_HAND
        step = 0 if delta == 0 else (last if delta == last else step + delta)
        self.review = (index, max(0, min(last, step)))

    def do_stats_export(self):
        self.download = ("piki-stats.json", json.dumps(stats.load(self.store), ensure_ascii=False, indent=1))
        self.status = t("status.exported", name="piki-stats.json")

    def do_stats_reset(self):
        self.stats_confirm = True

    def do_stats_keep(self):
        self.stats_confirm = False

    def do_stats_reset_confirm(self):
        self.stats_confirm = False
        if self.stored(stats.save, self.store, stats.empty()):
            self.status = t("stats.reset_done")

    def do_open_file(self, value):
        """A file the player chose or dropped: ``(kind, name, text, error, size)``, kind
        ``"record"`` or ``"stats"``; ``error`` says why when the browser could not read it; ``size``
        (bytes) is given for a file the page did not read, larger than any record (``FILE_BYTES``)."""
        kind, name, text, error, size = value
        if size is not None:
            error = t("import.too_big", mb=-(-size // 1_000_000))
        if error is not None:
            self.notice = t("stats.import_bad" if kind == "stats" else "import.bad", name=name, reason=error)
        elif kind == "stats":
            self.open_stats(text, name)
        else:
            self.open_record(text, name)

    def open_stats(self, text: str, name: str = "") -> bool:
        """Import statistics from a file: merged with these; a malformed file is refused."""
        try:
            other = stats.parse(text)
        except stats.StatsError as exc:
            self.notice = t("stats.import_bad", name=name, reason=exc.text(language()))
            return False
        if not self.stored(stats.save, self.store, stats.merge(stats.load(self.store), other)):
            return False
        self.notice = t("stats.import_done", name=name, games=len(other["games"]))
        return True

    def do_export(self):
        """«Скачать запись партии»: the record of docs/record.md, for the page to download."""
        name = f"piki-{self.game.game}.json"
        self.download = (name, saves.game_text(self.game, self.level, self.undos, self.started))
        self.status = t("status.exported", name=name)

    def open_record(self, text: str, name: str = "") -> bool:
        """«Открыть запись»: a record from a file, checked with the engine. On any error the
        current game is kept and the notice says what is wrong."""
        if not text:
            self.notice = t("import.bad", name=name, reason=t("import.empty"))
            return False
        try:
            game, level, undos, started = saves.read_game(text)
        except saves.DamagedSave as exc:
            self.notice = t("import.bad", name=name, reason=exc.text(language()))
            return False
        self.panel = None
        self.confirm = None
        self.store_seen_clear()
        if game.game is None:
            game.with_number(new_game_number())
        self._adopt(game, level)
        self.undos = undos
        self.started = started  # 0 for a record from elsewhere: its statistics key stays the same
        self.dealt = True
        self.save()
        self.notice = t("import.done", name=name, number=game.game)
        return True

    def store_seen_clear(self) -> None:
        self.stored(self.store.set, saves.TABLE_KEY, "")

    def do_confirm_new(self):
        if self.confirm:
            self.new_game(self.confirm[0])

    def do_confirm_keep(self):
        self.confirm = None
        self.status = self.prompt()

    def do_panel(self, name: str):
        self.panel = None if self.panel == name or name == "close" else name
        if self.panel != "review":
            self.review = None

    def do_lang(self, lang: str):
        """The language switch: the whole table, the status line and the hint speak ``lang``
        at once; the choice is kept with the settings."""
        set_language(lang)
        self.settings = self.settings._replace(lang=language())
        self.stored(saves.save_settings, self.store, self.settings)
        self.status = self.prompt()

    def do_dismiss(self):
        self.notice = ""

    def do_setting(self, pair):
        """``pair`` is ``(name, value)`` from the settings form."""
        name, value = pair
        data = self.settings.to_json()
        data[name] = value
        self.settings = saves.Settings.from_json(data)
        self.stored(saves.save_settings, self.store, self.settings)
        if not in_progress(self.game) and not self.game.over and not self.busy:
            number = self.game.game
            self._adopt(Game(game=number, rules=self.settings.rules()), self.settings.level)
            self.save()

    # --- acting -----------------------------------------------------------------------------

    def _act(self, action) -> None:
        """South's action: one engine call, then the save."""
        self.selected = None
        self.peek = False
        try:
            self._apply(action)
        except SpadesError as exc:
            self.status = reason_text(exc)

    def _apply(self, action) -> None:
        game = self.game
        seat = game.to_move
        tricks = len(self.view().tricks)
        game.apply(action)
        self.save()
        if isinstance(action, str) and action != BLIND:
            action = Card.parse(action)
        if isinstance(action, Card):
            key = "status.you_play" if seat == SOUTH else "status.bot_play"
            text = t(key, seat=seat_name(seat), card=action.display)
        else:
            key = "status.you_bid" if seat == SOUTH else "status.bot_bid"
            text = t(key, seat=seat_name(seat), bid=bid_text(action))
        reason, self.pending_reason = self.pending_reason, None
        if seat is Seat.N:
            # what decided the partner's action, in its words (None: not asked or not said)
            self.partner_said = (action, reason) if reason else None
            if reason:
                at = len(game.actions()) - 1  # the action just applied
                self.stored(saves.save_said, self.store, game, at, action, reason)
                why = Reason(*reason).text(language(), voice="partner")
                text = t("status.partner_why", said=text.rstrip("."), why=why)
                self.partner_line = text
        view = self.view()
        if len(view.tricks) > tricks:
            self.shown_trick = view.last_trick
        if view.phase is Phase.HAND_OVER or view.phase is Phase.GAME_OVER:
            self.count_stats()
        self.status = text

    async def run(self) -> None:
        """Let the computers act until it is South's turn, the hand ends, or a new game starts."""
        if self.running:
            return
        self.running = True
        generation = self.generation
        moved = False
        self.partner_line = ""  # the partner's action with its reason, if it acts in this run
        try:
            while generation == self.generation:
                if self.shown_trick is not None:
                    await self._gather(generation)
                    moved = True
                    continue
                game = self.game
                if (game.phase not in (Phase.BID, Phase.PLAY) or not self.dealt or self.confirm
                        or self.failed):
                    break
                seat = game.to_move
                if seat == SOUTH:
                    break
                self.screen.render()
                began = time.perf_counter()
                action = await self._choose(seat)
                if generation != self.generation or self.failed:
                    break
                # the readable pause, less the time the computer spent thinking
                wanted = self.timing.bid if game.phase is Phase.BID else self.timing.play
                await self.screen.pause(max(0.0, wanted - (time.perf_counter() - began)))
                if generation != self.generation:
                    break
                try:
                    self._apply(action)
                except SpadesError as exc:  # a bot's illegal action: the same as its crash
                    self._bot_failed(seat, exc)
                    break
                self.seq += 1
                moved = True
                self.screen.render()
        finally:
            self.running = False
        if generation != self.generation:
            # a new game, an opened record or an undo came while this loop ran: the computers of
            # the new position must still get their turn
            await self.run()
            return
        if moved and generation == self.generation:
            last = "" if self.game.over else self.status
            # the partner's reason stays in view when the opponents acted after it
            said = self.partner_line if self.partner_line != last else ""
            self.status = " ".join(text for text in (said, last, self.prompt()) if text)
            self.screen.render()
        await self._nil_chance(generation)

    def bid_risks(self) -> dict:
        """South's bids (0..13) -> ``advice.BidRisk``: the risk preview beside the bid buttons."""
        from spades.advice import bid_risk
        from spades.bots.estimate import estimate

        view = self.view()
        est = estimate(view.held)  # counted once for all the bids
        return {n: bid_risk(view, n, est) for n in view.legal if n != BLIND}

    def nil_chance(self):
        """How often South's Nil holds in the hard level's playouts of this hand, or None while
        it is being worked out (``_nil_chance``)."""
        return self.nil_chances.get((self.game.game, len(self.game.hands)))

    async def _nil_chance(self, generation: int) -> None:
        """Work out the Nil's chance for the preview once South is to bid with the cards seen,
        a slice at a time (the page stays live), then show it."""
        game = self.game
        key = (game.game, len(game.hands))
        if (game.phase is not Phase.BID or game.to_move is not SOUTH or not self.dealt
                or self.blind_pending or key in self.nil_chances):
            return
        def still_bidding() -> bool:  # South has not bid meanwhile, nor a new game begun
            return (generation == self.generation and self.game is game and game.phase is Phase.BID
                    and game.to_move is SOUTH)

        from spades.advice import nil_chance_steps

        chance, _ = await self._sliced(while_true(nil_chance_steps(self.view(), self.number), still_bidding))
        if chance is not ABANDONED and still_bidding():
            self.nil_chances = {key: chance}
            self.screen.render()

    async def _sliced(self, steps):
        """Run a sliced computation (a generator, see ``Bot.think``) to its value, giving the
        page the main thread back (taps, animations) after every ``SLICE_SECONDS`` of work.
        Slicing never changes the value: the bots' work is bounded by counts, not by time.
        Returns the value and the seconds of work it took."""
        work = 0.0
        while True:
            began = time.perf_counter()
            try:
                while time.perf_counter() - began < SLICE_SECONDS:
                    next(steps)
            except StopIteration as done:
                return done.value, work + time.perf_counter() - began
            work += time.perf_counter() - began
            await self.screen.pause(0)  # the page's turn

    async def _choose(self, seat: Seat):
        """The computer's action, thought a slice at a time; None when the computer failed."""
        from . import players

        view = self.game.view(seat)
        try:
            if seat is Seat.N and self.settings.explain:  # the partner says why
                (action, reason), seconds = await self._sliced(
                    players.think_why(self.number, view, self.level_of(seat)))
                self.pending_reason = reason
            else:
                action, seconds = await self._sliced(players.think(self.number, view, self.level_of(seat)))
        except Exception as exc:
            self._bot_failed(seat, exc)
            return None
        self.think_ms.append(seconds * 1000)
        return action

    def _bot_failed(self, seat: Seat, exc: Exception) -> None:
        """A computer player's bug: say so and stop at this move. Playing some other card for
        it would make a game that no longer replays the same from its record."""
        error = f"{type(exc).__name__}: {exc}"
        print(f"Пики: computer player at {seat.name} failed: {error}")
        self.failed = error
        self.notice = t("bot.failed", seat=seat_name(seat), error=error)
        self.status = self.notice

    async def _gather(self, generation: int) -> None:
        trick = self.shown_trick
        self.busy = True
        self.screen.render()
        await self.screen.pause(self.timing.trick)
        if generation == self.generation:
            await self.screen.gather(trick.winner)
        if generation == self.generation:
            self.shown_trick = None
            self.busy = False
            winner = trick.winner
            self.status = t("status.trick_won.you") if winner == SOUTH else t(
                "status.trick_won", seat=seat_name(winner)
            )
            self.screen.render()


__all__ = ["Controller", "Timing", "FAST", "bid_text", "seat_name", "in_progress",
           "parse_game_number"]
