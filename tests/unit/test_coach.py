"""The partner explains: the reason returned with the hard level's action is the rule that
decided it (``bots.sim.policy``'s ``why``, the search's margin, the bid's notes), in words."""

from __future__ import annotations

from botpos import position
from helpers import MemoryStore, regions
from spades import Card, Seat
from spades.advice import Reason
from spades.bots import HardBot, decision_rng
from spades.bots.base import finish
from spades.bots.knowledge import to_sim
from spades.bots.sim import policy
from spades.rules import Phase
from test_ui import event, south_moves, table
from ui import saves

KEY = 7


def north_says(game):
    view = game.view(Seat.N)
    assert view.to_move is Seat.N
    action, reason = finish(HardBot().think_why(view, decision_rng(KEY, view)))
    return action, reason, Reason(*reason).text("ru", voice="partner")


def test_covering_the_partners_nil():
    # South bid Nil and is winning the trick with ♥5: North overtakes it
    game = position({"S": "5H", "W": "3H", "N": "KH 2H"}, bids=(0, 3, 4, 3), plays="5H 3H")
    action, reason, text = north_says(game)
    five = Card.parse("5H")
    assert action.suit == five.suit and action.rank > five.rank  # over the partner's card
    assert reason == ("cover_partner_nil", {})
    assert text == "прикрываю ваш Nil"


def test_the_partner_already_winning():
    game = position({"S": "AH 5H", "W": "3H", "N": "2S 3S 9S"}, plays="AH 3H", voids={"N": "H"})
    action, reason, text = north_says(game)
    assert action.suit != 0  # no trumping the partner's ace
    assert reason[0] == "partner_winning"
    assert text == "взятку уже берёте вы — сбрасываю младшую"


def test_an_opponents_nil_is_broken():
    # West bid Nil and is winning with ♥5: North stays under it
    game = position({"S": "2H", "W": "5H", "N": "3H KH"}, bids=(3, 0, 4, 3), plays="2H 5H")
    action, reason, text = north_says(game)
    assert action == Card.parse("3H")
    assert reason == ("break_nil_under", {"seat": int(Seat.W)})
    assert text == "ломаю Nil Запада — не перебиваю его карту"
    assert Reason(*reason).text("en", voice="partner") == "breaking West's Nil — not overtaking the Nil card"


def test_contract_made_the_bags_go_to_them():
    # the policy's own rule, on the same position with the team's contract already made
    game = position({"S": "2H", "W": "5H", "N": "3H KH"}, bids=(1, 3, 1, 3), plays="2H 5H")
    sim = to_sim(game.view(Seat.N), memory="all")
    sim.taken = [2, 0, 0, 0]  # South took two: the team's 1 + 1 is made
    why: list = []
    card = policy(sim, int(Seat.N), why)
    assert why == ["avoid_bags"] and card == Card.parse("3H")
    assert Reason("avoid_bags").text("ru", voice="partner") == "контракт набран — не беру лишнего, мешки соперникам"


def test_the_bid_says_what_set_it():
    game = position({}, bids=(3, 3))  # North to bid
    view = game.view(Seat.N)
    assert view.phase is Phase.BID
    bid, reason = finish(HardBot().think_why(view, decision_rng(KEY, view)))
    assert reason[0].startswith("bid_")
    assert Reason(*reason).text("ru", voice="partner")
    assert bid == HardBot().act(view, decision_rng(KEY, view))  # the same decision, with or without words


def test_the_reason_never_changes_the_decision():
    # think_why and think give the same action at every position of a whole hand
    from spades import Game
    game = Game(game=12)
    bot = HardBot()
    while game.to_move is not None:
        view = game.view(game.to_move)
        action, reason = finish(bot.think_why(view, decision_rng(12, view)))
        assert action == bot.act(view, decision_rng(12, view))
        assert reason is not None and Reason(*reason).text("en", voice="partner")
        game.apply(action)
    assert game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)


# --- at the table: the status line, North's card, the setting, a reload ------------------------

def north_in_trick(ctl) -> bool:
    return ctl.session.game.phase is Phase.PLAY and Seat.N in ctl.session.view().trick.seats


