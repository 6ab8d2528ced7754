"""Holds toggled die by die: the screen behind "Keep dice by their numbers", one key per die (``1`` to ``5``).

The dice are listed where they lie on the table, each with its position as its key:
pressing it holds the die, or lets it roll again if it was held. Enter (the cursor
rests on the roll) or ``r`` rolls the dice not held; Back (``b``, Esc) returns to
the move's first list with nothing rolled. The sheet stays in sight above, and the
dice line shows each die's position under it and the held ones marked ``*``.

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
from tabletop_fivedice.rules import DICE, ROLLS_PER_TURN, Keep, keep_at

ROLL = "roll"
BACK = "back"
ROLL_KEY = "r"
BACK_KEY = "b"
QUESTION = "Hold dice (a die's number holds it or lets it roll):"
ALL_HELD = "hold fewer than five dice to roll"
CELL = len("[6]* ")
"""The width a die takes on the dice line: its face in brackets, the hold mark and a space."""
HELD_STYLE = "bold green"


def held_faces(dice: Sequence[int], held: Sequence[bool]) -> tuple[int, ...]:
    """The faces of the held dice, as they lie (left to right).

    >>> held_faces((2, 3, 3, 5, 6), [True, False, True, False, True])
    (2, 3, 6)
    """
    return tuple(face for face, hold in zip(dice, held) if hold)


def roll_title(dice: Sequence[int], held: Sequence[bool]) -> str:
    """The roll entry's words: how many dice roll, and which are held."""
    kept = held_faces(dice, held)
    if not kept:
        return "Roll all five dice"
    rolled = len(dice) - len(kept)
    return f"Roll {rolled} {'die' if rolled == 1 else 'dice'}, holding {' '.join(map(str, kept))}"


def hold_choices(dice: Sequence[int], held: Sequence[bool]) -> list[Choice]:
    """One entry per die (its position as its key), then the roll and the way back."""
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


def dice_lines(lead: str, dice: Sequence[int], held: Sequence[bool], tail: str = "") -> Text:
    """Two lines: the dice where they lie, the held ones marked ``*``, then each die's position under it.

    >>> print(dice_lines("Dice ", (6, 2, 6, 1, 6), [True, False, True, False, True], "  roll 2 of 3").plain)
    Dice [6]* [2]  [6]* [1]  [6]*  roll 2 of 3
          1    2    3    4    5
    """
    text = Text(lead)
    for face, hold in zip(dice, held):
        text.append(f"[{face}]*" if hold else f"[{face}] ", style=HELD_STYLE if hold else "")
        text.append(" ")
    text.rstrip()
    text.append(tail)
    numbers = "".join(f" {position + 1}".ljust(CELL) for position in range(len(dice)))
    text.append("\n" + " " * len(lead) + numbers.rstrip(), style="dim")
    return text


def choose_holds(
    dice: tuple[int, ...], rolls: int, board: RenderableType, console: Console, prompter: Prompter
) -> Keep | None:
    """Ask die by die which dice to hold, redrawing ``board`` and the dice after each key; the hold chosen
    when the player rolls, or None when they go back. The cursor rests on the roll, so that Enter rolls
    once the dice wanted are held."""
    from tabletop.ui.terminal import clear_screen

    assert len(dice) == DICE
    holding = [False] * DICE
    while True:
        clear_screen(console)
        console.print(board)
        console.print(dice_lines("Dice ", dice, holding, f"   roll {rolls} of {ROLLS_PER_TURN}"))
        answer = prompter.select(QUESTION, hold_choices(dice, holding), default=ROLL)
        if answer == BACK:
            return None
        if answer == ROLL:
            return keep_at(dice, tuple(p for p in range(DICE) if holding[p]))
        if isinstance(answer, int):
            holding[answer] = not holding[answer]
