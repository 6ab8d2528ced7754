"""A one-seat Tabletop game (Muses) as a Gymnasium environment.

    >>> import gymnasium, tabletop.adapters                    # doctest: +SKIP
    >>> muses = gymnasium.make("tabletop/Muses-v0", reward="score")  # doctest: +SKIP
    >>> observation, info = muses.reset(seed=7)                # doctest: +SKIP
    >>> action = muses.action_space.sample(info["action_mask"])  # doctest: +SKIP
    >>> observation, reward, terminated, truncated, info = muses.step(action)  # doctest: +SKIP

Importing :mod:`tabletop.adapters` registers every one-seat game as ``tabletop/<Name>-v0``
(:mod:`tabletop.adapters.registration`); :func:`env` makes one without the registry. The
observation is the game's encoding of the player's view; the action space is a fixed
``Discrete`` numbered by the game's ``distinct_actions``; ``info["action_mask"]`` and
:meth:`TabletopEnv.action_masks` (what sb3-contrib's ``MaskablePPO`` calls) mark the legal ones
(without an action the game keeps as a last resort, Klondike's ``resign``, while another is legal).
Chance (draws, rolls) is resolved inside the environment from its seed. A game stopped by its
length limit (FreeCell's and Klondike's 1,000 moves) ends ``truncated``, not ``terminated``.
The reward comes at the end, by the ``reward`` option: ``"win"`` (the default) is the game's
return (Muses: 1 for reaching the target, 0 otherwise); ``"score"`` is the final score (negated
for a game whose lower score is better), which gives a learner something to climb long before it
wins (see docs/research.md).
``info["score"]`` is the final score of a game that keeps one. :meth:`TabletopEnv.agent_policy`
gives the game's own computer players as policies that return action numbers.

An illegal action raises :class:`tabletop.game.IllegalActionError` saying why. With
``illegal_action="terminate"`` it ends the episode instead, lost (reward 0,
``info["illegal_action"]`` true): the convention of learning code that samples actions unmasked,
as Gymnasium's own ``check_env`` does.

``render()`` draws the game's text board for ``render_mode="ansi"`` (returned) or ``"human"``
(printed). Another mode is accepted as ``gymnasium.make`` accepts it, with a warning, and
``render()`` then warns and gives None: stable-baselines3 asks every environment it makes by id
for ``"rgb_array"``, for video it may never record.
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
REWARDS = ("win", "score")
"""What :class:`TabletopEnv` rewards at the end: the game's return, or its final score."""


def env(
    game: str | Game[Any],
    render_mode: str | None = None,
    illegal_action: str = "raise",
    reward: str = "win",
    **options: Any,
) -> TabletopEnv:
    """The one-seat game (an id or a game object) with these options as a Gymnasium environment."""
    return TabletopEnv(game, render_mode=render_mode, illegal_action=illegal_action, reward=reward, **options)


