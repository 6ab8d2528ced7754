"""One analysis a decision: the Coach's analysis given during play is kept with the game, and every review
grades that decision by it, so reviews repeat to the byte and the Coach's first move is never a loss.

For every game with an analyst, a short seeded game is played in-process (seat 0's decisions made by a
random player, the Coach asked at two of them through the table's own path into the store), then it is
reviewed by an analyst that answers otherwise: one that rates the Coach's first move the worst of all.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from tabletop.analysis import Analysis, Analyst, Rated, analysis_of_json
from tabletop.game import Game
from tabletop.loop import Match
from tabletop.registry import Registry
from tabletop.review import Graded, Review, review_game
from tabletop.store import Store, start_recording
from tabletop.store.recorder import Recorder
from tabletop.ui.base import Prompter
from tabletop.ui.coach import _analyse
from tabletop.ui.play import Table

GAMES = {
    "muster": {},
    "muses": {},
    "fivedice": {},
    "freecell": {},
    "bakers": {},
    "eightoff": {},
    "seahaven": {},
    "klondike": {"draw": "1"},
    "gin": {},
}
"""Every registry game with an analyst, with cheap options."""
COACHED = 2
"""At how many of seat 0's decisions the Coach is asked."""
DECISIONS = 4
"""How many of seat 0's decisions (with a choice) the short game runs to."""
ITERATIONS = 40
"""The work of one Coach analysis, for an analyst that searches by iterations (kept small: the test is fast)."""


class _Silent(Prompter):
    """A prompter never asked anything but to go on."""

    def choose(self, prompt: str, options: Sequence[Any], *, default: int | None = None) -> Any:
        raise AssertionError("nothing is chosen at this table")

    def pause(self, message: str = "") -> None:
        """Go on at once."""


@dataclass
class _CoachTable(Table):
    """The table, its analyst the game's own made cheap."""

    cheap: Analyst[Any, Any] | None = None

    def analyst(self) -> Analyst[Any, Any] | None:
        """The game's analyst, doing little work."""
        return self.cheap


class _Contrary(Analyst[Any, Any]):
    """An analyst that answers otherwise than the Coach did: the moves the Coach put first (``shunned``, by
    their notation) rated worst of all, the others by their notation, with figures of its own and no exactness."""

    def __init__(self, points: bool, shunned: Collection[str]) -> None:
        self.points = points
        self.shunned = set(shunned)
        self.calls = 0

    def analyse(
        self,
        view: Any,
        legal: Sequence[Any],
        *,
        seconds: float,
        rng: random.Random,
        progress: Callable[[float], None] | None = None,
    ) -> Analysis[Any]:
        self.calls += 1
        ordered = sorted(legal, key=lambda a: (str(a) not in self.shunned, str(a)))
        scale = 100.0 if self.points else 1.0
        rated = [Rated(a, scale * (i + 1) / (len(ordered) + 1)) for i, a in enumerate(ordered)]
        return Analysis(rated, exact=False, samples=rng.randrange(1, 1000))


def _cheap(game: Game[Any], options: dict[str, str]) -> Analyst[Any, Any]:
    analyst = game.analyst(options)
    assert analyst is not None
    return analyst.with_iterations(ITERATIONS) if analyst.iterations is not None else analyst


