"""Muster's Hint says the reply its search expects to the first action, without the opponent's cards."""

from __future__ import annotations

import random

from tabletop_muster import actions as A
from tabletop_muster.ai.replies import expected_reply
from tabletop_muster.ai.sampling import DealSampler
from tabletop_muster.ai.search import KEY_COARSE, Node
from tabletop_muster.position import build_state


def act(text: str) -> A.MusterAction:
    action = A.parse_text(text)
    assert action is not None, text
    return action


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
