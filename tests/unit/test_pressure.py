"""Breaking a Nil by pressure (``spades.bots.pressure``): the cards such a seat plays, and the hard
level's reading of it (``inference.seat_rules``) — pressing opponents are read as pressing, the
computer levels' seats never."""

from __future__ import annotations

from spades import Game, Phase, Seat
from spades.bots import decision_rng, make_player
from spades.bots.base import legal_card
from spades.bots.bidding import STYLE
from spades.bots.easy import easy_play
from spades.bots.inference import Evidence, read, seat_rules
from spades.bots.knowledge import to_sim
from spades.bots.medium import MediumBot
from spades.bots.pressure import NONE, pressing, pressure_card
from spades.bots.sim import Sim, policy, standing_nil
from spades.cards import NUM_SEATS, Card, mask_of
from spades.rules import DEFAULT

S, W, N, E = (int(s) for s in (Seat.S, Seat.W, Seat.N, Seat.E))
HEARTS, DIAMONDS, CLUBS = 1, 2, 3


def c(text: str) -> int:
    return int(Card.parse(text))


def cards(text: str) -> int:
    return mask_of([c(x) for x in text.split()])


def table(held: dict[int, str], trick: str = "", leader: int = W, done: int = 0, taken=(0, 0, 0, 0),
          gone: str = "", voids=(0, 0, 0, 0), bids=(3, 4, 0, 4)) -> Sim:
    """North (the Nil bidder, unless ``bids`` says otherwise) against West and East; ``gone``
    the cards of earlier tricks. Seats not given hold nothing that matters here."""
    hands = [cards(held.get(s, "")) for s in range(NUM_SEATS)]
    on_table = [c(x) for x in trick.split()]
    played = cards(gone) | DEFAULT.absent  # and the two never dealt
    sim = Sim(hands, played, list(taken), list(bids), [100 if b == 0 else 0 for b in bids], True, leader, [],
              done, list(voids))
    for card in on_table:  # played by the seats in turn, from the leader's hand
        sim.held[sim.to_move] |= 1 << card
        sim.play(card)
    return sim


def test_nothing_to_press_without_a_standing_nil():
    sim = table({W: "9H 4H JD 8D"}, bids=(3, 4, 2, 4))
    assert standing_nil(sim, W) == NONE and pressure_card(sim, W) == NONE
    assert pressing(sim, W) == policy(sim, W)
    broken = table({W: "9H 4H JD 8D"}, taken=(1, 0, 1, 0))  # North has taken a trick: the Nil is lost
    assert pressure_card(broken, W) == NONE


def test_the_lead_is_a_middle_card_of_the_suit_with_fewest_cards_out():
    # eight diamonds gone, no heart: the diamonds are the tighter suit
    sim = table({W: "9H 4H JD 8D 3C"}, gone="AD KD QD TD 7D 6D 5D 4D")
    assert pressure_card(sim, W) == c("JD")
    assert policy(sim, W) != c("JD")  # the policy leads low
    # North has shown a void in diamonds: the hearts are pressed
    void = table({W: "9H 4H JD 8D 3C"}, gone="AD KD QD TD 7D 6D 5D 4D", voids=(0, 0, 1 << DIAMONDS, 0))
    assert pressure_card(void, W) == c("9H")
    # no middle card: the highest small one
    assert pressure_card(table({W: "4H 2H 6C AS"}), W) == c("6C")


def test_before_the_nil_the_highest_middle_card_of_the_suit():
    sim = table({W: "QH 9H 7H 2H"}, trick="3H", leader=S)
    assert pressure_card(sim, W) == c("9H")
    assert policy(sim, W) == c("2H")  # the policy's soft break
    # North void in hearts: nothing to press with a heart
    void = table({W: "QH 9H 7H 2H"}, trick="3H", leader=S, voids=(0, 0, 1 << HEARTS, 0))
    assert pressure_card(void, W) == NONE


