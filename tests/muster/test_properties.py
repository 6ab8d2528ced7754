"""Property tests over random games, every variant combination."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_muster import game
from tabletop_muster.actions import ALL_ACTIONS
from tabletop_muster.cards import COPIES, HAND_SIZE, TURN_LIMIT
from tabletop_muster.reasons import reason_illegal
from tabletop_muster.state import ACT, MusterState, determinize

OPTIONS = st.fixed_dictionaries(
    {
        "simplified": st.sampled_from(["off", "on"]),
        "power_of_one": st.sampled_from(["off", "on"]),
        "over_the_rainbow": st.sampled_from(["off", "on"]),
        "first": st.sampled_from(["random", "1", "2"]),
    }
)
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(state: MusterState) -> None:
    assert state.invariant_violations() == []
    counts = state.card_count()
    assert counts == list(COPIES), "all 47 cards are always accounted for"
    assert all(len(h) <= HAND_SIZE for h in state.hands)
    if state.phase == ACT:
        assert [len(h) for h in state.hands] == [HAND_SIZE, HAND_SIZE]
    for p in (0, 1):
        assert not Counter(state.known[p]) - Counter(state.hands[p]), "known cards are in the hand"
    if not state.is_terminal():
        assert state.legal_actions(), "a legal action always exists (ruling 10)"
    assert state.turn <= TURN_LIMIT


def play_random(options: dict[str, str], seed: int, check: bool = True) -> tuple[MusterState, int]:
    rng = random.Random(seed)
    state = game.new_initial_state(options)
    steps = 0
    while not state.is_terminal():
        if check:
            check_invariants(state)
        if state.is_chance_node():
            total = sum(p for _, p in state.chance_outcomes())
            assert abs(total - 1) < 1e-9
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
        steps += 1
        assert steps <= game.info.max_length
    check_invariants(state)
    return state, steps


def test_invariant_violations_reports_a_broken_state() -> None:
    state, _ = play_random({}, 3, check=False)
    assert state.invariant_violations() == []
    copied = state.clone()
    copied.hands[0].append(copied.hands[1][0])  # a card in two places
    assert any("accounted for" in p for p in copied.invariant_violations())
    moved = state.clone()
    while len(moved.hands[0]) < 6:
        moved.hands[0].append(moved.hands[1].pop())  # every card still once, but six in one hand
    assert "player 1 holds 6 cards" in moved.invariant_violations()


@FAST
@given(options=OPTIONS, seed=st.integers(0, 2**31 - 1))
def test_random_games_keep_every_invariant_and_end(options: dict[str, str], seed: int) -> None:
    state, _ = play_random(options, seed)
    assert state.is_terminal() and state.legal_actions() == []
    assert sorted(state.returns()) in ([0.0, 1.0], [0.5, 0.5])
    assert not state.deck or state.turn >= TURN_LIMIT, "the game ends when the deck runs out"


@FAST
@given(options=OPTIONS, seed=st.integers(0, 2**31 - 1), stop=st.integers(0, 250))
def test_hidden_cards_resample_without_changing_the_view(options: dict[str, str], seed: int, stop: int) -> None:
    rng = random.Random(seed)
    state = game.new_initial_state(options)
    for _ in range(stop):
        if state.is_terminal():
            break
        state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    for p in (0, 1):
        view = state.view(p)
        other = state.resample_hidden(p, random.Random(seed + 1))
        assert other.view(p) == view
        check_invariants(other)
        assert sorted(other.hands[p]) == sorted(state.hands[p])
        built = determinize(view, random.Random(seed + 2))
        assert built.view(p) == view
        check_invariants(built)
        if not state.is_terminal() and state.current_player() == p:
            assert [str(a) for a in view.legal_actions()] == [str(a) for a in state.legal_actions()]


@FAST
@given(options=OPTIONS, seed=st.integers(0, 2**31 - 1), stop=st.integers(10, 200))
def test_the_move_generator_and_the_reasons_agree(options: dict[str, str], seed: int, stop: int) -> None:
    rng = random.Random(seed)
    state = game.new_initial_state(options)
    for _ in range(stop):
        if state.is_terminal():
            break
        state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    legal = set(state.legal_ids())
    for action in ALL_ACTIONS:
        assert (reason_illegal(state, action) is None) == (action.id in legal), str(action)


@FAST
@given(seed=st.integers(0, 2**31 - 1), stop=st.integers(11, 120))
def test_clones_are_independent_and_replay_identically(seed: int, stop: int) -> None:
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(stop):
        if state.is_terminal():
            return
        state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    before = state.to_json()
    copy = state.clone()
    tail = random.Random(seed + 7)
    while not copy.is_terminal():
        copy.apply(copy.sample_chance(tail) if copy.is_chance_node() else tail.choice(copy.legal_actions()))
    assert state.to_json() == before
    again = game.state_from_json(before)
    tail = random.Random(seed + 7)
    while not again.is_terminal():
        again.apply(again.sample_chance(tail) if again.is_chance_node() else tail.choice(again.legal_actions()))
    assert again.to_json() == copy.to_json()  # the deck's order is not state: draws depend on contents only


def test_playout_helper_plays_the_same_games_as_the_api() -> None:
    from tabletop_muster.playout import random_playout

    for seed in range(5):
        by_api, _ = play_random({}, seed, check=False)
        fast = game.new_initial_state({})
        random_playout(fast, random.Random(seed))
        assert fast.to_json() == by_api.to_json()
