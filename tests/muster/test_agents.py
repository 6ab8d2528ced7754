"""Muster's computer players: legal moves, no peeking, reproducibility, time budget, strength."""

from __future__ import annotations

import gc
import itertools
import random
import types

import pytest

from tabletop.commands.simulate import play_game
from tabletop_muster import game
from tabletop_muster.agents import AGENTS, LABELS, SEARCHES
from tabletop_muster.ai import search
from tabletop_muster.ai.features import evaluate
from tabletop_muster.ai.lab import LabGame
from tabletop_muster.ai.sampling import DealSampler
from tabletop_muster.state import MusterState

VARIANTS = ("simplified", "power_of_one", "over_the_rainbow")
SEARCH_LEVELS = ("hard", "ismcts", "pimc")


def make(level: str) -> object:
    """An agent of ``level``; search levels get a small fixed budget so tests are fast and reproducible."""
    if level in SEARCH_LEVELS:
        return AGENTS[level](iterations=40)
    return AGENTS[level]()


def positions(options: dict[str, str], seed: int, count: int) -> list[MusterState]:
    """Decision points sampled from a random game (copies), a few moves apart."""
    rng = random.Random(seed)
    state = game.new_initial_state(options)
    found: list[MusterState] = []
    while not state.is_terminal() and len(found) < count:
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        if rng.random() < 0.15:
            found.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return found


def all_variant_options() -> list[dict[str, str]]:
    combos = []
    for flags in itertools.product(("off", "on"), repeat=3):
        combos.append(dict(zip(VARIANTS, flags, strict=True)))
    return combos


def test_levels_are_listed_in_menu_order_with_labels() -> None:
    assert list(AGENTS)[:3] == ["easy", "medium", "hard"]
    assert set(LABELS) == set(AGENTS)
    assert all(LABELS[name] for name in AGENTS)


@pytest.mark.parametrize(
    "options", all_variant_options(), ids=lambda o: "+".join(k for k, v in o.items() if v == "on") or "standard"
)
def test_every_level_returns_a_legal_action(options: dict[str, str]) -> None:
    for n, state in enumerate(positions(options, seed=len(str(options)) * 31, count=6)):
        player = state.current_player()
        legal = state.legal_actions()
        for level in AGENTS:
            action = make(level).choose(state.view(player), legal, random.Random(n))  # type: ignore[attr-defined]
            assert action in legal, f"{level} chose {action} at {state.to_json()}"


def test_no_peeking_hidden_cards_do_not_change_the_move() -> None:
    """Two states that differ only in what the player cannot see give the same move from the same seed."""
    checked = 0
    for state in positions({}, seed=11, count=8):
        player = state.current_player()
        other = state.resample_hidden(player, random.Random(99))
        assert other.view(player) == state.view(player)
        if sorted(other.hands[1 - player]) == sorted(state.hands[1 - player]):
            continue  # the redeal happened to give the same hand: nothing to prove here
        checked += 1
        for level in AGENTS:
            a = make(level).choose(state.view(player), state.legal_actions(), random.Random(5))  # type: ignore[attr-defined]
            b = make(level).choose(other.view(player), other.legal_actions(), random.Random(5))  # type: ignore[attr-defined]
            assert a == b, f"{level} moved differently when only hidden cards differed"
    assert checked >= 3


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_same_seed_and_iterations_give_the_same_move(level: str) -> None:
    state = positions({}, seed=23, count=3)[-1]
    view, legal = state.view(state.current_player()), state.legal_actions()
    moves = {AGENTS[level](iterations=150).choose(view, legal, random.Random(42)) for _ in range(3)}
    assert len(moves) == 1


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_stopping_early_keeps_the_move_and_saves_iterations(level: str) -> None:
    """A search that ends once its choice is settled picks what the whole budget picks."""
    saved = 0
    for n, state in enumerate(positions({}, seed=31, count=10)):
        view, legal = state.view(state.current_player()), state.legal_actions()
        whole = SEARCHES[level](iterations=1500, stop_early=False)
        early = SEARCHES[level](iterations=1500)
        assert early.choose(view, legal, random.Random(n)) == whole.choose(view, legal, random.Random(n))
        assert early.last_iterations <= whole.last_iterations
        saved += whole.last_iterations - early.last_iterations
    assert saved > 0


