"""The page at the other tables, through the controller without a browser: the settings choose
the table (a team's house rule is put aside there, not refused), the seats, scores, sheet,
summary, result and statistics follow it, and the draw is played with «Оставить»/«Сбросить»."""

from __future__ import annotations

import json

import pytest

from helpers import MemoryStore
from spades import Phase, Seat
from test_ui import event, regions, table
from ui import saves, stats
from ui.play import result_text


def at(name: str, game: int = 30, **settings) -> object:
    store = MemoryStore({saves.SETTINGS_KEY: json.dumps({"table": name, **settings})})
    return table(store, game)


def play_hand(ctl) -> None:
    """South's moves to the hand's end: deal, each turn of the draw (keep, discard in turn), the
    hinted bid, the first legal card."""
    turns = 0
    for _ in range(400):
        game = ctl.session.game
        if game.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            return
        if not ctl.session.dealt:
            event(ctl, "deal")
        elif game.phase is Phase.DRAW:
            event(ctl, "draw", "keep" if turns % 2 == 0 else "discard")
            turns += 1
        elif game.phase is Phase.BID:
            event(ctl, "hint")
        else:
            card = str(game.legal_actions()[0])
            event(ctl, "card", card)
            event(ctl, "card", card)
    raise AssertionError("the hand never ended")


def test_a_teams_house_rule_is_put_aside_at_a_table_without_partners():
    ctl = at("cutthroat", min_team_bid=4, nil_tricks_count=True, jokers=True)
    rules = ctl.session.game.rules
    assert rules.table == "cutthroat" and rules.jokers and rules.min_team_bid == 0 and not rules.nil_tricks_count
    html = regions(ctl)["settings"]
    assert '<fieldset disabled><legend>Минимальный заказ команды</legend>' in html
    assert '<input type="checkbox" name="nil_tricks_count" disabled>' in html
    assert html.count("Только при игре пара на пару.") == 3  # the team's minimum, a Nil's tricks, the bidding


@pytest.mark.parametrize("name, seats, sides", [
    ("two", "SN", ["S", "N"]), ("cutthroat", "SWNE", ["S", "W", "N", "E"]), ("cutthroat3", "SWE", ["S", "W", "E"])])
def test_the_table_shows_the_seats_and_sides_that_play(name, seats, sides):
    ctl = at(name)
    drawn = regions(ctl)
    for seat in "SWNE":
        assert bool(drawn[f"seat-{seat}"]) == (seat in seats), seat
    assert [part.split('"')[0] for part in drawn["scores"].split('data-team="')[1:]] == sides
    assert f'data-table="{name}"' in drawn["info"]
    if "N" in seats:
        assert "соперник" in drawn["seat-N"] and "партнёр" not in drawn["seat-N"]
    play_hand(ctl)
    drawn = regions(ctl)
    summary = drawn["panel"]
    assert all(f'data-team="{side}"' in summary for side in sides)
    assert "Мы" not in summary and "Они" not in summary
    assert drawn["score"].count("<th scope=\"col\">") == len(sides) + 1
    assert ctl.session.prompt().startswith("Сдача окончена: ")


def test_the_draw_is_played_with_keep_and_discard_and_said_in_the_status_line():
    ctl = at("two", game=31)
    event(ctl, "deal")
    session = ctl.session
    assert session.game.phase is Phase.DRAW and session.south_turn
    panel = regions(ctl)["panel"]
    offered = str(session.view().offered)
    assert f'data-offered="{offered}"' in panel and 'data-value="keep"' in panel and 'data-value="discard"' in panel
    event(ctl, "draw", "keep")
    assert offered in {str(c) for c in session.view().hand}
    assert session.status.startswith("Вы оставили ") or "Север" in session.status
    event(ctl, "card", "AS")  # not the time for a card: said, nothing changes
    assert len(session.view().hand) == 1
    event(ctl, "hint")
    assert session.status.startswith("Совет: ") and "взятк" in session.status
    event(ctl, "draw", "take")  # not a choice of the draw: nothing happens
    assert len(session.game.hand.draws) == 2  # South's turn, then North's


def test_the_statistics_count_a_game_alone_for_south_and_by_table():
    ctl = at("cutthroat3", game=32)
    for _ in range(40):
        play_hand(ctl)
        if ctl.session.game.over:
            break
        event(ctl, "deal")
    game = ctl.session.game
    assert game.over
    kept = stats.load(ctl.session.store)
    entry = next(iter(kept["games"].values()))
    won = game.outcome.winner == game.table.side_of[Seat.S]
    assert entry["result"] == ("won" if won else "lost" if game.outcome.winner is not None else "drawn")
    assert entry["score"][0] == game.totals[0] and entry["score"][1] == max(game.totals[1:])
    assert entry["rules"]["table"] == "cutthroat3" and entry["house"] is False
    figures = stats.totals(kept)
    assert figures["by"]["table:cutthroat3"]["games"] == 1
    result = result_text(ctl.session.game)
    assert ("Победа!" if won else "Победил") in result and "Запад" in result and "Восток" in result


@pytest.mark.parametrize("name, cards", [("two", 13), ("cutthroat3", 17)])
def test_the_hands_analysis_prices_the_bid_and_every_card_at_each_table(name, cards):
    """«Разбор сдачи» at two (the draw's turns are not priced) and at three (17 cards)."""
    ctl = at(name, game=33)
    play_hand(ctl)
    event(ctl, "analysis")
    state = ctl.coach.analysis
    assert state.done == state.total == 1 + cards and state.listed is not None
    assert 'data-done="1"' in regions(ctl)["panel"]
    event(ctl, "review", "1")
    event(ctl, "review-step", str(cards))
    assert ctl.coach.review.step == cards and f'data-step="{cards}"' in regions(ctl)["review"]
