"""Small builders for hand-made positions, and the store the table's tests keep their saves in."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from spades import Card, Game, Rules, Seat

ROOT = Path(__file__).resolve().parents[2]


def bench_script(name: str) -> ModuleType:
    """The script ``bench/NAME.py`` loaded as a module (``bench/`` is not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def deal(**hands: str) -> dict:
    """``deal(S="AS KS ...", W=..., N=..., E=...)`` -> the engine's deal dict."""
    return {Seat[name]: [Card.parse(c) for c in text.split()] for name, text in hands.items()}


# S: 4 low spades + 9 hearts; W: 4 middle spades, 4 low hearts, 5 top diamonds;
# N: 5 top spades + 8 low diamonds; E: all the clubs.
BASIC = dict(
    S="2S 3S 4S 5S AH KH QH JH TH 9H 8H 7H 6H",
    W="6S 7S 8S 9S 2H 3H 4H 5H AD KD QD JD TD",
    N="TS JS QS KS AS 2D 3D 4D 5D 6D 7D 8D 9D",
    E="2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
)


def basic_game(rules: Rules | None = None, bids=(1, 1, 1, 1)) -> Game:
    """Hand 1, dealt by East: South bids and leads first. Bids in order S, W, N, E."""
    game = Game(game=None, rules=rules, deal=deal(**BASIC))
    for bid in bids:
        game.apply(bid)
    return game


def behind_after_a_hand(rules: Rules) -> Game:
    """A game at South's bid in its second hand, 100 or more behind (South bid 13 in the first
    and the medium level played every other move): where a blind bid is offered."""
    from spades import Phase, SplitMix64
    from spades.bots import choose

    for number in range(40, 80):
        game = Game(game=number, rules=rules)
        rng = SplitMix64(number)
        game.apply(13)
        while game.phase is not Phase.HAND_OVER:
            game.apply(choose("medium", game.view(game.to_move), rng))
        game.apply("deal")
        while game.to_move is not Seat.S:
            game.apply(choose("medium", game.view(game.to_move), rng))
        if "blind7" in game.legal_actions():
            return game
    raise AssertionError("no game leaves South 100 behind")


def play(game: Game, *cards: str) -> None:
    for c in cards:
        game.apply(Card.parse(c))


def names(cards) -> list[str]:
    return [str(c) for c in cards]


class QuotaError(Exception):
    """The store is full (localStorage's QuotaExceededError)."""


class MemoryStore:
    """A dict with localStorage's two calls, for the table's tests (the page's store is
    ``app.PageStore``, over localStorage).
    ``quota`` (characters of keys and values, like the browser's) makes ``set`` refuse as a
    full localStorage does."""

    def __init__(self, items: dict | None = None, quota: int | None = None) -> None:
        self.items = dict(items or {})
        self.quota = quota

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise QuotaError(f"{key}: the storage is full")
        self.items[key] = value


def regions(ctl) -> dict[str, str]:
    """The table's regions as the page draws them: what it shows (``ui.view``), then the HTML."""
    from ui.render import regions as draw
    from ui.view import table_view

    return draw(table_view(ctl))
