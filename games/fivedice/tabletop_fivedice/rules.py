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

from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import TypeAlias

from tabletop.dice import check_face
from tabletop.dice_set import DiceSet, first_roll
from tabletop.game import CHANCE, JSON, TERMINAL, FullView, InvalidActionError, InvalidStateError, State
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
    """Chance: the dice show ``faces`` after a roll (the held dice included), lowest first: which die shows
    which face of those rolled is fixed by :func:`place_roll`."""

    faces: tuple[int, ...]

    def __str__(self) -> str:
        return "roll " + " ".join(map(str, self.faces))


@dataclass(frozen=True)
class Keep:
    """The player holds ``kept`` (a sub-multiset of the dice, fewer than five, lowest first) and rolls the
    others again.

    ``at`` says which dice are held (0-based positions, in order) where the player picked them; None holds
    the leftmost dice showing those faces (:func:`default_positions`). It decides only where the new faces
    land, never what the dice score, so two holds of the same faces are the same decision: equal, and one
    legal action.
    """

    kept: tuple[int, ...]
    at: tuple[int, ...] | None = field(default=None, compare=False)

    def __str__(self) -> str:
        held = " ".join(map(str, self.kept)) if self.kept else "none"
        return f"keep {held}" + (f" {AT} {' '.join(str(p + 1) for p in self.at)}" if self.at is not None else "")


AT = "at"
"""The word of a hold's notation before the dice's positions (counted from 1): ``keep 3 3 at 2 4``."""


def default_positions(dice: tuple[int, ...], kept: tuple[int, ...]) -> tuple[int, ...]:
    """The dice a hold of ``kept`` faces holds when it names none: for each face, the leftmost showing it.

    >>> default_positions((3, 5, 3, 1, 3), (3, 3))
    (0, 2)
    """
    wanted = Counter(kept)
    positions = []
    for position, face in enumerate(dice):
        if wanted[face]:
            wanted[face] -= 1
            positions.append(position)
    return tuple(positions)


def keep_at(dice: tuple[int, ...], positions: tuple[int, ...]) -> Keep:
    """The hold of the dice at ``positions``: it names them only where they are not the leftmost of their
    faces, so that a record says ``keep 3 3`` unless the player held other threes than the first two.

    >>> str(keep_at((3, 5, 3, 1, 3), (0, 2))), str(keep_at((3, 5, 3, 1, 3), (2, 4)))
    ('keep 3 3', 'keep 3 3 at 3 5')
    """
    chosen = tuple(sorted(positions))
    kept = tuple(sorted(dice[p] for p in chosen))
    return Keep(kept, None if chosen == default_positions(dice, kept) else chosen)


def place_roll(dice: tuple[int, ...], held: tuple[int, ...], faces: tuple[int, ...]) -> tuple[int, ...]:
    """The dice after a reroll: the held positions keep their faces; the others, in order, take what came up
    (``faces`` less the held ones), lowest first. The fixed order that makes a roll's outcome a multiset.

    >>> place_roll((6, 2, 6, 1, 6), (0, 2, 4), (2, 5, 6, 6, 6))
    (6, 2, 6, 5, 6)
    """
    came_up = Counter(faces) - Counter(dice[p] for p in held)
    rolled = iter(sorted(came_up.elements()))
    return tuple(dice[p] if p in held else next(rolled) for p in range(len(dice)))


def rolled_faces(before: tuple[int, ...], held: tuple[int, ...], after: tuple[int, ...]) -> tuple[int, ...]:
    """The faces that came up on the dice rolled, as they now lie (left to right)."""
    return tuple(face for p, face in enumerate(after) if p not in held)


@dataclass(frozen=True)
class Score:
    """The player scores the dice in ``box``, ending the turn."""

    box: int

    def __str__(self) -> str:
        return f"score {BOX_KEYS[self.box]}"


FiveDiceAction: TypeAlias = Roll | Keep | Score


