"""The bot protocol of docs/record.md: JSON lines between a Spades program and its opponents.

Both sides of it live here:

- ``python -m spades bot --level easy|medium|hard`` (``serve``): reads one request per line,
  ``{"seat": "N", "record": RECORD}``, where each hand's ``deal`` holds only that seat's cards,
  and answers one line: ``{"action": "QH"}``, ``{"action": 4}`` or ``{"action": "blind"}`` (with
  a ``"reason"`` for a card), or ``{"error": "…"}`` — and keeps serving. The seat's view comes
  from ``record.view_from_partial_record``, which replays and checks the record with the
  engine's own state machine; the bot's generator is ``bots.decision_rng`` keyed by a digest of
  the request (the game number is not sent), so the same request always gets the same answer.
- ``python -m spades hint`` (``serve("hint")``): the same requests answered with what «Совет»
  shows for that position: ``{"action": …, "reason": …}`` (the reasons in English). Its action is
  the hard level's (``bot --level hard``) for the same request: one decision, one answer.
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
from typing import TYPE_CHECKING, NoReturn, cast

from spades.advice import hint_steps
from spades.bots import LEVELS, decision_rng, make_player
from spades.bots.base import finish
from spades.cards import Card, Seat
from spades.messages import SpadesError
from spades.reasons import Reason
from spades.record import RecordError, seen_in_draw, to_record, view_from_partial_record
from spades.rules import Phase, Rules, first_to_act, opening_club
from spades.state import Game, View
from spades.table import PARTNER_LEVEL

if TYPE_CHECKING:
    import argparse
    from collections.abc import Iterable
    from typing import TextIO

    from spades.bots.base import Bot
    from spades.rules import Action

ANSWER_TIMEOUT = 30.0  # seconds: a safety bound on an outside program, not part of the game


# --- the requests --------------------------------------------------------------------------------

def partial_record(record: dict, seat: Seat) -> dict:
    """``record`` as ``seat`` may know it: its own cards in every hand, no game number; at two,
    the cards it saw in the draw (``seen``) in place of the stock."""
    out = {k: v for k, v in record.items() if k not in ("game", "hands")}
    rules = Rules.from_json(record.get("rules"))
    table = rules.layout
    hands = []
    for hand in record["hands"]:
        if "stock" in hand:
            first = first_to_act(Seat.parse(hand["dealer"]), table)
            seen = seen_in_draw(hand["stock"], len(hand["draw"]), first, table, seat)
            hands.append({**{k: v for k, v in hand.items() if k != "stock"}, "seen": seen})
        else:
            own = dict(hand, deal={seat.name: hand["deal"][seat.name]})
            club = opening_club(rules)
            if club is not None and hand["plays"] and str(club) not in own["deal"][seat.name]:  # public once led
                own["leader"] = next(s for s, cards in hand["deal"].items() if str(club) in cards)
            hands.append(own)
    out["hands"] = hands
    return out


def request_for(game: Game) -> dict:
    """The request for the seat to move in ``game``."""
    seat = game.to_move
    assert seat is not None, "nobody is to move"
    return {"seat": seat.name, "record": partial_record(to_record(game), seat)}


def action_json(action: Action) -> int | str:
    """An action as the protocol writes it: ``"QH"``, ``4`` or ``"blind"``."""
    return str(action) if isinstance(action, Card) else action


# --- our side: python -m spades bot -------------------------------------------------------------

def request_key(request: dict) -> int:
    """The key of ``decision_rng`` for a request: a digest of its canonical JSON (the request
    alone, never the clock), standing for the game number the protocol does not send."""
    canonical = json.dumps(request, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    digest = hashlib.sha256(canonical.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


def answer(request: object, player: Bot | Adviser) -> dict:
    """The response of ``player`` (a computer level, or the ``Adviser`` of «Совет») to one decoded
    request; ``{"error": …}`` when it cannot."""
    if not isinstance(request, dict) or "seat" not in request or "record" not in request:
        return {"error": 'a request is an object {"seat": SEAT, "record": RECORD}'}
    try:
        seat = Seat.parse(request["seat"])
    except SpadesError as exc:
        return {"error": f"seat: {exc.text('en')}"}
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
    key = request_key(request)
    if isinstance(player, Adviser):  # what «Совет» shows: the hard level's action, with its reasons
        advice = finish(hint_steps(view, key))
        return {"action": action_json(cast("Action", advice.action)), "reason": advice.text("en")}
    # the decision and what decided it, as at the table (the partner's words, the hints)
    action, why = finish(player.think_why(view, decision_rng(key, view)))
    response: dict = {"action": action_json(action)}
    if isinstance(action, Card) and why is not None:
        response["reason"] = Reason(*why).text("en")
    return response


class Adviser:
    """The player of ``python -m spades hint``: it answers a request with the «Совет» of that
    position (``advice.hint_steps``, seeded as the bot is), the action and its reasons in words."""


def respond(line: str, player: Bot | Adviser) -> str:
    """One request line in, one response line out (without the newline)."""
    try:
        request = json.loads(line)
    except ValueError as exc:
        response = {"error": f"not JSON: {exc}"}
    else:
        response = answer(request, player)
    return json.dumps(response, ensure_ascii=False, separators=(", ", ": "))


def serve(level: str, stdin: Iterable[str] | None = None, stdout: TextIO | None = None) -> int:
    """Answer request lines from ``stdin`` as the bot of ``level`` or, with ``level`` "hint",
    as «Совет»."""
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    player: Bot | Adviser = Adviser() if level == "hint" else make_player(level)
    for line in stdin:
        if not line.strip():
            continue
        stdout.write(respond(line, player) + "\n")
        stdout.flush()
    return 0


def cmd_bot(args: argparse.Namespace) -> int:
    return serve(args.level)


def cmd_hint(args: argparse.Namespace) -> int:
    return serve("hint")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("bot", help="answer bot-protocol requests (JSON lines) on stdin")
    p.add_argument("--level", default=PARTNER_LEVEL, choices=list(LEVELS),
                   help=f"the level of play (default {PARTNER_LEVEL})")
    p.set_defaults(func=cmd_bot)
    p = sub.add_parser("hint", help="answer bot-protocol requests (JSON lines) on stdin with «Совет»: "
                                    "the hard level's action and its reasons")
    p.set_defaults(func=cmd_hint)


# --- their side: an outside program in the arena --------------------------------------------------

class OutsideBotError(RuntimeError):
    """An outside program answered badly; the message names it, the seat and the position."""


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        try:
            if proc.stdin is not None:
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
    def _read(stream: Iterable[str], lines: queue.Queue) -> None:
        for line in stream:
            lines.put(line)
        lines.put(None)  # end of output: the program is gone

    def close(self) -> None:
        if self.proc is not None:
            _stop(self.proc)
            self.proc = None

    def __enter__(self) -> "OutsidePlayer":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def act(self, view: View, rng: object) -> NoReturn:
        raise TypeError(f"{self.name} speaks the bot protocol: drive it with act_on_request")

    def act_on_request(self, request: dict, view: View, number: int | None = None) -> Action:
        """Send the program ``request`` (what its seat may know) and return its action,
        checked against ``view.legal``.

        After a bad answer the program is stopped (a late answer must not be taken for the
        next one); asked again, it is started afresh."""
        kind = {Phase.BID: "bid", Phase.DRAW: "draw"}.get(view.phase, "play")
        n = {"bid": len(view.bid_log), "draw": len(view.draws)}.get(
            kind, view.action_count - len(view.bid_log) - len(view.draws)) + 1
        game = f"game {number}, " if number is not None else ""
        where = f"{self.name} as {view.seat.name}, {game}hand {view.hand_index + 1}, {kind} {n}"
        try:
            return self._exchange(request, view, where)
        except OutsideBotError:
            self.close()
            raise

    def _exchange(self, request: dict, view: View, where: str) -> Action:
        if self.proc is None:
            self.proc = self._start()
        line = json.dumps(request, separators=(",", ":")) + "\n"
        stdin = self.proc.stdin
        assert stdin is not None  # started with stdin=PIPE
        try:
            stdin.write(line)
            stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            raise OutsideBotError(f"{where}: the program is gone ({self._status()})") from None
        try:
            reply = self.lines.get(timeout=self.timeout)
        except queue.Empty:
            raise OutsideBotError(f"{where}: no answer within {self.timeout:g} s") from None
        if reply is None:
            raise OutsideBotError(f"{where}: the program is gone ({self._status()})")
        return self._check(reply.strip(), view, where)

    def _status(self) -> str:
        if self.proc is None:
            return "not running"
        try:
            code = self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return "its output closed"
        return f"exit status {code}"

    def _check(self, reply: str, view: View, where: str) -> Action:
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
        legal = view.legal
        bidding = view.phase is Phase.BID
        if bidding or view.phase is Phase.DRAW:  # a bid, or a turn of the draw (keep, discard)
            ok = (type(raw) is int or isinstance(raw, str)) and raw in legal
            action = raw
        else:
            try:
                action = view.rules.card(Card.parse(raw))
            except ValueError:
                action, ok = None, False
            else:
                ok = action in legal
        if not ok:
            kind = "bid" if bidding else "turn of the draw" if view.phase is Phase.DRAW else "card"
            allowed = " ".join(str(a) for a in legal)
            raise OutsideBotError(f"{where}: answered {json.dumps(raw)}: not a legal {kind} (legal: {allowed})")
        return action
