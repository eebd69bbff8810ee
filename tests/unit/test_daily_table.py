"""«Сдача дня» at the table (``ui.daily``, ``ui.days``): it opens without losing the game in progress,
is played once for the record (no «Совет», no undo), is compared with its par and priced, is
recorded with the statistics, shared without a card, and comes back after a reload."""

from __future__ import annotations

import json
import re
from datetime import date

from helpers import MemoryStore, regions
from spades import Phase, Seat
from spades.bots import decision_rng, make_player
from spades.bots.base import finish
from spades.daily import par
from test_ui import Screen, drive, event, table
from ui import days, saves, stats
from ui.controller import FAST, Controller

DAY = date(2026, 12, 8)
PAR = 64  # tests/unit/test_daily.py pins it


def opened(store=None, game=12, today=DAY) -> Controller:
    ctl = table(store, game=game)
    ctl.daily.today = today
    return ctl


def game_begun(store) -> Controller:
    """Game 12 at the table, dealt, South's bid of 3 made."""
    ctl = opened(store)
    event(ctl, "deal")
    event(ctl, "bid", 3)
    return ctl


def day_dealt(store=None, today: date = DAY, bid: int | None = None) -> Controller:
    """A table with game 12 saved, the day of ``today`` opened over it and dealt (South's ``bid`` made)."""
    ctl = opened(store, today=today)
    event(ctl, "daily")
    event(ctl, "deal")
    if bid is not None:
        event(ctl, "bid", bid)
    return ctl


def reloaded(store, today: date, url_game: int | None = None, url_day: date | None = None) -> Controller:
    """The page opened again on ``today`` (its address naming a game or a day)."""
    ctl = Controller(store, Screen(), FAST)
    ctl.daily.today = today
    ctl.start(url_game, url_day)
    return ctl


def play_south(ctl, like_the_par: bool = False) -> None:
    """South's moves to the hand's end: the hard level's own (the par's South), or the lowest
    legal card and the first bid."""
    hard = make_player("hard")
    while ctl.session.game.phase in (Phase.BID, Phase.PLAY):
        game = ctl.session.game
        assert game.to_move is Seat.S
        view = game.view(Seat.S)
        if like_the_par:
            action = finish(hard.think(view, decision_rng(game.key, view)))
        else:
            action = view.legal[-1] if game.phase is Phase.BID else view.legal[0]
        if game.phase is Phase.BID:
            event(ctl, "bid", action)
        else:
            event(ctl, "card", str(action))
            if ctl.session.game is game and game.view(Seat.S).hand_index == 0 and action in game.view(Seat.S).hand:
                event(ctl, "card", str(action))


def test_the_day_opens_over_a_game_in_progress_and_the_game_comes_back_as_it_was():
    store = MemoryStore()
    ctl = game_begun(store)
    before = store.get(saves.GAME_KEY)
    seen = store.get(saves.TABLE_KEY)
    event(ctl, "daily")
    assert ctl.session.daily is not None and ctl.session.game.number == 20261208
    assert store.get(saves.GAME_KEY) == before  # the game is kept under its own key
    assert json.loads(store.get(saves.DAILY_KEY))["daily"] == {"date": "2026-12-08", "practice": False}
    html = regions(ctl)
    assert 'data-day="2026-12-08"' in html["info"] and "Сдача дня 2026-12-08" in html["info"]
    event(ctl, "deal")
    html = regions(ctl)
    assert 'data-action="hint"' not in html["panel"] and 'id="bid-risk"' not in html["panel"]
    event(ctl, "hint")
    assert "совета" in ctl.session.status and ctl.session.game.view(Seat.S).bid_log == ()
    event(ctl, "daily-leave")
    assert ctl.session.daily is None and store.get(saves.GAME_KEY) == before
    assert ctl.session.game.number == 12 and ctl.session.dealt and store.get(saves.TABLE_KEY) == seen
    assert store.get(saves.DAILY_KEY) == ""


def test_a_day_played_for_the_record_is_compared_with_its_par_recorded_and_shared_without_a_card():
    store = MemoryStore()
    ctl = day_dealt(store)
    play_south(ctl)
    game = ctl.session.game
    assert game.phase is Phase.HAND_OVER
    assert 'data-action="undo"' in regions(ctl)["tools"] and "disabled" in re.search(
        r'<button[^>]*data-action="undo"[^>]*>', regions(ctl)["tools"]).group(0)
    shown = ctl.daily.shown()
    assert shown.par == PAR and shown.score is not None and shown.departures is not None
    assert all(d.played != d.best for d in shown.departures)
    html = regions(ctl)["panel"]
    assert f'data-par="{PAR}"' in html and f'data-score="{shown.score}"' in html and 'data-action="deal"' not in html
    entry = stats.load(store)["days"]["2026-12-08"]
    assert entry == {"score": shown.score, "par": PAR, "tricks": shown.tricks}
    event(ctl, "deal")  # the day's game is one hand
    assert len(ctl.session.game.hands) == 1
    event(ctl, "day-share")
    query, text = ctl.files.clipboard
    assert query == "?daily=2026-12-08" and "2026-12-08" in text and shown.tricks in text
    assert not re.search(r"\b[2-9TJQKA][SHDC]\b|[♠♥♦♣]|10", text.replace("2026-12-08", "")), text
    totals = stats.totals(stats.load(store), DAY)["days"]
    assert totals["played"] == 1 and totals["streak"] == 1 and totals["best"] == shown.score - PAR


