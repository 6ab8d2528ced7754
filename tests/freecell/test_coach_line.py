"""The Coach keeps to the line it found: a player who takes its move is given that line's next move, never
a first move of another line that takes the last one back (which led round in a circle, deal 617)."""

from __future__ import annotations

import itertools
import random
import re

from tabletop.loop import Match
from tabletop_freecell import game
from tabletop_freecell.analyst import SolverAnalyst
from tabletop_freecell.rules import Action
from tests.freecell.test_keys import seen

DEAL = "617"
BEFORE = [
    "4a",
    "46",
    "4b",
    "4c",
    "2d",
    "21",
    "41",
    "72",
    "83",
    "ch",
    "8c",
    "83",
    "82",
    "12",
    "47",
    "84",
    "18",
    "28",
    "21",
    "b1",
    "24",
    "14",
]
"""Moves after which the solver's line from the next position began by undoing the Coach's move (4b, then b4)."""
FOLLOWED = 8
LINE = re.compile(r"the solver's line has (\d+) moves")


def test_following_the_coach_goes_along_one_line() -> None:
    match: Match[Action] = Match(game, options={"deal": DEAL}, seed=1, agents=[None])
    match.advance()
    for move in BEFORE:
        match.apply(next(a for a in match.state.legal_actions() if str(a) == move))
        match.advance()
    coach = SolverAnalyst()
    lengths, taken = [], []
    for _ in range(FOLLOWED):
        analysis = coach.analyse(seen(match), match.state.legal_actions(), seconds=0.2, rng=random.Random(0))
        found = LINE.search(analysis.notes[0])
        assert found, analysis.notes
        lengths.append(int(found.group(1)))
        best = analysis.rated[0].action
        taken.append(str(best))
        match.apply(best)
        match.advance()
    assert lengths == list(range(lengths[0], lengths[0] - FOLLOWED, -1)), (lengths, taken)
    for before, after in itertools.pairwise(taken):
        assert after != before[::-1], f"{after} takes {before} back: {taken}"
