"""The rules text shown from the in-game menu."""

RULES = """\
# Muses

Solitaire with muse cards, two dice and three hints. Score **20** or more.
(A card file may set its own target and number of hints; the board shows the ones in play.)

**Each turn**
1. If the deck is not empty, turn its top card face up into the display, upright.
2. Roll both dice.
3. Use hints and powers, any number, in any order.
4. Claim at most one display muse whose **top** condition the dice meet (the turn then ends).
5. Every unclaimed display muse turns a quarter anticlockwise: its next edge comes to the top.
   A muse that comes back upright or shows a blank edge on top is discarded.

**Hints**: discard one to add or subtract 1 on one die.
**Powers**: each claimed muse with a power may alter the dice once per game, after a roll.
No die goes below 1 or above 6.

**Conditions**: a number is the sum of both dice (`7`, `≥ 9`, `≤ 4`); a die face (`⚄`) is one die
showing it; words such as *Both odd*, *Pair*, *Pair ≥ 6* (a double whose sum is at least 6).

**End**: when every card is claimed or discarded. Score = points of claimed muses + 1 per unused hint.

The default cards are a reconstruction: the printed cards can be typed into a card file and
played with `tabletop play muses --cards FILE`. *Advise* shows the best move and the win chance
after each choice, computed exactly.
"""


def rules_markdown() -> str:
    return RULES
