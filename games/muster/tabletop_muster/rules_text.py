"""The rules of Muster as shown from inside the game (Markdown), with the rulings and a board key.

The text follows the rulebook and Board Game Arena's game help; where they are
loose, the rulings the engine implements are stated (numbered as in the
engine's tests).

    >>> text = rules_markdown()
    >>> text.startswith("# Muster: Raise the Banners") and "Strength in Numbers" in text
    True
"""

from __future__ import annotations

from tabletop_muster.cards import TURN_LIMIT

RULES = """\
# Muster: Raise the Banners

Two players build columns of cards under five castles. When the deck runs out,
whoever controls more castles wins. A castle goes to the player with the greater
**total strength of their column under it**: all the cards on their side under
that castle added up, not just the top one.

## Cards (47)
- **Banner cards** (40): five factions, each with its castle: **W** Water (blue),
  **L** Leaf (green), **C** Cloud (yellow), **F** Flame (red), **P** Feather (purple).
  Each faction has three 1s, two 2s, one 3, one 4 and one 5 (the strength).
- **R**: 5 Rainbow Wizard/Bridge cards. In hand it is either; once played it is a
  **Wizard** (counts 6) or a **Bridge** (counts 1).
- **X**: 2 Rainbow Castle cards, only ever played onto a castle space. While one is
  the top card of a castle space, Banners of any faction may be played under that
  castle, on both sides.

Each player is dealt 5 cards; the other 37 form the deck, face down. The first
player is chosen when the game is set up (at random unless it is named).

## Your turn
Take exactly one action. If you then hold fewer than 5 cards, refill to 5, one
card at a time, each from the deck or from the top of any castle space. You may
never draw a Rainbow Castle (it also blocks the cards under it), nor the card
you castled this turn. Move and Swap end the turn without a refill.

## The six actions
1. **Play a Banner** into your column under a castle. Its icon must match the
   castle's, unless a Rainbow Castle is the top card of that castle space now.
   Its strength must equal that of the top card of your column there, or be exactly
   one more (2 on 2, 3 on 2). An empty column takes any strength.
2. **Play a Rainbow Wizard** into any of your columns, on anything. It counts 6,
   and nothing but another Wizard can go on top of it.
3. **Move a Rainbow Wizard** from the top of one of your columns onto another.
   Then the deck's top card goes face up onto its faction's castle space (a Rainbow
   card onto a space you choose). No refill.
4. **Castle a card**: a card from your hand onto its faction's castle space (a
   Rainbow card onto any space). Castle spaces score for nobody; their top card may
   be drawn later (except a Rainbow Castle).
5. **Make a Rainbow Bridge**: on a column whose top card is *n* (0 if empty), a
   Bridge stands for *n+1*, and in the same action you must play a Banner of
   strength *n+2* on it (passing the icon rule). A Bridge always counts 1.
6. **Make a Rainbow Swap**: a Banner from your hand replaces a Rainbow card in any
   column, yours or your opponent's; the Rainbow card comes to your hand. No refill.
   Only the first-placed Rainbow card of a column can be swapped, and the Banner
   must fit its place: for a Wizard, as a Banner played on the card below it; for
   a Bridge, the strength the Bridge stood for (ruling 8).

## End and scoring
The game ends at once when the deck's last card is drawn, by a refill or by a Move
turning it up (draws still owed are not taken), or after turn {turn_limit} (the
rules alone would let a game go on forever). The menu says so on the draw or Move
that would take the last card.

Each castle goes to the player whose column under it has the greater **total
strength**: add up every card on your side under that castle (Wizard 6, Bridge 1,
Banner its strength). The top card alone decides nothing. For example:

    North's Water column: W1 W1 W2 W2 W3 = 1+1+2+2+3 = 9
    South's Water column: W5             = 5      -> North controls Water

Tie on strength: **Strength in Numbers**, the player with more Banner cards in
that column (Rainbow cards are not Banners) controls it; still tied, nobody. For
example, North's L2 L3 (5, two Banners) beats South's L5 (5, one Banner). Cards
on the castle spaces count for nobody. More castles wins; a tie goes to the
higher total strength over all five columns; still tied, a draw.

## Variants (they combine)
- **Simplified**: a Banner may go on any card of lower or equal strength; no
  Bridges (Rainbow cards are played as Wizards).
- **The Power of One**: only a 1 may start an empty column (Bridges and Wizards
  are not restricted).
- **Somewhere Over the Rainbow**: several Bridges in one action, standing for
  *n+1 .. n+k*, followed by a Banner *n+k+1* (at most 5).

## Rulings
Where the rulebook (R) and Board Game Arena's help (B) are loose, this game plays:

1. A Wizard counts 6, a Bridge 1, a Banner its strength; only a Wizard goes on a Wizard. (R, B)
2. The icon rule is judged when the card is played, on both sides of the board; a
   card stays legal after the Rainbow Castle is buried. (B)
3. A Bridge needs its follow-up Banner in hand, so it goes only on 0-3. (B)
4. The card a Move turns up is placed by its icon; the mover places a Rainbow card. (R)
5. Any Rainbow card (Wizard/Bridge or Castle) may be castled onto any space. (R)
6. Every refill draw is your own choice of source. (R, B)
7. The last card of the deck ends the game at once, by a refill or by a Move. (R)
8. Only the lowest (first placed) Rainbow card of a column can be swapped. For a
   Wizard the Banner must be a legal play on the card below it and leave the card
   above it legal; for a Bridge it must be the strength the Bridge stood for
   and pass the icon rule. (R, B)
9. Control ties: more Banner cards, then nobody; game ties: total strength, then a draw. (R, B)
10. A player always has a legal action: any card can be castled.
11. A game that reaches turn {turn_limit} ends there and is scored as usual.

## Reading the board
- One row per castle: your opponent's column on the left, the castle space in the
  middle (its top card and **×** how many cards lie there), your column on the right.
  Columns read bottom to top, left to right: the last card is the one a new card
  must follow.
- **RW** is a Wizard, **RB2** a Bridge that stood for 2. A long column is shortened:
  own-faction Banners lose their letter (**3** is a 3 of the row's faction), **R\\***
  is a Wizard, **R2** a Bridge for 2, and **+N** counts cards left out at the bottom.
- **str** is the column's total strength: all its cards added up (the top card
  is only the one a new card must follow). **◀** / **▶** point to who leads a castle
  (**\\*** when the lead comes from the Banner-count tie-break), **=** means a tie.
- **X any** on a castle space: a Rainbow Castle is on top, so Banners of any
  faction may be played under that castle, and that space cannot be drawn from.
- Your opponent's hand shows the cards you know (they took them from a castle
  space or by a Swap) and **?** for the others. In your hand, **°** marks a card
  your opponent knows.
- **›** (in reverse video) marks what is new since your turn: the cards your
  opponent just played, moved or swapped, the top card just put on a castle
  space, and the cards you just drew. The lines under the board tell your
  opponent's last turn; **Log** in the move menu shows the whole game.
- During a refill the status line says which draw this is (**draw 2 of 3**).
"""


def rules_markdown() -> str:
    """The rules, rulings and board key as Markdown."""
    return RULES.replace("{turn_limit}", str(TURN_LIMIT))
