"""Seeded random games checking invariants after every action (the properties: test_engine_properties)."""

from __future__ import annotations

import ast
import dataclasses
import enum
import json
from pathlib import Path

import pytest

from spades import (
    CARDS,
    DEAL,
    SEATS,
    Card,
    Game,
    Phase,
    Rules,
    Seat,
    SplitMix64,
    View,
    from_record,
    to_record,
)
from spades.cards import CARD_SLOTS
from spades.record import summary
from spades.seating import TABLE_NAMES, Table
from spades.state import Trick
from spades.values import Value

FULL = (1 << CARD_SLOTS) - 1  # the 52 cards, the deuces high and the two jokers
HOUSE = {"min_team_bid": 4, "thirteen_bonus": 200, "jokers": True, "nil_tricks_count": True, "bag_limit": 5}
# the settings, each house rule alone, and all five at once; each other table, and one with what
# it allows
VARIANTS = [Rules(), Rules(target=500, bag_penalty=False), Rules(blind_nil=True),
            *(Rules(**{key: value}) for key, value in HOUSE.items()), Rules(blind_nil=True, **HOUSE),
            *(Rules(table=name) for name in TABLE_NAMES[1:]),
            Rules(table="cutthroat3", jokers=True, blind_nil=True, thirteen_bonus=200, bag_limit=5)]
ENGINE = Path(__file__).resolve().parents[2] / "py" / "spades"


def _check(game: Game) -> None:
    hand = game.hand
    table = game.table
    held = 0
    for mask in hand.held:
        assert held & mask == 0
        held |= mask
    played = 0
    for card in hand.plays:
        assert not (played >> card) & 1
        played |= 1 << card
    thrown = 0
    for mask in hand.discards:  # the draw's discards, seen by one seat each
        assert thrown & mask == 0 and mask & (held | played) == 0
        thrown |= mask
    if game.phase is not Phase.DRAW:
        assert held & played == 0 and held | played | thrown == game.rules.deck, "the deck's cards conserved"
        assert all(held_by == 0 for seat, held_by in enumerate(hand.held) if seat not in table.seats)
    assert len(hand.tricks) <= table.hand_size and sum(hand.taken) == len(hand.tricks)
    assert len(hand.plays) == table.players * len(hand.tricks) + len(hand.trick)
    if game.phase in (Phase.BID, Phase.PLAY, Phase.DRAW):
        assert game.legal_actions(), "the seat to move always has a legal action"
        assert game.to_move in table.seats
    if game.phase is Phase.BID:  # every number offered reaches the team's minimum
        partner = hand.bids[table.partner_of[hand.to_move]] if table.partner_of[hand.to_move] is not None else None
        if partner not in (None, 0, "blind"):
            assert all(b in (0, "blind") or b + partner >= game.rules.min_team_bid for b in game.legal_actions())
        assert max(b for b in game.legal_actions() if b != "blind") == table.hand_size
    if game.phase is Phase.HAND_OVER or game.phase is Phase.GAME_OVER:
        assert len(hand.tricks) == table.hand_size and len(hand.score) == len(table.sides)
        assert all(held_by.bit_count() == table.hand_size for seat, held_by in enumerate(hand.deal)
                   if seat in table.seats)


def _random_game(number: int, rules: Rules, check=_check) -> Game:
    game = Game(game=number, rules=rules)
    rng = SplitMix64(number * 7 + 1)
    while not game.over:
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
        check(game)
    return game


def test_1000_random_games_keep_the_invariants_and_replay():
    for number in range(1000):
        game = _random_game(number, VARIANTS[number % len(VARIANTS)])
        assert game.outcome is not None and len(game.hands) <= 30
        if number % 10 == 0:
            record = to_record(game)
            again = from_record(json.loads(json.dumps(record)))
            assert to_record(again) == record and again.totals == game.totals
            assert summary(again) == summary(game)


