"""The rules text shown from the in-game menu."""

RULES = """\
# Muses

Solitaire with nine muse cards, two dice and three hint tokens. Score **20** or more to win.
(A card file may set its own target and number of hint tokens; the board shows the ones in play.)

**Setup**: the cards are shuffled face down into a deck; the hint tokens are put in front of you.

**Each turn**
1. If the deck is not empty, turn its top card face up into the display, upright.
2. Roll both dice.
3. Use hint tokens and powers, any number, in any order.
4. Claim at most one display muse whose **top** condition the dice meet, or end the turn
   without a claim. A claimed muse goes to your tableau, and the turn ends.
5. Every unclaimed display muse turns a quarter anticlockwise: its next edge comes to the top.
   A muse that comes back upright or shows a blank edge on top is discarded.

The game ends when every card is claimed or discarded.

**Hint tokens**: discard one at any time to add or subtract 1 on one die.

**Powers**: each claimed muse with a power (all but Calliope and Cleo in the default cards) may
alter the dice once per game, after a roll; a used power is spent, but its muse still scores.
No die goes below 1 or above 6.
- *flip*: turn one die to its opposite face (1 and 6, 2 and 5, 3 and 4: the two faces add up to 7).
- *reroll*: roll one die again; the other stays.
- *adjust N* (N is 1, 2 or 3): add or subtract 1, 2 ... up to N on one die (*adjust 2*: -2, -1, +1 or +2).
- *match*: set one die to the face the other die shows.

A card shows its power in a few words: *flip a die*, *re-roll a die*, *adjust a die ±N*,
*match the dice*, or *no power*.

**Conditions** (the top edge of a muse; the dice must meet it to claim the muse):
- a number is the sum of both dice: `7` means exactly 7, `≥ 9` means 9 or more,
  `≤ 4` means 4 or less, `> n` / `< n` more / less than n (a card file may write *sum 7*, `>=`, `<=`).
- a die face (`⚄`, or *die 5* in a card file): at least one die shows it; two faces (`⚂⚄`): the dice
  show exactly these two, in either order (`⚄⚄`: both dice show 5). The board gives each face its digit: `⚄ 5`.
- *Both odd* / *Both even*: each die is odd (1, 3, 5) / each is even (2, 4, 6), not necessarily the same.
- *Both ≥ 4* (or another comparison): each die on its own meets it.
- *Pair* (or *Double*): both dice show the same face; *Pair ≥ 6*: a double whose sum is at least 6
  (a pair of 3s or higher); *Pair ≤ 4*: a double whose sum is at most 4; *Pair 8*: a pair of 4s.
- *No pair*: the dice show different faces.
- *Odd* / *Even*: the sum of both dice is odd / even.
- *Difference ≥ 3* (or another comparison; *Diff* for short): the higher die minus the lower one.
- *and* between two conditions: both must hold; *or*: at least one.
- A blank edge is no condition: the muse is discarded when it comes to the top.

**The display on screen**: each card shows its name and points, then its edges in the order they
come to the top: the edge on top now, marked ▲, then the edges still to come, numbered by their
place on the card (1 is upright, 2 comes up after one turn, and so on). Beside each condition is the
chance that a plain roll of two dice meets it, out of the 36 equally likely rolls (`7 · 17%`: 6 rolls
in 36), before any hint or power. The last line says where the card leaves: `✗ upright` (it is
discarded when it comes back upright, after its fourth edge) or `✗ blank` (it is discarded when its
first blank edge comes to the top). A long condition is shortened (*Diff*) and wraps on the
card, never cut; on a short terminal the edges still to come give way first (`+2 later`), the
edge on top never. The card's last line is its power. Under the cards: the dice, hints, deck and score, the claimed muses
(READY: a power still to use), then the log, which says after each turn which card turned to which
condition and which were discarded, and why.

**Score** = points of claimed muses (used powers or not) + 1 per unused hint token.

The default cards are a reconstruction: the printed cards can be typed into a card file and
played with `tabletop play muses --cards FILE`. **Coach** in the move menu (key **?**) is not a
hint token and costs nothing: it lists the best moves with their exact chances of winning. Use a hint
token with **Use a hint** (key **h**).
"""


def rules_markdown() -> str:
    """The rules of Muses as Markdown, for the in-game menu."""
    return RULES
