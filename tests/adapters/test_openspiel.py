"""Every game as an OpenSpiel Python game: OpenSpiel's random_sim_test, and its ISMCTS playing ours."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # noqa: E402

from tabletop.adapters.openspiel import load_game, short_name  # noqa: E402
from tabletop.game import IllegalActionError  # noqa: E402
from tabletop.registry import Registry  # noqa: E402
from tabletop.testing.plugins import dist_info_from_pyproject  # noqa: E402
from tabletop_klondike.rules import GiveUp  # noqa: E402
from tests.adapters.conftest import GAMES, game_label  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]

SIMULATIONS = {"muster": 3, "muses": 20, "highcard": 50, "fivedice": 3, "freecell": 1, "klondike": 1}
"""Games each random_sim_test plays to the end (a random game of Klondike runs to about 900 moves)."""


@pytest.mark.parametrize("case", GAMES, ids=game_label)
def test_openspiel_random_sim_test(case: tuple[str, dict[str, Any]]) -> None:
    game_id, options = case
    pyspiel.random_sim_test(load_game(game_id, **options), num_sims=SIMULATIONS[game_id], serialize=True, verbose=False)


def test_openspiel_random_sim_test_for_every_player_count_a_game_allows() -> None:
    """Five Dice for two is zero-sum in its returns, but its game type (one for every count) is general-sum."""
    import tabletop.adapters

    checked = []
    for game in Registry.discover().load_all():
        counts = game.info.player_counts
        if short_name(game.info.id) not in tabletop.adapters.OPENSPIEL_NAMES or len(counts) == 1:
            continue  # one count: its default options, in test_openspiel_random_sim_test
        for players in counts:
            loaded = pyspiel.load_game(f"{short_name(game.info.id)}(players={players})")
            pyspiel.random_sim_test(loaded, num_sims=1, serialize=False, verbose=False)
            checked.append((game.info.id, players))
    assert {("fivedice", 2), ("fivedice", 4)} <= set(checked)


@pytest.mark.parametrize(
    "name", ["tabletop_fivedice(players=5)", "tabletop_fivedice(players=0)", "tabletop_klondike(draw=2)"]
)
def test_a_parameter_out_of_its_range_is_refused_as_openspiel_refuses_it(name: str) -> None:
    with pytest.raises(pyspiel.SpielError, match="is not"):
        pyspiel.load_game(name)


def test_a_keyword_out_of_range_or_unknown_is_refused_as_openspiel_refuses_it() -> None:
    with pytest.raises(pyspiel.SpielError, match="'5' is not a whole number from 1 to 4"):
        load_game("fivedice", players=5)
    with pytest.raises(pyspiel.SpielError, match=r"Unknown parameter 'hands'\. Available parameters are: hand, low"):
        load_game("highcard", hands=4)


def test_klondikes_legal_actions_leave_out_giving_up_while_a_move_is_open() -> None:
    """OpenSpiel's random bots and rollouts pick among the legal actions: giving up at every move ends them at once."""
    state = load_game("klondike").new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        actions, weights = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, weights)[0])
    names = [state.action_to_string(a) for a in state.legal_actions()]
    assert "resign" not in names and "s" in names
    state.apply_action(state.get_game().table.index.index(GiveUp()))  # still the player's to take
    assert state.is_terminal() and state.returns() == [0.0]


LISTED_AND_LOADED = """
import json, pyspiel, tabletop.adapters
from tabletop.adapters.openspiel import load_game
from tabletop.registry import Registry
failed = []
for name in tabletop.adapters.OPENSPIEL_NAMES:
    try:
        pyspiel.load_game(name)
    except Exception as exc:
        failed.append(f"{name}: {exc}")
try:
    load_game("pig")
    pig = "loaded"
except Exception as exc:
    pig = f"{type(exc).__name__}: {exc}"
installed = sorted(game.info.id for game in Registry.discover().load_all())
print(json.dumps({"listed": tabletop.adapters.OPENSPIEL_NAMES, "failed": failed, "installed": installed, "pig": pig}))
"""


def test_every_listed_name_loads_and_a_game_without_the_hooks_is_not_listed(
    tmp_path: Path, example_plugin_path: Path
) -> None:
    """Pig (the example without ``distinct_actions``) installed beside High Card: only the games that load are listed."""
    site = tmp_path / "site"
    site.mkdir()
    shutil.copytree(ROOT / "examples" / "pig" / "tabletop_pig", site / "tabletop_pig")
    dist_info_from_pyproject(ROOT / "examples" / "pig" / "pyproject.toml", site)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(example_plugin_path)])}
    done = subprocess.run(
        [sys.executable, "-c", LISTED_AND_LOADED], capture_output=True, text=True, timeout=120, env=env, check=True
    )
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert {"pig", "highcard"} <= set(report["installed"])
    assert report["failed"] == []
    assert "tabletop_highcard" in report["listed"] and "tabletop_pig" not in report["listed"]
    assert report["pig"].startswith("AdapterError: Pig gives no fixed enumeration of its actions")


def test_a_registered_game_loads_by_name_with_its_options() -> None:
    load_game("highcard")
    game = pyspiel.load_game(short_name("highcard") + "(hand=4,low=True)")
    assert game.table.options == {"hand": "4", "low": "on"}
    muster = pyspiel.load_game("tabletop_muster")
    assert (muster.num_distinct_actions(), muster.num_players()) == (725, 2)
    assert muster.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


def test_chance_nodes_carry_the_games_probabilities() -> None:
    game = load_game("highcard")
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert [state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in outcomes][:2] == ["deal 1", "deal 2"]
    assert [p for _, p in outcomes] == pytest.approx([1 / 9] * 9)
    muses = load_game("muses").new_initial_state()
    muses.apply_action(muses.chance_outcomes()[0][0])
    rolls = dict(muses.chance_outcomes())
    assert len(rolls) == 21 and sum(rolls.values()) == pytest.approx(1)
    assert max(rolls.values()) == pytest.approx(2 / 36) and min(rolls.values()) == pytest.approx(1 / 36)


