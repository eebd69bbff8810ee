"""A hand played at once or again: «Остальные мои» and «Сыграть сдачу заново».

- ``claim(session)``: the seat to lead plays out every remaining trick at once
  (``spades.claim``: offered only when certain), each card through ``Session.apply`` so the
  record, the saves and the statistics see plain plays; its line in the status.
- ``replay_hand(session)``: after a hand, the game goes back to that hand's start and the same
  cards are played again from the bid (the draw, at two). The hand as first played is kept in
  the record (``"replayed"``, additive) and the statistics count only that first play, and mark
  the game as one with a decision taken back (as ``"undos"`` does).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades import Phase, to_record
from spades.claim import claim_actions, claim_plan

from .fmt import seat_name
from .play import SOUTH
from .strings import t

if TYPE_CHECKING:
    from .play import Session


def claim(session: Session) -> int:
    """«Остальные мои» for the seat to lead: every remaining trick played at once. Returns the
    tricks claimed (0: no certain claim, nothing played)."""
    game = session.game
    seat = game.to_move
    if seat is None or game.phase is not Phase.PLAY or claim_plan(game.view(seat)) is None:
        return 0
    actions = claim_actions(game)
    for action in actions:
        session.apply(action)
    tricks = len(actions) // game.table.players
    session.shown_trick = None  # the tricks are gathered at once: the line below stays in view
    session.status = (t("status.claim.you", tricks=tricks) if seat == SOUTH
                      else t("status.claim", seat=seat_name(seat), tricks=tricks))
    return tricks


def replay_hand(session: Session) -> bool:
    """«Сыграть сдачу заново»: back to the start of the hand just finished, its cards the same.
    Its first play is kept (once: a hand replayed twice keeps the first). False when no hand
    is finished on the table, or the game is over (its result stands)."""
    game = session.game
    if game.phase is not Phase.HAND_OVER or session.busy:  # a finished game stays as it ended
        return False
    view = session.view()
    index = view.hand_index
    if all(first.get("hand") != index for first in session.replayed):
        hand = dict(to_record(game)["hands"][index])
        hand.pop("score", None)
        session.replayed.append({"hand": index, **hand})
    session.epoch += 1  # a computer still thinking about the old position stops
    session.game = game.rewound(len(game.actions()) - view.action_count)
    session.selected = None
    session.shown_trick = None
    session.peek = False
    session.partner_said = None
    session.looked = True  # the cards were seen: no Blind Nil on them
    session.save()
    session.save_seen()
    session.status = " ".join((t("status.replay", number=index + 1), session.prompt()))
    return True


__all__ = ["claim", "replay_hand"]