def parse_action(text: str) -> FiveDiceAction:
    """Read an action's notation: ``roll 1 2 3 4 5``, ``keep 3 3`` (or ``keep none``), ``keep 3 3 at 2 4``
    (the dice held, counted from 1), ``score chance``.

    >>> parse_action("keep 5 3 3"), parse_action("score full-house")
    (Keep(kept=(3, 3, 5), at=None), Score(box=8))
    >>> parse_action("keep 3 3 at 4 2").at
    (1, 3)
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
            return _parse_keep(rest)
    except ValueError as exc:
        raise InvalidActionError(f"{text!r}: {exc}") from None
    if verb == "score" and rest in BOX_KEYS:
        return Score(BOX_KEYS.index(rest))
    raise InvalidActionError(
        f"{text!r} is not a Five Dice action (roll 1 2 3 4 5, keep 3 3, keep none, score BOX; "
        f"the boxes: {', '.join(BOX_KEYS)})"
    )


def _parse_keep(rest: str) -> Keep:
    """A hold's faces, and the positions after ``at`` if it names them; ValueError says what is wrong."""
    faces, _, where = rest.partition(f" {AT} ")
    kept = () if faces.strip() == "none" else DiceSet.parse(faces).faces
    if len(kept) >= DICE:
        raise ValueError("hold fewer than five dice (to keep them all, score them)")
    if not where:
        return Keep(kept)
    positions = tuple(sorted(int(word) - 1 for word in where.split() if word.isdigit()))
    if len(positions) != len(where.split()) or len(set(positions)) != len(kept):
        raise ValueError(f"name one position for each die held, {len(kept)} of 1 to {DICE}")
    if any(not 0 <= p < DICE for p in positions):
        raise ValueError(f"the dice's positions are 1 to {DICE}")
    return Keep(kept, positions)


class FiveDiceState(State[FiveDiceAction]):
    """Every player's sheet and 100 bonuses, whose turn it is, the dice, the rolls taken and a pending hold."""

    def __init__(self, players: int = 1, rule: str = OFFICIAL) -> None:
        self.players = players
        self.rule = rule
        self.sheets: list[list[int | None]] = [[None] * BOXES for _ in range(players)]
        self.bonuses = [0] * players
        self.player = 0
        self.dice: tuple[int, ...] | None = None
        """The five dice in their places on the table, left to right (a reroll changes only those not held)."""
        self.rolls = 0
        self.held: tuple[int, ...] | None = None
        """The positions of the dice held for the roll about to be made (None: no reroll pending)."""

    @property
    def kept(self) -> tuple[int, ...] | None:
        """The faces held for the roll about to be made, lowest first (None: no reroll pending)."""
        if self.held is None or self.dice is None:
            return None
        return tuple(sorted(self.dice[p] for p in self.held))

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

    def _is_legal(self, action: FiveDiceAction) -> bool:
        """A legal action, and a hold that names its dice names dice showing its faces."""
        return super()._is_legal(action) and self._misplaced(action) is None

    def _why_illegal(self, action: FiveDiceAction) -> str:
        return self._misplaced(action) or super()._why_illegal(action)

    def _misplaced(self, action: FiveDiceAction) -> str | None:
        """Why a hold's positions do not hold its faces here, or None (a hold naming none is never misplaced)."""
        if not isinstance(action, Keep) or action.at is None or self.dice is None:
            return None
        shown = tuple(sorted(self.dice[p] for p in action.at))
        if shown == action.kept:
            return None
        where = " ".join(str(p + 1) for p in action.at)
        return f"{action}: the dice at {where} show {' '.join(map(str, shown))}"

    def _apply_action(self, action: FiveDiceAction) -> None:
        if isinstance(action, Roll):
            if self.dice is None or self.held is None:
                self.dice = action.faces  # all five rolled: they lie lowest first
            else:
                self.dice = place_roll(self.dice, self.held, action.faces)
            self.held = None
            self.rolls += 1
        elif isinstance(action, Keep):
            assert self.dice is not None
            self.held = action.at if action.at is not None else default_positions(self.dice, action.kept)
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
        """Seat 0's total (the one person of a solo game)."""
        return self.seat_score(0)

    def seat_score(self, seat: int) -> float | None:
        """The total of ``seat``, once every box is filled."""
        return float(self.total(seat)) if self.is_terminal() and 0 <= seat < self.players else None

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
            return f"{who} {self._roll_words(action)}."
        if isinstance(action, Keep):
            return f"{who} {hold_words(self._held_by(action), self.dice or ())}."
        points = dict(self.choices()).get(action.box, 0)
        bonus = self.bonus_now()
        extra = f" and a bonus of {bonus}" if bonus else ""
        return f"{who} scored {points} in {BOX_NAMES[action.box]}{extra}."

    def _held_by(self, action: Keep) -> tuple[int, ...]:
        """The positions ``action`` holds here."""
        assert self.dice is not None
        return action.at if action.at is not None else default_positions(self.dice, action.kept)

    def _roll_words(self, action: Roll) -> str:
        """``rolled 1 2 3 4 6`` for a turn's first roll; else what was kept and what came up, as they lie."""
        if self.dice is None or self.held is None:
            return f"rolled {' '.join(map(str, action.faces))}"
        after = place_roll(self.dice, self.held, action.faces)
        came_up = " ".join(map(str, rolled_faces(self.dice, self.held, after)))
        if not self.held:
            return f"kept nothing, rolled {came_up}"
        return f"kept {' '.join(str(self.dice[p]) for p in self.held)}, rolled {came_up}"

    def view(self, player: int) -> FiveDiceView:
        return FullView(player, self.clone())

    def clone(self) -> FiveDiceState:
        other = FiveDiceState(self.players, self.rule)
        other.sheets = [list(sheet) for sheet in self.sheets]
        other.bonuses = list(self.bonuses)
        other.player, other.dice, other.rolls, other.held = self.player, self.dice, self.rolls, self.held
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
        if self.held is not None and (
            self.dice is None or len(set(self.held)) != len(self.held) or not set(self.held) <= set(range(DICE))
        ):
            problems.append(f"holding dice at {self.held} that are not on the table")
        elif self.held is not None and len(self.held) >= DICE:
            problems.append("holding all five dice for a reroll")
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
            "held": list(self.held) if self.held is not None else None,
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
        state.dice = None if data["dice"] is None else tuple(check_face(int(d)) for d in data["dice"])
        state.held = _held_from_json(data, state.dice)
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


