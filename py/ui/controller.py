"""The table's controller: each event of the page goes to the part of the table that owns it.

``handle(action, value)`` is the single entry point for the page's events (a button's
``data-action``, a bid, a card); ``do_<action>`` says which part answers it, then the page is
rendered and the computers get their turns (``run``). The parts, each with its own state:

- ``session`` (``play.Session``): the game at the table, what is shown of it, its saving;
  South's own moves are the ``do_`` methods of this class, one engine call each;
- ``turns`` (``turns.Turns``): the computers' turns, the pauses and the animations;
- ``coach`` (``coach.Coach``): hint, the bid's preview, the Nil's chance, analysis, review;
- ``files`` (``files.Files``): the record out and in, the statistics' file in, the shared link;
- ``prefs`` (``prefs.Preferences``): settings and language;
- ``desk`` (``stats.Desk``): the statistics panel.

The page (``py/app.py``) gives a *screen*: ``render()``, ``pause(seconds)`` (ends early on a tap),
``deal(dealer)`` and ``gather(winner)``, and a store (localStorage). What a render shows is
computed by ``view.table_view`` and drawn by ``render.regions``.

The computer players and the coach (``LATER``: ``spades.bots``, ``spades.advice``,
``spades.analysis`` and ``players``) are imported where they are first used, not with this
module, as python-chess imports its SVG code only when asked: a first visit's start-up does not
pay for them, and the page imports them just after it is ready (``py/app.py``).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from spades import BLIND, Card, IllegalActionError, Phase, SpadesError
from spades.rules import DISCARD, KEEP, blind_number

from . import hand_moves, stats
from .coach import Coach
from .daily import Daily
from .files import FILE_BYTES, Files
from .fmt import seat_name
from .play import SOUTH, Session, in_progress, new_game_number, parse_game_number, reason_text
from .prefs import Preferences
from .strings import t
from .turns import FAST, NORMAL, Timing, Turns

if TYPE_CHECKING:
    from datetime import date

    from spades.rules import Action

    from .saves import Store
    from .turns import Screen

# imported when first used (see above), in this order: each one's own imports come before it
LATER = ("spades.bots", "spades.advice", "spades.analysis", "ui.players")


class Controller:
    def __init__(self, store: Store, screen: Screen, timing: Timing = NORMAL) -> None:
        self.screen = screen
        self.session = Session(store)
        self.turns = Turns(self.session, screen, timing)
        self.coach = Coach(self.session, screen)
        self.desk = stats.Desk(self.session)
        self.files = Files(self.session, self.desk)
        self.prefs = Preferences(self.session)
        self.daily = Daily(self.session, screen, self.files)

    def start(self, url_game: int | None = None, url_day: date | None = None) -> None:
        """Continue the saved game, or start game ``url_game``, or a new one (``Session.start``);
        or the day's hand, when it was on the table or the address asks for it (``Daily.start``)."""
        self.daily.start(url_game, url_day)

    async def handle(self, action: str, value: object = None) -> None:
        """One event of the page: a button's ``data-action`` (or bid, card) and its value."""
        name = "do_" + action.replace("-", "_")  # this class's, or a part's (the day's, the coach's)
        method = next((getattr(part, name) for part in (self, self.daily, self.coach) if hasattr(part, name)), None)
        if method is None:
            return
        self.session.seq += 1
        result = method() if value is None else method(value)
        if asyncio.iscoroutine(result):
            await result
        self.screen.render()
        await self.run()

    async def run(self) -> None:
        """The computers' turns until South's; then, if South is to bid, the bid hint and the Nil's chance."""
        if self.turns.running:
            return
        while True:
            while not await self.turns.run():
                pass  # a new game, an opened record or an undo came meanwhile: its computers act
            if not await self.play_forced():
                break
        if self.daily.coached:
            await self.coach.work_out_bid()
        await self.daily.compare()

    # --- South's moves ----------------------------------------------------------------------

    async def play_forced(self) -> bool:
        """With «Сыграть единственную карту сразу» on, South's only legal card is played after the
        usual pause, as a computer's would be. True when it was."""
        session = self.session
        if not (session.settings.autoplay and session.south_turn and session.game.phase is Phase.PLAY
                and not session.failed):
            return False
        legal = session.view().legal
        if len(legal) != 1:
            return False
        mark = session.mark()
        await self.turns.busy_pause(self.turns.paced(self.turns.timing.play))
        if not mark.current or not session.south_turn or session.view().legal != legal:
            return False
        card = legal[0]
        self.act(card)
        session.status = t("status.forced", card=card.display)  # type: ignore[union-attr]
        session.seq += 1
        self.screen.render()
        return True

    def act(self, action: Action) -> None:
        """South's action: one engine call (``Session.apply``), an illegal one explained."""
        session = self.session
        session.selected = None
        session.peek = False
        try:
            session.apply(action)
        except SpadesError as exc:
            session.status = reason_text(exc)

    def do_card(self, code: str) -> None:
        """A click on one of South's cards: explain, raise, or play the raised card."""
        session = self.session
        if session.busy or not session.dealt:
            return
        game = session.game
        card = game.rules.card(Card.parse(code))
        if game.phase is not Phase.PLAY:
            session.status = reason_text(IllegalActionError("not_playing"))
        elif game.to_move != SOUTH:
            session.status = t("status.not_your_turn", seat=seat_name(game.to_move))  # type: ignore[arg-type]
        elif (error := game.why_illegal(card)) is not None:
            session.selected = None
            session.status = reason_text(error)
        elif session.selected == card:
            self.act(card)
        else:
            session.selected = card
            session.status = t("status.selected", card=card.display)

    def do_play_card(self, code: str) -> None:
        """Enter on a card: play it at once when it may be played, else explain."""
        session = self.session
        session.selected = None
        card = session.game.rules.card(Card.parse(code))
        if session.south_turn and session.game.phase is Phase.PLAY and session.game.why_illegal(card) is None:
            session.selected = card
        self.do_card(code)

    def do_play(self) -> None:
        session = self.session
        if session.selected is not None and session.south_turn and session.game.phase is Phase.PLAY:
            self.act(session.selected)

    def do_claim(self) -> None:
        """«Остальные мои»: South, about to lead, takes every remaining trick (offered only when certain)."""
        session = self.session
        if session.south_turn and not session.busy and session.game.phase is Phase.PLAY:
            session.selected = None
            if hand_moves.claim(session):
                session.status = " ".join(text for text in (session.status, session.prompt()) if text)

    def do_replay_hand(self) -> None:
        """«Сыграть сдачу заново»: the hand just finished, from its start with the same cards."""
        if self.session.daily is None and hand_moves.replay_hand(self.session):
            self.session.dealt = True

    def do_bid(self, value: int | str) -> None:
        session = self.session
        if session.south_turn and session.game.phase is Phase.BID and not session.blind_pending:
            self.act(int(value))

    def do_draw(self, value: str) -> None:
        """«Оставить» / «Сбросить»: South's turn of the draw (two players)."""
        session = self.session
        if session.south_turn and session.game.phase is Phase.DRAW and value in (KEEP, DISCARD):
            self.act(value)

    def do_blind_nil(self) -> None:
        session = self.session
        if session.south_turn and session.blind_pending:
            session.looked = True
            session.save_seen()
            self.act(BLIND)

    def do_blind_bid(self, value: str) -> None:
        """A number bid blind (``blind_bids``), before the cards are looked at."""
        session = self.session
        if session.south_turn and session.blind_pending and blind_number(value):
            session.looked = True
            session.save_seen()
            self.act(value)

    def do_look(self) -> None:
        session = self.session
        session.looked = True
        session.save_seen()
        session.status = session.prompt()

    async def do_hint(self) -> None:
        session = self.session
        if not self.daily.coached:
            session.status = t("day.no_hint")
        if not session.south_turn or session.blind_pending or not self.daily.coached:
            return
        if session.game.phase is Phase.BID:
            self.coach.awaited = True  # the table counts as at work until the hinted bid is made
            try:
                await self.coach.work_out_bid()  # at once when shown; else the same search, awaited
            finally:
                self.coach.awaited = False
            hinted = self.coach.bid_hint()
            if hinted is not None and session.south_turn and session.game.phase is Phase.BID:
                self.act(hinted[0])
        else:
            await self.coach.play_hint()

    async def do_deal(self) -> None:
        session = self.session
        if not session.can_deal or self.daily.over:
            return  # the day's game is one hand
        if session.game.phase is Phase.HAND_OVER:
            session.apply_deal()
        await self.turns.deal()

    def do_new_game(self) -> None:
        """«Новая партия» at any time, with the current settings; asks first while a game is
        in progress (``confirm-new`` starts it, ``confirm-keep`` goes back to the game)."""
        session = self.session
        self.daily.leave()  # the day's hand, if on the table, goes first: the game it would replace comes back
        session.panel = None
        if in_progress(session.game) and not session.failed:
            session.confirm = (new_game_number(), session.game.number)
        else:
            session.new_game()

    def do_confirm_new(self) -> None:
        if self.session.confirm:
            self.session.new_game(self.session.confirm[0])

    def do_confirm_keep(self) -> None:
        self.session.confirm = None
        self.session.status = self.session.prompt()

    def do_undo(self) -> None:
        session = self.session
        if session.busy or session.confirm or session.failed or not self.daily.coached:
            return
        point = session.undo_point()
        if point is None:
            session.status = t("status.no_undo")
            return
        session.rewind(point)
        session.status = t("status.undone") + " " + session.prompt()

    def do_last_trick(self) -> None:
        """Show the last finished trick of this hand (who played what, who won); again hides it."""
        session = self.session
        trick = session.view().last_trick
        if trick is None or session.shown_trick is not None:
            session.peek = False
            session.status = t("status.no_last_trick") if trick is None else session.status
            return
        session.peek = not session.peek
        if session.peek:
            cards = ", ".join(f"{seat_name(s)} {c.display}" for s, c in zip(trick.seats, trick.cards))
            session.status = t("status.last_trick", cards=cards, seat=seat_name(trick.winner))  # type: ignore[arg-type]
        else:
            session.status = session.prompt()

    # --- the table's panels -----------------------------------------------------------------

    def do_panel(self, name: str) -> None:
        session = self.session
        session.panel = None if session.panel == name or name == "close" else name
        if session.panel != "review":
            self.coach.review = None

    def do_dismiss(self) -> None:
        self.session.notice = ""

    def do_lang(self, lang: str) -> None:
        self.prefs.set_language(lang)

    def do_sound(self) -> None:
        """The switch in the top bar: the table's sounds on or off (kept with the settings)."""
        self.prefs.change("sound", not self.session.settings.sound)

    def do_setting(self, pair: tuple[str, object]) -> None:
        """``pair`` is ``(name, value)`` from the settings form."""
        self.prefs.change(*pair)

    # --- the coach ----------------------------------------------------------------------------

    async def do_analysis(self) -> None:
        await self.coach.analyse()

    # --- files and statistics -------------------------------------------------------------------

    def do_export(self) -> None:
        self.files.export_record()

    def do_share(self) -> None:
        self.files.share()

    def do_open_file(self, value: tuple[str, str, str | None, str | None, int | None]) -> None:
        """``(kind, name, text, error, size)``: see ``Files.open_file``."""
        self.files.open_file(*value)

    def do_stats_export(self) -> None:
        self.files.export_stats()

    def do_stats_reset(self) -> None:
        self.desk.confirm_reset = True

    def do_stats_keep(self) -> None:
        self.desk.confirm_reset = False

    def do_stats_reset_confirm(self) -> None:
        self.desk.reset()


__all__ = ["Controller", "FAST", "FILE_BYTES", "LATER", "NORMAL", "Timing", "in_progress", "parse_game_number"]
