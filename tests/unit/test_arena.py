"""The play command and the arena: determinism, shape of the output (no strength claims)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from spades import Game, Phase
from spades.bots import make_player
from spades.record import from_record
from spades_cli.arena import mean_ci, percentile, player_for, run_deals, run_games, team_result
from spades_cli.play import play_hand

ROOT = Path(__file__).resolve().parents[2]


def run_cli(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    return subprocess.run([sys.executable, "-m", "spades", *args], capture_output=True, text=True,
                          env=env, timeout=120)


def test_play_prints_the_same_record_twice():
    a = run_cli("play", "--game", "17", "--ns", "medium", "--ew", "easy")
    b = run_cli("play", "--game", "17", "--ns", "medium", "--ew", "easy")
    assert a.returncode == 0, a.stderr
    assert a.stdout == b.stdout
    record = json.loads(a.stdout)
    assert record["game"] == 17 and record["format"] == "spades-game/1"
    game = from_record(record)  # the record replays to a finished game
    assert game.phase is Phase.GAME_OVER


def test_play_rejects_bad_rules():
    r = run_cli("play", "--game", "1", "--rules", "{\"target\": -5}")
    assert r.returncode == 2 and "rules" in r.stderr


def test_arena_deals_json_shape():
    r = run_cli("arena", "--ns", "medium", "--ew", "random", "--deals", "6", "--seed", "3", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["deals"] == 6 and len(out["ci95"]) == 2
    ns = out["teams"]["ns"]
    assert ns["hands"] == 12 and set(ns["think_ms"]) == {"mean", "p50", "p95", "decisions"}
    assert out["diff_per_deal"] > 0  # medium beats random even over six deals


def test_arena_is_duplicate_and_symmetric():
    r = run_deals("easy", "easy", 5, seed=2)
    assert r["diff_per_deal"] == 0 and r["ci95"] == [0, 0]


def test_arena_games_mode():
    r = run_games("medium", "random", 1, seed=1, target=100)
    assert r["games"] == 2 and r["wins"] + r["draws"] <= 2
    assert r["ns_win_rate"] == round((r["wins"] + r["draws"] / 2) / r["games"], 3)
    lo, hi = r["ci95"]
    assert lo <= r["ns_win_rate"] <= hi


def test_arena_games_are_duplicate_a_player_against_itself_wins_half():
    # each game is played twice with the teams' seats swapped, the same cards and the same
    # decisions per seat: a player against itself wins exactly one of the two, or both draw
    r = run_games("random", "random", 3, seed=5, target=100)
    assert r["games"] == 6 and r["wins"] + r["draws"] / 2 == 3 and r["ns_win_rate"] == 0.5


def test_team_result_values_bags_at_minus_ten():
    game = Game(game=5)
    play_hand(game, {s: make_player("easy") for s in range(4)})
    for team in (0, 1):
        r = team_result(game, team)
        s = game.hand.score[team]
        assert r["points"] == s.hand - s.bag_penalty - 10 * s.bags


def test_unknown_players_and_missing_programs_are_reported():
    for spec in ("expert", "cmd:"):
        try:
            player_for(spec)
        except ValueError as exc:
            assert spec.split(":")[0] in str(exc)
        else:  # pragma: no cover
            raise AssertionError(spec)
    r = run_cli("arena", "--ns", "expert", "--deals", "1")
    assert r.returncode == 2
    r = run_cli("arena", "--ns", "cmd:./no-such-bot", "--deals", "1")  # the protocol's own tests: test_protocol.py
    assert r.returncode == 3 and "cmd:./no-such-bot" in r.stderr and "cannot start" in r.stderr


def test_statistics_helpers():
    assert percentile([1, 2, 3, 4], 50) == 2 and percentile([5], 95) == 5
    m, lo, hi = mean_ci([1.0, 3.0])
    assert m == 2 and lo < 2 < hi


def test_arena_in_parallel_gives_the_same_figures():
    """``--jobs 2`` plays the deals in two processes: the same JSON as one, but the think times
    (each decision's randomness comes from the game number and the position, not the process)."""
    def figures(*extra: str) -> dict:
        r = run_cli("arena", "--ns", "medium", "--ew", "easy", "--deals", "6", "--seed", "11", "--json", *extra)
        assert r.returncode == 0, r.stderr
        out = json.loads(r.stdout)
        for team in out["teams"].values():
            team["think_ms"] = team["think_ms"]["decisions"]  # times differ from run to run
        return out

    one = figures()
    assert figures("--jobs", "2") == one and one["teams"]["ns"]["hands"] == 12
    refused = run_cli("arena", "--ns", "cmd:true", "--ew", "easy", "--deals", "1", "--jobs", "2")
    assert refused.returncode == 2 and "--jobs" in refused.stderr


def test_the_ceiling_sees_every_hand_and_is_no_level_of_the_page():
    from spades.bots import LEVELS
    from spades.bots.knowledge import Sampler
    from spades.deal import SplitMix64
    from spades_cli.ceiling import CEILING, CeilingBot, TrueDeal

    assert CEILING not in LEVELS  # the page's settings offer LEVELS only
    game = Game(game=77)
    bot = player_for(CEILING)
    assert isinstance(bot, CeilingBot)
    play_hand(game, {0: bot, 1: make_player("medium"), 2: bot, 3: make_player("medium")})
    assert game.phase is Phase.HAND_OVER
    # its deals are the true one, every time, for a card and for a bid
    game = Game(game=78)
    bot.act_with_game(game, game.view(game.to_move), SplitMix64(1))
    view = game.view(game.to_move)
    for sampler in (bot.play_sampler(view, [0] * 4, [13] * 4), bot.bid_sampler(view)):
        assert isinstance(sampler, TrueDeal) and isinstance(sampler, Sampler)
        assert sampler.draw(SplitMix64(2)) == sampler.draw(SplitMix64(3)) == list(game.hand.held)


def test_the_glimpse_puts_its_share_of_the_unseen_cards_right_and_deals_the_rest_consistently():
    from spades.bots import LEVELS, decision_rng
    from spades.bots.knowledge import Sampler, remaining_counts, voids
    from spades.cards import CARD_SLOTS, SUIT_OF
    from spades.deal import SplitMix64
    from spades_cli.ceiling import GLIMPSE, Glimpse, GlimpseBot

    assert GLIMPSE not in LEVELS
    game = Game(game=79)
    bot = player_for(GLIMPSE)
    assert isinstance(bot, GlimpseBot) and bot.bid_sampler(game.view(game.to_move)) is None  # bids: hard's
    medium = make_player("medium")
    while game.phase is not Phase.HAND_OVER:  # to the sixth trick, with voids shown on this deal
        seat = game.to_move
        if game.phase is Phase.PLAY and len(game.hand.tricks) == 5:
            break
        game.apply(medium.act(game.view(seat), decision_rng(79, game.view(seat))))
    view = game.view(game.to_move)
    truth = list(game.hand.held)
    vd, counts = voids(view), remaining_counts(view)
    me = int(view.seat)
    assert any(vd)
    plain = Sampler(view, vd=vd, counts=counts)
    right = {0.0: 0, 0.5: 0}
    for k in range(40):
        for share in (0.0, 0.5, 1.0):
            hands = Glimpse(plain, truth, share).draw(SplitMix64(k))
            assert hands[me] == truth[me] and sum(h.bit_count() for h in hands) == sum(t.bit_count() for t in truth)
            assert all(hands[s].bit_count() == counts[s] and not any(
                vd[s] >> SUIT_OF[c] & 1 for c in range(CARD_SLOTS) if hands[s] >> c & 1) for s in range(4) if s != me)
            if share == 1.0:
                assert hands == truth
            else:
                right[share] += sum((hands[s] & truth[s]).bit_count() for s in range(4) if s != me)
    unseen = 40 * view.unseen_mask.bit_count()
    assert right[0.0] / unseen < 0.5 < right[0.5] / unseen < 1.0  # half placed by the glimpse, more by chance


def test_the_arena_prints_the_share_of_the_ceiling():
    done = run_cli("arena", "--ns", "medium", "--ew", "easy", "--deals", "2", "--ceiling", "--json")
    assert done.returncode == 0, done.stderr
    r = json.loads(done.stdout)
    c = r["ceiling"]
    assert set(c) == {"diff_per_deal", "ci95", "share"}
    assert c["share"] is None or c["share"] == round(r["diff_per_deal"] / c["diff_per_deal"], 3)
