"""The bot protocol of RECORD.md: JSON lines between a Spades program and its opponents.

Both sides of it live here:

- ``python -m spades bot --level easy|medium|hard`` (``serve``): reads one request per line,
  ``{"seat": "N", "record": RECORD}``, where each hand's ``deal`` holds only that seat's cards,
  and answers one line: ``{"action": "QH"}``, ``{"action": 4}`` or ``{"action": "blind"}`` (with
  a ``"reason"`` for a card), or ``{"error": "…"}`` — and keeps serving. The seat's view comes
  from ``partial.view_from_partial_record``, which checks the record; the bot's generator is
  seeded from the request alone, so the same request always gets the same answer.
- ``OutsidePlayer`` (``cmd:COMMAND`` in the arena): starts a program once, sends it each
  decision of its seats with only what that seat may know (``partial_record``: no other seat's
  cards and no game number, from which every deal could be recomputed), checks each answer
  with the engine, and raises ``OutsideBotError`` naming the program, the seat and the
  position when an answer is illegal, malformed or late, or the program is gone.
"""

from __future__ import annotations

import hashlib
import json
import queue
import shlex
import subprocess
import sys
import threading
import weakref

from .advice import Reason, explain
from .bots import LEVELS, make_player
from .cards import Card, Seat
from .deal import SplitMix64, derive_seed
from .partial import view_from_partial_record
from .record import RecordError, to_record
from .rules import BLIND, Phase
from .state import Game

ANSWER_TIMEOUT = 30.0  # seconds: a safety bound on an outside program, not part of the game


# --- the requests --------------------------------------------------------------------------------

def partial_record(record: dict, seat: Seat) -> dict:
    """``record`` as ``seat`` may know it: its own cards in every hand, no game number."""
    out = {k: v for k, v in record.items() if k not in ("game", "hands")}
    out["hands"] = [dict(hand, deal={seat.name: hand["deal"][seat.name]}) for hand in record["hands"]]
    return out


def request_for(game: Game) -> dict:
    """The request for the seat to move in ``game``."""
    seat = game.to_move
    return {"seat": seat.name, "record": partial_record(to_record(game), seat)}


def action_json(action):
    """An action as the protocol writes it: ``"QH"``, ``4`` or ``"blind"``."""
    return str(action) if isinstance(action, Card) else action


# --- our side: python -m spades bot -------------------------------------------------------------

