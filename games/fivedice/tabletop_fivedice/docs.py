"""The rules text shown from the in-game menu (the rulings behind each are in docs/fivedice.md)."""

RULES = """\
# Five Dice

Five dice, thirteen turns, thirteen boxes. Each turn fills one box; the highest total wins
(solo: 200 or more counts as a win).

**A turn**: roll all five dice. Up to twice more, hold any of them and roll the others again.
Then score the dice in an open box of your choice (a box the dice do not fit scores 0).

**Upper boxes**: Aces to Sixes score the sum of the dice showing that face.
An upper total of **63** or more earns a bonus of **35**.

**Lower boxes**
- 3 of a kind / 4 of a kind: at least three / four dice alike: the sum of all five dice.
- Full house (three of one face and two of another): 25.
- Small straight (four in a row): 30. Large straight (five in a row): 40.
- 5 of a kind: 50. Chance: the sum of the dice.

**A further five of a kind** (once the 5 of a kind box is filled):
- official rule: a bonus of 100 if that box holds 50; then it *must* go in its upper box if that is
  open; else in any open lower box, where full house and the straights score in full (a joker);
  else a zero in an open upper box.
- free choice (`--joker free`): the 100 bonus; any open box; joker values in a lower box only when
  its upper box is filled.
- no bonus (`--joker none`): no bonus and no joker; it scores like any other roll.

**The dice stay where they lie**: a held die keeps its place; only the dice rolled change. Each die's
position (`1`-`5`) is under it.

**Keys**: `p` scores in an upper box, then the box's face (`1`-`6`); `d` in a lower box, then `3`, `4` or
`5` of a kind, `f` full house, `s` small straight, `g` large straight, `c` chance: each box keeps its key
all game, and shows what it would score now. `a` rolls again: then a die's position keeps it and every die
alike (`0` rolls all five, `o` lists the other holds face by face). `k`, then `1`-`5`, holds or frees a die
by its position, and Enter (or `r`) rolls the rest.
"""


def rules_markdown() -> str:
    return RULES