class TabletopEnv(gymnasium.Env[np.ndarray[Any, Any], np.int64]):
    """A one-seat Tabletop game as a Gymnasium environment (see the module's documentation)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012 (Env declares it)

    def __init__(
        self,
        game: str | Game[Any],
        render_mode: str | None = None,
        illegal_action: str = "raise",
        reward: str = "win",
        **options: Any,
    ) -> None:
        self.table = Table(game, options)
        if self.table.players != 1:
            raise AdapterError(
                f"{self.table.game.info.name} has {self.table.players} seats: Gymnasium is for one; "
                "use tabletop.adapters.pettingzoo"
            )
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(f"illegal_action {illegal_action!r} is not one of {', '.join(ILLEGAL_ACTIONS)}")
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.reward = _checked_reward(self.table.game, reward, illegal_action)
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
        over = self.state.is_terminal()
        truncated = over and self.state.truncated()
        reward = self._final_reward() if over else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, over and not truncated, truncated, self._info()

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """True at the number of each legal action now, a last resort aside (all false once the game is over).

        The method sb3-contrib's ``MaskablePPO`` calls, so it trains on this environment unwrapped.
        """
        return np.asarray(self._mask(), dtype=np.bool_)

    def agent_policy(self, level: str, seed: int = 0) -> AgentPolicy:
        """The game's computer player ``level`` (``tabletop list`` names them) as a policy of this environment.

        The policy gives the action number the player chooses in this environment's position, from
        the player's view alone, as it chooses at the table.
        """
        return AgentPolicy(self, level, seed)

    def _final_reward(self) -> float:
        if self.reward == "win":
            return self.table.utilities(self.state.returns())[0]
        score = score_of(self.state)
        if score is None:
            raise AdapterError(f"{self.table.game.info.name} gave no final score, which reward='score' needs")
        return -score if self.table.game.info.score_direction == "lower" else score

    def _mask(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        mask = np.zeros(len(self.table.index), dtype=np.int8)
        if not self.state.is_terminal():
            mask[self.table.offered(self.state)] = 1
        return mask

    def _observation(self) -> Any:
        return np.asarray(self.encoding.encode(self.state.view(0)), dtype=np.float32)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self._mask()}
        if self.state.is_terminal():
            score = score_of(self.state)
            if score is not None:
                info["score"] = score
        return info

    def render(self) -> str | None:
        """The game's text board (``ansi``: returned; ``human``: printed; any other mode: a warning and None)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: pass render_mode='ansi' to env()")
            return None
        if self.render_mode not in self.metadata["render_modes"]:
            gymnasium.logger.warn(
                f"render_mode {self.render_mode!r} draws nothing: the board is text, "
                f"given by render_mode {' or '.join(repr(m) for m in self.metadata['render_modes'])}"
            )
            return None
        text = board_text(self.table.game, self.state.view(0))
        if self.state.is_terminal():
            text += self.state.outcome_text() + "\n"
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text


class AgentPolicy:
    """One of the game's own computer players as a policy of a :class:`TabletopEnv`: action numbers out.

    Call it for the action number in the environment's current position; ``predict`` answers as
    stable-baselines3's and sb3-contrib's models do, so either library's ``evaluate_policy(policy, env)``
    measures the player as a baseline (the observation it is given is the one of the same environment, and is not read:
    the player reads its view). Its randomness comes from ``seed`` alone.
    """

    def __init__(self, env: TabletopEnv, level: str, seed: int = 0) -> None:
        levels = env.table.game.agents()
        if level not in levels:
            raise AdapterError(
                f"{env.table.game.info.name} has no computer player {level!r} (levels: {', '.join(levels)})"
            )
        self.env = env
        self.level = level
        self.agent = levels[level]()
        self._rng = random.Random(seed)

    def __call__(self, observation: Any = None, info: Any = None) -> int:
        """The number of the action the player chooses now."""
        state = self.env.state
        if not self.env._has_reset or state.is_terminal():
            raise gymnasium.error.ResetNeeded("the environment has no game under way: call reset() first")
        action = self.agent.choose(state.view(0), state.legal_actions(), self._rng)
        return self.env.table.index.index(action)

    def predict(
        self,
        observation: Any,
        state: Any = None,
        episode_start: Any = None,
        deterministic: bool = True,
        action_masks: Any = None,
    ) -> tuple[np.ndarray[Any, Any], None]:
        """stable-baselines3's ``predict`` (and sb3-contrib's, which adds ``action_masks``): one action, one observation.

        The player reads its view, so it needs neither the observation nor the mask.
        """
        count = len(observation) if np.ndim(observation) > 1 else 1
        if count != 1:
            raise ValueError(f"an agent policy plays its own environment: one observation at a time, not {count}")
        return np.array([self()]), None


def _checked_reward(game: Game[Any], reward: str, illegal_action: str) -> str:
    if reward not in REWARDS:
        raise ValueError(f"reward {reward!r} is not one of {', '.join(REWARDS)}")
    if reward == "score" and game.info.score_direction == "none":
        raise AdapterError(f"{game.info.name} keeps no score: reward='score' needs one")
    if reward == "score" and game.info.score_direction == "lower" and illegal_action == "terminate":
        raise AdapterError(
            f"{game.info.name}'s lower score is better, so an episode ended by an illegal action has no worst "
            "score to give: use reward='win' or illegal_action='raise'"
        )
    return reward
