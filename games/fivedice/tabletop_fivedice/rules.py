"""Five Dice's rules engine: actions, the state and its JSON (docs/fivedice.md). No I/O, no randomness.

A turn is up to three rolls of five dice: the first rolls all five, each further one
rolls all but the dice held (a :class:`Keep`), and the turn ends when the player
scores the dice in an open box (a :class:`Score`). Every roll is a chance node whose
outcomes are the framework's :class:`tabletop.dice_set.DiceSet` results with their
exact probabilities.

>>> state = FiveDiceState(players=1)
>>> state.apply(Roll((2, 2, 3, 5, 5)))
>>> [str(a) for a in state.legal_actions()][:3]
['keep 2', 'keep 2 2', 'keep 2 2 3']
>>> from tabletop_fivedice.scoring import FULL_HOUSE
>>> state.apply(Score(FULL_HOUSE))
>>> state.sheets[0][FULL_HOUSE], state.current_player() == CHANCE
(0, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TypeAlias

from tabletop.dice_set import DiceSet, first_roll
from tabletop.game import CHANCE, JSON, TERMINAL, FullView, InvalidActionError, InvalidStateError, State, View
from tabletop_fivedice.scoring import (
    BOX_KEYS,
    BOX_NAMES,
    BOXES,
    FIVE_KIND,
    OFFICIAL,
    RULES,
    five_kind_bonus,
    scoring_choices,
    total,
)

DICE = 5
ROLLS_PER_TURN = 3
SOLO_GOAL = 200
"""A solo game counts as won at 200 points or more (the result the statistics count as a win)."""
TURNS = BOXES
MAX_LENGTH_PER_PLAYER = TURNS * (2 * ROLLS_PER_TURN)
"""Each turn: three rolls, two holds and a score at most."""


@dataclass(frozen=True)
class Roll:
    """Chance: the dice show ``faces`` after a roll (the held dice included), lowest first."""

    faces: tuple[int, ...]

    def __str__(self) -> str:
        return "roll " + " ".join(map(str, self.faces))


@dataclass(frozen=True)
class Keep:
    """The player holds ``kept`` (a sub-multiset of the dice, fewer than five) and rolls the others again."""

    kept: tuple[int, ...]

    def __str__(self) -> str:
        return "keep " + (" ".join(map(str, self.kept)) if self.kept else "none")


@dataclass(frozen=True)
class Score:
    """The player scores the dice in ``box``, ending the turn."""

    box: int

    def __str__(self) -> str:
        return f"score {BOX_KEYS[self.box]}"


FiveDiceAction: TypeAlias = Roll | Keep | Score


def parse_action(text: str) -> FiveDiceAction:
    """Read an action's notation: ``roll 1 2 3 4 5``, ``keep 3 3`` (or ``keep none``), ``score chance``.

    >>> parse_action("keep 5 3 3"), parse_action("score full-house")
    (Keep(kept=(3, 3, 5)), Score(box=8))
    """
    verb, _, rest = text.strip().lower().partition(" ")
    rest = rest.strip()
    try:
        if verb == "roll":
            dice = DiceSet.parse(rest)
            if len(dice) != DICE:
                raise ValueError("a roll shows five dice")
            return Roll(dice.faces)
        if verb == "keep":
            kept = () if rest == "none" else DiceSet.parse(rest).faces
            if len(kept) >= DICE:
                raise ValueError("hold fewer than five dice (to keep them all, score them)")
            return Keep(kept)
    except ValueError as exc:
        raise InvalidActionError(f"{text!r}: {exc}") from None
    if verb == "score" and rest in BOX_KEYS:
        return Score(BOX_KEYS.index(rest))
    raise InvalidActionError(
        f"{text!r} is not a Five Dice action (roll 1 2 3 4 5, keep 3 3, keep none, score BOX; "
        f"the boxes: {', '.join(BOX_KEYS)})"
    )


class FiveDiceState(State[FiveDiceAction]):
    """Every player's sheet and 100 bonuses, whose turn it is, the dice, the rolls taken and a pending hold."""

    def __init__(self, players: int = 1, rule: str = OFFICIAL) -> None:
        self.players = players
        self.rule = rule
        self.sheets: list[list[int | None]] = [[None] * BOXES for _ in range(players)]
        self.bonuses = [0] * players
        self.player = 0
        self.dice: tuple[int, ...] | None = None
        self.rolls = 0
        self.kept: tuple[int, ...] | None = None
        """The dice held for the roll about to be made (None: no reroll pending)."""

    # -- reading the position --

    def turns_done(self, player: int) -> int:
        return sum(points is not None for points in self.sheets[player])

    def current_player(self) -> int:
        if self.turns_done(self.players - 1) == TURNS:
            return TERMINAL
        if self.dice is None or self.kept is not None:
            return CHANCE
        return self.player

    def open_boxes(self, player: int) -> list[int]:
        return [box for box, points in enumerate(self.sheets[player]) if points is None]

    def choices(self) -> list[tuple[int, int]]:
        """The boxes the dice may be scored in now, with their points (bonuses apart)."""
        assert self.dice is not None
        sheet = self.sheets[self.player]
        return scoring_choices(self.rule, self.open_boxes(self.player), sheet[FIVE_KIND], self.dice)

    def bonus_now(self) -> int:
        """The 100 bonus the dice would earn now, whatever box they go in."""
        assert self.dice is not None
        return five_kind_bonus(self.rule, self.sheets[self.player][FIVE_KIND], self.dice)

    def total(self, player: int) -> int:
        return total(self.sheets[player], self.bonuses[player])

    # -- the protocol --

    def _legal_actions(self, player: int) -> list[FiveDiceAction]:
        assert self.dice is not None
        actions: list[FiveDiceAction] = [Score(box) for box, _ in self.choices()]
        if self.rolls < ROLLS_PER_TURN:
            actions += [Keep(kept) for kept in DiceSet(self.dice).holds() if len(kept) < DICE]
        return actions

    def chance_outcomes(self) -> list[tuple[FiveDiceAction, float]]:
        if self.dice is None:
            return list(_first_rolls())
        assert self.kept is not None
        dice = DiceSet(self.dice)
        if not dice.can_hold(self.kept):
            raise ValueError(f"cannot hold {' '.join(map(str, self.kept))}: the dice show {dice}")
        return list(_rerolls(self.kept))

    def _apply_action(self, action: FiveDiceAction) -> None:
        if isinstance(action, Roll):
            self.dice, self.kept = action.faces, None
            self.rolls += 1
        elif isinstance(action, Keep):
            self.kept = action.kept
        else:
            points = dict(self.choices())[action.box]
            self.bonuses[self.player] += self.bonus_now() // 100
            self.sheets[self.player][action.box] = points
            self.player = (self.player + 1) % self.players
            self.dice, self.rolls = None, 0

    def returns(self) -> list[float]:
        totals = [self.total(p) for p in range(self.players)]
        if self.players == 1:
            return [1.0 if totals[0] >= SOLO_GOAL else 0.0]
        best = max(totals)
        winners = totals.count(best)
        return [(1.0 if winners == 1 else 0.5) if t == best else 0.0 for t in totals]

    def final_score(self) -> float | None:
        """Seat 0's total (the one person of a solo game); every seat's is in the state."""
        return float(self.total(0)) if self.is_terminal() else None

    def outcome_text(self) -> str:
        totals = [self.total(p) for p in range(self.players)]
        if self.players == 1:
            if totals[0] >= SOLO_GOAL:
                return f"Final score {totals[0]}: a win ({SOLO_GOAL} or more)."
            return f"Final score {totals[0]}: {SOLO_GOAL - totals[0]} short of the {SOLO_GOAL} a win needs."
        ranked = sorted(range(self.players), key=lambda p: -totals[p])
        return "Final scores: " + ", ".join(f"Player {p + 1} {totals[p]}" for p in ranked) + "."

    def _describe(self, action: FiveDiceAction) -> str:
        who = f"Player {self.player + 1}" if self.players > 1 else "You"
        if isinstance(action, Roll):
            return f"{who} rolled {' '.join(map(str, action.faces))}."
        if isinstance(action, Keep):
            held = " ".join(map(str, action.kept)) if action.kept else "nothing"
            return f"{who} kept {held} and rolled {DICE - len(action.kept)} again."
        points = dict(self.choices()).get(action.box, 0)
        bonus = self.bonus_now()
        extra = f" and a bonus of {bonus}" if bonus else ""
        return f"{who} scored {points} in {BOX_NAMES[action.box]}{extra}."

    def view(self, player: int) -> View:
        return FullView(player, self.to_json())

    def clone(self) -> FiveDiceState:
        other = FiveDiceState(self.players, self.rule)
        other.sheets = [list(sheet) for sheet in self.sheets]
        other.bonuses = list(self.bonuses)
        other.player, other.dice, other.rolls, other.kept = self.player, self.dice, self.rolls, self.kept
        return other

    def invariant_violations(self) -> list[str]:
        problems = []
        done = [self.turns_done(p) for p in range(self.players)]
        base = done[self.player]
        if any(done[p] != base + (p < self.player) for p in range(self.players)):
            problems.append(f"the players are not on the same turn: {done}")
        if not 0 <= self.rolls <= ROLLS_PER_TURN:
            problems.append(f"{self.rolls} rolls this turn")
        if (self.dice is None) != (self.rolls == 0):
            problems.append("dice without a roll, or a roll without dice")
        if self.kept is not None and (self.dice is None or not DiceSet(self.dice).can_hold(self.kept)):
            problems.append(f"holding {self.kept} that the dice do not show")
        return problems

    def to_json(self) -> JSON:
        return {
            "rule": self.rule,
            "sheets": [list(sheet) for sheet in self.sheets],
            "bonuses": list(self.bonuses),
            "player": self.player,
            "dice": list(self.dice) if self.dice is not None else None,
            "rolls": self.rolls,
            "kept": list(self.kept) if self.kept is not None else None,
        }


