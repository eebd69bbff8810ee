"""The game record and ``python -m spades replay`` (docs/record.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from spades import DEAL, Game, Phase, RecordError, Seat, from_record, to_record

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"


def _replay(text: str, file: str = "-"):
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    return subprocess.run(
        [sys.executable, "-m", "spades", "replay", file],
        input=text, capture_output=True, text=True, env=env, timeout=60,
    )


def _one_error_line(out) -> str:
    """The replay failed as docs/record.md says: status 2, nothing on stdout, one line on stderr."""
    assert out.returncode == 2, (out.returncode, out.stderr[-500:])
    assert out.stdout == ""
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:"), out.stderr[-500:]
    return lines[0]


def _example() -> dict:
    return json.loads((DATA / "worked_example.json").read_text())


def test_replay_prints_hands_scores_and_next_action():
    out = _replay(json.dumps(_example()))
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    hand = doc["hands"][0]
    assert hand["dealer"] == "E" and hand["bids"] == {"S": 4, "W": 2, "N": 3, "E": 3}
    assert len(hand["tricks"]) == 13 and hand["tricks"][0]["leader"] == "S"
    assert hand["score"]["NS"] == {
        "contract": 70, "bags": 1, "nil": 0, "bag_penalty": 0, "hand": 71, "total": 71, "bank": 1,
    }
    assert hand["score"]["EW"]["hand"] == 50
    assert doc["next"] == {"phase": "bid", "seat": "W", "legal": list(range(14))}
    assert doc["game"] == {"over": False, "winner": None}


def test_replay_of_an_incomplete_hand_lists_the_open_trick_and_legal_cards():
    record = _example()
    record["hands"][0]["plays"] = record["hands"][0]["plays"][:6]
    doc = json.loads(_replay(json.dumps(record)).stdout)
    hand = doc["hands"][0]
    assert "score" not in hand and "winner" not in hand["tricks"][-1]
    assert len(hand["tricks"][-1]["cards"]) == 2
    assert doc["next"]["phase"] == "play" and doc["next"]["legal"]


def test_replay_from_game_number_without_deals():
    game = Game(game=4242)
    for _ in range(30):
        game.apply(game.legal_actions()[0])
    record = to_record(game)
    for hand in record["hands"]:
        del hand["deal"], hand["dealer"]
    assert to_record(from_record(record)) == to_record(game)


def test_illegal_action_gives_the_error_line_and_status_2():
    record = _example()
    plays = record["hands"][0]["plays"]
    game = from_record({**record, "hands": [{**record["hands"][0], "plays": plays[:1]}]})
    led = game.hand.plays[0].suit
    seat = game.to_move
    held = [c for c in game.view(seat).hand if c.suit != led]
    bad = str(held[0])
    record["hands"][0]["plays"] = plays[:1] + [bad]
    out = _replay(json.dumps(record))
    assert out.returncode == 2 and out.stdout == ""
    symbol = "♠♥♦♣"[led]
    assert out.stderr.strip() == f"error: hand 1, play 2 ({seat.name}, {bad}): must follow suit {symbol}"


@pytest.mark.parametrize(
    "mutate, fragment",
    [
        (lambda r: r.update(format="spades-game/9"), "unknown format"),
        (lambda r: r.update(hands="x"), "non-empty list of hands"),
        (lambda r: r["hands"][0]["bids"].__setitem__(1, 14), "hand 1, bid 2 (W, 14): a bid is a whole number"),
        (lambda r: r["hands"][0]["bids"].__setitem__(0, "four"), "hand 1, bid 1 (S, four): not a bid"),
        (lambda r: r["hands"][0]["plays"].__setitem__(0, "ZZ"), "hand 1, play 1 (S, ZZ): not a card"),
        (lambda r: r["hands"][0]["deal"]["S"].pop(), "deal: S must hold 13 cards"),
        (lambda r: r.update(rules={"target": "big"}), "rules"),
        (lambda r: r["hands"].append({"bids": [1], "plays": ["AS"]}), "hand 2: plays before all four bids"),
        (lambda r: r["hands"].insert(0, {"bids": [1]}), "hand 1 is not finished"),
    ],
)
def test_malformed_records_are_named_and_exit_2(mutate, fragment):
    record = _example()
    mutate(record)
    out = _replay(json.dumps(record))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith("error: ") and fragment in out.stderr, out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_not_json_exits_2():
    out = _replay("{nope")
    assert out.returncode == 2 and out.stderr.startswith("error: ")


def test_spades_lead_before_broken_is_reported():
    record = _example()
    game = from_record({**record, "hands": [{**record["hands"][0], "plays": []}]})
    spades_held = [c for c in game.view(game.to_move).hand if c.suit == 0]
    record["hands"][0]["plays"] = [str(spades_held[0])]
    with pytest.raises(RecordError) as err:
        from_record(record)
    assert str(err.value).endswith("spades are not broken yet")
    assert err.value.text("ru").endswith(": Пики ещё не разбиты")


def test_hand_over_then_next_hand_in_record():
    game = from_record(_example())
    assert game.phase is Phase.HAND_OVER
    game.apply(DEAL)
    game.apply(3)
    again = from_record(to_record(game))
    assert len(again.hands) == 2 and again.hand.bid_log == [3]


# --- the dealer of the first hand --------------------------------------------------------------

SEAT_ORDER = "SWNE"


@pytest.mark.parametrize("dealer", list(SEAT_ORDER))
def test_a_record_may_start_with_any_dealer_and_replays_with_it(dealer):
    # S is seat 0: a record naming dealer "S" once replayed as dealt by East
    order = [SEAT_ORDER[(SEAT_ORDER.index(dealer) + 1 + k) % 4] for k in range(4)]  # from its left
    game = Game(game=77, dealer=Seat[dealer])
    for bid in (1, 2, 3, 4):
        game.apply(bid)
    with_bids = to_record(game)
    assert with_bids["hands"][0]["dealer"] == dealer
    no_bids = json.loads(json.dumps(with_bids))
    no_bids["hands"][0]["bids"] = []
    numbered = json.loads(json.dumps(no_bids))
    del numbered["hands"][0]["deal"]  # dealt from the game number, by the dealer named

    for record in (no_bids, numbered):
        doc = json.loads(_replay(json.dumps(record)).stdout)
        assert doc["hands"][0]["dealer"] == dealer
        assert doc["next"] == {"phase": "bid", "seat": order[0], "legal": list(range(14))}
        assert from_record(record).hand.dealer is Seat[dealer]
    assert to_record(from_record(numbered)) == no_bids  # the same cards: the dealer's deal

    out = _replay(json.dumps(with_bids))
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["hands"][0]["dealer"] == dealer
    assert doc["hands"][0]["bids"] == dict(zip(order, (1, 2, 3, 4)))  # bidding from its left
    assert doc["next"]["phase"] == "play" and doc["next"]["seat"] == order[0]  # who leads


# --- texts that are not records ----------------------------------------------------------------

@pytest.mark.parametrize("depth", [1000, 100_000])
def test_deeply_nested_json_is_one_error_line(depth):
    line = _one_error_line(_replay("[" * depth + "]" * depth))
    assert "nested" in line or "JSON" in line


def test_deeply_nested_objects_inside_a_record_are_one_error_line():
    record = _example()
    record["hands"][0]["extra"] = json.loads("[" * 500 + "]" * 500)
    _one_error_line(_replay(json.dumps(record)))


def test_a_file_that_is_not_utf8_is_one_error_line(tmp_path):
    path = tmp_path / "record.json"
    path.write_bytes(b'{"format": "spades-game/1", "note": "\xff\xfe\xc3("}')
    line = _one_error_line(_replay("", str(path)))
    assert str(path) in line


def test_a_missing_file_is_one_error_line(tmp_path):
    line = _one_error_line(_replay("", str(tmp_path / "nowhere.json")))
    assert "cannot read" in line
