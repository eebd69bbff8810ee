"""Settings and the saved game, kept in a key-value store of strings (localStorage in the page).

Keys: ``spades.settings`` (JSON of ``Settings``), ``spades.game`` (the game record of RECORD.md
plus the additive field ``levels``: the computer players' levels of that game), ``spades.table``
(what the player has seen of the current hand: its deal shown, the cards looked at). A save that
cannot be read is never thrown away: its text moves to ``spades.game.damaged``.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace

from spades import RecordError, Rules, from_record, to_record
from spades.record import read_json
from spades.rules import TARGETS

from .players import LEVELS, PARTNER_LEVEL
from .strings import LANGUAGES

GAME_KEY = "spades.game"
SETTINGS_KEY = "spades.settings"
DAMAGED_KEY = "spades.game.damaged"
TABLE_KEY = "spades.table"


@dataclass(frozen=True)
class Settings:
    target: int = 250
    level: str = "easy"
    bag_penalty: bool = True
    blind_nil: bool = False
    lang: str = "ru"  # the interface's language: applies at once, not only from the next game

    def rules(self) -> Rules:
        return Rules(target=self.target, bag_penalty=self.bag_penalty, blind_nil=self.blind_nil)

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data) -> "Settings":
        """Read leniently: a field that is missing or wrong keeps its default."""
        s = cls()
        if not isinstance(data, dict):
            return s
        if data.get("target") in TARGETS:
            s = replace(s, target=data["target"])
        if data.get("level") in LEVELS:
            s = replace(s, level=data["level"])
        if data.get("lang") in LANGUAGES:
            s = replace(s, lang=data["lang"])
        for name in ("bag_penalty", "blind_nil"):
            if isinstance(data.get(name), bool):
                s = replace(s, **{name: data[name]})
        return s


class MemoryStore:
    """A dict with localStorage's two calls; the page wraps localStorage the same way."""

    def __init__(self, items: dict | None = None) -> None:
        self.items = dict(items or {})

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        self.items[key] = value


def load_settings(store) -> Settings:
    text = store.get(SETTINGS_KEY)
    try:
        return Settings.from_json(json.loads(text)) if text else Settings()
    except ValueError:
        return Settings()


def save_settings(store, settings: Settings) -> None:
    store.set(SETTINGS_KEY, json.dumps(settings.to_json()))


def game_text(game, level: str) -> str:
    record = to_record(game)
    record["levels"] = {"N": PARTNER_LEVEL, "W": level, "E": level}
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def save_game(store, game, level: str) -> None:
    store.set(GAME_KEY, game_text(game, level))


class DamagedSave(Exception):
    """The saved game cannot be read; ``reason`` says why in English, ``reason_ru`` in Russian
    (``text(lang)`` picks one)."""

    def __init__(self, reason: str, reason_ru: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.reason_ru = reason_ru or reason

    def text(self, lang: str) -> str:
        return self.reason_ru if lang == "ru" else self.reason


def load_game(store):
    """The saved ``(game, level)``, or None when nothing is saved; raises ``DamagedSave``."""
    text = store.get(GAME_KEY)
    if not text:
        return None
    try:
        data = read_json(text)
        game = from_record(data)
    except RecordError as exc:
        raise DamagedSave(exc.reason, exc.reason_ru) from None
    except Exception as exc:  # a save must never break the page
        raise DamagedSave(f"{type(exc).__name__}: {exc}") from None
    levels = data.get("levels") if isinstance(data.get("levels"), dict) else {}
    level = levels.get("W") if levels.get("W") in LEVELS else "easy"
    return game, level


def keep_damaged(store) -> None:
    """Move the unreadable save aside, so that nothing is silently lost."""
    text = store.get(GAME_KEY)
    if text:
        store.set(DAMAGED_KEY, text)
    store.set(GAME_KEY, "")


def save_seen(store, game, looked: bool) -> None:
    """Remember that the deal of the current hand was shown (and whether the cards were looked
    at), so that a reload neither deals it again nor offers Blind Nil after a look."""
    store.set(TABLE_KEY, json.dumps({"game": game.game, "hand": len(game.hands), "looked": looked}))


def load_seen(store, game):
    """``looked`` (a bool) when the current hand's deal was shown, else None."""
    try:
        data = json.loads(store.get(TABLE_KEY) or "null")
    except ValueError:
        return None
    if isinstance(data, dict) and data.get("game") == game.game and data.get("hand") == len(game.hands):
        return bool(data.get("looked"))
    return None
