"""Settings and the saved game, kept in a key-value store of strings (localStorage in the page).

Keys: ``spades.settings`` (JSON of ``Settings``), ``spades.game`` (the game record of docs/record.md
plus the additive field ``levels``: the computer players' levels of that game), ``spades.table``
(what the player has seen of the current hand: its deal shown, the cards looked at), and
``spades.daily`` («Сдача дня» while it is on the table: its record, with the additive ``daily``,
``days.DayPlay``; the game's own keys are kept meanwhile). A save that cannot be read is never
thrown away: its text moves to ``spades.game.damaged`` (``spades.daily.damaged``) (as much of it
as the browser's storage can hold). Every text is read with ``record.read_json``, which refuses one
too long or too deeply nested before parsing it; a damaged setting falls back to its default.
"""

from __future__ import annotations

import json
from contextlib import suppress
from typing import TYPE_CHECKING, Any

from spades import RecordError, Rules, Seat, from_record, to_record
from spades.reasons import Reason, words
from spades.record import read_json
from spades.rules import DEFAULT, OPTION
from spades.table import DEFAULT_LEVEL, HUMAN, OPPONENT_LEVELS, RULE_SWITCHES, TABLE_CHOICES, seat_levels
from spades.values import Value

from .strings import LANGUAGES, language, said, t

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Protocol

    from spades import Game
    from spades.reasons import Why
    from spades.rules import Action

    from .days import DayPlay

    class Store(Protocol):
        """The key-value store of strings the table keeps its saves in: the page's localStorage
        (``app.PageStore``), a dict with its two calls in the tests."""

        def get(self, key: str) -> str | None: ...

        def set(self, key: str, value: str) -> None: ...


GAME_KEY = "spades.game"
SETTINGS_KEY = "spades.settings"
DAMAGED_KEY = "spades.game.damaged"
TABLE_KEY = "spades.table"
SAID_KEY = "spades.said"  # the partner's reason for its last action, for a reload
DAILY_KEY = "spades.daily"  # «Сдача дня» on the table (``ui.daily``)
DAILY_DAMAGED_KEY = "spades.daily.damaged"
# the settings that are on or off (checkboxes)
SWITCHES = ("explain", "autoplay", "sound", *RULE_SWITCHES)
# the settings chosen among values (radio buttons), and the values each may take
CHOICES = {**TABLE_CHOICES, "lang": LANGUAGES}
SMALL_TEXT = 10_000  # characters: settings and the table's note are a few dozen
MIN_KEPT = 1_000  # a damaged save is kept whole, else its longest prefix of at least this


class Settings(Value):
    """The player's choices: the table's own and the next game's ``rules`` (the game's options,
    ``spades.rules.OPTIONS``, whose defaults and values the settings take from there). Saved
    flat, one key a setting, the options' among them."""

    __slots__ = ("level", "lang", "explain", "pace", "autoplay", "deck", "cards", "felt", "sound", "rules")
    level: str
    lang: str  # the interface's language: applies at once, not only from the next game
    explain: bool  # the partner says why it bid or played (the status line, its card)
    pace: str  # the table's pace (``spades.table.PACES``): applies at once
    autoplay: bool  # South's only legal card is played without asking: applies at once
    deck: str  # the suits' colours (``spades.table.DECKS``); these three are the table's look
    cards: str  # the cards' size (``CARD_SIZES``)
    felt: str  # the table's colour (``FELTS``)
    sound: bool  # the table's sounds (the switch in the top bar)
    rules: Rules  # the next game's rules, from the next game like the level

    def __init__(self, level: str = DEFAULT_LEVEL, lang: str = "ru", explain: bool = True, pace: str = "normal",
                 autoplay: bool = False, deck: str = "two", cards: str = "normal", felt: str = "green",
                 sound: bool = True, rules: Rules = DEFAULT) -> None:
        super().__init__(level, lang, explain, pace, autoplay, deck, cards, felt, sound, rules)

    def value(self, name: str) -> object:
        """One setting by its saved name: the table's own, or one of the game's options."""
        return getattr(self.rules, name) if name in OPTION else getattr(self, name)

    def to_json(self) -> dict:
        return {**{name: getattr(self, name) for name in self._fields if name != "rules"}, **self.rules._asdict()}

    @classmethod
    def from_json(cls, data: object) -> "Settings":
        """Read leniently: a field that is missing or wrong keeps its default."""
        return cls.read(data)[0]

    @classmethod
    def read(cls, data: object) -> tuple["Settings", list[str]]:
        """The settings of ``data`` and the names of the fields that were there but wrong
        (each keeps its default). Types are checked exactly: 250.0 or "250" is not 250."""
        s = cls()
        if not isinstance(data, dict):
            return s, ["settings"]
        bad = []
        chosen: dict[str, object] = {}
        for name, values in CHOICES.items():
            value = data.get(name)
            if value is None:
                continue
            if type(value) is type(s.value(name)) and value in values:
                chosen[name] = value
            else:
                bad.append(name)
        for name in SWITCHES:
            if name in data:
                if isinstance(data[name], bool):
                    chosen[name] = data[name]
                else:
                    bad.append(name)
        rules = Rules.fitted(**{name: value for name, value in chosen.items() if name in OPTION})  # type: ignore[arg-type]
        table = {name: value for name, value in chosen.items() if name not in OPTION}
        return s._replace(rules=rules, **table), bad


