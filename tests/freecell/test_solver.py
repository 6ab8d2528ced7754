"""The solver, the coach built on it and ``tabletop freecell solve``."""

from __future__ import annotations

import random

import pytest

from tabletop.game import FullView
from tabletop.loop import Match
from tabletop.playing_cards import Card, Suit, parse_cards
from tabletop_freecell import analyst as analyst_module
from tabletop_freecell import game
from tabletop_freecell.analyst import SolverAnalyst
from tabletop_freecell.coach import line_of, winning_line
from tabletop_freecell.command import solve_command
from tabletop_freecell.rules import CELL_KEYS, FreeCellState, Move
from tabletop_freecell.solver import NODE_LIMIT, Result, from_state, solve, solve_state


@pytest.mark.parametrize("auto", ["safe", "off"])
@pytest.mark.parametrize("deal", [1, 617])
def test_a_solution_replays_to_a_win_in_the_game(deal: int, auto: str) -> None:
    state = game.new_initial_state({"deal": str(deal), "auto": auto})
    line = winning_line(state)
    assert line
    match = Match.replay(game, line, options={"deal": str(deal), "auto": auto}, seed=0)
    assert match.state.is_terminal() and match.state.returns() == [1.0]


def endgame(cascades: list[str], cells: list[str | None], home: dict[Suit, int]) -> FreeCellState:
    state = FreeCellState(deal=0, cells=len(cells), auto=True)
    state.deal = 1
    state.cascades = [parse_cards(c) for c in cascades] + [[] for _ in range(8 - len(cascades))]
    state.cells = [None if c is None else Card.parse(c) for c in cells]
    state.home = home
    return state


def test_a_lost_position_is_proven_lost_with_the_size_of_the_search() -> None:
    # No free cell, and each cascade holds an ace under a card that can go nowhere: no move at all.
    home = {s: 0 for s in Suit}
    cascades = ["AS 2H", "AH 2S", "AC 2D", "AD 2C"]
    rest = [Card(r, s) for r in range(3, 14) for s in Suit]
    state = endgame(cascades + [" ".join(str(c) for c in rest[i::4]) for i in range(4)], [], home)
    result = solve_state(state)
    assert result.lost and result.expanded >= 1


def test_the_solver_finds_what_a_short_endgame_needs() -> None:
    home = {Suit.CLUBS: 13, Suit.DIAMONDS: 13, Suit.HEARTS: 11, Suit.SPADES: 12}
    # QH lies under KS: KS must go to a free cell first (it is not next: QS... is home? KS is next: 12 home).
    state = endgame(["KH QH", "KS"], [None], home)
    result = solve(from_state(state))
    assert result.solved
    assert line_of(state, result.moves)


def test_hint_says_a_win_is_possible_and_names_the_next_move() -> None:
    state = game.new_initial_state({"deal": "1"})
    analysis = SolverAnalyst().analyse(state.view(0), state.legal_actions(), seconds=0.2, rng=random.Random(0))
    assert analysis.exact and analysis.rated[0].win == 1.0
    assert "A win is still possible" in analysis.notes[0]
    assert str(analysis.best) == winning_line(state)[0]  # type: ignore[index]


def test_moves_to_the_same_position_are_solved_once_and_share_their_rating(monkeypatch: pytest.MonkeyPatch) -> None:
    state = game.new_initial_state({"deal": "1"})
    legal = state.legal_actions()
    # With no time for quick solves, only the moves that lead where the best move leads are rated. A card
    # goes to whichever empty free cell, the position is the same: the move to the first empty cell stands
    # for the others (the board lists it alone), which are not rated again.
    quick = SolverAnalyst().analyse(state.view(0), legal, seconds=0.0, rng=random.Random(0))
    best = quick.best
    assert isinstance(best, Move) and best.target == CELL_KEYS[0]
    same = {str(r.action) for r in quick.rated}
    assert same == {f"{best.source}{CELL_KEYS[0]}"}
    assert all(r.win == 1.0 for r in quick.rated)

    solved: list[FreeCellState] = []

    def counted(position: FreeCellState, **limits: int) -> Result:
        solved.append(position)
        return solve_state(position, **limits)

    monkeypatch.setattr(analyst_module, "solve_state", counted)
    full = SolverAnalyst().analyse(state.view(0), legal, seconds=60.0, rng=random.Random(0))
    by_source: dict[str, set[float]] = {}
    for rated in full.rated:
        assert isinstance(rated.action, Move)
        by_source.setdefault(rated.action.source, set()).add(rated.win)
    assert all(len(wins) == 1 for wins in by_source.values())
    # One solve for the position itself, one for each source cascade but the best move's.
    cascades = {a.source for a in legal if isinstance(a, Move)}
    assert len(solved) == 1 + len(cascades) - 1
    assert len({from_state(p).packed() for p in solved[1:]}) == len(solved) - 1


