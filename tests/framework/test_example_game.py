"""The example plugin, High Card: found through its entry point, conforming, playable, drawn."""

from __future__ import annotations

import io
import tomllib
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from tabletop.agents import RandomAgent
from tabletop.game import CHANCE, TERMINAL, IllegalActionError, InvalidActionError, InvalidStateError
from tabletop.loop import Match
from tabletop.registry import Registry
from tabletop.testing import check_game, option_combinations

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "highcard"


@pytest.fixture(scope="module")
def game(example_plugin_path: Path) -> Any:
    return Registry.discover().get("highcard")


def play(game: Any, texts: list[str], options: dict[str, str] | None = None) -> Any:
    state = game.new_initial_state(options)
    for text in texts:
        state.apply(game.parse_action(state, text))
    return state


DEAL = ["deal 9", "deal 1", "deal 8", "deal 2", "deal 7", "deal 3"]  # North 7 8 9, South 1 2 3


def test_entry_point_is_listed(example_plugin_path: Path) -> None:
    found = {ep.name: ep for ep in entry_points(group="tabletop.games")}
    assert found["highcard"].value == "tabletop_highcard:game"
    assert found["highcard"].dist is not None and found["highcard"].dist.name == "tabletop-highcard"


def test_pyproject_declares_the_entry_point() -> None:
    project = tomllib.loads((EXAMPLE / "pyproject.toml").read_text())["project"]
    assert project["entry-points"]["tabletop.games"] == {"highcard": "tabletop_highcard:game"}


def test_registry_finds_and_loads_it(game: Any) -> None:
    registry = Registry.discover()
    assert "highcard" in registry.ids()
    assert registry.source("highcard") == "tabletop-highcard (tabletop_highcard:game)"
    assert game.info.id == "highcard" and game.info.players == 2
    assert not game.info.perfect_information


@pytest.mark.parametrize(
    "options",
    [{"hand": "3", "low": "off"}, {"hand": "3", "low": "on"}, {"hand": "4", "low": "off"}, {"hand": "4", "low": "on"}],
    ids=str,
)
def test_conforms_in_every_variant(game: Any, options: dict[str, str]) -> None:
    assert options in option_combinations(game)
    report = check_game(game, options=options)
    assert report.playouts == 20 and report.longest == 4 * int(options["hand"])


def test_the_examples_own_test_file_passes(example_plugin_path: Path) -> None:
    """examples/highcard/tests/test_highcard.py is what a plugin author copies: it must keep working."""
    import runpy

    tests = runpy.run_path(str(EXAMPLE / "tests" / "test_highcard.py"))
    for options in option_combinations(tests["game"]):
        tests["test_conforms"](options)
        tests["test_computer_players_and_interface"](options)


def test_deal_alternates_and_is_hidden(game: Any) -> None:
    state = play(game, DEAL)
    assert state.hands == [[7, 8, 9], [1, 2, 3]] and state.deck == [4, 5, 6]
    assert state.current_player() == 0
    assert state.view(1).to_json()["hand"] == [1, 2, 3]
    assert state.view(1).to_json()["opponent_cards"] == 3
    fresh = game.new_initial_state()
    assert fresh.current_player() == CHANCE
    assert fresh.describe(game.parse_action(fresh, "deal 5"), 1) == "North is dealt a card."
    assert fresh.describe(game.parse_action(fresh, "deal 5"), 0) == "You are dealt 5."


def test_higher_card_wins_and_leads(game: Any) -> None:
    state = play(game, DEAL + ["play 7", "play 1"])
    assert state.tricks == [1, 0] and state.leader == 0
    assert state.describe(game.parse_action(state, "play 8"), 1) == "North leads 8."
    state = play(game, DEAL + ["play 7", "play 1", "play 8", "play 2", "play 9", "play 3"])
    assert state.current_player() == TERMINAL
    assert state.returns() == [1.0, 0.0]
    assert state.outcome_text() == "North wins 3 tricks to 0."


def test_lowball_reverses_the_trick(game: Any) -> None:
    state = play(game, DEAL + ["play 7", "play 1"], {"low": "on"})
    assert state.tricks == [0, 1] and state.current_player() == 1
    assert state.view(0).to_json()["played"] == [[0, 7, 1]]


