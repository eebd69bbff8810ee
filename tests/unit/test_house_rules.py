"""The house rules (``Rules``' seven variants): scoring by hand, the jokers, the team minimum, spades
led at any time, the record and the command line, and every level playing by them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from spades import BLIND, Card, Game, IllegalActionError, Phase, Rules, Seat, from_record, score_team, to_record
from spades.bots import LEVELS, decision_rng, make_player
from spades.bots.estimate import estimate
from spades.cards import BIG_JOKER, LITTLE_JOKER, SPADE_MASK, cards_of, mask_of
from spades.deal import deal_masks
from spades.record import RecordError
from spades.rules import legal_bids, play_mask, trick_winner
from spades.scoring import boston
from spades_cli.arena import run_deals
from spades_cli.play import play_game

PY = Path(__file__).resolve().parents[2] / "py"

HOUSE = {"min_team_bid": 4, "thirteen_bonus": 200, "jokers": True, "nil_tricks_count": True, "bag_limit": 5,
         "nil_bonus": 50, "spades_anytime": True}


def m(text: str) -> int:
    return mask_of(Card.parse(c) for c in text.split())


# --- scoring, by hand ------------------------------------------------------------------------------

# (rules, bids, tricks, bank before) -> (contract, bags, nil, bonus, bag_penalty, hand, bank after)
CASES = {
    "a failed Nil's tricks never help, by default": (
        {}, (0, 4), (3, 3), 0, (-40, 3, -100, 0, 0, -137, 3)),
    "a failed Nil's tricks make the partner's contract": (
        {"nil_tricks_count": True}, (0, 4), (3, 3), 0, (40, 2, -100, 0, 0, -58, 2)),
    "… and set it when still short (no bags then)": (
        {"nil_tricks_count": True}, (0, 6), (1, 4), 0, (-60, 0, -100, 0, 0, -160, 0)),
    "a Nil made is scored as always": (
        {"nil_tricks_count": True}, (0, 4), (0, 5), 0, (40, 1, 100, 0, 0, 141, 1)),
    "two Nils: no contract to help": (
        {"nil_tricks_count": True}, (0, 0), (0, 2), 0, (0, 2, 0, 0, 0, 2, 2)),
    "13 bid and taken, no bonus rule: 130": (
        {}, (6, 7), (6, 7), 0, (130, 0, 0, 0, 0, 130, 0)),
    "the thirteen bonus made, in place of 130": (
        {"thirteen_bonus": 200}, (6, 7), (6, 7), 0, (0, 0, 0, 200, 0, 200, 0)),
    "the thirteen bonus set": (
        {"thirteen_bonus": 200}, (6, 7), (5, 7), 0, (0, 0, 0, -200, 0, -200, 0)),
    "a bonus of 500 beside a Nil made": (
        {"thirteen_bonus": 500}, (13, 0), (13, 0), 0, (0, 0, 100, 500, 0, 600, 0)),
    "12 bid and 13 taken: no bonus": (
        {"thirteen_bonus": 200}, (6, 6), (6, 7), 0, (120, 1, 0, 0, 0, 121, 1)),
    "bags by 5: the fifth bag costs 50": (
        {"bag_limit": 5}, (3, 3), (5, 4), 2, (60, 3, 0, 0, -50, 13, 0)),
    "bags by 5: two periods at once, the rest stays": (
        {"bag_limit": 5}, (2, 2), (6, 5), 4, (40, 7, 0, 0, -100, -53, 1)),
    "bags by 10, as before": (
        {}, (2, 2), (6, 5), 4, (40, 7, 0, 0, -100, -53, 1)),
    "a Nil worth 50, made": (
        {"nil_bonus": 50}, (0, 4), (0, 5), 0, (40, 1, 50, 0, 0, 91, 1)),
    "a Nil worth 200, broken by one trick (which is a bag)": (
        {"nil_bonus": 200}, (0, 4), (1, 4), 0, (40, 1, -200, 0, 0, -159, 1)),
    "a Blind Nil is worth twice the Nil's value": (
        {"nil_bonus": 50, "blind_nil": True}, (BLIND, 4), (0, 4), 0, (40, 0, 100, 0, 0, 140, 0)),
    "… and loses twice as much": (
        {"nil_bonus": 200, "blind_nil": True}, (BLIND, 4), (2, 2), 0, (-40, 2, -400, 0, 0, -438, 2)),
}


@pytest.mark.parametrize("case", list(CASES))
def test_scoring_table(case):
    rules, bids, taken, bank, expected = CASES[case]
    s = score_team(bids, taken, 500, bank, Rules(**rules))
    assert (s.contract, s.bags, s.nil, s.bonus, s.bag_penalty, s.hand, s.bank) == expected
    assert s.total == 500 + s.hand


def test_the_bonus_is_in_the_record_only_where_it_was_scored():
    won = score_team((6, 7), (6, 7), 0, 0, Rules(thirteen_bonus=200))
    plain = score_team((4, 3), (5, 3), 0, 0, Rules(thirteen_bonus=200))
    assert won.to_json()["bonus"] == 200 and "bonus" not in plain.to_json()


def test_boston_is_all_13_tricks_of_a_team():
    assert boston([6, 0, 7, 0], 0) and not boston([6, 0, 7, 0], 1) and not boston([6, 1, 6, 0], 0)


# --- the jokers ------------------------------------------------------------------------------------

def test_joker_notation():
    lj, bj = Card.parse("LJ"), Card.parse("BJ")
    assert (int(lj), int(bj)) == (LITTLE_JOKER, BIG_JOKER) and str(bj) == "BJ" and Card.parse("bj") == bj
    assert lj.is_joker and lj.suit == 0 and bj.rank > lj.rank > Card.parse("AS").rank
    assert cards_of(m("BJ 2C LJ AS")) == [Card.parse(c) for c in ("AS", "2C", "LJ", "BJ")]


@pytest.mark.parametrize(("cards", "winner"), [
    (("LJ", "AS", "KH", "2S"), "LJ"),   # a joker led wins over A♠
    (("AH", "AS", "LJ", "KH"), "LJ"),   # a joker beats a ruff with A♠
    (("LJ", "BJ", "AS", "KS"), "BJ"),   # the big joker beats the little one
    (("BJ", "LJ", "AS", "2S"), "BJ"),
    (("KH", "QH", "2S", "AH"), "2S"),   # no joker: as always
])
def test_trick_winners_with_jokers(cards, winner):
    played = [Card.parse(c) for c in cards]
    assert played[int(trick_winner(Seat.S, played))] == Card.parse(winner)


def test_a_joker_follows_spades_and_only_spades():
    held = m("LJ 4H 9D")
    assert play_mask(held, 0, True) == m("LJ")  # spades led: the joker must follow
    assert play_mask(held, 1, True) == m("4H")  # hearts led: the joker is no heart
    assert play_mask(held, -1, False) == m("4H 9D")  # no joker lead before spades are broken
    assert play_mask(m("LJ BJ"), -1, False) == m("LJ BJ")  # … unless only spades are left
    assert SPADE_MASK >> LITTLE_JOKER & 1 and SPADE_MASK >> BIG_JOKER & 1


def test_a_joker_breaks_spades():
    deal = {Seat.E: "LJ 2S 4C 5C 6C 7C 8C 9C TC JC QC KC AC", Seat.S: "2C 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
            Seat.W: "3C 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", Seat.N: "BJ AD 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"}
    hands = {seat: [Card.parse(c) for c in text.split()] for seat, text in deal.items()}
    game = Game(game=None, rules=Rules(jokers=True), deal=hands)
    for bid in (3, 3, 3, 3):
        game.apply(bid)
    game.apply(Card.parse("2C"))  # S leads clubs, W follows, N has none: it discards the big joker
    game.apply(Card.parse("3C"))
    assert not game.hand.spades_broken
    game.apply(Card.parse("BJ"))
    assert game.hand.spades_broken
    game.apply(Card.parse("AC"))
    assert game.hand.tricks[-1].winner == Seat.N


def test_the_jokers_deck_deals_the_same_shuffle_without_the_red_twos():
    def swapped(mask: int) -> int:  # 2♥ -> the little joker, 2♦ -> the big one
        for two, joker in ((m("2H"), 1 << LITTLE_JOKER), (m("2D"), 1 << BIG_JOKER)):
            if mask & two:
                mask = mask & ~two | joker
        return mask

    for number in range(20):
        plain, jokers = deal_masks(number, 0, Seat.E), deal_masks(number, 0, Seat.E, Rules(jokers=True).pack)
        assert [swapped(h) for h in plain] == list(jokers)
        dealt = 0
        for mask in Game(game=number, rules=Rules(jokers=True)).hand.deal:
            dealt |= mask
        assert dealt == Rules(jokers=True).deck and not dealt & m("2H 2D")


def test_a_joker_is_counted_as_a_sure_trick():
    hand = m("BJ LJ 4H 6H 8H TH 3D 5D 7D 9D 3C 5C 7C")
    est = estimate(hand, Rules(jokers=True).over_ace)
    assert {Card.parse("BJ"), Card.parse("LJ")} <= set(est.sure) and est.tricks >= 1.8
    assert estimate(m("AS 4H 6H 8H TH 3D 5D 7D 9D 3C 5C 7C 2C"), Rules(jokers=True).over_ace).sure == []  # A♠ is third


def test_a_jokers_record_replays_and_a_joker_is_refused_where_none_play():
    game = Game(game=11, rules=Rules(jokers=True))
    rng = 0
    while game.phase is not Phase.HAND_OVER:
        legal = game.legal_actions()
        game.apply(legal[rng % len(legal)])
        rng += 7
    record = to_record(game)
    assert record["rules"]["jokers"] is True
    text = json.dumps(record)
    assert '"LJ"' in text and '"BJ"' in text and to_record(from_record(json.loads(text))) == record
    record["rules"] = {"target": 250, "bag_penalty": True, "blind_nil": False}
    with pytest.raises(RecordError, match="not in this game's deck"):
        from_record(record)


# --- the team's minimum ------------------------------------------------------------------------------

def test_the_second_bidder_is_offered_only_bids_that_reach_the_minimum():
    rules = Rules(min_team_bid=4)
    assert legal_bids(rules, (0, 0), Seat.N, None) == list(range(14))  # the first of the team: anything
    assert legal_bids(rules, (0, 0), Seat.N, 1) == [0, *range(3, 14)]  # after 1: 3 or more, or Nil
    assert legal_bids(rules, (0, 0), Seat.N, 2) == [0, *range(2, 14)]
    assert legal_bids(rules, (0, 0), Seat.N, 4) == list(range(14))
    assert legal_bids(rules, (0, 0), Seat.N, 0) == list(range(14))  # after a Nil: no minimum
    assert legal_bids(rules._replace(blind_nil=True), (0, 100), Seat.N, BLIND) == [*range(14), BLIND]
    assert legal_bids(Rules(), (0, 0), Seat.N, 1) == list(range(14))


def test_an_illegal_bid_is_refused_and_a_record_with_one_names_the_hand_and_the_bid():
    game = Game(game=5, rules=Rules(min_team_bid=4))
    game.apply(1)  # S (East deals, South bids first): 1
    game.apply(2)  # W
    with pytest.raises(IllegalActionError) as refused:
        game.apply(2)  # N: 1 + 2 < 4
    assert refused.value.code == "bid_team_min" and "3" in refused.value.reason("en")
    game.apply(0)  # N: a Nil is always open (a team with a Nil has no minimum)
    game.apply(2)  # E: W bid 2, 2 + 2 = 4
    record = to_record(game)
    record["hands"][0]["bids"] = [1, 2, 2, 2]
    with pytest.raises(RecordError) as bad:
        from_record(record)
    said = str(bad.value)
    assert "hand 1" in said and "bid 3" in said and "team must bid 4" in said, said


# --- the rules object ------------------------------------------------------------------------------

@pytest.mark.parametrize(("rules", "key"), [
    ({"min_team_bid": 20}, "min_team_bid"), ({"thirteen_bonus": 300}, "thirteen_bonus"),
    ({"bag_limit": 7}, "bag_limit"), ({"jokers": "yes"}, "jokers"), ({"nil_tricks_count": 1}, "nil_tricks_count"),
    ({"nil_bonus": 75}, "nil_bonus"), ({"spades_anytime": "on"}, "spades_anytime"), ({"joker": True}, "joker"),
])
def test_a_bad_rules_key_is_refused_naming_it(rules, key):
    record = to_record(Game(game=1))
    record["rules"] = rules
    with pytest.raises(RecordError) as bad:
        from_record(record)
    assert f"'{key}'" in str(bad.value)
    russian = bad.value.text("ru")
    assert f"'{key}'" in russian and "правил" in russian


def test_the_command_line_plays_and_replays_under_every_house_rule():
    out = subprocess.run([sys.executable, "-m", "spades", "play", "--game", "7", "--rules", json.dumps(HOUSE)],
                         cwd=PY, capture_output=True, text=True, check=True).stdout
    record = json.loads(out)
    assert record["rules"] == {"target": 250, "bag_penalty": True, "blind_nil": False, **HOUSE}
    replay = subprocess.run([sys.executable, "-m", "spades", "replay", "-"], cwd=PY, input=out,
                            capture_output=True, text=True)
    assert replay.returncode == 0, replay.stderr
    bad = subprocess.run([sys.executable, "-m", "spades", "play", "--game", "7", "--rules", '{"bag_limit": 7}'],
                         cwd=PY, capture_output=True, text=True)
    assert bad.returncode == 2 and "bag_limit" in bad.stderr


# --- the computers ------------------------------------------------------------------------------------

@pytest.mark.parametrize("level", [lv for lv in LEVELS if lv != "hard"])
def test_every_level_plays_whole_games_under_all_seven(level):
    bot = make_player(level)
    for number in range(3):  # the engine refuses any illegal bid or card (``Game.apply``)
        game = play_game(number, dict.fromkeys(range(4), bot), Rules(**HOUSE))
        assert game.over and game.rules == Rules(**HOUSE)


def test_the_arena_counts_no_refusal_under_every_house_rule():
    for key, value in HOUSE.items():
        result = run_deals("hard", "medium", 2, 5, Rules(**{key: value}))
        assert result["rules"][key] == value
        assert result["teams"]["ns"]["refused"] == result["teams"]["ew"]["refused"] == 0


def test_the_second_bidder_raises_to_the_minimum():
    """A weak hand after a partner's 1: every level bids the 3 the team needs (or Nil)."""
    rules = Rules(min_team_bid=4)
    for number in range(40):
        game = Game(game=number, rules=rules)
        game.apply(1)  # S
        game.apply(1)  # W
        view = game.view(Seat.N)
        for level in ("easy", "medium", "hard"):
            bid = make_player(level).act(view, decision_rng(number, view))
            assert bid == 0 or bid >= 3, (number, level, bid)


