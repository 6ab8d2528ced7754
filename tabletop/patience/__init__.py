"""The patience kit: what patiences share, each written once.

- :mod:`~tabletop.patience.builds`: how cards build down on a pile (alternate colours, by suit, any suit), on
  cards and on the numbers solvers use (:attr:`tabletop.playing_cards.Card.number`);
- :mod:`~tabletop.patience.home`: when a card goes home, and when it may go by itself;
- :mod:`~tabletop.patience.moves`: how many cards move at once as a sequence;
- :mod:`~tabletop.patience.numbered`: what a solver looks up about a card by its number;
- :mod:`~tabletop.patience.notation`: chance's deal as a record writes it, and reading a move's keys;
- :mod:`~tabletop.patience.record`: the foundations and the moves made in a state's JSON, read back checked;
- :mod:`~tabletop.patience.board`: the drawing both patience interfaces share;
- :mod:`~tabletop.patience.columns`: piles drawn as columns, their covered cards packed on a short terminal;
- :mod:`~tabletop.patience.stats`: the statistics of games played and the words of a game's end;
- :mod:`~tabletop.patience.cells`: the FreeCell family (FreeCell, Baker's Game, Eight Off, Seahaven Towers),
  each game a declared layout on one engine, solver, Coach and board.
"""

from __future__ import annotations

from tabletop.patience.builds import ALTERNATE_COLOURS, ANY_SUIT, SAME_SUIT, BuildRule
from tabletop.patience.home import next_home, safe_home, safe_home_number
from tabletop.patience.moves import sequence_limit
from tabletop.patience.stats import (
    DEAL_PREFIX,
    cards_home,
    chance_actions,
    clock,
    play_seconds,
    player_moves,
    won_games,
    won_line,
)

__all__ = [
    "ALTERNATE_COLOURS",
    "ANY_SUIT",
    "DEAL_PREFIX",
    "SAME_SUIT",
    "BuildRule",
    "cards_home",
    "chance_actions",
    "clock",
    "next_home",
    "play_seconds",
    "player_moves",
    "safe_home",
    "safe_home_number",
    "sequence_limit",
    "won_games",
    "won_line",
]
