"""bench/paired.py: a variant and its base on the same deals (the tool, not a strength claim)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from helpers import ROOT, bench_script
from spades.bots.hard import BUDGET

SCRIPT = ROOT / "bench" / "paired.py"
paired = bench_script("paired")

QUICK = "hard:budget=2500"  # the hard level with a small budget: the same code, faster


def test_settings_are_set_on_the_level():
    p = paired.player_of("hard:budget=2500,margin=6.5,score_aware=off")
    assert (p.budget, p.margin, p.score_aware) == (2500, 6.5, False)
    assert paired.player_of("hard").budget == BUDGET  # set on that player only, not on the level


@pytest.mark.parametrize("spec, words", [
    ("hard:bogus=1", "bogus"),
    ("hard:budget", "NAME=VALUE"),
    ("hard:budget=lots", "budget is an int"),
    ("hard:style=1", "style"),  # not a number or a switch
    ("hard:score_aware=maybe", "score_aware is a bool"),
    ("outside", "--bot"),
    ("outside:margin=1", "no settings"),
])
def test_bad_settings_are_refused_with_a_reason(spec, words):
    with pytest.raises(ValueError, match=words):
        paired.player_of(spec)


def test_a_variant_equal_to_its_base_differs_on_no_deal():
    against = paired.player_of("easy")
    r = paired.run(paired.player_of(QUICK), paired.player_of(QUICK), against, deals=2, seed=5)
    assert r["diffs"] == [0.0, 0.0] and r["played"] == [0, 1]
    assert r["players"]["base"] == r["players"]["variant"] | {"player": QUICK}


def test_the_bid_screen_gives_what_the_whole_run_gives():
    """A bid-only change plays its cards alike wherever the bids are alike: the screened run
    plays fewer deals and finds the same differences (seed 7: some deals' bids differ, some not)."""
    variant = QUICK + ",set_caution=0"
    whole = paired.run(paired.player_of(QUICK), paired.player_of(variant), paired.player_of("easy"),
                       deals=6, seed=7)
    screened = paired.run(paired.player_of(QUICK), paired.player_of(variant), paired.player_of("easy"),
                          deals=6, seed=7, screen="bids")
    assert screened["diffs"] == whole["diffs"]
    assert 0 < len(screened["played"]) < len(whole["played"]) == 6
    assert any(d != 0 for d in whole["diffs"])


def test_the_command_prints_json_and_refuses_bad_input():
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    ok = subprocess.run([sys.executable, str(SCRIPT), "--variant", QUICK + ",margin=8", "--base", QUICK,
                         "--against", "easy", "--deals", "1", "--seed", "5", "--json"],
                        capture_output=True, text=True, env=env, timeout=300)
    assert ok.returncode == 0, ok.stderr
    r = json.loads(ok.stdout)
    assert r["deals"] == 1 and len(r["diffs"]) == 1 and r["paired"] == r["diffs"][0]
    bad = subprocess.run([sys.executable, str(SCRIPT), "--variant", "hard:nope=1", "--against", "easy"],
                         capture_output=True, text=True, env=env, timeout=60)
    assert bad.returncode == 2 and bad.stderr.startswith("error: ") and "nope" in bad.stderr
    none = subprocess.run([sys.executable, str(SCRIPT), "--variant", QUICK, "--against", "easy", "--deals", "0"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert none.returncode == 2 and "--deals" in none.stderr


def test_the_nil_screen_plays_the_deals_with_the_levels_nil_and_finds_what_the_whole_run_finds():
    """A change of the play while the level's own team's Nil stands (not reading the opponents'
    pressure on it) plays alike on every deal without such a Nil: the screened run plays only the
    deals on which the level's team bids a Nil in either seating, with the same differences."""
    base, variant, against = paired.player_of(QUICK), paired.player_of(QUICK + ",press=0"), paired.player_of("easy")
    whole = paired.run(base, variant, against, deals=6, seed=7)
    screened = paired.run(base, variant, against, deals=6, seed=7, screen="nils")
    assert screened["diffs"] == whole["diffs"]
    assert 0 < len(screened["played"]) < len(whole["played"]) == 6
    rules = paired.Rules()
    for i in range(6):
        number = paired.deal_number(7, i)
        assert (i in screened["played"]) == any(paired.team_nil(base, against, number, t, rules) for t in (0, 1))