def test_the_statistics_keep_each_games_rules_and_count_house_games_apart():
    from ui import stats

    kept = stats.empty()
    for number, rules in ((3, Rules(jokers=True, min_team_bid=4)), (4, Rules())):
        game = play_game(number, dict.fromkeys(range(4), make_player("medium")), rules)
        kept = stats.record_game(kept, to_record(game))
    entries = [kept["games"][key] for key in kept["order"]]
    assert [e["house"] for e in entries] == [True, False]
    assert entries[0]["rules"]["jokers"] is True and "jokers" not in entries[1]["rules"]
    assert stats.totals(kept)["by"]["house:1"]["games"] == 1
    assert stats.parse(json.dumps(kept))["games"] == kept["games"]


def test_the_hard_level_bids_13_with_its_partner_when_the_bonus_pays():
    """Playouts where the team takes all 13 tricks three times in four: for 130 the safer 12 is
    worth more; for a bonus of 500 the hard level's bid search completes the 13."""
    from spades.bots.hard import Trial, judge_trials

    bids = (5, 3, 7, 3)  # South (seat 0) bid 5, North 7
    trials = [Trial(0, bids, (6, 0, 7, 0), 2)] * 3 + [Trial(0, bids, (5, 1, 7, 0), 2)]
    assert judge_trials(trials, False, 5)[0] == 5
    assert judge_trials(trials, False, 5, rules=Rules(thirteen_bonus=500))[0] == 6


