"""The typed protocol and its template methods, seen from a plugin's side.

A small Pig written here uses only the template methods (``_legal_actions``,
``chance_outcomes``, ``_apply_action``) and the defaults for everything else.
Both it and the example plugin must pass ``mypy --strict`` without a cast or a
``type: ignore``, and the conformance kit; the base class refuses illegal
actions and answers chance nodes from ``chance_outcomes``.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tabletop.agents import RandomAgent
from tabletop.game import CHANCE, TERMINAL, IllegalActionError, State
from tabletop.testing import check_agents, check_game, check_steps

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "highcard" / "tabletop_highcard"
PIG_MODULE = "tabletop_pig_sketch"
MYPY_SECONDS = 600
"""Generous: mypy without a cache on a busy machine takes a while."""

PIG = '''\
"""Pig for 1 to 4 players: roll a die as often as you dare; a 1 loses the turn's points, holding banks them."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeAlias

from tabletop.dice import chance_actions, one_die_outcomes
from tabletop.game import CHANCE, JSON, TERMINAL, Game, GameInfo, InvalidActionError, InvalidStateError, State

TARGET = 10
TURN_LIMIT = 12
"""Turns in all: then the higher score wins, so that every game ends."""


@dataclass(frozen=True)
class Roll:
    """Roll the die once more."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Hold:
    """Bank the turn's points and pass the die."""

    def __str__(self) -> str:
        return "hold"


@dataclass(frozen=True)
class Face:
    """The die shows ``value`` (a chance outcome)."""

    value: int

    def __str__(self) -> str:
        return f"face {self.value}"


PigAction: TypeAlias = Roll | Hold | Face


class PigState(State[PigAction]):
    """Every score, whose turn it is, the points at stake and whether the die is in the air."""

    def __init__(self, players: int) -> None:
        self.scores = [0] * players
        self.player = 0
        self.at_stake = 0
        self.rolling = False
        self.turns = 0

    def current_player(self) -> int:
        if self.turns >= TURN_LIMIT or max(self.scores) >= TARGET:
            return TERMINAL
        return CHANCE if self.rolling else self.player

    def _legal_actions(self, player: int) -> list[PigAction]:
        return [Roll(), Hold()]

    def chance_outcomes(self) -> list[tuple[PigAction, float]]:
        return chance_actions(one_die_outcomes(), Face)

    def _apply_action(self, action: PigAction) -> None:
        if isinstance(action, Roll):
            self.rolling = True
        elif isinstance(action, Hold):
            self._end_turn(bank=True)
        else:
            self.rolling = False
            if action.value == 1:
                self._end_turn(bank=False)
            else:
                self.at_stake += action.value
                if self.scores[self.player] + self.at_stake >= TARGET:
                    self._end_turn(bank=True)

    def _end_turn(self, bank: bool) -> None:
        if bank:
            self.scores[self.player] += self.at_stake
        self.at_stake, self.turns = 0, self.turns + 1
        self.player = (self.player + 1) % len(self.scores)

    def returns(self) -> list[float]:
        if len(self.scores) == 1:
            return [1.0 if self.scores[0] >= TARGET else 0.0]
        best = max(self.scores)
        winners = self.scores.count(best)
        return [1 / winners if score == best else 0.0 for score in self.scores]

    def to_json(self) -> JSON:
        return {"scores": list(self.scores), "player": self.player, "at_stake": self.at_stake,
                "rolling": self.rolling, "turns": self.turns}


