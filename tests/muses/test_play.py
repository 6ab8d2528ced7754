"""Agents and the terminal interface: naive against optimal, screens that fit 80x24, steps and advice."""

from __future__ import annotations

import io
import random

from rich.console import Console

from tabletop.game import TERMINAL
from tabletop.loop import Match
from tabletop.ui.base import Prompter
from tabletop_muses import game
from tabletop_muses.advisor import Advisor
from tabletop_muses.agents import NaiveAgent, OptimalAgent
from tabletop_muses.rules import ACT, OVER, Claim, MusesState, condition_text
from tabletop_muses.ui import MusesUI

from .helpers import hint, make_set, play

CARDS = make_set(
    [
        ("Alpha", 3, "reroll", ["≥ 9", "Pair ≥ 8", "", ""]),
        ("Beta", 2, "adjust 2", ["⚄", "Both ≥ 5", "", ""]),
        ("Gamma", 4, "", ["Both even", "Pair", "12", ""]),
    ],
    target=8,
    hints=2,
)

NINE = make_set(
    [
        ("Calliope", 5, "", ["≥ 10", "Pair ≥ 8", "", ""]),
        ("Cleo", 4, "", ["Both even", "Pair ≥ 6", "", ""]),
        ("Erato", 1, "adjust 1", ["≤ 5", "⚀⚁", "", ""]),
        ("Euterpe", 2, "flip", ["Both odd", "Pair ≤ 4", "", ""]),
        ("Melpomene", 3, "reroll", ["⚀", "⚀⚀", "", ""]),
        ("Polyhymnia", 2, "match", ["Difference ≥ 3", "⚀⚅", "", ""]),
        ("Terpsichore", 2, "reroll", ["⚄", "⚄⚄", "", ""]),
        ("Thalia", 1, "adjust 1", ["Odd", "", "", ""]),
        ("Urania", 3, "flip", ["≥ 9", "Pair ≥ 10", "", ""]),
    ],
    target=20,
    hints=3,
)
"""Nine muses with two edges or fewer, and a blank on top after them (the screens below are of this set)."""


def run(agent: object, seeds: range) -> float:
    game.register(CARDS)
    wins = 0.0
    for seed in seeds:
        match = Match(game, seed=seed, agents=[agent])  # type: ignore[list-item]
        match.state = MusesState(CARDS)
        wins += match.run().returns()[0]
    return wins / len(seeds)


def test_optimal_agent_wins_as_often_as_the_solver_says_and_beats_naive() -> None:
    exact = Advisor(CARDS, cache_dir=None).solve()
    optimal = run(OptimalAgent(cache_dir=None), range(600))
    naive = run(NaiveAgent(), range(600))
    # 600 games: a standard error of about 0.02 around the exact value.
    assert abs(optimal - exact) < 0.07
    assert naive < optimal - 0.1


def screen(state: MusesState, width: int = 80, height: int = 24) -> str:
    out = io.StringIO()
    console = Console(width=width, height=height, file=out, force_terminal=False, color_system=None)
    ui = MusesUI(game)
    console.print(ui.render(state.view(0), ["Rolled ⚀ 1 and ⚀ 1."] * 6))
    return out.getvalue()


def menu_height(state: MusesState) -> int:
    """Lines of the first move menu: the question, each first step, greyed entries, extras, Hint, Log,
    Game menu, and the notice line the table may print under the board."""
    ui, view = MusesUI(game), state.view(0)
    firsts = {step.path[0] for step in ui.steps(view, state.legal_actions())}
    greyed = [path for path, _ in ui.unavailable(view) if len(path) == 1]
    return 1 + len(firsts) + len(greyed) + len(ui.extra_choices(view)) + 3 + 1


def full_display() -> MusesState:
    state = MusesState(NINE)
    return play(state, "draw Urania", "roll 6 6", "claim Urania", "draw Cleo", "roll 1 2", "end",
                "draw Thalia", "roll 3 4")  # fmt: skip


def test_screen_fits_80_columns_and_shows_what_matters() -> None:
    state = full_display()
    text = screen(state)
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert len(lines) + menu_height(state) <= 24  # the board, a notice and the move menu fit 24 lines
    for name in ("Thalia", "Cleo"):
        assert name in text
    assert "▲ Odd" in text and "⚂ 3" in text and "⚃ 4" in text  # faces with digits
    assert "Hints ●●● (3)" in text and "Urania 3 (READY: flip)" in text
    assert "discard" in text  # how each card leaves the display
    assert f"Score {state.score()}/20 (3 unused hints)" in text  # why there is a score before any claim


