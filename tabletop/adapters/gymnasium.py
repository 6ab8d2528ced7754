"""A one-seat Tabletop game (Muses) as a Gymnasium environment.

    >>> from tabletop.adapters.gymnasium import env           # doctest: +SKIP
    >>> muses = env("muses")                                   # doctest: +SKIP
    >>> observation, info = muses.reset(seed=7)                # doctest: +SKIP
    >>> action = muses.action_space.sample(info["action_mask"])  # doctest: +SKIP
    >>> observation, reward, terminated, truncated, info = muses.step(action)  # doctest: +SKIP

The observation is the game's encoding of the player's view; the action space is a fixed
``Discrete`` numbered by the game's ``distinct_actions``, and ``info["action_mask"]`` marks the
legal ones. Chance (draws, rolls) is resolved inside the environment from its seed. The reward
comes at the end: the game's return (Muses: 1 for reaching the target, 0 otherwise), and
``info["score"]`` is the final score of a game that keeps one.

An illegal action raises :class:`tabletop.game.IllegalActionError` saying why. With
``illegal_action="terminate"`` it ends the episode instead, lost (reward 0,
``info["illegal_action"]`` true): the convention of learning code that samples actions unmasked,
as Gymnasium's own ``check_env`` does.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from tabletop.adapters.common import AdapterError, Table, board_text, settle
from tabletop.game import Game, IllegalActionError, State, score_of

ILLEGAL_ACTIONS = ("raise", "terminate")
"""What :class:`TabletopEnv` does with an illegal action: raise an error, or end the episode lost."""


def env(
    game: str | Game[Any], render_mode: str | None = None, illegal_action: str = "raise", **options: Any
) -> TabletopEnv:
    """The one-seat game (an id or a game object) with these options as a Gymnasium environment."""
    return TabletopEnv(game, render_mode=render_mode, illegal_action=illegal_action, **options)


class TabletopEnv(gymnasium.Env[np.ndarray[Any, Any], np.int64]):
    """A one-seat Tabletop game as a Gymnasium environment (see the module's documentation)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012 (Env declares it)

    def __init__(
        self, game: str | Game[Any], render_mode: str | None = None, illegal_action: str = "raise", **options: Any
    ) -> None:
        self.table = Table(game, options)
        if self.table.players != 1:
            raise AdapterError(
                f"{self.table.game.info.name} has {self.table.players} seats: Gymnasium is for one; "
                "use tabletop.adapters.pettingzoo"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {', '.join(self.metadata['render_modes'])}")
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(f"illegal_action {illegal_action!r} is not one of {', '.join(ILLEGAL_ACTIONS)}")
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.encoding = self.table.encoding()
        self.observation_space = spaces.Box(0.0, 1.0, (self.encoding.size,), np.float32)
        self.action_space = spaces.Discrete(len(self.table.index))
        self.state: State[Any] = self.table.new_state()
        self._rng = random.Random(0)
        self._has_reset = False

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """A new game, its chance drawn from ``seed`` (through the environment's ``np_random``)."""
        super().reset(seed=seed)
        self._rng = random.Random(int(self.np_random.integers(0, 2**63 - 1)))
        self.state = self.table.new_state()
        settle(self.state, self._rng)
        self._has_reset = True
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Apply the action numbered ``action``; chance that follows is resolved before this returns.

        Raises ``gymnasium.error.ResetNeeded`` before the first ``reset()``, as Gymnasium's order checks do.
        """
        if not self._has_reset:
            raise gymnasium.error.ResetNeeded("Cannot call env.step() before calling env.reset()")
        if self.state.is_terminal():
            raise IllegalActionError("the game is over: call reset() to start another")
        try:
            self.table.apply_number(self.state, action, "player")
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), 0.0, True, False, info
        settle(self.state, self._rng)
        terminated = self.state.is_terminal()
        reward = self.table.utilities(self.state.returns())[0] if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, False, self._info()

    def _observation(self) -> Any:
        return np.asarray(self.encoding.encode(self.state.view(0)), dtype=np.float32)

    def _info(self) -> dict[str, Any]:
        mask = np.zeros(len(self.table.index), dtype=np.int8)
        if not self.state.is_terminal():
            mask[self.table.index.numbers(self.state.legal_actions())] = 1
        info: dict[str, Any] = {"action_mask": mask}
        if self.state.is_terminal():
            score = score_of(self.state)
            if score is not None:
                info["score"] = score
        return info

    def render(self) -> str | None:
        """The game's text board (``ansi``: returned; ``human``: printed)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: pass render_mode='ansi' to env()")
            return None
        text = board_text(self.table.game, self.state.view(0))
        if self.state.is_terminal():
            text += self.state.outcome_text() + "\n"
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text