def test_south_playing_as_the_hard_level_scores_the_par_and_departs_nowhere():
    ctl = day_dealt()
    play_south(ctl, like_the_par=True)
    shown = ctl.daily.shown()
    assert (shown.score, shown.tricks) == (PAR, par(DAY).tricks) and shown.departures == ()


def test_a_day_already_recorded_is_practice_with_the_coach_and_is_not_recorded_again():
    store = MemoryStore()
    store.set(stats.STATS_KEY, json.dumps({**stats.empty(), "days": {"2026-12-08": {"score": 10, "par": 64,
                                                                                      "tricks": "■□"}}}))
    ctl = opened(store)
    event(ctl, "daily")
    assert ctl.session.daily.practice and ctl.daily.coached and "тренировка" in regions(ctl)["info"]
    event(ctl, "deal")
    assert 'data-action="hint"' in regions(ctl)["panel"]
    play_south(ctl)
    assert stats.load(store)["days"]["2026-12-08"]["score"] == 10
    event(ctl, "daily-again")
    assert ctl.session.game.phase is Phase.BID and ctl.session.daily.practice


def test_the_day_comes_back_after_a_reload_and_another_day_is_practice():
    store = MemoryStore()
    day_dealt(store, DAY, 2)
    again = reloaded(store, DAY, None)
    assert again.session.daily is not None and again.session.game.view(Seat.S).bids[Seat.S] == 2
    later = reloaded(store, date(2026, 12, 9), None, DAY)  # yesterday's link, opened today
    assert later.session.daily.day == DAY
    other = reloaded(MemoryStore(), date(2026, 12, 9), None, DAY)
    assert other.session.daily.practice  # not today's: practice
    future = reloaded(MemoryStore(), DAY, None, date(2026, 12, 10))
    assert future.session.daily.day == DAY and "2026-12-10" in future.session.notice


def test_a_damaged_day_on_the_table_is_moved_aside_and_named_and_the_game_kept():
    store = MemoryStore()
    ctl = opened(store)
    event(ctl, "deal")
    kept = store.get(saves.GAME_KEY)
    store.set(saves.DAILY_KEY, '{"format": "spades-game/1", "daily": {"date": "2026-02-30"}')
    again = Controller(store, Screen(), FAST)
    again.start(None)
    assert again.session.daily is None and again.session.game.number == 12
    assert saves.DAILY_DAMAGED_KEY in again.session.notice and store.get(saves.GAME_KEY) == kept
    assert store.get(saves.DAILY_DAMAGED_KEY).startswith('{"format"')


def test_damaged_days_in_the_statistics_are_named_kept_and_the_rest_counted():
    good = {"score": 40, "par": 30, "tricks": "■■□"}
    document = {**stats.empty(), "days": {"2026-12-07": good, "2026-12-08": {"score": "lots"}, "someday": good}}
    parsed = stats.parse(json.dumps(document))
    named = dict(days.damaged(parsed))
    assert set(named) == {"2026-12-08", "someday"}
    figures = stats.totals(parsed, DAY)["days"]
    assert figures == {"played": 1, "beaten": 1, "streak": 1, "best": 10}
    recorded = days.with_day(parsed, date(2026, 12, 9), 5, "□", 7)
    assert recorded["days"]["2026-12-08"] == {"score": "lots"} and "2026-12-09" in recorded["days"]
    assert stats.totals(recorded, date(2026, 12, 9))["days"]["streak"] == 1  # the damaged day is not counted
    flat = stats.parse(json.dumps({**stats.empty(), "days": ["not", "an", "object"]}))
    assert dict(days.damaged(flat)) == {"days": days.t("days.error.object")} and flat["days_damaged"]
    merged = stats.merge(parsed, stats.parse(json.dumps({**stats.empty(), "days": {"2026-12-07": {
        "score": -5, "par": 30, "tricks": "□"}, "2026-12-01": good}})))
    assert merged["days"]["2026-12-07"] == good and merged["days"]["2026-12-01"] == good


