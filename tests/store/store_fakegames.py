"""Two tiny games for the store's tests: a duel with chance nodes and a solo game with a score."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tabletop.agents import FirstAgent, RandomAgent
from tabletop.game import (
    CHANCE,
    TERMINAL,
    Game,
    GameInfo,
    IllegalActionError,
    InvalidActionError,
    InvalidStateError,
    Option,
    State,
    View,
)
from tabletop.registry import Registry


@dataclass(frozen=True)
class Move:
    kind: str
    n: int

    def __str__(self) -> str:
        return f"{self.kind}{self.n}"


def parse(text: str, kinds: tuple[str, ...]) -> Move:
    m = re.fullmatch(r"([a-z]+)(\d)", text.strip())
    if not m or m.group(1) not in kinds:
        raise InvalidActionError(f"{text!r} is not a move (moves look like {', '.join(k + 'N' for k in kinds)})")
    return Move(m.group(1), int(m.group(2)))


class DataView(View):
    def __init__(self, player: int, data: dict[str, Any]) -> None:
        self.player = player
        self.data = data

    def to_json(self) -> Any:
        return dict(self.data, player=self.player)


# ------------------------------------------------------------------ Nim: take 1 or 2, last pebble wins


class NimState(State[Move]):
    def __init__(self, pile: int) -> None:
        self.pile = pile
        self.to_move = 0
        self.phase = "roll"  # roll (chance), take, bonus (chance), over
        self.bonuses = 3
        self.winner = -1

    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        return CHANCE if self.phase in ("roll", "bonus") else self.to_move

    def legal_actions(self) -> list[Move]:
        if self.phase == "over":
            return []
        if self.phase != "take":
            return [a for a, _ in self.chance_outcomes()]
        return [Move("take", n) for n in (1, 2) if n <= self.pile]

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        if self.phase == "roll":
            return [(Move("roll", n), 1 / 3) for n in (1, 2, 3)]
        return [(Move("bonus", n), 0.5) for n in (0, 1)]

    def apply(self, action: Move) -> None:
        if action not in self.legal_actions():
            if action.kind == "take" and self.phase == "take":
                raise IllegalActionError(f"cannot take {action.n} from a pile of {self.pile}")
            raise IllegalActionError(f"{action} is not possible now (the game expects a {self.phase})")
        if action.kind in ("roll", "bonus"):
            self.pile += action.n
            self.phase = "take"
            if action.kind == "bonus":
                self.to_move = 1 - self.to_move
            return
        self.pile -= action.n
        if self.pile == 0:
            self.phase, self.winner = "over", self.to_move
        elif self.bonuses > 0:
            self.bonuses -= 1
            self.phase = "bonus"
        else:
            self.to_move = 1 - self.to_move

    def returns(self) -> list[float]:
        if self.winner < 0:
            return [0.0, 0.0]
        return [1.0 if p == self.winner else 0.0 for p in (0, 1)]

    def clone(self) -> NimState:
        other = NimState(self.pile)
        other.__dict__.update(self.__dict__)
        return other

    def view(self, player: int) -> DataView:
        return DataView(player, self.to_json())

    def to_json(self) -> Any:
        return {
            "pile": self.pile,
            "to_move": self.to_move,
            "phase": self.phase,
            "bonuses": self.bonuses,
            "winner": self.winner,
        }

    def describe(self, action: Move, viewer: int | None = None) -> str:
        if action.kind == "take":
            return f"Player {self.to_move + 1} takes {action.n}"
        return f"{action.n} pebbles added"

    def outcome_text(self) -> str:
        return f"Player {self.winner + 1} wins"


class Nim(Game[Move]):
    info = GameInfo(
        id="nim",
        name="Nim",
        summary="Take one or two; the last pebble wins.",
        players=2,
        max_length=40,
        options=(Option("pile", "Pile", ("5", "9"), "5"),),
        perfect_information=True,
    )

    def new_initial_state(self, options: Mapping[str, str] | None = None) -> NimState:
        return NimState(int(self.resolve_options(options)["pile"]))

    def parse_action(self, state: State[Move], text: str) -> Move:
        return parse(text, ("take", "roll", "bonus"))

    def state_from_json(self, data: Any) -> NimState:
        try:
            state = NimState(int(data["pile"]))
            state.__dict__.update(data)
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidStateError(str(exc)) from None
        return state

    def agents(self) -> Mapping[str, Any]:
        return {"random": RandomAgent, "first": FirstAgent}


# ------------------------------------------------------------------ Climb: solo push-your-luck with a score


class ClimbState(State[Move]):
    TARGET = 10
    CAP = 30

    def __init__(self) -> None:
        self.total = 0
        self.phase = "roll"  # roll (chance), choose, over
        self.busted = False

    def current_player(self) -> int:
        return {"roll": CHANCE, "choose": 0, "over": TERMINAL}[self.phase]

    def legal_actions(self) -> list[Move]:
        if self.phase == "roll":
            return [a for a, _ in self.chance_outcomes()]
        return [Move("go", 1), Move("stop", 0)] if self.phase == "choose" else []

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        return [(Move("die", n), 1 / 6) for n in range(1, 7)]

    def apply(self, action: Move) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action} is not possible now")
        if action.kind == "die":
            if action.n == 1:
                self.busted, self.total, self.phase = True, 0, "over"
            else:
                self.total += action.n
                self.phase = "over" if self.total >= self.CAP else "choose"
        else:
            self.phase = "roll" if action.kind == "go" else "over"

    def returns(self) -> list[float]:
        return [1.0 if self.phase == "over" and self.total >= self.TARGET else 0.0]

    def score(self) -> int:
        return self.total

    def final_score(self) -> float | None:
        return float(self.score())

    def clone(self) -> ClimbState:
        other = ClimbState()
        other.__dict__.update(self.__dict__)
        return other

    def view(self, player: int) -> DataView:
        return DataView(player, self.to_json())

    def to_json(self) -> Any:
        return {"total": self.total, "phase": self.phase, "busted": self.busted}

    def describe(self, action: Move, viewer: int | None = None) -> str:
        return {"die": f"rolled {action.n}", "go": "climbs on", "stop": "stops"}[action.kind]

    def outcome_text(self) -> str:
        return f"Scored {self.total}"


class Climb(Game[Move]):
    info = GameInfo(id="climb", name="Climb", summary="Roll on or stop; a 1 loses all.", players=1, max_length=40)

    def new_initial_state(self, options: Mapping[str, str] | None = None) -> ClimbState:
        return ClimbState()

    def parse_action(self, state: State[Move], text: str) -> Move:
        return parse(text, ("die", "go", "stop"))

    def state_from_json(self, data: Any) -> ClimbState:
        state = ClimbState()
        state.__dict__.update(data)
        return state


class FakeRegistry(Registry):
    """A registry holding the two games, as ``Registry.discover()`` would return."""

    def __init__(self) -> None:
        super().__init__()
        self._loaded.update({"nim": Nim(), "climb": Climb()})

    def ids(self) -> list[str]:
        return sorted(self._loaded)
