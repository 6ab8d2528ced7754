"""Rule text the FreeCell family's games share, written once: a game's rules name its layout and keys around it."""

from tabletop.patience.cells.state import MOVE_LIMIT

BY_SUIT_KINGS_ONLY = f"""\
- The top card of a column may move onto another column's top card **one rank higher and of the same suit**
  (the 9♠ on the 10♠), to an empty cell, or home when it is next on its foundation.
- Only a **King** (or a sequence from a King) may go to an **empty column**.
- A card in a cell moves the same ways (but not to another cell).
- A **sequence** (down by one, in one suit) moves as a unit when the empty cells could carry it card by card:
  up to empty cells + 1 cards (empty columns do not help: only a King may stop there).
- With automatic moves on (the default), a card goes home by itself as soon as it is next.
- The game is lost when no move is left (or after {MOVE_LIMIT:,} moves)."""
"""The moves of a game built down by suit where only Kings fill an empty column (Eight Off, Seahaven Towers)."""
