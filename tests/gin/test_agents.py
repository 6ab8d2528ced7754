"""Gin Rummy's computer levels: legal moves, quick ones, and the plain moves' choices."""

from __future__ import annotations

import random
import time
from dataclasses import replace

from tabletop_gin.actions import Discard, Knock
from tabletop_gin.agents import AGENTS, HardAgent
from tabletop_gin.analyst import GinAnalyst
from tabletop_gin.melds import mask_of, parse
from tabletop_gin.options import Rules
from tabletop_gin.rules import GinState
from tabletop_gin.view import DISCARD
from tests.gin.test_rules import NORTH, SOUTH, dealt, play

MOST_SECONDS = 1.0


def test_hard_plays_whole_hands_legally_within_a_second_a_move() -> None:
    rng = random.Random(7)
    hard, medium = AGENTS["hard"](), AGENTS["medium"]()
    for game in range(3):
        state = GinState.new(Rules(target=0, openspiel=bool(game % 2)))
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            player = state.current_player()
            agent = hard if player == game % 2 else medium
            start = time.perf_counter()
            action = agent.choose(state.view(player), state.legal_actions(), rng)
            assert time.perf_counter() - start < MOST_SECONDS
            state.apply(action)


def test_the_plain_moves_take_a_melding_upcard_knock_at_once_and_spread() -> None:
    medium = AGENTS["medium"]()
    rng = random.Random(1)
    state = play(dealt(NORTH, SOUTH, "AD"), "pass")
    assert str(medium.choose(state.view(1), state.legal_actions(), rng)) == "take"
    play(state, "take")
    assert str(medium.choose(state.view(1), state.legal_actions(), rng)) == "knock"
    play(state, "knock")
    assert str(medium.choose(state.view(1), state.legal_actions(), rng)) == "discard JD"
    play(state, "discard JD")
    assert str(medium.choose(state.view(1), state.legal_actions(), rng)) == "spread"


def test_hard_knocks_when_it_may_and_the_analyst_rates_every_move() -> None:
    state = play(dealt(NORTH, SOUTH, "AD"), "pass", "take")
    assert str(HardAgent(samples=4).choose(state.view(1), state.legal_actions(), random.Random(2))) == "knock"
    analysis = GinAnalyst(rollouts=3).analyse(state.view(1), state.legal_actions(), seconds=30, rng=random.Random(3))
    assert {r.action for r in analysis.rated} == set(state.legal_actions())
    assert analysis.win_of(Knock()) == analysis.rated[0].win == 1.0
    # Several moves win every hand played out; the knock, which scores the most of them, is listed first.
    assert sum(r.win == 1.0 for r in analysis.rated) > 1 and analysis.rated[0].action == Knock()


def test_the_analysts_figures_rest_on_its_fixed_work_whatever_the_time_allowed() -> None:
    # Its work is its rollouts (``iterations``): a busy machine, or a short budget, changes no figure.
    state = play(dealt(NORTH, SOUTH, "AD"), "pass", "take")
    view, legal = state.view(1), state.legal_actions()
    hurried = GinAnalyst(rollouts=12).analyse(view, legal, seconds=0.0, rng=random.Random(3))
    unhurried = GinAnalyst(rollouts=12).analyse(view, legal, seconds=60.0, rng=random.Random(3))
    assert [(str(r.action), r.win, r.samples) for r in hurried.rated] == [
        (str(r.action), r.win, r.samples) for r in unhurried.rated
    ]
    assert {r.samples for r in hurried.rated} == {8, 12}  # every move in 8 worlds, the best in all 12
    assert sum(r.samples == 12 for r in hurried.rated) >= 3 and hurried.samples == 12
    assert [r.samples for r in hurried.rated[:3]] == [12, 12, 12]  # each figure the Coach lists rests on all


def test_every_move_the_coach_lists_rests_on_all_its_worlds() -> None:
    # Over the decisions of seeded hands: a move first ranked on its first worlds alone is played out in all.
    from tabletop_gin.agents import MediumAgent

    listed: list[int | None] = []
    for seed in range(1, 4):
        rng = random.Random(seed)
        state = GinState.new()
        while not state.is_terminal() and state.hand_number == 1 and len(listed) < 9 * seed:
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            view, legal = state.view(state.current_player()), state.legal_actions()
            if len(legal) > 3:
                analysis = GinAnalyst().analyse(view, legal, seconds=0.0, rng=random.Random(seed))
                listed += [r.samples for r in analysis.rated[:3]]
            state.apply(MediumAgent().choose(view, legal, rng))
    assert len(listed) == 27 and set(listed) == {24}, listed


def test_a_review_names_the_analysts_work_in_sampled_deals() -> None:
    # Its iterations are deals played out, not a search's iterations: the review's line says so.
    from tabletop.review import effort_of

    assert effort_of(GinAnalyst(), 1.0) == "24 sampled deals"
    assert effort_of(GinAnalyst().with_iterations(48), 1.0) == "48 sampled deals"


def test_hard_keeps_back_the_throws_that_would_let_the_other_player_knock_at_once() -> None:
    # South to throw; North has taken the 10-J-Q of hearts and the 5-6-7 of clubs, and holds four cards unseen.
    # Over hands sampled as a simple player's, the K♥, the 8♣ and the 4♣ would let more than half of them knock.
    view = play(dealt(NORTH, SOUTH, "KD"), "pass", "pass").view(1)
    hand = "AD 2D 3D 2S 3S 4S 5S KH 8C 7H 4C"
    view = replace(
        view,
        phase=DISCARD,
        to_act=1,
        hands=(None, mask_of(parse(hand))),
        known=(mask_of(parse("TH JH QH 5C 6C 7C")), 0),
        counts=(10, 11),
        pile=tuple(parse("2H")),
        stock=20,
    )
    legal = [Discard(card) for card in parse(hand)]
    feeding = {str(Discard(card)) for card in parse("KH 8C 4C")}
    wary = {str(HardAgent().choose(view, legal, random.Random(seed))) for seed in range(6)}
    unwary = {str(HardAgent(feed=0).choose(view, legal, random.Random(seed))) for seed in range(6)}
    assert wary == {"discard 7H"}
    assert unwary & feeding  # not weighing them, it throws some of them
