"""The rules of Pig: a turn is rolls of one die until the player holds or rolls a 1; first to 100 wins."""

from dataclasses import dataclass, field

from tabletop.dice import chance_actions, one_die_outcomes
from tabletop.game import CHANCE, TERMINAL, State
from tabletop.notation import Notation

# The score that wins, and the turns in all (200 each) after which the higher score wins, so every game ends.
GOAL, TURN_LIMIT = 100, 400
SEATS = ("Ann", "Bob")


@dataclass(frozen=True)
class Roll(Notation):
    """Roll the die once more."""


@dataclass(frozen=True)
class Hold(Notation):
    """Bank the turn's points and pass the die."""


@dataclass(frozen=True)
class Face(Notation):
    """The die shows ``pips`` (a chance outcome)."""

    pips: int


Action = Roll | Hold | Face


@dataclass
class PigState(State[Action]):
    """Both scores, whose turn it is, the points at stake and whether the die is in the air."""

    scores: list[int] = field(default_factory=lambda: [0, 0])
    player: int = 0
    stake: int = 0
    rolling: bool = True
    turns: int = 0

    def current_player(self) -> int:
        if max(self.scores) >= GOAL or self.turns >= TURN_LIMIT:
            return TERMINAL
        return CHANCE if self.rolling else self.player

    def _legal_actions(self, player: int) -> list[Action]:
        return [Roll(), Hold()]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return chance_actions(one_die_outcomes(), Face)

    def _apply_action(self, action: Action) -> None:
        self.rolling = isinstance(action, Roll)
        if isinstance(action, Face) and action.pips > 1:
            self.stake += action.pips
            if self.scores[self.player] + self.stake >= GOAL:
                self._end_turn(bank=True)
        elif not self.rolling:  # a hold, or a 1
            self._end_turn(bank=isinstance(action, Hold))

    def _end_turn(self, bank: bool) -> None:
        self.scores[self.player] += self.stake if bank else 0
        self.player, self.stake, self.turns, self.rolling = 1 - self.player, 0, self.turns + 1, True

    def returns(self) -> list[float]:
        return [float(mine > theirs) + 0.5 * (mine == theirs) for mine, theirs in (self.scores, self.scores[::-1])]

    def invariant_violations(self) -> list[str]:
        sound = len(self.scores) == 2 and min(*self.scores, self.stake) >= 0 and self.player in (0, 1)
        return [] if sound else ["two scores, a seat of 0 or 1, nothing below 0"]

    def _describe(self, action: Action) -> str:
        name = SEATS[self.player]
        if isinstance(action, Face):
            return f"{name} rolls a 1 and loses {self.stake}." if action.pips == 1 else f"{name} rolls a {action.pips}."
        return f"{name} holds and banks {self.stake}." if isinstance(action, Hold) else f"{name} rolls again."

    def outcome_text(self) -> str:
        winner = "Nobody" if self.scores[0] == self.scores[1] else SEATS[self.scores[1] > self.scores[0]]
        return f"{winner} wins, {max(self.scores)} to {min(self.scores)}."