def test_between_hands_the_next_hand_s_bids_are_offered_whatever_the_last_partner_bid():
    game = Game(game=1, rules=Rules(min_team_bid=4))
    for bid in (1, 4, 4, 2):  # S 1, W 4, N 4, E 2
        game.apply(bid)
    while game.phase is Phase.PLAY:
        game.apply(game.legal_actions()[0])
    assert game.phase is Phase.HAND_OVER
    assert game.legal_bids(Seat.W) == list(range(14))  # not the minimum after E's 2 of the last hand
    from spades.record import next_action

    assert next_action(game)["legal"] == list(range(14))  # the replay's next move says so too


def test_a_failed_thirteen_under_the_bonus_is_a_set_contract():
    failed = score_team((6, 7), (5, 7), 0, 0, Rules(thirteen_bonus=200))
    assert failed.contract == 0 and failed.bonus == -200 and failed.set
    assert not score_team((6, 7), (6, 7), 0, 0, Rules(thirteen_bonus=200)).set
    assert score_team((4, 3), (3, 3)).set and not score_team((4, 3), (4, 3)).set


def test_the_top_bar_names_no_bags_per_penalty_with_the_penalty_off():
    from ui.fmt import house_text

    assert "5" in house_text(Rules(bag_limit=5))
    assert house_text(Rules(bag_limit=5, bag_penalty=False)) == house_text(Rules(bag_penalty=False))
    assert house_text(Rules(bag_limit=5, bag_penalty=False), False) == ""
    jokers_only = house_text(Rules(jokers=True), False)
    assert house_text(Rules(bag_limit=5, jokers=True, bag_penalty=False), False) == jokers_only


# --- spades led at any time ---------------------------------------------------------------------

def test_spades_may_be_led_at_the_first_trick_only_under_spades_anytime():
    for anytime in (False, True):
        game = Game(game=11, rules=Rules(spades_anytime=anytime))
        while game.phase is Phase.BID:
            game.apply(game.legal_actions()[1])  # a bid of 1 each
        leader = game.to_move
        held = game.view(leader).held
        assert held & SPADE_MASK and held & ~SPADE_MASK  # a hand with spades and other suits
        spades = [card for card in game.legal_actions() if (SPADE_MASK >> card) & 1]
        assert bool(spades) is anytime
        assert game.view(leader).spades_broken is anytime
        if anytime:  # and the lead stands: a record replays it
            game.apply(spades[0])
            assert from_record(json.loads(json.dumps(to_record(game)))).view(leader).trick.cards == (spades[0],)
        else:
            with pytest.raises(IllegalActionError):
                game.apply(next(card for card in cards_of(held) if (SPADE_MASK >> card) & 1))