def test_every_claimed_muse_and_ready_power_stays_on_screen() -> None:
    state = full_display()
    names = ["Erato", "Euterpe", "Melpomene", "Polyhymnia", "Terpsichore", "Calliope"]
    taken = [state.cardset.index(name) for name in names]
    state.tableau += [(i, name == "Euterpe") for i, name in zip(taken, names)]
    state.deck = [i for i in state.deck if i not in taken]
    lines = screen(state).splitlines()
    text = "\n".join(lines)
    assert max(len(line) for line in lines) <= 80
    # The board, a notice, the question and the move menu under it fit a 24-line terminal.
    assert len(lines) + menu_height(state) <= 24, text
    for name in names:
        assert name in text
    assert "Melpomene 3 (READY: re-roll)" in text and "Euterpe 2 (used)" in text
    # The log takes the lines the claimed muses leave: the screen is full, and no more.
    assert text.count("Rolled ⚀ 1 and ⚀ 1.") == 5 and len(lines) + menu_height(state) == 24


def test_a_finished_game_says_so_instead_of_a_next_turn() -> None:
    state = MusesState(NINE)
    rng = random.Random(3)
    while state.current_player() != TERMINAL:
        state.apply(rng.choice(state.legal_actions()))
    assert state.phase == OVER
    text = screen(state)
    assert "Game over" in text and "Turn " not in text and "not rolled" not in text


def test_ending_the_turn_comes_last_and_a_spent_power_is_explained() -> None:
    state = full_display()
    ui = MusesUI(game)
    steps = ui.steps(state.view(0), state.legal_actions())
    assert steps[-1].path == ("End the turn without a claim",) and len(steps) > 1
    state.tableau = [(i, True) for i, _ in state.tableau]  # Urania's flip is spent
    assert ((("Use a power",), "every claimed power is used")) in ui.unavailable(state.view(0))
    fresh = play(MusesState(NINE), "draw Cleo", "roll 1 2")
    assert ((("Use a power",), "claim a muse with a power first")) in ui.unavailable(fresh.view(0))
    # Polyhymnia matches the dice, but a double is matched already.
    double = play(MusesState(NINE), "draw Polyhymnia", "roll 1 6", "claim Polyhymnia", "draw Cleo", "roll 4 4")
    assert ((("Use a power",), "your powers cannot change these dice")) in ui.unavailable(double.view(0))


def test_steps_reach_every_action_once_and_claims_are_explained() -> None:
    state = full_display()
    ui = MusesUI(game)
    view = state.view(0)
    steps = ui.steps(view, state.legal_actions())
    assert len({s.path for s in steps}) == len(steps) == len(state.legal_actions())
    paths = {s.path for s in steps}
    assert ("Use a hint", "die ⚂ 3", "+1 → 4") in paths
    assert ("Use a power", "Urania: flip a die", "die ⚂ 3 → 4") in paths
    reasons = dict(ui.unavailable(view))
    assert claimable_names(state) == ["Thalia"]
    claimable = {str(a) for a in state.legal_actions() if isinstance(a, Claim)}
    for i, rot in state.display:
        card = state.card(i)
        label = ("Claim a muse", f"{card.name} ({card.worth})")
        if f"claim {card.name}" not in claimable:
            assert f"3 and 4 do not meet {condition_text(card.top(rot))}" == reasons[label]


def claimable_names(state: MusesState) -> list[str]:
    return [state.card(i).name for i in state.claimable()]


class Silent(Prompter):
    pass


def test_hint_prints_the_best_moves_with_exact_chances(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(tmp_path))
    game.register(CARDS)
    state = play(MusesState(CARDS), "draw Beta", "roll 4 5")
    out, marked = hint(state)
    assert "win chance with best play" in out and "(exact)" in out and marked == 1
    value = Advisor(CARDS, cache_dir=None).advise(state)
    assert f"{value.value:.1%}" in out
    ranked = [line.split(maxsplit=2) for line in out.splitlines() if line.startswith("  ")]
    assert [r[0] for r in ranked] == ["1.", "2.", "3."]  # the best three of the legal actions
    assert ranked[0][2] == "Claim a muse > Beta (2 pts)" and ranked[0][1] == f"{value.value:.1%}"
    shown = [float(r[1].rstrip("%")) for r in ranked]
    assert shown == sorted(shown, reverse=True)
    assert out.splitlines()[-1] == f"Coach ({value.value:.0%}): Claim a muse > Beta (2 pts)"


def test_hint_says_when_no_play_can_win(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(tmp_path))
    hopeless = make_set([("Tiny", 1, "", ["≥ 2", "", "", ""])], target=9, hints=0)
    game.register(hopeless)
    state = play(MusesState(hopeless), "draw Tiny", "roll 1 2")
    out, _ = hint(state)
    assert "win chance with best play 0.0%" in out and "No way of playing wins from here" in out
    assert "1." not in out


def test_result_shows_the_breakdown() -> None:
    cards = make_set([("Big", 5, "", ["≥ 2", "", "", ""])], target=7, hints=2)
    state = play(MusesState(cards), "draw Big", "roll 1 1", "claim Big")
    file = io.StringIO()
    console = Console(width=80, file=file, color_system=None)
    console.print(MusesUI(game).render_result(state))
    out = file.getvalue()
    assert "Claimed: Big 5 = 5" in out and "Unused hints: 2" in out and "You win: 7 points" in out
    assert state.phase != ACT
