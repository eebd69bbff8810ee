"""Settings and language: what the player chose, kept with ``saves.Settings``.

A setting applies at once while no game is under way (the table is dealt again with it), else
from the next game; the language switch turns the whole table, the status line and the hint at
once. The settings themselves live on the session, which plays by them.
"""

from __future__ import annotations

from spades import Game

from . import saves
from .play import Session, in_progress
from .strings import language, set_language


class Preferences:
    def __init__(self, session: Session) -> None:
        self.session = session

    def set_language(self, lang: str) -> None:
        """The table speaks ``lang`` (an unknown one: the default); the choice is kept."""
        session = self.session
        set_language(lang)
        session.settings = session.settings._replace(lang=language())
        session.stored(saves.save_settings, session.store, session.settings)
        session.status = session.prompt()

    def change(self, name: str, value: object) -> None:
        """One field of the settings form. The table's own (pace, look, sound, explanations) apply
        at once; a new rule or level is dealt at once when no game is under way."""
        session = self.session
        data = session.settings.to_json()
        data[name] = value
        session.settings = saves.Settings.from_json(data)
        session.stored(saves.save_settings, session.store, session.settings)
        game = session.game
        changed = session.settings.rules != game.rules or session.settings.level != session.level
        if changed and not in_progress(game) and not game.over and not session.busy and session.daily is None:
            session.adopt(Game(game=game.number, rules=session.settings.rules), session.settings.level)
            session.save()


__all__ = ["Preferences"]
