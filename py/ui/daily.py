"""«Сдача дня» at the table: the day's hand, its par, the comparison, the share.

- ``open(day)`` («Сдача дня» in the top bar, or ``?daily=YYYY-MM-DD``) puts the day's hand
  (``spades.daily``) on the table in place of the game, which stays saved under its own keys and
  comes back with ``leave`` («Вернуться к партии»): the day's game is saved apart
  (``saves.DAILY_KEY``, with ``days.DayPlay``), and what the table keeps of the game's hand (its
  deal shown, the partner's last words) is set aside meanwhile (``RESUME_KEY``). A reload brings
  the day's hand back while it is on the table.
- Played for the record (the player's local date, and not played yet), the hand has no «Совет»,
  no bid preview and no undo: the par is what the hard level plays, and those are its moves.
  Played again, or another day's, it is practice, with all of them.
- The par (``spades.daily.par_steps``) is worked out in this worker, a slice at a time while the
  table plays (``slices``), and kept for the day (``days.PAR_KEY``). Once the hand is over, each of
  South's bid and cards is set beside the hard level's own choice in that position, and where
  they differ, priced as «Разбор сдачи» prices it (``spades.analysis.departure_steps``).
- ``share`` copies the result without a card (``days.share_text``) and the day's address.
- ``today`` is the page's local date, told at the start and with every tap (``app``).
"""

from __future__ import annotations

import json
from datetime import date
from typing import TYPE_CHECKING

from spades.claim import claim_plan
from spades.daily import LEVEL, day_game, par_steps, team_score, trick_line
from spades.record import RecordError, read_json
from spades.values import Value

from . import days, saves, stats
from .play import SOUTH
from .slices import ABANDONED, reporting, sliced, while_true
from .strings import language, t

if TYPE_CHECKING:
    from spades.analysis import Decision

    from .files import Files
    from .play import Session
    from .slices import Steps
    from .turns import Screen

RESUME_KEY = "spades.daily.resume"  # the game's own table keys, set aside while the day is played
LEFT_KEY = "spades.daily.left"  # a day for the record left before its end: reopened, it goes on


class DayShown(Value):
    """What the table shows of the day: the play (``days.DayPlay``); the par and its tricks once
    worked out, else how many of its decisions are made; South's score and tricks once the hand
    is over; the departures from the hard level's play, priced (``Decision``s where the choice
    was not the hard level's), once the analysis is done, and how far it is."""

    __slots__ = ("play", "par", "par_done", "score", "tricks", "departures", "priced", "to_price",
                 "noise")
    play: days.DayPlay
    par: int | None
    par_done: int
    score: int | None
    tricks: str
    departures: tuple[Decision, ...] | None
    priced: int
    to_price: int
    noise: float  # a departure's price under this is chance's (``spades.analysis.NOISE``)

    def __init__(self, play: days.DayPlay, par: int | None, par_done: int, score: int | None,
                 tricks: str, departures: tuple[Decision, ...] | None, priced: int, to_price: int,
                 noise: float = 0.0) -> None:
        super().__init__(play, par, par_done, score, tricks, departures, priced, to_price, noise)