def _play(game: Game[Any], options: dict[str, str], seed: int, data: Path) -> tuple[int, dict[int, Any]]:
    """A short game, seat 0 a random player asking the Coach at its first decisions with a choice: the first
    time it plays the Coach's first move, the next time another rated one. Returns the game's id and each
    coached ply with the action played there."""
    players = len(game.new_initial_state(options).returns())
    others = [next(iter(game.agents().values()))() for _ in range(players - 1)]
    match = Match(game, options=options, seed=seed, agents=[None, *others])
    choose = random.Random(seed)
    coached: dict[int, Any] = {}
    with Store.open(data) as store:
        recorder = start_recording(store, match, ["human", *["random"] * (players - 1)], ["You"] * players)
        table = _table(match, recorder, _cheap(game, options))
        made = 0
        while made < DECISIONS:
            match.advance()
            if match.is_over():
                break
            legal = match.state.legal_actions()
            if len(legal) == 1:
                match.apply(legal[0])
                continue
            made += 1
            if len(coached) < COACHED:
                analysis = _analyse(table, 0)
                assert isinstance(analysis, Analysis), analysis
                rated = [r.action for r in analysis.rated]
                action = rated[0] if not coached or len(rated) == 1 else rated[1 + choose.randrange(len(rated) - 1)]
                coached[len(match.history)] = action
            else:
                action = choose.choice(legal)
            match.apply(action)
        assert len(coached) == COACHED, "the game ended before the Coach was asked twice"
        return recorder.row_id, coached


def _table(match: Match[Any], recorder: Recorder, analyst: Analyst[Any, Any]) -> Table:
    console = Console(file=io.StringIO(), width=80, color_system=None)
    table = _CoachTable(match, match.game.ui(), console, _Silent(), ["You"], cheap=analyst)
    table.on_hint, table.on_analysis = recorder.note_hint, recorder.keep_analysis
    return table


def _figures(review: Review) -> list[tuple[Any, ...]]:
    return [
        (d.ply, str(d.played), d.played_win, str(d.best), d.best_win, d.exact, d.samples, d.reply, d.grade)
        for d in review.decisions
    ]


def _review(game: Game[Any], data: Path, row: int, analyst: Analyst[Any, Any], *, kept: bool = True) -> Review:
    with Store.open(data, write=False) as store:
        record = store.get(row)
        analyses = store.analyses(row) if kept else None
    return review_game(
        game, record.history, options=record.options, seed=record.seed + 1, seat=0, analyst=analyst, kept=analyses
    )


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_review_grades_each_coached_decision_by_the_analysis_kept_in_play(game_id: str, tmp_path: Path) -> None:
    game = Registry.discover().get(game_id)
    options = game.check_options(GAMES[game_id])
    assert game.analyst(options) is not None
    data = tmp_path / "data"
    row, coached = _play(game, options, 7, data)
    with Store.open(data, write=False) as store:
        kept = store.analyses(row)
        history = store.get(row).history
    assert sorted(kept) == sorted(coached)

    firsts = {str(_kept(game, options, history, ply, text).best) for ply, text in kept.items()}
    contrary = _Contrary(_cheap(game, options).points, firsts)
    review = _review(game, data, row, contrary)
    graded: dict[int, Graded] = {d.ply: d for d in review.decisions}
    scale = 100.0 if contrary.points else 1.0
    for ply, played in coached.items():
        analysis = _kept(game, options, history, ply, kept[ply])
        decision = graded[ply]
        assert str(decision.played) == str(played)
        assert (str(decision.best), decision.best_win) == (str(analysis.rated[0].action), analysis.rated[0].win / scale)
        assert decision.played_win == analysis.win_of(decision.played) / scale  # type: ignore[operator]
        assert (decision.exact, decision.samples, decision.reply) == (
            analysis.exact,
            analysis.samples,
            analysis.rated[0].reply,
        )
    first = min(coached)
    assert graded[first].grade == "best" and graded[first].cost == 0  # the Coach's first move, played
    assert contrary.calls == len(review.decisions) - COACHED  # the coached decisions are not analysed again

    again = _review(game, data, row, _Contrary(contrary.points, firsts))
    assert _figures(again) == _figures(review)
    fresh = _review(game, data, row, _Contrary(contrary.points, firsts), kept=False)
    assert {d.ply: d.grade for d in fresh.decisions}[first] != "best"  # analysed again, it is graded otherwise


def _kept(game: Game[Any], options: dict[str, str], history: Sequence[str], ply: int, text: str) -> Analysis[Any]:
    state = game.new_initial_state(options)
    for notation in history[:ply]:
        state.apply(game.parse_action(state, notation))
    return analysis_of_json(text, lambda notation: game.parse_action(state, notation))
