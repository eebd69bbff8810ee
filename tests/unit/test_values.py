"""spades.values.Value: what the frozen dataclasses gave Rules, View, Reason and the settings."""

from __future__ import annotations

import copy
import pickle

import pytest

from spades import Game, Rules, Seat
from spades.reasons import Hint, Reason
from spades.values import Value
from ui.controller import FAST, NORMAL, Timing
from ui.saves import Settings


def test_equal_by_type_and_fields_and_hashed_by_them():
    assert Rules() == Rules(250, True, False) == Rules(target=250)
    assert Rules(500) != Rules()
    assert hash(Rules(500, False)) == hash(Rules(500, False))
    assert len({Rules(), Rules(), Rules(500)}) == 2
    assert Settings() != Rules()  # another type with other fields is never equal
    assert Timing() == NORMAL and Timing(0, 0, 0, 0, 0, 0, 0) == FAST


def test_repr_can_be_pasted_back():
    names = {"Rules": Rules, "Settings": Settings, "Reason": Reason, "Hint": Hint}
    for value in (Rules(500, False, True), Settings(lang="en"), Reason("void", {"suit": 2}),
                  Hint(3, (Reason("sure_one", {"cards": "♠A"}),))):
        assert eval(repr(value), names) == value  # noqa: S307
    assert repr(Rules()) == ("Rules(target=250, bag_penalty=True, blind_nil=False, min_team_bid=0, thirteen_bonus=0, "
                             "jokers=False, nil_tricks_count=False, bag_limit=10, nil_bonus=100, spades_anytime=False, "
                             "ten_for_200=False, set_penalty='bid', bidding='normal', first_trick_clubs=False, "
                             "blind_bids=False, deuces_high=False, table='partners')")
    house = Rules(min_team_bid=4, thirteen_bonus=200, jokers=True, nil_tricks_count=True, bag_limit=5)
    assert eval(repr(house), names) == house  # noqa: S307


def test_immutable():
    rules = Rules()
    with pytest.raises(AttributeError, match="immutable"):
        rules.target = 500  # type: ignore[misc]
    with pytest.raises(AttributeError, match="immutable"):
        del rules.target
    with pytest.raises(AttributeError):
        rules.other = 1  # type: ignore[attr-defined]
    assert rules.target == 250


def test_replace_checks_like_a_new_value():
    assert Rules()._replace(target=500) == Rules(500)
    with pytest.raises(ValueError, match="positive whole number"):
        Rules()._replace(target=0)
    with pytest.raises(TypeError):
        Rules()._replace(colour="red")
    view = Game(game=3).view(Seat.S)
    assert view._replace(legal=())._asdict() == {**view._asdict(), "legal": ()}


def test_as_dict_fields_in_order():
    house = {"min_team_bid": 0, "thirteen_bonus": 0, "jokers": False, "nil_tricks_count": False, "bag_limit": 10,
             "nil_bonus": 100, "spades_anytime": False, "ten_for_200": False, "set_penalty": "bid",
             "bidding": "normal", "first_trick_clubs": False, "blind_bids": False,
             "deuces_high": False, "table": "partners"}
    assert Rules(500)._asdict() == {"target": 500, "bag_penalty": True, "blind_nil": False, **house}
    assert Rules._fields == ("target", "bag_penalty", "blind_nil", *house)
    # the record's form: the three settings always, a house rule only when in force
    assert Rules().to_json() == {"target": 250, "bag_penalty": True, "blind_nil": False}
    assert Rules(jokers=True, bag_limit=5).to_json() == {"target": 250, "bag_penalty": True, "blind_nil": False,
                                                         "jokers": True, "bag_limit": 5}


def test_a_default_is_shared_by_no_value_and_cannot_change():
    first, second = Reason("void"), Reason("void")
    with pytest.raises(TypeError):
        first.params["suit"] = 1
    assert first.params == {} and second.params == {}


def test_copies_and_pickles():
    view = Game(game=11).view(Seat.N)
    for value in (Rules(500, False, True), Settings(level="hard"), Reason("void", {"suit": 1}), view):
        assert copy.copy(value) == value
        assert copy.deepcopy(value) == value
        assert pickle.loads(pickle.dumps(value)) == value