def test_the_statistics_import_names_damaged_days_and_keeps_the_rest():
    store = MemoryStore()
    ctl = opened(store)
    text = json.dumps({**stats.empty(), "days": {"2026-12-01": {"score": 1, "par": 2, "tricks": "■"},
                                                 "2026-12-02": {"score": 1, "par": 2, "tricks": "x"}}})
    assert ctl.desk.open(text, "mine.json")
    assert "2026-12-02" in ctl.session.notice and "2026-12-01" not in ctl.session.notice
    assert set(stats.load(store)["days"]) == {"2026-12-01", "2026-12-02"}
    drive(ctl.handle("panel", "stats"))
    assert "2026-12-02" in regions(ctl)["stats"]


def test_a_day_s_hand_that_ends_the_game_is_still_compared_and_drawn_after_a_reload():
    day = date(2026, 12, 6)  # South's 13 with North's Nil: the hand goes below −200
    store = MemoryStore()
    ctl = day_dealt(store, day, 13)
    play_south(ctl)
    assert ctl.session.game.phase is Phase.GAME_OVER
    shown = ctl.daily.shown()
    assert shown.score is not None and shown.par is not None and shown.departures is not None
    assert 'data-action="day-share"' in regions(ctl)["panel"] and "Сдача дня сыграна" in ctl.session.status
    again = reloaded(store, day, None)
    assert again.session.daily is not None and f'data-score="{shown.score}"' in regions(again)["panel"]


def test_leaving_the_day_survives_a_damaged_note_of_the_game_s_table():
    store = MemoryStore()
    ctl = game_begun(store)
    kept = store.get(saves.GAME_KEY)
    event(ctl, "daily")
    store.set("spades.daily.resume", "[" * 100_000)
    event(ctl, "daily-leave")
    assert ctl.session.daily is None and ctl.session.game.number == 12
    event(ctl, "card", str(ctl.session.game.view(Seat.S).legal[0]) if ctl.session.south_turn else "AS")
    assert json.loads(store.get(saves.GAME_KEY))["game"] == 12 and store.get(saves.GAME_KEY).startswith(kept[:40])


def test_a_damaged_saved_day_gives_back_the_game_s_table_and_says_so():
    store = MemoryStore()
    ctl = opened(store)
    event(ctl, "deal")
    event(ctl, "look")
    seen = store.get(saves.TABLE_KEY)
    event(ctl, "daily")
    event(ctl, "deal")
    store.set(saves.DAILY_KEY, store.get(saves.DAILY_KEY)[:-5])
    again = reloaded(store, DAY, None)
    assert again.session.daily is None and again.session.dealt and store.get(saves.TABLE_KEY) == seen
    assert "партия" in again.session.notice and "Начата новая" not in again.session.notice


def test_a_day_recorded_before_its_par_was_ready_gets_it_later():
    store = MemoryStore()
    ctl = day_dealt(store)
    play_south(ctl)
    document = stats.load(store)
    document["days"]["2026-12-08"]["par"] = None  # as if the hand had ended before the par
    stats.save(store, document)
    again = reloaded(store, DAY, None)
    event(again, "daily-again")
    assert stats.load(store)["days"]["2026-12-08"]["par"] == PAR


def test_a_link_to_a_game_takes_the_day_off_the_table_and_a_day_begun_goes_on_when_reopened():
    store = MemoryStore()
    day_dealt(store, DAY, 2)
    linked = reloaded(store, DAY, 77)
    assert linked.session.daily is None and linked.session.game.number in (12, 77)
    event(linked, "daily")
    assert linked.session.daily == days.DayPlay(DAY, False)
    assert linked.session.game.view(Seat.S).bids[Seat.S] == 2  # the day for the record goes on
    later = reloaded(store, date(2026, 12, 9), None)
    assert later.session.daily == days.DayPlay(DAY, True)  # not finished on its day: practice now


def test_the_review_of_a_deuces_high_hand_shows_the_deuces_as_trumps():
    from spades import Game, Rules, to_record
    from ui.review import hand_review, held_after

    game = Game(game=66, rules=Rules(deuces_high=True))
    while game.phase is not Phase.HAND_OVER:
        game.apply(game.legal_actions()[0])
    held = held_after(hand_review(to_record(game), 0), 0)["S"]
    two = next(c for c in held if str(c) == "2D")
    assert two.suit == 0 and game.hands[0].deal[Seat.S] >> two & 1  # the trump dealt, not the plain 2♦


def test_importing_statistics_keeps_our_damaged_days():
    ours = stats.parse(json.dumps({**stats.empty(), "days": ["not", "an", "object"]}))
    assert stats.merge(ours, stats.empty())["days_damaged"] == ["not", "an", "object"]