def test_hint_in_a_lost_game_names_the_last_winnable_move() -> None:
    # Deal 1 with no free cells: put 6S... find a lost position by moving cards into the cells until stuck.
    state = game.new_initial_state({"deal": "1", "cells": "1"})
    played = []
    for _ in range(30):
        moves = [a for a in state.legal_actions() if isinstance(a, Move)]
        if not moves or state.is_terminal():
            break
        state.apply(moves[0])
        played.append(str(moves[0]))
        if solve_state(state).lost:
            break
    assert solve_state(state).lost, "this walk was expected to lose deal 1 with one free cell"
    if state.is_terminal():
        return
    analysis = SolverAnalyst().analyse(state.view(0), state.legal_actions(), seconds=0.2, rng=random.Random(0))
    assert analysis.rated[0].win == 0.0
    assert "No way of playing wins" in analysis.notes[0]


def test_told_the_players_moves_the_lost_note_names_the_move_that_lost() -> None:
    # The match's history is the one list of moves: the state counts them, the Coach is told them.
    match = Match(game, options={"deal": "7", "cells": "2"}, seed=0, agents=[None])
    for text in ("1a", "1b"):
        match.apply(game.parse_action(match.state, text))
    state = match.state
    assert isinstance(state, FreeCellState) and state.moves_made == 2 and str(state.last_move) == "1b"
    moves = [event.notation for event in match.events if event.actor == 0]
    analyst = SolverAnalyst()
    told = analyst.with_moves(moves)
    analysis = told.analyse(state.view(0), state.legal_actions(), seconds=0.2, rng=random.Random(0))
    assert analysis.notes[0] == (
        "No way of playing wins from here (the solver searched all 710 positions). A win was last possible "
        "after your move 1 (1a): move 2 was 1b, where 47 would have kept it."
    )
    untold = analyst.analyse(state.view(0), state.legal_actions(), seconds=0.2, rng=random.Random(0))
    assert untold.notes[0] == "No way of playing wins from here (the solver searched all 710 positions)."


def test_the_hint_at_the_table_tells_the_coach_the_moves_from_the_matchs_history() -> None:
    import io

    from rich.console import Console

    from tabletop.interface import Prompter
    from tabletop.ui.coach import give_hint
    from tabletop.ui.play import Table

    class GoesOn(Prompter):
        def pause(self, message: str = "") -> None:
            pass

    match = Match(game, options={"deal": "7", "cells": "2"}, seed=0, agents=[None])
    for text in ("1a", "1b"):
        match.apply(game.parse_action(match.state, text))
    out = io.StringIO()
    give_hint(Table(match, game.ui(), Console(file=out, width=200), GoesOn(), ["You"]), 0)
    assert "A win was last possible after your move 1 (1a): move 2 was 1b, where 47 would have kept it." in (
        out.getvalue()
    )


def test_the_solve_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert solve_command(["617"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Deal 617 (4 free cells): solved in ")
    moves = " ".join(out.splitlines()[1:]).split()
    match = Match.replay(game, moves, options={"deal": "617"}, seed=0)
    assert match.state.returns() == [1.0]
    assert solve_command(["0"]) == 2
    assert solve_command(["x"]) == 2
    assert solve_command(["5", "--limit", "1"]) == 1
    assert "no solution found within" in capsys.readouterr().out


def test_view_is_all_the_coach_reads() -> None:
    state = game.new_initial_state({"deal": "5"})
    view = state.view(0)
    assert isinstance(view, FullView)
    analysis = SolverAnalyst().analyse(view, state.legal_actions(), seconds=0.1, rng=random.Random(1))
    assert analysis.rated[0].win == 1.0


def test_deal_11982_has_no_solution() -> None:
    # The one deal of the classic 32,000 that cannot be won with four free cells; the proof searches every
    # position reachable (61,643 of them, after the other searches of the portfolio: some seconds).
    result = solve_state(game.new_initial_state({"deal": "11982"}))
    assert result.lost and result.expanded <= NODE_LIMIT


@pytest.mark.parametrize("deal", [70, 129, 175, 178, 410, 470, 857])
def test_the_deals_a_single_search_could_not_settle_are_solved_within_the_default_limit(deal: int) -> None:
    # A single best-first search left these seven of deals 1-1,000 unsettled after 200,000 positions; the
    # portfolio of searches with restarts wins each within the default node limit, and the line replays.
    state = game.new_initial_state({"deal": str(deal)})
    result = solve_state(state)
    assert result.solved and result.expanded <= NODE_LIMIT
    line = line_of(state, result.moves)
    match = Match.replay(game, line, options={"deal": str(deal)}, seed=0)
    assert match.state.is_terminal() and match.state.returns() == [1.0]


@pytest.mark.parametrize("auto", ["safe", "off"])
def test_solutions_of_many_deals_replay_to_a_win_under_the_rules(auto: str) -> None:
    for deal in range(1, 26):
        state = game.new_initial_state({"deal": str(deal), "auto": auto})
        line = winning_line(state)
        assert line, f"deal {deal} was not solved"
        replayed = game.new_initial_state({"deal": str(deal), "auto": auto})
        for text in line:
            replayed.apply(Move.parse(text))
        assert replayed.won(), f"deal {deal}'s line does not win"