def test_the_fields_are_the_annotated_slots():
    with pytest.raises(TypeError, match="__slots__"):
        class Missing(Value):
            __slots__ = ("a", "b")
            a: int

    with pytest.raises(TypeError, match="__slots__"):
        class Reordered(Value):
            __slots__ = ("b", "a")
            a: int
            b: int

    class Point(Value):
        __slots__ = ("x", "y")
        x: int
        y: int

        def __init__(self, x: int, y: int = 0) -> None:
            super().__init__(x, y)

    with pytest.raises(TypeError, match="2 fields, given 1"):
        Value.__init__(Point(1), 5)
    assert Point(1) == Point(1, 0) and Point(1)._fields == ("x", "y")



def test_a_reason_with_parameters_is_hashable_and_cannot_change():
    import copy
    import json
    import pickle

    from spades.reasons import Reason

    plain, named = Reason("nil"), Reason("cover_cannot", {"seat": 2, "suit": 1})
    assert hash(plain) == hash(Reason("nil")) and hash(named) == hash(Reason("cover_cannot", {"suit": 1, "seat": 2}))
    assert len({plain, named, Reason("nil")}) == 2
    assert named.params == {"seat": 2, "suit": 1} and dict(named.params) == {"seat": 2, "suit": 1}
    assert json.dumps(named.params, sort_keys=True) == '{"seat": 2, "suit": 1}'
    for change in (lambda p: p.__setitem__("seat", 3), lambda p: p.update(seat=3), lambda p: p.pop("seat"),
                   lambda p: p.clear(), lambda p: p.setdefault("x", 1), lambda p: p.popitem()):
        with pytest.raises(TypeError):
            change(named.params)
    assert named.params == {"seat": 2, "suit": 1}
    for again in (copy.copy(named), copy.deepcopy(named), pickle.loads(pickle.dumps(named))):
        assert again == named and hash(again) == hash(named)
    assert eval(repr(named), {"Reason": Reason}) == named


def test_the_games_options_are_declared_once():
    # ``rules.OPTIONS`` holds each option's name, default and values; the rules, the page's
    # settings (their fields, defaults, what is saved and what the panel offers) and the command
    # line's --rules read it, and none of them writes a default or a value list of its own
    import re
    from pathlib import Path

    from spades.rules import OPTION, OPTIONS
    from spades.table import GAME_CHOICES, HOUSE_CHOICES, HOUSE_SWITCHES, RULE_CHOICES, RULE_SWITCHES, TABLE_CHOICES
    from spades_cli.play import RULES_HELP
    from ui import saves

    assert Rules._fields == tuple(OPTION) and Rules() == Rules(**{o.name: o.default for o in OPTIONS})
    assert set(RULE_CHOICES) | set(RULE_SWITCHES) == set(OPTION)
    assert all(TABLE_CHOICES[name] == OPTION[name].offered for name in RULE_CHOICES)
    assert set(HOUSE_CHOICES) | set(HOUSE_SWITCHES) | set(GAME_CHOICES) == {o.name for o in OPTIONS if o.house}
    assert not set(OPTION) & set(saves.Settings._fields)  # the options are its ``rules``, not copies
    assert saves.Settings().rules == Rules() and set(OPTION) <= set(saves.Settings().to_json())
    assert all(f'"{o.name}"' in RULES_HELP for o in OPTIONS)
    text = (Path(__file__).resolve().parents[2] / "py" / "ui" / "saves.py").read_text(encoding="utf-8")
    source = text[text.index("class Settings("):text.index("def load_settings(")]
    assert not re.search(r"\b(target|bag_penalty|blind_nil|min_team_bid|thirteen_bonus|jokers|nil_tricks_count|"
                         r"bag_limit)\b", source)
    root = Path(__file__).resolve().parents[2] / "py"
    assert "BAGS_PER_PENALTY" not in (root / "ui" / "saves.py").read_text(encoding="utf-8")