def test_the_partner_says_why_on_its_card_and_a_reload_keeps_it():
    store = MemoryStore()
    ctl = table(store, 31)
    while not north_in_trick(ctl):
        south_moves(ctl)
    card, reason = ctl.session.partner_said
    words = Reason(*reason).text("ru", voice="partner")
    html = regions(ctl)["trick"]
    assert f'data-trick-card="{card}" data-seat="N"' in html
    assert f'data-reason="{words}"' in html and f'title="{words}"' in html
    assert regions(table(store))["trick"] == html  # a reload shows the same reason, same card
    # a damaged note of it is only not shown
    store.set(saves.SAID_KEY, '{"game": 31, "at": 2, "action": "AS", "code": "x", "params": []}')
    assert "data-reason" not in regions(table(store))["trick"]


def test_the_status_line_says_why_and_the_setting_turns_it_off():
    ctl = table(MemoryStore(), 31)
    said = []
    while len(said) < 6:
        before = ctl.session.partner_said
        south_moves(ctl)
        if ctl.session.partner_said is not None and ctl.session.partner_said is not before:  # North acted
            said.append((Reason(*ctl.session.partner_said[1]).text("ru", voice="partner"), ctl.session.status))
    for words, status in said:  # still in view after the opponents' actions
        assert f" — {words}." in status and status.startswith("Север: "), status
    event(ctl, "setting", ("explain", False))
    assert ctl.session.settings.explain is False
    for _ in range(40):
        south_moves(ctl)
        assert "data-reason" not in regions(ctl)["trick"]


# --- the bid's risk preview ---------------------------------------------------------------------

def test_the_risk_figures_are_the_scoring_functions():
    from spades.advice import bid_risk
    from spades.rules import Rules
    from spades.scoring import score_team

    game = position({}, bids=(), rules=None)  # South to bid first, the partner not yet
    view = game.view(Seat.S)
    for bid in (1, 4, 7):
        risk = bid_risk(view, bid)
        p = risk.partner
        assert not risk.partner_known and 1 <= p <= 13
        assert risk.made == score_team((bid, p), (bid, p), 0, 0, Rules()).hand == 10 * (bid + p)
        assert risk.set == score_team((bid, p), (bid - 1, p), 0, 0, Rules()).hand == -10 * (bid + p)
        assert risk.likely == score_team((bid, p), (risk.likely_tricks, p), 0, 0, Rules()).hand
    nil = bid_risk(view, 0)
    assert (nil.made, nil.set) == (100 + 10 * nil.partner, -100 + 1 + 10 * nil.partner)
    assert (nil.bank, nil.to_penalty) == (0, 10)


def test_the_nil_chance_comes_from_seeded_playouts():
    # the page's Nil chance: the bid's own playouts with Nil played out too (Coach.work_out_bid)
    from spades.advice import bid_choice_steps

    def chance(view) -> float:
        return finish(bid_choice_steps(view, KEY, price_all=True)).nil_held()

    view = position({}, bids=()).view(Seat.S)
    first = chance(view)
    assert 0 <= first <= 1 and chance(view) == first
    weak = position({"S": "2S 2H 3H 4H 2D 3D 4D 5D 2C 3C 4C 5C 6C"}, bids=()).view(Seat.S)
    strong = position({"S": "AS KS QS JS TS AH KH AD KD AC KC QC JC"}, bids=()).view(Seat.S)
    assert chance(weak) > 0.5 > chance(strong)


def test_the_bid_panel_shows_the_risk_of_the_hinted_bid():
    ctl = table(MemoryStore(), 40)
    event(ctl, "deal")
    assert ctl.session.game.phase is Phase.BID and ctl.session.south_turn
    html = regions(ctl)["panel"]
    assert 'id="bid-risk"' in html and "Мешков у команды: 0; ещё 10 — и −100." in html
    hinted = ctl.coach.bid_hint()[0]
    risk = ctl.coach.bid_risks()[hinted]
    assert f'id="risk-{hinted}" class="risk-line hinted" data-risk-of="{hinted}" data-made="{risk.made}"' in html
    assert 'aria-describedby="risk-5"' in html
    assert ctl.coach.nil_chance() is not None and 'data-chance="' in html  # worked out once South bids


def test_work_for_a_position_the_table_has_left_is_abandoned():
    from ui.slices import ABANDONED, while_true

    def work():
        for _ in range(5):
            yield
        return "done"

    assert finish(while_true(work(), lambda: True)) == "done"
    calls = []
    assert finish(while_true(work(), lambda: calls.append(1) or len(calls) < 3)) is ABANDONED
    assert len(calls) == 3  # stopped at the first slice after the position changed
