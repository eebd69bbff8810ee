"""The bot protocol (docs/protocol.md): our bot command, and outside programs in the arena."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from spades import Game, Seat, to_record
from spades.bots import make_player
from spades_cli.arena import run_deals
from spades_cli.play import bot_action, play_hand
from spades_cli.protocol import OutsideBotError, OutsidePlayer, partial_record, request_for, respond

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
PY = sys.executable
DOC = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
needs_processes = pytest.mark.skipif(sys.platform == "emscripten", reason="needs a subprocess (none in the browser)")


def bot_cli(level: str, lines: list[str]) -> list[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    r = subprocess.run([PY, "-m", "spades", "bot", "--level", level], input="".join(line + "\n" for line in lines),
                       capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout.splitlines()


def position(number: int, actions: int) -> Game:
    """Game ``number`` after ``actions`` actions of easy players."""
    game, player = Game(game=number), make_player("easy")
    for _ in range(actions):
        game.apply(bot_action(game, player))
    return game


def line(request: dict) -> str:
    return json.dumps(request, separators=(",", ":"))


def test_an_outside_bot_plays_duplicate_deals_seeing_only_its_own_cards(tmp_path, monkeypatch):
    log = tmp_path / "requests.jsonl"
    monkeypatch.setenv("RANDOM_BOT_LOG", str(log))
    deals = 2
    with OutsidePlayer(f"{PY} {TESTS / 'random_bot.py'}") as bot:
        r = run_deals(bot, "easy", deals=deals, seed=11)
    assert r["deals"] == deals and r["teams"]["ns"]["player"].startswith("cmd:")
    assert r["teams"]["ns"]["hands"] == 2 * deals
    requests = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    # both seats of its team, in both seatings: 2 bids and 26 cards per team and hand
    assert len(requests) == deals * 2 * (2 + 26)
    assert {q["seat"] for q in requests} == {"S", "W", "N", "E"}
    for q in requests:
        record = q["record"]
        assert "game" not in record  # the game number would deal every hand again
        for hand in record["hands"]:
            assert list(hand["deal"]) == [q["seat"]] and len(hand["deal"][q["seat"]]) == 13
    with OutsidePlayer(f"{PY} {TESTS / 'random_bot.py'}") as bot:  # the same answers again
        assert run_deals(bot, "easy", deals=deals, seed=11)["diff_per_deal"] == r["diff_per_deal"]


def test_past_hands_are_sent_whole_but_only_with_the_seats_own_cards():
    game = Game(game=5)
    players = {s: make_player("easy") for s in range(4)}
    play_hand(game, players)
    game.apply("deal")
    full = to_record(game)
    request = request_for(game)
    seat = request["seat"]
    assert [h["deal"] for h in request["record"]["hands"]] == [{seat: h["deal"][seat]} for h in full["hands"]]
    assert [h["plays"] for h in request["record"]["hands"]] == [h["plays"] for h in full["hands"]]
    assert len(request["record"]["hands"][0]["plays"]) == 52


def test_the_same_request_gets_the_same_answer():
    lines = [line(request_for(position(7, n))) for n in (0, 3, 4, 9, 30)]
    first = bot_cli("medium", lines)
    assert len(first) == len(lines) and all("action" in json.loads(x) for x in first)
    assert bot_cli("medium", lines) == first
    assert bot_cli("medium", lines[::-1]) == first[::-1]  # no memory between requests
    hard = make_player("hard")
    assert respond(lines[3], hard) == respond(lines[3], hard)


def test_malformed_requests_get_errors_and_the_bot_keeps_serving():
    game = position(3, 9)  # North to play
    good = request_for(game)
    seat = Seat[good["seat"]]
    other = Seat((seat + 1) % 4)
    full = to_record(game)
    shown = dict(good, record=dict(good["record"], hands=full["hands"]))
    wrong_turn = {"seat": other.name, "record": partial_record(full, other)}
    bad_cards = json.loads(line(good))
    bad_cards["record"]["hands"][0]["deal"][seat.name][0] = "1X"
    lines = ["not json", "[1, 2]", '{"seat": "N"}', line(dict(good, seat="Q")), line(shown),
             line(wrong_turn), line(bad_cards), line(good)]
    out = [json.loads(x) for x in bot_cli("easy", lines)]
    assert len(out) == len(lines)
    errors = [o["error"] for o in out[:-1]]
    assert all(set(o) == {"error"} for o in out[:-1])
    assert "not JSON" in errors[0] and "seat" in errors[2] and "seat" in errors[3]
    assert "other seats' cards" in errors[4]
    assert f"not {other.name}'s turn" in errors[5]
    assert "1X" in errors[6] and "hand 1" in errors[6]
    assert out[-1]["action"] in [str(a) for a in game.legal_actions()]


@needs_processes
def test_an_illegal_answer_is_reported_not_obeyed():
    game = Game(game=728472877)
    bad = OutsidePlayer(f"{PY} {TESTS / 'bad_bot.py'}")
    easy = make_player("easy")
    with bad, pytest.raises(OutsideBotError) as err:
        play_hand(game, {0: easy, 1: bad, 2: easy, 3: bad})
    message = str(err.value)
    assert "bad_bot.py" in message and "as W" in message and "hand 1, play 2" in message
    assert 'answered "AS"' in message and "not a legal card" in message
    assert game.to_move == Seat.W and len(game.hand.plays) == 1  # nothing applied


def test_the_arena_stops_cleanly_with_the_error(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    r = subprocess.run([PY, "-m", "spades", "arena", "--ns", "easy", "--ew", f"cmd:{PY} tests/bad_bot.py",
                        "--deals", "2", "--json"], capture_output=True, text=True, env=env, timeout=120, cwd=ROOT)
    assert r.returncode == 3
    assert r.stderr.startswith("error: cmd:") and "as W" in r.stderr and "not a legal card" in r.stderr
    assert "not a legal card" in json.loads(r.stdout)["error"]


@needs_processes
def test_silent_and_dying_programs_are_reported():
    game = position(1, 0)
    request, view = request_for(game), game.view(game.to_move)
    with (OutsidePlayer(f"{PY} -c 'import time; time.sleep(30)'", timeout=0.3) as silent,
          pytest.raises(OutsideBotError, match=r"as S, game 1, hand 1, bid 1: no answer within 0.3 s")):
        silent.act_on_request(request, view, game.number)
    with (OutsidePlayer(f"{PY} -c 'import sys; sys.stdin.readline(); sys.exit(4)'") as dying,
          pytest.raises(OutsideBotError, match=r"the program is gone \(exit status 4\)")):
        dying.act_on_request(request, view, game.number)
    with (OutsidePlayer(f"{PY} -c 'print(\"{{}}\", flush=True); input()'") as mute,
          pytest.raises(OutsideBotError, match=r'expected \{"action"')):
        mute.act_on_request(request, view, game.number)


def test_the_documented_exchange_is_what_our_bot_answers():
    block = re.search(r"## An example exchange.*?```text\n(.*?)```", DOC, re.S).group(1).splitlines()
    sent = [x[2:] for x in block if x.startswith("> ")]
    got = [x[2:] for x in block if x.startswith("< ")]
    assert len(sent) == len(got) >= 3
    hard = make_player("hard")
    assert [respond(x, hard) for x in sent] == got


@needs_processes
def test_the_documented_example_bot_plays_legally(tmp_path):
    code = re.search(r"## An example bot.*?```python\n(.*?)```", DOC, re.S).group(1)
    assert len(code.splitlines()) <= 20
    script = tmp_path / "my_bot.py"
    script.write_text(code, encoding="utf-8")
    with OutsidePlayer(f"{PY} {script}") as bot:
        r = run_deals(bot, "random", deals=1, seed=4)
    assert r["teams"]["ns"]["hands"] == 2


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_the_reason_answered_is_what_decided_the_card_as_at_the_table(level):
    # one source of reasons: the bot's own (Bot.think_why), the one the partner says and the
    # hint shows; for the hard level, the hint of that position and key word for word
    from spades.advice import play_hint
    from spades.bots import decision_rng
    from spades.bots.base import finish
    from spades.reasons import Reason
    from spades.record import view_from_partial_record
    from spades_cli.protocol import request_key

    player, reasons = make_player(level), 0
    for number, actions in ((31, 6), (32, 9), (33, 14), (34, 21), (35, 30)):
        game = position(number, actions)
        request = request_for(game)
        response = json.loads(respond(line(request), player))
        view = view_from_partial_record(request["record"], Seat.parse(request["seat"]))
        action, why = finish(player.think_why(view, decision_rng(request_key(request), view)))
        assert response["action"] == str(action)
        assert response["reason"] == Reason(*why).text("en")
        if level == "hard":
            assert play_hint(view, request_key(request)).text("en") == response["reason"]
        reasons += 1
    assert reasons == 5