def test_errors_are_plain(game: Any) -> None:
    state = play(game, DEAL)
    with pytest.raises(InvalidActionError, match="not a High Card action"):
        game.parse_action(state, "pass")
    with pytest.raises(InvalidActionError, match="cards are 1 to 9"):
        game.parse_action(state, "play 12")
    with pytest.raises(IllegalActionError, match=r"play 3 is not allowed now \(allowed: play 7, play 8, play 9\)"):
        state.apply(game.parse_action(state, "3"))
    with pytest.raises(InvalidStateError, match="once each"):
        game.state_from_json({**state.to_json(), "deck": [4, 5, 5]})
    with pytest.raises(InvalidStateError, match="malformed"):
        game.state_from_json({"hands": []})


def test_random_agents_play_it_through_a_match(game: Any) -> None:
    agents = [factory() for factory in (game.agents()["random"],) * 2]
    assert all(isinstance(a, RandomAgent) for a in agents)
    match = Match(game, seed=11, agents=agents)
    final = match.run()
    assert final.is_terminal() and sorted(final.returns()) in ([0.0, 1.0], [0.5, 0.5])
    replayed = Match.replay(game, match.history, seed=11)
    assert replayed.state == final
    # Each seat's log shows its own deals and hides the other's.
    north_log = [e.text_for(0) for e in match.events[:6]]
    assert north_log.count("South is dealt a card.") == 3


def render(game: Any, state: Any, player: int, log: list[str]) -> str:
    out = io.StringIO()
    console = Console(file=out, width=80, color_system=None, legacy_windows=False)
    console.print(game.ui().render(state.view(player), log))
    return out.getvalue()


def test_ui_draws_own_hand_and_hides_the_other(game: Any) -> None:
    state = play(game, DEAL + ["play 8"])
    text = render(game, state, 1, ["North leads 8."])
    assert "[1] [2] [3]" in text and "[#] [#]" in text and "[#] [#] [#]" not in text
    assert "North led [8]" in text and "Your turn: follow the lead." in text
    assert "North leads 8." in text
    assert "[7]" not in text and "[9]" not in text  # North's hidden cards stay hidden


def test_ui_steps_say_what_a_card_does(game: Any) -> None:
    state = play(game, DEAL + ["play 8"])
    ui = game.ui()
    steps = ui.steps(state.view(1), state.legal_actions())
    assert [s.path for s in steps] == [
        ("Play 1 (gives the trick away)",),
        ("Play 2 (gives the trick away)",),
        ("Play 3 (gives the trick away)",),
    ]
    assert [str(s.action) for s in steps] == ["play 1", "play 2", "play 3"]
    lead = play(game, DEAL)
    assert next(s.path for s in ui.steps(lead.view(0), lead.legal_actions())) == ("Play 7",)
    assert "# High Card" in game.rules_text()


def test_the_documented_examples_run(example_plugin_path: Path) -> None:
    import doctest

    import tabletop.testing.plugins
    import tabletop.testing.util
    import tabletop_highcard.rules

    for module in (tabletop_highcard.rules, tabletop.testing.util, tabletop.testing.plugins):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


def _open_hands_value(state: Any, me: int) -> float:
    """``me``'s result with both hands open and perfect play, by the game's own engine."""
    if state.is_terminal():
        return float(state.returns()[me])
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        values.append(_open_hands_value(child, me))
    return max(values) if state.current_player() == me else min(values)


@pytest.mark.parametrize("options", [{"hand": "3"}, {"hand": "4", "low": "on"}], ids=str)
def test_the_analyst_averages_open_play_over_every_deal_the_player_cannot_tell_apart(
    game: Any, options: dict[str, str]
) -> None:
    """The example's analyst (the hook that gives a plugin the Coach and Review) against the engine itself."""
    import itertools
    import random

    rng = random.Random(4)
    for _ in range(6):
        state = game.new_initial_state(options)
        while state.is_chance_node():
            state.apply(state.sample_chance(rng))
        for _ in range(rng.randrange(3)):
            state.apply(rng.choice(state.legal_actions()))
        me = state.current_player()
        legal = state.legal_actions()
        analysis = game.analyst(options).analyse(state.view(me), legal, seconds=1, rng=random.Random(0))
        unseen = state.hands[1 - me] + state.deck
        deals = list(itertools.combinations(sorted(unseen), len(state.hands[1 - me])))
        assert analysis.samples == len(deals) and not analysis.exact
        for action in legal:
            total = 0.0
            for theirs in deals:
                other = state.clone()
                other.hands[1 - me] = list(theirs)
                other.deck = sorted(set(unseen) - set(theirs))
                other.apply(action)
                total += _open_hands_value(other, me)
            assert analysis.win_of(action) == pytest.approx(total / len(deals))