def test_resampling_keeps_the_information_state_and_redraws_the_rest() -> None:
    game = load_game("muster")
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node() or len(state.history()) < 20:
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = {str(state.resample_from_infostate(player, sampler)) for _ in range(10)}
    assert len(worlds) > 1
    for _ in range(5):
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.history() == state.history()
    assert state.information_state_string(0) != state.information_state_string(1)


def test_an_illegal_action_is_refused_saying_why() -> None:
    state = load_game("highcard").new_initial_state()
    with pytest.raises(IllegalActionError, match=r"chance: action 9 \(play 1\) is not legal now"):
        state.apply_action(9)


class ISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's Python ISMCTS with the ``restart_at`` that ``evaluate_bots`` calls (it keeps no state between moves)."""

    def restart_at(self, state: Any) -> None:
        self.reset()


def test_openspiels_ismcts_bot_plays_our_games_through_evaluate_bots() -> None:
    for game_id, simulations in (("highcard", 50), ("muster", 4)):
        game = load_game(game_id)
        random_state = np.random.RandomState(7)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
        bots = [
            ISMCTSBot(game, evaluator, 2.0, simulations, random_state=random_state),
            pyspiel.make_uniform_random_bot(1, 3),
        ]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, random_state)
        assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_an_option_whose_value_reads_as_a_number_is_given_as_a_keyword() -> None:
    """OpenSpiel reads ``first=2`` in a game string as a number: such options go to load_game as keywords."""
    game = load_game("muster", first="2")
    assert game.new_initial_state().current_player() == pyspiel.PlayerId.CHANCE
    assert game.table.options["first"] == "2"
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("value", ["maybe", 2, "yes please"])
def test_a_boolean_option_of_another_kind_is_refused_as_openspiel_refuses_it(value: Any) -> None:
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter simplified"):
        load_game("muster", simplified=value)


def test_a_boolean_option_reads_openspiels_own_words() -> None:
    assert load_game("muster", simplified="false").table.options["simplified"] == "off"
    assert load_game("muster", simplified="true").table.options["simplified"] == "on"


@pytest.mark.parametrize("player", [5, -3])
def test_a_player_not_in_the_game_is_refused_as_openspiel_refuses_it(player: int) -> None:
    state = load_game("muster").new_initial_state()
    with pytest.raises(pyspiel.SpielError, match="not in the game"):
        state.information_state_string(player)
    with pytest.raises(pyspiel.SpielError, match="not in the game"):
        state.observation_string(player)


def _two_orders_of_the_same_own_actions(game: Any) -> tuple[Any, Any]:
    """Two Muster states, one history apart: North took the same two actions in either order, with the same view."""
    rng = random.Random(0)
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, weights)[0])
                continue
            if state.current_player() == 0:
                for first in state.legal_actions():
                    after_first = state.child(first)
                    for second in after_first.legal_actions() if after_first.current_player() == 0 else []:
                        if second == first or second not in state.legal_actions():
                            continue
                        other = state.child(second)
                        if other.current_player() != 0 or first not in other.legal_actions():
                            continue
                        one, two = after_first.child(second), other.child(first)
                        if one.observation_string(0) == two.observation_string(0):
                            return one, two
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no two orders of North's actions that leave the same view were found")


def test_information_states_are_perfect_recall_own_actions_included() -> None:
    """Two histories that differ only in the order of North's own actions: the same view, different information states."""
    game = load_game("muster")
    one, two = _two_orders_of_the_same_own_actions(game)
    assert one.history() != two.history() and len(one.history()) == len(two.history())
    assert one.observation_string(0) == two.observation_string(0), "North's view alone cannot tell them apart"
    assert one.information_state_string(0) != two.information_state_string(0)


def test_no_information_state_tensor_is_claimed_and_the_perfect_recall_observer_gives_none() -> None:
    from open_spiel.python.observation import make_observation

    game = load_game("muster")
    assert game.get_type().provides_information_state_string
    assert not game.get_type().provides_information_state_tensor
    assert game.get_type().provides_observation_tensor
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.tensor.size == 0
    assert recall.string_from(state, 0) == state.information_state_string(0)
    observation = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    observation.set_from(state, 0)
    assert observation.tensor.size == 1076 and observation.string_from(state, 0) == state.observation_string(0)


def test_openspiels_cpp_mcts_plays_through_the_cpp_evaluate_bots() -> None:
    """As docs/research.md says: C++ MCTS reaches a Python game through ``pyspiel.evaluate_bots``."""
    game = pyspiel.load_game(short_name("muster"))
    bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 3), 2.0, 3, 10, False, 1, False)
    returns = pyspiel.evaluate_bots(game.new_initial_state(), [bot, pyspiel.make_uniform_random_bot(1, 3)], 5)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_openspiels_cpp_ismcts_cannot_resample_a_python_game() -> None:
    """As docs/research.md says: C++ ISMCTS needs the C++ ResampleFromInfostate, which a Python game lacks."""
    game = pyspiel.load_game(short_name("muster"))
    policy = pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT
    bot = pyspiel.ISMCTSBot(1, pyspiel.RandomRolloutEvaluator(1, 3), 2.0, 3, -1, policy, False, False)
    with pytest.raises(pyspiel.SpielError, match=r"ResampleFromInfostate\(\) not implemented"):
        pyspiel.evaluate_bots(game.new_initial_state(), [bot, pyspiel.make_uniform_random_bot(1, 3)], 5)