@pytest.mark.parametrize("level", ("ismcts", "pimc"))
def test_pausing_the_collector_changes_nothing_but_speed(level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Same moves at a fixed budget; the collector is off during the search only, and back on after."""
    seen: list[bool] = []
    search = SEARCHES[level]().search

    def watched(self: object, *args: object) -> object:
        seen.append(gc.isenabled())
        return search.__func__(self, *args)  # type: ignore[attr-defined]

    monkeypatch.setattr(type(SEARCHES[level]()), "search", watched)
    for n, state in enumerate(positions({}, seed=37, count=4)):
        view, legal = state.view(state.current_player()), state.legal_actions()
        plain = SEARCHES[level](iterations=400).choose(view, legal, random.Random(n))
        paused = SEARCHES[level](iterations=400, pause_gc=True).choose(view, legal, random.Random(n))
        assert paused == plain
        assert gc.isenabled()
    assert seen.count(True) == seen.count(False) > 0


ITERATION_SECONDS = 2**-10
"""How far the fake clock of the time-budget test moves in one search iteration (a power of two, so that the
clock's sums are exact)."""


@pytest.mark.parametrize("level", ("ismcts", "pimc"))
def test_a_time_budget_is_honoured(level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The search reads the clock every ``check_every`` iterations and stops at the first reading past its
    deadline (or sooner, once its choice is settled). A fake clock that moves a fixed step an iteration makes
    that exact, whatever else the machine is doing; how long an iteration really takes is measured by bench/."""
    now = [1000.0]
    plain_iterate = search._iterate

    def timed_iterate(*args: object, **kwargs: object) -> None:
        plain_iterate(*args, **kwargs)  # type: ignore[arg-type]
        now[0] += ITERATION_SECONDS

    monkeypatch.setattr(search, "time", types.SimpleNamespace(perf_counter=lambda: now[0]))
    monkeypatch.setattr(search, "_iterate", timed_iterate)
    state = positions({}, seed=5, count=2)[-1]
    budget = 0.25
    agent = SEARCHES[level](seconds=budget, stop_early=False)
    action = agent.choose(state.view(state.current_player()), state.legal_actions(), random.Random(1))
    assert action in state.legal_actions()
    assert len(state.legal_actions()) > 1
    within_budget = round(budget / ITERATION_SECONDS)
    assert within_budget <= agent.last_iterations < within_budget + agent.config.check_every
    assert now[0] - 1000.0 < budget + agent.config.check_every * ITERATION_SECONDS

    settling = SEARCHES[level](seconds=budget)
    now[0] = 1000.0
    assert settling.choose(state.view(state.current_player()), state.legal_actions(), random.Random(1)) in (
        state.legal_actions()
    )
    assert 10 < settling.last_iterations < within_budget + settling.config.check_every


def test_samples_agree_with_the_view_and_vary() -> None:
    state = positions({}, seed=3, count=2)[-1]
    player = state.current_player()
    view = state.view(player)
    sampler = DealSampler(view, random.Random(0))
    rng = random.Random(1)
    hands = set()
    for _ in range(20):
        sample = sampler.sample(rng)
        assert sample.view(player) == view
        assert sum(sample.card_count()) == 47
        assert sample.deck == sorted(sample.deck)
        hands.add(tuple(sorted(sample.hands[1 - player])))
    assert len(hands) > 1


def test_a_sample_is_the_states_own_resample_hidden() -> None:
    """The search deals the unseen cards as the protocol's resample_hidden does: the same RNG, the same deal."""
    for state in positions({}, seed=3, count=4):
        player = state.current_player()
        sampler = DealSampler(state.view(player), random.Random(0))
        for seed in range(5):
            sample = sampler.sample(random.Random(seed))
            resampled = sampler.base.resample_hidden(player, random.Random(seed))
            assert sample.to_json() == resampled.to_json()
            assert (sample.hands, sample.deck) == (resampled.hands, resampled.deck)


def test_evaluation_is_exact_at_the_end_and_symmetric() -> None:
    state = positions({}, seed=8, count=4)[-1]
    mirrored = state.clone()
    mirrored.cols = [mirrored.cols[1], mirrored.cols[0]]
    mirrored.hands = [mirrored.hands[1], mirrored.hands[0]]
    assert evaluate(state) == pytest.approx(1 - evaluate(mirrored))
    finished = game.new_initial_state({"first": "1"})
    rng = random.Random(4)
    while not finished.is_terminal():
        legal = finished.legal_actions() if not finished.is_chance_node() else [finished.sample_chance(rng)]
        finished.apply(legal[rng.randrange(len(legal))])
    assert evaluate(finished) == finished.returns()[0]


def test_medium_beats_easy_in_a_seeded_match() -> None:
    specs = ["medium", "easy"]
    lab = LabGame(specs)
    results = [play_game(lab, {}, specs, seed, seed % 2) for seed in range(50)]
    medium = sum(r.returns[0] for r in results)
    assert medium >= 35, f"medium scored {medium} of 50 against easy"


def test_lab_specs_set_budgets_and_refuse_unknown_levels() -> None:
    agents = LabGame(["hard:iterations=25,rollout=2", "easy"]).agents()
    hard = agents["hard:iterations=25,rollout=2"]()
    assert (hard.config.iterations, hard.config.rollout) == (25, 2)
    with pytest.raises(ValueError, match="unknown Muster level 'expert'"):
        LabGame(["expert"]).agents()
    with pytest.raises(ValueError, match="key=value"):
        LabGame(["hard:fast"]).agents()
    with pytest.raises(ValueError, match="hard has no setting 'colour'"):
        LabGame(["hard:colour=3"]).agents()
    with pytest.raises(ValueError, match="medium has no setting 'seconds' \\(it takes no settings\\)"):
        LabGame(["medium:seconds=2"]).agents()