def load_settings(store: Store) -> tuple[Settings, list[str]]:
    """The saved settings, and the names of the damaged fields (empty when all was well)."""
    text = store.get(SETTINGS_KEY)
    if not text:
        return Settings(), []
    try:
        return Settings.read(read_json(text, max_text=SMALL_TEXT))
    except RecordError:
        return Settings(), ["settings"]


def save_settings(store: Store, settings: Settings) -> None:
    store.set(SETTINGS_KEY, json.dumps(settings.to_json()))


def game_record(game: Game, level: str, undos: int = 0, started: int = 0,
                replayed: Sequence[dict] = (), daily: DayPlay | None = None) -> dict:
    """The saved record: docs/record.md's, plus the additive ``levels``; once South has taken a
    decision back, ``undos`` (how many times: the statistics mark such a game); ``started``,
    the stamp that tells this play of a game number from another in the statistics;
    ``replayed``, the hands played again as they were first played (``hand_moves``); and
    ``daily``, the day of «Сдача дня» and whether it is practice (``days.DayPlay``)."""
    record = to_record(game)
    record["levels"] = {seat.name: lv for seat, lv in seat_levels(level, game.table).items()}
    if undos:
        record["undos"] = undos
    if started:
        record["started"] = started
    if replayed:
        record["replayed"] = list(replayed)
    if daily is not None:
        record["daily"] = daily.to_json()
    return record


def game_text(game: Game, level: str, undos: int = 0, started: int = 0, replayed: Sequence[dict] = (),
              daily: DayPlay | None = None) -> str:
    record = game_record(game, level, undos, started, replayed, daily)
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def save_game(store: Store, game: Game, level: str, undos: int = 0, started: int = 0,
              replayed: Sequence[dict] = (), daily: DayPlay | None = None) -> None:
    """The game on the table, under its key: the game's own, or «Сдача дня»'s (``daily``)."""
    store.set(GAME_KEY if daily is None else DAILY_KEY, game_text(game, level, undos, started, replayed, daily))


class DamagedSave(Exception):
    """The saved game cannot be read: the record's refusal (``cause``), or a bug met while
    reading it (``error``). ``text(lang)`` says why in that language; ``str()`` in English."""

    def __init__(self, cause: RecordError | None = None, error: str = "") -> None:
        self.cause = cause
        self.error = error
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        return self.cause.text(lang) if self.cause is not None else said("save.error.program",
                                                                        {"error": self.error}, lang)


def load_game(store: Store) -> tuple[Game, str, int, int, list[dict]] | None:
    """The saved ``(game, level, undos, started, replayed)``, or None when nothing is saved; raises
    ``DamagedSave``."""
    text = store.get(GAME_KEY)
    return read_game(text) if text else None


def read_game(text: str) -> tuple[Game, str, int, int, list[dict]]:
    """``(game, level, undos, started, replayed)`` from a saved or opened record's text; raises
    ``DamagedSave`` saying what is wrong (and where, in the record's terms). A ``replayed`` that
    is not a list of objects is left out (the statistics then count the hands as they stand)."""
    try:
        data = read_json(text)
        game = from_record(data)
    except RecordError as exc:
        raise DamagedSave(exc) from None
    except Exception as exc:  # a save must never break the page
        raise DamagedSave(error=f"{type(exc).__name__}: {exc}") from None
    levels: Any = data.get("levels") if isinstance(data.get("levels"), dict) else {}
    opponent = game.table.opponents(HUMAN)[0].name  # West, or North at two: the opponents' level
    level = levels.get(opponent) if levels.get(opponent) in OPPONENT_LEVELS else DEFAULT_LEVEL
    undos, started = data.get("undos"), data.get("started")
    replayed = data.get("replayed")
    firsts = [h for h in replayed if isinstance(h, dict)] if isinstance(replayed, list) else []
    return (game, level, undos if type(undos) is int and undos > 0 else 0,
            started if type(started) is int and started > 0 else 0, firsts)