def test_once_the_nil_is_covered_the_highest_card_goes():
    # North (Nil) played 5H, East 8H, South covered with the king: West sheds its queen
    sim = table({W: "QH 4H 3C"}, trick="5H 8H KH", leader=N)
    assert pressure_card(sim, W) == c("QH")
    # void in the suit: the highest side card
    void = table({W: "KC 3D 5S"}, trick="5H 8H KH", leader=N)
    assert pressure_card(void, W) == c("KC")


def test_under_the_nils_winning_card_the_policy_ducks():
    sim = table({W: "KH 8H 3H"}, trick="9H 4H 2H", leader=N)
    assert pressure_card(sim, W) == NONE
    assert pressing(sim, W) == policy(sim, W) == c("8H")


def test_void_before_the_nil_ruffs_high_or_throws_the_highest_side_card():
    sim = table({W: "KS 3S 9H"}, trick="4C", leader=S)
    assert pressure_card(sim, W) == c("KS")  # to draw the covering partner's trumps
    nil_void = table({W: "KS 3S 9H"}, trick="4C", leader=S, voids=(0, 0, 1 << CLUBS, 0))
    assert pressure_card(nil_void, W) == c("9H")
    partner_out = table({W: "KS 3S 9H"}, trick="4C", leader=S, voids=(1, 0, 0, 0))  # South has no spade
    assert pressure_card(partner_out, W) == NONE


def test_a_contract_needing_every_trick_left_is_not_risked():
    # four tricks left, West and East bid 8 and have 4
    sim = table({W: "QH 9H 7H 2H"}, trick="3H", leader=S, done=9, taken=(3, 2, 0, 2),
                gone="2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2S 3S 4S 5S 6S 7S"
                     " 8S 9S 4H 5H")
    assert pressure_card(sim, W) == NONE


class Presser(MediumBot):
    """A test player: bids as the medium level, plays ``pressing`` remembering every card."""

    def play_why(self, view, rng):
        return legal_card(view, pressing(to_sim(view, memory="all"), int(view.seat))), None
        yield  # pragma: no cover - a generator that ends at once


def nil_hand_positions(opponents):
    """South's views in the first hand of the first game in which South or North (the medium
    level) bids Nil, West and East played by ``opponents``, with the true deal."""
    medium = make_player("medium")
    for number in range(1, 200):
        game = Game(game=number)
        views = []
        while game.phase in (Phase.BID, Phase.PLAY) and game.view(Seat.S).hand_index == 0:
            seat = game.to_move
            view = game.view(seat)
            if seat == Seat.S and view.phase is Phase.PLAY:
                views.append((view, [game.view(Seat(s)).held for s in range(NUM_SEATS)]))
            bot = opponents if int(seat) & 1 else medium
            game.apply(bot.act(view, decision_rng(number, view)))
        if views and any(views[0][0].bids[s] == 0 for s in (S, N)):
            return number, views
    raise AssertionError("no Nil in 200 games")


def test_pressing_opponents_are_read_as_pressing_and_the_levels_never():
    number, views = nil_hand_positions(Presser())
    late = [(v, h) for v, h in views if len(v.tricks) >= 3]
    readings = [seat_rules(ev, read(ev, h)) for ev, h in ((Evidence(v, STYLE, press=1), h) for v, h in late)]
    assert any(rules[W] is rules[E] is pressing for rules in readings)
    assert all(rules[S] is rules[N] is policy for rules in readings)  # the own team is never read
    # not without the reading asked for
    assert all(pressing not in seat_rules(Evidence(v, STYLE), read(Evidence(v, STYLE), h)) for v, h in late)
    for level in ("medium", "easy", "hard"):
        _, level_views = nil_hand_positions(make_player(level))
        for v, h in level_views:
            ev = Evidence(v, STYLE, press=1)
            rules = seat_rules(ev, read(ev, h))
            assert pressing not in rules, (level, number, len(v.tricks))
            assert rules[W] in (policy, easy_play)


def test_a_standing_nil_is_never_pressed_by_its_own_team():
    sim = table({S: "QH 9H 7H 2H"}, trick="3H", leader=E)
    assert standing_nil(sim, S) == NONE and pressure_card(sim, S) == NONE  # North is South's partner