def test_a_record_written_mid_game_replays_to_the_same_state():
    for number in range(30):
        game = Game(game=number, rules=Rules(blind_nil=True))
        rng = SplitMix64(number)
        steps = rng.below(300)
        for _ in range(steps):
            if game.over:
                break
            legal = game.legal_actions()
            game.apply(legal[rng.below(len(legal))])
        again = from_record(to_record(game))
        assert again.phase is game.phase and again.to_move == game.to_move
        assert again.legal_actions() == game.legal_actions()
        for seat in Seat:
            assert again.view(seat) == game.view(seat)


# --- the engine never imports the browser --------------------------------------------------------

BROWSER_MODULES = ("js", "pyscript")


def browser_imports(source: str, filename: str = "<snippet>") -> list[str]:
    """Every import of the browser's modules in ``source`` (anywhere: top level, functions,
    conditionals, ``__import__``/``import_module`` of a constant name), as ``file:line: …``."""
    found = []

    def browser(name: str | None) -> bool:
        return bool(name) and name.split(".")[0] in BROWSER_MODULES

    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            found += [f"{filename}:{node.lineno}: import {a.name}" for a in node.names if browser(a.name)]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and browser(node.module):
                found.append(f"{filename}:{node.lineno}: from {node.module} import …")
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name in ("__import__", "import_module") and browser(str(node.args[0].value)):
                found.append(f"{filename}:{node.lineno}: {name}({node.args[0].value!r})")
    return found


def test_no_file_of_the_engine_imports_the_browser():
    files = sorted(ENGINE.rglob("*.py"))
    assert len(files) >= 15 and ENGINE / "state.py" in files and ENGINE / "bots" / "hard.py" in files
    found = []
    for path in files:
        found += browser_imports(path.read_text(encoding="utf-8"), str(path.relative_to(ENGINE.parent)))
    assert found == []


@pytest.mark.parametrize("snippet", [
    "import js",
    "import js.document",
    "import os, pyscript",
    "from js import document",
    "from pyscript import display",
    "from pyscript.web import page",
    "def f():\n    from js import console\n    return console",
    "try:\n    import pyscript\nexcept ImportError:\n    pyscript = None",
    "if TYPE_CHECKING:\n    import js as browser",
    "mod = __import__('js')",
    "import importlib\nmod = importlib.import_module('pyscript')",
])
def test_the_browser_import_scan_catches_an_import(snippet):
    assert len(browser_imports(snippet)) == 1, snippet


@pytest.mark.parametrize("snippet", [
    "import json",
    "import jsonschema",
    "from . import js",  # a module of the package itself, not the browser's
    "from .pyscript_glue import x",
    "text = 'import js'",
    "# import js",
])
def test_the_browser_import_scan_ignores_other_modules(snippet):
    assert browser_imports(snippet) == []


# --- no peeking: a view holds no card of another hand ---------------------------------------------

# plain ints in a view that are counts, scores, bids or settings; any other plain int is taken
# for a card mask (so a new field holding one is checked without anyone having to list it)
NOT_MASKS = frozenset({
    "hand_index", "target", "taken", "totals", "banks", "bids", "bid_log", "legal", "draws",
    "contract", "bags", "nil", "bag_penalty", "hand", "total", "bank", "bonus",
    "min_team_bid", "thirteen_bonus", "bag_limit", "nil_bonus",
})
_NAMES: dict = {}


def _field_names(value) -> tuple:
    names = _NAMES.get(type(value))
    if names is None:
        if dataclasses.is_dataclass(value):
            names = tuple(f.name for f in dataclasses.fields(value))
        else:  # a named tuple's or a spades.values.Value's fields
            names = getattr(value, "_fields", ()) if isinstance(value, (tuple, Value)) else ()
        _NAMES[type(value)] = names
    return names