def request_seed(request: dict) -> int:
    """A seed from the request alone (its canonical JSON), never from the clock."""
    canonical = json.dumps(request, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    digest = hashlib.sha256(canonical.encode("utf-8")).digest()
    return derive_seed(int.from_bytes(digest[:8], "big"))


def answer(request, player) -> dict:
    """The response of ``player`` to one decoded request; ``{"error": …}`` when it cannot."""
    if not isinstance(request, dict) or "seat" not in request or "record" not in request:
        return {"error": 'a request is an object {"seat": SEAT, "record": RECORD}'}
    try:
        seat = Seat.parse(request["seat"])
    except ValueError as exc:
        return {"error": f"seat: {exc}"}
    try:
        view = view_from_partial_record(request["record"], seat)
    except RecordError as exc:
        return {"error": f"record: {exc}"}
    if view.to_move != seat:
        if view.phase is Phase.GAME_OVER:
            return {"error": "the game is over"}
        if view.to_move is None:
            return {"error": "the hand is over: the record has no move to make"}
        return {"error": f"it is not {seat.name}'s turn: {view.to_move.name} is to move"}
    action = player.act(view, SplitMix64(request_seed(request)))
    response: dict = {"action": action_json(action)}
    if isinstance(action, Card):
        code, params = explain(view, action)
        response["reason"] = Reason(code, params).text("en")
    return response


def respond(line: str, player) -> str:
    """One request line in, one response line out (without the newline)."""
    try:
        request = json.loads(line)
    except ValueError as exc:
        response = {"error": f"not JSON: {exc}"}
    else:
        response = answer(request, player)
    return json.dumps(response, ensure_ascii=False, separators=(", ", ": "))


def serve(level: str, stdin=None, stdout=None) -> int:
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    player = make_player(level)
    for line in stdin:
        if not line.strip():
            continue
        stdout.write(respond(line, player) + "\n")
        stdout.flush()
    return 0


def cmd_bot(args) -> int:
    return serve(args.level)


def add_parser(sub) -> None:
    p = sub.add_parser("bot", help="answer bot-protocol requests (JSON lines) on stdin")
    p.add_argument("--level", default="hard", choices=list(LEVELS), help="the level of play (default hard)")
    p.set_defaults(func=cmd_bot)


# --- their side: an outside program in the arena --------------------------------------------------

class OutsideBotError(RuntimeError):
    """An outside program answered badly; the message names it, the seat and the position."""


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        try:
            proc.stdin.close()
            proc.wait(timeout=1)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait()


class OutsidePlayer:
    """A seat (or both seats of a team) played by a program speaking the bot protocol."""

    def __init__(self, command: str, timeout: float = ANSWER_TIMEOUT) -> None:
        self.command = command
        self.argv = shlex.split(command)
        if not self.argv:
            raise ValueError("cmd: needs a command")
        self.name = f"cmd:{command}"
        self.timeout = timeout
        self.proc: subprocess.Popen | None = None
        self.lines: queue.Queue = queue.Queue()  # the program's output lines; None at its end

    def _start(self) -> subprocess.Popen:
        try:
            proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    text=True, encoding="utf-8", bufsize=1)
        except OSError as exc:
            raise OutsideBotError(f"{self.name}: cannot start: {exc}") from None
        self.lines = queue.Queue()
        threading.Thread(target=self._read, args=(proc.stdout, self.lines), daemon=True).start()
        weakref.finalize(self, _stop, proc)
        return proc

    @staticmethod
    def _read(stream, lines: queue.Queue) -> None:
        for line in stream:
            lines.put(line)
        lines.put(None)  # end of output: the program is gone

    def close(self) -> None:
        if self.proc is not None:
            _stop(self.proc)
            self.proc = None

    def __enter__(self) -> "OutsidePlayer":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def act(self, view, rng):
        raise TypeError(f"{self.name} is sent the game's record: drive it with act_in_game(game)")

    def act_in_game(self, game: Game):
        """Ask the program for the action of the seat to move; check it with the engine.

        After a bad answer the program is stopped (a late answer must not be taken for the
        next one); asked again, it is started afresh."""
        seat, hand = game.to_move, game.hand
        bidding = game.phase is Phase.BID
        n = len(hand.bid_log) + 1 if bidding else len(hand.plays) + 1
        number = f"game {game.game}, " if game.game is not None else ""
        where = f"{self.name} as {seat.name}, {number}hand {hand.index + 1}, {'bid' if bidding else 'play'} {n}"
        try:
            return self._exchange(game, where)
        except OutsideBotError:
            self.close()
            raise

    def _exchange(self, game: Game, where: str):
        if self.proc is None:
            self.proc = self._start()
        line = json.dumps(request_for(game), separators=(",", ":")) + "\n"
        try:
            self.proc.stdin.write(line)
            self.proc.stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            raise OutsideBotError(f"{where}: the program is gone ({self._status()})") from None
        try:
            reply = self.lines.get(timeout=self.timeout)
        except queue.Empty:
            raise OutsideBotError(f"{where}: no answer within {self.timeout:g} s") from None
        if reply is None:
            raise OutsideBotError(f"{where}: the program is gone ({self._status()})")
        return self._check(reply.strip(), game, where)

    def _status(self) -> str:
        try:
            code = self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return "its output closed"
        return f"exit status {code}"

    def _check(self, reply: str, game: Game, where: str):
        shown = reply if len(reply) <= 200 else reply[:200] + "…"
        try:
            response = json.loads(reply)
        except ValueError:
            raise OutsideBotError(f"{where}: answered {shown!r}: not JSON") from None
        if isinstance(response, dict) and "error" in response and "action" not in response:
            raise OutsideBotError(f"{where}: answered an error: {response['error']}")
        if not isinstance(response, dict) or "action" not in response:
            raise OutsideBotError(f'{where}: answered {shown!r}: expected {{"action": …}}')
        raw = response["action"]
        legal = game.legal_actions()
        if game.phase is Phase.BID:
            ok = (type(raw) is int or raw == BLIND) and raw in legal
            action = raw
        else:
            try:
                action = Card.parse(raw)
            except ValueError:
                action, ok = None, False
            else:
                ok = action in legal
        if not ok:
            kind = "bid" if game.phase is Phase.BID else "card"
            allowed = " ".join(str(a) for a in legal)
            raise OutsideBotError(f"{where}: answered {json.dumps(raw)}: not a legal {kind} (legal: {allowed})")
        return action