class Daily:
    def __init__(self, session: Session, screen: Screen, files: Files) -> None:
        self.session = session
        self.screen = screen
        self.files = files
        self.today = date.today()  # the page's local date (``app``)
        self.par_done = 0  # the par's decisions made so far, while it is worked out
        self._working: date | None = None
        self._filled: date | None = None  # the day whose entry was given its kept par (``work_out_par``)
        # South's departures from the hard level's choices, once the hand is over: for which
        # table (the session's epoch), how many are priced of how many, and the departures
        self._departed: tuple[int, int, int, tuple[Decision, ...] | None] | None = None

    @property
    def play(self) -> days.DayPlay | None:
        return self.session.daily

    @property
    def coached(self) -> bool:
        """«Совет», the bid's preview and undo are offered: not in a day played for the record."""
        play = self.play
        return play is None or play.practice

    @property
    def over(self) -> bool:
        """The day's hand is over (its score may have ended the game: below −200)."""
        hands = self.session.game.hands
        return self.play is not None and bool(hands) and hands[0].score is not None

    # --- on and off the table ----------------------------------------------------------------

    def start(self, url_game: int | None, url_day: date | None) -> None:
        """The page's start: the game, then the day's hand that was on the table (a damaged one
        is moved aside and named), or the day the address asks for; an address naming a game
        takes the day off the table."""
        session = self.session
        session.start(None if session.store.get(saves.DAILY_KEY) else url_game)
        self._resume()
        if url_day is not None:
            self.open(url_day)
        elif url_game is not None and self.play is not None:
            self.leave(url_game)

    def _read(self, key: str) -> tuple[object, days.DayPlay] | None:
        """The day's game and play saved under ``key``; None when there is none; raises
        ``saves.DamagedSave`` when it cannot be read."""
        text = self.session.store.get(key)
        if not text:
            return None
        game, _, _, _, _ = saves.read_game(text)
        play = days.DayPlay.read(read_json(text).get("daily"))
        if play is None or game.number != day_game(play.day).number:
            raise saves.DamagedSave(error=t("day.error.saved"))
        return game, play

    def _resume(self) -> None:
        session = self.session
        try:
            saved = self._read(saves.DAILY_KEY)
        except saves.DamagedSave as exc:
            kept, _ = saves.keep_damaged(session.store, saves.DAILY_KEY, saves.DAILY_DAMAGED_KEY)
            session.notice = t("day.damaged", reason=exc.text(language()), key=saves.DAILY_DAMAGED_KEY)
            self._restore_table()
            session.start()
            return
        if saved is not None:
            game, play = saved
            if play.day != self.today and not play.practice:  # begun on its day, not finished then
                play = days.DayPlay(play.day, True)
            self._put(game, play)

    def open(self, day: date | None = None) -> None:
        """«Сдача дня»: today's hand (or ``day``'s, from a link; a day to come is not dealt yet);
        a day for the record left before its end goes on where it was (``LEFT_KEY``)."""
        session = self.session
        if day is None or day > self.today:
            if day is not None:
                session.notice = t("day.future", date=day.isoformat())
            day = self.today
        if self.play is not None and self.play.day == day:
            session.panel = None
            return
        practice = day != self.today or days.recorded(stats.load(session.store), day)
        if self.play is None:  # the game's own table keys, set aside until it comes back
            kept = {key: session.store.get(key) for key in (saves.TABLE_KEY, saves.SAID_KEY)}
            session.stored(session.store.set, RESUME_KEY, json.dumps(kept))
        try:
            left = None if practice else self._read(LEFT_KEY)
        except saves.DamagedSave:
            left = None
        session.stored(session.store.set, LEFT_KEY, "")
        session.clear_seen()
        session.undos, session.started, session.replayed = 0, 0, []
        if left is not None and left[1] == days.DayPlay(day, False):
            self._put(*left)
            session.dealt = True
        else:
            self._put(day_game(day), days.DayPlay(day, practice))
        session.save()
        session.status = t("day.opened.practice" if practice else "day.opened", date=day.isoformat()) + " " + (
            session.prompt())

    def _put(self, game: object, play: days.DayPlay) -> None:
        session = self.session
        session.panel = None
        session.confirm = None
        session.adopt(game, LEVEL)  # type: ignore[arg-type]  # a Game
        session.daily = play
        session.status = session.prompt()

    def _restore_table(self) -> None:
        """What the table kept of the game's hand comes back (``RESUME_KEY``; a damaged one is
        left out: the game's deal is then shown again)."""
        store, session = self.session.store, self.session
        try:
            table = read_json(store.get(RESUME_KEY) or "{}", max_text=saves.SMALL_TEXT)
        except RecordError:
            table = {}
        for key in (saves.TABLE_KEY, saves.SAID_KEY):
            value = table.get(key) if isinstance(table, dict) else None
            session.stored(store.set, key, value if isinstance(value, str) else "")
        session.stored(store.set, RESUME_KEY, "")

    def leave(self, url_game: int | None = None) -> None:
        """«Вернуться к партии»: the day's hand goes (one for the record, begun and not over, is
        kept to go on with: ``LEFT_KEY``), the game comes back as it was left (or game
        ``url_game``, from the address)."""
        session = self.session
        play = self.play
        if play is None:
            return
        store = session.store
        if not play.practice and session.game.actions() and not self.over:
            session.stored(store.set, LEFT_KEY, store.get(saves.DAILY_KEY) or "")
        session.daily = None
        session.stored(store.set, saves.DAILY_KEY, "")
        try:
            self._restore_table()
        finally:
            session.start(url_game)
        session.status = t("day.left") + " " + session.prompt()

    def again(self) -> None:
        """«Сыграть ещё раз»: the same day's hand from its start, as practice."""
        play = self.play
        if play is not None and self.over:
            session = self.session
            session.clear_seen()
            self._put(day_game(play.day), days.DayPlay(play.day, True))
            session.save()
            session.status = t("day.again") + " " + session.prompt()

    # --- the page's events (``Controller.handle``) ---------------------------------------------

    def do_daily(self) -> None:
        self.open()

    def do_daily_leave(self) -> None:
        self.leave()

    def do_daily_again(self) -> None:
        self.again()

    def do_day_share(self) -> None:
        self.share()

    # --- the par and the comparison -------------------------------------------------------------

    def kept_par(self) -> tuple[int, str] | None:
        play = self.play
        return None if play is None else days.load_par(self.session.store, play.day)

    async def work_out_par(self) -> None:
        """The par of the day on the table, unless it is kept already: worked out a decision at
        a time while the table plays, then kept for the day (and written into the day's entry,
        when the hand was recorded before it was ready)."""
        session, play = self.session, self.play
        if play is None or self._working == play.day:
            return
        if self.kept_par() is not None:
            if self._filled != play.day:  # once a table: a day recorded before its par was ready
                self._filled = play.day
                session.stored(days.fill_par, session.store, play.day)
            return
        day = play.day
        self._working, self.par_done = day, 0

        def still() -> bool:
            return session.daily is not None and session.daily.day == day

        def progress(made: int) -> None:
            if made != self.par_done:
                self.par_done = made
                if self.over:
                    self.screen.render()  # the summary waits for the par: its progress shows

        try:
            found, _ = await sliced(while_true(reporting(par_steps(day), progress), still), self.screen.pause)
        finally:
            if self._working == day:  # another day's par may have begun meanwhile
                self._working = None
        if found is ABANDONED:
            return
        kept = json.dumps({"date": day.isoformat(), "par": found.score, "tricks": found.tricks})
        session.stored(session.store.set, days.PAR_KEY, kept)
        session.stored(days.fill_par, session.store, day)  # the day's entry, if recorded meanwhile
        self.screen.render()

    async def compare(self) -> None:
        """Once the day's hand is over: its par (``work_out_par``), and South's departures from
        the hard level's play, priced (``work_out_departures``)."""
        if self.play is None:
            return
        await self.work_out_par()
        await self.work_out_departures()

    async def work_out_departures(self) -> None:
        """Each of South's bid and cards against the hard level's own choice in that position
        (``spades.analysis.departure_steps``: the par's South would have played it there), a
        decision at a time once the hand is over; the departures are kept, priced."""
        from spades.analysis import decisions_of, departure_steps

        session, play, game = self.session, self.play, self.session.game
        if play is None or not self.over:
            return
        if self._departed is not None and self._departed[0] == session.epoch:
            return  # done, or under way
        indices = decisions_of(game, 0, SOUTH)
        epoch = session.epoch
        self._departed = (epoch, 0, len(indices), None)
        found: list[Decision] = []

        def steps() -> Steps:
            for k, index in enumerate(indices):
                if claim_plan(game.rewound(index).view(SOUTH)) is not None:
                    break  # every trick left was South's side's, whatever it played («Остальные мои»)
                decision = yield from departure_steps(game, index, SOUTH)
                if decision is not None:
                    found.append(decision)
                self._departed = (epoch, k + 1, len(indices), None)
                self.screen.render()

        done, _ = await sliced(while_true(steps(), lambda: session.epoch == epoch), self.screen.pause)
        if done is ABANDONED:
            return
        self._departed = (epoch, len(indices), len(indices), tuple(found))
        self.screen.render()

    def shown(self) -> DayShown | None:
        """The day as the table shows it, or None when no day is on the table."""
        play, game = self.play, self.session.game
        if play is None:
            return None
        par = self.kept_par()
        over = self.over
        departed = self._departed if over and self._departed and self._departed[0] == self.session.epoch else None
        _, priced, to_price, departures = departed or (0, 0, 0, None)
        noise = 0.0
        if departures is not None:
            from spades.analysis import NOISE  # imported already: the departures were priced

            noise = NOISE
        return DayShown(play, par[0] if par else None, self.par_done,
                        team_score(game) if over else None, trick_line(game), departures, priced, to_price, noise)

    def share(self) -> None:
        """«Поделиться»: the day's result, without a card, and its address, for the page to copy."""
        shown = self.shown()
        if shown is None or shown.score is None:
            return
        text = days.share_text(shown.play.day, shown.score, shown.par, shown.tricks)
        self.files.clipboard = (f"?daily={shown.play.day.isoformat()}", text + "\n")


__all__ = ["Daily", "DayShown", "LEFT_KEY", "RESUME_KEY"]