class Pig(Game[PigAction]):
    """One to four players race to 10 points."""

    info = GameInfo(
        id="pig",
        name="Pig",
        summary="Roll as often as you dare; a 1 loses the turn's points.",
        players=4,
        fewest_players=1,
        default_players=2,
        max_length=TURN_LIMIT * (2 * (TARGET // 2) + 1),  # each roll adds 2 or more, so a turn rolls 5 times at most
        perfect_information=True,
    )

    def new_initial_state(self, options: Mapping[str, str] | None = None) -> PigState:
        return PigState(self.info.seat_count(self.resolve_options(options)))

    def parse_action(self, state: State[PigAction], text: str) -> PigAction:
        words = text.strip().lower()
        if words == "roll":
            return Roll()
        if words == "hold":
            return Hold()
        face = re.fullmatch(r"face ([1-6])", words)
        if face is None:
            raise InvalidActionError(f"{text!r} is not a Pig action (roll, hold, face 1 to 6)")
        return Face(int(face.group(1)))

    def state_from_json(self, data: JSON) -> PigState:
        try:
            state = PigState(len(data["scores"]))
            state.scores = [int(s) for s in data["scores"]]
            state.player, state.at_stake = int(data["player"]), int(data["at_stake"])
            state.rolling, state.turns = bool(data["rolling"]), int(data["turns"])
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidStateError(f"malformed Pig state: {exc}") from None
        if not 1 <= len(state.scores) <= 4 or not 0 <= state.player < len(state.scores):
            raise InvalidStateError("a Pig state has one to four scores and a player among them")
        return state


game = Pig()
'''


@pytest.fixture(scope="module")
def pig(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The Pig above, imported from a file of its own."""
    path = tmp_path_factory.mktemp("pig") / f"{PIG_MODULE}.py"
    path.write_text(PIG)
    spec = importlib.util.spec_from_file_location(PIG_MODULE, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[PIG_MODULE] = module  # dataclasses look their module up while the class is made
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        del sys.modules[PIG_MODULE]


def test_the_sketch_writes_only_the_template_methods(pig: ModuleType) -> None:
    written = {name for name, value in vars(pig.PigState).items() if callable(value) and not name.startswith("__")}
    assert written == {
        "current_player",
        "_legal_actions",
        "chance_outcomes",
        "_apply_action",
        "_end_turn",
        "returns",
        "to_json",
    }


@pytest.mark.parametrize("players", ["1", "2", "3", "4"])
def test_a_game_of_template_methods_passes_the_kit_for_each_player_count(pig: ModuleType, players: str) -> None:
    options = {"players": players}
    report = check_game(pig.game, options=options, playouts=30)
    assert report.positions > 0
    assert check_agents(pig.game, options=options) > 0
    assert check_steps(pig.game, options=options) > 0


def test_one_game_declares_a_range_of_player_counts(pig: ModuleType) -> None:
    from tabletop.game import WholeNumber
    from tabletop.loop import Match
    from tabletop.testing import option_combinations

    info = pig.game.info
    assert info.player_counts == range(1, 5) and info.seat_count() == 2
    assert isinstance(info.option("players"), WholeNumber)
    assert [o["players"] for o in option_combinations(pig.game)] == ["1", "2", "3", "4"]
    match = Match(pig.game, options={"players": "3"}, seed=1)
    assert match.players == 3 and len(match.agents) == 3 and len(match.state.to_json()["scores"]) == 3
    assert match.options == {"players": "3"}  # a record keeps the count as text, like any option


def test_chance_legal_actions_come_from_chance_outcomes(pig: ModuleType) -> None:
    state = pig.game.new_initial_state()
    state.apply(pig.Roll())
    assert state.current_player() == CHANCE
    assert state.legal_actions() == [pig.Face(v) for v in range(1, 7)]
    assert state.legal_actions() == sorted((a for a, _ in state.chance_outcomes()), key=str)


def test_chance_outcomes_in_any_order_are_listed_sorted() -> None:
    class Shuffled(State[str]):
        def current_player(self) -> int:
            return CHANCE

        def chance_outcomes(self) -> list[tuple[str, float]]:
            return [("c", 0.5), ("a", 0.25), ("b", 0.25)]

        def returns(self) -> list[float]:
            return [0.0]

        def to_json(self) -> Any:
            return {}

    assert Shuffled().legal_actions() == ["a", "b", "c"]


def test_the_base_class_refuses_an_illegal_action_and_changes_nothing(pig: ModuleType) -> None:
    assert "apply" not in vars(pig.PigState)  # the refusal is the base class's
    state = pig.game.new_initial_state()
    state.apply(pig.Roll())
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=r"hold is not allowed now \(allowed: face 1, .*face 6\)"):
        state.apply(pig.Hold())
    assert state.to_json() == before


def test_a_refusal_gives_the_game_s_own_reason() -> None:
    class Counter(State[int]):
        def __init__(self) -> None:
            self.left = 3

        def current_player(self) -> int:
            return 0 if self.left else TERMINAL

        def _legal_actions(self, player: int) -> list[int]:
            return list(range(1, self.left + 1))

        def _apply_action(self, action: int) -> None:
            self.left -= action

        def _why_illegal(self, action: int) -> str:
            return f"only {self.left} left, not {action}"

        def returns(self) -> list[float]:
            return [1.0]

        def to_json(self) -> Any:
            return {"left": self.left}

    state = Counter()
    with pytest.raises(IllegalActionError, match="only 3 left, not 5"):
        state.apply(5)
    state.apply(3)
    assert state.is_terminal() and state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="only 0 left, not 1"):
        state.apply(1)


def test_defaults_serve_a_game_of_perfect_information(pig: ModuleType) -> None:
    state = pig.game.new_initial_state()
    copy = state.clone()
    copy.apply(pig.Roll())
    assert type(copy) is type(state) and copy != state and not state.rolling
    assert state.view(1).to_json() == {"player": 1, "state": state.to_json()}
    assert state.describe(pig.Roll(), 0) == state.describe(pig.Roll(), None) == "roll"
    assert state.revealed_view().to_json()["state"] == state.to_json()
    assert state.final_score() is None


def mypy_strict(*paths: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``mypy --strict`` on ``paths`` alone (what they import is read, not reported), run where no config is."""
    env = {**os.environ, "MYPYPATH": str(ROOT)}  # the framework, from this tree
    command = [
        sys.executable,
        "-m",
        "mypy",
        "--strict",
        "--follow-imports=silent",
        "--cache-dir",
        str(cwd / ".mypy_cache"),
    ]
    return subprocess.run(
        [*command, *map(str, paths)], cwd=cwd, env=env, capture_output=True, text=True, timeout=MYPY_SECONDS
    )


def test_plugins_type_check_strictly_without_casts_or_ignores(tmp_path: Path) -> None:
    pytest.importorskip("mypy", reason="mypy is not installed (the test extra installs it)")
    example = tmp_path / "tabletop_highcard"
    shutil.copytree(EXAMPLE, example, ignore=shutil.ignore_patterns("__pycache__"))
    pig = tmp_path / f"{PIG_MODULE}.py"
    pig.write_text(PIG)
    sources = [pig, *sorted(example.glob("*.py"))]
    for source in sources:
        text = source.read_text()
        assert "cast(" not in text and "type: ignore" not in text, f"{source.name} needs a cast or an ignore"
    result = mypy_strict(pig, example, cwd=tmp_path)  # the result is checked here, with its output
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found in" in result.stdout


def test_the_setup_the_flags_the_list_and_records_follow_the_player_count(pig: ModuleType) -> None:
    from tabletop.commands.list_games import _game_lines
    from tabletop.commands.play import game_parser
    from tabletop.commands.setup import Setup
    from tabletop.loop import Match
    from tabletop.rebuild import check_record
    from tabletop.store.records import GameRecord

    setup = Setup.default(pig.game)
    assert setup.seats == ["human", "random"]
    setup.options["players"] = "4"
    setup.check()
    assert setup.seats == ["human", "random", "random", "random"]  # a new seat takes the last seat's player
    setup.options["players"] = "1"
    setup.check()
    assert setup.seats == ["human"] and setup.opponent() == "random"
    setup.options["players"] = "2"
    setup.check()
    assert setup.seats == ["human", "random"]  # the opponent the seats held before the count fell

    solo = Setup.default(pig.game)
    solo.options["players"] = "1"
    solo.check()
    assert solo.seats == ["human"]
    solo.rival = "human"  # a person chosen while the game is solo: people fill the seats the count adds
    solo.options["players"] = "3"
    solo.fit_seats()
    assert solo.seats == ["human", "human", "human"]
    fresh = Setup(pig.game, ["human"], {"players": "2"})
    fresh.check()
    assert fresh.seats == ["human", pig.game.default_agent()]  # not a second person nobody asked for
    assert game_parser(pig.game).parse_args(["--players", "3"]).players == "3"
    assert "Pig · 1 to 4 players" in _game_lines(pig.game, "pig", 80)[1]
    match = Match(pig.game, options={"players": "3"}, seed=5, agents=[RandomAgent()] * 3)
    match.run()
    record = GameRecord(
        game_id="pig",
        options=match.options,
        seed=5,
        seats=["random"] * 3,
        names=["A", "B", "C"],
        history=match.history,
        started="2024-01-01T00:00:00Z",
    )
    assert check_record(record, pig.game).state == match.state
