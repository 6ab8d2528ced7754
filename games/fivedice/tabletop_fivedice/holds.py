"""Holds toggled die by die: the screen behind "Roll again", one key per die (``1`` to ``5``), ``r`` to roll.

The dice are listed in the order they are drawn, each with its number as its key:
pressing it holds the die, or lets it roll again if it was held. ``r`` rolls the dice
not held; Back (``b``, Esc) returns to the move's first list with nothing rolled.
The sheet stays in sight above, with what the dice would score in each open box.

>>> [choice.title for choice in hold_choices((2, 3, 3, 5, 6), [False, True, True, False, False])][:3]
['[2]  rolls', '[3]  held', '[3]  held']
>>> hold_choices((2, 3, 3, 5, 6), [False, True, True, False, False])[5].title
'Roll 3 dice, holding 3 3'
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, RenderableType
from rich.text import Text

from tabletop.ui.base import Choice, Prompter
from tabletop_fivedice.rules import DICE, ROLLS_PER_TURN, Keep

ROLL = "roll"
BACK = "back"
ROLL_KEY = "r"
BACK_KEY = "b"
QUESTION = "Hold dice (a die's number holds it or lets it roll):"
ALL_HELD = "hold fewer than five dice to roll"


def held_faces(dice: Sequence[int], held: Sequence[bool]) -> tuple[int, ...]:
    """The faces of the held dice, lowest first (a :class:`Keep`'s notation).

    >>> held_faces((2, 3, 3, 5, 6), [True, False, True, False, True])
    (2, 3, 6)
    """
    return tuple(sorted(face for face, hold in zip(dice, held) if hold))


def roll_title(dice: Sequence[int], held: Sequence[bool]) -> str:
    """The roll entry's words: how many dice roll, and which are held."""
    kept = held_faces(dice, held)
    if not kept:
        return "Roll all five dice"
    rolled = len(dice) - len(kept)
    return f"Roll {rolled} {'die' if rolled == 1 else 'dice'}, holding {' '.join(map(str, kept))}"


def hold_choices(dice: Sequence[int], held: Sequence[bool]) -> list[Choice]:
    """One entry per die (its number as its key), then the roll and the way back."""
    choices = [
        Choice(f"[{face}]  {'held' if hold else 'rolls'}", index, key=str(index + 1))
        for index, (face, hold) in enumerate(zip(dice, held))
    ]
    all_held = all(held)
    choices.append(
        Choice("Roll" if all_held else roll_title(dice, held), ROLL, ALL_HELD if all_held else None, key=ROLL_KEY)
    )
    choices.append(Choice("<- Back", BACK, back=True, key=BACK_KEY))
    return choices


def dice_line(dice: Sequence[int], held: Sequence[bool], rolls: int) -> Text:
    """The dice with their numbers, the held ones marked: ``1 [2]   2 [3]*  ...  roll 1 of 3``."""
    line = Text("Dice ")
    for index, (face, hold) in enumerate(zip(dice, held)):
        line.append(f" {index + 1}", style="dim")
        line.append(f"[{face}]*" if hold else f"[{face}] ", style="bold green" if hold else "")
    line.append(f"   roll {rolls} of {ROLLS_PER_TURN}")
    return line


def choose_holds(
    dice: Sequence[int], rolls: int, board: RenderableType, console: Console, prompter: Prompter
) -> Keep | None:
    """Ask die by die which dice to hold, redrawing ``board`` and the dice after each key; the hold chosen
    when the player rolls, or None when they go back."""
    from tabletop.ui.terminal import clear_screen

    assert len(dice) == DICE
    held = [False] * DICE
    last: object = None
    while True:
        clear_screen(console)
        console.print(board)
        console.print(dice_line(dice, held, rolls))
        answer = prompter.select(QUESTION, hold_choices(dice, held), default=last)
        if answer == BACK:
            return None
        if answer == ROLL:
            return Keep(held_faces(dice, held))
        assert isinstance(answer, int)
        held[answer] = not held[answer]
        last = answer
