"""Five Dice's terminal interface: the score sheet, the dice, the rolls left, and the choices step by step.

The sheet fits 80x24 beside the list of choices: the upper boxes and the lower boxes side by
side, each open box showing (in brackets) what the dice would score there now, the upper bonus
progress ("upper 41 / 63") and the totals; a solo sheet says under its title the total that wins. With several players the player to act's sheet is
drawn, and every other sheet's totals on one line; at 120 columns or more every sheet is drawn
side by side. Under the sheet the dice lie where they were rolled, each with its position (``1`` to ``5``)
under it: the key that holds it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.table import Table
from rich.text import Text

from tabletop.game import State
from tabletop.ui.base import REDRAW, Choice, Chosen, Fitted, GameUI, Prompter, Step
from tabletop_fivedice.holds import choose_holds, dice_lines
from tabletop_fivedice.rules import (
    DICE,
    ROLLS_PER_TURN,
    SOLO_GOAL,
    TURNS,
    FiveDiceAction,
    FiveDiceState,
    FiveDiceView,
    Keep,
    Score,
    default_positions,
)
from tabletop_fivedice.scoring import BOX_NAMES, BOXES, LOWER, UPPER, UPPER_BONUS, UPPER_BONUS_AT, upper_total

SHEETS_APART = 3
"""Columns between two sheets drawn side by side."""
POINTS_WIDTH = len("(100)")
"""The width of a box's points on the sheet: the widest it shows, so that the sheet never shifts as they grow."""
NAME_WIDTH = len(f"upper 99 / {UPPER_BONUS_AT}")
"""The width of the box names' columns: the upper total's line, whatever its total."""
LOG_LINES = 2
"""The log's lines under the dice on a 24-line terminal (one when shorter, one fewer under a bonus row)."""
TALL_LOG_LINES, TALL = 4, 30
"""The log's lines from :data:`TALL` lines of terminal on."""
SCORE_UPPER = "Score in an upper box"
SCORE_LOWER = "Score in a lower box"
ROLL_AGAIN = "Roll again"
ROLL_ALL = "roll all five"
OTHER_HOLDS = "other holds, face by face"
SHEETS = "sheets"
HOLDS = "holds"
HOLD_DICE = "Keep dice by their numbers 1-5, then roll"
HOLDS_KEY = "k"
KIND_KEYS = {SCORE_UPPER: "p", SCORE_LOWER: "d", ROLL_AGAIN: "a", ROLL_ALL: "0", OTHER_HOLDS: "o"}
"""Each kind of decision's own key: ``p`` the upper boxes, ``d`` the lower ones (down the sheet), ``a`` roll
again; in Roll again, ``0`` rolls all five and ``o`` lists the other holds. ``k`` is the holds, ``s``
Sheets; the table's ``?``, ``!``, ``l``, ``m`` and its ``u`` and ``r`` stay free."""
BOX_KEYS = ("1", "2", "3", "4", "5", "6", "3", "4", "f", "s", "g", "5", "c")
"""Each box's key, the same every turn whichever boxes are still open: an upper box its face, a lower box
its number or initial (``g`` the Lg straight: ``l`` is the log's)."""


SOLO_GOAL_LINE = f"{SOLO_GOAL} or more to win"
"""Under a solo sheet's title from the first turn: the total a solo game is won with."""
GAME_OVER = "Every box is filled: the game is over."
GAME_OVER_AT_A_TABLE = "Every sheet is full: the game is over."


def _sheet_order(action: FiveDiceAction) -> int:
    """A score's place down the sheet; holds after every box (in the order they came)."""
    return action.box if isinstance(action, Score) else BOXES


def _alike_label(dice: Sequence[int], face: int) -> str:
    """A hold of every die showing ``face``: ``keep 3 3 (dice 1 4)``, ``keep 5 (die 2)``."""
    where = [position + 1 for position, shown in enumerate(dice) if shown == face]
    dice_words = f"die {where[0]}" if len(where) == 1 else f"dice {' '.join(map(str, where))}"
    return f"keep {' '.join([str(face)] * len(where))} ({dice_words})"


def _count_label(dice: Sequence[int], count: int) -> str:
    """With all five dice alike, a hold of the first ``count``: ``keep 6 6 (dice 1 2)``."""
    where = " ".join(str(position + 1) for position in range(count))
    return f"keep {' '.join([str(dice[0])] * count)} ({'die' if count == 1 else 'dice'} {where})"


def _hold_label(face: int, showing: int, held: int) -> str:
    """How many of the ``showing`` dice of ``face`` to hold: ``5: hold``, ``5: reroll``, ``2 2: hold 1``,
    ``2 2: reroll all`` (the words the coach and the Review use too)."""
    faces = " ".join([str(face)] * showing)
    if showing == 1:
        return f"{faces}: hold" if held else f"{faces}: reroll"
    return f"{faces}: hold {held}" if held else f"{faces}: reroll all"