def _walk(value, top: str, name: str, out: list) -> None:
    """Collect (top-level field, field, value) for every Card and plain int in ``value``."""
    kind = type(value)
    if kind is Card or kind is int:
        out.append((top, name, value))
        return
    if value is None or kind is bool or kind is str or isinstance(value, enum.Enum) or kind is Table:
        return  # a table is public: seats and sides
    names = _field_names(value)
    if names:
        for key in names:
            _walk(getattr(value, key), top or key, key, out)
    elif kind is tuple or kind is list:
        for item in value:
            _walk(item, top, name, out)
    else:
        raise AssertionError(f"{top}.{name}: a {kind.__name__} in a view: say here what it may hold")


def leaks(view: View, game: Game) -> list[str]:
    """What ``view`` shows beyond its seat's own cards and the cards played: ``held`` must be the
    seat's own hand, legal cards its own cards, and every other Card or mask bit a played card."""
    hand = game.hand
    own = hand.held[view.seat]
    others = 0
    for seat in SEATS:
        if seat != view.seat:
            others |= hand.held[seat]
    played = FULL & ~own & ~others
    found: list = []
    _walk(view, "", "", found)
    problems = []
    for top, name, value in found:
        if top == "offered" and value == hand.offered and game.to_move == view.seat:
            continue  # the draw: the card the seat to move looks at
        if top == "discarded" and value == hand.discards[view.seat]:
            continue  # the draw: the cards this seat has seen and thrown away
        if type(value) is Card:
            allowed = own if top == "legal" else played
            if not (allowed >> value) & 1:
                problems.append(f"{top}: {value}")
        elif top == "held":
            if value != own:
                problems.append(f"held: {value:#x}, not the seat's hand {own:#x}")
        elif name not in NOT_MASKS and value & ~played:
            problems.append(f"{top}.{name}: mask {value:#x} holds unplayed cards {value & ~played:#x}")
    return problems


def test_no_view_holds_a_card_of_another_hand_in_1000_random_games():
    views = 0
    for number in range(1000):
        game = Game(game=number, rules=VARIANTS[number % len(VARIANTS)])
        rng = SplitMix64(number * 7 + 3)
        decision = 0
        while not game.over:
            seat = game.to_move
            if seat is None:
                game.apply(DEAL)
                continue
            view = game.view(seat)
            problems = leaks(view, game)
            if decision % 13 == 5:  # now and then, the seats that wait too
                for other in SEATS:
                    if other != seat:
                        problems += leaks(game.view(other), game)
                        views += 1
            assert problems == [], (number, len(game.hands), view.action_count, seat.name, problems)
            views += 1
            decision += 1
            game.apply(view.legal[rng.below(len(view.legal))])
    assert views > 100_000


def test_the_leak_check_sees_a_peek():
    game = Game(game=4)
    for bid in (3, 3, 3, 3):
        game.apply(bid)
    game.apply(game.legal_actions()[0])  # South leads
    view = game.view(Seat.W)
    assert leaks(view, game) == []
    norths = game.hand.held[Seat.N]
    north_card = CARDS[(norths & -norths).bit_length() - 1]
    assert leaks(view._replace(held=view.held | 1 << north_card), game)
    assert leaks(view._replace(legal=view.legal + (north_card,)), game)
    trick = Trick(view.trick.leader, view.trick.cards + (north_card,))
    assert leaks(view._replace(trick=trick), game) == [f"trick: {north_card}"]

    class PeekingView(View):  # a new field is checked without anyone listing it
        __slots__ = ("partner_cards",)
        partner_cards: int

        def __init__(self, partner_cards: int = 0, **fields) -> None:
            Value.__init__(self, *(fields[name] for name in View._fields), partner_cards)

    peeking = PeekingView(partner_cards=game.hand.held[Seat.E], **view._asdict())
    assert len(leaks(peeking, game)) == 1 and "partner_cards" in leaks(peeking, game)[0]
    assert leaks(peeking._replace(partner_cards=0), game) == []