def _held_from_json(data: dict[str, JSON], dice: tuple[int, ...] | None) -> tuple[int, ...] | None:
    """The held positions of a state's JSON; a state written before they were kept names only the faces,
    which hold the leftmost dice showing them. ValueError when the faces are not on the table."""
    kept, held = data["kept"], data.get("held")
    if kept is None:
        return None
    assert isinstance(kept, list) and dice is not None
    faces = tuple(sorted(int(d) for d in kept))
    if held is None:
        if not DiceSet(dice).can_hold(faces):
            raise ValueError(f"holding {faces} that the dice do not show")
        return default_positions(dice, faces)
    assert isinstance(held, list)
    positions = tuple(sorted(int(p) for p in held))
    if not set(positions) <= set(range(len(dice))) or tuple(sorted(dice[p] for p in positions)) != faces:
        raise ValueError(f"the dice held at {positions} do not show {faces}")
    return positions


def hold_words(held: tuple[int, ...], dice: tuple[int, ...]) -> str:
    """A hold in the log's words, the count rolled spelt out so that it never reads as a face:
    ``held 6 6 6 (dice 1 3 5) and rolled the other two``.

    >>> hold_words((0, 2, 4), (6, 2, 6, 1, 6)), hold_words((), (6, 2, 6, 1, 6))
    ('held 6 6 6 (dice 1 3 5) and rolled the other two', 'rolled all five dice again')
    """
    if not held:
        return "rolled all five dice again"
    faces = " ".join(str(dice[p]) for p in held)
    where = f"die {held[0] + 1}" if len(held) == 1 else f"dice {' '.join(str(p + 1) for p in held)}"
    rolled = DICE - len(held)
    others = "the other die" if rolled == 1 else f"the other {NUMBER_WORDS[rolled]}"
    return f"held {faces} ({where}) and rolled {others}"


NUMBER_WORDS = {2: "two", 3: "three", 4: "four"}
"""How many dice are rolled, in words (a hold's line names faces as digits)."""


FiveDiceView: TypeAlias = FullView[FiveDiceState]
"""What a player sees: the position itself (nothing is hidden in Five Dice)."""
