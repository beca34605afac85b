"""Computer players of known strength (docs/rating.md): a family of players that take the
engine's best decision by the chance of winning with a set probability and otherwise
draw a legal decision by a softmax over the chance each gives up, at six levels from a
uniform draw to the engine's best; and whole two-player games between them, with
duplicate deals. The reviews judge their games as they judge anyone's, which is how the
play rating (:mod:`rules.review.skill`) is proved on them.
"""

from rules.players.game import MAX_DEALS, PlayedGame, play_duplicate, play_game
from rules.players.levels import LEVELS, Level, level_named
from rules.players.player import DISCARD_SAMPLES, PLAY_SAMPLES, Choice, Player, choose

__all__ = [
    "DISCARD_SAMPLES",
    "LEVELS",
    "MAX_DEALS",
    "PLAY_SAMPLES",
    "Choice",
    "Level",
    "PlayedGame",
    "Player",
    "choose",
    "level_named",
    "play_duplicate",
    "play_game",
]
