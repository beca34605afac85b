"""The play: what a card scores (pegging.py), the rules of turn (turns.py, which the
double-dummy search calls too), the play as a state machine (state.py), and its
referee."""

from rules.play.check import PlayCheck, check_play, check_play_record
from rules.play.live import Next, NotLegal, Phase, in_play
from rules.play.pegging import PegKind, PegScore
from rules.play.record import Peg, PlayEvent, ScoredEvent
from rules.play.state import IllegalMove, PlayState, Scored

__all__ = [
    "IllegalMove",
    "Next",
    "NotLegal",
    "Peg",
    "PegKind",
    "PegScore",
    "Phase",
    "PlayCheck",
    "PlayEvent",
    "PlayState",
    "Scored",
    "ScoredEvent",
    "check_play",
    "check_play_record",
    "in_play",
]