@cache
def _first_rolls() -> tuple[tuple[FiveDiceAction, float], ...]:
    """The first roll's outcomes as actions, made once: every chance node of a turn's start asks for them."""
    return tuple((Roll(d.faces), float(p)) for d, p in first_roll(DICE))


@cache
def _rerolls(kept: tuple[int, ...]) -> tuple[tuple[FiveDiceAction, float], ...]:
    """The outcomes of rolling all but ``kept`` again, as actions, made once for each hold."""
    return tuple((Roll(d.faces), p) for d, p in DiceSet(kept + (1,) * (DICE - len(kept))).reroll_chances(kept))


def state_from_json(data: JSON) -> FiveDiceState:
    """A state from :meth:`FiveDiceState.to_json`; InvalidStateError says what is wrong."""
    try:
        assert isinstance(data, dict)
        sheets = data["sheets"]
        state = FiveDiceState(len(sheets), str(data["rule"]))
        state.sheets = [[None if p is None else int(p) for p in sheet] for sheet in sheets]
        state.bonuses = [int(b) for b in data["bonuses"]]
        state.player, state.rolls = int(data["player"]), int(data["rolls"])
        state.dice = None if data["dice"] is None else DiceSet(tuple(int(d) for d in data["dice"])).faces
        state.kept = None if data["kept"] is None else tuple(sorted(int(d) for d in data["kept"]))
    except (AssertionError, KeyError, TypeError, ValueError) as exc:
        raise InvalidStateError(f"malformed Five Dice state: {exc}") from None
    if state.rule not in RULES or not 1 <= state.players <= 4 or not 0 <= state.player < state.players:
        raise InvalidStateError("a Five Dice state has a known rule, one to four sheets and a player among them")
    if any(len(sheet) != BOXES for sheet in state.sheets) or len(state.bonuses) != state.players:
        raise InvalidStateError("each Five Dice sheet has thirteen boxes and a bonus count")
    if state.dice is not None and len(state.dice) != DICE:
        raise InvalidStateError("the dice are five")
    if problems := state.invariant_violations():
        raise InvalidStateError("; ".join(problems))
    return state


def state_of(view: View) -> FiveDiceState:
    """The position a player's view holds (nothing is hidden in Five Dice)."""
    if not isinstance(view, FullView):
        raise TypeError("a Five Dice view holds the whole position")
    return state_from_json(view.state)
