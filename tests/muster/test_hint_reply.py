"""Muster's Coach says the reply its search expects to the first action, without the opponent's cards, and
does not advise a lone Wizard the opponent can swap away at once (handing them a Rainbow card for a weak
Banner)."""

from __future__ import annotations

import random

import pytest

from tabletop_muster import actions as A
from tabletop_muster.ai.analyst import MusterAnalyst
from tabletop_muster.ai.replies import expected_reply
from tabletop_muster.ai.sampling import DealSampler
from tabletop_muster.ai.search import KEY_COARSE, Node
from tabletop_muster.position import build_state


def act(text: str) -> A.MusterAction:
    action = A.parse_text(text)
    assert action is not None, text
    return action


SWAPPABLE = {
    # North could put its Rainbow Wizard alone under Flame; South is known to hold Flame 2, which swaps it.
    "known Flame 2": dict(
        north="R W4 L2 C3 P1",
        south="W2 L2 C2 F2 P2",
        north_columns={"water": "W1 W2", "leaf": "L1"},
        south_columns={"cloud": "C1 C2", "flame": "F1"},
        known=("", "W2 L2 C2 F2"),
    ),
    "known Flame 2 and Feather 2": dict(
        north="R W3 L2 C3 P1",
        south="W2 L3 C2 F2 P2",
        north_columns={"water": "W1 W2", "leaf": "L1"},
        south_columns={"cloud": "C1 C2", "flame": "F1"},
        known=("", "F2 P2"),
    ),
}


def lone_and_swappable(state: object, action: A.MusterAction) -> bool:
    """Whether ``action`` puts a Wizard alone on an empty column whose faction's Banner South is known to hold."""
    view = state.view(0)  # type: ignore[attr-defined]
    if action.op != A.WIZARD_PLAY or state.cols[0][action.col]:  # type: ignore[attr-defined]
        return False
    return any(k < 25 and k // 5 == action.col for k in view.opponent_known)


@pytest.mark.parametrize("name", sorted(SWAPPABLE))
def test_a_lone_wizard_the_opponent_can_swap_is_not_the_top_hint(name: str) -> None:
    state = build_state(**SWAPPABLE[name])  # type: ignore[arg-type]
    legal = state.legal_actions()
    assert any(lone_and_swappable(state, a) for a in legal)  # the tempting move is there
    for seed in range(3):
        analysis = MusterAnalyst().analyse(state.view(0), legal, seconds=1, rng=random.Random(seed))
        top = analysis.rated[0].action
        assert not lone_and_swappable(state, top), (seed, [(str(r.action), round(r.win, 3)) for r in analysis.rated])


def test_the_likely_reply_is_the_opponents_most_visited_answer_told_without_its_card() -> None:
    state = build_state(north="R W1 L1 C1 F1", south="W2 L2 C2 F2 P2", known=("", "W2 L2 C2 F2 P2"))
    wizard, draw = act("R>P"), act("d")
    swap, play = act("sP2>1P"), act("W2>W")
    root = Node()
    after = root.children[wizard.id] = Node()
    refill = after.children[draw.id] = Node()  # North draws back to five, then South answers
    for action, visits in ((swap, 30), (play, 12)):
        child = refill.children[KEY_COARSE[action.id]] = Node()
        child.n = visits
    deal = DealSampler(state.view(0), random.Random(1)).sample(random.Random(2))
    reply = expected_reply(root, deal, 0, wizard, KEY_COARSE)
    assert reply == "South swaps a Feather Banner for the Rainbow card under your Feather column"
    refill.children[KEY_COARSE[play.id]].n = 31
    deal = DealSampler(state.view(0), random.Random(1)).sample(random.Random(2))
    assert expected_reply(root, deal, 0, wizard, KEY_COARSE) == "South plays a Banner under Water"
    assert expected_reply(root, deal, 0, act("R>W"), KEY_COARSE) is None  # not searched
