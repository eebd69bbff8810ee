"""bench/departures.py: where a searching level leaves the policy's card (the tool, not a claim)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from helpers import ROOT, bench_script
from spades.rules import Rules
from spades_cli.arena import deal_number, play_deal

SCRIPT = ROOT / "bench" / "departures.py"
departures = bench_script("departures")

QUICK = "hard:budget=2500"  # the hard level with a small budget: the same code, faster


def test_each_decision_is_the_policy_card_unless_the_search_left_it():
    rows = departures.run(departures.player_of(QUICK), departures.player_of("easy"), deals=2, seed=5)
    assert len(rows) > 20
    for r in rows:
        assert r["left"] == (r["card"] != r["policy"])
        assert (r["how"] == "") == (not r["left"])
        assert 0 <= r["trick"] < 13 and 0 <= r["position"] < 4
    assert any(r["left"] for r in rows) and any(not r["left"] for r in rows)
    table = departures.summary(rows)
    assert sum(v["decisions"] for v in table.values()) == len(rows)
    assert sum(v["left"] for v in table.values()) == sum(r["left"] for r in rows)
    assert all(sum(v["how"].values()) == v["left"] for v in table.values())
    lefts = [v["left"] for v in table.values()]
    assert lefts == sorted(lefts, reverse=True)


def test_recording_changes_no_decision():
    against = departures.player_of("easy")
    number = deal_number(5, 1)
    plain = play_deal(departures.player_of(QUICK), against, number, Rules())[:2]
    recorded = play_deal(departures.recording(departures.player_of(QUICK), []), against, number, Rules())[:2]
    assert recorded == plain


@pytest.mark.parametrize("card, default, trick, words", [
    (13, 13, [], ""),
    (14, 13, [], "lead same suit, higher"),
    (0, 14, [], "lead another suit, lower"),
    (0, 13, [], "lead another suit, the same rank"),
])
def test_how_names_a_lead_departure(card, default, trick, words):
    assert departures.how(trick, default, card) == words


def test_a_level_that_does_not_search_is_refused():
    with pytest.raises(ValueError, match="no searched card"):
        departures.recording(departures.player_of("medium"), [])


def test_the_command_prints_json_and_refuses_bad_input():
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    ok = subprocess.run([sys.executable, str(SCRIPT), "--level", QUICK, "--against", "easy", "--deals", "1",
                         "--seed", "5", "--json"], capture_output=True, text=True, env=env, timeout=300)
    assert ok.returncode == 0, ok.stderr
    table = json.loads(ok.stdout)
    assert table and all({"decisions", "left", "how"} <= set(v) for v in table.values())
    for args, words in ((["--level", "medium"], "no searched card"), (["--level", "hard:nope=1"], "nope"),
                        (["--deals", "0"], "--deals")):
        bad = subprocess.run([sys.executable, str(SCRIPT), "--against", "easy", *args],
                             capture_output=True, text=True, env=env, timeout=60)
        assert bad.returncode == 2 and bad.stderr.startswith("error: ") and words in bad.stderr