def _box_labels(state: FiveDiceState) -> dict[int, str]:
    """Each open box's entry: its name and what the dice score there now (with the bonus they bring)."""
    if state.dice is None:
        return {}
    bonus = state.bonus_now()
    extra = f" + bonus {bonus}" if bonus else ""
    return {box: f"{BOX_NAMES[box]}: {points}{extra}" for box, points in state.choices()}


class FiveDiceUI(GameUI[FiveDiceAction, FiveDiceView, FiveDiceView]):
    """The score sheet and the steps to each action."""

    def render(self, view: FiveDiceView, log: Sequence[str]) -> RenderableType:
        state = view.state
        return Fitted(lambda console, options: self._draw(state, view.player, log, console, options))

    def _draw(
        self, state: FiveDiceState, viewer: int, log: Sequence[str], console: Console, options: ConsoleOptions
    ) -> Group:
        shown = state.player if not state.is_terminal() else max(0, viewer)
        every = [self.sheet(state, p, show_now=p == state.player) for p in range(state.players)]
        widths = [console.measure(sheet, options=options).maximum for sheet in every]
        # Every sheet side by side where they all fit (two from 100 columns), as players lay them on a table.
        wide = state.players > 1 and sum(widths) + SHEETS_APART * (state.players - 1) <= options.max_width
        if wide:
            sheets = Table.grid(padding=(0, SHEETS_APART, 0, 0))
            for sheet_width in widths:
                sheets.add_column(no_wrap=True, width=sheet_width)
            sheets.add_row(*every)
            board: RenderableType = sheets
        else:
            board = self.sheet(state, shown, show_now=shown == state.player)
        lines: list[RenderableType] = [board]
        if state.players > 1 and not wide:
            others = ", ".join(f"Player {p + 1} {state.total(p)}" for p in range(state.players) if p != shown)
            lines.append(Text(f"Others: {others}", style="dim"))
        lines.append(self._dice_line(state))
        height = options.size.height if options.size else 24
        keep = 1 if height < 24 else TALL_LOG_LINES if height >= TALL else LOG_LINES
        if state.bonuses[shown] and not wide:  # the bonus row took a line of the sheet
            keep = max(1, keep - 1)
        lines += [Text(line, style="dim") for line in list(log)[-keep:]]
        return Group(*lines)

    def _dice_line(self, state: FiveDiceState) -> Text:
        if state.is_terminal():  # the scores come under the board, in the result (said once)
            return Text(GAME_OVER if state.players == 1 else GAME_OVER_AT_A_TABLE, style="bold")
        who = f"Player {state.player + 1}: " if state.players > 1 else ""
        if state.dice is None:
            return Text(f"{who}rolling the dice...")
        held = [position in (state.held or ()) for position in range(DICE)]
        return dice_lines(f"{who}Dice ", state.dice, held, f"   roll {state.rolls} of {ROLLS_PER_TURN}")

    def sheet(self, state: FiveDiceState, player: int, *, show_now: bool) -> Table:
        """One player's sheet: upper and lower boxes side by side, what the dice score now in brackets."""
        sheet = state.sheets[player]
        now = dict(state.choices()) if show_now and state.dice is not None and state.kept is None else {}
        title = f"Player {player + 1}" if state.players > 1 else "Five Dice"
        if player == state.player and not state.is_terminal():
            title += f" · total {state.total(player)} · turn {state.turns_done(player) + 1} of {TURNS}"
        else:
            title += f" · total {state.total(player)}"
        solo = state.players == 1
        if solo:  # the goal, in the line the columns' (empty) headings would take
            title += f"\n{SOLO_GOAL_LINE}"
        table = Table(title=title, title_justify="left", box=None, padding=(0, 1), show_header=not solo)
        for _ in range(2):
            table.add_column(no_wrap=True, min_width=NAME_WIDTH)
            table.add_column(justify="right", no_wrap=True, min_width=POINTS_WIDTH)

        def cell(box: int) -> tuple[str, Text]:
            points = sheet[box]
            if points is not None:
                return BOX_NAMES[box], Text(str(points), style="bold")
            if box in now:
                return BOX_NAMES[box], Text(f"({now[box]})", style="cyan")
            return BOX_NAMES[box], Text("·" if not show_now or state.dice is None else "-", style="dim")

        for row in range(len(LOWER)):
            left = cell(UPPER[row]) if row < len(UPPER) else ("", Text(""))
            if row == len(UPPER):
                upper = upper_total(sheet)
                bonus = UPPER_BONUS if upper >= UPPER_BONUS_AT else 0
                left = (f"upper {upper} / {UPPER_BONUS_AT}", Text(f"+{bonus}" if bonus else "", style="bold"))
            right = cell(LOWER[row])
            table.add_row(left[0], left[1], right[0], right[1])
        if state.bonuses[player]:
            table.add_row("", "", "5-kind bonus", Text(f"{100 * state.bonuses[player]}", style="bold"))
        return table

    def steps(self, view: FiveDiceView, legal: Sequence[FiveDiceAction]) -> list[Step[FiveDiceAction]]:
        state = view.state
        boxes = _box_labels(state)
        steps: list[Step[FiveDiceAction]] = []
        for action in sorted(legal, key=_sheet_order):  # the boxes as the sheet lists them, not by name
            if isinstance(action, Score):
                group = SCORE_UPPER if action.box in UPPER else SCORE_LOWER
                steps.append(Step(action, (group, boxes[action.box])))
            else:
                assert isinstance(action, Keep) and state.dice is not None
                steps.append(Step(action, (ROLL_AGAIN, *self._hold_path(state.dice, action.kept))))
        return steps

    @staticmethod
    def _hold_path(dice: Sequence[int], kept: Sequence[int]) -> tuple[str, ...]:
        """A hold's labels under Roll again: rolling all five; every die of one face, named by its dice
        (``keep 3 3 (dice 1 4)``); else, under the other holds, one step per face showing, how many of its
        dice to hold (``2 2: hold 1``, ``5: reroll``)."""
        shown, held = Counter(dice), Counter(kept)
        if not kept:
            return (ROLL_ALL,)
        if len(shown) == 1:  # five alike: each hold is some of them
            return (_count_label(dice, len(kept)),)
        if len(held) == 1 and held == {kept[0]: shown[kept[0]]}:
            return (_alike_label(dice, kept[0]),)
        return (OTHER_HOLDS, *(_hold_label(face, shown[face], held[face]) for face in sorted(shown)))

    def extra_choices(self, view: FiveDiceView) -> list[Choice]:
        """Holds die by die while a reroll is left; with several players every sheet, one screen each (at 80
        columns only one is drawn with the board)."""
        state = view.state
        extras = []
        if state.dice is not None and state.kept is None and state.rolls < ROLLS_PER_TURN:
            extras.append(Choice(HOLD_DICE, HOLDS, key=HOLDS_KEY))
        if state.players > 1:
            extras.append(Choice("Sheets: every player's sheet in turn", SHEETS, key="s"))
        return extras

    def handle_extra(self, value: object, console: Console, prompter: Prompter, state_view: FiveDiceView) -> object:
        state = state_view.state
        if value == HOLDS:
            assert state.dice is not None
            board = self.sheet(state, state.player, show_now=True)
            keep = choose_holds(state.dice, state.rolls, board, console, prompter)
            return REDRAW if keep is None else Chosen(keep)
        from tabletop.ui.terminal import clear_screen

        for player in range(state.players):
            clear_screen(console)  # a sheet to a screen: on 24 lines the board and a sheet do not both fit
            console.print(self.sheet(state, player, show_now=False))
            prompter.pause("Press any key for the next sheet" if player < state.players - 1 else "Press any key")
        return REDRAW  # each sheet waited for its key

    def label_order(self, view: FiveDiceView) -> Sequence[str]:
        """The kinds of decision; in Roll again the holds of alike dice by their first die, rolling all five,
        the other holds; then each face's holds from all its dice held to none, every turn alike."""
        return [SCORE_UPPER, SCORE_LOWER, ROLL_AGAIN, *self._hold_keys(view.state)]

    def label_keys(self, view: FiveDiceView) -> Mapping[str, str]:
        """``p`` the upper boxes, ``d`` the lower ones (down the sheet), ``a`` roll again; each box its own key
        (:data:`BOX_KEYS`); a hold of alike dice the position of the first of them, ``0`` all five rolled;
        each face's hold the number of its dice held (``0`` rerolls them all)."""
        keys = dict(KIND_KEYS)
        state = view.state
        keys.update((label, BOX_KEYS[box]) for box, label in _box_labels(state).items())
        keys.update(self._hold_keys(state))
        return keys

    @staticmethod
    def _hold_keys(state: FiveDiceState) -> dict[str, str]:
        """The labels of the holds of the dice showing, in order, each with its key."""
        if state.dice is None:
            return {}
        dice = state.dice
        shown = Counter(dice)
        if len(shown) == 1:
            keys = {_count_label(dice, count): str(count) for count in range(DICE - 1, 0, -1)}
        else:
            firsts = {face: default_positions(dice, (face,))[0] for face in shown}
            keys = {_alike_label(dice, face): str(firsts[face] + 1) for face in sorted(shown, key=firsts.__getitem__)}
        keys |= {ROLL_ALL: KIND_KEYS[ROLL_ALL], OTHER_HOLDS: KIND_KEYS[OTHER_HOLDS]}
        for face in sorted(shown):
            keys |= {_hold_label(face, shown[face], count): str(count) for count in range(shown[face], -1, -1)}
        return keys

    def render_result(self, state: State[FiveDiceAction]) -> RenderableType:
        assert isinstance(state, FiveDiceState)
        return Text(state.outcome_text(), style="bold")
