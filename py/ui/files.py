"""Files and records: the game's record out and in, the statistics' file in, the link to share.

What the page must do with the browser is left for it to take (``download``: a file to save,
``clipboard``: the query of this game's address to copy, and a text to put before it); a file
the player chose or dropped comes in as ``open_file``. A refused file changes nothing and says why in the notice.
"""

from __future__ import annotations

from spades.record import MAX_TEXT

from . import saves, stats
from .play import Session, new_game_number, parse_game_number
from .strings import language, t

# the largest file worth reading: the longest text of a record or of the statistics, at four bytes
# (UTF-8's most) a character; the page reads no larger file (a player may drop a film on it)
FILE_BYTES = 4 * max(MAX_TEXT, stats.MAX_TEXT)


class Files:
    def __init__(self, session: Session, desk: stats.Desk) -> None:
        self.session = session
        self.desk = desk
        self.download: tuple[str, str] | None = None  # (file name, text) for the page to save
        # for the page to copy: the query of an address, and the text before it (none for a game's link)
        self.clipboard: tuple[str, str] | None = None

    def export_record(self) -> None:
        """«Скачать запись партии»: the record of docs/record.md, for the page to download."""
        session = self.session
        name = f"piki-{session.game.number}.json"
        self.download = (name, saves.game_text(session.game, session.level, session.undos, session.started,
                                                   session.replayed))
        session.status = t("status.exported", name=name)

    def export_stats(self) -> None:
        self.download = self.desk.export()
        self.session.status = t("status.exported", name=self.download[0])

    def share(self) -> None:
        """«Поделиться раздачей»: the address of this game number (of the day, for «Сдача дня»), for
        the page to copy."""
        number, play = self.session.game.number, self.session.daily
        if play is not None:
            self.clipboard = (f"?daily={play.day.isoformat()}", "")
        elif parse_game_number(str(number)) is None:  # the address would not open this game
            self.session.status = t("status.no_share", number=number)
        else:
            self.clipboard = (f"?game={number}", "")

    def open_file(self, kind: str, name: str, text: str | None, error: str | None, size: int | None) -> None:
        """A file the player chose or dropped, kind ``"record"`` or ``"stats"``; ``error`` says
        why when the browser could not read it; ``size`` (bytes) is given for a file the page did
        not read, larger than any record (``FILE_BYTES``)."""
        if size is not None:
            error = t("import.too_big", mb=-(-size // 1_000_000))
        if error is not None:
            self.session.notice = t("stats.import_bad" if kind == "stats" else "import.bad", name=name,
                                    reason=error)
        elif kind == "stats":
            self.desk.open(text or "", name)
        else:
            self.open_record(text or "", name)

    def open_record(self, text: str, name: str = "") -> bool:
        """«Открыть запись»: a record from a file, checked with the engine. On any error the
        current game is kept and the notice says what is wrong."""
        session = self.session
        if not text:
            session.notice = t("import.bad", name=name, reason=t("import.empty"))
            return False
        try:
            game, level, undos, started, replayed = saves.read_game(text)
        except saves.DamagedSave as exc:
            session.notice = t("import.bad", name=name, reason=exc.text(language()))
            return False
        session.panel = None
        session.confirm = None
        session.clear_seen()
        if game.number is None:
            game.with_number(new_game_number())
        session.adopt(game, level)
        session.undos, session.replayed = undos, replayed
        session.started = started  # 0 for a record from elsewhere: its statistics key stays the same
        session.dealt = True
        session.save()
        session.notice = t("import.done", name=name, number=game.number)
        return True


__all__ = ["FILE_BYTES", "Files"]
