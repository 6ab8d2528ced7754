"""Any Tabletop game as a PettingZoo AEC environment: one seat acts at a time.

    >>> from tabletop.adapters.pettingzoo import env      # doctest: +SKIP
    >>> table = env("muster")                              # doctest: +SKIP
    >>> table.reset(seed=7)                                # doctest: +SKIP
    >>> for agent in table.agent_iter():                   # doctest: +SKIP
    ...     observation, reward, termination, truncation, info = table.last()
    ...     mask = observation["action_mask"]
    ...     table.step(None if termination or truncation else table.action_space(agent).sample(mask))

Agents are named by seat (``north``, ``south``; numbered seats ``player_0`` and on). An
observation is a dict as PettingZoo's classic games give it: ``"observation"``, the game's
encoding of that seat's view (so never a card the seat cannot see), and ``"action_mask"``, 1 at
the number of each legal action, over a fixed ``Discrete`` space numbered by the game's
``distinct_actions`` (an action the game keeps as a last resort, Klondike's ``resign``, is left
out of the mask while another is legal). Chance (a deal, a roll) is resolved inside the
environment from its seed. A game stopped by its length limit (FreeCell's 1,000 moves) ends in
``truncations``, not ``terminations``. Rewards come at the end: win +1, loss -1, draw 0 with two
seats, the game's returns otherwise. ``render()`` gives the game's own text board as the seat to
act sees it. Out of order, it answers as PettingZoo's own order checks do: ``step()``,
``observe()``, ``last()``, ``agent_iter()`` or ``render()`` before ``reset()`` raise
``AssertionError``; ``step()`` after every agent is done warns and does nothing, ``last()`` then
warns and gives the final observation with no further reward; and a seed that is not a natural number raises ``gymnasium.error.Error``. An action may be an int,
a NumPy integer or a one-element integer array. An illegal action raises :class:`tabletop.game.IllegalActionError` saying why.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle, seeding
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

from tabletop.adapters.common import Table, board_text, settle
from tabletop.game import Game, State
from tabletop.rng import make_rng, new_seed


def env(game: str | Game[Any], render_mode: str | None = None, **options: Any) -> TabletopAEC:
    """The game (an id or a game object) with these options as a PettingZoo AEC environment."""
    return TabletopAEC(game, render_mode=render_mode, **options)


class TabletopAEC(AECEnv, EzPickle):  # type: ignore[misc]
    """A Tabletop game as an AEC environment (see the module's documentation)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class and the instance)
        "render_modes": ["ansi", "human"],
        "name": "tabletop",
        "is_parallelizable": False,
        "render_fps": 4,
    }

    def __init__(self, game: str | Game[Any], render_mode: str | None = None, **options: Any) -> None:
        EzPickle.__init__(self, game, render_mode, **options)
        super().__init__()
        self.table = Table(game, options)
        self.encoding = self.table.encoding()
        self.metadata = {**type(self).metadata, "name": f"tabletop_{self.table.game.info.id}_v0"}
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {', '.join(self.metadata['render_modes'])}")
        self.render_mode = render_mode
        self.possible_agents: list[str] = self.table.seat_ids()
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = len(self.table.index)
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (self.encoding.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (size,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._rng: random.Random | None = None
        self._has_reset = False
        self.agents: list[str] = []
        self.state_: State[Any] = self.table.new_state()

    # -- spaces --------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``: the same object on every call."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: every action of the game, numbered."""
        return self._action_spaces[agent]

    # -- play ----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: deals drawn from ``seed`` (or from the generator of the last reset, or at random)."""
        if seed is not None:
            seeding.np_random(seed)  # refuses a seed that is not a natural number, as Gymnasium does
            self._rng = make_rng(seed)
        elif self._rng is None:
            self._rng = make_rng(new_seed())
        self.state_ = self.table.new_state()
        settle(self.state_, self._rng)
        self._has_reset = True
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._after_move()

    def step(self, action: Any) -> None:
        """Apply the action numbered ``action`` for the agent to act; ``None`` for an agent that is done."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for an agent whose game is over")
        assert self._rng is not None
        self._cumulative_rewards[agent] = 0.0
        self.table.apply_number(self.state_, action, agent)
        settle(self.state_, self._rng)
        self._after_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Observation, cumulative reward, termination, truncation and info of the agent to act.

        After every agent is done it warns, as ``step()`` then does, and gives that agent's final
        observation, no further reward (each agent's reward was given while it was still in the game),
        termination true (truncation true instead for a game stopped by its length limit) and an empty info.
        """
        if not self._has_reset:
            raise AssertionError("reset() needs to be called before last.")
        if not self.agents:
            EnvLogger._generic_warning(
                "[WARNING]: last() called after all agents are terminated or truncated: "
                "their rewards were given before; call reset() to play again"
            )
            observation = self.observe(self.agent_selection) if observe else None
            truncated = self.state_.truncated()
            return observation, 0.0, not truncated, truncated, {}
        result: tuple[Any, float, bool, bool, dict[str, Any]] = super().last(observe)
        return result

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        """The agents in the order they act, until every one is done (``reset()`` first)."""
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return super().agent_iter(max_iter)

    def _after_move(self) -> None:
        state = self.state_
        if state.is_terminal():
            utilities = self.table.utilities(state.returns())
            truncated = state.truncated()
            for agent in self.agents:
                self.rewards[agent] = utilities[self._seat[agent]]
                self.terminations[agent] = not truncated
                self.truncations[agent] = truncated
            self.agent_selection = self.agents[0]
            return
        for agent in self.agents:
            self.rewards[agent] = 0.0
        self.agent_selection = self.possible_agents[state.current_player()]

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s view as numbers, with the mask of the actions open to it (all 0 when not its turn)."""
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        seat = self._seat[agent]
        state = self.state_
        observation = self.encoding.encode_array(state.view(seat))
        mask = np.zeros(len(self.table.index), dtype=np.int8)
        if not state.is_terminal() and state.current_player() == seat:
            mask[self.table.offered(state)] = 1
        return {"observation": observation, "action_mask": mask}

    def render(self) -> str | None:
        """The game's text board as the seat to act sees it (``ansi``: returned; ``human``: printed)."""
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn("render() was called without a render_mode: pass render_mode='ansi' to env()")
            return None
        if not self._has_reset:
            EnvLogger.error_render_before_reset()
        state = self.state_
        seat = state.current_player() if state.current_player() >= 0 else 0
        text = board_text(self.table.game, state.revealed_view() if state.is_terminal() else state.view(seat))
        if state.is_terminal():
            text += state.outcome_text() + "\n"
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