def keep_damaged(store: Store, key: str = GAME_KEY, aside: str = DAMAGED_KEY) -> tuple[int, int]:
    """Move the unreadable save aside, so that nothing is silently lost: ``(kept, total)``
    characters. It is copied to ``aside``; when the storage cannot hold two copies it is
    moved (the save's ``key`` is emptied first); when it cannot hold even one, its longest prefix
    that fits is kept. Never raises: a full or refused storage must not stop the page."""
    text = store.get(key) or ""
    if not text:
        return 0, 0
    kept = 0
    with suppress(Exception):
        store.set(aside, text)
        kept = len(text)
    with suppress(Exception):
        store.set(key, "")
    size = len(text)
    while not kept and size >= MIN_KEPT:
        try:
            store.set(aside, text[:size])
            kept = size
        except Exception:
            size //= 2
    return kept, len(text)


def damaged_notice(store: Store, exc: DamagedSave, key: str = GAME_KEY, aside: str = DAMAGED_KEY) -> str:
    """The save under ``key`` cannot be read (``exc``): it is moved to ``aside`` (``keep_damaged``),
    and the notice says why and where it is kept."""
    kept, total = keep_damaged(store, key, aside)
    reason = exc.text(language())
    if kept < total:
        return t("save.damaged.cut", reason=reason, key=aside, kept=kept, total=total)
    return t("save.damaged", reason=reason, key=aside)


def save_seen(store: Store, game: Game, looked: bool) -> None:
    """Remember that the deal of the current hand was shown (and whether the cards were looked
    at), so that a reload neither deals it again nor offers Blind Nil after a look."""
    store.set(TABLE_KEY, json.dumps({"game": game.number, "hand": len(game.hands), "looked": looked}))


def save_said(store: Store, game: Game, at: int, action: Action, reason: Why) -> None:
    """The partner's reason (``(code, params)``, ``spades.reasons.PARTNER``) for ``action``, the
    action at index ``at`` of ``game.actions()``: a reload shows it again on North's card."""
    code, params = reason
    store.set(SAID_KEY, json.dumps({"game": game.number, "at": at, "action": str(action),
                                    "code": code, "params": params}, ensure_ascii=False))


def forget_said(store: Store) -> None:
    """The partner's last action said nothing: no reason is shown again after a reload."""
    if store.get(SAID_KEY) not in (None, "null"):
        store.set(SAID_KEY, "null")


def load_said(store: Store, game: Game) -> tuple[Action, Why] | None:
    """``(action, (code, params))``: the partner's last reason in ``game``, or None when there is
    none, it belongs to another game or position, or it is damaged (then it is only not shown)."""
    try:
        data = read_json(store.get(SAID_KEY) or "null", max_text=SMALL_TEXT)
    except RecordError:
        return None
    if not isinstance(data, dict) or data.get("game") != game.number:
        return None
    at, code, params = data.get("at"), data.get("code"), data.get("params")
    actions = game.actions()
    if (type(at) is not int or not 0 <= at < len(actions) or str(actions[at]) != data.get("action")
            or not isinstance(code, str) or code not in words("ru", "partner") or not isinstance(params, dict)
            or not all(type(v) in (int, float, str) for v in params.values())):
        return None
    try:
        Reason(code, params).text("ru", voice="partner")  # the parameters must fit the words
    except (KeyError, IndexError, ValueError):
        return None
    if game.rewound(at).to_move is not Seat.N:
        return None
    return actions[at], (code, params)


def load_seen(store: Store, game: Game) -> bool | None:
    """``looked`` (a bool) when the current hand's deal was shown, else None."""
    try:
        data = read_json(store.get(TABLE_KEY) or "null", max_text=SMALL_TEXT)
    except RecordError:
        return None
    if isinstance(data, dict) and data.get("game") == game.number and data.get("hand") == len(game.hands):
        return bool(data.get("looked"))
    return None
